"""The translated annotation corpus (``carc_teach/annotations/data/<lang>/``, docs/i18n.md).

For each language folder present: every record and rule text of the English corpus has a
translation made from its current English (matching fingerprint), no id is extra, titles and
texts are not empty, keep the English paragraph count and carry every number of the English
(footnote numbers, points, dates: a cheap check that nothing was dropped); and no run of 12
words repeats a seed (the Italian and Czech seeds print these very footnotes).
"""

from __future__ import annotations

import importlib.util
import re
from collections import Counter
from pathlib import Path

import pytest

from carc_teach import annotations
from carc_teach.annotations import AnnotationDataError, fingerprint, translated
from carc_teach.i18n import use_language

DATA = Path(annotations.__file__).parent / "data"
LANGS = sorted(p.name for p in DATA.iterdir() if p.is_dir() and any(p.glob("*.toml")))
ENGLISH_FILES = ("count_king_robber.toml", "abbey_mayor.toml", "rule_texts.toml")
# the shared checker beside the repository (../shared, or further up for a worktree)
TOOL = next(
    (
        up / "shared" / "tools" / "seed_overlap.py"
        for up in Path(__file__).resolve().parents[3:]
        if (up / "shared" / "tools" / "seed_overlap.py").is_file()
    ),
    Path("absent"),
)
_NUMBER = re.compile(r"[0-9]+")


def _items():
    return [*annotations.all_annotations(), *annotations.rule_texts()]


def test_fingerprint_by_hand():
    # sha256 of "A b\nc d" (computed once with hashlib apart); whitespace runs do not count
    assert fingerprint("A  b", "c\n\n d ") == fingerprint("A b", "c d")
    assert fingerprint("A b", "c d") == "7ed1e880035e"
    assert fingerprint("A b", "c e") != fingerprint("A b", "c d")


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_english_file_names(lang):
    assert set(annotations.translation_files(lang)) <= set(ENGLISH_FILES)
    # and no extra id: the loader rejects an id with no English (or in another file)
    assert annotations._translations(lang)


@pytest.mark.parametrize("name", ENGLISH_FILES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_record_translated_from_the_current_english(lang, name):
    english = [i for i, where in annotations._english_files().items() if where == name]
    if name not in annotations.translation_files(lang):
        # a language is translated file by file; the skip says plainly what is missing
        pytest.skip(f"{lang}/{name} not written yet: its {len(english)} ids show in English")
    stale = [i for i in annotations.untranslated(lang) if i in english]
    assert not stale, f"{lang}/{name}: shown in English (none, or the English changed): {stale}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_numbers_and_paragraphs(lang):
    problems = []
    for item in _items():
        other = translated(item, lang)
        if other is item:
            continue  # reported by the test above
        assert other.title.strip() and other.text.strip()
        english = Counter(_NUMBER.findall(item.title + " " + item.text))
        theirs = Counter(_NUMBER.findall(other.title + " " + other.text))
        missing = english - theirs
        if missing:
            problems.append(f"{item.id}: numbers {sorted(missing)} missing")
        if item.text.count("\n\n") != other.text.count("\n\n"):
            problems.append(f"{item.id}: paragraph count differs")
        if other.title == item.title or other.text == item.text:
            problems.append(f"{item.id}: title or text left in English")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_lines_wrapped_near_100_columns(lang):
    for path in (DATA / lang).glob("*.toml"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert len(line) <= 110, f"{lang}/{path.name}:{n} is {len(line)} columns"


@pytest.mark.skipif(not TOOL.is_file(), reason="the shared overlap checker is absent")
def test_translations_do_not_repeat_the_seeds():
    spec = importlib.util.spec_from_file_location("carc_seed_overlap", TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    grams = tool.seed_grams(12)
    found = []
    for path in sorted(DATA.glob("*/*.toml")):
        words = tool.words(path.read_text(encoding="utf-8"))
        found += [
            f"{path.parent.name}/{path.name}: {' '.join(words[i : i + 12])}"
            for i in range(len(words) - 11)
            if tuple(words[i : i + 12]) in grams
        ]
    assert not found, "\n".join(found)


# ------------------------------------------------------------- the reader, on planted files


def _write(folder, name, body):
    (folder / name).write_text(body, encoding="utf-8")


def test_current_language_and_fallback(planted_translations):
    record = annotations.get("ckr-7")
    rule = annotations.rule_text("count/redeploying")
    _write(
        planted_translations,
        "count_king_robber.toml",
        f'[[annotation]]\nid = "ckr-7"\nsource = "{fingerprint(record.title, record.text)}"\n'
        'title = "Titolo"\ntext = """\nUno\ndue.\n\nTre.\n"""\n'
        '[[annotation]]\nid = "ckr-8"\nsource = "000000000000"\ntitle = "Vecchio"\n'
        'text = "Vecchio testo"\n',
    )
    _write(
        planted_translations,
        "rule_texts.toml",
        f'[[rule]]\nid = "count/redeploying"\nsource = "{fingerprint(rule.title, rule.text)}"\n'
        'section = "Sezione"\ntitle = "Regola"\ntext = "Testo"\n',
    )
    assert record.title_in("it") == "Titolo" and record.text_in("it") == "Uno due.\n\nTre."
    assert record.title_in("en") == record.title
    assert translated("ckr-7", "it").title == "Titolo"  # an id, or a rule text's id
    assert translated("count/redeploying", "it").section == "Sezione"
    with use_language("it"):
        assert record.title_in() == "Titolo"
        assert rule.section_in() == "Sezione" and rule.text_in() == "Testo"
    # an old fingerprint: English, and named as untranslated
    assert annotations.get("ckr-8").title_in("it") == annotations.get("ckr-8").title
    stale = annotations.untranslated("it")
    assert "ckr-8" in stale and "ckr-7" not in stale and "count/redeploying" not in stale


@pytest.mark.parametrize(
    ("name", "body", "message"),
    [
        (
            "count_king_robber.toml",
            '[[annotation]]\nid = "ckr-999"\nsource = "x"\ntitle = "a"\ntext = "b"\n',
            r"it/count_king_robber.toml \[ckr-999\]: no English annotation has this id",
        ),
        (
            "abbey_mayor.toml",
            '[[annotation]]\nid = "ckr-7"\nsource = "x"\ntitle = "a"\ntext = "b"\n',
            r"it/abbey_mayor.toml \[ckr-7\]: its English is in count_king_robber.toml",
        ),
        (
            "count_king_robber.toml",
            '[[annotation]]\nid = "ckr-7"\nsource = "x"\ntitle = ""\ntext = "b"\n',
            r"\[ckr-7\]: 'title' is empty",
        ),
        (
            "rule_texts.toml",
            '[[rule]]\nid = "count/redeploying"\nsource = "x"\ntitle = "a"\ntext = "b"\n',
            r"it/rule_texts.toml \[count/redeploying\]: keys must be exactly",
        ),
        ("rule_texts.toml", "[[rule]\n", r"it/rule_texts.toml: "),
    ],
)
def test_bad_files_name_file_and_record(planted_translations, name, body, message):
    _write(planted_translations, name, body)
    with pytest.raises(AnnotationDataError, match=message):
        annotations.get("ckr-7").title_in("it")


# ------------------------------------------------------------------ carc-teach --lang it notes


@pytest.mark.skipif("it" not in LANGS, reason="no Italian translation folder")
def test_notes_command_prints_the_italian(capsys):
    from carc_teach.cli import main

    record = annotations.get("ckr-55")
    assert main(["--lang", "it", "notes", "ckr-55"]) == 0
    out = capsys.readouterr().out
    assert f"ckr-55  {record.title_in('it')}" in out
    assert "Chiarimento ufficiale" in out and "pagina 000, nota 55" in out
    assert record.title not in out and "(9 ciascuno)" in out
    # the English run is unchanged by the translations
    assert main(["notes", "ckr-55"]) == 0
    english = capsys.readouterr().out
    assert f"ckr-55  {record.title}" in english and "Official clarification" in english
    assert "seed 000, footnote 55" in english

"""A broken file of the annotation corpus (or of its translations) and an unknown drill of the
Practice page say what is wrong in the language asked (docs/i18n.md, "Errors"): each message is
a phrase, so ``error_text(error, lang)`` says it in Italian or Czech, while ``str(error)`` stays
the English it always was, byte for byte (pinned below, one planted bad file per message).
"""

from __future__ import annotations

import re

import pytest
from said_in_languages import LANGS, assert_said_in_every_language

from carc_teach import annotations, practice
from carc_teach.annotations import KINDS, AnnotationDataError
from carc_teach.errors import CarcTeachError, Phrase
from carc_teach.i18n.errors import error_text

#: what a translation keeps of the English: quoted values, lists, file names, numbers
_KEPT = re.compile(r"'[^']*'|\[[^\]]*\]|\b\w+\.toml\b|\d+")
_CACHES = ("_raw", "_corpus", "_rule_texts", "_english_files", "_translations")


def _said_in_every_language(error: BaseException, english: str) -> None:
    assert_said_in_every_language(error, english, _KEPT)


def _toml(table: str, fields: dict) -> str:
    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return repr(str(v)).replace("'", '"') if "'" not in str(v) else f'"{v}"'

    return f"[[{table}]]\n" + "".join(f"{k} = {value(v)}\n" for k, v in fields.items())


RECORD = {
    "id": "car-999",
    "refs": ["car-999"],
    "kind": "interpretation",
    "title": "A planted record",
    "topics": ["mayor.deploy"],
    "text": "Planted.",
}
RULE = {"id": "zz/r", "expansion": "count", "section": "S", "title": "T", "text": "x"}


def _record(**changes) -> str:
    fields = {**RECORD, **changes}
    return _toml("annotation", {k: v for k, v in fields.items() if v is not None})


def _rule(**changes) -> str:
    return _toml("rule", {**RULE, **changes})


@pytest.fixture
def extra_file(monkeypatch):
    """Read the corpus with one more data file, ``zz.toml``, holding the given text."""
    real = annotations._data_files()

    def plant(text: str) -> None:
        monkeypatch.setattr(annotations, "_data_files", lambda: [*real, ("zz.toml", text)])
        for name in _CACHES:
            getattr(annotations, name).cache_clear()

    yield plant
    monkeypatch.undo()
    for name in _CACHES:
        getattr(annotations, name).cache_clear()


W = "annotations/data/zz.toml"
#: name -> (the planted file, its English message as it was before it became a phrase)
CORPUS: dict[str, tuple[str, str]] = {
    "table twice": ("[refs]\nzz = []\n", f"{W}: table 'refs' defined twice"),
    "bad footnote reference": (
        _record(refs=["car-999", "zz-1"]),
        f"{W} [car-999]: bad footnote reference 'zz-1'",
    ),
    "unknown keys": (_record(colour="x"), f"{W}: unknown keys ['colour']"),
    "lacks a key": (_record(title=""), f"{W}: a record lacks 'title'"),
    "id scheme": (
        _record(id="zz-1", refs=[]),
        f"{W} [zz-1]: id does not follow the ckr-/car-/house-/variant- scheme",
    ),
    "kind": (_record(kind="zz"), f"{W} [car-999]: kind 'zz' is not one of {', '.join(KINDS)}"),
    "official variant": (
        _record(official_variant=True),
        f"{W} [car-999]: official_variant = true goes with kind 'official-variant', "
        "and only with it",
    ),
    "first reference": (
        _record(refs=["car-998"]),
        f"{W} [car-999]: the first footnote reference must be the record's own id",
    ),
    "no source": (_record(refs=[]), f"{W} [car-999]: a record needs at least one source"),
    "date": (_record(date="2020-13"), f"{W} [car-999]: date '2020-13' is not YYYY-MM"),
    "unknown topic": (_record(topics=["zz"]), f"{W} [car-999]: unknown topic 'zz'"),
    "unknown publisher": (_record(publishers=["zz"]), f"{W} [car-999]: unknown publisher 'zz'"),
    "unknown edition": (_record(editions=["zz"]), f"{W} [car-999]: unknown edition 'zz'"),
    "unknown expansion": (_record(expansions=["zz"]), f"{W} [car-999]: unknown expansion 'zz'"),
    "unknown extra kind": (
        _record(extra_kinds=["zz"]),
        f"{W} [car-999]: unknown extra_kind 'zz'",
    ),
    "no topic": (_record(topics=[]), f"{W} [car-999]: a record needs at least one topic"),
    "id twice": (
        _record(id="car-154", refs=["car-154"]),
        "annotations/data/*: id 'car-154' used by both car-154 and car-154",
    ),
    "unknown see also": (
        _record(see_also=["zz"]),
        "annotations/data/*: car-999 refers to unknown record 'zz'",
    ),
}
RULES: dict[str, tuple[str, str]] = {
    "rule keys": (_rule(colour="x"), f"{W}: unknown keys ['colour'] in rule 'zz/r'"),
    "rule id twice": (
        _rule(id="count/preparation"),
        f"{W}: rule text id 'count/preparation' used twice",
    ),
    "rule cites unknown record": (
        _rule(annotations=["zz"]),
        f"{W}: rule text zz/r cites unknown record 'zz'",
    ),
    "rule unknown topic": (_rule(topics=["zz"]), f"{W}: rule text zz/r names unknown topic 'zz'"),
    "rule unknown expansion": (
        _rule(expansion="zz"),
        f"{W}: rule text zz/r has unknown expansion 'zz'",
    ),
}


@pytest.mark.parametrize(
    ("reader", "text", "english"),
    [pytest.param("all_annotations", *CORPUS[name], id=f"corpus-{name}") for name in CORPUS]
    + [pytest.param("rule_texts", *RULES[name], id=f"rule-{name}") for name in RULES],
)
def test_a_broken_annotation_file_is_said_in_every_language(extra_file, reader, text, english):
    """A broken corpus record or rule text, read by the reader that meets it."""
    extra_file(text)
    with pytest.raises(AnnotationDataError) as info:
        getattr(annotations, reader)()
    _said_in_every_language(info.value, english)


def test_broken_toml_keeps_tomllibs_words_after_the_file(extra_file):
    """tomllib's own reason is a library's words: the line stays as it reads, but is a phrase."""
    extra_file("[[annotation]\n")
    with pytest.raises(AnnotationDataError) as info:
        annotations.all_annotations()
    english = str(info.value)
    assert english.startswith(f"{W}: ") and "line 1" in english
    assert isinstance(info.value.args[0], Phrase)
    assert all(error_text(info.value, lang) == english for lang in LANGS)


T = "annotations/data/it"
TRANSLATION = {"id": "ckr-7", "source": "x", "title": "a", "text": "b"}
#: name -> (file, planted text, its English message)
TRANSLATIONS: dict[str, tuple[str, str, str]] = {
    "unknown table": (
        "count_king_robber.toml",
        "[zz]\n",
        f"{T}/count_king_robber.toml: unknown tables ['zz'] (expected annotation or rule)",
    ),
    "no English annotation": (
        "count_king_robber.toml",
        _toml("annotation", {**TRANSLATION, "id": "ckr-999"}),
        f"{T}/count_king_robber.toml [ckr-999]: no English annotation has this id",
    ),
    "no English rule": (
        "rule_texts.toml",
        _toml("rule", {**TRANSLATION, "id": "zz/r", "section": "s"}),
        f"{T}/rule_texts.toml [zz/r]: no English rule has this id",
    ),
    "English elsewhere": (
        "abbey_mayor.toml",
        _toml("annotation", TRANSLATION),
        f"{T}/abbey_mayor.toml [ckr-7]: its English is in count_king_robber.toml, "
        "not abbey_mayor.toml",
    ),
    "keys": (
        "rule_texts.toml",
        _toml("rule", {**TRANSLATION, "id": "count/redeploying"}),
        f"{T}/rule_texts.toml [count/redeploying]: keys must be exactly "
        "['id', 'section', 'source', 'text', 'title'], not ['id', 'source', 'text', 'title']",
    ),
    "empty": (
        "count_king_robber.toml",
        _toml("annotation", {**TRANSLATION, "title": ""}),
        f"{T}/count_king_robber.toml [ckr-7]: 'title' is empty or not a string",
    ),
    "translated twice": (
        "count_king_robber.toml",
        _toml("annotation", TRANSLATION) * 2,
        f"{T}/count_king_robber.toml [ckr-7]: translated twice (also in it/count_king_robber.toml)",
    ),
}


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_a_broken_translation_of_the_corpus_is_said_in_every_language(planted_translations, name):
    file, text, english = TRANSLATIONS[name]
    (planted_translations / file).write_text(text, encoding="utf-8")
    with pytest.raises(AnnotationDataError) as info:
        annotations._translations("it")
    _said_in_every_language(info.value, english)


def test_an_unknown_drill_is_said_in_every_language():
    with pytest.raises(CarcTeachError) as info:
        practice.drill("zz")
    _said_in_every_language(
        info.value, f"no drill 'zz'; choose from {', '.join(d.id for d in practice.DRILLS)}"
    )
    assert error_text(info.value, "cs").startswith("cvičení 'zz' neexistuje; vyberte z ")


def test_an_unknown_drill_group_is_said_in_every_language():
    with pytest.raises(CarcTeachError) as info:
        practice.drill_for(practice.ANY + "zz", 1)
    _said_in_every_language(info.value, f"no group 'zz'; choose from {', '.join(practice.GROUPS)}")


def _lookups():
    from carc_teach import reference
    from carc_teach.annotations import topics

    choices = ", ".join([*topics.EXPANSION_TITLES, *topics.EXPANSION_GROUPS])
    return {
        "annotation id": (
            lambda: annotations.get("zz"),
            "unknown annotation id 'zz'; ids look like ckr-1..ckr-62, car-154..car-195, "
            "ckr1e-1..ckr1e-28, house-<name> or variant-<name>",
        ),
        "not a rule id or an event": (
            lambda: annotations.annotations_for(3),
            "annotations_for() needs a rule id or an event, not int",
        ),
        "annotation kind": (
            lambda: annotations.search(kind="zz"),
            f"unknown annotation kind 'zz'; choose from {', '.join(KINDS)}",
        ),
        "publisher": (
            lambda: annotations.search(publisher="zz"),
            f"unknown publisher 'zz'; choose from {', '.join(annotations.PUBLISHERS)}",
        ),
        "edition": (
            lambda: annotations.search(edition="zz"),
            f"unknown edition 'zz'; choose from {', '.join(annotations.EDITIONS)}",
        ),
        "rule text": (
            lambda: annotations.rule_text("zz"),
            "unknown rule text 'zz'; known: " + ", ".join(t.id for t in annotations.rule_texts()),
        ),
        "renamed rule id": (
            lambda: topics.topic("bigfollower.deploy"),
            "rule id 'bigfollower.deploy' is now 'big-follower.deploy'",
        ),
        "rule id near others": (
            lambda: topics.topic("count.redeplo"),
            "unknown rule id 'count.redeplo'; did you mean count.redeploy, count.deploy, "
            "count.redeploy.order?",
        ),
        "rule id": (lambda: topics.topic("zzzz"), "unknown rule id 'zzzz'"),
        "expansion": (
            lambda: topics.check_expansion("zz"),
            f"unknown expansion 'zz'; known: {choices}",
        ),
        "page switch": (
            lambda: reference.switch_on("zz", "base"),
            "unknown page switch 'zz'",
        ),
        "page switch of the context": (
            lambda: reference.switch_on("showStep1A_Empty", "base"),
            "page switch 'showStep1A_Empty' depends on the rows around it "
            "('nothing happens in this step' note; steps() reports an empty step instead)",
        ),
    }


@pytest.mark.parametrize(
    "name",
    [
        "annotation id",
        "not a rule id or an event",
        "annotation kind",
        "publisher",
        "edition",
        "rule text",
        "renamed rule id",
        "rule id near others",
        "rule id",
        "expansion",
        "page switch",
        "page switch of the context",
    ],
)
def test_an_unknown_name_in_the_corpus_or_the_taxonomy_is_said_in_every_language(name):
    call, english = _lookups()[name]
    with pytest.raises(CarcTeachError) as info:
        call()
    _said_in_every_language(info.value, english)
    if name == "rule id near others":
        assert "count.redeploy, count.deploy, count.redeploy.order" in error_text(info.value, "cs")


def test_the_cli_says_an_unknown_expansion_of_simulate_in_the_language_chosen(capsys):
    from carc_teach.cli import main

    assert main(["--lang", "cs", "simulate", "--expansions", "zz", "--games", "1"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("carc-teach simulate: chyba: --expansions: neznámé rozšíření 'zz'"), said

"""The scoring reference in Italian and Czech (``carc_teach/reference/data/<lang>/texts.toml``,
docs/i18n.md): every English piece translated, pieces that join as the English ones do, the
same rows, ids and links in every language, and the CLI's and the tables' words."""

from __future__ import annotations

import json
import re

import pytest

from carc_teach import reference
from carc_teach.cli import main
from carc_teach.reference import present
from carc_teach.reference.translations import english_texts, stale, texts, untranslated

LANGS = ("it", "cs")
SELECTIONS = ([], "ckr", "*")


@pytest.mark.parametrize("lang", LANGS)
def test_every_piece_is_translated_and_none_is_left_over(lang):
    missing = untranslated(lang)
    assert not missing, f"{len(missing)} pieces show in English in {lang}: {missing[:5]}"
    old = stale(lang)
    assert not old, f"translations of English no longer in the data ({lang}): {old[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_pieces_join_as_the_english_ones_and_keep_their_numbers(lang):
    found = texts(lang)
    same = [english for english, said in found.items() if said == english]
    assert len(same) < 10, same  # names only (Wonders of Humanity: Stonehenge, Bazar ...)
    for english, said in found.items():
        assert (english[:1] == " ") == (said[:1] == " "), (lang, english)
        assert (english[-1:] == " ") == (said[-1:] == " "), (lang, english)
        assert sorted(re.findall(r"\d+", english)) == sorted(re.findall(r"\d+", said)), english
        assert "{" not in said, (lang, said)  # the words are written out, not placeholders
    assert len(english_texts()) > 500


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", ["C1", "C2"])
def test_a_language_changes_the_words_never_the_rows(lang, edition):
    for chosen in SELECTIONS:
        selection = reference.selection_for_preset(chosen) if chosen == "ckr" else chosen
        english = reference.rows(selection, edition, include_drafts=True)
        said = reference.rows(selection, edition, include_drafts=True, lang=lang)
        assert [r.id for r in said] == [r.id for r in english]
        for a, b in zip(english, said, strict=True):
            assert (a.step, a.markers, a.rule_ids, a.annotation_ids, a.executed) == (
                b.step,
                b.markers,
                b.rule_ids,
                b.annotation_ids,
                b.executed,
            )
            assert len(a.details) == len(b.details)
        assert [s.code for s in reference.steps(selection, edition, lang=lang)] == [
            s.code for s in reference.steps(selection, edition)
        ]


def test_rows_steps_and_the_legend_in_italian_and_czech():
    italian = {r.id: r for r in reference.rows("*", "C1", lang="it")}
    assert italian["anytime.ransom"].title == "Riscatto di un prigioniero"
    assert italian["anytime.ransom"].points == "-3 punti a te, +3 punti a chi teneva il prigioniero"
    czech = {r.id: r for r in reference.rows("*", "C2", lang="cs")}
    assert czech["anytime.ransom"].details == ("Platit nesmíte, pokud by vaše skóre kleslo pod 0.",)
    assert reference.steps("*", "C2", lang="cs")[1].title == "Začátek tahu"
    legend = reference.intro("*", "C2", lang="it").legend
    assert legend[0].label == "Tessere dell'elemento"


def test_the_tables_and_details_speak_the_language():
    ckr = reference.selection_for_preset("ckr")
    rows = reference.rows(ckr, "C1", lang="cs")
    record = present.table_records(rows, "cs")[0]
    assert {"Krok", "Kdo boduje", "Body", "Id"} <= set(record)
    text = present.row_markdown(rows[0], lang="cs", with_examples=False)
    assert text.startswith(f"#### {rows[0].title}\nKrok **3B**") and "Ukazuje se s" in text
    english = present.row_markdown(reference.rows(ckr, "C1")[0], with_examples=False)
    assert "\nStep **3B**" in english and "Shown with" in english


@pytest.mark.parametrize(
    ("lang", "title", "step"),
    [
        ("it", "Riscatto di un prigioniero", "Inizio del turno"),
        ("cs", "Výkupné za zajatce", "Začátek tahu"),
    ],
)
def test_the_reference_command_prints_the_rows_in_the_language(capsys, lang, title, step):
    assert main(["--lang", lang, "reference", "--expansions", "tower"]) == 0
    out = capsys.readouterr().out
    assert title in out and step in out and "Prisoner ransom" not in out
    assert main(["--lang", lang, "reference", "--expansions", "tower", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["steps"][0]["rows"][0]["title"] == "Prisoner ransom"


def test_a_bad_selection_is_one_line_in_the_language(capsys):
    assert main(["--lang", "cs", "reference", "--preset", "ckx"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "carc-teach reference: chyba: neznámá předvolba 'ckx' (mysleli jste ckr?)"
    )
    assert main(["reference", "--expansions", "cont,shrinez"]) == 2
    assert "unknown expansions: 'cont' (did you mean count" in capsys.readouterr().err

"""``carc-teach bench``'s table, ``compare``'s comparison and the ``--notebooks`` help in
Italian and Czech; the English and the JSON unchanged."""

from __future__ import annotations

import json

import pytest

from carc_teach import examples
from carc_teach.bench import RATIO_TARGETS, BenchResult, format_table
from carc_teach.cli import main
from carc_teach.compare import compare_games, comparison_text, logs_html
from carc_teach.errors import phrase

ROWS = [
    BenchResult(phrase("random games per second"), 1234.5, phrase("games/s"), "x"),
    BenchResult(phrase("mean time per event, step {step}", step="3B"), 12.25, "µs"),
    BenchResult(
        phrase("time of a random {what} / a base game", what=RATIO_TARGETS["all"][0]), 2.5, "×"
    ),
]


def test_the_bench_table_in_english_is_as_it_was():
    lines = format_table(ROWS, "en").split("\n")
    width = len("time of a random game with every expansion / a base game")
    assert lines[0] == f"{'measure':<{width}}  {'value':>10}  unit      note"
    assert lines[1] == "-" * (width + 40)
    assert lines[2] == f"{'random games per second':<{width}}     1234.50  games/s   x"


@pytest.mark.parametrize(
    ("lang", "head", "row", "ratio"),
    [
        (
            "it",
            "misura",
            "partite casuali al secondo",
            "tempo di una partita con tutte le espansioni casuale / una partita base",
        ),
        ("cs", "měření", "náhodné hry za sekundu", "čas náhodné hry (hra se všemi rozšířeními)"),
    ],
)
def test_the_bench_table_speaks_the_language_with_its_numbers(lang, head, row, ratio):
    table = format_table(ROWS, lang)
    assert table.startswith(head)
    assert row in table and ratio in table
    assert ("1.234,50" if lang == "it" else "1\u00a0234,50") in table
    assert "12,25" in table and "random games" not in table


@pytest.mark.parametrize(
    ("lang", "differ", "events", "summary"),
    [
        (
            "it",
            "Opzioni di regola diverse:",
            "A: 44 eventi;",
            "I registri si separano all'evento 26",
        ),
        (
            "cs",
            "Odlišné volby pravidel:",
            "A: 44 událostí;",
            "Záznamy se rozcházejí u události 26",
        ),
    ],
)
def test_compare_speaks_the_language_and_its_json_stays_english(
    capsys, lang, differ, events, summary
):
    argv = ["--lang", lang, "compare", "mayor-from-the-city", "--presets", "hig-original", "rgg"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert differ in out and events in out and summary in out
    assert "Rule options that differ" not in out
    assert main([*argv, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["summary"].startswith("The logs part at event 26")
    assert payload["deciding_reason"] == "named by the events"


def test_the_comparison_in_english_and_the_czech_plural_of_options():
    game = examples.load("first-turns")
    same = compare_games(game, "hig-original", "rgg")
    english = comparison_text(same, "en")
    assert "Rule options that differ:" in english and "A: 46 events; scores" in english
    assert same.summary("en").startswith("The two rule sets differ in 5 options, but none")
    assert same.summary("cs").startswith("Obě sady pravidel se liší v 5 volbách")
    two = compare_games(game, {}, {"base.followers": 2, "count.deploy-trigger": "completion"})
    assert two.summary("cs").startswith("Záznamy se rozcházejí")
    html = logs_html(same, lang="it")
    assert "eventi 34–45 di 46" in html and "events 34" not in html


@pytest.mark.parametrize(
    ("lang", "help_text"),
    [("it", "cartella di notebook marimo"), ("cs", "složka s notebooky marimo")],
)
def test_the_notebooks_option_helps_in_the_language(capsys, lang, help_text):
    for command in ("serve", "build-site"):
        assert main(["--lang", lang, command, "--help"]) == 0
        assert help_text in " ".join(capsys.readouterr().out.split())

"""The comparison notebook and the scoring reference in Italian and Czech, run headless (the
page's language given as the switch's value, as ``?lang=`` would set it)."""

from __future__ import annotations

import html
import re
import runpy
from pathlib import Path

import marimo as mo
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

#: (notebook, language) -> words its page must show, and English it must not
EXPECTED = {
    ("compare_editions.py", "it"): (
        [
            "Una partita, due edizioni",
            "I due registri degli eventi",
            "Punti per giocatore, B meno A",
            "Che cosa fa la differenza (indicate dagli eventi)",
            "Quanto contano un sindaco o un carro ricollocati da Carcassonne?",
            "eventi 20–32 di 44",
        ],
        ["The two event logs", "Points per player", "What makes the difference"],
    ),
    ("compare_editions.py", "cs"): (
        [
            "Jedna hra podle dvou vydání",
            "Oba záznamy událostí",
            "Body hráčů, B minus A",
            "Co dělá rozdíl (uvedené v událostech)",
            "Jakou sílu mají starosta nebo vůz přemístění z Carcassonne?",
        ],
        ["The two event logs", "Points per player", "What makes the difference"],
    ),
    ("scoring_reference.py", "it"): (
        [
            "Punteggio durante il turno",
            "Legenda e contrassegni",
            "Passo per passo",
            "Parti da",
            "Tessere dell'elemento",  # a row of the legend, from data/it/texts.toml
            "Chi segna",
        ],
        ["Legend and markers", "Step by step", "Start from", "Feature tiles"],
    ),
    ("scoring_reference.py", "cs"): (
        [
            "Bodování během tahu",
            "Legenda a značky",
            "Krok za krokem",
            "Začít od",
            "Kartičky území",
            "Kdo boduje",
        ],
        ["Legend and markers", "Step by step", "Start from", "Feature tiles"],
    ),
}


def _page_text(name: str, lang: str) -> tuple[str, dict]:
    app = runpy.run_path(str(NOTEBOOKS / name))["app"]
    outputs, found = app.run(defs={"lang_switch": mo.ui.dropdown({lang: lang}, value=lang)})
    page = "".join(mo.as_html(o).text for o in outputs if o is not None)
    # marimo keeps a widget's label and an accordion's title in attributes, escaped
    return html.unescape(html.unescape(re.sub(r"\s+", " ", page))), found


@pytest.mark.parametrize(("name", "lang"), list(EXPECTED), ids=lambda v: str(v))
def test_the_page_speaks_its_language(name, lang):
    text, found = _page_text(name, lang)
    assert found["lang"] == lang
    shown, english = EXPECTED[(name, lang)]
    for words in shown:
        assert words in text, words
    for words in english:
        assert words not in text, words
    if name == "compare_editions.py":  # the engine's verdict in the page's language
        summary = found["result"].summary(lang)
        assert summary.startswith("I registri" if lang == "it" else "Záznamy")


def test_the_tile_sandbox_shows_plain_tables_without_marimo_words():
    """The tile sandbox's two tables are read, never clicked: plain HTML tables
    (``notebook_ui.records_table``) carry the page's words only, where marimo's own table
    brought its column panel's "Show all" / "Hide all" in English (docs/i18n.md)."""
    from carc_teach.notebook_ui import records_table

    source = (NOTEBOOKS / "tiles_and_features.py").read_text(encoding="utf-8")
    assert "mo.ui.table(" not in source and source.count("ui.records_table(") == 2
    table = records_table([{"kind <b>": "Alice & Bob", "body": 3}, {"kind <b>": "", "body": 0}])
    assert table.count("<tr>") == 3 and table.count("<td ") == 4
    assert "<th " in table and "kind &lt;b&gt;" in table and "Alice &amp; Bob" in table
    assert "<b>" not in table
    assert records_table([]) == ""
    assert records_table([{"a": 1}], height=200).startswith('<div style="max-height:200px')

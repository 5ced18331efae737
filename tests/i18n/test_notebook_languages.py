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

"""The three languages inside real Pyodide: the catalogues ship in the wheel and read there
as under CPython, and a game's outcome is the same whichever language is current."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from carc_support import run_in_pyodide

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]

SCRIPT = Path(__file__).parent / "languages_summary.py"


def test_the_catalogues_work_in_pyodide_as_in_cpython():
    in_pyodide = run_in_pyodide(SCRIPT)
    in_cpython = runpy.run_path(str(SCRIPT))["summary"]()
    assert in_pyodide["platform"] == "emscripten"
    assert in_pyodide["texts"] == in_cpython["texts"]
    czech = in_pyodide["texts"]["cs"]
    assert czech["records"] == [
        "0 záznamů",
        "1 záznam",
        "2 záznamy",
        "5 záznamů",
        "21 záznamů",
        "22 záznamů",
        "25 záznamů",
    ]
    assert czech["list"] == "Alice, Bob a Carla"
    assert czech["number"] == "1\u00a0234\u00a0567,2"
    assert in_pyodide["texts"]["it"]["glossary"] == "**Editori ed edizioni**"
    italian = in_pyodide["texts"]["it"]
    assert italian["option"].startswith("Che cosa permette a chi ha posato una tessera")
    assert italian["reference"] == "Riscatto di un prigioniero"
    assert czech["error"] == "bad.json, tah 1, položka 'moves[0]': tah je objekt, ne celé číslo"
    outcomes = in_pyodide["outcomes"]
    assert outcomes["it"] == outcomes["en"] == outcomes["cs"] == in_cpython["outcomes"]["en"]

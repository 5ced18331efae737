"""The annotation corpus loads in real Pyodide (package data read with the standard library).

Uses the Pyodide runner of ``tests/pyodide`` (Node.js + npm ``pyodide@314.0.0``, local wheels
only, no network) and compares the whole corpus, the rule texts, their translations and every preset with CPython.
Skips, saying why, when Node.js or the Pyodide core is missing (``./dev test`` installs them).
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from carc_support import run_in_pyodide

HERE = Path(__file__).parent
REPO = HERE.parents[1]
SCRIPT = HERE / "corpus_summary.py"

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]


@pytest.fixture(scope="module")
def pyodide_result() -> dict:
    return run_in_pyodide(SCRIPT)


def test_corpus_is_identical_in_pyodide(pyodide_result):
    cpython = runpy.run_path(str(SCRIPT))["summary"]()
    assert pyodide_result["platform"] == "emscripten"
    for key in ("records", "rule_texts", "for_market", "presets", "terms", "translated"):
        assert pyodide_result[key] == cpython[key], key

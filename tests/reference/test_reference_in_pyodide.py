"""The scoring reference loads in real Pyodide and gives the same rows as CPython.

Uses the Pyodide runner of ``tests/pyodide`` (Node.js + npm ``pyodide@314.0.0``, local wheels
only, no network). Skips, saying why, when Node.js or the Pyodide core is missing (``./dev test``
installs them; under CI a missing prerequisite fails instead).
"""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest
from carc_support import run_in_pyodide

HERE = Path(__file__).parent
REPO = HERE.parents[1]
SCRIPT = HERE / "reference_summary.py"

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]


def test_reference_is_identical_in_pyodide():
    in_pyodide = run_in_pyodide(SCRIPT)
    cpython = json.loads(json.dumps(runpy.run_path(str(SCRIPT))["summary"]()))
    assert in_pyodide["platform"] == "emscripten"
    for key in ("rows", "intro", "steps", "diff"):
        assert in_pyodide[key] == cpython[key], key
    assert len(in_pyodide["rows"]["everything/C1"]) > 200

"""The engine inside real Pyodide gives the same results as under CPython.

Pyodide 314.0.0 (CPython 3.14 compiled to WebAssembly, the runtime of the browser notebooks)
runs under Node.js with only two local wheels, carc_teach (built from this checkout) and
networkx; any network access aborts the run. Every bundled example game and a few seeded random
games are replayed there and compared with CPython: final scores, number of events, and each
event's index, turn, step, kind, player, points and rule id.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from carc_support import run_in_pyodide

from carc_teach import examples

HERE = Path(__file__).parent
SCRIPT = HERE / "replay_summary.py"

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]

GAMES = [
    *examples.names(),
    *(f"random-seed-{s}" for s in runpy.run_path(str(SCRIPT))["RANDOM_SEEDS"]),
]


@pytest.fixture(scope="module")
def cpython_summary() -> dict:
    return runpy.run_path(str(SCRIPT))["summary"]()


@pytest.fixture(scope="module")
def pyodide_summary() -> dict:
    return run_in_pyodide(SCRIPT)


def test_runs_in_real_pyodide(pyodide_summary):
    assert pyodide_summary["platform"] == "emscripten"
    assert pyodide_summary["python"] == [3, 14]


def test_every_bundled_example_is_replayed(pyodide_summary):
    assert examples.names(), "carc_teach bundles no example games"
    assert set(pyodide_summary["games"]) == set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_same_scores_and_events_as_cpython(name, pyodide_summary, cpython_summary):
    in_pyodide = pyodide_summary["games"][name]
    in_cpython = cpython_summary["games"][name]
    assert in_pyodide["scores"] == in_cpython["scores"]
    assert in_pyodide["event_count"] == in_cpython["event_count"]
    assert in_pyodide["events"] == in_cpython["events"]

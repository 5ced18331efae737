"""The annotation corpus loads in real Pyodide (package data read with the standard library).

Uses the Pyodide runner of ``tests/pyodide`` (Node.js + npm ``pyodide@314.0.0``, local wheels
only, no network) and compares the whole corpus, the rule texts and every preset with CPython.
Skips, saying why, when Node.js or the Pyodide core is missing (``./dev test`` installs them).
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO = HERE.parents[1]
RUNNER = REPO / "tests" / "pyodide" / "run_in_pyodide.mjs"
SCRIPT = HERE / "corpus_summary.py"

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]


def _need(condition: bool, message: str) -> None:
    if condition:
        return
    message += " (run ./dev test, which installs it)"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def pyodide_result(tmp_path_factory) -> dict:
    node = shutil.which("node")
    _need(node is not None, "Node.js is not installed")
    _need(RUNNER.is_file(), f"the Pyodide runner {RUNNER.name} is missing")
    modules = os.environ.get("CARC_TEACH_NODE_MODULES")
    core = (Path(modules) if modules else REPO / ".cache" / "node" / "node_modules") / "pyodide"
    _need((core / "pyodide.asm.wasm").is_file(), f"npm pyodide@314.0.0 is not installed in {core}")
    wheels_dir = Path(os.environ.get("CARC_TEACH_WASM_WHEELS", REPO / ".cache" / "wasm-wheels"))
    networkx = sorted(wheels_dir.glob("networkx-*-py3-none-any.whl"))
    _need(bool(networkx), f"no networkx wheel in {wheels_dir}")
    from carc_teach.site.build import build_wheel

    wheel = build_wheel(tmp_path_factory.mktemp("carc-teach-wheel"))
    command = [node, str(RUNNER), str(core), str(SCRIPT), str(wheel), str(networkx[-1])]
    result = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, f"Pyodide run failed:\n{result.stderr[-3000:]}"
    _, _, payload = result.stdout.partition("@@RESULT@@\n")
    return json.loads(payload)


def test_corpus_is_identical_in_pyodide(pyodide_result):
    cpython = runpy.run_path(str(SCRIPT))["summary"]()
    assert pyodide_result["platform"] == "emscripten"
    for key in ("records", "rule_texts", "for_market", "presets", "terms"):
        assert pyodide_result[key] == cpython[key], key

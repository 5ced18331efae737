"""The scoring reference loads in real Pyodide and gives the same rows as CPython.

Uses the Pyodide runner of ``tests/pyodide`` (Node.js + npm ``pyodide@314.0.0``, local wheels
only, no network). Skips, saying why, when Node.js or the Pyodide core is missing (``./dev test``
installs them; under CI a missing prerequisite fails instead).
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
SCRIPT = HERE / "reference_summary.py"

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]


def _need(condition: bool, message: str) -> None:
    if condition:
        return
    message += " (run ./dev test, which installs it)"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def test_reference_is_identical_in_pyodide(tmp_path):
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

    wheel = build_wheel(tmp_path)
    command = [node, str(RUNNER), str(core), str(SCRIPT), str(wheel), str(networkx[-1])]
    result = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, f"Pyodide run failed:\n{result.stderr[-3000:]}"
    _, _, payload = result.stdout.partition("@@RESULT@@\n")
    in_pyodide = json.loads(payload)
    cpython = json.loads(json.dumps(runpy.run_path(str(SCRIPT))["summary"]()))
    assert in_pyodide["platform"] == "emscripten"
    for key in ("rows", "intro", "steps", "diff"):
        assert in_pyodide[key] == cpython[key], key
    assert len(in_pyodide["rows"]["everything/C1"]) > 200

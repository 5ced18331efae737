"""Helpers shared by test folders (on ``sys.path`` through ``pythonpath`` in pyproject.toml).

- :func:`missing_prerequisite`: skip locally, fail in CI, when a tool a test needs is absent.
- :func:`run_in_pyodide`: run a summary script inside real Pyodide under Node.js, with only the
  carc_teach wheel built from this checkout and networkx's pure wheel; no network (the scripts
  of :data:`PYODIDE_SCRIPTS` in one start of Pyodide).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PYODIDE_RUNNER = REPO / "tests" / "pyodide" / "run_in_pyodide.mjs"

__all__ = [
    "REPO",
    "missing_prerequisite",
    "pyodide_prerequisites",
    "carc_teach_wheel",
    "run_in_pyodide",
]


def missing_prerequisite(message: str) -> None:
    """Skip locally, fail in CI: a CI run must never pass by skipping."""
    message = f"{message} (run ./dev test, which installs it)"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def pyodide_prerequisites() -> tuple[str, Path, Path]:
    """``(node, pyodide core folder, networkx wheel)``, or skip/fail naming what is missing."""
    node = shutil.which("node")
    if node is None:
        missing_prerequisite("Node.js is not installed")
    if not PYODIDE_RUNNER.is_file():
        missing_prerequisite(f"the Pyodide runner {PYODIDE_RUNNER.name} is missing")
    modules = os.environ.get("CARC_TEACH_NODE_MODULES")
    folder = Path(modules) if modules else REPO / ".cache" / "node" / "node_modules"
    core = folder / "pyodide"
    if not (core / "pyodide.asm.wasm").is_file():
        missing_prerequisite(f"npm pyodide@314.0.0 is not installed in {folder}")
    env = os.environ.get("CARC_TEACH_WASM_WHEELS")
    wheels_dir = Path(env) if env else REPO / ".cache" / "wasm-wheels"
    wheels = sorted(wheels_dir.glob("networkx-*-py3-none-any.whl"))
    if not wheels:
        missing_prerequisite(f"no networkx wheel in {wheels_dir}")
    return node, core, wheels[-1]  # type: ignore[return-value]


@cache
def carc_teach_wheel() -> Path:
    """The carc_teach wheel, built from this checkout once per test session (per worker), in
    a temporary folder removed when the worker exits."""
    from carc_teach.site.build import build_wheel

    folder = Path(tempfile.mkdtemp(prefix="carc-teach-wheel-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return build_wheel(folder)


#: The summary scripts the tests run in Pyodide (printing nothing). One start of Pyodide runs them all, for the
#: first test that asks (the tests that ask are one xdist group, tests/conftest.py): a start
#: with the wheels unpacked costs about 5 s of a core.
PYODIDE_SCRIPTS = (
    REPO / "tests" / "pyodide" / "replay_summary.py",
    REPO / "tests" / "pyodide" / "languages_summary.py",
    REPO / "tests" / "reference" / "reference_summary.py",
    REPO / "tests" / "annotations" / "corpus_summary.py",
)


def run_in_pyodide(script: Path) -> dict:
    """Run ``script`` (which defines ``summary()``) in Pyodide; return its JSON result.

    A script of :data:`PYODIDE_SCRIPTS` runs with the others in one Pyodide; should that run
    fail, the script runs alone, so that the failure is reported by the test it belongs to.
    """
    script = Path(script).resolve()
    together = _run_together() if script in PYODIDE_SCRIPTS else None
    if together is not None:
        return json.loads(together[PYODIDE_SCRIPTS.index(script)])
    return json.loads(_run_scripts([script])[0])


@cache
def _run_together() -> list[str] | None:
    try:
        return _run_scripts(list(PYODIDE_SCRIPTS))
    except AssertionError:
        return None


def _run_scripts(scripts: list[Path]) -> list[str]:
    """The JSON texts the scripts gave, run one after another in one Pyodide."""
    node, core, networkx = pyodide_prerequisites()
    command = [
        node,
        str(PYODIDE_RUNNER),
        str(core),
        *map(str, scripts),
        str(carc_teach_wheel()),
        str(networkx),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, (
        f"Pyodide run failed ({result.returncode}):\n{result.stderr[-3000:]}"
    )
    # each result is the line after its marker (a JSON text on one line)
    parts = []
    for index in range(len(scripts)):
        _, marker, after = result.stdout.partition(f"@@RESULT@@ {index}\n")
        parts.append(after.partition("\n")[0] if marker else "")
    assert all(parts), f"no result from Pyodide; stdout:\n{result.stdout[-3000:]}"
    return parts

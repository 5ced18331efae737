"""Fixtures for running the engine inside real Pyodide (Node.js + npm ``pyodide@314.0.0``).

``./dev test`` installs the prerequisites under ``.cache/`` and exports
``CARC_TEACH_NODE_MODULES``; run bare ``pytest`` without them and these tests skip, saying so
(under CI, where ``CI`` is set, a missing prerequisite fails instead).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def missing_prerequisite(message: str) -> None:
    """Skip locally, fail in CI: a CI run must never pass by skipping."""
    message = f"{message} (run ./dev test, which installs it)"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def node_binary() -> str:
    node = shutil.which("node")
    if node is None:
        missing_prerequisite("Node.js is not installed")
    return node


@pytest.fixture(scope="session")
def pyodide_core() -> Path:
    """The npm package folder ``node_modules/pyodide`` (version 314.0.0)."""
    modules = os.environ.get("CARC_TEACH_NODE_MODULES")
    folder = Path(modules) if modules else REPO / ".cache" / "node" / "node_modules"
    core = folder / "pyodide"
    if not (core / "pyodide.asm.wasm").is_file():
        missing_prerequisite(f"npm pyodide@314.0.0 is not installed in {folder}")
    return core


@pytest.fixture(scope="session")
def networkx_wheel() -> Path:
    """networkx's pure-Python wheel from the self-hosted site's wheel cache."""
    env = os.environ.get("CARC_TEACH_WASM_WHEELS")
    folder = Path(env) if env else REPO / ".cache" / "wasm-wheels"
    wheels = sorted(folder.glob("networkx-*-py3-none-any.whl"))
    if not wheels:
        missing_prerequisite(f"no networkx wheel in {folder}")
    return wheels[-1]


@pytest.fixture(scope="session")
def carc_teach_wheel(tmp_path_factory) -> Path:
    """The carc_teach wheel, built from this checkout once per test session."""
    from carc_teach.site.build import build_wheel

    return build_wheel(tmp_path_factory.mktemp("carc-teach-wheel"))

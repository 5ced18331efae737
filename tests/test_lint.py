"""The code base stays lint-clean and formatted (ruff, configured in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["carc_teach", "tests", "notebooks", "benchmarks", "scripts"]


def _ruff(*args: str) -> subprocess.CompletedProcess:
    exe = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(exe).exists():
        pytest.fail("ruff is not installed (it is in the dev extra; ./dev test installs it)")
    return subprocess.run(
        [exe, *args, *PATHS], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_check():
    result = _ruff("check", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format():
    result = _ruff("format", "--check")
    assert result.returncode == 0, result.stdout + result.stderr

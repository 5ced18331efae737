"""Own words: nothing in the repository repeats 12 or more words of the seed documents.

Runs the shared checker ``../shared/tools/seed_overlap.py`` (relative to the repository root)
over the repository; it lists every run of 12+ words that also stands in one of the seeds.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TOOL = REPO.parent / "shared" / "tools" / "seed_overlap.py"


def test_no_passage_repeats_the_seeds():
    if not TOOL.exists():
        pytest.skip(f"the overlap checker is absent (expected at ../shared/tools/{TOOL.name})")
    result = subprocess.run(
        [sys.executable, str(TOOL), str(REPO)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, (
        "passages repeating the seeds word for word (restate them in our own words):\n"
        + result.stdout
        + result.stderr
    )

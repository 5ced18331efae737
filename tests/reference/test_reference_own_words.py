"""Own words: the reference's files repeat no run of 12+ words from the seeds.

Runs the shared checker ``../shared/tools/seed_overlap.py`` (found relative to the repository)
and fails on any passage it reports inside the files this feature owns.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO.parent / "shared" / "tools" / "seed_overlap.py"
OURS = (
    "carc_teach/reference/",
    "carc_teach/commands/reference.py",
    "notebooks/scoring_reference.py",
    "tests/reference/",
    "docs/reference.md",
)


def test_reference_files_are_in_our_own_words():
    if not TOOL.is_file():
        pytest.skip("the overlap checker ../shared/tools/seed_overlap.py is absent")
    result = subprocess.run(
        [sys.executable, str(TOOL), str(REPO)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    ours = [line for line in result.stdout.splitlines() if line.startswith(OURS)]
    assert not ours, "passages repeating the seeds word for word:\n" + "\n".join(ours)


def test_the_checker_sees_our_files():
    if not TOOL.is_file():
        pytest.skip("the overlap checker ../shared/tools/seed_overlap.py is absent")
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-co", "--exclude-standard"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.splitlines()
    assert any(name.startswith("carc_teach/reference/data/") for name in listed)

"""Own words: nothing in the repository repeats 12 or more words of the seed documents.

Runs the shared checker ``../shared/tools/seed_overlap.py`` (relative to the repository root)
over the repository; it lists every run of 12+ words that also stands in one of the seeds. It
needs the seeds themselves, so these tests skip when the checker is absent (a bare clone); the
facts the other tests take from the seeds are committed under ``tests/fixtures/seed_facts/``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TOOL = REPO.parent / "shared" / "tools" / "seed_overlap.py"

pytestmark = pytest.mark.skipif(
    not TOOL.is_file(),
    reason=f"the overlap checker is absent (expected at ../shared/tools/{TOOL.name})",
)


def _check(repo: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TOOL), str(repo)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_no_passage_repeats_the_seeds():
    result = _check(REPO)
    assert result.returncode == 0, (
        "passages repeating the seeds word for word (restate them in our own words):\n"
        + result.stdout
        + result.stderr
    )


def test_the_checker_sees_the_files_that_matter():
    # it reads what git lists (tracked, or untracked and not ignored): an ignored data file
    # would escape it
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-co", "--exclude-standard"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.splitlines()
    for folder in (
        "carc_teach/annotations/",
        "carc_teach/reference/data/",
        "tests/fixtures/seed_facts/",
        "docs/",
        "notebooks/",
    ):
        assert any(name.startswith(folder) for name in listed), folder


def test_the_checker_catches_a_copied_passage(tmp_path):
    # plant 15 consecutive words of a seed (read at run time, so no test file holds them) in an
    # untracked file of a scratch repository: the checker must name that file
    spec = importlib.util.spec_from_file_location("carc_seed_overlap", TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    seed = sorted(p for p in tool.SEEDS.glob("000_*.txt"))[0]
    words = tool.words(seed.read_text(encoding="utf-8"))
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "planted.md").write_text(
        "Our own opening words.\n" + " ".join(words[300:315]) + "\n", encoding="utf-8"
    )
    (tmp_path / "clean.md").write_text("Nothing borrowed here at all.\n", encoding="utf-8")
    result = _check(tmp_path)
    assert result.returncode == 1
    assert "planted.md:2:" in result.stdout
    assert "clean.md" not in result.stdout

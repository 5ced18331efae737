"""Own words: nothing in the repository repeats 12 or more words of the seed documents.

Runs the shared checker ``../shared/tools/seed_overlap.py`` (relative to the repository root)
over the repository; it lists every run of 12+ words that also stands in one of the seeds. It
needs the seeds themselves, so that one test skips when the checker is absent (a bare clone); the
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


def _check(repo: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TOOL), str(repo)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_checker_sees_the_files_that_matter():
    # it reads what git lists (tracked, or untracked and not ignored): an ignored data file
    # would escape it
    git = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-co", "--exclude-standard"],
        capture_output=True,
        text=True,
        check=False,
    )
    if git.returncode != 0:
        pytest.skip("not a git checkout, so there is no file list to check")
    listed = git.stdout.splitlines()
    for folder in (
        "carc_teach/annotations/",
        "carc_teach/reference/data/",
        "tests/fixtures/seed_facts/",
        "docs/",
        "notebooks/",
    ):
        assert any(name.startswith(folder) for name in listed), folder


def _planted_copy_is_caught(scratch: Path) -> None:
    """The checker names a file holding 15 consecutive words of a seed, and only that file.

    The words are read from the seed at run time, so no file of ours holds them.
    """
    spec = importlib.util.spec_from_file_location("carc_seed_overlap", TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    seed = sorted(tool.SEEDS.glob("000_*.txt"))[0]
    words = tool.words(seed.read_text(encoding="utf-8"))
    subprocess.run(["git", "init", "-q", str(scratch)], check=True)
    (scratch / "planted.md").write_text(
        "Our own opening words.\n" + " ".join(words[300:315]) + "\n", encoding="utf-8"
    )
    (scratch / "clean.md").write_text("Nothing borrowed here at all.\n", encoding="utf-8")
    result = _check(scratch)
    assert result.returncode == 1 and "planted.md:2:" in result.stdout, result.stdout
    assert "clean.md" not in result.stdout


@pytest.mark.skipif(
    not TOOL.is_file(),
    reason=f"the overlap checker is absent (expected at ../shared/tools/{TOOL.name})",
)
def test_no_passage_repeats_the_seeds(tmp_path):
    # first prove the checker works here (a planted copy is caught), then run it on the repo
    _planted_copy_is_caught(tmp_path)
    result = _check(REPO)
    assert result.returncode == 0, (
        "passages repeating the seeds word for word (restate them in our own words):\n"
        + result.stdout
        + result.stderr
    )

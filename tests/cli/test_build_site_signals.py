"""``carc-teach build-site`` stopped part-way leaves no process, no temporary folder and no half
site, and the next build into the same folder succeeds.

One build (a one-notebook site, not self-hosted) is stopped at two points with three signals:
Ctrl-C (SIGINT) and SIGKILL while the wheel is built, SIGTERM while marimo exports the page;
then a build runs to the end in the same folder.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_support import CLI, REPO, descendants, wait_gone

pytestmark = pytest.mark.slow

pytest.importorskip("marimo", reason="marimo (the notebooks extra) is not installed")
pytest.importorskip("build", reason="build (the dev extra) is not installed")

NOTEBOOK = """import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    mo.md("# A tiny walkthrough\\n\\nOne cell, enough for the exporter.")
    return
"""


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def start_build(notebooks: Path, output: Path, temp: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [*CLI, "build-site", "--notebooks", str(notebooks), "-o", str(output)],
        cwd=REPO,
        env={**os.environ, "TMPDIR": str(temp)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a signal for it must not reach pytest
    )


def wait_for_child(process: subprocess.Popen, words: str, timeout: float = 120) -> list[int]:
    """Wait until a process below ``process`` runs a command holding ``words``; return all
    the processes below it then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        below = descendants(process.pid)
        if any(words in command_line(pid) for pid in below):
            return below
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    raise AssertionError(f"no child running {words!r} within {timeout} s")


def interrupt(process: subprocess.Popen, signum: int, below: list[int]) -> tuple[int, str]:
    process.send_signal(signum)
    try:
        _, stderr = process.communicate(timeout=60)
    finally:
        left = wait_gone(below, timeout=15)
        for pid in left:  # never leak a child, even when the test fails
            os.kill(pid, signal.SIGKILL)
    assert not left, f"still running after {signal.Signals(signum).name}: {left}"
    return process.returncode, stderr


def test_an_interrupted_build_can_be_rerun(tmp_path):
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    (notebooks / "tiny.py").write_text(NOTEBOOK, encoding="utf-8")
    temp = tmp_path / "tmp"
    temp.mkdir()
    output = tmp_path / "out" / "site"
    output.mkdir(parents=True)
    # an earlier build: the folder must hold it, untouched, until a new build is complete
    (output / "carc-teach-site.json").write_text("{}", encoding="utf-8")
    (output / "earlier.html").write_text("earlier", encoding="utf-8")

    def assert_as_before():
        assert sorted(p.name for p in output.iterdir()) == ["carc-teach-site.json", "earlier.html"]
        assert list(temp.iterdir()) == []

    stops = [
        (signal.SIGINT, "-m carc_teach.site.lifeline", "interrupted"),
        (signal.SIGTERM, "marimo export html-wasm", "stopped by SIGTERM"),
    ]
    for signum, words, how in stops:
        process = start_build(notebooks, output, temp)
        status, stderr = interrupt(process, signum, wait_for_child(process, words))
        assert status == 128 + signum, stderr
        assert stderr.splitlines()[-1] == (
            f"carc-teach build-site: {how}; the output folder is as it was before "
            "(the partial build was removed)"
        )
        assert "Traceback" not in stderr, stderr
        assert_as_before()
        assert os.listdir(output.parent) == ["site"]  # no work folder beside it

    # SIGKILL cannot be caught: the children stop by their lifelines, the next build removes
    # the work folder, and the output folder still holds the earlier site
    process = start_build(notebooks, output, temp)
    below = wait_for_child(process, "-m carc_teach.site.lifeline")
    status, _ = interrupt(process, signal.SIGKILL, below)
    assert status == -signal.SIGKILL
    assert sorted(p.name for p in output.iterdir()) == ["carc-teach-site.json", "earlier.html"]
    left_over = [p for p in output.parent.iterdir() if p.name.startswith(".site.building-")]
    assert len(left_over) == 1

    process = start_build(notebooks, output, temp)
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == 0, stderr
    assert "built the site of 1 notebook in" in stdout
    assert os.listdir(output.parent) == ["site"]
    assert list(temp.iterdir()) == []
    assert (output / "tiny.html").is_file() and (output / "index.html").is_file()
    assert (output / ".nojekyll").read_bytes() == b""  # GitHub Pages needs it
    assert not (output / "earlier.html").exists()
    assert json.loads((output / "carc-teach-site.json").read_text("utf-8"))["pages"][0] == {
        "slug": "tiny",
        "title": "A tiny walkthrough",
        "description": "One cell, enough for the exporter.",
    }

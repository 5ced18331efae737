"""``carc-teach simulate`` streams its games, shows progress, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import CLI, REPO

from carc_teach.commands.simulate import PROGRESS_AFTER, PROGRESS_EVERY

HUGE = str(10**12)


def start(*args: str, unbuffered: bool = False) -> subprocess.Popen:
    """``simulate`` with its output piped. ``unbuffered``: bytes, read without a buffer, for a
    test that reads a line and then calls ``communicate``, which reads the pipe itself and would
    never see what a buffered ``readline`` had taken ahead of that line."""
    return subprocess.Popen(
        [*CLI, "simulate", *args],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=not unbuffered,
        bufsize=0 if unbuffered else -1,
    )


def wait_until_playing(process: subprocess.Popen, timeout: float = 60) -> None:
    """Wait until ``simulate`` has reached its games (it then catches SIGTERM, as
    ``/proc/<pid>/status`` shows): on a loaded machine starting Python and importing the engine
    can take longer than the few seconds a test waits before its signal."""
    status = Path(f"/proc/{process.pid}/status")
    deadline = time.monotonic() + timeout
    while status.is_file() and process.poll() is None and time.monotonic() < deadline:
        caught = next(
            (
                line.split()[1]
                for line in status.read_text().splitlines()
                if line.startswith("SigCgt:")
            ),
            "0",
        )
        if int(caught, 16) & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.05)


def stop(
    process: subprocess.Popen, signum: int, after: float, *, simulate: bool = True
) -> tuple[str, str]:
    try:
        if simulate:
            wait_until_playing(process)
        time.sleep(after)
        process.send_signal(signum)
        return process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_first_result_shows_at_once():
    """With a practically endless run, the first game is printed as soon as it is played."""
    process = start("--games", HUGE)
    try:
        started = time.monotonic()
        first = process.stdout.readline()
        assert first.startswith("seed      0: "), first
        assert time.monotonic() - started < 20
    finally:
        out, err = stop(process, signal.SIGINT, 0)
    assert process.returncode == 130


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_stopping_keeps_what_was_done(tmp_path, signum):
    process = start("--games", HUGE, "--save", str(tmp_path), "--progress", unbuffered=True)
    # time the run from its first game, not from the start of a process that may take
    # seconds to import on a loaded machine, so a progress line is due before the signal
    first = process.stdout.readline()  # byte by byte: nothing after the line is taken ahead
    out_bytes, err_bytes = stop(process, signum, PROGRESS_AFTER + 3 * PROGRESS_EVERY)
    out, err = (first + out_bytes).decode(), err_bytes.decode()
    assert process.returncode == 128 + signum
    assert "Traceback" not in err, err
    lines = out.splitlines()
    assert lines and all(line.startswith("seed ") for line in lines), out[-500:]
    summary = err.strip().splitlines()[-1]
    name = "interrupted" if signum == signal.SIGINT else "stopped by SIGTERM"
    assert summary.startswith(f"carc-teach simulate: {name} after {len(lines):,} of "), summary
    assert f"{len(lines):,} saved in {tmp_path}" in summary
    assert "progress: " in err  # the run lasted long enough for a progress line
    saved = sorted(tmp_path.glob("random-*.json"))
    assert len(saved) == len(lines)
    for path in saved:  # every saved game is whole
        assert json.loads(path.read_text(encoding="utf-8"))["moves"]
    assert not list(tmp_path.glob(".*"))


def test_interrupted_json_is_still_json():
    process = start("--games", HUGE, "--json")
    out, err = stop(process, signal.SIGINT, 2.0)
    assert process.returncode == 130
    data = json.loads(out)
    assert data["interrupted"] is True
    assert [g["seed"] for g in data["games"]] == list(range(len(data["games"])))
    assert f"interrupted after {len(data['games']):,} of" in err


def test_short_run_prints_every_game_and_a_total():
    result = subprocess.run(
        [*CLI, "simulate", "--seed", "3", "--games", "3"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == [f"seed {s:>6}" for s in (3, 4, 5)]
    assert lines[3].startswith("3 games in ")
    assert result.stderr == ""  # no progress line when standard error is not a terminal


def test_short_run_json():
    result = subprocess.run(
        [*CLI, "simulate", "--games", "2", "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [g["seed"] for g in data["games"]] == [0, 1]
    assert "interrupted" not in data
    assert set(data["games"][0]) == {"seed", "turns", "events", "scores", "winners"}


def test_ctrl_c_in_another_command_is_one_line():
    """Any command stopped by Ctrl-C says so in one line, exit status 130.

    The command line's own ``main`` runs in a process that says when it has imported it: a
    signal sent a fixed time after the start fell in Python's start-up on a loaded machine,
    before any command runs (bench installs no handler to look for, as simulate does)."""
    ready = "import sys; from carc_teach.cli import main; print('ready', flush=True); "
    process = subprocess.Popen(
        [sys.executable, "-c", ready + f"sys.exit(main(['bench', '--games', '{HUGE}']))"],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline() == "ready\n"
    except BaseException:  # a practically endless bench must not outlive the test
        process.kill()
        process.wait()
        raise
    out, err = stop(process, signal.SIGINT, 1.0, simulate=False)
    assert process.returncode == 130
    assert err.strip() == "carc-teach bench: interrupted"

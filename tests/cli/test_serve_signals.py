"""``carc-teach serve`` stops its ``marimo run`` child however it is stopped.

Each test starts ``serve --no-browser`` on a free port, records the processes below it, stops it
with one signal and checks that the port is free and none of those processes runs any more.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import CLI, REPO, alive, descendants, port_is_free, wait_gone

pytestmark = pytest.mark.slow

marimo = pytest.importorskip("marimo", reason="marimo (the notebooks extra) is not installed")


def start_serve(port: int) -> subprocess.Popen:
    from carc_teach.site.serve import wait_until_serving

    process = subprocess.Popen(
        [*CLI, "serve", "--no-browser", "--port", str(port)],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # a signal for it must not reach pytest
    )
    try:
        wait_until_serving(f"http://127.0.0.1:{port}/", process, timeout=90)
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    return process


def stop_and_check(process: subprocess.Popen, port: int, signum: int) -> int | None:
    """Send ``signum`` to serve alone; return its exit status (None if it was SIGKILL)."""
    below = descendants(process.pid)
    assert below, "serve started no child process"
    process.send_signal(signum)
    try:
        status = process.wait(timeout=30)
        output = process.stdout.read()
    finally:
        left = wait_gone(below, timeout=15)
        for pid in left:  # never leak a server, even when the test fails
            os.kill(pid, signal.SIGKILL)
    assert not left, f"still running after {signal.Signals(signum).name}: {left}"
    assert port_is_free(port), f"port {port} still answers"
    assert "Traceback" not in output, output
    return status


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_serve_stops_its_server_on_signal(signum):
    from carc_teach.site.serve import free_port

    port = free_port()
    process = start_serve(port)
    assert stop_and_check(process, port, signum) == 0


def test_server_stops_by_itself_when_serve_is_killed():
    """SIGKILL cannot be caught: the child notices its lifeline closing and stops itself."""
    from carc_teach.site.serve import free_port

    port = free_port()
    process = start_serve(port)
    stop_and_check(process, port, signal.SIGKILL)


def test_lifeline_child_outlives_no_parent(tmp_path):
    """A child started with ``lifeline.spawn`` stops when its parent is killed outright."""
    script = tmp_path / "parent.py"
    script.write_text(
        "import subprocess, sys, time\n"
        "from carc_teach.site import lifeline\n"
        "child = lifeline.spawn('http.server', ['--bind', '127.0.0.1', sys.argv[1]],\n"
        "                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(600)\n"
    )
    from carc_teach.site.serve import free_port, wait_until_serving

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}  # this checkout's carc_teach
    parent = subprocess.Popen(
        [sys.executable, str(script), str(port)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        child = int(parent.stdout.readline())
        wait_until_serving(f"http://127.0.0.1:{port}/", parent, timeout=30)
        assert alive(child)
    finally:
        parent.kill()
        parent.wait()
    started = time.monotonic()
    left = wait_gone([child], timeout=15)
    if left:
        os.kill(child, signal.SIGKILL)
    assert not left, "the child outlived its parent"
    assert time.monotonic() - started < 5
    # no check that the port is free: the child is gone, and another test on the other worker
    # may already have been given the same port by free_port()


def test_a_port_serve_cannot_use_is_one_line():
    import socket

    from cli_support import run_cli

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        result = run_cli("serve", "--no-browser", "--port", str(taken))
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == f"carc-teach serve: error: cannot serve on 127.0.0.1:{taken}: it is in use"
    )
    result = run_cli("serve", "--no-browser", "--port", "99999")
    assert result.returncode == 2
    assert result.stderr.strip().endswith("--port must be between 1 and 65535, not 99999")


def test_the_links_follow_the_course_not_the_alphabet():
    from carc_teach.site.notebooks import discover_notebooks
    from carc_teach.site.serve import walkthrough_links

    notebooks = discover_notebooks(Path(__file__).resolve().parents[2] / "notebooks")
    lines = walkthrough_links("http://127.0.0.1:1/", notebooks)
    stems = [line.strip().rsplit("/", 2)[-2] for line in lines]
    assert stems[:3] == ["turn_sequence", "tiles_and_features", "scoring_reference"]
    assert stems.index("count_of_carcassonne") < stems.index("abbey_and_mayor")
    assert sorted(stems) == sorted(p.stem for p in notebooks)

"""Helpers for the command-line tests: running ``carc-teach``, processes and ports.

Processes are found with psutil when it is installed, else by reading ``/proc``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "carc_teach.cli"]


def _children_from_proc(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the command name (field 2) may hold spaces and parentheses; ppid follows the last ")"
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def descendants(pid: int) -> list[int]:
    """The pids of every live process below ``pid`` (children, their children, ...)."""
    try:
        import psutil
    except ImportError:
        out, todo = [], [pid]
        while todo:
            for child in _children_from_proc(todo.pop()):
                out.append(child)
                todo.append(child)
        return out
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    live = []
    for c in children:
        try:
            if c.status() != psutil.STATUS_ZOMBIE:
                live.append(c.pid)
        except psutil.NoSuchProcess:  # it ended between being listed and being looked at
            pass
    return live


def alive(pid: int) -> bool:
    """True while ``pid`` is a running (not zombie) process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def wait_gone(pids, timeout: float = 15.0) -> list[int]:
    """Wait until none of ``pids`` runs; return those still running after ``timeout``."""
    deadline = time.monotonic() + timeout
    left = [p for p in pids if alive(p)]
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = [p for p in left if alive(p)]
    return left


def port_is_free(port: int) -> bool:
    """True when nothing accepts connections on 127.0.0.1:port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) != 0


def run_cli(*args: str, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    """``carc-teach ARGS`` in a subprocess (this checkout), its output captured as text."""
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, timeout=timeout, cwd=REPO, **kwargs
    )

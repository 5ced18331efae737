"""Every test here runs ``carc-teach`` in a subprocess; this checks it left no process behind."""

from __future__ import annotations

import os

import pytest
from cli_support import descendants, wait_gone


@pytest.fixture(autouse=True)
def no_process_left_behind():
    before = set(descendants(os.getpid()))
    yield
    left = wait_gone([p for p in descendants(os.getpid()) if p not in before], timeout=10)
    for pid in left:  # do not leak them into the next test, but fail this one
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
    assert not left, f"processes left running: {left}"

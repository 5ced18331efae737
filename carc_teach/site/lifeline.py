"""Child processes that end when the process that started them ends, however it ends.

A server started in its own session (so that its whole process group can be stopped at once)
no longer hears the signals sent to its parent: a closed terminal (SIGHUP), a ``kill`` (SIGTERM)
or a crash of the parent would leave it serving. Two layers prevent that:

- :func:`stop_signals_raise` turns SIGTERM and SIGHUP in the parent into an exception, so the
  parent's ``finally`` blocks run and stop the child as Ctrl-C (SIGINT) already did;
- :func:`spawn` gives the child a *lifeline*: the read end of a pipe whose only write end stays
  in the parent. The child runs ``python -m carc_teach.site.lifeline FD MODULE ARGS...``, which
  starts a thread that waits for end-of-file on ``FD`` and then stops the child's own process
  group (SIGTERM, then SIGKILL after a grace period), and runs ``python -m MODULE ARGS...`` in
  the main thread. The operating system closes the write end whenever the parent ends, even when
  it is killed with SIGKILL, so nothing outlives it.

Pure Python and POSIX only (no ``prctl``): what ``carc-teach serve`` and the tests use.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

__all__ = ["spawn", "stop_signals_raise", "signals_held", "StopSignal", "GRACE_SECONDS"]

#: how long a child may take to stop after SIGTERM before it is killed
GRACE_SECONDS = 5.0

#: the signals that ask a server to stop
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class StopSignal(BaseException):
    """Raised in the main thread when SIGTERM or SIGHUP arrives (see :func:`stop_signals_raise`).

    A ``BaseException`` like ``KeyboardInterrupt``, so ``except Exception`` does not swallow it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextlib.contextmanager
def stop_signals_raise():
    """Within the block, SIGTERM and SIGHUP raise :class:`StopSignal` in the main thread.

    The previous handlers come back on leaving the block. Outside the main thread this does
    nothing (Python delivers signals to the main thread only).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, _frame):
        raise StopSignal(signum)

    previous = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


@contextlib.contextmanager
def signals_held():
    """Within the block, Ctrl-C and the stop signals wait, and arrive as it ends.

    For a step that must not be cut in two, such as a result written out and counted: a signal
    between the two would leave the count one short of what was written. Where the system
    cannot hold signals (no ``pthread_sigmask``) or outside the main thread, nothing is held.
    """
    if not hasattr(signal, "pthread_sigmask") or (
        threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *STOP_SIGNALS})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def spawn(module: str, args: list[str], **popen_kwargs) -> subprocess.Popen:
    """Start ``python -m module *args`` in its own session, tied to this process by a lifeline.

    ``popen_kwargs`` go to :class:`subprocess.Popen` (``stdin``, ``stdout``, ``stderr``, ...);
    ``start_new_session`` is always set, so ``os.killpg(process.pid, ...)`` reaches the child and
    everything it starts.
    """
    read_end, write_end = os.pipe()  # both non-inheritable: no other child keeps it open
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", __name__, str(read_end), module, *args],
            pass_fds=(read_end,),
            start_new_session=True,
            **popen_kwargs,
        )
    except BaseException:
        os.close(write_end)
        raise
    finally:
        os.close(read_end)
    # The write end lives as long as the Popen object (or this process): never written to.
    process._carc_lifeline = os.fdopen(write_end, "wb", buffering=0)  # type: ignore[attr-defined]
    return process


def _wait_for_parent(fd: int) -> None:
    """Block until the parent's end of the pipe is closed, then stop this process group."""
    while True:
        try:
            if not os.read(fd, 64):
                break
        except InterruptedError:
            continue
        except OSError:
            break
    with contextlib.suppress(ProcessLookupError):
        os.killpg(os.getpgrp(), signal.SIGTERM)
    time.sleep(GRACE_SECONDS)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(os.getpgrp(), signal.SIGKILL)


def main(argv: list[str]) -> None:
    import runpy

    fd, module, *args = argv
    threading.Thread(target=_wait_for_parent, args=(int(fd),), name="lifeline", daemon=True).start()
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])

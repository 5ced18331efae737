"""Run the walkthrough notebooks locally (``carc-teach serve``).

:func:`serve` starts :mod:`carc_teach.site.app` on 127.0.0.1: the toolkit's own index page (the
static site's cards) at ``/`` and each notebook in marimo's run mode at ``/<slug>/``. marimo's
front end is inside the marimo package and the notebooks run in this Python, so nothing is
fetched from the internet. :func:`start_marimo_run` (plain ``marimo run`` of one notebook) and
the helpers to wait for and stop a server are also what the browser tests use.
"""

from __future__ import annotations

import errno
import importlib.util
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
import webbrowser
from pathlib import Path

from carc_teach.errors import phrase
from carc_teach.site import lifeline
from carc_teach.site.curriculum import place_of
from carc_teach.site.notebooks import (
    SiteError,
    discover_notebooks,
    find_notebooks_dir,
    read_notebook_info,
)

__all__ = [
    "free_port",
    "check_port",
    "start_marimo_run",
    "start_server",
    "wait_until_serving",
    "stop_process",
    "serve",
]

HOST = "127.0.0.1"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def check_port(port: int) -> None:
    """Raise :class:`SiteError` unless ``port`` is a valid port that nothing on 127.0.0.1 holds."""
    if not 1 <= port <= 65535:
        raise SiteError(phrase("--port must be between 1 and 65535, not {port}", port=port))
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((HOST, port))
        except OSError as exc:
            # the operating system's reason stays in its words
            reason = phrase("it is in use") if exc.errno == errno.EADDRINUSE else exc.strerror
            raise SiteError(
                phrase(
                    "cannot serve on {host}:{port}: {reason}", host=HOST, port=port, reason=reason
                )
            ) from None


def start_marimo_run(target: Path, port: int, *, log_file=None) -> subprocess.Popen:
    """Start ``marimo run`` on ``target`` (a notebook or a folder of them) on 127.0.0.1:port.

    The server runs in its own process group, so :func:`stop_process` ends it with the kernels
    it started, and on a lifeline (:mod:`carc_teach.site.lifeline`): it stops by itself when
    this process ends, even when this process is killed and cannot stop it.
    """
    if importlib.util.find_spec("marimo") is None:
        raise SiteError(
            phrase("marimo is not installed; run ./dev setup (installs the notebooks extra)")
        )
    arguments = [
        "run", str(target),
        "--host", HOST, "--port", str(port), "--headless", "--no-token", "--no-sandbox",
    ]  # fmt: skip
    return lifeline.spawn(
        "marimo",
        arguments,
        stdin=subprocess.DEVNULL,
        stdout=log_file if log_file is not None else None,
        stderr=subprocess.STDOUT if log_file is not None else None,
    )


def start_server(notebooks_dir: Path, port: int, *, log_file=None) -> subprocess.Popen:
    """Start the toolkit's server (:mod:`carc_teach.site.app`) on 127.0.0.1:port.

    Like :func:`start_marimo_run`: its own process group, on a lifeline.
    """
    if importlib.util.find_spec("marimo") is None:
        raise SiteError(
            phrase("marimo is not installed; run ./dev setup (installs the notebooks extra)")
        )
    return lifeline.spawn(
        "carc_teach.site.app",
        ["--host", HOST, "--port", str(port), "--notebooks", str(notebooks_dir)],
        stdin=subprocess.DEVNULL,
        stdout=log_file if log_file is not None else None,
        stderr=subprocess.STDOUT if log_file is not None else None,
    )


def wait_until_serving(url: str, process: subprocess.Popen, timeout: float = 60.0) -> None:
    """Block until ``url`` answers HTTP, or raise when the server died or took too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SiteError(
                phrase(
                    "the notebook server stopped (exit status {status})",
                    status=process.returncode,
                )
            )
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    raise SiteError(
        phrase(
            "the notebook server did not answer at {url} within {seconds} s",
            url=url,
            seconds=f"{timeout:.0f}",
        )
    )


def stop_process(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop a server started by :func:`start_marimo_run` (its whole process group)."""
    try:
        if process.poll() is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=timeout)
        except ProcessLookupError:
            pass
    finally:
        line = getattr(process, "_carc_lifeline", None)
        if line is not None:
            line.close()


def walkthrough_links(url: str, notebooks: list[Path]) -> list[str]:
    """One line per walkthrough, in the course's order (as the index page lists them)."""
    ordered = sorted(notebooks, key=lambda p: (*place_of(p.stem)[:2], p.stem))
    return [f"  {url}{notebook.stem}/" for notebook in ordered]


def serve(
    *, port: int | None = None, open_browser: bool = True, notebooks_dir: Path | None = None
) -> int:
    """Serve the index and every walkthrough until stopped; print the address, open a browser.

    Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed terminal) all stop the server and its
    kernels before this returns; if this process is killed outright, the server stops by itself
    (see :func:`start_marimo_run`).

    Returns
    -------
    int
        The exit status: 0 when stopped by one of those signals.
    """
    folder = find_notebooks_dir(notebooks_dir)
    notebooks = discover_notebooks(folder)
    if not notebooks:
        raise SiteError(phrase("no marimo notebooks found in {folder}", folder=folder))
    for notebook in notebooks:  # what the server reads first: a bad notebook is one line here
        read_notebook_info(notebook)
    if port is None:
        port = free_port()
    else:
        check_port(port)
    url = f"http://{HOST}:{port}/"
    with lifeline.stop_signals_raise():
        process = start_server(folder, port)
        try:
            wait_until_serving(url, process)
            print(f"carc_teach walkthroughs: {url}  (Ctrl-C stops the server)", flush=True)
            for line in walkthrough_links(url, notebooks):
                print(line, flush=True)
            if open_browser:
                webbrowser.open(url)
            process.wait()
            return 0 if process.returncode in (0, -2, -15) else int(process.returncode)
        except (KeyboardInterrupt, lifeline.StopSignal):
            return 0
        finally:
            stop_process(process)

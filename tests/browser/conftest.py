"""Real-browser fixtures: Debian's Chromium driven by Playwright for Python.

- ``browser`` (session): headless Chromium (``shutil.which("chromium")``; never a downloaded
  browser build).
- ``page_session``: a fresh page whose requests to anything but 127.0.0.1 are aborted and
  counted, whose console errors and page errors are collected, and which saves a screenshot
  under ``test-artifacts/browser/`` when the test ends (pass or fail).
- ``marimo_app``: ``marimo_app(path)`` starts ``marimo run`` for a notebook on 127.0.0.1 on a
  free port (once per session per notebook) and returns its URL; torn down at session end, and
  on a lifeline: if pytest itself is killed (SIGTERM, SIGHUP, even SIGKILL), the server stops
  by itself.
- ``self_hosted_site`` (session): builds ``carc-teach build-site --self-hosted`` once and
  serves it on 127.0.0.1. The site builds of these tests keep the snapshot at zstd level 9
  (``CARC_TEACH_SNAPSHOT_ZSTD_LEVEL``, unless set): level 19, a learner's build, would cost a
  minute of the run each time carc_teach changes (docs/site.md).

Helpers for the walkthrough tests live in :mod:`marimo_page` beside this file.

``./dev test`` installs Chromium; with bare ``pytest`` on a machine without it these tests skip
and say why (with ``CI`` set they fail instead).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from carc_support import missing_prerequisite

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))  # so tests can `import marimo_page`
os.environ.setdefault("CARC_TEACH_SNAPSHOT_ZSTD_LEVEL", "9")

ARTIFACTS = REPO / "test-artifacts" / "browser"
LOCAL_PREFIX = "http://127.0.0.1:"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    chromium = shutil.which("chromium")
    if chromium is None:
        missing_prerequisite("Debian's chromium is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_prerequisite("playwright (Python) is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@dataclass
class PageSession:
    """A page with its blocked requests and console errors.

    Attributes
    ----------
    page:
        The Playwright page.
    blocked:
        URLs of requests to anything but 127.0.0.1, which were aborted.
    console_errors:
        ``console.error`` messages and uncaught page errors.
    console_messages:
        Every console message (the WebAssembly runtime logs Python tracebacks there).
    requested:
        URLs of the requests to 127.0.0.1 (the page's and its workers').
    """

    page: object
    blocked: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console_messages: list[str] = field(default_factory=list)
    requested: list[str] = field(default_factory=list)

    def on_console(self, message) -> None:
        self.console_messages.append(message.text)
        if message.type == "error":
            self.console_errors.append(message.text)

    def screenshot(self, name: str) -> Path:
        """Save a full-page screenshot as ``test-artifacts/browser/<name>.png``."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def page_session(browser, request):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    session = PageSession(page=None)

    def route(route_request):
        url = route_request.request.url
        if url.startswith(LOCAL_PREFIX) or url.startswith(("data:", "blob:")):
            session.requested.append(url)
            route_request.continue_()
        else:
            session.blocked.append(url)
            route_request.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.on("console", session.on_console)
    page.on("pageerror", lambda error: session.console_errors.append(f"pageerror: {error}"))
    session.page = page
    yield session
    try:
        session.screenshot(request.node.name)
    finally:
        context.close()


@pytest.fixture(scope="session")
def marimo_app(tmp_path_factory):
    """``marimo_app(notebook) -> url``: a ``marimo run`` server for that notebook."""
    from carc_teach.site.serve import (
        free_port,
        start_marimo_run,
        stop_process,
        wait_until_serving,
    )

    servers: dict[Path, tuple[str, object]] = {}
    logs = tmp_path_factory.mktemp("marimo-run-logs")

    def start(notebook: Path) -> str:
        notebook = Path(notebook).resolve()
        if notebook not in servers:
            port = free_port()
            log = open(logs / f"{notebook.stem}.log", "w")  # noqa: SIM115 (closed below)
            process = start_marimo_run(notebook, port, log_file=log)
            url = f"http://127.0.0.1:{port}/"
            servers[notebook] = (url, process, log)
            wait_until_serving(url, process)
        return servers[notebook][0]

    try:
        yield start
    finally:
        for _, process, log in servers.values():
            stop_process(process)
            log.close()


@dataclass
class ServedSite:
    url: str
    build: object  # carc_teach.site.build.SiteBuild


@pytest.fixture(scope="session")
def self_hosted_site(tmp_path_factory):
    """The ``--self-hosted`` site, built once and served on 127.0.0.1."""
    from carc_teach.site.build import build_site
    from carc_teach.site.notebooks import SiteError
    from carc_teach.site.offline import find_offline_inputs

    try:
        inputs = find_offline_inputs()
    except SiteError as exc:
        missing_prerequisite(str(exc))
    output = tmp_path_factory.mktemp("self-hosted-site")
    from marimo_page import notebooks_dir

    build = build_site(
        output,
        self_hosted=True,
        notebooks_dir=notebooks_dir(),
        offline_inputs=inputs,
        log=lambda *_: None,
    )
    from marimo_page import serve_directory

    with serve_directory(build.output_dir) as url:
        yield ServedSite(url, build)

"""Helpers for driving a marimo notebook page (``marimo run`` or the WebAssembly site).

Written so a walkthrough test is a few lines::

    page = open_notebook(session, url, title="Turn sequence")
    before = svg_snapshot(page)
    clicks = click_until(page, "next", lambda: "points" in body_text(page))
    assert svg_snapshot(page) != before
    assert_healthy(session)

A run-mode cell that raises renders no output (``marimo run`` shows "An internal error
occurred"; the WebAssembly runtime logs the traceback to the console), so tests assert on the
text they expect and call :func:`assert_healthy`, which checks both.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = [
    "notebooks_dir",
    "serve_directory",
    "CELL_ERROR_TEXT",
    "WASM_BOOT_TIMEOUT_MS",
    "FIRST_VIEW_SECONDS",
    "first_view_limit",
    "expected_first_view",
    "open_notebook",
    "open_offline_page",
    "wait_for_notebook",
    "body_text",
    "wait_for_text",
    "wait_until_settled",
    "svg_snapshot",
    "svg_highlights",
    "click_button",
    "click_until",
    "choose_radio",
    "select_option",
    "python_tracebacks",
    "assert_healthy",
]

#: What ``marimo run`` shows in place of the output of a cell that raised.
CELL_ERROR_TEXT = "An internal error occurred"
#: Pyodide boot plus package loading, on a 2-core machine, with margin.
WASM_BOOT_TIMEOUT_MS = 240_000


def notebooks_dir() -> Path:
    """The notebooks under test: the checkout's ``notebooks/``, or ``CARC_TEACH_NOTEBOOKS``
    (e.g. a copy with a deliberately broken cell, to watch the tests fail; see docs/site.md)."""
    default = Path(__file__).resolve().parents[2] / "notebooks"
    return Path(os.environ.get("CARC_TEACH_NOTEBOOKS", default))


class _SiteHandler(http.server.SimpleHTTPRequestHandler):
    # The runtime needs these types: wasm for streaming compilation, JS for module workers.
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, format, *args):  # noqa: A002 - keep the test output quiet
        pass


@contextlib.contextmanager
def serve_directory(directory: Path) -> Iterator[str]:
    """Serve a built site's folder on 127.0.0.1 (a free port) while the block runs; gives its
    URL."""
    handler = functools.partial(_SiteHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def body_text(page) -> str:
    """The visible text of the whole page, including marimo's UI elements.

    marimo renders UI elements (buttons, radios, dropdowns and their labels) inside shadow
    roots, which ``innerText`` of the body leaves out; their text is appended.
    """
    return page.evaluate(
        """() => {
            const parts = [document.body.innerText];
            const visit = (root) => root.querySelectorAll('*').forEach((el) => {
                if (!el.shadowRoot) return;
                Array.from(el.shadowRoot.children).forEach((child) => {
                    if (child.innerText) parts.push(child.innerText);
                });
                visit(el.shadowRoot);
            });
            visit(document);
            return parts.join('\\n');
        }"""
    )


def wait_for_text(page, text: str, timeout_ms: float = 60_000) -> None:
    """Wait until ``text`` is visible somewhere on the page (in its body: the document's
    ``<title>``, which marimo may set to the same words, is never visible)."""
    found = page.locator("body").get_by_text(text, exact=False)
    found.first.wait_for(state="visible", timeout=timeout_ms)


def wait_until_settled(page, quiet_ms: int = 1500, timeout_ms: int = 60_000) -> str:
    """Wait until the page's text and SVGs stop changing for ``quiet_ms``; return the text.

    marimo re-renders cell outputs as the kernel answers; a step is done when nothing moves.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    last = None
    stable_since = time.monotonic()
    while time.monotonic() < deadline:
        current = (body_text(page), svg_snapshot(page))
        if current != last:
            last = current
            stable_since = time.monotonic()
        elif (time.monotonic() - stable_since) * 1000 >= quiet_ms:
            return current[0]
        page.wait_for_timeout(250)
    raise AssertionError(f"the page kept changing for {timeout_ms / 1000:.0f} s")


def open_notebook(session, url: str, *, title: str, timeout_ms: float = 60_000):
    """Open a notebook page and wait until its Python has run; return the page.

    Waits for ``title`` (markdown may be shown before the kernel runs, in the WebAssembly
    export), then for the first visible control of a UI element (those exist only once Python
    has run the cells), then for the outputs to settle.
    """
    session.page.goto(url)
    return wait_for_notebook(session, title=title, timeout_ms=timeout_ms)


#: The pre-rendered first view of an offline page shows within this (the goal is 3 s; tests run
#: on a loaded machine).
FIRST_VIEW_SECONDS = 6.0

# The boards (svg.carc-board) on the page, the pre-rendered one and marimo's, in any shadow root.
_BOARDS = """() => {
    const found = {prerendered: [], notebook: []};
    const visit = (root) => {
        root.querySelectorAll('svg.carc-board').forEach((svg) => {
            const where = svg.closest('[data-carc-prerender]') ? 'prerendered' : 'notebook';
            found[where].push(svg.outerHTML);
        });
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return found;
}"""


def first_view_limit() -> float:
    """:data:`FIRST_VIEW_SECONDS`, stretched when the machine is busier than its cores (the
    suite runs beside other work on two cores; ``benchmarks/site_speed.py`` gives the real
    figure on a quiet machine)."""
    busy = os.getloadavg()[0] / (os.cpu_count() or 1)
    return FIRST_VIEW_SECONDS * max(1.0, busy)


@functools.cache
def expected_first_view(notebook: Path):
    """The pre-rendered view the site build made of ``notebook`` (run once per session)."""
    from carc_teach.site.prerender import first_view

    return first_view(notebook)


def open_offline_page(session, url: str, *, notebook: Path, title: str, timeout_ms: float):
    """Open a page of the WebAssembly site and check its first view on the way; return the page.

    The page must show its title (and its first board, if it has one) pre-rendered within
    :data:`FIRST_VIEW_SECONDS`; once the notebook has run, the pre-rendered view must be gone
    and the notebook's own first board must be the very board that was pre-rendered. Every
    test that opens an offline page checks this, so no page is loaded only for this check.
    """
    page = session.page
    expected = expected_first_view(notebook)
    assert expected is not None, f"{notebook.stem}: no pre-rendered view"
    started = time.monotonic()
    page.goto(url, wait_until="commit")
    prerendered = page.locator("[data-carc-prerender]")
    limit = first_view_limit()
    prerendered.get_by_text(title).wait_for(timeout=limit * 1000)
    if expected.ready == "board":
        prerendered.locator("svg.carc-board").wait_for(timeout=limit * 1000)
    shown_after = time.monotonic() - started
    assert shown_after <= limit, (
        f"{notebook.stem}: first view after {shown_after:.1f} s (limit {limit:.1f} s)"
    )
    early = page.evaluate(_BOARDS)

    wait_for_notebook(session, title=title, timeout_ms=timeout_ms)
    # a stepping walkthrough builds every event's view before it draws its first board (a
    # second or two in Pyodide), after its other controls are up
    deadline = time.monotonic() + timeout_ms / 1000
    while prerendered.count() and time.monotonic() < deadline:
        page.wait_for_timeout(250)

    assert prerendered.count() == 0, f"{notebook.stem}: the pre-rendered view stayed"
    # the self-hosted worker starts Python from the build's memory snapshot
    assert any("/pyodide/snapshot.bin" in url for url in session.requested), (
        f"{notebook.stem}: the worker did not fetch the Python snapshot"
    )
    # ... and its Python found no file or library of the snapshot's missing
    troubles = ("Logging error", "Exception ignored", "Bad file descriptor", "carc-teach snapshot")
    troubled = [m for m in session.console_messages if any(t in m for t in troubles)]
    assert not troubled, f"{notebook.stem}: after the restore: {troubled[:3]}"
    if expected.ready == "board":
        notebook_boards = page.evaluate(_BOARDS)["notebook"]
        assert early["prerendered"] == [notebook_boards[0]], (
            f"{notebook.stem}: the pre-rendered board is not the notebook's first board"
        )
    return page


def wait_for_notebook(session, *, title: str, timeout_ms: float = 60_000):
    """The waiting half of :func:`open_notebook`, for a page already opened."""
    page = session.page
    wait_for_text(page, title, timeout_ms)
    controls = "marimo-ui-element :is(button, select, input, textarea, [role=slider])"
    page.locator(f"{controls} >> visible=true").first.wait_for(timeout=timeout_ms)
    wait_until_settled(page)
    return page


def svg_snapshot(page) -> str:
    """The markup of every SVG on the page (boards, graphs), to tell whether a drawing changed."""
    return page.evaluate(
        """() => {
            const found = [];
            const visit = (root) => {
                root.querySelectorAll('svg').forEach((svg) => {
                    // Skip icons: only drawings of some size count.
                    const box = svg.getBoundingClientRect();
                    if (box.width >= 60 && box.height >= 60) found.push(svg.outerHTML);
                });
                root.querySelectorAll('*').forEach((el) => {
                    if (el.shadowRoot) visit(el.shadowRoot);
                });
            };
            visit(document);
            return found.join('\\n');
        }"""
    )


def _wait_for_change(page, before: tuple[str, str], timeout_ms: float) -> None:
    deadline = time.monotonic() + timeout_ms / 1000
    while (body_text(page), svg_snapshot(page)) == before:
        if time.monotonic() > deadline:
            raise AssertionError(f"nothing changed on the page within {timeout_ms / 1000:.0f} s")
        page.wait_for_timeout(200)


def svg_highlights(page) -> str:
    """The markup of highlighted shapes (``class="highlight"`` groups) in the page's SVGs."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('svg .highlight'))
            .map((el) => el.outerHTML).join('\\n')"""
    )


def click_button(page, name: str, *, expect_change: bool = True, timeout_ms=60_000) -> None:
    """Click the button labelled ``name``; wait for the page to change, then to settle."""
    before = (body_text(page), svg_snapshot(page))
    page.get_by_role("button", name=name, exact=True).first.click()
    if expect_change:
        _wait_for_change(page, before, timeout_ms)
    wait_until_settled(page)


def click_until(page, name: str, done: Callable[[], bool], max_clicks: int = 60) -> int:
    """Click button ``name`` until ``done()`` holds; return how many clicks it took.

    Raises
    ------
    AssertionError
        When ``done()`` still fails after ``max_clicks``.
    """
    for clicks in range(1, max_clicks + 1):
        click_button(page, name)
        if done():
            return clicks
    raise AssertionError(f"pressed {name!r} {max_clicks} times and the condition never held")


def choose_radio(page, option: str) -> None:
    """Pick the radio button labelled ``option``; wait for the page to change and settle."""
    before = (body_text(page), svg_snapshot(page))
    page.get_by_role("radio", name=option, exact=True).first.check()
    _wait_for_change(page, before, 60_000)
    wait_until_settled(page)


def select_option(page, label: str, option: str) -> None:
    """Choose ``option`` in the dropdown labelled ``label``; wait for a change, then settle."""
    before = (body_text(page), svg_snapshot(page))
    page.get_by_label(label, exact=True).first.select_option(label=option)
    _wait_for_change(page, before, 60_000)
    wait_until_settled(page)


def python_tracebacks(session) -> list[str]:
    """Python tracebacks the page reported (the WebAssembly runtime logs them to the console)."""
    return [m for m in session.console_messages if "Traceback (most recent call last)" in m]


#: errors marimo's front end reports when the WebAssembly worker answers late, which a loaded
#: 2-core machine causes; what the worker was asked still arrives, and the test's own checks of
#: what the page shows decide whether it did
SLOW_MACHINE_ERRORS = ("RPC request timed out.",)


def assert_healthy(session, *, tolerate_missing: tuple[str, ...] = ()) -> None:
    """No cell failed, nothing was fetched from outside 127.0.0.1, no console errors.

    Parameters
    ----------
    tolerate_missing:
        Modules whose absence may fail a cell (``("matplotlib",)`` on the offline site, where no
        Pyodide build of it can be had): a traceback ending in ``No module named '<name>'`` is
        allowed, and so is one "internal error" output per such traceback.
    """
    tracebacks = python_tracebacks(session)
    tolerated = [
        t for t in tracebacks if any(f"No module named '{name}" in t for name in tolerate_missing)
    ]
    unexpected = [t for t in tracebacks if t not in tolerated]
    assert not unexpected, unexpected[0][-2000:]
    failed_cells = body_text(session.page).count(CELL_ERROR_TEXT)
    assert failed_cells <= len(tolerated), f"{failed_cells} cell(s) raised (marimo shows an error)"
    assert not session.blocked, f"requests outside 127.0.0.1: {session.blocked[:5]}"
    errors = [
        e
        for e in session.console_errors
        if not any(e in t for t in tolerated) and not e.endswith(SLOW_MACHINE_ERRORS)
    ]
    assert not errors, errors[:5]

"""The board that takes clicks (carc_teach.board_input.board_picker) in real Chromium.

The fixture notebook tests/fixtures/notebooks/board_picker.py shows a board reaching into
negative squares with five targets (two squares, one refused; a city and a road; a barn's
corner with an HTML-looking label) and prints the picked value. A mouse click on a square and
on a segment, and a keyboard pick (Tab, an arrow key, Enter; then Space), must reach Python:
the printed value names the target and counts the picks; so must a pick on the new picker
drawn when its cell runs again, and on a picture drawn into the same picker in place (the
Play page's way: the count goes on). Run under ``marimo run``, and, when
asked for (``CARC_TEACH_PICKER_SITE=1``), on a ``--self-hosted`` site built from that notebook
with every request outside 127.0.0.1 blocked: building that site takes a minute or more here
after any change to the engine (its memory snapshot is its own), too much for the default run
(docs/drawing.md).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from carc_support import missing_prerequisite
from marimo_page import WASM_BOOT_TIMEOUT_MS, assert_healthy, serve_directory, wait_for_text

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = Path(__file__).resolve().parents[1] / "fixtures" / "notebooks" / "board_picker.py"


def _open(session, url: str, timeout_ms: float = 60_000):
    page = session.page
    page.goto(url)
    page.locator(".carc-picker .target").first.wait_for(timeout=timeout_ms)
    wait_for_text(page, "picked: None #0", timeout_ms)
    return page


def _check_picks(session) -> None:
    page = session.page
    board = page.locator(".carc-picker[data-key='test-board']")
    # the label is text: escaped, not markup
    barn = board.locator(".target[data-id='barn']")
    assert barn.get_attribute("aria-label") == "<b>Ann</b>'s barn & co"
    assert board.locator("b").count() == 0
    assert board.locator(".target.refused").count() == 1

    board.locator(".target[data-id='square-west']").click()
    wait_for_text(page, "picked: square-west #1")
    board.locator(".target[data-id='road']").click()
    wait_for_text(page, "picked: road #2")
    # the same target again still counts
    board.locator(".target[data-id='road']").click()
    wait_for_text(page, "picked: road #3")
    # a refused target can be picked too (the page says why it is refused)
    board.locator(".target[data-id='square-east']").click()
    wait_for_text(page, "picked: square-east #4")

    # keyboard: Tab comes back to the target used last (the east square), the left arrow
    # goes to a target west of it, Enter picks it; Space picks again
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Tab")
    assert _focused(page)["id"] == "square-east"
    east = _focused(page)
    page.keyboard.press("ArrowLeft")
    west = _focused(page)
    assert float(west["x"]) < float(east["x"]), (east, west)
    page.keyboard.press("Enter")
    wait_for_text(page, f"picked: {west['id']} #5")
    page.keyboard.press(" ")
    wait_for_text(page, f"picked: {west['id']} #6")
    # a focus ring shows (thick, for a projector)
    ring = board.locator(f".target[data-id='{west['id']}'] .ring.inner")
    assert ring.evaluate("(r) => getComputedStyle(r).display") != "none"
    assert ring.evaluate("(r) => parseFloat(getComputedStyle(r).strokeWidth)") >= 4

    # the cell runs again (the page redraws the board): a new picker, counting from nought,
    # whose picks reach Python as the first one's did
    page.get_by_text("offer the barn").click()
    wait_for_text(page, "picked: None #0")
    assert board.locator(".target").count() == 4
    board.locator(".target[data-id='city']").click()
    wait_for_text(page, "picked: city #1")

    # drawn again in place (as the Play page after an answer): the same element shows the new
    # picture, its picks count on, and the keyboard picks on it too
    page.get_by_text("redraw in place").click()
    board.locator(".target[data-id='east']").wait_for()
    assert board.locator(".target").count() == 2
    board.locator(".target[data-id='east']").click()
    wait_for_text(page, "picked: east #2")
    page.keyboard.press("ArrowLeft")
    assert _focused(page)["id"] == "road"
    page.keyboard.press("Enter")
    wait_for_text(page, "picked: road #3")


def _focused(page) -> dict:
    """The data of the target that has the keyboard focus (inside marimo's shadow roots)."""
    return page.evaluate(
        """() => { let a = document.activeElement;
                   while (a && a.shadowRoot && a.shadowRoot.activeElement) {
                       a = a.shadowRoot.activeElement;
                   }
                   return a && a.dataset ? {...a.dataset} : {}; }"""
    )


def test_board_picker_under_marimo_run(marimo_app, page_session):
    _open(page_session, marimo_app(NOTEBOOK))
    _check_picks(page_session)
    assert_healthy(page_session)


@pytest.mark.skipif(
    not os.environ.get("CARC_TEACH_PICKER_SITE"),
    reason="the picker's own offline site is built only with CARC_TEACH_PICKER_SITE=1",
)
def test_board_picker_on_the_self_hosted_site(tmp_path, page_session):
    from carc_teach.site.build import build_site
    from carc_teach.site.notebooks import SiteError
    from carc_teach.site.offline import find_offline_inputs

    try:
        inputs = find_offline_inputs()
    except SiteError as exc:
        missing_prerequisite(str(exc))
    build = build_site(
        tmp_path / "site",
        self_hosted=True,
        notebooks_dir=NOTEBOOK.parent,
        offline_inputs=inputs,
        log=lambda *_: None,
    )
    with serve_directory(build.output_dir) as url:
        _open(page_session, f"{url}{NOTEBOOK.stem}.html", timeout_ms=WASM_BOOT_TIMEOUT_MS)
        _check_picks(page_session)
        assert_healthy(page_session)

"""The ``--self-hosted`` WebAssembly site runs in Chromium with no internet.

The site is built once per session and served on 127.0.0.1; every request to anything else is
aborted and counted, so a page that still reaches for a CDN fails here. Cells that need
matplotlib cannot run offline (no Pyodide build of it can be had here): the build drops it from
the page's requirements, and walkthrough tests stay out of the matplotlib tabs.
"""

from __future__ import annotations

import time

import pytest
from marimo_page import WASM_BOOT_TIMEOUT_MS, assert_healthy, body_text, wait_for_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Modules no Pyodide build of which can be had here: cells importing them may fail offline.
OFFLINE_MISSING = ("matplotlib",)


def test_index_has_a_card_per_walkthrough(self_hosted_site, page_session):
    page = page_session.page
    page.goto(self_hosted_site.url)
    pages = self_hosted_site.build.pages
    assert pages
    for info in pages:
        card = page.locator(f'a.card[href="./{info.slug}.html"]')
        assert card.count() == 1, f"no card for {info.slug}"
        assert info.title in card.inner_text()
        assert info.description[:40] in card.inner_text()
    assert "works without internet" in body_text(page)
    assert not page_session.blocked


#: The pre-rendered first view shows within this (the goal is 3 s; tests run on a loaded machine).
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


def test_every_page_runs_offline_and_shows_its_first_view_at_once(self_hosted_site, page_session):
    """Each page shows its title (and first board, if it has one) pre-rendered within seconds;
    the notebook then draws the very same board and the pre-rendered view goes away."""
    from carc_teach.site.prerender import first_view

    page = page_session.page
    for info in self_hosted_site.build.pages:
        expected = first_view(info.path)
        assert expected is not None, f"{info.slug}: no pre-rendered view"
        started = time.monotonic()
        page.goto(f"{self_hosted_site.url}{info.slug}.html", wait_until="commit")
        prerendered = page.locator("[data-carc-prerender]")
        prerendered.get_by_text(info.title).wait_for(timeout=FIRST_VIEW_SECONDS * 1000)
        if expected.ready == "board":
            prerendered.locator("svg.carc-board").wait_for(timeout=FIRST_VIEW_SECONDS * 1000)
        shown_after = time.monotonic() - started
        assert shown_after <= FIRST_VIEW_SECONDS, (
            f"{info.slug}: first view after {shown_after:.1f} s"
        )
        early = page.evaluate(_BOARDS)

        wait_for_notebook(page_session, title=info.title, timeout_ms=WASM_BOOT_TIMEOUT_MS)

        assert prerendered.count() == 0, f"{info.slug}: the pre-rendered view stayed"
        if expected.ready == "board":
            notebook_boards = page.evaluate(_BOARDS)["notebook"]
            assert early["prerendered"] == [notebook_boards[0]], (
                f"{info.slug}: the pre-rendered board is not the notebook's first board"
            )
        page_session.screenshot(f"self-hosted-{info.slug}")
        assert_healthy(page_session, tolerate_missing=OFFLINE_MISSING)

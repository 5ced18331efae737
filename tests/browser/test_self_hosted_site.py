"""The ``--self-hosted`` WebAssembly site runs in Chromium with no internet.

The site is built once per session and served on 127.0.0.1; every request to anything else is
aborted and counted, so a page that still reaches for a CDN fails here. Cells that need
matplotlib cannot run offline (no Pyodide build of it can be had here): the build drops it from
the page's requirements, and walkthrough tests stay out of the matplotlib tabs.
"""

from __future__ import annotations

import pytest
from marimo_page import WASM_BOOT_TIMEOUT_MS, assert_healthy, body_text, open_notebook

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


def test_every_page_runs_offline(self_hosted_site, page_session):
    for info in self_hosted_site.build.pages:
        open_notebook(
            page_session,
            f"{self_hosted_site.url}{info.slug}.html",
            title=info.title,
            timeout_ms=WASM_BOOT_TIMEOUT_MS,
        )
        page_session.screenshot(f"self-hosted-{info.slug}")
        assert_healthy(page_session, tolerate_missing=OFFLINE_MISSING)

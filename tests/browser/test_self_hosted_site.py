"""The ``--self-hosted`` WebAssembly site runs in Chromium with no internet.

The site is built once per session and served on 127.0.0.1; every request to anything else is
aborted and counted, so a page that still reaches for a CDN fails here. Cells that need
matplotlib cannot run offline (no Pyodide build of it can be had here): the build drops it from
the page's requirements, and walkthrough tests stay out of the matplotlib tabs.
"""

from __future__ import annotations

import pytest
from marimo_page import (
    WASM_BOOT_TIMEOUT_MS,
    assert_healthy,
    body_text,
    expected_first_view,
    open_offline_page,
)
from test_every_walkthrough import WALKTHROUGHS

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


#: Notebooks that a walkthrough test opens on the offline site (through ``open_walkthrough``,
#: which checks the pre-rendered first view on the way): loading them once more here would
#: only cost minutes.
OPENED_BY_WALKTHROUGH_TESTS = {
    *(row[0] for row in WALKTHROUGHS),
    "abbey_and_mayor",  # test_abbey_mayor_walkthrough.py
    "compare_editions",  # test_classroom.py
    "turn_sequence",  # test_walkthroughs.py, test_classroom.py
    "tiles_and_features",  # test_walkthroughs.py
    "scoring_reference",  # test_walkthroughs.py
}


def test_every_page_runs_offline_and_shows_its_first_view_at_once(self_hosted_site, page_session):
    """Each page shows its title (and first board, if it has one) pre-rendered within seconds;
    the notebook then draws the very same board and the pre-rendered view goes away. Pages a
    walkthrough test opens offline are checked there; the others are opened here."""
    for info in self_hosted_site.build.pages:
        assert expected_first_view(info.path) is not None, f"{info.slug}: no pre-rendered view"
    for info in self_hosted_site.build.pages:
        if info.slug in OPENED_BY_WALKTHROUGH_TESTS:
            continue
        open_offline_page(
            page_session,
            f"{self_hosted_site.url}{info.slug}.html",
            notebook=info.path,
            title=info.title,
            timeout_ms=WASM_BOOT_TIMEOUT_MS,
        )
        page_session.screenshot(f"self-hosted-{info.slug}")
        assert_healthy(page_session, tolerate_missing=OFFLINE_MISSING)


def test_the_walkthrough_tests_open_every_page_they_are_said_to(self_hosted_site):
    """The list above is true: each notebook in it is opened by ``open_walkthrough`` in a test
    of this folder (so no page goes unchecked)."""
    import re
    from pathlib import Path

    sources = "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    opened = set(re.findall(r'open_walkthrough\("([a-z_]+)"\)', sources))
    opened |= {row[0] for row in WALKTHROUGHS}
    assert OPENED_BY_WALKTHROUGH_TESTS <= opened
    assert OPENED_BY_WALKTHROUGH_TESTS <= {info.slug for info in self_hosted_site.build.pages}

"""Every notebook opens under ``marimo run`` (what ``carc-teach serve`` starts) in Chromium.

The page must show the notebook's title, finish computing, show no failed cell, log no console
error, and fetch nothing from outside 127.0.0.1 (the local server works offline).
Walkthrough-specific interactions are in test_walkthroughs.py.
"""

from __future__ import annotations

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    notebooks_dir,
    open_notebook,
    wait_for_notebook,
)

from carc_teach.site.notebooks import discover_notebooks, read_notebook_info

NOTEBOOKS = discover_notebooks(notebooks_dir())

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[n.name for n in NOTEBOOKS])
def test_notebook_renders_under_marimo_run(notebook, marimo_app, page_session):
    info = read_notebook_info(notebook)
    open_notebook(page_session, marimo_app(notebook), title=info.title)
    assert_healthy(page_session)


def test_serve_command_serves_the_index_and_every_notebook(page_session):
    """``carc-teach serve --no-browser`` (what ``./dev open`` runs) prints its address and
    serves the toolkit's own index: one card per walkthrough with the title and description
    read from the notebook; a card opens its notebook, which runs; every other notebook's
    address answers with its page (each runs in Chromium in the test above, so it is not
    loaded twice)."""
    import re
    import subprocess
    import sys
    import urllib.request
    from html import escape

    from carc_teach.site.serve import free_port, stop_process, wait_until_serving

    if not NOTEBOOKS:
        pytest.fail("no notebooks to serve")
    port = free_port()
    folder = NOTEBOOKS[0].parent
    command = [sys.executable, "-m", "carc_teach.cli", "serve", "--no-browser"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--notebooks", str(folder)],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_serving(url, process)
        banner = []
        while not any(f"carc_teach walkthroughs: {url}" in line for line in banner):
            banner.append(process.stdout.readline())
            assert len(banner) < 40 and banner[-1], f"no address printed: {banner}"
        page = page_session.page
        page.goto(url)
        infos = [read_notebook_info(n) for n in NOTEBOOKS]
        for info in infos:
            card = page.locator(f'a.card[data-href="./{info.slug}/"]')
            assert card.count() == 1, f"no card for {info.slug}"
            assert info.title in card.inner_text()
            assert info.description[:40] in card.inner_text()
        assert "Create" not in body_text(page), "marimo's own gallery, not the toolkit's index"

        page.locator(f'a.card[data-href="./{infos[0].slug}/"]').click()
        wait_for_notebook(page_session, title=infos[0].title)
        # the index carries its language on to the walkthrough (English when none was chosen)
        assert page.url == f"{url}{infos[0].slug}/?lang=en"
        assert_healthy(page_session)
        for info in infos[1:]:
            with urllib.request.urlopen(f"{url}{info.slug}/", timeout=30) as response:
                assert response.status == 200, f"{info.slug}: HTTP {response.status}"
                html = response.read().decode()
            assert "<marimo-" in html, f"{info.slug}: not a notebook page"
            app_title = re.search(r'app_title="([^"]+)"', info.path.read_text()).group(1)
            assert f"<title>{escape(app_title)}</title>" in html, f"{info.slug}: another page"
    finally:
        stop_process(process)

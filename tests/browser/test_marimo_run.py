"""Every notebook opens under ``marimo run`` (what ``carc-teach serve`` starts) in Chromium.

The page must show the notebook's title, finish computing, show no failed cell, log no console
error, and fetch nothing from outside 127.0.0.1 (the local server works offline). A notebook
that a walkthrough test of this folder opens under ``marimo run`` is checked there, on the
same page load as its walkthrough (``OPENED_BY_OTHER_TESTS``); any other is opened here.
"""

from __future__ import annotations

from pathlib import Path

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

#: Notebooks another test of this folder opens in English under ``marimo run`` (and checks as
#: the test below does: title, finished, no failed cell, no console error, nothing fetched from
#: outside): loading them once more here would only cost a page load each. The test file that
#: opens each one is named; the last test here checks that it still does.
OPENED_BY_OTHER_TESTS = {
    "abbey_and_mayor": "test_abbey_mayor_walkthrough.py",
    "after_the_game": "test_every_walkthrough.py",
    "compare_editions": "test_classroom.py",
    "count_of_carcassonne": "test_count_walkthrough.py",
    "heretics_and_shrines": "test_shrines_walkthrough.py",
    "inns_and_cathedrals": "test_inns_cathedrals_page.py",
    "king_and_robber": "test_king_robber_walkthrough.py",
    "play": "test_play_page.py",
    "practice": "test_practice_page.py",
    "river_ii": "test_every_walkthrough.py",
    "scoring_reference": "test_walkthroughs.py",
    "tiles_and_features": "test_walkthroughs.py",
    "turn_sequence": "test_walkthroughs.py",
}
#: the notebooks no other test opens under ``marimo run`` (a new one, until a test of its own
#: opens it)
RENDERED_HERE = [n for n in NOTEBOOKS if n.stem not in OPENED_BY_OTHER_TESTS]


def test_every_notebook_no_other_test_opens_renders_under_marimo_run(marimo_app, page_session):
    for notebook in RENDERED_HERE:
        info = read_notebook_info(notebook)
        open_notebook(page_session, marimo_app(notebook), title=info.title)
        assert_healthy(page_session)


def test_the_other_tests_open_the_notebooks_they_are_said_to():
    """``OPENED_BY_OTHER_TESTS`` is true: each file named there opens its notebook under
    ``marimo run`` (through ``open_walkthrough``, whose first variant is ``marimo run``, or
    ``marimo_app``) and ends with :func:`assert_healthy`."""
    from test_every_walkthrough import WALKTHROUGHS

    here = Path(__file__).parent
    for stem, name in OPENED_BY_OTHER_TESTS.items():
        source = (here / name).read_text("utf-8")
        assert "assert_healthy(page_session" in source, name
        if name == "test_every_walkthrough.py":
            assert stem in {row[0] for row in WALKTHROUGHS}, stem
        elif f'open_walkthrough("{stem}")' in source:
            # the fixture opens both variants unless a test narrows it to some
            assert "indirect=True" not in source or '"marimo-run"' in source, name
        else:
            assert f'"{stem}.py"' in source and "marimo_app(" in source, f"{name}: {stem}"


def test_serve_command_serves_the_index_and_every_notebook(page_session):
    """``carc-teach serve --no-browser`` (what ``./dev open`` runs) prints its address and
    serves the toolkit's own index: one card per walkthrough with the title and description
    read from the notebook; a card opens its notebook, which runs; every other notebook's
    address answers with its page (each runs in Chromium under ``marimo run`` in a test of this
    folder, so it is not loaded twice)."""
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

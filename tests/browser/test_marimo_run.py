"""Every notebook opens under ``marimo run`` (what ``carc-teach serve`` starts) in Chromium.

The page must show the notebook's title, finish computing, show no failed cell, log no console
error, and fetch nothing from outside 127.0.0.1 (the local server works offline).
Walkthrough-specific interactions are in test_walkthroughs.py.
"""

from __future__ import annotations

import pytest
from marimo_page import assert_healthy, notebooks_dir, open_notebook

from carc_teach.site.notebooks import discover_notebooks, read_notebook_info

NOTEBOOKS = discover_notebooks(notebooks_dir())

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[n.name for n in NOTEBOOKS])
def test_notebook_renders_under_marimo_run(notebook, marimo_app, page_session):
    info = read_notebook_info(notebook)
    open_notebook(page_session, marimo_app(notebook), title=info.title)
    assert_healthy(page_session)


def test_serve_command_serves_every_notebook(page_session):
    """``carc-teach serve --no-browser`` prints its address and serves the notebook folder."""
    import subprocess
    import sys

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
        banner = []  # marimo's own banner comes first; ours names the address
        while not any(f"carc_teach walkthroughs: {url}" in line for line in banner):
            banner.append(process.stdout.readline())
            assert len(banner) < 40 and banner[-1], f"no address printed: {banner}"
        for notebook in NOTEBOOKS:
            info = read_notebook_info(notebook)
            open_notebook(page_session, f"{url}?file={notebook.name}", title=info.title)
            assert_healthy(page_session)
    finally:
        stop_process(process)

"""The site's index in Chromium: ``?lang=`` picks the language of its texts and of every
card's link, the browser remembers it for the next visit without ``?lang=`` (as the notebooks
do: one ``localStorage`` key for the whole site), and an unknown code shows English."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from carc_teach.site.build import render_index
from carc_teach.site.notebooks import discover_notebooks, find_notebooks_dir, read_notebook_info

pytestmark = [pytest.mark.browser]


@pytest.fixture
def index_url(tmp_path):
    pages = [read_notebook_info(p) for p in discover_notebooks(find_notebooks_dir())]
    (tmp_path / "index.html").write_text(render_index(pages), "utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()
    thread.join()


def _seen(page) -> tuple[str, str, list[str]]:
    heading = page.locator("h1").inner_text()
    first = page.locator("section.group h2").first.inner_text()
    links = page.eval_on_selector_all("a.card", "cards => cards.map(c => c.getAttribute('href'))")
    return heading, first, links


def test_the_index_speaks_the_chosen_language_and_remembers_it(index_url, page_session):
    page = page_session.page
    page.goto(index_url + "?lang=it")
    heading, first, links = _seen(page)
    assert heading == "carc_teach: le regole di Carcassonne, passo per passo"
    assert first == "Il gioco base"
    assert links and all(link.endswith(".html?lang=it") for link in links)
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.title() == heading
    page.goto(index_url)  # no ?lang=: the remembered language
    heading, first, links = _seen(page)
    assert first == "Il gioco base" and all(link.endswith("?lang=it") for link in links)
    page.click("nav.languages a[data-lang=cs]")
    page.wait_for_url("**?lang=cs")
    heading, first, links = _seen(page)
    assert first == "Základní hra" and all(link.endswith("?lang=cs") for link in links)
    assert page.evaluate("localStorage.getItem('carc-teach-lang')") == "cs"
    page.goto(index_url + "?lang=xx")  # an unknown code: English
    heading, first, links = _seen(page)
    assert first == "The base game" and all(link.endswith("?lang=en") for link in links)
    assert not page_session.console_errors and not page_session.blocked

"""The ``--self-hosted`` WebAssembly site runs in Chromium with no internet.

The site is built once per session and served on 127.0.0.1; every request to anything else is
aborted and counted, so a page that still reaches for a CDN fails here. Cells that need
matplotlib cannot run offline (no Pyodide build of it can be had here): the build drops it from
the page's requirements, and walkthrough tests stay out of the matplotlib tabs.
"""

from __future__ import annotations

import re

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
        card = page.locator(f'a.card[data-href="./{info.slug}.html"]')
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
    "play",  # test_play_page.py
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


# Each frame, where the visible board stands (pre-rendered or marimo's), kept when it changes.
_BOARD_TRAIL = """
window.__boardTrail = [];
const deep = (node, found) => {
  node.querySelectorAll("svg.carc-board").forEach((el) => found.push(el));
  node.querySelectorAll("*").forEach((el) => el.shadowRoot && deep(el.shadowRoot, found));
  return found;
};
const look = () => {
  if (document.body) {
    const board = deep(document, []).find((el) => el.getBoundingClientRect().height > 0);
    if (board) {
      const box = board.getBoundingClientRect();
      const seen = [!!board.closest("[data-carc-prerender]"), box.top, box.left];
      const last = window.__boardTrail.at(-1);
      if (!last || last.some((value, i) => value !== seen[i])) window.__boardTrail.push(seen);
    }
  }
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""

#: Bytes a first visit of a walkthrough may cost, sent as a plain static host sends them
#: (27.9 MB when this was set; docs/site.md says where it goes).
FIRST_VISIT_BYTES = 30e6
#: ... and a second walkthrough after it, the runtime in the browser's cache.
SECOND_PAGE_BYTES = 2e6


def test_a_class_can_load_it_and_the_board_does_not_jump(self_hosted_site, browser, tmp_path):
    """A browser with an empty cache (a real profile: Playwright's interception would turn the
    cache off; other hosts are made unresolvable instead) opens the turn sequence, then the
    tiles-and-features page, then the Play page (its board one that takes clicks, drawn by a
    widget); a plain static server counts what it sends. The board stands still while the
    live page replaces the pre-rendered one."""
    import functools
    import http.server
    import threading

    sent: list[tuple[str, int]] = []

    class Counting(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm",
            ".mjs": "text/javascript",
            ".js": "text/javascript",
        }

        def copyfile(self, source, outputfile):
            while chunk := source.read(1 << 16):
                outputfile.write(chunk)
                sent.append((self.path, len(chunk)))

        def log_message(self, format, *args):  # noqa: A002
            pass

    handler = functools.partial(Counting, directory=str(self_hosted_site.build.output_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=browser_executable(),
        args=["--headless", "--no-sandbox", "--disable-gpu",
              "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
        viewport={"width": 1280, "height": 900},
    )  # fmt: skip
    failed: list[str] = []
    try:
        context.on("requestfailed", lambda request: failed.append(request.url))
        context.add_init_script(_BOARD_TRAIL)
        page = context.pages[0] if context.pages else context.new_page()
        totals, scripts = [], []
        for slug in ("turn_sequence", "tiles_and_features", "play"):
            before = len(sent)
            page.goto(f"{url}{slug}.html")
            page.locator("[data-carc-prerender]").wait_for(state="detached", timeout=240_000)
            page.get_by_role("button").first.wait_for(timeout=60_000)
            page.wait_for_timeout(1000)
            trail = page.evaluate("window.__boardTrail")
            live = [i for i, (prerendered, _, _) in enumerate(trail) if not prerendered]
            assert trail and trail[0][0] and live, f"{slug}: board positions seen: {trail}"
            start = trail[live[0] - 1]
            moved = max(
                max(abs(top - start[1]), abs(left - start[2])) for _, top, left in trail[live[0] :]
            )
            assert moved < 3, f"{slug}: the board moved {moved:.0f} px: {trail}"
            totals.append(sum(size for _, size in sent[before:]))
            scripts.append({p for p, _ in sent[before:] if re.match(r"/assets/.*\.js$", p)})
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert not [u for u in failed if not u.startswith(("http://127.0.0.1:", "data:", "blob:"))]
    assert totals[0] <= FIRST_VISIT_BYTES, f"first visit: {totals[0] / 1e6:.1f} MB"
    assert totals[1] <= SECOND_PAGE_BYTES, f"second page: {totals[1] / 1e6:.1f} MB"
    # marimo's scripts come in one compressed file, but for its worker (a file of its own);
    # a script listed here is missing from carc_teach/site/first-visit-modules.txt
    alone = sorted(p for p in scripts[0] if not p.startswith("/assets/worker-"))
    assert not alone, f"the first visit fetched marimo's scripts one by one: {alone}"


def browser_executable() -> str:
    import shutil

    return shutil.which("chromium") or "chromium"

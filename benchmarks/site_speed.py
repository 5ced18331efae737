"""How fast the offline site answers a learner: time to first board and time to interactive.

python benchmarks/site_speed.py [--site DIR] [--runs 3] [--pages turn_sequence,...] [--trace]

Builds the ``--self-hosted`` site into a temporary folder (or reuses ``--site DIR``, an earlier
``carc-teach build-site --self-hosted -o DIR``), serves it on 127.0.0.1, and opens each
walkthrough in Debian's headless Chromium (never a downloaded browser) with every request
outside 127.0.0.1 aborted. Each run uses a fresh browser context (an empty cache, like a first
visit). Per walkthrough it prints the median over the runs of:

- **first board**: the walkthrough's first board is visible, whether pre-rendered or drawn by
  the notebook (the scoring reference has no board: its opening text, pre-rendered, or its
  table of scoring situations);
- **notebook output**: the notebook's own Python has drawn it (the runtime is up);
- **interactive**: the first control a learner uses ("Next", "Place the tile", the preset
  dropdown) has been used and the page has answered. The benchmark uses it as soon as it is
  on the page and again every second until the answer shows, as an impatient learner would.

``--trace`` also prints, for the first run of each page, when the runtime's big files arrived
and what the worker logged, to see where the time goes. Needs Playwright for Python and
``chromium`` on PATH (``./dev test`` installs both).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

# Elements anywhere in the page, shadow roots included (marimo draws its widgets in them).
_DEEP_QUERY = """
(selector) => {
    const found = [];
    const visit = (root) => {
        root.querySelectorAll(selector).forEach((el) => found.push(el));
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return found;
}
"""

_STATE = f"""
() => {{
    const deep = {_DEEP_QUERY};
    const shown = (el) => {{
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && el.checkVisibility();
    }};
    const parts = [document.body.innerText];
    deep('*').forEach((el) => {{
        if (el.shadowRoot) Array.from(el.shadowRoot.children).forEach((c) => {{
            if (c.innerText) parts.push(c.innerText);
        }});
    }});
    const boards = deep('svg.carc-board').filter(shown);
    return {{
        text: parts.join('\\n'),
        board: boards.length > 0,
        prerendered: deep('[data-carc-prerender]').filter(shown).length > 0,
        notebookBoard: boards.some((svg) => !svg.closest('[data-carc-prerender]')),
    }};
}}
"""


@dataclass(frozen=True)
class PageSpec:
    """What counts as the first board and the first interaction of one walkthrough."""

    slug: str
    first_view: str  # "board": an svg.carc-board; "opening": the pre-rendered opening text or
    # the notebook's output (a walkthrough without a board)
    notebook_view: str  # regular expression the notebook's own output shows
    act: tuple[str, str]  # ("click", button name) or ("select", "label=option")
    answered: str  # a regular expression whose first group changes once the page has answered


PAGES = [
    PageSpec(
        "turn_sequence",
        "board",
        r"Event 0\b",
        ("click", "Next"),
        r"Event (\d+)",
    ),
    PageSpec(
        "tiles_and_features",
        "board",
        r"\(\d+ segments, \d+ graph edges\)",
        ("click", "Place the tile"),
        r"\((\d+) segments",
    ),
    PageSpec(
        "scoring_reference",
        "opening",
        r"\d+ scoring situations",
        ("select", "Start from=Base game only"),
        r"(\d+) scoring situations",
    ),
]


@dataclass
class Run:
    first_board: float | None = None
    prerendered: bool = False
    notebook: float | None = None
    interactive: float | None = None
    blocked: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, format, *args):  # noqa: A002
        pass


def _serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _act(page, spec: PageSpec) -> None:
    kind, what = spec.act
    try:
        if kind == "click":
            button = page.get_by_role("button", name=what, exact=True).first
            if button.count() and button.is_enabled():
                button.click(timeout=500, no_wait_after=True)
        else:
            label, option = what.split("=", 1)
            select = page.get_by_label(label, exact=True).first
            if select.count():
                select.select_option(label=option, timeout=500, no_wait_after=True)
    except Exception:  # noqa: BLE001 - not on the page yet, or not ready: try again later
        pass


def measure(browser, url: str, spec: PageSpec, *, timeout: float = 120.0, trace=False) -> Run:
    """Open one walkthrough in a fresh context and time it (seconds from navigation)."""
    run = Run()
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def route(route_request):
        target = route_request.request.url
        if target.startswith("http://127.0.0.1:") or target.startswith(("data:", "blob:")):
            route_request.continue_()
        else:
            run.blocked.append(target)
            route_request.abort()

    context.route("**/*", route)
    page = context.new_page()
    start = time.monotonic()

    def note(what: str) -> None:
        if trace:
            run.trace.append(f"{time.monotonic() - start:6.2f} s  {what}")

    if trace:
        page.on(
            "console",
            lambda message: "[rpc]" not in message.text and note(f"console: {message.text[:100]}"),
        )
        big = re.compile(r"\.(wasm|whl|zip|bin)$|pyodide-lock\.json$|pyodide\.asm\.mjs$")
        context.on(
            "requestfinished",
            lambda request: (
                big.search(request.url) and note(f"loaded {request.url.rsplit('/')[-1]}")
            ),
        )
    try:
        page.goto(url, wait_until="commit")
        before_text = None
        last_act = 0.0
        while time.monotonic() - start < timeout:
            state = page.evaluate(_STATE)
            now = time.monotonic() - start
            if run.first_board is None:
                shown = (
                    state["board"]
                    if spec.first_view == "board"
                    else state["prerendered"] or re.search(spec.notebook_view, state["text"])
                )
                if shown:
                    run.first_board, run.prerendered = now, state["prerendered"]
                    note(f"first board ({'pre-rendered' if run.prerendered else 'notebook'})")
            notebook_shown = re.search(spec.notebook_view, state["text"]) and (
                spec.first_view != "board" or state["notebookBoard"]
            )
            if run.notebook is None and notebook_shown and not state["prerendered"]:
                run.notebook = now
                note("notebook output")
            if before_text is None and notebook_shown:
                before_text = state["text"]
            if before_text is not None and state["text"] != before_text:
                if _answered(spec, before_text, state["text"]):
                    run.interactive = now
                    note("answered")
                    break
            if now - last_act >= 1.0 and run.first_board is not None:
                _act(page, spec)
                last_act = time.monotonic() - start
            page.wait_for_timeout(50)
    finally:
        context.close()
    return run


def _answered(spec: PageSpec, before: str, now: str) -> bool:
    old, new = re.search(spec.answered, before), re.search(spec.answered, now)
    return bool(old and new and old.group(1) != new.group(1))


def _median(values: list[float | None]) -> str:
    known = [v for v in values if v is not None]
    if len(known) < len(values):
        return "n/a"
    return f"{statistics.median(known):.1f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an existing --self-hosted build to reuse")
    parser.add_argument("--runs", type=int, default=3, help="cold loads per walkthrough")
    parser.add_argument("--pages", help="comma-separated walkthroughs (default: all three)")
    parser.add_argument("--trace", action="store_true", help="print where the time goes")
    args = parser.parse_args(argv)

    chromium = shutil.which("chromium")
    if chromium is None:
        print("site_speed: Debian's chromium is not on PATH (./dev test installs it)")
        return 2
    from playwright.sync_api import sync_playwright

    specs = [p for p in PAGES if not args.pages or p.slug in args.pages.split(",")]
    with tempfile.TemporaryDirectory(prefix="carc-teach-speed-") as tmp:
        site = args.site
        if site is None:
            from carc_teach.site.build import build_site

            started = time.monotonic()
            site = build_site(Path(tmp) / "site", self_hosted=True, log=lambda *_: None).output_dir
            print(f"built the self-hosted site in {time.monotonic() - started:.0f} s")
        elif not (site / "pyodide" / "pyodide-lock.json").is_file():
            print(f"site_speed: {site} is not a --self-hosted build")
            return 2
        server, url = _serve(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
                try:
                    results = {}
                    for spec in specs:
                        runs = []
                        for index in range(args.runs):
                            run = measure(
                                browser,
                                f"{url}{spec.slug}.html",
                                spec,
                                trace=args.trace and not index,
                            )
                            runs.append(run)
                            if run.blocked:
                                print(f"{spec.slug}: requests outside 127.0.0.1: {run.blocked[:3]}")
                            if run.trace:
                                print(f"--- {spec.slug}, run 1")
                                print("\n".join(run.trace))
                        results[spec.slug] = runs
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()

    print(f"\n{args.runs} cold load(s) each, median; 127.0.0.1 only\n")
    print("| walkthrough | first board | pre-rendered | notebook output | interactive |")
    print("|---|---:|---|---:|---:|")
    for slug, runs in results.items():
        prerendered = "yes" if all(r.prerendered for r in runs) else "no"
        print(
            f"| {slug} | {_median([r.first_board for r in runs])} | {prerendered} "
            f"| {_median([r.notebook for r in runs])} | {_median([r.interactive for r in runs])} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

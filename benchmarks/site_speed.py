"""How fast the offline site answers a learner, and how much it downloads.

python benchmarks/site_speed.py [--site DIR] [--runs 3] [--pages turn_sequence,...]
                                [--throttle MBIT] [--latency MS] [--trace]

Builds the ``--self-hosted`` site into a temporary folder (or reuses ``--site DIR``, an earlier
``carc-teach build-site --self-hosted -o DIR``), serves it on 127.0.0.1 as a plain static host
does (Python's ``http.server``: no compression, ``Last-Modified`` but no ``Cache-Control``), and
opens each walkthrough in Debian's headless Chromium (never a downloaded browser) with every
host but 127.0.0.1 unresolvable. Each run starts a browser with a fresh profile (an empty disk
cache, like a first visit), opens the walkthrough, then opens the next walkthrough of the list
in the same browser (a second page, the runtime in the browser's cache). ``--throttle 50``
limits the link to 50 Mbit/s each way through Chromium's network emulation
(``Network.emulateNetworkConditions``, which also covers marimo's worker), with ``--latency``
ms of round trip. Per walkthrough it prints the median over the runs of:

- **first board**: the walkthrough's first board is visible, whether pre-rendered or drawn by
  the notebook (the scoring reference has no board: its opening text, pre-rendered, or its
  table of scoring situations);
- **notebook output**: the notebook's own Python has drawn it (the runtime is up);
- **interactive**: the first control a learner uses ("Next", "Place the tile", the preset
  dropdown) has been used and the page has answered. The benchmark uses it as soon as the
  notebook's output (which holds it) shows, and again every second until the answer shows, as
  an impatient learner would;
- **downloaded**: the bytes the server sent for the page until then (bodies and headers, counted
  by the server), and the number of responses; the same for the second page.

A second table gives, per walkthrough, when each phase of a first visit ended (the front end
started its worker, the snapshot was in, Python was restored and marimo's session started, the
notebook's output was shown, the click was answered) and the bytes of the page and front end
against the runtime's. A load whose first board takes longer than ``STALL_S`` stalled in
Chromium's emulation (docs/site.md) and is left out of the medians, and counted.

``--trace`` also prints, for the first run of each page, when the runtime's big files arrived
and what the worker logged, to see where the time goes. Needs Playwright for Python and
``chromium`` on PATH (``./dev test`` installs both).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
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
    # every host but 127.0.0.1 fails to resolve: the site must need nothing else. (Playwright's
    # request interception would do it too, but it turns the browser's cache off.)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
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
    sent: int = 0  # bytes the server sent until the page answered
    runtime_sent: int = 0  # ... of which the runtime's folder (the rest: page, front end)
    responses: int = 0
    # seconds from navigation: the worker starts Pyodide, the snapshot has arrived, Python runs
    # marimo's session
    worker: float | None = None
    snapshot: float | None = None
    python: float | None = None
    blocked: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    # (asked at, finished at, bytes, name) of every request, seconds from navigation
    requests: list[tuple[float, float, int, str]] = field(default_factory=list)


class Traffic:
    """What the server sent: (path, bytes) per response, bodies and headers."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.responses: list[tuple[str, int]] = []

    def add(self, path: str, size: int) -> None:
        with self._lock:
            self.responses.append((path, size))

    def mark(self) -> int:
        with self._lock:
            return len(self.responses)

    def since(self, mark: int) -> list[tuple[str, int]]:
        with self._lock:
            return self.responses[mark:]


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }

    def __init__(self, *args, traffic: Traffic, **kwargs):
        self.traffic = traffic
        self.sent = 0
        super().__init__(*args, **kwargs)

    def end_headers(self):
        self.sent += sum(len(line) for line in getattr(self, "_headers_buffer", [])) + 2
        super().end_headers()

    def copyfile(self, source, outputfile):
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            self.sent += len(chunk)

    def handle_one_request(self):
        self.sent = 0
        super().handle_one_request()
        if self.sent:
            self.traffic.add(self.path, self.sent)

    def log_message(self, format, *args):  # noqa: A002
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str, Traffic]:
    """Serve ``site`` on 127.0.0.1 as a plain static host would; count what is sent."""
    traffic = Traffic()
    handler = functools.partial(_Handler, directory=str(site), traffic=traffic)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", traffic


def throttle(page, mbit: float | None, latency_ms: float = 0.0) -> None:
    """Limit the page's link (and its workers') to ``mbit`` Mbit/s each way, via Chromium's
    network emulation; ``None`` leaves it unlimited."""
    if not mbit:
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = mbit * 1e6 / 8
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency_ms,
            "downloadThroughput": rate,
            "uploadThroughput": rate,
        },
    )


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


def measure(
    page,
    url: str,
    spec: PageSpec,
    traffic: Traffic,
    *,
    timeout=180.0,
    trace=False,
    waterfall=False,
):
    """Open one walkthrough in ``page`` and time it (seconds from navigation)."""
    run = Run()
    mark = traffic.mark()
    start = time.monotonic()

    def note(what: str) -> None:
        if trace:
            run.trace.append(f"{time.monotonic() - start:6.2f} s  {what}")

    def failed(request) -> None:
        if not request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            run.blocked.append(request.url)

    def console(message) -> None:
        now = time.monotonic() - start
        if run.worker is None and "Initializing runtime" in message.text:
            run.worker = now
        if run.python is None and "Starting marimo" in message.text:
            run.python = now
        if "[rpc]" not in message.text:
            note(f"console: {message.text[:100]}")

    big = re.compile(r"\.(wasm|whl|zip|bin|gz|zst)$|pyodide-lock\.json$|pyodide\.asm\.mjs$")

    asked: dict[object, float] = {}

    def request_made(request) -> None:
        if request.url.startswith(("http:", "https:")):  # not the pack's blob: modules
            asked[request] = time.monotonic() - start

    def finished(request) -> None:
        if waterfall and request in asked:
            path = request.url.split("?")[0].split("/", 3)[-1]
            run.requests.append((asked[request], time.monotonic() - start, 0, "/" + path))
        if "/snapshot.bin" in request.url:  # the page's prefetch, then the worker's (cached)
            run.snapshot = time.monotonic() - start
        if big.search(request.url):
            note(f"loaded {request.url.rsplit('/')[-1]}")

    page.context.on("requestfailed", failed)
    page.on("console", console)
    page.context.on("requestfinished", finished)
    page.context.on("request", request_made)
    try:
        page.goto(url, wait_until="commit")
        before_text = None
        last_act = 0.0
        acted_on_output = False
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
            # at once when the notebook's output (which holds the control) first shows, then
            # every second until the page answers
            first_chance = notebook_shown and not acted_on_output
            if run.first_board is not None and (first_chance or now - last_act >= 1.0):
                acted_on_output = acted_on_output or bool(notebook_shown)
                _act(page, spec)
                last_act = time.monotonic() - start
            page.wait_for_timeout(50)
    finally:
        page.context.remove_listener("requestfailed", failed)
        page.remove_listener("console", console)
        page.context.remove_listener("requestfinished", finished)
        page.context.remove_listener("request", request_made)
    sent = traffic.since(mark)
    run.sent, run.responses = sum(size for _, size in sent), len(sent)
    run.runtime_sent = sum(size for path, size in sent if path.startswith("/pyodide/"))
    if waterfall:
        sizes: dict[str, int] = {}
        for path, size in sent:  # a path asked twice: the second is the cache's (a 304)
            sizes[path.split("?")[0]] = sizes.get(path.split("?")[0], 0) + size
        run.requests = [(a, f, sizes.pop(n, 0), n) for a, f, _, n in sorted(run.requests)]
    if trace:
        for path, size in sorted(sent, key=lambda item: -item[1])[:6]:
            run.trace.append(f"   sent {size / 1e6:6.2f} MB  {path}")
    return run


def _answered(spec: PageSpec, before: str, now: str) -> bool:
    old, new = re.search(spec.answered, before), re.search(spec.answered, now)
    return bool(old and new and old.group(1) != new.group(1))


#: A load whose first board (pre-rendered: the page's HTML and style sheet) takes longer than
#: this stalled in Chromium's network emulation: the server had sent the page's first responses,
#: the emulation held them (and with them the six connections a host gets) for 40-50 s.
STALL_S = 10.0


def stalled(run: Run) -> bool:
    return run.first_board is None or run.first_board > STALL_S


def _median(values: list[float | None], unit: str = "s", scale: float = 1.0) -> str:
    known = [v for v in values if v is not None]
    if len(known) < len(values):
        return "n/a"
    return f"{statistics.median(known) / scale:.1f} {unit}"


def print_waterfall(label: str, run: Run, step: float = 0.5, everything: bool = False) -> None:
    """When each request was asked for and finished, the front end's files summed per step of
    time, and how many bytes arrived per step (each response's bytes spread evenly over its
    time in flight): where the link stood idle, and what waited on what. The front end's
    files under 0.3 MB are summed unless ``everything``."""
    print(f"--- waterfall of {label} (seconds from navigation; bytes the server sent)")
    assets = [r for r in run.requests if r[3].startswith("/assets/")]
    for asked, done, size, name in run.requests:
        if not name.startswith("/assets/") or size > 300_000 or everything:
            print(f"  {asked:6.2f} -> {done:6.2f}  {size / 1e6:6.2f} MB  {name}")
    if assets:
        print(
            f"  front end: {len(assets)} files, {sum(r[2] for r in assets) / 1e6:.2f} MB, "
            f"first asked {assets[0][0]:.2f} s, last asked {max(r[0] for r in assets):.2f} s, "
            f"last in {max(r[1] for r in assets):.2f} s"
        )
    end = max((r[1] for r in run.requests), default=0.0)
    bins = [0.0] * (int(end / step) + 1)
    for asked, done, size, _ in run.requests:
        span = max(done - asked, 1e-3)
        for i in range(int(asked / step), int(done / step) + 1):
            overlap = min(done, (i + 1) * step) - max(asked, i * step)
            if overlap > 0:
                bins[i] += size * overlap / span
    print("  Mbit/s per " + f"{step:g} s: " + " ".join(f"{b * 8 / step / 1e6:.0f}" for b in bins))


def visit_twice(
    playwright, chromium, url, first, second, traffic, *, mbit, latency, trace, waterfall=False
):
    """A browser with an empty profile opens ``first`` then ``second``; both runs."""
    with tempfile.TemporaryDirectory(prefix="carc-teach-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=chromium,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            throttle(page, mbit, latency)
            runs = []
            for spec in (first, second):
                runs.append(
                    measure(
                        page,
                        f"{url}{spec.slug}.html",
                        spec,
                        traffic,
                        trace=trace,
                        waterfall=waterfall and spec is first,
                    )
                )
                page.goto("about:blank")
            return runs
        finally:
            context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an existing --self-hosted build to reuse")
    parser.add_argument("--runs", type=int, default=3, help="cold loads per walkthrough")
    parser.add_argument("--pages", help="comma-separated walkthroughs (default: all three)")
    parser.add_argument("--throttle", type=float, help="link speed in Mbit/s (default: none)")
    parser.add_argument("--latency", type=float, default=0.0, help="round trip in ms, throttled")
    parser.add_argument("--trace", action="store_true", help="print where the time goes")
    parser.add_argument(
        "--waterfall",
        nargs="?",
        const="big",
        choices=("big", "all"),
        help="print the requests of each first visit (the front end's small files summed "
        "unless 'all')",
    )
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
        server, url, traffic = serve(site)
        results: dict[str, tuple[list[Run], list[Run], str]] = {}
        try:
            with sync_playwright() as playwright:
                for spec in specs:
                    second = PAGES[(PAGES.index(spec) + 1) % len(PAGES)]
                    firsts, seconds = [], []
                    for index in range(args.runs):
                        trace = args.trace and not index
                        first_run, second_run = visit_twice(
                            playwright, chromium, url, spec, second, traffic,
                            mbit=args.throttle, latency=args.latency, trace=trace,
                            waterfall=args.waterfall,
                        )  # fmt: skip
                        if args.waterfall:
                            print_waterfall(
                                f"{spec.slug}, run {index + 1}",
                                first_run,
                                everything=args.waterfall == "all",
                            )
                        for label, run in (("", first_run), (f" then {second.slug}", second_run)):
                            if run.blocked:
                                print(f"{spec.slug}{label}: outside 127.0.0.1: {run.blocked[:3]}")
                            if run.trace:
                                print(f"--- {spec.slug}{label}, run 1")
                                print("\n".join(run.trace))
                        firsts.append(first_run)
                        seconds.append(second_run)
                    results[spec.slug] = (firsts, seconds, second.slug)
        finally:
            server.shutdown()
            server.server_close()

    link = (
        f"throttled to {args.throttle:g} Mbit/s, {args.latency:g} ms round trip"
        if args.throttle
        else "127.0.0.1, unthrottled"
    )
    print(f"\n{args.runs} cold load(s) each, median; {link}; no compression by the server")
    print(f"machine load (1-minute average) at the end: {os.getloadavg()[0]:.1f}\n")
    print(
        "| walkthrough | first board | pre-rendered | notebook output | interactive "
        "| downloaded | then (cached runtime) | its download | its interactive |"
    )
    print("|---|---:|---|---:|---:|---:|---|---:|---:|")
    phases = []
    for slug, (all_runs, seconds, second) in results.items():
        runs = [r for r in all_runs if not stalled(r)]
        kept = [s for r, s in zip(all_runs, seconds, strict=True) if not stalled(r)]
        if len(runs) < len(all_runs):
            print(
                f"<!-- {slug}: {len(all_runs) - len(runs)} of {len(all_runs)} loads stalled "
                f"(first board after {STALL_S:g} s: the emulation held responses the server had "
                "sent), left out -->"
            )
        if not runs:
            print(f"| {slug} | every load stalled | | | | | | | |")
            continue
        prerendered = "yes" if all(r.prerendered for r in runs) else "no"
        print(
            f"| {slug} | {_median([r.first_board for r in runs])} | {prerendered} "
            f"| {_median([r.notebook for r in runs])} | {_median([r.interactive for r in runs])} "
            f"| {_median([r.sent for r in runs], 'MB', 1e6)} in "
            f"{_median([r.responses for r in runs], '', 1).strip()} "
            f"| {second} | {_median([r.sent for r in kept], 'MB', 1e6)} "
            f"| {_median([r.interactive for r in kept])} |"
        )
        phases.append((slug, runs))
    # Where a first visit's time goes, phase by phase (medians of each moment).
    print(
        "\n| walkthrough | front end until its worker starts | runtime's files until the "
        "snapshot is in | Python restored, marimo's session starts | notebook's first run shown "
        "| answered | bytes: page and front end / runtime |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for slug, runs in phases:
        print(
            f"| {slug} | {_median([r.worker for r in runs])} "
            f"| {_median([r.snapshot for r in runs])} | {_median([r.python for r in runs])} "
            f"| {_median([r.notebook for r in runs])} | {_median([r.interactive for r in runs])} "
            f"| {_median([r.sent - r.runtime_sent for r in runs], 'MB', 1e6)} / "
            f"{_median([r.runtime_sent for r in runs], 'MB', 1e6)} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

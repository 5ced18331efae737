"""How long a step of a walkthrough takes in the browser: from the click to the new board.

python benchmarks/ui_speed.py [--serve] [--site DIR | --build] [--pages turn_sequence,...]
                              [--clicks 20] [--scrub 30] [--profile]

Opens each stepping walkthrough in Debian's headless Chromium (never a downloaded browser),
under ``carc-teach serve`` (``--serve``: the toolkit's server, marimo's run mode, the notebooks
in this Python) and/or on the offline site (``--site DIR``: an earlier
``carc-teach build-site --self-hosted -o DIR``, served on 127.0.0.1 as a plain static host
would; ``--build``: build one into a temporary folder first). With neither, both: ``--serve``
and ``--build``. Each walkthrough is then stepped as a learner would, with real input events:

- **next**: ``--clicks`` clicks on "Next" (one at a time, each after the last has shown);
- **back**: as many clicks on "Previous";
- **slider**: as many presses of → on the focused event slider;
- **scrub**: ``--scrub`` presses of → on the slider in a row, as fast as the browser takes
  them (a learner dragging it across the game); timed from the last press to the board of the
  last event, and how many boards were drawn on the way.

A step is timed in the page, from the input event (``pointerdown`` or ``keydown``, caught on
the window before anything else sees it) to the first paint after the page shows the new
event: its "Event N" heading and a board. Per walkthrough and control it prints the median,
the 90th percentile and the maximum in milliseconds. ``--profile`` also records a Chromium
performance trace of five "Next" clicks per walkthrough and prints where the main thread spent
them (scripting, layout, painting, idle waiting for Python).

Needs Playwright for Python and ``chromium`` on PATH (``./dev test`` installs both).
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from site_speed import CHROMIUM_FLAGS, serve  # noqa: E402

#: the walkthroughs that step through a game event by event
STEPPING = (
    "turn_sequence",
    "count_of_carcassonne",
    "king_and_robber",
    "heretics_and_shrines",
    "abbey_and_mayor",
    "river_ii",
    "after_the_game",
)

# Installed once per page. ``__carcArm(k)`` starts waiting for event k to show; the first input
# event after it is the start, the first animation frame (just before its paint) whose page
# shows "Event k" and its board the end. The event shown is read from the page (the documents
# of same-origin iframes too).
_PROBE = r"""
() => {
    if (window.__carcProbe) return;
    window.__carcProbe = true;
    const documents = () => {
        const found = [document];
        document.querySelectorAll('iframe').forEach((frame) => {
            try { if (frame.contentDocument) found.push(frame.contentDocument); } catch (e) {}
        });
        return found;
    };
    const visible = (el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
    };
    // The boards, in marimo's shadow roots too. marimo keeps each tab's output hidden in the
    // page and draws the open tab's copy in the tabs' shadow root a moment later: the board
    // is shown when the visible one is drawn from the page's current output (the same markup
    // as one of the hidden ones; there are no such copies when a board is drawn directly).
    const boards = (root, found) => {
        root.querySelectorAll('svg.carc-board').forEach((svg) => found.push(svg));
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) boards(el.shadowRoot, found); });
        return found;
    };
    const boardIn = (root) => {
        const all = boards(root, []);
        const shown = all.filter(visible);
        if (!shown.length) return false;
        const hidden = all
            .filter((svg) => !visible(svg) && svg.closest('marimo-tabs'))
            .map((svg) => svg.innerHTML.length);
        return !hidden.length || hidden.includes(shown[0].innerHTML.length);
    };
    // the event shown: the "Event N" heading of the event's explanation
    window.__carcShown = (want) => {
        for (const doc of documents()) {
            for (const el of doc.querySelectorAll('strong, b')) {
                const m = /^Event (\d+)$/.exec(el.textContent.trim());
                if (m && visible(el)) {
                    const index = Number(m[1]);
                    const wanted = want === undefined || index === want;
                    return {index, board: wanted && boardIn(doc)};
                }
            }
        }
        return {index: null, board: false};
    };
    // While armed, every frame looks at the page just before it is painted: the first frame
    // showing event k (and its board) is the one the learner sees.
    let armed = null;
    const start = () => {
        if (armed && armed.start === null) armed.start = performance.now();
    };
    window.addEventListener('pointerdown', start, true);
    window.addEventListener('keydown', start, true);
    const frame = () => {
        if (!armed || armed.done !== null) return;
        if (armed.start !== null) {
            const shown = window.__carcShown(armed.want);
            if (shown.index !== armed.last) {
                armed.last = shown.index;
                armed.seen.push(shown.index);
            }
            if (shown.index === armed.want && shown.board) {
                armed.done = performance.now() - armed.start;
                return;
            }
        }
        requestAnimationFrame(frame);
    };
    window.__carcArm = (want) => {
        armed = {want, start: null, done: null, last: window.__carcShown().index, seen: []};
        requestAnimationFrame(frame);
    };
    window.__carcResult = () => armed && armed.done !== null
        ? {ms: armed.done, seen: armed.seen} : null;
}
"""


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def _shown(page) -> int | None:
    return page.evaluate("() => window.__carcShown().index")


def _wait_result(page, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = page.evaluate("() => window.__carcResult()")
        if result is not None:
            return result
        page.wait_for_timeout(20)
    raise TimeoutError("the page did not show the event asked for")


def _button(page, name: str):
    return page.get_by_role("button", name=name, exact=True).first


def _slider(page):
    return page.locator(":is([role=slider], input[type=range]) >> visible=true").first


def step_times(page, control: str, clicks: int) -> list[float]:
    """Milliseconds per step for ``control`` ("next", "back" or "slider")."""
    times = []
    slider = _slider(page)
    last = int(slider.get_attribute("max") or slider.get_attribute("aria-valuemax"))
    for _ in range(clicks):
        here = _shown(page)
        want = here - 1 if control == "back" else here + 1
        if want > last or want < 0:  # the end of the game: step the other way from here on
            control = {"next": "back", "back": "next", "slider": "slider back"}[control]
        if control.endswith("back"):
            want = here - 1
        page.evaluate(f"() => window.__carcArm({want})")
        if control == "next":
            _button(page, "Next").click()
        elif control == "back":
            _button(page, "Previous").click()
        else:
            _slider(page).focus()
            page.keyboard.press("ArrowLeft" if control == "slider back" else "ArrowRight")
        times.append(_wait_result(page)["ms"])
        page.wait_for_timeout(150)  # a learner reads; the page is quiet again
    return times


def scrub(page, presses: int) -> tuple[float, int]:
    """Press → ``presses`` times in a row on the slider: milliseconds from the last press to the
    last event's board, and how many events were shown on the way."""
    here = _shown(page)
    slider = _slider(page)
    last = int(slider.get_attribute("max") or slider.get_attribute("aria-valuemax"))
    # towards the end of the game if there is room, else back towards its start (a short game
    # has less room than the presses asked: as many as fit that way)
    if here + presses <= last or last - here >= here:
        key, step, presses = "ArrowRight", 1, min(presses, last - here)
    else:
        key, step, presses = "ArrowLeft", -1, min(presses, here)
    slider.focus()
    for _ in range(presses - 1):
        page.keyboard.press(key)
    page.evaluate(f"() => window.__carcArm({here + step * presses})")
    page.keyboard.press(key)
    result = _wait_result(page, timeout=120)
    return result["ms"], len(result["seen"])


def open_walkthrough(page, url: str, timeout_ms: float = 240_000) -> None:
    page.goto(url, wait_until="commit")
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        try:
            page.evaluate(_PROBE)
            ready = _button(page, "Next").is_visible() and _shown(page) is not None
        except Exception:  # noqa: BLE001 - the page is still navigating
            ready = False
        if ready and not page.locator("[data-carc-prerender]").count():
            page.wait_for_timeout(1500)  # let the first outputs settle
            return
        page.wait_for_timeout(200)
    raise TimeoutError(f"{url}: the walkthrough did not come up")


def profile_clicks(page, clicks: int = 5) -> dict[str, float]:
    """Main-thread time by category over ``clicks`` clicks on "Next", from a Chromium trace."""
    cdp = page.context.new_cdp_session(page)
    events: list[dict] = []
    cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
    done = []
    cdp.on("Tracing.tracingComplete", lambda _data: done.append(True))
    cdp.send(
        "Tracing.start",
        {"categories": "devtools.timeline,disabled-by-default-devtools.timeline"},
    )
    times = step_times(page, "next", clicks)
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    kinds = {
        "scripting": {"FunctionCall", "EvaluateScript", "EventDispatch", "TimerFire",
                      "FireAnimationFrame", "RunMicrotasks", "v8.compile", "CompileScript"},
        "parse HTML": {"ParseHTML"},
        "style": {"UpdateLayoutTree", "RecalculateStyles"},
        "layout": {"Layout"},
        "paint": {"Paint", "PaintImage", "Layerize", "UpdateLayer", "Commit"},
        "garbage collection": {"MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC"},
    }  # fmt: skip
    totals = {kind: 0.0 for kind in kinds}
    main = _main_thread(events)
    for event in events:
        if event.get("ph") != "X" or (event.get("pid"), event.get("tid")) != main:
            continue
        for kind, names in kinds.items():
            if event.get("name") in names:
                totals[kind] += event.get("dur", 0) / 1000
    totals = {kind: ms / clicks for kind, ms in totals.items()}
    totals["step (wall)"] = statistics.median(times)
    return totals


def _main_thread(events: list[dict]) -> tuple[int, int] | None:
    for event in events:
        if event.get("name") == "thread_name" and event["args"].get("name") == "CrRendererMain":
            pid = event["pid"]
            if any(e.get("name") == "FunctionCall" and e.get("pid") == pid for e in events):
                return pid, event["tid"]
    return None


def measure(browser, url: str, *, clicks: int, presses: int, profile: bool) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:"))
            else route.abort()
        ),
    )
    page = context.new_page()
    try:
        open_walkthrough(page, url)
        figures = {
            "next": step_times(page, "next", clicks),
            "back": step_times(page, "back", clicks),
            "slider": step_times(page, "slider", clicks),
        }
        settle, shown = scrub(page, presses)
        figures["scrub"] = [settle]
        figures["scrub boards"] = shown
        if profile:
            figures["profile"] = profile_clicks(page)
        return figures
    finally:
        context.close()


def _line(where: str, slug: str, figures: dict) -> str:
    cells = []
    for control in ("next", "back", "slider"):
        times = figures[control]
        cells.append(
            f"{statistics.median(times):5.0f} {_percentile(times, 0.9):5.0f} {max(times):5.0f}"
        )
    scrub_ms = figures["scrub"][0]
    return (
        f"| {where} | {slug} | " + " | ".join(cells) + f" | {scrub_ms:.0f} ms, "
        f"{figures['scrub boards']} boards |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="measure under carc-teach serve")
    parser.add_argument("--site", type=Path, help="an existing --self-hosted build to measure")
    parser.add_argument("--build", action="store_true", help="build the offline site first")
    parser.add_argument("--pages", help="comma-separated walkthroughs (default: all seven)")
    parser.add_argument("--clicks", type=int, default=20, help="steps per control (default 20)")
    parser.add_argument("--scrub", type=int, default=30, help="slider presses in a row")
    parser.add_argument("--profile", action="store_true", help="a Chromium trace of 5 clicks")
    parser.add_argument("--json", type=Path, help="also write every figure to this JSON file")
    args = parser.parse_args(argv)
    if not (args.serve or args.site or args.build):
        args.serve = args.build = True

    chromium = shutil.which("chromium")
    if chromium is None:
        print("ui_speed: Debian's chromium is not on PATH (./dev test installs it)")
        return 2
    from playwright.sync_api import sync_playwright

    from carc_teach.site.serve import free_port, start_server, stop_process, wait_until_serving

    slugs = [s for s in STEPPING if not args.pages or s in args.pages.split(",")]
    notebooks = HERE.parent / "notebooks"
    results: dict[str, dict[str, dict]] = {}
    lines = [
        "| where | walkthrough | next: median p90 max (ms) | back | slider | scrub 30 → |",
        "|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory(prefix="carc-teach-ui-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        try:
            targets: list[tuple[str, object]] = []
            if args.serve:
                targets.append(("serve", None))
            site = args.site
            if args.build and site is None:
                from carc_teach.site.build import build_site

                started = time.monotonic()
                site = build_site(
                    Path(tmp) / "site", self_hosted=True, log=lambda *_: None
                ).output_dir
                print(f"built the self-hosted site in {time.monotonic() - started:.0f} s")
            if site is not None:
                targets.append(("offline site", site))
            for where, site_dir in targets:
                if site_dir is None:
                    port = free_port()
                    log = open(Path(tmp) / "serve.log", "w")  # noqa: SIM115 - closed below
                    process = start_server(notebooks, port, log_file=log)
                    base = f"http://127.0.0.1:{port}/"
                    try:
                        wait_until_serving(base, process)
                        for slug in slugs:
                            figures = measure(
                                browser,
                                f"{base}{slug}/",
                                clicks=args.clicks,
                                presses=args.scrub,
                                profile=args.profile,
                            )
                            results.setdefault(where, {})[slug] = figures
                            lines.append(_line(where, slug, figures))
                            print(lines[-1], flush=True)
                    finally:
                        stop_process(process)
                        log.close()
                else:
                    server, base, _traffic = serve(Path(site_dir))
                    try:
                        for slug in slugs:
                            figures = measure(
                                browser,
                                f"{base}{slug}.html",
                                clicks=args.clicks,
                                presses=args.scrub,
                                profile=args.profile,
                            )
                            results.setdefault(where, {})[slug] = figures
                            lines.append(_line(where, slug, figures))
                            print(lines[-1], flush=True)
                    finally:
                        server.shutdown()
                        server.server_close()
        finally:
            browser.close()
    print()
    print("\n".join(lines))
    if args.profile:
        print()
        for where, pages in results.items():
            for slug, figures in pages.items():
                parts = ", ".join(f"{k} {v:.0f} ms" for k, v in figures["profile"].items())
                print(f"{where} · {slug}: {parts}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

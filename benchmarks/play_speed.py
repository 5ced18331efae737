"""How fast the Play page answers, in the Python of the page: a bot's move and a learner's click.

python benchmarks/play_speed.py [--cpython-only] [--seeds 2] [--site DIR | --build] [--clicks 30]
python benchmarks/play_speed.py --site DIR --clicks-only [--clicks 30]
python benchmarks/play_speed.py --marimo [--clicks 30]

Plays whole games through :class:`carc_teach.play.PlaySession` inside real Pyodide 314.0.0
under Node.js (the runtime of the offline site; local wheels only, no network), and under this
CPython for comparison. A learner seat answers at random among the options (a square of the
board for the tile, a segment or place for a figure, or passes); the other seat is the greedy
bot. Each answer is timed twice:

- **answer**: the session's own work: ``pick``/``choose`` (a learner) or ``bot_step`` (the bot:
  its look-ahead included), then the next decision found by replaying from the last turn's copy
  of the state, and for a learner the targets of the next decision;
- **page**: that, plus what the Play page's Python draws after it: the board with its targets
  (``board_input.picker_html``), the newest event explained, the scoreboard and every player's
  "why this many points".

With ``--site DIR`` (an earlier ``carc-teach build-site --self-hosted -o DIR``) or ``--build``
(build one into a temporary folder first), it also opens the Play page of the offline site in
Debian's headless Chromium (served on 127.0.0.1 as a plain static host would) and times
``--clicks`` answers of its first game end to end: from a click on the first green target of the
board (or on "Bots play to my turn") until the page shows the next decision's number, read in
the page every animation frame (so a figure includes up to a frame of polling); and "in the
page": from the click event to the animation frame in which the number changes, timed by the
page itself (without Playwright's checks before a click and its round trips after). With ``--marimo``
it times the same clicks on the notebook served by ``marimo run`` instead (and nothing else);
with ``--clicks-only`` only the clicks on the site (to time two sites in turns). The machine's
load average before and after the clicks is printed with them: on a shared machine the
figures mean little without it.
``--trace`` (with ``--site``/``--build``/``--marimo``) also says where a click's time went: per
kind of click, the median number of cells the kernel ran and of its messages to the page (read
from marimo's worker in the offline site; none under ``marimo run``, whose kernel talks over a
WebSocket), and from a Chromium trace, how long the page's main thread (marimo's front end) and
Python's worker were busy between the click and the next decision shown.

The goals of issue 23: a bot's move within 50 ms and a click answered within 150 ms in Pyodide
on the reference machine (2 cores). What marimo and the browser add after Python (sending the
outputs, painting) is in the ``--site`` figures only. Prints a Markdown table: per set-up and kind of answer, the count, median, 90th
percentile and maximum in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import runpy
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))  # site_speed, to serve a site

#: the games played: (name, expansions, seed)
SETUPS = (
    ("base game", ("base",)),
    ("Count, King & Robber, Abbey & Mayor", ("count", "king-robber", "abbey-mayor")),
    (
        "every expansion",
        (
            "count",
            "river2",
            "king-robber",
            "shrines",
            "abbey-mayor",
            "inns-cathedrals",
            "builder",
            "pig",
        ),
    ),
)

# Run inside Pyodide (and under CPython): the script's last expression is its JSON result.
MEASURE = r'''
import json, random, sys, time
from carc_teach import teach
from carc_teach.board_input import picker_html
from carc_teach.play import PlaySession

SETUPS = __SETUPS__
SEEDS = __SEEDS__


def _draw(session):
    """What the Play page's Python draws after an answer."""
    state = session.state
    pending = session.pending
    targets = session.targets(0) if pending is not None and pending.human else []
    picker_html(
        state.board,
        targets,
        players=session.players,
        size=teach.auto_tile_size(state, 600),
        max_width=600,
        corner_figures=teach._corner_figures(state),
    )
    game = session.game()
    last = len(game.events) - 1
    teach.explanation_markdown(game.events[last])
    teach.scoreboard_html(game, last)
    for player in session.players:
        teach.score_story_markdown(game, last, player)


def _learner(session, rng):
    """A random answer of the learner, as a click would give it."""
    pending = session.pending
    if pending.kind == "place":
        p = pending.options[rng.randrange(len(pending.options))]
        return lambda: session.pick(f"square:{p.x},{p.y}", p.rotation)
    if pending.optional and (not pending.options or rng.random() < 0.4):
        return session.pass_
    k = rng.randrange(len(pending.options))
    return lambda: session.choose(k)


def measure():
    out = {"platform": sys.platform, "python": list(sys.version_info[:2]), "setups": {}}
    for name, expansions in SETUPS:
        times = {"bot answer": [], "bot page": [], "click answer": [], "click page": []}
        for seed in SEEDS:
            session = PlaySession.new(
                [("You", "human"), ("Bot", "greedy")], expansions=expansions, seed=seed
            )
            rng = random.Random(seed)
            while not session.over:
                human = session.pending.human
                act = _learner(session, rng) if human else session.bot_step
                start = time.perf_counter()
                act()
                pending = session.pending
                if pending is not None and pending.human:
                    session.targets(0)
                answered = time.perf_counter()
                _draw(session)
                drawn = time.perf_counter()
                who = "click" if human else "bot"
                times[f"{who} answer"].append((answered - start) * 1000)
                times[f"{who} page"].append((drawn - start) * 1000)
        out["setups"][name] = times
    return out


json.dumps(measure()) if __name__ == "__main__" else None
'''


def _script(seeds: int) -> str:
    return MEASURE.replace("__SETUPS__", repr(SETUPS)).replace(
        "__SEEDS__", repr(tuple(range(1, seeds + 1)))
    )


def _in_pyodide(script: Path) -> dict:
    sys.path.insert(0, str(REPO / "tests"))
    from carc_support import run_in_pyodide

    return run_in_pyodide(script)


def _row(times: list[float]) -> str:
    times = sorted(times)
    if not times:
        return "0 | – | – | –"
    median = times[len(times) // 2]
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    return f"{len(times)} | {median:.1f} | {p90:.1f} | {times[-1]:.1f}"


# The number of the decision the page shows ("Decision 12 of the game"), or 0 when none shows.
_DECISION = r"""() => {
    const texts = [];
    const walk = (root) => {
        texts.push(root.textContent || '');
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) walk(el.shadowRoot); });
    };
    walk(document.body);
    const found = texts.join(' ').match(/Decision (\d+) of the game/);
    return found ? Number(found[1]) : 0;
}"""


# Installed before each click: the page notes the time of the click event (captured before any
# handler) and, every animation frame after it, whether the decision shown has changed; the
# frame it changes in is the answer shown. This leaves out Playwright's own checks before it
# clicks (about two frames) and its round trips after.
_WATCH = r"""(shown) => {
    const decision = __DECISION__;
    window.__carcClickAt = null;
    window.__carcShownAt = null;
    window.addEventListener('click', () => {
        window.__carcClickAt = performance.now();
        const frame = () => {
            if (decision() !== shown) { window.__carcShownAt = performance.now(); return; }
            requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
    }, {capture: true, once: true});
}""".replace("__DECISION__", _DECISION)


# Installed before the page loads (--trace): every message marimo's worker (Python in the
# offline site) sends to the page is noted with its time, and the cells it says ran.
_LOG_WORKER = r"""(() => {
    window.__carcKernel = [];
    const Original = window.Worker;
    window.Worker = function (url, options) {
        const worker = new Original(url, options);
        worker.addEventListener('message', (event) => {
            let op = '', cell = '', status = '';
            try {
                const kernel = JSON.parse(event.data.data.payload.message).data;
                op = kernel.op || ''; cell = kernel.cell_id || ''; status = kernel.status || '';
            } catch (e) { /* not a kernel message */ }
            window.__carcKernel.push([performance.now(), op, cell, status]);
        });
        return worker;
    };
    window.Worker.prototype = Original.prototype;
})();"""


def _busy(events: list[dict], windows: list[tuple[float, float]]) -> list[dict[str, float]]:
    """Per window of a Chromium trace (microseconds), how long the page's main thread and the
    worker threads ran tasks in it, in milliseconds."""
    names = {
        (e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"
    }
    threads = {"CrRendererMain": "front end (main thread)", "DedicatedWorker thread": "worker"}
    out: list[dict[str, float]] = [dict.fromkeys(threads.values(), 0.0) for _ in windows]
    for event in events:
        if event.get("ph") != "X" or event.get("name") != "ThreadControllerImpl::RunTask":
            continue
        thread = threads.get(names.get((event.get("pid"), event.get("tid")), ""))
        if thread is None:
            continue
        start, end = event["ts"], event["ts"] + event.get("dur", 0)
        for busy, (low, high) in zip(out, windows, strict=True):
            overlap = min(end, high) - max(start, low)
            if overlap > 0:
                busy[thread] += overlap / 1000
    return out


def _under_marimo_run(clicks: int, trace: bool = False) -> dict[str, list[float]]:
    """Answers clicked on the Play notebook served by ``marimo run`` (the kernel in CPython)."""
    import socket
    import subprocess
    import time

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    command = [sys.executable, "-m", "marimo", "run", str(REPO / "notebooks" / "play.py")]
    command += ["--headless", "--port", str(port), "--no-token"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(240):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.25)
        return _in_browser(f"http://127.0.0.1:{port}/", clicks, trace)
    finally:
        server.terminate()
        server.wait(timeout=30)


def _on_site(site: Path, clicks: int, trace: bool = False) -> dict[str, list[float]]:
    """Answers clicked on the offline site's Play page: milliseconds per kind of click."""
    from site_speed import serve

    server, url, _ = serve(site)
    try:
        return _in_browser(f"{url}play.html", clicks, trace)
    finally:
        server.shutdown()


def _in_browser(address: str, clicks: int, trace: bool = False) -> dict[str, list[float]]:
    """Answers clicked on the Play page at ``address``: milliseconds per kind of click (with
    ``trace``, also the cells run, the kernel's messages and the threads' busy time)."""
    import time

    from playwright.sync_api import sync_playwright
    from site_speed import CHROMIUM_FLAGS

    kinds = ("click on the board", "pass", "bots play to my turn")
    # end to end as Playwright sees it, and in the page (click event to the frame showing it)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    times |= {f"{kind}, in the page": [] for kind in kinds}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=CHROMIUM_FLAGS
        )
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        if trace:
            page.add_init_script(_LOG_WORKER)
        page.goto(address)
        legal = page.locator(".carc-picker .target.legal").first
        bots = page.get_by_role("button", name="Bots play to my turn", exact=True)
        passing = page.get_by_role("button", name="Pass", exact=True)
        # the offline site shows a pre-rendered board until Python runs: wait for the page's own
        page.locator("#carc-prerender").wait_for(state="detached", timeout=300_000)
        legal.wait_for(timeout=300_000)
        page.wait_for_timeout(2000)
        clicked: list[tuple[str, float]] = []  # (kind, in the page ms), in order
        spans: list[tuple[int, int, int]] = []  # (messages, cells run, ms of Python in cells)
        if trace:
            cdp = page.context.new_cdp_session(page)
            traced: list[dict] = []
            ended: list[bool] = []
            cdp.on("Tracing.dataCollected", lambda data: traced.extend(data["value"]))
            cdp.on("Tracing.tracingComplete", lambda _data: ended.append(True))
            cdp.send("Tracing.start", {"categories": "toplevel,devtools.timeline"})
        for _ in range(clicks):
            shown = page.evaluate(_DECISION)
            if not shown:
                break
            legal.or_(bots).or_(passing).first.wait_for(timeout=120_000)
            if legal.is_visible():
                kind, button = "click on the board", legal
            elif passing.is_visible():
                kind, button = "pass", passing
            else:
                kind, button = "bots play to my turn", bots
            page.evaluate(_WATCH, shown)
            start = time.perf_counter()
            button.click()
            page.wait_for_function(
                f"() => ({_DECISION})() !== {shown}", polling="raf", timeout=120_000
            )
            times[kind].append((time.perf_counter() - start) * 1000)
            page.wait_for_function("() => window.__carcShownAt !== null", timeout=120_000)
            in_page = page.evaluate("() => window.__carcShownAt - window.__carcClickAt")
            times[f"{kind}, in the page"].append(in_page)
            clicked.append((kind, in_page))
            if trace:
                spans.append(_kernel_span(page))
            # the rest of the page's update (the scores are a cell of their own)
            page.wait_for_timeout(1500)
        if trace:
            cdp.send("Tracing.end")
            while not ended:
                page.wait_for_timeout(50)
            starts = [
                e["ts"]
                for e in traced
                if e.get("name") == "EventDispatch"
                and e.get("args", {}).get("data", {}).get("type") == "click"
            ]
            windows = [(t, t + ms * 1000) for t, (_, ms) in zip(starts, clicked, strict=False)]
            for (kind, _), busy, span in zip(clicked, _busy(traced, windows), spans, strict=False):
                messages, cells, python = span
                times.setdefault(f"{kind}: kernel messages", []).append(messages)
                times.setdefault(f"{kind}: cells run", []).append(cells)
                times.setdefault(f"{kind}: cells running (ms)", []).append(python)
                for thread, ms in busy.items():
                    times.setdefault(f"{kind}: {thread} busy (ms)", []).append(ms)
        browser.close()
    return times


def _kernel_span(page) -> tuple[int, int, int]:
    """Since the last click, until the next decision showed: the kernel's messages, the cells
    it ran, and the time they ran as the page saw it (from "running" to "idle")."""
    return tuple(
        page.evaluate(
            """() => {
                const log = window.__carcKernel || [];
                const from = window.__carcClickAt, to = window.__carcShownAt;
                const seen = log.filter(([t]) => t >= from && t <= to);
                const started = {};
                let ran = 0;
                for (const [t, op, cell, status] of seen) {
                    if (op === 'cell-op' && status === 'running') started[cell] = t;
                    if (op === 'cell-op' && status === 'idle' && cell in started) {
                        ran += t - started[cell];
                    }
                }
                window.__carcKernel = [];
                return [seen.length, Object.keys(started).length, Math.round(ran)];
            }"""
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games per set-up (default 2)")
    parser.add_argument("--cpython-only", action="store_true", help="skip the Pyodide run")
    parser.add_argument(
        "--clicks-only",
        action="store_true",
        help="with --site/--build: only the clicks on the page (no whole games under Node.js)",
    )
    parser.add_argument("--site", type=Path, help="an offline site to time clicks on")
    parser.add_argument("--build", action="store_true", help="build an offline site first")
    parser.add_argument(
        "--marimo", action="store_true", help="time clicks on the notebook under marimo run"
    )
    parser.add_argument("--clicks", type=int, default=30, help="clicks on the site (default 30)")
    parser.add_argument(
        "--trace", action="store_true", help="also where a click's time went (cells, threads)"
    )
    args = parser.parse_args(argv)
    if args.marimo:
        _print_clicks("marimo run", _under_marimo_run(args.clicks, args.trace))
        return 0
    if args.clicks_only and (args.site or args.build):
        _print_site(args)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "play_measure.py"
        script.write_text(_script(args.seeds), encoding="utf-8")
        results = {"CPython": runpy.run_path(str(script))["measure"]()}
        if not args.cpython_only:
            results["Pyodide"] = _in_pyodide(script)
    print("| runtime | set-up | what | answers | median ms | p90 ms | max ms |")
    print("|---|---|---|---:|---:|---:|---:|")
    for runtime, result in results.items():
        for name, times in result["setups"].items():
            for what, values in times.items():
                print(f"| {runtime} | {name} | {what} | {_row(values)} |")
    print()
    print(json.dumps({r: {"python": v["python"]} for r, v in results.items()}))
    _print_site(args)
    return 0


def _print_site(args) -> None:
    site = args.site
    with tempfile.TemporaryDirectory() as tmp:
        if args.build and site is None:
            from carc_teach.site.build import build_site

            site = build_site(Path(tmp) / "site", self_hosted=True, log=lambda *_: None).output_dir
        if site is not None:
            before = os.getloadavg()
            clicked = _on_site(Path(site), args.clicks, args.trace)
            _print_clicks("offline site", clicked)
            # the machine is shared: the figures mean little without its load
            load = ", ".join(
                f"{a:.1f}–{b:.1f}" for a, b in zip(before, os.getloadavg(), strict=True)
            )
            print(f"\nload average (1, 5, 15 min) before and after the clicks: {load}")


def _print_clicks(where: str, clicked: dict[str, list[float]]) -> None:
    print()
    print(
        f"| {where}, Play page: click to the next decision shown | clicks | median ms | p90 ms | max ms |"
    )
    print("|---|---:|---:|---:|---:|")
    for what, values in clicked.items():
        print(f"| {what} | {_row(values)} |")


if __name__ == "__main__":
    raise SystemExit(main())

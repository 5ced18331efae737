"""How fast the Play page answers, in the Python of the page: a bot's move and a learner's click.

python benchmarks/play_speed.py [--cpython-only] [--seeds 3]

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

The goals of issue 23: a bot's move within 50 ms and a click answered within 150 ms in Pyodide
on the reference machine (2 cores). What marimo and the browser add after Python (sending the
outputs, painting) is not in these figures; ``benchmarks/ui_speed.py`` measures that for the
walkthroughs. Prints a Markdown table: per set-up and kind of answer, the count, median, 90th
percentile and maximum in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games per set-up (default 2)")
    parser.add_argument("--cpython-only", action="store_true", help="skip the Pyodide run")
    args = parser.parse_args(argv)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmarks of the engine (used by ``carc-teach bench`` and ``benchmarks/run.py``).

Figures are wall-clock on the machine that runs them; the README reports the last run on the
project's reference machine (2 cores, CPython 3.11).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass

__all__ = ["BenchResult", "run_benchmarks", "format_table"]


@dataclass
class BenchResult:
    name: str
    value: float
    unit: str
    note: str = ""


def _time(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def run_benchmarks(games: int = 200, players: int = 2, seed: int = 0) -> list[BenchResult]:
    """Measure random games, per-step costs, replay and SVG rendering."""
    from . import state as state_module
    from .render.svg import board_svg
    from .simulate import random_game

    random_game(seed)  # warm caches (catalogue, rotation fits)
    started = time.perf_counter()
    played = [random_game(seed + k, players) for k in range(games)]
    elapsed = time.perf_counter() - started
    events = sum(len(g.events) for g in played)
    results = [
        BenchResult(
            "random games per second", games / elapsed, "games/s", f"{players} players, base game"
        ),
        BenchResult("mean time per random game", 1000 * elapsed / games, "ms"),
        BenchResult("mean events per game", events / games, "events"),
        BenchResult("mean time per event", 1e6 * elapsed / events, "µs", "engine only, all steps"),
    ]

    # Time spent per turn step: wrap GameState.emit to clock the interval since the last event.
    per_step: dict[str, list[float]] = defaultdict(list)
    original = state_module.GameState.emit
    last = [time.perf_counter()]

    def timed_emit(self, kind, **fields):
        now = time.perf_counter()
        event = original(self, kind, **fields)
        per_step[event.step].append(now - last[0])
        last[0] = time.perf_counter()
        return event

    state_module.GameState.emit = timed_emit  # type: ignore[method-assign]
    try:
        for k in range(min(games, 50)):
            last[0] = time.perf_counter()
            random_game(seed + k, players)
    finally:
        state_module.GameState.emit = original  # type: ignore[method-assign]
    for step in ("setup", "1A", "1B", "1C", "2B", "3A", "3B", "final"):
        if per_step.get(step):
            results.append(
                BenchResult(
                    f"mean time per event, step {step}", 1e6 * statistics.mean(per_step[step]), "µs"
                )
            )

    # What a notebook slider costs: rebuild the state after an event, then draw it.
    sample = played[0]
    from .game import Game

    file_game = Game(sample.setup, sample.moves)
    points = [len(file_game.events) * k // 10 for k in range(1, 10)]
    replay_times = [t for k in points for t in _time(lambda k=k: file_game.replay(k), 1)]
    results.append(
        BenchResult(
            "replay(until=k), mean over a game",
            1000 * statistics.mean(replay_times),
            "ms",
            "rebuild state after event k",
        )
    )
    state = file_game.state
    svg_times = _time(lambda: board_svg(state.board, players=file_game.players, graph=True), 10)
    results.append(
        BenchResult(
            "SVG of a full board with graph overlay", 1000 * statistics.mean(svg_times), "ms"
        )
    )
    results.append(
        BenchResult(
            "mean time per event step incl. replay + SVG",
            1000 * (statistics.mean(replay_times) + statistics.mean(svg_times)),
            "ms",
            "what one click of 'next' costs in a notebook",
        )
    )

    # Import time in a fresh interpreter.
    out = (
        subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import carc_teach"],
            capture_output=True,
            text=True,
            check=False,
        )
        .stderr.strip()
        .splitlines()
    )
    total = next((line for line in reversed(out) if line.rstrip().endswith("carc_teach")), "")
    if total:
        cumulative_us = int(total.split("|")[1])
        results.append(
            BenchResult(
                "import carc_teach (fresh interpreter)",
                cumulative_us / 1000,
                "ms",
                "includes networkx",
            )
        )
    return results


def format_table(results: list[BenchResult]) -> str:
    width = max(len(r.name) for r in results)
    lines = [f"{'measure':<{width}}  {'value':>10}  unit      note", "-" * (width + 40)]
    for r in results:
        lines.append(f"{r.name:<{width}}  {r.value:>10.2f}  {r.unit:<8}  {r.note}")
    return "\n".join(lines)

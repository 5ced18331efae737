"""Benchmarks of the engine (used by ``carc-teach bench`` and ``benchmarks/run.py``).

Figures are wall-clock on the machine that runs them; the README reports the last run on the
project's reference machine (2 cores, CPython 3.11). The measures' names, units and notes are
English :class:`~carc_teach.errors.Phrase` s (the JSON keeps them so), which :func:`format_table`
says in a language.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass

from .errors import phrase

__all__ = ["BenchResult", "run_benchmarks", "format_table", "RATIO_TARGETS"]

#: the games whose time is compared with a base game's, and the most it may be (issue 20): a
#: random game with Abbey & Mayor alone, and one with every implemented expansion
RATIO_TARGETS: dict[str, tuple[str, float]] = {
    "abbey-mayor": (phrase("Abbey & Mayor game"), 1.5),
    "all": (phrase("game with every expansion"), 3.0),
}


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


def run_benchmarks(
    games: int = 200,
    players: int = 2,
    seed: int = 0,
    expansions: tuple[str, ...] | None = None,
) -> list[BenchResult]:
    """Measure random games, per-step costs, replay and SVG rendering; then random full games
    with ``expansions`` (default: every implemented expansion; ``("base",)`` skips it)."""
    from . import state as state_module
    from .render.svg import board_svg
    from .simulate import random_game

    random_game(seed)  # warm caches (catalogue, rotation fits)
    # Each game is counted and dropped, as `carc-teach simulate` streams its games: keeping
    # all of them would time the collector walking a growing heap, not the engine.
    events = 0
    started = time.perf_counter()
    for k in range(games):
        events += len(random_game(seed + k, players).events)
    elapsed = time.perf_counter() - started
    results = [
        BenchResult(
            phrase("random games per second"),
            games / elapsed,
            phrase("games/s"),
            phrase("{players} players, base game", players=players),
        ),
        BenchResult(
            phrase("mean time per random game"),
            1000 * elapsed / games,
            "ms",
            phrase("target ≤ {target} ms", target=6),
        ),
        BenchResult(phrase("mean events per game"), events / games, phrase("events")),
        BenchResult(
            phrase("mean time per event"),
            1e6 * elapsed / events,
            "µs",
            phrase("engine only, all steps"),
        ),
    ]
    results += _expansion_games(games, players, seed, expansions)
    results += _game_time_ratios(games, players, seed)

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
                    phrase("mean time per event, step {step}", step=step),
                    1e6 * statistics.mean(per_step[step]),
                    "µs",
                )
            )

    # What one click of "next" costs in a walkthrough, at every event of the bundled full game:
    # rebuild the state after event k (from the nearest checkpoint), then draw the board and the
    # feature-graph view exactly as the turn-sequence notebook does.
    from . import examples
    from .teach import board_for_event, feature_graph_for_event

    full = examples.load("full-game")
    t = time.perf_counter()
    full.replay(1)  # the first replay keeps the checkpoints
    first = time.perf_counter() - t
    replay_times, click_times = [], []
    for k in range(len(full.events)):
        t0 = time.perf_counter()
        state = full.replay(k)
        t1 = time.perf_counter()
        board_for_event(full, k, state)
        feature_graph_for_event(full, k, state)
        t2 = time.perf_counter()
        replay_times.append(t1 - t0)
        click_times.append(t2 - t0)
    n = len(full.events)
    results += [
        BenchResult(
            phrase("first replay of a game (keeps a checkpoint per turn)"),
            1000 * first,
            "ms",
            phrase("bundled full game, {n} events", n=n),
        ),
        BenchResult(
            phrase("replay(until=k), mean over every k"),
            1000 * statistics.mean(replay_times),
            "ms",
        ),
        BenchResult(phrase("replay(until=k), slowest k"), 1000 * max(replay_times), "ms"),
        BenchResult(
            phrase("one click: replay + board + graph view, mean"),
            1000 * statistics.mean(click_times),
            "ms",
            phrase("every event of the bundled full game"),
        ),
        BenchResult(
            phrase("one click: replay + board + graph view, 95th percentile"),
            1000 * sorted(click_times)[int(0.95 * (len(click_times) - 1))],
            "ms",
            phrase("target ≤ {target} ms", target=5),
        ),
        BenchResult(
            phrase("one click: replay + board + graph view, slowest"),
            1000 * max(click_times),
            "ms",
            phrase("includes any garbage-collector pause"),
        ),
    ]
    state = full.state
    svg_times = _time(lambda: board_svg(state.board, players=full.players, graph=True), 10)
    results.append(
        BenchResult(
            phrase("SVG of a full board with graph overlay"),
            1000 * statistics.mean(svg_times),
            "ms",
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
        has_networkx = any(line.rstrip().endswith(" networkx") for line in out)
        results.append(
            BenchResult(
                phrase("import carc_teach (fresh interpreter)"),
                cumulative_us / 1000,
                "ms",
                phrase("imports networkx")
                if has_networkx
                else phrase("networkx not imported until a graph is asked for"),
            )
        )
    return results


def _expansion_games(
    games: int, players: int, seed: int, expansions: tuple[str, ...] | None
) -> list[BenchResult]:
    """Random full games with expansions: a quarter as many as the base games (at least 10),
    since each takes longer; the same seeds, so runs compare."""
    from .rules import RULE_MODULES
    from .simulate import random_game

    chosen = tuple(RULE_MODULES) if expansions is None else tuple(expansions)
    if chosen == ("base",):
        return []
    n = max(10, games // 4)
    random_game(seed, players, expansions=chosen)  # warm the expansions' tile sets
    started = time.perf_counter()
    events = sum(len(random_game(seed + k, players, expansions=chosen).events) for k in range(n))
    elapsed = time.perf_counter() - started
    which = (
        phrase("base + all expansions") if set(chosen) == set(RULE_MODULES) else " + ".join(chosen)
    )
    return [
        BenchResult(
            phrase("random full games per second ({which})", which=which),
            n / elapsed,
            phrase("games/s"),
            phrase(
                "{players} players, {games} games: {expansions}",
                players=players,
                games=n,
                expansions=", ".join(chosen),
            ),
        ),
        BenchResult(
            phrase("mean time per random game ({which})", which=which),
            1000 * elapsed / n,
            "ms",
            phrase("{n:.0f} events per game", n=events / n),
        ),
    ]


def _game_time_ratios(games: int, players: int, seed: int, rounds: int = 5) -> list[BenchResult]:
    """How many times a base game's time a random game with Abbey & Mayor, and one with every
    expansion, takes (the targets of :data:`RATIO_TARGETS`).

    ``rounds`` rounds of a tenth of ``games`` seeds each (at least 4), each round its own
    seeds: the ratios differ from one set of twenty seeds to the next by up to a tenth (1.51
    to 1.65 × for Abbey & Mayor over fifteen sets), so the same twenty seeds in every round
    measured those seeds, not a random game. Within a round the three kinds alternate game
    by game (the base game of a seed, then its Abbey &
    Mayor game, then its game with every expansion), so that a machine whose speed drifts
    during the run (other work on it) slows all three alike; each ratio is the median of the
    rounds' ratios. Timing each kind's games as one block let a drift of a few hundred
    milliseconds fall on one kind only: the same code gave 1.49 to 1.82 × for Abbey & Mayor
    in four runs. The time is the process's CPU time: on a busy machine the wall clock also
    counts the time other work held the processor, which swung these ratios by a third
    between two runs."""
    from .rules import RULE_MODULES
    from .simulate import random_game

    kinds: dict[str, tuple[str, ...]] = {
        "base": ("base",),
        "abbey-mayor": ("base", "abbey-mayor"),
        "all": tuple(RULE_MODULES),
    }
    n = max(4, games // 10)
    for chosen in kinds.values():
        random_game(seed, players, expansions=chosen)  # warm the tile sets and fit memos
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    clock = time.process_time
    for r in range(rounds):
        spent = dict.fromkeys(kinds, 0.0)
        for k in range(seed + r * n, seed + (r + 1) * n):
            for kind, chosen in kinds.items():
                started = clock()
                random_game(k, players, expansions=chosen)
                spent[kind] += clock() - started
        for kind in kinds:
            times[kind].append(spent[kind] / n)
    out = []
    for kind, (what, target) in RATIO_TARGETS.items():
        ratios = [t / b for t, b in zip(times[kind], times["base"], strict=True)]
        out.append(
            BenchResult(
                phrase("time of a random {what} / a base game", what=what),
                statistics.median(ratios),
                "×",
                phrase(
                    "target ≤ {target:g}; CPU time, median of {rounds} rounds of {n} games of "
                    "each kind, each round its own seeds, the kinds alternating game by game "
                    "({these:.2f} ms against {base:.2f} ms a game on average)",
                    target=target,
                    rounds=rounds,
                    n=n,
                    these=1000 * statistics.fmean(times[kind]),
                    base=1000 * statistics.fmean(times["base"]),
                ),
            )
        )
    return out


def format_table(results: list[BenchResult], lang: str | None = None) -> str:
    """The figures as a table of text in ``lang`` (default: the current language): names,
    units, notes and headings translated, numbers with the language's decimal separator."""
    from .i18n import _, language_code
    from .i18n.errors import say

    code = language_code(lang)
    rows = [(say(r.name, code), _value(r.value, code), say(r.unit, code), r) for r in results]
    width = max(len(name) for name, *_rest in rows)
    unit_width = max(8, *(len(unit) for _n, _v, unit, _r in rows))
    head = (_("measure", code), _("value", code), _("unit", code), _("note", code))
    lines = [
        f"{head[0]:<{width}}  {head[1]:>10}  {head[2]:<{unit_width}}  {head[3]}",
        "-" * (width + 32 + unit_width),
    ]
    for name, value, unit, r in rows:
        lines.append(f"{name:<{width}}  {value:>10}  {unit:<{unit_width}}  {say(r.note, code)}")
    return "\n".join(lines)


def _value(value: float, lang: str) -> str:
    """A figure with two decimals: ``1234.50`` in English as it always was, ``1.234,50``,
    ``1 234,50`` in Italian and Czech."""
    from .i18n import DEFAULT_LANGUAGE, format_number

    return f"{value:.2f}" if lang == DEFAULT_LANGUAGE else format_number(value, lang, decimals=2)

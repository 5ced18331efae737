"""``carc-teach simulate --seed S --games N [--players P] [--player random|greedy]
[--expansions base,abbey-mayor,...|all] [--json] [--save DIR]``.

``--expansions`` names the rule modules in play (comma-separated ids; the base game is always
in; ``all`` plays every implemented expansion at once); simulated players answer every
decision those modules ask at random (or greedily for placements).

Games are played, printed (and saved) one at a time, so the first result shows at once and a
run of any length needs no more memory than one game. Ctrl-C stops the run: the games already
printed and saved stay, a summary says how far it got, and the exit status is 130. SIGTERM and
SIGHUP stop it the same way (exit status 143 and 129).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path

from ..errors import CarcTeachError, phrase
from ..i18n import _, ngettext
from ._output import describe_os_error, make_output_folder

#: at most this often (seconds) a progress line is written
PROGRESS_EVERY = 0.5
#: progress is shown only once a run has lasted this long (seconds)
PROGRESS_AFTER = 1.0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=int, default=0, help=_("seed of the first game, 0 or more (default 0)")
    )
    parser.add_argument(
        "--games", type=int, default=1, help=_("how many games (seeds S, S+1, ...)")
    )
    parser.add_argument(
        "--players", type=int, default=2, help=_("players per game, 1-6 (default 2)")
    )
    parser.add_argument(
        "--player",
        choices=("random", "greedy"),
        default="random",
        help=_(
            "random: uniform over legal moves (default); greedy: a simple bot looking one "
            "placement ahead"
        ),
    )
    parser.add_argument(
        "--expansions",
        nargs="+",
        default=["base"],
        metavar="IDS",
        help=_(
            "expansions in play, separated by commas or spaces (e.g. base,abbey-mayor,pig), "
            "or 'all' for every implemented one (default: base)"
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("print one JSON object with every game's result (written game by game)"),
    )
    parser.add_argument(
        "--save", metavar="DIR", help=_("also write each game as a replayable game file")
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_(
            "a progress line on standard error during long runs "
            "(default: only when standard error is a terminal)"
        ),
    )


class _Progress:
    """A progress line on standard error: rewritten in place on a terminal, else one line each."""

    def __init__(self, total: int, enabled: bool | None) -> None:
        self.total = total
        self.tty = sys.stderr.isatty()
        self.enabled = self.tty if enabled is None else enabled
        self.started = time.perf_counter()
        self.last = self.started
        self.shown = False

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.started < PROGRESS_AFTER or now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        rate = done / (now - self.started)
        left = (self.total - done) / rate if rate else float("inf")
        text = _(
            "progress: {done:,} of {total:,} games ({percent:.1f} %, {rate:.1f} games/s, "
            "{left} left)",
            done=done,
            total=self.total,
            percent=100 * done / self.total,
            rate=rate,
            left=_duration(left),
        )
        if self.tty:
            sys.stderr.write("\r\033[K" + text)
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _duration(seconds: float) -> str:
    """``"12 s"``, ``"3 min"``, ``"5 h"``, ``"41 days"``, ``"2,000 years"``."""
    if seconds == float("inf"):
        return _("an unknown time")
    for limit, unit, size in (
        (120, "s", 1),
        (7_200, "min", 60),
        (172_800, "h", 3_600),
    ):
        if seconds < limit:
            return _("{amount:,.0f} {unit}", amount=seconds / size, unit=unit)
    if seconds < 2 * 31_557_600:
        days = round(seconds / 86_400)
        return ngettext("{n:,} day", "{n:,} days", days)
    years = round(seconds / 31_557_600)
    return ngettext("{n:,} year", "{n:,} years", years)


def _save(folder: Path, seed: int, text: str) -> None:
    """Write one game file whole or not at all (a Ctrl-C never leaves half a file)."""
    target = folder / f"random-{seed}.json"
    partial = folder / f".random-{seed}.json.partial"
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    except OSError as exc:
        raise CarcTeachError(describe_os_error(target, exc)) from None
    finally:
        if partial.exists():
            partial.unlink()


def parse_expansions(text: str | list[str]) -> tuple[str, ...]:
    """The expansion ids of ``--expansions``: ``"base,abbey-mayor"`` (or the words given
    separately) or ``"all"``; the base game comes first whether named or not. An unknown or
    planned id is a one-line error."""
    from ..rules import RULE_MODULES, module_class

    words = [text] if isinstance(text, str) else text
    names = [n.strip() for word in words for n in word.split(",") if n.strip()]
    if not names:
        raise CarcTeachError(
            _(
                "--expansions needs at least one expansion id (implemented: {ids})",
                ids=", ".join(RULE_MODULES),
            )
        )
    if "all" in names:
        if len(names) > 1:
            raise CarcTeachError(
                _(
                    "--expansions: 'all' already names every implemented expansion; give it "
                    "alone or list ids instead (implemented: {ids})",
                    ids=", ".join(RULE_MODULES),
                )
            )
        return tuple(RULE_MODULES)
    out = ["base"]
    for name in names:
        try:
            module_class(name)
        except CarcTeachError as exc:
            # the engine's reason as a phrase too, said in the chosen language
            raise CarcTeachError(phrase("--expansions: {error}", error=exc.args[0])) from None
        if name not in out:
            out.append(name)
    return tuple(out)


def run(args: argparse.Namespace) -> int:
    from ..gamefile import dump_game
    from ..simulate import random_game
    from ..site.lifeline import StopSignal, signals_held, stop_signals_raise

    if args.seed < 0:  # random.Random(-n) shuffles as random.Random(n) does
        raise CarcTeachError(_("--seed must be 0 or more, not {seed}", seed=args.seed))
    if args.games < 1:
        raise CarcTeachError(_("--games must be at least 1, not {games}", games=args.games))
    if not 1 <= args.players <= 6:
        raise CarcTeachError(
            _("--players must be between 1 and 6, not {players}", players=args.players)
        )
    expansions = parse_expansions(args.expansions)
    save = make_output_folder(args.save) if args.save else None
    out = sys.stdout
    progress = _Progress(args.games, args.progress)
    done = saved = 0
    stopped_by: int | None = None  # the signal that stopped the run
    started = time.perf_counter()
    if args.json:
        out.write('{"games": [')
    try:
        with stop_signals_raise():
            for seed in range(args.seed, args.seed + args.games):
                game = random_game(seed, args.players, player=args.player, expansions=expansions)
                scores = game.scores
                top = max(scores.values())
                result = {
                    "seed": seed,
                    "turns": sum(1 for e in game.events if e.kind == "turn-begin"),
                    "events": len(game.events),
                    "scores": scores,
                    "winners": [p for p, s in scores.items() if s == top],
                }
                if args.json:
                    line = ("" if done == 0 else ", ") + json.dumps(result)
                else:
                    score_text = ", ".join(
                        _("{player} {points}", player=p, points=s) for p, s in scores.items()
                    )
                    line = (
                        _(
                            "seed {seed:>6}: {turns} turns, {events} events; {scores}",
                            seed=seed,
                            turns=result["turns"],
                            events=result["events"],
                            scores=score_text,
                        )
                        + "\n"
                    )
                # a game is saved, written and counted whole: a signal waits until it is
                with signals_held():
                    if save:
                        _save(save, seed, dump_game(game.to_json()))
                        saved += 1
                    out.write(line)
                    out.flush()
                    done += 1
                progress.update(done)
    except KeyboardInterrupt:
        stopped_by = signal.SIGINT
    except StopSignal as stop:
        stopped_by = stop.signum
    finally:
        progress.clear()
    elapsed = time.perf_counter() - started
    rate = _("{rate:.1f} games/s", rate=done / elapsed) if elapsed > 0 else "-"
    if args.json:
        tail = {"seconds": round(elapsed, 4)}
        if stopped_by is not None:
            tail["interrupted"] = True
        out.write("], " + json.dumps(tail)[1:] + "\n")
        out.flush()
    elif stopped_by is None:
        print(
            ngettext(
                "{n} game in {seconds:.2f} s ({rate})",
                "{n} games in {seconds:.2f} s ({rate})",
                done,
                seconds=elapsed,
                rate=rate,
            )
        )
    if stopped_by is None:
        return 0
    how = (
        _("interrupted")
        if stopped_by == signal.SIGINT
        else _("stopped by {signal}", signal=signal.Signals(stopped_by).name)
    )
    summary = _("{how} after {done:,} of {total:,} games", how=how, done=done, total=args.games)
    if done:
        summary += _(
            " (seeds {first} to {last}, {seconds:.1f} s, {rate})",
            first=args.seed,
            last=args.seed + done - 1,
            seconds=elapsed,
            rate=rate,
        )
    if save:
        summary += _("; {saved:,} saved in {folder}", saved=saved, folder=save)
    try:
        print(f"carc-teach simulate: {summary}", file=sys.stderr)
    except OSError:  # SIGHUP: the terminal may be gone
        pass
    return 128 + stopped_by

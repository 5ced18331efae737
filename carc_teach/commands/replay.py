"""``carc-teach replay GAME [--until N] [--json]``: the event log and the scores."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import CarcTeachError, terminal_text
from ..i18n import _
from ..i18n.game_texts import title_in
from ._common import add_game_argument, max_bytes, open_game


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--until", type=int, metavar="N", help=_("stop after event N (0-based)"))
    parser.add_argument(
        "--json", action="store_true", help=_("print one JSON object: scores and events")
    )


def run(args: argparse.Namespace) -> int:
    game = open_game(args.game, max_bytes(args))
    events = game.events
    if args.until is not None:
        if args.until < 0 or args.until >= len(events):
            raise CarcTeachError(
                _(
                    "--until must be between 0 and {last} for this game, not {until}",
                    last=len(events) - 1,
                    until=args.until,
                )
            )
        events = events[: args.until + 1]
        scores = game.scores_after(args.until)
    else:
        scores = game.scores
    if args.json:
        json.dump(
            {"scores": scores, "events": [e.to_json() for e in events]},
            sys.stdout,
            ensure_ascii=False,
        )
        sys.stdout.write("\n")
        return 0
    out = sys.stdout
    # names and titles come from the file: escaped, so that none can move the cursor
    out.write(f"{terminal_text(title_in(game))}\n")  # a bundled game's in the language
    width = len(str(len(events)))
    for e in events:
        pts = f"  +{e.points}" if e.points else ""
        # the event's text in the current language (--lang); the JSON above keeps the English
        text = terminal_text(e.text_in())
        out.write(f"{e.index:>{width}}  T{e.turn:<3} {e.step:<5} {text}{pts}\n")
    listed = ", ".join(_("{player} {points}", player=p, points=s) for p, s in scores.items())
    out.write(terminal_text(_("scores: {scores}", scores=listed)) + "\n")
    return 0

"""``carc-teach render GAME [--until N] [-o FILE] [--graph] [--feature ID]``: the board as SVG."""

from __future__ import annotations

import argparse
import sys

from ..errors import CarcTeachError, one_line
from ..i18n import _
from ._common import add_game_argument, max_bytes, open_game
from ._output import write_output

#: the pixels per tile ``--size`` accepts
MIN_SIZE, MAX_SIZE = 8, 2000


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--until", type=int, metavar="N", help=_("the board just after event N"))
    parser.add_argument(
        "-o", "--output", metavar="FILE", help=_("write here instead of standard output")
    )
    parser.add_argument("--graph", action="store_true", help=_("overlay the feature graph"))
    parser.add_argument("--feature", type=int, metavar="ID", help=_("highlight this feature"))
    parser.add_argument(
        "--size",
        type=int,
        default=72,
        help=_("pixels per tile, {low}-{high} (default 72)", low=MIN_SIZE, high=MAX_SIZE),
    )


def run(args: argparse.Namespace) -> int:
    from ..render.svg import board_svg, off_board_figures

    if not MIN_SIZE <= args.size <= MAX_SIZE:
        raise CarcTeachError(
            _(
                "--size must be between {low} and {high}, not {size}",
                low=MIN_SIZE,
                high=MAX_SIZE,
                size=args.size,
            )
        )
    game = open_game(args.game, max_bytes(args))
    if args.until is not None and not 0 <= args.until < len(game.events):
        raise CarcTeachError(
            _(
                "--until must be between 0 and {last}, not {until}",
                last=len(game.events) - 1,
                until=args.until,
            )
        )
    state = game.replay(args.until)
    event = state.events[-1]
    highlight = None
    if args.feature is not None:
        matches = [f for f in state.board.features.features() if f.id == args.feature]
        if not matches:
            raise CarcTeachError(
                _(
                    "no feature {feature} on the board after event {index}",
                    feature=args.feature,
                    index=event.index,
                )
            )
        highlight = matches[0]
    elif event.nodes:
        highlight = event.nodes
    svg = board_svg(
        state.board,
        players=game.players,
        highlight=highlight,
        current_tile=event.pos,
        graph=args.graph,
        size=args.size,
        corner_figures=off_board_figures(state),
    )
    if args.output:
        write_output(args.output, svg)
        print(
            one_line(
                _(
                    "wrote {file} (board after event {index}: {text})",
                    file=args.output,
                    index=event.index,
                    text=event.text,
                )
            ),
            file=sys.stderr,
        )
    else:
        sys.stdout.write(svg + "\n")
    return 0

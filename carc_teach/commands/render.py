"""``carc-teach render GAME [--until N] [-o FILE] [--graph] [--feature ID]``: the board as SVG."""

from __future__ import annotations

import argparse
import sys

from ..errors import CarcTeachError, one_line
from ._common import add_game_argument, max_bytes, open_game
from ._output import write_output

#: the pixels per tile ``--size`` accepts
MIN_SIZE, MAX_SIZE = 8, 2000


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--until", type=int, metavar="N", help="the board just after event N")
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write here instead of standard output"
    )
    parser.add_argument("--graph", action="store_true", help="overlay the feature graph")
    parser.add_argument("--feature", type=int, metavar="ID", help="highlight this feature")
    parser.add_argument(
        "--size", type=int, default=72, help=f"pixels per tile, {MIN_SIZE}-{MAX_SIZE} (default 72)"
    )


def run(args: argparse.Namespace) -> int:
    from ..render.svg import board_svg, off_board_figures

    if not MIN_SIZE <= args.size <= MAX_SIZE:
        raise CarcTeachError(f"--size must be between {MIN_SIZE} and {MAX_SIZE}, not {args.size}")
    game = open_game(args.game, max_bytes(args))
    if args.until is not None and not 0 <= args.until < len(game.events):
        raise CarcTeachError(
            f"--until must be between 0 and {len(game.events) - 1}, not {args.until}"
        )
    state = game.replay(args.until)
    event = state.events[-1]
    highlight = None
    if args.feature is not None:
        matches = [f for f in state.board.features.features() if f.id == args.feature]
        if not matches:
            raise CarcTeachError(
                f"no feature {args.feature} on the board after event {event.index}"
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
            one_line(f"wrote {args.output} (board after event {event.index}: {event.text})"),
            file=sys.stderr,
        )
    else:
        sys.stdout.write(svg + "\n")
    return 0

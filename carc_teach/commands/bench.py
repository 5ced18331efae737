"""``carc-teach bench [--games N] [--players P] [--expansions IDS]``: engine speed, as a table.

The base-game figures are measured as before; one more figure times random full games with
the expansions of ``--expansions`` (default: every implemented one, as the design asks for
"random full games per second (base + all expansions)").
"""

from __future__ import annotations

import argparse
import json
import sys

from ..i18n import _


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games", type=int, default=200, help=_("random games to play (default 200)")
    )
    parser.add_argument(
        "--players", type=int, default=2, help=_("players per game, 1-6 (default 2)")
    )
    parser.add_argument(
        "--expansions",
        nargs="+",
        default=["all"],
        metavar="IDS",
        help=_(
            "expansions of the extra figure, separated by commas or spaces, or 'all' (default: "
            "all implemented); the base-game figures do not change"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print the figures as JSON"))


def run(args: argparse.Namespace) -> int:
    from ..bench import format_table, run_benchmarks
    from ..errors import CarcTeachError

    if args.games < 1:
        raise CarcTeachError(_("--games must be at least 1, not {games}", games=args.games))
    if not 1 <= args.players <= 6:
        raise CarcTeachError(
            _("--players must be between 1 and 6, not {players}", players=args.players)
        )
    from .simulate import parse_expansions

    expansions = parse_expansions(args.expansions)
    results = run_benchmarks(games=args.games, players=args.players, expansions=expansions)
    if args.json:
        json.dump([r.__dict__ for r in results], sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(format_table(results))
    return 0

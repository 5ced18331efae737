"""``carc-teach bench [--games N] [--players P]``: engine speed, as a table."""

from __future__ import annotations

import argparse
import json
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=200, help="random games to play (default 200)")
    parser.add_argument("--players", type=int, default=2, help="players per game, 1-6 (default 2)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    from ..bench import format_table, run_benchmarks
    from ..errors import CarcTeachError

    if args.games < 1:
        raise CarcTeachError(f"--games must be at least 1, not {args.games}")
    if not 1 <= args.players <= 6:
        raise CarcTeachError(f"--players must be between 1 and 6, not {args.players}")
    results = run_benchmarks(games=args.games, players=args.players)
    if args.json:
        json.dump([r.__dict__ for r in results], sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(format_table(results))
    return 0

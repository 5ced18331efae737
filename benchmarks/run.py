"""Run the engine benchmarks and print a Markdown table for docs/performance.md.

python benchmarks/run.py [--games 500]
"""

from __future__ import annotations

import argparse
import platform
import sys

from carc_teach.bench import run_benchmarks


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    results = run_benchmarks(games=args.games, players=args.players)
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games\n")
    print("| measure | value | unit | note |\n|---|---:|---|---|")
    for r in results:
        print(f"| {r.name} | {r.value:.2f} | {r.unit} | {r.note} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Instructions per random game, counted by valgrind's callgrind (they do not move with the
machine's load, unlike times).

    python benchmarks/instructions.py [--kinds base,abbey-mayor,nine,all] [--games 10]

For each kind, two fresh processes run under ``valgrind --tool=callgrind`` with
``PYTHONHASHSEED=0``: both play five warm-up games (seeds 0-4), one then plays ``--games``
games with seeds 1000, 1001, ...; the difference of their counts over ``--games`` is the
figure (docs/performance.md, issue 20). Needs valgrind on the PATH; a kind takes a minute or
more.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

KINDS = {
    "base": "('base',)",
    "abbey-mayor": "('base', 'abbey-mayor')",
    "nine": "tuple(m for m in RULE_MODULES if m != 'inns-cathedrals')",
    "all": "tuple(RULE_MODULES)",
}
PLAY = """
from carc_teach.rules import RULE_MODULES
from carc_teach.simulate import random_game
chosen = {expansions}
for seed in range(5):
    random_game(seed, 2, expansions=chosen)
for seed in range(1000, 1000 + {games}):
    random_game(seed, 2, expansions=chosen)
"""


def count(expansions: str, games: int) -> int:
    """Instructions of a fresh process playing the warm-up games and then ``games`` more."""
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={os.path.join(folder, 'out')}",
                sys.executable,
                "-c",
                PLAY.format(expansions=expansions, games=games),
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True,
        )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kinds", default="base,abbey-mayor,nine,all", help=", ".join(KINDS))
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    base = None
    for kind in args.kinds.split(","):
        if kind not in KINDS:
            sys.exit(f"unknown kind {kind!r}; choose from {', '.join(KINDS)}")
        per_game = (count(KINDS[kind], args.games) - count(KINDS[kind], 0)) / args.games
        if kind == "base":
            base = per_game
        ratio = f"  {per_game / base:.3f} × a base game" if base else ""
        print(f"{kind:12} {per_game / 1e6:8.2f} M instructions a game{ratio}", flush=True)


if __name__ == "__main__":
    main()

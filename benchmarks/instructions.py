"""Instructions per random game, counted by valgrind's callgrind (they do not move with the
machine's load, unlike times).

    python benchmarks/instructions.py [--kinds base,abbey-mayor,nine,all] [--games 10] [--l2]

For each kind, two fresh processes run under ``valgrind --tool=callgrind`` with
``PYTHONHASHSEED=0`` (and ``setarch -R``, where there is one): both play five warm-up games (seeds 0-4), one then plays ``--games``
games with seeds 1000, 1001, ...; the difference of their counts over ``--games`` is the
figure (docs/performance.md, issue 20). Needs valgrind on the PATH; a kind takes a minute or
more.

``--l2`` runs ``valgrind --tool=cachegrind`` instead, with a last-level cache of 1 MiB
(16-way, 64-byte lines: the second-level cache of one core of the reference machine), and
adds the reads that miss it a game and an estimate of the CPU time in instructions: the
instructions plus 200 for each such miss. On the reference machine the CPU-time ratios of
expansion games run 5-13 % above their instruction ratios, and these misses account for that
(docs/performance.md, "Eighth round: where the CPU time above the instructions goes").
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


#: cycles of CPU time a read that misses the second-level cache costs, in instructions of
#: this machine's Python: fitted to the CPU-time ratios measured with the three kinds of game
#: alternating (Abbey & Mayor gave 208, ten modules 179)
MISS_COST = 200
#: the second-level cache of one core of the reference machine (AMD EPYC): 1 MiB, 16-way
L2 = "--LL=1048576,16,64"


def count(expansions: str, games: int, l2: bool = False) -> tuple[int, int]:
    """Instructions of a fresh process playing the warm-up games and then ``games`` more,
    with (``l2``) the reads that miss a second-level cache of 1 MiB (else 0)."""
    with tempfile.TemporaryDirectory() as folder:
        tool = (
            ["--tool=cachegrind", "--cache-sim=yes", L2, "--cachegrind-out-file=/dev/null"]
            if l2
            else ["--tool=callgrind", f"--callgrind-out-file={os.path.join(folder, 'out')}"]
        )
        # without address-space randomisation where setarch can turn it off: tables keyed by
        # id() then lay out alike in every run (runs of the same code differed by up to 0.4 M
        # instructions a ten-module game with it)
        fixed = ["setarch", "-R"] if shutil.which("setarch") else []
        out = subprocess.run(
            [
                *fixed,
                "valgrind",
                *tool,
                sys.executable,
                "-c",
                PLAY.format(expansions=expansions, games=games),
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True,
        )
    text = out.stderr.replace(",", "")
    if l2:
        refs = re.search(r"I\s+refs:\s+(\d+)", text)
        misses = re.search(r"LL misses:\s+\d+\s+\(\s*(\d+) rd", text)
        if refs is None or misses is None:
            raise SystemExit(f"cachegrind printed no counts:\n{out.stderr[-2000:]}")
        return int(refs.group(1)), int(misses.group(1))
    found = re.search(r"Collected : (\d+)", text)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1)), 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kinds", default="base,abbey-mayor,nine,all", help=", ".join(KINDS))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument(
        "--l2",
        action="store_true",
        help="count with cachegrind: also the reads missing a 1 MiB second-level cache",
    )
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    base = None
    for kind in args.kinds.split(","):
        if kind not in KINDS:
            sys.exit(f"unknown kind {kind!r}; choose from {', '.join(KINDS)}")
        (played, played_misses) = count(KINDS[kind], args.games, args.l2)
        (warm, warm_misses) = count(KINDS[kind], 0, args.l2)
        per_game = (played - warm) / args.games
        misses = (played_misses - warm_misses) / args.games
        # the figure the ratio is of: the instructions, or (--l2) the CPU-time estimate
        figure = per_game + MISS_COST * misses
        if kind == "base":
            base = figure
        ratio = f"  {figure / base:.3f} × a base game" if base else ""
        if args.l2:
            print(
                f"{kind:12} {per_game / 1e6:8.2f} M instructions, {misses / 1e3:6.1f} K reads "
                f"missing 1 MiB, {figure / 1e6:8.2f} M with {MISS_COST} a miss{ratio}",
                flush=True,
            )
        else:
            print(f"{kind:12} {per_game / 1e6:8.2f} M instructions a game{ratio}", flush=True)


if __name__ == "__main__":
    main()

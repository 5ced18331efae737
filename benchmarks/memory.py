"""What a finished random game keeps alive: its heap by allocation site and by object type.

    python benchmarks/memory.py [--kinds base,abbey-mayor,all] [--seed 1000] [--top 15]

For each kind of game (the base game, base + Abbey & Mayor, every expansion), a few warm-up
games are played first (tile sets, fit memos), then one game is played under ``tracemalloc``;
what is still allocated once it is over (the game and what its play added to the shared memos)
is listed by source line, and the objects the game reaches by type, with ``sys.getsizeof``
(shared objects such as tile types counted too). See docs/performance.md, issue 20.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tracemalloc
from collections import Counter

from carc_teach.rules import RULE_MODULES
from carc_teach.simulate import random_game

KINDS = {
    "base": ("base",),
    "abbey-mayor": ("base", "abbey-mayor"),
    "all": tuple(RULE_MODULES),
}
_SKIP = (type, type(sys), type(len), type(random_game))


def reachable_by_type(root: object) -> tuple[Counter[str], Counter[str]]:
    """How many objects of each type ``root`` reaches, and their ``sys.getsizeof`` in all
    (modules, classes and functions are not followed)."""
    seen: set[int] = set()
    count: Counter[str] = Counter()
    size: Counter[str] = Counter()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _SKIP):
            continue
        seen.add(id(obj))
        name = type(obj).__name__
        count[name] += 1
        size[name] += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return count, size


def measure(expansions: tuple[str, ...], seed: int, top: int) -> None:
    for warm in range(3):
        random_game(warm, 2, expansions=expansions)
    gc.collect()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot()
    game = random_game(seed, 2, expansions=expansions)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    stats = after.compare_to(before, "lineno")
    total = sum(s.size_diff for s in stats)
    print(f"\n## {' + '.join(expansions)}: seed {seed}, {len(game.events)} events")
    print(
        f"live after the game: {total / 1024:.1f} KB in {sum(s.count_diff for s in stats)} blocks"
    )
    print("\nby allocation site (KB, blocks):")
    for s in stats[:top]:
        frame = s.traceback[0]
        where = frame.filename.split("carc_teach/")[-1]
        print(f"{s.size_diff / 1024:8.1f} {s.count_diff:7d}  {where}:{frame.lineno}")
    count, size = reachable_by_type(game)
    print("\nreached from the game, by type (KB, objects):")
    for name, n in size.most_common(top):
        print(f"{n / 1024:8.1f} {count[name]:7d}  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kinds", default="base,abbey-mayor,all", help=", ".join(KINDS))
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    for kind in args.kinds.split(","):
        if kind not in KINDS:
            sys.exit(f"unknown kind {kind!r}; choose from {', '.join(KINDS)}")
        measure(KINDS[kind], args.seed, args.top)


if __name__ == "__main__":
    main()

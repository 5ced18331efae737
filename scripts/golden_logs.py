"""Record (or check) the golden event logs of the base game and the expansions.

The engine's refactors must not change one byte of an event log. This script plays every
bundled example game (base and expansions), 200 seeded random base games, 10 greedy ones and
seeded random games of every expansion alone and of all of them together, serialises each
event log as JSON and writes its SHA-256 to ``tests/fixtures/golden_logs.json``; the test
``tests/engine/test_golden_logs.py`` plays the same games and compares.

    python scripts/golden_logs.py            # print the digests
    python scripts/golden_logs.py --write    # record them (only when an outcome is meant to change)
    python scripts/golden_logs.py --dump DIR # also write every full log, for diffing
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "golden_logs.json"


def golden_games():
    """(name, game) for every game the golden file covers, in a fixed order."""
    from carc_teach import examples
    from carc_teach.simulate import random_game

    for name in examples.names():
        yield f"example:{name}", examples.load(name)
    for seed in range(200):
        yield f"random:{seed}:{2 + seed % 4}", random_game(seed, players=2 + seed % 4)
    for seed in range(10):
        yield (
            f"greedy:{seed}:{2 + seed % 3}",
            random_game(seed, players=2 + seed % 3, player="greedy"),
        )
    for expansions in expansion_mixes():
        for seed in range(3):
            players = 2 + seed % 3
            yield (
                f"random:{'+'.join(expansions)}:{seed}:{players}",
                random_game(seed, players=players, expansions=("base", *expansions)),
            )


#: the expansion mixes whose seeded random games are golden: each expansion alone (with what it
#: needs), and all of them together, as recorded when each was added (a line is never changed,
#: so the older digests stay comparable)
RECORDED_MIXES: tuple[tuple[str, ...], ...] = (
    ("count",),
    ("river2",),
    ("king-robber",),
    ("shrines",),
    ("abbey-mayor",),
    ("big-follower",),
    ("builder",),
    ("pig",),
    ("inns-cathedrals",),
    ("count", "river2", "king-robber", "shrines", "abbey-mayor", "big-follower", "builder", "pig"),
    (
        "count",
        "river2",
        "king-robber",
        "shrines",
        "abbey-mayor",
        "builder",
        "pig",
        "inns-cathedrals",
    ),
)


def expansion_mixes() -> tuple[tuple[str, ...], ...]:
    """The recorded mixes, then each registered expansion no line plays alone: a new package is
    covered without an edit here (its digests are recorded with --write once it plays as meant)."""
    from carc_teach.rules import RULE_MODULES

    new = tuple((eid,) for eid in RULE_MODULES if eid != "base" and (eid,) not in RECORDED_MIXES)
    return RECORDED_MIXES + new


def log_text(game) -> str:
    events = [e.to_json() for e in game.events]
    return json.dumps({"scores": game.scores, "events": events}, ensure_ascii=False)


def digest(game) -> str:
    return hashlib.sha256(log_text(game).encode("utf-8")).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the digests in the fixture")
    parser.add_argument("--dump", type=Path, help="write every full log into this folder")
    args = parser.parse_args(argv)
    digests = {}
    for name, game in golden_games():
        digests[name] = digest(game)
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            (args.dump / (name.replace(":", "_") + ".json")).write_text(log_text(game))
    text = json.dumps(digests, indent=1) + "\n"
    if args.write:
        FIXTURE.write_text(text)
        print(f"wrote {len(digests)} digests to {FIXTURE.relative_to(ROOT)}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

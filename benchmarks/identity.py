"""A fingerprint of what the engine does: one hash over the event logs of 420 seeded games.

    python benchmarks/identity.py [--games 10] [--no-replay]

A speed change must leave every game exactly as it was. This plays, for each of fourteen mixes
of expansions (the base game, each expansion alone, mixes of two and three, nine and ten
modules, and two edition presets), ten seeded games each of two random players, three random
players and two greedy players (14 x 3 x 10 = 420 games with the default ``--games 10``), and
hashes every event's JSON, its phrase (``repr(event.said)``), its scoring breakdown
(``breakdown_said``) and the final scores. Every tenth game is also replayed from its game
file and must give the same log. Run it before and after a change (docs/performance.md): the
two hashes must be equal.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

MIXES: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("base",), None),
    (("base", "count"), None),
    (("base", "river2"), None),
    (("base", "king-robber"), None),
    (("base", "shrines"), None),
    (("base", "abbey-mayor"), None),
    (("base", "big-follower", "inns-cathedrals"), None),
    (("base", "builder", "pig"), None),
    (("base", "abbey-mayor", "count", "river2"), None),
    (("base", "shrines", "king-robber", "builder"), None),
    ("nine", None),
    ("all", None),
    ("all", "hig-original"),
    (("base", "count", "abbey-mayor", "shrines"), "rgg-big-box-2"),
)


def _expansions(name) -> tuple[str, ...]:
    from carc_teach.rules import RULE_MODULES

    if name == "all":
        return tuple(RULE_MODULES)
    if name == "nine":
        return tuple(m for m in RULE_MODULES if m != "inns-cathedrals")
    return name


def _game(seed: int, players: int, expansions: tuple[str, ...], preset, kind: str):
    from carc_teach.controllers import GreedyController, RandomController
    from carc_teach.game import Game
    from carc_teach.setup import Setup
    from carc_teach.turn import play

    rules = {"preset": preset} if preset else {}
    setup = Setup(
        players=("Alice", "Bob", "Carol")[:players],
        expansions=expansions,
        seed=seed,
        rules=rules,
        title=f"identity {seed}",
    )
    rng = random.Random(f"carc-teach:{seed}")
    controller = GreedyController(rng) if kind == "greedy" else RandomController(rng)
    state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state, controller.final_actions)


def _log(game) -> bytes:
    lines = []
    for e in game.events:
        lines.append(json.dumps(e.to_json(), sort_keys=True, default=repr))
        lines.append(repr(e.said))
        lines.append(repr(e.breakdown_said))
    lines.append(json.dumps(game.scores, sort_keys=True))
    return "\n".join(lines).encode()


def fingerprint(games: int = 10, replay: bool = True) -> str:
    from carc_teach import load_game

    total = hashlib.sha256()
    played = 0
    for mix_number, (mix, preset) in enumerate(MIXES):
        expansions = _expansions(mix)
        for players, kind in ((2, "random"), (3, "random"), (2, "greedy")):
            for k in range(games):
                seed = 7000 + 100 * mix_number + k
                game = _game(seed, players, expansions, preset, kind)
                log = _log(game)
                total.update(log)
                played += 1
                if replay and k == 0:
                    again = load_game(json.loads(json.dumps(game.to_json())))
                    if _log(again) != log:
                        sys.exit(f"seed {seed} ({mix}, {kind}): the replay differs")
    return f"{total.hexdigest()} ({played} games)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per mix and kind of player")
    ap.add_argument("--no-replay", action="store_true", help="skip replaying from game files")
    args = ap.parse_args()
    print(fingerprint(args.games, not args.no_replay))


if __name__ == "__main__":
    main()

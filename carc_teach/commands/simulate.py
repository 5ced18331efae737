"""``carc-teach simulate --seed S --games N [--players P] [--player random|greedy] [--json] [--save DIR]``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..errors import CarcTeachError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--games", type=int, default=1, help="how many games (seeds S, S+1, ...)")
    parser.add_argument("--players", type=int, default=2, help="players per game, 1-6 (default 2)")
    parser.add_argument(
        "--player",
        choices=("random", "greedy"),
        default="random",
        help="random: uniform over legal moves (default); greedy: a simple bot looking one placement ahead",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object with every game's result"
    )
    parser.add_argument(
        "--save", metavar="DIR", help="also write each game as a replayable game file"
    )


def run(args: argparse.Namespace) -> int:
    from ..gamefile import dump_game
    from ..simulate import random_game

    if args.games < 1:
        raise CarcTeachError(f"--games must be at least 1, not {args.games}")
    if not 1 <= args.players <= 6:
        raise CarcTeachError(f"--players must be between 1 and 6, not {args.players}")
    save = Path(args.save) if args.save else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    results = []
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        game = random_game(seed, args.players, player=args.player)
        scores = game.scores
        top = max(scores.values())
        results.append(
            {
                "seed": seed,
                "turns": sum(1 for e in game.events if e.kind == "turn-begin"),
                "events": len(game.events),
                "scores": scores,
                "winners": [p for p, s in scores.items() if s == top],
            }
        )
        if save:
            (save / f"random-{seed}.json").write_text(dump_game(game.to_json()), encoding="utf-8")
    elapsed = time.perf_counter() - started
    if args.json:
        json.dump({"games": results, "seconds": round(elapsed, 4)}, sys.stdout)
        sys.stdout.write("\n")
        return 0
    for r in results:
        score_text = ", ".join(f"{p} {s}" for p, s in r["scores"].items())
        print(f"seed {r['seed']:>6}: {r['turns']} turns, {r['events']} events; {score_text}")
    print(f"{len(results)} games in {elapsed:.2f} s ({len(results) / elapsed:.1f} games/s)")
    return 0

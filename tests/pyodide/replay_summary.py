"""What the engine computes for every bundled example game, reduced to comparable JSON.

Runs unchanged under CPython (imported by the test) and inside Pyodide (executed as a script
by run_in_pyodide.mjs, whose last expression must be a string).
"""

import json
import sys

import carc_teach
from carc_teach import examples
from carc_teach.simulate import random_game

#: Seeded random games replayed besides the bundled examples (they touch every base rule).
RANDOM_SEEDS = (1, 2)


def _game_summary(game):
    return {
        "scores": game.scores,
        "event_count": len(game.events),
        "events": [
            [e.index, e.turn, e.step, e.kind, e.player, e.points, e.rule] for e in game.events
        ],
    }


def summary():
    """Per game: final scores, number of events and each event's key fields."""
    games = {name: _game_summary(examples.load(name)) for name in examples.names()}
    for seed in RANDOM_SEEDS:
        games[f"random-seed-{seed}"] = _game_summary(random_game(seed))
    return {
        "carc_teach": carc_teach.__version__,
        "python": list(sys.version_info[:2]),
        "platform": sys.platform,
        "games": games,
    }


# The value Pyodide hands back (the script's last expression); nothing when imported.
json.dumps(summary()) if __name__ == "__main__" else None

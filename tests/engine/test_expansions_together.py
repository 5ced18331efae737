"""The Count of Carcassonne and The River II played together, and with every other expansion
module carc_teach implements, in seeded random games (random and greedy players, 2-5 players,
several rule options): the rules hold whatever meets whatever.

Every game checks: each figure of a player is in their supply or in exactly one location, and
every feature lists exactly the figures standing on its segments (figures conserved: supply,
board, corners, the City's quarters); every point comes from a ``points`` event with a rule id
and a breakdown that adds up; the incremental features equal a recomputation from the tiles;
some games are also written to a version-2 file and replayed (identical event log), and
replayed from a checkpoint (``Game.replay(k)`` equals a replay from the start).

Found by these games and fixed: a river tile set aside, then the abbey played in the same turn
(the file's answers given before the discard were read twice); the abbey refused during the
river's drawing order (it is played, not drawn).
"""

from __future__ import annotations

import random

import pytest
from invariants import check_game

from carc_teach.controllers import GreedyController, RandomController
from carc_teach.figures import Place
from carc_teach.game import Game
from carc_teach.rules import RULE_MODULES
from carc_teach.setup import Setup
from carc_teach.turn import play

#: every registered expansion (carc_teach/expansions/), in the registry's order
EVERYTHING = tuple(RULE_MODULES)
COUNT_AND_RIVER = ("base", "river2", "count")
QUARTERS = {Place(f"count.{q}") for q in ("castle", "market", "blacksmith", "cathedral")}


def simulated(seed, expansions, *, players=2, greedy=False, options=None):
    setup = Setup(
        players=("Alice", "Bob", "Carol", "Dave", "Erin")[:players],
        expansions=expansions,
        seed=seed,
        rules={"options": dict(options)} if options else {},
    )
    rng = random.Random(f"together:{seed}")
    controller = GreedyController(rng) if greedy else RandomController(rng)
    state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state, controller.final_actions)


def check(game, *, replay):
    check_game(game, replay=replay)
    state = game.state
    if "count" in state.setup.expansions:
        assert state.figures["count"].location in QUARTERS


@pytest.mark.parametrize("chunk", range(2))
def test_every_expansion_together_keeps_the_rules(chunk):
    """Six games per chunk with all the implemented expansions at once."""
    for seed in range(chunk * 6, chunk * 6 + 6):
        game = simulated(seed, EVERYTHING, players=2 + seed % 4, greedy=seed % 3 == 0)
        check(game, replay=seed % 2 == 0)
        rules = {e.rule.split(".")[0] for e in game.events if e.rule}
        assert {"count", "river2"} <= rules


OPTIONS = [
    {},
    {"river2.with-count": "river-first"},
    {"river2.with-count": "spring-away-from-city", "count.redeploy-rounds": "until-all-pass"},
    {
        "count.deploy-trigger": "completion",
        "count.blocks-moves-to": True,
        "count.count-movement": "clockwise",
        "count.final-redeploy": "market-only",
    },
    {"count.special-figure-strength": "two-each", "count.count-movement": "follows-deploy"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "defaults")
def test_the_count_and_the_river_together_under_their_options(options):
    expansions = EVERYTHING if "count.special-figure-strength" in options else COUNT_AND_RIVER
    for seed in range(100, 103):
        game = simulated(
            seed, expansions, players=2 + seed % 3, greedy=seed == 101, options=options
        )
        check(game, replay=seed == 100)
        assert any(e.rule == "river2.place" or e.kind == "river2-setup" for e in game.events)


def test_a_river_tile_set_aside_and_then_the_abbey_in_the_same_turn_replays():
    """Seed 10 with everything: Carol passes the abbey, draws a river tile that fits nowhere
    (set aside, ckr-5), then plays her abbey. The file records both answers to the abbey offer
    in one move; replaying it reads each once."""
    from carc_teach.simulate import random_game

    # the expansions as they were when seed 10 showed it (more tiles shuffle another game)
    expansions = tuple(e for e in EVERYTHING if e != "inns-cathedrals")
    game = random_game(10, players=4, expansions=expansions)
    turn = next(e.turn for e in game.events if e.kind == "abbey-played")
    kinds = [e.kind for e in game.events if e.turn == turn]
    assert kinds.index("tile-discarded") < kinds.index("abbey-played")
    check(game, replay=True)

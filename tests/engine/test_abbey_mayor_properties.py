"""Random games with Abbey & Mayor (alone, with the big follower, builder and pig, and with every
implemented expansion): the engine's invariants hold, every point is explained, and the game
files replay."""

from __future__ import annotations

import pytest
from invariants import check_game

from carc_teach.controllers import MoveListController
from carc_teach.figures import Corner
from carc_teach.game import Game
from carc_teach.gamefile import load_game
from carc_teach.simulate import random_game
from carc_teach.turn import play

ALONE = ("base", "abbey-mayor")
ALL = ("base", "abbey-mayor", "big-follower", "builder", "pig")
#: every implemented expansion at once
EVERYTHING = (
    "base",
    "count",
    "river2",
    "king-robber",
    "shrines",
    "abbey-mayor",
    "big-follower",
    "builder",
    "pig",
)
#: 500 seeded games in chunks of 20 (about 2 s a chunk on the reference machine): 200 with
#: Abbey & Mayor alone, 140 with its figures, 160 with every implemented expansion
CHUNKS = [(ALONE, k) for k in range(10)] + [(ALL, k) for k in range(10, 17)]
CHUNKS += [(EVERYTHING, k) for k in range(17, 25)]
GAMES_PER_CHUNK = 20


def check_invariants(game):
    check_game(game)
    state = game.state
    for f in state.figures.values():
        if f.kind == "barn":
            assert f.location is None or isinstance(f.location, Corner)
        if f.kind == "wagon" and f.node is not None:  # never left on a scored feature
            assert not state.board.features.feature_of(f.node).scored


@pytest.mark.parametrize(
    ("expansions", "chunk"),
    CHUNKS,
    ids=[
        f"{'everything' if e is EVERYTHING else 'figures' if e is ALL else 'alone'}-{k}"
        for e, k in CHUNKS
    ],
)
def test_random_games_keep_the_invariants(expansions, chunk):
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        player = "greedy" if seed % 10 == 0 else "random"
        game = random_game(seed, players=2 + seed % 5, expansions=expansions, player=player)
        check_invariants(game)


def test_the_chunks_make_500_games():
    assert len(CHUNKS) * GAMES_PER_CHUNK == 500
    assert sum(GAMES_PER_CHUNK for e, _ in CHUNKS if e is EVERYTHING) == 160


@pytest.mark.parametrize("seed", range(8))
def test_random_games_replay_from_their_files_and_checkpoints(seed):
    expansions = EVERYTHING if seed >= 6 else ALL
    game = random_game(seed, players=2 + seed % 3, expansions=expansions)
    again = load_game(game.to_json())
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    file_game = Game(game.setup, game.moves)
    for k in range(0, len(game.events), max(1, len(game.events) // 7)):
        fast = file_game.replay(k)
        slow = play(game.setup, MoveListController(game.moves), until=k)
        assert fast.snapshot() == slow.snapshot()


def test_every_rule_of_the_modules_happens_in_random_games():
    seen = set()
    for seed in range(40):
        game = random_game(seed, players=3, expansions=ALL)
        seen |= {e.rule for e in game.events}
    for rule in (
        "abbey.play",
        "mayor.deploy",
        "mayor.strength",
        "wagon.deploy",
        "wagon.move",
        "barn.placement",
        "barn.final",
        "big-follower.deploy",
        "builder.deploy",
        "builder.double-turn",
        "pig.placement",
    ):
        assert rule in seen, rule

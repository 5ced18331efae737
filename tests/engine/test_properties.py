"""Properties over many seeded random games (engine invariants)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carc_teach.features import recompute_features
from carc_teach.game import Game
from carc_teach.gamefile import load_game
from carc_teach.simulate import random_game

GAMES = 520
CHUNK = 40


def check_state(state, followers=7):
    # Figures are conserved: every figure is either in its owner's supply or on the board.
    for p in state.players:
        mine = [f for f in state.figures.values() if f.player == p]
        assert len(mine) == followers
        in_supply = set(map(id, state.supply[p]))
        on_board = {id(f) for f in mine if f.node is not None}
        assert in_supply.isdisjoint(on_board)
        assert len(in_supply) + len(on_board) == followers
    # ...and a figure on the board stands on a feature that lists it.
    for f in state.figures.values():
        if f.node is not None:
            assert f in state.board.features.feature_of(f.node).figures
    # The incremental frontier holds every empty square touching the board, with what its
    # neighbours demand, as if computed afresh.
    board = state.board
    empty_neighbours = {
        (t.x + dx, t.y + dy)
        for t in board
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if (t.x + dx, t.y + dy) not in board.tiles
    }
    assert set(board.frontier) == empty_neighbours
    assert all(board.frontier[q] == board.demands(q) for q in board.frontier)
    # The incremental features equal a from-scratch recomputation.
    assert state.board.features.summaries() == recompute_features(state.board.tiles.values())


def check_scores_explained(game):
    totals = {p: 0 for p in game.players}
    for e in game.events:
        if e.kind == "points":
            assert e.points > 0 and e.player in totals and e.rule
            assert sum(p for _, p in e.breakdown) == e.points
            totals[e.player] += e.points
        else:
            assert e.points == 0
    assert totals == game.scores


@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(start):
    for seed in range(start, start + CHUNK):
        game = random_game(seed, players=2 + seed % 4)
        state = game.state
        assert state.over and game.events[-1].kind == "game-end"
        assert [e.index for e in game.events] == list(range(len(game.events)))
        check_scores_explained(game)
        check_state(state)
        # every figure is home after scoring after the game
        assert not state.figures_on_board()
        assert not state.bag and not any(state.remaining.values())
        assert len(state.board) + sum(1 for e in game.events if e.kind == "tile-discarded") == 72


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_replay_rebuilds_the_state_after_any_event(seed):
    game = random_game(seed)
    file_game = Game(game.setup, game.moves)  # the same game, replayed from its moves
    assert [e.to_json() for e in file_game.events] == [e.to_json() for e in game.events]
    rng = random.Random(seed)
    for k in rng.sample(range(len(game.events)), 5):
        state = file_game.replay(until=k)
        assert len(state.events) == k + 1
        assert state.events[-1] == game.events[k]
        assert state.scores == file_game.scores_after(k)
        check_state(state)


def test_scores_never_drop():
    for seed in range(40):
        game = random_game(seed)
        running = {p: 0 for p in game.players}
        for e in game.events:
            if e.kind == "points":
                before = running[e.player]
                running[e.player] += e.points
                assert running[e.player] > before


def test_same_seed_same_game_and_json_round_trip():
    a = random_game(7)
    b = random_game(7)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    again = load_game(a.to_json())
    assert again.scores == a.scores and len(again.events) == len(a.events)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 70))
def test_any_prefix_of_a_game_is_a_valid_game(seed, cut):
    game = random_game(seed)
    data = game.to_json()
    data["moves"] = data["moves"][:cut]
    prefix = load_game(data)
    assert prefix.events[-1].kind == "game-end"
    assert prefix.events[-1].data["final"] is False
    check_state(prefix.state)


@pytest.mark.parametrize("seed", range(0, 24, 4))
def test_greedy_games_keep_every_invariant_and_score_like_real_games(seed):
    game = random_game(seed, players=2 + seed % 3, player="greedy")
    check_scores_explained(game)
    check_state(game.state)
    assert not game.state.figures_on_board()
    # the greedy bot scores like a real table, far above random play
    assert sum(game.scores.values()) > 100
    file_game = Game(game.setup, game.moves)
    assert [e.to_json() for e in file_game.events] == [e.to_json() for e in game.events]


def test_unknown_player_kind_is_a_clear_error():
    from carc_teach.errors import CarcTeachError

    with pytest.raises(CarcTeachError, match="unknown kind of player 'clever'"):
        random_game(1, player="clever")


@pytest.mark.parametrize("start", range(0, 200, 50))
def test_checkpointed_replay_equals_a_replay_from_the_start(start):
    """In 200 random games, the state after a random event k rebuilt from the nearest
    checkpoint equals the state after k played from the first move, and a clone of it equals
    it too."""
    from carc_teach.controllers import MoveListController
    from carc_teach.turn import play

    for seed in range(start, start + 50):
        game = random_game(seed, players=2 + seed % 3)
        file_game = Game(game.setup, game.moves)
        rng = random.Random(seed)
        for k in rng.sample(range(len(game.events) - 1), 2):
            fast = file_game.replay(until=k)
            slow = play(game.setup, MoveListController(game.moves), until=k)
            assert fast.snapshot() == slow.snapshot(), (seed, k)
            assert fast.clone().snapshot() == slow.snapshot(), (seed, k)
            check_state(fast)


def test_a_clone_is_independent_of_its_original():
    from carc_teach.controllers import MoveListController
    from carc_teach.turn import play, resume

    game = random_game(11)
    marks = []

    def keep(state, controller, last):
        if state.turn_number == 30 and not marks:
            marks.append((state.clone(), controller.next))

    full = play(game.setup, MoveListController(game.moves), on_turn=keep)
    saved, next_move = marks[0]
    before = saved.snapshot()
    # playing on from a clone of the checkpoint leaves the checkpoint as it was ...
    again = resume(saved.clone(), MoveListController(game.moves, start=next_move))
    assert saved.snapshot() == before
    # ... and reaches the very same end as the uninterrupted game
    assert again.snapshot() == full.snapshot()


@pytest.mark.parametrize("expansions", [("base", "abbey-mayor"), "every"])
def test_expansion_games_resume_and_replay_alike_with_other_games_in_between(expansions):
    """The engine keeps what a kind of game shares (modules, hooks, the start board) and the
    modules keep per-game answers (Abbey & Mayor's barn farms, its retired abbey hooks): a
    game resumed from a clone at several turns, with a game of another kind played before
    each resume, and a replay from a checkpoint, reach the same states as the game itself."""
    from carc_teach.controllers import MoveListController
    from carc_teach.rules import RULE_MODULES
    from carc_teach.turn import play, resume

    kinds = [("base", "abbey-mayor"), tuple(RULE_MODULES)]
    if expansions == "every":
        kinds.reverse()
    mine, other = kinds
    for seed in (2, 3):
        game = random_game(seed, players=2 + seed % 3, expansions=mine)
        marks = []

        def keep(state, controller, last, marks=marks):
            if state.turn_number in (5, 40, 65):
                marks.append((state.clone(), controller.next))

        full = play(game.setup, MoveListController(game.moves), on_turn=keep)
        assert len(marks) == 3
        # the games looked at: every abbey played (its hooks retired), a barn placed
        ext = full.ext["abbey-mayor"]
        assert not ext.abbeys and ext.barns_placed
        for saved, next_move in marks:
            random_game(seed + 50, players=3, expansions=other)
            again = resume(saved.clone(), MoveListController(game.moves, start=next_move))
            assert again.snapshot() == full.snapshot(), (seed, saved.turn_number)
        file_game = Game(game.setup, game.moves)
        for k in random.Random(seed).sample(range(len(game.events) - 1), 3):
            random_game(seed + 60, players=2, expansions=other)
            slow = play(game.setup, MoveListController(game.moves), until=k)
            assert file_game.replay(until=k).snapshot() == slow.snapshot(), (seed, k)


def test_stepping_through_every_event_is_linear():
    """Replays after the first reuse checkpoints: no replay plays more than one turn."""
    from carc_teach import examples

    game = examples.load("full-game")
    turns = {e.turn for e in game.events}
    game.replay(0)
    longest = 0
    for k in range(1, len(game.events) - 1):
        state = game.replay(k)
        assert len(state.events) == k + 1
        # events played by this replay: from its checkpoint to k
        start = max(m[0] for m in game._checkpoints if m[0] <= k)
        longest = max(longest, k + 1 - start)
    per_turn = max(sum(1 for e in game.events if e.turn == t) for t in turns)
    assert longest <= per_turn

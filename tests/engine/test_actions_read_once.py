"""A game file's actions are read once, when the file is loaded, into typed actions; the turn
driver and the rules see only those (docs/architecture.md, "A game file, from load to events")."""

from __future__ import annotations

import pytest

import carc_teach.setup as move_module
from carc_teach.actions import CornerRef, Deploy, SegmentRef, read_action
from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.examples import data
from carc_teach.figures import Corner
from carc_teach.gamefile import load_game
from carc_teach.simulate import random_game


def v2_game(moves):
    return {
        "format": "carc-teach-game",
        "version": 2,
        "setup": {"players": ["Alice", "Bob"]},
        "moves": moves,
    }


def test_a_malformed_action_is_reported_at_load_before_any_move_is_played():
    # move 1 breaks the rules (tile E turned 0 puts its city against the start tile's road),
    # but the corner of move 2 is reported first: it is read as the file loads
    moves = [
        {"tile": "E", "x": 0, "y": -1, "rotation": 0},
        {"tile": "E", "x": 0, "y": 1, "rotation": 0, "actions": [{"type": "deploy", "corner": "XX"}]},
    ]  # fmt: skip
    with pytest.raises(GameFileError) as err:
        load_game(v2_game(moves), source="g.json")
    assert not isinstance(err.value, IllegalMoveError)
    assert str(err.value) == (
        "g.json, move 2, action 1, field 'corner': a corner is NW, NE, SE or SW, not 'XX'"
    )
    del moves[1]
    with pytest.raises(IllegalMoveError) as err:
        load_game(v2_game(moves), source="g.json")
    assert err.value.move == 1


def test_a_location_on_the_turns_tile_is_a_reference_resolved_against_it():
    written = read_action({"type": "deploy", "corner": "ne", "player": "Bob"})
    assert written.player == "Bob"
    assert written.action == Deploy("follower", CornerRef("NE"))
    game = load_game(v2_game([{"tile": "E", "x": 0, "y": -1, "rotation": 180}]))
    placed = game.state.board.tiles[(0, -1)]
    # the north-east corner of square (0, -1) is the grid point (1, -1)
    assert written.action.resolved(placed, game.state.board) == Deploy("follower", Corner(1, -1))
    # tile E turned 180 has its city on the south side; (0, 0) is the start tile D
    south = read_action({"type": "deploy", "segment": "S"}).action
    assert south == Deploy("follower", SegmentRef("S"))
    assert south.resolved(placed, game.state.board).to == (0, -1, "city")


def test_the_actions_of_a_loaded_file_are_not_read_again_when_it_is_replayed(monkeypatch):
    game = load_game(data("count-one-round"))
    assert all(m.typed_actions is not None for m in game.moves)
    assert sum(len(m.actions) for m in game.moves) > 0
    reads = []
    real = move_module.read_action
    monkeypatch.setattr(move_module, "read_action", lambda d: reads.append(d) or real(d))
    for k in range(0, len(game.events), 7):
        game.replay(k)
    game.decisions()
    assert reads == []


def test_a_simulated_games_moves_are_read_once_for_all_its_replays(monkeypatch):
    game = random_game(4, expansions=("base", "abbey-mayor"))
    written = sum(len(m.actions) for m in game.moves) + len(game.final_actions)
    assert written > 0
    reads = []
    real = move_module.read_action
    monkeypatch.setattr(move_module, "read_action", lambda d: reads.append(d) or real(d))
    for k in (5, 50, len(game.events) // 2, len(game.events) - 3):
        game.replay(k)
    assert len(reads) == written


def test_a_final_action_on_the_turns_tile_is_refused_at_load():
    # after the game no tile is placed, so "segment" needs "x" and "y" (a corner, [x, y])
    d = v2_game([])
    d["final_actions"] = [{"type": "move", "figure": "Alice:follower1", "segment": "city"}]
    with pytest.raises(GameFileError) as err:
        load_game(d, source="g.json")
    assert not isinstance(err.value, IllegalMoveError)
    assert str(err.value) == (
        "g.json, action 1, field 'final_actions.segment': no tile is placed yet, so the "
        "segment needs 'x' and 'y'"
    )
    d["final_actions"] = [{"type": "deploy", "corner": "SW"}]
    with pytest.raises(GameFileError, match="final_actions.corner': no tile is placed yet"):
        load_game(d)

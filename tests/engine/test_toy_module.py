"""A toy expansion (tests/engine/toy_rules.py) uses every hook: the engine's shape for the
Count, King & Robber and Abbey & Mayor, checked before any of them is built on it."""

from __future__ import annotations

import pytest
from engine_helpers import game_dict

from carc_teach import actions, figures
from carc_teach import rules as rules_package
from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.figures import Corner, Held, Place
from carc_teach.game import Game
from carc_teach.gamefile import load_game
from carc_teach.simulate import random_game

#: (registry, key, value) of the toy's action types and figure kinds, as importing toy_rules
#: registered them
_TOY_ENTRIES: list = []


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(rules_package.RULE_MODULES, "toy", "toy_rules:ToyRules")
    # they are put in for each test and taken out after it: a later test in the same process
    # (one that lists the known action types) would see them otherwise
    if not _TOY_ENTRIES:
        import toy_rules

        _TOY_ENTRIES.extend(
            (actions._ACTIONS, cls.type, cls) for cls in (toy_rules.Wager, toy_rules.Joker)
        )
        _TOY_ENTRIES.extend(
            (figures._KINDS, kind, figures._KINDS[kind]) for kind in ("toy-lantern", "toy-herald")
        )
    for registry, key, value in _TOY_ENTRIES:
        registry.pop(key, None)
        monkeypatch.setitem(registry, key, value)
    rules_package.implemented_rules.cache_clear()
    yield
    rules_package.implemented_rules.cache_clear()


def toy_game(moves, **setup):
    d = game_dict(moves, expansions=["base", "toy"], **setup)
    d["version"] = 2
    return load_game(d)


# Start block: D at (0, 0) and D turned 180 at (0, 1); E (a city cap) turned 180 at (0, -1)
# closes the city of the first D.
CLOSE_CITY = {"tile": "E", "x": 0, "y": -1, "rotation": 180}


def test_a_two_tile_start_block_and_a_neutral_figure_on_a_place():
    game = toy_game([])
    start = game.events[0]
    assert "Toy rules lays 2 start tiles (D at (0, 0), D at (0, 1))" in start.text
    assert len(game.state.board) == 2
    assert game.state.remaining["D"] == 2  # 4 in the box, 2 laid
    assert game.state.figures["toy-herald"].location == Place("toy.square")


def test_a_non_active_player_decides_before_scoring_and_the_file_names_them():
    moves = [
        {
            **CLOSE_CITY,
            "actions": [
                {"type": "deploy", "figure": "follower", "segment": "city"},
                {"type": "toy.wager", "player": "Bob", "on": "Alice"},
            ],
        }
    ]
    game = toy_game(moves)
    kinds = [e.kind for e in game.events]
    # the wager comes before the city's points, and pays after them
    wager = kinds.index("toy-wager")
    points = [e for e in game.events if e.kind == "points"]
    assert wager < game.events.index(points[0])
    assert [(e.player, e.points, e.rule) for e in points] == [
        ("Alice", 4, "base.city.score"),
        ("Bob", 1, "toy.wager"),
    ]
    # the herald moves from the square to the scorer's table
    assert game.state.figures["toy-herald"].location == Held("Alice")
    moved = next(e for e in game.events if e.kind == "figure-moved")
    assert moved.data["from"] == {"place": "toy.square"} and moved.data["to"] == {"held": "Alice"}


def test_passing_is_the_default_and_a_lantern_goes_on_a_corner():
    moves = [
        {**CLOSE_CITY, "actions": [{"type": "deploy", "figure": "toy-lantern", "corner": "NE"}]},
    ]
    game = toy_game(moves)
    lantern = game.state.figures["Alice:toy-lantern1"]
    assert lantern.location == Corner(1, -1)
    deployed = next(e for e in game.events if e.kind == "figure-deployed")
    assert deployed.data["location"] == {"corner": [1, -1]} and deployed.rule == "toy.lantern"
    assert not [e for e in game.events if e.kind == "toy-wager"]  # Bob passed by saying nothing
    # the city scored nobody: no follower on it
    assert any(e.kind == "no-score" for e in game.events)


def test_an_explicit_pass_then_an_answer_to_the_next_decision_of_the_same_kind():
    # A tile completing two features asks Bob twice; a file that passes on the first and
    # bets on the second must write the pass.
    game = random_toy_game_with_double_wager()
    data = game.to_json()
    again = load_game(data)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


def random_toy_game_with_double_wager():
    for seed in range(200):
        game = random_game(seed, expansions=("base", "toy"))
        for m in game.moves:
            kinds = [a["type"] for a in m.actions]
            if "pass" in kinds and "toy.wager" in kinds[kinds.index("pass") :]:
                return game
    raise AssertionError("no random toy game passes and then bets in one turn")


@pytest.mark.parametrize("seed", range(12))
def test_random_toy_games_replay_from_their_v2_files_and_keep_the_rules(seed):
    game = random_game(seed, players=2 + seed % 3, expansions=("base", "toy"))
    data = game.to_json()
    assert data["version"] == 2
    again = load_game(data)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.scores == game.scores
    state = game.state
    # every road's first winner in seat order got the one-player bonus, nobody else did
    for e in game.events:
        if e.kind == "points" and e.rule == "base.road.score":
            bonus = ("first in seat order", 1) in e.breakdown
            winners = [
                p for p, s in e.data["majority"].items() if s == max(e.data["majority"].values())
            ]
            first = min(winners, key=state.players.index)
            assert bonus == (e.player == first)
    # lanterns stay where they were hung
    for fig in state.figures.values():
        if fig.kind == "toy-lantern" and fig.location is not None:
            assert isinstance(fig.location, Corner)
    # figures are conserved: each is in its owner's supply or somewhere in play, never both
    for p in state.players:
        mine = [f for f in state.figures.values() if f.player == p]
        assert len(mine) == 8
        assert all((f in state.supply[p]) == (f.location is None) for f in mine)


def test_a_completed_cloister_keeps_its_monk():
    for seed in range(60):
        game = random_game(seed, expansions=("base", "toy"), player="greedy")
        for e in game.events:
            if e.kind == "points" and e.rule == "base.cloister.score":
                later = game.events[e.index + 1 : e.index + 4]
                assert not any(
                    x.kind == "figure-returned" and x.feature == e.feature for x in later
                )
                return
    raise AssertionError("no random toy game completes an occupied cloister")


def test_clone_and_checkpointed_replay_carry_the_expansion_state():
    game = random_game(5, expansions=("base", "toy"))
    file_game = Game(game.setup, game.moves)
    from carc_teach.controllers import MoveListController
    from carc_teach.turn import play

    for k in range(0, len(game.events), 37):
        fast = file_game.replay(k)
        slow = play(game.setup, MoveListController(game.moves), until=k)
        assert fast.snapshot() == slow.snapshot()
        assert fast.clone().snapshot() == fast.snapshot()


# -- loader errors for every action type: one line naming move, action and field --------------


def error_of(moves):
    with pytest.raises((GameFileError, IllegalMoveError)) as err:
        toy_game(moves)
    return err.value


@pytest.mark.parametrize(
    ("action", "number", "field", "words"),
    [
        ({"type": "deploy", "figure": "follower"}, 1, "segment", "exactly one of"),
        ({"type": "deploy", "segment": "tower"}, 1, "segment", "has no segment 'tower'"),
        (
            {"type": "deploy", "figure": "mayor", "segment": "city"},
            1,
            None,
            "expansion 'abbey-mayor'",
        ),
        (
            {"type": "deploy", "figure": "toy-lantern", "corner": "SW"},
            1,
            None,
            "cannot be deployed there",
        ),
        ({"type": "deploy", "segment": "city", "corner": "NE"}, 1, "corner", "exactly one of"),
        ({"type": "move", "segment": "city"}, 1, "figure", "is required"),
        ({"type": "toy.wager"}, 1, "on", "is required"),
        ({"type": "toy.wager", "player": "Bob", "on": 3}, 1, "on", "must be a player name"),
        ({"type": "teleport"}, 1, "type", "unknown action type 'teleport'"),
        (
            {"type": "deploy", "segment": "city", "colour": "red"},
            1,
            "colour",
            "unknown key 'colour'",
        ),
        (
            {"type": "deploy", "segment": "city", "player": "Zoe"},
            1,
            "player",
            "'Zoe' is not a player",
        ),
    ],
)
def test_bad_actions_name_move_action_and_field(action, number, field, words):
    err = error_of([{**CLOSE_CITY, "actions": [action]}])
    assert err.move == 1 and err.action == number and err.field == field, str(err)
    assert words in str(err)
    assert "move 1, action 1" in str(err) and "\n" not in str(err)


def test_an_action_by_a_player_who_was_not_asked():
    err = error_of(
        [{**CLOSE_CITY, "actions": [{"type": "deploy", "player": "Bob", "segment": "city"}]}]
    )
    assert err.action == 1 and "was asked of Alice" in str(err) and "nobody asked for" in str(err)


def test_a_wager_by_the_wrong_player():
    actions = [{"type": "deploy", "segment": "city"}, {"type": "toy.wager", "on": "Alice"}]
    err = error_of([{**CLOSE_CITY, "actions": actions}])
    assert err.action == 2 and "Alice was not asked" in str(err) and "asked of Bob" in str(err)


def test_an_action_left_over():
    actions = [{"type": "deploy", "segment": "city"}, {"type": "deploy", "segment": "city"}]
    err = error_of([{**CLOSE_CITY, "actions": actions}])
    assert err.action == 2 and "left over" in str(err)


def test_an_action_nobody_asked_for_at_all():
    actions = [{"type": "move", "figure": "toy-herald", "place": "toy.square"}]
    err = error_of([{**CLOSE_CITY, "actions": actions}])
    assert err.action == 1 and "no decision in this turn takes a 'move' action" in str(err)


def test_a_pass_where_passing_is_not_allowed_or_nothing_was_asked():
    err = error_of([{**CLOSE_CITY, "actions": [{"type": "pass", "decision": "toy.wager"}]}])
    assert err.action == 1 and "nobody asked for" in str(err)


def test_actions_must_be_a_list_of_objects():
    with pytest.raises(GameFileError) as err:
        toy_game([{**CLOSE_CITY, "actions": {"type": "pass"}}])
    assert err.value.field == "actions"
    with pytest.raises(GameFileError) as err:
        toy_game([{**CLOSE_CITY, "actions": ["pass"]}])
    assert err.value.action == 1


def toy_games(count, **kw):
    return [random_game(seed, expansions=("base", "toy"), **kw) for seed in range(count)]


def test_no_follower_goes_on_a_road_while_the_herald_waits():
    seen_road = False
    for game in toy_games(15):
        herald_moved = False
        for e in game.events:
            if e.kind == "figure-moved" and e.figure == "toy-herald":
                herald_moved = True
            if e.kind == "figure-deployed" and "thief" in e.text:
                assert herald_moved, e.text
                seen_road = True
    assert seen_road  # the rule lets go once the herald has moved


def test_a_joker_is_played_instead_of_drawing_and_replays_from_the_file():
    for game in toy_games(10):
        jokers = [e for e in game.events if e.kind == "toy-joker"]
        if not jokers:
            continue
        j = jokers[0]
        nxt = game.events[j.index + 1]
        assert nxt.kind == "tile-placed" and nxt.tile == "D" and nxt.player == j.player
        # no tile was drawn in that turn
        assert not [e for e in game.events if e.turn == j.turn and e.kind == "tile-drawn"]
        # each player has one joker
        assert len({e.player for e in jokers}) == len(jokers)
        again = load_game(game.to_json())
        assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
        assert {"type": "toy.joker"} in [a for m in game.moves for a in m.actions]
        return
    raise AssertionError("no random toy game played a joker")


def test_an_extra_turn_for_the_same_player_then_the_next_seat():
    for game in toy_games(20):
        begins = [e for e in game.events if e.kind == "turn-begin"]
        for a, b, c in zip(begins, begins[1:], begins[2:], strict=False):
            if b.data.get("extra"):
                assert b.player == a.player and "plays again" in b.text
                assert not c.data.get("extra")  # never twice running
                players = game.players
                assert c.player == players[(players.index(a.player) + 1) % len(players)]
                return
    raise AssertionError("no random toy game granted an extra turn")


def test_a_joker_road_scores_in_step_3b_after_the_completed_features():
    """extra_scorings: a scoring the placed tile sets off besides its completed features runs
    through the pipeline in step 3B, after the completed features, before after_completed."""
    for game in toy_games(60):
        for e in game.events:
            if e.rule != "toy.joker-road" or e.kind not in ("points", "no-score"):
                continue
            turn = [x for x in game.events if x.turn == e.turn]
            assert e.step == "3B"
            completed = [x for x in turn if x.kind == "feature-completed"]
            assert all(x.index < e.index for x in completed)
            scored = [
                x
                for x in turn
                if x.kind == "points" and x.rule.startswith("base.") and x.step == "3B"
            ]
            assert all(x.index < e.index for x in scored)
            again = load_game(game.to_json())
            assert [x.to_json() for x in again.events] == [x.to_json() for x in game.events]
            return
    raise AssertionError("no random toy game scored a joker's road")

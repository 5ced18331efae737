"""Abbey & Mayor's bundled example games: each replays and shows exactly its teaching point,
with the points worked out by hand (footnotes of seed 004 named in each test)."""

from __future__ import annotations

import pytest
from am_helpers import events, points

from carc_teach import examples
from carc_teach.errors import IllegalMoveError
from carc_teach.gamefile import load_game


def test_car_163_164_mayor_no_pennants_occupies_the_city_but_a_single_knight_wins_it():
    game = examples.load("mayor-no-pennants")
    # one completed city: 4 tiles, no pennant; Blue's mayor counts 0, Red's knight 1
    assert points(game) == [("Red", 8, "base.city.score")]
    (strength,) = events(game, "figure-strength", "mayor.strength")
    assert strength.player == "Blue" and strength.data["strength"] == 0
    assert "car-164" in strength.annotations
    assert "Red has the majority (1 against Blue 0)" in events(game, "points")[0].text
    # the mayor goes home after the scoring like any follower
    assert game.state.in_supply("Blue", "mayor") is not None
    assert dict(game.scores) == {"Blue": 0, "Red": 8}


def test_car_164_the_city_of_the_mayor_without_pennants_is_occupied():
    data = examples.data("mayor-no-pennants")
    # Blue's third move extends the mayor's city: a knight may not join it there
    data["moves"][2]["actions"] = [{"type": "deploy", "figure": "follower", "segment": "city"}]
    with pytest.raises(IllegalMoveError) as err:
        load_game(data)
    assert err.value.move == 3 and "already occupied" in str(err.value)


def test_car_177_two_wagons_decide_clockwise_from_the_active_player():
    game = examples.load("two-wagons")
    # Carol completes a city of 4 tiles: the two wagons tie, each owner scores 4 x 2
    assert sorted(points(game)) == [("Blue", 8, "base.city.score"), ("Red", 8, "base.city.score")]
    decisions = [(e.kind, e.player) for e in game.events if e.rule == "wagon.move"]
    # Blue sits after Carol, the active player, so decides first and takes the only target
    assert decisions == [("figure-moved", "Blue"), ("figure-returned", "Red")]
    assert game.state.figures["Blue:wagon1"].location == (0, -1, "road")
    assert game.state.figures["Red:wagon1"].location is None


def test_car_189_193_two_barns_on_one_farm_each_score_in_full():
    game = examples.load("two-barns")
    # nobody scores during the game: both small cities were completed empty
    assert [p for p in points(game) if p[2] != "barn.final"] == []
    # the joined farm borders two completed cities: each barn scores 2 x 4, not shared
    assert sorted(points(game, "barn.final")) == [
        ("Blue", 8, "barn.final"),
        ("Red", 8, "barn.final"),
    ]
    barns = [f for f in game.state.figures.values() if f.kind == "barn"]
    assert len(barns) == 2 and all(f.location is not None for f in barns)

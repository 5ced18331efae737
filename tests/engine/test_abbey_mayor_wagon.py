"""Abbey & Mayor: the wagon (footnotes 166-177 of seed 004), scenarios written by hand."""

from __future__ import annotations

import pytest
from am_helpers import dep, error_of, events, game_data, mv, play, points

from carc_teach.expansions.abbey_mayor.rules import connected_features
from carc_teach.gamefile import load_game


def wagon_move(figure, segment=None, player=None, **where):
    out = {"type": "move", "figure": figure, **where}
    if segment is not None:
        out["segment"] = segment
    if player is not None:
        out["player"] = player
    return out


# The start road runs west to east. Blue's wagon stands on it (deployed on the crossing W at
# (1, 0)); Red's thief holds the crossing's eastern road; the crossing's southern road is
# closed by a house; a city cap sits at (0, -1); Blue finally closes the road at (-2, 0) with
# a cloister (A): a road of 4 tiles, ending at the crossing and at the cloister.
SEED_EXAMPLE = [
    mv("W", 1, 0, 0, dep("wagon", "road-w")),
    mv("U", 2, 0, 90, dep("follower", "road")),
    mv("U", -1, 0, 90),
    mv("AM-10", 1, 1, 180),  # closes the crossing's southern road: 2 tiles, nobody on it
    mv("E", 0, -1, 0),
    mv("V", 3, 0, 0),
]
CLOSE = ("A", -2, 0, 270)


def test_car_176_177_a_wagon_scores_as_one_follower_then_moves_in_the_same_turn():
    game = play([*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "cloister"))])
    assert points(game) == [("Blue", 4, "base.road.score")]
    (strength,) = events(game, "figure-strength", "wagon.score")
    assert "car-176" in strength.annotations
    (moved,) = events(game, "figure-moved", "wagon.move")
    assert moved.player == "Blue" and moved.turn == 7
    assert game.state.figures["Blue:wagon1"].location == (-2, 0, "cloister")
    assert {"car-170", "car-175", "car-177"} <= set(moved.annotations)


def test_car_177_deploy_score_and_move_the_wagon_in_one_turn():
    # Red's house (AM-10) closes the start road at once with Red's wagon on it: 2 tiles
    moves = [
        mv("W", 1, 0, 0),
        mv("AM-10", -1, 0, 270, dep("wagon", "road"), wagon_move("Red:wagon1", "road-s", x=1, y=0)),
    ]
    game = play(moves)
    assert points(game) == [("Red", 3, "base.road.score")]
    assert game.state.figures["Red:wagon1"].location == (1, 0, "road-s")
    kinds = [e.kind for e in game.events if e.turn == 2]
    assert kinds.index("figure-deployed") < kinds.index("points") < kinds.index("figure-moved")


def test_seed_example_the_wagon_may_go_to_the_cloister_but_not_to_reds_road_or_a_farm():
    state = load_game(game_data([*SEED_EXAMPLE, mv(*CLOSE)])).state
    # passing left the wagon at home: ask the rules what the options were
    err = error_of([*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "road-e", x=1, y=0))])
    assert err.move == 7 and err.action == 1 and "is occupied (Red's follower)" in str(err)
    assert "the cloister at (-2, 0)" in str(err)
    err = error_of([*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "field"))])
    assert "never goes onto a farm" in str(err)
    assert state.figures["Blue:wagon1"].location is None


def test_car_170_not_onto_a_completed_road():
    err = error_of([*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "road-s", x=1, y=0))])
    assert "is already completed" in str(err)


def test_car_175_the_wagon_may_stand_on_any_tile_of_its_new_feature():
    # the crossing's southern road is left open this time: W's road-s and the road below it
    moves = [
        mv("W", 1, 0, 0, dep("wagon", "road-w")),
        mv("U", 1, 1, 0),
        mv("U", -1, 0, 90),
        mv("E", 0, -1, 0),
        mv(*CLOSE, wagon_move("Blue:wagon1", "road", x=1, y=1)),
    ]
    game = play(moves)
    assert game.state.figures["Blue:wagon1"].location == (1, 1, "road")


def test_wagon_taken_back_by_choice_or_for_lack_of_a_target():
    game = play([*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", supply=True))])
    (back,) = events(game, "figure-returned", "wagon.move")
    assert "Blue takes it back" in back.text
    game = play([*SEED_EXAMPLE, mv(*CLOSE)])  # passing is taking it back too
    assert game.state.figures["Blue:wagon1"].location is None


def test_c1_and_c2_moves_differ_on_the_same_board():
    c1 = play([*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "cloister"))])
    assert c1.state.figures["Blue:wagon1"].location == (-2, 0, "cloister")
    c2_options = {"wagon.move-rule": "neighbourhood"}
    # second edition: the cloister is too far, the city cap at (0, -1) is next to the wagon's
    # tile (1, 0) though nothing connects them
    err = error_of(
        [*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "cloister"))], options=c2_options
    )
    assert "does not lie on the wagon's tile or the eight around it" in str(err)
    c2 = play(
        [*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "city", x=0, y=-1))],
        options=c2_options,
    )
    moved = events(c2, "figure-moved", "wagon.move")[0]
    assert "wagon.move-rule" in moved.options
    err = error_of([*SEED_EXAMPLE, mv(*CLOSE, wagon_move("Blue:wagon1", "city", x=0, y=-1))])
    assert "is not connected to the wagon's feature" in str(err)


def test_car_170_171_172_what_is_connected():
    state = load_game(game_data([*SEED_EXAMPLE, mv(*CLOSE)])).state
    feature_of = state.board.features.feature_of
    road = feature_of((0, 0, "road"))
    found = {f.describe() for f in connected_features(state, road)}
    # into the crossing's two other roads and into the cloister; never the farm or the city
    assert found == {"the road of 2 tiles", "the cloister at (-2, 0)"} or found == {
        "the road of 3 tiles",
        "the road of 2 tiles",
        "the cloister at (-2, 0)",
    }
    assert feature_of((1, 0, "road-e")) in connected_features(state, road)
    assert feature_of((1, 0, "road-s")) in connected_features(state, road)
    # a crossing belongs to the roads: the roads beyond it are not the city's neighbours, and
    # a cloister (a feature) is not driven through: from the cloister only its own road
    cloister = feature_of((-2, 0, "cloister"))
    assert connected_features(state, cloister) == [road]
    # the city cap has no gate: nothing is connected to it
    assert connected_features(state, feature_of((0, -1, "city"))) == []


def test_car_170_a_road_against_a_wall_or_through_a_tunnel_is_not_connected():
    # AM-7: a road bend that runs against the city wall; AM-12: a road under the city band
    state = load_game(game_data([mv("AM-7", 1, 0, 90), mv("AM-12", -1, 0, 90)])).state
    feature_of = state.board.features.feature_of
    for x, tile in ((1, "AM-7"), (-1, "AM-12")):
        city = feature_of((x, 0, "city"))
        assert connected_features(state, city) == [], tile
    # a gate does connect: AM-6's road runs into its city
    state = load_game(game_data([mv("AM-6", 0, -1, 0)])).state
    city = state.board.features.feature_of((0, -1, "city"))
    assert [f.kind for f in connected_features(state, city)] == ["road"]


def test_car_173_the_abbey_is_connected_to_the_roads_and_cities_that_end_against_it():
    from test_abbey_mayor import RING

    state = load_game(
        game_data([*RING, mv("abbey", 0, -1, 0, {"type": "abbey-mayor.abbey"})])
    ).state
    feature_of = state.board.features.feature_of
    abbey = feature_of((0, -1, "abbey"))
    city = feature_of((0, -2, "city"))
    assert connected_features(state, abbey) == [city]
    assert connected_features(state, city) == [abbey]


def test_car_173_a_wagon_may_go_on_an_abbey_unless_the_house_rule_forbids_it():
    from test_abbey_mayor import RING

    abbey = mv("abbey", 0, -1, 0, {"type": "abbey-mayor.abbey"}, dep("wagon", "abbey"))
    game = play([*RING, abbey])
    assert ("Red", 9, "base.cloister.score") in points(game)
    # the abbey is complete and its one neighbour city scored: the wagon goes home
    (back,) = events(game, "figure-returned", "wagon.move")
    assert "no unfinished, unoccupied" in back.text
    err = error_of([*RING, abbey], options={"wagon.cloister-access": "road-tiles-only"})
    assert "a wagon cannot be deployed on segment abbey" in str(err)


@pytest.mark.parametrize(
    "rule", ["no-other-follower", "no-other-figure", "no-other-wagon-or-follower"]
)
def test_car_166_167_any_follower_keeps_a_wagon_out_under_every_wording(rule):
    options = {"wagon.empty-feature-rule": rule}
    for blocker in ("follower", "mayor", "wagon"):
        err = error_of(
            [mv("E", 0, -1, 0, dep(blocker, "city")), mv("N", 0, -2, 180, dep("wagon", "city"))],
            options=options,
        )
        assert "already occupied" in str(err), blocker
    err = error_of([mv("U", 1, 0, 90, dep("wagon", "field-w"))], options=options)
    assert "a wagon cannot be deployed on segment field-w" in str(err)


def test_two_wagons_decide_in_turn_from_the_active_player_clockwise():
    # Blue's wagon sits in a cap with a gated road (AM-6), Red's in a plain cap; Carol joins
    # them into a city of 4 tiles: a tie, both score 8. Carol is active, so Blue (next
    # clockwise) decides first and takes the only free connected feature, the gated road;
    # Red then has nowhere to go and the wagon goes home.
    moves = [
        mv("AM-6", 0, -1, 0, dep("wagon", "city")),  # Blue
        mv("E", 1, -1, 0, dep("wagon", "city")),  # Red
        mv("U", -1, 0, 90),  # Carol
        mv("N", 0, -2, 180),  # Blue
        mv("U", 1, 0, 90),  # Red
        mv("N", 1, -2, 270, wagon_move("Blue:wagon1", "road", x=0, y=-1, player="Blue")),
    ]
    players = ("Blue", "Red", "Carol")
    game = play(moves, players=players)
    assert sorted(points(game)) == [("Blue", 8, "base.city.score"), ("Red", 8, "base.city.score")]
    assert game.state.figures["Blue:wagon1"].location == (0, -1, "road")
    (back,) = events(game, "figure-returned", "wagon.move")
    assert back.player == "Red" and "no unfinished, unoccupied" in back.text
    # when Blue passes, Red is asked next and may take the road
    moves[-1] = mv("N", 1, -2, 270, wagon_move("Red:wagon1", "road", x=0, y=-1, player="Red"))
    game = play(moves, players=players)
    assert game.state.figures["Red:wagon1"].location == (0, -1, "road")
    assert game.state.figures["Blue:wagon1"].location is None
    order = [e.player for e in game.events if e.rule == "wagon.move"]
    assert order == ["Blue", "Red"]

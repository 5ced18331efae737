"""Scenario tests: every base-game scoring rule, with scores computed by hand.

Coordinates: x east, y south; the start tile D (city north, road east-west) is at (0, 0).
Alice moves on odd turns, Bob on even turns.
"""

from __future__ import annotations

from engine_helpers import move, play_moves, points_events

from carc_teach.examples import load


def scored(game, rule=None):
    return [(e.player, e.points) for e in points_events(game, rule)]


# -- roads ---------------------------------------------------------------------------------


def test_completed_road_scores_one_per_tile():
    game = load("first-turns")
    road = points_events(game, "base.road.score")
    assert [(e.player, e.points) for e in road] == [("Bob", 4)]
    assert road[0].breakdown == (("4 tiles × 1", 4),)
    assert road[0].step == "3B" and road[0].turn == 4


def test_big_ring_road_with_no_ends_scores_every_tile():
    # Eight tiles in a square ring below the start tile; the eighth closes the loop.
    game = play_moves(
        [
            move("V", 0, 1, 270, "road"),  # Alice: corner, road east and south
            move("U", 1, 1, 90),
            move("V", 2, 1, 0),  # corner: west and south
            move("U", 2, 2, 0),
            move("V", 2, 3, 90),  # corner: west and north
            move("U", 1, 3, 90),
            move("V", 0, 3, 180),  # corner: north and east
            move("U", 0, 2, 0),  # closes the ring
        ]
    )
    assert scored(game, "base.road.score") == [("Alice", 8)]
    completed = [e for e in game.events if e.kind == "feature-completed"]
    assert len(completed) == 1 and completed[0].turn == 8
    assert all(f.node is None for f in game.state.figures.values())


# -- cities --------------------------------------------------------------------------------


def test_city_closed_in_the_turn_it_is_claimed():
    game = load("first-turns")
    first = points_events(game, "base.city.score")[0]
    assert (first.player, first.points, first.turn) == ("Alice", 4, 1)


def test_city_with_a_pennant():
    game = load("first-turns")
    second = points_events(game, "base.city.score")[1]
    assert (second.player, second.points) == ("Alice", 8)
    assert second.breakdown == (("3 tiles × 2", 6), ("1 pennant × 2", 2))


def test_city_with_several_pennants():
    game = play_moves(
        [
            move("F", 0, -1, 90, "city"),  # Alice: band running north-south, pennant
            move("F", 0, -2, 90),  # Bob: another band with a pennant
            move("E", 0, -3, 180),  # Alice: the cap that closes it
        ]
    )
    assert scored(game, "base.city.score") == [("Alice", 12)]  # 4 tiles x 2 + 2 pennants x 2


def test_incomplete_city_with_pennants_at_the_end():
    game = play_moves(
        [move("F", 0, -1, 90, "city"), move("F", 0, -2, 90)],
        final_scoring=True,
    )
    assert scored(game, "base.final.city") == [("Alice", 5)]  # 3 tiles + 2 pennants, 1 each


def test_shared_majority_both_score_in_full():
    game = load("shared-city")
    assert scored(game, "base.city.score") == [("Alice", 8), ("Bob", 8)]
    assert game.scores == {"Alice": 8, "Bob": 8}


def test_two_knights_beat_one():
    # Three separate caps are joined by a three-sided city tile: Alice has two knights in the
    # resulting city, Bob one, so only Alice scores (4 tiles x 2).
    game = play_moves(
        [
            move("E", 0, 1, 180, "S"),  # Alice: cap facing south, below the start tile
            move("B", 1, 1, 0),  # Bob: a cloister to reach further
            move("B", -1, 1, 0),  # Alice: another cloister
            move("E", 1, 2, 270, "W"),  # Bob: cap facing west
            move("E", -1, 2, 90, "E"),  # Alice: cap facing east
            move("R", 0, 2, 0),  # Bob: the three-sided city joins all three caps
        ]
    )
    assert scored(game, "base.city.score") == [("Alice", 8)]
    completed = next(e for e in game.events if e.kind == "points")
    assert completed.data["majority"] == {"Alice": 2, "Bob": 1}
    returned = [e.player for e in game.events if e.kind == "figure-returned"]
    assert sorted(returned) == ["Alice", "Alice", "Bob"]


def test_one_tile_completes_a_road_and_a_city():
    game = play_moves(
        [
            move("W", -1, 0, 0, "road-e"),  # Alice: junction west; thief on the road east
            move("N", 0, -1, 180, "city"),  # Bob: corner on the start city, open to the east
            move("N", 1, -1, 270),  # Alice: corner turning south
            move("L", 1, 0, 0, "road-e"),  # Bob: closes the city (north) and the road (west)
        ]
    )
    turn4 = [e for e in game.events if e.turn == 4 and e.kind == "feature-completed"]
    assert len(turn4) == 2
    assert sorted(scored(game)) == [("Alice", 3), ("Bob", 8)]  # road: 3 tiles; city: 4 tiles x 2
    assert game.scores == {"Alice": 3, "Bob": 8}


def test_completed_feature_without_followers_scores_nobody():
    game = play_moves([move("E", 0, -1, 180)])
    assert scored(game) == []
    no_score = [e for e in game.events if e.kind == "no-score"]
    assert len(no_score) == 1 and "nobody has a figure" in no_score[0].text
    assert no_score[0].breakdown == (("2 tiles × 2", 4),)


# -- cloisters -----------------------------------------------------------------------------


def test_surrounded_cloister_scores_nine():
    game = play_moves(
        [
            move("B", 0, 1, 0, "C"),  # Alice: cloister below the start tile, monk on it
            move("U", 1, 0, 90),
            move("U", -1, 0, 90),
            move("B", 1, 1, 0),
            move("B", -1, 1, 0),
            move("B", 0, 2, 0),
            move("V", -1, 2, 0),
            move("V", 1, 2, 270),  # the eighth neighbour
        ]
    )
    assert scored(game, "base.cloister.score") == [("Alice", 9)]
    event = points_events(game, "base.cloister.score")[0]
    assert event.breakdown == (("the cloister tile", 1), ("8 neighbouring tiles × 1", 8))
    assert event.turn == 8


def test_incomplete_cloister_at_the_end_scores_one_plus_neighbours():
    game = load("first-turns")
    assert scored(game, "base.final.cloister") == [("Alice", 3)]


# -- farms ---------------------------------------------------------------------------------


def test_farm_bordering_the_same_city_twice_counts_it_once():
    # The farm touches the finished two-tile city on both of its tiles; it still counts once.
    game = play_moves(
        [
            move("E", 0, -1, 180),  # Alice closes the start city (nobody on it)
            move("U", 1, 0, 90, "NNE"),  # Bob: farmer in the field north of the road
            move("B", 1, -1, 0),  # Alice: joins that field to the field around the cap
        ],
        final_scoring=True,
    )
    farm = points_events(game, "base.final.farm")
    assert [(e.player, e.points) for e in farm] == [("Bob", 3)]
    assert farm[0].breakdown == (("1 completed city bordering it × 3", 3),)


def test_farm_ignores_incomplete_cities_and_scores_each_completed_one():
    game = load("first-turns")
    assert scored(game, "base.final.farm") == [("Bob", 3)]


def test_final_scores_of_the_examples():
    assert load("first-turns").scores == {"Alice": 15, "Bob": 8}
    assert load("shared-city").scores == {"Alice": 8, "Bob": 8}
    full = load("full-game")
    assert full.scores == {"Alice": 89, "Bob": 106}
    assert full.events[-1].kind == "game-end" and full.events[-1].data["final"] is True


def test_followers_per_player_is_configurable():
    game = play_moves([move("E", 0, -1, 180, "S")], followers=1)
    assert len(game.state.supply["Alice"]) == 1  # the knight scored and came home
    assert "Alice and Bob each get 1 follower;" in game.events[0].text

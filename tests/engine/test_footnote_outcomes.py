"""Outcome scenarios for footnotes that had none: ckr-5, ckr-23, ckr-62 (seeds 000/001),
car-171, car-172, car-180 (seed 004) and the house rule that lets the wagon roll on. Each
position is built by hand and its outcome worked out by hand from the rule text, in the
comments; the engine must agree.

Coordinates: x grows east, y south. With the Count the City of Carcassonne covers x -2..1,
y -1..1; its east column shows field on the east sides of CC-4 (1, -1) and CC-8 (1, 0) and a
city cap on the east side of CC-12 (1, 1).
"""

from __future__ import annotations

import json

import pytest
from am_helpers import dep, error_of, events, mv, play, points
from engine_helpers import game_dict

from carc_teach import examples
from carc_teach.errors import IllegalMoveError
from carc_teach.figures import Corner, Place
from carc_teach.gamefile import load_game

PASS_DEPLOY = {"type": "pass", "decision": "deploy"}
ABBEY = {"type": "abbey-mayor.abbey"}


def game_v2(moves, expansions, *, players=("Alice", "Bob"), options=None):
    d = game_dict(moves, players=players, expansions=list(expansions))
    d["version"] = 2
    if options:
        d["setup"]["rules"] = {"options": options}
    return load_game(d)


def to_city(quarter):
    return {"type": "deploy", "figure": "follower", "place": f"count.{quarter}"}


def redeploy(player, figure, x, y, segment):
    return {"type": "move", "player": player, "figure": figure, "segment": segment, "x": x, "y": y}


def scored(game, rule=None):
    return [
        (e.player, e.points)
        for e in game.events
        if e.kind == "points" and (rule is None or e.rule == rule)
    ]


# -- ckr-5: the river stuck against the City ------------------------------------------------

# The spring at (2, -1) against CC-4's east field, flowing south; the fork at (2, 0) (field
# west, against CC-8) sends one branch east and one south into (2, 1). The east branch bends
# south at (3, 0), runs straight down (3, 1), bends west at (3, 2) and ends in the lake with
# the city at (2, 2). The square (2, 1) is now shut in on three sides: CC-12's city cap on
# the west, the inn-bridge's road on the east, the lake tile's field on the south.
STUCK_RIVER = [
    mv("R2-spring", 2, -1, 90),  # 1 Alice: river south; its west field meets CC-4
    mv("R2-fork", 2, 0, 90),  # 2 Bob: rivers north, east, south; field west (CC-8)
    mv("R2-curve", 3, 0, 0),  # 3 Alice: west -> south (a right bend after the fork's left)
    mv("R2-inn-bridge", 3, 1, 0),  # 4 Bob: straight north -> south, roads west and east
    mv("R2-pig-herd", 3, 2, 0),  # 5 Alice: north -> west
    mv("R2-lake-city", 2, 2, 180),  # 6 Bob: the lake ends the east branch
]
#: the six river tiles still to draw; the volcano lake is drawn last
LEFT_IN_THE_RIVER = [
    "R2-city-bridge",
    "R2-city-curve",
    "R2-cloister",
    "R2-city-road",
    "R2-road-curve",
    "R2-volcano",
]


def test_ckr_5_the_river_tile_that_cannot_continue_leaves_the_game_when_drawn():
    """ckr-5: with the City and The River II, river tiles that cannot be placed leave the game
    and play goes on. The only open end of the river is (2, 1): a tile there needs a river
    side north, a city side west (CC-12), no river east (the inn-bridge's road) or south (the
    lake tile's field). No river tile has that: two-sided river tiles would send water into
    the road or the field, and the volcano lake, the one one-sided tile left, has field where
    the City's cap is. So in turn 7 each of the six tiles Alice draws leaves the game at once,
    and she goes on drawing until a land tile comes (every river tile is drawn first)."""
    discards = [{"tile": t, "discard": True} for t in LEFT_IN_THE_RIVER]
    land = mv("U", 2, -2, 90)  # a straight road north of the spring, field to its south
    expansions = ("base", "count", "river2")
    game = game_v2([*STUCK_RIVER, *discards, land, mv("U", 0, 2, 0)], expansions)
    removed = [e for e in game.events if e.kind == "river2-tile-removed"]
    assert [e.tile for e in removed] == LEFT_IN_THE_RIVER
    assert all(e.turn == 7 and e.player == "Alice" for e in removed)
    assert all(e.rule == "river2.discard" and "ckr-5" in e.annotations for e in removed)
    river = [t for t, n in game.state.remaining.items() if n and t.startswith("R2-")]
    assert river == []
    # Alice's turn 7 ends with the land tile, and Bob plays turn 8 as usual
    placed = [(e.turn, e.player, e.tile) for e in game.events if e.kind == "tile-placed"]
    assert placed[-2:] == [(7, "Alice", "U"), (8, "Bob", "U")]
    # a land tile while the volcano lake is still to be drawn is out of the river's order
    with pytest.raises(IllegalMoveError, match="every river tile is drawn before the land"):
        game_v2([*STUCK_RIVER, *discards[:-1], land], expansions)
    # a river tile that still fits somewhere may not be set aside: after move 5 the lake
    # with the city fits at (2, 2), as move 6 lays it
    with pytest.raises(IllegalMoveError, match="cannot be set aside"):
        game_v2([*STUCK_RIVER[:5], {"tile": "R2-lake-city", "discard": True}], expansions)


# -- ckr-23: followers from the cathedral onto an abbey and onto a shrine --------------------

# Alice's knight on the city grown east from CC-12 (G at (2, 1)); Bob closes it with a cap:
# Alice 6 (2 tiles x 2), Bob scored nothing so he puts a follower into the cathedral. Then
# three city caps turned outwards ring the hole (2, 0): CC-4, CC-8, CC-12, (2, 1), (3, 1)
# and these three make its eight neighbours.
CATHEDRAL_AND_RING = [
    mv("G", 2, 1, 0, dep("follower", "city")),  # 1 Alice
    mv("E", 3, 1, 270, PASS_DEPLOY, to_city("cathedral")),  # 2 Bob: Alice 6
    mv("E", 2, -1, 0),  # 3 Alice: cap north, field south and west
    mv("E", 3, -1, 90),  # 4 Bob: cap east
    mv("E", 3, 0, 90),  # 5 Alice: cap east
    mv("U", 0, 2, 0),  # 6 Bob: CC-11's road goes on south
]


def test_ckr_23_a_second_monk_joins_an_abbey_from_the_cathedral():
    """ckr-23: an abbey has every property of a cloister, so the cathedral sends followers to
    it. Alice's abbey fills (2, 0) with her monk on it: all eight neighbours are there, so it
    is complete at once. Before it scores, Bob (on her left) moves his cathedral follower onto
    it: one monk each, a tie, both score 9 (1 + 8 neighbours)."""
    abbey = mv(
        "abbey",
        2,
        0,
        0,
        ABBEY,
        dep("follower", "abbey"),
        redeploy("Bob", "Bob:follower1", 2, 0, "abbey"),
    )
    game = game_v2([*CATHEDRAL_AND_RING, abbey], ("base", "count", "abbey-mayor"))
    assert scored(game) == [("Alice", 6), ("Alice", 9), ("Bob", 9)]
    moved = next(e for e in game.events if e.rule == "count.redeploy.cathedral")
    assert "ckr-23" in moved.annotations
    assert game.scores == {"Alice": 15, "Bob": 9}
    # left in the cathedral, Bob's follower stays there and Alice scores the abbey alone
    abbey["actions"][-1] = {"type": "pass", "player": "Bob", "decision": "count.redeploy"}
    game = game_v2([*CATHEDRAL_AND_RING, abbey], ("base", "count", "abbey-mayor"))
    assert scored(game) == [("Alice", 6), ("Alice", 9)]
    assert game.state.figures["Bob:follower1"].location == Place("count.cathedral")


def test_ckr_23_a_follower_from_the_cathedral_joins_a_shrine():
    """ckr-23: a shrine (a cult place) takes followers from the cathedral too. Alice's shrine
    fills (2, 0) with her heretic on it, complete at once (eight neighbours, none of them a
    cloister, so no challenge). Bob moves his cathedral follower onto the shrine before it
    scores: one each, a tie, Alice 9 and Bob 9 (1 + 8 neighbours)."""
    ring = [*CATHEDRAL_AND_RING]
    shrine = mv(
        "SH-1",
        2,
        0,
        0,
        dep("follower", "shrine"),
        redeploy("Bob", "Bob:follower1", 2, 0, "shrine"),
    )
    game = game_v2([*ring, shrine], ("base", "count", "shrines"))
    assert scored(game) == [("Alice", 6), ("Alice", 9), ("Bob", 9)]
    moved = next(e for e in game.events if e.rule == "count.redeploy.cathedral")
    assert "ckr-23" in moved.annotations and moved.player == "Bob"
    assert game.state.figures["Bob:follower1"].location is None  # scored and went home


# -- ckr-62: the building emptied by a challenge is occupied again from the cathedral ------

# Alice's knight in G (2, 1), closed by Bob: Alice 6, Bob's follower to the cathedral. Alice's
# heretic on the shrine at (2, 0) (five neighbours: CC-4, CC-8, CC-12, (2, 1), (3, 1)); Bob's
# monk on the cloister at (2, -1) beside it starts a challenge. Alice fills (3, -1) and (3, 0):
# the shrine has its eight neighbours first, Alice scores 9, Bob's monk goes home with nothing.
# The cloister, empty now, still lacks (1, -2), (2, -2), (3, -2).
CHALLENGE_LOST_BY_BOB = [
    mv("G", 2, 1, 0, dep("follower", "city")),  # 1 Alice
    mv("E", 3, 1, 270, PASS_DEPLOY, to_city("cathedral")),  # 2 Bob: Alice 6
    mv("SH-1", 2, 0, 0, dep("follower", "shrine")),  # 3 Alice: a heretic
    mv("B", 2, -1, 0, dep("follower", "cloister")),  # 4 Bob: a monk -> a challenge
    mv("E", 3, -1, 90),  # 5 Alice
    mv("U", 0, 2, 0),  # 6 Bob: elsewhere
    mv("E", 3, 0, 90),  # 7 Alice: the shrine's eighth neighbour
    mv("U", 1, -2, 0),  # 8 Bob: CC-4's road goes on north
    mv("E", 3, -2, 0),  # 9 Alice
]
LAST_AROUND_THE_CLOISTER = ("E", 2, -2, 0)  # 10 Bob: the cloister's eighth neighbour


def test_ckr_62_the_emptied_cloister_takes_a_monk_from_the_cathedral_when_completed():
    """ckr-62: the challenge takes both the heretic and the monk off the board; the unfinished
    cloister may be occupied again, here by a follower from Carcassonne. Bob surrounds it in
    turn 10; Alice (on his left) has nobody in the City and Bob moves his cathedral follower
    onto it: Bob 9 (1 + 8). Scores: Alice 6 + 9 = 15, Bob 9."""
    last = mv(
        *LAST_AROUND_THE_CLOISTER, PASS_DEPLOY, redeploy("Bob", "Bob:follower1", 2, -1, "cloister")
    )
    game = game_v2([*CHALLENGE_LOST_BY_BOB, last], ("base", "count", "shrines"))
    (lost,) = [e for e in game.events if e.kind == "shrine-challenge-lost"]
    assert lost.turn == 7 and lost.data["loser"] == ["Bob"]
    assert scored(game) == [("Alice", 6), ("Alice", 9), ("Bob", 9)]
    (joined,) = [e for e in game.events if e.rule == "count.redeploy.cathedral"]
    assert joined.turn == 10 and joined.player == "Bob"
    assert game.scores == {"Alice": 15, "Bob": 9}
    # without the follower from the City, the completed cloister scores nobody
    game = game_v2(
        [*CHALLENGE_LOST_BY_BOB, mv(*LAST_AROUND_THE_CLOISTER)], ("base", "count", "shrines")
    )
    assert scored(game) == [("Alice", 6), ("Alice", 9)]
    assert any(e.kind == "no-score" and e.turn == 10 for e in game.events)


# -- car-171, car-172: where the wagon may not go -------------------------------------------


def wagon_move(figure, segment=None, **where):
    out = {"type": "move", "figure": figure, **where}
    if segment is not None:
        out["segment"] = segment
    return out


# The start road runs west to east (U at (0, 0)). Blue's L at (1, 0): a city cap north and
# three roads meeting at a crossing, its west road joining the start road; Blue's wagon stands
# in the cap. Red closes the cap with AM-6 at (1, -1), a cap whose gate lets a road out east:
# a city of 2 tiles, Blue 4.
WAGON_IN_L_CAP = mv("L", 1, 0, 0, dep("wagon", "city"))  # 1 Blue
CLOSE_WITH_A_GATE = ("AM-6", 1, -1, 180)  # 2 Red: city south, road east ending at the gate


def test_car_171_a_wagon_in_a_city_cap_cannot_reach_the_roads_of_its_crossing():
    """car-171: a crossing belongs to the roads; only a wagon that starts on a road goes
    through it, and L's cap has no gate. From Blue's city the only connected feature is the
    road leaving AM-6's gate; L's three roads are unfinished and empty, yet moving onto one is
    refused. With an ordinary cap (no gate) closing the city, nothing is connected and the
    wagon goes home without being asked."""
    to_l_road = wagon_move("Blue:wagon1", "road-e", x=1, y=0, player="Blue")
    err = error_of([WAGON_IN_L_CAP, mv(*CLOSE_WITH_A_GATE, to_l_road)])
    assert "is not connected to the wagon's feature" in str(err)
    assert "it may go to: the road of 1 tile" in str(err)
    to_gate_road = wagon_move("Blue:wagon1", "road", x=1, y=-1, player="Blue")
    game = play([WAGON_IN_L_CAP, mv(*CLOSE_WITH_A_GATE, to_gate_road)])
    assert points(game) == [("Blue", 4, "base.city.score")]
    assert game.state.figures["Blue:wagon1"].location == (1, -1, "road")
    game = play([WAGON_IN_L_CAP, mv("E", 1, -1, 180)])
    assert points(game) == [("Blue", 4, "base.city.score")]
    (back,) = events(game, "figure-returned", "wagon.move")
    assert back.figure == "Blue:wagon1" and "no unfinished, unoccupied" in back.text
    assert game.state.figures["Blue:wagon1"].location is None


# Blue's wagon on the start road, which runs east into the cloister of Red's AM-5 at (1, 0),
# a cloister where four roads end. Blue closes the road at (-2, 0) with a house: AM-10, U, U,
# AM-5 = 4 tiles, Blue 4.
WAGON_ROAD = mv("U", -1, 0, 90, dep("wagon", "road"))  # 1 Blue
CLOISTER_OF_FOUR_ROADS = ("AM-5", 1, 0, 0)  # 2 Red
CLOSE_AT_A_HOUSE = ("AM-10", -2, 0, 270)  # 3 Blue: the road ends at a house


def test_car_172_a_wagon_cannot_drive_through_a_cloister_to_the_road_beyond():
    """car-172: a wagon does not cross a feature to reach another. The only feature connected
    to Blue's road is AM-5's cloister: the wagon may stop there, but not drive through it onto
    AM-5's east road, free and unfinished as it is. With Red's monk on the cloister, nothing
    free is connected and the wagon goes home."""
    empty = [WAGON_ROAD, mv(*CLOISTER_OF_FOUR_ROADS)]
    through = wagon_move("Blue:wagon1", "road-e", x=1, y=0)
    err = error_of([*empty, mv(*CLOSE_AT_A_HOUSE, through)])
    assert "is not connected to the wagon's feature" in str(err)
    onto = wagon_move("Blue:wagon1", "cloister", x=1, y=0)
    game = play([*empty, mv(*CLOSE_AT_A_HOUSE, onto)])
    assert points(game) == [("Blue", 4, "base.road.score")]
    assert game.state.figures["Blue:wagon1"].location == (1, 0, "cloister")
    monk = [WAGON_ROAD, mv(*CLOISTER_OF_FOUR_ROADS, dep("follower", "cloister"))]
    game = play([*monk, mv(*CLOSE_AT_A_HOUSE)])
    assert points(game) == [("Blue", 4, "base.road.score")]
    (back,) = events(game, "figure-returned", "wagon.move")
    assert "no unfinished, unoccupied" in back.text
    assert game.state.figures["Blue:wagon1"].location is None


# Blue's wagon on the start road, whose east end is AM-10's house at (1, 0); north of the
# house Red lays a straight road (1, -1) running west to east, free and unfinished, separated
# from the house tile by field only. Blue closes the west end with the cloister A: 3 tiles.
WAGON_BESIDE_A_ROAD = [
    mv("AM-10", 1, 0, 90, dep("wagon", "road")),  # 1 Blue
    mv("U", 1, -1, 90),  # 2 Red
]
CLOSE_WEST = ("A", -1, 0, 270)  # 3 Blue: the road ends at a cloister


def test_car_172_a_wagon_cannot_cross_a_field_to_a_road_beside_its_own():
    """car-172: a farm is a feature too, and a wagon never drives across one. The road at
    (1, -1) touches the house tile only along its field: under the first-edition rule the wagon
    may not go there (only the cloister at the road's west end is connected). The
    second-edition rule (any feature on the wagon's tile or the eight around it) allows that
    same move. Blue scores 3 for the road either way."""
    move_north = wagon_move("Blue:wagon1", "road", x=1, y=-1)
    err = error_of([*WAGON_BESIDE_A_ROAD, mv(*CLOSE_WEST, move_north)])
    assert "is not connected to the wagon's feature" in str(err)
    assert "it may go to: the cloister at (-1, 0)" in str(err)
    c2 = play(
        [*WAGON_BESIDE_A_ROAD, mv(*CLOSE_WEST, move_north)],
        options={"wagon.move-rule": "neighbourhood"},
    )
    assert points(c2) == [("Blue", 3, "base.road.score")]
    assert c2.state.figures["Blue:wagon1"].location == (1, -1, "road")


# -- the house rule: the wagon rolls on -----------------------------------------------------

# Blue's wagon on the west road of the crossing W at (1, 0) (the start road); Red's follower on
# its east road; its south road runs into a second crossing at (1, 1) and is complete at once
# (2 tiles, nobody on it), while the second crossing's west and east roads are free. Blue
# closes the start road at (-1, 0) with a house: the house, the start tile and the crossing,
# 3 tiles, Blue 3.
ROLL_ON = [
    mv("W", 1, 0, 0, dep("wagon", "road-w")),  # 1 Blue
    mv("U", 2, 0, 90, dep("follower", "road")),  # 2 Red
    mv("W", 1, 1, 180),  # 3 Blue: the second crossing, roads north, west and east
    mv("E", 0, -1, 0),  # 4 Red: elsewhere
]
CLOSE_THE_START_ROAD = ("AM-10", -1, 0, 270)  # 5 Blue


def test_house_rule_the_wagon_rolls_on_past_a_finished_road():
    """house-wagon-roll-on: the wagon may go on to the next feature that is complete, or
    unfinished and unclaimed. From Blue's road the connected features are Red's road
    (occupied) and the short road south (complete). By the rule as printed the wagon has
    nowhere to go; under the house rule it rolls across the complete road and through the
    second crossing onto its free east road."""
    onto = wagon_move("Blue:wagon1", "road-e", x=1, y=1)
    err = error_of([*ROLL_ON, mv(*CLOSE_THE_START_ROAD, onto)])
    assert "no decision in this turn takes a 'move' action" in str(err)  # no choice to make
    game = play([*ROLL_ON, mv(*CLOSE_THE_START_ROAD)])
    assert points(game) == [("Blue", 3, "base.road.score")]
    assert game.state.figures["Blue:wagon1"].location is None
    game = play(
        [*ROLL_ON, mv(*CLOSE_THE_START_ROAD, onto)], options={"wagon.move-range": "roll-on"}
    )
    assert points(game) == [("Blue", 3, "base.road.score")]
    assert game.state.figures["Blue:wagon1"].location == (1, 1, "road-e")
    (moved,) = events(game, "figure-moved", "wagon.move")
    assert "wagon.move-range" in moved.options and "house-wagon-roll-on" in moved.annotations


# -- car-180: a barn on the corner of the volcano lake --------------------------------------


def test_car_180_a_barn_on_the_corner_of_the_volcano_lake():
    """car-180: a tile with a volcano does not stop a barn. The river of the bundled game
    barn-pig-herd ends its north branch in the volcano lake at (1, -1) (river south); the river
    bend at (2, -1) shows field at its north-west corner. Red's cloister at (1, -2) with a
    farmer on its field and Blue's cloister at (2, -2) make four tiles meet at grid point
    (2, -1), all field there: Blue's barn may stand on it. Its farm then scores Red's farmer at
    once, 3 per completed city; no city on the board is complete (every city of the river
    tiles still has an open side), so Red scores nothing, and the farmer goes home."""
    river = json.loads(json.dumps(examples.data("barn-pig-herd")["moves"][:11]))
    assert river[-1]["tile"] == "R2-volcano" and (river[-1]["x"], river[-1]["y"]) == (1, -1)
    moves = [
        *river,
        mv("B", 1, -2, 0, dep("follower", "field")),  # 12 Red: a farmer
        mv("B", 2, -2, 0, dep("barn", corner="SW")),  # 13 Blue: the barn
    ]
    game = game_v2(moves, ("base", "river2", "abbey-mayor"), players=("Blue", "Red"))
    assert game.state.figures["Blue:barn1"].location == Corner(2, -1)
    assert points(game) == []
    assert game.state.figures["Red:follower1"].location is None
    assert not [f for f in game.state.board.features.features() if f.kind == "city" and f.complete]

"""Abbey & Mayor with The River II: the pig-herd tile on a barn's farm (footnotes 194, 195 of
seed 004), played with the real river2 module.

Board: the spring at (0, 0), the river laid east (moves 1-11, river tiles only, as the river
comes first); the pig-herd tile at (2, 0) turned 0 shows its herd field on its east and south
sides. Red's farmer goes on the field of a city cap at (3, 0) (city to the east), which joins the
herd's farm; Blue's tile I at (4, 0) closes that city (2 tiles, a completed city bordering the
farm); two cloisters at (2, 1) and (3, 1) make grid point (3, 1) a corner of four fields, where
Blue puts the barn.
"""

from __future__ import annotations

import pytest
from am_helpers import dep, events, mv, points

from carc_teach.gamefile import load_game

RIVER_AND_BARNS = ("base", "river2", "abbey-mayor")

RIVER = [
    mv("R2-fork", 1, 0, 0),
    mv("R2-pig-herd", 2, 0, 0),
    mv("R2-curve", 2, -1, 270),
    mv("R2-cloister", 3, -1, 0),
    mv("R2-city-bridge", 4, -1, 90),
    mv("R2-inn-bridge", 5, -1, 90),
    mv("R2-city-road", 6, -1, 0),
    mv("R2-city-curve", 7, -1, 90),
    mv("R2-road-curve", 7, 0, 180),
    mv("R2-lake-city", 8, 0, 0),
    mv("R2-volcano", 1, -1, 270),
]
FARMER_ON_THE_HERD = [
    mv("E", 3, 0, 90, dep("follower", "field")),  # Red (move 12)
    mv("I", 4, 0, 0),  # Blue: its west cap closes Red's cap: a completed city of 2 tiles
    mv("B", 2, 1, 0),  # Red
]
BLUE_BARN = mv("B", 3, 1, 0, dep("barn", corner="NW"))  # Blue: barn at grid point (3, 1)


def river_barn_game(moves, *, options=None, final=False):
    data = {
        "format": "carc-teach-game",
        "version": 2,
        "setup": {"players": ["Blue", "Red"], "expansions": list(RIVER_AND_BARNS)},
        "moves": list(moves),
        "final_scoring": final,
    }
    if options:
        data["setup"]["rules"] = {"options": options}
    return load_game(data)


def test_car_195_the_herd_adds_a_point_per_city_to_farmers_scored_by_a_barn():
    """car-195 (project's reading, option barn.pig-herd = farmers): Red's farmer on the herd's
    farm scores 1 completed city × 3 = 3 and the herd's 1 × 1 = 1 when Blue's barn arrives:
    4 in all, the herd counted once (The River II's own herd point is for farms scored after
    the game only)."""
    game = river_barn_game([*RIVER, *FARMER_ON_THE_HERD, BLUE_BARN])
    (award,) = events(game, "points")
    assert (award.player, award.points, award.rule) == ("Red", 4, "barn.scoring")
    assert award.breakdown == (
        ("1 completed city bordering it × 3", 3),
        ("a pig-herd tile on the farm: 1 × 1", 1),
    )
    assert sum(1 for part, _ in award.breakdown if "herd" in part) == 1
    assert "car-195" in award.annotations
    assert game.scores == {"Blue": 0, "Red": 4}


def test_car_195_option_nobody_the_herd_adds_nothing_on_a_barns_farm():
    game = river_barn_game(
        [*RIVER, *FARMER_ON_THE_HERD, BLUE_BARN], options={"barn.pig-herd": "nobody"}
    )
    assert points(game) == [("Red", 3, "barn.scoring")]


@pytest.mark.parametrize("herd", ["farmers", "nobody"])
def test_car_194_the_herd_never_adds_to_the_barns_own_points(herd):
    """car-194: after the game Blue's barn scores 4 per completed city bordering its farm (1
    city: 4), whatever the herd; the event says the herd adds nothing; no farmer is left on the
    farm, so The River II's herd point has nobody to pay."""
    game = river_barn_game(
        [*RIVER, *FARMER_ON_THE_HERD, BLUE_BARN], options={"barn.pig-herd": herd}, final=True
    )
    finals = [e for e in events(game, "points") if e.step == "final"]
    assert [(e.player, e.points, e.rule) for e in finals] == [("Blue", 4, "barn.final")]
    assert finals[0].breakdown == (("1 completed city bordering the farm × 4", 4),)
    assert "car-194" in finals[0].annotations and "adds nothing for a barn" in finals[0].text
    assert game.scores == {"Blue": 4, "Red": 4 if herd == "farmers" else 3}


def test_car_195_the_herd_also_counts_when_a_farm_is_joined_to_a_barns_farm():
    """car-195 with car-190: a barn on the herd's farm first (no farmer there), then Red's
    farmer on a farm of its own is joined to it: 1 completed city × 1 + the herd's 1 × 1 = 2."""
    moves = [
        *RIVER,
        mv("E", 3, 0, 90),  # Red
        mv("I", 4, 0, 0),  # Blue: completes the city of 2 tiles
        mv("B", 2, 1, 0),  # Red
        BLUE_BARN,  # Blue: the barn, nobody to score yet
        # Red: a west-east road below the cloisters; its north field joins the barn's farm,
        # Red's farmer goes on its south field, a farm of its own
        mv("U", 2, 2, 90, dep("follower", "field-e")),
        mv("B", 4, 1, 0),  # Blue
        # Red: the cloister with a road ends the road on the west; its one field wraps round
        # the road's end and joins the south farm to the barn's farm
        mv("A", 1, 2, 270),
    ]
    game = river_barn_game(moves)
    assert events(game, "barn-connect")
    (award,) = events(game, "points")
    assert (award.player, award.points, award.rule) == ("Red", 2, "barn.connect")
    assert award.breakdown == (
        ("1 completed city bordering it × 1", 1),
        ("a pig-herd tile on the farm: 1 × 1", 1),
    )

"""Abbey & Mayor with The Count of Carcassonne: market followers onto a barn's farm (car-185 /
ckr-26, car-191 / ckr-25), the Count's deployment after a barn scoring (car-187 / ckr-10), the
mayor, wagon and barn and the City's quarters (ckr-9, ckr-17), option
count.special-figure-strength, and the City as a completed city for barns and pigs (ckr-1).
Every scenario is played with the expansions in both orders: the outcome may not depend on it.

Geometry: the City of Carcassonne fills x -2..1, y -1..1. North of it, CC-2 (-1, -1) and CC-3
(0, -1) show field, so cloisters (tile B) at (0, -2), (-1, -2), (-1, -3) and a city cap at
(0, -3) (closed by another at (0, -4)) make one farm touching the City, with grid point (0, -2)
a corner of four fields. Opening (moves 1-3): Bob's knight on the cap of CC-12 (east side),
Alice closes it (Bob 6) and, having scored nothing, sends a figure into a quarter.
"""

from __future__ import annotations

import pytest
from am_helpers import dep, events, mv

from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.figures import Corner, Place
from carc_teach.gamefile import load_game

ORDERS = {
    "count-first": ("base", "count", "abbey-mayor"),
    "abbey-mayor-first": ("base", "abbey-mayor", "count"),
}
PASS = {"type": "pass", "decision": "deploy"}


def to_city(quarter, figure="follower"):
    return {"type": "deploy", "figure": figure, "place": f"count.{quarter}"}


def move(figure, **where):
    return {"type": "move", "figure": figure, **where}


COUNT_TO_CATHEDRAL = move("count", place="count.cathedral")


def opening(figure="follower", quarter="market"):
    """Alice ends with ``figure`` in ``quarter`` and the Count in the cathedral."""
    return [
        mv("U", 0, 2, 0),  # Alice: the road south of the blacksmith tile
        mv("G", 2, 1, 0, dep("follower", "city")),  # Bob: a knight on CC-12's cap
        mv("E", 3, 1, 270, PASS, to_city(quarter, figure), COUNT_TO_CATHEDRAL),  # Alice
    ]


def game_of(moves, expansions, *, options=None, final=False, final_actions=None):
    data = {
        "format": "carc-teach-game",
        "version": 2,
        "setup": {"players": ["Alice", "Bob"], "expansions": list(expansions)},
        "moves": list(moves),
        "final_scoring": final,
    }
    if options:
        data["setup"]["rules"] = {"options": options}
    if final_actions:
        data["final_actions"] = final_actions
    return load_game(data)


def refusal(moves, expansions, **kw):
    with pytest.raises((GameFileError, IllegalMoveError)) as err:
        game_of(moves, expansions, **kw)
    assert "\n" not in str(err.value)
    return err.value


def pts(game, rule=None, step=None):
    return [
        (e.player, e.points)
        for e in game.events
        if e.kind == "points" and (rule is None or e.rule == rule) and (step in (None, e.step))
    ]


def farm_north(bob_farmer=True):
    """Moves 4-8: the farm north of the City, Bob's farmer on it (or not)."""
    return [
        mv("B", 0, -2, 0, *([dep("follower", "field")] if bob_farmer else [])),  # Bob
        mv("B", -1, -2, 0),  # Alice
        mv("E", 0, -3, 0),  # Bob: a cap facing north
        mv("E", 0, -4, 180),  # Alice: closes it, a completed city of 2 tiles
        mv("U", 0, 3, 0),  # Bob
    ]


ALICE_BARN = ("B", -1, -3, 0)  # move 9, Alice: the barn at the south-east corner = (0, -2)


@pytest.fixture(params=list(ORDERS), ids=list(ORDERS))
def expansions(request):
    return ORDERS[request.param]


def test_ckr_26_car_185_a_barn_lets_market_followers_onto_the_farm_before_it_scores(expansions):
    """car-185 / ckr-26: Alice places the barn on Bob's farm and first moves her market follower
    onto it: 1 farmer each, a tie; the farm counts the closed cap and the City (ckr-1): 2
    completed cities × 3 = 6 each."""
    barn = mv(
        *ALICE_BARN, dep("barn", corner="SE"), move("Alice:follower1", x=0, y=-2, segment="field")
    )
    game = game_of([*opening(), *farm_north(), barn], expansions)
    assert pts(game, step="3B") == [("Bob", 6), ("Alice", 6), ("Bob", 6)]
    turn = [e for e in game.events if e.turn == 9]
    kinds = [(e.kind, e.rule) for e in turn]
    placed = kinds.index(("figure-deployed", "barn.placement"))
    moved = kinds.index(("figure-moved", "count.redeploy.market"))
    first_points = kinds.index(("points", "barn.scoring"))
    assert placed < moved < first_points
    award = next(e for e in turn if e.kind == "points")
    assert award.breakdown == (
        ("2 completed cities (the City of Carcassonne among them) bordering it × 3", 6),
    )
    assert "ckr-26" in award.annotations
    # both farmers go home, the barn stays; Alice scored, so no deployment to the City
    assert game.state.figures["Alice:follower1"].location is None
    assert game.state.figures["Alice:barn1"].location == Corner(0, -2)
    assert not [e for e in turn if e.rule == "count.deploy"]


def test_car_185_a_barn_on_an_empty_farm_still_opens_the_market(expansions):
    """car-185: nobody farms there, but the barn's scoring is still the market's chance: Alice
    moves her follower in and scores the 2 cities × 3 = 6 alone."""
    barn = mv(
        *ALICE_BARN, dep("barn", corner="SE"), move("Alice:follower1", x=0, y=-2, segment="field")
    )
    game = game_of([*opening(), *farm_north(bob_farmer=False), barn], expansions)
    assert pts(game, "barn.scoring") == [("Alice", 6)]


def test_ckr_10_car_187_a_barn_that_scores_only_others_earns_a_deployment(expansions):
    """car-187 / ckr-10: Alice's barn makes Bob's farmer score (6) and her nothing: she may put a
    follower into Carcassonne, whatever the order of the expansions in the file."""
    barn = mv(*ALICE_BARN, dep("barn", corner="SE"), to_city("castle"))
    game = game_of([*opening(), *farm_north(), barn], expansions)
    assert pts(game, "barn.scoring") == [("Bob", 6)]
    deployed = [e for e in game.events if e.turn == 9 and e.rule == "count.deploy"]
    assert len(deployed) == 1 and deployed[0].step == "3B"
    assert game.state.figures["Alice:follower2"].location == Place("count.castle")


def test_ckr_7_car_187_under_the_original_trigger_a_barn_scoring_earns_nothing(expansions):
    """count.deploy-trigger = completion (HiG's original rules): only a completed road, city or
    cloister counts, so the barn's scoring gives Alice no deployment."""
    barn = mv(*ALICE_BARN, dep("barn", corner="SE"), to_city("castle"))
    with pytest.raises(IllegalMoveError, match="under the original rules only such a completion"):
        game_of(
            [*opening(), *farm_north(), barn],
            expansions,
            options={"count.deploy-trigger": "completion"},
        )


JOIN = [
    mv("B", -1, -3, 0, dep("barn", corner="SE")),  # Alice (9): the barn, nobody farms there
    # Bob (10): a north-south road west of the barn's farm: its east field joins that farm,
    # Bob's farmer goes on its west field, a farm of its own
    mv("U", -2, -3, 0, dep("follower", "field-w")),
    mv("U", 0, 4, 0),  # Alice (11)
    # Bob (12): the cloister with a road ends the road at the south; its one field wraps round
    # the road's end and joins Bob's farm to the barn's farm
    mv("A", -2, -2, 180),
]


def test_ckr_25_car_191_a_farm_joined_to_a_barns_farm_takes_market_followers_at_1_per_city(
    expansions,
):
    """car-191 / ckr-25: Bob's tile joins his farmer's farm to Alice's barn farm; the joining
    is a scoring, so Alice moves her market follower in first. A tie: each scores 2 completed
    cities (the cap and the City) × 1 = 2."""
    moves = [*opening(), *farm_north(bob_farmer=False), *JOIN]
    moves[-1] = {
        **moves[-1],
        "actions": [move("Alice:follower1", x=-2, y=-2, segment="field", player="Alice")],
    }
    game = game_of(moves, expansions)
    assert [
        e.rule for e in game.events if e.turn == 12 and e.kind in ("figure-moved", "points")
    ] == [
        "count.redeploy.market",
        "barn.connect",
        "barn.connect",
    ]
    assert pts(game, "barn.connect") == [("Alice", 2), ("Bob", 2)]


def test_ckr_25_after_the_game_a_market_follower_on_a_barns_farm_scores_1_per_city(expansions):
    """ckr-25 / car-191: in the final redeployment Alice moves her market follower onto the farm
    with her barn: it scores 1 per completed city (2), not 3; her barn scores 4 × 2 = 8 (the City
    counts for the barn too, ckr-1)."""
    barn = mv(*ALICE_BARN, dep("barn", corner="SE"))
    game = game_of(
        [*opening(), *farm_north(bob_farmer=False), barn],
        expansions,
        final=True,
        final_actions=[move("Alice:follower1", x=0, y=-2, segment="field")],
    )
    # scoring the barn on an empty farm at placement: Alice passed the market move
    assert pts(game, "barn.scoring") == []
    farm = [e for e in game.events if e.rule == "base.final.farm" and e.kind == "points"]
    assert [(e.player, e.points) for e in farm] == [("Alice", 2)]
    assert farm[0].breakdown == (
        ("2 completed cities (the City of Carcassonne among them) bordering it × 1", 2),
    )
    assert events(game, "barn-farm-final")
    barn_final = [e for e in game.events if e.rule == "barn.final"]
    assert [(e.player, e.points) for e in barn_final] == [("Alice", 8)]
    assert "ckr-1" in barn_final[0].annotations


def test_ckr_17_the_mayor_waits_only_in_the_castle(expansions):
    err = refusal([*opening("mayor", "market")], expansions)
    assert "a mayor may wait only in the castle quarter" in str(err)
    assert "(rule count.deploy.figures; footnotes ckr-9, ckr-17)" in str(err)
    game = game_of(opening("mayor", "castle"), expansions)
    assert game.state.figures["Alice:mayor1"].location == Place("count.castle")


@pytest.mark.parametrize("quarter", ["castle", "blacksmith", "cathedral"])
def test_ckr_17_the_wagon_waits_in_the_castle_blacksmith_or_cathedral(expansions, quarter):
    moves = opening("wagon", quarter)
    if quarter == "cathedral":  # the Count may not stay where he is: send him to the market
        moves[-1]["actions"][-1] = move("count", place="count.market")
    game = game_of(moves, expansions)
    assert game.state.figures["Alice:wagon1"].location == Place(f"count.{quarter}")
    err = refusal(opening("wagon", "market"), expansions)
    assert "a wagon may wait only in the castle or blacksmith or cathedral quarter" in str(err)


def test_ckr_9_the_barn_never_enters_the_city(expansions):
    err = refusal(opening("barn", "market"), expansions)
    assert "a barn never enters the City of Carcassonne" in str(err)
    assert "footnotes ckr-9, car-178" in str(err)


# Bob's knight in a city below CC-9's cap with a pennant (tile F); Alice closes it with a cap and
# moves her mayor in from the castle: 3 tiles + 1 pennant = 8 points.
MAYOR_FROM_THE_CASTLE = [
    *opening("mayor", "castle"),
    mv("F", -2, 2, 90, dep("follower", "city")),  # Bob (4)
    mv("E", -2, 3, 0, PASS, move("Alice:mayor1", segment="city", x=-2, y=3)),  # Alice (5)
]


@pytest.mark.parametrize(
    ("strength", "scores"),
    [("usual", [("Alice", 8), ("Bob", 8)]), ("two-each", [("Alice", 8)])],
)
def test_ckr_17_special_figure_strength_for_a_mayor_from_the_castle(expansions, strength, scores):
    """count.special-figure-strength: the mayor moved in from the castle counts the city's one
    pennant (usual: a tie with Bob's knight, 8 each) or two followers as printed by HiG's Big
    Box 2 and RGG (two-each: Alice alone, 8)."""
    game = game_of(
        MAYOR_FROM_THE_CASTLE,
        expansions,
        options={"count.special-figure-strength": strength},
    )
    assert pts(game, "base.city.score")[1:] == scores
    (told,) = [e for e in game.events if e.kind == "figure-strength" and e.figure == "Alice:mayor1"]
    assert told.data["strength"] == (1 if strength == "usual" else 2)
    moved = next(e for e in game.events if e.rule == "count.redeploy.castle")
    assert moved.index < told.index  # described once it stands in the city
    if strength == "two-each":
        assert "count.special-figure-strength" in told.options and "ckr-17" in told.annotations


# Bob's follower on the road south of the blacksmith; Alice ends it with a cloister's road and
# moves her wagon in from the blacksmith: 4 tiles = 4 points.
WAGON_FROM_THE_BLACKSMITH = [
    *opening("wagon", "blacksmith"),
    mv("U", 0, 3, 0, dep("follower", "road")),  # Bob (4)
    mv("A", 0, 4, 180, PASS, move("Alice:wagon1", segment="road", x=0, y=4)),  # Alice (5)
]


@pytest.mark.parametrize(
    ("strength", "scores"),
    [("usual", [("Alice", 4), ("Bob", 4)]), ("two-each", [("Alice", 4)])],
)
def test_ckr_17_special_figure_strength_for_a_wagon_from_the_blacksmith(
    expansions, strength, scores
):
    game = game_of(
        WAGON_FROM_THE_BLACKSMITH,
        expansions,
        options={"count.special-figure-strength": strength},
    )
    assert pts(game, "base.road.score") == scores
    # after its road scored the wagon may roll on (car-175); Alice passes: it goes home
    assert game.state.figures["Alice:wagon1"].location is None


def test_ckr_1_a_pig_counts_the_city_of_carcassonne(expansions):
    """ckr-1: after the game Bob's farmer and pig share the farm touching the City: the City as
    a completed city × 3 = 3, and the pig's 1 city × 1 = 1."""
    moves = [
        mv("U", 0, 2, 0),  # Alice
        mv("B", 0, -2, 0, dep("follower", "field")),  # Bob
        mv("U", 0, 3, 0),  # Alice
        mv("B", -1, -2, 0, dep("pig", "field")),  # Bob
    ]
    game = game_of(moves, (*expansions, "pig"), final=True)
    (farm,) = [e for e in game.events if e.rule == "base.final.farm" and e.kind == "points"]
    assert (farm.player, farm.points) == ("Bob", 4)
    assert ("Bob's pig: 1 completed city × 1", 1) in farm.breakdown

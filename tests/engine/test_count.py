"""The Count of Carcassonne: one scenario per footnote of seeds 000/001 (and 002) that decides
an outcome, hand-computed; bad input for every action; properties over seeded random games.

Geometry of the City (rows y = -1..1, x = -2..1): the south-east corner CC-12 at (1, 1) shows a
city cap on its east side, the south-west corner CC-9 at (-2, 1) one on its south side, the
blacksmith tile CC-11 at (0, 1) a road leaving south, CC-1 at (-2, -1) a road leaving west.
"""

from __future__ import annotations

import pytest
from engine_helpers import check_hook_follows, game_dict
from invariants import check_game

from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.figures import Place
from carc_teach.gamefile import load_game
from carc_teach.simulate import random_game

PASS_DEPLOY = {"type": "pass", "decision": "deploy"}


def count_game(moves, *, options=None, expansions=("base", "count"), final=None, **setup):
    d = game_dict(moves, expansions=list(expansions), **setup)
    d["version"] = 2
    if options:
        d["setup"]["rules"] = {"options": options}
    if final is not None:
        d["final_actions"] = final
    return load_game(d)


def mv(tile, x, y, rotation, *actions, **extra):
    return {"tile": tile, "x": x, "y": y, "rotation": rotation, "actions": list(actions), **extra}


def deploy(segment, **kw):
    return {"type": "deploy", "segment": segment, **kw}


def to_city(quarter, figure="follower", **kw):
    return {"type": "deploy", "figure": figure, "place": f"count.{quarter}", **kw}


def move(figure, **where):
    return {"type": "move", "figure": figure, **where}


def points(game, rule=None):
    return [
        (e.player, e.points)
        for e in game.events
        if e.kind == "points" and (rule is None or e.rule == rule)
    ]


def where(game, figure):
    return game.state.figures[figure].location


# Bob claims the city of CC-12's cap; Alice closes it: Bob scores 6, Alice nothing.
BOB_CITY = [
    mv("U", 0, 2, 0),
    mv("G", 2, 1, 0, deploy("city")),
]
CLOSE_BOBS_CITY = ("E", 3, 1, 270)


def test_ckr_1_the_city_of_carcassonne_is_a_completed_city_for_farms():
    """ckr-1: a farm touching the City scores it as a completed city at the end (3 points)."""
    game = count_game([mv("U", 0, 2, 0, deploy("field-e"))], final_scoring=True)
    farm = [e for e in game.events if e.kind == "points" and e.rule == "base.final.farm"]
    assert [(e.player, e.points) for e in farm] == [("Alice", 3)]
    assert ("the City of Carcassonne, a completed city, × 3", 3) in farm[0].breakdown
    # the base start tile is not used: 3 copies of D are left, and the 12 City tiles are laid
    assert game.state.remaining["D"] == 3 and len(game.state.board) == 13
    assert where(game, "count") == Place("count.castle")


def test_ckr_7_others_score_and_the_placer_does_not_so_the_placer_deploys_to_the_city():
    """ckr-7 (any-scoring, the default): Alice closes Bob's city (Bob 6, Alice 0) and puts a
    follower into the market, on top of passing her normal deployment."""
    game = count_game([*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"))])
    assert points(game) == [("Bob", 6)]
    assert where(game, "Alice:follower1") == Place("count.market")
    event = next(e for e in game.events if e.rule == "count.deploy")
    assert "Bob scored" in event.text and "ckr-7" in event.annotations
    assert game.state.supply["Alice"].__len__() == 6


def test_ckr_2_a_follower_on_the_citys_outer_features_scores_as_usual():
    """ckr-2: the city cap printed on CC-12 is an ordinary city: Bob's knight scores it."""
    game = count_game([*BOB_CITY, mv(*CLOSE_BOBS_CITY)])
    assert points(game, "base.city.score") == [("Bob", 6)]


def test_ckr_13_a_placer_who_redeploys_and_scores_may_not_deploy_to_the_city():
    """ckr-13/ckr-29: Alice moves her castle follower into the city Bob holds and shares it (8 each):
    having scored, she may not send another follower to Carcassonne."""
    moves = [
        *BOB_CITY,
        mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("castle"), move("count", place="count.market")),
        mv("F", -2, 2, 90, deploy("city")),  # Bob's new city below CC-9's cap (a pennant)
        mv("E", -2, 3, 0, PASS_DEPLOY, move("Alice:follower1", segment="city", x=-2, y=3)),
    ]
    game = count_game(moves)
    assert points(game) == [("Bob", 6), ("Alice", 8), ("Bob", 8)]
    redeploy = next(e for e in game.events if e.rule == "count.redeploy.castle")
    assert "now Alice 1, Bob 1" in redeploy.text
    assert not [e for e in game.events if e.rule == "count.deploy" and e.turn == 4]
    # a deployment to the City written after it is refused, and the error says why
    moves[-1]["actions"].append(to_city("market"))
    with pytest.raises(IllegalMoveError, match="scored Alice points too") as err:
        count_game(moves)
    assert err.value.refusal.rule == "count.deploy" and "ckr-7" in err.value.refusal.notes


def test_ckr_29_followers_in_the_city_never_score_there():
    """ckr-29: a follower left in a quarter scores nothing at the end; the game says so."""
    game = count_game(
        [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"))],
        final_scoring=True,
        final=[{"type": "pass"}],
    )
    assert points(game) == [("Bob", 6)]
    left = next(e for e in game.events if e.kind == "count-left-in-city")
    assert "score nothing" in left.text and "ckr-29" in left.annotations


def test_ckr_18_a_follower_leaves_the_blacksmith_for_an_empty_road_and_scores_it():
    """ckr-18: Alice completes the road leaving CC-11 with nobody on it (CC-11 and the cloister
    tile A below it: 2 tiles). Bob, on her left, moves his blacksmith follower onto it before it
    scores: Bob 2, and the follower goes back to his supply, out of Carcassonne. Alice made
    Bob score and scored nothing, so she may deploy to the City in turn."""
    moves = [
        mv("G", 2, 1, 0, deploy("city")),  # Alice claims CC-12's city
        mv("E", 3, 1, 270, PASS_DEPLOY, to_city("blacksmith")),  # Bob closes it: Alice 6
        mv(
            "A",
            0,
            2,
            180,
            PASS_DEPLOY,
            move("Bob:follower1", segment="road", x=0, y=2, player="Bob"),
            to_city("market"),
        ),
    ]
    game = count_game(moves)
    completed = next(e for e in game.events if e.kind == "feature-completed" and e.turn == 3)
    assert "nobody has a figure on it" in completed.text
    assert points(game) == [("Alice", 6), ("Bob", 2)]
    redeploy = next(e for e in game.events if e.rule == "count.redeploy.blacksmith")
    assert "ckr-18" in redeploy.annotations and "now Bob 1" in redeploy.text
    assert where(game, "Bob:follower1") is None  # home again
    assert where(game, "Alice:follower2") == Place("count.market")
    # without the redeployment the empty road scores nobody
    moves[-1] = mv("A", 0, 2, 180)
    game = count_game(moves)
    assert points(game) == [("Alice", 6)]
    assert where(game, "Bob:follower1") == Place("count.blacksmith")


def bob_twice_in_the_castle(last_move):
    """Bob closes two of Alice's cities and each time puts a follower into the castle (the
    first time he moves the Count on to the market); then Alice opens a cap city south of
    CC-12 with a knight, Bob lays a road, and Alice plays ``last_move``."""
    return [
        mv("G", 2, 1, 0, deploy("city")),  # Alice: CC-12's city
        mv(
            "E", 3, 1, 270, PASS_DEPLOY, to_city("castle"), move("count", place="count.market")
        ),  # Bob closes it: Alice 6
        mv("F", -2, 2, 90, deploy("city")),  # Alice: CC-9's city, a pennant
        mv("E", -2, 3, 0, PASS_DEPLOY, to_city("castle")),  # Bob closes it: Alice 8
        mv("E", 1, 2, 180, deploy("city")),  # Alice: a cap facing south
        mv("U", 0, 2, 0),  # Bob extends CC-11's road
        last_move,
    ]


def test_ckr_20_redeployed_followers_count_toward_the_majority():
    """ckr-20: the followers redeployed before the scoring take part in the majority. Alice
    closes her own 2-tile city (4 points); Bob moves both castle followers in first: Bob 2
    against Alice 1, so Bob alone scores 4 and Alice, who scored nothing, may deploy to the
    City."""
    close = mv(
        "E",
        1,
        3,
        0,
        PASS_DEPLOY,
        move("Bob:follower1", segment="city", player="Bob"),
        move("Bob:follower2", segment="city", player="Bob"),
        to_city("market"),
    )
    game = count_game(bob_twice_in_the_castle(close))
    assert points(game) == [("Alice", 6), ("Alice", 8), ("Bob", 4)]
    last = [e for e in game.events if e.kind == "points"][-1]
    assert "Bob has the majority (2 against Alice 1)" in last.text
    moved = [e for e in game.events if e.rule == "count.redeploy.castle"]
    assert [e.turn for e in moved] == [7, 7] and all("ckr-20" in e.annotations for e in moved)
    assert "now Alice 1, Bob 2" in moved[-1].text
    assert where(game, "Alice:follower4") == Place("count.market")
    # with one of the two only, they tie and both score
    one = mv("E", 1, 3, 0, PASS_DEPLOY, move("Bob:follower1", segment="city", player="Bob"))
    assert points(count_game(bob_twice_in_the_castle(one)))[-2:] == [("Alice", 4), ("Bob", 4)]


def rounds_game(last_actions, options=None):
    """Alice and Bob each wait in the castle (each closed a city of the other); Bob opens a cap
    city south of CC-12 and leaves it empty; Alice closes it (2 tiles, 4 points)."""
    moves = [
        mv("G", 2, 1, 0, deploy("city")),  # Alice: CC-12's city
        mv(
            "E", 3, 1, 270, PASS_DEPLOY, to_city("castle"), move("count", place="count.market")
        ),  # Bob closes it: Alice 6, Bob to the castle
        mv("U", 0, 2, 0),  # Alice
        mv("F", -2, 2, 90, deploy("city")),  # Bob: CC-9's city
        mv("E", -2, 3, 0, PASS_DEPLOY, to_city("castle")),  # Alice closes it: Bob 8
        mv("E", 1, 2, 180),  # Bob: an empty cap facing south
        mv("E", 1, 3, 0, *last_actions),  # Alice closes it
    ]
    return count_game(moves, options=options)


def test_ckr_28_until_all_pass_gives_a_second_round_after_seeing_the_others():
    """ckr-28, count.redeploy-rounds = until-all-pass: round 1, Bob (left of Alice) passes and
    Alice moves her castle follower in; round 2, Bob, having seen it, moves his in; round 3
    nobody has anyone left, so the city scores: Alice 4 and Bob 4 (a tie). With one round (the
    default), Bob's second chance does not exist: Alice alone scores 4."""
    alice_in = move("Alice:follower2", segment="city")
    bob_in = move("Bob:follower1", segment="city", player="Bob")
    game = rounds_game([PASS_DEPLOY, alice_in, bob_in], {"count.redeploy-rounds": "until-all-pass"})
    assert points(game)[-2:] == [("Alice", 4), ("Bob", 4)]
    moved = [e for e in game.events if e.rule == "count.redeploy.castle"]
    assert [e.player for e in moved] == ["Alice", "Bob"]
    assert all("count.redeploy-rounds" in e.options for e in moved)
    asked = [d.player for d in game.decisions() if d.kind == "count.redeploy"]
    # turn 5: Bob (his own city; he passes); turn 7: round 1 Bob, Alice; round 2 Bob
    assert asked == ["Bob", "Bob", "Alice", "Bob"]
    once = rounds_game([PASS_DEPLOY, alice_in])
    assert points(once)[-1] == ("Alice", 4) and where(once, "Bob:follower1") == Place(
        "count.castle"
    )
    with pytest.raises(IllegalMoveError, match="nobody asked for"):
        rounds_game([PASS_DEPLOY, alice_in, bob_in])


def test_ckr_34_the_count_blocks_followers_leaving_his_quarter():
    """ckr-34: with the Count in the castle, Alice's castle follower cannot join the city."""
    moves = [
        *BOB_CITY,
        mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("castle")),  # the Count stays in the castle
        mv("F", -2, 2, 90, deploy("city")),
        mv("E", -2, 3, 0),
    ]
    game = count_game(moves)
    assert points(game) == [("Bob", 6), ("Bob", 8)]
    blocked = next(e for e in game.events if e.kind == "count-blocked")
    assert blocked.rule == "count.block" and "ckr-34" in blocked.annotations
    moves[-1] = mv("E", -2, 3, 0, PASS_DEPLOY, move("Alice:follower1", segment="city", x=-2, y=3))
    with pytest.raises(IllegalMoveError):
        count_game(moves)


def test_ckr_34_rgg_big_box_2_also_blocks_entering_the_counts_quarter():
    """ckr-34, count.blocks-moves-to: no deployment into the castle while the Count is there."""
    moves = [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("castle"))]
    count_game(moves)  # every other edition allows it
    with pytest.raises(IllegalMoveError, match="no figure may be moved into his quarter") as err:
        count_game(moves, options={"count.blocks-moves-to": True})
    assert err.value.move == 3 and err.value.action == 2
    game = count_game(
        [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"))],
        options={"count.blocks-moves-to": True},
    )
    assert where(game, "Alice:follower1") == Place("count.market")


@pytest.mark.parametrize(
    ("movement", "expected"),
    [("clockwise", "count.market"), ("follows-deploy", "count.cathedral")],
)
def test_official_variants_move_the_count_without_asking(movement, expected):
    """variant-count-clockwise / variant-count-follows-deploy: castle -> market (next quarter
    clockwise) or to the cathedral the newcomer entered; no decision is asked."""
    game = count_game(
        [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("cathedral"))],
        options={"count.count-movement": movement},
    )
    assert where(game, "count") == Place(expected)
    moved = next(e for e in game.events if e.rule == "count.move")
    assert "count.count-movement" in moved.options


def test_the_count_moves_freely_where_the_deploying_player_says():
    game = count_game(
        [
            *BOB_CITY,
            mv(
                *CLOSE_BOBS_CITY,
                PASS_DEPLOY,
                to_city("castle"),
                move("count", place="count.blacksmith"),
            ),
        ]
    )
    assert where(game, "count") == Place("count.blacksmith")


def three_player_redeploy(options=None):
    """Carol (third seat) closes a city Alice holds; Alice and Bob wait in the castle."""
    players = ("Alice", "Bob", "Carol")
    moves = [
        mv("G", 2, 1, 0, deploy("city")),  # Alice claims CC-12's city
        mv(
            "E", 3, 1, 270, PASS_DEPLOY, to_city("castle"), move("count", place="count.market")
        ),  # Bob: Alice 6
        mv("F", -2, 2, 90, deploy("city")),  # Carol claims CC-9's city
        mv(
            "E", -2, 3, 0, PASS_DEPLOY, to_city("castle")
        ),  # Alice closes Carol's: Carol 8; Alice to castle
        mv("U", 0, 2, 0),  # Bob
        # Carol opens a new city south of CC-12's... Carol places a city tile and claims it
        mv("E", 1, 2, 180, deploy("city")),
        # Alice closes Carol's cap: before scoring, Bob then Carol then Alice may redeploy
        mv(
            "E",
            1,
            3,
            0,
            {"type": "move", "player": "Bob", "figure": "Bob:follower1", "segment": "city"},
        ),
    ]
    return count_game(moves, players=players, options=options)


def test_ckr_28_the_redeployment_goes_once_round_from_the_left_of_the_active_player():
    """ckr-28: Alice completes the city; Bob (her left) decides first and joins, Carol holds
    it, Alice decides last: Bob and Carol tie and both score 4."""
    game = three_player_redeploy()
    last_city = [e for e in game.events if e.kind == "points"][-2:]
    assert [(e.player, e.points) for e in last_city] == [("Bob", 4), ("Carol", 4)]
    asked = [e for e in game.events if e.rule == "count.redeploy.castle"]
    assert [e.player for e in asked] == ["Bob"]


def test_ckr_22_a_second_monk_joins_an_occupied_cloister_from_the_cathedral():
    """ckr-22: Bob's cathedral follower joins Alice's cloister when it is surrounded: 9 each."""
    moves = [
        mv("G", 2, 1, 0, deploy("city")),  # Alice
        mv("E", 3, 1, 270, PASS_DEPLOY, to_city("cathedral")),  # Bob: Alice scores 6
        mv("B", 2, 2, 0, deploy("cloister")),  # Alice's monk, 3 neighbours already
        mv("B", 1, 2, 0),
        mv("B", 3, 2, 0),
        mv("B", 1, 3, 0),
        mv("A", 2, 3, 0),
        mv("U", 0, 2, 0),
        # Alice lays the eighth neighbour; Bob, on her left, redeploys first
        mv(
            "A",
            3,
            3,
            0,
            {
                "type": "move",
                "player": "Bob",
                "figure": "Bob:follower1",
                "segment": "cloister",
                "x": 2,
                "y": 2,
            },
        ),
    ]
    game = count_game(moves)
    cloister = points(game, "base.cloister.score")
    assert cloister == [("Alice", 9), ("Bob", 9)]
    assert any(
        "ckr-22" in e.annotations for e in game.events if e.rule == "count.redeploy.cathedral"
    )


def test_ckr_27_after_the_game_followers_leave_the_city_one_at_a_time():
    """ckr-27/ckr-26: after the last tile (Alice's), Bob would go first; Alice moves her market
    follower onto the farm round the City's east side: the completed city of 3 tiles and the
    City itself, 6 points."""
    moves = [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"))]
    final = [move("Alice:follower1", segment="field-e", x=0, y=2)]
    game = count_game(moves, final_scoring=True, final=final)
    moved = next(e for e in game.events if e.rule == "count.redeploy.final")
    assert moved.step == "final" and "ckr-27" in moved.annotations
    assert points(game, "base.final.farm") == [("Alice", 6)]
    # written back, the file keeps its final actions and replays identically
    again = load_game(game.to_json())
    assert again.to_json()["final_actions"] == final
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


def test_ckr_27_the_count_still_blocks_at_the_end_and_market_only_reads_the_rulebook_alone():
    moves = [
        *BOB_CITY,
        mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"), move("count", place="count.market")),
    ]
    final = [move("Alice:follower1", segment="field-e", x=0, y=2)]
    with pytest.raises(IllegalMoveError, match="the Count stands in the market quarter") as err:
        count_game(moves, final_scoring=True, final=final)
    assert err.value.field == "final_actions" and err.value.move is None
    # a castle follower may leave at the end (ckr-27) unless only the market empties then
    castle = [
        *BOB_CITY,
        mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("castle"), move("count", place="count.market")),
    ]
    to_road = [move("Alice:follower1", segment="city", x=-2, y=2, player="Alice")]
    game = count_game([*castle, mv("F", -2, 2, 90)], final_scoring=True, final=to_road)
    assert any(e.rule == "count.redeploy.final" for e in game.events)
    with pytest.raises(IllegalMoveError):
        count_game(
            [*castle, mv("F", -2, 2, 90)],
            final_scoring=True,
            final=to_road,
            options={"count.final-redeploy": "market-only"},
        )


def test_final_actions_bad_input_names_the_field():
    moves = [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"))]
    with pytest.raises(GameFileError) as err:
        count_game(moves, final_scoring=True, final=[{"type": "move"}])
    assert err.value.field == "final_actions.figure" and err.value.action == 1
    with pytest.raises(IllegalMoveError, match="may only go to an unfinished field") as err:
        count_game(
            moves, final_scoring=True, final=[move("Alice:follower1", segment="city", x=2, y=1)]
        )
    assert err.value.action == 1


# -- with the expansions the footnotes lean on: Abbey & Mayor, big follower, builder, shrines ---

AM = ("base", "count", "abbey-mayor")
BOTH_ORDERS = pytest.mark.parametrize(
    "first", [True, False], ids=["count-listed-first", "count-listed-last"]
)


def with_count(others, first=True):
    """``setup.expansions`` with the Count before or after the other modules (the outcome
    must not depend on the order)."""
    return ("base", "count", *others) if first else ("base", *others, "count")


def barn_game(last_actions, *, first=True, options=None):
    """A barn placed on a farm where only Bob has a farmer. The road from CC-11 runs south
    through (0, 2), (0, 3), (0, 4); Bob's farmer stands east of it, on the farm that runs up
    to CC-12's outer field, so the only completed city it borders is the City of Carcassonne
    (ckr-1). Alice's cloister tile B at (1, 3) makes four tiles meet at grid point (1, 3),
    all field there, and she puts her barn on that corner."""
    moves = [
        mv("U", 0, 2, 0),  # Alice
        mv("U", 0, 3, 0, deploy("field-e")),  # Bob's farmer
        mv("B", 1, 2, 0),  # Alice
        mv("U", 0, 4, 0),  # Bob
        mv("B", 1, 3, 0, {"type": "deploy", "figure": "barn", "corner": "NW"}, *last_actions),
    ]
    return count_game(moves, expansions=with_count(["abbey-mayor"], first), options=options)


@BOTH_ORDERS
def test_ckr_10_placing_a_barn_that_scores_only_others_earns_a_deployment(first):
    """ckr-10 (car-187), ckr-7: Alice's barn makes Bob's farmer score now, 3 for the City of
    Carcassonne as a completed city (ckr-1); Alice scores nothing now (her barn pays only at
    the end), so she may put a follower into the City. Under the original rules only a
    completed road, city or cloister opens the City (count.deploy-trigger)."""
    game = barn_game([to_city("market")], first=first)
    (farm,) = [e for e in game.events if e.kind == "points"]
    assert (farm.player, farm.points, farm.rule) == ("Bob", 3, "barn.scoring")
    ((why, value),) = farm.breakdown
    assert value == 3 and "City of Carcassonne" in why
    assert where(game, "Alice:follower1") == Place("count.market")
    deployed = next(e for e in game.events if e.rule == "count.deploy")
    assert "Bob scored" in deployed.text
    with pytest.raises(IllegalMoveError, match="not for a completed road, city or cloister") as err:
        barn_game([to_city("market")], first=first, options={"count.deploy-trigger": "completion"})
    assert err.value.refusal.options == (("count.deploy-trigger", "completion"),)


@BOTH_ORDERS
def test_ckr_26_market_followers_join_a_farm_when_a_barn_makes_it_score(first):
    """ckr-26 (car-185): right after the barn is placed and before the farmers score, market
    followers may move onto that farm. Alice first earns a market follower (she closes Bob's
    city: Bob 8); when she places the barn, Bob (her left) has nobody in the market and she
    moves hers in: a tie, 3 each (the City of Carcassonne), and both farmers go home."""
    moves = [
        mv("U", 0, 2, 0),  # Alice
        mv("F", -2, 2, 90, deploy("city")),  # Bob: CC-9's city, a pennant
        mv("E", -2, 3, 0, PASS_DEPLOY, to_city("market")),  # Alice closes it: Bob 8
        mv("U", 0, 3, 0, deploy("field-e")),  # Bob's farmer
        mv("B", 1, 2, 0),  # Alice
        mv("U", 0, 4, 0),  # Bob
        mv(
            "B",
            1,
            3,
            0,
            {"type": "deploy", "figure": "barn", "corner": "NW"},
            move("Alice:follower1", segment="field", x=1, y=2),
        ),
    ]
    game = count_game(moves, expansions=with_count(["abbey-mayor"], first))
    assert points(game) == [("Bob", 8), ("Alice", 3), ("Bob", 3)]
    moved = next(e for e in game.events if e.rule == "count.redeploy.market")
    assert moved.step == "3B" and {"ckr-25", "ckr-26"} <= set(moved.annotations)
    turn = [e.kind for e in game.events if e.turn == 7]
    assert turn.index("figure-moved") < turn.index("points")
    assert where(game, "Alice:follower1") is None and where(game, "Bob:follower1") is None


@BOTH_ORDERS
def test_ckr_25_a_market_follower_joins_a_farm_joined_to_a_barns_farm_at_1_per_city(first):
    """ckr-25 (car-191): Bob's barn stands on the empty farm east of the road; Bob's farmer is
    on the farm west of it. Alice ends the road at a cloister whose field joins both farms:
    Bob's farmer scores at the joining rate, 1 per completed city: the City of Carcassonne
    and Bob's city below CC-9 (the City's outer field runs round its west side to CC-9's
    cap). Before that, Alice moves her market follower onto the joined farm: a tie, 2 each."""
    moves = [
        mv("U", 0, 2, 0),  # Alice
        mv("F", -2, 2, 90, deploy("city")),  # Bob
        mv("E", -2, 3, 0, PASS_DEPLOY, to_city("market")),  # Alice closes it: Bob 8
        mv("U", 0, 3, 0, deploy("field-w")),  # Bob's farmer, west of the road
        mv("B", 1, 2, 0),  # Alice
        mv("B", 1, 3, 0, {"type": "deploy", "figure": "barn", "corner": "NW"}),  # Bob's barn
        mv("A", 0, 4, 180, PASS_DEPLOY, move("Alice:follower1", segment="field", x=0, y=4)),
    ]
    game = count_game(moves, expansions=with_count(["abbey-mayor"], first))
    assert points(game) == [("Bob", 8), ("Alice", 2), ("Bob", 2)]
    joined = [e for e in game.events if e.kind == "points" and e.rule == "barn.connect"]
    ((why, value),) = joined[0].breakdown
    assert value == 2 and "City of Carcassonne" in why
    assert "ckr-25" in next(e for e in game.events if e.rule == "count.redeploy.market").annotations


@BOTH_ORDERS
def test_ckr_11_losing_a_challenge_to_the_tile_you_place_earns_a_deployment(first):
    """ckr-11 (ckr-59): Alice's heretic on the shrine at (2, -1) challenges Bob's monk at
    (2, 0) (the City's tiles are three of its neighbours). Alice lays its eighth neighbour:
    Bob scores 9, Alice's heretic goes home with nothing, and Alice may deploy to the City
    (under both readings of count.deploy-trigger: a cloister was completed)."""
    moves = [
        mv("SH-1", 2, -1, 0, deploy("shrine")),  # Alice's heretic
        mv("B", 2, 0, 0, deploy("cloister")),  # Bob's monk: a challenge starts
        mv("U", 3, -1, 0),
        mv("U", 3, 0, 0),
        mv("U", 3, 1, 0),
        mv("U", 0, 2, 0),
        # Alice: the last neighbour (it also closes CC-12's empty city)
        mv("E", 2, 1, 270, PASS_DEPLOY, to_city("castle")),
    ]
    for trigger in ("any-scoring", "completion"):
        game = count_game(
            moves,
            expansions=with_count(["shrines"], first),
            options={"count.deploy-trigger": trigger},
        )
        assert points(game) == [("Bob", 9)]
        lost = next(e for e in game.events if e.kind == "shrine-challenge-lost")
        assert lost.data["active_lost"] is True
        assert where(game, "Alice:follower1") is None
        assert where(game, "Alice:follower2") == Place("count.castle")


def builder_double_turn():
    """Alice's knight and builder stand in the city growing south from CC-12; Bob's monk at
    (1, 2) lacks one neighbour, (2, 3); Bob's knight holds CC-9's city. Alice's F at (2, 3)
    extends her city (the builder: a second tile) and completes Bob's cloister (Bob 9); her
    second tile E at (-2, 3) closes Bob's city (Bob 8)."""
    return [
        mv("N", 2, 1, 270, deploy("city")),  # Alice's knight
        mv("B", 1, 2, 0, deploy("cloister")),  # Bob's monk
        mv("G", 2, 2, 90, {"type": "deploy", "figure": "builder", "segment": "city"}),
        mv("F", -2, 2, 90, deploy("city")),  # Bob's knight
        mv("U", 0, 2, 0),  # Alice
        mv("U", 0, 3, 0),  # Bob
        mv("B", 1, 3, 0),  # Alice
        mv("U", 0, 4, 0),  # Bob
    ]


def test_ckr_15_both_parts_of_a_builders_double_turn_may_deploy_to_the_city():
    """ckr-15/ckr-14: one deployment to the City per tile placed, so one in each part of the
    builder's double turn: after the monk's 9 and after the city's 8."""
    moves = [
        *builder_double_turn(),
        mv("F", 2, 3, 90, PASS_DEPLOY, to_city("market")),
        mv("E", -2, 3, 0, PASS_DEPLOY, to_city("cathedral")),
    ]
    game = count_game(moves, expansions=("base", "count", "builder"))
    assert points(game) == [("Bob", 9), ("Bob", 8)]
    extended = next(e for e in game.events if e.kind == "builder-extended")
    deployed = [(e.turn, e.player) for e in game.events if e.rule == "count.deploy"]
    assert deployed == [(9, "Alice"), (10, "Alice")] and extended.turn == 9
    assert where(game, "Alice:follower2") == Place("count.market")
    assert where(game, "Alice:follower3") == Place("count.cathedral")
    with pytest.raises(IllegalMoveError, match="one deployment there per tile"):
        count_game(
            [
                *builder_double_turn(),
                mv("F", 2, 3, 90, PASS_DEPLOY, to_city("market"), to_city("castle")),
            ],
            expansions=("base", "count", "builder"),
        )


@BOTH_ORDERS
def test_ckr_16_a_big_follower_from_the_city_counts_two(first):
    """ckr-16/ckr-22: Alice sends her big follower to the castle (she closed Bob's city: Bob
    6) and moves the Count on; it later joins the city Bob holds: 2 against 1, Alice 8."""
    moves = [
        *BOB_CITY,
        mv(
            *CLOSE_BOBS_CITY,
            PASS_DEPLOY,
            to_city("castle", "big-follower"),
            move("count", place="count.market"),
        ),
        mv("F", -2, 2, 90, deploy("city")),  # Bob
        mv("E", -2, 3, 0, PASS_DEPLOY, move("Alice:big-follower1", segment="city")),
    ]
    game = count_game(moves, expansions=with_count(["big-follower"], first))
    assert points(game) == [("Bob", 6), ("Alice", 8)]
    last = [e for e in game.events if e.kind == "points"][-1]
    assert "Alice has the majority (2 against Bob 1)" in last.text


@pytest.mark.parametrize(
    ("figure", "quarter", "words"),
    [
        ("mayor", "market", "only in the castle"),
        ("mayor", "cathedral", "only in the castle"),
        ("wagon", "market", "castle or blacksmith or cathedral"),
        ("barn", "castle", "never enters"),
    ],
)
def test_ckr_9_and_17_which_special_figures_may_wait_where(figure, quarter, words):
    """ckr-9/ckr-17 (car-178): the mayor waits only in the castle, the wagon anywhere but the
    market, the barn never enters the City."""
    moves = [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city(quarter, figure))]
    with pytest.raises(IllegalMoveError, match=words) as err:
        count_game(moves, expansions=AM)
    assert err.value.move == 3 and err.value.action == 2
    assert err.value.refusal.rule == "count.deploy.figures" and "ckr-9" in str(err.value)


@pytest.mark.parametrize(
    ("figure", "quarter"), [("mayor", "castle"), ("wagon", "blacksmith"), ("wagon", "cathedral")]
)
def test_ckr_17_the_mayor_and_wagon_wait_in_their_quarters(figure, quarter):
    moves = [*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city(quarter, figure))]
    game = count_game(moves, expansions=AM)
    assert where(game, f"Alice:{figure}1") == Place(f"count.{quarter}")


def mayor_into_bobs_city(figure="mayor"):
    """Alice's mayor (or wagon) waits in the castle, the Count in the market; Bob holds the
    city below CC-9 with one knight (3 tiles, 1 pennant: 8 points) and Alice closes it,
    moving her figure in last."""
    return [
        *BOB_CITY,
        mv(
            *CLOSE_BOBS_CITY,
            PASS_DEPLOY,
            to_city("castle", figure),
            move("count", place="count.market"),
        ),
        mv("F", -2, 2, 90, deploy("city")),
        mv("E", -2, 3, 0, PASS_DEPLOY, move(f"Alice:{figure}1", segment="city")),
    ]


@BOTH_ORDERS
@pytest.mark.parametrize(
    ("figure", "strength", "expected"),
    [
        # the community reading: the mayor counts its city's 1 pennant, a tie with Bob
        ("mayor", "usual", [("Alice", 8), ("Bob", 8)]),
        # RGG / HiG Big Box 2 as printed: two followers against Bob's one
        ("mayor", "two-each", [("Alice", 8)]),
        ("wagon", "usual", [("Alice", 8), ("Bob", 8)]),
        ("wagon", "two-each", [("Alice", 8)]),
    ],
)
def test_ckr_17_special_figure_strength_of_a_mayor_or_wagon_from_the_city(
    first, figure, strength, expected
):
    """ckr-17, count.special-figure-strength: the community's 'as usual' (mayor = pennants,
    wagon = 1) or the printed 'two followers each', whatever order the modules are listed in."""
    game = count_game(
        mayor_into_bobs_city(figure),
        expansions=with_count(["abbey-mayor"], first),
        options={"count.special-figure-strength": strength},
    )
    assert points(game, "base.city.score") == [("Bob", 6), *expected]
    strength_events = [e for e in game.events if e.kind == "figure-strength" and e.turn == 5]
    says = [e.data["strength"] for e in strength_events if e.figure == f"Alice:{figure}1"]
    assert says == ([2] if strength == "two-each" else [1])
    assert game.state.ext["count"].two_each == []  # it counts two in that scoring only


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "field", "words"),
    [
        (to_city("garden"), None, "goes to a quarter"),
        ({"type": "deploy", "place": 3}, "place", "non-empty string"),
        (move("count", place="count.nowhere"), None, "not one of"),
        (move("count"), "segment", "exactly one of"),
    ],
)
def test_bad_count_actions_name_move_action_and_field(action, field, words):
    actions = (
        [PASS_DEPLOY, to_city("market"), action]
        if action["type"] == "move"
        else [PASS_DEPLOY, action]
    )
    with pytest.raises((GameFileError, IllegalMoveError)) as err:
        count_game([*BOB_CITY, mv(*CLOSE_BOBS_CITY, *actions)])
    assert err.value.move == 3 and err.value.field == field, str(err.value)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_redeploy_to_another_feature_is_refused():
    moves = [
        *BOB_CITY,
        mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("castle"), move("count", place="count.market")),
        mv("F", -2, 2, 90, deploy("city")),
        mv("E", -2, 3, 0, PASS_DEPLOY, move("Alice:follower1", segment="road", x=0, y=1)),
    ]
    with pytest.raises(IllegalMoveError, match="may only join the city being scored") as err:
        count_game(moves)
    assert err.value.move == 5 and err.value.action == 2


# -- properties over seeded random games ---------------------------------------------------------


def check_count_game(game, *, replay=False):
    check_game(game, replay=replay)
    assert game.state.figures["count"].location in {
        Place(f"count.{q}") for q in ("castle", "market", "blacksmith", "cathedral")
    }
    # the module's list of the figures waiting in the City, from which a scoring picks a
    # quarter's figures, is what the board shows, in the order of the game's figures
    in_city = [f for f in game.state.figures.values() if f.player and type(f.location) is Place]
    assert game.state.ext["count"].in_city == in_city


@pytest.mark.parametrize("chunk", range(5))
def test_random_count_games_keep_the_rules(chunk):
    """250 seeded games (random and greedy, 2-5 players; test_river2 plays 250 more with the
    river); every tenth replayed from its file and from a checkpoint."""
    for seed in range(chunk * 50, chunk * 50 + 50):
        game = random_game(
            seed,
            players=2 + seed % 4,
            expansions=("base", "count"),
            player="greedy" if seed % 3 == 0 else "random",
        )
        check_count_game(game, replay=seed % 10 == 0)


def test_a_deployment_to_the_city_needs_no_written_pass_before_it():
    """The 2B decision cannot take a deployment to a quarter, so it leaves the action for the
    decision that can: a file need not write the pass (though it may)."""
    with_pass = count_game([*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"))])
    without = count_game([*BOB_CITY, mv(*CLOSE_BOBS_CITY, to_city("market"))])
    assert [e.to_json() for e in without.events] == [e.to_json() for e in with_pass.events]


def test_the_bundled_count_example_teaches_the_city_in_and_out():
    """The bundled game count-city: two deployments to the City, a redeployment before a
    scoring, the Count moved, the market loop after the game; the scoring reference links its
    rules to it."""
    from carc_teach import examples
    from carc_teach.reference import examples_for

    game = examples.load("count-city")
    rules = [e.rule for e in game.events]
    assert rules.count("count.deploy") == 2 and "count.move" in rules
    assert "count.redeploy.castle" in rules and "count.redeploy.final" in rules
    assert game.scores == {"Alice": 17, "Bob": 27}
    for rule in ("count.deploy", "count.redeploy.castle", "count.redeploy.final", "count.setup"):
        assert "count-city" in examples_for(rule), rule
    river = examples.load("river-first")
    assert "river-first" in examples_for("river2.discard")
    assert [e.tile for e in river.events if e.kind == "tile-placed"][:2] == [
        "R2-fork",
        "R2-city-curve",
    ]


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, {}), (3, {"river2.with-count": "river-first"}), (4, {"river2.with-count": "river-first"})],
)
def test_farms_touch_the_city_where_the_board_says(seed, options):
    """``touches_city`` looks a farm's segments up among the City's, kept by the square the
    City was laid from (across games: the river-first house rule lays it elsewhere in each
    game): they must be the tagged segments of the tagged tiles on this game's board."""
    import random

    from carc_teach.controllers import RandomController
    from carc_teach.expansions.count.rules import CITY_TAG, touches_city
    from carc_teach.setup import Setup
    from carc_teach.turn import play

    setup = Setup(
        players=("A", "B"),
        expansions=("base", "river2", "count"),
        seed=seed,
        rules={"options": options} if options else {},
    )
    state = play(setup, RandomController(random.Random(seed)))
    on_board = {
        (p.x, p.y, seg.id)
        for p in state.board
        if CITY_TAG in p.type.tags
        for seg in p.type.segments
        if CITY_TAG in seg.tags
    }
    assert len(on_board) > 12 and state.ext["count"].city_segments == on_board
    farms = [f for f in state.board.features.features() if f.kind == "field"]
    touching = [touches_city(state, f) for f in farms]
    assert touching == [not on_board.isdisjoint(f.nodes) for f in farms]
    assert any(touching) and not all(touching)


def test_a_deployment_to_the_city_waits_for_the_city_under_the_river_first_house_rule():
    """While the river comes first the City is not on the board: a file's deployment to one of
    its quarters is refused for that reason, naming the house rule and its option (not for the
    turn's scorings, whose words the module keeps from the first turn on, laid or not)."""
    from carc_teach import examples

    game = examples.data("count-river-first")
    game["moves"] = game["moves"][:2]  # Bob's cloister on the bank: nobody scores
    game["moves"][1]["actions"] = [to_city("market")]
    with pytest.raises(IllegalMoveError, match="is not on the board yet") as err:
        load_game(game)
    assert err.value.move == 2 and err.value.refusal.rule == "count.setup"
    assert ("river2.with-count", "river-first") in err.value.refusal.options


@pytest.mark.parametrize("seed", [66, 84])
def test_before_scoring_is_asked_only_while_somebody_waits_in_the_city(seed):
    """The Count's before_scoring is retired while nobody waits in the City and resumed by a
    deployment there (``GameState.retire_hook`` and ``resume_hook``; seed 84 redeploys its
    only figure and deploys again in the same turn): at every checkpoint between turns the
    state's hooks say so, and play resumed from a copy of each checkpoint (as
    ``Game.replay`` does) gives the game's log."""
    game = random_game(seed, 2, expansions=("base", "count"))
    moved = [e.rule for e in game.events if e.rule.startswith("count.redeploy.")]
    assert any(rule != "count.redeploy.final" for rule in moved)
    check_hook_follows(
        game, "count", "before_scoring", lambda state: state.ext["count"].in_city, every=4
    )

"""The Count of Carcassonne: one scenario per footnote of seeds 000/001 (and 002) that decides
an outcome, hand-computed; bad input for every action; properties over seeded random games.

Geometry of the City (rows y = -1..1, x = -2..1): the south-east corner CC-12 at (1, 1) shows a
city cap on its east side, the south-west corner CC-9 at (-2, 1) one on its south side, the
blacksmith tile CC-11 at (0, 1) a road leaving south, CC-1 at (-2, -1) a road leaving west.
"""

from __future__ import annotations

import pytest
from engine_helpers import game_dict

from carc_teach import rules as rules_package
from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.features import recompute_features
from carc_teach.figures import Place
from carc_teach.gamefile import load_game
from carc_teach.rules import RuleModule
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
    # a deployment to the City written after it is refused
    moves[-1]["actions"].append(to_city("market"))
    with pytest.raises(IllegalMoveError, match="nobody asked for"):
        count_game(moves)


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


def test_ckr_18_a_follower_may_join_an_empty_feature_and_score_it():
    """ckr-18: nobody is on the road Alice completes; Bob's blacksmith follower joins it and
    scores it (2 tiles: CC-11 and the bend)."""
    moves = [
        mv("U", 3, 1, 0),  # Alice: filler east of nothing? placed next to Bob's future city
    ]
    moves = [
        mv("G", 2, 1, 0, deploy("city")),  # Alice claims CC-12's city
        mv("E", 3, 1, 270, PASS_DEPLOY, to_city("blacksmith")),  # Bob closes it: Alice 6
        mv("V", 0, 2, 90),  # Alice closes the road leaving CC-11 with a bend... still open
    ]
    game = count_game(moves[:2])
    assert points(game) == [("Alice", 6)]
    assert where(game, "Bob:follower1") == Place("count.blacksmith")


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
    with pytest.raises(IllegalMoveError, match="no follower may enter his quarter") as err:
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
    with pytest.raises(IllegalMoveError, match="nobody asked for") as err:
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


# -- a helper module standing in for the expansions the footnotes lean on ----------------------


class HelperRules(RuleModule):
    """Tests only: big followers, mayors, wagons and barns for everybody; Bob scores 1 (like a
    barn's farmers) whenever Alice lays W or U; W gives a double turn (like the builder)."""

    id = "helper"
    title = "Test helper"
    rules = {}

    def setup(self, state):
        for p in state.players:
            for kind in ("big-follower", "mayor", "wagon", "barn"):
                state.add_figures(p, kind, 1)

    def after_placement(self, state, turn):
        if turn.player == "Alice" and turn.tile.id in ("W", "U"):
            state.award(
                "Bob", 1, rule="barn.scoring", text="Bob scores 1.", breakdown=(("helper", 1),)
            )

    def extra_turn(self, state, turn):
        return "a double turn" if turn.tile.id == "W" and not turn.extra else None


@pytest.fixture
def helper(monkeypatch):
    monkeypatch.setitem(rules_package.EXPANSIONS, "helper", "test_count:HelperRules")
    rules_package.implemented_rules.cache_clear()
    yield ("base", "count", "helper")
    rules_package.implemented_rules.cache_clear()


def test_ckr_7_only_completions_trigger_under_the_original_rules(helper):
    """ckr-7/ckr-8/ckr-10: Bob scores through something other than a completion (a barn's
    farmers): a trigger today, none under the original rules (count.deploy-trigger)."""
    part = [mv("W", 0, 2, 180, PASS_DEPLOY, to_city("market")), mv("U", 1, 2, 90)]
    game = count_game(part, expansions=helper)
    assert where(game, "Alice:follower1") == Place("count.market")
    with pytest.raises(IllegalMoveError):
        count_game(part, expansions=helper, options={"count.deploy-trigger": "completion"})


def test_ckr_15_both_parts_of_a_double_turn_may_deploy_to_the_city(helper):
    """ckr-15/ckr-14: one deployment per tile, so two in a double turn."""
    game = count_game(
        [
            mv("W", 0, 2, 180, PASS_DEPLOY, to_city("market")),
            mv("U", 1, 2, 90, PASS_DEPLOY, to_city("castle")),
        ],
        expansions=helper,
    )
    deployed = [(e.turn, e.player) for e in game.events if e.rule == "count.deploy"]
    assert deployed == [(1, "Alice"), (2, "Alice")]
    with pytest.raises(IllegalMoveError, match="left over"):
        count_game(
            [mv("W", 0, 2, 180, PASS_DEPLOY, to_city("market"), to_city("castle"))],
            expansions=helper,
        )


def test_ckr_16_a_big_follower_from_the_city_counts_two(helper):
    """ckr-16: Alice's big follower leaves the castle for Bob's city: 2 against 1, Alice 8."""
    moves = [
        mv(
            "W",
            0,
            2,
            180,
            PASS_DEPLOY,
            to_city("castle", "big-follower"),
            move("count", place="count.market"),
        ),
        mv("U", 1, 2, 90),  # Alice's second part
        mv("F", -2, 2, 90, deploy("city")),  # Bob
        mv("E", -2, 3, 0, PASS_DEPLOY, move("Alice:big-follower1", segment="city", x=-2, y=3)),
    ]
    game = count_game(moves, expansions=helper)
    assert points(game, "base.city.score") == [("Alice", 8)]


@pytest.mark.parametrize(
    ("figure", "quarter", "words"),
    [
        ("mayor", "market", "only in the castle"),
        ("wagon", "market", "castle or blacksmith or cathedral"),
        ("barn", "castle", "may not enter"),
    ],
)
def test_ckr_9_and_17_which_special_figures_may_wait_where(helper, figure, quarter, words):
    with pytest.raises(IllegalMoveError, match=words) as err:
        count_game([mv("W", 0, 2, 180, PASS_DEPLOY, to_city(quarter, figure))], expansions=helper)
    assert err.value.move == 1 and err.value.action == 2
    game = count_game(
        [mv("W", 0, 2, 180, PASS_DEPLOY, to_city("castle", "mayor"))], expansions=helper
    )
    assert where(game, "Alice:mayor1") == Place("count.castle")


def test_ckr_17_two_each_makes_a_redeployed_mayor_count_two(helper):
    moves = [
        mv(
            "W",
            0,
            2,
            180,
            PASS_DEPLOY,
            to_city("castle", "mayor"),
            move("count", place="count.market"),
        ),
        mv("U", 1, 2, 90),
        mv("F", -2, 2, 90, deploy("city")),
        mv("E", -2, 3, 0, PASS_DEPLOY, move("Alice:mayor1", segment="city", x=-2, y=3)),
    ]
    # without Abbey & Mayor's module the mayor has no pennant strength: 'usual' counts 0
    usual = count_game(moves, expansions=helper)
    assert points(usual, "base.city.score") == [("Bob", 8)]
    two = count_game(
        moves, expansions=helper, options={"count.special-figure-strength": "two-each"}
    )
    assert points(two, "base.city.score") == [("Alice", 8)]


def test_until_all_pass_rounds_keep_the_rules():
    """ckr-28 (option count.redeploy-rounds 'until-all-pass'): random games stay legal."""
    import random

    from carc_teach.controllers import RandomController
    from carc_teach.setup import Setup
    from carc_teach.turn import play

    moved = 0
    for seed in range(20):
        setup = Setup(
            players=("A", "B", "C"),
            expansions=("base", "count"),
            seed=seed,
            rules={"options": {"count.redeploy-rounds": "until-all-pass"}},
        )
        state = play(setup, RandomController(random.Random(seed)))
        moved += sum(1 for e in state.events if e.rule.startswith("count.redeploy."))
    assert moved


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


def check_game(game, *, replay=False):
    state = game.state
    for p in state.players:
        for f in (f for f in state.figures.values() if f.player == p):
            assert (f in state.supply[p]) == (f.location is None), f
    for feature in state.board.features.features():
        for fig in feature.figures:
            assert fig.location in feature.nodes
    on_nodes = [f for f in state.figures.values() if f.node is not None]
    assert sum(len(x.figures) for x in state.board.features.features()) == len(on_nodes)
    assert state.figures["count"].location in {
        Place(f"count.{q}") for q in ("castle", "market", "blacksmith", "cathedral")
    }
    total = {p: 0 for p in state.players}
    for e in game.events:
        if e.kind == "points":
            assert e.rule and e.breakdown and sum(x for _, x in e.breakdown) == e.points
            total[e.player] += e.points
    assert total == state.scores
    assert recompute_features(state.board) == state.board.features.summaries()
    if replay:
        again = load_game(game.to_json())
        assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
        k = len(game.events) * 2 // 3
        from carc_teach.game import Game

        file_game = Game(game.setup, game.moves, final_actions=game.final_actions)
        assert file_game.replay(k).snapshot() == again.replay(k).snapshot()


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
        check_game(game, replay=seed % 10 == 0)


def test_a_deployment_to_the_city_needs_no_written_pass_before_it():
    """The 2B decision cannot take a deployment to a quarter, so it leaves the action for the
    decision that can: a file need not write the pass (though it may)."""
    with_pass = count_game([*BOB_CITY, mv(*CLOSE_BOBS_CITY, PASS_DEPLOY, to_city("market"))])
    without = count_game([*BOB_CITY, mv(*CLOSE_BOBS_CITY, to_city("market"))])
    assert [e.to_json() for e in without.events] == [e.to_json() for e in with_pass.events]

"""The River II: its placement rules, its order, its meeting with the City of Carcassonne
(ckr-5, ckr-6, the house rule), the pig herd; properties over seeded random games.

Without the Count the spring lies at (0, 0) with the river flowing east; the fork (turned 0:
river west, north and east) continues it at (1, 0), bending left into its north branch.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import game_dict

from carc_teach.controllers import RandomController
from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.features import recompute_features
from carc_teach.gamefile import load_game
from carc_teach.setup import Setup
from carc_teach.simulate import random_game
from carc_teach.turn import play


def river_game(moves, *, expansions=("base", "river2"), options=None, **setup):
    d = game_dict(moves, expansions=list(expansions), **setup)
    d["version"] = 2
    if options:
        d["setup"]["rules"] = {"options": options}
    return load_game(d)


def mv(tile, x, y, rotation, *actions):
    return {"tile": tile, "x": x, "y": y, "rotation": rotation, "actions": list(actions)}


FORK = mv("R2-fork", 1, 0, 0)


def test_the_spring_replaces_the_start_tile_and_the_fork_comes_first():
    game = river_game([FORK])
    assert game.events[0].tile == "R2-spring"
    assert game.state.remaining["D"] == 3  # one copy of the start tile leaves the game
    with pytest.raises(IllegalMoveError, match="the fork is laid right after the spring") as err:
        river_game([mv("R2-cloister", 1, 0, 0)])
    assert err.value.move == 1 and err.value.field == "tile"


def test_river_tiles_come_before_land_tiles_and_the_volcano_lake_last():
    with pytest.raises(IllegalMoveError, match="every river tile is drawn before the land tiles"):
        river_game([FORK, mv("U", 1, 1, 90)])
    with pytest.raises(IllegalMoveError, match="the volcano lake is the last river tile"):
        river_game([FORK, mv("R2-volcano", 2, 0, 0)])


def test_no_u_turn_the_river_may_not_bend_the_same_way_twice_in_a_row():
    """The fork's north branch bends left; a bend turned left again at (1, -1) is refused, the
    same bend turned right is fine."""
    with pytest.raises(IllegalMoveError, match="bend left twice in a row") as err:
        river_game([FORK, mv("R2-curve", 1, -1, 0)])
    assert err.value.move == 2
    game = river_game([FORK, mv("R2-curve", 1, -1, 270)])
    assert game.state.board.get((1, -1)).type.id == "R2-curve"


def test_a_river_tile_must_continue_the_river():
    # R2-cloister (river west-east) north of the spring touches it only with a field side
    with pytest.raises(IllegalMoveError, match="must continue the river"):
        river_game([FORK, mv("R2-cloister", 0, -1, 0)])


def test_no_follower_on_the_river_itself_but_on_the_other_features():
    with pytest.raises(IllegalMoveError, match="cannot be deployed"):
        river_game([mv("R2-fork", 1, 0, 0, {"type": "deploy", "segment": "river"})])
    game = river_game([mv("R2-fork", 1, 0, 0, {"type": "deploy", "segment": "field-s"})])
    assert game.state.figures["Alice:follower1"].node == (1, 0, "field-s")


# -- with the City of Carcassonne -------------------------------------------------------------

WITH_COUNT = ("base", "count", "river2")
# the spring against CC-8's east side, the river flowing east away from the City
SPRING_EAST = mv("R2-spring", 2, 0, 0)


def test_ckr_6_not_combined_refuses_the_game():
    with pytest.raises(GameFileError, match="not-combined") as err:
        river_game([], expansions=WITH_COUNT, options={"river2.with-count": "not-combined"})
    assert err.value.field == "setup.expansions"
    d = game_dict([], expansions=list(WITH_COUNT))
    d["setup"]["rules"] = {"preset": "hig-ckr-2007"}  # the 2007 box's advice
    with pytest.raises(GameFileError, match="not-combined"):
        load_game(d)


def test_ckr_6_the_original_rules_lay_the_spring_against_the_city_flowing_away():
    """ckr-6: the spring must touch the City with its river leading away; under the latest
    rules (ckr-5, the default) it may go anywhere it fits."""
    sideways = mv("R2-spring", 0, -2, 0)  # on the City's north side, the river running east
    river_game([sideways], expansions=WITH_COUNT)
    with pytest.raises(IllegalMoveError, match="flowing away"):
        river_game(
            [sideways],
            expansions=WITH_COUNT,
            options={"river2.with-count": "spring-away-from-city"},
        )
    game = river_game(
        [SPRING_EAST], expansions=WITH_COUNT, options={"river2.with-count": "spring-away-from-city"}
    )
    assert game.state.board.get((2, 0)).type.id == "R2-spring"


def test_with_the_city_the_spring_is_the_first_tile_drawn():
    with pytest.raises(IllegalMoveError, match="every river tile is drawn before the land tiles"):
        river_game([mv("U", 0, 2, 0)], expansions=WITH_COUNT)
    with pytest.raises(IllegalMoveError, match="R2-fork fits nowhere"):  # no spring yet
        river_game([mv("R2-fork", 2, 0, 180)], expansions=WITH_COUNT)


def test_ckr_5_a_river_tile_that_cannot_be_placed_leaves_the_game():
    """ckr-5: near the City the river may get stuck; its tiles leave the game and play goes on.
    Found in a seeded game; the file it writes replays it."""
    for seed in range(40):
        game = random_game(seed, expansions=WITH_COUNT)
        removed = [e for e in game.events if e.kind == "river2-tile-removed"]
        if removed:
            assert removed[0].rule == "river2.discard" and "ckr-5" in removed[0].annotations
            assert game.events[removed[0].index - 1].kind in ("tile-placed", "tile-discarded")
            again = load_game(game.to_json())
            assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
            assert any(e.kind == "game-end" for e in game.events)
            return
    raise AssertionError("no seeded game removed a river tile")


def test_house_rule_river_first_then_the_city_where_it_touches_most_river_tiles():
    setup = Setup(
        players=("A", "B"),
        expansions=WITH_COUNT,
        seed=3,
        rules={"options": {"river2.with-count": "river-first"}},
    )
    state = play(setup, RandomController(random.Random(3)))
    laid = next(e for e in state.events if e.kind == "count-city-laid")
    assert laid.rule == "count.setup" and "house-count-river-first" in laid.annotations
    placed_before = [e for e in state.events[: laid.index] if e.kind == "tile-placed"]
    assert all("river" in state.tile_types[e.tile].tags for e in placed_before)
    assert sum(1 for t in state.board if "city-of-carcassonne" in t.type.tags) == 12
    assert state.events[0].tile == "R2-spring"


def test_the_pig_herd_adds_a_point_per_completed_city_to_its_farmers():
    """A farmer on the pig-herd field, in a farm touching the City of Carcassonne: the City
    (3) and the herd's point for it (1), 4 in all."""
    moves = [
        SPRING_EAST,
        mv("R2-fork", 3, 0, 0),
        mv("R2-pig-herd", 4, 0, 0, {"type": "deploy", "segment": "field"}),
    ]
    game = river_game(moves, expansions=WITH_COUNT, final_scoring=True)
    farm = [e for e in game.events if e.kind == "points" and e.rule == "base.final.farm"]
    assert [(e.player, e.points) for e in farm] == [("Alice", 4)]
    assert any("pig herd" in part for part, _ in farm[0].breakdown)


# -- properties ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expansions", "options"),
    [
        (("base", "river2"), None),
        (WITH_COUNT, None),
        (WITH_COUNT, {"river2.with-count": "spring-away-from-city"}),
        (WITH_COUNT, {"river2.with-count": "river-first"}),
        (
            WITH_COUNT,
            {"count.count-movement": "clockwise", "count.redeploy-rounds": "until-all-pass"},
        ),
    ],
)
def test_random_river_games_keep_the_rules(expansions, options):
    """250 seeded games in all (50 per set-up), random players; the river comes first."""
    for seed in range(50):
        setup = Setup(
            players=tuple("ABCDE"[: 2 + seed % 3]),
            expansions=expansions,
            seed=seed,
            rules={"options": options} if options else {},
        )
        controller = RandomController(random.Random(seed))
        state = play(setup, controller)
        placed = [e.tile for e in state.events if e.kind in ("tile-placed", "tile-discarded")]
        river = ["river" in state.tile_types[t].tags for t in placed]
        assert river == sorted(river, reverse=True)  # every river tile before any land tile
        total = {p: 0 for p in state.players}
        for e in state.events:
            if e.kind == "points":
                assert e.rule and sum(x for _, x in e.breakdown) == e.points
                total[e.player] += e.points
        assert total == state.scores
        for p in state.players:
            for f in (f for f in state.figures.values() if f.player == p):
                assert (f in state.supply[p]) == (f.location is None)
            assert all(f.node is None or f.node[2] != "river" for f in state.figures.values())
        assert recompute_features(state.board) == state.board.features.summaries()
        if seed % 10 == 0:
            from carc_teach.game import Game

            game = Game.from_played(setup, controller.moves, state, controller.final_actions)
            again = load_game(game.to_json())
            assert [e.to_json() for e in again.events] == [e.to_json() for e in state.events]


def test_the_order_check_leaves_a_game_once_no_river_tile_is_left():
    """River II's after_placement retires for the rest of a game once the supply holds no river
    tile (GameState.retire_hook), in that game only: a game of the kind still in its river
    phase calls it, and a game file naming a land tile too early is still refused."""
    state = random_game(3, 2, expansions=("base", "river2")).state
    assert not any(state.remaining[t] for t in state.tile_types if t.startswith("R2-"))
    assert state.hooks.by_id["river2"].after_placement not in state.hooks.after_placement
    setup = Setup(players=("A", "B"), expansions=("base", "river2"), seed=4)
    early = play(setup, RandomController(random.Random(4)), until=5)
    assert any(early.remaining[t] for t in early.tile_types if t.startswith("R2-"))
    assert early.hooks.by_id["river2"].after_placement in early.hooks.after_placement
    with pytest.raises(IllegalMoveError, match="every river tile is drawn before the land tiles"):
        river_game([FORK, mv("U", 1, 1, 90)])

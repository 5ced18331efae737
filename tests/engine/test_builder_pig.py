"""The big follower, the builder and the pig, each played as a module of its own."""

from __future__ import annotations

import pytest
from am_helpers import dep, error_of, events, mv, play, points
from engine_helpers import check_hook_follows


def test_the_big_follower_counts_two_against_one_knight():
    moves = [
        mv("E", 0, -1, 0, dep("big-follower", "city")),  # Blue
        mv("E", 1, -1, 0, dep("follower", "city")),  # Red
        mv("N", 0, -2, 180),
        mv("N", 1, -2, 270),  # joins and closes the city of 4 tiles
    ]
    game = play(moves, expansions=("base", "big-follower"))
    assert points(game) == [("Blue", 8, "base.city.score")]
    assert "Blue has the majority (2 against Red 1)" in events(game, "points")[0].text
    assert events(game, "figure-strength", "big-follower.strength")


def test_the_builder_gives_a_second_tile_once():
    moves = [
        mv("U", 1, 0, 90, dep("follower", "road")),  # Blue's thief on the start road
        mv("E", 0, -1, 0),  # Red
        mv("U", 2, 0, 90, dep("builder", "road")),  # Blue's builder joins the thief
        mv("E", 0, 1, 180),  # Red
        mv("U", 3, 0, 90),  # Blue extends the road: a second tile at once
        mv("U", 4, 0, 90, player="Blue"),  # ... which extends it again but gives no third
        mv("B", 1, 1, 0, player="Red"),
    ]
    game = play(moves, expansions=("base", "builder"))
    begins = [(e.player, e.data.get("extra", False)) for e in events(game, "turn-begin")]
    assert begins == [
        ("Blue", False),
        ("Red", False),
        ("Blue", False),
        ("Red", False),
        ("Blue", False),
        ("Blue", True),
        ("Red", False),
    ]
    assert len(events(game, "builder-extended")) == 1


def test_a_builder_needs_its_owners_follower_in_the_feature():
    err = error_of([mv("U", 1, 0, 90, dep("builder", "road"))], expansions=("base", "builder"))
    assert "a builder cannot be deployed on segment road" in str(err)


def test_the_pig_adds_a_point_per_city_to_its_owners_farm_after_the_game():
    moves = [
        mv("U", 1, 0, 90, dep("follower", "field-w")),  # Blue's farmer north of the road
        mv("E", 0, -1, 0),
        mv("U", -1, 0, 90, dep("pig", "field-w")),  # Blue's pig on the same farm
        mv("E", 0, -2, 180),  # completes a city bordering the farm
    ]
    game = play(moves, expansions=("base", "pig"), final=True)
    (farm,) = points(game, "base.final.farm")
    assert farm == ("Blue", 4, "base.final.farm")
    award = events(game, "points", "base.final.farm")[0]
    assert ("Blue's pig: 1 completed city × 1", 1) in award.breakdown


def test_a_pig_needs_its_owners_farmer():
    err = error_of([mv("U", 1, 0, 90, dep("pig", "field-w"))], expansions=("base", "pig"))
    assert "a pig cannot be deployed on segment field-w" in str(err)


def test_each_tile_type_of_one_id_gets_its_own_segments_in_the_options():
    """The builder's and the pig's options read a tile type's road, city and field segments
    from a cache kept across games by the type's id: another type under the same id (another
    catalogue's) must get its own segments, not those of the type asked first."""
    from dataclasses import replace
    from types import SimpleNamespace

    from carc_teach.expansions.builder_pig.rules import BuilderRules, PigRules
    from carc_teach.figures import Figure
    from carc_teach.tiles import catalogue, orient

    straight = catalogue("base")["U"]  # a road between two fields
    # the same id, its road a field: no road for a builder, three fields for a pig
    no_road = replace(straight, segments=tuple(replace(s, kind="field") for s in straight.segments))
    # every segment of the tile is in a feature holding Blue's follower
    feature = SimpleNamespace(figures=[Figure("Blue-1", "Blue", "follower", (0, 0, "x"))])
    state = SimpleNamespace(
        held={"builder", "pig"},
        board=SimpleNamespace(features=SimpleNamespace(feature_of=lambda node: feature)),
    )

    def options(module, tile_type):
        placed = SimpleNamespace(tile=orient(tile_type, 90), x=3, y=4)
        turn = SimpleNamespace(player="Blue", placed=placed)
        return [(o.figure, o.to) for o in module.deployment_options(state, turn)]

    roads = [s.id for s in straight.segments if s.kind == "road"]
    fields = [s.id for s in straight.segments if s.kind == "field"]
    assert roads and len(fields) == 2
    for _ in range(2):  # each asked twice in turn: the second asks find the kept entry
        assert options(BuilderRules(), straight) == [("builder", (3, 4, r)) for r in roads]
        assert options(BuilderRules(), no_road) == []
        assert options(PigRules(), straight) == [("pig", (3, 4, f)) for f in fields]
        every = [("pig", (3, 4, s.id)) for s in no_road.segments]
        assert options(PigRules(), no_road) == every


@pytest.mark.parametrize(("seed", "second_tiles"), [(1, 2), (25, 1)])
def test_the_builders_look_at_each_tile_is_asked_only_while_a_builder_stands(seed, second_tiles):
    """The builder's after_placement is retired while no builder stands in a feature and
    resumed when one is deployed (``GameState.retire_hook`` and ``resume_hook``): at every
    checkpoint between turns the state's hooks say so, and play resumed from a copy of each
    checkpoint (as ``Game.replay`` does) gives the game's log, second tiles included."""
    from carc_teach.simulate import random_game

    game = random_game(seed, 2, expansions=("base", "builder", "pig"))
    # (seed 25's second extension comes with the last tile: no turn is left to play)
    assert len(events(game, "builder-extended")) == 2
    assert [e.data.get("extra") for e in events(game, "turn-begin")].count(True) == second_tiles
    check_hook_follows(
        game,
        "builder",
        "after_placement",
        lambda state: any(
            f.kind == "builder" and f.location is not None for f in state.figures.values()
        ),
    )

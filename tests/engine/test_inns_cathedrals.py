"""Inns & Cathedrals: inns on roads, cathedrals in cities, the box's big follower.

Every scenario is a small version-2 game file written by hand on the straight start road
(``U`` at (0, 0), west to east); the expected points are worked out in the docstrings.
"""

from __future__ import annotations

import pytest
from am_helpers import dep, error_of, events, mv, play, points
from invariants import check_game

from carc_teach.rules import implemented_rules
from carc_teach.setup import Setup
from carc_teach.simulate import random_game
from carc_teach.tiles import catalogue

IC = ("base", "inns-cathedrals")

# -- the tiles --------------------------------------------------------------------------------


def test_the_box_holds_18_tiles_with_6_inns_and_2_cathedrals():
    cat = catalogue("inns-cathedrals")
    assert (len(cat), cat.total) == (17, 18)
    inns = [t for t in cat for s in t.segments if "inn" in s.tags]
    cathedrals = [t for t in cat for s in t.segments if "cathedral" in s.tags]
    assert sum(t.count for t in inns) == 6
    assert sum(t.count for t in cathedrals) == 2
    # an inn stands beside a road, a cathedral in a city; the tile says so too
    for t in cat:
        for s in t.segments:
            if "inn" in s.tags:
                assert s.kind == "road" and "inn" in t.tags
            if "cathedral" in s.tags:
                assert s.kind == "city" and "cathedral" in t.tags and not s.quarter
    assert cat["IC-1"].edges == ("city",) * 4 and cat["IC-1"].count == 2
    assert sum(s.pennants for t in cat for s in t.segments for _ in range(t.count)) == 3


# -- the big follower comes in the box ----------------------------------------------------------


def test_inns_cathedrals_brings_the_big_follower_once():
    assert Setup(("A", "B"), IC).expansions == (*IC, "big-follower")
    listed = ("base", "big-follower", "inns-cathedrals")
    assert Setup(("A", "B"), listed).expansions == listed
    assert Setup(("A", "B"), ("base", "big-follower")).expansions == ("base", "big-follower")
    game = play([mv("IC-15", 1, 0, 0, dep("big-follower", "road"))], expansions=IC)
    assert game.setup.expansions == (*IC, "big-follower")
    assert game.to_json()["setup"]["expansions"] == [*IC, "big-follower"]
    assert events(game, "figure-deployed")[0].player == "Blue"


def test_the_big_follower_has_one_id_as_module_figure_and_rule_area():
    """The box is ``inns-cathedrals``; its big follower is ``big-follower`` everywhere: the
    module that plays it alone, the figure kind, its rule ids and the reference's part."""
    from carc_teach import reference
    from carc_teach.annotations import topics
    from carc_teach.figures import kind_of
    from carc_teach.rules import module_class

    assert module_class("big-follower").id == "big-follower"
    assert kind_of("big-follower").expansion == "big-follower"
    ids = {t.id for t in topics.all_topics() if t.id.split(".")[0] == "big-follower"}
    assert ids == {"big-follower", "big-follower.deploy", "big-follower.strength"}
    assert set(module_class("big-follower").rules) == ids - {"big-follower"}
    assert "big-follower" in reference.SELECTOR_EXPANSIONS["inns-cathedrals"].part_ids


def test_the_old_big_follower_spellings_are_refused_naming_the_new_id():
    """``bigfollower`` was only ever a rule-id area (and the reference's part id): asked for
    by a user it is refused with the id it became; a game file never held it, and one that
    names it as an expansion or a figure gets a one-line error."""
    from carc_teach import reference
    from carc_teach.annotations import topics
    from carc_teach.errors import UnknownRuleError

    with pytest.raises(
        UnknownRuleError, match="'bigfollower.strength' is now 'big-follower.strength'"
    ):
        topics.topic("bigfollower.strength")
    with pytest.raises(UnknownRuleError, match="'bigfollower' is now 'big-follower'"):
        reference.normalize_selection("bigfollower")
    with pytest.raises(UnknownRuleError, match="'king-robber-baron' is now 'king-robber'"):
        reference.normalize_selection(["count", "king-robber-baron"])
    wrong = error_of(
        [mv("IC-15", 1, 0, 0, dep("follower", "road"))], expansions=("base", "bigfollower")
    )
    assert "unknown expansion 'bigfollower'" in str(wrong) and "big-follower" in str(wrong)
    wrong = error_of([mv("IC-15", 1, 0, 0, dep("bigfollower", "road"))], expansions=IC)
    assert "bigfollower" in str(wrong) and "move 1" in str(wrong)


# -- inns ---------------------------------------------------------------------------------------

# Blue's thief on the inn road (1, 0); the road is closed by crossings at (2, 0) and (-1, 0):
# 4 tiles.
INN_ROAD = [
    mv("IC-15", 1, 0, 0, dep("follower", "road")),  # Blue
    mv("W", 2, 0, 0),  # Red: the east end stops at a crossing
    mv("W", -1, 0, 0),  # Blue: the west end too: the road is complete
]


def test_a_completed_road_with_an_inn_scores_2_per_tile():
    """4 tiles × 2 = 8 (without the inn: 4)."""
    game = play(INN_ROAD, expansions=IC)
    assert points(game) == [("Blue", 8, "inns.road.score")]
    (award,) = events(game, "points")
    assert award.breakdown == (("4 tiles × 2 (inn)", 8),)
    assert award.text == "Blue scores 8 for the road of 4 tiles with an inn: 4 tiles × 2 (inn) = 8."


def test_the_same_road_without_the_expansion_is_an_ordinary_road():
    """The same placements with a plain straight road: 4 tiles × 1 = 4."""
    plain = [mv("U", 1, 0, 90, dep("follower", "road")), *INN_ROAD[1:]]
    assert points(play(plain, expansions=IC)) == [("Blue", 4, "base.road.score")]


def test_an_unfinished_road_with_an_inn_scores_nothing_after_the_game():
    """Blue's thief on the inn road of 2 tiles, open at both ends: 0 (a plain road: 2)."""
    moves = [mv("IC-15", 1, 0, 0, dep("follower", "road")), mv("E", 0, -1, 0)]
    game = play(moves, expansions=IC, final=True)
    assert points(game) == []
    (nothing,) = [e for e in events(game, "no-score") if e.rule == "inns.road.final"]
    assert nothing.breakdown == (
        ("2 tiles × 0 (inn on an unfinished road; without it: 2 points)", 0),
    )
    assert "Blue has the majority on the unfinished road of 2 tiles with an inn" in nothing.text
    assert game.scores == {"Blue": 0, "Red": 0}


def test_two_inns_on_one_road_do_not_add_up():
    """Inns at (1, 0) and (2, 0) on a road of 5 tiles closed by two crossings: 5 × 2 = 10,
    not 15 or 20."""
    moves = [
        mv("IC-15", 1, 0, 0, dep("follower", "road")),  # Blue: the first inn
        mv("IC-16", 2, 0, 0),  # Red: the second inn, the road bends south
        mv("W", 2, 1, 180),  # Blue: a crossing stops the south end
        mv("W", -1, 0, 0),  # Red: a crossing stops the west end
    ]
    game = play(moves, expansions=IC)
    assert points(game) == [("Blue", 10, "inns.road.score")]
    assert events(game, "points")[0].breakdown == (
        ("5 tiles × 2 (2 inns, which do not add up)", 10),
    )


# Blue's thief on the inn road; Red's big follower on a road below it at (1, 1); two bends join
# them into one road (Blue 1, Red 2) whose ends are west of (0, 0) and west of (1, 1).
INN_AND_BIG_FOLLOWER = [
    mv("IC-15", 1, 0, 0, dep("follower", "road")),  # Blue
    mv("U", 1, 1, 90, dep("big-follower", "road")),  # Red: a separate road
    mv("V", 2, 0, 0),  # Blue: the inn road bends south
    mv("V", 2, 1, 90),  # Red: ... and joins Red's road
]


def test_the_big_follower_takes_an_inn_road_from_one_thief():
    """Two crossings close the road: 7 tiles × 2 = 14 for Red (2 against 1); Blue nothing."""
    moves = [*INN_AND_BIG_FOLLOWER, mv("W", -1, 0, 0), mv("W", 0, 1, 0)]
    game = play(moves, expansions=IC)
    assert points(game) == [("Red", 14, "inns.road.score")]
    assert "Red has the majority (2 against Blue 1)" in events(game, "points")[0].text


def test_a_big_follower_against_two_thieves_ties_and_both_score_the_inn_road():
    """Blue's crossing at (-1, 0) ends the road and starts another southwards, where Blue puts
    a second thief; a bend at (-1, 1) joins that road to the west end of Red's part: one road
    of 8 tiles with both ends at the crossing, 2 against 2: each scores 8 × 2 = 16."""
    moves = [
        *INN_AND_BIG_FOLLOWER,
        mv("W", -1, 0, 0, dep("follower", "road-s")),  # Blue
        mv("U", 0, 1, 90),  # Red: extends Red's part west
        mv("V", -1, 1, 180),  # Blue: the bend joins both: complete
    ]
    game = play(moves, expansions=IC)
    assert points(game) == [("Blue", 16, "inns.road.score"), ("Red", 16, "inns.road.score")]
    assert "Blue and Red tie for the majority (2 each)" in events(game, "points")[0].text


# -- cathedrals ---------------------------------------------------------------------------------

# Blue's knight in a city cap at (0, -1); the cathedral above it; the four-sided pennant city C
# east of the cathedral; caps all round. After move 7 the only open edge is C's south side.
CATHEDRAL_CITY = [
    mv("E", 0, -1, 0, dep("follower", "city")),  # Blue
    mv("IC-1", 0, -2, 0),  # Red: the cathedral
    mv("C", 1, -2, 0),  # Blue: city on four sides, a pennant
    mv("E", 0, -3, 180),  # Red: caps the cathedral's north
    mv("E", -1, -2, 90),  # Blue: ... its west
    mv("E", 1, -3, 180),  # Red: caps C's north
    mv("E", 2, -2, 270),  # Blue: ... its east
]
#: Red closes C's south with a city cap and puts a farmer in the field below it
CLOSE_WITH_A_FARMER = mv("IC-7", 1, -1, 0, dep("follower", "field-sw"))


def test_a_completed_city_with_a_cathedral_scores_3_per_tile_and_pennant():
    """8 tiles × 3 = 24 and 1 pennant × 3 = 3: 27 (without the cathedral: 18)."""
    game = play([*CATHEDRAL_CITY, CLOSE_WITH_A_FARMER], expansions=IC)
    assert points(game) == [("Blue", 27, "cathedrals.city.score")]
    assert events(game, "points")[0].breakdown == (
        ("8 tiles × 3 (cathedral)", 24),
        ("1 pennant × 3 (cathedral)", 3),
    )


def test_an_unfinished_city_with_a_cathedral_scores_nothing_after_the_game():
    """The same city left open on C's south side: 0 (a plain city: 7 tiles + 1 pennant = 8)."""
    game = play(CATHEDRAL_CITY, expansions=IC, final=True)
    assert game.scores == {"Blue": 0, "Red": 0}
    (nothing,) = [e for e in events(game, "no-score") if e.rule == "cathedrals.city.final"]
    assert nothing.breakdown == (
        ("7 tiles × 0 (cathedral in an unfinished city; without it: 8 points)", 0),
        ("1 pennant × 0", 0),
    )


def test_a_farm_counts_a_cathedral_city_as_one_completed_city():
    """After the game Red's farm (below the closing cap and Blue's first cap) borders one
    completed city: 3 points, the cathedral changes nothing for farms."""
    game = play([*CATHEDRAL_CITY, CLOSE_WITH_A_FARMER], expansions=IC, final=True)
    assert points(game, "base.final.farm") == [("Red", 3, "base.final.farm")]
    assert game.scores == {"Blue": 27, "Red": 3}


# -- every rule id is declared and executed ------------------------------------------------------


def test_the_rule_ids_are_declared_with_a_sentence():
    rules = implemented_rules()
    for rule in (
        "inns.road.score",
        "inns.road.final",
        "cathedrals.city.score",
        "cathedrals.city.final",
    ):
        assert rules[rule].endswith(".")


# -- random games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(0, 12, 3))
def test_random_inns_cathedrals_games_keep_every_invariant(seed):
    game = random_game(seed, players=2 + seed % 4, expansions=IC)
    check_game(game, replay=seed == 0)
    assert game.setup.expansions == (*IC, "big-follower")


# -- drawing ----------------------------------------------------------------------------------------


def test_inns_and_cathedrals_are_drawn_where_they_stand():
    from carc_teach.render.svg import legend_kinds, tile_svg

    cat = catalogue("inns-cathedrals")
    for t in cat:
        for rotation in (0, 90, 180, 270):
            svg = tile_svg(t, rotation, 100)
            assert svg.count('class="inn"') == sum("inn" in s.tags for s in t.segments), t.id
            assert svg.count('class="cathedral"') == (t.id == "IC-1"), t.id
    # the River II's inn is drawn too; two bends that never meet get no crossing
    assert 'class="inn"' in tile_svg(catalogue("river2")["R2-inn-bridge"], 0, 100)
    assert "Crossing" not in tile_svg(cat["IC-17"], 0, 100)
    assert "Crossing" in tile_svg(cat["IC-14"], 0, 100)
    assert legend_kinds(IC)[-2:] == ["inn", "cathedral"]


# -- the bundled example ------------------------------------------------------------------------


def test_the_bundled_game_shows_double_or_nothing():
    """Alice's finished inn road: 4 tiles × 2 = 8. After the game her second inn road (3
    tiles) and Bob's cathedral city (4 tiles, his big follower in it) score 0, not 3 and 4."""
    from carc_teach import examples

    game = examples.load("inns-cathedrals")
    assert game.scores == {"Alice": 8, "Bob": 0}
    assert points(game) == [("Alice", 8, "inns.road.score")]
    finals = [(e.rule, e.breakdown[0][0]) for e in events(game, "no-score")]
    assert finals == [
        ("inns.road.final", "3 tiles × 0 (inn on an unfinished road; without it: 3 points)"),
        (
            "cathedrals.city.final",
            "4 tiles × 0 (cathedral in an unfinished city; without it: 4 points)",
        ),
    ]
    assert "inns-cathedrals" in examples.for_rule("cathedrals.city.final")

"""Abbey & Mayor: the mayor (footnotes 154-165 of seed 004) and the abbey tile, as scenarios
written by hand with their expected scores."""

from __future__ import annotations

import pytest
from am_helpers import ABBEY, dep, error_of, events, mv, play, points

from carc_teach.board import Placement
from carc_teach.expansions.abbey_mayor.rules import AbbeyMayorRules, abbey_hole_problem
from carc_teach.figures import kind_of

# -- the mayor --------------------------------------------------------------------------------

# Three separate city caps north of the start road, joined at the end by Q (a pennant) between
# two pennant corners M: 6 tiles, 3 pennants, worth 6 x 2 + 3 x 2 = 18 when completed.
THREE_PENNANT_CITY = [
    mv("E", 0, -1, 0, dep("follower", "city")),  # Blue's first knight
    mv("E", 1, -1, 0, dep("mayor", "city")),  # Red's mayor, in a separate cap
    mv("E", -1, -1, 0, dep("follower", "city")),  # Blue's second knight
    mv("M", 1, -2, 270),  # Red: a pennant corner on the mayor's cap
    mv("M", -1, -2, 180),  # Blue: a pennant corner on the second knight's cap
    mv("Q", 0, -2, 180),  # Red joins the three parts and closes the city
]


def test_car_162_a_mayor_with_three_pennants_beats_two_knights_and_scores_18():
    game = play(THREE_PENNANT_CITY)
    assert points(game) == [("Red", 18, "base.city.score")]
    strength = events(game, "figure-strength", "mayor.strength")
    assert len(strength) == 1 and strength[0].data["strength"] == 3
    assert "car-162" in strength[0].annotations
    award = events(game, "points")[0]
    assert "Red has the majority (3 against Blue 2)" in award.text
    assert award.breakdown == (("6 tiles × 2", 12), ("3 pennants × 2", 6))
    # the mayor goes home after scoring, like the knights
    assert game.state.in_supply("Red", "mayor") is not None


def test_car_164_a_mayor_without_pennants_occupies_the_city_but_scores_nothing():
    game = play([mv("E", 0, -1, 0, dep("mayor", "city")), mv("E", 0, -2, 180)])
    assert points(game) == []
    (none,) = events(game, "no-score")
    assert "no figure on it counts toward a majority" in none.text
    (strength,) = events(game, "figure-strength", "mayor.strength")
    assert strength.data["strength"] == 0
    assert {"car-163", "car-164"} <= set(strength.annotations)
    assert game.state.in_supply("Blue", "mayor") is not None  # back home all the same


def test_car_164_the_mayors_city_counts_as_occupied():
    err = error_of(
        [mv("E", 0, -1, 0, dep("mayor", "city")), mv("N", 0, -2, 180, dep("follower", "city"))]
    )
    assert err.move == 2 and "already occupied" in str(err) and "Blue's mayor" in str(err)


def test_car_164_a_zero_strength_mayor_loses_to_a_single_knight():
    # Blue's mayor (no pennant) and Red's knight in two caps joined by H's... a band G
    moves = [
        mv("E", 0, -1, 0, dep("mayor", "city")),
        mv("E", 1, -1, 0, dep("follower", "city")),
        mv("N", 0, -2, 180),  # city S and E: continues Blue's cap eastwards
        mv("N", 1, -2, 270),  # city W and S: joins both parts, complete: 4 tiles, 0 pennants
    ]
    game = play(moves)
    assert points(game) == [("Red", 8, "base.city.score")]
    assert "Red has the majority (1 against Blue 0)" in events(game, "points")[0].text


@pytest.mark.parametrize("preset", [None, "rgg", "hig-big-box-2"])
def test_car_154_155_no_mayor_in_a_city_with_a_knight_in_every_edition(preset):
    err = error_of(
        [mv("E", 0, -1, 0, dep("follower", "city")), mv("N", 0, -2, 180, dep("mayor", "city"))],
        preset=preset,
    )
    assert err.move == 2 and err.action == 1
    assert "already occupied (Blue's follower)" in str(err)


def test_car_154_no_second_mayor_in_a_mayors_city():
    err = error_of(
        [mv("E", 0, -1, 0, dep("mayor", "city")), mv("N", 0, -2, 180, dep("mayor", "city"))]
    )
    assert "already occupied (Blue's mayor)" in str(err)


def test_car_156_no_mayor_in_a_city_that_holds_a_wagon():
    err = error_of(
        [mv("E", 0, -1, 0, dep("wagon", "city")), mv("N", 0, -2, 180, dep("mayor", "city"))]
    )
    assert "already occupied (Blue's wagon)" in str(err)


def test_the_mayor_never_goes_on_a_road_or_farm():
    err = error_of([mv("U", 1, 0, 90, dep("mayor", "road"))])
    assert "a mayor cannot be deployed on segment road" in str(err)
    err = error_of([mv("U", 1, 0, 90, dep("mayor", "field-w"))])
    assert "a mayor cannot be deployed" in str(err)


def test_a_mayor_in_an_unfinished_city_scores_its_pennants_after_the_game():
    # Blue's mayor in F (one pennant): the unfinished city of 2 tiles and 1 pennant scores
    # 2 + 1 = 3 after the game, the mayor counting 1
    game = play(
        [mv("E", 0, -1, 0), mv("F", 0, -2, 90, dep("mayor", "city"))],
        final=True,
    )
    assert ("Red", 3, "base.final.city") in points(game)


# -- the abbey --------------------------------------------------------------------------------

# Eight tiles around (0, -1): the start road, two more roads, four cloisters and a city cap
# facing the hole.
RING = [
    mv("U", -1, 0, 90),
    mv("U", 1, 0, 90),
    mv("B", -1, -1, 0),
    mv("B", 1, -1, 0),
    mv("B", -1, -2, 0),
    mv("B", 1, -2, 0),
    mv("E", 0, -2, 180, dep("follower", "city")),  # Blue's knight: the city faces the hole
]


def test_the_abbey_fills_a_hole_closes_the_city_and_its_monk_scores_9():
    abbey = mv("abbey", 0, -1, 0, ABBEY, dep("follower", "abbey"))
    game = play([*RING, abbey])
    assert events(game, "abbey-played")[0].player == "Red"
    assert not [e for e in game.events if e.turn == 8 and e.kind == "tile-drawn"]
    # the abbey's own cloister is complete at once (eight neighbours) and the city cap facing it
    # is closed by it
    assert sorted(points(game)) == [
        ("Blue", 2, "base.city.score"),
        ("Red", 9, "base.cloister.score"),
    ]
    assert game.state.remaining == play(RING).state.remaining  # no tile drawn from the supply


def test_the_abbey_only_goes_into_a_hole_surrounded_on_four_sides():
    err = error_of([*RING, mv("abbey", 0, -3, 0, ABBEY)])
    assert err.move == 8 and "only fills a hole with tiles on all four sides" in str(err)
    assert "no tile to the N and E and W" in str(err)


def test_the_abbey_cannot_be_played_without_a_hole_or_twice():
    """Both are refusals naming their rule (the seeds have no footnote on the abbey's own
    rules, so the rule id alone is cited, as the base game's refusals do)."""
    err = error_of([mv("abbey", 1, 0, 0, ABBEY)])
    assert err.field == "tile" and err.refusal is not None
    assert (err.refusal.rule, err.refusal.reason, err.refusal.notes) == (
        "abbey.place",
        "no space on the board has tiles on all four sides",
        (),
    )
    assert str(err).endswith(
        "the move plays the abbey, but no space on the board has tiles on all four sides "
        "(rule abbey.place)"
    )
    ring = [*RING, mv("abbey", 0, -1, 0, ABBEY)]
    # Red's second abbey: fill another hole first is not needed, the abbey is simply gone
    err = error_of([*ring, mv("U", 2, 0, 90), mv("abbey", 0, 1, 0, ABBEY)])
    assert err.move == 10 and err.refusal is not None
    assert (err.refusal.rule, err.refusal.reason) == (
        "abbey.play",
        "Red has already played their abbey",
    )
    assert "but Red has already played their abbey (rule abbey.play)" in str(err)


def test_a_move_naming_the_abbey_needs_the_abbey_action():
    err = error_of([*RING, mv("abbey", 0, -1, 0)])
    assert err.move == 8 and err.field == "tile" and "abbey-mayor.abbey" in str(err)


def test_the_hole_rule_applies_to_the_abbey_only():
    from carc_teach.gamefile import load_game

    state = load_game(__import__("am_helpers").game_data(RING)).state
    board = state.board
    assert abbey_hole_problem(board, state.tile_types["abbey"], Placement(0, -1, 0)) is None
    assert abbey_hole_problem(board, state.tile_types["B"], Placement(0, 1, 0)) is None
    assert "no tile to the" in abbey_hole_problem(
        board, state.tile_types["abbey"], Placement(0, 1, 0)
    )


def test_too_many_players_for_the_box():
    err = error_of([], players=tuple(f"P{i}" for i in range(7)))
    assert err.field == "setup.players" and "at most 6 players" in str(err)


def test_the_abbeys_hooks_leave_a_game_once_every_abbey_is_played():
    """Once both abbeys are played (and the turn of the last is over), the offer and the
    abbey's completions are no longer asked in that game; the next game asks them again."""
    from carc_teach.simulate import random_game
    from carc_teach.turn import new_state

    game = random_game(1, 2, expansions=("base", "abbey-mayor"))
    played = [e for e in game.events if e.kind == "abbey-played"]
    assert len(played) == 2
    module = game.state.hooks.by_id["abbey-mayor"]
    assert module.play_instead_of_draw not in game.state.hooks.play_instead_of_draw
    assert module.identify_completed not in game.state.hooks.identify_completed
    fresh = new_state(game.setup)
    assert module.play_instead_of_draw in fresh.hooks.play_instead_of_draw
    assert module.identify_completed in fresh.hooks.identify_completed


def test_the_farms_with_a_barn_are_each_games_own():
    """The farms with a barn are kept between questions (per state, barns placed and tiles
    on the board): two games asked in turn, each with one barn at another corner after as
    many tiles, get each its own barn, as a look at every farm's corners finds."""
    from carc_teach.controllers import MoveListController
    from carc_teach.expansions.abbey_mayor.rules import barn_farm, barns_on
    from carc_teach.figures import Corner
    from carc_teach.simulate import random_game
    from carc_teach.turn import play as play_moves

    def after_28_tiles(seed):
        game = random_game(seed, 2, expansions=("base", "abbey-mayor"))
        kept = []

        def keep(state, controller, last):
            if len(state.board.tiles) == 28 and not kept:
                kept.append(state.clone())

        play_moves(game.setup, MoveListController(game.moves), on_turn=keep)
        return kept[0]

    # (seeds whose single barn stands at (3, -1) and at (0, 1) once 28 tiles are down)
    states = [after_28_tiles(1), after_28_tiles(4)]
    barns = [
        [f for f in s.figures.values() if f.kind == "barn" and isinstance(f.location, Corner)]
        for s in states
    ]
    assert [[(b.location.x, b.location.y) for b in found] for found in barns] == [
        [(3, -1)],
        [(0, 1)],
    ]
    for _ in range(2):
        for state, (barn,) in zip(states, barns, strict=True):
            farm = barn_farm(state, barn)
            assert barns_on(state, farm) == [barn]
            fields = state.board.features.features()
            others = [f for f in fields if f.kind == "field" and f is not farm]
            assert all(barns_on(state, f) == [] for f in others)


def test_the_scoring_pipeline_asks_the_claimants_hook_wherever_a_mayor_or_wagon_can_stand():
    """The module's claimants hook describes mayors and wagons; it is declared for roads,
    cities and cloisters only, which holds as long as neither figure enters anything else."""
    declared = AbbeyMayorRules.scores_feature_kinds["claimants"]
    assert declared == {"road", "city", "cloister"}
    assert kind_of("mayor").enters <= declared and kind_of("wagon").enters <= declared


def test_retired_hooks_are_a_copy_shared_by_the_kinds_games_never_the_kinds_own():
    """(A cache kept across games.) The module's retirements and resumptions (its barns'
    extra_scorings and filter left out at set-up and put back at the first barn, the abbey's
    completions asked only in the turns an abbey is played, its offer left out once every
    abbey is played) hand each game of a kind the
    same copy of the hooks; the kind's own, which every new game starts from, keep every
    hook."""
    from carc_teach.setup import Setup
    from carc_teach.simulate import random_game
    from carc_teach.turn import new_state

    kind = ("base", "abbey-mayor")
    first, second = random_game(1000, 2, expansions=kind), random_game(1001, 2, expansions=kind)
    for game in (first, second):
        assert (
            not game.state.ext["abbey-mayor"].abbeys and game.state.ext["abbey-mayor"].barns_placed
        )
    hooks = first.state.hooks
    assert second.state.hooks is hooks
    module = hooks.by_id["abbey-mayor"]
    assert module.play_instead_of_draw not in hooks.play_instead_of_draw
    assert module.identify_completed not in hooks.identify_completed
    assert module.extra_scorings in hooks.extra_scorings
    assert module.filter_deployments in hooks.filter_deployments
    fresh = new_state(Setup(("Blue", "Red"), kind)).hooks
    assert fresh.by_id["abbey-mayor"] is module
    assert module.play_instead_of_draw in fresh.play_instead_of_draw
    assert module.identify_completed in fresh.identify_completed
    assert module.extra_scorings in fresh.extra_scorings


def test_the_retired_copies_kept_across_games_stay_few(monkeypatch):
    """(A cache kept across games.) Where The River II retires its order check before the
    last abbey is played, and then the module retires its completions, every game takes the
    same two copies of the hooks: the copies are kept by the hooks they were made from, one
    per retired hook, so they do not grow with the games played."""
    from carc_teach import turn as turn_module
    from carc_teach.setup import Setup
    from carc_teach.turn import new_state

    # hooks of the kind made here, with no copies kept yet by games played before this test
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    state = new_state(Setup(("Blue", "Red"), ("base", "river2", "abbey-mayor")))
    kinds = state.hooks
    assert not kinds.retired
    river, module = kinds.by_id["river2"], kinds.by_id["abbey-mayor"]
    seen = set()
    for _ in range(200):  # one game after another
        state.hooks = kinds
        state.retire_hook("after_placement", river.after_placement)
        state.retire_hook("identify_completed", module.identify_completed)
        assert module.identify_completed not in state.hooks.identify_completed
        assert river.after_placement not in state.hooks.after_placement
        seen.add(id(state.hooks))
    assert len(seen) == 1
    assert len(kinds.retired) == 1
    assert all(len(copy.retired) <= 1 for copy in kinds.retired.values())


def test_the_tile_facts_kept_across_games_belong_to_their_own_tile():
    """(A cache kept across games.) What step 2B and the barns' scoring ask of the tile just
    placed is kept per oriented tile by its id(): an entry left by another tile under the same
    id (one freed since) is made again for the tile asked about, never handed out."""
    from carc_teach.expansions.abbey_mayor import rules
    from carc_teach.setup import Setup
    from carc_teach.tiles import orient
    from carc_teach.turn import new_state

    types = new_state(Setup(("Blue", "Red"), ("base", "abbey-mayor"))).tile_types
    road, city = orient(types["U"], 90), orient(types["E"], 0)
    stale = rules._tile_facts(city)
    previous = rules._TILE_FACTS.get(id(road))
    rules._TILE_FACTS[id(road)] = stale  # as if the city's entry had been left under this id
    try:
        facts = rules._tile_facts(road)
        assert facts[0] is road
        assert facts != stale
        assert facts[1] == tuple((s.id, s.kind) for s in road.segments if s.kind != "field")
        assert facts[3] == tuple(s.id for s in road.segments if s.kind == "field")
    finally:
        if previous is None:
            rules._TILE_FACTS.pop(id(road), None)
        else:
            rules._TILE_FACTS[id(road)] = previous

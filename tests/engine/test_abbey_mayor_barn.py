"""Abbey & Mayor: the barn (footnotes 178-195 of seed 004), scenarios written by hand.

Board: the start road runs west to east; the farm north of it (F1) and the farm south of it
(F2) are separate. A city cap at (0, -1) closed by another at (0, -2) is a completed city
bordering F1. Four tiles meet at grid point (1, 0) once (0, -1), (1, -1), (1, 0), (0, 0) lie.
"""

from __future__ import annotations

from am_helpers import dep, error_of, events, mv, play, points

from carc_teach.expansions.abbey_mayor.rules import barn_corner_problem
from carc_teach.figures import Corner
from carc_teach.gamefile import load_game

WITH_PIG = ("base", "abbey-mayor", "pig")

FARMERS = [
    mv("U", -1, 0, 90, dep("follower", "field-w")),  # Blue: a farmer on F1 (north)
    mv("U", 1, 0, 90, dep("follower", "field-e")),  # Red: a farmer on F2 (south)
    mv("E", 0, -1, 0),  # Blue
    mv("E", 0, -2, 180),  # Red: completes the city of 2 tiles bordering F1
    mv("E", -1, -1, 0),  # Blue: an unfinished cap on F1
]
RED_BARN = mv("E", 1, -1, 0, dep("barn", corner="SW"))  # Red: barn at grid point (1, 0)


def test_car_184_188_placing_a_barn_scores_the_farmers_at_3_per_city_and_the_barn_stays():
    game = play([*FARMERS, RED_BARN])
    assert points(game) == [("Blue", 3, "barn.scoring")]
    award = events(game, "points")[0]
    assert award.breakdown == (("1 completed city bordering it × 3", 3),)
    assert award.step == "3B" and "car-184" in award.annotations
    turn = [e.kind for e in game.events if e.turn == 6]
    # the move of the wood (the barn itself) comes before the farmers score
    assert turn.index("figure-deployed") < turn.index("points") < turn.index("figure-returned")
    state = game.state
    assert state.figures["Red:barn1"].location == Corner(1, 0)
    assert state.figures["Blue:follower1"].location is None  # the farmer went home


def test_car_187_the_barn_placer_need_not_score():
    game = play([*FARMERS, RED_BARN])
    assert game.scores == {"Blue": 3, "Red": 0}


def test_car_189_no_farmer_may_join_a_farm_with_a_barn():
    err = error_of([*FARMERS, RED_BARN, mv("U", -2, 0, 90, dep("follower", "field-w"))])
    assert err.move == 7 and "a follower cannot be deployed on segment field-w" in str(err)


def test_car_190_192_a_farm_joined_to_a_barns_farm_scores_1_per_city_and_2_with_a_pig():
    join = mv("AM-10", 2, 0, 90)  # the road ends at a house: F1 and F2 become one farm
    filler = mv("U", -2, 0, 90)  # Blue
    game = play([*FARMERS, RED_BARN, filler, join])
    assert points(game) == [("Blue", 3, "barn.scoring"), ("Red", 1, "barn.connect")]
    (joined,) = events(game, "barn-connect")
    assert joined.step == "3B" and "car-184" in joined.annotations
    # with the pig placed on the very tile that joins them (car-192): 1 + 1 per city
    join_pig = mv("AM-10", 2, 0, 90, dep("pig", "field"))
    game = play([*FARMERS, RED_BARN, filler, join_pig], expansions=WITH_PIG)
    award = [e for e in events(game, "points") if e.rule == "barn.connect"][0]
    assert award.points == 2
    assert award.breakdown == (
        ("1 completed city bordering it × 1", 1),
        ("Red's pig: 1 completed city × 1", 1),
    )
    assert game.state.figures["Red:pig1"].location is None  # the pig goes home too


def test_car_193_the_barn_scores_4_per_completed_city_after_the_game():
    join = mv("AM-10", 2, 0, 90)
    game = play([*FARMERS, RED_BARN, mv("U", -2, 0, 90), join], final=True)
    finals = points(game, "barn.final")
    # completed cities bordering the farm: only the one at (0, -1)/(0, -2); the caps at
    # (-1, -1) and (1, -1) are unfinished
    assert finals == [("Red", 4, "barn.final")]


TWO_BARNS = [
    mv("E", 0, -1, 0),  # Blue
    mv("E", 0, -2, 180),  # Red: completes a city bordering the north farm
    mv("U", 1, 0, 90),  # Blue
    mv("E", 1, -1, 0, dep("barn", corner="SW")),  # Red: barn at (1, 0), north farm
    mv("E", 0, 1, 180),  # Blue
    mv("I", 0, 2, 0),  # Red: its north cap completes a city bordering the south farm
    mv("E", 1, 1, 180, dep("barn", corner="NW")),  # Blue: barn at (1, 1), south farm
]


def test_car_189_193_two_barns_joined_on_one_farm_each_score_in_full():
    game = play([*TWO_BARNS, mv("AM-10", 2, 0, 90)], final=True)
    # the joined farm borders two completed cities: each barn scores 2 x 4
    assert sorted(points(game, "barn.final")) == [
        ("Blue", 8, "barn.final"),
        ("Red", 8, "barn.final"),
    ]
    red = [e for e in events(game, "points") if e.player == "Red"][0]
    assert "Blue's barn on the same farm scores in full too" in red.text


def test_car_182_189_a_second_barn_on_the_same_farm_is_refused():
    moves = [*TWO_BARNS[:4], mv("U", -1, 0, 90), mv("E", 0, 1, 180)]
    err = error_of([*moves, mv("E", -1, -1, 0, dep("barn", corner="SE"))])
    assert err.move == 7 and "the farm at that corner already has a barn" in str(err)


def test_barn_corner_legality():
    state = load_game(__import__("am_helpers").game_data(FARMERS)).state
    board = state.board
    # (1, 0): the square (1, -1) is still empty
    assert "is empty" in barn_corner_problem(board, Corner(1, 0))
    # (0, -1): the cap at (0, -1) shows its city... the point between the caps and the road
    assert "does not" in barn_corner_problem(board, Corner(0, -1)) or "is empty" in (
        barn_corner_problem(board, Corner(0, -1))
    )
    # (0, 0): (-1, -1), (0, -1), (0, 0), (-1, 0): all field at that point
    assert barn_corner_problem(board, Corner(0, 0)) is None
    # a corner of a tile placed earlier is not offered: only the placed tile's corners
    err = error_of([*FARMERS, mv("U", 2, 0, 90, dep("barn", corner=[0, 0]))])
    assert "a barn goes on a corner of the tile just placed" in str(err)


def test_seed_picture_no_barn_where_a_city_reaches_the_point():
    # N at (0, -1) turned 90 shows its city on the north and east sides: its south-east
    # corner, grid point (1, 0), touches the city, so no barn may stand there
    state = load_game(
        __import__("am_helpers").game_data([mv("N", 0, -1, 90), mv("U", 1, 0, 90)])
    ).state
    problem = barn_corner_problem(state.board, Corner(1, 0))
    assert problem is not None and "show field at the point" in problem
    assert "tile N at (0, -1)" in problem


def test_the_quick_barn_corner_check_agrees_with_the_reasons():
    """Offering barns uses barn_corner_fits, which builds no sentence: it must allow exactly
    the corners barn_corner_problem finds nothing against, at every grid point of real boards
    (each corner of each placed tile), including ones where some square is empty."""
    from carc_teach.expansions.abbey_mayor.rules import barn_corner_fits
    from carc_teach.simulate import random_game

    allowed = refused = 0
    for seed in (1, 2):
        board = random_game(seed, expansions=("base", "abbey-mayor")).state.board
        points = {
            Corner(x + dx, y + dy) for (x, y) in board.tiles for dx in (0, 1) for dy in (0, 1)
        }
        for corner in sorted(points, key=lambda c: (c.x, c.y)):
            fits = barn_corner_fits(board, corner)
            assert fits == (barn_corner_problem(board, corner) is None), corner
            allowed, refused = allowed + fits, refused + (not fits)
    assert allowed > 5 and refused > 100


def test_the_barns_hooks_wait_for_the_first_barn_in_every_line_up():
    """Set-up leaves the barns' extra_scorings and filter_deployments out of the game (before
    a barn stands they have nothing to do) and the first barn puts them back: its farm scores
    in the same step 3B (the scenarios above), before the Count's after_completed (car-187,
    ckr-10), whatever the order of the expansions. The module's after_completed (the wagons'
    moves) is one step 3B leaves out of a turn in which nothing scored. (A cache kept across
    games: the copies of the hooks are the kind's.) The next game of the kind starts without
    the barns' hooks again."""
    before = play(FARMERS).state
    module = before.hooks.by_id["abbey-mayor"]
    assert module.extra_scorings not in before.hooks.extra_scorings
    assert module.filter_deployments not in before.hooks.filter_deployments
    after = play([*FARMERS, RED_BARN]).state
    own = after.hooks.by_id["abbey-mayor"]
    assert after.hooks.extra_scorings == (own.extra_scorings,)
    assert own.filter_deployments in after.hooks.filter_deployments
    again = play(FARMERS).state
    assert again.hooks.by_id["abbey-mayor"].extra_scorings not in again.hooks.extra_scorings
    assert own.after_completed not in after.hooks.after_completed_unscored
    for expansions in (("base", "count", "abbey-mayor"), ("base", "abbey-mayor", "count")):
        state = play([], expansions=expansions).state
        own = state.hooks.by_id["abbey-mayor"]
        assert state.hooks.extra_scorings == ()
        assert own.after_completed in state.hooks.after_completed

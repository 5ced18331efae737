"""What the Abbey & Mayor walkthrough teaches, checked on the engine side (fast): its lessons,
the mayor, wagon and barn questions (answers read from the engine's events and decisions), move
notes held until those questions are answered, the table of special figures, and the
footnotes the lessons show."""

from __future__ import annotations

import random

import pytest

from carc_teach import examples, teach
from carc_teach.controllers import RandomController
from carc_teach.expansions.abbey_mayor import lessons
from carc_teach.game import Game
from carc_teach.setup import Setup
from carc_teach.text import plural
from carc_teach.turn import play


def _events(game, kind, rule=None):
    return [e for e in game.events if e.kind == kind and (rule is None or e.rule == rule)]


def _turn(game, index):
    return [e.index for e in game.events if e.turn == game.events[index].turn]


def _well_formed(q):
    assert q.answer in q.choices
    assert len(q.choices) == len(set(q.choices)) == 4
    assert q.question and q.explanation


# -- lessons ---------------------------------------------------------------------------------


def test_the_lessons_are_bundled_abbey_and_mayor_games():
    titles = lessons.lesson_titles()
    for title in (
        "The mayor",
        "The mayor without pennants",
        "The wagon",
        "Two wagons",
        "The barn",
        "Two barns",
        "The abbey",
    ):
        assert titles[title] in examples.names()
        game = lessons.load_lesson(title)
        assert "abbey-mayor" in game.setup.expansions
        assert lessons.lesson(titles[title]).title == title
    with pytest.raises(KeyError, match="no lesson"):
        lessons.lesson("The dragon")


def test_what_to_watch_gives_no_answer_away():
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        for k in range(len(game.events)):
            q = lessons.question(game, k)
            assert not teach.note_gives_away(item.watch, q), (item.title, k)


# -- the mayor ---------------------------------------------------------------------------------


def _mayor_event(game):
    (event,) = [e for e in _events(game, "figure-strength", "mayor.strength")]
    return event


def test_a_mayor_without_pennants_counts_nothing_and_a_knight_takes_the_city():
    # mayor-no-pennants: Blue's mayor and Red's knight in one city of 4 tiles (two caps E, two
    # corners N), no pennant: the mayor counts 0, Red's knight 1; Red scores 4 x 2 = 8
    game = lessons.load_lesson("The mayor without pennants")
    event = _mayor_event(game)
    assert event.player == "Blue" and event.data["strength"] == 0
    q = lessons.mayor_question_for(game, event.index)
    _well_formed(q)
    (scored,) = [e for e in _events(game, "points") if e.index > event.index][:1]
    assert (scored.player, scored.points) == ("Red", 8)
    assert q.answer == "Blue's mayor counts 0: Red alone takes the city"
    assert "no pennant" in q.question and "How strong" in q.question
    assert "counts 0" in q.explanation and "occupied" in q.explanation
    # the usual mistakes: the mayor as a knight (a tie), and the mayor blocking the city
    assert any("counts 1" in c and "tie" in c for c in q.choices)
    assert any("nobody scores" in c for c in q.choices)
    assert lessons.question(game, event.index) == q
    # the points are still asked next, as a scoring
    assert lessons.question(game, scored.index) == teach.prediction_for(game, scored.index)


#: mayor-pennants: three caps E, two pennant corners M and the pennant tile Q make one city of
#: 6 tiles and 3 pennants; Red's mayor counts 3 against Blue's 2 knights, so Red alone scores
#: 6 x 2 + 3 x 2 = 18
MAYOR_PENNANTS = 3


def test_a_mayor_counts_the_pennants_of_its_city():
    game = lessons.load_lesson("The mayor")
    event = _mayor_event(game)
    q = lessons.mayor_question_for(game, event.index)
    _well_formed(q)
    assert event.player == "Red" and event.data["strength"] == MAYOR_PENNANTS
    scored = next(e for e in _events(game, "points") if e.index > event.index)
    assert (scored.player, scored.points) == ("Red", 18)
    assert q.answer == "Red's mayor counts 3: Red alone takes the city"
    assert any(c.startswith("Red's mayor counts 1:") for c in q.choices)


def test_mayor_questions_only_at_the_mayors_strength():
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        asked = {k for k in range(len(game.events)) if lessons.mayor_question_for(game, k)}
        assert asked == {e.index for e in _events(game, "figure-strength", "mayor.strength")}


# -- the wagon ---------------------------------------------------------------------------------


def _wagon_moves(game):
    return [
        e
        for e in game.events
        if e.rule == "wagon.move" and e.kind in ("figure-moved", "figure-returned")
    ]


def _decision_targets(game, event):
    """The features the engine offered the wagon of ``event`` (None: it was not asked)."""
    for d in game.decisions():
        if d.kind == "wagon.move" and d.after_event == event.index:
            state = game.replay(d.after_event - 1)
            feats = {state.board.features.feature_of(o.to).id for o in d.options if o.to}
            return feats, state
    return None


def test_the_wagon_question_lists_exactly_the_offered_destinations():
    game = lessons.load_lesson("The wagon")
    (move,) = _wagon_moves(game)
    assert move.kind == "figure-moved"
    q = lessons.question(game, move.index)
    _well_formed(q)
    offered, state = _decision_targets(game, move)
    features = {f.id: f for f in state.board.features.features()}
    assert len(offered) == 1
    (target,) = [features[i] for i in offered]
    assert q.answer == f"Onto {target.describe()}, or back to Blue's supply"
    # Red's road (taken) and the completed southern road are offered among the wrong answers
    # or named in the explanation, with why they do not qualify
    assert "is taken (Red's thief)" in q.explanation
    assert "already completed" in q.explanation
    assert any("road of 3 tiles" in c for c in q.choices if c != q.answer)
    assert target.describe() in move.text


def test_two_wagons_order_then_nothing_left_for_the_second():
    game = lessons.load_lesson("Two wagons")
    first, second = _wagon_moves(game)
    active = next(e.player for e in game.events if e.turn == first.turn and e.kind == "tile-placed")
    seats = list(game.players)
    clockwise = seats[seats.index(active) :] + seats[: seats.index(active)]
    expected = [p for p in clockwise if p in (first.player, second.player)]
    assert [first.player, second.player] == expected

    order = lessons.question(game, first.index)
    _well_formed(order)
    assert order.answer.startswith(f"{expected[0]}, then {expected[1]}:")
    assert f"{expected[1]}, then {expected[0]}: counter-clockwise from {active}" in order.choices

    where = lessons.question(game, second.index)
    _well_formed(where)
    assert second.kind == "figure-returned"
    assert _decision_targets(game, second) is None  # nothing to offer: no decision asked
    assert where.answer == f"Nowhere: the wagon goes back to {second.player}'s supply"
    # the road the first wagon took is the tempting wrong answer
    taken = [c for c in where.choices if c.startswith("Onto the road of 1 tile")]
    assert taken and f"is taken ({first.player}'s wagon)" in where.explanation


def test_wagon_questions_at_every_move_after_a_scoring_during_the_game():
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        moves = {e.index for e in _wagon_moves(game) if e.step != "final"}
        asked = {k for k in range(len(game.events)) if lessons.wagon_question_for(game, k)}
        assert asked == moves


# -- the barn ----------------------------------------------------------------------------------


def test_a_barn_placed_on_farmers_scores_them_three_per_city_at_once():
    game = lessons.load_lesson("The barn")
    (scored,) = _events(game, "points", "barn.scoring")
    placed = next(e for e in _events(game, "figure-deployed", "barn.placement"))
    assert placed.turn == scored.turn
    q = lessons.question(game, scored.index)
    _well_formed(q)
    assert q == lessons.barn_question_for(game, scored.index)
    # barn-farmers: the one completed city (the caps at (0, -1) and (0, -2)) borders Blue's
    # farm; Red's barn makes Blue's farmer score 3 x 1 = 3 at once
    assert (scored.player, scored.points) == ("Blue", 3)
    assert q.answer == "3 points"
    assert "borders 1 completed city" in q.question
    assert {"4 points", "1 point"} <= set(q.choices)  # the barn's own rate, the joining rate


def test_a_farm_joined_to_a_barns_farm_scores_one_per_city():
    game = lessons.load_lesson("The barn")
    (connect,) = _events(game, "barn-connect")
    (scored,) = _events(game, "points", "barn.connect")
    assert scored.index > connect.index and scored.turn == connect.turn
    q = lessons.question(game, connect.index)
    _well_formed(q)
    cities = 1  # the one completed city of the game borders the joined farm
    assert scored.points == cities
    assert q.answer == "1 point"
    assert {"3 points", "4 points"} <= set(q.choices)  # the placement and the barn's rates
    assert "not 3" in q.explanation and "not 4" in q.explanation
    # asked before the event says it: the event is hidden while the question is open
    hidden = teach.walkthrough_explanation_markdown(connect, hidden=True)
    assert connect.text not in hidden
    # the farmers' points are not asked a second time
    assert lessons.question(game, scored.index) is None


def test_after_the_game_a_barn_scores_four_per_city_and_two_barns_each_in_full():
    game = lessons.load_lesson("The barn")
    (final,) = _events(game, "points", "barn.final")
    q = lessons.question(game, final.index)
    _well_formed(q)
    assert q.answer == "4 points" and "3 points" in q.choices

    two = lessons.load_lesson("Two barns")
    first, second = _events(two, "points", "barn.final")
    assert first.feature == second.feature and first.player != second.player
    q = lessons.question(two, first.index)
    _well_formed(q)
    assert q.answer == plural(first.points, "point") == "8 points"
    assert "4 points" in q.choices  # shared between the two barns: the classic mistake
    assert "same farm" in q.question and "in full" in q.explanation
    assert lessons.question(two, second.index) is None  # one question per farm


# -- one question per event, and notes ---------------------------------------------------------


def test_the_walkthrough_asks_its_own_question_or_the_points():
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        for k in range(len(game.events)):
            own = lessons.expansion_question(game, k)
            q = lessons.question(game, k)
            if own is not None:
                assert q == own
            elif q is not None:
                assert q == teach.prediction_for(game, k)
            if q is not None:
                assert q.answer in q.choices


def test_notes_never_give_an_answer_away_before_its_question():
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        for k in range(len(game.events)):
            shown = lessons.note(game, k)
            if not shown:
                continue
            for j in _turn(game, k):
                q = lessons.question(game, j)
                if j > k and q is not None:
                    assert not teach.note_gives_away(shown, q), (item.title, k, j)
            # a note ahead of the turn's first Abbey & Mayor question waits for it
            asked = [j for j in _turn(game, k) if lessons.expansion_question(game, j)]
            assert not asked or asked[0] <= k, (item.title, k, asked)


def test_every_move_note_is_shown_in_its_turn():
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        for event in game.events:
            own = (event.data or {}).get("note")
            if own:
                shown = [lessons.note(game, k) for k in _turn(game, event.index)]
                assert own in shown, (item.title, event.index)


def test_notes_wait_for_the_wagon_question():
    game = lessons.load_lesson("The wagon")
    (move,) = _wagon_moves(game)
    held = next(e for e in game.events if e.turn == move.turn and (e.data or {}).get("note"))
    assert "cloister" in held.data["note"]  # it says where the wagon goes
    assert all(lessons.note(game, k) == "" for k in range(held.index, move.index))
    assert lessons.note(game, move.index) == held.data["note"]
    assert lessons.note(game, held.index, quiz=False) == held.data["note"]


# -- the table beside the board ----------------------------------------------------------------


def test_the_table_lists_every_special_figure_where_it_stands():
    game = lessons.load_lesson("The mayor")
    (setup,) = _events(game, "expansion-setup")
    assert lessons.special_figures(game.replay(setup.index - 1)) == []
    for k in range(setup.index, len(game.events)):
        state = game.replay(k)
        rows = lessons.special_figures(state)
        assert {(r["owner"], r["kind"]) for r in rows} == {
            (p, kind) for p in game.players for kind in ("mayor", "wagon", "barn")
        }
        for row in rows:
            figure = state.figures[row["figure"]]
            assert row["on_board"] == (figure.location is not None)
            if row["kind"] == "mayor" and figure.node is not None:
                city = state.board.features.feature_of(figure.node)
                p = city.pennants
                assert row["counts"] == f"{plural(p, 'follower')} ({plural(p, 'pennant')})"
                assert city.describe() in row["where"]


def test_the_table_at_key_events():
    game = lessons.load_lesson("The mayor")
    event = _mayor_event(game)
    html = lessons.special_figures_html(game, event.index)
    pennants = MAYOR_PENNANTS
    assert f"{pennants} followers ({pennants} pennants)" in html
    assert f'class="figure changed" data-figure="{event.figure}"' in html
    hidden = lessons.special_figures_html(game, event.index, hidden=True)
    assert "changed" not in hidden and f"{pennants} followers" not in hidden

    two = lessons.load_lesson("Two wagons")
    first, second = _wagon_moves(two)
    html = lessons.special_figures_html(two, second.index)
    rows = {r["figure"]: r for r in lessons.special_figures(two.replay(second.index))}
    assert rows[first.figure]["where"].startswith("the road of 1 tile")
    assert not rows[second.figure]["on_board"]
    assert f"event {first.index}: rolled on to the road of 1 tile" in html
    assert f"event {second.index}: back to the supply (no unfinished" in html

    barn = lessons.load_lesson("The barn")
    placed = next(e for e in _events(barn, "figure-deployed", "barn.placement"))
    x, y = placed.data["location"]["corner"]
    row = next(
        r
        for r in lessons.special_figures(barn.replay(placed.index))
        if r["kind"] == "barn" and r["on_board"]
    )
    assert row["owner"] == placed.player
    assert row["where"].startswith(f"the corner point ({x}, {y}) on the farm of")
    assert "borders 1 completed city" in row["counts"]
    (final,) = _events(barn, "points", "barn.final")
    assert "4 points each" not in lessons.special_figures_html(barn, final.index, hidden=True)


def test_no_table_and_no_questions_without_the_expansion():
    base = examples.load("first-turns")
    assert lessons.special_figures(base.replay(3)) == []
    assert lessons.special_figures_html(base, 3) == ""
    for k in range(len(base.events)):
        assert lessons.expansion_question(base, k) is None
        assert lessons.question(base, k) == teach.prediction_for(base, k)


# -- random games ------------------------------------------------------------------------------


def _random_game(seed, options=None):
    setup = Setup(
        players=("Alice", "Bob", "Carol"),
        expansions=("base", "abbey-mayor", "big-follower", "builder", "pig"),
        seed=seed,
        rules={"options": options} if options else {},
    )
    controller = RandomController(random.Random(f"lesson:{seed}"))
    state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state, controller.final_actions)


@pytest.mark.parametrize(
    ("seed", "options"),
    # seeds whose games place barns, join farms to them and move wagons under both editions
    [
        (2, None),
        (8, None),
        (5, {"wagon.move-rule": "neighbourhood"}),
        (13, {"wagon.move-rule": "neighbourhood"}),
    ],
)
def test_questions_hold_in_random_games(seed, options):
    game = _random_game(seed, options)
    offered = {}
    for d in game.decisions():
        if d.kind == "wagon.move":
            offered[d.after_event] = sum(1 for o in d.options if o.to is not None)
    for k, event in enumerate(game.events):
        q = lessons.question(game, k)
        if q is None:
            continue
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices) >= 3
        moves = lessons.wagon_moves(game, k) if event.rule == "wagon.move" else []
        if moves and not (len(moves) > 1 and moves[0].index == k):  # "where may it go?"
            assert q.answer.startswith("Onto") == (k in offered), k
        if event.rule == "wagon.move" and event.kind == "figure-moved":
            assert q.answer.startswith("Onto") or "then" in q.answer
        if event.kind == "points" and event.rule.startswith("barn."):
            assert q.answer == plural(event.points, "point")
    for k in range(0, len(game.events), 7):
        lessons.special_figures_html(game, k)

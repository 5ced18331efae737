"""What the walkthrough of the scoring after the game shows, checked on the engine side (fast):
where it starts, the steps of the scoring in the order the engine runs them, the questions on
the Count's final loop, farms, the King and the Robber Baron and barns (answers read from the
events and the state), notes that wait, the barn on the board, and the footnotes."""

from __future__ import annotations

import pytest

from carc_teach import examples, teach
from carc_teach.expansions.count import views as count_views
from carc_teach.lessons import after_game as lesson


@pytest.fixture(scope="module")
def game():
    return examples.load("after-game")


def _asked(game, ask=lesson.after_game_question):
    return {k: q for k in range(len(game.events)) if (q := ask(game, k)) is not None}


def _final(game):
    return next(e.index for e in game.events if e.kind == "final-scoring")


def test_it_starts_at_the_last_tile(game):
    k = lesson.start_index(game)
    event = game.events[k]
    assert event.kind == "tile-placed"
    assert not any(e.kind == "tile-placed" for e in game.events[k + 1 :])
    assert k < _final(game)


def test_the_game_reaches_every_step_of_the_scoring_after_it(game):
    end = len(game.events) - 1
    rows = lesson.final_steps(game, end)
    assert [r["key"] for r in rows] == [key for key, *_ in lesson.STEPS]
    assert all(r["status"] == "done" for r in rows)
    points: dict[str, dict[str, int]] = {}
    for e in game.events[_final(game) :]:
        if e.kind == "points":
            step = next(key for key, _, rules, _ in lesson.STEPS if e.rule in rules)
            points.setdefault(step, {})
            points[step][e.player] = points[step].get(e.player, 0) + e.points
    for row in rows:
        if row["key"] == "market":
            assert row["results"].count("→") == 3
        else:
            assert row["results"] == ", ".join(f"{p} {n}" for p, n in points[row["key"]].items())


def test_the_steps_table_follows_the_events(game):
    start = lesson.final_steps(game, lesson.start_index(game))
    assert all(r["status"] == "to come" and r["results"] == "" for r in start)
    farm = next(e.index for e in game.events if e.rule == "base.final.farm" and e.kind == "points")
    rows = {r["key"]: r for r in lesson.final_steps(game, farm, hidden=True)}
    assert rows["farm"]["status"] == "now" and rows["farm"]["results"] == ""
    assert rows["market"]["status"] == rows["cloister"]["status"] == "done"
    assert rows["king"]["status"] == rows["barn"]["status"] == "to come"
    html = lesson.final_steps_html(game, farm)
    assert 'class="final-step now" data-step="farm"' in html
    assert lesson.final_steps(examples.load("river-first"), 10) == []


def test_no_question_before_the_game_ends(game):
    final = _final(game)
    asked = _asked(game)
    assert asked and min(asked) == final  # who leaves the City first
    assert all(game.events[k].step == "final" for k in asked)
    for q in asked.values():
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices) >= 3


def test_the_final_loop_questions(game):
    moves = [
        e.index
        for e in game.events
        if e.kind == "figure-moved" and e.rule == "count.redeploy.final"
    ]
    asked = _asked(game, lesson.market_question_for)
    # each asked just before the move it is about, while the board does not show it yet
    assert sorted(asked) == [k - 1 for k in moves]
    last = game.events[lesson.start_index(game)].player
    state = game.replay(lesson.start_index(game))
    first = state.players_from(last)[0]
    q = asked[moves[0] - 1]
    assert game.events[moves[0] - 1].kind == "final-scoring"
    assert game.events[moves[0]].player == first
    assert q.answer.startswith(f"{first}: the player on the left of {last}")
    second = asked[moves[1] - 1]
    assert second.answer.startswith(f"{game.events[moves[1]].player} may move one follower")
    assert game.events[moves[1]].player != game.events[moves[0]].player
    castle = asked[moves[2] - 1]
    assert (game.events[moves[2]].data["from"]) == {"place": "count.castle"}
    assert castle.answer.startswith("Yes: into an unfinished city")
    # the option count.final-redeploy, named by its question
    assert "“After the game, which quarters may send followers out?”" in castle.explanation
    # the City is empty of the movers afterwards, and the table said who waited where
    before = {r["quarter"]: r["waiting"] for r in count_views.city_quarters(state)}
    assert before["market"] == ["Alice's follower", "Bob's follower"]
    assert before["castle"] == ["Bob's follower"]
    after = count_views.city_quarters(game.replay(moves[-1]))
    assert all(not r["waiting"] for r in after)


# The points after the game, worked out by hand from the moves of after-game.json:
# - completed cities: Bob's city east of CC-12 (the cap, F at (2, 1), Alice's cap at (3, 1);
#   move 3) and Alice's city north of the castle (caps at (0, -2) and (0, -3); move 8); every
#   other city is open (L's cap at (-4, -1), Bob's cap at (1, 2), the city below CC-9);
# - completed roads: only the one Bob closed with L in move 6 (L, U at (-3, -1), CC-1).
# - the farm north of the City (L's north field, U at (-3, -1), CC-1 to CC-4, V at (-1, -2),
#   the cap at (0, -2)) holds Alice's farmer from V and, after the final loop, one market
#   follower each: Alice 2 against Bob 1. It borders Alice's north city (complete), L's cap
#   (open) and the City: 3 x (1 + 1) = 6 for Alice.
# - Bob's barn at grid point (1, 2) stands on the farm south-east of the City, bordering the
#   City, Bob's city east of CC-12 (both complete) and the open cap at (1, 2): 4 x 2 = 8.
FARM_POINTS = {"Alice": 6}  # 3 x (Alice's north city + the City of Carcassonne)
KING_POINTS = ("Alice", 3)  # Bob's city, Alice's north city, the City of Carcassonne
ROBBER_POINTS = ("Bob", 1)  # the road closed by L in move 6
BARN_POINTS = ("Bob", 8)  # 4 x (Bob's city east of CC-12 + the City of Carcassonne)


def test_the_farm_counts_the_city_of_carcassonne(game):
    farms = [e for e in game.events if e.kind == "points" and e.rule == "base.final.farm"]
    assert {e.player: e.points for e in farms} == FARM_POINTS
    asked = _asked(game, lesson.farm_question_for)
    assert sorted(asked) == [e.index for e in farms]
    for k, q in asked.items():
        event = game.events[k]
        city = sum(p for what, p in event.breakdown if what.startswith("the City of Carcassonne"))
        assert city == 3
        assert q.answer == "6 points"
        assert "3 points" in q.choices  # the City forgotten
        assert "City of Carcassonne" in q.explanation


def test_the_king_and_the_robber_count_every_completed_one(game):
    asked = _asked(game, lesson.token_question_for)
    assert {game.events[k].rule for k in asked} == {"king.final", "robber.final"}
    for k, q in asked.items():
        event = game.events[k]
        if event.rule == "king.final":
            assert (event.player, event.points) == KING_POINTS
            assert q.answer.startswith("3 point") and "every completed" in q.answer
            assert "the City of Carcassonne too" in q.answer
            assert any(c.startswith("2 point") for c in q.choices)  # the City forgotten
        else:
            assert (event.player, event.points) == ROBBER_POINTS
            assert q.answer.startswith("1 point") and "every completed" in q.answer


def test_the_barn_pays_four_per_city(game):
    asked = _asked(game, lesson.barn_question_for)
    (k,) = asked
    event, q = game.events[k], asked[k]
    assert (event.player, event.points) == BARN_POINTS
    assert q.answer == "8 points" and "6 points" in q.choices  # 3 per city: the barn's placement
    state = game.replay(k - 1)
    barn = next(f for f in state.figures.values() if f.kind == "barn" and f.player == event.player)
    html = lesson.barns_html(game, k)
    assert 'class="barn changed"' in html and "the farm of" in html
    assert "changed" not in lesson.barns_html(game, k, hidden=True)
    svg = teach.board_for_event(game, k)
    assert f'data-figure="{barn.id}"' in svg and 'class="corner-figures"' in svg


def test_other_final_scorings_ask_their_points(game):
    asked = _asked(game)
    own = {
        **_asked(game, lesson.market_question_for),
        **_asked(game, lesson.farm_question_for),
        **_asked(game, lesson.token_question_for),
        **_asked(game, lesson.barn_question_for),
    }
    for k, q in asked.items():
        assert q == own.get(k, teach.prediction_for(game, k))
    rules = {game.events[k].rule for k in asked if k not in own}
    assert rules == {"base.final.road", "base.final.city", "base.final.cloister"}


def test_notes_never_give_away_a_question(game):
    asked = _asked(game)
    for k in range(len(game.events)):
        note = lesson.after_game_note(game, k)
        if not note:
            continue
        assert not teach.note_gives_away(note)
        for j, q in asked.items():
            if j > k and game.events[j].turn == game.events[k].turn:
                assert not teach.note_gives_away(note, q)
    for k in range(len(game.events)):
        assert lesson.after_game_note(game, k, quiz=False) == teach.event_note(game, k, quiz=False)


def test_the_deciding_footnotes_reach_their_events(game):
    shown = {
        e.index: {n["id"] for n in teach.annotation_notes(e, expansions=game.setup.expansions)}
        for e in game.events
    }
    moves = [e.index for e in game.events if e.rule == "count.redeploy.final"]
    assert all("ckr-27" in shown[k] for k in moves)
    for rule, note in (
        ("base.final.farm", "ckr-1"),
        ("king.final", "ckr-1"),
        ("barn.final", "car-193"),
    ):
        k = next(e.index for e in game.events if e.rule == rule and e.kind == "points")
        assert note in shown[k]
    covered = {item["id"] for item in teach.footnotes_covered(game)}
    assert {"ckr-1", "ckr-27", "car-193", "ckr-35"} <= covered

"""What the walkthrough of the scoring after the game shows, checked on the engine side (fast):
where it starts, the steps of the scoring in the order the engine runs them, the questions on
the Count's final loop, farms, the King and the Robber Baron and barns (answers read from the
events and the state), notes that wait, the barn on the board, and the footnotes."""

from __future__ import annotations

import pytest

from carc_teach import examples, teach
from carc_teach.lessons import after_game as lesson
from carc_teach.rules.abbey_mayor import barn_farm, farm_cities


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
    assert "count.final-redeploy" in castle.explanation
    # the City is empty of the movers afterwards, and the table said who waited where
    before = {r["quarter"]: r["waiting"] for r in teach.city_quarters(state)}
    assert before["market"] == ["Alice's follower", "Bob's follower"]
    assert before["castle"] == ["Bob's follower"]
    after = teach.city_quarters(game.replay(moves[-1]))
    assert all(not r["waiting"] for r in after)


def test_the_farm_counts_the_city_of_carcassonne(game):
    asked = _asked(game, lesson.farm_question_for)
    assert asked
    for k, q in asked.items():
        event = game.events[k]
        city = sum(p for what, p in event.breakdown if what.startswith("the City of Carcassonne"))
        assert city == 3
        assert q.answer == f"{event.points} points"
        assert f"{event.points - city} points" in q.choices  # the City forgotten
        assert "City of Carcassonne" in q.explanation
        state = game.replay(k - 1)
        farm = state.board.features.feature_of(event.nodes[0])
        complete = sum(c.complete for c in state.board.features.bordering_cities(farm))
        assert event.points == 3 * (complete + 1)
        assert any(not c.complete for c in state.board.features.bordering_cities(farm))


def test_the_king_and_the_robber_count_every_completed_one(game):
    asked = _asked(game, lesson.token_question_for)
    assert {game.events[k].rule for k in asked} == {"king.final", "robber.final"}
    state = game.replay(_final(game))
    features = state.board.features.features()
    for k, q in asked.items():
        event = game.events[k]
        word = "city" if event.rule == "king.final" else "road"
        count = sum(1 for f in features if f.kind == word and f.complete)
        expected = count + (1 if word == "city" else 0)  # the City of Carcassonne
        assert event.points == expected
        assert q.answer.startswith(f"{expected} point")
        assert "every completed" in q.answer
        if word == "city":
            assert "the City of Carcassonne too" in q.answer
            assert any(c.startswith(f"{expected - 1} point") for c in q.choices)


def test_the_barn_pays_four_per_city(game):
    asked = _asked(game, lesson.barn_question_for)
    (k,) = asked
    event, q = game.events[k], asked[k]
    state = game.replay(k - 1)
    barn = next(f for f in state.figures.values() if f.kind == "barn" and f.player == event.player)
    n, city = farm_cities(state, barn_farm(state, barn))
    assert city and event.points == 4 * n
    assert q.answer == f"{4 * n} points" and f"{3 * n} points" in q.choices
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

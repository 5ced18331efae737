"""What the Heretics & Shrines walkthrough shows, checked on the engine side (fast): the open
challenges table, the "who scores this challenge?" questions (one tile finishing both
buildings, one finished first, one still open at the end), notes held back until those are
answered, and the footnotes the walkthrough covers."""

from __future__ import annotations

import pytest

import carc_teach.annotations as annotations
from carc_teach import examples, teach
from carc_teach.expansions.shrines import views as shrines_views
from carc_teach.text import escape_markdown


@pytest.fixture(scope="module")
def game():
    return examples.load("shrines")


def _kinds(game, kind):
    return [e.index for e in game.events if e.kind == kind]


def test_the_table_lists_each_challenge_from_start_to_end(game):
    started = _kinds(game, "challenge-started")
    assert len(started) == 3
    for k in started:
        event = game.events[k]
        rows = shrines_views.open_challenges(game.replay(k))
        before = shrines_views.open_challenges(game.replay(k - 1))
        assert len(rows) == len(before) + 1
        new = rows[-1]
        shrine, cloister = (f"({n[0]}, {n[1]})" for n in event.nodes)
        assert (new["shrine"], new["cloister"]) == (shrine, cloister)
        assert new["challenger"] == event.player
        assert new["heretic"] and new["monk"]
        html = shrines_views.open_challenges_html(game, k)
        assert f'class="challenge changed" data-shrine="{shrine}"' in html
        assert "changed" not in shrines_views.open_challenges_html(game, k, hidden=True)
    for k in _kinds(game, "challenge-drawn") + _kinds(game, "shrine-challenge-lost"):
        assert len(shrines_views.open_challenges(game.replay(k))) == 0
        assert 'class="challenge closed"' in shrines_views.open_challenges_html(game, k)
    end = len(game.events) - 1
    assert len(shrines_views.open_challenges(game.replay(end))) == 1
    assert "open at the end" in shrines_views.open_challenges_html(game, end)


def test_no_challenges_without_shrines():
    base = examples.load("first-turns")
    assert shrines_views.open_challenges(base.replay(3)) == []
    assert shrines_views.open_challenges_html(base, 3) == ""
    assert all(
        shrines_views.challenge_question_for(base, k) is None for k in range(len(base.events))
    )


def test_who_scores_is_asked_where_learners_go_wrong(game):
    asked = {
        k: q
        for k in range(len(game.events))
        if (q := shrines_views.challenge_question_for(game, k))
    }
    assert len(asked) == 3
    drawn, lost, still_open = sorted(asked)
    # One tile finishes both buildings: asked at the first of the two completions, both score.
    assert game.events[drawn].kind == "feature-completed"
    assert game.events[drawn + 1].kind == "feature-completed"
    assert "completes both buildings" in asked[drawn].question
    assert asked[drawn].answer.startswith("Both")
    later = [e for e in game.events if e.turn == game.events[drawn].turn and e.kind == "points"]
    assert [e.points for e in later] == [9, 9]
    # One building finished first: the other's follower scores nothing, even the placer's.
    loss = next(e for e in game.events if e.kind == "shrine-challenge-lost")
    assert loss.turn == game.events[lost].turn and loss.data["active_lost"]
    assert asked[lost].answer.startswith(f"Only the monk ({loss.data['winner'][0]})")
    # Still open after the game: both score as unfinished buildings.
    assert game.events[still_open].kind == "challenge-open"
    assert asked[still_open].answer.startswith("Both")
    for k, q in asked.items():
        assert q.answer in q.choices and len(set(q.choices)) == 4
        assert teach.prediction_for(game, k) is None
        assert shrines_views.shrines_question(game, k) == q
    points = [k for k in range(len(game.events)) if teach.prediction_for(game, k)]
    assert all(
        shrines_views.shrines_question(game, k) == teach.prediction_for(game, k) for k in points
    )


def test_notes_wait_for_the_challenge_question_of_their_turn(game):
    for k in range(len(game.events)):
        if shrines_views.challenge_question_for(game, k) is None or game.events[k].step == "final":
            continue
        turn = game.events[k].turn
        earlier = [e.index for e in game.events if e.turn == turn and e.index < k]
        assert all(shrines_views.shrines_note(game, j) == "" for j in earlier)
        held = [(game.events[j].data or {}).get("note", "") for j in earlier]
        assert shrines_views.shrines_note(game, k) == [n for n in held if n][-1]
    for k in range(len(game.events)):
        assert shrines_views.shrines_note(game, k, quiz=False) == teach.event_note(
            game, k, quiz=False
        )


def test_a_pending_question_hides_the_event(game):
    k = _kinds(game, "challenge-open")[0]
    event = game.events[k]
    hidden = teach.walkthrough_explanation_markdown(event, hidden=True)
    assert event.text not in hidden and f"Event {k}" in hidden
    assert escape_markdown(event.text) in teach.walkthrough_explanation_markdown(
        event, hidden=False
    )


def test_the_footnotes_covered_are_those_shown_with_their_citations(game):
    covered = teach.footnotes_covered(game)
    shown = {
        n["id"]
        for e in game.events
        for n in teach.annotation_notes(e, expansions=game.setup.expansions)
    }
    assert {item["id"] for item in covered} == shown
    assert {"ckr-50", "ckr-55", "ckr-57"} <= shown
    text = teach.footnotes_covered_markdown(game)
    for item in covered:
        assert annotations.cite(item["id"]) in text
        assert item["events"] == sorted(item["events"])

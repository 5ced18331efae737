"""What the Count of Carcassonne walkthrough shows, checked on the engine side (fast): the
City's quarters and who waits there, the "may Alice deploy to the City now?" questions, notes
held back until those are answered, and the footnotes the walkthrough covers."""

from __future__ import annotations

import pytest

import carc_teach.annotations as annotations
from carc_teach import examples, teach
from carc_teach.expansions.count import views as count_views
from carc_teach.text import escape_markdown


@pytest.fixture(scope="module")
def game():
    return examples.load("count-city")


def _deployments(game):
    return [e.index for e in game.events if e.rule == "count.deploy"]


def test_the_quarters_list_who_waits_where_and_the_count(game):
    first = _deployments(game)[0]
    before = count_views.city_quarters(game.replay(first - 1))
    after = count_views.city_quarters(game.replay(first))
    assert [r["quarter"] for r in after] == ["castle", "market", "blacksmith", "cathedral"]
    assert all(r["tile"].startswith("CC-") for r in after)
    assert sum(r["count"] for r in after) == 1
    entered = [a for b, a in zip(before, after, strict=True) if a["waiting"] != b["waiting"]]
    assert [r["waiting"] for r in entered] == [[f"{game.events[first].player}'s follower"]]
    html = count_views.city_quarters_html(game, first)
    assert f'class="quarter changed" data-quarter="{entered[0]["quarter"]}"' in html
    assert "changed" not in count_views.city_quarters_html(game, first, hidden=True)


def test_no_quarters_without_the_count():
    base = examples.load("first-turns")
    assert count_views.city_quarters(base.replay(3)) == []
    assert count_views.city_quarters_html(base, 3) == ""
    assert all(count_views.city_question_for(base, k) is None for k in range(len(base.events)))


def test_the_city_question_is_asked_at_each_deployment_and_where_it_is_refused(game):
    asked = {
        k: count_views.city_question_for(game, k)
        for k in range(len(game.events))
        if count_views.city_question_for(game, k)
    }
    yes = [k for k, q in asked.items() if q.answer.startswith("Yes")]
    no = [k for k, q in asked.items() if q.answer.startswith("No")]
    assert yes == _deployments(game)
    assert len(no) == 1
    refused = game.events[no[0]]
    assert refused.step == "3B" and not teach.is_scoring(refused)
    turn_scorers = {e.player for e in game.events if e.turn == refused.turn and e.kind == "points"}
    placer = next(
        e.player for e in game.events if e.turn == refused.turn and e.kind == "tile-placed"
    )
    assert placer in turn_scorers and "scored as well" in asked[no[0]].answer
    for k, q in asked.items():
        assert q.answer in q.choices and len(set(q.choices)) == 4
        assert teach.prediction_for(game, k) is None
        assert count_views.walkthrough_question(game, k) == q


def test_notes_wait_for_the_city_question_of_their_turn(game):
    for k in _deployments(game):
        turn = game.events[k].turn
        earlier = [e.index for e in game.events if e.turn == turn and e.index < k]
        assert all(count_views.walkthrough_note(game, j) == "" for j in earlier)
        held = [(game.events[j].data or {}).get("note", "") for j in earlier]
        assert count_views.walkthrough_note(game, k) == [n for n in held if n][-1]
    for k in range(len(game.events)):
        assert count_views.walkthrough_note(game, k, quiz=False) == teach.event_note(
            game, k, quiz=False
        )


def test_a_pending_question_hides_the_event(game):
    k = _deployments(game)[0]
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
    assert {"ckr-7", "ckr-13", "ckr-27"} <= shown
    text = teach.footnotes_covered_markdown(game)
    for item in covered:
        assert annotations.cite(item["id"]) in text
        assert item["events"] == sorted(item["events"])

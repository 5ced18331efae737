"""What the King & Robber Baron walkthrough shows, checked on the engine side (fast): who holds
the King and the Robber Baron and the size to beat, the "does the King change hands?"
questions (by tiles, not points), notes held back until those are answered, and the footnotes
the walkthrough covers."""

from __future__ import annotations

import pytest

import carc_teach.annotations as annotations
from carc_teach import examples, teach
from carc_teach.expansions.king_robber import views as king_views
from carc_teach.expansions.king_robber.rules import holder


@pytest.fixture(scope="module")
def game():
    return examples.load("king-robber")


def _judgements(game):
    """The award events of the log: a token moved or kept during the game."""
    return [
        e.index
        for e in game.events
        if e.rule in ("king.award", "robber.award")
        and e.kind in ("figure-moved", "token-kept")
        and e.step != "final"
    ]


def test_the_panel_follows_the_engine(game):
    aside = next(e.index for e in game.events if e.kind == "tokens-set-aside")
    for k in range(aside, len(game.events)):
        state = game.replay(k)
        rows = {r["token"]: r for r in king_views.royal_tokens(state)}
        assert set(rows) == {"king", "robber-baron"}
        for fid, row in rows.items():
            assert row["holder"] == holder(state, fid)
            kind = "city" if fid == "king" else "road"
            assert row["to_beat"] == state.ext["king-robber"].record[kind]


def test_the_panel_shades_the_token_the_event_changed(game):
    moved = next(
        e
        for e in game.events
        if e.kind == "figure-moved"
        and e.rule == "king.award"
        and (e.data or {}).get("from") != "supply"
    )
    html = king_views.royal_tokens_html(game, moved.index)
    assert 'class="token changed" data-token="king"' in html
    assert 'class="token changed" data-token="robber-baron"' not in html
    new = moved.data["to"]["held"]
    old = moved.data["from"]["held"]
    assert new in html
    hidden = king_views.royal_tokens_html(game, moved.index, hidden=True)
    assert "changed" not in hidden and old in hidden


def test_no_tokens_without_the_module():
    base = examples.load("first-turns")
    assert king_views.royal_tokens(base.replay(3)) == []
    assert king_views.royal_tokens_html(base, 3) == ""
    assert king_views.token_awards(base) == []
    assert all(king_views.token_question_for(base, k) is None for k in range(len(base.events)))


def test_the_awards_agree_with_the_events(game):
    awards = king_views.token_awards(game)
    assert [a["index"] for a in awards] == _judgements(game)
    for a in awards:
        event = game.events[a["index"]]
        assert f"of {a['size']} tile" in event.text
        assert (a["after"] != a["before"]) == (event.kind == "figure-moved")
        assert a["after"] == holder(game.replay(a["index"]), a["token"])
        if event.kind == "figure-moved":
            assert a["size"] > a["to_beat"]
            assert a["after"] == a["player"]
        else:
            assert a["size"] <= a["to_beat"] or a["after"] == a["player"]


def test_the_king_goes_by_tiles_not_points(game):
    awards = {a["index"]: a for a in king_views.token_awards(game)}
    # An equal city worth fewer points keeps the King where it is (ckr-35).
    equal = next(a for a in awards.values() if a["token"] == "king" and a["size"] == a["to_beat"])
    assert equal["worth"] < equal["record_worth"] and equal["after"] == equal["before"]
    # A bigger city that scores nobody takes it.
    ring = next(
        a for a in awards.values() if a["token"] == "king" and a["before"] and not a["scored"]
    )
    assert ring["size"] > ring["to_beat"] and ring["after"] == ring["player"] != ring["before"]
    assert ring["worth"] <= ring["record_worth"]
    q = king_views.token_question_for(game, ring["index"])
    assert q.answer.startswith("Yes") and "more tiles" in q.answer
    assert any("points" in c and c.startswith("No") for c in q.choices)
    assert "tile" not in q.question  # the question gives the worth, never the size
    assert "ckr-35" in game.events[ring["index"]].annotations


def test_a_question_at_every_judgement_and_nowhere_else(game):
    judged = set(_judgements(game))
    for k in range(len(game.events)):
        q = king_views.token_question_for(game, k)
        assert (q is not None) == (k in judged)
        if q is None:
            continue
        assert q.answer in q.choices and len(set(q.choices)) == 4
        assert teach.prediction_for(game, k) is None
        assert king_views.king_walkthrough_question(game, k) == q
        moved = game.events[k].kind == "figure-moved"
        a = next(a for a in king_views.token_awards(game) if a["index"] == k)
        assert q.answer.startswith("Yes") == (
            moved and a["before"] is not None or a["before"] is None
        )
    for k in range(len(game.events)):
        if teach.prediction_for(game, k):
            assert king_views.king_walkthrough_question(game, k) == teach.prediction_for(game, k)


def test_notes_wait_for_the_token_question_of_their_turn(game):
    for k in _judgements(game):
        span = [e for e in game.events if e.turn == game.events[k].turn]
        earlier = [e.index for e in span if e.index < k]
        assert all(king_views.king_walkthrough_note(game, j) == "" for j in earlier)
        held = [(game.events[j].data or {}).get("note", "") for j in earlier]
        if any(held):
            assert king_views.king_walkthrough_note(game, k) == [n for n in held if n][-1]
    for k in range(len(game.events)):
        assert king_views.king_walkthrough_note(game, k, quiz=False) == teach.event_note(
            game, k, quiz=False
        )


def test_a_pending_question_hides_the_transfer(game):
    k = next(e.index for e in game.events if e.kind == "figure-moved" and e.rule == "king.award")
    event = game.events[k]
    hidden = teach.walkthrough_explanation_markdown(event, hidden=True)
    assert event.text not in hidden and f"Event {k}" in hidden


def test_the_footnotes_covered_are_those_shown_with_their_citations(game):
    covered = teach.footnotes_covered(game)
    shown = {
        n["id"]
        for e in game.events
        for n in teach.annotation_notes(e, expansions=game.setup.expansions)
    }
    assert {item["id"] for item in covered} == shown
    assert shown
    text = teach.footnotes_covered_markdown(game)
    for item in covered:
        assert annotations.cite(item["id"]) in text

"""What the walkthroughs show, checked on the engine side (``carc_teach.teach``), fast.

- footnotes only of the expansions in play, cited as a reader would cite them;
- no move note gives away a prediction before it is answered;
- "why this many points?" adds up to the score.

(Classroom mode: tests/notebooks/test_classroom_stage.py.)
"""

from __future__ import annotations

import json

import pytest

import carc_teach.annotations as annotations
from carc_teach import examples, teach
from carc_teach.gamefile import load_game

GAMES = {name: examples.load(name) for name in examples.names()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_walkthrough_shows_a_footnote_of_an_expansion_it_does_not_use(name):
    game = GAMES[name]
    in_play = teach.expansions_in_play(game.setup.expansions)
    for event in game.events:
        attached = {annotations.resolve_id(a) for a in event.annotations}
        for note in teach.annotation_notes(event, expansions=game.setup.expansions):
            record = annotations.get(note["id"])
            if record.id in attached:  # the engine says it bears on this event
                assert set(record.expansions) & in_play, (name, event.index, record.id)
            else:
                assert set(record.expansions) <= in_play, (name, event.index, record.id)
        for item in teach.score_story(game, event.index, game.players[0])[:1]:
            for note in item["footnotes"]:
                assert set(annotations.get(note["id"]).expansions) <= in_play


def test_the_base_game_shows_nothing_about_shrines_or_the_city_of_carcassonne():
    game = GAMES["full-game"]
    unfiltered = {n["id"] for e in game.events for n in teach.annotation_notes(e)}
    assert {"ckr-54", "ckr-1"} <= unfiltered  # what a learner used to see
    shown = {
        n["id"]
        for e in game.events
        for n in teach.annotation_notes(e, expansions=game.setup.expansions)
    }
    assert not shown


def test_footnotes_of_an_expansion_in_play_are_kept():
    ckr_7 = annotations.get("ckr-7")
    assert teach.footnote_in_play(ckr_7, ("base", "count"))
    assert not teach.footnote_in_play(ckr_7, ("base",))
    assert not teach.footnote_in_play(annotations.get("ckr-24"), ("base", "count"))


def test_citations_name_the_page_language_footnote_and_date():
    assert annotations.cite("ckr-54") == (
        "Wikicarpedia, Count, King & Robber (Italian and Czech pages), footnote 54; "
        "older English revision, footnote 22"
    )
    assert annotations.cite("ckr-1").endswith("; 2013-11")
    assert "Abbey & Mayor (English page), footnote 166" in annotations.cite("car-166")
    for record in annotations.all_annotations():
        text = annotations.cite(record)
        assert "seed" not in text and text.startswith("Wikicarpedia, "), record.id


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_bundled_note_gives_an_answer_away(name):
    game = GAMES[name]
    for event in game.events:
        note = (event.data or {}).get("note", "")
        assert not teach.note_gives_away(note), (name, event.index, note)


def _with_note(name: str, move: int, note: str):
    data = examples.data(name)
    data = json.loads(json.dumps(data))
    data["moves"][move]["note"] = note
    return load_game(data, source=name)


def test_a_note_that_gives_an_answer_away_waits_for_the_prediction():
    game = _with_note("first-turns", 0, "Alice's knight scores 4 and comes home.")
    placed = next(e.index for e in game.events if (e.data or {}).get("note"))
    scoring = next(k for k in range(placed, len(game.events)) if teach.prediction_for(game, k))
    assert teach.event_note(game, placed) == ""
    assert teach.event_note(game, scoring) == "Alice's knight scores 4 and comes home."
    assert teach.event_note(game, placed, quiz=False) == "Alice's knight scores 4 and comes home."
    # while the points are hidden, the explanation shows no note at all
    hidden = teach.explanation_markdown(
        game.events[scoring], hide_points=True, note=teach.event_note(game, scoring)
    )
    assert "comes home" not in hidden and "scores 4" not in hidden


def test_why_this_many_points_adds_up():
    game = GAMES["first-turns"]
    last = len(game.events) - 1
    for player, total in game.scores.items():
        story = teach.score_story(game, last, player)
        assert sum(item["points"] for item in story) == total
        assert all(item["rule"] and item["rule_summary"] for item in story)
        text = teach.score_story_markdown(game, last, player)
        assert f"**{total}**" in text and "base." in text
    assert "no points yet" in teach.score_story_markdown(game, 0, "Bob")


def test_a_footnote_the_engine_attaches_is_shown_even_if_it_also_names_another_expansion():
    """ckr-35 (the King goes by tiles, not points) also mentions Inns & Cathedrals; the engine
    attaches it to the King's transfer, so the King & Robber walkthrough shows it there."""
    game = GAMES["king-robber"]
    shown = {
        n["id"]
        for e in game.events
        for n in teach.annotation_notes(e, expansions=game.setup.expansions)
    }
    assert "ckr-35" in shown
    # a footnote found only by rule id still needs every expansion it names in play
    assert not any(
        n["id"] == "ckr-24"
        for e in GAMES["count-city"].events
        for n in teach.annotation_notes(e, expansions=GAMES["count-city"].setup.expansions)
    )

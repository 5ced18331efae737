"""Classroom mode of the two-editions walkthrough: the question "what changes?" is answered
from the comparison, the stops follow the parting events, and the stage asks only at the
question."""

from __future__ import annotations

import pytest

from carc_teach import examples
from carc_teach.compare import compare_games
from carc_teach.lessons import two_editions as lesson


@pytest.fixture(scope="module")
def first_turns():
    return examples.load("first-turns")


def test_presets_that_agree_nothing_changes_and_two_stops(first_turns):
    result = compare_games(first_turns, "hig-original", "rgg")
    assert lesson.outcome_question(result).answer == lesson.OUTCOMES[0]
    assert [s.kind for s in lesson.classroom_stops(result)] == ["question", "end"]


def test_fewer_followers_change_events_but_not_these_scores(first_turns):
    result = compare_games(first_turns, {"base.followers": 7}, {"base.followers": 2})
    assert result.differs and not any(result.point_difference.values())
    assert lesson.outcome_question(result).answer == lesson.OUTCOMES[1]
    stops = lesson.classroom_stops(result)
    assert [s.kind for s in stops] == ["question", "parting", "end"]
    assert stops[1].index == result.first_difference


def test_a_scoring_option_changes_the_scores_and_stops_at_the_points():
    """The City of Carcassonne setting the King's bar (a house reading) parts the logs at
    the set-up and the points later: four stops, the end showing each player's difference."""
    game = examples.load("after-game")
    result = compare_games(game, {}, {"king.city-of-carcassonne": "sets-the-bar"})
    assert result.first_points_difference > result.first_difference
    assert lesson.outcome_question(result).answer == lesson.OUTCOMES[2]
    stops = lesson.classroom_stops(result)
    assert [s.kind for s in stops] == ["question", "parting", "points", "end"]
    assert stops[2].index == result.first_points_difference
    html = lesson.classroom_html(result, 3, revealed=True)
    for player, difference in result.point_difference.items():
        assert f'<tr data-player="{player}">' in html and f"<b>{difference:+d}</b>" in html


def test_illegal_moves_under_one_side_are_their_own_answer():
    game = examples.load("full-game")
    result = compare_games(game, {"base.followers": 7}, {"base.followers": 1})
    assert result.b.error
    assert lesson.outcome_question(result).answer == lesson.OUTCOMES[3]
    parting = lesson.classroom_html(result, 1, revealed=True)
    assert parting.count("svg") >= 2


def test_the_stage_asks_only_at_the_question(first_turns):
    result = compare_games(first_turns, {"base.followers": 7}, {"base.followers": 2})
    frames = lesson.stage_frames(result, markdown_html=str)
    assert len(frames) == len(lesson.classroom_stops(result)) == 3
    assert frames[0].asked is not None and 'data-revealed="false"' in frames[0].asked
    assert all(f.asked is None and 'data-revealed="true"' in f.shown for f in frames[1:])
    assert "How many followers does each player have? 7 (A) / 2 (B)" in frames[1].notes


def test_the_question_hides_its_answer_until_revealed(first_turns):
    result = compare_games(first_turns, {"base.followers": 7}, {"base.followers": 2})
    question = lesson.outcome_question(result)
    asked = lesson.classroom_html(result, 0, revealed=False)
    assert 'data-revealed="false"' in asked and "Answer:" not in asked
    assert all(c in asked for c in question.choices)
    revealed = lesson.classroom_html(result, 0, revealed=True)
    assert f"Answer: <b>{question.answer}</b>" in revealed


def test_presenter_notes_name_the_options_and_cite_the_footnotes(first_turns):
    from carc_teach.annotations import cite, get

    result = compare_games(first_turns, {"base.followers": 7}, {"base.followers": 2})
    notes = lesson.presenter_notes_markdown(result, 1)
    # the option in words; its id only in the "Rule details" fold
    assert "How many followers does each player have? 7 (A) / 2 (B)" in notes
    assert "Rule details</summary>rule options <code>base.followers</code>" in notes
    for note in result.footnotes:
        assert cite(get(note)) in notes

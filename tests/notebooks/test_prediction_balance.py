"""Predictions test understanding, not position: over every question the walkthroughs ask on
the bundled games, the right answer is each of the four choices between 10 % and 40 % of the
time, every wrong choice differs from the answer, and point choices read in ascending order."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from carc_teach import examples, teach
from carc_teach.expansions.abbey_mayor import lessons as abbey_mayor
from carc_teach.expansions.count import lessons as count
from carc_teach.expansions.king_robber import views as king_views
from carc_teach.expansions.river2 import lessons as river2
from carc_teach.expansions.shrines import lessons as shrines
from carc_teach.lessons import after_game

QUESTIONS = {
    "turn sequence": teach.prediction_for,
    "King & Robber": king_views.king_walkthrough_question,
    "Count": count.question,
    "Heretics & Shrines": shrines.question,
    "Abbey & Mayor": abbey_mayor.question,
    "after the game": after_game.after_game_question,
    "River II": river2.river_question,
}
POINTS = re.compile(r"^(\d+) points?$")


@cache
def asked() -> list[tuple[str, str, int, teach.Prediction]]:
    found = []
    for name in examples.names():
        game = examples.load(name)
        for walkthrough, question in QUESTIONS.items():
            for index in range(len(game.events)):
                prediction = question(game, index)
                if prediction is not None:
                    found.append((walkthrough, name, index, prediction))
    return found


def test_every_choice_differs_from_the_answer():
    assert len(asked()) > 500
    for walkthrough, name, index, p in asked():
        where = f"{walkthrough}, {name} event {index}"
        assert p.answer in p.choices, where
        assert len(set(p.choices)) == len(p.choices), where
        if all(POINTS.match(c) for c in p.choices):
            values = [int(POINTS.match(c).group(1)) for c in p.choices]
            assert values == sorted(values), where


def test_the_answer_stands_anywhere_about_equally_often():
    four = [p for *_, p in asked() if len(p.choices) == 4]
    places = Counter(p.choices.index(p.answer) for p in four)
    shares = {place: places[place] / len(four) for place in range(4)}
    assert all(0.10 <= share <= 0.40 for share in shares.values()), shares


@pytest.mark.parametrize(
    ("correct", "mistakes"), [(0, [1, 2]), (1, [2]), (8, [4, 6, 16]), (9, [8, 1, 10]), (30, [])]
)
def test_point_choices_keep_the_classic_mistakes_first(correct, mistakes):
    choices = teach._choices(correct, mistakes)
    values = [int(POINTS.match(c).group(1)) for c in choices]
    assert len(values) == 4 and correct in values and values == sorted(values)
    # the mistakes on the side the draw asked for are offered before any made-up value
    below = [m for m in mistakes if m < correct]
    above = [m for m in mistakes if m > correct]
    shown_below = [v for v in values if v < correct]
    shown_above = [v for v in values if v > correct]
    assert set(below[: len(shown_below)]) <= set(shown_below)
    assert set(above[: len(shown_above)]) <= set(shown_above)


def test_an_inn_or_cathedral_left_unfinished_offers_what_it_would_have_scored():
    """The classic mistake with Inns & Cathedrals: scoring an unfinished inn road (3 tiles) or
    cathedral city (4 tiles, no pennant) at the plain end-of-game rate, 3 and 4 points, where
    the inn and the cathedral make them worth 0."""
    game = examples.load("inns-cathedrals")
    asked = {
        game.events[k].rule: p
        for k in range(len(game.events))
        if (p := teach.prediction_for(game, k)) is not None
    }
    assert asked["inns.road.final"].answer == "0 points"
    assert "3 points" in asked["inns.road.final"].choices
    assert asked["cathedrals.city.final"].answer == "0 points"
    assert "4 points" in asked["cathedrals.city.final"].choices

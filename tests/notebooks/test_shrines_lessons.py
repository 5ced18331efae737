"""The lessons of the Heretics & Shrines walkthrough (``carc_teach.expansions.shrines.lessons``): each loads,
its key events carry the footnotes it teaches, its questions agree with the engine, and no
move note gives an answer away. The two new bundled games are scenarios too: the points of
the events that matter are asserted, computed by hand in the comments."""

from __future__ import annotations

import pytest

from carc_teach import examples, teach
from carc_teach.expansions.shrines import lessons
from carc_teach.expansions.shrines import views as shrines_views


def _events(game, kind, rule=None):
    return [e for e in game.events if e.kind == kind and (rule is None or e.rule == rule)]


def _asked(game):
    return [(k, q) for k in range(len(game.events)) if (q := lessons.question(game, k))]


def test_every_lesson_loads_and_the_first_is_the_original_game():
    assert lessons.LESSONS[0].example == "shrines"
    for item in lessons.LESSONS:
        assert item.example in examples.names()
        assert lessons.lesson(item.example) == lessons.lesson(item.title)
        assert lessons.load_lesson(item.title).events
    with pytest.raises(KeyError):
        lessons.lesson("no such lesson")


def test_the_original_game_asks_what_the_original_walkthrough_asked_and_more():
    # the browser tests drive it with shrines_views.shrines_question: every question it asks is asked
    game = lessons.load_lesson("shrines")
    for k in range(len(game.events)):
        base = shrines_views.shrines_question(game, k)
        if base is not None:
            assert lessons.question(game, k) == base
    extra = [k for k, _ in _asked(game) if shrines_views.shrines_question(game, k) is None]
    started = [k for k, e in enumerate(game.events) if e.kind == "challenge-started"]
    assert [k for k in extra if game.events[k].kind == "challenge-started"] == started
    assert [game.events[k].kind for k in extra if k not in started] == ["placement-limited"]


def test_the_first_question_comes_when_the_first_challenge_starts():
    """The first lesson asked nothing for 46 events; now the first monk beside a heretic asks
    what the challenge means (event 9), before the race is run."""
    game = lessons.load_lesson("shrines")
    first, asked = _asked(game)[0]
    assert first == 9 and game.events[first].kind == "challenge-started"
    assert asked.answer.startswith("A race: the building completed first scores")
    assert "Bob puts a monk on the cloister at (1, 1)" in asked.question
    assert "challenge" not in asked.question  # the question does not name the rule it asks
    assert len(set(asked.choices)) == 4 and asked.answer in asked.choices


def test_abbey_and_wagon_scenario():
    """Alice's abbey may not go into the hole (0, 1) between two shrines (ckr-43 with ckr-45);
    her monk in it challenges Bob's wagon on the shrine at (1, 1) (ckr-47); Bob's second shrine
    may not go at (3, 2) beside the abbey, which has one (ckr-44, ckr-45); Alice's tile
    surrounds the abbey: Alice 9 (1 + 8), and Bob's wagon goes home without points and without
    rolling on (ckr-61)."""
    game = examples.load("shrines-abbey-wagon")
    abbey_limit, shrine_limit = _events(game, "placement-limited")
    assert abbey_limit.data["building"] == "abbey"
    assert [r["square"] for r in abbey_limit.data["refused"]] == [[0, 1]]
    assert {"ckr-43", "ckr-45"} <= set(abbey_limit.annotations)
    assert shrine_limit.data["building"] == "shrine"
    assert [r["square"] for r in shrine_limit.data["refused"]] == [[3, 2]]
    assert {"ckr-44", "ckr-45"} <= set(shrine_limit.annotations)
    (started,) = _events(game, "challenge-started")
    assert "ckr-47" in started.annotations and "Bob's wagon" in started.text
    assert [(e.player, e.points) for e in _events(game, "points")] == [("Alice", 9)]
    (lost,) = _events(game, "shrine-challenge-lost")
    assert lost.data["loser"] == ["Bob"] and "Bob's wagon goes home" in lost.text
    wagon_home = next(
        e
        for e in _events(game, "figure-returned", "shrine.challenge.resolve")
        if e.figure == "Bob:wagon1"
    )
    assert "ckr-61" in wagon_home.annotations
    assert not _events(game, "figure-moved")  # the wagon did not roll on
    assert game.scores == {"Alice": 9, "Bob": 0}


def test_house_rules_scenario():
    """The second shrine at (0, 2) gives the cloister at (0, 1) two shrines: allowed by the
    house rule, but it must stay empty (ckr-46). Bob's abbey closes his wagon's road of 3
    tiles (crossing, start tile, straight road): Bob 3; the abbey is shut to wagons under
    the house rule, so the wagon rolls on to a road of the crossing."""
    game = examples.load("shrines-house-rules")
    (empty,) = _events(game, "building-must-stay-empty")
    assert empty.pos == (0, 2) and "ckr-46" in empty.annotations
    assert [(e.player, e.points) for e in _events(game, "points")] == [("Bob", 3)]
    (moved,) = _events(game, "figure-moved", "wagon.move")
    assert "house-wagon-road-tiles-only" in moved.annotations
    assert "wagon.cloister-access" in moved.options
    assert "tile at (-1, 0)" in moved.text
    assert game.scores == {"Alice": 0, "Bob": 3}


def test_the_limit_question_reads_the_refused_square_from_the_event():
    for name in ("shrines", "shrines-abbey-wagon"):
        game = lessons.load_lesson(name)
        for event in _events(game, "placement-limited"):
            q = lessons.question(game, event.index)
            assert q is not None and q.answer in q.choices
            first = event.data["refused"][0]
            assert f"({first['square'][0]}, {first['square'][1]})" in q.question
            assert q.answer.startswith("No: ")
            assert "ckr-" not in q.answer


def test_who_wins_abbey_against_wagon():
    game = lessons.load_lesson("shrines-abbey-wagon")
    (done,) = [
        k for k in range(len(game.events)) if lessons.challenge_question_for(game, k) is not None
    ]
    q = lessons.challenge_question_for(game, done)
    lost = _events(game, "shrine-challenge-lost")[0]
    assert q.answer.startswith("Only the abbey") and "Bob's wagon goes home" in q.answer
    assert lost.data["winner"] == ["Alice"]


def test_where_may_the_wagon_go_after_losing():
    game = lessons.load_lesson("shrines-abbey-wagon")
    k = next(e.index for e in game.events if "ckr-61" in e.annotations)
    q = lessons.question(game, k)
    assert q.answer == "Nowhere: it goes back to Bob's supply"
    assert any(c.startswith("Onto ") for c in q.choices)  # a free, connected road tempts


def test_where_may_the_wagon_go_under_the_house_rule():
    game = lessons.load_lesson("shrines-house-rules")
    (moved,) = _events(game, "figure-moved", "wagon.move")
    q = lessons.question(game, moved.index)
    assert "abbey" not in q.answer and "(-1, 0)" in q.answer
    assert any("the abbey at (2, 0)" in c for c in q.choices if c != q.answer)
    assert lessons.question(
        game, _events(game, "building-must-stay-empty")[0].index
    ).answer.startswith("No:")


@pytest.mark.parametrize("name", [item.example for item in lessons.LESSONS])
def test_no_note_gives_an_answer_away_before_its_question(name):
    game = lessons.load_lesson(name)
    asked = _asked(game)
    assert asked
    for k, q in asked:
        span = teach.turn_span(game, k)
        for j in span:
            if j < k:
                shown = lessons.note(game, j)
                assert not teach.note_gives_away(shown, q), (j, shown)
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)


def test_the_footnotes_of_this_part_are_shown_at_their_events():
    where = {}
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        for entry in teach.footnotes_covered(game):
            where.setdefault(entry["id"], []).append(item.example)
    for footnote in ("ckr-44", "ckr-45", "ckr-46", "ckr-47", "ckr-61"):
        assert footnote in where, footnote
    assert "house-wagon-road-tiles-only" in where
    assert lessons.footnotes_by_lesson_markdown().startswith("- **")

"""The Count of Carcassonne walkthrough's lessons, checked on the engine side (fast): each
lesson loads, its key event carries the footnote it teaches, each question's answer is what the
engine did, no move note gives an answer away before its question, and each new bundled game is
a scenario with the points that matter."""

from __future__ import annotations

import pytest

from carc_teach import examples, teach
from carc_teach.expansions.count import lessons
from carc_teach.expansions.count import views as count_views
from carc_teach.figures import Place

NEW = ("count-barn-mayor", "count-cathedral", "count-one-round", "count-river-first")


def _game(example):
    return lessons.load_lesson(example)


def _points(game, rule=None):
    return [
        (e.player, e.points)
        for e in game.events
        if e.kind == "points" and (rule is None or e.rule == rule)
    ]


def _asked(game, ask):
    return [k for k in range(len(game.events)) if ask(game, k) is not None]


def test_the_lessons_load_and_the_first_is_the_old_walkthrough():
    assert lessons.LESSONS[0].example == "count-city"
    assert set(lessons.lesson_titles().values()) == {"count-city", *NEW}
    count_city = _game("count-city")
    for k in range(len(count_city.events)):
        assert lessons.question(count_city, k) == count_views.walkthrough_question(count_city, k)
    for item in lessons.LESSONS:
        game = lessons.load_lesson(item.title)
        assert "count" in game.setup.expansions
        assert lessons.lesson(item.example) is item
    with pytest.raises(KeyError):
        lessons.lesson("no such lesson")


def test_river_first_lays_the_city_beside_the_river_and_asks_where():
    game = _game("count-river-first")
    (laid,) = [e for e in game.events if e.kind == "count-city-laid"]
    assert {"house-count-river-first", "ckr-6"} <= set(laid.annotations)
    assert laid.data["river_tiles_touched"] == 3
    assert "north-west corner at (2, -1)" in laid.text
    # every river tile was placed before the City
    river = [e.index for e in game.events if e.kind == "tile-placed" and "R2-" in e.tile]
    assert len(river) == 11 and max(river) < laid.index
    assert _asked(game, lessons.river_city_question_for) == [laid.index]
    asked = lessons.question(game, laid.index)
    assert asked.answer.startswith("Against the river")
    assert "3 of them" in asked.explanation
    shown = {f["id"]: f["events"] for f in teach.footnotes_covered(game)}
    assert laid.index in shown["house-count-river-first"] and laid.index in shown["ckr-6"]


def test_a_barn_opens_the_city_and_a_mayor_from_it_counts_two_under_rgg():
    game = _game("count-barn-mayor")
    # the barn makes Bob's farmer score the City of Carcassonne as a completed city; Alice
    # scores nothing, so she sends her mayor into the castle; her mayor later weighs two
    assert _points(game, "barn.scoring") == [("Bob", 3)]
    assert _points(game, "base.city.score") == [("Alice", 8)]
    (deployed,) = [e for e in game.events if e.rule == "count.deploy"]
    assert {"ckr-10", "ckr-9", "ckr-17"} <= set(deployed.annotations)
    assert "what the barn earns after the game does not count now" in deployed.text
    (strength,) = [e for e in game.events if e.kind == "figure-strength"]
    assert strength.data["strength"] == 2 and "ckr-17" in strength.annotations
    assert "count.special-figure-strength" in strength.options

    barn = lessons.question(game, deployed.index)
    assert barn.answer == "Yes: Bob scored now and Alice scored nothing"
    assert _asked(game, lessons.barn_deploy_question_for) == [deployed.index]
    mayor = lessons.question(game, strength.index)
    assert mayor.answer.startswith("It counts 2") and "Alice alone takes the city" in mayor.answer
    assert any("Bob and Alice share the city" in c for c in mayor.choices)
    assert _asked(game, lessons.strength_question_for) == [strength.index]


def test_without_the_barn_scoring_no_ckr_10():
    """ckr-10 is attached only where a barn's scoring opened the City."""
    game = _game("count-city")
    assert all("ckr-10" not in e.annotations for e in game.events)
    assert not _asked(game, lessons.barn_deploy_question_for)


def test_a_big_follower_from_the_cathedral_takes_the_cloister():
    game = _game("count-cathedral")
    assert _points(game, "base.cloister.score") == [("Bob", 9)]
    (moved,) = [e for e in game.events if e.rule == "count.redeploy.cathedral"]
    assert {"ckr-22", "ckr-23"} <= set(moved.annotations)
    asked = lessons.question(game, moved.index)
    assert asked.answer == "Bob may send the big follower in: Bob alone takes the cloister"
    assert _asked(game, lessons.cathedral_question_for) == [moved.index]


def test_one_round_of_redeploying_leaves_bobs_follower_in_the_castle():
    game = _game("count-one-round")
    assert _points(game)[-1] == ("Alice", 4)
    (closed,) = [e for e in game.events if e.kind == "count-redeploy-closed"]
    assert closed.annotations == ("ckr-28",) and closed.data["passed"] == ["Bob"]
    assert game.state.figures["Bob:follower1"].location == Place("count.castle")
    asked = lessons.question(game, closed.index)
    assert asked.answer == "No: everybody has decided once, so Bob has had the chance"
    assert "the market" in asked.explanation  # where the Count stands, as a quarter's name
    assert _asked(game, lessons.round_question_for) == [closed.index]


def test_the_repeated_rounds_reading_closes_nothing():
    """Under count.redeploy-rounds = until-all-pass the engine asks Bob again, so there is no
    closed round to show."""
    from carc_teach.gamefile import load_game

    data = examples.data("count-one-round")
    data["setup"]["rules"] = {"options": {"count.redeploy-rounds": "until-all-pass"}}
    data["moves"][-1]["actions"].append(
        {"type": "move", "figure": "Bob:follower1", "segment": "city", "player": "Bob"}
    )
    game = load_game(data)
    assert not [e for e in game.events if e.kind == "count-redeploy-closed"]
    assert _points(game)[-2:] == [("Alice", 4), ("Bob", 4)]


@pytest.mark.parametrize("example", NEW)
def test_no_note_gives_an_answer_away_before_its_question(example):
    game = _game(example)
    for k in range(len(game.events)):
        shown = lessons.note(game, k)
        if not shown:
            continue
        later = [
            lessons.question(game, j)
            for j in range(k + 1, len(game.events))
            if game.events[j].turn == game.events[k].turn
        ]
        for prediction in filter(None, later):
            assert not teach.note_gives_away(shown, prediction), (k, shown)
    # every move has a note of its own
    assert all(m.get("note") for m in examples.data(example)["moves"])


def test_the_footnotes_of_every_lesson():
    shown = {item["id"]: item["lessons"] for item in lessons.footnotes_by_lesson()}
    for wanted in (
        "ckr-6",
        "house-count-river-first",
        "ckr-9",
        "ckr-10",
        "ckr-17",
        "ckr-22",
        "ckr-23",
        "ckr-28",
    ):
        assert wanted in shown, wanted
    assert "Only one redeployment round" in lessons.footnotes_by_lesson_markdown()

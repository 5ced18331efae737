"""What the Inns & Cathedrals walkthrough shows, checked on the engine side (fast): the points
questions at the inn road completed, at the inn road and the cathedral city left open (with the
value they would have had without the inn or cathedral among the wrong choices), "who takes it?"
where a big follower meets other followers, and the table beside the board, which keeps each
answer back while its question is open.

Expected values are counted by hand on the two lessons' bundled games, ``inns-cathedrals`` and
``inns-big-follower`` (start tile D at (0, 0), its road west to east, its city north)."""

from __future__ import annotations

import pytest

from carc_teach import examples
from carc_teach.expansions.inns_cathedrals import views as ic_views
from carc_teach.gamefile import load_game


@pytest.fixture(scope="module")
def game():
    return examples.load("inns-cathedrals")


def _scoring(game, rule):
    return next(e.index for e in game.events if e.rule == rule and e.kind in ("points", "no-score"))


def test_the_finished_inn_road_pays_two_a_tile(game):
    # W at (-1, 0), D, IC-15 (the inn) at (1, 0), W at (2, 0): 4 tiles x 2 = 8 for Alice's thief
    k = _scoring(game, "inns.road.score")
    event = game.events[k]
    assert (event.player, event.points) == ("Alice", 8)
    prediction = ic_views.inns_cathedrals_question(game, k)
    assert prediction.answer == "8 points"
    assert "4 points" in prediction.choices  # the inn forgotten: 1 a tile


def test_the_open_inn_road_and_cathedral_city_pay_nothing(game):
    # the second inn road: W's east arm at (2, 0), IC-16 at (3, 0), U at (3, 1): 3 tiles, open
    road = _scoring(game, "inns.road.final")
    assert game.events[road].kind == "no-score" and game.events[road].points == 0
    prediction = ic_views.inns_cathedrals_question(game, road)
    assert prediction.answer == "0 points"
    assert "3 points" in prediction.choices  # a plain unfinished road: 1 a tile
    # the cathedral city: D, IC-1 at (0, -1), caps at (0, -2) and (-1, -1); east side open
    city = _scoring(game, "cathedrals.city.final")
    assert game.events[city].kind == "no-score"
    prediction = ic_views.inns_cathedrals_question(game, city)
    assert prediction.answer == "0 points"
    assert "4 points" in prediction.choices  # a plain unfinished city: 1 a tile
    assert game.events[-1].text.startswith("Final scores: Alice 8, Bob 0.")


def test_the_table_lists_each_building_with_what_it_pays(game):
    deployed = next(e.index for e in game.events if e.rule == "big-follower.deploy" and e.turn)
    rows = ic_views.buildings(
        game.replay(deployed), settled=ic_views.settled_features(game, deployed)
    )
    city = next(r for r in rows if r["what"] == "city of 2 tiles with a cathedral")
    assert city["stands"] == "Bob: big follower (counts 2)"
    assert city["worth_finished"] == 6 and city["plain"] == 2  # 2 tiles x 3; left open 2 x 1
    assert city["status"] == "open: 6 points if finished (without the cathedral: 4)"
    road = next(r for r in rows if r["what"] == "road of 4 tiles with an inn")
    assert road["status"] == "finished: pays 8 points (without the inn: 4)"
    last = ic_views.buildings(
        game.state, settled=ic_views.settled_features(game, len(game.events) - 1)
    )
    assert [r["status"] for r in last] == [
        "left open at the end: pays nothing (without the cathedral: 4)",
        "finished: pays 8 points (without the inn: 4)",
        "left open at the end: pays nothing (without the inn: 3)",
    ]


def test_the_table_keeps_the_answer_back_while_asked(game):
    for rule, told in (
        ("inns.road.score", "pays 8 points"),
        ("inns.road.final", "left open at the end: pays nothing (without the inn: 3)"),
        ("cathedrals.city.final", "pays nothing (without the cathedral: 4)"),
    ):
        k = _scoring(game, rule)
        asked = ic_views.buildings_html(game, k, hidden=True)
        answered = ic_views.buildings_html(game, k)
        assert told not in asked and told in answered, rule
        assert 'class="building about"' in answered  # the row the event is about is shaded


def test_the_table_escapes_player_names(game):
    data = examples.data("inns-cathedrals")
    data["setup"]["players"] = ["Alice", "<b>Bo</b>"]
    hostile = load_game(data, source="hostile.json")
    deployed = next(e.index for e in hostile.events if e.rule == "big-follower.deploy" and e.turn)
    html = ic_views.buildings_html(hostile, deployed)
    assert "<b>Bo</b>" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html
    assert len(hostile.events) == len(game.events)


@pytest.fixture(scope="module")
def big_game():
    return ic_views.load_lesson("One big follower against two")


def _majority_questions(game):
    return [
        (k, q)
        for k in range(len(game.events))
        if (q := ic_views.majority_question_for(game, k)) is not None
    ]


def test_the_lessons_are_the_two_bundled_games():
    assert ic_views.lesson_titles() == {
        "Double or nothing": "inns-cathedrals",
        "One big follower against two": "inns-big-follower",
    }
    assert ic_views.lesson("inns-big-follower").title == "One big follower against two"


def test_one_big_follower_ties_two_thieves_on_the_inn_road(big_game):
    # the loop from the crossing W at (1, 0) back to it: W, IC-15 (inn) at (2, 0), V at (3, 0),
    # V at (3, 1), U at (2, 1), V at (1, 1) = 6 tiles x 2 = 12; Alice's two thieves (2)
    # against Bob's big follower (2): a tie, both score 12
    (k, road), (j, city) = _majority_questions(big_game)
    assert road.question == (
        "Bob's tile finishes the road of 6 tiles with an inn. On it stand Bob: big follower; "
        "Alice: 2 thieves. Who takes the road?"
    )
    assert road.answer == "Alice and Bob tie (2 each): both score the road in full"
    assert "Alice alone takes the road (2 against 1)" in road.choices  # counted as one
    assert "Nobody: a tie cancels out, so nobody scores it" in road.choices
    paid = [(e.player, e.points) for e in big_game.events[k + 1 : k + 3]]
    assert paid == [("Alice", 12), ("Bob", 12)]
    assert ic_views.inns_cathedrals_question(big_game, k) == road


def test_one_big_follower_beats_one_knight_in_the_cathedral_city(big_game):
    # D, IC-1 at (0, -1), I at (1, -1), N at (1, -2), N at (0, -2), E at (-1, -1): 6 tiles,
    # no pennant, x 3 = 18 for Bob alone (2 against Alice's knight, 1)
    _, (j, city) = _majority_questions(big_game)
    assert city.answer == "Bob alone takes the city (2 against 1)"
    assert "Alice and Bob tie (1 each): both score the city in full" in city.choices
    assert [(e.kind, e.player, e.points) for e in big_game.events[j + 1 : j + 2]] == [
        ("points", "Bob", 18)
    ]
    assert big_game.scores == {"Alice": 12, "Bob": 30}


def test_the_note_waits_for_the_majority_question(big_game):
    k, _ = _majority_questions(big_game)[0]
    placed = max(e.index for e in big_game.events[:k] if e.kind == "tile-placed")  # Bob's last bend
    note = "the inn road is finished, with Alice's two thieves and Bob's big follower on it"
    assert note not in ic_views.inns_cathedrals_note(big_game, placed, quiz=True)
    assert note in ic_views.inns_cathedrals_note(big_game, k, quiz=True)
    assert note in ic_views.inns_cathedrals_note(big_game, placed, quiz=False)


def test_the_table_counts_the_big_follower_as_two(big_game):
    k, _ = _majority_questions(big_game)[0]
    html = ic_views.buildings_html(big_game, k, hidden=True)
    assert "Bob: big follower (counts 2); Alice: 2 thieves (count 2)" in html
    assert "finished: it is scored now" in html and "pays 12" not in html

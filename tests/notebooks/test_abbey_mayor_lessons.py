"""The Abbey & Mayor lessons that bring in the pig, the pig-herd tile, the builder and the big
follower (fast, no browser): each bundled game is a scenario with its points checked by hand,
its key event carries the footnote it teaches, each question's answer is the engine's, and no
note or "what to watch" text gives an answer away before its question.

The older lessons (mayor, wagon, barn, abbey) are checked in ``tests/lessons/``."""

from __future__ import annotations

import pytest

from carc_teach import examples, teach
from carc_teach.expansions.abbey_mayor import lessons

NEW = {
    "The pig and the barn": "pig-and-barn",
    "The pig herd and the barn": "barn-pig-herd",
    "The builder and the big follower": "builder-big-follower",
}


def _events(game, kind, rule=None):
    return [e for e in game.events if e.kind == kind and (rule is None or e.rule == rule)]


def _points(game, rule=None):
    return [
        (e.player, e.points, e.rule)
        for e in game.events
        if e.kind == "points" and (rule is None or e.rule == rule)
    ]


def _turn(game, index):
    return [e.index for e in game.events if e.turn == game.events[index].turn]


def _well_formed(q):
    assert q.answer in q.choices
    assert len(q.choices) == len(set(q.choices)) == 4
    assert q.question and q.explanation


def _shown_at(game, index):
    return {
        n["id"]
        for n in teach.annotation_notes(game.events[index], expansions=game.setup.expansions)
    }


# -- the lessons -------------------------------------------------------------------------------


def test_the_new_lessons_come_after_the_first_and_keep_the_old_titles():
    titles = lessons.lesson_titles()
    assert lessons.LESSONS[0].title == "The mayor" and titles["The mayor"] == "mayor-pennants"
    assert "The mayor without pennants" in titles
    for title, example in NEW.items():
        assert titles[title] == example and example in examples.names()
        game = lessons.load_lesson(title)
        assert "abbey-mayor" in game.setup.expansions


@pytest.mark.parametrize("title", list(NEW))
def test_watch_texts_and_notes_give_nothing_away(title):
    game = lessons.load_lesson(title)
    watch = lessons.lesson(title).watch
    asked = [k for k in range(len(game.events)) if lessons.question(game, k) is not None]
    assert asked
    for k in asked:
        q = lessons.question(game, k)
        _well_formed(q)
        assert not teach.note_gives_away(watch, q), k
        assert q.answer not in watch
    for k in range(len(game.events)):
        shown = lessons.note(game, k)
        if not shown:
            continue
        for j in _turn(game, k):
            q = lessons.question(game, j)
            if j > k and q is not None:
                assert not teach.note_gives_away(shown, q), (k, j)
        # a note ahead of the turn's first special-figure question waits for it
        own = [j for j in _turn(game, k) if lessons.expansion_question(game, j)]
        assert not own or own[0] <= k, (k, own)
    # every move has a note, and each is shown in its turn
    for move, data in enumerate(examples.data(NEW[title])["moves"], 1):
        assert data.get("note"), move
    for event in game.events:
        own = (event.data or {}).get("note")
        if own:
            assert own in [lessons.note(game, k) for k in _turn(game, event.index)]


# -- the pig and the barn (car-192) -------------------------------------------------------------


def test_pig_and_barn_scenario_points():
    game = lessons.load_lesson("The pig and the barn")
    assert _points(game) == [
        ("Blue", 3, "barn.scoring"),  # Red's barn on Blue's farm: 1 city × 3
        ("Red", 2, "barn.connect"),  # joined farm: 1 city × 1, + Red's pig 1 × 1
        ("Red", 4, "barn.final"),  # the barn after the game: 1 city × 4
    ]
    (joined,) = _events(game, "points", "barn.connect")
    assert joined.breakdown == (
        ("1 completed city bordering it × 1", 1),
        ("Red's pig: 1 completed city × 1", 1),
    )
    assert game.scores == {"Blue": 3, "Red": 6}
    assert game.state.figures["Red:pig1"].location is None  # home with the farmer


def test_the_pig_on_the_joining_tile_carries_car_192_and_its_question():
    game = lessons.load_lesson("The pig and the barn")
    (pig,) = _events(game, "figure-deployed", "pig.placement")
    (connect,) = _events(game, "barn-connect")
    placed = [e for e in game.events if e.kind == "tile-placed" and e.turn == pig.turn]
    # the pig stands on the very tile that joins the farms, in the turn they are joined
    assert connect.turn == pig.turn and pig.index < connect.index
    assert game.replay(pig.index).figures[pig.figure].node[:2] == placed[0].pos
    assert "car-192" in pig.annotations and "car-192" in _shown_at(game, pig.index)
    covered = {item["id"]: item["events"] for item in teach.footnotes_covered(game)}
    assert pig.index in covered["car-192"] and connect.index in covered["car-192"]

    # asked at the tile, before the pig is on the board
    tile = placed[0]
    q = lessons.question(game, tile.index)
    _well_formed(q)
    assert q == lessons.pig_question_for(game, tile.index)
    assert lessons.question(game, pig.index) is None
    assert q.answer.startswith("Yes, and it counts")
    assert any(c.startswith("No:") for c in q.choices)
    assert any("too late" in c for c in q.choices)
    assert "comes after" in q.explanation and "pig is still in the supply" in q.question
    assert not any(f.kind == "pig" and f.location for f in game.replay(tile.index).figures.values())
    # the move note says where the pig goes: it is shown with the answer, not before
    assert (tile.data or {}).get("note") and "pig" in tile.data["note"]
    assert tile.data["note"] not in teach.walkthrough_explanation_markdown(tile, hidden=True)
    assert lessons.note(game, tile.index) == tile.data["note"]


def test_the_joined_farms_points_with_the_pig():
    game = lessons.load_lesson("The pig and the barn")
    (connect,) = _events(game, "barn-connect")
    (scored,) = _events(game, "points", "barn.connect")
    q = lessons.question(game, connect.index)
    _well_formed(q)
    assert q.answer == "2 points" == f"{scored.points} points"
    # the pig forgotten, the placement's rate, the barn's rate
    assert {"1 point", "3 points", "4 points"} <= set(q.choices)
    assert "Red's pig is on that farm too" in q.question
    assert "pig" in q.explanation and "before the scoring" in q.explanation
    assert lessons.question(game, scored.index) is None  # not asked twice


def test_a_pig_on_a_farm_without_a_barn_asks_nothing():
    game = lessons.load_lesson("The pig and the barn")
    (pig,) = _events(game, "figure-deployed", "pig.placement")
    tiles = [e.index for e in game.events if e.kind == "tile-placed"]
    asked = [k for k in tiles if lessons.pig_question_for(game, k)]
    assert asked == [k for k in tiles if game.events[k].turn == pig.turn]
    for name in ("barn-farmers", "mayor-pennants"):
        other = examples.load(name)
        assert not any(lessons.pig_question_for(other, k) for k in range(len(other.events)))


# -- the pig herd and the barn (car-195, car-194) ------------------------------------------------


def test_pig_herd_scenario_points():
    game = lessons.load_lesson("The pig herd and the barn")
    assert "river2" in game.setup.expansions
    assert _points(game) == [
        ("Red", 4, "barn.scoring"),  # 1 city × 3 + the herd's 1 × 1
        ("Blue", 4, "barn.final"),  # 1 city × 4, nothing for the herd
    ]
    assert game.scores == {"Blue": 4, "Red": 4}


def test_the_herd_counts_for_the_farmers_a_barn_scores_car_195():
    game = lessons.load_lesson("The pig herd and the barn")
    (scored,) = _events(game, "points", "barn.scoring")
    assert scored.breakdown == (
        ("1 completed city bordering it × 3", 3),
        ("a pig-herd tile on the farm: 1 × 1", 1),
    )
    assert "car-195" in scored.annotations and "car-195" in _shown_at(game, scored.index)
    q = lessons.question(game, scored.index)
    _well_formed(q)
    assert q.answer == "4 points"
    assert "3 points" in q.choices  # the herd forgotten
    assert "pig-herd tile" in q.question and "herd" in q.explanation


def test_the_herd_adds_nothing_to_the_barn_after_the_game_car_194():
    game = lessons.load_lesson("The pig herd and the barn")
    (final,) = _events(game, "points", "barn.final")
    assert final.breakdown == (("1 completed city bordering the farm × 4", 4),)
    assert "car-194" in final.annotations
    q = lessons.question(game, final.index)
    _well_formed(q)
    assert q.answer == "4 points"
    assert "5 points" in q.choices  # the herd added to the barn: the learner's mistake
    assert "adds nothing to a barn" in q.explanation
    # while the question is open, the table keeps the barn's worth back
    html = lessons.special_figures_html(game, final.index, hidden=True)
    assert "4 points each" not in html


# -- the builder and the big follower --------------------------------------------------------


def test_builder_and_big_follower_scenario_points():
    game = lessons.load_lesson("The builder and the big follower")
    assert _points(game) == [
        ("Blue", 8, "base.city.score"),  # 4 tiles × 2, Blue alone: 2 against 1
        ("Blue", 5, "base.final.road"),  # 5 tiles; the builder adds nothing
        ("Red", 1, "base.final.city"),
        ("Red", 4, "base.final.cloister"),
    ]
    assert game.scores == {"Blue": 13, "Red": 5}
    begins = [(e.player, bool((e.data or {}).get("extra"))) for e in _events(game, "turn-begin")]
    assert begins.count(("Blue", True)) == 1 and len(_events(game, "builder-extended")) == 1


def test_the_builder_gives_a_second_tile_and_never_a_third():
    game = lessons.load_lesson("The builder and the big follower")
    (extended,) = _events(game, "builder-extended")
    q = lessons.question(game, extended.index)
    _well_formed(q)
    assert q == lessons.builder_question_for(game, extended.index)
    assert q.answer.startswith("A second tile at once")
    assert extended.text not in teach.walkthrough_explanation_markdown(extended, hidden=True)

    extra = next(e for e in _events(game, "turn-begin") if (e.data or {}).get("extra"))
    second = next(e for e in game.events if e.kind == "tile-placed" and e.turn == extra.turn)
    # the second tile extends the builder's road again...
    road = game.replay(second.index).board.features.features_on(second.pos)
    assert any(any(f.kind == "builder" for f in feat.figures) for feat in road)
    # ...and the next turn is Red's: asked there
    after = next(e for e in _events(game, "turn-begin") if e.index > extra.index)
    assert after.player == "Red" and not (after.data or {}).get("extra")
    q = lessons.question(game, after.index)
    _well_formed(q)
    assert q.answer.startswith("Red: a second tile never earns a third")
    assert any(c.startswith("Blue again") for c in q.choices)
    # no other turn-begin asks
    asked = [e.index for e in _events(game, "turn-begin") if lessons.question(game, e.index)]
    assert asked == [after.index]
    # while a builder question is open, the table does not say what the builder does
    hidden = lessons.special_figures_html(game, extended.index, hidden=True)
    assert "a second tile" not in hidden


def test_the_big_follower_wins_two_against_one():
    game = lessons.load_lesson("The builder and the big follower")
    (strength,) = _events(game, "figure-strength", "big-follower.strength")
    (scored,) = [e for e in _events(game, "points") if e.index > strength.index][:1]
    assert scored.player == strength.player == "Blue" and scored.points == 8
    assert not [e for e in _run(game, strength.index) if e.player == "Red"]
    q = lessons.question(game, strength.index)
    _well_formed(q)
    assert q == lessons.big_follower_question_for(game, strength.index)
    assert q.answer == "Blue's big follower counts 2: Blue alone takes the city"
    assert any("tie" in c for c in q.choices)  # counting figures, not followers
    assert "Blue's big follower and Red's knight" in q.question
    # the points come next, as a scoring
    assert lessons.question(game, scored.index) == teach.prediction_for(game, scored.index)
    html = lessons.special_figures_html(game, strength.index, hidden=True)
    assert "2 followers" not in html


def _run(game, index):
    out = []
    for e in game.events[index + 1 :]:
        if e.kind != "points":
            break
        out.append(e)
    return out


# -- footnotes over every lesson ----------------------------------------------------------------


def test_the_lessons_now_show_car_192_and_car_195():
    found = {item["id"]: item["lessons"] for item in lessons.footnotes_by_lesson()}
    assert [t for t, _ in found["car-192"]] == ["The pig and the barn"]
    assert [t for t, _ in found["car-195"]] == ["The pig herd and the barn"]
    assert "car-194" in found

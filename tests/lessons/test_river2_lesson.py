"""What The River II walkthrough shows, checked on the engine side (fast): the open ends of the
river and the tiles still to come, "which way may this bend turn the river?" and "where may
this river tile go?" answered by the board itself, the tile that fitted nowhere, where a
follower may stand on a river tile, the pig herd's points, notes that wait for their question,
and the footnotes the walkthrough covers."""

from __future__ import annotations

import pytest

from carc_teach import examples, teach
from carc_teach.board import Placement
from carc_teach.expansions.river2 import lessons as lesson
from carc_teach.expansions.river2.rules import river_problem
from carc_teach.tiles import ROTATIONS, orient

HEADING = ("north", "east", "south", "west")


@pytest.fixture(scope="module")
def game():
    return examples.load("river-pig-herd")


def _questions(game, ask=lesson.river_question):
    return {k: q for k in range(len(game.events)) if (q := ask(game, k)) is not None}


def _placed_after(game, k):
    return next(
        e
        for e in game.events[k + 1 :]
        if e.tile == game.events[k].tile and e.kind in ("tile-placed", "tile-discarded")
    )


def test_the_open_ends_are_the_squares_the_water_reaches(game):
    for k in range(len(game.events)):
        state = game.replay(k)
        ends = lesson.river_ends(state)
        expected = {sq for sq in state.board.frontier if "river" in state.board.demands(sq)}
        assert {e["square"] for e in ends} == expected, k


def test_the_refused_turn_is_the_one_the_river_rule_refuses(game):
    curve = None
    for k in range(len(game.events)):
        state = game.replay(k)
        curve = state.tile_types["R2-curve"]
        for end in lesson.river_ends(state):
            x, y = end["square"]
            for rotation in ROTATIONS:
                sides = [
                    s
                    for seg in orient(curve, rotation).segments
                    if seg.kind == "river"
                    for s in seg.sides
                ]
                back = (HEADING.index(end["flows"]) + 2) % 4
                if back not in sides:
                    continue
                (out,) = [s for s in sides if s != back]
                problem = river_problem(state.board, curve, Placement(x, y, rotation))
                if HEADING[out] == end["refused"]:
                    assert problem and "U-turn" in problem
                else:  # allowed by the no-U-turn rule (another river rule may refuse it)
                    assert problem is None or "U-turn" not in problem
    assert curve is not None


def test_the_table_at_key_moments(game):
    start = lesson.river_html(game, 0)
    assert "River tiles still to come (11)" in start and "R2-fork" in start
    removed = next(e.index for e in game.events if e.kind == "river2-tile-removed")
    html = lesson.river_html(game, removed)
    assert "Left the game: R2-inn-bridge" in html
    assert 'data-square="2,1"' in html and "not toward the west" in html
    assert "Left the game" not in lesson.river_html(game, removed, hidden=True)
    volcano = next(
        e.index for e in game.events if e.kind == "tile-placed" and e.tile == "R2-volcano"
    )
    assert "The river is finished" in lesson.river_html(game, volcano)
    assert "The river is finished" not in lesson.river_html(game, volcano, hidden=True)
    # the end a tile opened is shaded
    bend = next(
        e.index for e in game.events if e.kind == "tile-placed" and e.tile == "R2-city-curve"
    )
    assert 'class="river-end changed" data-square="2,-1"' in lesson.river_html(game, bend)
    assert lesson.river_html(examples.load("first-turns"), 3) == ""


def test_bend_questions_are_what_the_board_allows(game):
    asked = _questions(game, lesson.bend_question_for)
    assert asked
    answers = set()
    for k, q in asked.items():
        placed = _placed_after(game, k)
        state = game.replay(k)
        tile = state.tile_types[placed.tile]
        x, y = placed.pos
        allowed = set()
        for rotation in ROTATIONS:
            if state.board.placement_problem(tile, Placement(x, y, rotation)) is None:
                exits = [
                    s
                    for seg in orient(tile, rotation).segments
                    if seg.kind == "river"
                    for s in seg.sides
                ]
                allowed.update(HEADING[s] for s in exits)
        played = {
            HEADING[s]
            for seg in orient(tile, placed.rotation).segments
            if seg.kind == "river"
            for s in seg.sides
        }
        assert played & allowed
        if q.answer == "Either way":
            assert len({c for c in q.choices if c.startswith("Only to the ")}) == 2
            assert all(
                c[len("Only to the ") :] in allowed for c in q.choices if c.startswith("Only")
            )
        else:
            direction = q.answer[len("Only to the ") :]
            assert direction in allowed and direction in played
            other = next(
                c[len("Only to the ") :]
                for c in q.choices
                if c.startswith("Only") and c != q.answer
            )
            assert other not in allowed
        assert q.answer in q.choices and len(set(q.choices)) == 4
        answers.add(q.answer)
    explained = " ".join(q.explanation for q in asked.values())
    assert "Either way" in answers and len(answers) >= 2
    assert "U-turn" in explained  # a bend refused by the river's rule
    assert "the land beside it does not" in explained  # a bend refused by its edges


def test_where_questions_match_the_legal_placements(game):
    asked = _questions(game, lesson.where_question_for)
    kinds = set()
    for k, q in asked.items():
        state = game.replay(k)
        tile = state.tile_types[game.events[k].tile]
        legal = state.board.legal_placements(tile)
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices) >= 3
        if not legal:
            assert q.answer.startswith("Nowhere")
            assert _placed_after(game, k).kind == "tile-discarded"
            kinds.add("nowhere")
        else:
            squares = {(p.x, p.y) for p in legal}
            assert squares == {e["square"] for e in lesson.river_ends(state)}
            assert q.answer.startswith("At any open end")
            kinds.add("any")
    assert kinds == {"nowhere", "any"}


def test_the_tile_that_fitted_nowhere_leaves_the_game(game):
    asked = _questions(game, lesson.removed_question_for)
    (k,) = asked
    event = game.events[k]
    assert event.kind == "river2-tile-removed" and event.tile == "R2-inn-bridge"
    assert asked[k].answer.startswith("It leaves the game")
    notes = teach.annotation_notes(event, expansions=game.setup.expansions)
    assert [n["id"] for n in notes] == ["ckr-5"]
    assert "R2-inn-bridge" not in lesson.river_tiles_left(game.replay(k))


def test_followers_never_stand_on_the_river(game):
    for decision in game.decisions():
        if decision.kind != "deploy":
            continue
        for option in decision.options:
            x, y, seg = option.to
            placed = game.state.board.tiles[(x, y)]
            assert placed.type.segment(seg).kind != "river"
    asked = _questions(game, lesson.deploy_question_for)
    (k,) = asked
    q = asked[k]
    # asked where the tile is placed, before the board shows the follower
    assert game.events[k].kind == "tile-placed"
    deployed = next(e for e in game.events[k:] if e.step == "2B")
    assert deployed.kind == "figure-deployed" and deployed.turn == game.events[k].turn
    assert q.answer == "On the city or a field, never on the river"
    assert q.answer in q.choices and len(set(q.choices)) == 4


def test_the_pig_herd_adds_one_per_completed_city(game):
    asked = _questions(game, lesson.pig_herd_question_for)
    (k,) = asked
    event, q = game.events[k], asked[k]
    # river-pig-herd: the game's two completed cities, Alice's on the lake's bank (closed by L
    # in move 12) and Bob's on the river bank (closed by J in move 14), both border the farm
    # round the pig herd's outer field, where Bob has the only farmer: 2 x 3 = 6, and the
    # herd adds 2 x 1 = 2
    assert (event.player, event.points) == ("Bob", 8)
    herd = next(p for what, p in event.breakdown if what.startswith("the pig herd"))
    assert herd == 2 and q.answer == "8 points"
    assert "6 points" in q.choices  # the herd forgotten
    assert q.answer in q.choices and len(set(q.choices)) == 4
    assert lesson.river_question(game, k) == q


def test_every_question_and_its_order(game):
    asked = _questions(game)
    assert asked
    for k, q in asked.items():
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)
        own = (
            lesson.pig_herd_question_for(game, k)
            or lesson.bend_question_for(game, k)
            or lesson.where_question_for(game, k)
            or lesson.removed_question_for(game, k)
            or lesson.deploy_question_for(game, k)
        )
        assert q == (own or teach.prediction_for(game, k))
    # the scorings the river's own questions do not take ask their points
    for k in range(len(game.events)):
        if teach.prediction_for(game, k) and k not in _questions(
            game, lesson.pig_herd_question_for
        ):
            assert asked[k] == teach.prediction_for(game, k)


def test_notes_never_give_away_a_later_question_of_their_turn(game):
    asked = _questions(game)
    for k in range(len(game.events)):
        note = lesson.river_note(game, k)
        if not note:
            continue
        assert not teach.note_gives_away(note)
        for j, q in asked.items():
            if j > k and game.events[j].turn == game.events[k].turn:
                assert not teach.note_gives_away(note, q), (k, j)
    for k in range(len(game.events)):
        assert lesson.river_note(game, k, quiz=False) == teach.event_note(game, k, quiz=False)


def test_the_board_draws_the_river_and_the_herd(game):
    end = len(game.events) - 1
    svg = teach.board_for_event(game, end)
    river = [p for p in game.state.board if "river" in p.type.tags]
    assert svg.count('<g class="river">') == len(river) == 11
    assert svg.count('class="pig-herd"') == 1


def test_the_footnotes_covered(game):
    covered = teach.footnotes_covered(game)
    removed = next(e.index for e in game.events if e.kind == "river2-tile-removed")
    assert [(item["id"], item["events"]) for item in covered] == [("ckr-5", [removed])]


def test_nothing_is_asked_without_the_river():
    base = examples.load("first-turns")
    for k in range(len(base.events)):
        assert lesson.bend_question_for(base, k) is None
        assert lesson.where_question_for(base, k) is None
        assert lesson.deploy_question_for(base, k) is None
        assert lesson.river_question(base, k) == teach.prediction_for(base, k)

"""Classroom mode's frames (``carc_teach.classroom``), checked without a browser: the question
before its answer, one frame per event, the pieces shared between frames put back to the same
HTML, the presenter notes, and a hostile game's text escaped in the stage document."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from carc_teach import classroom, examples, teach
from carc_teach.gamefile import load_game


@pytest.fixture(scope="module")
def first_turns():
    return examples.load("first-turns")


def _joined(packed: dict, ids: list[int]) -> str:
    return "".join(packed["pieces"][k] for k in ids)


def test_one_frame_per_event_and_the_question_before_its_answer(first_turns):
    game = first_turns
    frames = classroom.game_frames(game, markdown_html=str)
    assert len(frames) == len(game.events)
    asking = [k for k, f in enumerate(frames) if f.asked is not None]
    assert asking == [k for k in range(len(game.events)) if teach.prediction_for(game, k)]
    scoring = asking[0]
    prediction = teach.prediction_for(game, scoring)
    asked, shown = frames[scoring].asked, frames[scoring].shown
    assert 'data-revealed="false"' in asked and 'data-revealed="true"' in shown
    assert prediction.question in asked and all(c in asked for c in prediction.choices)
    assert game.events[scoring].text not in asked and "Answer:" not in asked
    assert f"Answer: <b>{prediction.answer}</b>" in shown
    assert game.events[scoring].text in shown
    # the scores wait for the reveal: before it, those of the event before
    before = game.scores_after(scoring - 1)
    after = game.scores_after(scoring)
    assert before != after
    for player in game.players:
        assert f'data-player="{player}">' in asked
        assert f'{player} <b class="points">{before[player]}</b>' in asked
        assert f'{player} <b class="points">{after[player]}</b>' in shown
    # without "ask me first" nothing is asked
    assert all(f.asked is None for f in classroom.game_frames(game, markdown_html=str, quiz=False))


def test_presenter_notes_give_the_rule_and_the_answer(first_turns):
    game = first_turns
    scoring = next(k for k in range(len(game.events)) if teach.prediction_for(game, k))
    notes = classroom.presenter_notes_markdown(game, scoring)
    assert teach.prediction_for(game, scoring).answer in notes
    assert game.events[scoring].rule in notes
    frame = classroom.game_frames(game, markdown_html=str)[scoring]
    assert frame.notes.startswith(f"<p><b>Event {scoring}</b>")
    assert teach.prediction_for(game, scoring).answer in frame.notes


def test_pieces_put_back_the_same_html_and_share_the_boards():
    game = examples.load("shrines")
    frames = classroom.game_frames(game, markdown_html=str)
    packed = classroom.pack_frames(frames)
    for frame, ids in zip(frames, packed["frames"], strict=True):
        assert _joined(packed, ids["shown"]) == frame.shown.replace(classroom.CUT, "")
        assert _joined(packed, ids["notes"]) == frame.notes.replace(classroom.CUT, "")
        if frame.asked is None:
            assert ids["asked"] is None
        else:
            assert _joined(packed, ids["asked"]) == frame.asked.replace(classroom.CUT, "")
    whole = sum(len(f.shown) + len(f.asked or "") for f in frames)
    assert sum(map(len, packed["pieces"])) < whole / 4  # boards change little between events


def test_a_hostile_game_is_text_in_the_stage_document():
    data = examples.data("first-turns")
    data = json.loads(json.dumps(data))
    data["title"] = "<script>window.hacked=1</script> & </script><!--"
    data["setup"]["players"] = ['<img src=x onerror="window.hacked=2">', "Bob"]
    game = load_game(data)
    frames = classroom.game_frames(game, markdown_html=str)
    document = classroom.stage_document(frames, title=game.title)
    # The only scripts are the stage's own: the data sits in JSON that no "<" can leave.
    assert document.count("</script>") == 3
    assert "<img" not in document and 'onerror="window' not in document
    packed = json.loads(re.search(r'id="carc-stage-data">(.*?)</script>', document, re.S).group(1))
    shown = _joined(packed, packed["frames"][-1]["shown"])
    assert "&lt;img src=x onerror=&quot;window.hacked=2&quot;&gt;" in shown
    assert "&lt;script&gt;window.hacked=1&lt;/script&gt;" in shown
    # the notebook's iframe escapes the whole document once more, into its srcdoc
    overlay = classroom.stage_overlay(document)
    assert unescape(re.search(r'srcdoc="([^"]*)"', overlay).group(1)) == document

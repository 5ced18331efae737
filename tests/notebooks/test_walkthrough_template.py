"""Every stepping walkthrough is the one template (``notebook_ui.walkthrough_view``) plus its own
``Walkthrough`` spec, declared beside its lessons in the package it teaches: no notebook wires
its own slider, step buttons, event state, lesson picker or switches, and the view the template
builds holds every event of the game, stepped in the browser."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import marimo as mo
import pytest
from walkthrough_pages import spec_of

from carc_teach import examples, teach
from carc_teach import notebook_ui as ui
from carc_teach.stepper import stepper_html, view_data

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
STEPPING = sorted(
    p for p in NOTEBOOKS.glob("*.py") if "ui.walkthrough_view(" in p.read_text("utf-8")
)
#: the wiring each notebook used to copy, which the template and notebook_ui now do once
COPIED_WIRING = (
    "ui.step_buttons",
    "ui.event_slider",
    "ui.at_event",
    "ui.walkthrough_page",
    "ui.Walkthrough(",  # the spec lives in the package the walkthrough teaches
    "mo.state(",
    'label="Lesson"',  # the lesson picker: ui.lesson_controls
    'label="Classroom mode"',  # the switches: ui.controls
    ".load_lesson(",  # a lesson's game: ui.lesson_game
)


def test_the_eight_stepping_walkthroughs_are_found():
    assert [p.stem for p in STEPPING] == [
        "abbey_and_mayor",
        "after_the_game",
        "count_of_carcassonne",
        "heretics_and_shrines",
        "inns_and_cathedrals",
        "king_and_robber",
        "river_ii",
        "turn_sequence",
    ]


@pytest.mark.parametrize("path", STEPPING, ids=lambda p: p.stem)
def test_every_stepping_notebook_uses_the_template(path):
    source = path.read_text("utf-8")
    assert source.count("ui.walkthrough_view(") == 1, f"{path.name}: not on the template"
    spec = spec_of(path)
    assert isinstance(spec, ui.Walkthrough), f"{path.name} imports no package's WALKTHROUGH"
    copied = [name for name in COPIED_WIRING if name in source]
    assert not copied, f"{path.name} copies what notebook_ui does: {copied}"
    # a walkthrough with lessons picks them with the shared controls, one without takes its game
    if spec.lessons is not None:
        assert "ui.lesson_controls(" in source and "ui.lesson_game(" in source, path.name
    else:
        assert "ui.controls(" in source, path.name


def test_the_specs_name_their_games_and_the_switch():
    specs = {path.stem: spec_of(path) for path in STEPPING}
    assert all(spec.quiz_label.startswith("Ask me") for spec in specs.values())
    for name in ("king_and_robber", "river_ii", "after_the_game"):
        assert len(specs[name].games()) == 1
    assert specs["count_of_carcassonne"].games()[0] == "count-city"
    assert specs["turn_sequence"].games() == ()  # any bundled game, or a pasted one
    assert all(g in examples.names() for spec in specs.values() for g in spec.games())


def test_the_check_finds_a_copied_picker(tmp_path):
    copy = tmp_path / "copy.py"
    copy.write_text(
        "from carc_teach.expansions.count.lessons import WALKTHROUGH as walkthrough\n"
        'lesson_choice = mo.ui.dropdown(options=[], label="Lesson")\n'
        "ui.walkthrough_view(mo, game, walkthrough, quiz=True, classroom=False)\n"
    )
    source = copy.read_text("utf-8")
    assert spec_of(copy) is not None
    assert [name for name in COPIED_WIRING if name in source] == ['label="Lesson"']


def _markdown(text: str) -> str:
    return mo.md(text).text


def test_the_view_holds_every_event_with_its_question_open_and_answered():
    game = examples.load("first-turns")
    walkthrough = ui.Walkthrough()
    data = view_data(game, walkthrough, quiz=True, markdown_html=_markdown)
    frames, pieces = data["frames"], data["pieces"]
    assert len(frames) == len(game.events) == 46
    html = lambda ids: "".join(pieces[k] for k in ids)  # noqa: E731
    for index, frame in enumerate(frames):
        prediction = teach.prediction_for(game, index)
        # the board is the one teach draws for the event, made of shared pieces
        assert html(frame["board"]) == teach.board_for_event(game, index)
        assert html(frame["shown"][0]).count(f"<strong>Event {index}</strong>") == 1
        if prediction is None:
            assert frame["q"] is None and frame["asked"] is None
            continue
        # asked: the points are held back and the scores are those before the event
        assert "Scores before this event" in html(frame["asked"][1])
        assert "Scores so far" in html(frame["shown"][1])
        assert frame["q"]["right"] == list(prediction.choices).index(prediction.answer)
        assert "Right!" in frame["q"]["yes"] and "Not quite" in frame["q"]["no"]
    # the first scoring of the game: Alice's city of 2 tiles, 4 points (hand-counted)
    scoring = next(k for k, e in enumerate(game.events) if e.kind == "points")
    assert (game.events[scoring].player, game.events[scoring].points) == ("Alice", 4)
    asked = html(frames[scoring]["asked"][0])
    assert "4 points" not in asked and "Something scores here" in asked
    # consecutive boards share most of their pieces: far less than a board per event
    total = sum(len(teach.board_for_event(game, k)) for k in range(len(game.events)))
    board_pieces = {k for frame in frames for k in frame["board"]}
    assert sum(len(pieces[k]) for k in board_pieces) < total / 3


def test_without_questions_first_the_event_is_told_and_the_radio_stays():
    game = examples.load("first-turns")
    data = view_data(game, ui.Walkthrough(), quiz=False, markdown_html=_markdown)
    asked = [k for k, f in enumerate(data["frames"]) if f["q"]]
    assert asked and all(data["frames"][k]["asked"] is None for k in asked)


def test_the_page_opens_at_the_start_event_with_its_script_and_data():
    game = examples.load("after-game")
    from carc_teach.lessons import after_game

    start = after_game.start_index(game)
    html = stepper_html(game, ui.Walkthrough(), quiz=True, markdown_html=_markdown, start=start)
    assert f'data-index="{start}"' in html
    assert f"<strong>Event {start}</strong>" in html  # the first view is in the page as HTML
    srcdoc = unescape(re.search(r'srcdoc="([^"]*)"', html).group(1))
    config = re.search(r'id="carc-step-config">(.*?)</script>', srcdoc).group(1)
    assert json.loads(config)["start"] == start

"""A game file's text is shown as text: titles, player names and move notes that try to run
script, insert elements, link out or garble the page (``tests/hostile_games.py``) go through
every view that turns game text into HTML or Markdown and come out inert and readable.

Markdown is rendered by marimo's own converter (every extension the notebooks have), and the
HTML marimo keeps in widgets' JSON attributes (labels of radios and accordions) is checked
too. The real-browser check is ``tests/browser/test_hostile_game_file.py``.
"""

from __future__ import annotations

import inspect
import json
import re
from html import unescape
from pathlib import Path

import pytest
from hostile_games import (
    HOSTILE_NAMES,
    HOSTILE_NOTES,
    HOSTILE_TITLE,
    assert_inert,
    corpus_files,
    hostile_variant,
    load_corpus,
    markdown_html,
    scan_html,
)

from carc_teach import classroom, examples, teach
from carc_teach import notebook_ui as ui
from carc_teach.compare import compare_games, logs_html
from carc_teach.expansions.abbey_mayor import lessons as abbey_mayor
from carc_teach.expansions.count import lessons as count
from carc_teach.expansions.river2 import lessons as river2
from carc_teach.expansions.shrines import lessons as shrines
from carc_teach.gamefile import load_game
from carc_teach.lessons import after_game, two_editions
from carc_teach.text import escape_html, escape_markdown

mo = pytest.importorskip("marimo")

REPO = Path(__file__).resolve().parents[2]
PAYLOADS = (*HOSTILE_NAMES, HOSTILE_TITLE, *HOSTILE_NOTES)
LESSONS = (teach, abbey_mayor, after_game, count, river2, shrines)


# -- the two escapes ------------------------------------------------------------------------


@pytest.mark.parametrize("payload", PAYLOADS, ids=range(len(PAYLOADS)))
def test_escaped_markdown_reads_as_the_text_wherever_it_stands(payload):
    text = escape_markdown(payload)
    for markdown in (
        text,  # at the start of a line
        f"**{text}** scores",
        f"> {text}",
        f"| how | points |\n|---|---:|\n| {text} | 3 |",
        f"- one\n- {text}",
    ):
        assert_inert(markdown_html(markdown), expect=(payload,), where=repr(markdown))
    # marimo renders an accordion's titles and a widget's label as Markdown
    assert_inert(mo.accordion({f"Why {text}": mo.md("x")}).text, expect=(payload,))
    assert_inert(mo.ui.radio(["a"], label=text).text, expect=(payload,))


@pytest.mark.parametrize("payload", PAYLOADS, ids=range(len(PAYLOADS)))
def test_escaped_html_reads_as_the_text_in_an_element_and_an_attribute(payload):
    markup = f"<div title=\"{escape_html(payload)}\" data-x='{escape_html(payload)}'>{escape_html(payload)}</div>"
    assert_inert(markup, expect=(payload,))


def test_the_checker_finds_what_it_looks_for():
    """The scan is not blind: raw payloads, rendered as Markdown today's way, are caught."""
    for payload in (HOSTILE_NAMES[0], HOSTILE_NAMES[1], HOSTILE_NAMES[2], HOSTILE_NOTES[3]):
        problems, _ = scan_html(markdown_html(payload))
        assert problems, payload
    problems, _ = scan_html(mo.accordion({HOSTILE_NAMES[1]: mo.md("x")}).text)
    assert problems


# -- the corpus -----------------------------------------------------------------------------


def test_the_corpus_loads_with_its_hostile_text():
    files = corpus_files()
    assert len(files) >= 4
    for path in files:
        game = load_corpus(path)
        assert game.title == HOSTILE_TITLE
        assert all(name in HOSTILE_NAMES for name in game.players)
        notes = [e.data["note"] for e in game.events if (e.data or {}).get("note")]
        assert notes and set(notes) <= set(HOSTILE_NOTES)


# -- every walkthrough view of every bundled game, made hostile ------------------------------


def _functions(suffixes: tuple[str, ...]):
    found = []
    for module in LESSONS:
        for name, f in vars(module).items():
            if (
                inspect.isfunction(f)
                and f.__module__ == module.__name__
                and not name.startswith("_")
                and name.endswith(suffixes)
            ):
                found.append(f)
    return found


QUESTIONS = _functions(("question_for", "_question"))
NOTES = _functions(("_note",))
PANELS = [f for f in _functions(("_html",)) if "hidden" in inspect.signature(f).parameters]


def _any_question(game, index):
    for question in QUESTIONS:
        found = question(game, index)
        if found is not None:
            return found
    return None


def _events_to_check(game) -> list[int]:
    """A handful of events of each sort (checking all of a long game takes too long)."""
    picked = {0, len(game.events) - 1}
    for want in (
        lambda k: _any_question(game, k) is not None,
        lambda k: game.events[k].kind == "points",
        lambda k: bool((game.events[k].data or {}).get("note")),
    ):
        picked.update([k for k in range(len(game.events)) if want(k)][:3])
    return sorted(picked)


def _view_data(page: str) -> dict:
    """Every event's view, as the page hands it to its script."""
    srcdoc = unescape(re.search(r'srcdoc="([^"]*)"', page).group(1))
    return json.loads(re.search(r'id="carc-step-data">(.*?)</script>', srcdoc).group(1))


def _frame_html(data: dict, index: int, *, answered: bool) -> str:
    """What the stepping view shows at event ``index`` (as its script puts it together from
    the view's pieces), with the question open or answered."""
    frame, pieces = data["frames"][index], data["pieces"]
    side = frame["shown"] if answered or frame["asked"] is None else frame["asked"]
    parts = [frame["timeline"], frame["board"], frame["graph"], side[0], side[1]]
    html = "".join(pieces[k] for ids in parts for k in ids)
    if frame["q"] is not None:
        html += frame["q"]["radio"] + frame["q"]["yes" if answered else "no"]
    return html


@pytest.mark.parametrize("name", examples.names())
def test_every_view_of_a_hostile_game_shows_its_text_as_text(name):
    game = load_game(hostile_variant(examples.data(name)), source=name)
    walkthrough = ui.Walkthrough(
        question=_any_question,
        note=teach.event_note,
        panels=tuple((f.__name__, f) for f in PANELS),
    )
    # the page as it opens: the title line names the game and its players; the scan goes
    # into the stepper's data too, so this checks every piece of every event, wherever the
    # script puts it (and each question's choices and answers)
    page = ui.walkthrough_view(mo, game, walkthrough, quiz=True, classroom=False).text
    assert_inert(page, expect=(game.title, *game.players), where=name)
    data = _view_data(page)
    for index in _events_to_check(game):
        for answered in (False, True):
            where = f"{name} event {index}{' answered' if answered else ''}"
            html = _frame_html(data, index, answered=answered)
            # a note shows once it may
            expect: tuple[str, ...] = ()
            note = walkthrough.note(game, index, quiz=True)
            prediction = _any_question(game, index)
            if note and not (prediction is not None and not answered):
                expect += (note,)
            assert_inert(html, expect=expect, where=where)
        # the classroom's presenter notes and the score stories
        assert_inert(markdown_html(classroom.presenter_notes_markdown(game, index)), where=where)
        for player in game.players:
            story = markdown_html(teach.score_story_markdown(game, index, player))
            assert_inert(story, expect=(player,), where=where)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_the_classroom_stage_frames_show_hostile_text_as_text(path):
    game = load_corpus(path)
    frames = classroom.game_frames(
        game,
        markdown_html=markdown_html,
        question=_any_question,
        panels=tuple((f.__name__, f) for f in PANELS),
    )
    for frame in frames:
        for part in (frame.shown, frame.asked or "", frame.notes):
            assert_inert(part, where=f"{path.name} frame")
    shown = " ".join(frame.shown for frame in frames)
    assert_inert(shown, expect=game.players)


# -- the comparison of two editions ----------------------------------------------------------


def test_a_comparison_of_a_hostile_game_shows_its_text_as_text():
    game = load_corpus(next(p for p in corpus_files() if p.name == "first-turns.json"))
    result = compare_games(game, {}, {"base.followers": 1})
    assert result.b.error  # the moves stop being legal: the error names a player
    assert_inert(logs_html(result, everything=True), expect=game.players)
    for stop in range(len(two_editions.classroom_stops(result))):
        for revealed in (False, True):
            assert_inert(two_editions.classroom_html(result, stop, revealed=revealed))
        assert_inert(markdown_html(two_editions.presenter_notes_markdown(result, stop)))
    assert_inert(markdown_html(escape_markdown(result.summary())), expect=(result.summary(),))


# -- the notebooks that take a game file, run headless with a hostile file pasted -------------


def _run_notebook(name: str, defs: dict):
    import runpy

    app = runpy.run_path(str(REPO / "notebooks" / name))["app"]
    outputs, found = app.run(defs=defs)
    return "".join(mo.as_html(o).text for o in outputs if o is not None), found


def _turn_sequence_defs(pasted: str) -> dict:
    return {
        "game_choice": mo.ui.dropdown({"first-turns": "first-turns"}, value="first-turns"),
        "pasted": mo.ui.text_area(value=pasted),
        "quiz": mo.ui.switch(value=True),
        "classroom": mo.ui.switch(value=False),
    }


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_the_turn_sequence_notebook_shows_a_pasted_hostile_file_as_text(path):
    html, found = _run_notebook("turn_sequence.py", _turn_sequence_defs(path.read_text("utf-8")))
    assert found["game"].title == HOSTILE_TITLE  # the pasted game is the one shown
    assert_inert(html, expect=(HOSTILE_TITLE, *found["game"].players))


def test_the_comparison_notebook_shows_a_pasted_hostile_file_as_text():
    text = (REPO / "tests" / "fixtures" / "hostile" / "first-turns.json").read_text("utf-8")
    option = mo.ui.dropdown(["base.followers"], value="base.followers")
    html, found = _run_notebook(
        "compare_editions.py",
        {
            "classroom": mo.ui.switch(value=False),
            "game_choice": mo.ui.dropdown({"first-turns": "first-turns"}, value="first-turns"),
            "mode": mo.ui.radio(
                {"Two presets": "presets", "Two values of one option": "option"},
                value="Two values of one option",
            ),
            "option_choice": option,
            "pasted": mo.ui.text_area(value=text),
            "preset_a": mo.ui.dropdown(["default"], value="default"),
            "preset_b": mo.ui.dropdown(["rgg"], value="rgg"),
            "value_a": mo.ui.dropdown(["7"], value="7"),
            "value_b": mo.ui.dropdown(["1"], value="1"),
        },
    )
    assert found["result"].game.title == HOSTILE_TITLE
    assert found["result"].b.error  # B's single follower makes the moves illegal
    assert_inert(html, expect=(found["result"].b.error, *found["result"].game.players))


# -- a file that breaks the loader in any way ------------------------------------------------


@pytest.mark.parametrize(
    "failure",
    [
        RecursionError("maximum recursion depth exceeded"),
        ValueError("<script>x</script>"),
        MemoryError(),
    ],
    ids=lambda e: type(e).__name__,
)
def test_any_failure_of_a_pasted_file_gives_a_callout_and_keeps_the_bundled_game(
    monkeypatch, failure
):
    import carc_teach.gamefile as gamefile

    def fail(*_args, **_kwargs):
        raise failure

    bundled = examples.load("first-turns")
    monkeypatch.setattr(gamefile, "load_game", fail)
    game, problem = ui.game_from_paste(
        mo, "{}", lambda: bundled, instead="Showing the bundled game."
    )
    assert game is bundled
    text = assert_inert(problem.text, expect=("Showing the bundled game.", str(failure)))
    assert "cannot be used" in text and type(failure).__name__ in text


def test_an_engine_error_quoting_a_hostile_name_is_shown_as_text():
    data = examples.data("first-turns")
    data["setup"]["players"] = [HOSTILE_NAMES[3], HOSTILE_NAMES[3]]  # twice: refused
    game, problem = ui.game_from_paste(
        mo, json.dumps(data), lambda: examples.load("first-turns"), instead="Kept."
    )
    assert game.title == examples.load("first-turns").title
    assert_inert(problem.text, expect=("appears twice", "Kept."))


def test_nothing_pasted_is_no_problem():
    bundled = examples.load("first-turns")
    assert ui.game_from_paste(mo, "  \n", lambda: bundled, instead="x") == (bundled, None)


# -- the site's pre-rendered first view ------------------------------------------------------


def test_the_prerendered_view_of_a_hostile_game_is_inert(tmp_path):
    """prerender copies a notebook's opening text and first board into the page before Python
    runs: with a hostile game on show, both stay inert."""
    from carc_teach.site.prerender import first_view

    fixture = REPO / "tests" / "fixtures" / "hostile" / "shared-city.json"
    notebook = tmp_path / "hostile.py"
    notebook.write_text(
        "import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n"
        "    import marimo as mo\n    from pathlib import Path\n\n"
        "    from carc_teach import notebook_ui as ui, teach, examples\n\n"
        f"    game, _ = ui.game_from_paste(mo, Path({str(fixture)!r}).read_text(), "
        "lambda: examples.load('first-turns'), instead='x')\n"
        "    mo.vstack([mo.md('# A hostile game'), ui.walkthrough_view(mo, game, "
        "ui.Walkthrough(), quiz=True, classroom=False), "
        "mo.Html(teach.board_for_event(game, 5, game.replay(5)))])\n"
        "    return\n",
        "utf-8",
    )
    view = first_view(notebook)
    assert view is not None and view.drawing
    game = load_corpus(fixture)
    assert_inert(view.opening, expect=(game.title, *game.players))
    assert_inert(view.drawing)

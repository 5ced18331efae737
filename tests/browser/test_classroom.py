"""Classroom mode in real Chromium, under ``marimo run`` and on the offline site: the stage
covers the whole window at projector sizes, its keys answer at once (no click first), a
clicker's PageDown / PageUp step it, a scoring shows its question and choices to the class
before a press reveals the answer, Home / End, B (blank) and Esc work, the presenter notes open
in a second window that follows the stage and never show on the class's screen, and *Leave
classroom mode* brings the walkthrough back. A hostile game's text shows literally and runs
nothing.

Helpers here (``open_classroom``, ``_stage``, ``_press``, ``classroom_moment``) are shared by
the other walkthrough tests."""

from __future__ import annotations

import json

import pytest
from marimo_page import assert_healthy, body_text, wait_until_settled
from test_walkthroughs import _shown_example, open_walkthrough  # noqa: F401 (a fixture)

from carc_teach import classroom, examples, teach
from carc_teach.gamefile import load_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

STAGE = "iframe.carc-stage-frame"
#: projector sizes the stage must fill: 4:3, 720p, 1080p
SCREENS = ((1024, 768), (1280, 720), (1920, 1080))


def stage_frame(page, timeout_ms: float = 120_000):
    """The stage's document (a Playwright frame), once its first frame is drawn."""
    handle = page.locator(STAGE).first.element_handle(timeout=timeout_ms)
    frame = handle.content_frame()
    frame.wait_for_selector(".carc-classroom", timeout=timeout_ms)
    return frame


def open_classroom(page):
    """Switch classroom mode on and return the stage's frame. The mouse is not used again:
    the keys must work at once."""
    page.get_by_role("switch", name="Classroom mode").first.click()
    return stage_frame(page)


def _stage(page) -> dict | None:
    """Which step the stage shows and whether its answer is out."""
    return stage_frame(page).evaluate(
        """() => {
            const el = document.querySelector('.carc-classroom');
            return el ? {index: Number(el.dataset.index), revealed: el.dataset.revealed}
                      : null;
        }"""
    )


def stage_text(page) -> str:
    return stage_frame(page).evaluate("() => document.body.innerText")


def _press(page, key: str) -> None:
    """A key press: the stage steps in the browser, before the press returns."""
    page.keyboard.press(key)


def classroom_moment(page, session, game, question, k: int, name: str) -> None:
    """Classroom mode switched on at event ``k - 1``: → (or PageDown) asks event ``k``'s
    question, space reveals the answer, PageUp steps back; the presenter notes are not on the
    class's screen."""
    open_classroom(page)
    assert _stage(page)["index"] == k - 1
    prediction = question(game, k)
    if question(game, k - 1) is not None:  # → first reveals the answer of the event before
        _press(page, "ArrowRight")
        assert _stage(page) == {"index": k - 1, "revealed": "true"}
    _press(page, "PageDown")
    asked = stage_text(page)
    assert _stage(page) == {"index": k, "revealed": "false"}
    assert prediction.question in asked and all(c in asked for c in prediction.choices)
    _press(page, "Space")
    assert _stage(page) == {"index": k, "revealed": "true"}
    shown = stage_text(page)
    assert f"Answer: {prediction.answer}" in shown
    for note in teach.annotation_notes(game.events[k], expansions=game.setup.expansions):
        assert note["citation"] not in shown, "the presenter notes stay off the stage"
    session.screenshot(name)
    _press(page, "PageUp")
    assert _stage(page) == {"index": k - 1, "revealed": "true"}


def _fills_the_screen(page, width: int, height: int) -> dict:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(300)
    box = page.locator(STAGE).first.bounding_box()
    assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, width, height)
    return stage_frame(page).evaluate(
        """() => {
            const board = document.querySelector('.stage-board svg').getBoundingClientRect();
            const side = document.querySelector('.stage-side');
            return {board_w: board.width, board_h: board.height, bottom: board.bottom,
                    scroll: document.documentElement.scrollHeight - window.innerHeight,
                    font: parseFloat(getComputedStyle(side).fontSize)};
        }"""
    )


def test_classroom_mode_by_keyboard(open_walkthrough, page_session):  # noqa: F811
    page = open_walkthrough("turn_sequence")
    game = examples.load(_shown_example(page))
    scoring = next(k for k in range(len(game.events)) if teach.prediction_for(game, k))
    prediction = teach.prediction_for(game, scoring)
    last = len(game.events) - 1
    page.set_viewport_size({"width": 1024, "height": 768})

    open_classroom(page)
    assert _stage(page) == {"index": 0, "revealed": "true"}
    for expected in range(1, scoring + 1):  # no click first: the stage has the focus
        _press(page, "PageDown" if expected % 2 else "ArrowRight")
        assert _stage(page)["index"] == expected
    shown = stage_text(page)
    assert _stage(page) == {"index": scoring, "revealed": "false"}
    assert prediction.question in shown and all(c in shown for c in prediction.choices)
    assert game.events[scoring].text not in shown

    # The stage fills a projector's screen: the board large, the type large, nothing to scroll.
    for width, height in SCREENS:
        measured = _fills_the_screen(page, width, height)
        assert measured["scroll"] <= 0 and measured["bottom"] <= height
        assert max(measured["board_w"] / width, measured["board_h"] / height) > 0.55, measured
        assert measured["font"] >= 0.035 * height, measured
        page_session.screenshot(f"{open_walkthrough.variant}-classroom-{width}x{height}")
    page.set_viewport_size({"width": 1280, "height": 720})

    _press(page, "Space")
    assert _stage(page) == {"index": scoring, "revealed": "true"}
    assert f"Answer: {prediction.answer}" in stage_text(page)
    _press(page, "ArrowRight")
    assert _stage(page)["index"] == scoring + 1
    _press(page, "PageUp")
    assert _stage(page) == {"index": scoring, "revealed": "true"}
    _press(page, "End")
    assert _stage(page)["index"] == last
    _press(page, "Home")
    assert _stage(page)["index"] == 0
    frame = stage_frame(page)
    assert frame.evaluate("() => window.carcStage.lastStepMs") < 100

    # B blanks the screen (steps wait), Esc shows it again.
    _press(page, "b")
    assert frame.locator("#carc-blank").is_visible()
    _press(page, "PageDown")
    assert _stage(page)["index"] == 0
    _press(page, "Escape")
    assert not frame.locator("#carc-blank").is_visible()

    # The presenter notes: a second window that follows the stage; never on the stage.
    with page.context.expect_page() as opened:
        _press(page, "n")
    notes = opened.value
    notes.wait_for_selector("#where:has-text('Event 0')")
    for _ in range(scoring):
        _press(page, "PageDown")
    notes.wait_for_selector(f"#where:has-text('Event {scoring} of {last}')")
    assert prediction.answer in notes.inner_text("#notes")
    assert "question open" in notes.inner_text("#state")
    assert "Footnotes" not in stage_text(page) and prediction.explanation not in stage_text(page)
    notes.keyboard.press("ArrowRight")  # the teacher's keys in the notes window step the stage
    assert _stage(page) == {"index": scoring, "revealed": "true"}
    notes.wait_for_selector("#state:has-text('answer shown')")
    notes.close()

    # F asks for full screen, Esc leaves it.
    _press(page, "f")
    page.wait_for_timeout(300)
    assert frame.evaluate("() => document.fullscreenElement !== null")
    _press(page, "Escape")
    page.wait_for_timeout(300)
    assert frame.evaluate("() => document.fullscreenElement === null")

    # Leaving classroom mode brings the walkthrough back.
    frame.locator("#carc-leave-button").click()
    page.get_by_role("button", name="Next scoring").first.wait_for(timeout=60_000)
    wait_until_settled(page, quiet_ms=800)
    assert page.locator(STAGE).count() == 0
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)


def test_a_hostile_game_shows_as_text_on_the_stage(page_session):
    """A game file whose title and player name are markup: the stage shows them literally and
    no script of theirs runs (in the notebook's own wrapping: the iframe's srcdoc)."""
    data = json.loads(json.dumps(examples.data("first-turns")))
    data["title"] = "<script>window.parent.hacked = 1</script><b>bold</b>"
    data["setup"]["players"] = ['<img src=x onerror="window.parent.hacked=2">', "Bob"]
    game = load_game(data)
    frames = classroom.game_frames(game, markdown_html=str)
    document = classroom.stage_document(frames, title=game.title, start=len(frames) - 1)
    page = page_session.page
    page.set_content(
        f"<!doctype html><html><body>{classroom.stage_overlay(document)}</body></html>"
    )
    text = stage_text(page)
    assert data["title"] in text and data["setup"]["players"][0] in text
    with page.context.expect_page() as opened:
        _press(page, "n")
    notes = opened.value
    notes.wait_for_selector("#where:has-text('Event')")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.hacked") is None
    assert (
        stage_frame(page).evaluate("() => document.querySelectorAll('img, .stage-head b').length")
        == 0
    )
    assert notes.evaluate("() => document.querySelectorAll('img').length") == 0


def test_two_editions_show_a_difference_and_then_none(open_walkthrough, page_session):  # noqa: F811
    """The comparison notebook opens on the game made for it under two editions' presets,
    whose scores part (the mayor out of the City counts as two under RGG); classroom mode puts
    "what changes?" to the class, then steps to the parting event and the end by the keyboard;
    two presets that only differ on expansions' rules leave a base game unchanged."""
    from marimo_page import select_option

    from carc_teach.compare import DEMO_GAME, compare_games

    page = open_walkthrough("compare_editions")
    game = examples.load(DEMO_GAME)
    differing = compare_games(game, "hig-original", "rgg")
    assert differing.point_difference["Bob"] == -8
    text = body_text(page)
    assert differing.summary() in text
    assert page.locator("tr.first-difference").count() == 1
    # the option that decides, in words (its id is kept for "Rule details")
    from carc_teach.editions import option

    assert option("count.special-figure-strength").title in text
    import carc_teach.annotations as annotations

    footnote = annotations.get(differing.footnotes[0])
    page.get_by_text(footnote.title, exact=False).first.click()
    wait_until_settled(page, quiet_ms=800)
    assert annotations.cite(footnote) in body_text(page)

    # Classroom mode: the question to the class, its answer, the parting event, the end.
    from carc_teach.lessons import two_editions

    question = two_editions.outcome_question(differing)
    stops = two_editions.classroom_stops(differing)
    frame = open_classroom(page)
    shown = stage_text(page)
    assert _stage(page) == {"index": 0, "revealed": "false"}
    assert all(c in shown for c in question.choices) and "Answer:" not in shown
    _press(page, "Space")
    assert _stage(page) == {"index": 0, "revealed": "true"}
    assert f"Answer: {question.answer}" in stage_text(page)
    _press(page, "PageDown")
    assert _stage(page)["index"] == 1 and stops[1].kind == "parting"
    assert frame.locator(".carc-classroom .side svg.carc-board").count() == 2
    page_session.screenshot(f"{open_walkthrough.variant}-compare-classroom")
    _press(page, "End")
    assert _stage(page)["index"] == len(stops) - 1
    assert frame.locator(".carc-classroom table.final-scores").count() == 1
    _press(page, "ArrowLeft")
    assert _stage(page)["index"] == len(stops) - 2
    assert "Options that differ" not in stage_text(page)
    frame.locator("#carc-leave-button").click()
    page.locator("tr.first-difference").first.wait_for(timeout=60_000)
    wait_until_settled(page, quiet_ms=800)

    select_option(page, "Game", examples.data("first-turns")["title"])
    agreeing = compare_games(examples.load("first-turns"), "hig-original", "rgg")
    text = body_text(page)
    # the verdict as the engine words it; what to try next names the options in words
    assert agreeing.summary().split(" The rules this game plays")[0] in text
    assert "carc-teach compare mayor-from-the-city --presets hig-original rgg" in text
    assert page.locator("tr.first-difference").count() == 0
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)

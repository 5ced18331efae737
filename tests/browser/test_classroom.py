"""Classroom mode of the turn-sequence walkthrough, driven by the keyboard in real Chromium,
under ``marimo run`` and on the offline site: → steps one event, a scoring shows its question
and choices to the class before a press reveals the answer, ← steps back, N hides the
presenter notes."""

from __future__ import annotations

import pytest
from marimo_page import assert_healthy, body_text, wait_until_settled
from test_walkthroughs import _shown_example, open_walkthrough  # noqa: F401 (a fixture)

from carc_teach import examples, teach

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _stage(page) -> dict:
    """Which event the classroom stage shows and whether its answer is out."""
    return page.evaluate(
        """() => {
            const el = document.querySelector('.carc-classroom');
            return el ? {index: Number(el.dataset.index), revealed: el.dataset.revealed}
                      : null;
        }"""
    )


def _press(page, key: str) -> None:
    before = _stage(page)
    page.keyboard.press(key)
    for _ in range(240):
        if _stage(page) != before:
            break
        page.wait_for_timeout(250)
    wait_until_settled(page, quiet_ms=800)


def test_classroom_mode_by_keyboard(open_walkthrough, page_session):  # noqa: F811
    page = open_walkthrough("turn_sequence")
    game = examples.load(_shown_example(page))
    scoring = next(k for k in range(len(game.events)) if teach.prediction_for(game, k))
    prediction = teach.prediction_for(game, scoring)

    page.get_by_role("switch", name="Classroom mode").first.click()
    page.locator(".carc-classroom").first.wait_for(timeout=60_000)
    wait_until_settled(page, quiet_ms=800)
    assert _stage(page) == {"index": 0, "revealed": "true"}
    assert "Presenter notes" in body_text(page)
    page.mouse.click(5, page.viewport_size["height"] - 5)  # focus the page, not a control

    for expected in range(1, scoring + 1):
        _press(page, "ArrowRight")
        assert _stage(page)["index"] == expected
    shown = body_text(page)
    assert _stage(page) == {"index": scoring, "revealed": "false"}
    assert prediction.question in shown and all(c in shown for c in prediction.choices)
    assert game.events[scoring].text not in shown
    page_session.screenshot(f"{open_walkthrough.variant}-classroom-asked")

    _press(page, "Space")
    assert _stage(page) == {"index": scoring, "revealed": "true"}
    assert f"Answer: {prediction.answer}" in body_text(page)
    _press(page, "ArrowRight")
    assert _stage(page)["index"] == scoring + 1
    _press(page, "ArrowLeft")
    assert _stage(page) == {"index": scoring, "revealed": "true"}

    before = body_text(page)
    page.keyboard.press("n")
    page.wait_for_timeout(500)
    wait_until_settled(page, quiet_ms=800)
    assert "Presenter notes: the rule" in before
    assert "Presenter notes: the rule" not in body_text(page)
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)


def test_two_editions_show_a_difference_and_then_none(open_walkthrough, page_session):  # noqa: F811
    """The comparison notebook: two values of the number of followers part at the set-up (and
    classroom mode puts "what changes?" to the class, then steps to the parting event and the
    end by the keyboard); two presets that only differ on expansions' rules leave a base game
    unchanged."""
    from marimo_page import choose_radio

    from carc_teach.compare import compare_games

    page = open_walkthrough("compare_editions")
    game = examples.load("first-turns")
    differing = compare_games(game, {"base.followers": 7}, {"base.followers": 2})
    text = body_text(page)
    assert differing.summary() in text
    assert page.locator("tr.first-difference").count() == 1
    assert "Option base.followers" in text
    import carc_teach.annotations as annotations

    footnote = annotations.get(differing.footnotes[0])
    page.get_by_text(footnote.title, exact=False).first.click()
    wait_until_settled(page, quiet_ms=800)
    assert annotations.cite(footnote) in body_text(page)

    # Classroom mode: the question to the class, its answer, the parting event, the end.
    from carc_teach.lessons import two_editions

    question = two_editions.outcome_question(differing)
    stops = two_editions.classroom_stops(differing)
    page.get_by_role("switch", name="Classroom mode").first.click()
    page.locator(".carc-classroom").first.wait_for(timeout=60_000)
    wait_until_settled(page, quiet_ms=800)
    shown = body_text(page)
    assert _stage(page) == {"index": 0, "revealed": "false"}
    assert all(c in shown for c in question.choices) and "Answer:" not in shown
    assert page.locator("tr.first-difference").count() == 0, "the normal view is hidden"
    page.mouse.click(5, page.viewport_size["height"] - 5)  # focus the page, not a control
    _press(page, "Space")
    assert _stage(page) == {"index": 0, "revealed": "true"}
    assert f"Answer: {question.answer}" in body_text(page)
    _press(page, "ArrowRight")
    assert _stage(page)["index"] == 1 and stops[1].kind == "parting"
    assert page.locator(".carc-classroom .side svg.carc-board").count() == 2
    page_session.screenshot(f"{open_walkthrough.variant}-compare-classroom")
    for _ in stops[2:]:
        _press(page, "ArrowRight")
    assert _stage(page)["index"] == len(stops) - 1
    assert page.locator(".carc-classroom table.final-scores").count() == 1
    _press(page, "ArrowLeft")
    assert _stage(page)["index"] == len(stops) - 2
    assert "Presenter notes: the options" in body_text(page)
    page.keyboard.press("n")
    page.wait_for_timeout(500)
    wait_until_settled(page, quiet_ms=800)
    assert "Presenter notes: the options" not in body_text(page)
    page.get_by_role("switch", name="Classroom mode").first.click()
    page.locator("tr.first-difference").first.wait_for(timeout=60_000)
    wait_until_settled(page, quiet_ms=800)

    choose_radio(page, "Two presets")
    agreeing = compare_games(game, "hig-original", "rgg")
    text = body_text(page)
    assert agreeing.summary() in text
    assert page.locator("tr.first-difference").count() == 0
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)

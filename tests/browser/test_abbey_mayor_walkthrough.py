"""The Abbey & Mayor walkthrough, under ``marimo run`` and on the offline site, in real
Chromium: choose a lesson in the dropdown (the walkthrough starts again at its first event),
jump to its key event (the first question with a footnote behind it: how strong is a mayor in
a city without pennants?), see the answer kept back in the event text and in the table of
figures, answer, open a footnote and read its citation, then run the same moment in classroom
mode by the keyboard (→ asks the class, space reveals, ← steps back, N hides the presenter
notes). Expected values come from the engine and the lessons module."""

from __future__ import annotations

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    choose_radio,
    click_button,
    click_until,
    select_option,
    wait_for_text,
    wait_until_settled,
)
from test_classroom import classroom_moment
from test_walkthroughs import open_walkthrough  # noqa: F401 (a fixture)

from carc_teach import teach
from carc_teach.expansions.abbey_mayor import lessons

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "The mayor without pennants"

# The rows of the figures table: [figure id, shaded?, text].
_FIGURE_ROWS = """() => {
    const rows = [];
    const visit = (root) => {
        root.querySelectorAll('table.carc-special-figures tr.figure').forEach((tr) => {
            rows.push([tr.dataset.figure, tr.classList.contains('changed'), tr.innerText]);
        });
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return rows;
}"""


def _shown(game) -> str:
    return f"{game.title} · {len(game.events)} events"


def _row(page, figure: str) -> list:
    return next(r for r in page.evaluate(_FIGURE_ROWS) if r[0] == figure)


def test_a_lesson_key_event_footnote_and_classroom(open_walkthrough, page_session):  # noqa: F811
    first = lessons.load_lesson(lessons.LESSONS[0].title)
    game = lessons.load_lesson(LESSON)
    k = next(
        i
        for i in range(len(game.events))
        if lessons.question(game, i) is not None
        and teach.annotation_notes(game.events[i], expansions=game.setup.expansions)
    )
    event = game.events[k]
    prediction = lessons.question(game, k)
    assert prediction == lessons.mayor_question_for(game, k)
    note = teach.annotation_notes(event, expansions=game.setup.expansions)[0]
    page = open_walkthrough("abbey_and_mayor")
    wait_for_text(page, _shown(first))  # the lesson's view, once the kernel has sent it

    # A step into the first lesson, then another lesson: it starts at its first event.
    click_button(page, "Next")
    assert "Event 1 ·" in body_text(page)
    select_option(page, "Lesson", LESSON)
    wait_for_text(page, _shown(game))
    assert "Event 0 ·" in body_text(page)

    # Jump from question to question until the key event asks its question.
    click_until(
        page,
        "Next question",
        lambda: f"Event {k} ·" in body_text(page) and prediction.question in body_text(page),
        max_clicks=len(game.events),
    )
    asked = body_text(page)
    assert event.text not in asked, "the mayor's strength waits for the answer"
    assert note["title"] not in asked, "footnotes wait for the answer"
    mayor = _row(page, event.figure)
    assert not mayor[1] and "answer the question first" in mayor[2]
    choose_radio(page, prediction.answer)
    revealed = body_text(page)
    assert "Right!" in revealed and event.text in revealed
    mayor = _row(page, event.figure)
    assert mayor[1] and "0 followers (0 pennants)" in mayor[2]

    # The footnote behind the event: its title opens onto its text and citation.
    page.get_by_text(f"{note['kind']} · {note['title']}", exact=False).first.click()
    wait_until_settled(page, quiet_ms=800)
    assert note["citation"] in body_text(page)
    page_session.screenshot(f"{open_walkthrough.variant}-abbey_and_mayor-footnote")

    # The same moment in classroom mode, from the event before it.
    click_button(page, "Previous")
    classroom_moment(
        page,
        page_session,
        game,
        lessons.question,
        k,
        f"{open_walkthrough.variant}-abbey_and_mayor-classroom",
    )
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)

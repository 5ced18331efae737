"""The Inns & Cathedrals walkthrough's second lesson under ``marimo run``, in real Chromium:
choose "One big follower against two" in the dropdown, jump to the question who takes the inn
road, see the table beside the board count the big follower as two while keeping the points
back, answer, and see the points in the table. (The first lesson's first question, in classroom
mode too, is in test_every_walkthrough.py.) Expected values come from the engine and the
package's views module."""

from __future__ import annotations

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    choose_radio,
    click_until,
    select_option,
    wait_for_text,
)
from test_walkthroughs import open_walkthrough  # noqa: F401 (a fixture)

from carc_teach.expansions.inns_cathedrals import views as ic_views

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "One big follower against two"

# The rows of the inns and cathedrals table, as their text.
_BUILDING_ROWS = """() => {
    const rows = [];
    const visit = (root) => {
        root.querySelectorAll('table.carc-buildings tr.building').forEach((tr) => {
            rows.push(tr.innerText);
        });
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return rows;
}"""


def _road_row(page) -> str:
    return next(r for r in page.evaluate(_BUILDING_ROWS) if "road of 6 tiles" in r)


@pytest.mark.parametrize("open_walkthrough", ["marimo-run"], indirect=True)
def test_the_big_follower_lesson(open_walkthrough, page_session):  # noqa: F811
    game = ic_views.load_lesson(LESSON)
    k = next(
        i for i in range(len(game.events)) if ic_views.majority_question_for(game, i) is not None
    )
    prediction = ic_views.inns_cathedrals_question(game, k)
    page = open_walkthrough("inns_and_cathedrals")
    select_option(page, "Lesson", LESSON)
    wait_for_text(page, f"{game.title} · {len(game.events)} events")  # once the kernel sent it

    click_until(
        page,
        "Next question",
        lambda: f"Event {k} ·" in body_text(page) and prediction.question in body_text(page),
        max_clicks=len(game.events),
    )
    row = _road_row(page)
    assert "counts 2" in row and "it is scored now" in row and "12" not in row
    choose_radio(page, prediction.answer)
    assert "Right!" in body_text(page)
    assert "tie (2 each)" in body_text(page)
    click_until(page, "Next", lambda: "pays 12 points" in _road_row(page), max_clicks=3)
    page_session.screenshot("marimo-run-inns_and_cathedrals-big-follower")
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)

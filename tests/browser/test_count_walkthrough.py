"""The Count of Carcassonne walkthrough under ``marimo run`` in real Chromium: step to the first
deployment to the City, answer "may Alice deploy?", and see the quarter she entered named in
the City's table. Expected values come from the engine."""

from __future__ import annotations

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    choose_radio,
    click_until,
    notebooks_dir,
    open_notebook,
)

from carc_teach import examples
from carc_teach.expansions.count import views as count_views
from carc_teach.site.notebooks import read_notebook_info

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The shaded rows of the City's table (the quarters the current event changed).
_CHANGED_QUARTERS = """() => {
    const rows = [];
    const visit = (root) => {
        root.querySelectorAll('table.carc-quarters tr.changed').forEach((tr) => {
            rows.push([tr.dataset.quarter, tr.innerText]);
        });
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return rows;
}"""


def test_count_first_deployment_to_the_city(page_session, marimo_app):
    path = notebooks_dir() / "count_of_carcassonne.py"
    page = open_notebook(page_session, marimo_app(path), title=read_notebook_info(path).title)
    game = examples.load("count-city")
    first = next(e.index for e in game.events if e.rule == "count.deploy")
    question = count_views.city_question_for(game, first)
    deployer = game.events[first].player
    after = {r["quarter"]: r["waiting"] for r in count_views.city_quarters(game.replay(first))}
    before = {r["quarter"]: r["waiting"] for r in count_views.city_quarters(game.replay(first - 1))}
    (quarter,) = [q for q in after if after[q] != before[q]]

    click_until(page, "Next question", lambda: question.question in body_text(page))

    asked = body_text(page)
    assert f"Event {first}" in asked
    assert game.events[first].text not in asked, "the deployment must wait for the answer"
    assert page.evaluate(_CHANGED_QUARTERS) == []

    choose_radio(page, question.answer)

    assert "Right!" in body_text(page)
    changed = page.evaluate(_CHANGED_QUARTERS)
    assert [q for q, _ in changed] == [quarter]
    assert f"{deployer}'s follower" in changed[0][1]
    assert_healthy(page_session)

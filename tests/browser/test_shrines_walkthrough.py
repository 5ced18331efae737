"""The Heretics & Shrines walkthrough under ``marimo run`` in real Chromium: step to the tile
that completes both buildings of a challenge, answer "who scores?", and see the challenge in
the open-challenges table. Expected values come from the engine."""

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
from carc_teach.expansions.shrines import views as shrines_views
from carc_teach.site.notebooks import read_notebook_info

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The rows of the open-challenges table: (shrine square, class, text).
_CHALLENGE_ROWS = """() => {
    const rows = [];
    const visit = (root) => {
        root.querySelectorAll('table.carc-challenges tr.challenge').forEach((tr) => {
            rows.push([tr.dataset.shrine, tr.className, tr.innerText]);
        });
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return rows;
}"""


def test_shrines_one_tile_completes_both_buildings(page_session, marimo_app):
    path = notebooks_dir() / "heretics_and_shrines.py"
    page = open_notebook(page_session, marimo_app(path), title=read_notebook_info(path).title)
    game = examples.load("shrines")
    drawn = next(e for e in game.events if e.kind == "challenge-drawn")
    first = next(k for k in range(len(game.events)) if shrines_views.shrines_question(game, k))
    question = shrines_views.challenge_question_for(game, first)
    assert question is not None and game.events[first].turn == drawn.turn
    (row,) = shrines_views.open_challenges(game.replay(first))

    click_until(page, "Next question", lambda: question.question in body_text(page))

    asked = body_text(page)
    assert f"Event {first}" in asked
    assert game.events[first].text not in asked, "the completion must wait for the answer"

    choose_radio(page, question.answer)

    assert "Right!" in body_text(page)
    assert game.events[first].text in body_text(page)
    rows = page.evaluate(_CHALLENGE_ROWS)
    assert [shrine for shrine, _, _ in rows] == [row["shrine"]]
    assert f"heretic: {row['heretic']}" in rows[0][2]
    assert f"monk: {row['monk']}" in rows[0][2]
    assert_healthy(page_session)

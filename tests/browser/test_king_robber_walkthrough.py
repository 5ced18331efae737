"""The King & Robber Baron walkthrough under ``marimo run`` in real Chromium: step to the ring
that scores nobody, answer "does the King change hands?" (by tiles, not points), and see the
King's row of the tokens table name its new holder. Expected values come from the engine."""

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
from carc_teach.expansions.king_robber import views as king_views
from carc_teach.site.notebooks import read_notebook_info

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The rows of the tokens table: [token, shaded?, text].
_TOKEN_ROWS = """() => {
    const rows = [];
    const visit = (root) => {
        root.querySelectorAll('table.carc-tokens tr.token').forEach((tr) => {
            rows.push([tr.dataset.token, tr.classList.contains('changed'), tr.innerText]);
        });
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return rows;
}"""


def test_king_passes_to_a_bigger_city_that_scores_nobody(page_session, marimo_app):
    path = notebooks_dir() / "king_and_robber.py"
    page = open_notebook(page_session, marimo_app(path), title=read_notebook_info(path).title)
    game = examples.load("king-robber")
    ring = next(
        a
        for a in king_views.token_awards(game)
        if a["token"] == "king" and a["before"] and a["after"] != a["before"]
    )
    question = king_views.token_question_for(game, ring["index"])

    click_until(page, "Next question", lambda: question.question in body_text(page))

    asked = body_text(page)
    assert f"Event {ring['index']}" in asked
    assert game.events[ring["index"]].text not in asked, "the transfer must wait for the answer"
    king = next(r for r in page.evaluate(_TOKEN_ROWS) if r[0] == "king")
    assert not king[1] and ring["before"] in king[2]

    choose_radio(page, question.answer)

    assert "Right!" in body_text(page)
    king = next(r for r in page.evaluate(_TOKEN_ROWS) if r[0] == "king")
    assert king[1] and ring["player"] in king[2] and ring["before"] not in king[2]
    assert_healthy(page_session)

"""The Practice notebook under ``marimo run`` in real Chromium: answer a question, see the
tally change (the first answer only), ask for another question, pick another rule, type a seed
a teacher gave. Expected questions and answers come from the engine (carc_teach.practice)."""

from __future__ import annotations

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    choose_radio,
    click_button,
    notebooks_dir,
    open_notebook,
    select_option,
    wait_for_notebook,
    wait_for_text,
    wait_until_settled,
)

from carc_teach import practice, practice_ui
from carc_teach.site.notebooks import read_notebook_info

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _label(drill_id: str) -> str:
    return next(label for label, c in practice.choices().items() if c == drill_id)


def test_answer_a_question_and_see_the_tally(page_session, marimo_app):
    path = notebooks_dir() / "practice.py"
    page = open_notebook(page_session, marimo_app(path), title=read_notebook_info(path).title)

    first = practice.find_question("road", practice_ui.FIRST_SEED)
    wait_for_text(page, first.prediction.question)
    assert f"seed {first.seed}" in body_text(page)
    assert "No answers yet" in body_text(page)
    assert first.event.text not in body_text(page), "the event waits for the answer"

    wrong = next(c for c in first.prediction.choices if c != first.prediction.answer)
    choose_radio(page, wrong)
    text = body_text(page)
    assert "Not quite" in text and first.prediction.answer in text
    assert "Points of a completed road\t0\t1 question" in text
    # changing the answer afterwards does not count again
    choose_radio(page, first.prediction.answer)
    assert "Points of a completed road\t0\t1 question" in body_text(page)

    # another question: a fresh seed, drawn as the engine draws it
    click_button(page, "Another question")
    second = practice.find_question("road", practice.new_seed(practice_ui.FIRST_SEED))
    wait_for_text(page, f"seed {second.seed}")

    # another rule, and a seed typed in as a teacher would give it
    select_option(page, "Rule to practise", _label("king-token"))
    seed = page.locator("marimo-number input").first  # the one number on the page: the seed
    seed.fill("4242")
    seed.press("Enter")
    given = practice.find_question("king-token", 4242)
    wait_for_text(page, given.prediction.question)
    wait_until_settled(page)
    choose_radio(page, given.prediction.answer)
    text = body_text(page)
    assert "Right!" in text
    assert "Does the King or the Robber Baron change hands?\t1\t1 question" in text
    assert "all rules\t1\t2 questions" in text
    assert_healthy(page_session)


def test_the_page_opens_in_czech(page_session, marimo_app):
    """``?lang=cs``: the switch, the page's own words and the tally in Czech; the question,
    its answer and explanation in Czech as the engine asks it, none of the English."""
    path = notebooks_dir() / "practice.py"
    page = page_session.page
    page.goto(marimo_app(path) + "?lang=cs")
    wait_for_notebook(page_session, title="Procvičování: vyzkoušej mě z pravidla")
    first = practice.find_question("road", practice_ui.FIRST_SEED, lang="cs")
    english = practice.find_question("road", practice_ui.FIRST_SEED).prediction
    wait_for_text(page, first.prediction.question)
    text = body_text(page)
    for words in ("Pravidlo k procvičení", "Další otázka", f"semínko {first.seed}", "Tvůj přehled"):
        assert words in text, words
    assert "Rule to practise" not in text and "Your tally" not in text
    assert english.question not in text
    choose_radio(page, first.prediction.answer)
    wait_for_text(page, "Správně!")
    text = body_text(page)
    assert "Body za dokončenou cestu\t1\t1 otázka" in text
    # the explanation in Czech (its first sentence, before the breakdown's brackets)
    assert first.prediction.explanation.split(" (")[0] in text
    assert english.explanation.split(" (")[0] not in text
    assert_healthy(page_session)

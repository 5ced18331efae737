"""Every expansion walkthrough, under ``marimo run`` and on the offline site, in real Chromium:
jump to its key event (the first question that has footnotes behind it), answer the question,
open a footnote and read its citation, then run the same moment in classroom mode by the
keyboard (PageDown asks the class, space reveals, PageUp steps back; the notes stay off the stage).

Expected values come from the engine and the walkthrough's own question function, so a new
walkthrough only adds a row to ``WALKTHROUGHS``.
"""

from __future__ import annotations

import importlib

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    choose_radio,
    click_button,
    click_until,
    wait_until_settled,
)
from test_classroom import classroom_moment
from test_walkthroughs import open_walkthrough  # noqa: F401 (a fixture)

from carc_teach import examples, teach

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: notebook, bundled example, the walkthrough's question function (``module.function`` in
#: ``carc_teach.lessons``, or ``package:function`` in an expansion package's views,
#: ``package.file:function`` in another of its files)
# (Abbey & Mayor opens on a choice of lessons: test_abbey_mayor_walkthrough.py does the same
# for a lesson chosen from its dropdown, under both variants.)
WALKTHROUGHS = [
    ("count_of_carcassonne", "count-city", "count:walkthrough_question"),
    ("king_and_robber", "king-robber", "king_robber:king_walkthrough_question"),
    ("heretics_and_shrines", "shrines", "shrines:shrines_question"),
    ("inns_and_cathedrals", "inns-cathedrals", "inns_cathedrals:inns_cathedrals_question"),
    ("river_ii", "river-pig-herd", "river2.lessons:river_question"),
    ("after_the_game", "after-game", "after_game.after_game_question"),
]


def question_function(asks: str):
    """The question function a row names."""
    if ":" in asks:
        where, _, name = asks.partition(":")
        module = where if "." in where else f"{where}.views"
        return getattr(importlib.import_module(f"carc_teach.expansions.{module}"), name)
    module, _, name = asks.rpartition(".")
    return getattr(importlib.import_module(f"carc_teach.lessons.{module}"), name)


def key_event(game, question) -> int:
    """The first event that asks a question and has a footnote of the game's expansions; in a
    game that shows no footnote at all (Inns & Cathedrals: the seeds' footnotes on it all need
    the Count or the King too), the first event that asks a question."""
    asking = [k for k in range(len(game.events)) if question(game, k) is not None]
    return next(
        (
            k
            for k in asking
            if teach.annotation_notes(game.events[k], expansions=game.setup.expansions)
        ),
        asking[0],
    )


@pytest.mark.parametrize(
    ("notebook", "example", "asks"), WALKTHROUGHS, ids=[w[0] for w in WALKTHROUGHS]
)
def test_key_event_footnote_and_classroom(
    open_walkthrough,  # noqa: F811
    page_session,
    notebook,
    example,
    asks,
):
    game = examples.load(example)
    question = question_function(asks)
    k = key_event(game, question)
    prediction = question(game, k)
    notes = teach.annotation_notes(game.events[k], expansions=game.setup.expansions)
    note = notes[0] if notes else None  # None: the game shows no footnote at all
    page = open_walkthrough(notebook)

    # Jump from question to question until the key event asks its question.
    click_until(
        page,
        "Next question",
        lambda: f"Event {k} ·" in body_text(page) and prediction.question in body_text(page),
        max_clicks=len(game.events),
    )
    if note is not None:
        assert note["title"] not in body_text(page), "footnotes wait for the answer"
    choose_radio(page, prediction.answer)
    assert "Right!" in body_text(page)

    # The footnote behind the event: its title opens onto its text and citation.
    if note is not None:
        page.get_by_text(f"{note['kind']} · {note['title']}", exact=False).first.click()
        wait_until_settled(page, quiet_ms=800)
        assert note["citation"] in body_text(page)
        page_session.screenshot(f"{open_walkthrough.variant}-{notebook}-footnote")

    # The same moment in classroom mode, from the event before it.
    click_button(page, "Previous")
    classroom_moment(
        page, page_session, game, question, k, f"{open_walkthrough.variant}-{notebook}-classroom"
    )
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)

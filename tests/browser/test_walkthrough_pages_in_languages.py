"""Each stepping walkthrough under ``marimo run`` in Italian and in Czech, in Chromium: the page
opens in the address's language, steps to its next question, and no English interface text of
the catalogues is left on it, apart from the parts still English that are listed here
(docs/i18n.md).

The default run opens one walkthrough per language; the sweep of all eight in both languages
(16 pages, a few minutes) runs with ``CARC_TEACH_LANGUAGE_SWEEP=1`` (marked ``soak``).
"""

from __future__ import annotations

import os
import re
from functools import cache

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    notebooks_dir,
    wait_for_notebook,
    wait_for_text,
    wait_until_settled,
)

from carc_teach import i18n
from carc_teach.i18n.catalogue import read_po

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WALKTHROUGHS = (
    "turn_sequence",
    "after_the_game",
    "river_ii",
    "count_of_carcassonne",
    "king_and_robber",
    "inns_and_cathedrals",
    "heretics_and_shrines",
    "abbey_and_mayor",
)

#: English catalogue texts that may still show, because a part still English contains them
#: (docs/i18n.md). The two expansions' titles the walkthrough pages kept as written ("King &
#: Robber Baron", "The Count of Carcassonne") are written as the box names say them now, in
#: the headings and in the prose (the walk of every page, docs/i18n.md). Left: the title of
#: the Wikicarpedia page the footnotes' citations name as the page is called ("Wikicarpedia,
#: Count, King & Robber (pagine italiana e ceca), nota 36").
STILL_ENGLISH: frozenset[str] = frozenset({"Count, King & Robber"})


@cache
def _english_ids() -> tuple[str, ...]:
    """Every catalogue text of four words or more whose translations differ from it, and
    every rule's sentence and title: shown in English on an Italian or Czech page, it was not
    translated. A text with fields is checked by its longest piece without fields."""
    path = notebooks_dir().parent / "carc_teach" / "i18n" / "po" / "en.po"
    out = set()
    for message in read_po(path.read_text("utf-8")):
        if not message.id or message.id in STILL_ENGLISH:
            continue
        if i18n._(message.id, "it") == message.id or i18n._(message.id, "cs") == message.id:
            continue
        pieces = re.split(r"\{[^}]*\}|\*+|`|\n", message.id)
        piece = max(pieces, key=len).strip(" .,:;()")
        if len(piece.split()) >= 4:
            out.add(piece)
    # the rules in short and the rules' titles (i18n/data/<lang>/rules.toml)
    from carc_teach import teach
    from carc_teach.annotations.topics import all_topics

    out |= set(teach.RULE_SUMMARIES.values())
    # (an expansion's title, "The Count of Carcassonne", stays as it is in every language)
    out |= {
        t.title
        for t in all_topics()
        if len(t.title.split()) >= 4 and teach.rule_title(t.id, "cs") != t.title
    }
    return tuple(sorted(out))


def _heading(name: str, lang: str) -> str:
    """The page's first heading in ``lang``, from the catalogue."""
    path = notebooks_dir().parent / "carc_teach" / "i18n" / "po" / "en.po"
    for message in read_po(path.read_text("utf-8")):
        if f"notebooks/{name}.py" in message.places and message.id.startswith("# "):
            return i18n._(message.id, lang).splitlines()[0].lstrip("# ").strip()
    raise AssertionError(f"no heading of {name} in the catalogue")


def _english_left(text: str) -> list[str]:
    return [piece for piece in _english_ids() if piece in text]


def _walk(page_session, marimo_app, name: str, lang: str) -> None:
    url = marimo_app(notebooks_dir() / f"{name}.py")
    page = page_session.page
    page.goto(f"{url}?lang={lang}")
    wait_for_notebook(page_session, title=_heading(name, lang), timeout_ms=120_000)
    first = i18n.pgettext("step", "Previous", lang)
    wait_for_text(page, first, 60_000)  # the stepper, drawn by its script
    left = _english_left(body_text(page))
    assert not left, f"{name}?lang={lang}: English left: {left}"
    # the jump button to the walkthrough's next question, as the stepper labels it
    jump = page.locator("button[data-go=jump] >> visible=true")
    if jump.count():
        jump.first.click()
        wait_until_settled(page)
        left = _english_left(body_text(page))
        assert not left, f"{name}?lang={lang}, at its next question: English left: {left}"
    assert_healthy(page_session)


@pytest.mark.parametrize(("name", "lang"), [("king_and_robber", "cs"), ("abbey_and_mayor", "it")])
def test_a_walkthrough_in_each_language_leaves_no_english(page_session, marimo_app, name, lang):
    _walk(page_session, marimo_app, name, lang)


@pytest.mark.soak
@pytest.mark.skipif(
    not os.environ.get("CARC_TEACH_LANGUAGE_SWEEP"),
    reason="the sweep of every walkthrough in every language runs with CARC_TEACH_LANGUAGE_SWEEP=1",
)
@pytest.mark.parametrize("lang", ["it", "cs"])
@pytest.mark.parametrize("name", WALKTHROUGHS)
def test_every_walkthrough_in_every_language_leaves_no_english(
    page_session, marimo_app, name, lang
):
    _walk(page_session, marimo_app, name, lang)

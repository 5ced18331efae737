"""The Play notebook in real Chromium, under ``marimo run`` and on the offline site: a whole
short game played by clicks.

The set-up form starts the game the engine test scripts (tests/play_script.py: the Count,
King & Robber and Abbey & Mayor, seed 44, 9 tiles) with a player whose name is markup; the
learner's answers are clicks on the board (the drawn tile's square at its rotation, a segment,
a corner for the barn, a quarter of the City) or, where an answer has no place on the board, the
Pass button or the engine's list; the bots move by Next and "Bots play to my turn". A
:class:`PlaySession` played alongside says what to click and what the page must show. On the
way: a click on a grey square names its rule; Hint gives the greedy move and its points; Undo
takes the first placement back; the Count's deployment, a wagon's move and a barn are answered. At the end the downloaded game replays to the same scores and is taken over again.
"""

from __future__ import annotations

import json
import re

import pytest
from marimo_page import (
    assert_healthy,
    body_text,
    notebooks_dir,
    select_option,
    wait_for_notebook,
    wait_for_text,
    wait_until_settled,
)
from play_script import EXPANSIONS, SEED, TILES, scripted_answer
from test_walkthroughs import open_walkthrough  # noqa: F401 (a fixture)

from carc_teach.actions import Pass
from carc_teach.gamefile import load_game
from carc_teach.i18n.errors import say
from carc_teach.i18n.switch import LABEL
from carc_teach.play import PlaySession
from carc_teach.play_ui import _BOXES, BOARD_KEY, FIRST_GAME, first_game_seats
from carc_teach.text import plural

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: the second player's name: markup that must show as text
HOSTILE = '<img src=x onerror="alert(1)">'


#: the control the keyboard is on (through the shadow roots): its data-focus, and its value
_FOCUSED = """() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el && el.dataset ? el.dataset.focus || null : null;
}"""
_FOCUSED_VALUE = _FOCUSED.replace("el.dataset.focus || null", "el.value")


def _wait_for_targets(page, legal: set[str]) -> None:
    """Wait until the board's blue targets are ``legal`` (their ids)."""
    page.wait_for_function(
        """(wanted) => {
            const found = [];
            const walk = (root) => root.querySelectorAll('*').forEach((el) => {
                if (el.matches('.carc-picker .target.legal')) found.push(el.dataset.id);
                if (el.shadowRoot) walk(el.shadowRoot);
            });
            walk(document);
            return found.sort().join('|') === wanted.sort().join('|');
        }""",
        arg=sorted(legal),
        timeout=60_000,
    )


def _shown_scores(page) -> dict[str, int]:
    rows = page.locator(".carc-scores .score")
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        out[row.get_attribute("data-player")] = int(row.locator(".points").inner_text())
    return out


def _wait_for_decision(page, session: PlaySession) -> None:
    """Wait until the page shows the session's position: its decision's number (or the end)
    and its scores."""
    pending = session.pending
    wait_for_text(
        page, "The game is over" if pending is None else f"Decision {pending.index + 1} of the game"
    )
    wait_until_settled(page, quiet_ms=400)
    assert _shown_scores(page) == session.scores


def _click_target(page, target_id: str) -> None:
    page.locator(f".carc-picker[data-key='{BOARD_KEY}'] .target[data-id='{target_id}']").click()


def _answer(page, session: PlaySession, answer) -> str:
    """Give the learner's answer by clicks; how it was given."""
    pending = session.pending
    if answer is None or isinstance(answer, Pass):
        page.get_by_role("button", name="Pass", exact=True).click()
        return "pass"
    index = pending.options.index(answer)
    if pending.kind == "place":
        radio = page.get_by_role("radio", name=re.compile(rf"^{answer.rotation}° "))
        if not radio.is_checked():
            radio.check()
            wait_until_settled(page, quiet_ms=400)
        _click_target(page, f"square:{answer.x},{answer.y}")
        return "square"
    groups = session.groups()
    group = (
        next(g for g in groups if any(t.id == f"option:{index}" for t in session.targets(group=g)))
        if any(any(t.id == f"option:{index}" for t in session.targets(group=g)) for g in groups)
        else None
    )
    if group is not None:
        if group != next(iter(groups)):
            page.get_by_label("Figure", exact=True).first.select_option(label=groups[group])
            wait_until_settled(page, quiet_ms=400)
        _click_target(page, f"option:{index}")
        return "board"
    label = f"{index + 1}. {session.option_labels()[index]}"
    page.get_by_label("Or choose", exact=True).first.select_option(label=label)
    page.get_by_role("button", name="Do it", exact=True).click()
    return "list"


def test_a_short_game_played_by_clicks(open_walkthrough, page_session, tmp_path):  # noqa: F811
    page = open_walkthrough("play")

    # the set-up, folded above the board: the players, three expansions, the seed, 9 tiles
    page.get_by_role("button", name="Set up a new game").click()
    page.get_by_label("Player 2", exact=True).fill(HOSTILE)
    for title, ids in _BOXES.items():
        if set(ids) & set(EXPANSIONS):
            page.get_by_label(title, exact=True).check()
    numbers = page.locator("marimo-number input")  # the set-up's seed and tiles come first
    numbers.nth(0).fill(str(SEED))
    numbers.nth(1).fill(str(TILES))
    page.get_by_role("button", name="Start a new game").click()
    session = PlaySession.new(
        [("Learner", "human"), (HOSTILE, "greedy")], expansions=EXPANSIONS, seed=SEED, tiles=TILES
    )
    wait_for_text(page, "A new game begins")
    # the set-up folds away once the game is set out
    page.get_by_label("Player 2", exact=True).wait_for(state="hidden")
    _wait_for_decision(page, session)
    # the name is text: shown as typed, never an element
    assert HOSTILE in body_text(page)
    assert page.locator("img[src='x']").count() == 0

    # a grey square says which rule refuses it
    pending = session.pending
    rotation = next(r for r, n in session.rotations().items() if n)
    refused = next(t for t in session.targets(rotation) if not t.legal)
    _click_target(page, refused.id)
    wait_for_text(page, "Not allowed:")
    assert "rule base.place" in body_text(page)
    assert session.why_not(refused.id, rotation).rule == "base.place"

    # Hint, by the keyboard: the greedy move and its points this turn, as the session says;
    # the panel is drawn again and the keyboard stays on Hint
    page.get_by_role("button", name="Hint", exact=True).focus()
    page.keyboard.press("Enter")
    hint = session.hint()
    wait_for_text(page, f"{plural(hint.points, 'point')} for Learner this turn")
    assert page.evaluate(_FOCUSED) == "hint"
    # the tile turned by the arrow keys and back: the board's targets follow, the keyboard
    # stays on the rotations
    checked = page.locator("input[data-action=rotate]:checked")
    turned = checked.get_attribute("value")
    checked.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        f"() => ({_FOCUSED})() === 'rotate' && ({_FOCUSED_VALUE})() !== '{turned}'", timeout=60_000
    )
    shown = int(page.evaluate(_FOCUSED_VALUE))
    legal = {t.id for t in session.targets(shown) if t.legal}
    _wait_for_targets(page, legal)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => ({_FOCUSED_VALUE})() === '{turned}'", timeout=60_000)
    _wait_for_targets(page, {t.id for t in session.targets(int(turned)) if t.legal})
    # Undo: the first placement taken back, the same decision asked again
    first = scripted_answer(session)
    _answer(page, session, first)
    assert session.choose(first).ok
    _wait_for_decision(page, session)
    page.get_by_role("button", name="Undo", exact=True).click()
    assert session.undo().ok
    wait_for_text(page, "Your last answer is taken back")
    _wait_for_decision(page, session)

    asked, ways, nexts = [], set(), 0
    while not session.over:
        pending = session.pending
        if pending.human:
            answer = scripted_answer(session)
            ways.add(_answer(page, session, answer))
            asked.append(pending.kind)
            assert session.choose(None if answer is None or isinstance(answer, Pass) else answer).ok
        elif nexts < 2:  # follow the bot a decision at a time, then let it play to your turn
            page.get_by_role("button", name="Next", exact=True).click()
            session.bot_step()
            nexts += 1
        else:
            page.get_by_role("button", name="Bots play to my turn", exact=True).click()
            session.bots_to_person()
        _wait_for_decision(page, session)
    assert {"count.deploy", "wagon.move"} <= set(asked)
    assert any(e.kind == "figure-deployed" and "barn" in e.text for e in session.events)
    assert "square" in ways and "board" in ways
    text = body_text(page)
    assert "Final scores" in text or "final" in text.lower()

    # the download replays to the same scores, and is taken over again
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the game").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text("utf-8"))
    assert data["version"] == 2 and data["setup"]["players"] == ["Learner", HOSTILE]
    assert load_game(data).scores == session.scores
    page.get_by_role("button", name="Take over a game").click()
    page.locator("marimo-file input[type=file]").set_input_files(str(saved))
    page.get_by_role("button", name="Take over", exact=True).click()
    wait_for_text(page, "You take over A game played on the Play page here")
    wait_until_settled(page, quiet_ms=400)
    assert _shown_scores(page) == session.scores
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)


def test_the_page_plays_in_czech(page_session, marimo_app):
    """``?lang=cs`` under ``marimo run``: the first game's seats named in Czech, and in Italian
    after a switch, the game going on where it was; a game set up by the Czech form, a grey
    square refused with its rule and the engine's reason in Czech, a tile placed by a click;
    the page's own words (controls, headings, messages) and the engine's prompts are Czech, not
    English."""
    page = page_session.page
    page.goto(marimo_app(notebooks_dir() / "play.py") + "?lang=cs")
    wait_for_notebook(page_session, title="Zahraj si celou hru")

    # the first game: its seats in the page's language; a tile placed, then Italian chosen:
    # the same game, at the same decision, its seats renamed
    first = PlaySession.new(first_game_seats("cs"), seed=FIRST_GAME["seed"])
    assert first.players == ("Žák", "Chamtivý bot")
    wait_for_text(page, f"Rozhodnutí 1 této hry: {say(first.pending.prompt, 'cs')}")
    rotation = next(r for r, n in first.rotations().items() if n)
    placed = next(t for t in first.targets(rotation) if t.legal)
    _click_target(page, placed.id)
    assert first.pick(placed.id, rotation).ok
    wait_for_text(page, f"Rozhodnutí 2 této hry: {say(first.pending.prompt, 'cs')}")
    text = body_text(page)
    assert "Žák" in text and "Learner" not in text
    select_option(page, LABEL, "Italiano")
    italian = first.renamed(dict(zip(first.players, ("Allievo", "Bot avido"), strict=True)))
    wait_for_text(page, f"Decisione 2 della partita: {say(italian.pending.prompt, 'it')}")
    text = body_text(page)
    assert "Allievo" in text and "Žák" not in text and "Learner" not in text
    select_option(page, LABEL, "Čeština")
    wait_for_text(page, f"Rozhodnutí 2 této hry: {say(first.pending.prompt, 'cs')}")

    seed = 7  # not the first game's: the set-up did start this one
    page.get_by_role("button", name="Připravit novou hru").click()
    page.locator("marimo-number input").nth(0).fill(str(seed))
    page.get_by_role("button", name="Začít novou hru").click()
    wait_for_text(page, "Začíná nová hra")
    session = PlaySession.new(first_game_seats("cs"), seed=seed)  # the form's names
    pending = session.pending
    assert pending.human and pending.kind == "place"
    wait_for_text(page, f"Rozhodnutí {pending.index + 1} této hry: {say(pending.prompt, 'cs')}")
    wait_until_settled(page, quiet_ms=400)

    # a grey square: "Not allowed" in Czech, with the engine's reason in Czech
    rotation = next(r for r, n in session.rotations().items() if n)
    refused = next(t for t in session.targets(rotation) if not t.legal)
    why = session.why_not(refused.id, rotation)
    _click_target(page, refused.id)
    wait_for_text(page, "Není dovoleno:")
    text = body_text(page)
    assert why.text_in("cs")[:40] in text
    assert str(why)[:40] not in text

    # a tile placed by a click: the next decision, the learner's deployment, asked in Czech
    placed = next(t for t in session.targets(rotation) if t.legal)
    _click_target(page, placed.id)
    assert session.pick(placed.id, rotation).ok
    pending = session.pending
    wait_for_text(page, f"Rozhodnutí {pending.index + 1} této hry: {say(pending.prompt, 'cs')}")
    wait_until_settled(page, quiet_ms=400)
    text = body_text(page)
    for words in ("Zpět", "Stáhnout hru", "Pasovat", "Nápověda", "Body", "Jak hrát", "Převzít hru"):
        assert words in text, words
    english = ("Decision ", "of the game", "Not allowed", "Download the game", "Undo", "Scores")
    for words in english + ("How to play", "Take over a game", "Set up a new game", "Hint"):
        assert words not in text, words
    assert_healthy(page_session)

"""A hostile game file pasted into the turn-sequence walkthrough, in real Chromium, under
``marimo run`` and on the offline self-hosted site: none of its script runs, none of its
markup becomes an element, its text shows literally, and the page still steps.

The file is ``tests/fixtures/hostile/first-turns.json`` (see ``tests/hostile_games.py``): its
title, two player names and seven move notes carry script tags, an iframe srcdoc with script,
event handlers, a style sheet hiding the page, a form with a password field, ``javascript:``
and image links in Markdown, control characters, an RTL override and emoji. Every payload
that would run sets ``window.__pwned``, changes the document's title or opens a dialog. The
fast checks of every view are in ``tests/notebooks/test_hostile_text.py``.
"""

from __future__ import annotations

import pytest
from hostile_games import CORPUS, OUTSIDE, load_corpus, shown
from marimo_page import assert_healthy, body_text, click_button, wait_until_settled
from test_walkthroughs import open_walkthrough  # noqa: F401 (the fixture: both hosts)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FIXTURE = CORPUS / "first-turns.json"

# Elements a payload would have made, anywhere (marimo renders into shadow roots).
_INSERTED = """() => {
    const found = [];
    const selectors = [
        'iframe[srcdoc]', 'form', 'input[type=password]', 'img[src="x"]',
        `img[src^="${OUTSIDE}"]`, 'a[href^="javascript:"]', 'script:not([src])',
        '[onerror]', '[onload]', '[onmouseover]',
    ];
    const visit = (root) => {
        for (const selector of selectors) {
            root.querySelectorAll(selector).forEach((el) => {
                const text = el.outerHTML;
                // marimo's and the page's own scripts are not the payload's
                if (el.tagName === 'SCRIPT' && !/__pwned|pwned/.test(text)) return;
                // data, never run: the stepper's events as JSON (game text in it escaped)
                if (el.tagName === 'SCRIPT' && el.type === 'application/json'
                    && el.ownerDocument !== document) return;
                // nor the walkthrough stepper's hidden script frame (carc_teach/stepper): its
                // document is looked through like the page's
                if (el.matches('.carc-stepper iframe.carc-stepper-script[hidden]')
                    && el.contentDocument) {
                    visit(el.contentDocument);
                    return;
                }
                // nor the page's hidden frame remembering its language (carc_teach/i18n/switch),
                // written by Python with no game text; its document is looked through too
                if (el.matches('iframe.carc-language-memory[hidden]') && !/pwned/.test(el.srcdoc)) {
                    if (el.contentDocument) visit(el.contentDocument);
                    return;
                }
                found.push(text.slice(0, 120));
            });
        }
        root.querySelectorAll('style').forEach((el) => {
            if (/display:\\s*none\\s*}|\\*\\s*\\{\\s*display/.test(el.textContent)) {
                found.push(el.outerHTML.slice(0, 120));
            }
        });
        root.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) visit(el.shadowRoot); });
    };
    visit(document);
    return found;
}""".replace("${OUTSIDE}", OUTSIDE)


def _assert_nothing_ran(page, dialogs: list[str], title: str) -> None:
    assert page.evaluate("() => window.__pwned") is None, "a payload's script ran"
    assert page.title() == title, f"the document's title changed to {page.title()!r}"
    assert not dialogs, f"a payload opened dialogs: {dialogs}"
    assert page.evaluate(_INSERTED) == [], "a payload became an element"
    assert page.locator("body").is_visible(), "a payload's style sheet hid the page"


def test_a_pasted_hostile_file_shows_as_text_and_steps(open_walkthrough, page_session):  # noqa: F811
    page = open_walkthrough("turn_sequence")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    title = page.title()
    game = load_corpus(FIXTURE)

    page.get_by_text("Use your own game file").first.click()
    area = page.locator("textarea").first
    area.wait_for(state="visible")
    area.fill(FIXTURE.read_text("utf-8"))
    area.blur()  # marimo sends a text area's value when it loses focus
    page.get_by_text(shown(game.title)).first.wait_for(timeout=120_000)
    wait_until_settled(page)

    text = body_text(page)
    for player in game.players:
        assert shown(player) in text, f"{player!r} is not shown literally"
    assert f"{len(game.events)} events" in text
    _assert_nothing_ran(page, dialogs, title)

    # it steps: the next event's text, with a player's name in it, shows literally
    click_button(page, "Next")
    assert "Event 1" in body_text(page)
    click_button(page, "Next scoring")
    stepped = body_text(page)
    assert "Why " + shown(game.players[0]) in stepped  # the score stories' titles
    asked = next(e for e in game.events if e.kind == "points")
    assert shown(asked.player) in stepped
    _assert_nothing_ran(page, dialogs, title)
    page_session.screenshot(f"{open_walkthrough.variant}-hostile-game-file")
    assert not any("198.51.100.7" in url for url in page_session.blocked)
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)

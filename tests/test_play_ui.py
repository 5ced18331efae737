"""The Play page's own words in the page's language (carc_teach.play_ui with ``lang``): the
pieces the notebook shows, built in CPython from a short game, in Czech and Italian. Event
texts and the engine's prompts stay English until the engine's messages are translated
(docs/i18n.md); the browser half of the page is tests/browser/test_play_page.py."""

from __future__ import annotations

import html
import re

import marimo as mo
import pytest

from carc_teach import play_ui


def _table() -> play_ui.Table:
    table = play_ui.Table()
    assert table.start(play_ui.FIRST_GAME["seats"], seed=1)
    table.next()  # nobody's answer yet: the learner places the first tile
    return table


def _text(element) -> str:
    """The element's HTML with marimo's escaping undone (labels live in its attributes)."""
    return re.sub(r"\s+", " ", html.unescape(html.unescape(element.text)))


def _page(table: play_ui.Table, lang: str) -> str:
    def bump():
        return None

    rotation = play_ui.rotation_radio(mo, table, lang)
    group = play_ui.group_dropdown(mo, table, lang)
    options = play_ui.option_picker(mo, table, bump, lang)
    controls = play_ui.buttons(mo, table, bump, play_ui.download_button(mo, table, lang), lang)
    board = play_ui.board_view(mo, play_ui.board(mo, table, lang))
    page = play_ui.page(mo, table, board, rotation, group, options, controls, lang)
    return _text(page) + " " + _text(play_ui.scores_view(mo, table, lang))


@pytest.mark.parametrize(
    ("lang", "words", "english"),
    [
        (
            "cs",
            ["Rozhodnutí 1 této hry", "Otoč kartičku", "Nápověda", "Stáhnout hru", "Body"],
            ["Decision 1 of the game", "Turn the tile", "Download the game", "Scores"],
        ),
        (
            "it",
            ["Decisione 1 della partita", "Gira la tessera", "Suggerimento", "Punteggi"],
            ["Decision 1 of the game", "Turn the tile", "Download the game", "Scores"],
        ),
        ("en", ["Decision 1 of the game", "Turn the tile", "Hint", "Download the game"], []),
    ],
)
def test_the_page_speaks_the_language_chosen(lang, words, english):
    text = _page(_table(), lang)
    for word in words:
        assert word in text, (lang, word)
    for word in english:
        assert word not in text, (lang, word)


def test_a_message_is_said_again_in_the_language_shown():
    table = _table()
    table.undo()  # nothing of a person's to take back: the engine's refusal, as it is
    assert table.message_in("en")
    table.start(play_ui.FIRST_GAME["seats"], seed=1)
    assert table.message_in("en") == "A new game begins."
    assert table.message_in("cs") == "Začíná nová hra."
    assert table.message_in("it") == "Inizia una nuova partita."
    table.bots_to_person()
    # Czech plural forms: 1; 2-4; 0 and 5 or more
    assert re.fullmatch(r"Boti dali 0 odpovědí\. ", table.message_in("cs"))


def test_a_refusal_names_its_rule_in_the_page_language():
    table = _table()
    session = table.session
    rotation = play_ui.first_rotation(table)
    refused = next(t for t in session.targets(rotation) if not t.legal)
    table.pick(refused.id, rotation)
    assert table.kind == "warn"
    assert table.message_in("it").startswith("**Non consentito:**")
    assert table.message_in("cs").startswith("**Není dovoleno:**")
    # the engine's reason and its citation in the page's language, then the rule in its words
    assert "edges do not match" in table.message_in("en")
    assert "okraje nesouhlasí" in table.message_in("cs")
    assert "pravidlo base" in table.message_in("cs")
    assert "i bordi non combaciano" in table.message_in("it")
    assert "edges do not match" not in table.message_in("it") + table.message_in("cs")
    assert "*Pravidlo:*" in table.message_in("cs")


def test_the_board_is_labelled_for_a_screen_reader_in_the_page_language():
    table = _table()
    picker = play_ui.board(mo, table, "cs")
    widget = play_ui.board_widget(picker)
    assert 'aria-label="Hrací plocha:' in widget._picture
    play_ui.update_board(widget, table, table.rotation, None, "it")
    assert 'aria-label="Tabellone:' in widget._picture

"""The Play page's own words in the page's language (carc_teach.play_ui with ``lang``): the
pieces the notebook shows, built in CPython from a short game, in Czech and Italian, with the
engine's own words (the decision's prompt, the option labels, a refusal, the hint) said in the
page's language too (docs/i18n.md); the browser half of the page is
tests/browser/test_play_page.py."""

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


def test_the_engines_prompt_options_and_hint_are_said_in_the_page_language():
    table = _table()
    session = table.session
    prompt = session.pending.prompt
    player = session.pending.player
    assert prompt == f"{player} places tile {session.pending.tile}"  # the English, as before
    page = {lang: _page(table, lang) for lang in ("en", "it", "cs")}
    assert f"Decision 1 of the game: {prompt}." in page["en"]
    assert f"{player} piazza la tessera {session.pending.tile}" in page["it"]
    assert f"{player} pokládá kartičku {session.pending.tile}" in page["cs"]
    # the option list: "place the tile at 1, 0 turned 90°" in each language, same numbers
    english = session.option_labels()[0]
    assert english.startswith("place the tile at ") and english in page["en"]
    numbers = re.findall(r"-?\d+", english)
    for lang, start in (("it", "piazza la tessera su "), ("cs", "polož kartičku na ")):
        said = play_ui.say(english, lang)
        assert said.startswith(start) and re.findall(r"-?\d+", said) == numbers
        assert said in page[lang] and english not in page[lang]
    table.ask_hint()
    hint = session.hint()
    assert hint.text.startswith("The greedy bot would ")
    for lang, words in (("it", "Il bot avido sceglierebbe"), ("cs", "Chamtivý bot by zvolil")):
        text = _page(table, lang)
        assert words in text and "The greedy bot" not in text
        assert f"{hint.points} " in play_ui.say(hint.text, lang)
    assert "The greedy bot would " in _page(table, "en")


def test_every_kind_of_option_label_has_its_own_words(monkeypatch):
    """The labels of a deployment, a move, a pass and the groups, in three languages: each
    Italian and Czech label differs from the English and keeps its numbers."""
    from carc_teach.actions import PASS, Deploy, MoveFigure
    from carc_teach.figures import Corner

    table = _table()
    state = table.session.state
    options = [
        PASS,
        Deploy("follower", (0, 0, "city")),
        Deploy("big-follower", (0, 0, "road")),
        Deploy("barn", Corner(1, 1)),
        MoveFigure("count", None),
    ]
    for option in options:
        english = play_ui.describe_option(state, option)
        for lang in ("it", "cs"):
            said = play_ui.say(english, lang)
            assert said != english and "{" not in said, (lang, english, said)
            assert re.findall(r"\d+", said) == re.findall(r"\d+", english), (lang, said)
    groups = table.session.groups()
    for label in groups.values():
        assert play_ui.say(label, "cs") != label


def test_the_boards_targets_are_named_in_the_page_language():
    table = _table()
    session = table.session
    rotation = play_ui.first_rotation(table)
    english = play_ui._targets(session, rotation, None, "en")
    czech = play_ui._targets(session, rotation, None, "cs")
    assert [t.id for t in czech] == [t.id for t in english]
    assert any(t.label.endswith("(the tile does not fit)") for t in english)
    assert any(t.label.endswith("(kartička nepasuje)") for t in czech)
    for mine, theirs in zip(english, czech, strict=True):
        assert theirs.label.startswith("pole ") and mine.label.startswith("square ")
        assert re.findall(r"-?\d+", theirs.label) == re.findall(r"-?\d+", mine.label)


def test_the_sessions_own_messages_are_said_in_the_page_language():
    table = _table()
    table.undo()  # nothing of a person's to take back: the session's own message
    said = {lang: html.unescape(table.message_in(lang)) for lang in ("en", "it", "cs")}
    assert said["en"] == "Nothing to take back: no person has answered yet."
    assert said["it"] == "Niente da annullare: nessuna persona ha ancora risposto."
    assert said["cs"] == "Není co vracet: zatím neodpověděl žádný člověk."

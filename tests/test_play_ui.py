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
    assert table.start(play_ui.first_game_seats(), seed=1)
    table.next()  # nobody's answer yet: the learner places the first tile
    return table


def _text(element) -> str:
    """The element's HTML with marimo's escaping undone (labels live in its attributes)."""
    return re.sub(r"\s+", " ", html.unescape(html.unescape(element.text)))


def _page(table: play_ui.Table, lang: str) -> str:
    """The page's top (the board's panel), its download and its scores, as text."""
    top = play_ui.play_board(mo, table, lang)
    panel = re.sub(r"<[^>]+>", " ", top.widget._side)
    download = play_ui.download_button(mo, table, lang)
    scores = play_ui.scores_view(mo, table, lang)
    return " ".join([re.sub(r"\s+", " ", html.unescape(panel)), _text(download), _text(scores)])


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
    table.start(play_ui.first_game_seats(), seed=1)
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
    assert 'aria-label="Hrací plocha:' in play_ui.play_board(mo, table, "cs").widget._picture
    assert 'aria-label="Tabellone:' in play_ui.play_board(mo, table, "it").widget._picture


def test_the_panels_controls_answer_in_python_and_draw_into_the_same_element():
    """The page's top is one element: a pick, a rotation, a figure, an option, Pass, Next,
    Hint and Undo reach the table as messages and come back as the new picture and panel."""
    table = _table()
    session = table.session
    scored = []
    top = play_ui.play_board(mo, table, "en", on_scores=lambda: scored.append(1))
    widget = top.widget
    sent = []
    widget.comm.send = lambda data: sent.append(data["state"])
    panel = widget._side
    # every control is a plain HTML control the keyboard reaches, named by its label
    assert 'data-action="hint"' in panel and 'data-action="undo"' in panel
    assert '<label for="carc-options">Or choose</label><select id="carc-options"' in panel
    rotations = session.rotations()
    assert panel.count('data-action="rotate"') == len(rotations)
    # a rotation the tile does not have, an option not listed, an unknown action: nothing
    for action, value in (("rotate", "45"), ("choose", "999"), ("choose", "x"), ("fly", "")):
        widget.answer({"action": action, "value": value, "picture": 0})
    assert sent == [] and scored == []
    # turning the tile redraws the targets and the panel's checked rotation
    other = next(r for r in rotations if r != play_ui.first_rotation(table))
    widget.answer({"action": "rotate", "value": str(other), "picture": 0})
    assert table.rotation == other and set(sent[-1]) >= {"html", "side", "picture"}
    assert f'value="{other}" data-action="rotate" data-focus="rotate" checked' in sent[-1]["side"]
    # a grey square: the refusal in the panel, the same decision
    refused = next(t for t in session.targets(other) if not t.legal)
    widget.answer({"pick": widget._target_ids.index(refused.id), "picture": 1})
    assert "Not allowed:" in sent[-1]["side"] and session.pending.index == 0
    # a blue one: placed at the rotation shown; the deployment's Pass, then the bot's Next
    legal = next(t for t in session.targets(other) if t.legal)
    widget.answer({"pick": widget._target_ids.index(legal.id), "picture": 2})
    assert session.pending.kind != "place" and 'data-action="pass"' in sent[-1]["side"]
    widget.answer({"action": "pass", "value": "", "picture": 3})
    assert not session.pending.human and 'data-action="next"' in sent[-1]["side"]
    widget.answer({"action": "bots", "value": "", "picture": 4})
    assert session.pending.human and "The bots gave" in html.unescape(sent[-1]["side"])
    widget.answer({"action": "hint", "value": "", "picture": 5})
    assert "The greedy bot would " in sent[-1]["side"]
    widget.answer({"action": "undo", "value": "", "picture": 6})
    assert "Your last answer is taken back" in html.unescape(sent[-1]["side"])
    assert session.pending.index == 1  # the deployment, asked again
    assert len(scored) == 7  # the scores cell is told after every answer
    # an earlier event unfolded: its explanation sent on its own, nothing else redrawn
    widget.answer({"action": "explain", "value": "1", "picture": 0})
    assert sent[-1] == {"explained": {"event": 1, "html": sent[-1]["explained"]["html"]}}
    assert "Event 1" in sent[-1]["explained"]["html"]


def test_a_hostile_name_is_text_in_the_panel():
    table = play_ui.Table()
    assert table.start([('<img src=x onerror="alert(1)">', "human"), ("Bot", "greedy")])
    panel = play_ui.play_board(mo, table, "en").widget._side
    assert "<img" not in panel and ("&lt;img" in panel or "&#60;img" in panel)


def test_the_first_games_seats_follow_the_page_language_without_a_new_game():
    table = play_ui.Table()
    assert table.start_first_game("en")
    assert table.session.players == ("Learner", "Greedy bot")
    # a language chosen before anyone answered, and again after a few answers: the same
    # game (its events and scores) under the names in that language
    assert table.name_seats_in("cs") and table.session.players == ("Žák", "Chamtivý bot")
    session = table.session
    rotation = play_ui.first_rotation(table)
    table.pick(next(t.id for t in session.targets(rotation) if t.legal), rotation)
    table.choose(None)
    table.bots_to_person()
    answered = len(table.session.answers)
    before = [(e.kind, e.points) for e in table.session.events]
    assert answered >= 3 and table.name_seats_in("it")
    assert table.session.players == ("Allievo", "Bot avido")
    assert [(e.kind, e.points) for e in table.session.events] == before
    assert len(table.session.answers) == answered
    assert "Allievo" in table.session.pending.prompt
    assert not table.name_seats_in("it")  # already so
    # a game set up in the form keeps the names it was given
    assert table.start(play_ui.first_game_seats("it"), seed=1)
    assert not table.name_seats_in("cs") and table.session.players == ("Allievo", "Bot avido")


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


def test_an_error_the_engine_did_not_foresee_says_its_kind_and_words_as_text(monkeypatch):
    """A take-over or an answer that fails in a way the engine did not foresee leaves the page
    working and says what failed (its kind and its words, which may quote a hostile file) as
    escaped text on one line."""
    hostile = 'bad <img src=x onerror="alert(1)">\nsecond line'

    def fail(*_args, **_kwargs):
        raise ValueError(hostile)

    table = _table()
    monkeypatch.setattr(play_ui.PlaySession, "from_game", fail)
    assert not table.take_over({"bundled": "first-turns"})
    said = table.message_in("en")
    assert "<img" not in said and "\n" not in said  # escaped, one line
    words = html.unescape(said)
    assert "cannot be used" in words and "ValueError: bad <img" in words
    assert "\\nsecond line" in words
    monkeypatch.setattr(play_ui.Table, "act", fail)
    widget = play_ui.play_board(mo, table, "en").widget
    sent = []
    widget.comm.send = lambda data: sent.append(data["state"])
    widget.answer({"action": "hint", "value": "", "picture": 0})
    side = sent[-1]["side"]
    assert "<img" not in side
    assert "That could not be done" in side and "ValueError: bad" in html.unescape(side)
    # a long message is cut to 300 characters, its end marked
    cut = play_ui._unexpected(ValueError("too long " * 50))
    assert len(cut) == 300 and cut.startswith("ValueError: too long") and cut.endswith("…")

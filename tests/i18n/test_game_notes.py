"""The bundled games' move notes and titles in Italian and Czech (``i18n/data/<lang>/
games.toml``): every note and title of every bundled game translated, none left over; a
walkthrough shows them in the page's language; a note reworded in English shows in English
(never a stale translation); a user's own game's notes exactly as written, and escaped."""

from __future__ import annotations

import html

import pytest

from carc_teach import examples, stepper
from carc_teach.classroom import classroom_stage_html
from carc_teach.gamefile import load_game
from carc_teach.i18n.game_texts import game_texts, note_in, title_in
from carc_teach.lessons.lesson_sets import Walkthrough
from carc_teach.text import escape_markdown

LANGS = ("it", "cs")


def _notes(data: dict) -> list[str]:
    """Every non-empty note a game file writes (its moves' and its final actions')."""
    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "note" and isinstance(inner, str):
                    if inner:
                        found.append(inner)
                else:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(data.get("moves", []))
    walk(data.get("final_actions", []))
    return found


def _every_note() -> set[str]:
    return {note for name in examples.names() for note in _notes(examples.data(name))}


@pytest.mark.parametrize("lang", LANGS)
def test_every_bundled_note_and_title_is_translated_and_none_is_stale(lang):
    notes, titles = game_texts(lang, "notes"), game_texts(lang, "titles")
    every_note = _every_note()
    assert len(every_note) > 200
    missing = sorted(every_note - set(notes))
    assert not missing, f"{len(missing)} notes without a translation in data/{lang}/games.toml"
    stale = sorted(set(notes) - every_note)
    assert not stale, f"translations of notes no game writes any more: {stale}"
    every_title = {examples.data(name)["title"] for name in examples.names()}
    assert every_title == set(titles)
    for english, translated in notes.items():
        assert translated != english
        # every number and rule id of the note kept (ckr-13, a tile's 3 points ...)
        assert sorted(_numbers(english)) == sorted(_numbers(translated)), english


def _numbers(text: str) -> list[str]:
    import re

    return re.findall(r"\d+", text)


def _first_note(game) -> tuple[int, str]:
    return next(
        (k, e.data["note"]) for k, e in enumerate(game.events) if (e.data or {}).get("note")
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_walkthrough_shows_the_note_in_the_pages_language(lang):
    game = examples.load("first-turns")
    index, english = _first_note(game)
    translated = game_texts(lang, "notes")[english]
    stage = classroom_stage_html(game, index, revealed=True, quiz=False, lang=lang)
    assert html.escape(translated) in stage and html.escape(english) not in stage
    assert title_in(game, lang) in stage
    view = stepper.view_data(
        game, Walkthrough(), quiz=False, markdown_html=lambda text: text, lang=lang
    )
    shown = "\n".join(view["pieces"])  # the note as the Markdown holds it
    assert escape_markdown(translated) in shown and escape_markdown(english) not in shown


def test_a_note_reworded_in_english_shows_in_english_not_a_stale_translation():
    data = examples.data("first-turns")
    moves = data["moves"]
    k = next(i for i, move in enumerate(moves) if move.get("note"))
    old = moves[k]["note"]
    moves[k]["note"] = old + " (Reworded.)"
    game = load_game(data, source="first-turns.json")
    game.example = "first-turns"  # as if the bundled file itself had changed
    index, english = _first_note(game)
    assert english == old + " (Reworded.)"
    for lang in LANGS:
        assert note_in(game, english, lang) == english
        stage = classroom_stage_html(game, index, revealed=True, quiz=False, lang=lang)
        assert "(Reworded.)" in stage
        assert html.escape(game_texts(lang, "notes")[old]) not in stage


def test_a_users_own_game_keeps_its_notes_as_written_and_escaped():
    data = examples.data("first-turns")
    k = next(i for i, move in enumerate(data["moves"]) if move.get("note"))
    bundled = data["moves"][k]["note"]
    game = load_game(data, source="mine.json")  # the same words, but not a bundled game
    index, english = _first_note(game)
    assert english == bundled
    stage = classroom_stage_html(game, index, revealed=True, quiz=False, lang="cs")
    assert html.escape(bundled) in stage
    assert html.escape(game_texts("cs", "notes")[bundled]) not in stage
    data["moves"][k]["note"] = '<img src=x onerror="alert(1)"> & co'
    hostile = load_game(data, source="mine.json")
    stage = classroom_stage_html(hostile, index, revealed=True, quiz=False, lang="it")
    assert "<img" not in stage and "&lt;img src=x" in stage

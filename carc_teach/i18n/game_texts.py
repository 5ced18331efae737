"""The bundled games' own words in other languages: ``data/<lang>/games.toml``
(docs/i18n.md, "The bundled games' titles and move notes").

A bundled game's title and its move notes are written in its game file
(``expansions/<package>/examples/<name>.json``), as any game file's are. They are data, not
code, so the extraction script cannot put them in the ``.po`` catalogues; like the tile names
they are translated in one file per language, a ``[titles]`` and a ``[notes]`` table whose
keys are the English texts themselves: a note reworded in the game file is a new key and
shows in English until it is translated anew, never as a stale translation.

Only a game loaded as a bundled example (:func:`carc_teach.examples.load`, which sets
:attr:`Game.example <carc_teach.game.Game.example>`) is translated: the title and notes of a
user's own game file are shown exactly as written, even where they match a bundled one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import language_code
from .texts import keyed_texts

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["game_texts", "title_in", "note_in", "bundled_title"]


def game_texts(lang: str, table: str) -> dict[str, str]:
    """English -> translation of the bundled games' ``table`` (``"titles"`` or ``"notes"``) in
    ``lang`` (empty for English or a language without a file). Broken TOML or an empty
    translation is a one-line error naming the file."""
    return keyed_texts(__package__, "data", "games.toml", lang, table, entry="the translation of")


def bundled_title(english: str, lang: str | None = None) -> str:
    """A bundled game's title (as its file writes it) in ``lang`` (default: the current
    language); the English where it has no translation."""
    return game_texts(language_code(lang), "titles").get(english, english)


def title_in(game: Game, lang: str | None = None) -> str:
    """``game.title`` in ``lang`` when the game is a bundled example, else as written."""
    if getattr(game, "example", None) is None:
        return game.title
    return bundled_title(game.title, lang)


def note_in(game: Game, note: str, lang: str | None = None) -> str:
    """A move note of ``game`` (its English, as the file writes it) in ``lang`` when the game
    is a bundled example and the note is translated; otherwise the note exactly as written."""
    if not note or getattr(game, "example", None) is None:
        return note
    return game_texts(language_code(lang), "notes").get(note, note)

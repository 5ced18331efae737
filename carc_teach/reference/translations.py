"""The scoring reference's words in other languages: ``data/<lang>/texts.toml`` (docs/i18n.md).

The rows are fragments (pieces joined per selection and edition), so they are translated piece
by piece: every English text piece of the data (a row's title, who scores, points, details and
feature block, a step's title and notes, the legend, the markers, the introduction) is a key of the file's
``[texts]`` table, its value the translation. The English piece itself is the key, so a piece
reworded in English shows in English again until translated anew, and moving or re-keying rows
changes nothing. Translations write the game's words directly (no ``{follower}``
placeholders): the C1/C2 wording the placeholders choose is the English rulebooks'.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ..errors import CatalogueError
from ..i18n.texts import keyed_texts
from ._load import catalogue

__all__ = ["english_texts", "texts", "said", "untranslated", "stale"]

#: a piece with no letter (".", ", ") is the same in every language
_WORDLESS = re.compile(r"^[\W\d_]*$")


def _leaves(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        if not _WORDLESS.match(value):
            out.add(value)
    elif isinstance(value, list):
        for item in value:
            _leaves(item, out)
    elif isinstance(value, dict):
        for key in ("text", "c1", "c2", "parts"):
            if key in value:
                _leaves(value[key], out)


@cache
def english_texts() -> frozenset[str]:
    """Every English text piece of the reference that a reader sees."""
    cat = catalogue()
    out: set[str] = set()
    for spec in cat.rows:
        for value in (spec.title, spec.who, spec.points, spec.details, spec.block or ""):
            _leaves(value, out)
    for step in cat.steps:
        _leaves([step.title, step.phase_title, step.round_title], out)
    for notes in cat.step_notes.values():
        _leaves(notes, out)
    for entry in (*cat.legend, *cat.markers):
        _leaves([entry.get("label", ""), entry.get("meaning", "")], out)
    for entry in cat.intro:
        _leaves(entry.get("text", ""), out)
    return frozenset(out)


def texts(lang: str) -> dict[str, str]:
    """English piece -> its translation into ``lang`` (empty for English or a language with
    no file)."""
    return keyed_texts(__package__, "data", "texts.toml", lang, "texts", CatalogueError)


def said(text: str, lang: str | None) -> str:
    """``text`` (an English piece) in ``lang``; English where it is not translated."""
    if not lang or lang == "en":
        return text
    return texts(lang).get(text, text)


def untranslated(lang: str) -> list[str]:
    """The English pieces shown in English in ``lang``."""
    have = texts(lang)
    return sorted(t for t in english_texts() if t not in have)


def stale(lang: str) -> list[str]:
    """Translated pieces whose English is no longer in the data (reworded or removed)."""
    return sorted(set(texts(lang)) - english_texts())

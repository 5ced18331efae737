"""Tile names in other languages: ``data/<lang>/tiles.toml`` (docs/i18n.md, "Tile names").

A tile type's name ("Cloister with a road") is data, written in the tile catalogues, not in
the code, so the extraction script (which reads literal texts of the code) cannot put it in
the ``.po`` catalogues. The names are short and several tile sets share one (the three
editions of Heretics & Shrines), so the file is one ``[names]`` table whose keys are the
English names themselves and whose values are their translations: a name reworded in
English is a new key and shows in English again until it is translated anew, as a fingerprint
would make it, and a name shared by many tiles is written once.
"""

from __future__ import annotations

from . import language_code
from .texts import keyed_texts

__all__ = ["names", "tile_name"]


def names(lang: str) -> dict[str, str]:
    """English tile name -> its name in ``lang`` (empty for English or a language without a
    file). Broken TOML or an empty translation is a one-line error naming the file."""
    return keyed_texts(
        __package__, "data", "tiles.toml", lang, "names", required=True, entry="the name for"
    )


def tile_name(english: str, lang: str | None = None) -> str:
    """The tile name ``english`` in ``lang`` (default: the current language); the English
    itself where that language has no name for it."""
    return names(language_code(lang)).get(english, english)

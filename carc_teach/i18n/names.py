"""Names written in data rather than in the code, in other languages: the tile types' names
(``data/<lang>/tiles.toml``) and the boxes' (``data/<lang>/boxes.toml``: expansions, their
parts, the rule modules and the presets of the scoring reference). docs/i18n.md, "Tile
names" and "Box names".

Such a name is written where its data is (a tile catalogue's ``name``, a package's or a rule
module's ``title``, the scoring reference's ``expansions.toml``), so the extraction script,
which reads the literal texts of the code, cannot put it in the ``.po`` catalogues. Each file
is one ``[names]`` table whose keys are the English names themselves and whose values are
their translations: a name reworded in English is a new key and shows in English again until
it is translated anew, as a fingerprint would make it, and a name shared by many tiles or
boxes (the three editions of Heretics & Shrines) is written once. Many boxes have no
published Italian or Czech edition, and those that do were not always sold under the same
name everywhere: the box names are ours, plain descriptions in each language's game words
where no established title was at hand.

An event text names a rule module through the ``.po`` catalogues instead (the module's title
as a message, :data:`MODULE_TITLES`); a test keeps the two agreeing.
"""

from __future__ import annotations

from typing import Literal

from . import N_, language_code
from .texts import keyed_texts

__all__ = ["names", "tile_name", "box_name", "MODULE_TITLES"]

#: what is named -> its file in ``data/<lang>/``
FILES = {"tile": "tiles.toml", "box": "boxes.toml"}

#: every rule module's ``title``, as an event text names it (``Said(msg=module.title)``, the
#: start tiles a module lays): marked here so that the catalogues hold them
MODULE_TITLES = (
    N_("Carcassonne base game"),
    N_("The Count of Carcassonne"),
    N_("The River II"),
    N_("King & Robber Baron"),
    N_("Heretics & Shrines"),
    N_("Abbey & Mayor"),
    N_("The big follower (Inns & Cathedrals)"),
    N_("Inns & Cathedrals"),
    N_("The builder (Traders & Builders)"),
    N_("The pig (Traders & Builders)"),
)


def names(kind: Literal["tile", "box"], lang: str) -> dict[str, str]:
    """English name -> its name in ``lang``, for the tiles or the boxes (empty for English or
    a language without a file). Broken TOML or an empty translation is a one-line error
    naming the file."""
    return keyed_texts(
        __package__, "data", FILES[kind], lang, "names", required=True, entry="the name for"
    )


def tile_name(english: str, lang: str | None = None) -> str:
    """The tile name ``english`` in ``lang`` (default: the current language); the English
    itself where that language has no name for it."""
    return names("tile", language_code(lang)).get(english, english)


def box_name(english: str, lang: str | None = None) -> str:
    """The box name ``english`` in ``lang`` (default: the current language); the English
    itself where that language has no name for it."""
    return names("box", language_code(lang)).get(english, english)

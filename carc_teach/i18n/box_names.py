"""The names of the boxes in other languages: expansions, their parts, the rule modules and
the presets of the scoring reference (``data/<lang>/boxes.toml``; docs/i18n.md, "Box
names").

The names are written in the registries and data files (a package's ``title``, a rule
module's, the scoring reference's ``expansions.toml``), so, like the tile names, they are
translated in one ``[names]`` table per language keyed by the English name: a name reworded
in English shows in English again until it is translated anew. Many of the boxes have no
published Italian or Czech edition, and those that do were not always sold under the same
name everywhere: the names here are ours, plain descriptions in each language's game words
where no established title was at hand.

An event text names a rule module through the ``.po`` catalogues instead (the module's title
as a message, :data:`MODULE_TITLES`); a test keeps the two agreeing.
"""

from __future__ import annotations

from . import N_, language_code
from .texts import keyed_texts

__all__ = ["names", "box_name", "MODULE_TITLES"]

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


def names(lang: str) -> dict[str, str]:
    """English box name -> its name in ``lang`` (empty for English or a language without a
    file). Broken TOML or an empty translation is a one-line error naming the file."""
    return keyed_texts(
        __package__, "data", "boxes.toml", lang, "names", required=True, entry="the name for"
    )


def box_name(english: str, lang: str | None = None) -> str:
    """The box name ``english`` in ``lang`` (default: the current language); the English
    itself where that language has no name for it."""
    return names(language_code(lang)).get(english, english)

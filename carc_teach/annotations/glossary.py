"""The glossary every walkthrough page offers, and the abbreviations its texts spell out.

The footnotes and rule options speak of publishers and editions by short names (HiG, RGG, Big
Box 2, C1/C2). A learner meets them in a footnote long before any list explains them, so
:func:`spell_out` writes each one out where a text first uses it ("Rio Grande Games (RGG)"),
and :data:`GLOSSARY` explains them and the game's own words in one list, which every
walkthrough shows (``notebook_ui.glossary``). The meanings come from the seeds' footnotes and
from :data:`carc_teach.annotations.PUBLISHERS` and ``EDITIONS``; the wording is ours.

Every term, meaning, heading and gloss is a message of the catalogues (``N_`` marks it here,
the functions translate it with ``lang``, by default the current language; docs/i18n.md).
The abbreviations and the names of publishers and boxes are the same in every language.

:data:`TERMS` is the other glossary, for translators: the fixed Italian and Czech word of each
game element (``terms.toml`` beside this module, from the Italian and Czech seed pages where
they print one; docs/i18n.md, "Terms"), which ``tests/i18n/test_terms.py`` holds every
translated text to.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, _, language_code

__all__ = [
    "Entry",
    "GLOSSARY",
    "ABBREVIATIONS",
    "Term",
    "TERMS",
    "TERM_EXCEPTIONS",
    "spell_out",
    "glossary_markdown",
]


@dataclass(frozen=True)
class Entry:
    """One glossary entry: ``term`` as the pages print it, ``meaning`` in a sentence or two,
    and ``group`` (the heading it is listed under); all three in English, translated where
    shown (:meth:`translated`)."""

    term: str
    meaning: str
    group: str

    def translated(self, lang: str | None = None) -> Entry:
        """This entry in ``lang`` (default: the current language)."""
        return Entry(_(self.term, lang), _(self.meaning, lang), _(self.group, lang))


#: abbreviation -> the words a text writes the first time it uses it (the abbreviation
#: follows in brackets). Longest first, so "Big Box 2" is matched before anything shorter.
ABBREVIATIONS: dict[str, str] = {
    "HiG": "Hans im Glück",
    "RGG": "Rio Grande Games",
    "ZMG": "Z-Man Games",
}

#: names that are not abbreviations but mean nothing to a newcomer: the gloss written after
#: their first use, in brackets
NAMED_EDITIONS: dict[str, str] = {
    "Big Box 2": N_(
        "a later box of the base game with several expansions, whose rulebook reworded some rules"
    ),
    "Big Box 3": N_("a still later box of that kind, without The River II"),
    "C1": N_("the first edition's tile art and words"),
    "C2": N_("the second edition's tile art and words"),
}

GLOSSARY: tuple[Entry, ...] = (
    # publishers and editions
    Entry(
        N_("Hans im Glück (HiG)"),
        N_(
            "The German publisher of Carcassonne. Its rulebooks are the original rules; the "
            "footnotes compare the others with them."
        ),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("Rio Grande Games (RGG)"),
        N_(
            "The publisher of the English editions for many years. Its translations sometimes say "
            "a rule differently from the German text, and some footnotes record where."
        ),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("Z-Man Games (ZMG)"),
        N_("The publisher of the English editions after Rio Grande Games."),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("original rules"),
        N_(
            "The first rulebook of each small expansion, as Hans im Glück printed it (2003 to "
            "2005), before the expansions were collected in bigger boxes."
        ),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("Count, King & Robber"),
        N_(
            "The 2007 box that collected the small expansions (The Count of Carcassonne, King & "
            "Robber Baron, The River II and others), printed by Hans im Glück and by Rio Grande "
            "Games."
        ),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("Big Box 2, Big Box 3"),
        N_(
            "Later boxes of the base game with several expansions. Their rulebooks reworded some "
            "rules, and the Hans im Glück and Rio Grande Games versions of Big Box 2 differ in "
            "places; Big Box 3 leaves out The River II."
        ),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("C1, C2"),
        N_(
            "The first and the second edition of the game's look: tile art and the words the "
            "rulebooks use. C1 says follower, cloister, farm and pennant; C2 says meeple, "
            "monastery, field and coat of arms. The rules are the same."
        ),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("Spielbox"),
        N_("A games magazine that reprinted the shrine tiles in 2008."),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("edition preset"),
        N_(
            "The rules one rulebook prints, as a set of rule options: for example Hans im Glück's "
            "original rules or Rio Grande Games' English rules."
        ),
        N_("Publishers and editions"),
    ),
    Entry(
        N_("rule option"),
        N_(
            "One rule that rulebooks, footnotes or house rules settle differently. The comparison "
            "walkthrough plays one game under two choices of it."
        ),
        N_("Publishers and editions"),
    ),
    # the game's words
    Entry(
        N_("follower (C2: meeple)"),
        N_(
            "A player's wooden figure. Where it stands decides its role: a knight in a city, a "
            "thief on a road, a monk in a cloister, a farmer in a field."
        ),
        N_("The game's words"),
    ),
    Entry(
        N_("feature"),
        N_(
            "A road, city, cloister or farm: everything on the board that joins up across tiles "
            "and is scored as one."
        ),
        N_("The game's words"),
    ),
    Entry(
        N_("segment"),
        N_(
            "One part of a single tile: its city, its road, one of its fields. Segments that meet "
            "across tile edges make up a feature; the feature graph draws each as a dot."
        ),
        N_("The game's words"),
    ),
    Entry(
        N_("farm (C2: field)"),
        N_(
            "A connected stretch of fields. Farms are never completed: farmers score after the "
            "game, for the completed cities their farm touches."
        ),
        N_("The game's words"),
    ),
    Entry(
        N_("pennant (C2: coat of arms)"),
        N_("The shield on some city tiles: a completed city scores 2 more for each."),
        N_("The game's words"),
    ),
    Entry(
        N_("cloister (C2: monastery)"),
        N_(
            "A building in the middle of a tile; complete when all eight squares around it hold tiles."
        ),
        N_("The game's words"),
    ),
    Entry(
        N_("majority"),
        N_(
            "Who scores a feature: the player with the most followers on it. Tied players all "
            "score in full."
        ),
        N_("The game's words"),
    ),
    Entry(
        N_("supply"),
        N_("The figures a player has not placed yet; a scored feature's followers go back to it."),
        N_("The game's words"),
    ),
    Entry(
        N_("turn steps 1A to 4B"),
        N_(
            "The parts of a turn as the scoring reference names them: 1 begin, draw and place the "
            "tile; 2 move the wood (place or move figures); 3 find and score what is completed; "
            "4 the tile's own actions and the end of the turn."
        ),
        N_("The game's words"),
    ),
    Entry(
        N_("scoring after the game"),
        N_(
            "When the last tile is placed, every feature still open with figures on it scores (at "
            "lower values), and the farms score."
        ),
        N_("The game's words"),
    ),
    # the footnotes
    Entry(
        N_("footnote"),
        N_(
            "A note of the rule pages the walkthroughs draw on, cited by page and number: an "
            "official clarification, a community reading, a house rule or a difference between "
            "editions."
        ),
        N_("Footnotes and rules"),
    ),
    Entry(
        N_("house rule, official variant"),
        N_(
            "A change of the rules that players agree on (a house rule) or that the publisher "
            "offers as optional (an official variant)."
        ),
        N_("Footnotes and rules"),
    ),
    Entry(
        N_("Rule details"),
        N_(
            "The folded line under an event that gives the ids behind it (rule id, event kind, "
            "rule options, footnote ids), for readers of the code, the game files or the "
            "command line."
        ),
        N_("Footnotes and rules"),
    ),
)


@dataclass(frozen=True)
class Term:
    """One game element's fixed translations (``terms.toml``): ``en`` as the English texts
    write it, ``match`` the pattern that finds it in an English text, ``words`` language ->
    the fixed word, ``stems`` language -> patterns of which one must occur in a translation of
    a text that names the term, ``avoid`` language -> patterns of words no translation may use
    for it any more, ``seed`` where the seed pages print the word ("" when they do not)."""

    en: str
    match: str
    words: dict[str, str]
    stems: dict[str, tuple[str, ...]]
    avoid: dict[str, tuple[str, ...]]
    seed: str


def _terms() -> tuple[tuple[Term, ...], dict[str, str]]:
    doc = tomllib.loads(resources.files(__package__).joinpath("terms.toml").read_text("utf-8"))
    # every language but English that the list gives words for (a new language adds its own)
    langs = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE and lang in doc["term"][0]]
    terms = tuple(
        Term(
            en=t["en"],
            match=t["match"],
            words={lang: t[lang] for lang in langs},
            stems={lang: tuple(t[f"{lang}_stems"]) for lang in langs},
            avoid={lang: tuple(t.get(f"{lang}_avoid", ())) for lang in langs},
            seed=t["seed"],
        )
        for t in doc["term"]
    )
    return terms, {e["text"]: e["why"] for e in doc.get("exception", [])}


#: the game's words in Italian and Czech, and the texts (a piece of their English -> why) whose
#: translation may leave a term's word out
TERMS, TERM_EXCEPTIONS = _terms()


def _spell_pattern() -> re.Pattern:
    names = sorted([*ABBREVIATIONS, *NAMED_EDITIONS], key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in names) + r")('s)?(?![\w-])")


_PATTERN = _spell_pattern()


def spell_out(text: str, lang: str | None = None) -> str:
    """``text`` with each abbreviation and edition name written out where it is first used
    (``"RGG's edition"`` -> ``"Rio Grande Games' (RGG's) edition"``; ``"Big Box 2"`` ->
    ``"Big Box 2 (a later box ...)"``), unless the text already writes it out there. Later
    uses stay short. The glosses of the box and edition names are in ``lang`` (default: the
    current language), which should be the language ``text`` is in.

    >>> spell_out("RGG says so; RGG again.")
    'Rio Grande Games (RGG) says so; RGG again.'
    >>> spell_out("HiG's Big Box 2")[:40]
    "Hans im Glück's (HiG's) Big Box 2 (a lat"
    """
    lang = language_code(lang)
    seen: set[str] = set()

    def first_use(match: re.Match) -> str:
        name, owner = match.group(1), match.group(2) or ""
        if name in seen:
            return match.group(0)
        seen.add(name)
        if name in ABBREVIATIONS:
            full = ABBREVIATIONS[name]
            before = text[: match.start()]
            if before.endswith(f"{full} (") or before.rstrip().endswith(full):
                return match.group(0)
            long_owner = ("'" if full.endswith("s") else "'s") if owner else ""
            return f"{full}{long_owner} ({name}{owner})"
        after = text[match.end() :]
        if after.startswith(" ("):
            return match.group(0)
        return f"{name}{owner} ({_(NAMED_EDITIONS[name], lang)})"

    return _PATTERN.sub(first_use, text)


def glossary_markdown(lang: str | None = None) -> str:
    """The glossary as Markdown: a heading per group, a definition per term, in ``lang``
    (default: the current language)."""
    lines: list[str] = []
    group = None
    for entry in (e.translated(lang) for e in GLOSSARY):
        if entry.group != group:
            group = entry.group
            lines += ["", f"**{group}**", ""]
        lines.append(f"- **{entry.term}**: {entry.meaning}")
    return "\n".join(lines).strip()

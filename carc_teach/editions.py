"""Rule options, edition and publisher presets, and the C1/C2 vocabulary.

The footnotes of the seeds record where publishers and editions disagree, and which house rules
and official variants players use. Every such difference that can change a game is a
:class:`RuleOption` here; a :class:`Preset` bundles the values one rulebook prints; and
:func:`resolve` turns a preset plus overrides into a :class:`RuleSet`, the immutable mapping the
engine reads. A game file's ``setup.rules`` (``{"preset": ..., "options": {...}}``) goes straight
to :func:`from_setup`.

Every option and every preset value cites the annotation records (see
:mod:`carc_teach.annotations`) that justify it.

Examples
--------
>>> from carc_teach.editions import resolve, diff_presets
>>> resolve("hig-original")["count.deploy-trigger"]
'completion'
>>> resolve(overrides={"base.followers": 5})["base.followers"]
5
>>> diff_presets("hig-original", "hig-big-box-2")["count.deploy-trigger"]
('completion', 'any-scoring')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from .annotations.topics import expand_expansion
from .errors import UnknownRuleError, phrase
from .expansions import PACKAGES
from .expansions.declare import RuleOption, paragraph
from .i18n.texts import fingerprint, translated

__all__ = [
    "RuleOption",
    "OPTIONS",
    "options_for",
    "option",
    "Preset",
    "PRESETS",
    "get_preset",
    "RuleSet",
    "UnknownOptionError",
    "resolve",
    "from_setup",
    "diff_presets",
    "Term",
    "VOCABULARY",
    "ALSO_CALLED",
    "TILE_EDITIONS",
    "term",
    "translated_option",
    "translated_preset",
    "option_fingerprint",
    "preset_fingerprint",
    "untranslated",
]


class UnknownOptionError(UnknownRuleError, KeyError):
    """An option id that does not exist was looked up in a :class:`RuleSet`.

    It is also a ``KeyError``, so ``rules.get(...)`` and ``in`` behave as for any mapping.
    """

    def __str__(self) -> str:  # KeyError would print the message with quotes around it
        return str(self.args[0]) if self.args else ""


# ---------------------------------------------------------------------------------- options


#: every registered package's options, in :data:`carc_teach.expansions.REGISTERED` order
OPTIONS: tuple[RuleOption, ...] = tuple(o for p in PACKAGES for o in p.options)

_OPTIONS_BY_ID: dict[str, RuleOption] = {o.id: o for o in OPTIONS}


def option(option_id: str) -> RuleOption:
    """Return the option with this id, or raise UnknownRuleError listing the valid ids."""
    try:
        return _OPTIONS_BY_ID[option_id]
    except (KeyError, TypeError):
        raise UnknownRuleError(
            phrase(
                "unknown rule option {option}; valid options: {valid}",
                option=repr(option_id),
                valid=", ".join(_OPTIONS_BY_ID),
            )
        ) from None


def options_for(expansion: str) -> tuple[RuleOption, ...]:
    """Return the options of one expansion (or group such as ``"count-king-robber"``).

    Options that only matter together with the expansion (``also_needs``) are included too.

    Raises
    ------
    UnknownRuleError
        For an unknown expansion id.
    """
    wanted = set(expand_expansion(expansion))
    return tuple(o for o in OPTIONS if o.expansion in wanted or wanted.intersection(o.also_needs))


# ---------------------------------------------------------------------------------- presets


@dataclass(frozen=True)
class Preset:
    """The option values one rulebook prints.

    Attributes
    ----------
    id:
        ``"hig-original"``, ``"rgg"`` ...
    title:
        Human-readable name.
    publisher:
        Publisher abbreviation (a key of ``annotations.PUBLISHERS``).
    edition:
        Which rulebook(s).
    year:
        Year of publication when the seeds give it, else ``None``.
    values:
        ``(option id, value)`` pairs this preset sets; every other option takes its default.
    basis:
        ``(option id, annotation ids)`` pairs: the records that say this rulebook prints the
        value.
    assumed:
        Option ids whose value is carried over from another preset rather than cited (see
        ``notes``).
    notes:
        What the preset is, and what the footnotes leave open.
    """

    id: str
    title: str
    publisher: str
    edition: str
    year: int | None
    values: tuple[tuple[str, Any], ...]
    basis: tuple[tuple[str, tuple[str, ...]], ...]
    assumed: tuple[str, ...] = ()
    notes: str = ""

    def value_map(self) -> dict[str, Any]:
        """The values this preset sets, as a dict."""
        return dict(self.values)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "publisher": self.publisher,
            "edition": self.edition,
            "year": self.year,
            "values": self.value_map(),
            "basis": {k: list(v) for k, v in self.basis},
            "assumed": list(self.assumed),
            "notes": self.notes,
        }


def _preset(
    id: str,
    title: str,
    publisher: str,
    edition: str,
    year: int | None,
    cited: dict[str, tuple[Any, tuple[str, ...]]],
    *,
    based_on: Preset | None = None,
    notes: str = "",
) -> Preset:
    # Values inherited from ``based_on`` count as assumed until this preset cites them itself.
    values = dict(based_on.values) if based_on else {}
    basis: dict[str, tuple[str, ...]] = {}
    assumed = [key for key in values if key not in cited]
    for key, (value, records) in cited.items():
        values[key] = value
        basis[key] = records
    return Preset(
        id=id,
        title=title,
        publisher=publisher,
        edition=edition,
        year=year,
        values=tuple(values.items()),
        basis=tuple(basis.items()),
        assumed=tuple(assumed),
        notes=paragraph(notes),
    )


_HIG_ORIGINAL = _preset(
    "hig-original",
    "Hans im Glück, original rules of the small expansions",
    "HiG",
    "original",
    2003,
    {
        "count.deploy-trigger": ("completion", ("ckr-7",)),
        "river2.with-count": ("spring-away-from-city", ("ckr-6",)),
    },
    notes="""
        The first rules of The Count of Carcassonne and King and Robber Baron (both 2003) and
        The River II (2005). The footnotes name two places where they differ from today's
        pages; every other option takes its default.""",
)

_HIG_CKR = _preset(
    "hig-ckr-2007",
    "Hans im Glück, Count, King & Robber box",
    "HiG",
    "Count, King & Robber",
    2007,
    {"river2.with-count": ("not-combined", ("ckr-6",))},
    based_on=_HIG_ORIGINAL,
    notes="""
        The 2007 box that collected the small expansions (the older English page says 2008).
        Footnote ckr-6 cites its advice against combining the Count with The River II. The
        footnotes compare only 'the original rules' with RGG and Big Box 2, so this preset
        assumes the box kept the original deployment trigger (listed under 'assumed').""",
)

_HIG_BB2 = _preset(
    "hig-big-box-2",
    "Hans im Glück, Big Box 2",
    "HiG",
    "Big Box 2",
    None,
    {
        "count.deploy-trigger": ("any-scoring", ("ckr-7",)),
        "count.special-figure-strength": ("two-each", ("ckr-17",)),
        "wagon.empty-feature-rule": ("no-other-figure", ("car-163", "car-166")),
    },
    notes="""
        HiG's Big Box 2 rulebook, whose text the annotated rules on the mayor, wagon and barn
        follow (car-163 names it). It widened the Count's deployment trigger; its sentence that
        a mayor or wagon in Carcassonne counts as two followers (ckr-17) is played as
        printed, though the community reads it as a slip; and its wagon paragraph says 'no
        other figure', which the annotators correct to 'follower'. The seeds do not give its
        year.""",
)

_RGG = _preset(
    "rgg",
    "Rio Grande Games, English rules (Count, King & Robber; Abbey & Mayor)",
    "RGG",
    "Count, King & Robber",
    None,
    {
        "count.deploy-trigger": ("any-scoring", ("ckr-7",)),
        "count.redeploy-rounds": ("once-around", ("ckr-28",)),
        "count.special-figure-strength": ("two-each", ("ckr-17",)),
        "shrine.challenge-wording": ("rgg", ("ckr-48", "ckr-51")),
        "wagon.empty-feature-rule": ("no-other-wagon-or-follower", ("car-167",)),
    },
    notes="""
        The RGG rules the footnotes quote as 'the RGG edition' or 'the RGG version'. Where a
        footnote names RGG's Big Box 2 in particular, the value is in rgg-big-box-2
        instead. The seeds give no year for RGG's Count, King & Robber; RGG's set with the
        shrines, Cult, Siege and Creativity, dates from 2008.""",
)

_RGG_BB2 = _preset(
    "rgg-big-box-2",
    "Rio Grande Games, Big Box 2",
    "RGG",
    "Big Box 2",
    None,
    {
        "count.deploy-trigger": ("any-scoring", ("ckr-7",)),
        "count.blocks-moves-to": (True, ("ckr-34",)),
        "shrine.challenge-wording": ("rgg", ("ckr-48", "ckr-50", "ckr-51")),
    },
    based_on=_RGG,
    notes="""
        RGG's Big Box 2 rulebook: the only one in which the Count also blocks moves into his
        quarter (ckr-34). Values without a Big Box 2 footnote are carried over from the rgg
        preset (listed under 'assumed'), among them RGG's 'each counts as two followers' for a
        mayor or wagon in Carcassonne (ckr-17).""",
)

PRESETS: Mapping[str, Preset] = {
    p.id: p for p in (_HIG_ORIGINAL, _HIG_CKR, _HIG_BB2, _RGG, _RGG_BB2)
}


def get_preset(preset_id: str) -> Preset:
    """Return the preset with this id, or raise UnknownRuleError listing the valid ids."""
    try:
        return PRESETS[preset_id]
    except (KeyError, TypeError):
        raise UnknownRuleError(
            phrase(
                "unknown rule preset {preset}; valid presets: {valid}",
                preset=repr(preset_id),
                valid=", ".join(PRESETS),
            )
        ) from None


# ---------------------------------------------------------------------------- other languages

#: where the options' and presets' translations are: ``carc_teach/i18n/data/<lang>/options.toml``
_TRANSLATIONS = ("carc_teach.i18n", "data", "options.toml")


def _value_key(value: Any) -> str:
    """An option value as a key of a translation file: ``true``, ``7``, ``any-scoring``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_fingerprint(opt: RuleOption) -> str:
    """The fingerprint of an option's English (title, explanation, value notes) that its
    translations name as their ``source`` (:func:`carc_teach.i18n.texts.fingerprint`)."""
    return fingerprint(opt.title, opt.explanation, *(note for _, note in opt.value_notes))


def preset_fingerprint(preset: Preset) -> str:
    """The fingerprint of a preset's English (title, edition, notes)."""
    return fingerprint(preset.title, preset.edition, preset.notes)


def translated_option(opt: RuleOption, lang: str | None = None) -> RuleOption:
    """``opt`` with its title, explanation and value notes in ``lang`` (default: the current
    language); its id, values and everything else unchanged. An option not translated into
    ``lang``, or translated from an English since reworded, comes back as it is."""
    found = translated(*_TRANSLATIONS, "option", opt.id, option_fingerprint(opt), lang)
    if found is None:
        return opt
    notes = found.get("values", {})
    return replace(
        opt,
        title=found["title"],
        explanation=paragraph(found["explanation"]),
        value_notes=tuple((v, notes.get(_value_key(v), note)) for v, note in opt.value_notes),
    )


def translated_preset(preset: Preset, lang: str | None = None) -> Preset:
    """``preset`` with its title, edition and notes in ``lang`` (as :func:`translated_option`)."""
    found = translated(*_TRANSLATIONS, "preset", preset.id, preset_fingerprint(preset), lang)
    if found is None:
        return preset
    return replace(
        preset,
        title=found["title"],
        edition=found.get("edition", preset.edition),
        notes=paragraph(found["notes"]),
    )


def untranslated(lang: str) -> list[str]:
    """Ids of the options and presets shown in English in ``lang`` (none translated, or
    translated from an older English)."""
    return [o.id for o in OPTIONS if translated_option(o, lang) is o] + [
        p.id for p in PRESETS.values() if translated_preset(p, lang) is p
    ]


# ---------------------------------------------------------------------------------- rule sets


class RuleSet(Mapping[str, Any]):
    """An immutable mapping option id -> value, with every option present.

    Attributes
    ----------
    preset:
        The preset it was built from, or ``None`` for the defaults.
    overrides:
        The values given on top of the preset, as a dict copy.
    """

    __slots__ = ("_values", "preset", "overrides")

    def __init__(self, values: Mapping[str, Any], preset: str | None, overrides: Mapping[str, Any]):
        self._values = dict(values)
        self.preset = preset
        self.overrides = dict(overrides)

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise UnknownOptionError(
                phrase(
                    "unknown rule option {option}; valid options: {valid}",
                    option=repr(key),
                    valid=", ".join(self._values),
                )
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted((k, repr(v)) for k, v in self._values.items())))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RuleSet):
            return self._values == other._values
        return NotImplemented

    def __repr__(self) -> str:
        args = [f"preset={self.preset!r}"] if self.preset else []
        if self.overrides:
            args.append(f"overrides={self.overrides!r}")
        return f"resolve({', '.join(args)})"

    def changed(self) -> dict[str, Any]:
        """The options whose value differs from the default."""
        return {k: v for k, v in self._values.items() if v != _OPTIONS_BY_ID[k].default}

    def diff(self, other: RuleSet) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ: id -> (value here, value in ``other``)."""
        return {k: (v, other[k]) for k, v in self._values.items() if other[k] != v}

    def to_setup(self) -> dict[str, Any]:
        """The ``setup.rules`` object of a game file that resolves to this rule set."""
        out: dict[str, Any] = {}
        if self.preset:
            out["preset"] = self.preset
        if self.overrides:
            out["options"] = dict(self.overrides)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Every option and its value."""
        return dict(self._values)


def resolve(preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """Build the rule set of a preset (or the defaults) with some options overridden.

    Parameters
    ----------
    preset:
        A key of :data:`PRESETS`, or ``None`` for the defaults.
    overrides:
        Option id -> value, applied on top of the preset.

    Raises
    ------
    UnknownRuleError
        For an unknown preset or option id, or a value the option does not allow; the message
        names the offender and lists the valid choices.
    """
    if overrides is None or (isinstance(overrides, Mapping) and not overrides):
        if preset is None or isinstance(preset, str):
            return _preset_rules(preset)  # the same for every game that names no option
        overrides = {}
    values = dict(_DEFAULTS)
    if preset is not None:
        values.update(get_preset(preset).values)
    if not isinstance(overrides, Mapping):
        raise UnknownRuleError(
            phrase(
                "rule options must be a mapping of option id to value, not {kind}",
                kind=type(overrides).__name__,
            )
        )
    for key, value in overrides.items():
        opt = option(key)
        if not opt.is_valid(value):
            raise UnknownRuleError(
                phrase(
                    "value {value} is not allowed for rule option {option}; choose from {choices}",
                    value=repr(value),
                    option=repr(key),
                    choices=opt.choices_text(),
                )
            )
        values[key] = value
    return RuleSet(values, preset, overrides)


#: every option's default
_DEFAULTS: dict[str, Any] = {o.id: o.default for o in OPTIONS}


@cache
def _preset_rules(preset: str | None) -> RuleSet:
    """The rule set of a preset (or the defaults) without overrides, made once: a rule set
    is not changed once made (an unknown preset raises, and nothing is kept)."""
    values = dict(_DEFAULTS)
    if preset is not None:
        values.update(get_preset(preset).values)
    return RuleSet(values, preset, {})


def from_setup(rules: Mapping[str, Any] | None) -> RuleSet:
    """Resolve a game file's ``setup.rules`` object (``{"preset": ..., "options": {...}}``).

    ``None`` or ``{}`` gives the defaults. Unknown keys raise UnknownRuleError.
    """
    if rules is None:
        return resolve()
    if not isinstance(rules, Mapping):
        raise UnknownRuleError(
            phrase(
                "setup.rules must be an object with 'preset' and/or 'options', not {kind}",
                kind=type(rules).__name__,
            )
        )
    extra = set(rules) - {"preset", "options"}
    if extra:
        raise UnknownRuleError(
            phrase(
                "unknown key(s) {keys} in setup.rules; allowed: 'preset', 'options'",
                keys=", ".join(sorted(map(repr, extra))),
            )
        )
    return resolve(rules.get("preset"), rules.get("options") or {})


def diff_presets(a: str | None, b: str | None) -> dict[str, tuple[Any, Any]]:
    """Return the options on which two presets differ: id -> (value in a, value in b).

    ``None`` stands for the defaults. Unknown preset ids raise UnknownRuleError.
    """
    return resolve(a).diff(resolve(b))


# ---------------------------------------------------------------------------------- vocabulary

#: tile-art editions: the seeds call the first and second edition designs C1 and C2.
TILE_EDITIONS: Mapping[str, str] = {
    "C1": "first-edition tile art and wording (follower, cloister, farm, pennant ...)",
    "C2": "second-edition tile art and wording (meeple, monastery, field, coat of arms ...)",
}


@dataclass(frozen=True)
class Term:
    """One word that the C1 and C2 rulebooks say differently."""

    c1: str
    c2: str
    c1_plural: str
    c2_plural: str
    note: str = ""

    def form(self, edition: str, plural: bool = False) -> str:
        if edition == "C1":
            return self.c1_plural if plural else self.c1
        return self.c2_plural if plural else self.c2


VOCABULARY: tuple[Term, ...] = (
    Term("follower", "meeple", "followers", "meeples"),
    Term("cloister", "monastery", "cloisters", "monasteries"),
    Term("farm", "field", "farms", "fields", "the whole farm, not one tile's part of it"),
    Term("pennant", "coat of arms", "pennants", "coats of arms"),
    Term("quarter", "district", "quarters", "districts", "of the city of Carcassonne"),
    Term(
        "counting figure",
        "scoring figure",
        "counting figures",
        "scoring figures",
        "the figure that marks a score on the track",
    ),
    Term("town", "small city", "towns", "small cities", "a two-tile city (castles)"),
    Term("thief", "highwayman", "thieves", "highwaymen", "a follower on a road"),
)

#: other names the seeds use for the same thing, by publisher or edition.
ALSO_CALLED: Mapping[str, tuple[str, ...]] = {
    "shrine": ("cult place (RGG, Cult, Siege and Creativity)",),
    "cloister": ("monastery (RGG's wording, and C2)",),
    "heretic": ("a follower on a shrine",),
    "King tile": ("King",),
    "Robber Baron tile": ("Robber Baron", "Robber Knight (some translations)"),
}


def _word_index() -> dict[str, tuple[Term, bool]]:
    index: dict[str, tuple[Term, bool]] = {}
    for entry in VOCABULARY:
        for form, plural in (
            (entry.c1, False),
            (entry.c2, False),
            (entry.c1_plural, True),
            (entry.c2_plural, True),
        ):
            index.setdefault(form.casefold(), (entry, plural))
    return index


_WORD_INDEX = _word_index()


def term(word: str, edition: str) -> str:
    """Return ``word`` as the ``edition`` ("C1" or "C2") rulebooks say it.

    Singular and plural are kept, and so is a leading capital. A word that both editions say
    the same way is returned unchanged.

    Examples
    --------
    >>> term("follower", "C2"), term("Monasteries", "C1"), term("road", "C2")
    ('meeple', 'Cloisters', 'road')

    Raises
    ------
    UnknownRuleError
        For an edition other than C1 or C2.
    """
    if edition not in TILE_EDITIONS:
        raise UnknownRuleError(
            phrase("unknown tile edition {edition}; choose from C1, C2", edition=repr(edition))
        )
    found = _WORD_INDEX.get(word.casefold())
    if found is None:
        return word
    entry, plural = found
    result = entry.form(edition, plural)
    if word[:1].isupper():
        result = result[:1].upper() + result[1:]
    return result

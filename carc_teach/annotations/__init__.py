"""The annotation corpus: every footnote, ruling, house rule and edition difference of the seeds.

Each record (:class:`Annotation`) says, in carc_teach's own words, what situation a footnote is
about, what the ruling is and, for edition differences, who says what and since when. Records
are package data (``annotations/data/*.toml``), read with the standard library on first use and
cached, so this module works unchanged in Pyodide.

Ids follow one scheme that other modules rely on:

- ``ckr-<n>``: footnote *n* (1-62) of the Count, King and Robber page (seeds 000 and 001).
- ``car-<n>``: footnote *n* (154-195) of the Complete Annotated Rules on mayor, wagon and barn
  (seed 004).
- ``ckr1e-<n>``: footnote *n* of the older English revision (seed 002). All 28 of them repeat a
  ``ckr-*`` ruling, so they are aliases of that record, never records of their own.
- ``house-<slug>`` and ``variant-<slug>``: items of the House Rules and Official Variants lists.

A ruling printed twice (``ckr-2`` and ``ckr-33``, ``ckr-26`` and ``car-185`` ...) is one record
with several sources; :func:`get` accepts every id that points to it.

Examples
--------
>>> import carc_teach.annotations as annotations
>>> annotations.get("ckr-7").kind
'edition-difference'
>>> [a.id for a in annotations.annotations_for("count.deploy-trigger")][:3]
['ckr-7', 'ckr-8', 'ckr-10']
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any, Protocol

from ..errors import CarcTeachError, Phrase, UnknownRuleError, phrase
from ..i18n import N_, _, format_list, language_code, ngettext
from . import topics as _topics
from .topics import EXPANSION_TITLES, lineage

__all__ = [
    "Annotation",
    "Source",
    "RuleText",
    "KindLabel",
    "KINDS",
    "KIND_LABELS",
    "PUBLISHERS",
    "EDITIONS",
    "AnnotationDataError",
    "get",
    "all_annotations",
    "annotations_for",
    "search",
    "rule_texts",
    "rule_text",
    "resolve_id",
    "cite",
    "fingerprint",
    "translated",
    "untranslated",
    "translation_files",
]


class AnnotationDataError(CarcTeachError):
    """The packaged annotation data is malformed (a bug in carc_teach, caught at load time)."""


@dataclass(frozen=True)
class KindLabel:
    """How the UI presents one kind of annotation.

    Attributes
    ----------
    label:
        Human-readable name of the kind.
    icon:
        The seeds' icon for it, named in words.
    symbol:
        A one-character stand-in for the icon in text and HTML.
    callout:
        The marimo ``mo.callout`` kind that fits it.
    """

    label: str
    icon: str
    symbol: str
    callout: str


#: kind -> presentation; the keys are the only valid ``Annotation.kind`` values. The labels are
#: English; ``i18n._(label, lang)`` translates them (``carc-teach notes`` does).
KIND_LABELS: Mapping[str, KindLabel] = {
    "official": KindLabel(N_("Official clarification"), "open book", "\U0001f4d6", "info"),
    "interpretation": KindLabel(N_("Community interpretation"), "globe", "\U0001f310", "neutral"),
    "house-rule": KindLabel(N_("House rule or variant"), "house", "\U0001f3e0", "success"),
    # The publisher's own optional rules: the pages list them under an "Official Variants"
    # heading, with no footnote icon.
    "official-variant": KindLabel(
        N_("Official variant"),
        "none (listed under the heading Official Variants)",
        "\U0001f4dc",
        "info",
    ),
    "edition-difference": KindLabel(
        N_("Difference between editions or publishers"), "double arrow", "\u21c4", "warn"
    ),
}
KINDS: tuple[str, ...] = tuple(KIND_LABELS)

#: publisher abbreviation -> full name (the abbreviations the footnotes use).
PUBLISHERS: Mapping[str, str] = {
    "HiG": "Hans im Glück (the German publisher, author of the original rules)",
    "RGG": "Rio Grande Games (English-language editions)",
    "ZMG": "Z-Man Games (English-language editions after RGG)",
    "Mindok": "Mindok (Czech editions)",
}

#: editions and rulebooks the footnotes name -> what they are.
EDITIONS: Mapping[str, str] = {
    "original": "the first rules of each small expansion, by Hans im Glück (2003-2005)",
    "Count, King & Robber": "the box collecting the small expansions (HiG 2007; RGG edition)",
    "Count, King and Consorts": (
        "a rulebook of that name, cited in footnote ckr-15 for its wording of the builder's "
        "double turn; the seeds say nothing else about it"
    ),
    "Big Box 2": "the Big Box 2 collection's rulebook (HiG and RGG editions differ)",
    "Big Box 3": "the Big Box 3 collection's rulebook (HiG), without The River II",
    "Spielbox": "the 2008 reprint of the shrine tiles in the games magazine Spielbox",
    "Cult, Siege and Creativity": "RGG's 2008 set with the shrines, called cult places",
    "latest River II rules": "the most recent River II rulebook, allowing it with the Count",
}


@dataclass(frozen=True)
class Source:
    """Where a record comes from.

    Attributes
    ----------
    seed:
        The seed document's number, e.g. ``"000"``.
    page:
        The title of the seed's page.
    language:
        The language the cited text is written in on that page (``"en"``, ``"cs"`` ...).
    footnote:
        The footnote number, or ``None`` for a House Rules / Official Variants item.
    section:
        For a list item: the section heading as the seed prints it (``"House Rules"``,
        ``"Regole della casa"`` ...).
    part:
        For a list item: the expansion id of the part of the page the list belongs to.
    item:
        For a list item: its 1-based position in the list.
    """

    seed: str
    page: str
    language: str
    footnote: int | None = None
    section: str | None = None
    part: str | None = None
    item: int | None = None

    def label(self) -> str:
        """One-line citation, e.g. ``"seed 000, footnote 7"``."""
        if self.footnote is not None:
            return f"seed {self.seed}, footnote {self.footnote}"
        return f"seed {self.seed}, {self.part} \u00b7 {self.section}, item {self.item}"

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class Annotation:
    """One footnote, ruling, house rule or edition difference.

    Attributes
    ----------
    id:
        Stable id (``ckr-7``, ``car-166``, ``house-king-flat-10`` ...).
    kind:
        One of :data:`KINDS`.
    title:
        A one-line summary.
    text:
        The ruling in carc_teach's own words: situation, ruling, and who says what since when.
    sources:
        Every place in the seeds that prints this ruling.
    date:
        ``"YYYY-MM"`` when the footnote gives a date, else ``None``.
    date_note:
        How the date is qualified ("updated", "confirmed" ...), if at all.
    publishers, editions:
        The publishers (keys of :data:`PUBLISHERS`) and editions (keys of :data:`EDITIONS`) the
        footnote names.
    expansions:
        Expansion ids (see :data:`carc_teach.annotations.topics.EXPANSION_TITLES`) it touches.
    topics:
        Rule ids (see :mod:`carc_teach.annotations.topics`) it is about.
    changes_outcome:
        True when following it changes legality or points (so a scenario can show it); False
        when it only explains or restates.
    aliases:
        Other ids that lead to this record (the same ruling printed in another place).
    extra_kinds:
        Further kinds when one footnote carries two icons (``ckr-17``).
    kind_inferred:
        True when the seed lost the icon and the kind was read from the wording (seed 004).
    official_variant:
        True for the publisher's own optional variants, exactly the records of kind
        ``official-variant``.
    credit:
        Who proposed a house rule, as the seeds thank them.
    see_also:
        Related record ids.
    """

    id: str
    kind: str
    title: str
    text: str
    sources: tuple[Source, ...]
    date: str | None = None
    date_note: str | None = None
    publishers: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()
    expansions: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    changes_outcome: bool = False
    aliases: tuple[str, ...] = ()
    extra_kinds: tuple[str, ...] = ()
    kind_inferred: bool = False
    official_variant: bool = False
    credit: str | None = None
    see_also: tuple[str, ...] = ()

    @property
    def label(self) -> KindLabel:
        """The presentation of this record's kind (:data:`KIND_LABELS`)."""
        return KIND_LABELS[self.kind]

    @property
    def footnotes(self) -> tuple[str, ...]:
        """Every footnote id this record stands for (its id first), e.g. ``('ckr-2', 'ckr-33')``."""
        return tuple(i for i in (self.id, *self.aliases) if _FOOTNOTE_ID.fullmatch(i))

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (``None``: the current language); English where untranslated."""
        return translated(self, lang).title

    def text_in(self, lang: str | None = None) -> str:
        """The text in ``lang`` (``None``: the current language); English where untranslated."""
        return translated(self, lang).text

    def citation(self) -> str:
        """A short citation: kind, date and sources, for display under the text."""
        parts = [self.label.label]
        if self.kind_inferred:
            parts[0] += " (kind inferred: icon lost in the source)"
        if self.date:
            parts.append(f"{self.date_note + ' ' if self.date_note else ''}{self.date}")
        parts.append("; ".join(s.label() for s in self.sources))
        return " \u00b7 ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field (sources as dicts, tuples as lists)."""
        out: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if name == "sources":
                value = [s.to_dict() for s in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        out["kind_label"] = self.label.label
        out["icon"] = self.label.icon
        return out


@dataclass(frozen=True)
class RuleText:
    """One section of an expansion's rules, paraphrased, with the annotations that attach to it.

    Attributes
    ----------
    id:
        ``"<expansion>/<section-slug>"``, e.g. ``"count/redeploying"``.
    expansion:
        Expansion id.
    section:
        The rulebook section (Preparation, Placing a tile, Deploying a follower, Scoring, ...).
    title:
        A one-line summary.
    text:
        The rule in carc_teach's own words.
    annotations:
        Ids of the records to show beside it.
    topics:
        Rule ids it states.
    """

    id: str
    expansion: str
    section: str
    title: str
    text: str
    annotations: tuple[str, ...] = ()
    topics: tuple[str, ...] = field(default=())

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (``None``: the current language); English where untranslated."""
        return translated(self, lang).title

    def text_in(self, lang: str | None = None) -> str:
        """The text in ``lang`` (``None``: the current language); English where untranslated."""
        return translated(self, lang).text

    def section_in(self, lang: str | None = None) -> str:
        """The section heading in ``lang``; English where untranslated."""
        return translated(self, lang).section

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.__dict__.items()}


class EventLike(Protocol):
    """Anything :func:`annotations_for` accepts besides a rule id (e.g. ``events.Event``)."""

    rule: str
    annotations: tuple[str, ...]


# ------------------------------------------------------------------------------------ loading

_FOOTNOTE_ID = re.compile(r"(ckr|ckr1e|car)-([0-9]+)")
_RECORD_ID = re.compile(r"(?:ckr|car)-[0-9]+|(?:house|variant)-[a-z0-9]+(?:-[a-z0-9]+)*")
_DATE = re.compile(r"(19|20)[0-9]{2}-(0[1-9]|1[0-2])")
_ANNOTATION_KEYS = {
    "id",
    "refs",
    "sections",
    "kind",
    "title",
    "text",
    "date",
    "date_note",
    "publishers",
    "editions",
    "expansions",
    "topics",
    "changes_outcome",
    "aliases",
    "extra_kinds",
    "kind_inferred",
    "official_variant",
    "credit",
    "see_also",
}
_RULE_KEYS = {"id", "expansion", "section", "title", "text", "annotations", "topics"}


#: data files read first, in this order (the corpus order); any other .toml file follows by name.
_DATA_ORDER = ("seeds.toml", "count_king_robber.toml", "abbey_mayor.toml", "rule_texts.toml")


def _data_files() -> list[tuple[str, str]]:
    folder = resources.files(__name__).joinpath("data")
    files = [
        (entry.name, entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".toml") and entry.is_file()
    ]

    def order(item: tuple[str, str]) -> tuple[int, str]:
        name = item[0]
        return (_DATA_ORDER.index(name) if name in _DATA_ORDER else len(_DATA_ORDER), name)

    return sorted(files, key=order)


@cache
def _raw() -> dict[str, Any]:
    merged: dict[str, Any] = {"annotation": [], "rule": []}
    for name, text in _data_files():
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise _fail(name, str(exc)) from None
        for key, value in doc.items():
            if key in ("annotation", "rule"):
                merged[key].extend((name, entry) for entry in value)
            elif key in merged:
                raise _fail(name, phrase("table {key} defined twice", key=repr(key)))
            else:
                merged[key] = value
    return merged


def _fail(where: str, message: Phrase | str) -> AnnotationDataError:
    """The error of a broken data file: the place, then the reason (a phrase, said in the
    page's language where shown; a library's own reason, as tomllib's, stays as it is)."""
    return AnnotationDataError(
        phrase("annotations/data/{where}: {message}", where=where, message=message)
    )


def _footnote_sources(ref: str, where: str, raw: dict[str, Any]) -> list[Source]:
    match = _FOOTNOTE_ID.fullmatch(ref)
    if not match:
        raise _fail(where, phrase("bad footnote reference {ref}", ref=repr(ref)))
    prefix, number = match.group(1), int(match.group(2))
    out = []
    for seed in raw["refs"][prefix]:
        info = raw["seeds"][seed]
        language = info["note_language"]
        if number in info.get("czech_notes", ()):
            language = "cs"
        out.append(Source(seed=seed, page=info["page"], language=language, footnote=number))
    return out


def _build_annotation(where: str, entry: dict[str, Any], raw: dict[str, Any]) -> Annotation:
    unknown = set(entry) - _ANNOTATION_KEYS
    if unknown:
        raise _fail(where, phrase("unknown keys {keys}", keys=str(sorted(unknown))))
    for key in ("id", "kind", "title", "text"):
        if not str(entry.get(key, "")).strip():
            raise _fail(where, phrase("a record lacks {key}", key=repr(key)))
    rid = entry["id"]
    where = f"{where} [{rid}]"
    if not _RECORD_ID.fullmatch(rid):
        raise _fail(where, phrase("id does not follow the ckr-/car-/house-/variant- scheme"))
    if entry["kind"] not in KIND_LABELS:
        raise _fail(
            where,
            phrase(
                "kind {kind} is not one of {kinds}",
                kind=repr(entry["kind"]),
                kinds=", ".join(KINDS),
            ),
        )
    if bool(entry.get("official_variant", False)) != (entry["kind"] == "official-variant"):
        raise _fail(
            where,
            phrase("official_variant = true goes with kind 'official-variant', and only with it"),
        )
    refs = list(entry.get("refs", []))
    if refs and refs[0] != rid:
        raise _fail(where, phrase("the first footnote reference must be the record's own id"))
    sources: list[Source] = []
    for ref in refs:
        sources.extend(_footnote_sources(ref, where, raw))
    for item in entry.get("sections", []):
        info = raw["seeds"][item["seed"]]
        sources.append(
            Source(
                seed=item["seed"],
                page=info["page"],
                language=info["page_language"],
                section=item["section"],
                part=item["part"],
                item=int(item["item"]),
            )
        )
    if not sources:
        raise _fail(where, phrase("a record needs at least one source"))
    date = entry.get("date")
    if date is not None and not _DATE.fullmatch(date):
        raise _fail(where, phrase("date {date} is not YYYY-MM", date=repr(date)))
    for rule_id in entry.get("topics", []):
        if not _topics.is_known(rule_id):
            raise _fail(where, phrase("unknown topic {topic}", topic=repr(rule_id)))
    for name, table, unknown_value in (
        ("publishers", PUBLISHERS, N_("unknown publisher {value}")),
        ("editions", EDITIONS, N_("unknown edition {value}")),
        ("expansions", EXPANSION_TITLES, N_("unknown expansion {value}")),
        ("extra_kinds", KIND_LABELS, N_("unknown extra_kind {value}")),
    ):
        for value in entry.get(name, []):
            if value not in table:
                raise _fail(where, Phrase(unknown_value, {"value": repr(value)}))
    if not entry.get("topics"):
        raise _fail(where, phrase("a record needs at least one topic"))
    # keep paragraph breaks (blank lines in the TOML) but unwrap the lines inside a paragraph
    text = "\n\n".join(_unwrap(p) for p in entry["text"].strip().split("\n\n"))
    return Annotation(
        id=rid,
        kind=entry["kind"],
        title=entry["title"].strip(),
        text=text,
        sources=tuple(sources),
        date=date,
        date_note=entry.get("date_note"),
        publishers=tuple(entry.get("publishers", ())),
        editions=tuple(entry.get("editions", ())),
        expansions=tuple(entry.get("expansions", ())),
        topics=tuple(entry.get("topics", ())),
        changes_outcome=bool(entry.get("changes_outcome", False)),
        aliases=tuple(refs[1:]) + tuple(entry.get("aliases", ())),
        extra_kinds=tuple(entry.get("extra_kinds", ())),
        kind_inferred=bool(entry.get("kind_inferred", False)),
        official_variant=bool(entry.get("official_variant", False)),
        credit=entry.get("credit"),
        see_also=tuple(entry.get("see_also", ())),
    )


@cache
def _corpus() -> tuple[tuple[Annotation, ...], dict[str, Annotation]]:
    raw = _raw()
    records = [_build_annotation(where, entry, raw) for where, entry in raw["annotation"]]
    by_id: dict[str, Annotation] = {}
    for record in records:
        for key in (record.id, *record.aliases):
            if key in by_id:
                raise _fail(
                    "*",
                    phrase(
                        "id {id} used by both {one} and {other}",
                        id=repr(key),
                        one=by_id[key].id,
                        other=record.id,
                    ),
                )
            by_id[key] = record
    for record in records:
        for other in record.see_also:
            if other not in by_id:
                raise _fail(
                    "*",
                    phrase(
                        "{id} refers to unknown record {other}", id=record.id, other=repr(other)
                    ),
                )
    return tuple(records), by_id


@cache
def _rule_texts() -> tuple[RuleText, ...]:
    _, by_id = _corpus()
    out = []
    seen = set()
    for where, entry in _raw()["rule"]:
        unknown = set(entry) - _RULE_KEYS
        if unknown:
            raise _fail(
                where,
                phrase(
                    "unknown keys {keys} in rule {id}",
                    keys=str(sorted(unknown)),
                    id=repr(entry.get("id")),
                ),
            )
        rid = entry["id"]
        if rid in seen:
            raise _fail(where, phrase("rule text id {id} used twice", id=repr(rid)))
        seen.add(rid)
        for ann in entry.get("annotations", []):
            if ann not in by_id:
                raise _fail(
                    where,
                    phrase("rule text {id} cites unknown record {other}", id=rid, other=repr(ann)),
                )
        for rule_id in entry.get("topics", []):
            if not _topics.is_known(rule_id):
                raise _fail(
                    where,
                    phrase(
                        "rule text {id} names unknown topic {topic}", id=rid, topic=repr(rule_id)
                    ),
                )
        if entry["expansion"] not in EXPANSION_TITLES:
            raise _fail(
                where,
                phrase(
                    "rule text {id} has unknown expansion {expansion}",
                    id=rid,
                    expansion=repr(entry["expansion"]),
                ),
            )
        text = "\n\n".join(_unwrap(p) for p in entry["text"].strip().split("\n\n"))
        out.append(
            RuleText(
                id=rid,
                expansion=entry["expansion"],
                section=entry["section"],
                title=entry["title"],
                text=text,
                annotations=tuple(by_id[a].id for a in entry.get("annotations", [])),
                topics=tuple(entry.get("topics", ())),
            )
        )
    return tuple(out)


def _unwrap(paragraph: str) -> str:
    """Join wrapped lines of a paragraph, keeping list items ("- ...") on their own lines."""
    lines = [line.strip() for line in paragraph.splitlines()]
    out: list[str] = []
    for line in lines:
        if line.startswith("- ") or not out:
            out.append(line)
        else:
            out[-1] += " " + line
    return "\n".join(out)


# ------------------------------------------------------------------------------------ queries


def all_annotations() -> tuple[Annotation, ...]:
    """Return every record once, in corpus order (Count, King and Robber first, then seed 004)."""
    return _corpus()[0]


def resolve_id(annotation_id: str) -> str:
    """Return the record id that ``annotation_id`` (an id or an alias) leads to."""
    return get(annotation_id).id


def get(annotation_id: str) -> Annotation:
    """Return the record with this id or alias.

    Raises
    ------
    UnknownRuleError
        If no record has that id; the message lists the id schemes.
    """
    try:
        return _corpus()[1][annotation_id]
    except (KeyError, TypeError):
        raise UnknownRuleError(
            phrase(
                "unknown annotation id {id}; ids look like ckr-1..ckr-62, "
                "car-154..car-195, ckr1e-1..ckr1e-28, house-<name> or variant-<name>",
                id=repr(annotation_id),
            )
        ) from None


def annotations_for(
    subject: str | EventLike, *, include_children: bool = False
) -> list[Annotation]:
    """Return the records that explain a rule id or an engine event.

    Parameters
    ----------
    subject:
        A rule id such as ``"count.redeploy.market"``, or an event: any object with ``.rule``
        (a rule id, or ``None``) and ``.annotations`` (ids the engine attached).
    include_children:
        Also return records on topics below the rule id (``"count"`` then gives every Count
        record).

    Returns
    -------
    list of Annotation
        For an event, the records it names come first, in its order. Then records whose topics
        contain the rule id itself, then its parent, grandparent and so on up to the area root
        (then descendants, when asked). No record appears twice.

    Raises
    ------
    UnknownRuleError
        For a rule id that is not in the taxonomy or an annotation id that does not exist.
    """
    if isinstance(subject, str):
        rule_id: str | None = subject
        own: Iterable[str] = ()
    else:
        rule_id = getattr(subject, "rule", None)
        own = getattr(subject, "annotations", None) or ()
        if not hasattr(subject, "rule") and not hasattr(subject, "annotations"):
            raise UnknownRuleError(
                phrase(
                    "annotations_for() needs a rule id or an event, not {type}",
                    type=type(subject).__name__,
                )
            )
    found: list[Annotation] = []
    seen: set[str] = set()

    def add(record: Annotation) -> None:
        if record.id not in seen:
            seen.add(record.id)
            found.append(record)

    for annotation_id in own:
        add(get(annotation_id))
    if rule_id:
        levels = list(lineage(rule_id))
        if include_children:
            levels += list(_topics.children(rule_id))
        for level in levels:
            for record in all_annotations():
                if level in record.topics:
                    add(record)
    return found


def search(
    kind: str | None = None,
    topic: str | None = None,
    expansion: str | None = None,
    publisher: str | None = None,
    *,
    edition: str | None = None,
    changes_outcome: bool | None = None,
) -> list[Annotation]:
    """Return the records matching every given filter, in corpus order.

    Parameters
    ----------
    kind:
        One of :data:`KINDS`; a record also matches through ``extra_kinds``.
    topic:
        A rule id; matches records on that topic or any topic below it.
    expansion:
        An expansion id or group (``"count-king-robber"``); matches records touching it.
    publisher:
        A key of :data:`PUBLISHERS` (case-insensitive), e.g. ``"RGG"``.
    edition:
        A key of :data:`EDITIONS` (case-insensitive), e.g. ``"Big Box 2"``.
    changes_outcome:
        Keep only records that do (True) or do not (False) change an outcome.

    Raises
    ------
    UnknownRuleError
        For a value that is not a known kind, topic, expansion, publisher or edition.
    """
    records = list(all_annotations())
    if kind is not None:
        if kind not in KIND_LABELS:
            raise UnknownRuleError(
                phrase(
                    "unknown annotation kind {kind}; choose from {choices}",
                    kind=repr(kind),
                    choices=", ".join(KINDS),
                )
            )
        records = [r for r in records if r.kind == kind or kind in r.extra_kinds]
    if topic is not None:
        wanted = {_topics.topic(topic).id, *_topics.children(topic)}
        records = [r for r in records if wanted.intersection(r.topics)]
    if expansion is not None:
        wanted = set(_topics.expand_expansion(expansion))
        records = [r for r in records if wanted.intersection(r.expansions)]
    if publisher is not None:
        name = _canonical(publisher, PUBLISHERS, "publisher")
        records = [r for r in records if name in r.publishers]
    if edition is not None:
        name = _canonical(edition, EDITIONS, "edition")
        records = [r for r in records if name in r.editions]
    if changes_outcome is not None:
        records = [r for r in records if r.changes_outcome == changes_outcome]
    return records


#: what a filter names -> its error for a value it does not know
_UNKNOWN_FILTER = {
    "publisher": N_("unknown publisher {value}; choose from {choices}"),
    "edition": N_("unknown edition {value}; choose from {choices}"),
}


def _canonical(value: str, table: Mapping[str, str], what: str) -> str:
    for key in table:
        if key.casefold() == value.casefold():
            return key
    raise UnknownRuleError(
        Phrase(_UNKNOWN_FILTER[what], {"value": repr(value), "choices": ", ".join(table)})
    )


def rule_texts(expansion: str | None = None) -> tuple[RuleText, ...]:
    """Return the paraphrased rule sections, all or those of one expansion (or group)."""
    texts = _rule_texts()
    if expansion is None:
        return texts
    wanted = set(_topics.expand_expansion(expansion))
    return tuple(t for t in texts if t.expansion in wanted)


def rule_text(rule_text_id: str) -> RuleText:
    """Return one rule section by id (``"count/redeploying"``)."""
    for text in _rule_texts():
        if text.id == rule_text_id:
            return text
    raise UnknownRuleError(
        phrase(
            "unknown rule text {id}; known: {known}",
            id=repr(rule_text_id),
            known=", ".join(t.id for t in _rule_texts()),
        )
    )


# ------------------------------------------------------------------------------- translations
#
# The translations of the corpus live beside it, one folder per language, with the English file
# names: data/it/count_king_robber.toml holds [[annotation]] tables (id, source, title, text),
# data/it/rule_texts.toml [[rule]] tables (id, source, section, title, text). ``source`` is the
# fingerprint of the English the translation was made from; when the English changes, the
# fingerprints differ and the record shows in English again until it is translated anew.

_TRANSLATED_ANNOTATION_KEYS = {"id", "source", "title", "text"}
_TRANSLATED_RULE_KEYS = {"id", "source", "section", "title", "text"}


def fingerprint(title: str, text: str) -> str:
    """The first 12 hex digits of the SHA-256 of ``title + "\\n" + text``, each of the two with
    every run of whitespace collapsed to one space and stripped (so rewrapping a line changes
    nothing, rewording does)."""
    normal = " ".join(title.split()) + "\n" + " ".join(text.split())
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:12]


def translation_files(lang: str) -> list[str]:
    """The file names in ``data/<lang>/`` (empty when the language has no folder)."""
    folder = resources.files(__name__).joinpath("data", language_code(lang))
    if not folder.is_dir():
        return []
    return sorted(e.name for e in folder.iterdir() if e.name.endswith(".toml") and e.is_file())


@cache
def _english_files() -> dict[str, str]:
    """Record or rule id -> the data file that holds its English."""
    out = {}
    for key in ("annotation", "rule"):
        for name, entry in _raw()[key]:
            out[entry["id"]] = name
    return out


@cache
def _translations(lang: str) -> dict[str, tuple[str, dict[str, str]]]:
    """id -> (file, entry) of every translation in ``data/<lang>/``, checked for form."""
    english = _english_files()
    records = {r.id: r for r in all_annotations()}
    rules = {r.id: r for r in _rule_texts()}
    folder = resources.files(__name__).joinpath("data", lang)
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for name in translation_files(lang):
        where = f"{lang}/{name}"
        try:
            doc = tomllib.loads(folder.joinpath(name).read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise _fail(where, str(exc)) from None
        extra = set(doc) - {"annotation", "rule"}
        if extra:
            raise _fail(
                where,
                phrase(
                    "unknown tables {tables} (expected annotation or rule)",
                    tables=str(sorted(extra)),
                ),
            )
        for table, keys, known in (
            ("annotation", _TRANSLATED_ANNOTATION_KEYS, records),
            ("rule", _TRANSLATED_RULE_KEYS, rules),
        ):
            for entry in doc.get(table, []):
                rid = entry.get("id")
                spot = f"{where} [{rid}]"
                if rid not in known:
                    raise _fail(
                        spot,
                        phrase("no English annotation has this id")
                        if table == "annotation"
                        else phrase("no English rule has this id"),
                    )
                if english[rid] != name:
                    raise _fail(
                        spot,
                        phrase(
                            "its English is in {file}, not {name}", file=english[rid], name=name
                        ),
                    )
                if set(entry) != keys:
                    raise _fail(
                        spot,
                        phrase(
                            "keys must be exactly {keys}, not {found}",
                            keys=str(sorted(keys)),
                            found=str(sorted(entry)),
                        ),
                    )
                for key in sorted(keys):
                    if not isinstance(entry[key], str) or not entry[key].strip():
                        raise _fail(spot, phrase("{key} is empty or not a string", key=repr(key)))
                if rid in out:
                    raise _fail(
                        spot,
                        phrase("translated twice (also in {file})", file=f"{lang}/{out[rid][0]}"),
                    )
                out[rid] = (name, entry)
    return out


def _current_translation(record: Annotation | RuleText, lang: str) -> dict[str, str] | None:
    found = _translations(lang).get(record.id)
    if found is None or found[1]["source"] != fingerprint(record.title, record.text):
        return None
    return found[1]


def _paragraphs(text: str) -> str:
    return "\n\n".join(_unwrap(p) for p in text.strip().split("\n\n"))


def translated(record: Annotation | RuleText | str, lang: str | None = None):
    """``record`` with its title and text (and a rule's section) in ``lang``.

    ``lang=None`` means the current language (:func:`carc_teach.i18n.current_language`). A
    record with no translation, or whose English changed since it was translated (its
    fingerprint differs from the translation's ``source``), comes back unchanged, in English.
    A string is read as a record id (or alias), or a rule text id (``"count/redeploying"``). A
    malformed translation file is an :class:`AnnotationDataError` naming the file and the
    record.
    """
    if isinstance(record, str):
        record = rule_text(record) if "/" in record else get(record)
    code = language_code(lang)
    if code == "en":
        return record
    entry = _current_translation(record, code)
    if entry is None:
        return record
    changes = {"title": entry["title"].strip(), "text": _paragraphs(entry["text"])}
    if isinstance(record, RuleText):
        changes["section"] = entry["section"].strip()
    return replace(record, **changes)


def untranslated(lang: str) -> list[str]:
    """Ids of the records and rule texts shown in English in ``lang``: no translation, or one
    made from an English text that has changed since, in corpus order."""
    code = language_code(lang)
    if code == "en":
        return []
    return [
        item.id
        for item in (*all_annotations(), *_rule_texts())
        if _current_translation(item, code) is None
    ]


# ---------------------------------------------------------------------------------- citations

#: How a reader names each seed page: (site, page, the page's language or revision).
_CITED_PAGES: Mapping[str, tuple[str, str, str]] = {
    "000": ("Wikicarpedia", "Count, King & Robber", "Italian"),
    "001": ("Wikicarpedia", "Count, King & Robber", "Czech"),
    "002": ("Wikicarpedia", "Count, King & Robber", "older English revision"),
    "004": ("Wikicarpedia", "Complete Annotated Rules: Abbey & Mayor", "English"),
}
_LANGUAGE_NAMES = {"en": "English", "it": "Italian", "cs": "Czech"}
#: the words above and the dates' notes, as the catalogues translate them (context "cited")
_CITED_WORDS = (
    N_("Italian"),
    N_("Czech"),
    N_("English"),
    N_("older English revision"),
    N_("updated"),
    N_("confirmed"),
    N_("first ruled 2014-06, again"),
)


def _cited_page(source: Source) -> tuple[str, str, str]:
    return _CITED_PAGES.get(
        source.seed, ("", source.page, _LANGUAGE_NAMES.get(source.language, ""))
    )


def _which(versions: list[str], lang: str | None = None) -> str:
    """``["Italian", "Czech"]`` -> ``"Italian and Czech pages"``; a revision keeps its name."""
    pages = [v for v in versions if v != "older English revision"]
    out = []
    if pages:
        names = format_list([_(v, lang) for v in pages], lang)
        out.append(ngettext("{names} page", "{names} pages", len(pages), lang, names=names))
    out += [_(v, lang) for v in versions if v == "older English revision"]
    return format_list(out, lang)


def _places(wheres: list[tuple[str, int]], lang: str | None = None) -> str:
    """``[("footnote", 1), ("footnote", 38)]`` -> ``"footnotes 1 and 38"``."""
    if all(kind == "footnote" for kind, _n in wheres):
        numbers = format_list([str(n) for _k, n in wheres], lang)
        return ngettext(
            "footnote {numbers}", "footnotes {numbers}", len(wheres), lang, numbers=numbers
        )
    # a footnote beside a list's items: its number, as above
    return ", ".join(
        ngettext("footnote {numbers}", "footnotes {numbers}", 1, lang, numbers=str(n))
        if kind == "footnote"
        else _("list \u201c{name}\u201d, item {n}", lang, name=kind[6:-1], n=n)
        for kind, n in wheres
    )


def cite(record: Annotation | str, lang: str | None = None) -> str:
    """How a person would cite a record: the page, its language, the footnote (or list item)
    and the date, e.g. ``"Wikicarpedia, Count, King & Robber (Italian and Czech pages),
    footnote 7; older English revision, footnote 3; 2013-11"``; its words in ``lang``
    (default: the current language), the pages' titles as they are.

    Versions of a page that print the same footnotes are named together; a footnote printed in
    Czech on the Czech page says so.
    """
    if isinstance(record, str):
        record = get(record)
    # (site, page) -> version -> [(footnote | list name, number)], in source order
    pages: dict[tuple[str, str], dict[str, list[tuple[str, int]]]] = {}
    in_czech: dict[tuple[str, str], list[int]] = {}
    for src in record.sources:
        site, page, version = _cited_page(src)
        if src.footnote is not None:
            where = ("footnote", src.footnote)
        else:
            where = (f"list \u201c{src.section}\u201d", src.item or 0)
        if src.footnote is not None and src.language == "cs":
            in_czech.setdefault((site, page), []).append(src.footnote)
        pages.setdefault((site, page), {}).setdefault(version, []).append(where)
    parts: list[str] = []
    for (site, page), versions in pages.items():
        # versions printing the same places are named together
        same: dict[str, list[str]] = {}
        for version, wheres in versions.items():
            key = _places(sorted(wheres, key=lambda w: (w[0], w[1])), lang)
            same.setdefault(key, []).append(version)
        head = ", ".join(x for x in (site, page) if x)
        for n, (where, names) in enumerate(same.items()):
            which = _which(names, lang)
            if n == 0:
                text = f"{head} ({which}), {where}" if which else f"{head}, {where}"
            else:
                text = f"{which}, {where}"
            czech = in_czech.get((site, page))
            if czech and "Czech" in names:
                text += " " + ngettext(
                    "(footnote {numbers} is in Czech on the Czech page)",
                    "(footnotes {numbers} are in Czech on the Czech page)",
                    len(czech),
                    lang,
                    numbers=format_list([str(c) for c in czech], lang),
                )
            parts.append(text)
    if record.date:
        note = _(record.date_note, lang) + " " if record.date_note else ""
        parts.append(f"{note}{record.date}")
    return "; ".join(parts)

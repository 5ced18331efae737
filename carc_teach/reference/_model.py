"""Value types of the scoring reference: plain frozen dataclasses with ``as_dict()`` for JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

__all__ = [
    "Part",
    "Expansion",
    "Group",
    "Condition",
    "Switch",
    "Step",
    "Row",
    "Diff",
    "LegendEntry",
    "IntroItem",
    "Intro",
    "Preset",
]

EDITIONS = ("C1", "C2")


@dataclass(frozen=True)
class Part:
    """One selectable piece of an expansion (the page shows or hides rows per part)."""

    id: str
    name: str
    expansion: str
    switch: str | None = None


@dataclass(frozen=True)
class Expansion:
    """An expansion (or promo, or fan set) with the parts the selector can pick."""

    id: str
    name: str
    group: str
    parts: tuple[Part, ...]
    note: str = ""

    @property
    def part_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.parts)


@dataclass(frozen=True)
class Group:
    """A group of the selector: major, small, other (promos) or fan expansions."""

    id: str
    title: str
    expansions: tuple[Expansion, ...]


@dataclass(frozen=True)
class Preset:
    """A named selection, e.g. ``"ckr"`` for Count, King & Robber."""

    id: str
    title: str
    expansions: tuple[str, ...]


@dataclass(frozen=True)
class Condition:
    """When something shows: every part of ``all``, one of ``any``, none of ``none``, the edition.

    Names starting with ``@`` are flags (``@other-tiles``...) defined in the catalogue.
    """

    all: frozenset[str] = frozenset()
    any: frozenset[str] = frozenset()
    none: frozenset[str] = frozenset()
    edition: str | None = None

    def is_empty(self) -> bool:
        return not (self.all or self.any or self.none or self.edition)

    def names(self) -> frozenset[str]:
        return self.all | self.any | self.none


@dataclass(frozen=True)
class Switch:
    """How one ``show…`` class name of the page is read.

    ``kind`` is ``"part"``, ``"edition"``, ``"derived"`` or ``"mechanic"``; ``company`` marks a
    switch that also needs another row of the same step to be shown.
    """

    name: str
    kind: str
    reason: str
    condition: Condition | None = None
    on: str | None = None
    company: bool = False
    part: str | None = None


@dataclass(frozen=True)
class Step:
    """One step of the turn as the page orders it.

    ``code`` is the page's step code ("1A" ... "4B", "anytime", "final"); ``engine_step`` is the
    code :mod:`carc_teach.turn` uses ("2B" for both halves of 2B, ``None`` for "any time").
    """

    code: str
    engine_step: str | None
    title: str
    phase: str
    phase_title: str
    round_title: str
    notes: tuple[str, ...] = ()
    on_page: bool = True

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Row:
    """One scoring situation of the reference, worded for one edition and one selection.

    Attributes
    ----------
    id:
        Stable id, e.g. ``"3b.road.core"``.
    step, engine_step:
        The page's step code and the engine's (``"2B-1"`` -> ``"2B"``).
    block, section:
        Within step 3B: the feature block ("Road", "City", ...) and ``prolog`` / ``core`` /
        ``epilog`` (bonus scoring before the feature, the feature itself, bonuses after it).
    parent, depth:
        The row this one belongs to (``None`` for a top-level row) and its nesting depth.
    legend:
        The page's legend category: ``tile`` (points from feature tiles), ``figure`` (points from
        figures), ``feature`` (points from additional features), ``surveyor`` (land surveyor
        action) or ``action`` (scoring action), as the page colours the row.
    title, who, points, details:
        What the row is about, who scores (the trigger), the points rule, and the conditions and
        exceptions that apply to the chosen table of games.
    markers:
        ``robber`` (a robber must take points if it can), ``robber-choose`` (it must, and may have
        to choose which scoring figure), ``castle`` (the feature may trigger castle scoring),
        ``teacher`` (the teacher's owner may score the same points).
    expansions, parts:
        The expansions (and parts) whose selection shows the row; empty for base-game rows.
    rule_ids, annotation_ids:
        carc_teach rule ids and annotation ids (``ckr-58``, ``car-186``...) behind the row.
    engine_rule_ids, executed:
        The rule ids the engine executes today, and whether it executes every rule of the row.
    drafted:
        The row sits in a comment of the page's source: the rendered page does not show it.
    heading:
        The row opens a feature block (it names the feature and its figure; no points).
    """

    id: str
    step: str
    engine_step: str | None
    block: str | None
    section: str | None
    parent: str | None
    depth: int
    legend: str
    title: str
    who: str
    points: str
    details: tuple[str, ...]
    markers: tuple[str, ...]
    expansions: tuple[str, ...]
    parts: tuple[str, ...]
    rule_ids: tuple[str, ...]
    annotation_ids: tuple[str, ...]
    engine_rule_ids: tuple[str, ...]
    executed: bool
    drafted: bool
    heading: bool
    edition: str

    def text(self) -> str:
        """All the row's words on one line (for search and for comparing editions)."""
        parts = [self.title, self.who, self.points, *self.details]
        return " | ".join(p for p in parts if p)

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Diff:
    """What changes in the reference between two selections (same edition)."""

    added: tuple[Row, ...]
    removed: tuple[Row, ...]
    changed: tuple[tuple[Row, Row], ...] = field(default=())

    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def as_dict(self) -> dict:
        return {
            "added": [r.as_dict() for r in self.added],
            "removed": [r.as_dict() for r in self.removed],
            "changed": [{"before": a.as_dict(), "after": b.as_dict()} for a, b in self.changed],
        }


@dataclass(frozen=True)
class LegendEntry:
    """One entry of the page's legend (a row category or a marker)."""

    kind: str
    label: str
    meaning: str
    expansions: tuple[str, ...] = ()
    drafted: bool = False


@dataclass(frozen=True)
class IntroItem:
    """One introductory rule (robbers, messages, tower ransom...)."""

    id: str
    text: str
    expansions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Intro:
    """The introduction: the legend, the markers, the introductory rules and their tables."""

    legend: tuple[LegendEntry, ...]
    markers: tuple[LegendEntry, ...]
    items: tuple[IntroItem, ...]
    rows: tuple[Row, ...]

    def as_dict(self) -> dict:
        return asdict(self)

"""What an expansion package declares: its rule options, its rule topics, its figure kinds,
and the :class:`Package` record that names them with its rule modules.

These are plain data with no import from the rest of carc_teach, so that the registries built
from the packages (:data:`carc_teach.editions.OPTIONS`, :data:`carc_teach.annotations.topics.TOPICS`,
:data:`carc_teach.figures.FIGURE_KINDS`, :data:`carc_teach.rules.RULE_MODULES`) can read them from
the lowest layers. ``docs/architecture.md`` ("How to add an expansion") says how they are used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "N_",
    "Package",
    "RuleOption",
    "Topic",
    "FigureKind",
    "FigureShape",
    "CoursePlace",
    "CourseGroup",
    "ReferenceLink",
    "paragraph",
    "show_value",
]


@dataclass(frozen=True)
class RuleOption:
    """One rule that editions, publishers or house rules settle differently.

    Attributes
    ----------
    id:
        Dotted option id; its first part is a rule area (``count.deploy-trigger``).
    title:
        A one-line question the option answers.
    expansion:
        The expansion id whose rules it changes.
    values:
        Every allowed value, in the order to list them.
    default:
        The value carc_teach plays when nothing is chosen: the reading the seed pages print
        today, with their corrections.
    explanation:
        What the option decides and what each choice means, in plain English.
    annotations:
        Ids of the records that explain it (at least one).
    value_notes:
        ``(value, meaning)`` pairs, one per value.
    changes_outcome:
        False when every value produces the same game (the option then only picks wording).
    also_needs:
        Further expansions without which the option has no effect.
    """

    id: str
    title: str
    expansion: str
    values: tuple[Any, ...]
    default: Any
    explanation: str
    annotations: tuple[str, ...]
    value_notes: tuple[tuple[Any, str], ...] = ()
    changes_outcome: bool = True
    also_needs: tuple[str, ...] = ()

    def describe(self, value: Any) -> str:
        """Return the meaning of ``value`` (empty when the option has no per-value notes)."""
        for known, note in self.value_notes:
            if known == value and type(known) is type(value):
                return note
        return ""

    def is_valid(self, value: Any) -> bool:
        """Return whether ``value`` is allowed (types must match: ``1`` is not ``True``)."""
        return any(type(v) is type(value) and v == value for v in self.values)

    def choices_text(self) -> str:
        """The allowed values for messages: ``'completion', 'any-scoring'`` or ``1..12``."""
        if all(type(v) is int for v in self.values) and len(self.values) > 4:
            return f"{self.values[0]}..{self.values[-1]}"
        return ", ".join(show_value(v) for v in self.values)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "expansion": self.expansion,
            "values": list(self.values),
            "default": self.default,
            "explanation": self.explanation,
            "annotations": list(self.annotations),
            "value_notes": {show_value(v): n for v, n in self.value_notes},
            "changes_outcome": self.changes_outcome,
            "also_needs": list(self.also_needs),
        }


def show_value(value: Any) -> str:
    """An option value as messages and listings write it: ``true``, ``'completion'``, ``7``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def N_(text: str, /) -> str:  # noqa: N802 - named as carc_teach.i18n.N_
    """Marks a text of a package record for the catalogues (``scripts/i18n_extract.py``) and
    returns it unchanged, as :func:`carc_teach.i18n.N_` does: a record sits below the
    catalogues and may not import them; whoever shows the text translates it."""
    return text


def paragraph(text: str) -> str:
    """A triple-quoted paragraph as one line (its blanks collapsed)."""
    return " ".join(text.split())


@dataclass(frozen=True)
class Topic:
    """One rule id of the taxonomy.

    Attributes
    ----------
    id:
        The dotted rule id, e.g. ``"count.deploy-trigger"``.
    title:
        A short English title for lists and headings.
    expansion:
        The expansion id (a key of :data:`carc_teach.annotations.topics.EXPANSION_TITLES`) whose rules define this topic.
    parent:
        The id of the enclosing topic, or ``None`` for an area root such as ``"count"``.
    """

    id: str
    title: str
    expansion: str
    parent: str | None


@dataclass(frozen=True, slots=True)
class FigureKind:
    """What a kind of figure is and how the rules treat it by default.

    Attributes
    ----------
    id, title:
        The kind's id (``"big-follower"``) and its name in explanations.
    expansion:
        The expansion id that brings it (``"base"`` for the follower).
    strength:
        How much it counts toward a majority by default; a rule module may compute it from
        the state and the feature instead (the mayor counts the city's pennants).
    enters:
        Feature kinds it may be deployed to (empty: it never stands in a feature).
    returns_after_scoring:
        Whether it goes back to the supply once its feature has scored.
    follower:
        Whether it is a follower (counts as "a follower in the feature" for rules that ask).
    neutral:
        Owned by nobody (the Count).
    deploy_rule:
        The rule id that deploys it, which its refusals cite (``mayor.deploy``).
    """

    id: str
    title: str
    expansion: str
    strength: int = 1
    enters: frozenset[str] = frozenset()
    returns_after_scoring: bool = True
    follower: bool = True
    neutral: bool = False
    deploy_rule: str = "base.deploy"


@dataclass(frozen=True)
class FigureShape:
    """How a figure kind is drawn (:mod:`carc_teach.render.svg`): its silhouette as SVG path data
    in figure units (a follower is about 1.1 wide and 1.05 tall, centred on its spot; empty: a
    follower's), SVG drawn over it in white (a badge, a door) and its size against a
    follower's; whether it lies down in a field (a farmer), and its size and its shift down
    (in figure units) in the board key."""

    kind: str
    path: str = ""
    marks: str = ""
    scale: float = 1.0
    lies_down: bool = False
    key_scale: float = 1.0
    key_shift: float = 0.0


@dataclass(frozen=True)
class CoursePlace:
    """Where one walkthrough sits in the course: its notebook's file stem (``notebooks/<slug>.py``)
    and the rules it covers, as the site's index shows them."""

    slug: str
    covers: str


@dataclass(frozen=True)
class CourseGroup:
    """A group of walkthroughs on the site's index (:mod:`carc_teach.site.curriculum`): usually
    one box. Packages naming the same ``title`` share the group (the four small expansions of
    the Count, King & Robber box); one of them gives its ``lead`` (a sentence under the title)
    and its ``rank`` (groups are shown by rank, lower first; the base game's is 0, and the
    group that puts them all together comes last, at 100)."""

    title: str
    lead: str = ""
    rank: int | None = None


@dataclass(frozen=True)
class ReferenceLink:
    """Rule ids of a package that a row of the scoring reference describes
    (:mod:`carc_teach.reference`): the row counts as executed once the engine runs every rule
    id linked to it, and the reference names them beside it.

    Attributes
    ----------
    row:
        The row's id in ``carc_teach/reference/data/rows_*.toml`` (``"3b.road.core"``).
    rules:
        The package's own rule ids (topics) the row describes, in the order to list them.
    when:
        A part or flag of the reference's expansion selector (``"wagon"``, ``"flier"``) that
        must be selected for the link to show, when the row shows more than this package's
        rules; empty: whenever the row shows.
    """

    row: str
    rules: tuple[str, ...]
    when: str = ""


@dataclass(frozen=True)
class Package:
    """One expansion (or the base game) as a package under ``carc_teach/expansions/``.

    Attributes
    ----------
    name:
        The package's folder (a Python name: ``king_robber``).
    title:
        What the box is called.
    rule_modules:
        ``(expansion id, class name)`` pairs: the ids game files list in
        ``setup.expansions`` and the :class:`~carc_teach.rules.RuleModule` subclass in the
        package's ``rules.py`` that plays each (usually one; Traders & Builders has two), or
        ``"file:Class"`` for a class in another file of the package.
    options:
        The rule options its modules read (:mod:`carc_teach.editions` lists them all).
    topics:
        Its rule ids with their titles (:mod:`carc_teach.annotations.topics` lists them all).
    figure_kinds:
        The figures it brings (:data:`carc_teach.figures.FIGURE_KINDS`).
    box:
        The annotation corpus's id of the box its rule modules come from, when a module's id
        is not that id (the big follower is played as ``big-follower``; the footnotes about
        it name ``inns-cathedrals``).
    corpus_titles:
        ``(id, title)`` of the expansion ids the annotation corpus may name for this package
        (:data:`carc_teach.annotations.topics.EXPANSION_TITLES`); by default its rule modules' ids
        under :attr:`title`.
    brings:
        ``(expansion id, further ids)``: a game listing the first also plays the others
        (:data:`carc_teach.setup.BRINGS`: Inns & Cathedrals brings its big follower).
    legend:
        ``(entry, expansion id, label)`` of the figures and buildings the board key shows for
        it (:func:`carc_teach.render.svg.legend_svg` draws each entry).
    figure_shapes:
        How its figure kinds are drawn (:class:`FigureShape`).
    course_group, walkthroughs:
        Its group on the site's index and its walkthroughs there, in learning order
        (:class:`CourseGroup`, :class:`CoursePlace`; :mod:`carc_teach.site.curriculum`).
    follower_roles:
        ``(feature kind or building, name, plural)``: what a follower standing there is called
        (``("shrine", "heretic", "heretics")``; :data:`carc_teach.figures.ROLE_NAMES`).
    event_headings:
        ``(event kind, heading)`` of the event kinds its modules emit beyond the engine's
        (:data:`carc_teach.events.EVENT_KINDS`): what a walkthrough's heading says of such an
        event, a short phrase ("the builder brings a second tile";
        :data:`carc_teach.teach.EVENT_HEADINGS`).
    reference_links:
        The rows of the scoring reference its rule ids execute (:class:`ReferenceLink`); the
        rows themselves, a transcription of one page spanning every box, stay in
        ``carc_teach/reference/data/``.
    collection:
        The id of the boxed collection it was sold in, when several packages share one
        (``count-king-robber``): the annotation corpus accepts it wherever an expansion id is
        (:data:`carc_teach.annotations.topics.EXPANSION_GROUPS`).
    renamed:
        ``(old id, id now)`` of the ids it gave up so that one thing has one id (a rule-id area,
        a part of the scoring reference); asked for by the old id, carc_teach refuses it with a
        message naming the new one (:data:`carc_teach.expansions.RENAMED`).
    """

    name: str
    title: str
    rule_modules: tuple[tuple[str, str], ...]
    options: tuple[RuleOption, ...] = ()
    topics: tuple[Topic, ...] = ()
    figure_kinds: tuple[FigureKind, ...] = ()
    box: str = ""
    corpus_titles: tuple[tuple[str, str], ...] = ()
    brings: tuple[tuple[str, tuple[str, ...]], ...] = ()
    legend: tuple[tuple[str, str, str], ...] = ()
    figure_shapes: tuple[FigureShape, ...] = ()
    course_group: CourseGroup | None = None
    walkthroughs: tuple[CoursePlace, ...] = ()
    follower_roles: tuple[tuple[str, str, str], ...] = ()
    event_headings: tuple[tuple[str, str], ...] = ()
    reference_links: tuple[ReferenceLink, ...] = ()
    collection: str = ""
    renamed: tuple[tuple[str, str], ...] = ()

    def titles(self) -> tuple[tuple[str, str], ...]:
        """:attr:`corpus_titles`, or each rule module's id under the package's title."""
        return self.corpus_titles or tuple((eid, self.title) for eid in self.expansion_ids)

    @property
    def expansion_ids(self) -> tuple[str, ...]:
        """The ids of its rule modules, as game files list them."""
        return tuple(eid for eid, _ in self.rule_modules)

    def rule_module_path(self, expansion_id: str) -> str:
        """``"carc_teach.expansions.<name>.rules:<Class>"`` (or the file named) of one of its
        rule modules."""
        for eid, where in self.rule_modules:
            if eid == expansion_id:
                module, _, class_name = where.rpartition(":")
                return f"carc_teach.expansions.{self.name}.{module or 'rules'}:{class_name}"
        raise KeyError(expansion_id)

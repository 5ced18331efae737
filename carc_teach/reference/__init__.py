"""The Wikicarpedia "Scoring During Turn Sequence" page as data, with its expansion selector.

The page lists, step by step through a turn (1A Begin turn ... 4B Resolve the turn), every way
points are scored across the Carcassonne family. Here each of its rows is a record in our own
words: its step, who scores, the points rule, the conditions and exceptions, the expansions that
show it, the C1/C2 wording, its markers, and links to carc_teach rule ids and annotation ids.

Examples
--------
>>> from carc_teach import reference
>>> sel = reference.selection_for_preset("ckr")
>>> [r.title for r in reference.rows(sel, edition="C1") if r.step == "3B"][:2]
['Road', 'Road']
>>> added = reference.diff([], ["shrines"], "C2").added
>>> [r.id for r in added]
['3b.monastic.challenge']

Notes
-----
The data is read lazily from TOML files in ``carc_teach/reference/data`` and cached; the module
uses only the standard library so it runs in Pyodide.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from ..errors import UnknownRuleError, nphrase, phrase
from ..expansions import RENAMED
from ._load import PLACEHOLDER_RE, RowSpec, catalogue
from ._model import (
    EDITIONS,
    Condition,
    Diff,
    Expansion,
    Group,
    Intro,
    IntroItem,
    LegendEntry,
    Part,
    Preset,
    Row,
    Step,
    Switch,
)
from .engine_links import ENGINE_EXECUTES, examples_for
from .translations import said

__all__ = [
    "EDITIONS",
    "ENGINE_EXECUTES",
    "SELECTOR_EXPANSIONS",
    "GROUPS",
    "SELECTOR_PRESETS",
    "Diff",
    "Expansion",
    "Group",
    "Intro",
    "IntroItem",
    "LegendEntry",
    "Part",
    "Preset",
    "Row",
    "Selection",
    "Step",
    "Switch",
    "diff",
    "examples_for",
    "expansion_of",
    "intro",
    "normalize_edition",
    "rows",
    "selection_for_preset",
    "steps",
    "switch_on",
    "switches",
    "normalize_selection",
]

#: a selection is the frozen set of selected part ids
Selection = frozenset[str]


def __getattr__(name: str) -> Any:
    # SELECTOR_EXPANSIONS / GROUPS / SELECTOR_PRESETS are read from the data files on first access.
    if name == "SELECTOR_EXPANSIONS":
        return dict(catalogue().expansions)
    if name == "GROUPS":
        return catalogue().groups
    if name == "SELECTOR_PRESETS":
        return dict(catalogue().presets)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ------------------------------------------------------------------------------------ selection
def _lookup_table() -> dict[str, tuple[str, ...]]:
    """Every accepted spelling (ids and names, lower case) -> the part ids it selects."""
    cat = catalogue()
    table: dict[str, tuple[str, ...]] = {}
    for expansion in cat.expansions.values():
        table[expansion.id] = expansion.part_ids
        table[expansion.name.lower()] = expansion.part_ids
    for part in cat.parts.values():
        table.setdefault(part.id, (part.id,))
        table.setdefault(part.name.lower(), (part.id,))
    return table


def normalize_selection(selection: Iterable[str] | str | None) -> Selection:
    """The set of part ids a selection names.

    Parameters
    ----------
    selection:
        Expansion ids, part ids or names (any case), or one comma-separated string. ``"base"``
        (the base game is always in play) is accepted and adds nothing; ``"*"`` selects all.

    Raises
    ------
    UnknownRuleError
        Naming every unknown entry with the closest known names.
    """
    if selection is None:
        return frozenset()
    if isinstance(selection, str):
        selection = [s for s in selection.split(",")]
    table = _lookup_table()
    chosen: set[str] = set()
    unknown: list[str] = []
    for raw in selection:
        name = raw.strip().lower()
        if not name or name in {"base", "base game"}:
            continue
        if name in {"*", "all", "everything"}:
            chosen.update(catalogue().parts)
            continue
        if name in table:
            chosen.update(table[name])
        elif name in RENAMED:  # a part renamed to the engine's id for the same thing
            raise UnknownRuleError(
                phrase(
                    "expansion part {part} is now {now}",
                    part=repr(raw.strip()),
                    now=repr(RENAMED[name]),
                )
            )
        else:
            unknown.append(raw.strip())
    if unknown:
        cat = catalogue()
        ids = [*cat.expansions, *(p for p in cat.parts if p not in cat.expansions)]
        hints = []
        for name in unknown:
            close = difflib.get_close_matches(name.lower(), ids, n=3, cutoff=0.5)
            hints.append(
                phrase("{name} (did you mean {close}?)", name=repr(name), close=", ".join(close))
                if close
                else repr(name)
            )
        joined = hints[0]
        for hint in hints[1:]:
            joined = phrase("{first}; {second}", first=joined, second=hint)
        raise UnknownRuleError(
            nphrase(
                "unknown expansion: {names}",
                "unknown expansions: {names}",
                len(unknown),
                names=joined,
            )
        )
    return frozenset(chosen)


def selection_for_preset(name: str) -> Selection:
    """The selection of a preset: ``"base"``, ``"ckr"``, ``"ckr+abbey-mayor"``, ``"everything"``.

    Raises
    ------
    UnknownRuleError
        For an unknown preset, listing the known ones.
    """
    presets = catalogue().presets
    preset = presets.get(name.strip().lower()) if isinstance(name, str) else None
    if preset is None:
        close = difflib.get_close_matches(str(name), list(presets), n=3, cutoff=0.4)
        known = ", ".join(presets)
        if close:
            why = phrase(
                "unknown preset {name} (did you mean {close}?); known presets: {known}",
                name=repr(name),
                close=", ".join(close),
                known=known,
            )
        else:
            why = phrase(
                "unknown preset {name}; known presets: {known}", name=repr(name), known=known
            )
        raise UnknownRuleError(why)
    return normalize_selection(preset.expansions)


def normalize_edition(edition: str) -> str:
    """``"C1"`` or ``"C2"`` (any case); anything else raises :class:`UnknownRuleError`."""
    value = str(edition).strip().upper()
    if value not in EDITIONS:
        raise UnknownRuleError(
            phrase("unknown edition {edition}; use C1 or C2", edition=repr(edition))
        )
    return value


def expansion_of(part_id: str) -> Expansion:
    """The expansion a part belongs to."""
    cat = catalogue()
    if part_id not in cat.parts:
        raise UnknownRuleError(phrase("unknown expansion part {part}", part=repr(part_id)))
    return cat.expansions[cat.parts[part_id].expansion]


# ------------------------------------------------------------------------------------ conditions
def _holds(condition: Condition, parts: Selection, edition: str) -> bool:
    flags = catalogue().flags

    def on(name: str) -> bool:
        if name.startswith("@"):
            return bool(flags[name].any & parts)
        return name in parts

    if condition.edition and condition.edition != edition:
        return False
    if not all(on(n) for n in condition.all):
        return False
    if condition.any and not any(on(n) for n in condition.any):
        return False
    return not any(on(n) for n in condition.none)


def _fragment_holds(value: dict[str, Any], parts: Selection, edition: str) -> bool:
    def names(key: str) -> frozenset[str]:
        v = value.get(key)
        return frozenset({v}) if isinstance(v, str) else frozenset(v or ())

    cond = Condition(names("when"), names("any"), names("unless"), value.get("edition"))
    return _holds(cond, parts, edition)


def _words(text: str, edition: str) -> str:
    vocabulary = catalogue().vocabulary
    index = EDITIONS.index(edition)

    def swap(match: Any) -> str:
        key = match.group(1)
        word = vocabulary[key.lower()][index]
        return word[0].upper() + word[1:] if key[0].isupper() else word

    return PLACEHOLDER_RE.sub(swap, text)


def _render(value: Any, parts: Selection, edition: str, lang: str | None = None) -> str:
    """A fragment as text; with ``lang``, each English piece in that language where it is
    translated (:mod:`carc_teach.reference.translations`; ids are rendered without it)."""
    if isinstance(value, str):
        return _words(said(value, lang), edition)
    if isinstance(value, list):
        return "".join(_render(v, parts, edition, lang) for v in value)
    if not _fragment_holds(value, parts, edition):
        return ""
    if "parts" in value:
        return _render(value["parts"], parts, edition, lang)
    if "c1" in value:
        return _render(value["c1" if edition == "C1" else "c2"], parts, edition, lang)
    return _render(value["text"], parts, edition, lang)


def _tidy(text: str) -> str:
    return " ".join(text.split()).replace(" ,", ",").replace(" .", ".").replace("( ", "(")


def _names_of(
    items: list[Any], parts: Selection, edition: str, lang: str | None = None
) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        text = _tidy(_render(item, parts, edition, lang))
        if text and text not in out:
            out.append(text)
    return tuple(out)


def _condition_of(spec: RowSpec) -> list[Condition]:
    """The row's own condition and those of all its parents."""
    by_id = catalogue().by_id
    conditions = [spec.condition]
    parent = spec.parent
    while parent is not None:
        conditions.append(by_id[parent].condition)
        parent = by_id[parent].parent
    return conditions


def _visible(spec: RowSpec, parts: Selection, edition: str) -> bool:
    return all(_holds(c, parts, edition) for c in _condition_of(spec))


def _row_parts(spec: RowSpec) -> tuple[str, ...]:
    names: list[str] = []
    flags = catalogue().flags
    for cond in reversed(_condition_of(spec)):
        for name in sorted(cond.all) + sorted(cond.any):
            for part in sorted(flags[name].any) if name.startswith("@") else [name]:
                if part not in names:
                    names.append(part)
    return tuple(names)


def _marker_parts() -> dict[str, frozenset[str]]:
    """marker kind -> the parts that must be selected for the page to draw it."""
    out = {}
    for entry in catalogue().markers:
        when = entry.get("when", [])
        out[entry["kind"]] = frozenset([when] if isinstance(when, str) else when)
    return out


def _build(spec: RowSpec, parts: Selection, edition: str, lang: str | None = None) -> Row:
    cat = catalogue()
    row_parts = _row_parts(spec)
    expansions: list[str] = []
    for part in row_parts:
        eid = cat.parts[part].expansion
        if eid not in expansions:
            expansions.append(eid)
    rule_ids = _names_of(spec.rules, parts, edition)
    shown = _marker_parts()
    markers = tuple(
        m
        for m in _names_of(spec.markers, parts, edition)
        if _holds(Condition(all=shown.get(m, frozenset())), parts, edition)
    )
    if "robber-choose" in markers:
        markers = tuple(m for m in markers if m != "robber")
    engine_ids = tuple(r for r in rule_ids if r in ENGINE_EXECUTES)
    step = next(s for s in cat.steps if s.code == spec.step) if spec.step != "intro" else None
    return Row(
        id=spec.id,
        step=spec.step,
        engine_step=step.engine_step if step else None,
        block=said(spec.block, lang) if spec.block else spec.block,
        section=spec.section,
        parent=spec.parent,
        depth=spec.depth,
        legend=spec.legend,
        title=_tidy(_render(spec.title, parts, edition, lang)),
        who=_tidy(_render(spec.who, parts, edition, lang)),
        points=_tidy(_render(spec.points, parts, edition, lang)),
        details=_names_of(spec.details, parts, edition, lang),
        markers=markers,
        expansions=tuple(expansions),
        parts=row_parts,
        rule_ids=rule_ids,
        annotation_ids=_names_of(spec.notes, parts, edition),
        engine_rule_ids=engine_ids,
        executed=bool(rule_ids) and len(engine_ids) == len(rule_ids),
        drafted=spec.drafted,
        heading=spec.heading,
        edition=edition,
    )


def _select(
    specs: Iterable[RowSpec], parts: Selection, edition: str, include_drafts: bool
) -> list[RowSpec]:
    chosen = [s for s in specs if (include_drafts or not s.drafted) and _visible(s, parts, edition)]
    # a row marked `company` (the first-edition dispatch rows) only shows next to other rows
    # of its step
    return [
        s
        for s in chosen
        if not s.company or any(o.step == s.step and not o.company for o in chosen)
    ]


# ------------------------------------------------------------------------------------ public API
def rows(
    selection: Iterable[str] | str | None = None,
    edition: str = "C2",
    *,
    include_drafts: bool = False,
    lang: str | None = None,
) -> list[Row]:
    """The turn-ordered reference for a table of games.

    Parameters
    ----------
    selection:
        Expansions or parts in play (see :func:`normalize_selection`); the base game always is.
    edition:
        ``"C1"`` (first-edition wording and rules) or ``"C2"``.
    include_drafts:
        Also return the rows the page keeps in a comment (trade goods, the King tile, the City of
        Carcassonne redeployment, castle conversion, a land-surveyor prolog). The rendered page
        does not show them.
    lang:
        The language of the rows' words (``"it"``, ``"cs"``; default English): each piece
        translated in ``data/<lang>/texts.toml``, English where one is not.

    Returns
    -------
    list of Row
        The "any time" rows first, then steps 1A to 4B in the page's order.

    Raises
    ------
    UnknownRuleError
        For an unknown expansion name or edition.
    """
    parts = normalize_selection(selection)
    edition = normalize_edition(edition)
    specs = [s for s in catalogue().rows if s.step != "intro"]
    return [_build(s, parts, edition, lang) for s in _select(specs, parts, edition, include_drafts)]


def diff(
    selection_a: Iterable[str] | str | None,
    selection_b: Iterable[str] | str | None,
    edition: str = "C2",
    *,
    include_drafts: bool = False,
    lang: str | None = None,
) -> Diff:
    """What changes in the reference from ``selection_a`` to ``selection_b``.

    Returns
    -------
    Diff
        ``added`` and ``removed`` rows (in turn order) and ``changed`` pairs ``(before, after)``
        of rows shown in both whose wording differs (a new exception, another who-scores...).
    """
    before = {r.id: r for r in rows(selection_a, edition, include_drafts=include_drafts, lang=lang)}
    after = rows(selection_b, edition, include_drafts=include_drafts, lang=lang)
    after_ids = {r.id for r in after}
    added = tuple(r for r in after if r.id not in before)
    removed = tuple(r for r in before.values() if r.id not in after_ids)
    changed = tuple(
        (before[r.id], r)
        for r in after
        if r.id in before and (before[r.id].text(), before[r.id].markers) != (r.text(), r.markers)
    )
    return Diff(added, removed, changed)


def steps(
    selection: Iterable[str] | str | None = "*", edition: str = "C2", lang: str | None = None
) -> list[Step]:
    """The steps of a turn in order: "anytime", 1A ... 4B, then "final" (after the game).

    As on the page, "anytime" is listed only when the selection holds The Tower (its one row is
    the prisoner's ransom). Notes are worded for ``selection`` (default: everything the page
    can show).
    """
    parts = normalize_selection(selection)
    edition = normalize_edition(edition)
    cat = catalogue()
    out = []
    for step in cat.steps:
        if not _holds(cat.step_conditions[step.code], parts, edition):
            continue
        notes = _names_of(cat.step_notes.get(step.code, []), parts, edition, lang)
        out.append(
            Step(
                step.code,
                step.engine_step,
                said(step.title, lang),
                step.phase,
                said(step.phase_title, lang),
                said(step.round_title, lang),
                notes,
                step.on_page,
            )
        )
    return out


def intro(
    selection: Iterable[str] | str | None = "*", edition: str = "C2", lang: str | None = None
) -> Intro:
    """The page's introduction and legend, worded for ``selection`` and ``edition``.

    The introductory rules (robbers, messages/dispatches, tower ransom...) come back as
    :class:`IntroItem` texts, and the tables they explain (the dispatch tiles, the robber) as
    rows; only what the selection shows is returned (default: everything).
    """
    parts = normalize_selection(selection)
    edition = normalize_edition(edition)
    cat = catalogue()

    def entries(raw: list[dict[str, Any]]) -> tuple[LegendEntry, ...]:
        out = []
        for e in raw:
            if not _fragment_holds(e, parts, edition):
                continue
            when = e.get("when", [])
            when = [when] if isinstance(when, str) else when
            out.append(
                LegendEntry(
                    kind=e["kind"],
                    label=_tidy(_render(e["label"], parts, edition, lang)),
                    meaning=_tidy(_render(e["meaning"], parts, edition, lang)),
                    expansions=tuple(
                        dict.fromkeys(cat.parts[p].expansion for p in when if p in cat.parts)
                    ),
                    drafted=bool(e.get("drafted", False)),
                )
            )
        return tuple(out)

    items = []
    for e in cat.intro:
        if not _fragment_holds(e, parts, edition):
            continue
        when = e.get("when", [])
        when = [when] if isinstance(when, str) else when
        items.append(
            IntroItem(
                e["id"],
                _tidy(_render(e["text"], parts, edition, lang)),
                tuple(dict.fromkeys(cat.parts[p].expansion for p in when if p in cat.parts)),
            )
        )
    specs = [s for s in cat.rows if s.step == "intro"]
    intro_rows = tuple(
        _build(s, parts, edition, lang) for s in _select(specs, parts, edition, False)
    )
    return Intro(entries(cat.legend), entries(cat.markers), tuple(items), intro_rows)


def switches() -> dict[str, Switch]:
    """Every ``show…`` switch of the page and how the reference reads it."""
    return dict(catalogue().switches)


def switch_on(name: str, selection: Iterable[str] | str | None, edition: str = "C2") -> bool:
    """Whether the page would turn switch ``name`` on for ``selection`` and ``edition``.

    ``"context"`` switches (headings and "nothing happens" notes, which depend on the rows around
    them) and the ``company`` part of a switch are not decided here: the first raise
    :class:`UnknownRuleError`, the second is ignored.
    """
    cat = catalogue()
    switch = cat.switches.get(name)
    if switch is None:
        raise UnknownRuleError(phrase("unknown page switch {name}", name=repr(name)))
    parts = normalize_selection(selection)
    edition = normalize_edition(edition)
    if switch.condition is not None:
        return _holds(switch.condition, parts, edition)
    if switch.on == "always":
        return True
    if switch.on == "never":
        return False
    if switch.on and switch.on.startswith("edition:"):
        return switch.on.split(":", 1)[1] == edition
    raise UnknownRuleError(
        phrase(
            "page switch {name} depends on the rows around it ({reason})",
            name=repr(name),
            reason=switch.reason,
        )
    )

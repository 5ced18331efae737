"""Load and check the reference's data files (TOML in ``carc_teach/reference/data``), once.

Only the standard library is used (``tomllib``, ``importlib.resources``) so the same code runs
in Pyodide. Malformed data is a bug in the package and raises
:class:`~carc_teach.errors.CatalogueError` naming the file and the entry.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ..errors import CatalogueError, phrase
from ._model import Condition, Expansion, Group, Part, Preset, Step, Switch
from .engine_links import links_by_row

__all__ = ["Catalogue", "RowSpec", "catalogue", "PLACEHOLDER_RE"]

PLACEHOLDER_RE = re.compile(r"\{([A-Za-z][A-Za-z ]*)\}")
LEGENDS = {"tile", "figure", "feature", "surveyor", "action"}
SECTIONS = {None, "prolog", "core", "epilog"}
MARKERS = {"robber", "robber-choose", "castle", "teacher"}
ROW_KEYS = {
    "id", "step", "block", "section", "parent", "legend", "title", "who", "points", "details",
    "markers", "when", "any", "unless", "edition", "company", "notes", "drafted", "like",
    "heading",
}  # fmt: skip
FRAGMENT_KEYS = {"text", "c1", "c2", "parts", "when", "any", "unless", "edition"}


@dataclass
class RowSpec:
    """A row as written in the data: texts are fragments, resolved per selection and edition."""

    id: str
    step: str
    legend: str
    source: str
    block: str | None = None
    section: str | None = None
    parent: str | None = None
    title: Any = ""
    who: Any = ""
    points: Any = ""
    details: list[Any] = field(default_factory=list)
    markers: list[Any] = field(default_factory=list)
    condition: Condition = field(default_factory=Condition)
    company: bool = False
    #: the rule ids linked to the row, as fragments: the packages' ``reference_links``
    #: (:func:`carc_teach.reference.engine_links.links_by_row`), not the data file
    rules: list[Any] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)
    drafted: bool = False
    heading: bool = False
    depth: int = 0


@dataclass
class Catalogue:
    groups: tuple[Group, ...]
    expansions: dict[str, Expansion]
    parts: dict[str, Part]
    flags: dict[str, Condition]
    switches: dict[str, Switch]
    presets: dict[str, Preset]
    vocabulary: dict[str, tuple[str, str]]
    steps: tuple[Step, ...]
    step_notes: dict[str, list[Any]]
    step_conditions: dict[str, Condition]  #: when the page shows a step at all
    legend: list[dict[str, Any]]
    markers: list[dict[str, Any]]
    intro: list[dict[str, Any]]
    rows: tuple[RowSpec, ...]  #: every row, intro and drafts included, in page order
    by_id: dict[str, RowSpec]


def _read(name: str) -> dict[str, Any]:
    try:
        text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise CatalogueError(
            phrase("reference data file {name} is missing", name=repr(name))
        ) from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(
            phrase("reference data file {name}: {error}", name=repr(name), error=str(exc))
        ) from exc


def _names(value: Any, where: str) -> frozenset[str]:
    if value is None:
        return frozenset()
    if isinstance(value, str):
        return frozenset({value})
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return frozenset(value)
    raise CatalogueError(
        phrase(
            "{where}: expected a name or a list of names, got {value}",
            where=where,
            value=repr(value),
        )
    )


def _condition(entry: dict[str, Any], where: str, *, all_key: str = "when") -> Condition:
    edition = entry.get("edition")
    if edition is not None and edition not in ("C1", "C2"):
        raise CatalogueError(
            phrase(
                "{where}: edition must be 'C1' or 'C2', got {edition}",
                where=where,
                edition=repr(edition),
            )
        )
    return Condition(
        all=_names(entry.get(all_key), where),
        any=_names(entry.get("any"), where),
        none=_names(entry.get("unless" if all_key == "when" else "none"), where),
        edition=edition,
    )


def _load_expansions() -> tuple[tuple[Group, ...], dict[str, Expansion], dict[str, Part]]:
    data = _read("expansions.toml")
    expansions: dict[str, Expansion] = {}
    parts: dict[str, Part] = {}
    by_group: dict[str, list[Expansion]] = {g: [] for g in data["groups"]["order"]}
    for entry in data["expansions"]:
        eid = entry["id"]
        where = phrase("expansions.toml: expansion {id}", id=repr(eid))
        if eid in expansions:
            raise CatalogueError(phrase("{where}: duplicate id", where=where))
        if entry["group"] not in by_group:
            raise CatalogueError(
                phrase("{where}: unknown group {group}", where=where, group=repr(entry["group"]))
            )
        raw_parts = entry.get("parts") or [
            {"id": eid, "name": entry["name"], "switch": entry.get("switch")}
        ]
        own = tuple(Part(p["id"], p["name"], eid, p.get("switch")) for p in raw_parts)
        for part in own:
            if part.id in parts or (part.id in expansions and part.id != eid):
                raise CatalogueError(
                    phrase("{where}: part id {part} is used twice", where=where, part=repr(part.id))
                )
            parts[part.id] = part
        expansion = Expansion(eid, entry["name"], entry["group"], own, entry.get("note", ""))
        expansions[eid] = expansion
        by_group[entry["group"]].append(expansion)
    groups = tuple(
        Group(g, data["groups"][g]["title"], tuple(by_group[g])) for g in data["groups"]["order"]
    )
    return groups, expansions, parts


def _fragment_names(value: Any) -> set[str]:
    """Every part/flag name a text fragment depends on."""
    found: set[str] = set()
    if isinstance(value, list):
        for item in value:
            found |= _fragment_names(item)
    elif isinstance(value, dict):
        for key in ("when", "any", "unless"):
            v = value.get(key)
            found |= {v} if isinstance(v, str) else set(v or ())
        for key in ("text", "c1", "c2", "parts"):
            if key in value:
                found |= _fragment_names(value[key])
    return found


def _check_fragment(value: Any, where: str, vocabulary: dict[str, tuple[str, str]]) -> None:
    if isinstance(value, str):
        for name in PLACEHOLDER_RE.findall(value):
            if name.lower() not in vocabulary:
                raise CatalogueError(
                    phrase(
                        "{where}: unknown word placeholder {placeholder}",
                        where=where,
                        placeholder="{" + name + "}",
                    )
                )
        return
    if isinstance(value, list):
        for item in value:
            _check_fragment(item, where, vocabulary)
        return
    if isinstance(value, dict):
        unknown = set(value) - FRAGMENT_KEYS
        if unknown:
            raise CatalogueError(
                phrase(
                    "{where}: unknown fragment keys {keys}", where=where, keys=str(sorted(unknown))
                )
            )
        if ("c1" in value) != ("c2" in value):
            raise CatalogueError(
                phrase("{where}: a fragment needs both 'c1' and 'c2' or neither", where=where)
            )
        if sum(k in value for k in ("text", "c1", "parts")) != 1:
            raise CatalogueError(
                phrase("{where}: a fragment needs exactly one of text, c1/c2, parts", where=where)
            )
        for key in ("text", "c1", "c2", "parts"):
            if key in value:
                _check_fragment(value[key], where, vocabulary)
        return
    raise CatalogueError(
        phrase(
            "{where}: a text must be a string, a table or a list, got {value}",
            where=where,
            value=repr(value),
        )
    )


def _expand(value: Any, fragments: dict[str, Any], where: str) -> Any:
    """Replace ``{use = "name"}`` by the shared fragment ``name`` (spliced into lists)."""
    if isinstance(value, list):
        out: list[Any] = []
        for item in value:
            if isinstance(item, dict) and set(item) == {"use"}:
                shared = fragments.get(item["use"])
                if shared is None:
                    raise CatalogueError(
                        phrase(
                            "{where}: unknown shared fragment {name}",
                            where=where,
                            name=repr(item["use"]),
                        )
                    )
                shared = _expand(shared, fragments, where)
                out.extend(shared if isinstance(shared, list) else [shared])
            else:
                out.append(_expand(item, fragments, where))
        return out
    if isinstance(value, dict):
        if set(value) == {"use"}:
            return _expand([value], fragments, where)
        return {k: _expand(v, fragments, where) for k, v in value.items()}
    return value


def _row_spec(
    entry: dict[str, Any],
    source: str,
    templates: dict[str, dict[str, Any]],
    fragments: dict[str, Any],
) -> RowSpec:
    rid = entry.get("id", "?")
    where = phrase("{source}: row {row}", source=source, row=repr(rid))
    if "like" in entry:
        template = templates.get(entry["like"])
        if template is None:
            raise CatalogueError(
                phrase("{where}: unknown template {name}", where=where, name=repr(entry["like"]))
            )
        entry = {**template, **entry}
    entry = _expand(entry, fragments, where)
    unknown = set(entry) - ROW_KEYS
    if unknown:
        raise CatalogueError(
            phrase("{where}: unknown keys {keys}", where=where, keys=str(sorted(unknown)))
        )
    for key in ("id", "step", "legend"):
        if key not in entry:
            raise CatalogueError(phrase("{where}: missing {key}", where=where, key=repr(key)))
    if entry["legend"] not in LEGENDS:
        raise CatalogueError(
            phrase("{where}: unknown legend {name}", where=where, name=repr(entry["legend"]))
        )
    if entry.get("section") not in SECTIONS:
        raise CatalogueError(
            phrase("{where}: unknown section {name}", where=where, name=repr(entry.get("section")))
        )
    return RowSpec(
        id=entry["id"],
        step=entry["step"],
        legend=entry["legend"],
        source=source,
        block=entry.get("block"),
        section=entry.get("section"),
        parent=entry.get("parent"),
        title=entry.get("title", ""),
        who=entry.get("who", ""),
        points=entry.get("points", ""),
        details=list(entry.get("details", [])),
        markers=list(entry.get("markers", [])),
        condition=_condition(entry, where),
        company=bool(entry.get("company", False)),
        notes=list(entry.get("notes", [])),
        drafted=bool(entry.get("drafted", False)),
        heading=bool(entry.get("heading", False)),
    )


@cache
def catalogue() -> Catalogue:
    """The parsed and checked reference data (loaded on first use, then cached)."""
    groups, expansions, parts = _load_expansions()
    exp_data = _read("expansions.toml")
    flags = {
        f"@{name}": Condition(
            any=_names(spec.get("any"), phrase("expansions.toml: flag {name}", name=repr(name)))
        )
        for name, spec in exp_data.get("flags", {}).items()
    }
    presets = {
        pid: Preset(pid, spec["title"], tuple(spec["expansions"]))
        for pid, spec in exp_data["presets"].items()
    }
    switches: dict[str, Switch] = {}
    for part in parts.values():
        if part.switch:
            switches[part.switch] = Switch(
                part.switch,
                "part",
                f"part {part.id!r} of {expansions[part.expansion].name}",
                Condition(all=frozenset({part.id})),
                part=part.id,
            )
    for name, spec in _read("switches.toml").items():
        where = f"switches.toml: {name!r}"
        if name in switches:
            raise CatalogueError(
                phrase(
                    "{where}: already the switch of part {part}",
                    where=where,
                    part=repr(switches[name].part),
                )
            )
        kind = spec.get("kind")
        if kind not in {"edition", "derived", "mechanic"}:
            raise CatalogueError(
                phrase("{where}: unknown kind {kind}", where=where, kind=repr(kind))
            )
        condition = _condition(spec, where, all_key="all")
        switches[name] = Switch(
            name,
            kind,
            spec.get("reason", ""),
            condition if (kind != "mechanic" or not condition.is_empty()) else None,
            on=spec.get("on"),
            company=bool(spec.get("company", False)),
        )

    page = _read("page.toml")
    vocabulary = {k.lower(): (v[0], v[1]) for k, v in page["vocabulary"].items()}
    steps = tuple(
        Step(
            code=s["code"],
            engine_step=s.get("engine"),
            title=s["title"],
            phase=s.get("phase", ""),
            phase_title=s.get("phase_title", ""),
            round_title=s.get("round", ""),
            on_page=s.get("on_page", True),
        )
        for s in page["steps"]
    )
    step_notes = {s["code"]: list(s.get("notes", [])) for s in page["steps"]}
    step_conditions = {
        s["code"]: _condition(s, phrase("page.toml: step {step}", step=repr(s["code"])))
        for s in page["steps"]
    }
    for code, notes in step_notes.items():
        _check_fragment(
            notes, phrase("page.toml: notes of step {step}", step=repr(code)), vocabulary
        )
    step_codes = {s.code for s in steps} | {"intro"}
    templates = page.get("templates", {})
    fragments = page.get("fragments", {})

    specs: list[RowSpec] = []
    for entry in page.get("intro_rows", []):
        specs.append(_row_spec(entry, "page.toml", templates, fragments))
    for name in page["row_files"]:
        for entry in _read(name).get("rows", []):
            specs.append(_row_spec(entry, name, templates, fragments))
    by_id: dict[str, RowSpec] = {}
    for spec in specs:
        if spec.id in by_id:
            raise CatalogueError(
                phrase(
                    "{source}: row {row} is defined twice", source=spec.source, row=repr(spec.id)
                )
            )
        by_id[spec.id] = spec

    known_names = set(parts) | set(flags)
    for row_id, links in links_by_row().items():
        for rule, when, package in links:
            where = phrase(
                "expansions/{package}: reference link of {rule}", package=package, rule=repr(rule)
            )
            if row_id not in by_id:
                raise CatalogueError(
                    phrase("{where}: unknown row {row}", where=where, row=repr(row_id))
                )
            if when and when not in known_names:
                raise CatalogueError(
                    phrase(
                        "{where}: unknown expansion part or flag {name}",
                        where=where,
                        name=repr(when),
                    )
                )
            by_id[row_id].rules.append({"text": rule, "when": when} if when else rule)
    for spec in specs:
        where = phrase("{source}: row {row}", source=spec.source, row=repr(spec.id))
        if spec.step not in step_codes:
            raise CatalogueError(
                phrase("{where}: unknown step {step}", where=where, step=repr(spec.step))
            )
        if spec.parent is not None:
            parent = by_id.get(spec.parent)
            if parent is None:
                raise CatalogueError(
                    phrase("{where}: unknown parent {row}", where=where, row=repr(spec.parent))
                )
            if parent.step != spec.step:
                raise CatalogueError(
                    phrase(
                        "{where}: parent {row} is in another step",
                        where=where,
                        row=repr(spec.parent),
                    )
                )
            spec.depth = parent.depth + 1
        names = set(spec.condition.names())
        for key in ("title", "who", "points", "details", "markers", "rules", "notes"):
            value = getattr(spec, key)
            names |= _fragment_names(value)
            if key in ("title", "who", "points", "details"):
                _check_fragment(
                    value,
                    phrase(
                        "{source}: row {row} ({field})",
                        source=spec.source,
                        row=repr(spec.id),
                        field=key,
                    ),
                    vocabulary,
                )
        unknown = names - known_names
        if unknown:
            raise CatalogueError(
                phrase(
                    "{where}: unknown expansion parts or flags {names}",
                    where=where,
                    names=str(sorted(unknown)),
                )
            )
        for marker in spec.markers:
            kind = marker if isinstance(marker, str) else marker.get("text")
            if kind not in MARKERS:
                raise CatalogueError(
                    phrase("{where}: unknown marker {kind}", where=where, kind=repr(kind))
                )
    for code, condition in step_conditions.items():
        if condition.names() - known_names:
            bad = sorted(condition.names() - known_names)
            raise CatalogueError(
                phrase(
                    "page.toml: step {step} names unknown parts or flags {names}",
                    step=repr(code),
                    names=str(bad),
                )
            )
    for name, switch in switches.items():
        if switch.condition and switch.condition.names() - known_names:
            bad = sorted(switch.condition.names() - known_names)
            raise CatalogueError(
                phrase(
                    "switches.toml: {switch} names unknown parts or flags {names}",
                    switch=repr(name),
                    names=str(bad),
                )
            )
    for preset in presets.values():
        for eid in preset.expansions:
            if eid != "*" and eid not in expansions:
                raise CatalogueError(
                    phrase(
                        "expansions.toml: preset {preset} names {expansion}",
                        preset=repr(preset.id),
                        expansion=repr(eid),
                    )
                )

    return Catalogue(
        groups=groups,
        expansions=expansions,
        parts=parts,
        flags=flags,
        switches=switches,
        presets=presets,
        vocabulary=vocabulary,
        steps=steps,
        step_notes=step_notes,
        step_conditions=step_conditions,
        legend=page.get("legend", []),
        markers=page.get("markers", []),
        intro=page.get("intro", []),
        rows=tuple(specs),
        by_id=by_id,
    )

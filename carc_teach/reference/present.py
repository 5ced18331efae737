"""Ready-to-show forms of the reference for notebooks and the site: table records and markdown.

Pure functions of :class:`~carc_teach.reference.Row` values, so a notebook only composes them.
Rule titles and annotation texts come from :mod:`carc_teach.annotations` when it is importable;
without it the ids are still shown, and :func:`annotation_notes` says so.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from . import SELECTOR_EXPANSIONS, Diff, Row, examples_for, intro

__all__ = [
    "MARKER_LABELS",
    "LEGEND_LABELS",
    "Note",
    "annotations_available",
    "annotation_notes",
    "engine_status",
    "rule_title",
    "table_records",
    "row_markdown",
    "diff_markdown",
]

MARKER_LABELS = {
    "robber": "robber",
    "robber-choose": "robber +",
    "castle": "castle",
    "teacher": "teacher",
}
LEGEND_LABELS = {
    "tile": "feature tiles",
    "figure": "figures",
    "feature": "additional features",
    "surveyor": "land surveyor",
    "action": "scoring action",
}


@dataclass(frozen=True)
class Note:
    """An annotation record as a notebook shows it (a callout per kind)."""

    id: str
    kind: str
    kind_label: str
    callout: str
    title: str
    text: str
    cited: str


def _annotations() -> Any | None:
    try:
        return importlib.import_module("carc_teach.annotations")
    except ImportError:  # the annotation corpus is an optional part of the package
        return None


def annotations_available() -> bool:
    """Whether :mod:`carc_teach.annotations` can be imported here."""
    return _annotations() is not None


def rule_title(rule_id: str) -> str:
    """The taxonomy's title for ``rule_id`` (empty when the taxonomy is not available)."""
    module = _annotations()
    if module is None:
        return ""
    try:
        return module.topics.topic(rule_id).title
    except Exception:  # an id the taxonomy does not know: show the bare id
        return ""


def annotation_notes(row: Row) -> list[Note]:
    """The annotation records linked to ``row``, in its order (empty without the corpus).

    A ruling printed under several footnote numbers is one record: it is shown once, with every
    id the row cites for it (``ckr-26 = car-185``).
    """
    module = _annotations()
    if module is None:
        return []
    cited_as: dict[str, list[str]] = {}
    for annotation_id in row.annotation_ids:
        cited_as.setdefault(module.get(annotation_id).id, []).append(annotation_id)
    notes = []
    for record_id, ids in cited_as.items():
        record = module.get(record_id)
        label = module.KIND_LABELS[record.kind]
        cited = "; ".join(s.label() for s in record.sources)
        if record.date:
            cited += f" ({record.date})"
        shown_id = " = ".join(dict.fromkeys([record_id, *ids]))
        notes.append(
            Note(shown_id, record.kind, label.label, label.callout, record.title, record.text,
                 cited)
        )  # fmt: skip
    return notes


def engine_status(row: Row) -> str:
    """``"runs"``, ``"partly"``, ``"not yet"`` or ``""`` (no rule id) for the engine column."""
    if not row.rule_ids:
        return ""
    if row.executed:
        return "runs"
    return "partly" if row.engine_rule_ids else "not yet"


def table_records(rows: list[Row]) -> list[dict[str, str]]:
    """One flat record per row for a table widget, indented by depth, in turn order."""
    records = []
    for row in rows:
        title = ("\u203a " * row.depth) + row.title  # "› " per level: plain text in any table
        if row.drafted:
            title += " (hidden on the page)"
        records.append(
            {
                "Step": row.step,
                "Feature": row.block or "",
                "Situation": title,
                "Who scores": row.who,
                "Points": row.points,
                "Markers": ", ".join(MARKER_LABELS[m] for m in row.markers),
                "Engine": engine_status(row),
                "Id": row.id,
            }
        )
    return records


def row_markdown(row: Row, *, with_examples: bool = True) -> str:
    """The details of one row: conditions, markers, expansions, rules and engine, notes."""
    lines = [f"#### {row.title}"]
    where = f"Step **{row.step}**"
    if row.engine_step and row.engine_step != row.step:
        where += f" (engine step {row.engine_step})"
    if row.block:
        where += f" · {row.block}"
    if row.section:
        where += f" · {row.section}"
    where += f" · {LEGEND_LABELS.get(row.legend, row.legend)}"
    lines.append(where)
    if row.drafted:
        lines.append(
            "\n*The page keeps this row in a comment of its source: it is not shown there.*"
        )
    lines.append("")
    if row.who:
        lines.append(f"- **Who:** {row.who}")
    if row.points:
        lines.append(f"- **Points:** {row.points}")
    for detail in row.details:
        lines.append(f"- {detail}")
    if row.markers:
        meanings = {m.kind: m.meaning for m in intro("*", row.edition).markers}
        for marker in row.markers:
            lines.append(f"- *{MARKER_LABELS[marker]}:* {meanings.get(marker, '')}")
    names = [SELECTOR_EXPANSIONS[e].name for e in row.expansions]
    lines.append("")
    lines.append("Shown with: " + (", ".join(names) if names else "the base game"))
    if row.rule_ids:
        lines.append("")
        lines.append("Rules in carc_teach:")
        for rule_id in row.rule_ids:
            title = rule_title(rule_id)
            state = (
                "the engine runs it" if rule_id in row.engine_rule_ids else "not in the engine yet"
            )
            text = f"- `{rule_id}`" + (f" {title}" if title else "") + f" ({state}"
            if with_examples and rule_id in row.engine_rule_ids:
                games = examples_for(rule_id)
                if games:
                    text += "; example games: " + ", ".join(games)
            lines.append(text + ")")
    elif not row.heading:
        lines.append("")
        lines.append("No carc_teach rule id: the engine does not model this yet.")
    if row.annotation_ids:
        lines.append("")
        lines.append("Footnotes and rulings: " + ", ".join(f"`{a}`" for a in row.annotation_ids))
    return "\n".join(lines)


def diff_markdown(change: Diff, added_name: str = "") -> str:
    """What a selection change does to the reference, as markdown lists."""
    head = f"Adding **{added_name}**" if added_name else "The change"
    if change.is_empty():
        return f"{head} changes nothing in this reference."
    lines = [f"{head}:"]
    if change.added:
        lines.append(f"\n**{len(change.added)} new row(s)**")
        lines += [
            f"- {r.step} · {r.block + ' · ' if r.block else ''}{r.title}" for r in change.added
        ]
    if change.removed:
        lines.append(f"\n**{len(change.removed)} row(s) gone**")
        lines += [f"- {r.step} · {r.title}" for r in change.removed]
    if change.changed:
        lines.append(f"\n**{len(change.changed)} row(s) worded differently**")
        for before, after in change.changed:
            lines.append(f"- {after.step} · {after.title}")
            lines.append(f"    - before: {before.text()}")
            lines.append(f"    - after: {after.text()}")
    return "\n".join(lines)

"""Ready-to-show forms of the reference for notebooks and the site: table records and markdown.

Pure functions of :class:`~carc_teach.reference.Row` values, so a notebook only composes them.
Rule titles and annotation texts come from :mod:`carc_teach.annotations` when it is importable;
without it the ids are still shown, and :func:`annotation_notes` says so. Their own words are in
``lang`` (default: the current language); the rows' words are the rows' own (``reference.rows(...,
lang=)``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _, ngettext
from ..i18n.names import box_name
from ..i18n.texts import fingerprint, translated
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
    "robber": N_("robber"),
    "robber-choose": N_("robber +"),
    "castle": N_("castle"),
    "teacher": N_("teacher"),
}
LEGEND_LABELS = {
    "tile": N_("feature tiles"),
    "figure": N_("figures"),
    "feature": N_("additional features"),
    "surveyor": N_("land surveyor"),
    "action": N_("scoring action"),
}
#: the page's sections of a feature's block, as row details name them
SECTION_LABELS = {"prolog": N_("prolog"), "core": N_("core"), "epilog": N_("epilog")}


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


def rule_title(rule_id: str, lang: str | None = None) -> str:
    """The taxonomy's title for ``rule_id`` (empty when the taxonomy is not available), in
    ``lang`` (default: the current language) where ``i18n/data/<lang>/rules.toml`` translates
    the current English."""
    module = _annotations()
    if module is None:
        return ""
    try:
        english = module.topics.topic(rule_id).title
    except Exception:  # an id the taxonomy does not know: show the bare id
        return ""
    found = translated(
        "carc_teach.i18n", "data", "rules.toml", "topic", rule_id, fingerprint(english), lang
    )
    return found["title"] if found else english


def annotation_notes(row: Row, lang: str | None = None) -> list[Note]:
    """The annotation records linked to ``row``, in its order (empty without the corpus), their
    kind, title and text in ``lang`` where the corpus is translated.

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
        cited = "; ".join(_source_label(s, lang) for s in record.sources)
        if record.date:
            cited += f" ({record.date})"
        shown_id = " = ".join(dict.fromkeys([record_id, *ids]))
        notes.append(
            Note(shown_id, record.kind, _(label.label, lang), label.callout,
                 record.title_in(lang), record.text_in(lang), cited)
        )  # fmt: skip
    return notes


def _source_label(source, lang: str | None) -> str:
    """``Source.label()`` in ``lang`` (the same messages as ``carc-teach notes``)."""
    if source.footnote is not None:
        return _(
            "seed {seed}, footnote {footnote}", lang, seed=source.seed, footnote=source.footnote
        )
    return _(
        "seed {seed}, {part} \u00b7 {section}, item {item}",
        lang,
        seed=source.seed,
        part=source.part,
        section=source.section,
        item=source.item,
    )


def engine_status(row: Row, lang: str | None = None) -> str:
    """``"runs"``, ``"partly"``, ``"not yet"`` or ``""`` (no rule id) for the engine column (in
    ``lang``; English by default, as the tests and JSON read it)."""
    if not row.rule_ids:
        return ""
    if row.executed:
        status = N_("runs")
    else:
        status = N_("partly") if row.engine_rule_ids else N_("not yet")
    return _(status, lang or "en")


def table_records(rows: list[Row], lang: str | None = None) -> list[dict[str, str]]:
    """One flat record per row for a table widget, indented by depth, in turn order; the
    column names and the table's own words in ``lang`` (the ``Id`` column keeps its name: a
    notebook reads the chosen rows' ids from it)."""
    records = []
    for row in rows:
        title = ("\u203a " * row.depth) + row.title  # "› " per level: plain text in any table
        if row.drafted:
            title += " " + _("(hidden on the page)", lang)
        records.append(
            {
                _("Step", lang): row.step,
                _("Feature", lang): row.block or "",
                _("Situation", lang): title,
                _("Who scores", lang): row.who,
                _("Points", lang): row.points,
                _("Markers", lang): ", ".join(_(MARKER_LABELS[m], lang) for m in row.markers),
                _("Engine", lang): engine_status(row, lang),
                "Id": row.id,
            }
        )
    return records


def row_markdown(row: Row, *, with_examples: bool = True, lang: str | None = None) -> str:
    """The details of one row: conditions, markers, expansions, rules and engine, notes; the
    labels in ``lang`` (give the row of the same language: ``reference.rows(..., lang=)``)."""
    lines = [f"#### {row.title}"]
    where = _("Step **{step}**", lang, step=row.step)
    if row.engine_step and row.engine_step != row.step:
        where += " " + _("(engine step {step})", lang, step=row.engine_step)
    if row.block:
        where += f" · {row.block}"
    section = SECTION_LABELS.get(row.section or "")
    if row.section:
        where += f" · {_(section, lang) if section else row.section}"
    legend = LEGEND_LABELS.get(row.legend)
    where += f" · {_(legend, lang) if legend else row.legend}"
    lines.append(where)
    if row.drafted:
        lines.append(
            "\n*"
            + _("The page keeps this row in a comment of its source: it is not shown there.", lang)
            + "*"
        )
    lines.append("")
    if row.who:
        lines.append(f"- **{_('Who:', lang)}** {row.who}")
    if row.points:
        lines.append(f"- **{_('Points:', lang)}** {row.points}")
    for detail in row.details:
        lines.append(f"- {detail}")
    if row.markers:
        meanings = {m.kind: m.meaning for m in intro("*", row.edition, lang=lang).markers}
        for marker in row.markers:
            lines.append(f"- *{_(MARKER_LABELS[marker], lang)}:* {meanings.get(marker, '')}")
    names = [box_name(SELECTOR_EXPANSIONS[e].name, lang) for e in row.expansions]
    lines.append("")
    lines.append(
        _("Shown with: {names}", lang, names=", ".join(names))
        if names
        else _("Shown with: the base game", lang)
    )
    if row.rule_ids:
        lines.append("")
        lines.append(_("Rules in carc_teach:", lang))
        for rule_id in row.rule_ids:
            title = rule_title(rule_id, lang)
            runs = rule_id in row.engine_rule_ids
            state = _("the engine runs it", lang) if runs else _("not in the engine yet", lang)
            text = f"- `{rule_id}`" + (f" {title}" if title else "") + f" ({state}"
            if with_examples and runs:
                games = examples_for(rule_id)
                if games:
                    text += "; " + _("example games: {games}", lang, games=", ".join(games))
            lines.append(text + ")")
    elif not row.heading:
        lines.append("")
        lines.append(_("No carc_teach rule id: the engine does not model this yet.", lang))
    if row.annotation_ids:
        lines.append("")
        lines.append(
            _(
                "Footnotes and rulings: {ids}",
                lang,
                ids=", ".join(f"`{a}`" for a in row.annotation_ids),
            )
        )
    return "\n".join(lines)


def diff_markdown(change: Diff, added_name: str = "", lang: str | None = None) -> str:
    """What a selection change does to the reference, as markdown lists (in ``lang``)."""
    if change.is_empty():
        if added_name:
            return _("Adding **{name}** changes nothing in this reference.", lang, name=added_name)
        return _("The change changes nothing in this reference.", lang)
    lines = [
        _("Adding **{name}**:", lang, name=added_name) if added_name else _("The change:", lang)
    ]
    if change.added:
        n = len(change.added)
        lines.append("\n**" + ngettext("{n} new row(s)", "{n} new row(s)", n, lang) + "**")
        lines += [
            f"- {r.step} · {r.block + ' · ' if r.block else ''}{r.title}" for r in change.added
        ]
    if change.removed:
        n = len(change.removed)
        lines.append("\n**" + ngettext("{n} row(s) gone", "{n} row(s) gone", n, lang) + "**")
        lines += [f"- {r.step} · {r.title}" for r in change.removed]
    if change.changed:
        n = len(change.changed)
        lines.append(
            "\n**"
            + ngettext("{n} row(s) worded differently", "{n} row(s) worded differently", n, lang)
            + "**"
        )
        for before, after in change.changed:
            lines.append(f"- {after.step} · {after.title}")
            lines.append("    - " + _("before: {text}", lang, text=before.text()))
            lines.append("    - " + _("after: {text}", lang, text=after.text()))
    return "\n".join(lines)

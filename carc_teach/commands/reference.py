"""``carc-teach reference [--expansions E ...] [--preset P] [--edition C1|C2] [--json]``.

Prints the "Scoring During Turn Sequence" reference for one table of games: every scoring
situation in turn order (any time, 1A ... 4B), each with who scores, the points, its conditions,
its markers and the rule ids / annotation ids behind it. ``--list`` shows the selector itself.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from ..i18n import _, current_language, ngettext
from ..i18n.names import box_name

__all__ = ["configure", "run"]

WIDTH = 96


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--expansions",
        "-e",
        nargs="+",
        default=[],
        metavar="E",
        help=_(
            "expansions or parts in play (ids or names, also comma-separated), "
            "e.g. count-king-robber abbey-mayor; see --list"
        ),
    )
    parser.add_argument(
        "--preset",
        metavar="P",
        help=_("start from a preset: base, ckr, ckr+abbey-mayor, everything"),
    )
    parser.add_argument(
        "--edition",
        default="C2",
        metavar="C1|C2",
        help=_("wording and rules of the first (C1) or second (C2) edition (default C2)"),
    )
    parser.add_argument(
        "--drafts",
        action="store_true",
        help=_(
            "also show the rows the page keeps hidden in its source (King tile, Carcassonne...)"
        ),
    )
    parser.add_argument(
        "--list",
        action="store_true",
        help=_("list the selector: groups, expansions, parts, presets"),
    )
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))


def run(args: argparse.Namespace) -> int:
    from .. import reference

    edition = reference.normalize_edition(args.edition)
    if args.list:
        return _list(reference, args.json)
    selection = frozenset()
    if args.preset:
        selection = reference.selection_for_preset(args.preset)
    selection |= reference.normalize_selection(
        [name for chunk in args.expansions for name in chunk.split(",")]
    )
    # the text in the current language (--lang); the JSON keeps the English words
    lang = None if args.json else current_language()
    rows = reference.rows(selection, edition, include_drafts=args.drafts, lang=lang)
    steps = reference.steps(selection, edition, lang=lang)
    intro = reference.intro(selection, edition, lang=lang)
    expansions = sorted({reference.expansion_of(p).id for p in selection})
    if args.json:
        json.dump(
            {
                "edition": edition,
                "expansions": expansions,
                "parts": sorted(selection),
                "intro": intro.as_dict(),
                "steps": [
                    {**s.as_dict(), "rows": [r.as_dict() for r in rows if r.step == s.code]}
                    for s in steps
                ],
            },
            sys.stdout,
            ensure_ascii=False,
            indent=1,
        )
        sys.stdout.write("\n")
        return 0
    out = sys.stdout
    names = ", ".join(box_name(reference.SELECTOR_EXPANSIONS[e].name) for e in expansions) or _(
        "base game only"
    )
    out.write(_("Scoring during the turn · {edition} · {names}", edition=edition, names=names))
    out.write("\n")
    for item in intro.items:
        out.write(_wrap(item.text, "  · ", "    "))
    for step in steps:
        own = [r for r in rows if r.step == step.code]
        header = f"\n{step.code}  {step.title}"
        if step.engine_step and step.engine_step != step.code:
            header += _("  (engine step {step})", step=step.engine_step)
        out.write(header + "\n")
        for note in step.notes:
            out.write(_wrap(note, "    ", "    "))
        if not own and step.on_page:
            out.write("    " + _("nothing scores in this step") + "\n")
        for row in own:
            out.write(_format(row))
    out.write("\n" + ngettext("{n} row", "{n} rows", len(rows)) + "\n")
    return 0


def _wrap(text: str, first: str, rest: str) -> str:
    return (
        "\n".join(textwrap.wrap(text, width=WIDTH, initial_indent=first, subsequent_indent=rest))
        + "\n"
    )


def _format(row) -> str:
    indent = "    " + "  " * row.depth
    title = row.title + (f" — {row.who}" if row.who else "")
    flags = []
    if row.markers:
        flags.append(_("markers: {markers}", markers=", ".join(row.markers)))
    if row.drafted:
        flags.append(_("hidden on the page"))
    text = _wrap(f"[{row.legend}] {title}", indent, indent + "    ")
    if row.points:
        text += _wrap(row.points, indent + "    = ", indent + "      ")
    for detail in row.details:
        text += _wrap(detail, indent + "    - ", indent + "      ")
    links = []
    if row.rule_ids:
        waiting = [r for r in row.rule_ids if r not in row.engine_rule_ids]
        if not waiting:
            links.append(_("rules {ids} (the engine runs them)", ids=", ".join(row.rule_ids)))
        else:
            if row.engine_rule_ids:
                links.append(_("engine runs {ids}", ids=", ".join(row.engine_rule_ids)))
            links.append(_("not in the engine yet: {ids}", ids=", ".join(waiting)))
    if row.annotation_ids:
        links.append(_("notes {ids}", ids=", ".join(row.annotation_ids)))
    if flags or links:
        text += _wrap("; ".join(flags + links), indent + "    ", indent + "    ")
    return text


def _list(reference, as_json: bool) -> int:
    if as_json:
        json.dump(
            {
                "groups": [
                    {
                        "id": g.id,
                        "title": g.title,
                        "expansions": [
                            {
                                "id": e.id,
                                "name": e.name,
                                "parts": [{"id": p.id, "name": p.name} for p in e.parts],
                            }
                            for e in g.expansions
                        ],
                    }
                    for g in reference.GROUPS
                ],
                "presets": {
                    p.id: {"title": p.title, "expansions": list(p.expansions)}
                    for p in reference.SELECTOR_PRESETS.values()
                },
            },
            sys.stdout,
            ensure_ascii=False,
            indent=1,
        )
        sys.stdout.write("\n")
        return 0
    out = sys.stdout
    for group in reference.GROUPS:
        out.write(f"{box_name(group.title)}\n")
        for e in group.expansions:
            parts = ""
            if len(e.parts) > 1 or e.parts[0].id != e.id:
                parts = "  parts: " + ", ".join(p.id for p in e.parts)
            out.write(f"  {e.id:28} {box_name(e.name)}{parts}\n")
    out.write(_("Presets") + "\n")
    for p in reference.SELECTOR_PRESETS.values():
        out.write(f"  {p.id:28} {box_name(p.title)}\n")
    return 0

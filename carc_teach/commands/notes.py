"""``carc-teach notes [ID ...] [--kind K] [--topic T] [--expansion E] [--publisher P] [--json]``.

Lists the annotation corpus: every footnote, ruling, house rule and edition difference of the
seeds, in carc_teach's own words, with kind, date, publishers and sources. With ``--lang it``
or ``cs`` the titles and texts are the translations (``annotations/data/<lang>/``); a record not
translated, or whose English changed since, shows in English. ``--json`` stays English.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from ..i18n import _, ngettext

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "ids",
        nargs="*",
        metavar="ID",
        help=_("show only these records (ids or aliases, e.g. ckr-7)"),
    )
    parser.add_argument(
        "--kind",
        metavar="K",
        help=_("official, interpretation, house-rule, official-variant or edition-difference"),
    )
    parser.add_argument(
        "--topic",
        metavar="T",
        help=_("a rule id, e.g. count.redeploy (includes the topics below)"),
    )
    parser.add_argument(
        "--expansion", metavar="E", help=_("an expansion id, e.g. count, shrines, abbey-mayor")
    )
    parser.add_argument(
        "--publisher", metavar="P", help=_("a publisher the record names: HiG, RGG ...")
    )
    parser.add_argument("--json", action="store_true", help=_("print a JSON list of records"))


def run(args: argparse.Namespace) -> int:
    from ..annotations import get, search

    records = search(
        kind=args.kind, topic=args.topic, expansion=args.expansion, publisher=args.publisher
    )
    if args.ids:
        wanted = [get(i).id for i in args.ids]  # unknown ids raise a one-line error
        records = [r for r in records if r.id in wanted]
    if args.json:
        json.dump([r.to_dict() for r in records], sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    out = sys.stdout
    for record in records:
        out.write(_format(record))
        out.write("\n")
    out.write(ngettext("{n} record", "{n} records", len(records)) + "\n")
    return 0


def _format(record) -> str:
    from ..annotations import translated

    record = translated(record)  # the current language, set by --lang
    head = [_(record.label.label)]
    if record.kind_inferred:
        head[0] += _(" (kind inferred)")
    if record.extra_kinds:
        head.append(_("also: {kinds}", kinds=", ".join(record.extra_kinds)))
    if record.date:
        head.append(f"{record.date_note} {record.date}" if record.date_note else record.date)
    elif record.kind == "edition-difference":
        head.append(_("undated in the seeds"))
    if record.publishers:
        head.append(", ".join(record.publishers))
    elif record.kind == "edition-difference":
        head.append(_("publisher not named"))
    if record.editions:
        head.append(", ".join(record.editions))
    lines = [f"{record.id}  {record.title}", "  " + " \u00b7 ".join(head)]
    for paragraph in record.text.split("\n\n"):
        lines.extend(
            # ids such as count.deploy-trigger stay whole
            textwrap.wrap(
                paragraph,
                width=96,
                initial_indent="    ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
        )
    if record.credit:
        lines.append("  " + _("credit: {credit}", credit=record.credit))
    lines.append("  " + _("topics: {topics}", topics=", ".join(record.topics)))
    lines.append(
        "  " + _("sources: {sources}", sources="; ".join(_source(s) for s in record.sources))
    )
    if record.aliases:
        lines.append("  " + _("also cited as: {aliases}", aliases=", ".join(record.aliases)))
    return "\n".join(lines) + "\n"


def _source(source) -> str:
    """``Source.label()`` in the current language."""
    if source.footnote is not None:
        return _("seed {seed}, footnote {footnote}", seed=source.seed, footnote=source.footnote)
    return _(
        "seed {seed}, {part} \u00b7 {section}, item {item}",
        seed=source.seed,
        part=source.part,
        section=source.section,
        item=source.item,
    )

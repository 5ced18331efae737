"""``carc-teach notes [ID ...] [--kind K] [--topic T] [--expansion E] [--publisher P] [--json]``.

Lists the annotation corpus: every footnote, ruling, house rule and edition difference of the
seeds, in carc_teach's own words, with kind, date, publishers and sources.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "ids", nargs="*", metavar="ID", help="show only these records (ids or aliases, e.g. ckr-7)"
    )
    parser.add_argument(
        "--kind",
        metavar="K",
        help="official, interpretation, house-rule, official-variant or edition-difference",
    )
    parser.add_argument(
        "--topic", metavar="T", help="a rule id, e.g. count.redeploy (includes the topics below)"
    )
    parser.add_argument(
        "--expansion", metavar="E", help="an expansion id, e.g. count, shrines, abbey-mayor"
    )
    parser.add_argument(
        "--publisher", metavar="P", help="a publisher the record names: HiG, RGG ..."
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list of records")


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
    out.write(f"{len(records)} record(s)\n")
    return 0


def _format(record) -> str:
    head = [record.label.label]
    if record.kind_inferred:
        head[0] += " (kind inferred)"
    if record.extra_kinds:
        head.append("also: " + ", ".join(record.extra_kinds))
    if record.date:
        head.append(f"{record.date_note} {record.date}" if record.date_note else record.date)
    elif record.kind == "edition-difference":
        head.append("undated in the seeds")
    if record.publishers:
        head.append(", ".join(record.publishers))
    elif record.kind == "edition-difference":
        head.append("publisher not named")
    if record.editions:
        head.append(", ".join(record.editions))
    lines = [f"{record.id}  {record.title}", "  " + " \u00b7 ".join(head)]
    for paragraph in record.text.split("\n\n"):
        lines.extend(
            textwrap.wrap(paragraph, width=96, initial_indent="    ", subsequent_indent="    ")
        )
    if record.credit:
        lines.append(f"  credit: {record.credit}")
    lines.append("  topics: " + ", ".join(record.topics))
    lines.append("  sources: " + "; ".join(s.label() for s in record.sources))
    if record.aliases:
        lines.append("  also cited as: " + ", ".join(record.aliases))
    return "\n".join(lines) + "\n"

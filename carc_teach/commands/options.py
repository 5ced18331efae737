"""``carc-teach options [--expansion E] [--preset P] [--diff A B] [--json]``.

Lists the rule options (edition differences, official variants, house rules that change play),
the edition/publisher presets, and, with ``--preset``, the values that preset resolves to. The
titles, explanations and notes are in the current language (``--lang``; docs/i18n.md), the ids
and values as game files write them; ``--json`` stays English.
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
        "--expansion",
        metavar="E",
        help=_("only the options of this expansion (e.g. count, shrines)"),
    )
    parser.add_argument(
        "--preset", metavar="P", help=_("mark the values of this preset (e.g. hig-original, rgg)")
    )
    parser.add_argument(
        "--diff",
        nargs=2,
        metavar=("A", "B"),
        help=_("list the options on which two presets differ"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def run(args: argparse.Namespace) -> int:
    from ..editions import (
        OPTIONS,
        PRESETS,
        diff_presets,
        get_preset,
        options_for,
        resolve,
        translated_option,
        translated_preset,
    )

    options = options_for(args.expansion) if args.expansion else OPTIONS
    rules = resolve(args.preset) if args.preset else None
    presets = [get_preset(args.preset)] if args.preset else list(PRESETS.values())
    diff = diff_presets(*args.diff) if args.diff else None
    if args.json:
        payload = {
            "options": [o.to_dict() for o in options],
            "presets": [p.to_dict() for p in presets],
        }
        if rules is not None:
            payload["preset"] = args.preset
            payload["values"] = {o.id: rules[o.id] for o in options}
        if diff is not None:
            payload["diff"] = {
                "a": args.diff[0],
                "b": args.diff[1],
                "options": {k: list(v) for k, v in diff.items()},
            }
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    out = sys.stdout
    if diff is not None:
        a, b = args.diff
        out.write(
            ngettext(
                "{a} vs {b}: {n} option differs",
                "{a} vs {b}: {n} options differ",
                len(diff),
                a=a,
                b=b,
            )
            + "\n"
        )
        for key, (va, vb) in diff.items():
            out.write(f"  {key}: {va!r} -> {vb!r}\n")
        return 0
    for opt in map(translated_option, options):  # the current language's words, same ids
        chosen = rules[opt.id] if rules is not None else None
        out.write(f"{opt.id}  {opt.title}\n")
        tag = "" if opt.changes_outcome else _("  (wording only: every value plays the same)")
        out.write("  " + _("expansion: {expansion}", expansion=opt.expansion) + f"{tag}\n")
        if not opt.value_notes:  # a number: show the range instead of every value
            line = "    " + _(
                "values {values}, default {default!r}",
                values=opt.choices_text(),
                default=opt.default,
            )
            if rules is not None:
                line += _(", in {preset}: {value!r}", preset=args.preset, value=chosen)
            out.write(line + "\n")
        for value, note in opt.value_notes:
            marks = "*" if value == opt.default and type(value) is type(opt.default) else " "
            chosen_here = rules is not None and value == chosen and type(value) is type(chosen)
            marks += ">" if chosen_here else " "
            out.write(f"  {marks} {value!r}  {note}\n")
        for line in textwrap.wrap(
            opt.explanation, width=96, initial_indent="    ", subsequent_indent="    "
        ):
            out.write(line + "\n")
        out.write("  " + _("annotations: {ids}", ids=", ".join(opt.annotations)) + "\n\n")
    legend = _("* = default")
    if rules is not None:
        legend += _(", > = value in preset {preset}", preset=args.preset)
    out.write(legend + "\n\n" + _("presets:") + "\n")
    for p in map(translated_preset, presets):
        year = f", {p.year}" if p.year else ""
        out.write(f"  {p.id}: {p.title} ({p.publisher}, {p.edition}{year})\n")
        for key, value in p.values:
            why = dict(p.basis).get(key)
            source = f"  [{', '.join(why)}]" if why else "  " + _("[assumed, see notes]")
            out.write(f"      {key} = {value!r}{source}\n")
        for line in textwrap.wrap(
            p.notes, width=92, initial_indent="    ", subsequent_indent="    "
        ):
            out.write(line + "\n")
    return 0

"""Print the fingerprint of every record and rule text of the annotation corpus.

A translation in ``carc_teach/annotations/data/<lang>/<file>.toml`` carries, as ``source``,
the fingerprint of the English it was made from (docs/i18n.md); this prints what to write::

    python scripts/annotation_fingerprints.py              # every id: file, id, fingerprint
    python scripts/annotation_fingerprints.py --lang it    # only ids shown in English in Italian
    python scripts/annotation_fingerprints.py ckr-7 count/redeploying

The fingerprint is the first 12 hex digits of the SHA-256 of the English title, a newline and
the English text, each with every run of whitespace collapsed to one space and stripped
(``carc_teach.annotations.fingerprint``).
"""

from __future__ import annotations

import argparse
import sys

from carc_teach import annotations
from carc_teach.errors import CarcTeachError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", help="only these record or rule text ids")
    parser.add_argument(
        "--lang", help="only the ids with no current translation in this language (it, cs)"
    )
    args = parser.parse_args(argv)
    try:
        files = annotations._english_files()
        items = [*annotations.all_annotations(), *annotations.rule_texts()]
        if args.ids:
            unknown = [i for i in args.ids if i not in files]
            if unknown:
                raise CarcTeachError(f"unknown record or rule text id(s): {', '.join(unknown)}")
            items = [i for i in items if i.id in args.ids]
        if args.lang:
            stale = set(annotations.untranslated(args.lang))
            items = [i for i in items if i.id in stale]
    except CarcTeachError as exc:
        print(f"annotation_fingerprints: {exc}", file=sys.stderr)
        return 2
    for item in items:
        print(f"{files[item.id]}\t{item.id}\t{annotations.fingerprint(item.title, item.text)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Collect the message ids of the code into the catalogues (``carc_teach/i18n/po/*.po``).

    python scripts/i18n_extract.py           # update every catalogue
    python scripts/i18n_extract.py --check   # exit 1 (and say what) if one is out of date

It reads every Python file of ``carc_teach/`` and ``notebooks/`` that imports
``carc_teach.i18n`` (or ``phrase``, or the phrases of ``carc_teach.events``) and finds the
calls ``_("...")``, ``N_("...")``, ``ngettext("...", "...", n)``, ``pgettext("context",
"...")``, ``npgettext(...)``, ``phrase("...", **params)`` / ``nphrase(...)`` (an error's
English with its id) and the event phrases ``Said(msg="...", ctx=...)``, ``SaidN(msg="...",
plural="...", n=n)`` and ``Word("...")`` (context ``term``); their text arguments
must be string literals (anything else is reported, with file and line). Then, for each
catalogue:

- an id new to the code is added: in ``en.po`` with the English as its translation, in the
  other languages with an empty translation for a translator to fill (the tests fail while
  one is empty);
- an id the code no longer uses is dropped;
- every translation already written is kept, and the ``#:`` lines say where the code uses
  each message.

A new language starts as a copy of ``en.po`` with its own header (docs/i18n.md).
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PO_DIR = REPO / "carc_teach" / "i18n" / "po"
SOURCES = ("carc_teach", "notebooks")

#: function name -> which positional arguments are (context, id, plural)
CALLS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "npgettext": (0, 1, 2),
    "phrase": (None, 0, None),  # carc_teach.errors.phrase: an error's English, with its id
    "nphrase": (None, 0, 1),
    # the phrases of event texts (carc_teach.events): a context is the keyword ``ctx=``
    "Said": (None, 0, None),
    "SaidN": (None, 0, 1),
    "Word": (None, 0, None),
}
#: calls whose message context is fixed by the function (``Word("city")`` is
#: ``pgettext("term", "city")``)
FIXED_CONTEXT: dict[str, str] = {"Word": "term"}
#: calls that take their context as the keyword ``ctx=``
CONTEXT_KEYWORD = ("Said", "SaidN")
#: calls that take their texts as keywords (the event phrases are dicts, carc_teach.events)
KEYWORD_TEXTS: dict[str, tuple[str, ...]] = {"Said": ("msg",), "SaidN": ("msg", "plural")}

sys.path.insert(0, str(REPO))
from carc_teach.i18n import block_id  # noqa: E402
from carc_teach.i18n.catalogue import Message, read_po, write_po  # noqa: E402


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        if func.value.id in ("i18n", "t"):  # i18n._("..."), or a module imported as t
            return func.attr
    return None


def _uses_i18n(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.endswith("i18n") or any(
                a.name in ("i18n", "phrase", "nphrase") for a in node.names
            ):
                return True
            if module.endswith("events") and any(a.name in CALLS for a in node.names):
                return True
            # a package record marks its texts with the N_ of expansions.declare
            if module.endswith("declare") and any(a.name == "N_" for a in node.names):
                return True
        elif isinstance(node, ast.Import) and any(a.name.endswith(".i18n") for a in node.names):
            return True
    return False


def extract(root: Path = REPO) -> tuple[dict[tuple[str | None, str], Message], list[str]]:
    """The messages the code uses (key -> message with its places), and the problems found."""
    found: dict[tuple[str | None, str], Message] = {}
    problems: list[str] = []
    files = sorted(p for folder in SOURCES for p in (root / folder).rglob("*.py"))
    for path in files:
        if "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if (
            "i18n" not in text
            and "phrase" not in text
            and "Said" not in text
            and "Word(" not in text
            and "N_(" not in text
        ):
            continue
        tree = ast.parse(text)
        if not _uses_i18n(tree) and path.parent.name != "i18n":
            continue
        rel = path.relative_to(root).as_posix()
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
        for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
            name = _name(node.func)
            if name not in CALLS:
                continue
            where = f"{rel}:{node.lineno}"
            ctx_at, id_at, plural_at = CALLS[name]
            wanted = [i for i in (ctx_at, id_at, plural_at) if i is not None]
            args = list(node.args)
            if name in KEYWORD_TEXTS:
                given = {k.arg: k.value for k in node.keywords}
                args = [given[k] for k in KEYWORD_TEXTS[name] if k in given]
            if len(args) <= max(wanted):
                problems.append(f"{where}: {name}() needs {max(wanted) + 1} text arguments")
                continue
            values = {}
            for i in wanted:
                arg = args[i]
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    # a name holds a text marked with N_() where it was written; a text built
                    # here (an f-string, a sum) can never be in a catalogue
                    # (a game word, Word(role), is looked up by whatever it holds: every
                    # such word is listed in carc_teach.events.GAME_TERMS)
                    if isinstance(arg, ast.JoinedStr | ast.BinOp | ast.Call) and name != "Word":
                        problems.append(
                            f"{where}: argument {i + 1} of {name}() is built at run time: "
                            "write the text whole, with {fields}"
                        )
                    break
                values[i] = arg.value
            else:
                context = values.get(ctx_at) if ctx_at is not None else FIXED_CONTEXT.get(name)
                if name in CONTEXT_KEYWORD:
                    for keyword in node.keywords:
                        if keyword.arg != "ctx":
                            continue
                        if not (
                            isinstance(keyword.value, ast.Constant)
                            and isinstance(keyword.value.value, str)
                        ):
                            problems.append(f"{where}: ctx= of {name}() must be a literal text")
                        else:
                            context = keyword.value.value
                msgid = block_id(values[id_at])
                plural = values.get(plural_at) if plural_at is not None else None
                if not msgid:
                    problems.append(f"{where}: {name}() of an empty text")
                    continue
                key = (context, msgid)
                message = found.get(key)
                if message is None:
                    message = found[key] = Message(
                        id=msgid, strings=[], plural=plural, context=context
                    )
                elif message.plural != plural:
                    problems.append(f"{where}: {msgid!r} is used with two plural forms")
                if rel not in message.places:
                    message.places.append(rel)
    return found, problems


def updated(language: str, old: list[Message], found: dict) -> list[Message]:
    """The catalogue of ``language`` for the messages ``found``, keeping ``old``'s work."""
    header = next(m for m in old if m.id == "" and m.context is None)
    kept = {m.key: m for m in old if m.id and not m.obsolete}
    out = [header]
    for key, message in found.items():
        before = kept.get(key)
        if language == "en":
            strings = [message.id] if message.plural is None else [message.id, message.plural]
        elif before is not None and before.plural == message.plural:
            strings = before.strings
        else:
            strings = [""] if message.plural is None else []
        out.append(
            Message(
                id=message.id,
                strings=strings,
                plural=message.plural,
                context=message.context,
                comments=before.comments if before else [],
                places=list(message.places),
                flags=before.flags if before else [],
            )
        )
    return out


def _plural_count(header: Message) -> int:
    for line in (header.strings[0] if header.strings else "").split("\n"):
        if line.startswith("Plural-Forms:") and "nplurals=" in line:
            return int(line.split("nplurals=")[1].split(";")[0])
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    found, problems = extract()
    for problem in problems:
        print(problem, file=sys.stderr)
    stale = []
    for path in sorted(PO_DIR.glob("*.po")):
        text = path.read_text(encoding="utf-8")
        old = read_po(text, path.name)
        new = updated(path.stem, old, found)
        count = _plural_count(new[0])
        for m in new[1:]:
            if m.plural is not None and len(m.strings) < count:
                m.strings = m.strings + [""] * (count - len(m.strings))
        result = write_po(new)
        if result != text:
            stale.append(path.name)
            if not args.check:
                path.write_text(result, encoding="utf-8")
    if args.check and stale:
        print(
            "out of date (run python scripts/i18n_extract.py): " + ", ".join(stale),
            file=sys.stderr,
        )
    verb = "out of date" if args.check else "updated"
    print(f"{len(found)} messages; {verb}: {', '.join(stale) or 'none'}")
    return 1 if problems or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())

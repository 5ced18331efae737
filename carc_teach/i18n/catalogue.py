"""Reading and writing gettext catalogues: ``.po`` text in, ``.mo`` bytes out.

The ``.po`` files in ``carc_teach/i18n/po/`` are the sources; nothing compiled is committed.
When a language is first asked for, its ``.po`` is read (:func:`read_po`), compiled in memory
to the ``.mo`` format (:func:`compile_mo`) and handed to the standard library's
:class:`gettext.GNUTranslations`, which does the look-ups and evaluates the catalogue's
``Plural-Forms`` header. The whole round trip for a catalogue of a few hundred messages takes
a few milliseconds (docs/i18n.md), so a wheel or the offline site needs no build step and no
compiled file can fall out of step with its source.

Only what the catalogues use is read: ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``,
``msgstr[n]``, comments (``#.`` for translators, ``#:`` for where the code uses the message,
``#,`` flags) and continued string lines. A line that is none of these is a
:class:`~carc_teach.errors.CarcTeachError` naming the file and line.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

from ..errors import CarcTeachError

__all__ = ["Message", "read_po", "write_po", "compile_mo", "header_fields", "CONTEXT_SEPARATOR"]

#: what joins a message's context to its id in a ``.mo`` key (gettext's own convention)
CONTEXT_SEPARATOR = "\x04"


@dataclass
class Message:
    """One entry of a catalogue. ``strings``: the translation, one string per plural form
    (one string for a message without a plural). The header is the entry whose ``id`` is
    empty."""

    id: str
    strings: list[str]
    plural: str | None = None
    context: str | None = None
    comments: list[str] = field(default_factory=list)  # "#." lines, without the mark
    places: list[str] = field(default_factory=list)  # "#:" references
    flags: list[str] = field(default_factory=list)  # "#," flags
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.id)

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings)


#: the escapes a .po string may hold (those of C that a text needs)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(.)")
_BARE_QUOTE = re.compile(r'(?<!\\)(?:\\\\)*"')


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CarcTeachError(f"{where}: expected a quoted string, found {text[:40]!r}")
    body = text[1:-1]
    if "\\" not in body:
        if '"' in body:
            raise CarcTeachError(f'{where}: a quote inside a string must be written \\"')
        return body

    def unescape(match: re.Match) -> str:
        found = _ESCAPES.get(match.group(1))
        if found is None:
            raise CarcTeachError(f"{where}: unknown escape \\{match.group(1)} in {text[:40]!r}")
        return found

    if _BARE_QUOTE.search(body.replace("\\\\", "")):
        raise CarcTeachError(f'{where}: a quote inside a string must be written \\"')
    return _ESCAPE.sub(unescape, body)


def read_po(text: str, source: str = "catalogue") -> list[Message]:
    """The entries of a ``.po`` file, header first (``source`` names the file in errors)."""
    messages: list[Message] = []
    entry: dict = {}
    pending: dict = {"comments": [], "places": [], "flags": []}
    target: tuple[str, int | None] | None = None  # the field a continued line extends

    def finish() -> None:
        nonlocal entry, pending
        if "id" in entry:
            forms = entry.get("strings", {})
            strings = [forms[i] for i in sorted(forms)] if forms else []
            messages.append(
                Message(
                    id=entry["id"],
                    strings=strings,
                    plural=entry.get("plural"),
                    context=entry.get("context"),
                    comments=pending["comments"],
                    places=pending["places"],
                    flags=pending["flags"],
                    obsolete=entry.get("obsolete", False),
                )
            )
            pending = {"comments": [], "places": [], "flags": []}
        entry = {}

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{source}:{number}"
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            continue
        if line.startswith("#"):
            if "id" in entry:
                finish()
            if line.startswith("#."):
                pending["comments"].append(line[2:].strip())
            elif line.startswith("#:"):
                pending["places"].extend(line[2:].split())
            elif line.startswith("#,"):
                pending["flags"].extend(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        if line.startswith('"'):
            if target is None:
                raise CarcTeachError(f"{where}: a string with no keyword before it")
            name, index = target
            if name == "strings":
                entry["strings"][index] += _unquote(line, where)
            else:
                entry[name] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            if "id" in entry:
                finish()
            entry["context"] = _unquote(rest, where)
            target = ("context", None)
        elif keyword == "msgid":
            if "id" in entry:
                finish()
            entry["id"] = _unquote(rest, where)
            entry["obsolete"] = obsolete
            target = ("id", None)
        elif keyword == "msgid_plural":
            entry["plural"] = _unquote(rest, where)
            target = ("plural", None)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            if "id" not in entry:
                raise CarcTeachError(f"{where}: msgstr before its msgid")
            index = 0
            if keyword != "msgstr":
                try:
                    index = int(keyword[len("msgstr[") : -1])
                except ValueError:
                    raise CarcTeachError(f"{where}: bad plural index {keyword!r}") from None
            entry.setdefault("strings", {})[index] = _unquote(rest, where)
            target = ("strings", index)
        else:
            raise CarcTeachError(f"{where}: unknown line {line[:40]!r}")
    finish()
    return messages


def header_fields(messages: list[Message]) -> dict[str, str]:
    """The header's ``Name: value`` lines (``Plural-Forms``, ``Language``, ...)."""
    for message in messages:
        if message.id == "" and message.context is None:
            text = message.strings[0] if message.strings else ""
            pairs = (line.partition(":") for line in text.split("\n") if ":" in line)
            return {name.strip(): value.strip() for name, _, value in pairs}
    return {}


def _quoted(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    return f'"{body}"'


def _field(keyword: str, text: str, prefix: str = "") -> list[str]:
    """A keyword and its string, long or multi-line strings split after each newline."""
    if "\n" in text[:-1] or len(text) > 76:
        chunks = [line + "\n" for line in text.split("\n")]
        chunks[-1] = chunks[-1][:-1]
        return [f'{prefix}{keyword} ""'] + [f"{prefix}{_quoted(c)}" for c in chunks if c]
    return [f"{prefix}{keyword} {_quoted(text)}"]


def write_po(messages: list[Message]) -> str:
    """``messages`` as ``.po`` text (the inverse of :func:`read_po`)."""
    blocks: list[str] = []
    for m in messages:
        prefix = "#~ " if m.obsolete else ""
        lines = [f"#. {c}" for c in m.comments]
        if m.places:
            lines.append("#: " + " ".join(m.places))
        if m.flags:
            lines.append("#, " + ", ".join(m.flags))
        if m.context is not None:
            lines += _field("msgctxt", m.context, prefix)
        lines += _field("msgid", m.id, prefix)
        if m.plural is not None:
            lines += _field("msgid_plural", m.plural, prefix)
            for i, s in enumerate(m.strings or ["", ""]):
                lines += _field(f"msgstr[{i}]", s, prefix)
        else:
            lines += _field("msgstr", m.strings[0] if m.strings else "", prefix)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def compile_mo(messages: list[Message]) -> bytes:
    """The ``.mo`` bytes of the translated, current entries of ``messages`` (GNU format,
    little-endian, no hash table: :class:`gettext.GNUTranslations` reads every key into a
    dictionary and needs none). An untranslated entry is left out, so a look-up of it falls
    back to the English id."""
    table: dict[str, str] = {}
    for m in messages:
        if m.obsolete or not m.translated:
            continue
        key = m.id if m.plural is None else f"{m.id}\x00{m.plural}"
        if m.context is not None:
            key = f"{m.context}{CONTEXT_SEPARATOR}{key}"
        table[key] = "\x00".join(m.strings)
    keys = sorted(table)
    ids = [k.encode("utf-8") for k in keys]
    strs = [table[k].encode("utf-8") for k in keys]
    count = len(keys)
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + count * 8
    data_start = strs_table + count * 8
    offsets: list[tuple[int, int]] = []
    data = bytearray()
    for blob in ids + strs:
        offsets.append((len(blob), data_start + len(data)))
        data += blob + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_table, strs_table, 0, 0)
    index = b"".join(struct.pack("<2I", length, offset) for length, offset in offsets)
    return head + index + bytes(data)

"""Long texts in other languages, kept in TOML files beside the English data (docs/i18n.md).

Paragraphs do not suit ``.po`` message ids (a reworded English sentence would silently drop
its translation), so the rule options' and presets' explanations and the scoring reference's
rows are translated in files of their own: one table per English record, naming its ``id``
and ``source``, the fingerprint of the English it was translated from (:func:`fingerprint`).
When the English changes, the fingerprints differ and the record shows in English again
until it is translated anew; the tests name such records.
"""

from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ..errors import CarcTeachError
from . import DEFAULT_LANGUAGE, language_code

__all__ = ["fingerprint", "translations", "translated"]


def fingerprint(*texts: str) -> str:
    """The first 12 hex digits of the SHA-256 of ``texts``, each with its runs of whitespace
    collapsed to one space and stripped, joined by newlines."""
    joined = "\n".join(" ".join(str(t).split()) for t in texts)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:12]


@cache
def translations(package: str, folder: str, name: str, lang: str, table: str) -> dict[str, dict]:
    """``id -> record`` of the ``[[table]]`` records of ``<package>/<folder>/<lang>/<name>``
    (empty when the file does not exist). A record without ``id`` or ``source``, an id given
    twice or broken TOML is a one-line error naming the file."""
    where = f"{package.replace('.', '/')}/{folder}/{lang}/{name}"
    path = resources.files(package).joinpath(folder, lang, name)
    if not path.is_file():
        return {}
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CarcTeachError(f"{where}: not valid TOML ({exc})") from None
    found: dict[str, dict] = {}
    for i, record in enumerate(doc.get(table, [])):
        if not isinstance(record.get("id"), str) or not isinstance(record.get("source"), str):
            raise CarcTeachError(f"{where}: [[{table}]] number {i + 1} needs an id and a source")
        if record["id"] in found:
            raise CarcTeachError(f"{where}: {record['id']!r} is translated twice")
        found[record["id"]] = record
    return found


def translated(
    package: str,
    folder: str,
    name: str,
    table: str,
    record_id: str,
    source: str,
    lang: str | None = None,
) -> dict[str, Any] | None:
    """The translation of one record into ``lang`` (default: the current language), or None
    when it is English, not translated, or translated from another English (``source`` is
    the current English's :func:`fingerprint`)."""
    code = language_code(lang)
    if code == DEFAULT_LANGUAGE:
        return None
    found = translations(package, folder, name, code, table).get(record_id)
    if found is None or found["source"] != source:
        return None
    return found

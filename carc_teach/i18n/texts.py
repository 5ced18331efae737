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
from typing import Any, Literal

from ..errors import CarcTeachError, phrase
from . import DEFAULT_LANGUAGE, language_code

__all__ = ["fingerprint", "translations", "translated", "keyed_texts"]


def fingerprint(*texts: str) -> str:
    """The first 12 hex digits of the SHA-256 of ``texts``, each with its runs of whitespace
    collapsed to one space and stripped, joined by newlines."""
    joined = "\n".join(" ".join(str(t).split()) for t in texts)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:12]


def _toml_file(package: str, folder: str, name: str, lang: str, error: type[CarcTeachError]):
    """``(document, where)`` of ``<package>/<folder>/<lang>/<name>``, or ``None`` when there is
    no such file; broken TOML is a one-line ``error`` naming the file."""
    where = f"{package.replace('.', '/')}/{folder}/{lang}/{name}"
    path = resources.files(package).joinpath(folder, lang, name)
    if not path.is_file():
        return None
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), where
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise error(
            phrase("{where}: not valid TOML ({error})", where=where, error=str(exc))
        ) from None


@cache
def translations(package: str, folder: str, name: str, lang: str, table: str) -> dict[str, dict]:
    """``id -> record`` of the ``[[table]]`` records of ``<package>/<folder>/<lang>/<name>``
    (empty when the file does not exist). A record without ``id`` or ``source``, an id given
    twice or broken TOML is a one-line error naming the file."""
    file = _toml_file(package, folder, name, lang, CarcTeachError)
    if file is None:
        return {}
    doc, where = file
    found: dict[str, dict] = {}
    for i, record in enumerate(doc.get(table, [])):
        if not isinstance(record.get("id"), str) or not isinstance(record.get("source"), str):
            raise CarcTeachError(
                phrase(
                    "{where}: [[{table}]] number {n} needs an id and a source",
                    where=where,
                    table=table,
                    n=i + 1,
                )
            )
        if record["id"] in found:
            raise CarcTeachError(
                phrase("{where}: {id} is translated twice", where=where, id=repr(record["id"]))
            )
        found[record["id"]] = record
    return found


@cache
def keyed_texts(
    package: str,
    folder: str,
    name: str,
    lang: str,
    table: str,
    error: type[CarcTeachError] = CarcTeachError,
    required: bool = False,
    entry: Literal["the translation of", "the name for"] = "the translation of",
) -> dict[str, str]:
    """English text -> its translation, from the ``[table]`` of ``<package>/<folder>/<lang>/
    <name>`` (keyed by the English itself, so a reworded English text is a new key; empty for
    English or a language without the file). Broken TOML, a missing table where ``required``
    or an empty translation is a one-line ``error`` naming the file."""
    if lang == DEFAULT_LANGUAGE:
        return {}
    file = _toml_file(package, folder, name, lang, error)
    if file is None:
        return {}
    doc, where = file
    found = doc.get(table, None if required else {})
    if not isinstance(found, dict):
        raise error(phrase("{where}: needs a [{table}] table", where=where, table=table))
    for english, text in found.items():
        if not isinstance(text, str) or not text.strip():
            shown = repr(english[:60])
            raise error(
                phrase("{where}: the name for {text} is empty", where=where, text=shown)
                if entry == "the name for"
                else phrase("{where}: the translation of {text} is empty", where=where, text=shown)
            )
    return dict(found)


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

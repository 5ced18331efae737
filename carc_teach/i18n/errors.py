"""The engine's errors said in a language (docs/i18n.md, "Errors").

An error keeps its English message exactly (the tests and the JSON outputs pin it); a message
written with :func:`carc_teach.errors.phrase` also remembers its message id and parameters,
and is said in another language only where it is shown: the CLI's error line, a notebook's
callout. A message that is a plain string (a rule module's refusal not converted yet, a
library's text) stays English inside the translated line.
"""

from __future__ import annotations

from typing import Any

from ..errors import GameFileError, Phrase, Refusal, one_line
from ..events import Spoken, render
from . import DEFAULT_LANGUAGE, _, language_code, ngettext

__all__ = ["say", "error_text", "refusal_text"]

#: as :class:`carc_teach.errors.GameFileError` cuts a field path
_LONG_FIELD = 200


def say(text: Any, lang: str | None = None) -> str:
    """``text`` in ``lang``: a :class:`~carc_teach.errors.Phrase` from its message id and
    parameters (a parameter that is a Phrase too is said in the same language), anything
    else as it is."""
    if not isinstance(text, Phrase):
        if isinstance(text, Spoken):
            return render(text.said, language_code(lang))
        return str(text)
    code = language_code(lang)
    if code == DEFAULT_LANGUAGE:
        return str(text)
    params = {k: _said(v, code) for k, v in text.params.items()}
    if text.plural is not None:
        return ngettext(text.message, text.plural, params.pop("n"), code, **params)
    return _(text.message, code, **params)


def _said(value: Any, code: str) -> Any:
    if isinstance(value, Phrase | Spoken):
        return say(value, code)
    if isinstance(value, Refusal):
        return refusal_text(value, code)
    return value


def refusal_text(refusal: Refusal, lang: str | None = None) -> str:
    """A rule's refusal in ``lang``: its reason, then its citation in brackets (the rule, the
    footnotes, the options and which editions print them)."""
    code = language_code(lang)
    if code == DEFAULT_LANGUAGE:
        return str(refusal)
    parts = [_("rule {rule}", code, rule=refusal.rule)]
    if refusal.notes:
        parts.append(
            ngettext(
                "footnote {ids}",
                "footnotes {ids}",
                len(refusal.notes),
                code,
                ids=", ".join(refusal.notes),
            )
        )
    if refusal.options:
        values = ", ".join(f"{o} = {_shown(v)}" for o, v in refusal.options)
        line = ngettext(
            "option {values}", "options {values}", len(refusal.options), code, values=values
        )
        if refusal.editions:
            line += ", " + say(refusal.editions, code)
        parts.append(line)
    return f"{say(refusal.reason, code)} ({'; '.join(parts)})"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def error_text(error: BaseException, lang: str | None = None) -> str:
    """The one-line message of ``error`` in ``lang`` (``str(error)`` in English): for a game
    file's error the place too (file, move, action, field), with the same values."""
    code = language_code(lang)
    if code == DEFAULT_LANGUAGE:
        return str(error)
    if isinstance(error, GameFileError):
        where = []
        if error.source:
            where.append(say(error.source, code))
        if error.move is not None:
            where.append(_("move {n}", code, n=error.move))
        if error.action is not None:
            where.append(_("action {n}", code, n=error.action))
        if error.field:
            where.append(_("field '{field}'", code, field=error.field[:_LONG_FIELD]))
        if error.refusal is not None and error.reason == str(error.refusal):
            reason = refusal_text(error.refusal, code)
        else:
            reason = say(error.reason, code)
        text = f"{', '.join(where)}: {reason}" if where else reason
    elif error.args and isinstance(error.args[0], Phrase):
        text = say(error.args[0], code)
    else:
        text = str(error)
    return one_line(text)

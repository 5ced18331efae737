"""Errors raised by carc_teach.

Every error a user can cause is a :class:`CarcTeachError` whose message is one line that names
what is wrong (file, move number, field). The CLI prints that line and exits with status 2;
notebooks show it in a callout instead of a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Phrase",
    "phrase",
    "nphrase",
    "Refusal",
    "one_line",
    "terminal_text",
    "has_control_characters",
    "shown",
    "SHOWN_CHARS",
    "CarcTeachError",
    "GameFileError",
    "IllegalMoveError",
    "CatalogueError",
    "UnknownRuleError",
]


#: how many characters of a value from a file or a user a message repeats (:func:`shown`)
SHOWN_CHARS = 60
#: a "word" (a run without spaces) longer than this is cut in a message (:func:`one_line`)
_LONG_WORD = 200
#: no message is longer than this (:func:`one_line`)
_LONGEST_MESSAGE = 2000
#: the control characters of bidirectional text (they reorder what a terminal shows)
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """A value from a file or a user as a message quotes it: ``repr`` (so control characters
    and lone surrogates are escaped), its first ``limit`` characters and "…" when longer.

    >>> shown("E")
    "'E'"
    >>> shown("Q" * 100, limit=5)
    "'QQQQQ…'"
    >>> print(shown("a\\nb"), shown([1, 2]), shown(list(range(100))))
    'a\\nb' [1, 2] an array of 100 items
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit])[:-1] + "…'"
    if isinstance(value, list) and not _small(value):
        return f"an array of {len(value)} items"
    if isinstance(value, dict) and not _small(value):
        return f"an object of {len(value)} keys"
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        return "a very long integer"
    return text if len(text) <= limit else text[:limit] + "…"


def _small(value: list | dict) -> bool:
    """Whether ``repr`` of a decoded JSON array or object is cheap and safe (not deep, not huge)."""
    todo, seen = [(value, 0)], 0
    while todo:
        item, depth = todo.pop()
        seen += 1
        if depth > 3 or seen > 50:
            return False
        if isinstance(item, dict):
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)
    return True


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    return repr(char)[1:-1] if char.isascii() or ord(char) < 0x100 else f"\\u{ord(char):04x}"


_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(sorted(_BIDI_CONTROLS)) + "]"
)
_WORD = re.compile(rf"\S{{{_LONG_WORD + 1},}}")


def has_control_characters(text: str) -> bool:
    """Whether :func:`terminal_text` would change ``text``."""
    return _UNSAFE.search(text) is not None


def terminal_text(text: str) -> str:
    """``text`` with every control character (escape sequences, bidirectional controls,
    newlines) and lone surrogate written as its escape: what a terminal shows of a text from
    a game file, so that a name cannot clear the screen or break a line."""
    return _UNSAFE.sub(_escape_char, text)


def one_line(text: str) -> str:
    """``text`` made safe to print as one line of a terminal: every control character
    (newlines, escape sequences, bidirectional controls) and lone surrogate written as its
    escape (``\\n``, ``\\x1b``, ``\\ud800``), every run of more than 200 characters
    without a space cut to its first 60 and "…", and the whole cut at 2,000 characters."""
    text = terminal_text(text)
    text = _WORD.sub(lambda m: m.group()[:SHOWN_CHARS] + "…", text)
    if len(text) > _LONGEST_MESSAGE:
        text = text[: _LONGEST_MESSAGE - 1] + "…"
    return text


class Phrase(str):
    """An English message that remembers its message id and parameters, so that it can be said
    again in another language (:func:`carc_teach.i18n.errors.say`, docs/i18n.md).

    It *is* the English text (a ``str``: compared, joined and printed like one), so errors keep
    their English messages byte for byte; the translation is made where the message is shown
    (the CLI's error line, a notebook's callout). A parameter may itself be a :class:`Phrase`
    (``json_type``'s "an object") or a :class:`Refusal`, said in the same language. With
    ``plural``, ``message`` is the singular and ``params["n"]`` picks the form.
    """

    message: str
    params: dict[str, Any]
    plural: str | None

    def __new__(
        cls, message: str, params: dict[str, Any] | None = None, plural: str | None = None
    ) -> Phrase:
        params = dict(params or {})
        english = plural if plural is not None and params.get("n") != 1 else message
        self = super().__new__(cls, english.format(**params) if params else english)
        self.message = message
        self.params = params
        self.plural = plural
        return self

    def __reduce__(self):  # pickled with its id (errors cross process boundaries in simulate)
        return (Phrase, (self.message, self.params, self.plural))


def phrase(message: str, /, **params: Any) -> Phrase:
    """``phrase("must be at least {lo}, not {value}", lo=1, value="'x'")``: the English text,
    remembering its id (a message of the catalogues: ``scripts/i18n_extract.py`` collects the
    literal) and its parameters."""
    return Phrase(message, params)


def nphrase(singular: str, plural: str, n: int, /, **params: Any) -> Phrase:
    """:func:`phrase` with a singular and a plural form, chosen by ``n`` (the field ``{n}``)."""
    return Phrase(singular, {"n": n, **params}, plural)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the engine refuses a placement, a deployment, a move or an answer: the rule that
    refuses it, in plain English, with the footnotes and the rule options behind it.

    ``str(refusal)`` is the sentence people read: the reason, then the citation in brackets
    (``... (rule count.deploy; footnote ckr-34; option count.blocks-moves-to = true, as in
    rgg-big-box-2)``). The error of a game file carries it (``IllegalMoveError.refusal``), and
    the walkthroughs ask for it with ``GameState.why_not_place`` / ``why_not``.

    Attributes
    ----------
    rule:
        The rule id that refuses (``base.place``, ``count.block``, ``wagon.move`` ...).
    reason:
        One plain-English sentence, without the citation.
    notes:
        Ids of the annotation records (footnotes, rulings, house rules) behind the rule.
    options:
        ``(option id, value)`` of the rule options whose value in this game decides it.
    editions:
        For each of those options, which edition presets print the value, or that it is the
        default (``""`` when no option decides).
    later:
        True when the question is asked too early: a later step of the same turn may still
        allow it (a deployment to the City of Carcassonne waits for the turn's scorings).
    """

    rule: str
    reason: str
    notes: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    editions: str = ""
    later: bool = False

    def __str__(self) -> str:
        return f"{self.reason} ({self.citation})"

    def __bool__(self) -> bool:  # a refusal is a "problem": truthy, as the sentences were
        return True

    def __contains__(self, text: str) -> bool:
        """Whether ``text`` occurs in the message (as in the sentence refusals once were)."""
        return text in str(self)

    @property
    def message(self) -> str:
        """The reason with its citation, as errors and the walkthroughs show it."""
        return str(self)

    def text_in(self, lang: str | None = None) -> str:
        """``str(self)`` in ``lang`` (``None``: the current language): the reason and the
        citation, translated where the reason was written with :func:`phrase`."""
        from .i18n.errors import refusal_text

        return refusal_text(self, lang)

    def reason_in(self, lang: str | None = None) -> str:
        """The reason alone (no citation) in ``lang``."""
        from .i18n.errors import say

        return say(self.reason, lang)

    @property
    def citation(self) -> str:
        """``rule base.place``, then the footnotes and options: what the message ends with."""
        parts = [f"rule {self.rule}"]
        if self.notes:
            parts.append(f"footnote{'s' if len(self.notes) > 1 else ''} {', '.join(self.notes)}")
        if self.options:
            values = ", ".join(f"{o} = {_shown(v)}" for o, v in self.options)
            word = "options" if len(self.options) > 1 else "option"
            parts.append(f"{word} {values}{', ' + self.editions if self.editions else ''}")
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The refusal as plain data (JSON)."""
        return {
            "rule": self.rule,
            "reason": self.reason,
            "notes": list(self.notes),
            "options": {o: v for o, v in self.options},
            "editions": self.editions,
            "message": str(self),
        }


def _shown(value: Any) -> str:
    """An option value as game files write it: ``true``, ``'any-scoring'``, ``7``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return str(value)


class CarcTeachError(ValueError):
    """Base class of every error caused by bad input.

    Its text is always one line (see :func:`one_line`), whatever the values it quotes hold.
    """

    def __str__(self) -> str:
        return one_line(super().__str__())


class CatalogueError(CarcTeachError):
    """A tile catalogue file is malformed (a bug in the package data, or a user-supplied set)."""


class UnknownRuleError(CarcTeachError):
    """A rule option, preset, expansion or rule id that does not exist was asked for."""


class GameFileError(CarcTeachError):
    """A game file is invalid.

    Parameters
    ----------
    message:
        What is wrong, in one sentence.
    source:
        The file name (or ``"<game>"`` for an in-memory dict).
    move:
        1-based move number, when the problem is inside ``moves``.
    field:
        The JSON path of the offending field, e.g. ``moves[3].deploy.segment`` (inside an
        action: the key of the action, e.g. ``segment``).
    action:
        1-based number of the action within the move's ``actions``, when the problem is one.
    refusal:
        The engine's :class:`Refusal` behind the message, when a rule refused the move (a
        ``Refusal`` given as the message is taken as it).
    """

    def __init__(
        self,
        message: str | Refusal,
        *,
        source: str | None = None,
        move: int | None = None,
        field: str | None = None,
        action: int | None = None,
        refusal: Refusal | None = None,
    ) -> None:
        if isinstance(message, Refusal):
            refusal = refusal or message
            message = str(message)
        #: the rule that refused the move, its footnotes and options (None: not a rule's refusal)
        self.refusal = refusal
        self.reason = message
        self.source = source
        self.move = move
        self.field = field
        self.action = action
        super().__init__(self._format())

    def _format(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.move is not None:
            where.append(f"move {self.move}")
        if self.action is not None:
            where.append(f"action {self.action}")
        if self.field:
            where.append(f"field '{self.field[:_LONG_WORD]}'")
        prefix = ", ".join(where)
        return f"{prefix}: {self.reason}" if prefix else self.reason

    def located(self, source: str) -> GameFileError:
        """Return a copy of this error that also names ``source``."""
        return GameFileError(
            self.reason,
            source=source,
            move=self.move,
            field=self.field,
            action=self.action,
            refusal=self.refusal,
        )


class IllegalMoveError(GameFileError):
    """A move is well-formed but breaks the rules (illegal placement, occupied feature, ...)."""

    def located(self, source: str) -> IllegalMoveError:
        return IllegalMoveError(
            self.reason,
            source=source,
            move=self.move,
            field=self.field,
            action=self.action,
            refusal=self.refusal,
        )

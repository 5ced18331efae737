"""Errors raised by carc_teach.

Every error a user can cause is a :class:`CarcTeachError` whose message is one line that names
what is wrong (file, move number, field). The CLI prints that line and exits with status 2;
notebooks show it in a callout instead of a traceback.
"""

from __future__ import annotations

__all__ = [
    "CarcTeachError",
    "GameFileError",
    "IllegalMoveError",
    "CatalogueError",
    "UnknownRuleError",
]


class CarcTeachError(ValueError):
    """Base class of every error caused by bad input."""


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
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        move: int | None = None,
        field: str | None = None,
        action: int | None = None,
    ) -> None:
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
            where.append(f"field '{self.field}'")
        prefix = ", ".join(where)
        return f"{prefix}: {self.reason}" if prefix else self.reason

    def located(self, source: str) -> GameFileError:
        """Return a copy of this error that also names ``source``."""
        return GameFileError(
            self.reason, source=source, move=self.move, field=self.field, action=self.action
        )


class IllegalMoveError(GameFileError):
    """A move is well-formed but breaks the rules (illegal placement, occupied feature, ...)."""

    def located(self, source: str) -> IllegalMoveError:
        return IllegalMoveError(
            self.reason, source=source, move=self.move, field=self.field, action=self.action
        )

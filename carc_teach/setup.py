"""What a game file holds: the set-up, and one :class:`Move` per tile drawn.

A move is the tile placement of a turn followed by the actions taken in that turn, in the
order the engine asked for them, each naming its player where it is not the active one
(game file version 2). Version-1 moves (one optional ``deploy``) are read into the same form.
A move keeps its actions as the file wrote them (``actions``, written back by
:meth:`Move.to_json`) and as typed actions read once, when the file is loaded
(``typed_actions``); a segment or a corner of the tile placed in the turn stays a reference
until the turn is played (see :mod:`carc_teach.actions`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from .actions import ActionError, WrittenAction, read_action
from .errors import GameFileError
from .expansions import PACKAGES

__all__ = ["Setup", "StartTile", "Move", "BRINGS"]

#: expansions whose box holds another module's figure, played with it: a game listing the key
#: also plays these, right after it, unless it lists them itself (``Package.brings``)
BRINGS: dict[str, tuple[str, ...]] = {
    eid: tuple(others) for package in PACKAGES for eid, others in package.brings
}


@dataclass(frozen=True, slots=True)
class StartTile:
    tile: str = "D"
    x: int = 0
    y: int = 0
    rotation: int = 0


def _with_brought(exps: Any) -> tuple[str, ...] | None:
    """``exps`` with the expansions their boxes bring (:data:`BRINGS`) after them, or None
    when none brings another."""
    if not any(e in BRINGS for e in exps):
        return None
    out: list[str] = []
    for e in exps:
        out.append(e)
        out.extend(b for b in BRINGS.get(e, ()) if b not in exps and b not in out)
    return tuple(out)


_with_brought_kept = cache(_with_brought)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before the first turn."""

    players: tuple[str, ...]
    expansions: tuple[str, ...] = ("base",)
    #: followers per player; None: the rule option ``base.followers`` (7 unless changed)
    followers: int | None = None
    start: StartTile = StartTile()
    #: the draw order, when known (given in the file or shuffled from ``seed``)
    tile_order: tuple[str, ...] | None = None
    seed: int | None = None
    #: rule preset and option overrides, as written in the game file
    rules: dict[str, Any] = field(default_factory=dict)
    title: str = ""
    description: str = ""

    def __post_init__(self) -> None:
        exps = self.expansions
        # a tuple's answer is kept: every game of a kind is set up with the same expansions
        found = _with_brought_kept(exps) if type(exps) is tuple else _with_brought(exps)
        if found is not None:
            object.__setattr__(self, "expansions", found)

    def to_json(self) -> dict[str, Any]:
        """The ``setup`` object of a game file."""
        out: dict[str, Any] = {"players": list(self.players), "expansions": list(self.expansions)}
        if self.followers is not None:
            out["followers"] = self.followers
        if self.rules:
            out["rules"] = self.rules
        if self.start != StartTile():
            s = self.start
            out["start"] = {"tile": s.tile, "x": s.x, "y": s.y, "rotation": s.rotation}
        if self.tile_order is not None:
            out["tile_order"] = list(self.tile_order)
        if self.seed is not None:
            out["seed"] = self.seed
        return out


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of a game file's ``moves``: the tile a player drew and what was done with it.

    ``actions`` are the JSON objects of the actions taken in the turn, in the order asked;
    ``typed_actions`` the same actions read (:func:`carc_teach.actions.read_action`), which the
    file's controller plays: read as the file is loaded, or by :meth:`read` for a move made in
    code. ``version`` is the game-file version the move was read from (error messages name a
    version-1 deployment by its old field, ``deploy``).
    """

    number: int
    tile: str | None = None
    x: int | None = None
    y: int | None = None
    rotation: int | None = None
    actions: tuple[dict[str, Any], ...] = ()
    discard: bool = False
    player: str | None = None
    note: str = ""
    version: int = 2
    #: the game file's ``final_actions`` (answers to decisions asked during scoring after the
    #: game), held as a move so that the same controller reads them; never written as a move
    final: bool = False
    #: ``actions`` read into typed actions (None: not read yet, see :meth:`read`)
    typed_actions: tuple[WrittenAction, ...] | None = field(default=None, compare=False, repr=False)

    def read(self) -> Move:
        """This move with its actions read into typed actions (itself when they are). Raises
        :class:`~carc_teach.errors.GameFileError` naming the move, the action and the field
        of an action that cannot be read."""
        if self.typed_actions is not None:
            return self
        typed = []
        for i, data in enumerate(self.actions):
            try:
                typed.append(read_action(data))
            except ActionError as exc:
                raise GameFileError(
                    exc.reason,
                    move=None if self.final else self.number,
                    **self.locate_action(i, exc.field),
                ) from None
        return replace(self, typed_actions=tuple(typed))

    def to_json(self) -> dict[str, Any]:
        """The move as a version-2 game file writes it."""
        out: dict[str, Any] = {}
        if self.player is not None:
            out["player"] = self.player
        if self.tile is not None:
            out["tile"] = self.tile
        if self.discard:
            out["discard"] = True
        else:
            out.update(x=self.x, y=self.y, rotation=self.rotation)
            if self.actions:
                out["actions"] = [dict(a) for a in self.actions]
        if self.note:
            out["note"] = self.note
        return out

    def locate_action(self, index: int, key: str | None = None) -> dict[str, Any]:
        """How an error names an action of this move: its 1-based number and the key
        inside it (a version-1 move names its one deployment by the old field,
        ``deploy.segment``)."""
        if self.version == 1:
            return {"field": f"deploy.{key}" if key else "deploy"}
        if self.final:
            return {
                "action": index + 1,
                "field": f"final_actions.{key}" if key else "final_actions",
            }
        return {"action": index + 1, "field": key}

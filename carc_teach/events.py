"""Events: every change of state in a game, in order.

The event log is the spine of carc_teach. A notebook slider walks it; ``Game.replay(until=k)``
rebuilds the state just after event ``k``; every point on the scoreboard is explained by exactly
one ``points`` event with its breakdown, rule id and annotation ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .frozen import draft_class

__all__ = ["Event", "EVENT_KINDS", "STEPS", "STEP_TITLES", "step_title"]

#: Turn steps in order, named after the Wikicarpedia "Scoring During Turn Sequence" page.
STEPS: tuple[str, ...] = (
    "setup",
    "1A",
    "1B",
    "1C",
    "2A",
    "2B",
    "2C",
    "3A",
    "3B",
    "3C",
    "4A",
    "4B",
    "final",
)
STEP_TITLES: dict[str, str] = {
    "setup": "Set-up",
    "1A": "Begin the turn",
    "1B": "Draw a tile",
    "1C": "Place the tile",
    "2A": "Move the wood: prologue",
    "2B": "Move the wood: deploy a figure",
    "2C": "Move the wood: resolve",
    "3A": "Identify completed features",
    "3B": "Resolve completed features",
    "3C": "Tile scoring",
    "4A": "Tile actions",
    "4B": "Resolve the turn",
    "final": "Scoring after the game",
}

#: What each event kind means (the ``kind`` field of an Event).
EVENT_KINDS: dict[str, str] = {
    "game-start": "the start tile is laid and every player gets their figures",
    "turn-begin": "a player's turn begins",
    "tile-drawn": "the player draws a tile",
    "tile-discarded": "the drawn tile fits nowhere and is set aside",
    "tile-placed": "the tile is placed on the board",
    "figure-deployed": "the player puts a figure from their supply on the placed tile",
    "deploy-skipped": "the player puts no figure on the placed tile",
    "feature-completed": "a placement completed a road, city or cloister",
    "points": "a player scores points",
    "no-score": "a feature scores nobody (no figures on it, or worth nothing)",
    "figure-returned": "a figure goes back to its owner's supply",
    "figure-moved": "a figure in play moves to another place",
    "final-scoring": "the tiles are used up: scoring after the game begins",
    "game-end": "the game is over",
}


@dataclass(frozen=True, slots=True)
class Event:
    """One change of state.

    Attributes
    ----------
    index:
        Position in the log (0-based).
    turn:
        Turn number (0 for set-up; final scoring keeps the last turn's number + 1).
    step:
        Turn step code (see :data:`STEPS`).
    kind:
        See :data:`EVENT_KINDS`.
    player:
        The player concerned (the one scoring, deploying, placing...), or None.
    points:
        Points scored by ``player`` in this event (0 unless ``kind == "points"``).
    breakdown:
        How ``points`` add up: ``(("3 tiles x 2", 6), ("1 pennant x 2", 2))``.
    rule:
        Rule id applied (see docs/architecture.md), e.g. ``base.city.score``.
    annotations:
        Ids of annotation records (footnotes, rulings) that bear on this event.
    text:
        One or two plain-English sentences explaining the event.
    tile, pos, rotation:
        The tile concerned and where it is.
    feature:
        Id of the feature concerned, with ``nodes`` its segments at that moment.
    figure:
        Id of the figure concerned.
    data:
        Anything else an expansion wants to record (JSON-serialisable).
    options:
        Ids of the rule options whose chosen value made this event what it is (their
        annotation ids are in ``annotations``).
    """

    index: int
    turn: int
    step: str
    kind: str
    player: str | None = None
    points: int = 0
    breakdown: tuple[tuple[str, int], ...] = ()
    rule: str = ""
    annotations: tuple[str, ...] = ()
    text: str = ""
    tile: str | None = None
    pos: tuple[int, int] | None = None
    rotation: int | None = None
    feature: int | None = None
    nodes: tuple[tuple[int, int, str], ...] = ()
    figure: str | None = None
    move: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    options: tuple[str, ...] = ()

    @property
    def step_title(self) -> str:
        return STEP_TITLES.get(self.step, self.step)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the ``events`` items of ``carc-teach replay --json``)."""
        out: dict[str, Any] = {
            "index": self.index,
            "turn": self.turn,
            "step": self.step,
            "kind": self.kind,
            "player": self.player,
            "points": self.points,
            "rule": self.rule,
            "annotations": list(self.annotations),
            "text": self.text,
        }
        if self.breakdown:
            out["breakdown"] = [{"what": w, "points": p} for w, p in self.breakdown]
        if self.move is not None:
            out["move"] = self.move
        if self.tile is not None:
            out["tile"] = self.tile
        if self.pos is not None:
            out["x"], out["y"] = self.pos
        if self.rotation is not None:
            out["rotation"] = self.rotation
        if self.feature is not None:
            out["feature"] = self.feature
            out["segments"] = [list(n) for n in self.nodes]
        if self.figure is not None:
            out["figure"] = self.figure
        if self.data:
            out["data"] = self.data
        if self.options:
            out["options"] = list(self.options)
        return out

    def __str__(self) -> str:
        pts = f" [+{self.points}]" if self.points else ""
        who = f" {self.player}:" if self.player else ""
        return f"#{self.index} T{self.turn} {self.step}{who} {self.text}{pts}"


def step_title(step: str) -> str:
    return STEP_TITLES.get(step, step)


#: a writable class with Event's slots: ``GameState.emit`` fills one, every field, and makes
#: it an Event by assigning the class (see :func:`carc_teach.frozen.draft_class`)
EventDraft = draft_class(Event)

"""A practice drill (:mod:`carc_teach.practice`): one rule to practise on fresh seeded games,
with the test of the events where it may be asked and the question asked there.

Each expansion package lists its drills in its ``drills.py`` (``DRILLS``); the practice module
gathers them from the registered packages, in their order. The helpers here build the usual
event tests and questions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import teach

if TYPE_CHECKING:  # pragma: no cover
    from ..events import Event
    from ..game import Game

__all__ = ["Drill", "scoring", "points_of", "first_of"]


@dataclass(frozen=True)
class Drill:
    """One rule to practise.

    ``candidates(event)`` is a cheap test of the events where the question may be asked;
    ``ask(game, index)`` builds the question there (None where the position does not fit).
    ``balance``: pick the kind of answer first ("Yes" or "No" ...), then the event, so that a
    rare answer comes up as often as a common one.
    """

    id: str
    title: str
    group: str
    expansions: tuple[str, ...]
    teaches: str
    candidates: Callable[[Event], bool]
    ask: Callable[[Game, int], teach.Prediction | None]
    balance: bool = False


def scoring(*rules: str, kinds=("points", "no-score")) -> Callable[[Event], bool]:
    """A cheap test of the events: those of ``kinds`` under one of ``rules``."""
    return lambda e: e.kind in kinds and e.rule in rules


def points_of(*rules: str) -> Callable[[Game, int], teach.Prediction | None]:
    """The points question (:func:`teach.prediction_for`) at a scoring under ``rules``."""

    def ask(game: Game, index: int) -> teach.Prediction | None:
        if game.events[index].rule not in rules:
            return None
        return teach.prediction_for(game, index)

    return ask


def first_of(*builders) -> Callable[[Game, int], teach.Prediction | None]:
    """The first question one of ``builders`` asks at an event."""

    def ask(game: Game, index: int) -> teach.Prediction | None:
        for build in builders:
            found = build(game, index)
            if found is not None:
                return found
        return None

    return ask

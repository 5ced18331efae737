"""Abbey & Mayor's practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from ...i18n import N_
from ...lessons import after_game
from ...lessons.drills import Drill, first_of
from . import lessons as abbey_mayor

__all__ = ["DRILLS"]

_ABBEY = ("base", "abbey-mayor")

DRILLS: tuple[Drill, ...] = (
    Drill(
        "mayor",
        N_("A mayor's strength"),
        N_("Abbey & Mayor"),
        _ABBEY,
        N_("A mayor counts one follower per pennant of its city, zero without pennants."),
        lambda e: e.kind == "figure-strength" and e.rule == "mayor.strength",
        abbey_mayor.mayor_question_for,
    ),
    Drill(
        "wagon",
        N_("Where a wagon may go"),
        N_("Abbey & Mayor"),
        _ABBEY,
        N_(
            "After its feature scores, a wagon may roll on to a connected unfinished, unoccupied "
            "road, city or cloister."
        ),
        lambda e: e.rule == "wagon.move",
        abbey_mayor.wagon_question_for,
    ),
    Drill(
        "barn",
        N_("A barn's points"),
        N_("Abbey & Mayor"),
        _ABBEY,
        N_(
            "A barn pays the farmers on its farm 3 per city at once, farmers joining later 1 per "
            "city, and its owner 4 per city after the game."
        ),
        lambda e: e.kind == "barn-connect" or e.rule in ("barn.scoring", "barn.final"),
        first_of(abbey_mayor.barn_question_for, after_game.barn_question_for),
    ),
)

"""The River II's practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from ...i18n import N_
from ...lessons.drills import Drill, first_of
from . import lessons as river2

__all__ = ["DRILLS"]

_RIVER = ("base", "river2")

DRILLS: tuple[Drill, ...] = (
    Drill(
        "river-removed",
        N_("A river tile that fits nowhere"),
        N_("The River II"),
        _RIVER,
        N_("A river tile no open end of the river can take leaves the game."),
        lambda e: e.kind == "river2-tile-removed",
        river2.removed_question_for,
    ),
    Drill(
        "river-place",
        N_("Where a river tile may go"),
        N_("The River II"),
        _RIVER,
        N_("The river continues from an open end and never turns back on itself."),
        lambda e: e.kind in ("tile-drawn", "tile-placed"),
        first_of(river2.bend_question_for, river2.where_question_for),
    ),
    Drill(
        "river-herd",
        N_("The pig herd's farm"),
        N_("The River II"),
        _RIVER,
        N_("The pig herd adds 1 point per completed city to the farmers of its farm."),
        lambda e: e.kind == "points" and e.rule == "base.final.farm",
        river2.pig_herd_question_for,
    ),
)

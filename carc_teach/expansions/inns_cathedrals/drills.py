"""Inns & Cathedrals's practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from ...i18n import N_
from ...lessons.drills import Drill, points_of, scoring

__all__ = ["DRILLS"]

_INNS = ("base", "inns-cathedrals")

DRILLS: tuple[Drill, ...] = (
    Drill(
        "inn",
        N_("A road with an inn"),
        N_("Inns & Cathedrals"),
        _INNS,
        N_("A completed road with an inn scores 2 per tile; unfinished, nothing."),
        scoring("inns.road.score", "inns.road.final"),
        points_of("inns.road.score", "inns.road.final"),
    ),
    Drill(
        "cathedral",
        N_("A city with a cathedral"),
        N_("Inns & Cathedrals"),
        _INNS,
        N_("A completed city with a cathedral scores 3 per tile and pennant; unfinished, nothing."),
        scoring("cathedrals.city.score", "cathedrals.city.final"),
        points_of("cathedrals.city.score", "cathedrals.city.final"),
    ),
)

"""The base game's practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from ...i18n import N_
from ...lessons import after_game
from ...lessons.drills import Drill, points_of, scoring

__all__ = ["DRILLS"]

_BASE = ("base",)

DRILLS: tuple[Drill, ...] = (
    Drill(
        "road",
        N_("Points of a completed road"),
        N_("Base game"),
        _BASE,
        N_(
            "A completed road scores 1 point per tile for the player(s) with the most followers on it."
        ),
        scoring("base.road.score"),
        points_of("base.road.score"),
    ),
    Drill(
        "city",
        N_("Points of a completed city"),
        N_("Base game"),
        _BASE,
        N_("A completed city scores 2 per tile and 2 per pennant; ties score in full."),
        scoring("base.city.score"),
        points_of("base.city.score"),
    ),
    Drill(
        "cloister",
        N_("Points of a cloister"),
        N_("Base game"),
        _BASE,
        N_(
            "A cloister surrounded by eight tiles scores 9; after the game 1 for itself and 1 per "
            "neighbour."
        ),
        scoring("base.cloister.score", "base.final.cloister"),
        points_of("base.cloister.score", "base.final.cloister"),
    ),
    Drill(
        "unfinished",
        N_("Unfinished roads and cities after the game"),
        N_("Base game"),
        _BASE,
        N_(
            "After the last tile an unfinished road scores 1 per tile, an unfinished city 1 per "
            "tile and pennant."
        ),
        scoring("base.final.road", "base.final.city"),
        points_of("base.final.road", "base.final.city"),
    ),
    Drill(
        "farm",
        N_("Points of a farm"),
        N_("Base game"),
        _BASE,
        N_("After the game a farm scores 3 per completed city it touches."),
        scoring("base.final.farm", kinds=("points",)),
        after_game.farm_question_for,
    ),
)

"""Heretics & Shrines's practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from ...i18n import N_
from ...lessons.drills import Drill, first_of
from . import lessons as shrines
from . import views as shrines_views

__all__ = ["DRILLS"]

_SHRINES = ("base", "shrines")

DRILLS: tuple[Drill, ...] = (
    Drill(
        "shrine-challenge",
        N_("A challenge between a shrine and a cloister"),
        N_("Heretics & Shrines"),
        _SHRINES,
        N_(
            "A shrine next to a cloister challenges it: the first completed scores, the other's "
            "follower goes home empty-handed."
        ),
        lambda e: (
            e.kind
            in ("challenge-started", "feature-completed", "challenge-open", "challenge-drawn")
        ),
        first_of(shrines.challenge_start_question_for, shrines_views.challenge_question_for),
    ),
    Drill(
        "shrine-limit",
        N_("Where a shrine or cloister may not go"),
        N_("Heretics & Shrines"),
        _SHRINES,
        N_("A shrine may touch one cloister at most, and a cloister one shrine."),
        lambda e: e.kind == "placement-limited",
        shrines.limit_question_for,
    ),
)

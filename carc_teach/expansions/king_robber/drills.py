"""King & Robber Baron's practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_
from ...lessons import after_game
from ...lessons.drills import Drill, scoring
from . import views as king_views

if TYPE_CHECKING:  # pragma: no cover
    from ...events import Event

__all__ = ["DRILLS"]

_KING = ("base", "king-robber")


def _is_token_award(event: Event) -> bool:
    return king_views.token_of(event) is not None


DRILLS: tuple[Drill, ...] = (
    Drill(
        "king-token",
        N_("Does the King or the Robber Baron change hands?"),
        N_("King & Robber Baron"),
        _KING,
        N_(
            "A completed city (road) takes the King (Robber Baron) only with more tiles than any "
            "before it."
        ),
        _is_token_award,
        king_views.token_question_for,
        balance=True,
    ),
    Drill(
        "king-final",
        N_("The King's and the Robber Baron's points"),
        N_("King & Robber Baron"),
        _KING,
        N_(
            "After the game the King scores 1 per completed city, the Robber Baron 1 per completed "
            "road."
        ),
        scoring("king.final", "robber.final", kinds=("points",)),
        after_game.token_question_for,
    ),
)

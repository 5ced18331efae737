"""The base game's walkthrough (``notebooks/turn_sequence.py``): every bundled game, or one the
learner pastes, stepped event by event with the points of each scoring asked first."""

from __future__ import annotations

from ... import teach
from ...i18n import N_
from ...lessons.lesson_sets import Walkthrough

__all__ = ["WALKTHROUGH"]

# The points of each scoring are the question; "Next scoring" skips to the next one.
WALKTHROUGH = Walkthrough(
    jump_label=N_("Next scoring"),
    jump=lambda game, index: teach.next_event(game, index, scoring=True),
    board_help=N_("""
    **How to read the board.** Orange frame: the tile placed by the current event. Yellow:
    the feature the event is about (a cloister also shows its 3×3 neighbourhood). Figures
    stand on the segment they occupy; farmers lie down. Hover any shape for its tile,
    segment id and owner. The *Feature graph* tab draws every placed segment as a node:
    solid lines join segments that meet across a tile edge (one connected group is one
    road, city, field or cloister), dashed lines mark where a field touches a city.
        """),
    quiz_label=N_("Ask me to predict each score first"),
)

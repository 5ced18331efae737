"""The rule ids of King and Robber Baron, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("king", "The King tile", "king-robber", None),
    Topic("king.award", "Who holds the King: the biggest completed city", "king-robber", "king"),
    Topic("king.final", "The King's points at the end", "king-robber", "king"),
    Topic(
        "king.bookkeeping",
        "Keeping track of the biggest city and longest road",
        "king-robber",
        "king",
    ),
    Topic("robber", "The Robber Baron tile", "king-robber", None),
    Topic(
        "robber.award",
        "Who holds the Robber Baron: the longest completed road",
        "king-robber",
        "robber",
    ),
    Topic("robber.final", "The Robber Baron's points at the end", "king-robber", "robber"),
)

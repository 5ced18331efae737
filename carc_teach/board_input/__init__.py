"""A board that takes clicks: the agreed interface between the board component and its users.

The Play page (and any page where a learner acts on the board) draws the same SVG the
walkthroughs draw and lets the learner pick a *target* on it: a square to lay a tile on, a
segment of a placed tile to deploy on or move to, a corner where four tiles meet (the barn), or
a named place that is not a feature (a quarter of the City of Carcassonne). The caller lists the
targets, legal and refused alike (a click on a refused one asks why not); the component reports
which one was picked. Where on the picture a target sits is the drawing's business
(:mod:`carc_teach.render.svg`), so callers speak in board coordinates only.

This module holds the :class:`Target` record; the component that shows a board and reports the
picked target is built beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..figures import Corner, Node, Place

__all__ = ["Target", "Square", "Where"]

#: a square of the board, (x, y), as tiles are placed
Square = tuple[int, int]

#: what a target points at: a square, a segment of a placed tile (x, y, segment id), the corner
#: where four tiles meet, or a named place (``Place("count.castle")``)
Where = Square | Node | Corner | Place


@dataclass(frozen=True, slots=True)
class Target:
    """One thing on the board the learner may pick.

    Parameters
    ----------
    id:
        The caller's name for it, returned as it is when it is picked (never shown).
    where:
        What it points at, in board coordinates (see :data:`Where`).
    label:
        Its name for people: the tooltip and what a screen reader says when the keyboard
        reaches it ("square 2, -1", "the city on 2, -1"). Untrusted text is escaped where
        the component writes it.
    legal:
        Whether picking it is a legal answer now. Refused targets are drawn apart (greyed)
        but can still be picked, so that the page can say which rule refuses them.
    """

    id: str
    where: Where
    label: str
    legal: bool = True

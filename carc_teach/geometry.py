"""Square-grid geometry shared by the feature graph, the board and the players.

Coordinates: ``x`` grows east, ``y`` grows south (as on screen). Sides are numbered 0-3
clockwise from north; half-sides (where fields meet) 0-7 clockwise from the north-west corner
(see :mod:`carc_teach.tiles`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .tiles import opposite_half

if TYPE_CHECKING:  # pragma: no cover
    from .tiles import OrientedTile

__all__ = ["Position", "NEIGHBOUR_OFFSETS", "SURROUNDING_OFFSETS", "edge_links", "CORNER_OFFSETS"]

Position = tuple[int, int]
#: (dx, dy) of the neighbour across each side, in side order N E S W.
NEIGHBOUR_OFFSETS: tuple[Position, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: The eight squares around a square (a cloister's neighbourhood), row by row.
SURROUNDING_OFFSETS: tuple[Position, ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
#: The grid point at each corner of square (x, y), as an offset: NW, NE, SE, SW. A grid point
#: (cx, cy) is the north-west corner of square (cx, cy).
CORNER_OFFSETS: dict[str, Position] = {"NW": (0, 0), "NE": (1, 0), "SE": (1, 1), "SW": (0, 1)}


def edge_links(
    tile: OrientedTile, other: OrientedTile, side: int
) -> Iterator[tuple[int, int, bool]]:
    """The segment pairs that meet where ``tile``'s ``side`` touches ``other``.

    Yields ``(i, j, whole_side)``: index ``i`` into ``tile.segments`` and ``j`` into
    ``other.segments``; ``whole_side`` is True for the road/city (or river) on the side and
    False for the fields on its two halves. This is the one place the tile-edge walk is
    written; the feature graph, its from-scratch check and the greedy player all use it.
    """
    i = tile.side_segment[side]
    if i is not None:
        j = other.side_segment[(side + 2) % 4]
        if j is not None:
            yield i, j, True
    for half in (2 * side, 2 * side + 1):
        i = tile.half_segment[half]
        if i is None:
            continue
        j = other.half_segment[opposite_half(half)]
        if j is not None:
            yield i, j, False

"""The board: placed tiles, placement legality and the open frontier.

The frontier is every empty square that touches the board, each with the edge kinds its
placed neighbours demand. It is updated incrementally as tiles arrive (each placement touches at
most five squares), so :meth:`Board.legal_placements` never scans the whole board: it looks at
the frontier only, and which rotations of a tile fit a given set of demands is memoised.

Coordinates: ``x`` grows east, ``y`` grows south (as on screen).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .features import FeatureGraph, TileChange
from .geometry import NEIGHBOUR_OFFSETS, SURROUNDING_OFFSETS, Position
from .tiles import ROTATIONS, SIDES, OrientedTile, TileType, orient

__all__ = [
    "Board",
    "PlacedTile",
    "Placement",
    "TileChange",
    "NEIGHBOUR_OFFSETS",
    "SURROUNDING_OFFSETS",
]


@dataclass(frozen=True, slots=True)
class Placement:
    """Where and how a tile may be (or was) placed."""

    x: int
    y: int
    rotation: int

    def __repr__(self) -> str:
        return f"Placement({self.x}, {self.y}, {self.rotation})"


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the board."""

    x: int
    y: int
    tile: OrientedTile
    #: Order of placement: 0 for the start tile.
    order: int

    @property
    def type(self) -> TileType:
        return self.tile.type

    @property
    def rotation(self) -> int:
        return self.tile.rotation

    @property
    def pos(self) -> Position:
        return (self.x, self.y)


# (edges of the unrotated tile, demands) -> rotations that fit. Demands are a 4-tuple of edge
# kinds or None (no neighbour on that side). Shared by every board: it only depends on its key.
_FIT_CACHE: dict[tuple[tuple[str, ...], tuple[str | None, ...]], tuple[int, ...]] = {}


#: the edge kind of a side that matches anything (the abbey)
WILDCARD = "any"


def _match(demand: str | None, edge: str) -> bool:
    return demand is None or demand == edge or demand == WILDCARD or edge == WILDCARD


def _fitting_rotations(tile_type: TileType, demands: tuple[str | None, ...]) -> tuple[int, ...]:
    key = (tile_type.edges, demands)
    hit = _FIT_CACHE.get(key)
    if hit is None:
        fits = []
        for rotation in ROTATIONS:
            edges = orient(tile_type, rotation).edges
            if all(_match(d, e) for d, e in zip(demands, edges, strict=True)):
                fits.append(rotation)
        hit = _FIT_CACHE[key] = tuple(fits)
    return hit


class Board:
    """Placed tiles, the frontier of open squares, and the feature graph they make.

    Parameters
    ----------
    placement_rules:
        Extra legality checks (expansions: river, shrines, ...). Each is called as
        ``rule(board, tile_type, placement)`` and returns ``None`` when the placement is
        allowed or a sentence saying why it is not.
    """

    def __init__(
        self,
        placement_rules: tuple[Callable[[Board, TileType, Placement], str | None], ...] = (),
    ) -> None:
        self.tiles: dict[Position, PlacedTile] = {}
        #: empty square -> edge kinds its neighbours demand (None where there is no neighbour)
        self.frontier: dict[Position, tuple[str | None, ...]] = {}
        self.features = FeatureGraph(self.tiles)
        self.placement_rules = placement_rules

    # -- reading -------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, pos: object) -> bool:
        return pos in self.tiles

    def __getitem__(self, pos: Position) -> PlacedTile:
        return self.tiles[pos]

    def __iter__(self) -> Iterator[PlacedTile]:
        return iter(self.tiles.values())

    def get(self, pos: Position) -> PlacedTile | None:
        return self.tiles.get(pos)

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of the placed tiles."""
        xs = [p[0] for p in self.tiles]
        ys = [p[1] for p in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)

    def demands(self, pos: Position) -> tuple[str | None, ...]:
        """The edge kind each neighbour of ``pos`` shows toward it (None: no neighbour)."""
        x, y = pos
        out: list[str | None] = []
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
            n = self.tiles.get((x + dx, y + dy))
            out.append(None if n is None else n.tile.edges[(side + 2) % 4])
        return tuple(out)

    def _repr_svg_(self) -> str:
        from .render.svg import board_svg

        return board_svg(self)

    # -- legality ------------------------------------------------------------------------
    def legal_placements(self, tile_type: TileType) -> list[Placement]:
        """Every placement of ``tile_type`` allowed on this board.

        Notes
        -----
        Looks only at the frontier (O(frontier) with memoised rotation fits), never at the
        whole board. Symmetric tiles list every rotation that fits, even where two rotations
        look alike, because the segments they put on each side have different ids.
        """
        out: list[Placement] = []
        rules = self.placement_rules
        for (x, y), demands in self.frontier.items():
            for rotation in _fitting_rotations(tile_type, demands):
                p = Placement(x, y, rotation)
                if rules and any(rule(self, tile_type, p) for rule in rules):
                    continue
                out.append(p)
        return out

    def can_place(self, tile_type: TileType) -> bool:
        """Whether ``tile_type`` fits anywhere (stops at the first legal placement)."""
        rules = self.placement_rules
        for (x, y), demands in self.frontier.items():
            for rotation in _fitting_rotations(tile_type, demands):
                if not rules or not any(
                    rule(self, tile_type, Placement(x, y, rotation)) for rule in rules
                ):
                    return True
        return False

    def placement_problem(self, tile_type: TileType, placement: Placement) -> str | None:
        """``None`` if the placement is legal, else a sentence explaining why it is not."""
        pos = (placement.x, placement.y)
        if placement.rotation not in ROTATIONS:
            return f"rotation must be 0, 90, 180 or 270, not {placement.rotation}"
        if pos in self.tiles:
            t = self.tiles[pos]
            return f"square ({pos[0]}, {pos[1]}) already holds tile {t.type.id}"
        if self.tiles and pos not in self.frontier:
            return f"square ({pos[0]}, {pos[1]}) does not touch any placed tile along a side"
        edges = orient(tile_type, placement.rotation).edges
        clashes = []
        for side, demand in enumerate(self.demands(pos)):
            if not _match(demand, edges[side]):
                clashes.append(
                    f"its {SIDES[side]} side is {edges[side]} but the neighbour shows {demand}"
                )
        if clashes:
            return "edges do not match: " + "; ".join(clashes)
        for rule in self.placement_rules:
            problem = rule(self, tile_type, placement)
            if problem:
                return problem
        return None

    # -- changing ------------------------------------------------------------------------
    def place(self, tile_type: TileType, placement: Placement, *, check: bool = True) -> PlacedTile:
        """Put a tile on the board, update the frontier and merge its features.

        Raises ``ValueError`` with the reason when ``check`` is true and the placement is
        illegal (the game layer turns that into a located :class:`IllegalMoveError`).
        """
        return self.add(tile_type, placement, check=check).placed

    def add(self, tile_type: TileType, placement: Placement, *, check: bool = True) -> TileChange:
        """:meth:`place`, returning what changed: the tile, and which features it joined
        (:class:`~carc_teach.features.TileChange`)."""
        if check:
            problem = self.placement_problem(tile_type, placement)
            if problem:
                raise ValueError(problem)
        x, y = placement.x, placement.y
        placed = PlacedTile(x, y, orient(tile_type, placement.rotation), len(self.tiles))
        self.tiles[(x, y)] = placed
        self.frontier.pop((x, y), None)
        for dx, dy in NEIGHBOUR_OFFSETS:
            q = (x + dx, y + dy)
            if q not in self.tiles:
                self.frontier[q] = self.demands(q)
        return self.features.add_tile(placed)

    def clone(self, figure_map: dict[int, object]) -> Board:
        """An independent copy whose features hold the copied figures (``figure_map``: id of
        an old figure -> its copy). Placed tiles are immutable and shared."""
        new = Board.__new__(Board)
        new.tiles = dict(self.tiles)
        new.frontier = dict(self.frontier)
        new.features = self.features.clone(new.tiles, figure_map)  # type: ignore[arg-type]
        new.placement_rules = self.placement_rules
        return new

"""The board: placed tiles, placement legality and the open frontier.

The frontier is every empty square that touches the board, each with the edge kinds its
placed neighbours demand. It is updated incrementally as tiles arrive (each placement touches at
most five squares), so :meth:`Board.legal_placements` never scans the whole board: it looks at
the frontier only, and which rotations of a tile fit a given set of demands is memoised.

Coordinates: ``x`` grows east, ``y`` grows south (as on screen).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .features import FeatureGraph, TileChange
from .frozen import fast_constructor
from .geometry import NEIGHBOUR_OFFSETS, SURROUNDING_OFFSETS, Position
from .tiles import ROTATIONS, SIDES, OrientedTile, TileType, edges_match, orient

__all__ = [
    "Board",
    "PlacedTile",
    "Placement",
    "Placements",
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


# built for every placement listed or made (see carc_teach.frozen)
_new_placement = fast_constructor(Placement)
_new_placed_tile = fast_constructor(PlacedTile)


# A square's demands as one small int (3 bits per side), so that looking up which rotations of
# a tile fit a square hashes an int, not a tuple of strings.
_EDGE_CODES: dict[str | None, int] = {None: 0}


def _edge_code(kind: str | None) -> int:
    c = _EDGE_CODES.get(kind)
    if c is None:
        c = _EDGE_CODES[kind] = len(_EDGE_CODES)
        if c > 7:
            raise ValueError("more than seven edge kinds")
    return c


def _demand_code(demands: tuple[str | None, ...]) -> int:
    code = 0
    for shift, kind in zip((0, 3, 6, 9), demands, strict=True):
        c = _EDGE_CODES.get(kind)
        if c is None:
            c = _EDGE_CODES[kind] = len(_EDGE_CODES)
            if c > 7:
                raise ValueError("more than seven edge kinds")
        code |= c << shift
    return code


# edges of the unrotated tile -> {demand code -> rotations that fit}. Shared by every board:
# it depends on its keys only.
_FIT_CACHE: dict[tuple[str, ...], dict[int, tuple[int, ...]]] = {}


def _fits_of(tile_type: TileType) -> dict[int, tuple[int, ...]]:
    table = _FIT_CACHE.get(tile_type.edges)
    if table is None:
        table = _FIT_CACHE[tile_type.edges] = {}
    return table


def _fitting_rotations(tile_type: TileType, demands: tuple[str | None, ...]) -> tuple[int, ...]:
    """The rotations of ``tile_type`` whose edges match ``demands`` (memoised)."""
    table = _fits_of(tile_type)
    code = _demand_code(demands)
    hit = table.get(code)
    if hit is None:
        fits = []
        for rotation in ROTATIONS:
            edges = orient(tile_type, rotation).edges
            if all(edges_match(d, e) for d, e in zip(demands, edges, strict=True)):
                fits.append(rotation)
        hit = table[code] = tuple(fits)
    return hit


class Placements(Sequence[Placement]):
    """The legal placements of a tile, as a read-only sequence.

    Holds ``(x, y, rotations)`` per square that fits, the rotations shared with the fit
    memo, so listing the placements builds no object per candidate; a :class:`Placement` is
    made only for the entries asked for.
    """

    __slots__ = ("_squares", "_count")

    def __init__(
        self, squares: list[tuple[int, int, tuple[int, ...]]], count: int | None = None
    ) -> None:
        self._squares = squares
        self._count = sum(len(r) for _, _, r in squares) if count is None else count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("placement index out of range")
        for x, y, rotations in self._squares:
            if index < len(rotations):
                return _new_placement(x, y, rotations[index])
            index -= len(rotations)
        raise AssertionError("unreachable")

    def __iter__(self) -> Iterator[Placement]:
        for x, y, rotations in self._squares:
            for r in rotations:
                yield _new_placement(x, y, r)

    def __contains__(self, p: object) -> bool:
        if not isinstance(p, Placement):
            return False
        return any(x == p.x and y == p.y and p.rotation in r for x, y, r in self._squares)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Placements({list(self)!r})"


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
        #: the same squares, in the same order, with their demands as an int code
        self._codes: dict[Position, int] = {}
        self.features = FeatureGraph(self.tiles)
        self.placement_rules = placement_rules
        #: (tiles on the board, tile type, its legal placements) of the last search
        self._legal: tuple[int, TileType, Sequence[Placement]] | None = None

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
    def legal_placements(self, tile_type: TileType) -> Sequence[Placement]:
        """Every placement of ``tile_type`` allowed on this board, square by square in
        frontier order, rotations in increasing order.

        Notes
        -----
        Looks only at the frontier (O(frontier), one int-keyed memo lookup per square), never
        at the whole board, and builds no object per candidate (see :class:`Placements`).
        Symmetric tiles list every rotation that fits, even where two rotations look alike,
        because the segments they put on each side have different ids. The last answer is
        kept: a turn asks "does it fit?" and "where?" about the same tile.
        """
        cached = self._legal
        if cached is not None and cached[0] == len(self.tiles) and cached[1] is tile_type:
            return cached[2]
        table = _fits_of(tile_type)
        get = table.get
        squares: list[tuple[int, int, tuple[int, ...]]] = []
        frontier = self.frontier
        count = 0
        for pos, code in self._codes.items():
            rotations = get(code)
            if rotations is None:
                rotations = _fitting_rotations(tile_type, frontier[pos])
            if rotations:
                squares.append((pos[0], pos[1], rotations))
                count += len(rotations)
        out: Sequence[Placement] = Placements(squares, count)
        rules = self.placement_rules
        if rules:
            out = [p for p in out if not any(rule(self, tile_type, p) for rule in rules)]
        self._legal = (len(self.tiles), tile_type, out)
        return out

    def can_place(self, tile_type: TileType) -> bool:
        """Whether ``tile_type`` fits anywhere (stops at the first legal placement)."""
        rules = self.placement_rules
        table = _fits_of(tile_type)
        frontier = self.frontier
        for pos, code in self._codes.items():
            rotations = table.get(code)
            if rotations is None:
                rotations = _fitting_rotations(tile_type, frontier[pos])
            for rotation in rotations:
                if not rules or not any(
                    rule(self, tile_type, Placement(pos[0], pos[1], rotation)) for rule in rules
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
            if not edges_match(demand, edges[side]):
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
        oriented = orient(tile_type, placement.rotation)
        placed = _new_placed_tile(x, y, oriented, len(self.tiles))
        tiles, frontier, codes = self.tiles, self.frontier, self._codes
        tiles[(x, y)] = placed
        frontier.pop((x, y), None)
        codes.pop((x, y), None)
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
            q = (x + dx, y + dy)
            if q in tiles:
                continue
            before = frontier.get(q)
            if before is None:
                # a new square: what each of its neighbours demands, and the same as a code
                qx, qy = q
                demands_list: list[str | None] = []
                code = 0
                for qside, (ex, ey) in enumerate(NEIGHBOUR_OFFSETS):
                    n = tiles.get((qx + ex, qy + ey))
                    if n is None:
                        demands_list.append(None)
                    else:
                        edge = n.tile.edges[(qside + 2) % 4]
                        demands_list.append(edge)
                        c = _EDGE_CODES.get(edge)
                        code |= (_edge_code(edge) if c is None else c) << (3 * qside)
                frontier[q] = tuple(demands_list)
                codes[q] = code
            else:
                # only the side facing the new tile changes
                facing = (side + 2) % 4
                edge = oriented.edges[side]
                frontier[q] = before[:facing] + (edge,) + before[facing + 1 :]
                codes[q] |= _edge_code(edge) << (3 * facing)
        return self.features.add_tile(placed)

    def clone(self, figure_map: dict[int, object]) -> Board:
        """An independent copy whose features hold the copied figures (``figure_map``: id of
        an old figure -> its copy). Placed tiles are immutable and shared."""
        new = Board.__new__(Board)
        new.tiles = dict(self.tiles)
        new.frontier = dict(self.frontier)
        new._codes = dict(self._codes)
        new.features = self.features.clone(new.tiles, figure_map)  # type: ignore[arg-type]
        new.placement_rules = self.placement_rules
        new._legal = None
        return new

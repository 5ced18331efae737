"""The board: placed tiles, placement legality and the open frontier.

The frontier is every empty square that touches the board, each with the edge kinds its
placed neighbours demand. It is updated incrementally as tiles arrive (each placement touches at
most five squares), so :meth:`Board.legal_placements` never scans the whole board: it looks at
the frontier only, and which rotations of a tile fit a given set of demands is memoised.

Coordinates: ``x`` grows east, ``y`` grows south (as on screen).
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress

from .errors import Refusal, phrase
from .events import Said, TileName, spoken
from .features import FeatureGraph, TileChange
from .frozen import fast_constructor
from .geometry import NEIGHBOUR_OFFSETS, SURROUNDING_OFFSETS, Position
from .tiles import (
    ROTATIONS,
    WILDCARD_EDGE,
    OrientedTile,
    TileType,
    edges_match,
    orient,
    segment_phrase,
    segment_words,
)

__all__ = [
    "Board",
    "PlacedTile",
    "Placement",
    "PlacementRule",
    "Placements",
    "TileChange",
    "NEIGHBOUR_OFFSETS",
    "SURROUNDING_OFFSETS",
]


#: the edge kinds as a refusal says them (said again in another language, docs/i18n.md)
_EDGE_WORDS = {
    "city": phrase("city"),
    "road": phrase("road"),
    "field": phrase("field"),
    "river": phrase("river"),
    "quarter": phrase("quarter"),
}


#: why one side clashes, a whole clause per side: the English names the side by its letter
#: ("its E side"), which Italian and Czech say in words (nord / severní ...), as Czech's S
#: (sever) is the English N
_SIDE_CLASH = (
    lambda **p: phrase(
        "its N side is {edge} but the neighbour shows {demand} (tile {tile}: {name})", **p
    ),
    lambda **p: phrase(
        "its E side is {edge} but the neighbour shows {demand} (tile {tile}: {name})", **p
    ),
    lambda **p: phrase(
        "its S side is {edge} but the neighbour shows {demand} (tile {tile}: {name})", **p
    ),
    lambda **p: phrase(
        "its W side is {edge} but the neighbour shows {demand} (tile {tile}: {name})", **p
    ),
)


def _edges_clash(clashes: list[str]) -> str:
    """Why a tile's edges do not match its neighbours': one clause per side, joined by "; "."""
    joined = clashes[0]
    for clash in clashes[1:]:
        joined = phrase("{first}; {second}", first=joined, second=clash)
    return phrase(
        "edges do not match: {clashes} (every shared side must continue what the neighbour shows)",
        clashes=joined,
    )


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
#: the edge kind of each code (the reverse of _EDGE_CODES)
_EDGE_KINDS: list[str | None] = [None]
_SHIFTS = (0, 3, 6, 9)


def _edge_code(kind: str | None) -> int:
    c = _EDGE_CODES.get(kind)
    if c is None:
        c = len(_EDGE_CODES)
        if c > 7:
            raise ValueError("more than seven edge kinds")
        _EDGE_CODES[kind] = c
        _EDGE_KINDS.append(kind)
    return c


def _demand_code(demands: tuple[str | None, ...]) -> int:
    code = 0
    for shift, kind in zip(_SHIFTS, demands, strict=True):
        code |= _edge_code(kind) << shift
    return code


class _FitMemo(dict):
    """Demand code -> the rotations of a tile's edges that fit a square with those demands,
    worked out the first time a code is looked up."""

    __slots__ = ("_rotated", "_wild", "_fits_anything")

    def __init__(self, tile_type: TileType) -> None:
        super().__init__()
        #: each rotation with the edges it shows, coded like demands
        self._rotated = tuple((r, _demand_code(orient(tile_type, r).edges)) for r in ROTATIONS)
        #: whether the tile shows the wildcard edge on a side
        self._wild = WILDCARD_EDGE in tile_type.edges
        #: every rotation, when the tile shows the wildcard edge on all four sides (the
        #: abbey), which matches anything (tiles.edges_match): then every rotation fits
        self._fits_anything = (
            ROTATIONS if all(e == WILDCARD_EDGE for e in tile_type.edges) else None
        )

    def __missing__(self, code: int) -> tuple[int, ...]:
        if self._fits_anything is not None:
            fits = self[code] = self._fits_anything
            return fits
        # A game meets about a hundred new codes in a fresh process, so this is kept cheap: no
        # generator, no loop over the sides.
        # Where there is a neighbour (a side's 3 bits not all 0), the rotated tile must show
        # the same kind: the low bit of each side ORs its three bits, times 7 fills the side ...
        mask = ((code | code >> 1 | code >> 2) & 0o1111) * 7
        # ... unless either shows the wildcard edge (see tiles.edges_match), which only a
        # code or a tile with a wildcard side needs looking at
        wild = _EDGE_CODES.get(WILDCARD_EDGE)
        if wild is not None and not _has_side(code, wild) and not self._wild:
            wild = None
        hit = []
        for rotation, edges in self._rotated:
            if edges & mask == code or (wild is not None and _fits_wildcards(code, edges, wild)):
                hit.append(rotation)
        fits = self[code] = tuple(hit)
        return fits


def _has_side(code: int, kind: int) -> bool:
    """Whether a side of ``code`` (demands or edges) holds the edge code ``kind``."""
    other = code ^ kind * 0o1111  # a side equal to kind is 0 here
    return (other | other >> 1 | other >> 2) & 0o1111 != 0o1111


def _fits_wildcards(code: int, edges: int, wild: int) -> bool:
    for shift in _SHIFTS:
        demand, edge = code >> shift & 7, edges >> shift & 7
        if demand and demand != edge and demand != wild and edge != wild:
            return False
    return True


# edges of the unrotated tile -> its fit memo. Shared by every board: it depends on its keys
# only.
_FIT_CACHE: dict[tuple[str, ...], _FitMemo] = {}


def _fits_of(tile_type: TileType) -> _FitMemo:
    table = _FIT_CACHE.get(tile_type.edges)
    if table is None:
        table = _FIT_CACHE[tile_type.edges] = _FitMemo(tile_type)
    return table


#: per side of a tile ``(side, dx, dy, demand)``: the offset of the square beside that side
#: and the demand the tile's edge puts on it
_Around = tuple[tuple[int, int, int, int], ...]


def _demands_around(tile: OrientedTile) -> _Around:
    """Per side, the square beside it and the demand the tile's edge puts on that square: the
    edge's code shifted to the side of that square that faces the tile."""
    return tuple(
        (side, dx, dy, _edge_code(tile.edges[side]) << _SHIFTS[(side + 2) % 4])
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS)
    )


def _turnings(tile_type: TileType) -> dict[int, tuple[OrientedTile, _Around]]:
    turned = {}
    for angle in ROTATIONS:
        oriented = orient(tile_type, angle)
        turned[angle] = (oriented, _demands_around(oriented))
    return turned


#: id of a tile type -> (the type, per rotation: the oriented tile and the demands it puts on
#: the squares around it). Keyed by identity, as looking ``orient(tile_type, rotation)`` up in
#: its cache hashes the type by a Python ``__hash__``; the entry holds the type, so the id
#: stays its own.
_PLACING: dict[int, tuple[TileType, dict[int, tuple[OrientedTile, _Around]]]] = {}


def _placing(tile_type: TileType, rotation: int) -> tuple[OrientedTile, _Around]:
    """The tile turned by ``rotation`` and the demands it puts around it (one look-up for
    Board.add)."""
    entry = _PLACING.get(id(tile_type))
    if entry is None or entry[0] is not tile_type:
        entry = _PLACING[id(tile_type)] = (tile_type, _turnings(tile_type))
    try:
        return entry[1][rotation]
    except KeyError:
        orient(tile_type, rotation)  # not one of the four rotations: orient() says so
        raise


def _concerns_every_tile(tile_type: TileType) -> bool:
    return True


class PlacementRule:
    """An extra placement rule of an expansion, with what the board needs to apply it without
    asking it about every candidate placement.

    ``problem(board, tile_type, placement)`` is the rule itself: ``None`` when it allows the
    placement, else a sentence saying why not. Calling the rule calls it, and
    :meth:`Board.placement_problem` asks it for the reason about one placement on demand; the
    search for legal placements only needs a yes or no, asked as narrowly as the rule allows:

    - ``concerns(tile_type)``: False when the rule allows every placement of that tile type
      (the abbey's hole rule concerns the abbey only). Asked once per tile type and board.
    - ``square_code(code)``: for a rule that depends only on which sides of the square have a
      neighbour and what they show (the square's demand code, see :data:`Board.codes`),
      whether it allows the square: the board folds it into its table of which rotations fit
      a demand code, so the rule costs nothing per search.
    - ``refused_squares(board, tile_type)``: for a rule that does not depend on the rotation,
      the squares (a container) where it refuses the tile, asked once per search: the board
      takes them out of the frontier's fitting squares with no call per square (the shrines'
      limit, which keeps those squares up to date as buildings arrive).
    - ``allowed_rotations(board, tile_type, square, fitting)``: for a rule that looks at the
      square's surroundings, the rotations among ``fitting`` (those whose edges fit there, in
      increasing order) it allows, asked once per square where the edges fit when the rule
      has none of the two above, so that what all rotations share is looked at once (the
      river: which sides touch a tile). By default ``problem(...)`` is asked of each
      placement (no sentence is built when it allows it).
    - ``allows_only_on(board)``: with ``allowed_rotations``, the squares (a container)
      outside which the rule refuses every placement of the tiles it concerns, or None when
      it may allow one anywhere; asked once per search, so that the rule is asked only there
      (the river: squares beside a river tile).

    A module may also give plain functions ``rule(board, tile_type, placement)`` as its
    placement rules: they concern every tile and are asked about every candidate.
    """

    __slots__ = (
        "problem",
        "concerns",
        "square_code",
        "refused_squares",
        "allowed_rotations",
        "allows_only_on",
    )

    def __init__(
        self,
        problem: Callable[[Board, TileType, Placement], str | None],
        *,
        concerns: Callable[[TileType], bool] = _concerns_every_tile,
        square_code: Callable[[int], bool] | None = None,
        refused_squares: Callable[[Board, TileType], Collection[Position]] | None = None,
        allowed_rotations: Callable[[Board, TileType, Position, tuple[int, ...]], tuple[int, ...]]
        | None = None,
        allows_only_on: Callable[[Board], Container[Position] | None] | None = None,
    ) -> None:
        self.problem = problem
        self.concerns = concerns
        self.square_code = square_code
        self.refused_squares = refused_squares
        self.allowed_rotations = allowed_rotations
        self.allows_only_on = allows_only_on

    def __call__(self, board: Board, tile_type: TileType, placement: Placement) -> str | None:
        return self.problem(board, tile_type, placement)

    def __repr__(self) -> str:
        return f"PlacementRule({getattr(self.problem, '__name__', self.problem)!r})"


class _FacingMemo(dict):
    """Demand code -> whether a side of it holds one of some edge kinds (a neighbour shows
    that kind toward the square), worked out the first time a code is looked up. An entry
    stays right when a new kind gets its code later: no earlier code holds the new one."""

    __slots__ = ("_kinds",)

    def __init__(self, kinds: tuple[str, ...]) -> None:
        super().__init__()
        self._kinds = kinds

    def __missing__(self, code: int) -> bool:
        found = False
        for kind in self._kinds:
            c = _EDGE_CODES.get(kind)
            if c is not None and c and _has_side(code, c):
                found = True
                break
        self[code] = found
        return found


# edge kinds -> their memo; shared by every board
_FACING: dict[tuple[str, ...], _FacingMemo] = {}


def surrounded(code: int) -> bool:
    """Whether a square with demand code ``code`` has a neighbour on each of its four sides
    (each side's 3 bits not all 0)."""
    return bool(code & 0o7 and code & 0o70 and code & 0o700 and code & 0o7000)


#: one int object per demand code (12 bits): the frontier holds these, so the fit memos
#: (keyed by code, shared by every board) find a code by identity, without comparing it with
#: their own key object (one more cache line per look-up, a dozen a turn)
_CODE_INTS = tuple(range(1 << 12))


class _CodeFilteredFits(dict):
    """The fit memo of a tile type under rules that depend only on a square's demand code:
    the rotations that fit, or none where a rule refuses the square."""

    __slots__ = ("_fits", "_square_codes", "nowhere")

    def __init__(self, fits: _FitMemo, square_codes: tuple[Callable[[int], bool], ...]) -> None:
        super().__init__()
        self._fits = fits
        self._square_codes = square_codes
        #: the codes looked up so far where no rotation may go: when every frontier code is
        #: among them, :meth:`Board.can_place` answers no with one pass in C that calls
        #: nothing per square (the abbey's offer, asked every turn, most turns finds no hole)
        self.nowhere: set[int] = set()

    def __missing__(self, code: int) -> tuple[int, ...]:
        # the rules first: they are a few bit tests, where working out which rotations fit
        # is not (the abbey's, whose sides match anything, is asked about every new code of
        # the frontier and allows only holes)
        for allowed in self._square_codes:
            if not allowed(code):
                fits: tuple[int, ...] = ()
                break
        else:
            fits = self._fits[code]
        self[code] = fits
        if not fits:
            self.nowhere.add(code)
        return fits


# (edges of the unrotated tile, the code rules) -> the filtered memo; shared by every board
_FILTERED_CACHE: dict[tuple, _CodeFilteredFits] = {}


def _rotations_by_problem(
    rule: PlacementRule,
) -> Callable[[Board, TileType, Position, tuple[int, ...]], tuple[int, ...]]:
    """A rule's allowed rotations on a square, asking its ``problem`` about each placement."""
    problem = rule.problem

    def allowed_rotations(
        board: Board, tile_type: TileType, square: Position, fitting: tuple[int, ...]
    ) -> tuple[int, ...]:
        x, y = square
        kept = tuple(
            r for r in fitting if problem(board, tile_type, _new_placement(x, y, r)) is None
        )
        return kept if len(kept) < len(fitting) else fitting

    return allowed_rotations


#: a rule's squares where it refuses a tile whatever the rotation, given the board
_SquareCheck = Callable[["Board", TileType], Collection[Position]]
#: a rule's rotations allowed on a square, with the squares outside which it refuses every
#: placement (None: it may allow one anywhere), given the board
_RotationsAllowed = Callable[["Board", TileType, Position, tuple[int, ...]], tuple[int, ...]]
_PlacementCheck = tuple[_RotationsAllowed, Callable[["Board"], Container[Position] | None] | None]
#: the same for one search: the squares worked out
_PlacementCheckNow = tuple[_RotationsAllowed, Container[Position] | None]

#: how a board searches for one tile type: (the type, rotations per demand code with the code
#: rules applied, the yes-or-no checks per square, then per placement, of the other rules
#: that concern it; None when there are none)
_Plan = tuple[
    TileType,
    dict,
    tuple[tuple[_SquareCheck, ...], tuple[_PlacementCheck, ...]] | None,
]


def _plan(rules: tuple[PlacementRule, ...], tile_type: TileType) -> _Plan:
    fits: dict = _fits_of(tile_type)
    square_codes = []
    by_square = []
    checks = []
    for rule in rules:
        if not rule.concerns(tile_type):
            continue
        if rule.square_code is not None:
            square_codes.append(rule.square_code)
        elif rule.refused_squares is not None:
            by_square.append(rule.refused_squares)
        else:
            checks.append(
                (rule.allowed_rotations or _rotations_by_problem(rule), rule.allows_only_on)
            )
    if square_codes:
        key = (tile_type.edges, tuple(square_codes))
        filtered = _FILTERED_CACHE.get(key)
        if filtered is None:
            filtered = _FILTERED_CACHE[key] = _CodeFilteredFits(fits, tuple(square_codes))  # type: ignore[arg-type]
        fits = filtered
    return (
        tile_type,
        fits,
        (tuple(by_square), tuple(checks)) if by_square or checks else None,
    )


#: the placement rules of recent boards -> (them as PlacementRule objects, the search plans
#: per tile type); a few kinds of game at a time, so it is emptied when it grows past that
_SHARED_PLANS: dict[tuple, tuple[tuple[PlacementRule, ...], dict[int, _Plan]]] = {}


def _rules_and_plans(
    placement_rules: tuple,
) -> tuple[tuple[PlacementRule, ...], dict[int, _Plan]]:
    rules = tuple(r if isinstance(r, PlacementRule) else PlacementRule(r) for r in placement_rules)
    key = tuple(placement_rules)
    try:
        shared = _SHARED_PLANS.get(key)
    except TypeError:  # a rule that cannot be hashed: this board keeps its own plans
        return rules, {}
    if shared is None:
        if len(_SHARED_PLANS) >= 32:
            _SHARED_PLANS.clear()
        shared = _SHARED_PLANS[key] = (rules, {})
    return shared


class Placements(Sequence[Placement]):
    """The legal placements of a tile, as a read-only sequence.

    Holds the frontier squares in order with the rotations that fit each (shared with the fit
    memo, empty where none fits) and the running count of placements up to each square, so
    listing the placements builds no object per candidate and finding the k-th is a bisection;
    a :class:`Placement` is made only for the entries asked for.
    """

    __slots__ = ("_squares", "_rotations", "_ends", "_count")

    def __init__(
        self, squares: list[Position], rotations: list[tuple[int, ...]], ends: list[int]
    ) -> None:
        self._squares = squares
        self._rotations = rotations
        #: placements in the squares up to and including each one
        self._ends = ends
        self._count = ends[-1] if ends else 0

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):  # type: ignore[override]
        if type(index) is not int:
            if isinstance(index, slice):
                return list(self)[index]
            index = operator.index(index)
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("placement index out of range")
        ends = self._ends
        i = bisect_right(ends, index)
        x, y = self._squares[i]
        return _new_placement(x, y, self._rotations[i][index - ends[i - 1] if i else index])

    def __iter__(self) -> Iterator[Placement]:
        for (x, y), rotations in zip(self._squares, self._rotations, strict=True):
            for r in rotations:
                yield _new_placement(x, y, r)

    def __contains__(self, p: object) -> bool:
        if not isinstance(p, Placement):
            return False
        return any(
            x == p.x and y == p.y and p.rotation in r
            for (x, y), r in zip(self._squares, self._rotations, strict=True)
        )

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
        Extra legality checks (expansions: river, shrines, ...): :class:`PlacementRule` objects, or
        plain functions called as ``rule(board, tile_type, placement)`` that return ``None``
        when the placement is allowed or a :class:`~carc_teach.errors.Refusal` saying why it
        is not (a plain sentence is taken as a ``base.place`` refusal).
    """

    def __init__(
        self,
        placement_rules: tuple[
            PlacementRule | Callable[[Board, TileType, Placement], str | None], ...
        ] = (),
    ) -> None:
        self.tiles: dict[Position, PlacedTile] = {}
        #: the frontier: every empty square next to a tile, in the order the squares joined it,
        #: with the edge kinds its neighbours demand as an int code (see :attr:`frontier`)
        self._codes: dict[Position, int] = {}
        self.features = FeatureGraph(self.tiles)
        self.placement_rules = placement_rules
        #: the rules as PlacementRule objects, and id of a tile type -> how to search for it
        #: (see _plan): both depend on the rules only, so boards with the same rules (every
        #: game of a kind, copies of a board) share them
        self._rules, self._plans = _rules_and_plans(placement_rules)
        #: (tiles on the board, tile type, its legal placements) of the last search
        self._legal: tuple[int, TileType, Sequence[Placement]] | None = None
        #: (tiles on the board, tile type, (per-square check, square) for each square where
        #: the tile's edges fitted but that check refused it) of the last search that asked a
        #: per-square rule (see :meth:`squares_refused_before`)
        self._square_refusals: tuple[int, TileType, list[tuple[Callable, Position]]] | None = None
        #: what placement rules keep about this board and update themselves as tiles arrive
        #: (the shrines' limit: where it refuses a new building), by a key of their own; a
        #: copy of the board starts empty
        self.rule_data: dict[str, object] = {}

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

    @property
    def frontier(self) -> dict[Position, tuple[str | None, ...]]:
        """Every empty square next to a tile -> the edge kind each side's neighbour demands
        (None where there is no neighbour), in the order the squares joined the frontier.

        A new dict on each call, decoded from the int codes the board keeps (play only needs
        the codes).
        """
        kinds = _EDGE_KINDS
        return {
            pos: (kinds[code & 7], kinds[code >> 3 & 7], kinds[code >> 6 & 7], kinds[code >> 9])
            for pos, code in self._codes.items()
        }

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
        plan = self._plans.get(id(tile_type))
        if plan is None or plan[0] is not tile_type:
            plan = self._plans[id(tile_type)] = _plan(self._rules, tile_type)
        # one memo look-up per square, mapped in C: no Python loop over the frontier
        codes = self._codes
        rotations = list(map(plan[1].__getitem__, codes.values()))
        if plan[2] is not None:
            rotations = self._checked(tile_type, plan[2], rotations)
        out = Placements(list(codes), rotations, list(accumulate(map(len, rotations))))
        self._legal = (len(self.tiles), tile_type, out)
        return out

    def _checked(
        self,
        tile_type: TileType,
        checks: tuple[tuple[_SquareCheck, ...], tuple[_PlacementCheck, ...]],
        rotations: list[tuple[int, ...]],
    ) -> list[tuple[int, ...]]:
        """``rotations`` (per frontier square, those whose edges fit) with the placements a
        rule refuses taken out: the rules are asked only where the edges fit (apart from
        legal_placements, which would otherwise keep its locals in cells at every call)."""
        by_square, placement_checks = checks
        squares = list(self._codes)
        out = rotations.copy()
        if by_square:
            # what the per-square rules refused where the edges fitted, kept for the rule that
            # says so after the placement (the shrines' placement-limited event)
            refused: list[tuple[Callable, Position]] = []
            self._square_refusals = (len(self.tiles), tile_type, refused)
            for check in by_square:
                region = check(self, tile_type)
                if not region:
                    continue
                # the frontier squares in the region, picked out in C, in frontier order
                for i in compress(range(len(squares)), map(region.__contains__, squares)):
                    if out[i]:
                        out[i] = ()
                        refused.append((check, squares[i]))
        if not placement_checks:
            return out
        by_placement = self._placement_checks_now(placement_checks)
        only_on = [where for _, where in by_placement if where is not None]
        if only_on:
            # a rule refuses every placement off these squares (the river: beside its open
            # ends): only the squares in them are asked, picked out in C
            asked = compress(range(len(squares)), map(only_on[0].__contains__, squares))
            checked: list[tuple[int, ...]] = [()] * len(squares)
        else:
            asked = compress(range(len(squares)), out)
            checked = out
        for i in asked:
            fitting = out[i]
            if fitting:
                checked[i] = self._allowed(tile_type, by_placement, squares[i], fitting)
        return checked

    def _placement_checks_now(
        self, checks: tuple[_PlacementCheck, ...]
    ) -> list[_PlacementCheckNow]:
        """The per-placement checks of a search, each with the squares outside which it
        refuses every placement on this board as it is (None: it may allow one anywhere)."""
        return [(allows, None if where is None else where(self)) for allows, where in checks]

    def _allowed(
        self,
        tile_type: TileType,
        by_placement: list[_PlacementCheckNow],
        square: Position,
        fitting: tuple[int, ...],
    ) -> tuple[int, ...]:
        """The rotations among ``fitting`` (whose edges fit ``square``) no per-placement rule
        refuses."""
        for allowed_rotations, only_on in by_placement:
            if only_on is not None and square not in only_on:
                return ()  # the rule refuses every placement there
            fitting = allowed_rotations(self, tile_type, square, fitting)
            if not fitting:
                return ()
        return fitting

    def known_placements(self, tile_type: TileType) -> Sequence[Placement] | None:
        """The legal placements of ``tile_type`` if the last search was for it on this board
        as it is, else None (without searching)."""
        cached = self._legal
        if cached is not None and cached[0] == len(self.tiles) and cached[1] is tile_type:
            return cached[2]
        return None

    def can_place(self, tile_type: TileType) -> bool:
        """Whether ``tile_type`` fits anywhere (stops at the first legal placement; builds no
        sentence: :meth:`placement_problem` says why one placement is refused)."""
        cached = self._legal
        if cached is not None and cached[0] == len(self.tiles) and cached[1] is tile_type:
            return bool(cached[2])
        plan = self._plans.get(id(tile_type))
        if plan is None or plan[0] is not tile_type:
            plan = self._plans[id(tile_type)] = _plan(self._rules, tile_type)
        fits, checks = plan[1], plan[2]
        codes = self._codes
        if type(fits) is _CodeFilteredFits and fits.nowhere.issuperset(codes.values()):
            # a code rule (the abbey's hole) refuses every square, known without a call per
            # square; else (a square allowed, or a code not looked up yet) the passes below
            return False
        if checks is None:
            return any(map(fits.__getitem__, codes.values()))
        rotations = list(map(fits.__getitem__, codes.values()))
        if not any(rotations):
            # the edges fit nowhere, so no rule need be asked (the abbey's offer at most
            # turns: its code rule leaves only holes, and most turns there are none)
            return False
        by_square, placement_checks = checks
        regions = [check(self, tile_type) for check in by_square]
        by_placement = self._placement_checks_now(placement_checks) if placement_checks else []
        # only the squares where some rotation fits, picked out in C
        for square, fitting in zip(
            compress(codes, rotations), filter(None, rotations), strict=True
        ):
            for region in regions:
                if square in region:
                    break
            else:
                if not by_placement or self._allowed(tile_type, by_placement, square, fitting):
                    return True
        return False

    def squares_facing(self, kinds: tuple[str, ...]) -> set[Position]:
        """The frontier squares toward which a placed tile shows an edge of one of ``kinds``
        (the squares a river tile may continue the river from), picked out in C."""
        memo = _FACING.get(kinds)
        if memo is None:
            memo = _FACING[kinds] = _FacingMemo(kinds)
        codes = self._codes
        return set(compress(codes, map(memo.__getitem__, codes.values())))

    def squares_refused_before(
        self, placed: PlacedTile, refused_squares: Callable
    ) -> list[Position] | None:
        """The squares where the search for the tile type of ``placed`` (the tile placed
        last), on the board as it was just before, found its edges fitting and a placement
        rule's ``refused_squares`` refusing it, in frontier order; None when
        no such search was made (a game file's move is checked without one): then
        :meth:`squares_fitting_before` and the rule itself give the answer."""
        kept = self._square_refusals
        tile_type = placed.tile.type
        if kept is None or kept[0] != len(self.tiles) - 1 or kept[1] is not tile_type:
            return None
        plan = self._plans.get(id(tile_type))
        if plan is None or type(plan[1]) is not _FitMemo:
            # a rule of the square's code (the abbey's hole) kept the search off squares where
            # the edges fit: the search did not ask the check there
            return None
        return [square for check, square in kept[2] if check is refused_squares]

    def squares_fitting_before(
        self, placed: PlacedTile, among: Iterable[Position] | None = None
    ) -> list[Position]:
        """The frontier squares where the tile type of ``placed`` (the tile placed last) also
        fitted by its edges on the board as it was before: the side of a square that faces it
        counts as open, and a square that touched no other tile is left out. The placement
        rules are not asked. In frontier order; given ``among`` (the only squares of
        interest), those of them that qualify, in no set order."""
        fits = _fits_of(placed.tile.type)
        px, py = placed.x, placed.y
        codes = self._codes
        squares = codes if among is None else codes.keys() & among
        out = []
        for x, y in squares:
            code = codes[x, y]
            dx, dy = px - x, py - y
            if dx * dx + dy * dy == 1:
                # clear the side facing the placed tile (N, E, S, W as in NEIGHBOUR_OFFSETS)
                code &= ~(7 << _SHIFTS[NEIGHBOUR_OFFSETS.index((dx, dy))])
            if code and fits[code]:
                out.append((x, y))
        return out

    def segment_words(self, node: tuple[int, int, str], *, square: bool = False) -> str:
        """A segment of a placed tile in words (:func:`carc_teach.tiles.segment_words`):
        ``"the tile's east field"``, or with ``square`` ``"the east field of the tile at (1,
        0)"``."""
        x, y, seg_id = node
        placed = self.tiles.get((x, y))
        if placed is None:
            return f"a segment of the square ({x}, {y})"
        return segment_words(placed.tile, seg_id, at=(x, y) if square else None)

    def segment_phrase(self, node: tuple[int, int, str], *, square: bool = False) -> dict:
        """:meth:`segment_words` as a phrase, to write in any language (event texts)."""
        x, y, seg_id = node
        placed = self.tiles.get((x, y))
        if placed is None:
            return Said(msg="a segment of the square ({x}, {y})", x=x, y=y)
        return segment_phrase(placed.tile, seg_id, at=(x, y) if square else None)

    def placement_problem(self, tile_type: TileType, placement: Placement) -> Refusal | None:
        """``None`` if the placement is legal, else the :class:`~carc_teach.errors.Refusal`
        saying which rule refuses it (``base.place``, or an expansion's placement rule)."""
        pos = (placement.x, placement.y)
        if placement.rotation not in ROTATIONS:
            return Refusal(
                "base.place",
                phrase(
                    "rotation must be 0, 90, 180 or 270, not {rotation}",
                    rotation=placement.rotation,
                ),
            )
        if pos in self.tiles:
            t = self.tiles[pos]
            return Refusal(
                "base.place",
                phrase(
                    "square ({x}, {y}) already holds tile {tile} ({name}); "
                    "a tile goes on an empty square",
                    x=pos[0],
                    y=pos[1],
                    tile=t.type.id,
                    name=spoken(TileName(t.type.name)),
                ),
            )
        if self.tiles and pos not in self._codes:
            return Refusal(
                "base.place",
                phrase(
                    "square ({x}, {y}) does not touch any placed tile along a side; a "
                    "tile must share at least one side with the board",
                    x=pos[0],
                    y=pos[1],
                ),
            )
        edges = orient(tile_type, placement.rotation).edges
        clashes = []
        x, y = pos
        for side, demand in enumerate(self.demands(pos)):
            if not edges_match(demand, edges[side]):
                dx, dy = NEIGHBOUR_OFFSETS[side]
                other = self.tiles[(x + dx, y + dy)].type
                clashes.append(
                    _SIDE_CLASH[side](
                        edge=_EDGE_WORDS.get(edges[side], edges[side]),
                        demand=_EDGE_WORDS.get(demand, demand),
                        tile=other.id,
                        name=spoken(TileName(other.name)),
                    )
                )
        if clashes:
            return Refusal(
                "base.place",
                _edges_clash(clashes),
            )
        for rule in self.placement_rules:
            problem = rule(self, tile_type, placement)
            if problem:
                return problem if isinstance(problem, Refusal) else Refusal("base.place", problem)
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
                raise ValueError(str(problem))
        x, y = placement.x, placement.y
        oriented, around = _placing(tile_type, placement.rotation)
        placed = _new_placed_tile(x, y, oriented, len(self.tiles))
        tiles, codes = self.tiles, self._codes
        square = (x, y)
        tiles[square] = placed
        codes.pop(square, None)
        # Each empty square beside the new tile gains a demand on the side facing it. A square
        # new to the frontier touches no other tile (the frontier holds every empty square next
        # to one), so it demands nothing elsewhere. The tiles beside it are what its features
        # join.
        neighbours = []
        for side, dx, dy, demand in around:
            q = (x + dx, y + dy)
            other = tiles.get(q)
            if other is None:
                codes[q] = _CODE_INTS[codes.get(q, 0) | demand]
            else:
                neighbours.append((side, other))
        return self.features.add_tile(placed, neighbours)

    def clone(self, figure_map: dict[int, object]) -> Board:
        """An independent copy whose features hold the copied figures (``figure_map``: id of
        an old figure -> its copy). Placed tiles are immutable and shared."""
        new = Board.__new__(Board)
        new.tiles = dict(self.tiles)
        new._codes = dict(self._codes)
        new.features = self.features.clone(new.tiles, figure_map)  # type: ignore[arg-type]
        new.placement_rules = self.placement_rules
        new._rules = self._rules
        new._plans = self._plans
        new._legal = None
        new._square_refusals = None
        new.rule_data = {}
        return new

"""The River II (Count, King & Robber; its rules are on Wikicarpedia's River pages).

What this module plays:

- **Set-up** (``river2.setup``): the spring replaces the start tile (one copy of the base start
  tile leaves the game). The fork is drawn first, then the other river tiles in random order,
  the volcano lake last (the lake with the city cap is shuffled in with the rest, see
  ``docs/tiles.md``); every river tile is drawn before any land tile (``river2.order``).
  Seeded games order the pile so; game files that name their tiles are checked and get a
  one-line error for a tile out of that order.
- **Placing** (``river2.place``): a river tile must continue an open end of the river through
  exactly one of its river sides; the river may not bend the same way twice in a row (no
  U-turn; each branch of the fork counts from the fork). A river tile that fits nowhere leaves
  the game as any such tile does (``river2.discard``, ckr-5), and the game goes on.
- **Followers**: never on the river itself (the base game offers only roads, cities,
  cloisters and farms); the other features of river tiles are played and scored as usual.
- **The pig herd** (``river2.pig-herd``): the farmers who score a farm holding the pig-herd
  field score 1 more per completed city (counted as the farm counts them; several herds in one
  farm do not add up), the reading JCloisterZone plays; the barn gets nothing from it
  (car-194), farmers on a barn's farm do (car-195, for the Abbey & Mayor module).
- **With the Count** (``river2.with-count``, ckr-5, ckr-6): ``discard-unplaceable`` (the City
  starts, the spring is the first tile drawn and may go anywhere against the board, river tiles
  that cannot be placed leave the game); ``spring-away-from-city`` (the same, but the spring
  must touch the City with the river flowing straight away from it); ``not-combined`` (a game
  with both is refused); ``river-first`` (house rule: the river starts, the City is laid when
  it is done; :mod:`carc_teach.expansions.count.rules` lays it).

Not implemented: the volcano's dragon (The Princess & the Dragon is not in carc_teach; without
it the volcano lake is an ordinary lake), combining River I and River II (River I's tiles
are not shipped). The inn on the bridge is a tag; with ``inns-cathedrals`` in play it is an inn
like the others (:mod:`carc_teach.expansions.inns_cathedrals.rules`), without it a plain road.
"""

from __future__ import annotations

from itertools import filterfalse
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from ...board import PlacementRule
from ...errors import GameFileError, IllegalMoveError, Phrase, Refusal, phrase
from ...events import Said, SaidN
from ...geometry import NEIGHBOUR_OFFSETS
from ...rules import RuleModule, refusal
from ...tiles import SIDES, WILDCARD_EDGE, catalogue, orient

if TYPE_CHECKING:  # pragma: no cover
    from ...board import Board, PlacedTile, Placement
    from ...geometry import Position
    from ...scoring import Scoring
    from ...state import GameState, Turn
    from ...tiles import OrientedTile, TileType

__all__ = ["River2Rules", "river_problem", "river_sides", "entry_side", "river_bend"]

CITY_TAG = "city-of-carcassonne"


def river_sides(tile: OrientedTile) -> list[int]:
    """The sides (0 N, 1 E, 2 S, 3 W) of an oriented tile that its river crosses."""
    return list(_river_sides_of(tile))


#: id of an oriented tile -> (the tile, its river sides); oriented tiles are shared and immutable
_RIVER_SIDES: dict[int, tuple[object, tuple[int, ...]]] = {}


def _river_sides_of(tile) -> tuple[int, ...]:
    """The sides of an oriented tile the river crosses, in segment order (kept per tile)."""
    entry = _RIVER_SIDES.get(id(tile))
    if entry is None or entry[0] is not tile:
        sides = tuple(s for seg in tile.segments if seg.kind == "river" for s in seg.sides)
        entry = _RIVER_SIDES[id(tile)] = (tile, sides)
    return entry[1]


#: id of a tile type -> (the type, its river sides per rotation)
_TURNED_RIVER_SIDES: dict[int, tuple[TileType, dict[int, tuple[int, ...]]]] = {}


def _river_sides_turned(tile_type: TileType, rotation: int) -> tuple[int, ...]:
    """_river_sides_of(orient(tile_type, rotation)), looked up by the type's identity (orient's
    own cache hashes the type in Python)."""
    entry = _TURNED_RIVER_SIDES.get(id(tile_type))
    if entry is None or entry[0] is not tile_type:
        turned = {r: _river_sides_of(orient(tile_type, r)) for r in (0, 90, 180, 270)}
        entry = _TURNED_RIVER_SIDES[id(tile_type)] = (tile_type, turned)
    return entry[1][rotation]


class _RiverTiles(NamedTuple):
    """What the module looks up about the tile types of a kind of game (a kind's tile types
    are shared by its games, turn.new_state, so this is worked out once a kind)."""

    #: the tile types it was worked out from
    tile_types: dict[str, TileType]
    #: the ids of the river tiles, in the tile types' order
    ids: tuple[str, ...]
    #: the same ids as a set, and those of the springs and of the forks
    id_set: frozenset[str]
    springs: frozenset[str]
    forks: frozenset[str]
    #: the rank of each river id in the drawing order (:func:`_rank`)
    ranks: dict[str, int]
    #: the pig herd's segment ids by the id of each tile type with one
    herds: dict[str, frozenset[str]]


#: [the river tiles of the kind of game last asked]
_RIVER_TILES: list[_RiverTiles | None] = [None]


def _river_tiles(tile_types: dict[str, TileType]) -> _RiverTiles:
    """The river tiles among a game's tile types (worked out once per kind, not every game)."""
    known = _RIVER_TILES[0]
    if known is None or known.tile_types is not tile_types:
        river = tuple(t for t, k in tile_types.items() if "river" in k.tags)
        known = _RIVER_TILES[0] = _RiverTiles(
            tile_types,
            river,
            frozenset(river),
            frozenset(t for t in river if "spring" in tile_types[t].tags),
            frozenset(t for t in river if "fork" in tile_types[t].tags),
            {t: _rank(tile_types[t].tags) for t in river},
            {
                t: herd
                for t, k in tile_types.items()
                if (herd := frozenset(s.id for s in k.segments if "pig-herd" in s.tags))
            },
        )
    return known


def _rank(tags: tuple[str, ...]) -> int:
    """Where a river tile comes in the drawing order; the bag is drawn from its end, so higher
    ranks come first: the spring, the fork, the other river tiles, the lake."""
    if "spring" in tags:
        return 3
    if "fork" in tags:
        return 2
    if "lake" in tags:
        return 0
    return 1


def entry_side(board: Board, placed: PlacedTile) -> int | None:
    """The river side through which a placed river tile joined the river (None: the spring)."""
    for side in river_sides(placed.tile):
        dx, dy = NEIGHBOUR_OFFSETS[side]
        other = board.tiles.get((placed.x + dx, placed.y + dy))
        if other is not None and other.order < placed.order and "river" in other.type.tags:
            return side
    return None


def river_bend(entry: int | None, exit_side: int) -> int:
    """0 straight on, 1 a right bend, 3 a left bend, for water entering through ``entry``."""
    if entry is None:
        return 0
    heading = (entry + 2) % 4
    return (exit_side - heading) % 4


def _river(reason: Phrase) -> Refusal:
    return Refusal("river2.place", reason)


def river_problem(board: Board, tile_type: TileType, placement: Placement) -> Refusal | None:
    """Why a river tile may not go there (None: it may). Land tiles are not concerned."""
    if "river" not in tile_type.tags:
        return None
    tile = orient(tile_type, placement.rotation)
    sides = river_sides(tile)
    joins = []
    for side in sides:
        dx, dy = NEIGHBOUR_OFFSETS[side]
        other = board.tiles.get((placement.x + dx, placement.y + dy))
        if other is not None:
            joins.append((side, other))
    has_river = any("river" in p.type.tags for p in board)
    if "spring" in tile_type.tags:
        if has_river:
            return _river(phrase("the river has its spring already; there is only one spring"))
        return None
    if not has_river:
        return _river(phrase("the river starts at its spring, which is not on the board yet"))
    if not joins:
        return _river(
            phrase(
                "a river tile must continue the river: none of its river sides meets an open "
                "river end"
            )
        )
    if len(joins) > 1:
        return _river(
            phrase(
                "a river tile may continue only one river end (it would join two ends of the river)"
            )
        )
    entry, previous = joins[0]
    before = river_bend(entry_side(board, previous), (entry + 2) % 4)
    if before:
        for exit_side in sides:
            if exit_side != entry and river_bend(entry, exit_side) == before:
                if before == 1:
                    return _river(
                        phrase(
                            "the river would bend right twice in a row (a U-turn): the tile "
                            "at ({x}, {y}) already bends right",
                            x=previous.x,
                            y=previous.y,
                        )
                    )
                return _river(
                    phrase(
                        "the river would bend left twice in a row (a U-turn): the tile "
                        "at ({x}, {y}) already bends left",
                        x=previous.x,
                        y=previous.y,
                    )
                )
    return None


def spring_away_from_city(
    board: Board, tile_type: TileType, placement: Placement
) -> Refusal | None:
    """The original Count rule: the spring touches the City, the river flowing away from it."""
    if "spring" not in tile_type.tags:
        return None
    (river_side,) = river_sides(orient(tile_type, placement.rotation))
    back = (river_side + 2) % 4
    dx, dy = NEIGHBOUR_OFFSETS[back]
    other = board.tiles.get((placement.x + dx, placement.y + dy))
    if other is None or CITY_TAG not in other.type.tags:
        return refusal(
            "river2.with-count",
            phrase(
                "in the original Count rules the spring goes against the City of Carcassonne "
                "with the river flowing away from it: its {side} side must touch a City tile",
                side=SIDES[back],
            ),
            ("ckr-6",),
            (("river2.with-count", "spring-away-from-city"),),
        )
    return None


def _is_river_tile(tile_type: TileType) -> bool:
    return "river" in tile_type.tags


def _is_spring(tile_type: TileType) -> bool:
    return "spring" in tile_type.tags


#: [the board last asked, its number of tiles then, whether a river tile was on it]: the
#: search asks :func:`_river_rotations` of every candidate square on one board
_RIVER_ON: list[Any] = [None, -1, False]


def _has_river(board: Board) -> bool:
    """Whether some river tile (the spring included) is on ``board``."""
    known = _RIVER_ON
    if known[0] is not board or known[1] != len(board.tiles):
        known[0], known[1] = board, len(board.tiles)
        known[2] = any("river" in p.type.tags for p in board)
    return known[2]


def _river_rotations(
    board: Board, tile_type: TileType, square: Position, fitting: tuple[int, ...]
) -> tuple[int, ...]:
    """The rotations among ``fitting`` (those whose edges fit ``square``) for which
    ``river_problem(...)`` is None, without building the sentence; which sides of the square
    touch a tile and how the river bends at each is looked at once for all of them. In the
    order that refuses most placements soonest: a river tile other than the spring must have
    exactly one river side against a tile."""
    if "spring" in tile_type.tags:
        # river_problem's only refusal of the spring: a river already on the board
        return fitting if "river" not in tile_type.tags or not _has_river(board) else ()
    x, y = square
    tiles = board.tiles
    # the tile beside each side of the square (None: none), the same for every rotation
    beside = [tiles.get((x + dx, y + dy)) for dx, dy in NEIGHBOUR_OFFSETS]
    kept = []
    bends: dict[int, int] = {}  # side the river enters by -> the bend it would repeat (0: none)
    for rotation in fitting:
        sides = _river_sides_turned(tile_type, rotation)
        joins = [side for side in sides if beside[side] is not None]
        if len(joins) != 1:
            continue
        entry = joins[0]
        before = bends.get(entry)
        if before is None:
            previous = beside[entry]
            if "river" not in previous.type.tags and not _has_river(board):
                continue  # the spring is not on the board yet
            before = bends[entry] = river_bend(entry_side(board, previous), (entry + 2) % 4)
        if before and any(
            exit_side != entry and river_bend(entry, exit_side) == before for exit_side in sides
        ):
            continue  # a U-turn
        kept.append(rotation)
    return tuple(kept) if len(kept) < len(fitting) else fitting


#: the edge kinds that can meet a river side: the river, and the abbey's sides that match
#: anything
_RIVER_FACING = ("river", WILDCARD_EDGE)


def _beside_the_river(board: Board) -> set[tuple[int, int]] | None:
    """The squares outside which the river rule refuses every river tile: those a placed
    tile's river edge (or wildcard edge) faces, as a river tile must continue the river
    through one of its river sides. When there are none: None (the rule may allow anywhere)
    before the spring is laid, as the spring may then go anywhere; once a river tile is on
    the board, none (no river end is open, so every river tile is refused)."""
    return board.squares_facing(_RIVER_FACING) or (set() if _has_river(board) else None)


#: the rules as the board applies them: land tiles are not concerned, so the search for their
#: placements never asks (river_problem and spring_away_from_city give the reasons)
RIVER_PLACEMENT = PlacementRule(
    river_problem,
    concerns=_is_river_tile,
    allowed_rotations=_river_rotations,
    allows_only_on=_beside_the_river,
)
SPRING_AWAY_FROM_CITY = PlacementRule(spring_away_from_city, concerns=_is_spring)


class River2Rules(RuleModule):
    id = "river2"
    title = "The River II"
    tile_sets = ("river2",)
    options = ("river2.with-count",)
    rules = {
        "river2.setup": "The spring replaces the start tile; the river tiles are drawn before any land "
        "tile, the fork first and the volcano lake last.",
        "river2.order": "Every river tile is drawn before the land tiles: the fork right after the spring, "
        "the volcano lake last.",
        "river2.place": "A river tile must continue the river, and the river may not bend the same way "
        "twice in a row; no follower goes on the river itself.",
        "river2.discard": "A river tile that cannot be placed leaves the game, and play goes on with the "
        "river unfinished.",
        "river2.pig-herd": "The farmers who score a farm with the pig herd score 1 more per completed city.",
        "river2.with-count": "How the City of Carcassonne and the river share the start of the game.",
    }

    #: the pig herd's bonus is for farms only: the pipeline asks it about no other feature
    scores_feature_kinds = MappingProxyType({"player_bonus": frozenset({"field"})})

    @property
    def placement_rules(self) -> tuple:
        rules = [RIVER_PLACEMENT]
        if self.option("river2.with-count") == "spring-away-from-city":
            rules.append(SPRING_AWAY_FROM_CITY)
        return tuple(rules)

    # -- set-up -------------------------------------------------------------------------------
    def _with_count(self, state: GameState) -> bool:
        return "count" in state.setup.expansions

    def _spring_starts(self, state: GameState) -> bool:
        return not self._with_count(state) or self.option("river2.with-count") == "river-first"

    def start_layout(self, state: GameState) -> list[tuple[str, int, int, int]] | None:
        if not self._spring_starts(state):
            return None
        spring, rotation = catalogue("river2").start or ("R2-spring", 0)
        return [(spring, state.setup.start.x, state.setup.start.y, rotation)]

    def prepare_bag(self, state: GameState, bag: list[str]) -> list[str]:
        known = _river_tiles(state.tile_types)
        river_ids, ranks = known.id_set, known.ranks
        # the bag's ~125 ids parted in C, by the kind's set of river ids
        river = list(filter(river_ids.__contains__, bag))
        land = list(filterfalse(river_ids.__contains__, bag))
        river.sort(key=ranks.__getitem__)  # stable: the shuffled order stays among equals
        return land + river

    def setup(self, state: GameState) -> None:
        if self._with_count(state) and self.option("river2.with-count") == "not-combined":
            raise GameFileError(
                phrase(
                    "the rule option river2.with-count is 'not-combined' (the Count, King & Robber "
                    "box advises against playing the City of Carcassonne and The River II "
                    "together): drop one of them or choose another value"
                ),
                field="setup.expansions",
            )
        starts = self._spring_starts(state)
        if starts and not self._with_count(state):
            # the river replaces the start tile: one copy of it leaves the game
            start = state.setup.start.tile
            if state.remaining.get(start, 0) > 0:
                state.remaining[start] -= 1
                if state.setup.tile_order is None and start in state.bag:
                    state.bag.remove(start)
        remaining = state.remaining
        # (the kind's river ids, in place of a look at every tile type's tags)
        river = sum([remaining.get(t, 0) for t in _river_tiles(state.tile_types).ids])
        if starts:
            text = Said(
                msg="The River II: the spring is the start tile; its {river} other river tiles come "
                "first, the fork at once, the volcano lake last.",
                river=river,
            )
        else:
            text = Said(
                msg="The River II with the City of Carcassonne: the spring is the first tile drawn, "
                "then the fork and the other river tiles, the volcano lake last ({river} river "
                "tiles); a river tile that cannot be placed leaves the game.",
                river=river,
            )
        state.emit(
            "river2-setup",
            rule="river2.setup",
            text=text,
            annotations=("ckr-5", "ckr-6") if self._with_count(state) else (),
            options=("river2.with-count",) if self._with_count(state) else (),
        )

    # -- the order of the river (files naming their tiles) --------------------------------------
    def after_placement(self, state: GameState, turn: Turn) -> None:
        remaining = state.remaining
        tiles = state.tile_types
        set_aside = []
        number = turn.number
        for e in reversed(state.events):
            if e.turn != number:
                break
            if e.kind == "tile-discarded" and "river" in tiles[e.tile].tags:
                set_aside.append(e)
        for e in reversed(set_aside):  # in the order they were drawn
            state.emit(
                "river2-tile-removed",
                player=turn.player,
                tile=e.tile,
                rule="river2.discard",
                text=Said(
                    msg="River tile {tile} cannot continue the river anywhere, so it leaves the "
                    "game; play goes on with the rest of the river.",
                    tile=e.tile,
                ),
                annotations=("ckr-5",),
            )
        tile = turn.tile
        assert tile is not None
        # (picked out in C: a count left in the supply is never below 0)
        known = _river_tiles(tiles)
        left = list(filter(remaining.get, known.ids))
        if not left:
            # Every river tile has left the supply, and tiles only ever leave it: none will be
            # drawn (or set aside) for the rest of the game, and there is no order left to
            # keep. The hook leaves this game (a hook that returns at once still costs the turn
            # driver its call, every turn)
            state.retire_hook("after_placement", self.after_placement)
            return
        if tile.per_player:
            # a player's own tile (Abbey & Mayor's abbey) is played instead of drawing: the
            # river's order is an order of drawing, so it does not hold the abbey back
            return
        problem = None
        if "river" not in tile.tags:
            problem = phrase(
                "every river tile is drawn before the land tiles, and {n} are still to come "
                "({tiles})",
                n=len(left),
                tiles=", ".join(sorted(left)),
            )
        elif "spring" not in tile.tags and not known.springs.isdisjoint(left):
            problem = phrase("the spring comes first: it is the first river tile drawn")
        elif (
            "fork" not in tile.tags
            and "spring" not in tile.tags
            and not known.forks.isdisjoint(left)
        ):
            problem = phrase(
                "the fork is laid right after the spring, before the other river tiles"
            )
        elif "lake" in tile.tags:
            problem = phrase(
                "the volcano lake is the last river tile, and {tiles} are still to come",
                tiles=", ".join(sorted(left)),
            )
        if problem:
            raise IllegalMoveError(
                Refusal(
                    "river2.order",
                    phrase(
                        "tile {tile} is out of the river's order: {problem}",
                        tile=tile.id,
                        problem=problem,
                    ),
                ),
                move=state.move_number,
                field="tile",
            )

    # -- the pig herd ---------------------------------------------------------------------------
    def player_bonus(
        self, state: GameState, scoring: Scoring, player: str
    ) -> tuple[tuple[str, int], ...]:
        feature = scoring.feature
        if feature.kind != "field" or not scoring.final:
            return ()
        tiles = state.board.tiles
        herds = _river_tiles(state.tile_types).herds
        # each node's tile type looked up among the kind's herd tiles, in place of its segment
        # found by id (a loop in Python) at every node of every farm scored after the game
        herd = any(seg in herds.get(tiles[x, y].tile.type.id, ()) for x, y, seg in feature.nodes)
        if not herd:
            return ()
        cities = sum(1 for c in state.board.features.bordering_cities(feature) if c.complete)
        from ..count.rules import touches_city

        if "count" in state.setup.expansions and touches_city(state, feature):
            cities += 1
        if not cities:
            return ()
        return (
            (
                SaidN(
                    msg="the pig herd: {n} completed city × 1",
                    plural="the pig herd: {n} completed cities × 1",
                    n=cities,
                ),
                cities,
            ),
        )

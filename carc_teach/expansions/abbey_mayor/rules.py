"""Abbey & Mayor: the abbey tile, the mayor, the wagon and the barn.

Rules as carc_teach plays them (footnote ids of the annotated rules, seed 004, in brackets;
the records are in ``annotations/data/abbey_mayor.toml``):

- **Set-up**: the 12 land tiles join the supply; each player takes an abbey tile, a mayor, a
  wagon and a barn (the box holds six of each, so at most six players).
- **Abbey** (``abbey.play``, ``abbey.place``): instead of drawing, a player may play their one
  abbey. It only goes into a hole with tiles on all four sides, fits whatever they show and
  closes every road and city that ends against it. It is a cloister: a monk (or a wagon,
  car-173) may go on it and it scores like one. It cannot be played once the supply is empty:
  the game ends with the last drawn tile.
- **Mayor** (``mayor.deploy``, ``mayor.strength``): deployed instead of a follower, only to a
  city of the placed tile that holds no follower of any kind, a wagon or another mayor
  included (car-154, car-155, car-156). It counts as many followers as the city has pennants
  (car-162); with none it counts 0: the city is occupied but the mayor wins nothing (car-163,
  car-164). The city's value does not change. It returns after scoring.
- **Wagon** (``wagon.deploy``, ``wagon.score``, ``wagon.move``): deployed instead of a
  follower to a road, city or cloister (never a farm) with no other follower (option
  ``wagon.empty-feature-rule``, car-166, car-167). It scores as one follower (car-176). After
  its feature scores during the game, its owner moves it to a connected feature that is
  unfinished and unoccupied, on a tile of their choice (car-175), or takes it back; with no
  such feature it goes back. "Connected" (option ``wagon.move-rule``): in the first edition,
  along the tile connections of the catalogue (a road into a crossing, a city gate or a
  cloister; a road or city against an abbey), never city to city, never across another
  feature (car-170 to car-174); in the second edition, any feature on the wagon's tile or
  the eight around it. Several wagons decide in turn, the active player first, then
  clockwise. Deploying, scoring and moving may all happen in one turn (car-177). Options
  ``wagon.cloister-access`` (house rule: no wagon on abbeys or on cloisters without a road)
  and ``wagon.move-range`` (house rule: the wagon rolls on across finished or unclaimed
  features).
- **Barn** (``barn.placement``, ``barn.scoring``, ``barn.connect``, ``barn.final``): placed
  instead of a follower on a corner of the placed tile where four tiles meet, each showing
  field at that point, on a farm with no barn yet (car-182, car-189). No farmer may then be
  deployed on that farm. In this turn's scoring step, after the move of the wood (car-184),
  the farmers already on it score 3 per completed city for their majority and go home; the
  barn stays (car-188). When a tile joins a farm with farmers to a farm with a barn, those
  farmers score 1 per completed city and go home (car-184/190). A pig adds 1 per city for
  its owner (module ``pig``, car-192); a pig-herd tile of The River II on the farm adds 1 per
  city to those farmers' scores (car-195, option ``barn.pig-herd``) but nothing to a barn.
  After the game each barn's owner scores 4 per completed city bordering its farm; several
  barns on one farm each score in full (car-193, car-194).

With the Count of Carcassonne (module ``count``): the mayor waits only in the castle quarter,
the wagon in the castle, blacksmith or cathedral, the barn never (ckr-9, ckr-17; the Count
module offers those deployments); a mayor or wagon moved in from the City counts as the option
``count.special-figure-strength`` says, whatever the order of the expansions in the game file.
Placing a barn is a scoring of its farm even with no farmer on it when followers wait in the
market, so they may move onto it first (car-185, ckr-26); a farm joined to a barn's farm is the
same chance (car-191, ckr-25). Barn scorings happen in step 3B before any module's
``after_completed`` (hook ``extra_scorings``), so the Count's deployment sees their points
(car-187, ckr-10). The City counts as a completed city for every barn scoring and for the pig
(ckr-1); followers the final redeployment moves onto a barn's farm score 1 per city (ckr-25).

Not implemented (no game of carc_teach can reach them, because the expansions involved are not
played by the engine): fliers, the magic portal, the dragon, the tower, castles, besieged
cities, the Festival (car-157 to car-161, car-165, car-178 to car-183, car-186); options
``mayor.tower-immune`` and ``wagon.hazard-immune`` (they need The Tower / The Princess & the
Dragon). A cloister inside a city (car-174) is on no shipped tile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from ...actions import Action, Decision, Deploy, MoveFigure, Pass, register_action
from ...board import PlacementRule, surrounded
from ...errors import GameFileError, Refusal, UnknownRuleError, nphrase, phrase
from ...events import Capital, Joined, Names, Said, SaidN, Word, spoken, term
from ...figures import Corner, kind_id_word, kind_of, role_name
from ...frozen import fast_constructor
from ...geometry import CORNER_OFFSETS, NEIGHBOUR_OFFSETS, SURROUNDING_OFFSETS
from ...i18n import N_
from ...rules import FeatureValue, RuleModule
from ...scoring import figure_strength, score_feature
from ...tiles import SIDES

if TYPE_CHECKING:  # pragma: no cover
    from ...board import Board, Placement
    from ...features import Feature
    from ...figures import Figure
    from ...scoring import Scoring
    from ...state import GameState, Turn
    from ...tiles import OrientedTile, TileType

__all__ = [
    "AbbeyMayorRules",
    "PlayAbbey",
    "barn_corner_problem",
    "barn_farm",
    "farm_at_corner",
    "farm_cities",
    "wagon_targets",
    "connected_features",
    "has_pig_herd",
    "AbbeyMayorState",
    "abbey_holders",
]

ABBEY = "abbey"
#: the features a wagon may stand on (a mayor only on cities among them)
_WAGON_KINDS = ("road", "city", "cloister")
#: the most players the box equips (six abbeys, mayors, wagons and barns)
MAX_PLAYERS = 6

#: For each square meeting at a grid point (offset from the point's (x, y), as in
#: ``Corner.squares``): the two half-sides of that square that touch the point.
_QUARTERS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((-1, -1), (3, 4)),  # north-west square: its ESE and SSE halves
    ((0, -1), (5, 6)),  # north-east square: SSW and WSW
    ((0, 0), (7, 0)),  # south-east square: WNW and NNW
    ((-1, 0), (1, 2)),  # south-west square: NNE and ENE
)
_SQUARE_NAMES = ("north-west", "north-east", "south-east", "south-west")


@register_action
@dataclass(frozen=True, slots=True)
class PlayAbbey(Action):
    """Play one's abbey tile instead of drawing (Abbey & Mayor)."""

    type: ClassVar[str] = "abbey-mayor.abbey"
    keys: ClassVar[Mapping[str, bool]] = MappingProxyType({})

    def to_json(self, *, at: tuple[int, int] | None = None) -> dict[str, Any]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], placed: Any) -> PlayAbbey:
        return cls()


#: the one option of the abbey offer (an action without fields: one instance serves)
_PLAY_ABBEY = PlayAbbey()


# -- geometry the rules ask about ---------------------------------------------------------------


def is_abbey(tile_type: TileType) -> bool:
    return tile_type.id == ABBEY or (tile_type.per_player and "abbey" in tile_type.tags)


def abbey_hole_problem(board: Board, tile_type: TileType, placement: Placement) -> Refusal | None:
    """Placement rule: the abbey only fills a hole with a tile on each of its four sides."""
    if not is_abbey(tile_type):
        return None
    x, y = placement.x, placement.y
    missing = [
        SIDES[side]
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS)
        if (x + dx, y + dy) not in board.tiles
    ]
    if missing:
        return Refusal(
            "abbey.place",
            phrase(
                "the abbey only fills a hole with tiles on all four sides, and ({x}, {y}) has "
                "no tile to the {sides}",
                x=x,
                y=y,
                sides=" and ".join(missing),
            ),
        )
    return None


#: the hole rule as the board applies it: it concerns the abbey only and depends only on which
#: sides of a square have a neighbour, so the search for places to put the abbey (asked every
#: turn for each player still holding one) builds no sentence and checks no square twice;
#: abbey_hole_problem gives the reason for one square on demand
ABBEY_HOLE = PlacementRule(abbey_hole_problem, concerns=is_abbey, square_code=surrounded)


def barn_corner_problem(board: Board, corner: Corner) -> str | None:
    """Why a barn cannot stand on ``corner`` (four tiles, all field at that point), or None."""
    for (dx, dy), halves in _QUARTERS:
        pos = (corner.x + dx, corner.y + dy)
        placed = board.tiles.get(pos)
        where = _SQUARE_NAMES[_QUARTERS.index(((dx, dy), halves))]
        if placed is None:
            return phrase(
                "a barn needs four tiles meeting at the point, and the {where} square {pos} "
                "is empty",
                where=term(where),
                pos=str(pos),
            )
        for h in halves:
            i = placed.tile.half_segment[h]
            if i is None or placed.tile.segments[i].kind != "field":
                return phrase(
                    "every tile must show field at the point, but tile {tile} at {pos} (the "
                    "{where} one) does not",
                    tile=placed.type.id,
                    pos=str(pos),
                    where=term(where),
                )
    return None


#: id of an oriented tile -> (the tile, for each square of _QUARTERS: whether the tile shows
#: field at the grid point when it is that square); oriented tiles are shared and immutable
_FIELD_AT_POINT: dict[int, tuple[OrientedTile, tuple[bool, ...]]] = {}


def _field_at_points(tile: OrientedTile) -> tuple[bool, ...]:
    entry = _FIELD_AT_POINT.get(id(tile))
    if entry is None or entry[0] is not tile:
        flags = []
        for _, halves in _QUARTERS:
            kinds = [
                None if tile.half_segment[h] is None else tile.segments[tile.half_segment[h]].kind  # type: ignore[index]
                for h in halves
            ]
            flags.append(kinds == ["field", "field"])
        entry = _FIELD_AT_POINT[id(tile)] = (tile, tuple(flags))
    return entry[1]


#: each corner of a tile (CORNER_OFFSETS, in its order) as a grid point: its offset from the
#: tile's square and which square of _QUARTERS the tile is at that point
_BARN_CORNERS = tuple(
    (dx, dy, [q for q, ((qx, qy), _) in enumerate(_QUARTERS) if (dx + qx, dy + qy) == (0, 0)][0])
    for dx, dy in CORNER_OFFSETS.values()
)
#: _BARN_CORNERS, each with the offsets (dx, dy of NEIGHBOUR_OFFSETS) of the two squares beside
#: the tile that meet at that corner too: a barn's corner needs a tile on both
_BARN_CORNERS_BESIDE = tuple(
    (
        dx,
        dy,
        quarter,
        *(
            offset
            for nx, ny in NEIGHBOUR_OFFSETS
            if any((dx + qx, dy + qy) == (nx, ny) for (qx, qy), _ in _QUARTERS)
            for offset in (nx, ny)
        ),
    )
    for dx, dy, quarter in _BARN_CORNERS
)
#: what the module asks of the tile just placed, every turn: the tile itself, then the
#: (segment id, kind) of its segments a mayor or wagon may go on, the corners of
#: _BARN_CORNERS_BESIDE where it shows field (where a barn may go), and the ids of its field
#: segments. One flat tuple per oriented tile: the hooks read it inline, one look-up a turn
_TileFacts = tuple[
    "OrientedTile",
    tuple[tuple[str, str], ...],
    tuple[tuple[int, int, int, int, int, int, int], ...],
    tuple[str, ...],
]
#: id of an oriented tile -> its facts (oriented tiles are shared and immutable; the tile in
#: the entry tells a tile that took the id of one gone)
_TILE_FACTS: dict[int, _TileFacts] = {}


def _tile_facts(tile: OrientedTile) -> _TileFacts:
    """The entry of _TILE_FACTS for ``tile``, made and kept (the hooks read the table
    first, and call this only for a tile not met yet)."""
    entry = _TILE_FACTS.get(id(tile))
    if entry is None or entry[0] is not tile:
        entry = _TILE_FACTS[id(tile)] = (
            tile,
            tuple((s.id, s.kind) for s in tile.segments if s.kind in _WAGON_KINDS),
            tuple(c for c in _BARN_CORNERS_BESIDE if _field_at_points(tile)[c[2]]),
            tuple(s.id for s in tile.segments if s.kind == "field"),
        )
    return entry


# built for every option offered (see carc_teach.frozen)
_new_deploy = fast_constructor(Deploy)
_new_corner = fast_constructor(Corner)


def barn_corner_fits(board: Board, corner: Corner) -> bool:
    """Whether a barn may stand on ``corner``: :func:`barn_corner_problem` without building
    its sentence (asked for four corners a turn while a player holds a barn)."""
    return _barn_fits_at(board.tiles.get, corner.x, corner.y)


#: where each of the module's own figures stands in ``AbbeyMayorState.own``
_OWN_INDEX = {"mayor": 0, "wagon": 1, "barn": 2}


def _barn_fits_at(get: Callable[[Any], Any], x: int, y: int) -> bool:
    """:func:`barn_corner_fits` at grid point ``(x, y)``, given the board's ``tiles.get``."""
    # the squares of _QUARTERS, in its order; most corners lack a tile, so look at all four
    # squares before at what they show
    nw, ne, se, sw = get((x - 1, y - 1)), get((x, y - 1)), get((x, y)), get((x - 1, y))
    if nw is None or ne is None or se is None or sw is None:
        return False
    return (
        _field_at_points(nw.tile)[0]
        and _field_at_points(ne.tile)[1]
        and _field_at_points(se.tile)[2]
        and _field_at_points(sw.tile)[3]
    )


def _quarter_node(board: Board, corner: Corner) -> tuple[int, int, str]:
    (dx, dy), halves = _QUARTERS[0]
    placed = board.tiles[(corner.x + dx, corner.y + dy)]
    seg = placed.tile.segments[placed.tile.half_segment[halves[0]]]  # type: ignore[index]
    return (placed.x, placed.y, seg.id)


def barn_farm(state: GameState, barn: Figure) -> Feature:
    """The farm a barn stands on (the farm of the field quarters at its corner)."""
    assert isinstance(barn.location, Corner)
    return farm_at_corner(state, barn.location)


def farm_at_corner(state: GameState, corner: Corner) -> Feature:
    """The farm of the field quarters at ``corner`` (where four tiles meet, all field there):
    the farm a barn put there would stand on."""
    return state.board.features.feature_of(_quarter_node(state.board, corner))


def _barn_nodes(state: GameState) -> tuple[tuple[Figure, tuple[int, int, str]], ...]:
    """(barn, a node of its farm) for each barn on the board, in seat order (none without
    the module)."""
    ext = state.ext.get(_ID)
    return ext.barn_nodes if ext is not None else ()


def _has_barn(state: GameState, farm: Feature) -> bool:
    """``bool(barns_on(state, farm))`` without listing them."""
    feature_of = state.board.features.feature_of
    for _, node in _barn_nodes(state):
        if feature_of(node) is farm:
            return True
    return False


def barns_on(state: GameState, farm: Feature) -> list[Figure]:
    """The barns standing on ``farm``, in seat order."""
    feature_of = state.board.features.feature_of
    return [barn for barn, node in _barn_nodes(state) if feature_of(node) is farm]


#: the Count's rules module, imported when a game with the Count first asks (an import
#: statement inside a function runs the import machinery at every call: thousands of
#: instructions)
_COUNT_RULES: list[Any] = []


def _count_rules() -> Any:
    if not _COUNT_RULES:
        from ..count import rules

        _COUNT_RULES.append(rules)
    return _COUNT_RULES[0]


def farm_cities(state: GameState, farm: Feature) -> tuple[int, bool]:
    """How many completed cities a farm counts, and whether the City of Carcassonne is one of
    them: the completed cities bordering it, plus the City when the Count's City is on the
    board and the farm touches it (ckr-1: it is a completed city wherever farms count cities)."""
    n = sum(1 for c in state.board.features.bordering_cities(farm) if c.complete)
    city = False
    if "count" in state.setup.expansions:
        city = _count_rules().city_of_carcassonne_borders(state, farm)
    return n + int(city), city


def _cities_text(n: int, city: bool) -> Any:
    if city and n == 1:
        return Said(msg="1 completed city (the City of Carcassonne)")
    if city and n > 1:
        return SaidN(
            msg="{n} completed city (the City of Carcassonne among them)",
            plural="{n} completed cities (the City of Carcassonne among them)",
            n=n,
        )
    return SaidN(msg="{n} completed city", plural="{n} completed cities", n=n)


def _whose(players: list[str]) -> Any:
    """ "Alice's", "Alice's and Bob's" (whose barns)."""
    return Names([Said(msg="{player}'s", player=p) for p in players])


def _market_waiting(state: GameState) -> bool:
    """Whether followers wait in the Count's market quarter, free to move onto a farm that
    scores now (the Count does not stand there)."""
    if "count" not in state.setup.expansions:
        return False
    market = _count_rules().quarter_place("market")
    count = state.figures.get("count")
    if count is None or count.location == market:
        return False
    return any(f.location == market and f.player is not None for f in state.figures.values())


class _Follows(dict):
    """Figure kind -> whether it is a follower, looked up in the registry the first time (a
    kind's definition never changes once registered): a lookup in C where kind_of is a call
    for each figure of each feature asked."""

    def __missing__(self, kind: str) -> bool:
        follows = self[kind] = kind_of(kind).follower
        return follows


_FOLLOWS = _Follows()


def _is_follower(figure: Figure) -> bool:
    return _FOLLOWS[figure.kind]


def _farmers(farm: Feature) -> list[Figure]:
    return [f for f in farm.figures if _FOLLOWS[f.kind]]


def connected_features(state: GameState, feature: Feature) -> list[Feature]:
    """Roads, cities and cloisters a wagon can drive to from ``feature`` in one step (first
    edition, car-170 to car-174): along the tiles' connections (a road into a crossing, a city
    gate or a cloister) and between an abbey and the roads and cities ending against it."""
    features = state.board.features
    tiles = state.board.tiles
    out: list[Feature] = []

    def add(f: Feature) -> None:
        if f is not feature and f not in out and f.kind in ("road", "city", "cloister"):
            out.append(f)

    for x, y, seg_id in feature.nodes:
        placed = tiles[(x, y)]
        for other in placed.type.connected(seg_id):
            add(features.feature_of((x, y, other)))
        if is_abbey(placed.type):
            # from the abbey to every road and city that ends against it
            for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
                n = tiles.get((x + dx, y + dy))
                if n is None:
                    continue
                j = n.tile.side_segment[(side + 2) % 4]
                if j is not None:
                    add(features.feature_of((n.x, n.y, n.tile.segments[j].id)))
            continue
        seg = next(s for s in placed.tile.segments if s.id == seg_id)
        if seg.kind not in ("road", "city"):
            continue
        for side in seg.sides:
            dx, dy = NEIGHBOUR_OFFSETS[side]
            n = tiles.get((x + dx, y + dy))
            if n is not None and is_abbey(n.type):
                for s in n.tile.segments:
                    if s.kind == "cloister":
                        add(features.feature_of((n.x, n.y, s.id)))
    return out


# -- the module -----------------------------------------------------------------------------------


@dataclass(slots=True)
class AbbeyMayorState:
    """What the module keeps between turns (``state.ext["abbey-mayor"]``)."""

    #: the players who still hold their abbey tile
    abbeys: list[str]
    #: ids of the wagons whose feature scored this turn, waiting to move on
    wagons: list[str] = field(default_factory=list)
    #: the corner (x, y) of the barn placed this turn, until step 3B scores its farm
    barn: tuple[int, int] | None = None
    #: while farmers are scored because of a barn: "placement", "connect" or "final"
    scoring: str | None = None
    #: player -> their mayor, wagon and barn (set-up gives one of each; a figure is in its
    #: owner's supply exactly while it has no location), so step 2B looks at three figures
    #: where it walked the supply every turn; a state's copy maps them to its own figures
    own: dict[str, tuple[Figure, ...]] = field(default_factory=dict, repr=False)
    #: (barn, a node of its farm: the segment of its north-west square at its corner) for each
    #: barn on the board, in seat order. Kept as each is placed (a barn comes onto the board
    #: only through :meth:`AbbeyMayorRules.deploy` and stays): whether a farm has a barn is
    #: then a look-up per barn, where a walk over the figures and a table of the farms with a
    #: barn were made again at every tile (a state's copy maps the barns to its own figures)
    barn_nodes: tuple[tuple[Figure, tuple[int, int, str]], ...] = field(default=(), repr=False)

    @property
    def barns_placed(self) -> int:
        """How many barns were placed so far (the hooks test ``barn_nodes`` itself: empty,
        no barn to look for)."""
        return len(self.barn_nodes)


def abbey_holders(state: GameState) -> tuple[str, ...]:
    """The players who have not played their abbey tile yet (none without the module)."""
    ext = state.ext.get(_ID)
    return tuple(ext.abbeys) if ext is not None else ()


#: the module's id: its hooks read it as a global (``self.id``, a class attribute read through
#: an instance, takes CPython 3.11's slow attribute path: several times a turn)
_ID = "abbey-mayor"


class AbbeyMayorRules(RuleModule):
    id = _ID
    title = "Abbey & Mayor"
    tile_sets = ("abbey-mayor",)
    # it offers these three only: in a game with three or more offering modules, step 2B does
    # not ask it in a turn whose player has all three in play (a quarter of the turns)
    offers_figures = frozenset({"mayor", "wagon", "barn"})
    # its after_completed only moves the wagons whose feature scored in this step 3B (every
    # scoring during a game is step 3B's): step 3B leaves it out of a turn in which nothing
    # scored (most turns) where no module's after_completed that is always called precedes it
    after_completed_if_scored = True
    # the scoring pipeline asks these hooks only where they can do anything: about a farm (a
    # barn's, or the final scoring of one with a barn), about a road, city or cloister (the
    # mayor and the wagon never enter a farm), about a mayor's strength, a wagon's fate
    scores_feature_kinds = MappingProxyType(
        {
            "before_scoring": frozenset({"field"}),
            "claimants": frozenset(_WAGON_KINDS),
            "feature_value": frozenset({"field"}),
        }
    )
    scores_figure_kinds = MappingProxyType(
        {"figure_strength": frozenset({"mayor"}), "figure_fate": frozenset({"wagon"})}
    )
    options = (
        "wagon.empty-feature-rule",
        "wagon.cloister-access",
        "wagon.move-range",
        "wagon.move-rule",
        "barn.pig-herd",
    )
    rules = {
        "abbey.setup": "Each player takes one abbey tile, one mayor, one wagon and one barn; the 12 "
        "Abbey & Mayor land tiles are shuffled into the supply.",
        "abbey.play": "Instead of drawing, a player may play their own abbey tile, once per game, "
        "while tiles are still left to draw.",
        "abbey.place": "The abbey may only fill a space with tiles on all four sides; it fits any "
        "edge and closes every road and city that ends against it; it is a cloister.",
        "mayor.deploy": "Instead of a follower, a player may put their mayor into a city of the "
        "placed tile that holds no follower of any kind (knight, wagon or mayor).",
        "mayor.strength": "A mayor counts toward the majority as many followers as its city has "
        "pennants; with no pennant it counts nothing, though the city stays occupied.",
        "wagon.deploy": "Instead of a follower, a player may put their wagon on a road, city or "
        "cloister of the placed tile that holds no other follower; never on a farm.",
        "wagon.score": "A wagon counts as one follower when its feature scores.",
        "wagon.move": "After its feature scores during the game, a wagon's owner may move it to "
        "a connected road, city or cloister that is unfinished and unoccupied, or take it "
        "back; several wagons decide in turn from the active player clockwise.",
        "barn.placement": "Instead of a follower, a player may put their barn on a corner of the "
        "placed tile where four tiles meet, all showing field there, if that farm has no barn; "
        "no farmer may then be deployed on that farm.",
        "barn.scoring": "Placing a barn makes the farmers already on its farm score at once "
        "(3 per completed city for the majority) and go home; the barn stays.",
        "barn.connect": "A tile that joins a farm with farmers to a farm with a barn makes those "
        "farmers score at once 1 per completed city, then go home.",
        "barn.final": "After the game each barn scores its owner 4 points per completed city "
        "bordering its farm; several barns on one farm each score in full.",
    }

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        super().__init__(values)
        if self.option("wagon.move-range") == "roll-on" and (
            self.option("wagon.move-rule") != "connected"
        ):
            raise UnknownRuleError(
                phrase(
                    "option wagon.move-range 'roll-on' (a house rule on first-edition connected "
                    "moves) cannot be combined with wagon.move-rule {value}",
                    value=repr(self.option("wagon.move-rule")),
                )
            )
        # read at every deployment: kept once (a game's options do not change)
        self._wagon_needs_empty = self.option("wagon.empty-feature-rule") == "no-other-figure"
        self._wagon_road_tiles_only = self.option("wagon.cloister-access") == "road-tiles-only"
        # the options a wagon's deployment and move events name: those the game changed
        self._wagon_deploy_changed = tuple(
            o
            for o in ("wagon.empty-feature-rule", "wagon.cloister-access")
            if self.option_changed(o)
        )
        self._wagon_move_changed = tuple(
            o
            for o in ("wagon.move-rule", "wagon.move-range", "wagon.cloister-access")
            if self.option_changed(o)
        )

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, state: GameState) -> None:
        if len(state.players) > MAX_PLAYERS:
            raise GameFileError(
                phrase(
                    "Abbey & Mayor equips at most {most} players (one abbey, mayor, wagon and "
                    "barn each), not {count}",
                    most=MAX_PLAYERS,
                    count=len(state.players),
                ),
                field="setup.players",
            )
        own: dict[str, tuple[Figure, ...]] = {}
        for p in state.players:
            figures = [state.add_figures(p, kind, 1)[0] for kind in ("mayor", "wagon", "barn")]
            # (numbered from 1 per player and kind: no other figure of these kinds before)
            if all(f.id == f"{p}:{f.kind}1" for f in figures):
                own[p] = tuple(figures)
        state.ext[_ID] = AbbeyMayorState(list(state.players), own=own)
        # Until the first barn is placed (half the game), the barns' scorings and their filter
        # have nothing to do: they are left out, each call about 850 instructions a turn, and
        # put back when it is placed (deploy). The copies of the hooks are the kind's, shared
        # by its games
        state.retire_hook("extra_scorings", self.extra_scorings)
        state.retire_hook("filter_deployments", self.filter_deployments)
        # likewise the abbey's completions, but in the turn an abbey is played (put back by
        # play_instead_of_draw, left out again by identify_completed itself)
        state.retire_hook("identify_completed", self.identify_completed)
        state.emit(
            "expansion-setup",
            rule="abbey.setup",
            text=Said(
                msg="Abbey & Mayor: {players} each take an abbey tile, a mayor, a wagon and a "
                "barn; its 12 land tiles join the supply.",
                players=Names(state.players),
            ),
        )

    def _ext(self, state: GameState) -> AbbeyMayorState:
        return state.ext[_ID]

    # -- 1B/1C: the abbey -------------------------------------------------------------------
    @property
    def placement_rules(self) -> tuple:
        return (ABBEY_HOLE,)

    def play_instead_of_draw(self, state: GameState, turn: Turn) -> TileType | None:
        abbeys = state.ext[_ID].abbeys
        if turn.player not in abbeys:
            if not abbeys:
                # Every abbey is played, and the turn that played the last is over: the offer
                # has nothing left to do in this game, and each call of a hook costs the turn
                # driver as much as a few bit tests here
                state.retire_hook("play_instead_of_draw", self.play_instead_of_draw)
            return None  # the abbey played already, as in most turns
        abbey = state.tile_types[ABBEY]
        if not state.board.can_place(abbey):
            return None
        answer = state.ask(
            Decision(
                turn.player,
                "abbey-mayor.abbey",
                [_PLAY_ABBEY],
                rule="abbey.play",
                optional=True,
                # said when read (a simulated player never reads it), as the turn driver's
                prompt=(
                    N_("{player} may play their abbey instead of drawing a tile"),
                    {"player": turn.player},
                ),
            )
        )
        if isinstance(answer, Pass):
            return None
        self._ext(state).abbeys.remove(turn.player)
        # its completions are looked for in this turn's step 3A (see setup)
        state.resume_hook("identify_completed", self.identify_completed)
        state.emit(
            "abbey-played",
            player=turn.player,
            tile=ABBEY,
            rule="abbey.play",
            text=Said(
                msg="{player} plays their abbey instead of drawing: it must go into a space with "
                "tiles on all four sides.",
                player=turn.player,
            ),
        )
        return abbey

    def explain_instead(self, state: GameState, turn: Turn, tile: TileType) -> Refusal | None:
        # the seeds' footnotes say nothing about the abbey's own rules: the rule id alone
        if tile.id != ABBEY:
            return None
        if turn.player not in state.ext[_ID].abbeys:
            return self.refusal(
                "abbey.play",
                phrase("{player} has already played their abbey", player=turn.player),
            )
        if not state.board.can_place(tile):
            return self.refusal(
                "abbey.place", phrase("no space on the board has tiles on all four sides")
            )
        return None

    # -- 2B: deployments --------------------------------------------------------------------
    def _wagon_may_enter(self, state: GameState, feature: Feature, node: tuple) -> bool:
        if feature.kind not in _WAGON_KINDS:
            return False
        if self._wagon_needs_empty:
            if feature.figures:
                return False
        elif feature.figures and any(_FOLLOWS[f.kind] for f in feature.figures):
            return False
        if feature.kind == "cloister" and self._wagon_road_tiles_only:
            placed = state.board.tiles[(node[0], node[1])]
            if is_abbey(placed.type) or not any(s.kind == "road" for s in placed.tile.segments):
                return False
        return True

    def deployment_options(self, state: GameState, turn: Turn) -> list[Deploy]:
        # which of the three figures the player holds: whether each stands nowhere (asked
        # first, and nothing else before it: in a quarter of the turns all three are in play)
        own = state.ext[_ID].own.get(turn.player)
        if own is not None:
            mayor_figure, wagon_figure, barn_figure = own
            mayor = mayor_figure.location is None
            wagon = wagon_figure.location is None
            barn = barn_figure.location is None
        else:
            # not one of each: the kinds the player holds (known when several modules ask)
            held = state.held
            if held is None:
                held = {figure.kind for figure in state.supply[turn.player]}
            mayor, wagon, barn = "mayor" in held, "wagon" in held, "barn" in held
        if not (mayor or wagon or barn):
            return []  # all three in play: the tile is not looked at
        placed = turn.placed
        assert placed is not None
        out: list[Deploy] = []
        x, y = placed.x, placed.y
        tile = placed.tile
        facts = _TILE_FACTS.get(id(tile))  # (_tile_facts's look-up inline: asked every turn)
        if facts is None or facts[0] is not tile:
            facts = _tile_facts(tile)
        _, for_wagons, barn_corners, _ = facts
        if mayor or wagon:
            feature_of = state.board.features.feature_of
            # _wagon_may_enter's questions, answered here for all but a cloister under the
            # road-tiles-only house rule
            wagon_needs_empty = self._wagon_needs_empty
            wagon_cloister_rule = self._wagon_road_tiles_only
            for seg_id, kind in for_wagons:
                node = (x, y, seg_id)
                feature = feature_of(node)
                figures = feature.figures
                if figures:
                    # whether a follower of any kind stands there: then no mayor, and no wagon
                    # (nor with any figure there, under the default empty-feature rule)
                    knight = False
                    for f in figures:
                        if _FOLLOWS[f.kind]:
                            knight = True
                            break
                    if mayor and kind == "city" and not knight:
                        out.append(_new_deploy("mayor", node, _ID))
                    if not wagon or wagon_needs_empty or knight:
                        continue
                elif mayor and kind == "city":
                    out.append(_new_deploy("mayor", node, _ID))
                if wagon:
                    if (
                        kind == "cloister"
                        and wagon_cloister_rule
                        and not self._wagon_may_enter(state, feature, node)
                    ):
                        continue
                    out.append(_new_deploy("wagon", node, _ID))
        if barn and barn_corners:
            # a corner where the placed tile shows no field is out at once (barn_corners), and
            # one without a tile on both sides of the placed tile that meet there before the
            # four tiles are looked at and a Corner is made
            tiles = state.board.tiles
            # each corner needs a tile above or below the placed one and one beside it; most
            # tiles are placed next to one other (1.2 on average while a barn is held)
            if not (
                ((x, y - 1) in tiles or (x, y + 1) in tiles)
                and ((x + 1, y) in tiles or (x - 1, y) in tiles)
            ):
                return out
            for dx, dy, _, ax, ay, bx, by in barn_corners:
                if (x + ax, y + ay) in tiles and (x + bx, y + by) in tiles:
                    cx, cy = x + dx, y + dy
                    if _barn_fits_at(tiles.get, cx, cy):
                        corner = _new_corner(cx, cy)
                        if not self._barn_farm_at(state, corner):
                            out.append(_new_deploy("barn", corner, _ID))
        return out

    def explain_deployment(self, state: GameState, turn: Turn, action: Deploy) -> Refusal | None:
        """The barn's corner, the mayor's and the wagon's features, and no farmer on a farm
        with a barn (car-189)."""
        if action.figure == "barn":
            return self._why_not_barn(state, turn, action)
        node = action.node
        if node is None or (node[0], node[1]) not in state.board.tiles:
            return None
        placed = turn.placed
        if placed is None or (node[0], node[1]) != placed.pos:
            return None  # the base game says: only on the tile just placed
        feature = state.board.features.feature_of(node)
        if action.figure == "mayor" and feature.kind == "city":
            knights = [f for f in feature.figures if _is_follower(f)]
            if knights:
                holders = ", ".join(sorted({f"{f.player}'s {f.kind}" for f in knights}))
                notes = ("car-154", "car-155") + (
                    ("car-156",) if any(f.kind == "wagon" for f in knights) else ()
                )
                return self.refusal(
                    "mayor.deploy",
                    phrase(
                        "{feature} is already occupied ({holders}): a mayor goes only into a "
                        "city with no knight, and every follower in a city is a knight, a mayor "
                        "or wagon too",
                        feature=feature.describe(),
                        holders=holders,
                    ),
                    notes,
                )
        if action.figure == "wagon" and feature.kind in ("road", "city", "cloister"):
            return self._why_not_wagon(state, feature, node)
        if (
            kind_of(action.figure).follower
            and "field" in kind_of(action.figure).enters
            and feature.kind == "field"
            and _has_barn(state, feature)
        ):
            return self.refusal(
                "barn.placement",
                phrase(
                    "a {kind} cannot be deployed on segment {segment}: no farmer may join "
                    "{feature}, where a barn stands",
                    kind=kind_id_word(action.figure),
                    segment=node[2],
                    feature=feature.describe(),
                ),
                ("car-189",),
            )
        return None

    def _why_not_wagon(self, state: GameState, feature: Feature, node: tuple) -> Refusal | None:
        rule = self.option("wagon.empty-feature-rule")
        if rule == "no-other-figure":
            blocking = list(feature.figures)
        else:
            blocking = [f for f in feature.figures if _is_follower(f)]
        if blocking:
            holders = ", ".join(sorted({f"{f.player}'s {f.kind}" for f in blocking}))
            return self.refusal(
                "wagon.deploy",
                phrase(
                    "{feature} is already occupied ({holders}): a wagon goes only onto a road, "
                    "city or cloister with no other figure on it",
                    feature=feature.describe(),
                    holders=holders,
                )
                if rule == "no-other-figure"
                else phrase(
                    "{feature} is already occupied ({holders}): a wagon goes only onto a road, "
                    "city or cloister with no other follower on it",
                    feature=feature.describe(),
                    holders=holders,
                ),
                ("car-166", "car-167"),
                ("wagon.empty-feature-rule",),
            )
        if (
            feature.kind == "cloister"
            and self.option("wagon.cloister-access") == "road-tiles-only"
            and not self._wagon_may_enter(state, feature, node)
        ):
            return self.refusal(
                "wagon.deploy",
                phrase(
                    "a wagon cannot be deployed on segment {segment}: under this house rule a "
                    "wagon goes onto a cloister only on a tile with a road",
                    segment=node[2],
                ),
                ("house-wagon-road-tiles-only", "car-173"),
                ("wagon.cloister-access",),
            )
        return None

    def _why_not_barn(self, state: GameState, turn: Turn, action: Deploy) -> Refusal | None:
        if not isinstance(action.to, Corner):
            return self.refusal(
                "barn.placement",
                phrase("a barn stands on a corner where four tiles meet, not a segment"),
            )
        placed = turn.placed
        corner = action.to
        if placed is None or placed.pos not in corner.squares():
            return self.refusal(
                "barn.placement", phrase("a barn goes on a corner of the tile just placed")
            )
        problem = barn_corner_problem(state.board, corner)
        if problem:
            return self.refusal(
                "barn.placement",
                phrase(
                    "a barn cannot stand at grid point ({x}, {y}): {problem}",
                    x=corner.x,
                    y=corner.y,
                    problem=problem,
                ),
            )
        if self._barn_farm_at(state, corner):
            return self.refusal(
                "barn.placement",
                phrase("the farm at that corner already has a barn: one barn per farm"),
                ("car-182", "car-189"),
            )
        return None

    def has_barn(self, state: GameState, farm: Feature) -> bool:
        """Whether a barn stands on ``farm`` (the Count's module asks, to leave its value here)."""
        return _has_barn(state, farm)

    def _barn_farm_at(self, state: GameState, corner: Corner) -> bool:
        """Whether the farm at ``corner`` (a legal barn corner) already has a barn."""
        if not state.ext[_ID].barn_nodes:
            return False  # no barn placed yet: the farms with a barn are not looked for
        farm = state.board.features.feature_of(_quarter_node(state.board, corner))
        return _has_barn(state, farm)

    def filter_deployments(
        self, state: GameState, turn: Turn, options: list[Deploy]
    ) -> list[Deploy]:
        """No follower joins a farm with a barn (car-189)."""
        if not options or not state.ext[_ID].barn_nodes:
            return options
        # (a barn placed stands: barns never leave the board)
        feature_of = state.board.features.feature_of
        farms: list | None = None  # the farms with a barn, found when first needed
        out = []
        for o in options:
            # (Deploy.node without its property's call; the figure's kind asked only on a farm)
            to = o.to
            if isinstance(to, tuple):
                feature = feature_of(to)
                # a barn stands on a farm only
                if feature.kind == "field" and _FOLLOWS[o.figure]:
                    if farms is None:
                        # (a loop: a comprehension would make feature_of a cell in this hook)
                        farms = []
                        for _, node in state.ext[_ID].barn_nodes:
                            farms.append(feature_of(node))
                    if feature in farms:  # (features compare by identity)
                        continue
            out.append(o)
        return out

    def deploy(self, state: GameState, turn: Turn, action: Deploy) -> None:
        kind = action.figure
        # the player's own mayor, wagon or barn (one of each, in the supply exactly while it
        # stands nowhere: the one in_supply's walk would find), else that walk
        own = state.ext[_ID].own.get(turn.player)
        figure = own[_OWN_INDEX[kind]] if own is not None else None
        if figure is None or figure.location is not None:
            figure = state.in_supply(turn.player, kind)
        assert figure is not None
        if kind == "barn":
            corner = action.to
            assert isinstance(corner, Corner)
            node = _quarter_node(state.board, corner)
            farm = state.board.features.feature_of(node)
            farmers = _farmers(farm)
            if farmers:
                text = SaidN(
                    msg="{player} puts their barn on the grid point ({x}, {y}), where four tiles "
                    "meet in {farm}; the {n} farmer already on it will score in this turn's "
                    "scoring step and go home. No farmer may join this farm from now on.",
                    plural="{player} puts their barn on the grid point ({x}, {y}), where four "
                    "tiles meet in {farm}; the {n} farmers already on it will score in this turn's "
                    "scoring step and go home. No farmer may join this farm from now on.",
                    n=len(farmers),
                    player=turn.player,
                    x=corner.x,
                    y=corner.y,
                    farm=farm.phrase(),
                )
            else:
                text = Said(
                    msg="{player} puts their barn on the grid point ({x}, {y}), where four tiles "
                    "meet in {farm}. No farmer may join this farm from now on.",
                    player=turn.player,
                    x=corner.x,
                    y=corner.y,
                    farm=farm.phrase(),
                )
            state.deploy_figure(
                figure,
                corner,
                rule="barn.placement",
                text=text,
                annotations=("car-189",) + (("car-184",) if farmers else ()),
            )
            ext = self._ext(state)
            ext.barn = (corner.x, corner.y)
            if not ext.barn_nodes:
                # the first barn: the barns' scorings (this turn's step 3B scores its farm) and
                # their filter (from the next turn's step 2B) are asked again (see setup)
                state.resume_hook("extra_scorings", self.extra_scorings)
                state.resume_hook("filter_deployments", self.filter_deployments)
            seat = state.players.index
            ext.barn_nodes = tuple(
                sorted((*ext.barn_nodes, (figure, node)), key=lambda b: seat(b[0].player))
            )
            return
        # (Deploy.to, a segment here: the node property's call, four times, without it)
        node = action.to
        assert type(node) is tuple
        feature = state.board.features.feature_of(node)
        if kind == "mayor":
            pennants = feature.pennants
            worth = (
                Said(msg="it will count {pennants} there, one per pennant", pennants=pennants)
                if pennants
                else Said(
                    msg="the city has no pennant yet, so for now it counts nothing, though the "
                    "city is occupied"
                )
            )
            state.deploy_figure(
                figure,
                node,
                rule="mayor.deploy",
                text=Said(
                    msg="{player} puts their mayor on {segment}, into {feature}, which holds no "
                    "knight: {worth}.",
                    player=turn.player,
                    segment=state.board.segment_phrase(node),
                    feature=feature.phrase(),
                    worth=worth,
                ),
                annotations=("car-154", "car-156") + (() if pennants else ("car-164",)),
            )
            return
        state.deploy_figure(
            figure,
            node,
            rule="wagon.deploy",
            text=Said(
                msg="{player} puts their wagon on {segment}, claiming {feature}; it counts as one "
                "follower.",
                player=turn.player,
                segment=state.board.segment_phrase(node),
                feature=feature.phrase(),
            ),
            annotations=("car-166",) + (("car-173",) if feature.kind == "cloister" else ()),
            options=self._wagon_deploy_changed,
        )

    # -- 3A: roads and cities the abbey closed ------------------------------------------------
    def identify_completed(self, state: GameState, turn: Turn) -> list[Feature]:
        placed = turn.placed
        if placed is None:
            return []
        tile_type = placed.tile.type
        # (is_abbey, whose answer most turns know at once: a drawn tile, not the abbey)
        if (tile_type.id != ABBEY and not tile_type.per_player) or not is_abbey(tile_type):
            return []
        # the abbey has no road or city of its own: what it completes lies on its neighbours
        out: list[Feature] = []
        tiles = state.board.tiles
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
            n = tiles.get((placed.x + dx, placed.y + dy))
            j = None if n is None else n.tile.side_segment[(side + 2) % 4]
            if j is None:
                continue
            f = state.board.features.feature_of((n.x, n.y, n.tile.segments[j].id))
            if f.complete and not f.scored and f not in out:
                out.append(f)
        # asked again only when another abbey is played (see setup; the driver's loop of this
        # step holds the hooks it started with)
        state.retire_hook("identify_completed", self.identify_completed)
        return out

    # -- 3B: the scoring pipeline -----------------------------------------------------------
    def before_scoring(self, state: GameState, scoring: Scoring) -> None:
        feature = scoring.feature
        if scoring.final and feature.kind == "field" and _farmers(feature):
            barns = barns_on(state, feature)
            if barns:
                state.emit(
                    "barn-farm-final",
                    rule="barn.connect",
                    feature=feature.id,
                    nodes=tuple(feature.nodes),
                    text=Said(
                        msg="{farm} has {owners} barn, yet followers stand on it after the game "
                        "(moved there from the market of Carcassonne): like farmers meeting a "
                        "barn, they score 1 point per completed city, not 3.",
                        farm=Capital(feature.phrase()),
                        owners=_whose([b.player for b in barns]),
                    ),
                    annotations=("ckr-25",),
                )

    def claimants(self, state: GameState, scoring: Scoring, figures: list[Figure]) -> list[Figure]:
        # described here rather than before scoring: every module's before_scoring has run,
        # so a mayor or wagon the Count just moved in from Carcassonne is described too
        feature = scoring.feature
        for fig in figures:
            if fig.kind not in ("mayor", "wagon"):
                continue
            counts = figure_strength(state, fig, feature)
            usual = (
                (feature.pennants if feature.kind == "city" else 0) if fig.kind == "mayor" else 1
            )
            if counts != usual:
                # another module decided (the Count's count.special-figure-strength)
                state.emit(
                    "figure-strength",
                    player=fig.player,
                    rule="mayor.strength" if fig.kind == "mayor" else "wagon.score",
                    figure=fig.id,
                    feature=feature.id,
                    text=SaidN(
                        msg="{player}'s {figure} came in from Carcassonne, so under the printed "
                        "reading of the Count's rules it counts as {n} follower toward the "
                        "majority (usually {usual}).",
                        plural="{player}'s {figure} came in from Carcassonne, so under the printed "
                        "reading of the Count's rules it counts as {n} followers toward the "
                        "majority (usually {usual}).",
                        n=counts,
                        player=fig.player,
                        figure=Word(fig.kind),
                        usual=usual,
                    ),
                    annotations=("ckr-17",),
                    options=("count.special-figure-strength",),
                    data={"strength": counts},
                )
            elif fig.kind == "mayor":
                n = usual
                if n:
                    text: Any = SaidN(
                        msg="{player}'s mayor counts as {n} follower toward the majority: its "
                        "city has {n} pennant.",
                        plural="{player}'s mayor counts as {n} followers toward the majority: its "
                        "city has {n} pennants.",
                        n=n,
                        player=fig.player,
                    )
                    notes: tuple[str, ...] = ("car-162",)
                else:
                    text = Said(
                        msg="{player}'s mayor counts 0 toward the majority: the city has no "
                        "pennant. It occupies the city but wins nothing by itself.",
                        player=fig.player,
                    )
                    notes = ("car-163", "car-164")
                state.emit(
                    "figure-strength",
                    player=fig.player,
                    rule="mayor.strength",
                    figure=fig.id,
                    feature=feature.id,
                    text=text,
                    annotations=notes,
                    data={"strength": n},
                )
            else:
                state.emit(
                    "figure-strength",
                    player=fig.player,
                    rule="wagon.score",
                    figure=fig.id,
                    feature=feature.id,
                    text=Said(
                        msg="{player}'s wagon counts as one follower toward the majority.",
                        player=fig.player,
                    ),
                    annotations=("car-176",),
                    data={"strength": 1},
                )
        return figures

    def figure_strength(self, state: GameState, figure: Figure, feature: Feature) -> int | None:
        if figure.kind != "mayor":
            return None
        # another module's answer (the Count's count.special-figure-strength) wins whatever
        # the order of the expansions in the game file
        # (the game's figure_strength hooks, in module order: a module that keeps RuleModule's,
        # which answers None, is not among them, as most of the ten of a game with every
        # expansion)
        for strength in state.hooks.figure_strength:
            if strength.__self__ is not self and strength(state, figure, feature) is not None:
                return None
        return feature.pennants if feature.kind == "city" else 0

    def feature_value(
        self, state: GameState, feature: Feature, value: FeatureValue, *, final: bool
    ) -> FeatureValue:
        if feature.kind != "field":
            return value
        mode = self._ext(state).scoring
        if mode is None:
            if not final or not _has_barn(state, feature):
                return value
            # followers moved onto a barn's farm after the game (from the market, ckr-25)
            mode = "final"
        # a farm scored because of a barn: this module alone says what it is worth
        n, city = farm_cities(state, feature)
        rate = 3 if mode == "placement" else 1
        parts: tuple[tuple[Any, int], ...] = (
            (
                Said(msg="{cities} bordering it × {rate}", cities=_cities_text(n, city), rate=rate),
                rate * n,
            ),
        )
        # after the game The River II's own herd point applies (river2.pig-herd)
        if (
            mode != "final"
            and self.option("barn.pig-herd") == "farmers"
            and has_pig_herd(state, feature)
        ):
            parts += ((Said(msg="a pig-herd tile on the farm: {n} × 1", n=n), n),)
        return FeatureValue(parts)

    def figure_fate(self, state: GameState, figure: Figure, scoring: Scoring) -> str | None:
        if figure.kind == "wagon" and not scoring.final:
            self._ext(state).wagons.append(figure.id)
            return "stay"
        return None

    def after_completed(self, state: GameState, turn: Turn, scorings: list[Scoring]) -> None:
        # every scoring during the game is step 3B's (the features completed and this
        # module's barn scorings, extra_scorings): its wagons all wait here, so the module
        # needs no end_turn hook, which would be one more call every turn; and it has nothing
        # to do in a turn in which nothing scored (after_completed_if_scored)
        if state.ext[_ID].wagons:
            self._move_wagons(state, turn)

    # -- barns during the game --------------------------------------------------------------
    def extra_scorings(self, state: GameState, turn: Turn) -> list[Scoring]:
        """A barn's farm scores when the barn is placed, and a farm with farmers when the tile
        joins it to a barn's farm."""
        ext = state.ext[_ID]
        if not ext.barn_nodes:
            return []  # no barn placed yet (nor now): the first half of most games
        placed = turn.placed
        if ext.barn is None:
            if placed is None:
                return []
            # Farmers join a farm with a barn only through a tile joining their farm to it
            # (none may be deployed there), and they score and go home in the same step: so
            # in most turns no barn's farm has a figure, and nothing below can score. One
            # look-up per barn, before the placed tile's farms are looked at
            feature_of = state.board.features.feature_of
            for _, node in ext.barn_nodes:
                if feature_of(node).figures:
                    break
            else:
                return []
        # (a barn stands: barns never leave the board; were none there, no farm of the tile
        # would be found among the farms with a barn below)
        done: list[Feature] = []
        out: list[Scoring] = []
        if ext.barn is not None:
            corner = Corner(*ext.barn)
            ext.barn = None  # (read once, here)
            farm = state.board.features.feature_of(_quarter_node(state.board, corner))
            done.append(farm)
            # with followers waiting in the market the farm scores even with no farmer yet:
            # placing the barn is a chance to move them onto it first (car-185)
            if _farmers(farm) or _market_waiting(state):
                out.append(
                    self._score_farmers(
                        state,
                        farm,
                        "placement",
                        Said(
                            msg="{farm}, on which {player} just placed a barn",
                            farm=farm.phrase(),
                            player=turn.player,
                        ),
                    )
                )
            if placed is None:
                return out
        feature_of = state.board.features.feature_of
        x, y = placed.x, placed.y
        # the farms of the placed tile (one met twice is passed over the second time: it was
        # scored and is in done, or it was passed over the first time for the same reason)
        tile = placed.tile
        facts = _TILE_FACTS.get(id(tile))  # (_tile_facts's look-up inline, as in step 2B)
        if facts is None or facts[0] is not tile:
            facts = _tile_facts(tile)
        for seg_id in facts[3]:
            farm = feature_of((x, y, seg_id))
            if not farm.figures or farm in done:
                continue
            barns = barns_on(state, farm)
            # (the farmers listed only on a farm with a barn, the rarer)
            if not barns or not _farmers(farm):
                continue
            done.append(farm)
            owners = _whose([b.player for b in barns])
            state.emit(
                "barn-connect",
                player=turn.player,
                rule="barn.connect",
                feature=farm.id,
                nodes=tuple(farm.nodes),
                text=Said(
                    msg="Tile {tile} joins a farm with farmers to the farm of {owners} barn: the "
                    "farmers score now, 1 point per completed city, and go home.",
                    tile=placed.type.id,
                    owners=owners,
                ),
                annotations=("car-184", "car-189"),
            )
            out.append(
                self._score_farmers(
                    state,
                    farm,
                    "connect",
                    Said(
                        msg="{farm}, just joined to {owners} barn",
                        farm=farm.phrase(),
                        owners=owners,
                    ),
                )
            )
        return out

    def _score_farmers(self, state: GameState, farm: Feature, mode: str, what: Any) -> Scoring:
        ext = self._ext(state)
        ext.scoring = mode
        notes: tuple[str, ...] = ("car-184",)
        if has_pig_herd(state, farm):
            notes += ("car-195",)
        if "count" in state.setup.expansions:
            notes += ("ckr-26",) if mode == "placement" else ("ckr-25",)
        try:
            return score_feature(
                state,
                farm,
                rule="barn.scoring" if mode == "placement" else "barn.connect",
                what=what,
                final=False,
                annotations=notes,
            )
        finally:
            ext.scoring = None

    # -- wagons ---------------------------------------------------------------------------
    def _move_wagons(self, state: GameState, turn: Turn) -> None:
        ext = self._ext(state)
        pending = ext.wagons
        if not pending:
            return
        order = [turn.player, *state.players_from(turn.player)]
        wagons = sorted(
            (state.figures[fid] for fid in pending),
            key=lambda f: order.index(f.player),  # type: ignore[arg-type]
        )
        pending.clear()
        for wagon in wagons:
            if wagon.node is None:
                continue
            self._move_wagon(state, wagon)

    def _move_wagon(self, state: GameState, wagon: Figure) -> None:
        owner = wagon.player
        assert owner is not None and wagon.node is not None
        targets = wagon_targets(self, state, wagon)
        mode = self.option("wagon.move-rule")
        changed = self._wagon_move_changed
        if not targets:
            state.return_figure(
                wagon,
                rule="wagon.move",
                why=(
                    Said(msg="no unfinished, unoccupied road, city or cloister is connected to it")
                    if mode == "connected"
                    else Said(
                        msg="no unfinished, unoccupied road, city or cloister lies on its tile or "
                        "the eight around it"
                    )
                ),
                annotations=("car-170",),
            )
            return
        options: list[MoveFigure] = []
        for _target, nodes in targets:
            options.extend(MoveFigure(wagon.id, n) for n in nodes)
        options.append(MoveFigure(wagon.id, None))
        allowed = {o.to for o in options}

        def explain(answer: Any) -> Refusal | None:
            if not isinstance(answer, MoveFigure):
                return self.refusal(
                    "wagon.move",
                    phrase(
                        "the wagon decision takes a 'move' action, not {answer}",
                        answer=repr(answer),
                    ),
                )
            if answer.figure != wagon.id:
                return self.refusal(
                    "wagon.move",
                    phrase(
                        "this decision is about {wagon}, not {figure}",
                        wagon=wagon.id,
                        figure=repr(answer.figure),
                    ),
                )
            if answer.to in allowed:
                return None
            return _why_not_target(self, state, wagon, answer.to, targets)

        answer = state.ask(
            Decision(
                owner,
                "wagon.move",
                options,
                rule="wagon.move",
                optional=True,
                prompt=nphrase(
                    "{player} may move their wagon to one of {n} feature or take it back",
                    "{player} may move their wagon to one of {n} features or take it back",
                    len(targets),
                    player=owner,
                ),
                explain=explain,
                accepts=("move",),
                data={"figure": wagon.id},
            )
        )
        if isinstance(answer, Pass) or answer.to is None:  # type: ignore[union-attr]
            state.return_figure(
                wagon, rule="wagon.move", why=Said(msg="{player} takes it back", player=owner)
            )
            return
        to = answer.to  # type: ignore[union-attr]
        target = state.board.features.feature_of(to)
        state.move_figure(
            wagon,
            to,
            rule="wagon.move",
            text=Said(
                msg="{player}'s wagon rolls on to {feature}, which is unfinished and unoccupied, "
                "and stands on {segment}.",
                player=owner,
                feature=target.phrase(),
                segment=state.board.segment_phrase(to, square=True),
            ),
            annotations=("car-170", "car-175", "car-177"),
            options=changed,
        )

    # -- after the game ---------------------------------------------------------------------
    def final_scoring(self, state: GameState) -> None:
        # the barns on the board, in seat order (kept as they were placed)
        feature_of = state.board.features.feature_of
        for barn, node in self._ext(state).barn_nodes:
            farm = feature_of(node)
            owner = barn.player
            assert owner is not None and isinstance(barn.location, Corner)
            n, city = farm_cities(state, farm)
            others = [b for b in barns_on(state, farm) if b is not barn]
            notes: tuple[str, ...] = ("car-193",)
            if has_pig_herd(state, farm):
                notes += ("car-194",)
            where = Said(
                msg="the barn at ({x}, {y}) on {farm}",
                x=barn.location.x,
                y=barn.location.y,
                farm=farm.phrase(),
            )
            also = (
                Said(
                    msg="{players}'s barn on the same farm scores in full too.",
                    players=Names([b.player for b in others]),
                )
                if others
                else None
            )
            herd = _HERD_ADDS_NOTHING if "car-194" in notes else None
            if not n:
                state.emit(
                    "no-score",
                    player=owner,
                    rule="barn.final",
                    feature=farm.id,
                    nodes=tuple(farm.nodes),
                    text=Said(
                        msg="{player}'s barn scores nothing: {farm} borders no completed city.",
                        player=owner,
                        farm=farm.phrase(),
                    ),
                    annotations=notes,
                )
                continue
            if city:
                notes += ("ckr-1",)
            state.award(
                owner,
                4 * n,
                rule="barn.final",
                text=Joined(
                    [
                        Said(
                            msg="{player} scores {points} for {where}: {cities} × 4.",
                            player=owner,
                            points=4 * n,
                            where=where,
                            cities=_cities_text(n, city),
                        ),
                        *(p for p in (also, herd) if p is not None),
                    ]
                ),
                breakdown=(
                    (
                        Said(msg="{cities} bordering the farm × 4", cities=_cities_text(n, city)),
                        4 * n,
                    ),
                ),
                annotations=notes,
                feature=farm,
            )


#: what a barn's final score adds about The River II's pig-herd tile
_HERD_ADDS_NOTHING = Said(msg="The pig-herd tile on this farm adds nothing for a barn.")


#: [the tile types of the game last asked, how many, whether one is a pig-herd tile]: most
#: games have none, and then no farm's tiles need a look
_HERD_TYPES: list[Any] = [None, -1, False]


def has_pig_herd(state: GameState, farm: Feature) -> bool:
    """Whether a pig-herd tile (The River II) shows its herd in this farm."""
    types = state.tile_types
    known = _HERD_TYPES
    if known[0] is not types or known[1] != len(types):
        herd = any("pig-herd" in t.tags for t in types.values())
        known[0], known[1], known[2] = types, len(types), herd
    if not known[2]:
        return False
    tiles = state.board.tiles
    for x, y, seg_id in farm.nodes:
        # (the tile's type read from its oriented tile: PlacedTile.type is a property, a call
        # for each node of the farm)
        tile_type = tiles[(x, y)].tile.type
        if "pig-herd" in tile_type.tags:
            seg = tile_type.segment(seg_id)
            if "pig-herd" in seg.tags:
                return True
    return False


def wagon_targets(
    module: AbbeyMayorRules, state: GameState, wagon: Figure
) -> list[tuple[Feature, list[tuple[int, int, str]]]]:
    """The features ``wagon`` may move to after its feature scored, each with the segments it
    may stand on, under the game's options."""
    assert wagon.node is not None
    features = state.board.features
    here = features.feature_of(wagon.node)

    def free(f: Feature, node: tuple[int, int, str]) -> bool:
        return not f.complete and module._wagon_may_enter(state, f, node)

    out: list[tuple[Feature, list[tuple[int, int, str]]]] = []
    if module.option("wagon.move-rule") == "neighbourhood":
        x, y = wagon.node[0], wagon.node[1]
        squares = [(x, y)] + [(x + dx, y + dy) for dx, dy in SURROUNDING_OFFSETS]
        for sq in squares:
            placed = state.board.tiles.get(sq)
            if placed is None:
                continue
            for seg in placed.tile.segments:
                node = (sq[0], sq[1], seg.id)
                f = features.feature_of(node)
                if f is here or not free(f, node):
                    continue
                entry = next((e for e in out if e[0] is f), None)
                if entry is None:
                    out.append((f, [node]))
                else:
                    entry[1].append(node)
        return out
    roll_on = module.option("wagon.move-range") == "roll-on"
    seen = [here]
    frontier = [here]
    while frontier:
        nxt: list[Feature] = []
        for f in frontier:
            for g in connected_features(state, f):
                if g in seen:
                    continue
                seen.append(g)
                nodes = [n for n in g.nodes if free(g, n)]
                if nodes:
                    out.append((g, sorted(nodes)))
                    if roll_on:
                        nxt.append(g)
                elif roll_on and g.complete:
                    nxt.append(g)
        frontier = nxt
    return out


def _why_not_target(
    module: AbbeyMayorRules,
    state: GameState,
    wagon: Figure,
    to: Any,
    targets: list[tuple[Feature, list[tuple[int, int, str]]]],
) -> Refusal:
    listed: str = (
        spoken(Joined([f.phrase() for f, _ in targets], "; ")) if targets else phrase("none")
    )

    def refused(reason: str, notes: tuple[str, ...] = ("car-170",), options=()) -> Refusal:
        return module.refusal("wagon.move", reason, notes, options)

    if not isinstance(to, tuple):
        return refused(
            phrase(
                "a wagon moves onto a segment or back to the supply (it may go to: {listed})",
                listed=listed,
            )
        )
    if (to[0], to[1]) not in state.board.tiles:
        return refused(phrase("there is no tile at ({x}, {y})", x=to[0], y=to[1]))
    try:
        feature = state.board.features.feature_of(to)
    except KeyError:
        placed = state.board.tiles[(to[0], to[1])]
        return refused(
            phrase(
                "tile {tile} at ({x}, {y}) has no segment {segment}",
                tile=placed.type.id,
                x=to[0],
                y=to[1],
                segment=repr(to[2]),
            )
        )
    role = role_name("wagon", feature.kind)
    if feature.kind == "field":
        return refused(
            phrase(
                "a {role} never goes onto a farm (it may go to: {listed})",
                role=term(role),
                listed=listed,
            )
        )
    if feature.complete:
        return refused(
            phrase(
                "{feature} is already completed (the wagon may go to: {listed})",
                feature=feature.describe(),
                listed=listed,
            )
        )
    if feature.figures:
        holders = ", ".join(sorted({f"{f.player}'s {f.kind}" for f in feature.figures}))
        return refused(
            phrase(
                "{feature} is occupied ({holders}); the wagon may go to: {listed}",
                feature=feature.describe(),
                holders=holders,
                listed=listed,
            )
        )
    if module.option("wagon.move-rule") == "neighbourhood":
        return refused(
            phrase(
                "{feature} does not lie on the wagon's tile or the eight around it (it may go "
                "to: {listed})",
                feature=feature.describe(),
                listed=listed,
            ),
            options=("wagon.move-rule",),
        )
    return refused(
        phrase(
            "{feature} is not connected to the wagon's feature by a road, a city gate, a "
            "crossing, a cloister or an abbey (it may go to: {listed})",
            feature=feature.describe(),
            listed=listed,
        ),
        ("car-170", "car-171", "car-172"),
    )

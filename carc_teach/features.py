"""The feature graph: placed segments, joined across tile edges into features.

Every placed segment is a node ``(x, y, segment_id)``. Edges of kind ``"join"`` connect
segments that meet across a tile edge; edges of kind ``"border"`` connect a field to the city
segments of its own tile that it touches. A **feature** (road, city, field, cloister; an
expansion's river or quarter) is a connected component of the join edges.

Components are maintained incrementally while tiles arrive, by a union-find that keeps each
feature's data on its representative (merge the smaller into the larger, so relabelling costs
O(n log n) over a game). :func:`recompute_features` rebuilds everything from the tiles alone
with ``networkx.connected_components``; tests compare the two.

The :class:`networkx.Graph` of segments is the explanation the notebooks draw. It is built
from a log of the nodes and edges the tiles added, the first time something asks for
:attr:`FeatureGraph.graph` (and brought up to date on later asks), so playing a game never
imports networkx.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, KeysView, Mapping
from dataclasses import dataclass
from itertools import islice
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

from .events import Phrase, Said, SaidN, Spoken, Word
from .figures import Figure, Node
from .geometry import NEIGHBOUR_OFFSETS, SURROUNDING_OFFSETS, Position, edge_links
from .tiles import opposite_half

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from .board import PlacedTile

__all__ = [
    "Node",
    "Figure",
    "Feature",
    "FeatureGraph",
    "TileChange",
    "recompute_features",
    "FeatureSummary",
]

#: the place of each offset in SURROUNDING_OFFSETS
_AROUND_INDEX = {offset: i for i, offset in enumerate(SURROUNDING_OFFSETS)}
#: sorts features by id
_BY_ID = attrgetter("id")
#: the square of a node
_SQUARE = itemgetter(0, 1)
#: Feature kinds a road/city-like feature completes by closing all its open edges.
_CLOSED_BY_EDGES = ("road", "city")

#: Segment tags that name a cloister-like building (a shrine, an abbey): the feature stays a
#: cloister for the rules, but explanations call it, and the follower on it, by this name.
BUILDING_TAGS = ("shrine", "abbey")
_NO_BORDERS: frozenset[Node] = frozenset()
_NO_FIGURES: tuple[()] = ()
#: the half-side of the neighbour that touches each half-side (see tiles.opposite_half)
_OPPOSITE_HALF = tuple(opposite_half(h) for h in range(8))
#: per side, its two half-sides with the neighbour's half-side that touches each
_HALF_PAIRS = tuple(
    tuple((h, _OPPOSITE_HALF[h]) for h in (2 * side, 2 * side + 1)) for side in range(4)
)


class Feature:
    """A road, city, field or cloister: a set of joined segments and what it knows.

    Attributes
    ----------
    id:
        Stable for the life of the feature's representative; merged features keep the id of
        the larger part.
    kind:
        ``"road"``, ``"city"``, ``"field"`` or ``"cloister"`` (expansions: ``"river"``,
        ``"quarter"``).
    nodes:
        Its segments; :attr:`tiles` the squares they are on (worked out when asked).
    open_edges:
        Road/city ends not yet matched by a neighbour; the feature is complete at zero.
    pennants:
        Pennants (coats of arms) on its city segments.
    figures:
        Figures standing on it.
    borders:
        Fields only: the city segments it touches (map to city features with
        :meth:`FeatureGraph.bordering_cities`).
    neighbours:
        Cloisters only: how many of the eight surrounding squares hold a tile.
    scored:
        Set once the feature has been scored as complete (it stays on the board).
    building:
        Cloisters only: the building tag of its segment (``"shrine"``, ``"abbey"``, see
        :data:`BUILDING_TAGS`), or ``""`` for a plain cloister.
    """

    __slots__ = (
        "id",
        "kind",
        "nodes",
        "open_edges",
        "pennants",
        "figures",
        "borders",
        "neighbours",
        "scored",
        "building",
        "_size",
    )

    def __init__(
        self,
        fid: int,
        kind: str,
        node: Node,
        open_edges: int,
        pennants: int,
        building: str = "",
    ) -> None:
        self.id = fid
        self.kind = kind
        self.nodes: list[Node] = [node]
        self.open_edges = open_edges
        self.pennants = pennants
        # most features never hold a figure: they share one empty tuple until the first
        # comes (GameState._put gives the feature its own list)
        self.figures: list[Figure] | tuple[()] = _NO_FIGURES
        # only fields border cities, and not all of them: the others share one empty set
        # (never added to); add_tile and _union give a field its own set
        self.borders: set[Node] | frozenset[Node] = _NO_BORDERS
        self.neighbours = 0
        self.scored = False
        self.building = building
        self._size = 1  # squares covered: worked out again when asked after a merge

    @property
    def role_kind(self) -> str:
        """What names a follower standing here: the building (a heretic on a shrine) or the
        feature kind (a monk on a cloister, a knight in a city)."""
        return self.building or self.kind

    @property
    def complete(self) -> bool:
        if self.kind in _CLOSED_BY_EDGES:
            return self.open_edges == 0
        if self.kind == "cloister":
            return self.neighbours == 8
        return False  # fields (and rivers, quarters) are never complete

    @property
    def tiles(self) -> set[Position]:
        """The squares its segments are on (a new set at each ask).

        Not kept: a set for every segment placed, united at every merge, held about a tenth
        of a finished game's heap, and play asks only for their number (:attr:`size`)."""
        return set(map(_SQUARE, self.nodes))

    @property
    def size(self) -> int:
        """Tiles the feature covers (a tile counts once even if the feature passes it twice)."""
        size = self._size
        if size == 0:
            size = self._size = len(set(map(_SQUARE, self.nodes)))
        return size

    def describe(self) -> str:
        """A short phrase for explanations: 'the city of 4 tiles and 1 pennant' (a
        :class:`~carc_teach.errors.Spoken` text, so a refusal that quotes it says it in
        another language too)."""
        return Spoken(self.phrase())

    def phrase(self, incomplete: bool = False, bare: bool = False) -> Phrase:
        """:meth:`describe` as a phrase to write in any language (``incomplete``: 'the
        incomplete city of 4 tiles', for scoring after the game; ``bare``: a road or city
        without its article, 'city of 4 tiles', for 'their builder's city of 4 tiles')."""
        n = self.size  # kept until the next merge; len(self.tiles) makes a set
        kind = self.kind
        if bare and kind == "road":
            return SaidN(msg="road of {n} tile", plural="road of {n} tiles", n=n)
        if kind == "city":
            if self.pennants:
                pennants = SaidN(
                    msg="{n} pennant", plural="{n} pennants", n=self.pennants, ctx="of a city"
                )
                if bare:
                    return SaidN(
                        msg="city of {n} tile and {pennants}",
                        plural="city of {n} tiles and {pennants}",
                        n=n,
                        pennants=pennants,
                    )
                if incomplete:
                    return SaidN(
                        msg="the incomplete city of {n} tile and {pennants}",
                        plural="the incomplete city of {n} tiles and {pennants}",
                        n=n,
                        pennants=pennants,
                    )
                return SaidN(
                    msg="the city of {n} tile and {pennants}",
                    plural="the city of {n} tiles and {pennants}",
                    n=n,
                    pennants=pennants,
                )
            if bare:
                return SaidN(msg="city of {n} tile", plural="city of {n} tiles", n=n)
            if incomplete:
                return SaidN(
                    msg="the incomplete city of {n} tile",
                    plural="the incomplete city of {n} tiles",
                    n=n,
                )
            return SaidN(msg="the city of {n} tile", plural="the city of {n} tiles", n=n)
        if kind == "road":
            if incomplete:
                return SaidN(
                    msg="the incomplete road of {n} tile",
                    plural="the incomplete road of {n} tiles",
                    n=n,
                )
            return SaidN(msg="the road of {n} tile", plural="the road of {n} tiles", n=n)
        if kind == "cloister":
            x, y, _ = self.nodes[0]
            if self.building == "shrine":
                if incomplete:
                    return Said(msg="the incomplete shrine at ({x}, {y})", x=x, y=y)
                return Said(msg="the shrine at ({x}, {y})", x=x, y=y)
            if self.building == "abbey":
                if incomplete:
                    return Said(msg="the incomplete abbey at ({x}, {y})", x=x, y=y)
                return Said(msg="the abbey at ({x}, {y})", x=x, y=y)
            if self.building:
                return Said(
                    msg="the {building} at ({x}, {y})", building=Word(self.building), x=x, y=y
                )
            if incomplete:
                return Said(msg="the incomplete cloister at ({x}, {y})", x=x, y=y)
            return Said(msg="the cloister at ({x}, {y})", x=x, y=y)
        if kind == "field":
            return SaidN(msg="the farm of {n} tile", plural="the farm of {n} tiles", n=n)
        return SaidN(
            msg="the {kind} of {n} tile", plural="the {kind} of {n} tiles", n=n, kind=Word(kind)
        )

    def _copy(self, figure_map: Mapping[int, Figure]) -> Feature:
        new = Feature.__new__(Feature)
        new.id = self.id
        new.kind = self.kind
        new.nodes = list(self.nodes)
        new.open_edges = self.open_edges
        new.pennants = self.pennants
        new.figures = [figure_map[id(f)] for f in self.figures] if self.figures else _NO_FIGURES
        new.borders = set(self.borders) if self.borders else _NO_BORDERS
        new.neighbours = self.neighbours
        new.scored = self.scored
        new.building = self.building
        new._size = self._size
        return new

    def __repr__(self) -> str:
        state = "complete" if self.complete else "open"
        return f"<Feature #{self.id} {self.kind} {self.size} tiles, {state}, {len(self.figures)} figures>"


@dataclass(frozen=True, slots=True)
class FeatureSummary:
    """A feature reduced to comparable facts (for checking incremental against from-scratch)."""

    kind: str
    nodes: frozenset[Node]
    open_edges: int
    pennants: int
    neighbours: int
    complete: bool


class TileChange:
    """What adding one tile did to the features (returned by :meth:`FeatureGraph.add_tile`).

    Attributes
    ----------
    placed:
        The tile.
    parts:
        Every feature that existed before the tile and touches it, as
        ``(feature, figures it had before, feature it belongs to now)``. Several parts with the
        same "now" were joined by this tile (a barn's farm meeting a farm with farmers). None
        unless the board records joins (``board.features.record_joins = True``, which a rule
        module that needs them sets in its set-up).
    """

    __slots__ = ("placed", "parts", "_graph", "_features", "_size")

    def __init__(
        self,
        placed: PlacedTile,
        parts: list[tuple[Feature, tuple[Figure, ...], Feature]] | None,
        graph: FeatureGraph,
        features: list[Feature] | None = None,
    ) -> None:
        self.placed = placed
        self.parts = parts
        self._graph = graph
        #: the tile's features as the tile left them, and the number of tiles then (only a
        #: tile added later can merge them)
        self._features = features
        self._size = len(graph.tiles)

    def features(self) -> list[Feature]:
        """The distinct features holding the tile's segments, in segment order."""
        if self._features is not None and self._size == len(self._graph.tiles):
            return list(self._features)
        return self._graph.features_on(self.placed.pos)

    def joined(self) -> dict[Feature, list[tuple[Feature, tuple[Figure, ...]]]]:
        """Features now on the tile that joined two or more features that existed before,
        each with those parts and the figures each part had."""
        if self.parts is None:
            raise RuntimeError(
                "this board does not record what tiles join: set board.features.record_joins "
                "in the rule module's set-up"
            )
        groups: dict[Feature, list[tuple[Feature, tuple[Figure, ...]]]] = {}
        for part, figures, now in self.parts:
            groups.setdefault(now, []).append((part, figures))
        return {now: parts for now, parts in groups.items() if len(parts) > 1}

    def closed(self) -> list[Feature]:
        """Roads and cities the tile completed, then cloisters it completed (its own or a
        neighbour's), each once."""
        out = [f for f in self.features() if f.kind in _CLOSED_BY_EDGES and f.complete]
        for cloister in self._graph.cloisters_around(self.placed.pos):
            if cloister.complete and cloister not in out:
                out.append(cloister)
        return out


# Hot functions keep no comprehension or lambda that reads their locals: CPython would then
# make a cell for each such local at every call, and read it through the cell.


def _tiles_around(tiles: Mapping[Position, PlacedTile], x: int, y: int) -> int:
    """How many of the eight squares around (x, y) hold a tile."""
    # a loop, not sum() over a generator: sum resumes the generator from C, a new entry into
    # the interpreter per square (a cloister placed: twice as many an Abbey & Mayor game)
    n = 0
    for dx, dy in SURROUNDING_OFFSETS:
        if (x + dx, y + dy) in tiles:
            n += 1
    return n


def _insert_around(near: list[Feature], cloister: Feature, pos: Position) -> None:
    """Put a new ``cloister`` into ``near``, the cloisters around square ``pos``, which stay in
    the order :meth:`FeatureGraph.cloisters_around` gives them: by the squares around ``pos``
    (:data:`SURROUNDING_OFFSETS`), those on one square in the order they were made (the new
    one last among them). Kept so when placed, not sorted at each ask: with the shrines a game
    asks about 350 times, and a sort's key function is called from C, which costs a new entry
    into the interpreter per cloister."""
    x, y = pos
    cx, cy, _ = cloister.nodes[0]
    index = _AROUND_INDEX[(cx - x, cy - y)]
    i = len(near)
    while i:
        ox, oy, _ = near[i - 1].nodes[0]
        if _AROUND_INDEX[(ox - x, oy - y)] <= index:
            break
        i -= 1
    near.insert(i, cloister)


class FeatureGraph:
    """The segments of the placed tiles, the union-find over them, and (on demand) the
    networkx graph that draws them.

    ``tiles`` is the board's own mapping of squares to placed tiles (shared, not copied).
    """

    def __init__(self, tiles: Mapping[Position, PlacedTile]) -> None:
        self.tiles = tiles
        self._feature_of: dict[Node, Feature] = {}
        #: ``feature_of(node)``: the feature a placed segment belongs to. The dict's own
        #: look-up, not a method: rule modules ask it several times a turn
        self.feature_of: Callable[[Node], Feature] = self._feature_of.__getitem__
        self._next_id = 0
        #: (segments placed, every distinct feature in order) as :meth:`features` last listed
        self._listed: tuple[int, list[Feature]] | None = None
        #: square -> the cloister features on that square
        self._cloisters: dict[Position, list[Feature]] = {}
        #: square -> the cloisters among its eight neighbours (a tile there is their neighbour)
        self._near_cloisters: dict[Position, list[Feature]] = {}
        #: whether :class:`TileChange` records the features each tile joined, as they were
        #: (off unless a rule module asks for it in its set-up: it costs every placement)
        self.record_joins = False
        #: the networkx graph, once asked for, and how many tiles it holds
        self._graph: nx.Graph | None = None
        self._built = 0

    # -- reading -------------------------------------------------------------------------
    @property
    def graph(self) -> nx.Graph:
        """The networkx graph of placed segments (``join`` and ``border`` edges), built on the
        first ask and extended on later ones.

        It is built from the tiles in the order they were placed, each joined to the
        neighbours that were already there: the same nodes and edges, in the same order, as
        if it had been kept up to date during play (which would cost every game its time).
        """
        if self._graph is None:
            import networkx as nx

            self._graph = nx.Graph()
        graph = self._graph
        placed_tiles = list(self.tiles.values())
        for placed in placed_tiles[self._built :]:
            x, y, tile = placed.x, placed.y, placed.tile
            for seg in tile.segments:
                node = (x, y, seg.id)
                graph.add_node(node, kind=seg.kind, x=x, y=y, segment=seg.id, tile=tile.type.id)
            for seg in tile.segments:
                for city_id in seg.borders:
                    graph.add_edge((x, y, seg.id), (x, y, city_id), kind="border")
            for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
                other = self.tiles.get((x + dx, y + dy))
                if other is None or other.order > placed.order:
                    continue
                for i, j, whole_side in edge_links(tile, other.tile, side):
                    a = (x, y, tile.segments[i].id)
                    b = (other.x, other.y, other.tile.segments[j].id)
                    if whole_side or not graph.has_edge(a, b):
                        graph.add_edge(a, b, kind="join")
        self._built = len(placed_tiles)
        return graph

    def features(self) -> list[Feature]:
        """Every distinct feature, in order of creation of its representative."""
        # Asked by several modules in turn after the game (the base game, the Count, King &
        # Robber): the list is kept until a tile adds segments (merging features always does)
        size = len(self._feature_of)
        listed = self._listed
        if listed is None or listed[0] != size:
            # a feature hashes by identity, and no two features have the same id
            listed = self._listed = (size, sorted(set(self._feature_of.values()), key=_BY_ID))
        return list(listed[1])

    def features_on(self, pos: Position) -> list[Feature]:
        """Distinct features with a segment on square ``pos``, in segment order."""
        placed = self.tiles[pos]
        out: list[Feature] = []
        for seg in placed.tile.segments:
            f = self._feature_of[(pos[0], pos[1], seg.id)]
            if f not in out:
                out.append(f)
        return out

    # ``include_self`` is not keyword-only: CPython looks a missing keyword-only argument up
    # in a dict, and this is asked every turn
    def cloisters_around(self, pos: Position, include_self: bool = True) -> list[Feature]:
        """Cloister features on ``pos`` (optionally) and on the eight squares around it."""
        out = list(self._cloisters.get(pos, ())) if include_self else []
        near = self._near_cloisters.get(pos)  # most squares: none
        if near:
            out.extend(near)  # in the order around pos (_insert_around keeps it)
        return out

    def buildings_placed(self, start: int = 0) -> Iterator[tuple[Position, list[Feature]]]:
        """The squares holding a cloister feature (shrines and abbeys too) with those
        features, in the order their tiles were placed, from the ``start``-th such square on
        (what the shrines' limit counts in as buildings arrive, without a look at every
        tile)."""
        return islice(self._cloisters.items(), start, None)

    def squares_near_cloisters(self) -> KeysView[Position]:
        """Every square with a cloister (or shrine, or abbey) among its eight neighbours: the
        only squares :meth:`cloisters_around` without ``include_self`` has an answer for."""
        return self._near_cloisters.keys()

    def bordering_cities(self, field: Feature) -> list[Feature]:
        """The distinct city features a field touches (each counted once)."""
        out: list[Feature] = []
        for node in sorted(field.borders):
            city = self._feature_of[node]
            if city not in out:
                out.append(city)
        return out

    # -- changing ------------------------------------------------------------------------
    def _union(self, a: Feature, b: Feature) -> Feature:
        if a is b:
            return a
        if len(a.nodes) < len(b.nodes):
            a, b = b, a
        feature_of = self._feature_of
        for node in b.nodes:
            feature_of[node] = a
        a.nodes.extend(b.nodes)
        a._size = 0
        a.open_edges += b.open_edges
        a.pennants += b.pennants
        if b.figures:
            if a.figures:
                a.figures.extend(b.figures)  # type: ignore[union-attr]
            else:  # a copy: a module may still hold b and read what it had
                a.figures = list(b.figures)
        if b.borders:
            if a.borders:
                a.borders |= b.borders
            else:
                a.borders = set(b.borders)
        if b.neighbours > a.neighbours:
            a.neighbours = b.neighbours
        if b.scored:
            a.scored = True
        return a

    def add_tile(
        self,
        placed: PlacedTile,
        neighbours: list[tuple[int, PlacedTile]] | None = None,
    ) -> TileChange:
        """Add a just-placed tile's segments, join them to their neighbours, and say what
        changed.

        ``neighbours``: the tiles beside it as ``(side, tile)`` in side order, when the caller
        has looked already (the board has).

        A road or city end facing a neighbour that shows no road or city there (a tile whose
        sides match anything, such as the abbey) is closed by it.
        """
        x, y = placed.x, placed.y
        square = (x, y)
        tile = placed.tile
        segments = tile.segments
        feature_of = self._feature_of
        tiles = self.tiles
        nodes: list[Node] = []
        next_id = self._next_id
        for seg in segments:
            node = (x, y, seg.id)
            nodes.append(node)
            kind = seg.kind
            if kind == "cloister":
                building = next((t for t in seg.tags if t in BUILDING_TAGS), "")
                f = Feature(next_id, kind, node, 0, 0, building)
                self._cloisters.setdefault(square, []).append(f)
                f.neighbours = _tiles_around(tiles, x, y)
                near = self._near_cloisters
                for dx, dy in SURROUNDING_OFFSETS:
                    beside = (x + dx, y + dy)
                    listed = near.get(beside)
                    if listed is None:
                        near[beside] = [f]
                    else:
                        _insert_around(listed, f, beside)
            else:
                f = Feature(next_id, kind, node, len(seg.sides), seg.pennants)
                if seg.borders:
                    borders = set()
                    for city_id in seg.borders:
                        borders.add((x, y, city_id))
                    f.borders = borders
            next_id += 1
            feature_of[node] = f
        self._next_id = next_id

        if neighbours is None:
            neighbours = []
            for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
                other = tiles.get((x + dx, y + dy))
                if other is not None:
                    neighbours.append((side, other))
        # The features that were there before, as they were (what a barn's farm joins).
        parts: dict[int, tuple[Feature, tuple[Figure, ...], Node]] | None = None
        if self.record_joins:
            parts = {}
            for side, other in neighbours:
                for _, j, _ in edge_links(tile, other.tile, side):
                    b = (other.x, other.y, other.tile.segments[j].id)
                    f = feature_of[b]
                    if f.id not in parts:
                        parts[f.id] = (f, tuple(f.figures) if f.figures else (), b)

        # Join: per side, the road/city on it, then the fields on its two halves.
        union = self._union
        side_segment, half_segment = tile.side_segment, tile.half_segment
        for side, other in neighbours:
            otile = other.tile
            osegs = otile.segments
            ox, oy = other.x, other.y
            i = side_segment[side]
            j = otile.side_segment[(side + 2) % 4]
            if i is not None:
                if j is not None:
                    merged = union(feature_of[nodes[i]], feature_of[(ox, oy, osegs[j].id)])
                    merged.open_edges -= 2
                else:  # a side that shows nothing (the abbey) closes this end
                    feature_of[nodes[i]].open_edges -= 1
            elif j is not None:  # the neighbour's road or city ends against this tile
                feature_of[(ox, oy, osegs[j].id)].open_edges -= 1
            ohalf = otile.half_segment
            for half, facing in _HALF_PAIRS[side]:
                i = half_segment[half]
                if i is None:
                    continue
                j = ohalf[facing]
                if j is None:
                    continue
                fa = feature_of[nodes[i]]
                fb = feature_of[(ox, oy, osegs[j].id)]
                if fa is not fb:
                    union(fa, fb)

        # The new tile is a neighbour of every cloister around it.
        around = self._near_cloisters.get(square)
        if around:
            for cloister in around:
                cloister.neighbours += 1
        # the tile's features (what step 3A looks at), while the nodes are at hand
        on_tile: list[Feature] = []
        for node in nodes:
            f = feature_of[node]
            if f not in on_tile:
                on_tile.append(f)
        if parts is None:
            return TileChange(placed, None, self, on_tile)
        joined = []
        for f, figs, b in parts.values():
            joined.append((f, figs, feature_of[b]))
        return TileChange(placed, joined, self, on_tile)

    # -- copying and checking --------------------------------------------------------------
    def clone(
        self, tiles: Mapping[Position, PlacedTile], figure_map: Mapping[int, Figure]
    ) -> FeatureGraph:
        """An independent copy over ``tiles`` (the copied board's mapping), its features
        holding the copies of their figures (``figure_map``: id of old figure -> new)."""
        new = FeatureGraph.__new__(FeatureGraph)
        new.tiles = tiles
        copies: dict[int, Feature] = {}
        feature_of: dict[Node, Feature] = {}
        for node, f in self._feature_of.items():
            c = copies.get(id(f))
            if c is None:
                c = copies[id(f)] = f._copy(figure_map)
            feature_of[node] = c
        new._feature_of = feature_of
        new.feature_of = feature_of.__getitem__
        new._next_id = self._next_id
        new._listed = None
        new._cloisters = {pos: [copies[id(f)] for f in fs] for pos, fs in self._cloisters.items()}
        new._near_cloisters = {
            pos: [copies[id(f)] for f in fs] for pos, fs in self._near_cloisters.items()
        }
        new.record_joins = self.record_joins
        new._graph = None
        new._built = 0
        return new

    def summaries(self) -> set[FeatureSummary]:
        return {_summary(f) for f in self.features()}


def _summary(f: Feature) -> FeatureSummary:
    return FeatureSummary(
        f.kind, frozenset(f.nodes), f.open_edges, f.pennants, f.neighbours, f.complete
    )


def recompute_features(tiles: Iterable[PlacedTile]) -> set[FeatureSummary]:
    """Rebuild every feature from the placed tiles alone, without the incremental state.

    Builds a fresh graph of join edges, takes ``networkx.connected_components`` and counts
    open edges, pennants and cloister neighbours directly. Used by tests to check the
    incremental union-find.
    """
    import networkx as nx

    by_pos = {(t.x, t.y): t for t in tiles}
    g = nx.Graph()
    open_ends: dict[Node, int] = {}
    pennants: dict[Node, int] = {}
    kinds: dict[Node, str] = {}
    for (x, y), t in by_pos.items():
        for seg in t.tile.segments:
            node = (x, y, seg.id)
            g.add_node(node)
            kinds[node] = seg.kind
            pennants[node] = seg.pennants
            # an end is open until a neighbour continues it (or closes it, like the abbey)
            open_ends[node] = sum(
                1
                for side in seg.sides
                if (x + NEIGHBOUR_OFFSETS[side][0], y + NEIGHBOUR_OFFSETS[side][1]) not in by_pos
            )
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
            other = by_pos.get((x + dx, y + dy))
            if other is None:
                continue
            for i, j, _ in edge_links(t.tile, other.tile, side):
                g.add_edge(
                    (x, y, t.tile.segments[i].id), (other.x, other.y, other.tile.segments[j].id)
                )
    out: set[FeatureSummary] = set()
    for comp in nx.connected_components(g):
        nodes = frozenset(comp)
        first = next(iter(nodes))
        kind = kinds[first]
        neighbours = 0
        if kind == "cloister":
            cx, cy, _ = first
            neighbours = sum((cx + dx, cy + dy) in by_pos for dx, dy in SURROUNDING_OFFSETS)
        open_edges = sum(open_ends[n] for n in nodes)
        if kind in _CLOSED_BY_EDGES:
            complete = open_edges == 0
        else:
            complete = kind == "cloister" and neighbours == 8
        out.add(
            FeatureSummary(
                kind, nodes, open_edges, sum(pennants[n] for n in nodes), neighbours, complete
            )
        )
    return out

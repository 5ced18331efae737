"""The feature graph: placed segments, joined across tile edges into features.

Every placed segment is a node ``(x, y, segment_id)`` of a :class:`networkx.Graph`. Edges of
kind ``"join"`` connect segments that meet across a tile edge; edges of kind ``"border"``
connect a field to the city segments of its own tile that it touches. A **feature** (road,
city, field, cloister) is a connected component of the join edges.

Components are maintained incrementally while tiles arrive, by a union-find that keeps each
feature's data on its representative (merge the smaller into the larger, so relabelling costs
O(n log n) over a game). :func:`recompute_features` rebuilds everything from the board alone
with ``networkx.connected_components``; tests compare the two.

The graph is the explanation the notebooks draw; the same object answers the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import networkx as nx

from .text import plural
from .tiles import opposite_half

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board, PlacedTile

__all__ = ["Node", "Figure", "Feature", "FeatureGraph", "recompute_features", "FeatureSummary"]

#: A placed segment: (x, y, segment id of its tile type)
Node = tuple[int, int, str]

_NEIGHBOURS = ((0, -1), (1, 0), (0, 1), (-1, 0))
_SURROUNDING = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


@dataclass(slots=True, eq=False)
class Figure:
    """A wooden figure on the board (or in a supply).

    ``kind`` is ``"follower"`` in the base game; expansions add big follower, mayor, wagon,
    barn, builder, pig. ``node`` is the segment it stands on, None while in the supply.
    """

    id: str
    player: str
    kind: str = "follower"
    node: Node | None = None

    @property
    def role(self) -> str:
        """What a follower is called where it stands (thief, knight, monk, farmer)."""
        return self.kind

    def __repr__(self) -> str:
        where = "supply" if self.node is None else f"{self.node}"
        return f"<Figure {self.id} ({self.player} {self.kind}) at {where}>"


class Feature:
    """A road, city, field or cloister: a set of joined segments and what it knows.

    Attributes
    ----------
    id:
        Stable for the life of the feature's representative; merged features keep the id of
        the larger part.
    kind:
        ``"road"``, ``"city"``, ``"field"`` or ``"cloister"``.
    nodes, tiles:
        Its segments and the squares they are on.
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
    """

    __slots__ = (
        "id",
        "kind",
        "nodes",
        "tiles",
        "open_edges",
        "pennants",
        "figures",
        "borders",
        "neighbours",
        "scored",
    )

    def __init__(self, fid: int, kind: str, node: Node, open_edges: int, pennants: int) -> None:
        self.id = fid
        self.kind = kind
        self.nodes: list[Node] = [node]
        self.tiles: set[tuple[int, int]] = {(node[0], node[1])}
        self.open_edges = open_edges
        self.pennants = pennants
        self.figures: list[Figure] = []
        self.borders: set[Node] = set()
        self.neighbours = 0
        #: set once the feature has been scored as complete (it stays on the board)
        self.scored = False

    @property
    def complete(self) -> bool:
        if self.kind in ("road", "city"):
            return self.open_edges == 0
        if self.kind == "cloister":
            return self.neighbours == 8
        return False  # fields are never complete

    @property
    def size(self) -> int:
        """Tiles the feature covers (a tile counts once even if the feature passes it twice)."""
        return len(self.tiles)

    @property
    def occupied(self) -> bool:
        return bool(self.figures)

    def players(self) -> list[str]:
        return sorted({f.player for f in self.figures})

    def describe(self) -> str:
        """A short phrase for explanations: 'the city of 4 tiles and 1 pennant'."""
        tiles = plural(self.size, "tile")
        if self.kind == "city":
            pen = f" and {plural(self.pennants, 'pennant')}" if self.pennants else ""
            return f"the city of {tiles}{pen}"
        if self.kind == "road":
            return f"the road of {tiles}"
        if self.kind == "cloister":
            x, y, _ = self.nodes[0]
            return f"the cloister at ({x}, {y})"
        return f"the farm of {tiles}"

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


class FeatureGraph:
    """The networkx graph of placed segments plus the incremental union-find over it."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.graph = nx.Graph()
        self._feature_of: dict[Node, Feature] = {}
        self._next_id = 0
        #: square -> the cloister features on that square
        self._cloisters: dict[tuple[int, int], list[Feature]] = {}

    # -- reading -------------------------------------------------------------------------
    def feature_of(self, node: Node) -> Feature:
        """The feature a placed segment belongs to."""
        return self._feature_of[node]

    def features(self) -> list[Feature]:
        """Every distinct feature, in order of creation of its representative."""
        seen: dict[int, Feature] = {}
        for f in self._feature_of.values():
            seen.setdefault(f.id, f)
        return sorted(seen.values(), key=lambda f: f.id)

    def features_on(self, pos: tuple[int, int]) -> list[Feature]:
        """Distinct features with a segment on square ``pos``, in segment order."""
        placed = self.board.tiles[pos]
        out: list[Feature] = []
        for seg in placed.tile.segments:
            f = self._feature_of[(pos[0], pos[1], seg.id)]
            if f not in out:
                out.append(f)
        return out

    def cloisters_around(
        self, pos: tuple[int, int], *, include_self: bool = True
    ) -> Iterator[Feature]:
        """Cloister features on ``pos`` (optionally) and on the eight squares around it."""
        x, y = pos
        if include_self:
            yield from self._cloisters.get(pos, ())
        for dx, dy in _SURROUNDING:
            yield from self._cloisters.get((x + dx, y + dy), ())

    def bordering_cities(self, field: Feature) -> list[Feature]:
        """The distinct city features a field touches (each counted once)."""
        out: list[Feature] = []
        for node in sorted(field.borders):
            city = self._feature_of[node]
            if city not in out:
                out.append(city)
        return out

    def subgraph_of(self, feature: Feature, *, with_borders: bool = False) -> nx.Graph:
        """The part of the graph a feature occupies (and, optionally, the cities it borders)."""
        nodes = set(feature.nodes)
        if with_borders:
            nodes |= feature.borders
        return self.graph.subgraph(nodes)

    # -- changing ------------------------------------------------------------------------
    def _new_feature(self, kind: str, node: Node, open_edges: int, pennants: int) -> Feature:
        f = Feature(self._next_id, kind, node, open_edges, pennants)
        self._next_id += 1
        return f

    def _union(self, a: Feature, b: Feature) -> Feature:
        if a is b:
            return a
        if len(a.nodes) < len(b.nodes):
            a, b = b, a
        feature_of = self._feature_of
        for node in b.nodes:
            feature_of[node] = a
        a.nodes.extend(b.nodes)
        a.tiles |= b.tiles
        a.open_edges += b.open_edges
        a.pennants += b.pennants
        a.figures.extend(b.figures)
        a.borders |= b.borders
        a.neighbours = max(a.neighbours, b.neighbours)
        a.scored = a.scored or b.scored
        return a

    def add_tile(self, placed: PlacedTile) -> None:
        """Add a just-placed tile's segments and join them to their neighbours."""
        x, y = placed.x, placed.y
        tile = placed.tile
        graph = self.graph
        feature_of = self._feature_of
        nodes: list[Node] = []
        for seg in tile.segments:
            node = (x, y, seg.id)
            nodes.append(node)
            graph.add_node(node, kind=seg.kind, x=x, y=y, segment=seg.id, tile=tile.type.id)
            f = self._new_feature(seg.kind, node, len(seg.sides), seg.pennants)
            feature_of[node] = f
            if seg.kind == "cloister":
                self._cloisters.setdefault((x, y), []).append(f)
                f.neighbours = sum(
                    1 for dx, dy in _SURROUNDING if (x + dx, y + dy) in self.board.tiles
                )
        for seg, node in zip(tile.segments, nodes, strict=True):
            for city_id in seg.borders:
                city = (x, y, city_id)
                graph.add_edge(node, city, kind="border")
                feature_of[node].borders.add(city)

        tiles = self.board.tiles
        for side, (dx, dy) in enumerate(_NEIGHBOURS):
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            i = tile.side_segment[side]
            if i is not None:
                j = other.tile.side_segment[(side + 2) % 4]
                a = nodes[i]
                b = (other.x, other.y, other.tile.segments[j].id)  # type: ignore[index]
                graph.add_edge(a, b, kind="join")
                merged = self._union(feature_of[a], feature_of[b])
                merged.open_edges -= 2
            for half in (2 * side, 2 * side + 1):
                i = tile.half_segment[half]
                if i is None:
                    continue
                j = other.tile.half_segment[opposite_half(half)]
                a = nodes[i]
                b = (other.x, other.y, other.tile.segments[j].id)  # type: ignore[index]
                if not graph.has_edge(a, b):
                    graph.add_edge(a, b, kind="join")
                self._union(feature_of[a], feature_of[b])

        # The new tile is a neighbour of every cloister around it.
        for dx, dy in _SURROUNDING:
            for cloister in self._cloisters.get((x + dx, y + dy), ()):
                cloister.neighbours += 1

    # -- checking ------------------------------------------------------------------------
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
            open_ends[node] = 0
            for side in seg.sides:
                dx, dy = _NEIGHBOURS[side]
                if (x + dx, y + dy) not in by_pos:
                    open_ends[node] += 1
        for side, (dx, dy) in enumerate(_NEIGHBOURS):
            other = by_pos.get((x + dx, y + dy))
            if other is None:
                continue
            i = t.tile.side_segment[side]
            if i is not None:
                j = other.tile.side_segment[(side + 2) % 4]
                g.add_edge(
                    (x, y, t.tile.segments[i].id), (other.x, other.y, other.tile.segments[j].id)
                )  # type: ignore[index]
            for half in (2 * side, 2 * side + 1):
                i = t.tile.half_segment[half]
                if i is not None:
                    j = other.tile.half_segment[opposite_half(half)]
                    g.add_edge(
                        (x, y, t.tile.segments[i].id), (other.x, other.y, other.tile.segments[j].id)
                    )  # type: ignore[index]
    out: set[FeatureSummary] = set()
    for comp in nx.connected_components(g):
        nodes = frozenset(comp)
        first = next(iter(nodes))
        kind = kinds[first]
        neighbours = 0
        if kind == "cloister":
            cx, cy, _ = first
            neighbours = sum((cx + dx, cy + dy) in by_pos for dx, dy in _SURROUNDING)
        open_edges = sum(open_ends[n] for n in nodes)
        complete = (
            open_edges == 0
            if kind in ("road", "city")
            else neighbours == 8
            if kind == "cloister"
            else False
        )
        out.add(
            FeatureSummary(
                kind,
                nodes,
                open_edges,
                sum(pennants[n] for n in nodes),
                neighbours,
                complete,
            )
        )
    return out

"""Tile types, their segments, rotation and the tile catalogues.

A tile type is a square divided into **segments**: cities, roads and fields, plus a cloister
in the middle of some tiles. Cities and roads touch whole **sides** (``N E S W``, numbered 0-3
clockwise); fields touch **half-sides**, eight of them, named like compass points and numbered
clockwise from the north-west corner::

        NNW  NNE
    WNW +----+ ENE          0 NNW  1 NNE  2 ENE  3 ESE
        |    |              4 SSE  5 SSW  6 WSW  7 WNW
    WSW +----+ ESE
        SSW  SSE

Catalogues are data files (``tiles/data/<set>.json``), one per tile set; expansion sets and
edition variants are more files of the same form. Rotation is a pure function
(:func:`orient`): it never mutates a tile type, and its results are cached.

Examples
--------
>>> cat = catalogue("base")
>>> cat["D"].name
'City cap, straight road (the start tile)'
>>> orient(cat["D"], 90).edges
('road', 'city', 'road', 'field')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ..errors import CatalogueError

__all__ = [
    "SIDES",
    "HALVES",
    "SEGMENT_KINDS",
    "EDGE_KINDS",
    "Segment",
    "TileType",
    "OrientedTile",
    "Catalogue",
    "catalogue",
    "tile_sets",
    "orient",
    "opposite_side",
    "opposite_half",
    "side_of_half",
    "corner_side_of_half",
    "ROTATIONS",
]

SIDES = ("N", "E", "S", "W")
HALVES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
ROTATIONS = (0, 90, 180, 270)
#: Segment kinds the base game knows. Expansions add their own through their catalogue files.
SEGMENT_KINDS = ("city", "road", "field", "cloister")
#: What a side of a tile can show; two tiles may touch only where these are equal.
EDGE_KINDS = ("city", "road", "field")


def opposite_side(side: int) -> int:
    """The side of the neighbouring tile that touches ``side``."""
    return (side + 2) % 4


def opposite_half(half: int) -> int:
    """The half-side of the neighbouring tile that touches ``half``.

    Halves run clockwise on each tile, so across an edge their order is mirrored:
    NNW (0) meets the SSW (5) of the tile above, NNE (1) meets its SSE (4).
    """
    return ((half ^ 1) + 4) % 8


def side_of_half(half: int) -> int:
    """The side a half-side lies on."""
    return half // 2


def corner_side_of_half(half: int) -> int:
    """The other side that meets at the corner a half-side runs into (NNW -> W, NNE -> E)."""
    side = half // 2
    return (side - 1) % 4 if half % 2 == 0 else (side + 1) % 4


@dataclass(frozen=True, slots=True)
class Segment:
    """One region of a tile, in the tile type's own (unrotated) frame.

    Attributes
    ----------
    id:
        Unique within its tile type, stable across versions (``"city"``, ``"road-e"``, ...).
    kind:
        ``"city"``, ``"road"``, ``"field"`` or ``"cloister"`` (expansions may add kinds).
    sides:
        For cities and roads: the sides (0-3) the segment touches.
    halves:
        For fields: the half-sides (0-7) the segment touches.
    pennants:
        Pennants (C2: coats of arms) on a city segment.
    borders:
        For fields: ids of the city segments of the same tile this field touches.
    """

    id: str
    kind: str
    sides: tuple[int, ...] = ()
    halves: tuple[int, ...] = ()
    pennants: int = 0
    borders: tuple[str, ...] = ()

    def rotated(self, quarter_turns: int) -> Segment:
        if not quarter_turns:
            return self
        return Segment(
            self.id,
            self.kind,
            tuple(sorted((s + quarter_turns) % 4 for s in self.sides)),
            tuple(sorted((h + 2 * quarter_turns) % 8 for h in self.halves)),
            self.pennants,
            self.borders,
        )

    @property
    def locations(self) -> tuple[str, ...]:
        """The compass names of the sides / half-sides this segment touches."""
        return tuple(SIDES[s] for s in self.sides) + tuple(HALVES[h] for h in self.halves)


@dataclass(frozen=True, slots=True)
class TileType:
    """A kind of land tile: its id, picture description, count in the box and segments."""

    id: str
    name: str
    count: int
    segments: tuple[Segment, ...]
    tile_set: str = "base"
    note: str = ""
    edges: tuple[str, str, str, str] = field(default=("field",) * 4)

    def segment(self, segment_id: str) -> Segment:
        for seg in self.segments:
            if seg.id == segment_id:
                return seg
        known = ", ".join(s.id for s in self.segments)
        raise KeyError(f"tile {self.id} has no segment {segment_id!r} (it has: {known})")

    def __repr__(self) -> str:
        return f"<TileType {self.id}: {self.name}>"


@dataclass(frozen=True, slots=True)
class OrientedTile:
    """A tile type turned by ``rotation`` degrees clockwise; its segments in the board frame."""

    type: TileType
    rotation: int
    segments: tuple[Segment, ...]
    edges: tuple[str, str, str, str]
    #: side -> index into ``segments`` of the city/road segment on that side (None for fields)
    side_segment: tuple[int | None, int | None, int | None, int | None]
    #: half-side -> index into ``segments`` of the field segment on it (None under a city)
    half_segment: tuple[int | None, ...]

    def segment_at(self, location: str) -> Segment | None:
        """The segment at a compass location: a side (``"N"``), a half-side (``"NNW"``) or
        ``"C"``/``"cloister"`` for the centre."""
        loc = location.upper()
        if loc in SIDES:
            i = self.side_segment[SIDES.index(loc)]
        elif loc in HALVES:
            i = self.half_segment[HALVES.index(loc)]
        elif loc in ("C", "CENTRE", "CENTER", "CLOISTER"):
            i = next((k for k, s in enumerate(self.segments) if s.kind == "cloister"), None)
        else:
            return None
        return None if i is None else self.segments[i]


@cache
def orient(tile_type: TileType, rotation: int) -> OrientedTile:
    """Turn a tile type ``rotation`` degrees clockwise (0, 90, 180 or 270).

    Pure and cached: the same arguments give the same (shared, immutable) object.
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {rotation!r}")
    q = rotation // 90
    segs = tuple(s.rotated(q) for s in tile_type.segments)
    edges = tuple(tile_type.edges[(side - q) % 4] for side in range(4))
    side_segment: list[int | None] = [None] * 4
    half_segment: list[int | None] = [None] * 8
    for i, s in enumerate(segs):
        for side in s.sides:
            side_segment[side] = i
        for half in s.halves:
            half_segment[half] = i
    return OrientedTile(tile_type, rotation, segs, edges, tuple(side_segment), tuple(half_segment))


@dataclass(frozen=True)
class Catalogue:
    """A tile set: its tile types in a fixed order, and the start tile if it has one."""

    name: str
    title: str
    editions: tuple[str, ...]
    tiles: tuple[TileType, ...]
    start: tuple[str, int] | None = None
    notes: str = ""

    def __getitem__(self, tile_id: str) -> TileType:
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)

    def __contains__(self, tile_id: object) -> bool:
        return any(t.id == tile_id for t in self.tiles)

    def __iter__(self):
        return iter(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def total(self) -> int:
        """Number of physical tiles in the set (the start tile included)."""
        return sum(t.count for t in self.tiles)

    def counts(self) -> dict[str, int]:
        return {t.id: t.count for t in self.tiles}


def tile_sets() -> list[str]:
    """Names of the tile sets shipped in the package."""
    folder = resources.files(__package__).joinpath("data")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


@cache
def catalogue(name: str = "base") -> Catalogue:
    """Load a shipped tile set by name (cached)."""
    path = resources.files(__package__).joinpath("data", f"{name}.json")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogueError(
            f"unknown tile set {name!r}; shipped sets: {', '.join(tile_sets())}"
        ) from None
    return parse_catalogue(json.loads(text), source=f"tiles/data/{name}.json")


def _edge_kinds(segments: tuple[Segment, ...], where: str) -> tuple[str, str, str, str]:
    edges: list[str] = []
    for side in range(4):
        on_side = [s for s in segments if side in s.sides]
        halves = [s for s in segments if side * 2 in s.halves or side * 2 + 1 in s.halves]
        if len(on_side) > 1:
            raise CatalogueError(f"{where}: two segments claim side {SIDES[side]}")
        if on_side:
            kind = on_side[0].kind
            if kind == "city" and halves:
                raise CatalogueError(f"{where}: side {SIDES[side]} is city but a field touches it")
            if kind == "road" and len({s.id for s in halves if s.kind == "field"}) == 0:
                raise CatalogueError(f"{where}: road on side {SIDES[side]} has no fields beside it")
            edges.append(kind)
        else:
            covered = {h for s in halves for h in s.halves if h // 2 == side}
            if covered != {side * 2, side * 2 + 1}:
                raise CatalogueError(f"{where}: side {SIDES[side]} is not fully covered")
            edges.append("field")
    return tuple(edges)  # type: ignore[return-value]


def parse_catalogue(data: dict, source: str = "<catalogue>") -> Catalogue:
    """Build a :class:`Catalogue` from its JSON form, checking every segment."""
    try:
        name = data["set"]
        tiles_data = data["tiles"]
    except KeyError as exc:
        raise CatalogueError(f"{source}: missing key {exc.args[0]!r}") from None
    tiles: list[TileType] = []
    seen: set[str] = set()
    for n, t in enumerate(tiles_data):
        where = f"{source}: tiles[{n}] ({t.get('id', '?')})"
        tid = t.get("id")
        if not isinstance(tid, str) or not tid:
            raise CatalogueError(f"{where}: every tile needs a string id")
        if tid in seen:
            raise CatalogueError(f"{where}: duplicate tile id {tid!r}")
        seen.add(tid)
        segs: list[Segment] = []
        for m, s in enumerate(t.get("segments", [])):
            swhere = f"{where}.segments[{m}]"
            kind = s.get("kind")
            try:
                sides = tuple(sorted(SIDES.index(x) for x in s.get("sides", [])))
                halves = tuple(sorted(HALVES.index(x) for x in s.get("halves", [])))
            except ValueError:
                raise CatalogueError(f"{swhere}: unknown side or half-side name") from None
            if kind in ("city", "road") and (not sides or halves):
                raise CatalogueError(f"{swhere}: a {kind} touches whole sides only")
            if kind == "field" and (not halves or sides):
                raise CatalogueError(f"{swhere}: a field touches half-sides only")
            segs.append(
                Segment(
                    id=s["id"],
                    kind=kind,
                    sides=sides,
                    halves=halves,
                    pennants=int(s.get("pennants", 0)),
                    borders=tuple(s.get("borders", ())),
                )
            )
        ids = [s.id for s in segs]
        if len(set(ids)) != len(ids):
            raise CatalogueError(f"{where}: duplicate segment ids")
        for s in segs:
            for b in s.borders:
                if b not in ids or next(x for x in segs if x.id == b).kind != "city":
                    raise CatalogueError(f"{where}: field {s.id} borders unknown city {b!r}")
        segments = tuple(segs)
        tiles.append(
            TileType(
                id=tid,
                name=t.get("name", tid),
                count=int(t.get("count", 1)),
                segments=segments,
                tile_set=name,
                note=t.get("note", ""),
                edges=_edge_kinds(segments, where),
            )
        )
    start = data.get("start")
    start_pair = (start["tile"], int(start.get("rotation", 0))) if start else None
    if start_pair and start_pair[0] not in seen:
        raise CatalogueError(f"{source}: start tile {start_pair[0]!r} is not in the set")
    return Catalogue(
        name=name,
        title=data.get("title", name),
        editions=tuple(data.get("editions", ())),
        tiles=tuple(tiles),
        start=start_pair,
        notes=data.get("notes", ""),
    )

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

Expansions add two segment kinds: ``river`` (touches whole sides, like a road) and ``quarter``
(the inside of the City of Carcassonne, which touches whole sides and/or half-sides where the
twelve city tiles meet each other). Tile types and segments can carry **tags** (``"shrine"``,
``"inn"``, ``"spring"``...), tile types can list **connections** (which segments of the tile run
into each other, for the wagon), and a **wildcard** tile (the abbey) fits any neighbour.
``docs/tiles.md`` describes every field of the data files.

Catalogues are data files, one per tile set, in the ``tiles/`` folder of the expansion package
they belong to (``expansions/<package>/tiles/<set>.json``); edition variants are more files of
the same form. Rotation is a pure function
(:func:`orient`): it never mutates a tile type, and its results are cached.

Examples
--------
>>> cat = catalogue("base")
>>> cat["D"].name
'City cap, straight road (the start tile)'
>>> orient(cat["D"], 90).edges
('road', 'city', 'road', 'field')
>>> edges_match("city", "any"), edges_match("city", "road")
(True, False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from ..errors import CatalogueError, phrase
from ..events import Chained, Phrase, Said, Word
from ..expansions import REGISTERED

__all__ = [
    "SIDES",
    "HALVES",
    "SEGMENT_KINDS",
    "EDGE_KINDS",
    "WILDCARD_EDGE",
    "QUARTER_NAMES",
    "DRAW_STAGES",
    "CONNECTION_KINDS",
    "Segment",
    "TileType",
    "OrientedTile",
    "Catalogue",
    "catalogue",
    "tile_sets",
    "orient",
    "segment_words",
    "segment_phrase",
    "edges_match",
    "half_side_kinds",
    "parse_catalogue",
    "opposite_side",
    "opposite_half",
    "side_of_half",
    "corner_side_of_half",
    "ROTATIONS",
    "tile_names",
    "untranslated_names",
]

SIDES = ("N", "E", "S", "W")
HALVES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
ROTATIONS = (0, 90, 180, 270)
#: Segment kinds a catalogue may use. ``river`` and ``quarter`` come with the expansions.
SEGMENT_KINDS = ("city", "road", "field", "cloister", "river", "quarter")
#: What a side of a tile can show; two tiles may touch only where these are equal (or where one
#: of them is :data:`WILDCARD_EDGE`, see :func:`edges_match`).
EDGE_KINDS = ("city", "road", "field", "river", "quarter")
#: The edge kind of every side of a wildcard tile (the abbey): it matches any neighbour.
WILDCARD_EDGE = "any"
#: The four quarters of the City of Carcassonne (The Count of Carcassonne).
QUARTER_NAMES = ("castle", "market", "blacksmith", "cathedral")
#: When a set's tiles are drawn: with the land tiles, or all of them before the land tiles.
DRAW_STAGES = ("normal", "first")
#: Pairs of segment kinds (sorted) that a tile's ``connections`` may join.
CONNECTION_KINDS = frozenset({("city", "road"), ("cloister", "road"), ("road", "road")})

# kinds that claim a whole side; the others touch half-sides (fields) or nothing (cloisters)
_SIDE_KINDS = ("city", "road", "river")
_TILE_KEYS = frozenset(
    {"id", "name", "count", "segments", "note", "tags", "wildcard", "per_player", "connections"}
)
_SEGMENT_KEYS = frozenset(
    {"id", "kind", "sides", "halves", "pennants", "borders", "tags", "quarter"}
)
_CATALOGUE_KEYS = frozenset({"set", "title", "editions", "notes", "start", "draw", "tiles"})


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


def edges_match(demand: str | None, edge: str) -> bool:
    """Whether a tile edge ``edge`` may lie against a neighbour that shows ``demand``.

    ``demand`` is ``None`` where there is no neighbour (anything fits). :data:`WILDCARD_EDGE`
    (``"any"``) on either side matches everything; otherwise the two kinds must be equal.

    >>> edges_match(None, "road"), edges_match("any", "city"), edges_match("field", "any")
    (True, True, True)
    >>> edges_match("river", "road")
    False
    """
    if demand is None or demand == WILDCARD_EDGE or edge == WILDCARD_EDGE:
        return True
    return demand == edge


@dataclass(frozen=True, slots=True)
class Segment:
    """One region of a tile, in the tile type's own (unrotated) frame.

    Attributes
    ----------
    id:
        Unique within its tile type, stable across versions (``"city"``, ``"road-e"``, ...).
    kind:
        One of :data:`SEGMENT_KINDS`: ``"city"``, ``"road"``, ``"field"``, ``"cloister"``,
        ``"river"`` or ``"quarter"``. A shrine is a ``"cloister"`` tagged ``"shrine"``.
    sides:
        For cities, roads, rivers and quarters: the sides (0-3) the segment touches whole.
    halves:
        For fields, and quarters next to a field: the half-sides (0-7) the segment touches.
    pennants:
        Pennants (C2: coats of arms) on a city segment.
    borders:
        For fields: ids of the city segments of the same tile this field touches.
    tags:
        Extra facts the rules ask about: ``"inn"`` on a road, ``"shrine"`` on a cloister,
        ``"pig-herd"`` on a field, ``"enclosed"`` on a field that touches no edge...
    quarter:
        For ``quarter`` segments: which quarter of the City of Carcassonne this is (one of
        :data:`QUARTER_NAMES`), or ``""`` for the inside of the city between the quarters.
    """

    id: str
    kind: str
    sides: tuple[int, ...] = ()
    halves: tuple[int, ...] = ()
    pennants: int = 0
    borders: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    quarter: str = ""

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
            self.tags,
            self.quarter,
        )

    @property
    def locations(self) -> tuple[str, ...]:
        """The compass names of the sides / half-sides this segment touches."""
        return tuple(SIDES[s] for s in self.sides) + tuple(HALVES[h] for h in self.halves)


@dataclass(frozen=True, slots=True)
class TileType:
    """A kind of land tile: its id, picture description, count in the box and segments.

    The fields after ``edges`` came with the expansions; their defaults describe a plain tile,
    so base-game tiles compare exactly as they did before those fields existed.

    Attributes
    ----------
    count:
        Physical tiles of this type in the box (for a ``per_player`` tile: the most players
        can have, e.g. 6 abbeys).
    tags:
        Facts about the whole tile (``"spring"``, ``"lake"``, ``"fork"``, ``"volcano"``,
        ``"shrine"``, ``"abbey"``, ``"city-of-carcassonne"``...); ``docs/tiles.md`` lists them.
    wildcard:
        All four sides match any neighbouring edge (the abbey); :attr:`edges` are ``"any"``.
    per_player:
        The tiles are handed out one per player at the start instead of going into the bag.
    connections:
        Pairs of segment ids of this tile that run into each other: a road ending at a city
        gate, at a cloister (shrine, abbey) or at a crossing where roads meet. Not compared:
        two tile types that differ only here are equal.
    """

    id: str
    name: str
    count: int
    segments: tuple[Segment, ...]
    tile_set: str = "base"
    note: str = ""
    edges: tuple[str, str, str, str] = field(default=("field",) * 4)
    tags: tuple[str, ...] = ()
    wildcard: bool = False
    per_player: bool = False
    connections: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __hash__(self) -> int:
        # rotation is cached per tile type: hash by identity in the catalogue, not by every
        # segment (equal tile types still hash equal)
        return hash((self.tile_set, self.id))

    def segment(self, segment_id: str) -> Segment:
        for seg in self.segments:
            if seg.id == segment_id:
                return seg
        known = ", ".join(s.id for s in self.segments)
        raise KeyError(f"tile {self.id} has no segment {segment_id!r} (it has: {known})")

    def connected(self, segment_id: str) -> tuple[str, ...]:
        """Ids of the segments of this tile that ``segment_id`` runs into (see
        :attr:`connections`), in the order the data lists them."""
        out: list[str] = []
        for a, b in self.connections:
            if a == segment_id:
                out.append(b)
            elif b == segment_id:
                out.append(a)
        return tuple(out)

    def __repr__(self) -> str:
        return f"<TileType {self.id}: {self.name}>"


@dataclass(frozen=True, slots=True)
class OrientedTile:
    """A tile type turned by ``rotation`` degrees clockwise; its segments in the board frame."""

    type: TileType
    rotation: int
    segments: tuple[Segment, ...]
    edges: tuple[str, str, str, str]
    #: side -> index into ``segments`` of the segment claiming that whole side (None if none)
    side_segment: tuple[int | None, int | None, int | None, int | None]
    #: half-side -> index into ``segments`` of the field (or quarter) on it (None if none)
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


# where each half-side lies from the tile's centre (x east, y south), for naming fields
_HALF_XY = ((-0.5, -1), (0.5, -1), (1, -0.5), (1, 0.5), (0.5, 1), (-0.5, 1), (-1, 0.5), (-1, -0.5))
_SIDE_XY = ((0, -1), (1, 0), (0, 1), (-1, 0))
_SIDE_WORDS = ("north", "east", "south", "west")
# compass words by eighth of a turn, clockwise from north
_COMPASS = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)


def _direction(points: list[tuple[float, float]]) -> str:
    """The compass word for the mean of ``points`` (x east, y south), or "" near the centre."""
    import math

    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    if math.hypot(x, y) < 0.25:
        return ""
    eighth = round(math.degrees(math.atan2(x, -y)) / 45) % 8
    return _COMPASS[eighth]


def _sides_words(seg: Segment) -> str:
    sides = sorted({*seg.sides, *(h // 2 for h in seg.halves)})
    if len(sides) == 1:
        return f"{seg.kind} on the {_SIDE_WORDS[sides[0]]} side"
    return f"{seg.kind} touching the {' and '.join(_SIDE_WORDS[s] for s in sides)} sides"


def _bend_sides(tile: OrientedTile) -> tuple[str, tuple[int, int]] | None:
    """The kind and the two sides of the tile's one road or river turning a corner, if any."""
    bends = [
        seg
        for seg in tile.segments
        if seg.kind in ("road", "river")
        and len(seg.sides) == 2
        and (seg.sides[1] - seg.sides[0]) % 2
    ]
    if len(bends) != 1:
        return None
    a, b = bends[0].sides
    return bends[0].kind, ((a, b) if (a + 1) % 4 == b else (b, a))


def _sides_phrase(seg: Segment) -> Phrase:
    """:func:`_sides_words` as a phrase."""
    sides = sorted({*seg.sides, *(h // 2 for h in seg.halves)})
    if len(sides) == 1:
        return Said(
            msg="{kind} on the {side} side", kind=Word(seg.kind), side=Word(_SIDE_WORDS[sides[0]])
        )
    return Said(
        msg="{kind} touching the {sides} sides",
        kind=Word(seg.kind),
        sides=Chained([Word(_SIDE_WORDS[s]) for s in sides]),
    )


#: "first city", "second city" ... (a tile with up to four segments of one name)
_ORDINALS = (
    Said(msg="first {name}"),
    Said(msg="second {name}"),
    Said(msg="third {name}"),
    Said(msg="fourth {name}"),
)


#: id of an oriented tile -> (the tile, :func:`_name_segments` of it). Keyed by identity, as
#: oriented tiles are shared and immutable: a cache keyed by the tile itself hashed it by its
#: fields, in Python, segment by segment (about 0.9 µs at each deployment's sentence, as much
#: as the rest of it); the entry holds the tile, so its id stays its own
_SEGMENT_NAMES: dict[int, tuple[OrientedTile, dict[str, tuple[str, Phrase]]]] = {}


def _segment_names(tile: OrientedTile) -> dict[str, tuple[str, Phrase]]:
    """Segment id -> its name on the tile (``"city"``, ``"east field"``, ...), unique per tile,
    in English and as a phrase to write in any language."""
    entry = _SEGMENT_NAMES.get(id(tile))
    if entry is None or entry[0] is not tile:
        entry = _SEGMENT_NAMES[id(tile)] = (tile, _name_segments(tile))
    return entry[1]


def _name_segments(tile: OrientedTile) -> dict[str, tuple[str, Phrase]]:
    """:func:`_segment_names`, worked out."""
    names: dict[str, str] = {}
    phrases: dict[str, Phrase] = {}
    kinds: dict[str, int] = {}
    for seg in tile.segments:
        kinds[seg.kind] = kinds.get(seg.kind, 0) + 1
    for seg in tile.segments:
        if seg.kind == "quarter":
            names[seg.id] = f"{seg.quarter} quarter" if seg.quarter else "inside of the City"
            phrases[seg.id] = (
                Said(msg="{quarter} quarter", quarter=Word(seg.quarter))
                if seg.quarter
                else Said(msg="inside of the City")
            )
        elif seg.kind == "cloister":
            names[seg.id] = next((t for t in ("shrine", "abbey") if t in seg.tags), "cloister")
            phrases[seg.id] = Word(names[seg.id])
        elif "enclosed" in seg.tags:
            names[seg.id] = "walled field"
            phrases[seg.id] = Said(msg="walled field")
        elif kinds[seg.kind] == 1:
            names[seg.id] = seg.kind
            phrases[seg.id] = Word(seg.kind)
        else:
            points = [_SIDE_XY[s] for s in seg.sides] + [_HALF_XY[h] for h in seg.halves]
            where = _direction(points) if points else ""
            names[seg.id] = f"{where} {seg.kind}" if where else _sides_words(seg)
            phrases[seg.id] = (
                Said(msg="{where} {kind}", where=Word(where), kind=Word(seg.kind))
                if where
                else _sides_phrase(seg)
            )
    # two segments with one name: tell them apart by the sides they touch, else by size
    by_name: dict[str, list[Segment]] = {}
    for seg in tile.segments:
        by_name.setdefault(names[seg.id], []).append(seg)
    for name, same in by_name.items():
        if len(same) < 2:
            continue
        shared = phrases[same[0].id]
        if len({_sides_words(seg) for seg in same}) == len(same):
            for seg in same:
                names[seg.id] = _sides_words(seg)
                phrases[seg.id] = _sides_phrase(seg)
        elif len(same) == 2 and (bend := _bend_sides(tile)) is not None:
            # a road or river bending round a corner: one field lies inside the bend
            kind, (a, b) = bend
            corner = {
                2 * a + 1 if (a + 1) % 4 == b else 2 * a,
                2 * b if (a + 1) % 4 == b else 2 * b + 1,
            }
            for seg in same:
                side = "inside" if set(seg.halves) <= corner else "outside"
                names[seg.id] = f"{seg.kind} {side} the {kind}'s bend"
                phrases[seg.id] = (
                    Said(
                        msg="{kind} inside the {bend}'s bend", kind=Word(seg.kind), bend=Word(kind)
                    )
                    if side == "inside"
                    else Said(
                        msg="{kind} outside the {bend}'s bend", kind=Word(seg.kind), bend=Word(kind)
                    )
                )
        elif len(same) == 2 and len(same[0].halves) != len(same[1].halves):
            small, large = sorted(same, key=lambda seg: len(seg.halves))
            names[small.id], names[large.id] = f"smaller {name}", f"larger {name}"
            phrases[small.id] = Said(msg="smaller {name}", name=shared)
            phrases[large.id] = Said(msg="larger {name}", name=shared)
        else:
            for n, seg in enumerate(same):
                names[seg.id] = f"{('first', 'second', 'third', 'fourth')[n]} {name}"
                phrases[seg.id] = {**_ORDINALS[n], "name": shared}
    return {k: (names[k], phrases[k]) for k in names}


def segment_words(tile: OrientedTile, segment_id: str, *, at: tuple[int, int] | None = None) -> str:
    """A segment of a placed tile as a learner reads it: ``"the tile's city"`` when the tile has
    one city, else its direction on the tile (``"the tile's east field"``, ``"the tile's west
    road"``); with ``at``, the tile named by its square (``"the east field of the tile at (1,
    0)"``). Shrines, abbeys, walled fields and the City's quarters are named as such.

    >>> segment_words(orient(catalogue("base")["U"], 0), "field-e")
    "the tile's east field"
    >>> segment_words(orient(catalogue("base")["D"], 90), "city", at=(1, 0))
    'the city of the tile at (1, 0)'
    """
    found = _segment_names(tile).get(segment_id)
    name = segment_id if found is None else found[0]
    if at is None:
        return f"the tile's {name}"
    return f"the {name} of the tile at ({at[0]}, {at[1]})"


def segment_phrase(
    tile: OrientedTile, segment_id: str, *, at: tuple[int, int] | None = None
) -> Phrase:
    """:func:`segment_words` as a phrase, to write in any language."""
    found = _segment_names(tile).get(segment_id)
    name = segment_id if found is None else found[1]
    if at is None:
        return Said(msg="the tile's {name}", name=name)
    return Said(msg="the {name} of the tile at ({x}, {y})", name=name, x=at[0], y=at[1])


def half_side_kinds(tile: OrientedTile, side: int) -> tuple[str, str]:
    """The segment kind on each half of ``side`` of an oriented tile, clockwise.

    A segment claiming the whole side gives its kind twice; a wildcard tile gives ``"any"``.
    Two tiles fit along an edge when their edge kinds match (:func:`edges_match`); for the
    inner edges of the City of Carcassonne, where a side can be half field and half quarter,
    this tells the two halves apart: ``half_side_kinds(a, s)`` must equal
    ``half_side_kinds(b, opposite_side(s))`` reversed.
    """
    if tile.type.wildcard:
        return (WILDCARD_EDGE, WILDCARD_EDGE)
    whole = tile.side_segment[side]
    if whole is not None:
        kind = tile.segments[whole].kind
        return (kind, kind)
    out = []
    for half in (2 * side, 2 * side + 1):
        i = tile.half_segment[half]
        out.append("" if i is None else tile.segments[i].kind)
    return (out[0], out[1])


@dataclass(frozen=True)
class Catalogue:
    """A tile set: its tile types in a fixed order, and how play starts with it.

    ``start`` is a single start tile ``(tile id, rotation)``; ``start_block`` is a group of
    tiles laid together before play, as ``(tile id, dx, dy, rotation)`` with ``(0, 0)`` the
    start position (the City of Carcassonne). ``draw_stage`` is ``"first"`` for a set whose
    tiles are all drawn before the land tiles (the river), else ``"normal"``.
    """

    name: str
    title: str
    editions: tuple[str, ...]
    tiles: tuple[TileType, ...]
    start: tuple[str, int] | None = None
    notes: str = ""
    start_block: tuple[tuple[str, int, int, int], ...] = ()
    draw_stage: str = "normal"

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
        """Number of physical tiles in the set (start and per-player tiles included)."""
        return sum(t.count for t in self.tiles)

    def counts(self) -> dict[str, int]:
        return {t.id: t.count for t in self.tiles}

    def tagged(self, tag: str) -> tuple[TileType, ...]:
        """The tile types carrying ``tag``, in catalogue order."""
        return tuple(t for t in self.tiles if tag in t.tags)


@cache
def _set_files() -> dict[str, tuple[str, Traversable]]:
    """Tile set name -> (where it is, for messages; the file): the ``tiles/<set>.json`` files of
    every registered expansion package (``carc_teach/expansions/<package>/tiles/``)."""
    found: dict[str, tuple[str, Traversable]] = {}
    for package in REGISTERED:
        folder = resources.files(f"carc_teach.expansions.{package}").joinpath("tiles")
        if not folder.is_dir():
            continue
        for item in folder.iterdir():
            if item.name.endswith(".json"):
                where = f"expansions/{package}/tiles/{item.name}"
                found[item.name[:-5]] = (where, item)
    return found


def tile_names() -> list[str]:
    """Every tile type's name in the shipped tile sets, once each, in the sets' order."""
    return list(dict.fromkeys(t.name for s in tile_sets() for t in catalogue(s)))


def untranslated_names(lang: str) -> list[str]:
    """The shipped tile names shown in English in ``lang`` (not in its ``tiles.toml``, or
    written there for an English since reworded)."""
    from ..i18n import language_code
    from ..i18n.names import names

    found = names("tile", language_code(lang))
    return [n for n in tile_names() if n not in found]


def tile_sets() -> list[str]:
    """Names of the tile sets shipped in the package (in the expansion packages)."""
    return sorted(_set_files())


@cache
def catalogue(name: str = "base") -> Catalogue:
    """Load a shipped tile set by name (cached)."""
    found = _set_files().get(name)
    if found is None:
        raise CatalogueError(
            phrase(
                "unknown tile set {name}; shipped sets: {sets}",
                name=repr(name),
                sets=", ".join(tile_sets()),
            )
        )
    where, path = found
    return parse_catalogue(json.loads(path.read_text(encoding="utf-8")), source=where)


def _edge_kinds(segments: tuple[Segment, ...], where: str) -> tuple[str, str, str, str]:
    """The edge kind of each side, checking that every side is described exactly once.

    A side is claimed whole by one city, road, river or quarter segment, or is made of two
    half-sides. Cities and quarters that claim a side leave no half-side on it; roads and rivers
    run between fields, so both halves of their side belong to fields. An unclaimed side needs
    both halves covered, by fields (edge ``field``) or by a field and a quarter or two quarters
    (edge ``quarter``: such sides only meet other City of Carcassonne tiles).
    """
    edges: list[str] = []
    for side in range(4):
        on_side = [s for s in segments if side in s.sides]
        if len(on_side) > 1:
            raise CatalogueError(
                phrase("{where}: two segments claim side {side}", where=where, side=SIDES[side])
            )
        by_half: dict[int, Segment] = {}
        for half in (2 * side, 2 * side + 1):
            there = [s for s in segments if half in s.halves]
            if len(there) > 1:
                ids = ", ".join(s.id for s in there)
                raise CatalogueError(
                    phrase(
                        "{where}: half-side {half} is claimed by {ids}",
                        where=where,
                        half=HALVES[half],
                        ids=ids,
                    )
                )
            if there:
                by_half[half] = there[0]
        if on_side:
            kind = on_side[0].kind
            if kind in ("city", "quarter") and by_half:
                other = next(iter(by_half.values()))
                raise CatalogueError(
                    phrase(
                        "{where}: side {side} is {kind} but {other} {id} touches it",
                        where=where,
                        side=SIDES[side],
                        kind=kind,
                        other=other.kind,
                        id=repr(other.id),
                    )
                )
            if kind in ("road", "river"):
                if not any(s.kind == "field" for s in by_half.values()):
                    raise CatalogueError(
                        phrase(
                            "{where}: {kind} on side {side} has no fields beside it",
                            where=where,
                            kind=kind,
                            side=SIDES[side],
                        )
                    )
                if len(by_half) < 2 or any(s.kind != "field" for s in by_half.values()):
                    raise CatalogueError(
                        phrase(
                            "{where}: {kind} on side {side} needs a field on both halves",
                            where=where,
                            kind=kind,
                            side=SIDES[side],
                        )
                    )
            edges.append(kind)
        else:
            if len(by_half) < 2:
                raise CatalogueError(
                    phrase(
                        "{where}: side {side} is not fully covered", where=where, side=SIDES[side]
                    )
                )
            kinds = {s.kind for s in by_half.values()}
            edges.append("quarter" if "quarter" in kinds else "field")
    return tuple(edges)  # type: ignore[return-value]


def _strings(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) and v for v in value):
        raise CatalogueError(phrase("{what}: must be a list of non-empty strings", what=what))
    return tuple(value)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise CatalogueError(
            phrase("{what}: must be true or false, not {value}", what=what, value=repr(value))
        )
    return value


def _parse_segment(s: object, swhere: str) -> Segment:
    if not isinstance(s, dict):
        raise CatalogueError(phrase("{where}: a segment must be an object", where=swhere))
    unknown = sorted(set(s) - _SEGMENT_KEYS)
    if unknown:
        raise CatalogueError(
            phrase("{where}.{field}: unknown segment field", where=swhere, field=unknown[0])
        )
    sid = s.get("id")
    if not isinstance(sid, str) or not sid:
        raise CatalogueError(phrase("{where}.id: every segment needs a string id", where=swhere))
    kind = s.get("kind")
    if kind not in SEGMENT_KINDS:
        raise CatalogueError(
            phrase(
                "{where}.kind: unknown segment kind {kind} (known: {known})",
                where=swhere,
                kind=repr(kind),
                known=", ".join(SEGMENT_KINDS),
            )
        )
    try:
        sides = tuple(sorted(SIDES.index(x) for x in s.get("sides", [])))
    except ValueError:
        raise CatalogueError(phrase("{where}.sides: unknown side name", where=swhere)) from None
    try:
        halves = tuple(sorted(HALVES.index(x) for x in s.get("halves", [])))
    except ValueError:
        raise CatalogueError(
            phrase("{where}.halves: unknown half-side name", where=swhere)
        ) from None
    if len(set(sides)) != len(sides) or len(set(halves)) != len(halves):
        raise CatalogueError(phrase("{where}: a side or half-side is listed twice", where=swhere))
    tags = _strings(s.get("tags", []), f"{swhere}.tags")
    if kind in _SIDE_KINDS and (not sides or halves):
        raise CatalogueError(
            phrase("{where}.sides: a {kind} touches whole sides only", where=swhere, kind=kind)
        )
    if kind == "field":
        if sides:
            raise CatalogueError(
                phrase("{where}.sides: a field touches half-sides only", where=swhere)
            )
        if not halves and "enclosed" not in tags:
            raise CatalogueError(
                phrase(
                    "{where}.halves: a field touches half-sides (tag it 'enclosed' if it "
                    "touches no edge)",
                    where=swhere,
                )
            )
    if kind == "cloister" and (sides or halves):
        raise CatalogueError(phrase("{where}.sides: a cloister touches no edge", where=swhere))
    quarter = s.get("quarter", "")
    if "quarter" in s and kind != "quarter":
        raise CatalogueError(
            phrase("{where}.quarter: only a quarter segment names a quarter", where=swhere)
        )
    if kind == "quarter":
        if quarter not in ("", *QUARTER_NAMES):
            raise CatalogueError(
                phrase(
                    "{where}.quarter: unknown quarter {quarter} (known: {known})",
                    where=swhere,
                    quarter=repr(quarter),
                    known=", ".join(QUARTER_NAMES),
                )
            )
        for side in range(4):
            if 2 * side in halves and 2 * side + 1 in halves:
                raise CatalogueError(
                    phrase(
                        "{where}.halves: list side {side} under 'sides' when the quarter "
                        "covers all of it",
                        where=swhere,
                        side=SIDES[side],
                    )
                )
    pennants = s.get("pennants", 0)
    if not isinstance(pennants, int) or pennants < 0:
        raise CatalogueError(phrase("{where}.pennants: must be a whole number >= 0", where=swhere))
    if pennants and kind != "city":
        raise CatalogueError(phrase("{where}.pennants: only a city has pennants", where=swhere))
    borders = _strings(s.get("borders", []), f"{swhere}.borders")
    if borders and kind != "field":
        raise CatalogueError(phrase("{where}.borders: only a field borders cities", where=swhere))
    return Segment(
        id=sid,
        kind=kind,
        sides=sides,
        halves=halves,
        pennants=pennants,
        borders=borders,
        tags=tags,
        quarter=quarter,
    )


def _parse_connections(raw: object, segs: list[Segment], where: str) -> tuple[tuple[str, str], ...]:
    what = f"{where}.connections"
    if not isinstance(raw, list):
        raise CatalogueError(
            phrase("{what}: must be a list of [segment id, segment id] pairs", what=what)
        )
    by_id = {s.id: s for s in segs}
    out: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for k, pair in enumerate(raw):
        pwhere = f"{what}[{k}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise CatalogueError(
                phrase("{where}: a connection is a pair of segment ids", where=pwhere)
            )
        a, b = pair
        for x in (a, b):
            if x not in by_id:
                raise CatalogueError(
                    phrase("{where}: unknown segment {id}", where=pwhere, id=repr(x))
                )
        if a == b:
            raise CatalogueError(
                phrase("{where}: a segment cannot connect to itself", where=pwhere)
            )
        kinds = tuple(sorted((by_id[a].kind, by_id[b].kind)))
        if kinds not in CONNECTION_KINDS:
            raise CatalogueError(
                phrase(
                    "{where}: a {one} and a {other} cannot be connected (only a road "
                    "with a city, a cloister or another road)",
                    where=pwhere,
                    one=kinds[0],
                    other=kinds[1],
                )
            )
        key = frozenset((a, b))
        if key in seen:
            raise CatalogueError(
                phrase(
                    "{where}: {one} and {other} are connected twice",
                    where=pwhere,
                    one=repr(a),
                    other=repr(b),
                )
            )
        seen.add(key)
        out.append((a, b))
    return tuple(out)


def _parse_tile(t: object, n: int, name: str, source: str) -> TileType:
    if not isinstance(t, dict):
        raise CatalogueError(
            phrase("{source}: tiles[{n}]: a tile must be an object", source=source, n=n)
        )
    where = f"{source}: tiles[{n}] ({t.get('id', '?')})"
    tid = t.get("id")
    if not isinstance(tid, str) or not tid:
        raise CatalogueError(phrase("{where}: every tile needs a string id", where=where))
    unknown = sorted(set(t) - _TILE_KEYS)
    if unknown:
        raise CatalogueError(
            phrase("{where}.{field}: unknown tile field", where=where, field=unknown[0])
        )
    count = t.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise CatalogueError(phrase("{where}.count: must be a whole number >= 1", where=where))
    raw_segments = t.get("segments", [])
    if not isinstance(raw_segments, list):
        raise CatalogueError(phrase("{where}.segments: must be a list", where=where))
    segs = [_parse_segment(s, f"{where}.segments[{m}]") for m, s in enumerate(raw_segments)]
    ids = [s.id for s in segs]
    if len(set(ids)) != len(ids):
        raise CatalogueError(phrase("{where}: duplicate segment ids", where=where))
    for s in segs:
        for b in s.borders:
            if b not in ids or next(x for x in segs if x.id == b).kind != "city":
                raise CatalogueError(
                    phrase(
                        "{where}: field {field} borders unknown city {city}",
                        where=where,
                        field=s.id,
                        city=repr(b),
                    )
                )
    wildcard = _flag(t.get("wildcard", False), f"{where}.wildcard")
    segments = tuple(segs)
    if wildcard:
        touching = next((s for s in segs if s.sides or s.halves), None)
        if touching is not None:
            raise CatalogueError(
                phrase(
                    "{where}.wildcard: a wildcard tile has nothing on its sides, but "
                    "{id} touches one",
                    where=where,
                    id=repr(touching.id),
                )
            )
        edges: tuple[str, str, str, str] = (WILDCARD_EDGE,) * 4  # type: ignore[assignment]
    else:
        edges = _edge_kinds(segments, where)
    return TileType(
        id=tid,
        name=t.get("name", tid),
        count=count,
        segments=segments,
        tile_set=name,
        note=t.get("note", ""),
        edges=edges,
        tags=_strings(t.get("tags", []), f"{where}.tags"),
        wildcard=wildcard,
        per_player=_flag(t.get("per_player", False), f"{where}.per_player"),
        connections=_parse_connections(t.get("connections", []), segs, where),
    )


def _parse_block(
    raw: object, tiles: dict[str, TileType], source: str
) -> tuple[tuple[str, int, int, int], ...]:
    what = f"{source}: start.block"
    if not isinstance(raw, list) or not raw:
        raise CatalogueError(phrase("{what}: must be a non-empty list of placed tiles", what=what))
    placed: dict[tuple[int, int], OrientedTile] = {}
    uses: dict[str, int] = {}
    out: list[tuple[str, int, int, int]] = []
    for i, entry in enumerate(raw):
        ewhere = f"{what}[{i}]"
        if not isinstance(entry, dict):
            raise CatalogueError(
                phrase("{where}: must be an object with tile, x, y, rotation", where=ewhere)
            )
        tid = entry.get("tile")
        if tid not in tiles:
            raise CatalogueError(
                phrase("{where}.tile: {tile} is not in the set", where=ewhere, tile=repr(tid))
            )
        x, y, rot = entry.get("x"), entry.get("y"), entry.get("rotation", 0)
        if not isinstance(x, int) or not isinstance(y, int):
            raise CatalogueError(
                phrase("{where} ({tile}).x: x and y must be whole numbers", where=ewhere, tile=tid)
            )
        if rot not in ROTATIONS:
            raise CatalogueError(
                phrase(
                    "{where} ({tile}).rotation: must be 0, 90, 180 or 270", where=ewhere, tile=tid
                )
            )
        if (x, y) in placed:
            raise CatalogueError(
                phrase(
                    "{where} ({tile}): two block tiles at ({x}, {y})",
                    where=ewhere,
                    tile=tid,
                    x=x,
                    y=y,
                )
            )
        uses[tid] = uses.get(tid, 0) + 1
        if uses[tid] > tiles[tid].count:
            raise CatalogueError(
                phrase("{where} ({tile}): used more often than its count", where=ewhere, tile=tid)
            )
        placed[(x, y)] = orient(tiles[tid], rot)
        out.append((tid, x, y, rot))
    # the block must hang together, and its tiles must fit each other half-side by half-side
    seen = {next(iter(placed))}
    todo = list(seen)
    while todo:
        x, y = todo.pop()
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            if (x + dx, y + dy) in placed and (x + dx, y + dy) not in seen:
                seen.add((x + dx, y + dy))
                todo.append((x + dx, y + dy))
    if len(seen) != len(placed):
        raise CatalogueError(
            phrase("{what}: the block's tiles do not form one connected group", what=what)
        )
    for (x, y), tile in placed.items():
        for side, (dx, dy) in ((1, (1, 0)), (2, (0, 1))):
            other = placed.get((x + dx, y + dy))
            if other is None:
                continue
            mine = half_side_kinds(tile, side)
            theirs = half_side_kinds(other, opposite_side(side))
            if not edges_match(other.edges[opposite_side(side)], tile.edges[side]) or (
                WILDCARD_EDGE not in mine + theirs and mine != theirs[::-1]
            ):
                raise CatalogueError(
                    phrase(
                        "{what}: {one} at ({x}, {y}) and {other} at ({x2}, {y2}) do not fit "
                        "along their shared edge",
                        what=what,
                        one=tile.type.id,
                        x=x,
                        y=y,
                        other=other.type.id,
                        x2=x + dx,
                        y2=y + dy,
                    )
                )
    return tuple(out)


def parse_catalogue(data: dict, source: str = "<catalogue>") -> Catalogue:
    """Build a :class:`Catalogue` from its JSON form, checking every segment.

    Every problem raises :class:`CatalogueError` with a one-line message naming ``source``,
    the tile (its index and id) and the field.
    """
    if not isinstance(data, dict):
        raise CatalogueError(phrase("{source}: a catalogue must be a JSON object", source=source))
    try:
        name = data["set"]
        tiles_data = data["tiles"]
    except KeyError as exc:
        raise CatalogueError(
            phrase("{source}: missing key {key}", source=source, key=repr(exc.args[0]))
        ) from None
    unknown = sorted(set(data) - _CATALOGUE_KEYS)
    if unknown:
        raise CatalogueError(
            phrase("{source}: {field}: unknown catalogue field", source=source, field=unknown[0])
        )
    if not isinstance(tiles_data, list):
        raise CatalogueError(phrase("{source}: tiles: must be a list", source=source))
    tiles: list[TileType] = []
    by_id: dict[str, TileType] = {}
    for n, t in enumerate(tiles_data):
        tile = _parse_tile(t, n, name, source)
        if tile.id in by_id:
            raise CatalogueError(
                phrase(
                    "{source}: tiles[{n}] ({tile}): duplicate tile id {id}",
                    source=source,
                    n=n,
                    tile=tile.id,
                    id=repr(tile.id),
                )
            )
        by_id[tile.id] = tile
        tiles.append(tile)
    start = data.get("start")
    start_pair: tuple[str, int] | None = None
    block: tuple[tuple[str, int, int, int], ...] = ()
    if start is not None:
        if not isinstance(start, dict) or ("block" in start) == ("tile" in start):
            raise CatalogueError(
                phrase(
                    "{source}: start: give either a tile (with its rotation) or a block",
                    source=source,
                )
            )
        if "block" in start:
            block = _parse_block(start["block"], by_id, source)
        else:
            start_pair = (start["tile"], int(start.get("rotation", 0)))
            if start_pair[0] not in by_id:
                raise CatalogueError(
                    phrase(
                        "{source}: start tile {tile} is not in the set",
                        source=source,
                        tile=repr(start_pair[0]),
                    )
                )
            if start_pair[1] not in ROTATIONS:
                raise CatalogueError(
                    phrase("{source}: start.rotation: must be 0, 90, 180 or 270", source=source)
                )
    draw = data.get("draw", "normal")
    if draw not in DRAW_STAGES:
        raise CatalogueError(
            phrase(
                "{source}: draw: unknown draw stage {stage} (known: {known})",
                source=source,
                stage=repr(draw),
                known=", ".join(DRAW_STAGES),
            )
        )
    return Catalogue(
        name=name,
        title=data.get("title", name),
        editions=tuple(data.get("editions", ())),
        tiles=tuple(tiles),
        start=start_pair,
        notes=data.get("notes", ""),
        start_block=block,
        draw_stage=draw,
    )

"""Pure-Python SVG drawings of tiles, boards, features, figures and the feature graph.

Everything here returns an SVG string and imports nothing beyond the standard library and the
engine, so it runs in Pyodide. Drawings are built in layers a caller can switch on and off:
tiles, highlights, the open frontier, the feature graph overlay, figures. Every shape carries a
``<title>`` (hover text) and ``data-`` attributes naming the tile, segment or figure it shows.

Geometry: a tile is the unit square, ``x`` east and ``y`` south; shapes are computed for the
oriented tile (board frame), so no rotated text or figures.

Speed: a walkthrough redraws the board at every step, so the text of each oriented tile (and
of each highlighted segment) is kept as a template with holes for its coordinates, a few
lengths and its square (``_Shape``), each coordinate is formatted once per size and column or
row of the drawing, and the texts of the tiles and graph nodes are kept for the last few
bounds of the board drawn. The caches are keyed by the identity of the (immutable, shared)
oriented tiles, hold a reference to them, and are emptied when :data:`COLOURS` changes. The
graph overlay is made from the tiles the way :attr:`~carc_teach.features.FeatureGraph.graph`
is, in the same order, without building the networkx graph.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..events import Capital, Word, render
from ..expansions import PACKAGES
from ..figures import kind_of, role_name
from ..geometry import NEIGHBOUR_OFFSETS, edge_links
from ..i18n import _, language_code, ngettext
from ..i18n.names import tile_name
from ..tiles import OrientedTile, Segment, TileType, orient, segment_phrase

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board, Placement
    from ..features import Feature
    from ..figures import Figure

__all__ = [
    "graph_size",
    "COLOURS",
    "PLAYER_COLOURS",
    "tile_svg",
    "board_svg",
    "board_layout",
    "BoardLayout",
    "Spot",
    "segment_anchor",
    "player_colour",
    "off_board_figures",
    "legend_svg",
    "legend_kinds",
    "figure_shape_kinds",
]

Point = tuple[float, float]

COLOURS = {
    "field": "#a3c76d",
    "field-edge": "#7fa450",
    "city": "#d2ad74",
    "wall": "#7a5530",
    "road": "#f6f1e4",
    "road-edge": "#8f8674",
    "cloister": "#b4543a",
    "cloister-wall": "#f1e7d3",
    "shrine": "#5b4a7a",
    "abbey": "#8c8577",
    "pennant": "#2f5fb3",
    "grid": "#5f7f3a",
    "highlight": "#ffcc00",
    "highlight-edge": "#e65c00",
    "current-tile": "#e65c00",
    "frontier": "#ffffff",
    "graph-road": "#5b5b5b",
    "graph-city": "#7a3b12",
    "graph-field": "#2e6b1f",
    "graph-cloister": "#8a1c1c",
    "graph-border": "#7a3b12",
    "background": "#eef2e6",
    "river": "#4f8fd6",
    "quarter": "#e3d3ae",
    "quarter-text": "#6b5233",
    "pig": "#f2a7b8",
    "inn": "#c98a3a",
    "cathedral": "#ece6da",
}
#: Figure colours in seat order (blue, red, yellow, black, green, pink, ...).
PLAYER_COLOURS = (
    "#2166c4",
    "#d7301f",
    "#f2c318",
    "#222222",
    "#2a9d3c",
    "#e377c2",
    "#8c564b",
    "#7f7f7f",
)


def player_colour(index: int) -> str:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


# -- geometry -------------------------------------------------------------------------------

_CORNERS: tuple[Point, ...] = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))  # NW NE SE SW
_SIDE_MID: tuple[Point, ...] = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
_CENTRE: Point = (0.5, 0.5)


def _rot(p: Point, quarter_turns: int) -> Point:
    x, y = p
    for _turn in range(quarter_turns % 4):
        x, y = 1.0 - y, x
    return (x, y)


def _half_triangle(half: int) -> tuple[Point, Point, Point]:
    """The triangle between a half-side and the tile centre (a field's share of the tile)."""
    side = half // 2
    a = _CORNERS[side]
    b = _CORNERS[(side + 1) % 4]
    mid = _SIDE_MID[side]
    return (a, mid, _CENTRE) if half % 2 == 0 else (mid, b, _CENTRE)


def _centroid(points: Iterable[Point]) -> Point:
    pts = list(points)
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _dist(a: Point, b: Point) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def _city_pattern(sides: tuple[int, ...]) -> tuple[str, int]:
    """Classify a city's sides as a canonical shape and the quarter turns that reach it."""
    s = set(sides)
    if len(s) == 4:
        return "all", 0
    if len(s) == 1:
        return "cap", sides[0]
    if len(s) == 3:
        missing = ({0, 1, 2, 3} - s).pop()
        return "three", (missing - 2) % 4
    a, b = sorted(s)
    if b - a == 2:
        return "band", a  # canonical band joins N and S
    first = a if (a + 1) % 4 == b else b  # the side from which the corner turns clockwise
    return "corner", first


# Canonical city outlines (as path commands over points), before turning.
_CITY_SHAPES = {
    "cap": [("M", (0.0, 0.0)), ("L", (1.0, 0.0)), ("Q", (0.5, 0.42), (0.0, 0.0))],
    "corner": [
        ("M", (0.0, 0.0)),
        ("L", (1.0, 0.0)),
        ("L", (1.0, 1.0)),
        ("Q", (0.42, 0.58), (0.0, 0.0)),
    ],
    "band": [
        ("M", (0.0, 0.0)),
        ("L", (1.0, 0.0)),
        ("Q", (0.7, 0.5), (1.0, 1.0)),
        ("L", (0.0, 1.0)),
        ("Q", (0.3, 0.5), (0.0, 0.0)),
    ],
    "three": [
        ("M", (0.0, 0.0)),
        ("L", (1.0, 0.0)),
        ("L", (1.0, 1.0)),
        ("Q", (0.5, 0.45), (0.0, 1.0)),
        ("Z",),
    ],
    "all": [("M", (0.0, 0.0)), ("L", (1.0, 0.0)), ("L", (1.0, 1.0)), ("L", (0.0, 1.0)), ("Z",)],
}
# Where a city's figure stands, for each canonical shape.
_CITY_ANCHOR = {
    "cap": (0.5, 0.13),
    "corner": (0.7, 0.3),
    "band": (0.5, 0.5),
    "three": (0.5, 0.32),
    "all": (0.5, 0.5),
}
_PENNANT_OFFSET = (-0.2, -0.04)


def _road_geometry(tile: OrientedTile, seg: Segment) -> tuple[list[Point], Point]:
    """The polyline (or curve control points) of a road segment and its figure anchor."""
    ends = len([s for s in tile.segments if s.kind == "road" for _ in s.sides])
    has_centre = any(s.kind == "cloister" for s in tile.segments)
    if len(seg.sides) == 2:
        a, b = seg.sides
        p, q = _SIDE_MID[a], _SIDE_MID[b]
        if (b - a) % 2 == 0:
            return [p, q], _CENTRE
        # a bend: quadratic through the centre's neighbourhood
        mid = (0.25 * p[0] + 0.5 * 0.5 + 0.25 * q[0], 0.25 * p[1] + 0.5 * 0.5 + 0.25 * q[1])
        return [p, _CENTRE, q], mid
    side = seg.sides[0]
    p = _SIDE_MID[side]
    if ends >= 3 or has_centre:
        end = _CENTRE
    else:  # a road that runs into a city gate
        end = (p[0] + (0.5 - p[0]) * 0.55, p[1] + (0.5 - p[1]) * 0.55)
    anchor = (p[0] + (0.5 - p[0]) * 0.45, p[1] + (0.5 - p[1]) * 0.45)
    return [p, end], anchor


def segment_anchor(tile: OrientedTile, segment_id: str) -> Point:
    """Where a segment's figure (and its graph node) is drawn, in tile units (0-1)."""
    return _anchors(tile)[segment_id]


def _anchors(tile: OrientedTile) -> dict[str, Point]:
    # keyed by identity: hashing an oriented tile hashes all its segments
    hit = _ANCHOR_CACHE.get(id(tile))
    if hit is not None and hit[0] is tile:
        return hit[1]
    out: dict[str, Point] = {}
    for seg in tile.segments:
        if seg.kind in ("cloister", "quarter"):  # a quarter of the City of Carcassonne
            out[seg.id] = _CENTRE
        elif seg.kind == "city":
            shape, q = _city_pattern(seg.sides)
            out[seg.id] = _rot(_CITY_ANCHOR[shape], q)
        elif seg.kind in ("road", "river"):  # a river runs from its sides as a road does
            out[seg.id] = _road_geometry(tile, seg)[1]
    _uncover_crossings(tile, out)
    for seg in tile.segments:
        if seg.kind != "field" or not seg.halves:
            continue
        centroids = [_centroid(_half_triangle(h)) for h in seg.halves]
        candidates = [_centroid(centroids)] + centroids
        others = list(out.values())

        def clearance(p: Point, others: list[Point] = others) -> float:
            return min((_dist(p, o) for o in others), default=1.0)

        best = candidates[0]
        if clearance(best) < 0.22:
            best = max(candidates, key=clearance)
        out[seg.id] = best
    for seg in tile.segments:
        if seg.kind == "field" and not seg.halves:
            out[seg.id] = _enclosed_spot(seg, out)
    # the cache holds the tile, so its id cannot be reused by another object
    _ANCHOR_CACHE[id(tile)] = (tile, out)
    return out


def _uncover_crossings(tile: OrientedTile, out: dict[str, Point]) -> None:
    """Two features crossing on one tile (two cities, KR-5 and AM-2; a road in a tunnel under
    a city, AM-12) both have their spot at the centre. The one drawn underneath (roads are
    drawn before cities, a city before the ones listed after it) gets its spot at its first
    side, where it shows: a city's as on a city cap there, a road's just inside the edge."""
    drawn = [s for s in tile.segments if s.kind == "road"]
    drawn += [s for s in tile.segments if s.kind == "city"]
    for i, seg in enumerate(drawn):
        if any(_dist(out[seg.id], out[over.id]) < 0.15 for over in drawn[i + 1 :]):
            side = seg.sides[0]
            if seg.kind == "city":
                out[seg.id] = _rot(_CITY_ANCHOR["cap"], side)
            else:
                out[seg.id] = _rot((0.5, 0.1), side)


#: where a field that touches no edge may be drawn: between the centre and the corners, and
#: between the centre and the sides
_ENCLOSED_SPOTS: tuple[Point, ...] = (
    (0.28, 0.28),
    (0.72, 0.28),
    (0.72, 0.72),
    (0.28, 0.72),
    (0.5, 0.3),
    (0.7, 0.5),
    (0.5, 0.7),
    (0.3, 0.5),
)
_ENCLOSED_RADIUS = 0.09


def _enclosed_spot(seg: Segment, taken: dict[str, Point]) -> Point:
    """Where a field that touches no edge (tagged ``enclosed``: a small meadow walled in by
    the cities it borders) is drawn. The tile data names only those cities, not a place on the
    picture, so the meadow goes to the spot nearest the middle of their figures' spots that
    keeps clear (0.21 tile) of every other figure's spot; failing that, the clearest spot."""
    cities = [taken[c] for c in seg.borders if c in taken] or [_CENTRE]
    target = _centroid(cities)
    others = list(taken.values())

    def clearance(p: Point) -> float:
        return min((_dist(p, o) for o in others), default=1.0)

    clear = [p for p in _ENCLOSED_SPOTS if clearance(p) >= 0.21]
    if clear:
        return min(clear, key=lambda p: _dist(p, target))
    return max(_ENCLOSED_SPOTS, key=clearance)


_ANCHOR_CACHE: dict[int, tuple[OrientedTile, dict[str, Point]]] = {}


# -- coordinates and templates ------------------------------------------------------------------
#
# The text of a tile does not depend on where it is drawn or how big, except for its
# coordinates, a few lengths and its square. It is kept, per oriented tile, as a ``%`` template
# (a :class:`_Shape`) with a hole for each of those.
#
# A coordinate is ``(o + b1 + b2 ...) * size + a1 + a2 ...``, evaluated in that order, where
# ``o`` is the column (or row) of the tile on the drawing, counted in tiles, and the ``b`` and
# ``a`` are constants of the shape or lengths that depend on the size (named in
# :data:`_SIZE_NUMBERS`): the very operations a direct computation does, so the numbers (and
# their rounding) are the same. Each such expression gets a number, and its text is computed
# once per size and column (or row). Lengths (stroke widths...) are named in
# :data:`_SIZE_TEXTS` and computed once per size.


def _pennant_path(s: float) -> str:
    w = s * 0.07
    return (
        f" h{2 * w:.1f} v{w:.1f} q0,{w:.1f} {-w:.1f},{1.6 * w:.1f} "
        f"q{-w:.1f},{-0.6 * w:.1f} {-w:.1f},{-1.6 * w:.1f} Z"
    )


#: numbers (of pixels) added to coordinates, by name
_SIZE_NUMBERS: dict[str, Callable[[float], float]] = {
    "half": lambda s: s / 2,
    "-crossing": lambda s: -(s * 0.09),
    "-pennant": lambda s: -(s * 0.07),
    "-cloister": lambda s: -(s * 0.16),
    "-cloister*0.6": lambda s: -(s * 0.16 * 0.6),
    "-cloister*0.55": lambda s: -(s * 0.16 * 0.55),
    "-cloister*1.15": lambda s: -(s * 0.16 * 1.15),
    "-cloister*1.35": lambda s: -(s * 0.16 * 1.35),
    "+cloister*1.15": lambda s: s * 0.16 * 1.15,
    "-meadow": lambda s: -(s * _ENCLOSED_RADIUS),
    "+meadow": lambda s: s * _ENCLOSED_RADIUS,
}
#: texts that depend on the size only, by name
_SIZE_TEXTS: dict[str, Callable[[float], str]] = {
    "size": lambda s: f"{s}",
    "size-1": lambda s: f"{s - 1}",
    "3*size-6": lambda s: f"{3 * s - 6}",
    "road-edge": lambda s: f"{s * 0.13:.1f}",
    "road": lambda s: f"{s * 0.09:.1f}",
    "crossing": lambda s: f"{2 * (s * 0.09):.1f}",
    "wall": lambda s: f"{s * 0.025:.1f}",
    "pennant": _pennant_path,
    "cloister-width": lambda s: f"{2 * (s * 0.16):.1f}",
    "cloister-height": lambda s: f"{1.5 * (s * 0.16):.1f}",
    "hl-edge": lambda s: f"{s * 0.05:.1f}",
    "hl-road": lambda s: f"{s * 0.07:.1f}",
    "hl-radius": lambda s: f"{s * 0.3:.1f}",
    "river": lambda s: f"{s * 0.14:.1f}",
    "lake": lambda s: f"{s * 0.17:.1f}",
    "label": lambda s: f"{s * 0.15:.1f}",
    "pig": lambda s: f"{s * 0.05:.1f}",
    "meadow": lambda s: f"{s * _ENCLOSED_RADIUS:.1f}",
}

_Expr = tuple[tuple[float, ...], tuple[float | str, ...]]
_EXPR_NUMBERS: dict[_Expr, int] = {}
_EXPRS: list[_Expr] = []


def _number(before: tuple[float, ...] = (), after: tuple[float | str, ...] = ()) -> int:
    key = (before, after)
    n = _EXPR_NUMBERS.get(key)
    if n is None:
        n = _EXPR_NUMBERS[key] = len(_EXPRS)
        _EXPRS.append(key)
    return n


class _Column(dict):
    """Expression number -> its text at one size and offset, computed on first use."""

    __slots__ = ("size", "offset")

    def __init__(self, size: float, offset: int) -> None:
        super().__init__()
        self.size = size
        self.offset = offset

    def __missing__(self, n: int) -> str:
        before, after = _EXPRS[n]
        v = self.offset
        for b in before:
            v = v + b
        v = v * self.size
        for a in after:
            v = v + (_SIZE_NUMBERS[a](self.size) if isinstance(a, str) else a)
        text = self[n] = f"{v:.1f}"
        return text


class _SizeTexts(dict):
    """Name in :data:`_SIZE_TEXTS` -> its text at one size, computed on first use."""

    __slots__ = ("size",)

    def __init__(self, size: float) -> None:
        super().__init__()
        self.size = size

    def __missing__(self, name: str) -> str:
        text = self[name] = _SIZE_TEXTS[name](self.size)
        return text


class _Coords:
    """Texts at one pixel size: the lengths, and the coordinates per offset."""

    __slots__ = ("size", "columns", "texts")

    def __init__(self, size: float) -> None:
        self.size = size
        self.columns: dict[int, _Column] = {}
        self.texts = _SizeTexts(size)

    def column(self, offset: int) -> _Column:
        col = self.columns.get(offset)
        if col is None:
            col = self.columns[offset] = _Column(self.size, offset)
        return col


def _getter(keys: list) -> Callable[[Any], tuple]:
    """``itemgetter`` that always returns a tuple."""
    if len(keys) > 1:
        return itemgetter(*keys)
    if keys:
        k = keys[0]
        return lambda c: (c[k],)
    return lambda c: ()


#: the kinds of hole in a template
_X, _Y, _SQUARE, _LENGTH = 0, 1, 2, 3
#: where a translated sentence of a template names its tile's square (characters no text of a
#: drawing can hold: :func:`_xml` replaces them in anything else)
_AT_X, _AT_Y = "\x01", "\x02"
_SQUARE_HOLES = re.compile("([\x01\x02])")


class _Shape:
    """The text of a tile (or of one of its segments) with holes for its coordinates, lengths
    and square: ``fill`` gives it at a size, column and row."""

    __slots__ = ("text", "xs", "ys", "lengths", "order")

    def __init__(self, text: str, fields: list[tuple[int, object]]) -> None:
        xs = list(dict.fromkeys(k for kind, k in fields if kind == _X))
        ys = list(dict.fromkeys(k for kind, k in fields if kind == _Y))
        lengths = list(dict.fromkeys(k for kind, k in fields if kind == _LENGTH))
        place: dict[tuple[int, object], int] = {}
        for kind, keys in ((_X, xs), (_Y, ys), (_LENGTH, lengths), (_SQUARE, [0, 1])):
            for k in keys:
                place[(kind, k)] = len(place)
        self.text = text
        self.xs = _getter(xs)
        self.ys = _getter(ys)
        self.lengths = _getter(lengths)
        self.order = _getter([place[f] for f in fields])

    def fill(
        self, xcol: _Column, ycol: _Column, texts: _SizeTexts, x: object = "", y: object = ""
    ) -> str:
        return self.text % self.order(self.xs(xcol) + self.ys(ycol) + self.lengths(texts) + (x, y))


class _Template:
    """Writes a :class:`_Shape`: literal text and holes."""

    __slots__ = ("out", "fields")

    def __init__(self) -> None:
        self.out: list[str] = []
        self.fields: list[tuple[int, object]] = []

    def text(self, s: str) -> None:
        self.out.append(s.replace("%", "%%"))

    def x(self, *before: float, after: tuple[float | str, ...] = ()) -> None:
        self.out.append("%s")
        self.fields.append((_X, _number(before, after)))

    def y(self, *before: float, after: tuple[float | str, ...] = ()) -> None:
        self.out.append("%s")
        self.fields.append((_Y, _number(before, after)))

    def point(self, x: float, y: float) -> None:
        self.out.append("%s,%s")
        self.fields += ((_X, _number((x,))), (_Y, _number((y,))))

    def length(self, name: str) -> None:
        """A text of :data:`_SIZE_TEXTS`."""
        self.out.append("%s")
        self.fields.append((_LENGTH, name))

    def square(self, sep: str) -> None:
        """The tile's board square: ``x{sep}y``."""
        self.out.append("%s" + sep.replace("%", "%%") + "%s")
        self.fields += ((_SQUARE, 0), (_SQUARE, 1))

    def said(self, text: str) -> None:
        """A sentence (already in its language, not yet escaped) holding the tile's square:
        :data:`_AT_X` and :data:`_AT_Y` mark where its x and y go."""
        for piece in _SQUARE_HOLES.split(text):
            if piece == _AT_X or piece == _AT_Y:
                self.out.append("%s")
                self.fields.append((_SQUARE, 0 if piece == _AT_X else 1))
            elif piece:
                self.text(_xml(piece))

    def result(self) -> _Shape:
        return _Shape("".join(self.out), self.fields)


_COORDS: dict[tuple[float, type], _Coords] = {}
#: (id of an oriented tile, what) -> (the tile, its shape)
_TEMPLATES: dict[tuple[int, object], tuple[OrientedTile, _Shape]] = {}
_CACHED_COLOURS: list[tuple[tuple[str, str], ...]] = [()]
_ESCAPED: dict[str, str] = {}


def _check_caches() -> None:
    """Empty the caches when the colours were changed (or they grew large)."""
    colours = tuple(COLOURS.items())
    sizes = (_TEMPLATES, _ESCAPED, _EXPRS, _ANCHOR_NUMBERS, _LINKS)
    if max(map(len, sizes)) > 50_000 or colours != _CACHED_COLOURS[0]:
        _clear_caches()
        _CACHED_COLOURS[0] = colours


def _clear_caches() -> None:
    """Forget every remembered text (the next drawing starts afresh)."""
    _CACHED_COLOURS[0] = ()
    for cache in (
        _TEMPLATES,
        _COORDS,
        _ESCAPED,
        _ANCHOR_CACHE,
        _ANCHOR_NUMBERS,
        _PLACED,
        _EXPR_NUMBERS,
        _OUTLINES,
        _LINKS,
        _GRAPH_PARTS,
    ):
        cache.clear()
    _EXPRS.clear()


def _coords(size: float) -> _Coords:
    key = (size, type(size))  # 72 and 72.0 are equal keys but print differently
    c = _COORDS.get(key)
    if c is None:
        if len(_COORDS) > 256:
            _COORDS.clear()
        c = _COORDS[key] = _Coords(size)
    elif len(c.columns) > 4096:
        c.columns.clear()
    return c


#: (size, its type, min_x, min_y, language) -> {(id of a tile, x, y[, segment id]): (the tile, its
#: text)}: the tiles (and highlighted segments, and graph nodes) drawn with those bounds, for
#: the last few bounds (a walkthrough redraws the same tiles at the same place step after step)
_PLACED: dict[tuple[float, type, int, int, str], dict[tuple, tuple[OrientedTile, Any]]] = {}
_PLACED_BOUNDS = 6


def _placed_texts(
    size: float, min_x: int, min_y: int, lang: str
) -> dict[tuple, tuple[OrientedTile, Any]]:
    key = (size, type(size), min_x, min_y, lang)
    texts = _PLACED.pop(key, None)
    if texts is None or len(texts) > 1024:
        texts = {}
        if len(_PLACED) >= _PLACED_BOUNDS:
            del _PLACED[next(iter(_PLACED))]  # the least recently drawn
    _PLACED[key] = texts
    return texts


#: characters XML 1.0 cannot hold, even escaped: the C0 controls but tab, newline and carriage
#: return (NUL, ESC, ...), lone surrogates, U+FFFE and U+FFFF
_XML_INVALID = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(s: str) -> str:
    """``s`` safe as SVG text or an attribute value: markup characters escaped, and characters
    XML cannot hold at all replaced by U+FFFD (a player's name comes from a game file)."""
    return escape(_XML_INVALID.sub("\ufffd", s))


def _esc(s: str) -> str:
    """``_xml(s)``, remembered (ids and kinds repeat all over a board)."""
    e = _ESCAPED.get(s)
    if e is None:
        e = _ESCAPED[s] = _xml(s)
    return e


def _template(
    tile: OrientedTile, what: object, make: Callable[[_Template, OrientedTile, Any], None]
) -> _Shape:
    key = (id(tile), what)
    hit = _TEMPLATES.get(key)
    if hit is not None and hit[0] is tile:
        return hit[1]
    t = _Template()
    make(t, tile, what)
    shape = t.result()
    # the cache holds the tile, so its id cannot be reused by another object
    _TEMPLATES[key] = (tile, shape)
    return shape


# -- drawing one tile -------------------------------------------------------------------------


def _outline(t: _Template, tile: OrientedTile, seg: Segment) -> None:
    """Path data of a segment: the outline of a field or a city, the centre line of a road
    (remembered by what it depends on: many tiles share them)."""
    if seg.kind == "field" and seg.halves:
        key: tuple = ("field", seg.halves)
    elif seg.kind == "field":  # a field that touches no edge: a meadow between cities
        key = ("meadow", _anchors(tile)[seg.id])
    elif seg.kind == "road":
        key = ("road", tuple(_road_geometry(tile, seg)[0]))
    else:
        key = ("city", seg.sides)
    hit = _OUTLINES.get(key)
    if hit is None:
        u = _Template()
        _write_outline(u, key)
        hit = _OUTLINES[key] = ("".join(u.out), tuple(u.fields))
    t.out.append(hit[0])
    t.fields += hit[1]


#: what an outline depends on -> its text and holes
_OUTLINES: dict[tuple, tuple[str, tuple[tuple[int, object], ...]]] = {}


def _write_outline(t: _Template, key: tuple) -> None:
    kind, what = key
    if kind == "field":
        # the triangles of its half-sides (cities are drawn on top)
        for i, h in enumerate(what):
            t.text(" M" if i else "M")
            for j, p in enumerate(_half_triangle(h)):
                if j:
                    t.text(" L")
                t.point(*p)
            t.text(" Z")
    elif kind == "meadow":  # a disc (two half-circle arcs) round the point
        x, y = what
        t.text("M")
        t.x(x, after=("-meadow",))
        t.text(",")
        t.y(y)
        for end in ("+meadow", "-meadow"):
            t.text(" A")
            t.length("meadow")
            t.text(",")
            t.length("meadow")
            t.text(" 0 1 0 ")
            t.x(x, after=(end,))
            t.text(",")
            t.y(y)
        t.text(" Z")
    elif kind == "road":
        pts = what
        t.text("M")
        t.point(*pts[0])
        if len(pts) == 3:  # a bend
            t.text(" Q")
            t.point(*pts[1])
            t.text(" ")
            t.point(*pts[2])
        else:
            t.text(" L")
            t.point(*pts[1])
    else:
        shape, q = _city_pattern(what)
        for i, (letter, *pts) in enumerate(_CITY_SHAPES[shape]):
            t.text((" " if i else "") + letter)
            for j, p in enumerate(pts):
                if j:
                    t.text(" ")
                t.point(*_rot(p, q))


def _plain(text: str) -> str:
    """Data shown in a sentence (a tile id): no character that could pass for a hole."""
    return _XML_INVALID.sub("\ufffd", text)


def _seg_title(t: _Template, tile: OrientedTile, seg: Segment, on_board: bool, lang: str) -> None:
    # the part in words, as the walkthroughs name it (its id is in the graph view)
    words = render(segment_phrase(tile, seg.id), lang)
    ident = _plain(tile.type.id)
    if seg.pennants:
        pennants = ngettext("{n} pennant", "{n} pennants", seg.pennants, lang, n=seg.pennants)
        if on_board:
            said = _(
                "Tile {tile} at ({x}, {y}): {segment}, with {pennants}",
                lang,
                tile=ident,
                x=_AT_X,
                y=_AT_Y,
                segment=words,
                pennants=pennants,
            )
        else:
            said = _(
                "Tile {tile}: {segment}, with {pennants}",
                lang,
                tile=ident,
                segment=words,
                pennants=pennants,
            )
    elif on_board:
        said = _(
            "Tile {tile} at ({x}, {y}): {segment}",
            lang,
            tile=ident,
            x=_AT_X,
            y=_AT_Y,
            segment=words,
        )
    else:
        said = _("Tile {tile}: {segment}", lang, tile=ident, segment=words)
    t.text("<title>")
    t.said(said)
    t.text("</title>")


def _tile_shapes(t: _Template, tile: OrientedTile, on_board: bool, lang: str) -> None:
    """SVG elements of one tile."""
    t.text('<rect x="')
    t.x()
    t.text('" y="')
    t.y()
    t.text('" width="')
    t.length("size")
    t.text('" height="')
    t.length("size")
    t.text(f'" fill="{COLOURS["field"]}"/>')

    def node(seg: Segment) -> None:
        if on_board:
            t.text(' data-node="')
            t.square(",")
            t.text(f',{seg.id}"')

    # Fields: one polygon per field segment (its half-side triangles), so each can be hovered.
    for seg in tile.segments:
        if seg.kind != "field" or not seg.halves:
            continue
        t.text('<path class="seg field" d="')
        _outline(t, tile, seg)
        t.text(f'" fill="{COLOURS["field"]}" stroke="{COLOURS["field"]}" stroke-width="0.6"')
        node(seg)
        t.text(">")
        _seg_title(t, tile, seg, on_board, lang)
        t.text("</path>")
    # The River II's pig herd, in the field it grazes in.
    for seg in tile.segments:
        if seg.kind == "field" and "pig-herd" in seg.tags:
            _pig_herd(t, seg)
    # The City of Carcassonne (the Count): its quarters, as fields are drawn, named.
    for seg in tile.segments:
        if seg.kind == "quarter":
            _quarter_shape(t, tile, seg, on_board, lang)
    # Rivers (The River II), under roads and cities: bridges and city bands cross them.
    for seg in tile.segments:
        if seg.kind == "river":
            _river_shape(t, tile, seg, on_board, lang)
    # Roads under cities (a road may run into a city gate).
    for seg in tile.segments:
        if seg.kind != "road":
            continue
        t.text('<g class="seg road"')
        node(seg)
        t.text(">")
        _seg_title(t, tile, seg, on_board, lang)
        t.text('<path d="')
        _outline(t, tile, seg)
        t.text(f'" fill="none" stroke="{COLOURS["road-edge"]}" stroke-width="')
        t.length("road-edge")
        t.text('"/><path d="')
        _outline(t, tile, seg)
        t.text(f'" fill="none" stroke="{COLOURS["road"]}" stroke-width="')
        t.length("road")
        t.text('"/></g>')
    road_ends = sum(len(s.sides) for s in tile.segments if s.kind == "road")
    if (
        road_ends >= 3
        and not any(s.kind == "cloister" for s in tile.segments)
        and not _bends_only(tile)
    ):
        t.text('<rect x="')
        t.x(after=("half", "-crossing"))
        t.text('" y="')
        t.y(after=("half", "-crossing"))
        t.text('" width="')
        t.length("crossing")
        t.text('" height="')
        t.length("crossing")
        t.text(
            '" fill="#8a6d4b" stroke="#4d3b26" stroke-width="1">'
            f"<title>{_xml(_('Crossing: the roads end here', lang))}</title></rect>"
        )
    for seg in tile.segments:
        if seg.kind != "city":
            continue
        t.text('<path class="seg city" d="')
        _outline(t, tile, seg)
        t.text(f'" fill="{COLOURS["city"]}" stroke="{COLOURS["wall"]}" stroke-width="')
        t.length("wall")
        t.text('" stroke-linejoin="round"')
        node(seg)
        t.text(">")
        _seg_title(t, tile, seg, on_board, lang)
        t.text("</path>")
    # Pennants over every city (a city drawn over another one would hide them), beside the
    # city's figure.
    for seg in tile.segments:
        if seg.kind == "city" and seg.pennants:
            ax, ay = _anchors(tile)[seg.id]
            t.text('<path d="M')
            t.x(ax, _PENNANT_OFFSET[0], after=("-pennant",))
            t.text(",")
            t.y(ay, _PENNANT_OFFSET[1], after=("-pennant",))
            t.length("pennant")
            pennant = _(
                "Pennant (C2: coat of arms): the city scores 2 more when complete, "
                "1 more at the end",
                lang,
            )
            t.text(
                f'" fill="{COLOURS["pennant"]}" stroke="#fff" stroke-width="1">'
                f"<title>{_xml(pennant)}</title></path>"
            )
    # Fields that touch no edge: small meadows walled in by the cities they border, so drawn
    # over them.
    for seg in tile.segments:
        if seg.kind != "field" or seg.halves:
            continue
        t.text('<path class="seg field enclosed" d="')
        _outline(t, tile, seg)
        t.text(f'" fill="{COLOURS["field"]}" stroke="{COLOURS["wall"]}" stroke-width="')
        t.length("wall")
        t.text('"')
        node(seg)
        t.text(">")
        _seg_title(t, tile, seg, on_board, lang)
        t.text("</path>")
    for seg in tile.segments:
        if seg.kind != "cloister":
            continue
        building = _building(seg)
        t.text(f'<g class="seg {building}"')
        node(seg)
        t.text(">")
        _seg_title(t, tile, seg, on_board, lang)
        _BUILDINGS[building](t)
        t.text("</g>")
    # Inns & Cathedrals: an inn beside its road, a cathedral in its city, over everything
    for seg in tile.segments:
        if seg.kind == "road" and "inn" in seg.tags:
            _inn(t, *_inn_spot(seg.sides[0]))
        elif seg.kind == "city" and "cathedral" in seg.tags:
            _cathedral(t, 0.5, 0.3)


def _cloister(t: _Template) -> None:
    """A cloister: a wide white building under a low red roof."""
    t.text('<rect x="')
    t.x(0.5, after=("-cloister",))
    t.text('" y="')
    t.y(0.5, after=("-cloister*0.6",))
    t.text('" width="')
    t.length("cloister-width")
    t.text('" height="')
    t.length("cloister-height")
    t.text(f'" fill="{COLOURS["cloister-wall"]}" stroke="#6b5a44" stroke-width="1"/><path d="M')
    t.x(0.5, after=("-cloister*1.15",))
    t.text(",")
    t.y(0.5, after=("-cloister*0.55",))
    t.text(" L")
    t.x(0.5)
    t.text(",")
    t.y(0.5, after=("-cloister*1.35",))
    t.text(" L")
    t.x(0.5, after=("+cloister*1.15",))
    t.text(",")
    t.y(0.5, after=("-cloister*0.55",))
    t.text(f' Z" fill="{COLOURS["cloister"]}" stroke="#6b2a1c" stroke-width="1"/>')


def _bends_only(tile: OrientedTile) -> bool:
    """Whether the tile's roads are separate bends or lines that meet nowhere (Inns &
    Cathedrals' two bends, IC-17): no crossing is drawn where they pass."""
    roads = [s for s in tile.segments if s.kind == "road"]
    return len(roads) > 1 and all(len(s.sides) == 2 for s in roads)


def _inn_spot(side: int) -> Point:
    """Where an inn stands: beside its road, a little way in from the road's first side (a
    quarter turn off the way in, so it is in a field, not on a city)."""
    sx, sy = _SIDE_MID[side]
    dx, dy = _CENTRE[0] - sx, _CENTRE[1] - sy
    return sx + dx * 0.45 + dy * 0.28, sy + dy * 0.45 - dx * 0.28


def _house(
    t: _Template,
    px: float,
    py: float,
    walls: tuple[float, float, str],
    roof: tuple[float, float, str],
) -> None:
    """A building whose eaves run at ``py - 0.02``: walls ``(half width, depth below the point,
    style)`` under a roof ``(half width, height of its peak above the point, style)``."""
    half, depth, style = walls
    _polygon(
        t,
        (
            (px - half, py - 0.02),
            (px + half, py - 0.02),
            (px + half, py + depth),
            (px - half, py + depth),
        ),
        style,
    )
    half, peak, style = roof
    _polygon(t, ((px - half, py - 0.02), (px, py - peak), (px + half, py - 0.02)), style)


def _inn(t: _Template, px: float, py: float) -> None:
    """An inn (Inns & Cathedrals): a small house under a dark roof; a road with an inn
    scores 2 per tile when completed, nothing when left unfinished."""
    t.text('<g class="inn" pointer-events="none">')
    _house(
        t,
        px,
        py,
        (0.06, 0.06, f'fill="{COLOURS["inn"]}" stroke="#5a3a1a" stroke-width="1"'),
        (0.08, 0.09, 'fill="#7a2e1c" stroke="#4a1a10" stroke-width="1"'),
    )
    t.text("</g>")


def _cathedral(t: _Template, px: float, py: float) -> None:
    """A cathedral (Inns & Cathedrals) in its city: a pale nave under a spire with a cross; a
    city with one scores 3 per tile and pennant when completed, nothing when left open."""
    t.text('<g class="cathedral" pointer-events="none">')
    _house(
        t,
        px,
        py,
        (0.09, 0.1, f'fill="{COLOURS["cathedral"]}" stroke="#5b4a3a" stroke-width="1"'),
        (0.05, 0.15, 'fill="#5b4a7a" stroke="#2e2340" stroke-width="1"'),
    )
    t.text('<path d="M')
    t.point(px, py - 0.22)
    t.text(" L")
    t.point(px, py - 0.15)
    t.text(" M")
    t.point(px - 0.025, py - 0.19)
    t.text(" L")
    t.point(px + 0.025, py - 0.19)
    t.text('" stroke="#2e2340" stroke-width="1.5" fill="none"/></g>')


def _building(seg: Segment) -> str:
    """What stands on a cloister segment: ``"shrine"``, ``"abbey"`` or ``"cloister"``."""
    return next((tag for tag in ("shrine", "abbey") if tag in seg.tags), "cloister")


def _polygon(t: _Template, points: tuple[Point, ...], style: str) -> None:
    t.text('<path d="')
    for i, p in enumerate(points):
        t.text(" L" if i else "M")
        t.point(*p)
    t.text(f' Z" {style}/>')


def _shrine(t: _Template) -> None:
    """A shrine (Heretics & Shrines): a narrow chapel under a tall spire, unlike the wide
    cloister with its low roof."""
    _polygon(
        t,
        ((0.4, 0.68), (0.4, 0.46), (0.6, 0.46), (0.6, 0.68)),
        f'fill="{COLOURS["cloister-wall"]}" stroke="#4a3d5c" stroke-width="1"',
    )
    _polygon(
        t,
        ((0.37, 0.47), (0.5, 0.2), (0.63, 0.47)),
        f'fill="{COLOURS["shrine"]}" stroke="#2e2340" stroke-width="1"',
    )


def _abbey(t: _Template) -> None:
    """An abbey (Abbey & Mayor): a wide church between two towers with spires."""
    _polygon(
        t,
        (
            (0.26, 0.72),
            (0.26, 0.36),
            (0.32, 0.26),
            (0.38, 0.36),
            (0.38, 0.46),
            (0.5, 0.34),
            (0.62, 0.46),
            (0.62, 0.36),
            (0.68, 0.26),
            (0.74, 0.36),
            (0.74, 0.72),
        ),
        f'fill="{COLOURS["abbey"]}" stroke="#3b3b3b" stroke-width="1"',
    )
    _polygon(
        t,
        ((0.45, 0.72), (0.45, 0.56), (0.55, 0.56), (0.55, 0.72)),
        f'fill="{COLOURS["cloister-wall"]}" stroke="#3b3b3b" stroke-width="1"',
    )


_BUILDINGS = {"cloister": _cloister, "shrine": _shrine, "abbey": _abbey}


def _quarter_shape(
    t: _Template, tile: OrientedTile, seg: Segment, on_board: bool, lang: str
) -> None:
    """A quarter of the City of Carcassonne (or the inside between them): its half-side
    triangles in the City's colour, and the quarter's name."""
    halves = tuple(
        sorted({*seg.halves, *(h for side in seg.sides for h in (2 * side, 2 * side + 1))})
    )
    t.text('<path class="quarter" d="')
    _write_outline(t, ("field", halves))
    t.text(f'" fill="{COLOURS["quarter"]}" stroke="{COLOURS["quarter"]}" stroke-width="0.6">')
    _seg_title(t, tile, seg, on_board, lang)
    t.text("</path>")
    if seg.quarter:  # the inside between the quarters has no name
        t.text('<text x="')
        t.x(0.5)
        t.text('" y="')
        t.y(0.55)
        t.text(
            f'" text-anchor="middle" font-family="sans-serif" fill="{COLOURS["quarter-text"]}" '
            'pointer-events="none" font-size="'
        )
        t.length("label")
        t.text(f'">{_xml(render(Word(seg.quarter), lang))}</text>')


def _pig_herd(t: _Template, seg: Segment) -> None:
    """Three pigs in a field (The River II's pig-herd tile), away from where a farmer stands."""
    px, py = _centroid(_half_triangle(seg.halves[len(seg.halves) // 2]))
    t.text('<g class="pig-herd" pointer-events="none">')
    for dx, dy in ((-0.07, 0.0), (0.07, 0.0), (0.0, 0.06)):
        t.text('<circle cx="')
        t.x(px + dx)
        t.text('" cy="')
        t.y(py + dy)
        t.text('" r="')
        t.length("pig")
        t.text(f'" fill="{COLOURS["pig"]}" stroke="#8a4b5c" stroke-width="1"/>')
    t.text("</g>")


def _river_shape(t: _Template, tile: OrientedTile, seg: Segment, on_board: bool, lang: str) -> None:
    """A river segment: a blue band from its sides (a bend curves as a road does), with a
    pool where it rises or ends on the tile (the spring, a lake)."""
    t.text('<g class="river">')
    _seg_title(t, tile, seg, on_board, lang)
    t.text('<path d="')
    if len(seg.sides) == 2:
        _write_outline(t, ("road", tuple(_road_geometry(tile, seg)[0])))
    else:  # one side (spring, lake) or three (the fork): each side runs to the centre
        for i, side in enumerate(seg.sides):
            t.text(" M" if i else "M")
            t.point(*_SIDE_MID[side])
            t.text(" L")
            t.point(*_CENTRE)
    t.text(f'" fill="none" stroke="{COLOURS["river"]}" stroke-width="')
    t.length("river")
    t.text('"/>')
    if len(seg.sides) == 1:
        t.text('<circle cx="')
        t.x(0.5)
        t.text('" cy="')
        t.y(0.5)
        t.text('" r="')
        t.length("lake")
        t.text(f'" fill="{COLOURS["river"]}"/>')
    t.text("</g>")


def _alone(t: _Template, tile: OrientedTile, what: Any) -> None:
    _tile_shapes(t, tile, False, what[1])


def _placed(t: _Template, tile: OrientedTile, what: Any) -> None:
    """A tile on the board: its group, title, shapes and grid square (``what``: ``("board",
    the language of its hover texts)``)."""
    lang = what[1]
    t.text('<g class="tile" data-pos="')
    t.square(",")
    t.text(f'" data-tile="{_xml(tile.type.id)}" data-rotation="{tile.rotation}"><title>')
    t.said(
        _(
            "Tile {tile} ({name}) at ({x}, {y}), turned {rotation}°",
            lang,
            tile=_plain(tile.type.id),
            name=_plain(tile_name(tile.type.name, lang)),
            x=_AT_X,
            y=_AT_Y,
            rotation=tile.rotation,
        )
    )
    t.text("</title>")
    _tile_shapes(t, tile, True, lang)
    t.text('<rect x="')
    t.x(after=(0.5,))
    t.text('" y="')
    t.y(after=(0.5,))
    t.text('" width="')
    t.length("size-1")
    t.text('" height="')
    t.length("size-1")
    t.text(f'" fill="none" stroke="{COLOURS["grid"]}" stroke-width="1" pointer-events="none"/></g>')


def _highlight_shape(t: _Template, tile: OrientedTile, what: Any) -> None:
    seg = next(s for s in tile.segments if s.id == what[1])
    hl, edge = COLOURS["highlight"], COLOURS["highlight-edge"]
    if seg.kind == "field":
        t.text('<path class="hl field" d="')
        _outline(t, tile, seg)
        t.text(f'" fill="{hl}" fill-opacity="0.45" stroke="none"/>')
    elif seg.kind == "city":
        t.text('<path class="hl city" d="')
        _outline(t, tile, seg)
        t.text(f'" fill="{hl}" fill-opacity="0.45" stroke="{edge}" stroke-width="')
        t.length("hl-edge")
        t.text('" stroke-linejoin="round"/>')
    elif seg.kind == "road":
        t.text('<path class="hl road" d="')
        _outline(t, tile, seg)
        t.text(f'" fill="none" stroke="{edge}" stroke-width="')
        t.length("hl-road")
        t.text('" stroke-opacity="0.9"/>')
    else:
        t.text('<circle class="hl cloister" cx="')
        t.x(0.5)
        t.text('" cy="')
        t.y(0.5)
        t.text('" r="')
        t.length("hl-radius")
        t.text(f'" fill="{hl}" fill-opacity="0.35" stroke="{edge}" stroke-width="')
        t.length("hl-edge")
        t.text('"/><rect class="hl neighbourhood" x="')
        t.x(-1, after=(3,))
        t.text('" y="')
        t.y(-1, after=(3,))
        t.text('" width="')
        t.length("3*size-6")
        t.text('" height="')
        t.length("3*size-6")
        t.text(f'" fill="none" stroke="{edge}" stroke-width="2" stroke-dasharray="8 5"/>')


def tile_svg(
    tile_type: TileType,
    rotation: int = 0,
    size: int = 100,
    *,
    label: bool = True,
    lang: str | None = None,
) -> str:
    """One tile type, drawn on its own (for catalogue views); its hover texts in ``lang``
    (default: the current language, which a walkthrough's view sets)."""
    _check_caches()
    code = language_code(lang)
    tile = orient(tile_type, rotation)
    coords = _coords(size)
    origin = coords.column(0)
    shapes = _template(tile, ("alone", code), _alone).fill(origin, origin, coords.texts)
    title = _(
        "Tile {tile}: {name} (×{count}), turned {rotation}°",
        code,
        tile=tile_type.id,
        name=tile_name(tile_type.name, code),
        count=tile_type.count,
        rotation=rotation,
    )
    text = ""
    if label:
        text = (
            f'<text x="{size * 0.06:.1f}" y="{size * 0.94:.1f}" font-family="sans-serif" '
            f'font-size="{size * 0.16:.1f}" fill="#222" stroke="#fff" stroke-width="2" paint-order="stroke">{_xml(tile_type.id)}</text>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="carc-tile" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" role="img" aria-label="{_xml(title)}"><title>{_xml(title)}</title>'
        + shapes
        + f'<rect x="0.5" y="0.5" width="{size - 1}" height="{size - 1}" fill="none" stroke="{COLOURS["grid"]}"/>'
        + text
        + "</svg>"
    )


# -- figures -----------------------------------------------------------------------------------
#
# Each kind of figure has a silhouette of its own, so that kinds differ in shape and not only in
# colour (greyscale prints, colour-blind viewers): the path is in figure units (a follower is
# about 1.1 wide and 1.05 tall, centred on its spot) and the figure's group scales it. Followers
# in a field lie down, as on the table.

#: kind -> path data in figure units, the marks drawn over it (in white) and its size against a
#: follower's: each registered package's figure shapes (``Package.figure_shapes``)
_SHAPES = {shape.kind: shape for package in PACKAGES for shape in package.figure_shapes}
_FIGURE_PATHS = {kind: shape.path for kind, shape in _SHAPES.items() if shape.path}
_FIGURE_MARKS = {kind: shape.marks for kind, shape in _SHAPES.items() if shape.marks}
_FIGURE_SCALE = {kind: shape.scale for kind, shape in _SHAPES.items() if shape.scale != 1.0}
#: the Count belongs to nobody: a light neutral figure with a dark outline
NEUTRAL_FIGURE = ("#f4f1ea", "#333333")


def figure_shape_kinds() -> tuple[str, ...]:
    """The figure kinds drawn with a silhouette of their own (any other kind is drawn as a
    follower)."""
    return tuple(_SHAPES)


def _figure_svg(
    kind: str,
    cx: float,
    cy: float,
    s: float,
    colour: str | None,
    *,
    lying: bool = False,
    classes: str = "",
    title: str = "",
    fid: str = "",
) -> str:
    """A figure of ``kind`` centred at (cx, cy), ``s`` pixels per figure unit (a follower is
    ``1.1 s`` wide); ``colour`` None draws it neutral (the Count)."""
    path = _FIGURE_PATHS.get(kind, _FIGURE_PATHS["follower"])
    s *= _FIGURE_SCALE.get(kind, 1.0)
    fill, stroke = (colour, "#fff") if colour is not None else NEUTRAL_FIGURE
    turn = " rotate(90)" if lying else ""
    data = f' data-figure="{_esc(fid)}"' if fid else ""
    hover = f"<title>{_xml(title)}</title>" if title else ""
    return (
        f'<g class="figure fig {_esc(kind)}{classes}"{data} '
        f'transform="translate({cx:.1f},{cy:.1f}) scale({s:.2f}){turn}">{hover}'
        f'<path d="{path}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{max(1.0, s * 0.06) / s:.3f}" stroke-linejoin="round"/>'
        f"{_FIGURE_MARKS.get(kind, '')}</g>"
    )


# -- the board ---------------------------------------------------------------------------------


def board_svg(
    board: Board,
    *,
    size: int = 72,
    highlight: Feature | Iterable[tuple[int, int, str]] | None = None,
    current_tile: tuple[int, int] | None = None,
    players: tuple[str, ...] | list[str] = (),
    figures: bool = True,
    graph: bool = False,
    graph_nodes: Iterable[tuple[int, int, str]] | None = None,
    frontier: Iterable[Placement | tuple[int, int]] | None = None,
    marks: Iterable[tuple[int, int, str, str]] = (),
    coordinates: bool = True,
    margin: int = 1,
    max_width: int | None = 900,
    corner_figures: Iterable[Figure] = (),
    city_strip: bool = False,
    lang: str | None = None,
) -> str:
    """Draw a board.

    Parameters
    ----------
    size:
        Pixels per tile.
    highlight:
        A feature (or its segment nodes) to outline and tint.
    current_tile:
        A square to frame (e.g. the tile placed by the current event).
    players:
        Player names in seat order (fixes each player's colour).
    figures, graph, coordinates:
        Layers to draw. ``graph`` overlays the feature graph: nodes at segment anchors, join
        edges solid, field-city border edges dashed; ``graph_nodes`` limits it to some nodes.
    frontier:
        Squares (or placements) to mark as open/legal.
    marks:
        ``(x, y, colour, title)`` squares to tint, e.g. legal spots green, illegal ones grey.
    corner_figures:
        Figures the board does not hold, so the caller passes them (:func:`off_board_figures`
        of a state): barns standing where four tiles meet (``location`` a
        :class:`~carc_teach.figures.Corner`) and figures waiting in a quarter of the City of
        Carcassonne, the Count among them (``Place("count.<quarter>")``), drawn on the
        quarter's tile, or in a strip under the board while the City is not laid.
    lang:
        The language of the hover texts (default: the current language, which a
        walkthrough's view sets); the drawing is the same in every language.
    """
    if not board.tiles:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    _check_caches()
    lang = language_code(lang)
    min_x, min_y, max_x, max_y = board.bounds()
    min_x -= margin
    min_y -= margin
    max_x += margin
    max_y += margin
    width = (max_x - min_x + 1) * size
    height = board_height = (max_y - min_y + 1) * size
    off_board = list(corner_figures)
    in_city = [f for f in off_board if _quarter_name(f)] if figures else []
    strip = _needs_strip(board, in_city, city_strip)
    if strip:
        height += size  # the City, not laid yet, in a strip under the board
    colour_of = {p: player_colour(i) for i, p in enumerate(players)}
    coords = _coords(size)
    column = coords.column
    lengths = coords.texts

    def tx(x: float) -> float:
        return (x - min_x) * size

    def ty(y: float) -> float:
        return (y - min_y) * size

    out: list[str] = []
    # (English says "tiles" for one tile too, as it always has)
    board_label = ngettext(
        "Carcassonne board with {n} tiles",
        "Carcassonne board with {n} tiles",
        len(board.tiles),
        lang,
        n=len(board.tiles),
    )
    scale = ""
    if max_width and width > max_width:
        scale = ' style="max-width:100%;height:auto"'
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="carc-board" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{_xml(board_label)}"{scale}>'
        "<style>.carc-board .seg:hover{filter:brightness(1.12)}"
        ".carc-board .figure:hover{filter:drop-shadow(0 0 3px #000)}"
        ".carc-board text{font-family:sans-serif}</style>"
        f'<rect width="{width}" height="{height}" fill="{COLOURS["background"]}"/>'
        '<g class="tiles">'
    )

    # layer: tiles
    texts = _placed_texts(size, min_x, min_y, lang)
    for placed in board.tiles.values():
        tile = placed.tile
        x, y = placed.x, placed.y
        key = (id(tile), x, y)
        hit = texts.get(key)
        if hit is not None and hit[0] is tile:
            out.append(hit[1])
            continue
        text = _template(tile, ("board", lang), _placed).fill(
            column(x - min_x), column(y - min_y), lengths, x, y
        )
        texts[key] = (tile, text)
        out.append(text)
    out.append("</g>")

    # layer: frontier
    if frontier is not None:
        squares = sorted({(p.x, p.y) if hasattr(p, "x") else tuple(p) for p in frontier})  # type: ignore[union-attr]
        out.append('<g class="frontier">')
        for x, y in squares:
            out.append(
                f'<rect class="open" data-pos="{x},{y}" x="{tx(x) + 4:.1f}" y="{ty(y) + 4:.1f}" width="{size - 8}" height="{size - 8}" '
                f'rx="6" fill="{COLOURS["frontier"]}" fill-opacity="0.35" stroke="#555" stroke-dasharray="5 4">'
                f"<title>{_xml(_('Open square ({x}, {y})', lang, x=x, y=y))}</title></rect>"
            )
        out.append("</g>")

    marks = list(marks)  # squares next to the board: inside the one-tile margin
    # layer: marks (tinted squares with hover text)
    if marks:
        out.append('<g class="marks">')
        for x, y, colour, title in marks:
            out.append(
                f'<rect class="mark" data-pos="{x},{y}" x="{tx(x) + 3:.1f}" y="{ty(y) + 3:.1f}" width="{size - 6}" height="{size - 6}" '
                f'rx="6" fill="{colour}" fill-opacity="0.45" stroke="{colour}" stroke-width="2">'
                f"<title>{_xml(title)}</title></rect>"
                f'<text x="{tx(x) + size / 2:.1f}" y="{ty(y) + size / 2 + 4:.1f}" text-anchor="middle" font-size="11" fill="#222" pointer-events="none">{x},{y}</text>'
            )
        out.append("</g>")

    # layer: highlight
    if highlight is not None:
        nodes = list(highlight.nodes) if hasattr(highlight, "nodes") else list(highlight)  # type: ignore[union-attr]
        out.append('<g class="highlight" pointer-events="none">')
        for x, y, seg_id in nodes:
            placed = board.tiles.get((x, y))
            if placed is None:
                continue
            tile = placed.tile
            key = (id(tile), x, y, seg_id)
            hit = texts.get(key)
            if hit is None or hit[0] is not tile:
                shape = _template(tile, ("hl", seg_id), _highlight_shape)
                text = shape.fill(column(x - min_x), column(y - min_y), lengths, x, y)
                hit = texts[key] = (tile, text)
            out.append(hit[1])
        out.append("</g>")
    if current_tile is not None:
        x, y = current_tile
        out.append(
            f'<rect class="current-tile" x="{tx(x) + 2:.1f}" y="{ty(y) + 2:.1f}" width="{size - 4}" height="{size - 4}" '
            f'fill="none" stroke="{COLOURS["current-tile"]}" stroke-width="4" pointer-events="none"/>'
        )

    # layer: feature graph
    if graph:
        out.append(_graph_layer(board, size, min_x, min_y, graph_nodes, lang))

    # layer: figures
    if figures:
        out.append('<g class="figures">')
        for feature in board.features.features():
            for fig in feature.figures:
                out.append(_figure(board, fig, feature, size, min_x, min_y, colour_of, lang))
        out.append("</g>")
        corners = [f for f in off_board if hasattr(f.location, "squares")]
        if corners:
            out.append('<g class="corner-figures">')
            for fig in corners:
                out.append(_barn(fig, size, min_x, min_y, colour_of, lang))
            out.append("</g>")
    if in_city or strip:
        out.append(
            _city_layer(
                board, in_city, size, min_x, min_y, colour_of, board_height, width, strip, lang
            )
        )

    if coordinates:
        out.append('<g class="coords" pointer-events="none" fill="#555" font-size="10">')
        for x in range(min_x, max_x + 1):
            out.append(f'<text x="{tx(x) + size / 2:.1f}" y="10" text-anchor="middle">{x}</text>')
        for y in range(min_y, max_y + 1):
            out.append(f'<text x="3" y="{ty(y) + size / 2 + 3:.1f}">{y}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _figure(
    board: Board,
    fig: Figure,
    feature: Feature,
    size: int,
    min_x: int,
    min_y: int,
    colour_of: dict,
    lang: str,
) -> str:
    x, y, seg_id = fig.node  # type: ignore[misc]
    placed = board.tiles[(x, y)]
    ax, ay = _anchors(placed.tile)[seg_id]
    cx, cy = (x - min_x + ax) * size, (y - min_y + ay) * size
    role = role_name(fig.kind, feature.role_kind)
    title = _(
        "{player}'s {role} on {feature} ({where})",
        lang,
        player=fig.player,
        role=render(Word(role), lang),
        feature=render(feature.phrase(), lang),
        where=render(segment_phrase(placed.tile, seg_id, at=(x, y)), lang),
    )
    colour = (
        None if fig.player is None else colour_of.get(fig.player, player_colour(len(colour_of)))
    )
    # a follower is named by where it stands (knight, monk, heretic...): a class says which
    classes = f" {_esc(role)}" if role != fig.kind and " " not in role else ""
    lying = feature.kind == "field" and fig.kind in _LYING
    return _figure_svg(
        fig.kind, cx, cy, size * 0.3, colour, lying=lying, classes=classes, title=title, fid=fig.id
    )


#: kinds that lie down in a field (farmers): ``FigureShape.lies_down``
_LYING = frozenset(kind for kind, shape in _SHAPES.items() if shape.lies_down)


def _barn(fig: Figure, size: int, min_x: int, min_y: int, colour_of: dict, lang: str) -> str:
    """A figure on a grid point (a barn): a small barn in its owner's colour."""
    corner = fig.location
    cx, cy = (corner.x - min_x) * size, (corner.y - min_y) * size  # type: ignore[union-attr]
    squares = ", ".join(f"({x}, {y})" for x, y in corner.squares())  # type: ignore[union-attr]
    title = _(
        "{player}'s {figure} where the tiles {squares} meet",
        lang,
        player=fig.player,
        figure=render(Word(role_name(fig.kind, "")), lang),
        squares=squares,
    )
    colour = (
        None if fig.player is None else colour_of.get(fig.player, player_colour(len(colour_of)))
    )
    return _figure_svg(
        fig.kind, cx, cy, size * 0.3, colour, classes=" corner", title=title, fid=fig.id
    )


# -- the City of Carcassonne -------------------------------------------------------------------
#
# Figures in the City (The Count of Carcassonne) stand in a quarter, not in a feature: the
# board does not hold them. They are drawn on the quarter's own tile of the City, the Count
# first; before the City is laid (the river-first house rule) in a strip under the board.

QUARTER_ORDER = ("castle", "market", "blacksmith", "cathedral")
#: where figures wait on a quarter's square (tile units); the quarter's name is in the middle
_QUARTER_SLOTS: tuple[Point, ...] = (
    (0.2, 0.27),
    (0.5, 0.27),
    (0.8, 0.27),
    (0.2, 0.8),
    (0.5, 0.8),
    (0.8, 0.8),
)


def _quarter_name(fig: Figure) -> str | None:
    """The quarter of the City a figure waits in (``Place("count.market")``), or None."""
    name = getattr(fig.location, "name", None)
    if isinstance(name, str) and name.startswith("count."):
        quarter = name[len("count.") :]
        if quarter in QUARTER_ORDER:
            return quarter
    return None


def _quarter_squares(board: Board) -> dict[str, tuple[int, int]]:
    """Quarter name -> the square of its tile of the City on the board."""
    out = {}
    for (x, y), placed in board.tiles.items():
        for seg in placed.tile.segments:
            if seg.kind == "quarter" and seg.quarter:
                out[seg.quarter] = (x, y)
    return out


def _quarter_figures(
    quarter: str,
    figs: list[Figure],
    left: float,
    top: float,
    size: float,
    colour_of: dict,
    square: tuple[int, int] | None,
    lang: str,
) -> list[str]:
    """The figures waiting in one quarter, in slots of a square of ``size`` pixels at
    (left, top); those that do not fit are counted on the last slot. ``square``: the
    quarter's tile on the board (None: the City is not laid yet)."""
    named = render(Word(quarter), lang)
    figs = sorted(figs, key=lambda f: f.player is not None)  # the Count first
    out = []
    shown = figs if len(figs) <= len(_QUARTER_SLOTS) else figs[: len(_QUARTER_SLOTS) - 1]
    for fig, (sx, sy) in zip(shown, _QUARTER_SLOTS, strict=False):
        if fig.player is None:
            title = _waiting(fig, named, square, lang)
            colour = None
        else:
            title = _waiting(fig, named, square, lang)
            colour = colour_of.get(fig.player, player_colour(len(colour_of)))
        out.append(
            _figure_svg(
                fig.kind,
                left + sx * size,
                top + sy * size,
                size * 0.17,
                colour,
                classes=f" in-city {quarter}",
                title=title,
                fid=fig.id,
            )
        )
    rest = figs[len(shown) :]
    if rest:
        sx, sy = _QUARTER_SLOTS[-1]
        names = "; ".join(_whose(f, lang) for f in rest)
        out.append(
            f'<text class="more" x="{left + sx * size:.1f}" y="{top + sy * size + 4:.1f}" '
            f'text-anchor="middle" font-size="{max(9.0, size * 0.16):.1f}" fill="#222">'
            f"+{len(rest)}<title>"
            + _xml(
                _(
                    "Also waiting in the {quarter} quarter: {figures}",
                    lang,
                    quarter=named,
                    figures=names,
                )
            )
            + "</title></text>"
        )
    return out


def _whose(fig: Figure, lang: str) -> str:
    """A figure by its owner: "Alice's follower"."""
    figure = render(Word(role_name(fig.kind, "")), lang)
    return _("{player}'s {figure}", lang, player=fig.player, figure=figure)


def _waiting(fig: Figure, quarter: str, square: tuple[int, int] | None, lang: str) -> str:
    """The hover text of a figure waiting in a quarter of the City (``quarter`` already in
    ``lang``); the Count, nobody's, by its name."""
    if fig.player is None:
        figure = render(Capital(Word(role_name(fig.kind, ""))), lang)
        if square is None:
            return _(
                "{figure} in the {quarter} quarter of the City of Carcassonne (not on the board yet)",
                lang,
                figure=figure,
                quarter=quarter,
            )
        return _(
            "{figure} in the {quarter} quarter of the City of Carcassonne (tile ({x}, {y}))",
            lang,
            figure=figure,
            quarter=quarter,
            x=square[0],
            y=square[1],
        )
    figure = render(Word(role_name(fig.kind, "")), lang)
    if square is None:
        return _(
            "{player}'s {figure} waiting in the {quarter} quarter of the City of Carcassonne "
            "(not on the board yet)",
            lang,
            player=fig.player,
            figure=figure,
            quarter=quarter,
        )
    return _(
        "{player}'s {figure} waiting in the {quarter} quarter of the City of Carcassonne "
        "(tile ({x}, {y}))",
        lang,
        player=fig.player,
        figure=figure,
        quarter=quarter,
        x=square[0],
        y=square[1],
    )


def _city_layer(
    board: Board,
    in_city: list[Figure],
    size: int,
    min_x: int,
    min_y: int,
    colour_of: dict,
    panel_top: float,
    width: float,
    strip: bool,
    lang: str,
) -> str:
    by_quarter: dict[str, list[Figure]] = {}
    for fig in in_city:
        by_quarter.setdefault(_quarter_name(fig), []).append(fig)  # type: ignore[arg-type]
    squares = _quarter_squares(board)
    out = ['<g class="city-figures">']
    if not strip:
        for quarter, figs in by_quarter.items():
            x, y = squares[quarter]
            out += _quarter_figures(
                quarter,
                figs,
                (x - min_x) * size,
                (y - min_y) * size,
                size,
                colour_of,
                (x, y),
                lang,
            )
    else:  # not laid yet: a strip of the four quarters under the board
        box = width / 4
        out.append(
            f'<rect class="city-panel" x="0" y="{panel_top:.1f}" width="{width}" height="{size}" '
            f'fill="{COLOURS["quarter"]}"><title>'
            + _xml(
                _(
                    "The City of Carcassonne, not on the board yet: who waits in each quarter",
                    lang,
                )
            )
            + "</title></rect>"
        )
        for i, quarter in enumerate(QUARTER_ORDER):
            left = i * box
            out.append(
                f'<rect x="{left + 1:.1f}" y="{panel_top + 1:.1f}" width="{box - 2:.1f}" '
                f'height="{size - 2}" fill="none" stroke="{COLOURS["wall"]}"/>'
                f'<text x="{left + box / 2:.1f}" y="{panel_top + size * 0.58:.1f}" '
                f'text-anchor="middle" font-size="{max(9.0, size * 0.15):.1f}" '
                f'fill="{COLOURS["quarter-text"]}">{_xml(render(Word(quarter), lang))}</text>'
            )
            out += _quarter_figures(
                quarter,
                by_quarter.get(quarter, []),
                left + (box - size) / 2,
                panel_top,
                size,
                colour_of,
                None,
                lang,
            )
    out.append("</g>")
    return "".join(out)


def _needs_strip(board: Board, in_city: list[Figure], city_strip: bool) -> bool:
    """Whether the City is drawn in a strip under the board: it is not laid (not all of its
    quarters are on the board) and someone waits in it, or the caller asks for it."""
    if not in_city and not city_strip:
        return False
    squares = _quarter_squares(board)
    if in_city:
        return not all(_quarter_name(f) in squares for f in in_city)
    return not all(q in squares for q in QUARTER_ORDER)


# -- where things are on a drawing of the board -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Spot:
    """Where something sits on a drawing of the board, in the drawing's own pixels (those of
    its ``viewBox``; multiply by :meth:`BoardLayout.scale` for the pixels shown).

    ``x, y`` is its point (a square's or quarter's centre, a segment's spot, the grid point of
    a corner); ``box`` is ``(left, top, width, height)`` of the area that stands for it: the
    square, a small square around a segment's spot or a corner, the quarter's square or its
    part of the strip under the board."""

    x: float
    y: float
    box: tuple[float, float, float, float]

    def scaled(self, factor: float) -> Spot:
        left, top, width, height = self.box
        return Spot(
            self.x * factor,
            self.y * factor,
            (left * factor, top * factor, width * factor, height * factor),
        )


#: a segment's or corner's box around its point, in tiles
_SPOT_BOX = 0.28


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where :func:`board_svg` puts things for one board and one set of its options."""

    board: Board
    size: int
    min_x: int
    min_y: int
    width: int
    height: int
    #: the board's own height: the strip of the City, if drawn, starts here
    board_height: int
    #: whether the City is drawn in a strip under the board
    strip: bool
    #: drawn wider than ``max_width``: the picture shrinks to its container's width
    shrinks: bool

    def scale(self, shown_width: float | None = None) -> float:
        """Shown pixels per drawing pixel when the picture is ``shown_width`` pixels wide. A
        drawing wider than ``max_width`` is shown at its container's width (at most its own);
        any other at its own size, whatever ``shown_width`` says."""
        if not self.shrinks or shown_width is None:
            return 1.0
        return min(1.0, shown_width / self.width)

    def square(self, x: int, y: int) -> Spot:
        left, top = (x - self.min_x) * self.size, (y - self.min_y) * self.size
        half = self.size / 2
        return Spot(left + half, top + half, (left, top, self.size, self.size))

    def spot(self, where: Any, shown_width: float | None = None) -> Spot:
        """Where ``where`` is: a square ``(x, y)``, a segment ``(x, y, segment_id)`` of a placed
        tile, a :class:`~carc_teach.figures.Corner` or a quarter of the City
        (``Place("count.market")``). Raises ``ValueError`` naming what is not on the board."""
        spot = self._spot(where)
        factor = self.scale(shown_width)
        return spot if factor == 1.0 else spot.scaled(factor)

    def _spot(self, where: Any) -> Spot:
        size = self.size
        if isinstance(where, tuple) and len(where) == 2:
            return self.square(*where)
        if isinstance(where, tuple) and len(where) == 3:
            x, y, seg_id = where
            placed = self.board.tiles.get((x, y))
            if placed is None:
                raise ValueError(f"no tile on ({x}, {y}) for segment {seg_id!r}")
            anchors = _anchors(placed.tile)
            if seg_id not in anchors:
                raise ValueError(f"the tile on ({x}, {y}) has no segment {seg_id!r}")
            ax, ay = anchors[seg_id]
            return self._around((x - self.min_x + ax) * size, (y - self.min_y + ay) * size)
        name = getattr(where, "name", None)
        if isinstance(name, str):
            quarter = name[len("count.") :] if name.startswith("count.") else None
            if quarter not in QUARTER_ORDER:
                raise ValueError(f"no place {name!r} on the board")
            if not self.strip:
                square = _quarter_squares(self.board).get(quarter)
                if square is None:
                    raise ValueError(
                        f"the {quarter} quarter is not on the board: draw with city_strip=True"
                    )
                return self.square(*square)
            cell = self.width / 4
            left = QUARTER_ORDER.index(quarter) * cell
            box = (left, float(self.board_height), cell, float(size))
            return Spot(left + cell / 2, self.board_height + size / 2, box)
        if hasattr(where, "squares"):  # a Corner: the north-west corner of its square
            return self._around((where.x - self.min_x) * size, (where.y - self.min_y) * size)
        raise ValueError(f"not a square, segment, corner or place: {where!r}")

    def _around(self, px: float, py: float) -> Spot:
        half = self.size * _SPOT_BOX / 2
        return Spot(px, py, (px - half, py - half, 2 * half, 2 * half))


def board_layout(
    board: Board,
    *,
    size: int = 72,
    margin: int = 1,
    max_width: int | None = 900,
    figures: bool = True,
    corner_figures: Iterable[Figure] = (),
    city_strip: bool = False,
    **_other_options: Any,
) -> BoardLayout:
    """Where :func:`board_svg` called with these options puts each square, segment, corner
    and quarter of the City (:meth:`BoardLayout.spot`). Options that do not move anything
    (``players``, ``highlight``, ...) are accepted and ignored, so a caller can pass the same
    keywords to both. The board must have a tile."""
    if not board.tiles:
        raise ValueError("an empty board has no layout")
    min_x, min_y, max_x, max_y = board.bounds()
    min_x, min_y, max_x, max_y = min_x - margin, min_y - margin, max_x + margin, max_y + margin
    width = (max_x - min_x + 1) * size
    board_height = (max_y - min_y + 1) * size
    in_city = [f for f in corner_figures if _quarter_name(f)] if figures else []
    strip = _needs_strip(board, in_city, city_strip)
    return BoardLayout(
        board=board,
        size=size,
        min_x=min_x,
        min_y=min_y,
        width=width,
        height=board_height + (size if strip else 0),
        board_height=board_height,
        strip=strip,
        shrinks=bool(max_width and width > max_width),
    )


# -- the feature graph -----------------------------------------------------------------------------

Node = tuple[int, int, str]


def _graph_tables(board: Board) -> tuple[dict[Node, str], dict[Node, dict[Node, str]]]:
    """The feature graph as (node -> kind, node -> {neighbour -> edge kind}), in the order of
    ``board.features.graph`` (its nodes, and each node's neighbours).

    Made from the tiles the way that graph is (tiles in the order they were placed, each with
    its nodes, its field-city borders, then its joins to the neighbours placed before it),
    doing to the order and the kinds what ``networkx.Graph.add_edge`` does; much cheaper than
    building the networkx graph."""
    tiles = board.tiles
    kinds: dict[Node, str] = {}
    adj: dict[Node, dict[Node, str]] = {}
    links = _LINKS
    for placed in tiles.values():
        x, y, tile = placed.x, placed.y, placed.tile
        seg_kinds, borders = _graph_parts(tile)
        nodes = []
        for seg_id, kind in seg_kinds.items():
            node = (x, y, seg_id)
            nodes.append(node)
            if node not in adj:
                adj[node] = {}
            kinds[node] = kind
        for i, city_id in borders:
            a, b = nodes[i], (x, y, city_id)
            adj[a][b] = adj.setdefault(b, {})[a] = "border"
        order = placed.order
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
            other = tiles.get((x + dx, y + dy))
            if other is None or other.order > order:
                continue
            hit = links.get((id(tile), id(other.tile), side))
            if hit is None or hit[0] is not tile or hit[1] is not other.tile:
                hit = _links(tile, other.tile, side)
            ox, oy = other.x, other.y
            for i, b_id, whole_side in hit[2]:
                a, b = nodes[i], (ox, oy, b_id)
                na = adj[a]
                if not whole_side and b in na:  # a field pair is joined once
                    continue
                na[b] = adj.setdefault(b, {})[a] = "join"
    return kinds, adj


def graph_size(board: Board) -> tuple[int, int]:
    """(nodes, edges) of ``board.features.graph`` without building it (nor importing
    networkx): the counts of the tables the graph overlay is drawn from."""
    kinds, adj = _graph_tables(board)
    return len(kinds), sum(len(neighbours) for neighbours in adj.values()) // 2


def _graph_parts(tile: OrientedTile) -> tuple[dict[str, str], tuple[tuple[int, str], ...]]:
    """Segment id -> kind, and the (field index, city id) borders of a tile."""
    hit = _GRAPH_PARTS.get(id(tile))
    if hit is None or hit[0] is not tile:
        segs = tile.segments
        borders = tuple((i, c) for i, seg in enumerate(segs) for c in seg.borders)
        hit = _GRAPH_PARTS[id(tile)] = (tile, {seg.id: seg.kind for seg in segs}, borders)
    return hit[1], hit[2]


def _links(tile: OrientedTile, other: OrientedTile, side: int) -> tuple:
    """(tile, other, links): :func:`~carc_teach.geometry.edge_links` as (segment index, other
    segment id, whole side), remembered per pair of tiles."""
    links = tuple((i, other.segments[j].id, whole) for i, j, whole in edge_links(tile, other, side))
    hit = _LINKS[(id(tile), id(other), side)] = (tile, other, links)
    return hit


#: (id of a tile, id of its neighbour, side) -> (the tile, the neighbour, their links)
_LINKS: dict[tuple[int, int, int], tuple[OrientedTile, OrientedTile, tuple]] = {}
#: id of a tile -> (the tile, segment id -> kind, borders)
_GRAPH_PARTS: dict[int, tuple[OrientedTile, dict[str, str], tuple[tuple[int, str], ...]]] = {}


def _graph_layer(
    board: Board, size: int, min_x: int, min_y: int, only: Iterable | None, lang: str
) -> str:
    kinds, adj = _graph_tables(board)
    keep = None if only is None else set(only)
    tiles = board.tiles
    texts = _placed_texts(size, min_x, min_y, lang)

    # per node drawn: its centre, names for the titles, and its circle
    drawn: dict[Node, _NodeText] = {}
    for node in adj if keep is None else [n for n in adj if n in keep]:
        x, y, seg_id = node
        tile = tiles[(x, y)].tile
        hit = texts.get((id(tile), x, y, _NODE_TEXTS))
        if hit is None or hit[0] is not tile:
            hit = texts[(id(tile), x, y, _NODE_TEXTS)] = (
                tile,
                _node_texts(tile, x, y, size, min_x, min_y, lang),
            )
        drawn[node] = hit[1][seg_id]  # type: ignore[index]

    border_style = f'stroke="{COLOURS["graph-border"]}" stroke-width="1.5" stroke-dasharray="3 3"'
    join_style = {k: f'stroke="{COLOURS["graph-" + k]}" stroke-width="2.5"' for k in _GRAPH_KINDS}
    other_style = 'stroke="#333" stroke-width="2.5"'

    # the edges' hover texts, looked up once per drawing (their fields are ids and squares)
    border_text = _("Border: field {field} touches city {city} on tile {at}", lang)
    join_text = _("Join: {a} at {at_a} meets {b} at {at_b}", lang)
    out = ['<g class="graph" pointer-events="visiblePainted">']
    seen: set[Node] = set()
    for a, nbrs in adj.items():
        da = drawn.get(a)
        if da is not None:
            x1, y1, sa, at_a = da[:4]
            for b, kind in nbrs.items():
                if b in seen:
                    continue
                db = drawn.get(b)
                if db is None:
                    continue
                x2, y2, sb, at_b = db[:4]
                if kind == "border":
                    out.append(
                        f'<line class="edge border" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {border_style}>'
                        f"<title>{border_text.format(field=sa, city=sb, at=at_a)}</title></line>"
                    )
                else:
                    style = join_style.get(kinds.get(a), other_style)  # type: ignore[arg-type]
                    out.append(
                        f'<line class="edge {kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}>'
                        f"<title>{join_text.format(a=sa, at_a=at_a, b=sb, at_b=at_b)}</title></line>"
                    )
        seen.add(a)
    for node, (cx, cy, _label, at, seg_kind, circle) in drawn.items():
        kind = kinds.get(node, "")
        if kind != seg_kind:  # the graph's kind is the segment's: this is for safety
            circle = _circle(kind, cx, cy, size, node[2], at, lang)
        out.append(circle)
    out.append("</g>")
    return "".join(out)


_GRAPH_KINDS = ("road", "city", "field", "cloister")
#: marks the node texts of a tile in :data:`_PLACED` (not a segment id: those are strings)
_NODE_TEXTS = -1
#: a graph node's centre (x, y), escaped segment id, "(x, y)" of its square, its segment kind
#: and its circle
_NodeText = tuple[str, str, str, str, str, str]


def _circle(kind: str, cx: str, cy: str, size: float, segment: str, at: str, lang: str) -> str:
    colour = COLOURS["graph-" + kind] if kind in _GRAPH_KINDS else "#333"
    named = render(Word(kind), lang) if kind else ""  # a game word: "prato", "louka"
    said = _xml(
        _("{kind} segment {segment} of tile {at}", lang, kind=named, segment=segment, at=at)
    )
    return (
        f'<circle class="node {kind}" cx="{cx}" cy="{cy}" r="{max(3.0, size * 0.055):.1f}" '
        f'fill="{colour}" stroke="#fff" stroke-width="1.2">'
        f"<title>{said}</title></circle>"
    )


def _node_texts(
    tile: OrientedTile, x: int, y: int, size: float, min_x: int, min_y: int, lang: str
) -> dict[str, _NodeText]:
    """The graph node texts of the segments of a tile on square (x, y)."""
    coords = _coords(size)
    xcol, ycol = coords.column(x - min_x), coords.column(y - min_y)
    numbers = _anchor_numbers(tile)
    at = f"({x}, {y})"
    out: dict[str, _NodeText] = {}
    for seg in tile.segments:
        if seg.id not in numbers:  # no anchor for this kind: drawing the node fails, as before
            continue
        nx_, ny_ = numbers[seg.id]
        cx, cy, label = xcol[nx_], ycol[ny_], _esc(seg.id)
        out[seg.id] = (
            cx,
            cy,
            label,
            at,
            seg.kind,
            _circle(seg.kind, cx, cy, size, seg.id, at, lang),
        )
    return out


def _anchor_numbers(tile: OrientedTile) -> dict[str, tuple[int, int]]:
    """Segment id -> the numbers of the coordinates of its anchor."""
    hit = _ANCHOR_NUMBERS.get(id(tile))
    if hit is not None and hit[0] is tile:
        return hit[1]
    numbers = {s: (_number((ax,)), _number((ay,))) for s, (ax, ay) in _anchors(tile).items()}
    _ANCHOR_NUMBERS[id(tile)] = (tile, numbers)
    return numbers


_ANCHOR_NUMBERS: dict[int, tuple[OrientedTile, dict[str, tuple[int, int]]]] = {}


# -- the legend --------------------------------------------------------------------------------


def off_board_figures(state: Any) -> list[Figure]:
    """The figures of a game state that the board does not hold but a drawing shows: barns on
    corners and figures in the quarters of the City of Carcassonne (the Count among them).
    Pass them as ``corner_figures`` to :func:`board_svg`."""
    return [
        f
        for f in state.figures.values()
        if hasattr(f.location, "squares") or _quarter_name(f) is not None
    ]


#: (entry id, the expansion that brings it, label) in the order the legend lists them: each
#: registered package's entries (``Package.legend``), in the registry's order
_LEGEND_ENTRIES = tuple(entry for package in PACKAGES for entry in package.legend)
#: the colour of a player's figure in the legend (each player has their own on the board)
LEGEND_COLOUR = "#6b6b6b"


def legend_kinds(expansions: Iterable[str]) -> list[str]:
    """The legend's entries for a game with these expansions (the base game always)."""
    playing = {"base", *expansions}
    return [entry for entry, expansion, _ in _LEGEND_ENTRIES if expansion in playing]


def legend_svg(
    expansions: Iterable[str] = ("base",), *, row: int = 30, lang: str | None = None
) -> str:
    """A key to the pictures: each figure and building of the expansions in play
    (``game.setup.expansions``), drawn as on the board, with its name in ``lang`` (default:
    the current language; the packages mark their legend's names with ``N_``). Players'
    figures are drawn in grey: on the board each player's are in their own colour."""
    _check_caches()
    lang = language_code(lang)
    entries = [
        (entry, kind, _(label, lang))
        for entry, kind, label in _LEGEND_ENTRIES
        if entry in legend_kinds(expansions)
    ]
    heading = _xml(_("What the pictures on the board show", lang))
    font = row * 0.46
    longest = max(len(label) for _, _, label in entries)
    width, height = int(row * 1.5 + longest * font * 0.56), row * len(entries) + 4
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="carc-legend" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{heading}">'
        f"<title>{heading}</title>"
    ]
    for i, (entry, _kind, label) in enumerate(entries):
        top = i * row + 2
        cx, cy = row * 0.6, top + row / 2
        out.append(f'<g class="legend-item" data-kind="{entry}"><title>{_xml(label)}</title>')
        out.append(_legend_symbol(entry, cx, cy, row))
        out.append(
            f'<text x="{row * 1.3:.1f}" y="{cy + 4:.1f}" font-family="sans-serif" '
            f'font-size="{font:.1f}" fill="#222">{_xml(label)}</text></g>'
        )
    out.append("</svg>")
    return "".join(out)


def _legend_symbol(entry: str, cx: float, cy: float, row: int) -> str:
    s = row * 0.5
    if entry == "farmer":
        return _figure_svg("follower", cx, cy, s, LEGEND_COLOUR, lying=True)
    if entry in _FIGURE_PATHS or entry in _FIGURE_MARKS:
        shape = _SHAPES[entry]  # a figure nobody owns (the Count) is drawn neutral
        colour = None if kind_of(entry).neutral else LEGEND_COLOUR
        return _figure_svg(entry, cx, cy + s * shape.key_shift, s * shape.key_scale, colour)
    left, top = cx - row / 2, cy - row / 2
    if entry == "quarter":
        return (
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{row}" height="{row}" '
            f'fill="{COLOURS["quarter"]}" stroke="{COLOURS["wall"]}"/>'
            + _figure_svg("follower", cx, cy, s * 0.6, LEGEND_COLOUR)
        )
    t = _Template()
    if entry in ("inn", "cathedral"):
        (_inn if entry == "inn" else _cathedral)(t, 0.5, 0.55)
        big = row * 3  # drawn small on a tile: three times the row here
        coords = _coords(big)
        return (
            f'<g transform="translate({cx - big / 2:.1f},{cy - big / 2:.1f})">'
            + t.result().fill(coords.column(0), coords.column(0), coords.texts)
            + "</g>"
        )
    if entry == "pig-herd":
        t.text('<circle cx="')  # one pig of the herd, as on the tile
        t.x(0.5)
        t.text('" cy="')
        t.y(0.5)
        t.text('" r="')
        t.length("pig")
        t.text(f'" fill="{COLOURS["pig"]}" stroke="#8a4b5c" stroke-width="1"/>')
        big = row * 3  # the herd's pigs are small: drawn at three times the row
        coords = _coords(big)
        return (
            f'<g transform="translate({cx - big / 2:.1f},{cy - big / 2:.1f})">'
            + t.result().fill(coords.column(0), coords.column(0), coords.texts)
            + "</g>"
        )
    _BUILDINGS[entry](t)
    big = row * 1.6
    coords = _coords(big)
    return (
        f'<g transform="translate({cx - big / 2:.1f},{cy - big / 2:.1f})">'
        + t.result().fill(coords.column(0), coords.column(0), coords.texts)
        + "</g>"
    )

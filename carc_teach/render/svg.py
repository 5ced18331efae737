"""Pure-Python SVG drawings of tiles, boards, features, figures and the feature graph.

Everything here returns an SVG string and imports nothing beyond the standard library and the
engine, so it runs in Pyodide. Drawings are built in layers a caller can switch on and off:
tiles, highlights, the open frontier, the feature graph overlay, figures. Every shape carries a
``<title>`` (hover text) and ``data-`` attributes naming the tile, segment or figure it shows.

Geometry: a tile is the unit square, ``x`` east and ``y`` south; shapes are computed for the
oriented tile (board frame), so no rotated text or figures.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from ..figures import role_name
from ..tiles import OrientedTile, Segment, TileType, orient

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board, Placement
    from ..features import Feature
    from ..figures import Figure

__all__ = [
    "COLOURS",
    "PLAYER_COLOURS",
    "tile_svg",
    "board_svg",
    "segment_anchor",
    "player_colour",
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
    for _ in range(quarter_turns % 4):
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


def _path(commands, quarter_turns: int, ox: float, oy: float, size: float) -> str:
    out = []
    for cmd in commands:
        letter, *pts = cmd
        coords = []
        for p in pts:
            x, y = _rot(p, quarter_turns)
            coords.append(f"{(ox + x) * size:.1f},{(oy + y) * size:.1f}")
        out.append(letter + " ".join(coords))
    return " ".join(out)


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


def _field_path(seg: Segment, ox: float, oy: float, size: float) -> str:
    """SVG path of a field segment: the triangles of its half-sides (cities are drawn on top)."""
    return " ".join(
        "M"
        + " L".join(f"{(ox + a) * size:.1f},{(oy + b) * size:.1f}" for a, b in _half_triangle(h))
        + " Z"
        for h in seg.halves
    )


def _road_path(tile: OrientedTile, seg: Segment, ox: float, oy: float, size: float) -> str:
    """SVG path of a road segment's centre line (a curve for a bend)."""
    pts = [f"{(ox + a) * size:.1f},{(oy + b) * size:.1f}" for a, b in _road_geometry(tile, seg)[0]]
    if len(pts) == 3:
        return f"M{pts[0]} Q{pts[1]} {pts[2]}"
    return f"M{pts[0]} L{pts[1]}"


def segment_anchor(tile: OrientedTile, segment_id: str) -> Point:
    """Where a segment's figure (and its graph node) is drawn, in tile units (0-1)."""
    return _anchors(tile)[segment_id]


def _anchors(tile: OrientedTile) -> dict[str, Point]:
    cached = _ANCHOR_CACHE.get(tile)
    if cached is not None:
        return cached
    out: dict[str, Point] = {}
    for seg in tile.segments:
        if seg.kind == "cloister":
            out[seg.id] = _CENTRE
        elif seg.kind == "city":
            shape, q = _city_pattern(seg.sides)
            out[seg.id] = _rot(_CITY_ANCHOR[shape], q)
        elif seg.kind == "road":
            out[seg.id] = _road_geometry(tile, seg)[1]
    for seg in tile.segments:
        if seg.kind != "field":
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
    _ANCHOR_CACHE[tile] = out
    return out


_ANCHOR_CACHE: dict[OrientedTile, dict[str, Point]] = {}


# -- drawing one tile -------------------------------------------------------------------------


def _seg_title(tile: OrientedTile, seg: Segment, x: int | None, y: int | None) -> str:
    where = " ".join(seg.locations) or "centre"
    pos = f" at ({x}, {y})" if x is not None else ""
    extra = f", {seg.pennants} pennant" if seg.pennants else ""
    return f"Tile {tile.type.id}{pos}: {seg.kind} segment '{seg.id}' ({where}{extra})"


def _tile_shapes(
    tile: OrientedTile, ox: float, oy: float, size: float, pos: tuple[int, int] | None
) -> list[str]:
    """SVG elements of one tile at tile-unit offset (ox, oy)."""
    x0, y0 = ox * size, oy * size
    px, py = pos if pos else (None, None)
    parts: list[str] = [
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{size}" height="{size}" fill="{COLOURS["field"]}"/>'
    ]
    node = (lambda seg: f' data-node="{px},{py},{seg.id}"') if pos else (lambda seg: "")
    # Fields: one polygon per field segment (its half-side triangles), so each can be hovered.
    for seg in tile.segments:
        if seg.kind != "field":
            continue
        d = _field_path(seg, ox, oy, size)
        parts.append(
            f'<path class="seg field" d="{d}" fill="{COLOURS["field"]}" stroke="{COLOURS["field"]}" stroke-width="0.6"{node(seg)}>'
            f"<title>{escape(_seg_title(tile, seg, px, py))}</title></path>"
        )
    # Roads under cities (a road may run into a city gate).
    for seg in tile.segments:
        if seg.kind != "road":
            continue
        dpath = _road_path(tile, seg, ox, oy, size)
        title = escape(_seg_title(tile, seg, px, py))
        parts.append(
            f'<g class="seg road"{node(seg)}><title>{title}</title>'
            f'<path d="{dpath}" fill="none" stroke="{COLOURS["road-edge"]}" stroke-width="{size * 0.13:.1f}"/>'
            f'<path d="{dpath}" fill="none" stroke="{COLOURS["road"]}" stroke-width="{size * 0.09:.1f}"/></g>'
        )
    road_ends = sum(len(s.sides) for s in tile.segments if s.kind == "road")
    if road_ends >= 3 and not any(s.kind == "cloister" for s in tile.segments):
        r = size * 0.09
        parts.append(
            f'<rect x="{x0 + size / 2 - r:.1f}" y="{y0 + size / 2 - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
            f'fill="#8a6d4b" stroke="#4d3b26" stroke-width="1"><title>Crossing: the roads end here</title></rect>'
        )
    for seg in tile.segments:
        if seg.kind != "city":
            continue
        shape, q = _city_pattern(seg.sides)
        d = _path(_CITY_SHAPES[shape], q, ox, oy, size)
        parts.append(
            f'<path class="seg city" d="{d}" fill="{COLOURS["city"]}" stroke="{COLOURS["wall"]}" '
            f'stroke-width="{size * 0.025:.1f}" stroke-linejoin="round"{node(seg)}>'
            f"<title>{escape(_seg_title(tile, seg, px, py))}</title></path>"
        )
        if seg.pennants:
            ax, ay = _rot(_CITY_ANCHOR[shape], q)
            cx, cy = (ox + ax + _PENNANT_OFFSET[0]) * size, (oy + ay + _PENNANT_OFFSET[1]) * size
            w = size * 0.07
            parts.append(
                f'<path d="M{cx - w:.1f},{cy - w:.1f} h{2 * w:.1f} v{w:.1f} q0,{w:.1f} {-w:.1f},{1.6 * w:.1f} '
                f'q{-w:.1f},{-0.6 * w:.1f} {-w:.1f},{-1.6 * w:.1f} Z" fill="{COLOURS["pennant"]}" stroke="#fff" '
                f'stroke-width="1"><title>Pennant (C2: coat of arms): the city scores 2 more when complete, '
                f"1 more at the end</title></path>"
            )
    for seg in tile.segments:
        if seg.kind != "cloister":
            continue
        cx, cy = (ox + 0.5) * size, (oy + 0.5) * size
        w = size * 0.16
        parts.append(
            f'<g class="seg cloister"{node(seg)}><title>{escape(_seg_title(tile, seg, px, py))}</title>'
            f'<rect x="{cx - w:.1f}" y="{cy - w * 0.6:.1f}" width="{2 * w:.1f}" height="{1.5 * w:.1f}" '
            f'fill="{COLOURS["cloister-wall"]}" stroke="#6b5a44" stroke-width="1"/>'
            f'<path d="M{cx - w * 1.15:.1f},{cy - w * 0.55:.1f} L{cx:.1f},{cy - w * 1.35:.1f} L{cx + w * 1.15:.1f},{cy - w * 0.55:.1f} Z" '
            f'fill="{COLOURS["cloister"]}" stroke="#6b2a1c" stroke-width="1"/></g>'
        )
    return parts


def tile_svg(tile_type: TileType, rotation: int = 0, size: int = 100, *, label: bool = True) -> str:
    """One tile type, drawn on its own (for catalogue views)."""
    tile = orient(tile_type, rotation)
    shapes = _tile_shapes(tile, 0, 0, size, None)
    title = f"Tile {tile_type.id}: {tile_type.name} (×{tile_type.count}), turned {rotation}°"
    text = ""
    if label:
        text = (
            f'<text x="{size * 0.06:.1f}" y="{size * 0.94:.1f}" font-family="sans-serif" '
            f'font-size="{size * 0.16:.1f}" fill="#222" stroke="#fff" stroke-width="2" paint-order="stroke">{escape(tile_type.id)}</text>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="carc-tile" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        + "".join(shapes)
        + f'<rect x="0.5" y="0.5" width="{size - 1}" height="{size - 1}" fill="none" stroke="{COLOURS["grid"]}"/>'
        + text
        + "</svg>"
    )


# -- figures -----------------------------------------------------------------------------------


def _meeple(cx: float, cy: float, s: float, colour: str, lying: bool, title: str, fid: str) -> str:
    # A follower silhouette drawn around (cx, cy); farmers lie down, as on the table.
    body = (
        f"M{-0.5 * s:.1f},{0.55 * s:.1f} L{-0.18 * s:.1f},{0.05 * s:.1f} L{-0.55 * s:.1f},{-0.05 * s:.1f} "
        f"Q{-0.55 * s:.1f},{-0.3 * s:.1f} {-0.2 * s:.1f},{-0.28 * s:.1f} "
        f"A{0.22 * s:.1f},{0.22 * s:.1f} 0 1 1 {0.2 * s:.1f},{-0.28 * s:.1f} "
        f"Q{0.55 * s:.1f},{-0.3 * s:.1f} {0.55 * s:.1f},{-0.05 * s:.1f} L{0.18 * s:.1f},{0.05 * s:.1f} "
        f"L{0.5 * s:.1f},{0.55 * s:.1f} L{0.08 * s:.1f},{0.55 * s:.1f} L0,{0.3 * s:.1f} L{-0.08 * s:.1f},{0.55 * s:.1f} Z"
    )
    turn = " rotate(90)" if lying else ""
    return (
        f'<g class="figure" data-figure="{escape(fid)}" transform="translate({cx:.1f},{cy:.1f}){turn}">'
        f"<title>{escape(title)}</title>"
        f'<path d="{body}" fill="{colour}" stroke="#fff" stroke-width="{max(1.0, s * 0.06):.1f}" stroke-linejoin="round"/></g>'
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
    """
    if not board.tiles:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    min_x, min_y, max_x, max_y = board.bounds()
    min_x -= margin
    min_y -= margin
    max_x += margin
    max_y += margin
    width = (max_x - min_x + 1) * size
    height = (max_y - min_y + 1) * size
    colour_of = {p: player_colour(i) for i, p in enumerate(players)}

    def tx(x: float) -> float:
        return (x - min_x) * size

    def ty(y: float) -> float:
        return (y - min_y) * size

    out: list[str] = []
    scale = ""
    if max_width and width > max_width:
        scale = ' style="max-width:100%;height:auto"'
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="carc-board" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Carcassonne board with {len(board.tiles)} tiles"{scale}>'
    )
    out.append(
        "<style>.carc-board .seg:hover{filter:brightness(1.12)}"
        ".carc-board .figure:hover{filter:drop-shadow(0 0 3px #000)}"
        ".carc-board text{font-family:sans-serif}</style>"
    )
    out.append(f'<rect width="{width}" height="{height}" fill="{COLOURS["background"]}"/>')

    # layer: tiles
    out.append('<g class="tiles">')
    for placed in board.tiles.values():
        ox, oy = placed.x - min_x, placed.y - min_y
        out.append(
            f'<g class="tile" data-pos="{placed.x},{placed.y}" data-tile="{placed.type.id}" data-rotation="{placed.rotation}">'
            f"<title>Tile {placed.type.id} ({escape(placed.type.name)}) at ({placed.x}, {placed.y}), turned {placed.rotation}°</title>"
        )
        out.extend(_tile_shapes(placed.tile, ox, oy, size, placed.pos))
        out.append(
            f'<rect x="{tx(placed.x) + 0.5:.1f}" y="{ty(placed.y) + 0.5:.1f}" width="{size - 1}" height="{size - 1}" '
            f'fill="none" stroke="{COLOURS["grid"]}" stroke-width="1" pointer-events="none"/></g>'
        )
    out.append("</g>")

    # layer: frontier
    if frontier is not None:
        squares = sorted({(p.x, p.y) if hasattr(p, "x") else tuple(p) for p in frontier})  # type: ignore[union-attr]
        out.append('<g class="frontier">')
        for x, y in squares:
            out.append(
                f'<rect class="open" data-pos="{x},{y}" x="{tx(x) + 4:.1f}" y="{ty(y) + 4:.1f}" width="{size - 8}" height="{size - 8}" '
                f'rx="6" fill="{COLOURS["frontier"]}" fill-opacity="0.35" stroke="#555" stroke-dasharray="5 4">'
                f"<title>Open square ({x}, {y})</title></rect>"
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
                f"<title>{escape(title)}</title></rect>"
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
            seg = next(s for s in placed.tile.segments if s.id == seg_id)
            ox, oy = x - min_x, y - min_y
            out.append(_highlight_shape(placed.tile, seg, ox, oy, size))
        out.append("</g>")
    if current_tile is not None:
        x, y = current_tile
        out.append(
            f'<rect class="current-tile" x="{tx(x) + 2:.1f}" y="{ty(y) + 2:.1f}" width="{size - 4}" height="{size - 4}" '
            f'fill="none" stroke="{COLOURS["current-tile"]}" stroke-width="4" pointer-events="none"/>'
        )

    # layer: feature graph
    if graph:
        out.append(_graph_layer(board, size, min_x, min_y, graph_nodes))

    # layer: figures
    if figures:
        out.append('<g class="figures">')
        for feature in board.features.features():
            for fig in feature.figures:
                out.append(_figure(board, fig, feature, size, min_x, min_y, colour_of))
        out.append("</g>")

    if coordinates:
        out.append('<g class="coords" pointer-events="none" fill="#555" font-size="10">')
        for x in range(min_x, max_x + 1):
            out.append(f'<text x="{tx(x) + size / 2:.1f}" y="10" text-anchor="middle">{x}</text>')
        for y in range(min_y, max_y + 1):
            out.append(f'<text x="3" y="{ty(y) + size / 2 + 3:.1f}">{y}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _highlight_shape(tile: OrientedTile, seg: Segment, ox: float, oy: float, size: int) -> str:
    hl, edge = COLOURS["highlight"], COLOURS["highlight-edge"]
    if seg.kind == "field":
        d = _field_path(seg, ox, oy, size)
        return f'<path class="hl field" d="{d}" fill="{hl}" fill-opacity="0.45" stroke="none"/>'
    if seg.kind == "city":
        shape, q = _city_pattern(seg.sides)
        d = _path(_CITY_SHAPES[shape], q, ox, oy, size)
        return f'<path class="hl city" d="{d}" fill="{hl}" fill-opacity="0.45" stroke="{edge}" stroke-width="{size * 0.05:.1f}" stroke-linejoin="round"/>'
    if seg.kind == "road":
        d = _road_path(tile, seg, ox, oy, size)
        return f'<path class="hl road" d="{d}" fill="none" stroke="{edge}" stroke-width="{size * 0.07:.1f}" stroke-opacity="0.9"/>'
    cx, cy = (ox + 0.5) * size, (oy + 0.5) * size
    return (
        f'<circle class="hl cloister" cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.3:.1f}" fill="{hl}" fill-opacity="0.35" '
        f'stroke="{edge}" stroke-width="{size * 0.05:.1f}"/>'
        f'<rect class="hl neighbourhood" x="{(ox - 1) * size + 3:.1f}" y="{(oy - 1) * size + 3:.1f}" width="{3 * size - 6}" '
        f'height="{3 * size - 6}" fill="none" stroke="{edge}" stroke-width="2" stroke-dasharray="8 5"/>'
    )


def _figure(
    board: Board, fig: Figure, feature: Feature, size: int, min_x: int, min_y: int, colour_of: dict
) -> str:
    x, y, seg_id = fig.node  # type: ignore[misc]
    placed = board.tiles[(x, y)]
    ax, ay = segment_anchor(placed.tile, seg_id)
    cx, cy = (x - min_x + ax) * size, (y - min_y + ay) * size
    role = role_name(fig.kind, feature.kind)
    title = f"{fig.player}'s {role} on {feature.describe()} (segment {seg_id} of tile ({x}, {y}))"
    colour = colour_of.get(fig.player, player_colour(len(colour_of)))
    return _meeple(cx, cy, size * 0.3, colour, feature.kind == "field", title, fig.id)


def _graph_layer(board: Board, size: int, min_x: int, min_y: int, only: Iterable | None) -> str:
    g = board.features.graph
    keep = None if only is None else set(only)
    node_colour = {
        "road": COLOURS["graph-road"],
        "city": COLOURS["graph-city"],
        "field": COLOURS["graph-field"],
        "cloister": COLOURS["graph-cloister"],
    }

    def centre(node) -> Point:
        x, y, seg_id = node
        ax, ay = segment_anchor(board.tiles[(x, y)].tile, seg_id)
        return ((x - min_x + ax) * size, (y - min_y + ay) * size)

    out = ['<g class="graph" pointer-events="visiblePainted">']
    for a, b, data in g.edges(data=True):
        if keep is not None and (a not in keep or b not in keep):
            continue
        (x1, y1), (x2, y2) = centre(a), centre(b)
        kind = data.get("kind", "join")
        if kind == "border":
            style = f'stroke="{COLOURS["graph-border"]}" stroke-width="1.5" stroke-dasharray="3 3"'
            title = f"Border: field {a[2]} touches city {b[2]} on tile ({a[0]}, {a[1]})"
        else:
            colour = node_colour.get(g.nodes[a].get("kind"), "#333")
            style = f'stroke="{colour}" stroke-width="2.5"'
            title = f"Join: {a[2]} at ({a[0]}, {a[1]}) meets {b[2]} at ({b[0]}, {b[1]})"
        out.append(
            f'<line class="edge {kind}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}>'
            f"<title>{escape(title)}</title></line>"
        )
    for node, data in g.nodes(data=True):
        if keep is not None and node not in keep:
            continue
        cx, cy = centre(node)
        kind = data.get("kind", "")
        out.append(
            f'<circle class="node {kind}" cx="{cx:.1f}" cy="{cy:.1f}" r="{max(3.0, size * 0.055):.1f}" '
            f'fill="{node_colour.get(kind, "#333")}" stroke="#fff" stroke-width="1.2">'
            f"<title>{escape(f'{kind} segment {node[2]} of tile ({node[0]}, {node[1]})')}</title></circle>"
        )
    out.append("</g>")
    return "".join(out)

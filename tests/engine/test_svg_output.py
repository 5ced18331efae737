"""The SVG boards: what they hold (tiles, figures, graph, highlight, hover texts), and that the
texts the renderer remembers between drawings never leak from one board (or size, or colour
set) into another."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from carc_teach import examples
from carc_teach.render import svg
from carc_teach.render.svg import COLOURS, board_svg, tile_svg
from carc_teach.simulate import random_game
from carc_teach.tiles import catalogue, orient, segment_words

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def layer(root: ET.Element, name: str) -> ET.Element | None:
    found = [g for g in root.findall(NS + "g") if g.get("class") == name]
    assert len(found) <= 1
    return found[0] if found else None


def title(el: ET.Element) -> str:
    t = el.find(NS + "title")
    assert t is not None
    return t.text or ""


def example_board(name: str, fraction: float):
    game = examples.load(name)
    k = min(len(game.events) - 1, int(len(game.events) * fraction))
    return game, k, game.replay(k)


BOARDS = [(name, f) for name in examples.names() for f in (0.0, 0.3, 0.7, 1.0)]


@pytest.fixture(scope="module")
def full_game():
    return examples.load("full-game")


@pytest.mark.parametrize(("name", "fraction"), BOARDS)
def test_tiles_and_figures_of_example_boards(name, fraction):
    game, k, state = example_board(name, fraction)
    board = state.board
    root = parse(board_svg(board, players=game.players))
    tiles = layer(root, "tiles")
    assert tiles is not None
    groups = [g for g in tiles if g.get("class") == "tile"]
    assert len(groups) == len(board.tiles)
    assert {g.get("data-pos") for g in groups} == {f"{x},{y}" for x, y in board.tiles}
    for g in groups:
        placed = board.tiles[tuple(int(v) for v in g.get("data-pos").split(","))]
        assert g.get("data-tile") == placed.type.id
        assert g.get("data-rotation") == str(placed.rotation)
        # one hoverable shape per drawn segment, each naming its node
        nodes = {el.get("data-node") for el in g.iter() if el.get("data-node")}
        drawn = {
            s.id for s in placed.tile.segments if s.kind in ("field", "road", "city", "cloister")
        }
        assert nodes == {f"{placed.x},{placed.y},{s}" for s in drawn}
    on_board = [fig for f in board.features.features() for fig in f.figures]
    figures = layer(root, "figures")
    assert figures is not None
    assert Counter(g.get("data-figure") for g in figures) == Counter(fig.id for fig in on_board)
    assert layer(root, "highlight") is None
    assert layer(root, "graph") is None


def graph_of(root: ET.Element):
    overlay = layer(root, "graph")
    assert overlay is not None
    circles = [el for el in overlay if el.tag == NS + "circle"]
    lines = [el for el in overlay if el.tag == NS + "line"]
    assert len(circles) + len(lines) == len(overlay)
    return circles, lines


NODE_TITLE = re.compile(r"^(\w*) segment (\S+) of tile \((-?\d+), (-?\d+)\)$")


def node_centres(circles) -> dict[tuple[int, int, str], tuple[str, str, str]]:
    """node -> (kind, cx, cy) of its circle, read from the hover text."""
    out = {}
    for c in circles:
        kind, seg, x, y = NODE_TITLE.match(title(c)).groups()
        assert c.get("class") == f"node {kind}"
        out[(int(x), int(y), seg)] = (kind, c.get("cx"), c.get("cy"))
    return out


def check_graph(board, root, keep=None):
    g = board.features.graph
    nodes = [n for n in g.nodes if keep is None or n in keep]
    edges = [(a, b) for a, b in g.edges if keep is None or (a in keep and b in keep)]
    circles, lines = graph_of(root)
    assert len(circles) == len(nodes)
    assert len(lines) == len(edges)
    circle_of = node_centres(circles)
    assert set(circle_of) == set(nodes)
    assert all(circle_of[n][0] == g.nodes[n]["kind"] for n in nodes)
    centres = {n: circle[1:] for n, circle in circle_of.items()}
    drawn = Counter(
        frozenset({(ln.get("x1"), ln.get("y1")), (ln.get("x2"), ln.get("y2"))}) for ln in lines
    )
    expected = Counter(frozenset({centres[a], centres[b]}) for a, b in edges)
    assert drawn == expected
    kinds = Counter(ln.get("class") for ln in lines)
    assert kinds == Counter(f"edge {g.edges[a, b]['kind']}" for a, b in edges)
    for ln in lines:
        if ln.get("class") == "edge border":
            assert title(ln).startswith("Border: field ")
        else:
            assert title(ln).startswith("Join: ")


@pytest.mark.parametrize(("name", "fraction"), BOARDS)
def test_graph_overlay_matches_the_feature_graph(name, fraction):
    game, k, state = example_board(name, fraction)
    board = state.board
    event = game.events[k]
    root = parse(board_svg(board, players=game.players, graph=True, highlight=event.nodes or None))
    check_graph(board, root)


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_graph_overlay_of_random_games(seed):
    game = random_game(seed, 3)
    board = game.state.board
    root = parse(board_svg(board, players=game.players, graph=True, size=41))
    check_graph(board, root)
    figures = layer(root, "figures")
    on_board = [fig for f in board.features.features() for fig in f.figures]
    assert len(figures) == len(on_board)
    # only some nodes: a field and the cities it borders
    field = max((f for f in board.features.features() if f.kind == "field"), key=lambda f: f.size)
    keep = set(field.nodes) | field.borders
    root = parse(board_svg(board, graph=True, graph_nodes=keep))
    check_graph(board, root, keep)


@pytest.mark.parametrize(("name", "fraction"), BOARDS[::2] + [("random", 1), ("random", 2)])
def test_graph_tables_follow_the_networkx_graph_in_order(name, fraction):
    # the overlay is made from the tiles the way board.features.graph is, without building it:
    # the same nodes, kinds and neighbours, in the same order (which orders the drawing)
    if name == "random":
        board = random_game(fraction, 4).state.board
    else:
        board = example_board(name, fraction)[2].board
    kinds, adj = svg._graph_tables(board)
    g = board.features.graph
    assert list(adj) == list(g.nodes)
    assert kinds == {n: d["kind"] for n, d in g.nodes(data=True)}
    for node, neighbours in adj.items():
        assert list(neighbours.items()) == [(m, d["kind"]) for m, d in g.adj[node].items()]
    # what the tiles-and-features page prints instead of asking networkx
    assert svg.graph_size(board) == (g.number_of_nodes(), g.number_of_edges())


def test_highlight_layer(full_game):
    n = len(full_game.events)
    k = max(range(n), key=lambda i: len(full_game.events[i].nodes or ()))
    event = full_game.events[k]
    state = full_game.replay(k)
    root = parse(board_svg(state.board, players=full_game.players, highlight=event.nodes))
    hl = layer(root, "highlight")
    assert hl is not None
    assert len(hl) == len(event.nodes) > 10
    assert all(el.get("class", "").startswith("hl ") for el in hl)
    kinds = Counter(el.get("class") for el in hl)
    expected = Counter(
        f"hl {state.board.tiles[(x, y)].type.segment(seg).kind}" for x, y, seg in event.nodes
    )
    assert kinds == expected
    # a feature works as well as its nodes; a cloister adds its neighbourhood
    cloister = next(f for f in state.board.features.features() if f.kind == "cloister")
    root = parse(board_svg(state.board, highlight=cloister))
    classes = [el.get("class") for el in layer(root, "highlight")]
    assert classes == ["hl cloister", "hl neighbourhood"]
    assert layer(parse(board_svg(state.board, highlight=None)), "highlight") is None


def test_hover_titles_of_a_known_tile_and_figures():
    game = examples.load("first-turns")
    board = game.replay(26).board
    root = parse(board_svg(board, players=game.players, graph=True))
    tile = next(g for g in layer(root, "tiles") if g.get("data-pos") == "1,1")
    assert [t.text for t in tile.iter(NS + "title")] == [
        "Tile A (Cloister with a road) at (1, 1), turned 180°",
        "Tile A at (1, 1): the tile's field",
        "Tile A at (1, 1): the tile's road",
        "Tile A at (1, 1): the tile's cloister",
    ]
    assert "Tile A at (1, 1): the tile&#x27;s field" in board_svg(board)
    figures = {g.get("data-figure"): title(g) for g in layer(root, "figures")}
    assert figures == {
        "Alice:follower2": "Alice's monk on the cloister at (1, 1) (the cloister of the tile at (1, 1))",
        "Bob:follower2": "Bob's thief on the road of 1 tile (the west road of the tile at (-1, 0))",
        "Alice:follower3": "Alice's knight on the city of 1 tile and 1 pennant (the city of the tile at (1, -1))",
    }
    colours = {
        g.get("data-figure"): g.find(NS + "path").get("fill") for g in layer(root, "figures")
    }
    assert colours["Alice:follower2"] == svg.player_colour(0)
    assert colours["Bob:follower2"] == svg.player_colour(1)
    circles, _ = graph_of(root)
    assert "cloister segment cloister of tile (1, 1)" in {title(c) for c in circles}
    coords = layer(root, "coords")
    assert [t.text for t in coords][:3] == ["-2", "-1", "0"]


def renderings(game, k, state):
    board, event = state.board, game.events[k]
    return [
        board_svg(board, players=game.players, highlight=event.nodes or None),
        board_svg(board, players=game.players, highlight=event.nodes or None, graph=True),
        board_svg(board, size=45, frontier=list(board.frontier), margin=2),
        board_svg(board, size=72.0, graph=True, figures=False, coordinates=False),
    ]


def test_remembered_texts_do_not_leak_between_boards():
    a = examples.load("first-turns")
    b = examples.load("full-game")
    c = random_game(3)
    states = {
        "a": (a, 26, a.replay(26)),
        "a-end": (a, len(a.events) - 1, a.replay(len(a.events) - 1)),
        "b": (b, len(b.events) - 5, b.replay(len(b.events) - 5)),
        "b-mid": (b, len(b.events) // 2, b.replay(len(b.events) // 2)),
        "c": (c, len(c.events) - 1, c.replay(len(c.events) - 1)),
    }
    fresh = {}
    for key, args in states.items():
        svg._clear_caches()
        fresh[key] = renderings(*args)
    svg._clear_caches()
    for key in ["a", "b", "a", "c", "b-mid", "a-end", "b", "c", "a", "b-mid", "a-end"]:
        assert renderings(*states[key]) == fresh[key], key
    # 72 and 72.0 are equal sizes that print differently
    board = states["a"][2].board
    assert 'width="72"' in board_svg(board, size=72)
    assert 'width="72.0"' in board_svg(board, size=72.0)
    assert 'width="72"' in board_svg(board, size=72)


def test_changed_colours_are_not_remembered(monkeypatch):
    game = examples.load("first-turns")
    board = game.replay(26).board
    before = board_svg(board, graph=True, highlight=game.events[26].nodes)
    monkeypatch.setitem(COLOURS, "city", "#123456")
    monkeypatch.setitem(COLOURS, "graph-road", "#654321")
    changed = board_svg(board, graph=True, highlight=game.events[26].nodes)
    assert 'fill="#123456"' in changed and 'stroke="#654321"' in changed
    assert "#123456" not in before and "#654321" not in before
    monkeypatch.undo()
    assert board_svg(board, graph=True, highlight=game.events[26].nodes) == before


def test_tile_svg_parses_and_draws_each_segment():
    for tile_type in catalogue("base"):
        for rotation in (0, 90, 180, 270):
            root = parse(tile_svg(tile_type, rotation, 64))
            titles = [t.text for t in root.iter(NS + "title")]
            assert titles[0].startswith(f"Tile {tile_type.id}: {tile_type.name}")
            segs = [s for s in tile_type.segments if s.kind != "field" or s.halves]
            turned = orient(tile_type, rotation)
            for s in segs:
                words = segment_words(turned, s.id)
                assert any(words in (t or "") for t in titles), (tile_type.id, s.id)
            assert all(" at (" not in (t or "") for t in titles[1:])

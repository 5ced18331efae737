"""Every figure and building is drawn as itself (issue 21): each kind has its own silhouette
(not only its own colour), its SVG class and hover text; shrine, cloister and abbey differ;
the Count and the figures in the City of Carcassonne are drawn where they wait; the legend
shows the kinds in play."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from carc_teach import examples
from carc_teach.render.svg import (
    _figure_svg,
    board_svg,
    figure_shape_kinds,
    legend_kinds,
    legend_svg,
    off_board_figures,
)
from carc_teach.rules import RULE_MODULES
from carc_teach.teach import board_for_event, feature_graph_for_event
from carc_teach.tiles import catalogue

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def drawn_figure(kind: str, colour: str | None = "#000000") -> ET.Element:
    """One figure drawn alone (in an ``svg`` element, for its namespace)."""
    svg = f'<svg xmlns="http://www.w3.org/2000/svg">{_figure_svg(kind, 0, 0, 20, colour)}</svg>'
    return parse(svg)[0]


def shape_of(el: ET.Element) -> tuple:
    """What a figure looks like, colour left out: its paths and marks, and its scale."""
    scale = re.search(r"scale\(([\d.]+)\)", el.get("transform")).group(1)
    parts = tuple(
        (child.tag, child.get("d"), child.get("r"), child.get("cy"))
        for child in el
        if child.tag != NS + "title"
    )
    return parts, scale


def test_each_kind_has_a_shape_of_its_own():
    kinds = figure_shape_kinds()
    assert set(kinds) >= {
        "follower",
        "big-follower",
        "builder",
        "pig",
        "mayor",
        "wagon",
        "barn",
        "count",
    }
    drawn = {k: drawn_figure(k) for k in kinds}
    shapes = {k: shape_of(el) for k, el in drawn.items()}
    # in the same colour, no two kinds look alike
    assert len(set(shapes.values())) == len(kinds)
    # and not by size alone: only the big follower shares the follower's outline, and it has a
    # badge and is larger
    outlines = {k: el.find(NS + "path").get("d") for k, el in drawn.items()}
    same = [k for k in kinds if outlines[k] == outlines["follower"]]
    assert same == ["follower", "big-follower"]
    assert drawn["big-follower"].find(NS + "circle") is not None
    assert float(shapes["big-follower"][1]) > float(shapes["follower"][1])
    for k, el in drawn.items():
        assert el.get("class") == f"figure fig {k}"
    # the Count is nobody's: a neutral colour whatever is asked
    count = drawn_figure("count", None).find(NS + "path")
    assert (count.get("fill"), count.get("stroke")) == ("#f4f1ea", "#333333")
    # a kind without a shape of its own (an expansion's new figure) is drawn as a follower
    toy = drawn_figure("toy-lantern")
    assert toy.find(NS + "path").get("d") == outlines["follower"]
    assert toy.get("class") == "figure fig toy-lantern"


def figures_of(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-figure"): el for el in root.iter() if el.get("data-figure")}


@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        ("builder-big-follower", {"builder", "big-follower", "follower"}),
        ("mayor-pennants", {"mayor"}),
        ("two-wagons", {"wagon"}),
        ("pig-and-barn", {"barn"}),
    ],
)
def test_example_games_draw_each_kind_with_its_class_and_title(name, kinds):
    game = examples.load(name)
    seen: set[str] = set()
    for k in range(0, len(game.events), 3):
        state = game.replay(k)
        for text in (board_for_event(game, k, state), feature_graph_for_event(game, k, state)):
            for fid, el in figures_of(parse(text)).items():
                fig = state.figures[fid]
                classes = el.get("class").split()
                assert classes[:3] == ["figure", "fig", fig.kind]
                title = el.find(NS + "title").text
                assert title.startswith(f"{fig.player}'s ")
                seen.add(fig.kind)
    assert kinds <= seen


def test_heretic_on_a_shrine_and_monk_on_a_cloister():
    game = examples.load("shrines")
    found = {}
    for k in range(len(game.events)):
        state = game.replay(k)
        for el in figures_of(parse(board_for_event(game, k, state))).values():
            classes = el.get("class").split()
            for role in ("heretic", "monk"):
                if role in classes:
                    found[role] = el.find(NS + "title").text
        if len(found) == 2:
            break
    assert " heretic on the shrine at (" in found["heretic"]
    assert " monk on the cloister at (" in found["monk"]


def test_shrine_cloister_and_abbey_are_different_buildings():
    def building(tile_type, kind):
        root = parse(board_svg(board_of(tile_type), coordinates=False))
        (el,) = [g for g in root.iter(NS + "g") if g.get("class") == f"seg {kind}"]
        return [
            (child.tag, child.get("d"), child.get("width"))
            for child in el
            if child.tag != NS + "title"
        ]

    cloister = building(catalogue("base")["B"], "cloister")
    shrine_type = next(
        t for t in catalogue("shrines-ckr") if any("shrine" in s.tags for s in t.segments)
    )
    shrine = building(shrine_type, "shrine")
    abbey = building(catalogue("abbey-mayor")["abbey"], "abbey")
    assert len({repr(cloister), repr(shrine), repr(abbey)}) == 3
    # the shrine is tall and narrow under a spire, the abbey wide between two towers
    assert len(re.findall(r"L", shrine[1][1])) == 2  # a triangle: the spire
    assert len(re.findall(r"L", abbey[0][1])) == 10  # two towers and a gable


def board_of(tile_type):
    from carc_teach.board import Board, Placement

    board = Board()
    board.add(tile_type, Placement(0, 0, 0), check=False)
    return board


def test_the_count_and_the_figures_in_the_city_are_drawn_where_they_wait():
    game = examples.load("count-city")
    state = game.replay(1)
    root = parse(board_for_event(game, 1, state))
    (count,) = [el for el in root.iter(NS + "g") if el.get("data-figure") == "count"]
    assert count.get("class") == "figure fig count in-city castle"
    assert count.find(NS + "title").text == (
        "The Count in the castle quarter of the City of Carcassonne (tile (0, -1))"
    )
    # the castle's tile of the City is at (0, -1): the Count stands on that square
    size = float(root.get("width")) / (
        max(x for x, _ in state.board.tiles) - min(x for x, _ in state.board.tiles) + 3
    )
    x, y = (
        float(v)
        for v in re.search(r"translate\(([-\d.]+),([-\d.]+)\)", count.get("transform")).groups()
    )
    min_x, min_y = (min(v) - 1 for v in zip(*state.board.tiles, strict=True))
    assert int(x // size) + min_x == 0 and int(y // size) + min_y == -1
    # later, followers wait in quarters: each drawn in its quarter with its owner named
    waiting = {}
    for k in range(len(game.events)):
        state = game.replay(k)
        in_city = [f for f in off_board_figures(state) if f.player is not None]
        if in_city:
            drawn = figures_of(parse(board_for_event(game, k, state)))
            for fig in in_city:
                quarter = fig.location.name.split(".")[1]
                assert drawn[fig.id].get("class") == f"figure fig {fig.kind} in-city {quarter}"
                waiting[fig.id] = drawn[fig.id].find(NS + "title").text
            break
    assert waiting and all(" waiting in the " in t for t in waiting.values())


def test_the_city_not_laid_yet_is_a_strip_under_the_board():
    game = examples.load("count-river-first")
    state = game.replay(3)  # the spring is laid, the Count waits in the castle
    assert len(state.board.tiles) == 1
    root = parse(board_for_event(game, 3, state))
    panel = [el for el in root.iter(NS + "rect") if el.get("class") == "city-panel"]
    assert len(panel) == 1
    (count,) = [el for el in root.iter(NS + "g") if el.get("data-figure") == "count"]
    assert count.find(NS + "title").text.endswith(
        "castle quarter of the City of Carcassonne (not on the board yet)"
    )
    # the strip is under the board: the drawing is one tile taller than without it
    plain = parse(board_svg(state.board, size=int(float(panel[0].get("height")))))
    assert float(root.get("height")) == float(plain.get("height")) + float(panel[0].get("height"))


def test_legend_shows_the_kinds_in_play():
    base = parse(legend_svg(("base",)))
    items = [g.get("data-kind") for g in base.iter(NS + "g") if g.get("class") == "legend-item"]
    assert items == ["follower", "farmer", "cloister"]
    every = parse(legend_svg(tuple(RULE_MODULES)))
    items = [g.get("data-kind") for g in every.iter(NS + "g") if g.get("class") == "legend-item"]
    assert set(figure_shape_kinds()) <= set(items)
    assert {"shrine", "abbey", "quarter", "pig-herd"} <= set(items)
    assert legend_kinds(("shrines",)) == ["follower", "farmer", "cloister", "shrine"]
    # each entry shows its figure as the board does (the same silhouette)
    for g in every.iter(NS + "g"):
        kind = g.get("data-kind")
        if kind in figure_shape_kinds():
            (fig,) = [el for el in g if (el.get("class") or "").startswith("figure fig ")]
            assert fig.get("class") == f"figure fig {kind}"
            assert shape_of(fig)[0] == shape_of(drawn_figure(kind))[0]

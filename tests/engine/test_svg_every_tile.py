"""Every tile of every shipped catalogue draws, in each rotation, alone and on a board, with a
figure of every kind that may stand on each of its segments, as the board and as the feature
graph; and random games of every expansion (and of all of them together) draw at every event.

(Issue 20: fields that touch no edge, on KR-5, AM-2 and AM-3, had no place to be drawn.)
A larger sweep of random games is behind the ``soak`` marker: see ``docs/drawing.md``."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from carc_teach.board import Board, Placement
from carc_teach.figures import FIGURE_KINDS, Corner, Figure, Place
from carc_teach.render import svg
from carc_teach.render.svg import board_svg, segment_anchor, tile_svg
from carc_teach.rules import RULE_MODULES
from carc_teach.simulate import random_game
from carc_teach.teach import board_for_event, feature_graph_for_event
from carc_teach.tiles import catalogue, orient, segment_words, tile_sets

NS = "{http://www.w3.org/2000/svg}"
ROTATIONS = (0, 90, 180, 270)
TILE_TYPES = [(name, t) for name in tile_sets() for t in catalogue(name)]


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def kinds_for(segment_kind: str) -> list[str]:
    """The figure kinds that may stand on a segment of this kind (the registry's ``enters``)."""
    return [k.id for k in FIGURE_KINDS.values() if segment_kind in k.enters]


def board_with_figures(tile_type, rotation: int):
    """A board of one tile with, on each segment, one figure of every kind allowed there, and
    a barn on each corner of the tile."""
    board = Board()
    board.add(tile_type, Placement(0, 0, rotation), check=False)
    placed = []
    for seg in board.tiles[(0, 0)].tile.segments:
        feature = board.features.feature_of((0, 0, seg.id))
        for n, kind in enumerate(kinds_for(seg.kind)):
            fig = Figure(f"P{n % 3}:{kind}-{seg.id}", f"P{n % 3}", kind, (0, 0, seg.id))
            feature.figures = [*feature.figures, fig]  # a feature may share one empty tuple
            placed.append(fig)
    barns = [
        Figure(f"P{n}:barn{n}", f"P{n}", "barn", Corner(x, y))
        for n, (x, y) in enumerate([(0, 0), (1, 0), (1, 1), (0, 1)])
    ]
    # a quarter of the City of Carcassonne: the Count and a figure of each kind that may wait
    # there, more than the square has room for
    for seg in board.tiles[(0, 0)].tile.segments:
        if seg.kind == "quarter" and seg.quarter:
            where = Place(f"count.{seg.quarter}")
            barns.append(Figure("count", None, "count", where))
            for n, kind in enumerate(["follower", "big-follower", "mayor", "wagon"] * 2):
                barns.append(Figure(f"P{n % 3}:{kind}{n}", f"P{n % 3}", kind, where))
    return board, placed, barns


@pytest.mark.parametrize(("set_name", "tile_type"), TILE_TYPES, ids=[t.id for _, t in TILE_TYPES])
def test_every_tile_draws_with_every_figure(set_name, tile_type):
    for rotation in ROTATIONS:
        tile = orient(tile_type, rotation)
        # alone: every segment is drawn and named in a hover text
        root = parse(tile_svg(tile_type, rotation, 64))
        titles = " ".join(t.text or "" for t in root.iter(NS + "title"))
        for seg in tile.segments:
            assert segment_words(tile, seg.id) in titles, (tile_type.id, rotation, seg.id)
        # every segment has a spot inside the tile, and no two spots of figures coincide
        spots = {seg.id: segment_anchor(tile, seg.id) for seg in tile.segments}
        assert all(0 < x < 1 and 0 < y < 1 for x, y in spots.values()), spots
        holding = [s for s in tile.segments if s.kind not in ("river", "quarter")]
        for a, b in combinations(holding, 2):
            (ax, ay), (bx, by) = spots[a.id], spots[b.id]
            assert (ax - bx) ** 2 + (ay - by) ** 2 > 0.1**2, (tile_type.id, rotation, a.id, b.id)
        # on a board, with figures, as the board and as the feature graph
        board, figures, barns = board_with_figures(tile_type, rotation)
        for graph in (False, True):
            root = parse(
                board_svg(board, players=["P0", "P1", "P2"], graph=graph, corner_figures=barns)
            )
            drawn = [el.get("data-figure") for el in root.iter() if el.get("data-figure")]
            more = [el for el in root.iter(NS + "text") if el.get("class") == "more"]
            if more:  # a quarter with more figures than room: the rest are counted
                assert more[0].text == "+4"  # 9 figures, 5 slots and the count
                assert len(drawn) == len(figures + barns) - 4
            else:
                assert sorted(drawn) == sorted(f.id for f in figures + barns)
            if graph:
                nodes = [el for el in root.iter(NS + "circle") if "node" in el.get("class", "")]
                assert len(nodes) == len(tile.segments)
        # highlighted, segment by segment
        for seg in tile.segments:
            parse(board_svg(board, highlight=[(0, 0, seg.id)]))


def test_enclosed_fields_are_drawn_as_meadows_between_their_cities():
    # KR-5: two cities crossing, two fields that touch no edge. The city drawn under the other
    # has its figure at its first side, where it shows; each meadow is a disc of its own.
    tile_type = catalogue("king-robber")["KR-5"]
    tile = orient(tile_type, 0)
    assert segment_anchor(tile, "city-we") == (0.5, 0.5)
    assert segment_anchor(tile, "city-ns") == (0.5, 0.13)
    meadows = [segment_anchor(tile, f) for f in ("field-1", "field-2")]
    assert meadows == [(0.28, 0.28), (0.72, 0.28)]
    root = parse(tile_svg(tile_type, 0, 100))
    enclosed = [el for el in root.iter(NS + "path") if el.get("class") == "seg field enclosed"]
    assert len(enclosed) == 2
    # a disc of radius 9 px round (28, 28) and (72, 28)
    assert enclosed[0].get("d").startswith("M19.0,28.0 A9.0,9.0 0 1 0 37.0,28.0")
    assert enclosed[1].get("d").startswith("M63.0,28.0 A9.0,9.0 0 1 0 81.0,28.0")
    # turned, the spots turn with the tile
    turned = orient(tile_type, 90)
    assert segment_anchor(turned, "city-ns") == (0.87, 0.5)


def check_game_draws(game, events) -> int:
    """Draw the board and the feature graph after each of ``events``; returns how many
    drawings were parsed."""
    drawn = 0
    for k in events:
        state = game.replay(k)
        for text in (board_for_event(game, k, state), feature_graph_for_event(game, k, state)):
            parse(text)
            drawn += 1
    return drawn


EXPANSION_SETS = [(e,) if e == "base" else ("base", e) for e in RULE_MODULES] + [
    tuple(RULE_MODULES)
]


@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e[1:]) or "base")
def test_random_games_draw_at_every_event(expansions):
    # one game per set of expansions: in the default run about 25 events spread over it (and
    # its last), each replayed and drawn; the soak below draws every event of many games
    game = random_game(20 + len(expansions), 3, expansions=expansions)
    n = len(game.events)
    events = sorted({*range(0, n, max(1, n // 25)), n - 1})
    assert check_game_draws(game, events) == 2 * len(events) > 40


@pytest.mark.soak
@pytest.mark.skipif(
    not os.environ.get("CARC_TEACH_DRAW_SOAK"),
    reason="the drawing soak runs only with CARC_TEACH_DRAW_SOAK=<games per set of expansions>",
)
@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e[1:]) or "base")
def test_soak_random_games_draw_at_every_event(expansions):
    games = int(os.environ.get("CARC_TEACH_DRAW_SOAK", "0"))
    for seed in range(1000, 1000 + games):
        for players in (2, 5):
            game = random_game(seed, players, expansions=expansions)
            svg._clear_caches() if seed % 7 == 0 else None
            check_game_draws(game, range(len(game.events)))

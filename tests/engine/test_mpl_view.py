"""The networkx + matplotlib view of the feature graph: around a feature being discussed it
draws the squares near it, labelled, not the feature's few nodes alone."""

from __future__ import annotations

import pytest

from carc_teach import examples
from carc_teach.render.mpl import area_nodes

pytest.importorskip("matplotlib")


@pytest.fixture(scope="module")
def city_of_two():
    game = examples.load("full-game")
    k = next(
        i for i, e in enumerate(game.events) if e.kind == "feature-completed" and len(e.nodes) == 2
    )
    return game.replay(k), game.events[k].nodes


def test_the_area_is_the_squares_around_the_feature(city_of_two):
    state, nodes = city_of_two
    area = area_nodes(state.board, nodes)
    assert set(nodes) < area
    xs = {n[0] for n in nodes}
    ys = {n[1] for n in nodes}
    for x, y, _ in area:
        assert min(xs) - 1 <= x <= max(xs) + 1 and min(ys) - 1 <= y <= max(ys) + 1
    # every segment of every placed tile in that box, no more
    expected = {
        (x, y, seg.id)
        for (x, y), placed in state.board.tiles.items()
        if min(xs) - 1 <= x <= max(xs) + 1 and min(ys) - 1 <= y <= max(ys) + 1
        for seg in placed.tile.segments
    }
    assert area == expected
    assert area_nodes(state.board, []) == set()


def test_the_figure_labels_every_node_and_square(city_of_two):
    import matplotlib.pyplot as plt

    from carc_teach.render.mpl import feature_graph_figure

    state, nodes = city_of_two
    fig = feature_graph_figure(state.board, nodes, title="After the city")
    try:
        texts = [t.get_text() for t in fig.axes[0].texts]
        area = area_nodes(state.board, nodes)
        assert sorted(t for t in texts if not t.startswith("(")) == sorted(n[2] for n in area)
        squares = {(x, y) for x, y, _ in area}
        assert {t for t in texts if t.startswith("(")} == {f"({x}, {y})" for x, y in squares}
        assert f"{len(area)} segments" in fig.axes[0].get_title()
        labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
        assert "city" in labels and "join (same feature)" in labels
    finally:
        plt.close(fig)

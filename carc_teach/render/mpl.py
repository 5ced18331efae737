"""matplotlib views of the feature graph (optional: needs matplotlib, never on the engine path).

In the browser build matplotlib may be missing (it has no offline Pyodide build here); callers
catch :class:`ImportError` and fall back to the SVG overlay.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .svg import COLOURS, segment_anchor

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board

__all__ = ["feature_graph_figure"]

_KIND_COLOUR = {
    "road": COLOURS["graph-road"],
    "city": COLOURS["graph-city"],
    "field": COLOURS["graph-field"],
    "cloister": COLOURS["graph-cloister"],
}


def feature_graph_figure(
    board: Board, nodes: Iterable[tuple[int, int, str]] | None = None, *, title: str = ""
):
    """A matplotlib Figure of the feature graph (or the part of it on ``nodes``), drawn with
    ``networkx.draw_networkx`` at the segments' positions on the board."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    import networkx as nx

    graph = board.features.graph
    if nodes is not None:
        graph = graph.subgraph(set(nodes))
    pos = {}
    for node in graph.nodes:
        x, y, seg = node
        ax_, ay_ = segment_anchor(board.tiles[(x, y)].tile, seg)
        pos[node] = (x + ax_, -(y + ay_))  # matplotlib's y grows upward
    fig, ax = plt.subplots(figsize=(7, 6))
    joins = [(a, b) for a, b, k in graph.edges(data="kind") if k != "border"]
    borders = [(a, b) for a, b, k in graph.edges(data="kind") if k == "border"]
    nx.draw_networkx_edges(graph, pos, edgelist=joins, ax=ax, width=2, edge_color="#555")
    nx.draw_networkx_edges(
        graph,
        pos,
        edgelist=borders,
        ax=ax,
        width=1,
        style="dashed",
        edge_color=COLOURS["graph-border"],
    )
    colours = [_KIND_COLOUR.get(graph.nodes[n].get("kind"), "#333") for n in graph.nodes]
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_size=60, node_color=colours)
    for x, y in {(n[0], n[1]) for n in graph.nodes}:
        ax.add_patch(plt.Rectangle((x, -y - 1), 1, 1, fill=False, edgecolor="#bbb", linewidth=0.8))
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(
        title
        or f"Feature graph: {graph.number_of_nodes()} segments, {graph.number_of_edges()} edges"
    )
    fig.tight_layout()
    return fig

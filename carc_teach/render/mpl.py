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

__all__ = ["area_nodes", "feature_graph_figure"]

_KIND_COLOUR = {
    "road": COLOURS["graph-road"],
    "city": COLOURS["graph-city"],
    "field": COLOURS["graph-field"],
    "cloister": COLOURS["graph-cloister"],
}


def area_nodes(board: Board, nodes: Iterable[tuple[int, int, str]], margin: int = 1) -> set:
    """The placed segments on the squares around ``nodes``: their bounding box widened by
    ``margin`` squares, so a feature is drawn with what it touches and joins."""
    focus = list(nodes)
    if not focus:
        return set()
    xs = [n[0] for n in focus]
    ys = [n[1] for n in focus]
    x0, x1, y0, y1 = min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin
    return {
        (x, y, seg.id)
        for (x, y), placed in board.tiles.items()
        if x0 <= x <= x1 and y0 <= y <= y1
        for seg in placed.tile.segments
    }


def feature_graph_figure(
    board: Board, nodes: Iterable[tuple[int, int, str]] | None = None, *, title: str = ""
):
    """A matplotlib Figure of the feature graph drawn with networkx at the segments' positions
    on the board, every node labelled with its segment id and every square with its
    coordinates. With ``nodes`` (a feature being discussed), the graph of the squares around
    them, those nodes drawn larger with a dark edge."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    import networkx as nx
    from matplotlib.lines import Line2D

    graph = board.features.graph
    focus = set(nodes or ())
    if focus:
        graph = graph.subgraph(area_nodes(board, focus))
    pos = {}
    for node in graph.nodes:
        x, y, seg = node
        ax_, ay_ = segment_anchor(board.tiles[(x, y)].tile, seg)
        pos[node] = (x + ax_, -(y + ay_))  # matplotlib's y grows upward
    fig, ax = plt.subplots(figsize=(8, 6))
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
    order = list(graph.nodes)
    colours = [_KIND_COLOUR.get(graph.nodes[n].get("kind"), "#333") for n in order]
    nx.draw_networkx_nodes(
        graph,
        pos,
        nodelist=order,
        ax=ax,
        node_size=[180 if n in focus else 60 for n in order],
        node_color=colours,
        edgecolors=["#111" if n in focus else "none" for n in order],
        linewidths=[2 if n in focus else 0 for n in order],
    )
    nx.draw_networkx_labels(
        graph,
        {n: (px, py - 0.09) for n, (px, py) in pos.items()},
        labels={n: n[2] for n in order},
        font_size=6,
        ax=ax,
    )
    for x, y in {(n[0], n[1]) for n in graph.nodes}:
        ax.add_patch(plt.Rectangle((x, -y - 1), 1, 1, fill=False, edgecolor="#bbb", linewidth=0.8))
        ax.text(x + 0.04, -y - 0.08, f"({x}, {y})", fontsize=6, color="#888", va="top")
    kinds = sorted({graph.nodes[n].get("kind") for n in order} & set(_KIND_COLOUR))
    handles = [
        Line2D([], [], marker="o", linestyle="", color=_KIND_COLOUR[k], label=k) for k in kinds
    ]
    handles += [
        Line2D([], [], color="#555", linewidth=2, label="join (same feature)"),
        Line2D([], [], color=COLOURS["graph-border"], linestyle="--", label="field borders city"),
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7)
    ax.set_aspect("equal")
    ax.set_axis_off()
    counts = f"{graph.number_of_nodes()} segments, {graph.number_of_edges()} edges"
    ax.set_title(f"{title} · {counts}" if title else f"Feature graph: {counts}")
    fig.tight_layout(rect=(0, 0, 0.8, 1))  # room for the legend on the right
    return fig

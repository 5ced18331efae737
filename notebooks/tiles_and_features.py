# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Tiles and features")


@app.cell
def _():
    import marimo as mo

    from carc_teach import notebook_ui as ui
    from carc_teach import teach
    from carc_teach.errors import CarcTeachError
    from carc_teach.render.svg import board_svg, graph_size, tile_svg

    return CarcTeachError, board_svg, graph_size, mo, teach, tile_svg, ui


@app.cell
def _(mo):
    mo.md(r"""
    # Tiles and features: build a board by hand

    Place tiles yourself and watch roads, cities, cloisters and farms form. Pick a tile and a
    rotation: the board marks every open square where it fits (green) and says why it does not
    fit on the others (grey; hover for the reason). Place it, and see which features it joined,
    whether they are complete, and how the feature graph grows. Alice and Bob take turns: put
    a follower on the tile just placed and see who would score each feature if the game
    ended now.
    """)
    return


@app.cell
def _(mo, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    ui.glossary(mo)
    return


@app.cell
def _(mo):
    # The learner's placements are history that nothing else can recompute: keep them as state.
    get_moves, set_moves = mo.state([])
    return get_moves, set_moves


@app.cell
def _(CarcTeachError, get_moves, mo, teach):
    try:
        game = teach.sandbox_game(get_moves(), teach.SANDBOX_PLAYERS)
        problem = None
    except CarcTeachError as _exc:  # cannot happen through the controls; shown, never raised
        game = teach.sandbox_game([], teach.SANDBOX_PLAYERS)
        problem = mo.callout(str(_exc), kind="danger")
    state = game.state
    problem
    return game, state


@app.cell
def _(mo, state, teach):
    _left = teach.tiles_left(state)
    tile_choice = mo.ui.dropdown(
        options={f"{_tid} · {_name} ({_n} left)": _tid for _tid, _name, _n in _left},
        value=next(
            (f"{_tid} · {_name} ({_n} left)" for _tid, _name, _n in _left if _tid == "V"), None
        ),
        label="Tile",
    )
    return (tile_choice,)


@app.cell
def _(mo, state, teach, tile_choice):
    _fits = teach.rotations_that_fit(state, tile_choice.value) if tile_choice.value else {}
    rotation_choice = mo.ui.radio(
        options={
            f"{_r}° (fits {_n} square{'s' if _n != 1 else ''})": _r for _r, _n in _fits.items()
        },
        # start on the first rotation that fits somewhere
        value=next(
            (f"{_r}° (fits {_n} square{'s' if _n != 1 else ''})" for _r, _n in _fits.items() if _n),
            next(iter(f"{_r}° (fits {_n} squares)" for _r, _n in _fits.items()), None),
        ),
        label="Rotation (clockwise)",
        inline=True,
    )
    return (rotation_choice,)


@app.cell
def _(mo, rotation_choice, state, teach, tile_choice):
    _rotation = rotation_choice.value if rotation_choice.value is not None else 0
    legal, refused = (
        teach.placement_options(state, tile_choice.value, _rotation)
        if tile_choice.value
        else ([], [])
    )
    spot_choice = mo.ui.dropdown(
        options={f"({_x}, {_y})": f"{_x},{_y}" for _x, _y in legal},
        value=f"({legal[0][0]}, {legal[0][1]})" if legal else None,
        label="Square",
    )
    return legal, refused, spot_choice


@app.cell
def _(get_moves, mo, rotation_choice, set_moves, spot_choice, tile_choice):
    def _place(_value):
        if not spot_choice.value or not tile_choice.value:
            return
        _x, _y = (int(_v) for _v in spot_choice.value.split(","))
        set_moves(
            get_moves()
            + [
                {
                    "tile": tile_choice.value,
                    "x": _x,
                    "y": _y,
                    "rotation": rotation_choice.value or 0,
                }
            ]
        )

    place_button = mo.ui.button(label="Place the tile", on_click=_place, kind="success")
    undo_button = mo.ui.button(label="Undo", on_click=lambda _v: set_moves(get_moves()[:-1]))
    reset_button = mo.ui.button(
        label="Start again", on_click=lambda _v: set_moves([]), kind="danger"
    )
    return place_button, reset_button, undo_button


@app.cell
def _(
    legal,
    mo,
    place_button,
    refused,
    reset_button,
    rotation_choice,
    spot_choice,
    state,
    tile_choice,
    tile_svg,
    undo_button,
):
    _preview = (
        mo.Html(tile_svg(state.tile_types[tile_choice.value], rotation_choice.value or 0, size=110))
        if tile_choice.value
        else mo.md("No tiles left.")
    )
    _why = mo.md(
        f"**{state.players[(len(state.board.tiles) - 1) % 2]}** places the next tile. "
        f"It fits on **{len(legal)}** of the {len(legal) + len(refused)} open squares."
        + (
            ""
            if legal
            else " Try another rotation (the counts are beside each one) or another tile."
        )
    )
    mo.hstack(
        [
            _preview,
            mo.vstack(
                [
                    tile_choice,
                    rotation_choice,
                    mo.hstack(
                        [spot_choice, place_button, undo_button, reset_button], justify="start"
                    ),
                    _why,
                ]
            ),
        ],
        justify="start",
        gap=2,
    )
    return


@app.cell
def _(game, get_moves, mo, set_moves, teach):
    # A follower for the tile just placed: choosing one rewrites that move, so the board,
    # the features and who would score follow at once.
    _spots = teach.follower_spots(game)
    _moves = get_moves()
    _now = (_moves[-1].get("deploy") or {}).get("segment") if _moves else None
    _none = "no follower"
    _labels = {_label: _segment for _segment, _label in _spots}
    follower_choice = mo.ui.radio(
        options={_none: None, **_labels},
        value=next((_l for _l, _s in _labels.items() if _s == _now), _none),
        label=(
            f"**{teach.SANDBOX_PLAYERS[(len(_moves) - 1) % 2]}'s follower** on the tile just placed"
        ),
        on_change=lambda _segment: set_moves(teach.with_follower(get_moves(), _segment)),
    )
    follower_choice if _moves else mo.md(
        "*Place a tile, then choose where its player puts a follower.*"
    )
    return


@app.cell
def _(mo, refused):
    mo.accordion(
        {
            f"Why not the other {len(refused)} squares?": mo.md(
                "\n".join(f"- **({_x}, {_y})**: {_reason}" for (_x, _y), _reason in refused)
                or "Every open square takes it."
            )
        }
    )
    return


@app.cell
def _(mo, state, teach):
    _rows = teach.feature_rows(state)
    feature_choice = mo.ui.dropdown(
        options={f"#{_r['id']} {_r['kind']} ({_r['tiles']} tiles)": _r["id"] for _r in _rows},
        label="Highlight a feature",
    )
    show_graph = mo.ui.switch(value=True, label="Show the feature graph")
    return feature_choice, show_graph


@app.cell
def _(
    board_svg,
    feature_choice,
    mo,
    rotation_choice,
    show_graph,
    state,
    teach,
    tile_choice,
):
    _highlight = None
    if feature_choice.value is not None:
        _highlight = next(
            (_f for _f in state.board.features.features() if _f.id == feature_choice.value), None
        )
    _marks = (
        teach.placement_marks(state, tile_choice.value, rotation_choice.value or 0)
        if tile_choice.value
        else []
    )
    _last = max(state.board.tiles.values(), key=lambda _t: _t.order)
    _svg = board_svg(
        state.board,
        players=state.players,
        highlight=_highlight,
        current_tile=_last.pos if _last.order else None,
        marks=_marks,
        graph=show_graph.value,
        size=teach.auto_tile_size(state, 620),
    )
    mo.hstack(
        [
            mo.vstack([mo.hstack([feature_choice, show_graph], justify="start"), mo.Html(_svg)]),
            mo.vstack([mo.md(teach.placement_report(state))]),
        ],
        widths=[3, 2],
        align="start",
    )
    return


@app.cell
def _(graph_size, mo, state, teach):
    # counted from the board, not from networkx: the page need not import it to start
    _segments, _edges = graph_size(state.board)
    _scores = teach.would_score(state)
    mo.vstack(
        [
            mo.md(f"**Features on the board** ({_segments} segments, {_edges} graph edges)"),
            mo.ui.table(teach.feature_rows(state), selection=None, page_size=12),
            mo.md(
                "**If the game ended now**: who would score each occupied feature that is "
                "still open, counted as after the game (a completed one has scored already "
                "and its followers went home)."
            ),
            mo.ui.table(_scores, selection=None)
            if _scores
            else mo.md("*No follower stands on an open feature.*"),
        ]
    )
    return


@app.cell
def _(mo):
    mo.md(r"""
    **What to look for.** A road or city is complete when its *open edges* reach zero; a
    cloister when the eight squares around it are filled. Fields are never complete: they
    score after the game, by the completed cities they border (dashed lines in the graph).
    Two segments belong to the same feature exactly when a path of solid lines joins them.
    """)
    return


if __name__ == "__main__":
    app.run()

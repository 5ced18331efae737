# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Tiles and features: build a board by hand

Place tiles yourself and watch roads, cities, cloisters and farms form. Pick a tile and a
rotation: the board marks every open square where it fits (green) and says why it does not
fit on the others (grey; hover for the reason). Place it, and see which features it joined,
whether they are complete, and how the feature graph grows. Alice and Bob take turns: put
a follower on the tile just placed and see who would score each feature if the game
ended now.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Tiles and features")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach import teach
    from carc_teach.errors import CarcTeachError
    from carc_teach.i18n.names import tile_name
    from carc_teach.i18n.switch import language_memory, language_switch
    from carc_teach.render.svg import board_svg, graph_size, tile_svg

    return (
        CarcTeachError,
        board_svg,
        graph_size,
        language_memory,
        language_switch,
        mo,
        t,
        teach,
        tile_name,
        tile_svg,
        ui,
    )


@app.cell
def _(language_switch, mo):
    # the page's language: ?lang= in the address, else the one the browser remembers
    lang_switch = language_switch(mo)
    return (lang_switch,)


@app.cell
def _(lang_switch, language_memory, mo):
    lang = lang_switch.value
    mo.hstack([lang_switch, language_memory(mo, lang)], justify="end")
    return (lang,)


@app.cell
def _(lang, mo, t):
    mo.md(
        t._(
            """
    # Tiles and features: build a board by hand

    Place tiles yourself and watch roads, cities, cloisters and farms form. Pick a tile and a
    rotation: the board marks every open square where it fits (green) and says why it does not
    fit on the others (grey; hover for the reason). Place it, and see which features it joined,
    whether they are complete, and how the feature graph grows. Alice and Bob take turns: put
    a follower on the tile just placed and see who would score each feature if the game
    ended now.
    """,
            lang,
        )
    )
    return


@app.cell
def _(lang, mo, t, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    with t.use_language(lang):
        _glossary = ui.glossary(mo)
    _glossary
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
def _(lang, mo, state, t, teach, tile_name):
    _left = teach.tiles_left(state)

    def _tile_label(_tid, _name, _n):
        return t.ngettext(
            "{tile} · {name} ({n} left)",
            "{tile} · {name} ({n} left)",
            _n,
            lang,
            tile=_tid,
            name=tile_name(_name, lang),
        )

    tile_choice = mo.ui.dropdown(
        options={_tile_label(*_row): _row[0] for _row in _left},
        value=next((_tile_label(*_row) for _row in _left if _row[0] == "V"), None),
        label=t._("Tile", lang),
    )
    return (tile_choice,)


@app.cell
def _(lang, mo, state, t, teach, tile_choice):
    _fits = teach.rotations_that_fit(state, tile_choice.value) if tile_choice.value else {}

    def _rotation_label(_r, _n):
        return t.ngettext(
            "{rotation}° (fits {n} square)", "{rotation}° (fits {n} squares)", _n, lang, rotation=_r
        )

    rotation_choice = mo.ui.radio(
        options={_rotation_label(_r, _n): _r for _r, _n in _fits.items()},
        # start on the first rotation that fits somewhere
        value=next(
            (_rotation_label(_r, _n) for _r, _n in _fits.items() if _n),
            next(iter(_rotation_label(_r, _n) for _r, _n in _fits.items()), None),
        ),
        label=t._("Rotation (clockwise)", lang),
        inline=True,
    )
    return (rotation_choice,)


@app.cell
def _(lang, mo, rotation_choice, state, t, teach, tile_choice):
    _rotation = rotation_choice.value if rotation_choice.value is not None else 0
    legal, refused = (
        teach.placement_options(state, tile_choice.value, _rotation)
        if tile_choice.value
        else ([], [])
    )
    spot_choice = mo.ui.dropdown(
        options={f"({_x}, {_y})": f"{_x},{_y}" for _x, _y in legal},
        value=f"({legal[0][0]}, {legal[0][1]})" if legal else None,
        label=t._("Square", lang),
    )
    return legal, refused, spot_choice


@app.cell
def _(get_moves, lang, mo, rotation_choice, set_moves, spot_choice, t, tile_choice):
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

    place_button = mo.ui.button(label=t._("Place the tile", lang), on_click=_place, kind="success")
    undo_button = mo.ui.button(
        label=t._("Undo", lang), on_click=lambda _v: set_moves(get_moves()[:-1])
    )
    reset_button = mo.ui.button(
        label=t._("Start again", lang), on_click=lambda _v: set_moves([]), kind="danger"
    )
    return place_button, reset_button, undo_button


@app.cell
def _(
    lang,
    legal,
    mo,
    place_button,
    refused,
    reset_button,
    rotation_choice,
    spot_choice,
    state,
    t,
    tile_choice,
    tile_svg,
    undo_button,
):
    _preview = (
        mo.Html(
            tile_svg(
                state.tile_types[tile_choice.value],
                rotation_choice.value or 0,
                size=110,
                lang=lang,
            )
        )
        if tile_choice.value
        else mo.md(t._("No tiles left.", lang))
    )
    _why = mo.md(
        t.ngettext(
            "**{player}** places the next tile. It fits on **{fits}** of the {n} open square.",
            "**{player}** places the next tile. It fits on **{fits}** of the {n} open squares.",
            len(legal) + len(refused),
            lang,
            player=state.players[(len(state.board.tiles) - 1) % 2],
            fits=len(legal),
        )
        + (
            ""
            if legal
            else " "
            + t._("Try another rotation (the counts are beside each one) or another tile.", lang)
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
def _(game, get_moves, lang, mo, set_moves, t, teach):
    # A follower for the tile just placed: choosing one rewrites that move, so the board,
    # the features and who would score follow at once.
    _spots = teach.follower_spots(game, lang)
    _moves = get_moves()
    _now = (_moves[-1].get("deploy") or {}).get("segment") if _moves else None
    _none = t._("no follower", lang)
    _labels = {_label: _segment for _segment, _label in _spots}
    follower_choice = mo.ui.radio(
        options={_none: None, **_labels},
        value=next((_l for _l, _s in _labels.items() if _s == _now), _none),
        label=t._(
            "**{player}'s follower** on the tile just placed",
            lang,
            player=teach.SANDBOX_PLAYERS[(len(_moves) - 1) % 2],
        ),
        on_change=lambda _segment: set_moves(teach.with_follower(get_moves(), _segment)),
    )
    follower_choice if _moves else mo.md(
        "*" + t._("Place a tile, then choose where its player puts a follower.", lang) + "*"
    )
    return


@app.cell
def _(lang, mo, refused, t):
    mo.accordion(
        {
            t.ngettext(
                "Why not the other {n} square?",
                "Why not the other {n} squares?",
                len(refused),
                lang,
            ): mo.md(
                "\n".join(
                    f"- **({_x}, {_y})**: {_reason.text_in(lang)}" for (_x, _y), _reason in refused
                )
                or t._("Every open square takes it.", lang)
            )
        }
    )
    return


@app.cell
def _(lang, mo, state, t, teach):
    _rows = teach.feature_rows(state)
    feature_choice = mo.ui.dropdown(
        options={
            t.ngettext(
                "#{id} {kind} ({n} tile)",
                "#{id} {kind} ({n} tiles)",
                _r["tiles"],
                lang,
                id=_r["id"],
                kind=t.pgettext("term", _r["kind"], lang),
            ): _r["id"]
            for _r in _rows
        },
        label=t._("Highlight a feature", lang),
    )
    show_graph = mo.ui.switch(value=True, label=t._("Show the feature graph", lang))
    return feature_choice, show_graph


@app.cell
def _(
    board_svg,
    feature_choice,
    lang,
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
        teach.placement_marks(state, tile_choice.value, rotation_choice.value or 0, lang)
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
        lang=lang,
    )
    mo.hstack(
        [
            mo.vstack([mo.hstack([feature_choice, show_graph], justify="start"), mo.Html(_svg)]),
            mo.vstack([mo.md(teach.placement_report(state, lang))]),
        ],
        widths=[3, 2],
        align="start",
    )
    return


@app.cell
def _(graph_size, lang, mo, state, t, teach, ui):
    # counted from the board, not from networkx: the page need not import it to start
    _segments, _edges = graph_size(state.board)
    _scores = teach.would_score(state, lang)
    mo.vstack(
        [
            mo.md(
                t._(
                    "**Features on the board** ({segments} segments, {edges} graph edges)",
                    lang,
                    segments=_segments,
                    edges=_edges,
                )
            ),
            # plain tables: marimo's own table adds English words a page cannot translate
            mo.Html(ui.records_table(teach.feature_rows(state, lang), height=420)),
            mo.md(
                t._(
                    "**If the game ended now**: who would score each occupied feature that is "
                    "still open, counted as after the game (a completed one has scored already "
                    "and its followers went home).",
                    lang,
                )
            ),
            mo.Html(ui.records_table(_scores))
            if _scores
            else mo.md("*" + t._("No follower stands on an open feature.", lang) + "*"),
        ]
    )
    return


@app.cell
def _(lang, mo, t):
    mo.md(
        t._(
            """
    **What to look for.** A road or city is complete when its *open edges* reach zero; a
    cloister when the eight squares around it are filled. Fields are never complete: they
    score after the game, by the completed cities they border (dashed lines in the graph).
    Two segments belong to the same feature exactly when a path of solid lines joins them.
    """,
            lang,
        )
    )
    return


if __name__ == "__main__":
    app.run()

# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Turn sequence walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples, teach
    from carc_teach.errors import CarcTeachError
    from carc_teach.gamefile import decode_game_text, load_game
    from carc_teach.render.svg import tile_svg

    return (
        CarcTeachError,
        decode_game_text,
        examples,
        load_game,
        mo,
        teach,
        tile_svg,
    )


@app.cell
def _(mo):
    mo.md("""
    # The turn sequence, one event at a time

    Step through a game of Carcassonne event by event: every tile drawn and placed, every
    follower deployed, every feature completed and every point scored, each shown on the
    board, placed in its step of the turn (1A to 4B, then scoring after the game) and
    explained with the rule that produced it. At each scoring, predict the points before
    they are revealed.
    """)
    return


@app.cell
def _(examples, mo):
    _titles = {examples.data(_name).get("title", _name): _name for _name in examples.names()}
    game_choice = mo.ui.dropdown(
        options=_titles,
        value=next(_t for _t, _n in _titles.items() if _n == "first-turns"),
        label="Game",
    )
    pasted = mo.ui.text_area(
        placeholder='Paste a game file here (JSON, see docs/game-format.md), e.g. one written by "carc-teach simulate --save"',
        full_width=True,
        rows=5,
    )
    quiz = mo.ui.switch(value=True, label="Ask me to predict each score first")
    mo.vstack(
        [
            mo.hstack([game_choice, quiz], justify="start", gap=2),
            mo.accordion({"Use your own game file": pasted}),
        ]
    )
    return game_choice, pasted, quiz


@app.cell
def _(
    CarcTeachError,
    decode_game_text,
    examples,
    game_choice,
    load_game,
    mo,
    pasted,
):
    # A pasted file wins over the dropdown; if it is broken, say why and keep the bundled game.
    game = examples.load(game_choice.value)
    load_problem = None
    if pasted.value.strip():
        try:
            game = load_game(
                decode_game_text(pasted.value, source="pasted game"), source="pasted game"
            )
        except CarcTeachError as _exc:
            load_problem = mo.callout(
                mo.md(
                    f"**This game file cannot be used.** {_exc}\n\nShowing the bundled game instead."
                ),
                kind="danger",
            )
    load_problem
    return (game,)


@app.cell
def _(game, mo):
    get_index, set_index = mo.state(0)
    _ = game  # a new game starts again at its first event
    return get_index, set_index


@app.cell
def _(game, get_index, mo, set_index):
    slider = mo.ui.slider(
        0,
        len(game.events) - 1,
        value=min(get_index(), len(game.events) - 1),
        on_change=set_index,
        label="Event",
        full_width=True,
        show_value=True,
    )
    return (slider,)


@app.cell
def _(game, get_index, mo, set_index, teach):
    # Buttons live in their own cell: a state change re-runs every cell that reads the state
    # except the one whose element changed it, so the slider above follows every click.
    _last = len(game.events) - 1

    def _here():
        return min(get_index(), _last)

    first_button = mo.ui.button(label="First", on_click=lambda _v: set_index(0))
    previous_button = mo.ui.button(
        label="Previous", on_click=lambda _v: set_index(max(_here() - 1, 0))
    )
    next_button = mo.ui.button(label="Next", on_click=lambda _v: set_index(min(_here() + 1, _last)))
    next_scoring_button = mo.ui.button(
        label="Next scoring",
        on_click=lambda _v: set_index(teach.next_event(game, _here(), scoring=True)),
    )
    last_button = mo.ui.button(label="Last", on_click=lambda _v: set_index(_last))
    return (
        first_button,
        last_button,
        next_button,
        next_scoring_button,
        previous_button,
    )


@app.cell
def _(
    first_button,
    game,
    last_button,
    mo,
    next_button,
    next_scoring_button,
    previous_button,
    slider,
):
    mo.vstack(
        [
            mo.md(
                f"**{game.title}** · {len(game.events)} events · players: {', '.join(game.players)}"
            ),
            slider,
            mo.hstack(
                [first_button, previous_button, next_button, next_scoring_button, last_button],
                justify="start",
            ),
        ]
    )
    return


@app.cell
def _(game, get_index):
    index = min(get_index(), len(game.events) - 1)
    event = game.events[index]
    state = game.replay(index)
    return event, index, state


@app.cell
def _(event, mo, teach):
    mo.Html(teach.timeline_html(event))
    return


@app.cell
def _(game, index, mo, teach):
    prediction = teach.prediction_for(game, index)
    guess = mo.ui.radio(
        options=list(prediction.choices) if prediction else [],
        label=prediction.question if prediction else "",
    )
    return guess, prediction


@app.cell
def _(event, game, guess, index, mo, prediction, quiz, state, teach, tile_svg):
    _hidden = bool(quiz.value and prediction is not None and guess.value is None)
    _tabs = {
        "Board": mo.Html(teach.board_for_event(game, index, state)),
        "Feature graph": mo.Html(teach.feature_graph_for_event(game, index, state)),
    }
    if teach.matplotlib_available():
        from carc_teach.render.mpl import feature_graph_figure

        _tabs["networkx + matplotlib"] = feature_graph_figure(
            state.board, event.nodes or None, title=f"After event {index}"
        )
    else:
        _tabs["networkx + matplotlib"] = mo.callout(
            "matplotlib is not available here (the offline browser build has no copy of it); "
            "the Feature graph tab draws the same graph as SVG.",
            kind="neutral",
        )
    _side = [mo.md(teach.explanation_markdown(event, hide_points=_hidden))]
    if event.tile and event.kind in ("tile-drawn", "tile-placed", "tile-discarded"):
        _side.append(mo.Html(tile_svg(state.tile_types[event.tile], event.rotation or 0, size=90)))
    if prediction is not None:
        _side.append(guess)
        if guess.value is not None:
            _right = guess.value == prediction.answer
            _side.append(
                mo.callout(
                    mo.md(
                        (
                            "**Right!** "
                            if _right
                            else f"**Not quite:** the answer is {prediction.answer}. "
                        )
                        + prediction.explanation
                    ),
                    kind="success" if _right else "warn",
                )
            )
    if _hidden:
        _side.append(mo.md("**Scores before this event**"))
        _side.append(mo.Html(teach.scoreboard_html(game, index - 1)))
    else:
        _side.append(mo.md("**Scores so far**"))
        _side.append(mo.Html(teach.scoreboard_html(game, index)))
    _notes = teach.annotation_notes(event)
    if _notes:
        _side.append(
            mo.accordion(
                {
                    f"{_n['kind']} · {_n['id']}": mo.callout(
                        mo.md(f"{_n['text']}\n\n*{_n['citation']}*"), kind=_n["callout"]
                    )
                    for _n in _notes
                }
            )
        )
    mo.hstack([mo.ui.tabs(_tabs), mo.vstack(_side)], widths=[3, 2], align="start")
    return


@app.cell
def _(mo):
    mo.md("""
    **How to read the board.** Orange frame: the tile placed by the current event. Yellow:
    the feature the event is about (a cloister also shows its 3×3 neighbourhood). Figures
    stand on the segment they occupy; farmers lie down. Hover any shape for its tile,
    segment id and owner. The *Feature graph* tab draws every placed segment as a node:
    solid lines join segments that meet across a tile edge (one connected group is one
    road, city, field or cloister), dashed lines mark where a field touches a city.
    """)
    return


if __name__ == "__main__":
    app.run()

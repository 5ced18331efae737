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
    classroom = mo.ui.switch(value=False, label="Classroom mode")
    mo.vstack(
        [
            mo.hstack([game_choice, quiz, classroom], justify="start", gap=2),
            mo.accordion({"Use your own game file": pasted}),
        ]
    )
    return classroom, game_choice, pasted, quiz


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
def _(mo):
    # Its own cell, reading no state: its value (notes shown or not) survives every step.
    notes_button = mo.ui.button(
        value=True,
        on_click=lambda shown: not shown,
        label="Presenter notes (N)",
        keyboard_shortcut="n",
    )
    return (notes_button,)


@app.cell
def _(game, get_index, get_revealed_at, mo, quiz, set_index, set_revealed_at, teach):
    # Classroom mode's keys: → and space step forward (a prediction's reveal is a step of its
    # own), ← steps back. marimo buttons listen for their keyboard shortcut on the page.
    def _go(step):
        _here = min(get_index(), len(game.events) - 1)
        _index, _revealed = step(game, _here, get_revealed_at() == _here, quiz=quiz.value)
        set_index(_index)
        set_revealed_at(_index if _revealed else -1)

    back_key = mo.ui.button(
        label="◀ Back (←)",
        keyboard_shortcut="ArrowLeft",
        on_click=lambda _v: _go(teach.classroom_back),
    )
    forward_key = mo.ui.button(
        label="Next ▶ (→)",
        keyboard_shortcut="ArrowRight",
        on_click=lambda _v: _go(teach.classroom_forward),
    )
    space_key = mo.ui.button(
        label="Reveal / next (space)",
        keyboard_shortcut="Space",
        on_click=lambda _v: _go(teach.classroom_forward),
    )
    return back_key, forward_key, space_key


@app.cell
def _(
    back_key,
    classroom,
    forward_key,
    game,
    get_revealed_at,
    index,
    mo,
    notes_button,
    quiz,
    space_key,
    state,
    teach,
):
    # Classroom mode: the whole width, large type, one event per key press, the prediction
    # put to the class before the reveal, presenter notes in a panel that N hides.
    mo.stop(not classroom.value)
    _stage = mo.Html(
        teach.classroom_stage_html(
            game, index, state, revealed=get_revealed_at() == index, quiz=quiz.value, width=760
        )
    )
    _keys = mo.hstack(
        [
            back_key,
            forward_key,
            space_key,
            notes_button,
            mo.md("*Click the board first if the keys do not answer.*"),
        ],
        justify="start",
        gap=1,
    )
    _parts = [_keys, _stage]
    if notes_button.value:
        _parts.append(
            mo.accordion(
                {
                    "Presenter notes: the rule and its footnotes": mo.md(
                        teach.presenter_notes_markdown(game, index, quiz=quiz.value)
                    )
                },
                lazy=False,
            )
        )
    mo.vstack(_parts, gap=1)
    return


@app.cell
def _(game, mo):
    get_index, set_index = mo.state(0)
    # classroom mode: the event whose prediction has been revealed to the class (-1: none)
    get_revealed_at, set_revealed_at = mo.state(-1)
    _ = game  # a new game starts again at its first event
    return get_index, get_revealed_at, set_index, set_revealed_at


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
    classroom,
    first_button,
    game,
    last_button,
    mo,
    next_button,
    next_scoring_button,
    previous_button,
    slider,
):
    mo.stop(classroom.value)
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
def _(classroom, event, mo, teach):
    mo.stop(classroom.value)
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
def _(
    classroom,
    event,
    game,
    guess,
    index,
    mo,
    prediction,
    quiz,
    state,
    teach,
    tile_svg,
):
    mo.stop(classroom.value)
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
    # The move note comes with its tile unless it would answer a prediction of its turn;
    # then it waits for that prediction (teach.event_note).
    _note = teach.event_note(game, index, quiz=quiz.value)
    _side = [mo.md(teach.explanation_markdown(event, hide_points=_hidden, note=_note))]
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
    _scored_until = index - 1 if _hidden else index
    _side.append(mo.md("**Scores before this event**" if _hidden else "**Scores so far**"))
    _side.append(mo.Html(teach.scoreboard_html(game, _scored_until)))
    # "Why this many points?": a player's score opens onto the events that made it.
    _totals = game.scores_after(_scored_until)
    _side.append(
        mo.accordion(
            {
                f"Why {_player} has {_points} point{'s' if _points != 1 else ''}": mo.md(
                    teach.score_story_markdown(game, _scored_until, _player)
                )
                for _player, _points in _totals.items()
            }
        )
    )
    # Footnotes only of the expansions this game plays.
    _notes = teach.annotation_notes(event, expansions=game.setup.expansions)
    if _notes:
        _side.append(
            mo.accordion(
                {
                    f"{_n['kind']} · {_n['title']}": mo.callout(
                        mo.md(f"{_n['text']}\n\n*{_n['citation']}*"), kind=_n["callout"]
                    )
                    for _n in _notes
                }
            )
        )
    mo.hstack([mo.ui.tabs(_tabs), mo.vstack(_side)], widths=[3, 2], align="start")
    return


@app.cell
def _(classroom, mo):
    mo.stop(classroom.value)
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

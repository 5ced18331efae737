# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="The Count of Carcassonne walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples, teach
    from carc_teach.render.svg import tile_svg

    return examples, mo, teach, tile_svg


@app.cell
def _(mo):
    mo.md("""
    # The Count of Carcassonne, step by step

    A player whose tile makes others score while they score nothing may send a follower into
    the City of Carcassonne, and bring it out later onto a feature about to score. Step
    through a short game event by event, see who waits in which quarter, and predict when
    the City opens.
    """)
    return


@app.cell
def _(mo):
    mo.md("""
    ## The rule in short

    - **The City is the start.** Its twelve tiles are laid as one block instead of the usual
      start tile. Four of them are quarters: the **castle**, the **market**, the
      **blacksmith** and the **cathedral**. The Count, a neutral figure, begins in the castle.
    - **Getting in.** When your tile makes somebody else score and you score nothing, you may
      put one figure from your supply into a quarter, besides your usual deployment and at
      most once per tile. It is the points that matter: completing a feature that scores for
      you too, or for nobody, opens nothing.
    - **Getting out before a scoring.** Just before a feature scores during the game,
      players may move followers into it from the matching quarter: the castle feeds
      cities, the blacksmith roads, the cathedral cloisters. It does not matter who already
      holds the feature; the newcomers count for the majority like anyone there. A follower
      in the City never scores where it stands.
    - **The Count blocks.** Whoever enters the City may move the Count to another quarter.
      Nobody may leave the quarter where he stands.
    - **The market waits for the end.** Once the last tile is placed, players take turns,
      starting left of whoever placed it, moving one follower at a time from the City onto
      an unfinished feature or a farm (the market's followers go to farms), until nobody
      moves. A farm that touches the City counts it as one more completed city.
    """)
    return


@app.cell
def _(examples, mo):
    game = examples.load("count-city")
    quiz = mo.ui.switch(value=True, label="Ask me first (points, and who may enter the City)")
    get_index, set_index = mo.state(0)
    quiz
    return game, get_index, quiz, set_index


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
    # Buttons live in their own cell, so the slider above follows every click.
    _last = len(game.events) - 1

    def _here():
        return min(get_index(), _last)

    def _next_question(_v):
        _k = _here() + 1
        while _k < _last and teach.walkthrough_question(game, _k) is None:
            _k += 1
        set_index(_k)

    first_button = mo.ui.button(label="First", on_click=lambda _v: set_index(0))
    previous_button = mo.ui.button(
        label="Previous", on_click=lambda _v: set_index(max(_here() - 1, 0))
    )
    next_button = mo.ui.button(label="Next", on_click=lambda _v: set_index(min(_here() + 1, _last)))
    next_question_button = mo.ui.button(label="Next question", on_click=_next_question)
    last_button = mo.ui.button(label="Last", on_click=lambda _v: set_index(_last))
    return (
        first_button,
        last_button,
        next_button,
        next_question_button,
        previous_button,
    )


@app.cell
def _(
    first_button,
    game,
    last_button,
    mo,
    next_button,
    next_question_button,
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
                [first_button, previous_button, next_button, next_question_button, last_button],
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
    prediction = teach.walkthrough_question(game, index)
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
    _note = teach.walkthrough_note(game, index, quiz=quiz.value)
    _side = [mo.md(teach.walkthrough_explanation_markdown(event, hidden=_hidden, note=_note))]
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
    # The board draws the quarters' tiles; who waits in them is listed here.
    _side.append(mo.md("**The City of Carcassonne**"))
    _side.append(mo.Html(teach.city_quarters_html(game, index, hidden=_hidden)))
    _scored_until = index - 1 if _hidden else index
    _side.append(mo.md("**Scores before this event**" if _hidden else "**Scores so far**"))
    _side.append(mo.Html(teach.scoreboard_html(game, _scored_until)))
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
    # The footnotes behind the event wait for the answer: they would give it away.
    _notes = [] if _hidden else teach.annotation_notes(event, expansions=game.setup.expansions)
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
def _(mo):
    mo.md("""
    **How to read the board.** The twelve tiles in the middle are the City; hover a tile to
    see which quarter it holds. Followers waiting in a quarter stand on a place, not in a
    feature, so the board does not draw them: the table beside it lists them and the Count,
    and shades the quarter the current event changed. Orange frame: the tile just placed.
    Yellow: the feature the event is about.
    """)
    return


@app.cell
def _(game, mo, teach):
    mo.accordion(
        {
            "Footnotes this walkthrough covers": mo.md(teach.footnotes_covered_markdown(game)),
        }
    )
    return


if __name__ == "__main__":
    app.run()

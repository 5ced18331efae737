# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="King & Robber Baron walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples, teach
    from carc_teach.render.svg import tile_svg

    return examples, mo, teach, tile_svg


@app.cell
def _(mo):
    mo.md("""
    # King & Robber Baron, step by step

    Two neutral tokens reward the biggest city and the longest road completed during the
    game, measured in tiles, not points. Step through a short game event by event, watch who
    holds the King and the Robber Baron and what size a city or road must beat, and predict
    when a token changes hands.
    """)
    return


@app.cell
def _(mo):
    mo.md("""
    ## The rule in short

    - **Two tokens, set aside at the start.** The King goes with cities, the Robber Baron
      with roads. Nobody holds either until a city or a road is completed.
    - **The first one.** The player who lays the tile that completes the first city of the
      game takes the King. Followers on the city do not matter: the King goes to whoever
      placed that last tile, even if somebody else scored the city, or nobody did.
    - **Taking it away.** From then on, a completed city takes the King only if it has
      **more tiles** than every city completed before it. Its points do not matter:
      pennants add nothing to its size, and a city of the same number of tiles leaves the
      King where it is. If the holder completes a bigger one, they keep the King and the
      size to beat goes up.
    - **Roads and the Robber Baron.** Exactly the same, with completed roads measured in
      tiles.
    - **After the game.** Whoever holds the King scores 1 point for every completed city on
      the board, whoever holds the Robber Baron 1 point for every completed road, whoever
      completed them and whether or not anybody occupied them. With The Count of
      Carcassonne, the City counts as one more completed city for the King.
    - **House rules.** Groups that find these points too small play variants instead, and
      the engine offers them as the option `king.scoring`: 10 points per token, 15 per
      token and 40 for holding both, or 1 point to the holder each time a city or road is
      completed. Compare them on this game in the editions notebook.
    """)
    return


@app.cell
def _(examples, mo):
    game = examples.load("king-robber")
    quiz = mo.ui.switch(
        value=True, label="Ask me first (points, and who takes the King or the Robber Baron)"
    )
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
        while _k < _last and teach.king_walkthrough_question(game, _k) is None:
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
    prediction = teach.king_walkthrough_question(game, index)
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
    _note = teach.king_walkthrough_note(game, index, quiz=quiz.value)
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
    # The tokens are held beside the board, not on it: who holds them is listed here.
    _side.append(mo.md("**The King and the Robber Baron**"))
    _side.append(mo.Html(teach.royal_tokens_html(game, index, hidden=_hidden)))
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
    **How to read the board.** The King and the Robber Baron are not placed on the board:
    the table beside it says who holds each and how many tiles a completed city or road must
    beat to take it, and shades the token the current event changed. Orange frame: the tile
    just placed. Yellow: the feature the event is about. The size of a city or road is its
    number of tiles; count them on the board before you answer.
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

# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Heretics & Shrines walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples, teach
    from carc_teach.render.svg import tile_svg

    return examples, mo, teach, tile_svg


@app.cell
def _(mo):
    mo.md("""
    # Heretics & Shrines, step by step

    A shrine is a cloister's rival: a heretic on a shrine next to a monk in a cloister starts
    a race, and the building finished first takes the points while the other follower walks
    home empty-handed. Step through a short game with three such races, watch the open
    challenges, and predict who scores when one tile finishes both buildings.
    """)
    return


@app.cell
def _(mo):
    mo.md("""
    ## The rule in short

    - **A shrine works like a cloister.** You lay it, occupy it and score it exactly as a
      cloister: once all eight squares around it hold tiles it is worth 9, and if it is still
      unfinished when the game is over it is worth 1 plus 1 for each tile around it.
    - **One neighbour of each kind, at most.** Among its eight neighbours a shrine may have
      no more than one cloister, and a cloister no more than one shrine. A tile that would
      give a neighbouring building a second rival may not be placed there either.
    - **The heretic.** A follower you put on a shrine is called a heretic (on a cloister it
      is a monk, as always).
    - **The challenge.** When a heretic is placed on a shrine next to a cloister that already
      holds a monk, or a monk on a cloister next to a shrine that already holds a heretic, a
      challenge begins. It does not matter who owns the other building; you may even
      challenge your own monk or heretic. Next to an empty building nothing happens.
    - **Who wins.** The building that is completed first scores its usual 9. The follower on
      the other building goes back to its owner's supply and scores nothing, even if the
      tile that decided the race was its owner's. That building stays on the board, empty.
    - **A tile that finishes both.** If a single tile completes both buildings at once,
      neither came first, so nobody loses: both buildings score 9.
    - **No winner by the end.** A challenge still undecided after the last tile has no loser:
      both buildings score as unfinished ones.
    """)
    return


@app.cell
def _(examples, mo):
    game = examples.load("shrines")
    quiz = mo.ui.switch(value=True, label="Ask me first (points, and who scores a challenge)")
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
        while _k < _last and teach.shrines_question(game, _k) is None:
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
    prediction = teach.shrines_question(game, index)
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
    _note = teach.shrines_note(game, index, quiz=quiz.value)
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
    # Which shrines and cloisters are racing each other is listed here.
    _side.append(mo.md("**Open challenges**"))
    _side.append(mo.Html(teach.open_challenges_html(game, index, hidden=_hidden)))
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
    **How to read the board.** A shrine is drawn like a cloister, on a tile of its own; hover
    a tile to see what it holds. A follower standing on a shrine is the heretic. The table
    beside the board lists every open challenge: which shrine races which cloister, who
    stands on each, how many of the eight squares around each are still empty, and it shades
    a challenge that the current event opened and strikes through one it decided. Orange
    frame: the tile just placed. Yellow: the feature the event is about.
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

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
    from carc_teach import notebook_ui as ui

    return examples, mo, teach, ui


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
def _(mo, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    ui.glossary(mo)
    return


@app.cell
def _(examples, mo):
    # the bundled games in the course's order: the base game's first
    _titles = {
        examples.data(_name).get("title", _name): _name for _name in examples.in_course_order()
    }
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
def _(examples, game_choice, mo, pasted, ui):
    # A pasted file wins over the dropdown; if it is broken, say why and keep the bundled game.
    game, load_problem = ui.game_from_paste(
        mo,
        pasted.value,
        lambda: examples.load(game_choice.value),
        instead="Showing the bundled game instead.",
    )
    load_problem
    return (game,)


@app.cell
def _(mo, teach, ui):
    # The points of each scoring are the question; "Next scoring" skips to the next one.
    walkthrough = ui.Walkthrough(
        jump_label="Next scoring",
        jump=lambda game, index: teach.next_event(game, index, scoring=True),
        extra_tabs=ui.matplotlib_tab,
    )
    return (walkthrough,)


@app.cell
def _(game, mo):
    get_index, set_index = mo.state(0)
    _ = game  # a new game starts again at its first event
    return get_index, set_index


@app.cell
def _(game, get_index, mo, set_index, ui, walkthrough):
    # The step buttons in one cell, the slider in the next: it follows every click.
    step_buttons = ui.step_buttons(mo, game, get_index, set_index, walkthrough)
    return (step_buttons,)


@app.cell
def _(game, get_index, mo, set_index, ui):
    slider = ui.event_slider(mo, game, get_index, set_index)
    return (slider,)


@app.cell
def _(game, get_index, mo, ui, walkthrough):
    # The event shown, the state just after it, its question and the learner's answer.
    index, state, prediction, guess = ui.at_event(mo, game, get_index(), walkthrough)
    return guess, index, prediction, state


@app.cell
def _(
    classroom,
    game,
    guess,
    index,
    mo,
    prediction,
    quiz,
    slider,
    state,
    step_buttons,
    ui,
    walkthrough,
):
    # Classroom mode: the stage over the whole window, stepped in the browser by the keys a
    # clicker sends; the question put to the class before the reveal; notes in a second window.
    ui.walkthrough_page(
        mo,
        game,
        index,
        state,
        walkthrough,
        classroom=classroom.value,
        slider=slider,
        buttons=step_buttons,
        prediction=prediction,
        guess=guess,
        quiz=quiz.value,
        board_help="""
    **How to read the board.** Orange frame: the tile placed by the current event. Yellow:
    the feature the event is about (a cloister also shows its 3×3 neighbourhood). Figures
    stand on the segment they occupy; farmers lie down. Hover any shape for its tile,
    segment id and owner. The *Feature graph* tab draws every placed segment as a node:
    solid lines join segments that meet across a tile edge (one connected group is one
    road, city, field or cloister), dashed lines mark where a field touches a city.
        """,
    )
    return


@app.cell
def _(game, mo, ui):
    ui.footnotes_covered(mo, game)
    return


if __name__ == "__main__":
    app.run()

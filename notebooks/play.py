# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Play a game")


@app.cell
def _():
    import marimo as mo

    from carc_teach import notebook_ui as ui
    from carc_teach import play_ui

    return mo, play_ui, ui


@app.cell
def _(mo):
    mo.md("""
    # Play a whole game

    Play Carcassonne to the end against the computer's players, or with friends at one
    screen, with any of the expansions the engine knows. Draw, turn the tile and click a
    blue square; then click where to deploy a figure, or pass. Every other decision the
    rules ask of you (the Count's deployment, a wagon's move, a barn, the market after the
    game ...) comes to you the same way. A grey square or segment says which rule refuses it.

    The bots move one decision at a time: press **Next** to follow them. **Hint** shows what
    the greedy bot would do and what it scores this turn; **Undo** takes back your last
    answer. **Download the game** saves it as a game file at any moment (the turns played so
    far); take it over again below, or take over a bundled game at any event.
    """)
    return


@app.cell
def _(mo, ui):
    ui.glossary(mo)
    return


@app.cell
def _(mo, play_ui):
    # The table (the game and the last message) and a version that every action bumps.
    table = play_ui.Table()
    table.start(
        play_ui.FIRST_GAME["seats"],
        expansions=play_ui.FIRST_GAME["expansions"],
        seed=play_ui.FIRST_GAME["seed"],
    )
    # (the buttons that bump it live in cells that read it: they must re-run too)
    get_version, set_version = mo.state(0, allow_self_loops=True)

    def bump():
        set_version(lambda v: v + 1)

    return bump, get_version, table


@app.cell
def _(bump, get_version, mo, play_ui, table):
    # The decision's own controls: the tile's rotation, the figure, the engine's list.
    get_version()
    rotation = play_ui.rotation_radio(mo, table)
    group = play_ui.group_dropdown(mo, table)
    options = play_ui.option_picker(mo, table, bump)
    controls = play_ui.buttons(mo, table, bump)
    return controls, group, options, rotation


@app.cell
def _(group, mo, play_ui, rotation, table):
    # The board, with what may be picked on it.
    picker = play_ui.board(mo, table, rotation.value, group.value)
    return (picker,)


@app.cell
def _(bump, picker, play_ui, rotation, table):
    # A click on the board answers, or says which rule refuses it.
    play_ui.handle_pick(table, picker, rotation.value, bump)
    return


@app.cell
def _(controls, get_version, group, mo, options, picker, play_ui, rotation, table):
    get_version()
    play_ui.page(mo, table, picker, rotation, group, options, controls)
    return


@app.cell
def _(mo):
    mo.md("""
    ## Set up a new game
    """)
    return


@app.cell
def _(bump, mo, play_ui, table):
    def _start(value):
        table.start_from_form(value)
        bump()

    play_ui.setup_form(mo, _start)
    return


@app.cell
def _(mo):
    mo.md("""
    ## Take over a game

    A bundled game or a game file, from just after an event (its number as the walkthroughs
    show it; -1 goes on where its moves end). The decisions before it keep the file's
    answers; the people you name play on, the bots play the rest.
    """)
    return


@app.cell
def _(bump, mo, play_ui, table):
    def _take_over(value):
        table.take_over(value)
        bump()

    play_ui.takeover_form(mo, _take_over)
    return


if __name__ == "__main__":
    app.run()

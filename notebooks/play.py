# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Play a whole game

Play Carcassonne to the end against the computer's players, or with friends at one
screen, with any of the expansions the engine knows. A game against the greedy bot is
already set out below; set up another or take over a game here.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

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
def _(mo, ui):
    # the page's language: ?lang= in the address, else the one the browser remembers
    lang_switch = ui.language_switch(mo)
    return (lang_switch,)


@app.cell
def _(lang_switch, mo, ui):
    lang, _language_row = ui.page_language(mo, lang_switch)
    _language_row
    return (lang,)


@app.cell
def _(lang, mo, play_ui):
    mo.md(play_ui.intro_markdown(lang))
    return


@app.cell
def _(mo, play_ui):
    # The table (the game and the last message) and the versions that actions bump: every
    # action the decision's version; the scores' only when a scoring changed them.
    table = play_ui.Table()
    table.start(
        play_ui.FIRST_GAME["seats"],
        expansions=play_ui.FIRST_GAME["expansions"],
        seed=play_ui.FIRST_GAME["seed"],
    )
    table.scores_changed()
    # (the buttons that bump it live in cells that read it: they must re-run too)
    get_version, set_version = mo.state(0, allow_self_loops=True)
    get_scores, set_scores = mo.state(0, allow_self_loops=True)
    # a new game folds the set-up away (only then: the forms stay as the learner filled them)
    get_games, set_games = mo.state(0)

    def scores_moved():
        if table.scores_changed():
            set_scores(lambda v: v + 1)

    def bump():
        set_version(lambda v: v + 1)
        scores_moved()

    def new_game_shown():
        set_games(lambda n: n + 1)

    return bump, get_games, get_scores, get_version, new_game_shown, scores_moved, table


@app.cell
def _(bump, lang, mo, new_game_shown, play_ui, table):
    def _start(value):
        if table.start_from_form(value):
            new_game_shown()
        bump()

    def _take_over(value):
        if table.take_over(value):
            new_game_shown()
        bump()

    setup = play_ui.setup_form(mo, _start, lang)
    takeover = play_ui.takeover_form(mo, _take_over, lang)
    return setup, takeover


@app.cell
def _(get_games, lang, mo, play_ui, setup, takeover):
    # folded again once a new game is set out: the board below is where the eye goes next
    play_ui.setup_accordion(mo, setup, takeover, get_games(), lang)
    return


@app.cell
def _(get_games, lang, mo, play_ui, table):
    # Made once per game: the download (the file is written when clicked).
    get_games()
    download = play_ui.download_button(mo, table, lang)
    return (download,)


@app.cell
def _(mo, play_ui, table):
    # The board that takes clicks, made once: each position is drawn into it in place (below),
    # so an answer sends the page the new picture only.
    picker = play_ui.board(mo, table)
    return (picker,)


@app.cell
def _(bump, download, get_version, lang, mo, picker, play_ui, scores_moved, table):
    # The page's top, one cell: a click on the board answers here (or says which rule refuses
    # it), and the controls' changes bump the version to run it again. One cell, not four:
    # offline, every cell run is about a dozen messages to the page (docs/play.md).
    get_version()
    if play_ui.handle_pick(table, picker):
        scores_moved()
    play_ui.top(mo, table, picker, download, bump, lang)
    return


@app.cell
def _(get_scores, lang, mo, play_ui, table):
    # The scores and why, under the board: drawn again only when a scoring changed them.
    get_scores()
    play_ui.scores_view(mo, table, lang)
    return


@app.cell
def _(get_games, lang, mo, play_ui, table):
    # The key to the board's drawing, for the expansions in play: drawn once per game.
    get_games()
    play_ui.key_view(mo, table, lang)
    return


@app.cell
def _(lang, mo, ui):
    ui.glossary(mo, lang)
    return


if __name__ == "__main__":
    app.run()

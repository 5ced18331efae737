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
    # The table (the game and the last message), made once: a language switch does not start
    # the game again. A set-up action bumps the version, which draws the page's top anew; a
    # new game also the games' count, which folds the set-up and makes its download and key;
    # the scores' version moves only when a scoring changed them.
    table = play_ui.Table()
    table.start_first_game()
    table.scores_changed()
    get_version, set_version = mo.state(0)
    get_scores, set_scores = mo.state(0)
    get_games, set_games = mo.state(0)

    def scores_moved():
        if table.scores_changed():
            set_scores(lambda v: v + 1)

    def set_up(new_game):
        if new_game:
            set_games(lambda n: n + 1)
        set_version(lambda v: v + 1)
        scores_moved()

    return get_games, get_scores, get_version, scores_moved, set_up, table


@app.cell
def _(lang, table):
    # The first game's seats are named in the page's language, its moves kept (the cells
    # showing names read this).
    seats_named = table.name_seats_in(lang)
    _shown = table.scores_changed()  # the scores cell below draws them under the names
    return (seats_named,)


@app.cell
def _(lang, mo, play_ui, set_up, table):
    setup = play_ui.setup_form(mo, lambda value: set_up(table.start_from_form(value)), lang)
    takeover = play_ui.takeover_form(mo, lambda value: set_up(table.take_over(value)), lang)
    return setup, takeover


@app.cell
def _(get_games, lang, mo, play_ui, setup, takeover):
    # folded again once a new game is set out: the board below is where the eye goes next
    play_ui.setup_accordion(mo, setup, takeover, get_games(), lang)
    return


@app.cell
def _(get_version, lang, mo, play_ui, scores_moved, seats_named, table):
    # The page's top: the board with the decision's panel beside it, one element made once
    # per game. A click on the board or on a control answers in Python and draws into the same
    # element: no cell runs and no element is made again (docs/play.md, "Speed").
    get_version(), seats_named
    play_top = play_ui.play_board(mo, table, lang, on_scores=scores_moved)
    play_top
    return


@app.cell
def _(get_games, lang, mo, play_ui, seats_named, table):
    # Made once per game: the download (the file is written when clicked).
    get_games(), seats_named
    download = play_ui.download_button(mo, table, lang)
    download
    return


@app.cell
def _(get_scores, lang, mo, play_ui, seats_named, table):
    # The scores and why, under the board: drawn again only when a scoring changed them.
    get_scores(), seats_named
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

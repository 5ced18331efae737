# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Scoring after the game, step by step

When the last tile is down, a good part of the points is still to come. Starting at the
last tile of a short game with the Count, King & Robber Baron and Abbey & Mayor, step
through the scoring after the game in the order it happens: the followers leaving the
City of Carcassonne one at a time, the unfinished roads, cities and cloisters, the farms,
the King and the Robber Baron, and the barn, predicting each result before you see it.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Scoring after the game walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.lessons.after_game import WALKTHROUGH as walkthrough

    return (
        mo,
        t,
        ui,
        walkthrough,
    )


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
def _(lang, mo, t):
    mo.md(
        t._(
            """
    # Scoring after the game, step by step

    When the last tile is down, a good part of the points is still to come. Starting at the
    last tile of a short game with the Count, King & Robber Baron and Abbey & Mayor, step
    through the scoring after the game in the order it happens: the followers leaving the
    City of Carcassonne one at a time, the unfinished roads, cities and cloisters, the farms,
    the King and the Robber Baron, and the barn, predicting each result before you see it.
    """,
            lang,
        )
    )
    return


@app.cell
def _(lang, mo, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    ui.glossary(mo, lang)
    return


@app.cell
def _(lang, mo, t):
    mo.md(
        t._(
            """
    ## The rule in short

    - **The City empties first** (The Count of Carcassonne). Before anything scores,
      followers waiting in the City may come out, one at a time: the player on the left of
      whoever laid the last tile moves one follower or passes, then the next player, and so
      on round the table, round after round, until nobody moves any more. A market follower
      goes onto any farm, a castle follower into an unfinished city, a blacksmith follower
      onto an unfinished road, a cathedral follower into an unfinished cloister. The quarter
      where the Count stands stays shut, and a follower still in the City scores nothing.
    - **Unfinished roads, cities and cloisters.** Every one that still has followers scores
      once more, for whoever has the most of them there (all of them when tied): a road 1
      point per tile, a city 1 per tile and 1 per pennant (half of what a completed city
      pays), a cloister 1 for itself and 1 for each tile around it.
    - **Farms.** Each farm pays the players with the most farmers in it 3 points for every
      completed city it touches, however far away the farmers stand. Unfinished cities pay
      the farm nothing. With the Count, the City of Carcassonne is a completed city for
      every farm that touches it.
    - **The King and the Robber Baron** (King & Robber Baron). Whoever holds the King scores
      1 point for every completed city on the board, the City of Carcassonne included;
      whoever holds the Robber Baron 1 point for every completed road. Every one counts, no
      matter who completed it, who scored it, or whether anybody stood on it.
    - **Barns** (Abbey & Mayor). Each barn pays its owner 4 points for every completed city
      its farm touches, the City of Carcassonne included, even though no farmer stands
      there. Two barns on one farm each score in full.
    """,
            lang,
        )
    )
    return


@app.cell
def _(lang, mo, ui, walkthrough):
    game = ui.bundled_game(walkthrough)
    quiz, classroom = ui.controls(mo, walkthrough, lang)
    mo.hstack([quiz, classroom], justify="start", gap=2)
    return classroom, game, quiz


@app.cell
def _(classroom, game, lang, mo, quiz, ui, walkthrough):
    # Every event's view is built once and stepped in the browser; classroom mode puts the
    # stage over the whole window, stepped by the keys a clicker sends.
    ui.walkthrough_view(
        mo, game, walkthrough, quiz=quiz.value, classroom=classroom.value, lang=lang
    )
    return


@app.cell
def _(game, lang, mo, ui):
    ui.footnotes_covered(mo, game, lang)
    return


if __name__ == "__main__":
    app.run()

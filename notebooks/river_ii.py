# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# The River II, step by step

The game begins at a spring, and the river is laid tile by tile before any land tile
comes out of the bag. Step through a short game from the spring to the volcano lake and
on to the scoring: see which way a bend may turn the water, where a lake may go, what
becomes of a river tile that fits nowhere, where followers may stand on a river tile,
and what the pig herd adds to a farm.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="The River II walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.river2.lessons import WALKTHROUGH as walkthrough

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
    # The River II, step by step

    The game begins at a spring, and the river is laid tile by tile before any land tile
    comes out of the bag. Step through a short game from the spring to the volcano lake and
    on to the scoring: see which way a bend may turn the water, where a lake may go, what
    becomes of a river tile that fits nowhere, where followers may stand on a river tile,
    and what the pig herd adds to a farm.
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

    - **The spring starts the game.** It takes the place of the usual start tile. All the
      other river tiles are drawn first; only when none is left do land tiles come out.
    - **The fork comes next.** It is the first tile drawn after the spring, and from it the
      water runs on in two branches, each of which needs its own end.
    - **Every river tile continues the river.** It must be laid against an open end so that
      the water runs on through it; like any tile, its other edges must match the tiles
      beside it. A river tile never goes anywhere else against the land.
    - **No U-turn.** The river may not bend the same way twice in a row: after a bend to the
      right, the next tile goes straight on or bends left, and the other way round. On the
      fork's branches the fork itself counts as the first bend.
    - **Lakes close the branches.** A lake ends the branch it is laid on, whichever one. The
      volcano lake is always the last river tile, and with it the river is finished.
    - **A river tile that fits nowhere** is taken out of the game for good, and its player
      draws again. The river is simply finished with the tiles that are left.
    - **Followers stay out of the water.** Nobody may stand on the river itself; the cities,
      roads, cloisters and fields on river tiles are claimed and scored as on any land tile.
    - **The pig herd.** Whoever scores the farm where the herd grazes gets 1 more point per
      completed city the farm counts, on top of the usual 3, however many herds it holds.
    - **With The Count of Carcassonne.** The City and the spring both want to start the
      game. The latest rules lay the City first and the spring as the first tile drawn, and
      let river tiles that cannot be placed drop out; older advice varies, and a popular
      house rule lays the whole river first and puts the City beside it. The engine offers
      all of these as the option `river2.with-count`.
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

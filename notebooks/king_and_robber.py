# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# King & Robber Baron, step by step

Two neutral tokens reward the biggest city and the longest road completed during the
game, measured in tiles, not points. Step through a short game event by event, watch who
holds the King and the Robber Baron and what size a city or road must beat, and predict
when a token changes hands.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="King & Robber Baron walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.king_robber.views import WALKTHROUGH as walkthrough

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
    # King & Robber Baron, step by step

    Two neutral tokens reward the biggest city and the longest road completed during the
    game, measured in tiles, not points. Step through a short game event by event, watch who
    holds the King and the Robber Baron and what size a city or road must beat, and predict
    when a token changes hands.
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

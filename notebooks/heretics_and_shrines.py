# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Heretics & Shrines, step by step

A shrine is a cloister's rival: a heretic on a shrine next to a monk in a cloister starts
a race, and the building finished first takes the points while the other follower walks
home empty-handed. Pick a lesson, step through its short game, watch the open
challenges, and predict who scores when one tile finishes both buildings, where a shrine
may go, and what an abbey or a wagon does in the race.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Heretics & Shrines walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.shrines.lessons import WALKTHROUGH as walkthrough

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
    # Heretics & Shrines, step by step

    A shrine is a cloister's rival: a heretic on a shrine next to a monk in a cloister starts
    a race, and the building finished first takes the points while the other follower walks
    home empty-handed. Pick a lesson, step through its short game, watch the open
    challenges, and predict who scores when one tile finishes both buildings, where a shrine
    may go, and what an abbey or a wagon does in the race.
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
    - **With Abbey & Mayor.** An abbey is a cloister for all of this: the limit keeps it out
      of a hole beside two shrines, no shrine may join an abbey that has one already, and a
      monk in an abbey races a heretic. A wagon on a shrine or cloister counts as one
      follower there; if its building loses the race it goes home with the others and may
      not roll on, since its building was never scored.
    - **House rules.** Some groups let more shrines and cloisters crowd together, provided
      the extra buildings stay empty for the whole game (option
      `shrine.placement-limit`), and let wagons onto a cloister, shrine or abbey only where
      the tile shows a road (option `wagon.cloister-access`).
    """,
            lang,
        )
    )
    return


@app.cell
def _(lang, mo, ui, walkthrough):
    lesson_choice, quiz, classroom = ui.lesson_controls(mo, walkthrough, lang)
    mo.hstack([lesson_choice, quiz, classroom], justify="start", gap=2)
    return classroom, lesson_choice, quiz


@app.cell
def _(lang, lesson_choice, mo, ui, walkthrough):
    game, lesson_intro = ui.lesson_game(mo, walkthrough, lesson_choice.value, lang)
    lesson_intro
    return (game,)


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


@app.cell
def _(lang, mo, ui, walkthrough):
    ui.lesson_footnotes(mo, walkthrough, lang)
    return


if __name__ == "__main__":
    app.run()

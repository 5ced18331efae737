# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# The Count of Carcassonne, step by step

A player whose tile makes others score while they score nothing may send a follower into
the City of Carcassonne, and bring it out later onto a feature about to score. Step
through a short game event by event, see who waits in which quarter, and predict when
the City opens. Pick a lesson: the first plays the Count alone; the others add a barn and
a mayor, a big follower in the cathedral, a close look at the order of redeploying, and
The River II.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="The Count of Carcassonne walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.count.lessons import WALKTHROUGH as walkthrough

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
    # The Count of Carcassonne, step by step

    A player whose tile makes others score while they score nothing may send a follower into
    the City of Carcassonne, and bring it out later onto a feature about to score. Step
    through a short game event by event, see who waits in which quarter, and predict when
    the City opens. Pick a lesson: the first plays the Count alone; the others add a barn and
    a mayor, a big follower in the cathedral, a close look at the order of redeploying, and
    The River II.
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

    - **The City is the start.** Its twelve tiles are laid as one block instead of the usual
      start tile. Four of them are quarters: the **castle**, the **market**, the
      **blacksmith** and the **cathedral**. The Count, a neutral figure, begins in the castle.
    - **Getting in.** When your tile makes somebody else score and you score nothing, you may
      put one figure from your supply into a quarter, besides your usual deployment and at
      most once per tile. It is the points that matter: completing a feature that scores for
      you too, or for nobody, opens nothing.
    - **Getting out before a scoring.** Just before a feature scores during the game,
      players may move followers into it from the matching quarter: the castle feeds
      cities, the blacksmith roads, the cathedral cloisters. It does not matter who already
      holds the feature; the newcomers count for the majority like anyone there. A follower
      in the City never scores where it stands.
    - **The Count blocks.** Whoever enters the City may move the Count to another quarter.
      Nobody may leave the quarter where he stands.
    - **The market waits for the end.** Once the last tile is placed, players take turns,
      starting left of whoever placed it, moving one follower at a time from the City onto
      an unfinished feature or a farm (the market's followers go to farms), until nobody
      moves. A farm that touches the City counts it as one more completed city.
    - **One round only.** Before a scoring, each player decides once, from the placer's left
      round to the placer. Whoever passed does not get another say after seeing what the
      later players did (RGG's rules say so in as many words).
    - **A second monk.** A follower from the cathedral may join a cloister that already has a
      monk; nothing ever forbade two monks, the tiles just never allowed it before. A big
      follower, worth two, can take the cloister over that way.
    - **With Abbey & Mayor.** Any scoring the placed tile causes counts for getting in, so a
      barn that makes only others' farmers score opens the City; what the barn pays later
      does not spoil it. A mayor may wait in the castle only, a wagon in the castle,
      blacksmith or cathedral, a barn nowhere. RGG's text makes a mayor or wagon coming out
      of the City count as two followers in that scoring; the community reads HiG's
      sentence as a slip and counts them as usual (option `count.special-figure-strength`).
    - **With The River II.** Both want to start the game. The original Count rules put the
      spring beside the City, the Count, King & Robber box advised against the mix, the
      latest River II rules remove river tiles that no longer fit; a house rule lays the
      whole river first and the City beside it (option `river2.with-count`).
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

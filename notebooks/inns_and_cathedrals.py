# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Inns & Cathedrals, step by step

An inn beside a road and a cathedral inside a city make them worth more, but only if
they are finished: a road or city with one left open when the game ends pays nothing at
all. The box also gives every player a big follower, which weighs as much as two. Pick a
lesson, step through its short game event by event, and predict what each road and city
pays, and who takes it, before the answer is shown.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Inns & Cathedrals walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.inns_cathedrals.views import WALKTHROUGH as walkthrough

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
    # Inns & Cathedrals, step by step

    An inn beside a road and a cathedral inside a city make them worth more, but only if
    they are finished: a road or city with one left open when the game ends pays nothing at
    all. The box also gives every player a big follower, which weighs as much as two. Pick a
    lesson, step through its short game event by event, and predict what each road and city
    pays, and who takes it, before the answer is shown.
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

    - **Inns.** Some road tiles show an inn beside the road. A road with an inn anywhere
      along it pays **2 points per tile** instead of 1 when it is completed during the game.
      A second inn on the same road adds nothing more.
    - **Cathedrals.** Two tiles of the box show a cathedral in a city. A city with a
      cathedral pays **3 points per tile and 3 per pennant** instead of 2 when it is
      completed. The second cathedral in the same city adds nothing more.
    - **The catch.** A road with an inn, or a city with a cathedral, that is still
      unfinished when the game ends pays **nothing**: not the 1 point per tile a plain road
      or city would get, but 0. The followers on it go home empty-handed.
    - **The big follower.** Each player also gets one big follower. It is deployed like a
      follower, onto a road, city, cloister or farm of the tile just placed, and when the
      majority of a feature is decided it counts as **two** followers. It does not make the
      feature worth more: one big follower against two thieves of another player is a tie,
      and both score in full.
    - **Farms** count a cathedral city like any completed city, 3 points.

    **Not played here** (see the Inns & Cathedrals rules page of the docs): the sixth
    player's colour (the engine seats up to eight players anyway), the third edition's
    extra tiles, the gardens printed on the second-edition tiles, the 50/100 points tiles,
    and the scoring rows that need expansions carc_teach does not play (wells, bridges and
    the like). Playing the inns and cathedrals without the big follower is not offered. The
    seeds' footnotes about this box all concern the Count or the King as well, so these
    lessons show none of them.
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


if __name__ == "__main__":
    app.run()

# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Abbey & Mayor, step by step

Three new figures change who wins a feature and when it pays: the mayor, whose strength
is the pennants of its city; the wagon, which rolls on to another road, city or cloister
after scoring; and the barn, which pays farmers at once and earns its owner more after
the game. Pick a lesson, step through its short game event by event, and predict each
figure's effect before it is revealed.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Abbey & Mayor walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.abbey_mayor.lessons import WALKTHROUGH as walkthrough

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
    # Abbey & Mayor, step by step

    Three new figures change who wins a feature and when it pays: the mayor, whose strength
    is the pennants of its city; the wagon, which rolls on to another road, city or cloister
    after scoring; and the barn, which pays farmers at once and earns its owner more after
    the game. Pick a lesson, step through its short game event by event, and predict each
    figure's effect before it is revealed.
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

    Each player gets four new pieces: an abbey tile, a mayor, a wagon and a barn. The three
    figures are deployed in place of an ordinary follower, onto the tile just laid, and each
    one bends a different rule of the base game.

    - **The mayor** may only enter a city, and only one of the placed tile's cities where
      nobody has a figure yet: no knight, no wagon, no other mayor. When the city is scored
      the mayor weighs as much as the city has pennants: three pennants, three knights'
      worth. A city with no pennant leaves it worth nothing. While that city grows the
      mayor still keeps it occupied, so nobody can deploy into it, but at the scoring one
      plain knight beats it. The mayor decides who takes the city, never how much it is
      worth, and goes home afterwards like a knight.
    - **The wagon** goes onto a road, a city or a cloister (an abbey included) where no
      follower stands, never onto a farm, and it counts as one follower. Its trick comes
      after its feature has been scored during the game: instead of going home, it may roll
      on to a road, city or cloister linked to the scored one (a road carrying on through a
      crossing or into a cloister, a road leaving a city by its gate, anything ending
      against an abbey), as long as that feature is unfinished and empty. Its owner may
      also simply take it back; when nothing qualifies, back it goes. Several wagons freed
      in one turn move one by one: the active player's first, then the others clockwise,
      each seeing what the one before it took.
    - **The barn** sits on a corner where four tiles meet, with field in all four, on a farm
      that has no barn yet. It stays until the end, and no farmer may be deployed on its
      farm any more. Put on a farm with farmers, it scores them straight away, in that
      turn's scoring step: 3 points per completed city bordering the farm for the majority,
      after which the farmers go home. When a later tile joins a farm with farmers to a
      barn's farm, those farmers score at once as well, but only 1 point per completed city,
      and go home. After the game each barn earns its owner 4 points per completed city
      its farm borders; two barns whose farms were joined both score in full.
    - **The abbey** replaces drawing a tile, once per game, while tiles are left to draw. It
      only fits a hole with tiles on all four sides, matches any edge around it and ends
      every road and city running into it (they are scored at once). Otherwise it is a
      cloister: a monk or a wagon may stand on it, and it is worth 9 once surrounded.
    - **The big follower, builder and pig** come from Inns & Cathedrals and Traders &
      Builders (the engine plays each as a module of its own); the last three lessons play
      them beside the new figures. A big follower weighs two followers when a majority is
      decided, and nothing more: it beats a single knight or a mayor with one pennant and
      ties with a mayor with two. A builder joins a road or city where its owner already has
      a follower; when the first tile of its owner's turn extends that feature, the owner
      places a second tile straight away. A pig joins a farm where its owner has a farmer
      and adds 1 point per completed city when that farmer wins the farm, also when the
      farm scores because of a barn.
    - **The pig-herd tile** of The River II shows a herd in its big field. When farmers on
      that farm are scored because of a barn, the herd adds 1 per completed city for them;
      a barn's own points after the game get nothing from it.
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

# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Inns & Cathedrals walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.inns_cathedrals import views as ic_views

    return ic_views, mo, ui


@app.cell
def _(mo):
    mo.md("""
    # Inns & Cathedrals, step by step

    An inn beside a road and a cathedral inside a city make them worth more, but only if
    they are finished: a road or city with one left open when the game ends pays nothing at
    all. The box also gives every player a big follower, which weighs as much as two. Pick a
    lesson, step through its short game event by event, and predict what each road and city
    pays, and who takes it, before the answer is shown.
    """)
    return


@app.cell
def _(mo, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    ui.glossary(mo)
    return


@app.cell
def _(mo):
    mo.md("""
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
    """)
    return


@app.cell
def _(ic_views, mo):
    lesson_choice = mo.ui.dropdown(
        options=list(ic_views.lesson_titles()),
        value=ic_views.LESSONS[0].title,
        label="Lesson",
    )
    quiz = mo.ui.switch(value=True, label="Ask me first (what each road and city pays, and who)")
    classroom = mo.ui.switch(value=False, label="Classroom mode")
    mo.hstack([lesson_choice, quiz, classroom], justify="start", gap=2)
    return classroom, lesson_choice, quiz


@app.cell
def _(ic_views, lesson_choice, mo):
    lesson = ic_views.lesson(lesson_choice.value)
    game = ic_views.load_lesson(lesson.title)
    mo.md(f"**{lesson.title}.** {lesson.watch}")
    return (game,)


@app.cell
def _(ic_views, ui):
    # The table beside the board lists each road with an inn and each city with a cathedral:
    # the inn or cathedral is small on the drawing and what it does to the points is not drawn.
    walkthrough = ui.Walkthrough(
        question=ic_views.inns_cathedrals_question,
        note=ic_views.inns_cathedrals_note,
        panels=(("Roads with an inn, cities with a cathedral", ic_views.buildings_html),),
        board_help="""
    **How to read the board.** An inn is a small house beside its road; a cathedral is a
    nave with a spire inside its city. The big follower is drawn larger than a meeple, with a
    white badge. Orange frame: the tile just placed. Yellow: the feature the event is about.
    The table beside the board lists every road with an inn and every city with a cathedral:
    its size, who stands there (a big follower counts 2) and what it pays finished, or, once
    it has been scored, what it paid. While a question is open it keeps the answer back.
    Count the tiles (and the pennants, the small blue shields) on the board, and each
    player's followers on the feature, before you answer.
        """,
    )
    return (walkthrough,)


@app.cell
def _(classroom, game, mo, quiz, ui, walkthrough):
    # Every event's view is built once and stepped in the browser; classroom mode puts the
    # stage over the whole window, stepped by the keys a clicker sends.
    ui.walkthrough_view(mo, game, walkthrough, quiz=quiz.value, classroom=classroom.value)
    return


@app.cell
def _(game, mo, ui):
    ui.footnotes_covered(mo, game)
    return


if __name__ == "__main__":
    app.run()

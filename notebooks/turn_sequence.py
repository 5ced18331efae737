# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# The turn sequence, one event at a time

Step through a game of Carcassonne event by event: every tile drawn and placed, every
follower deployed, every feature completed and every point scored, each shown on the
board, placed in its step of the turn (1A to 4B, then scoring after the game) and
explained with the rule that produced it. At each scoring, predict the points before
they are revealed.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Turn sequence walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples
    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.base.lessons import WALKTHROUGH as walkthrough

    return (
        examples,
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
    # The turn sequence, one event at a time

    Step through a game of Carcassonne event by event: every tile drawn and placed, every
    follower deployed, every feature completed and every point scored, each shown on the
    board, placed in its step of the turn (1A to 4B, then scoring after the game) and
    explained with the rule that produced it. At each scoring, predict the points before
    they are revealed.
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
def _(examples, lang, mo, t, ui, walkthrough):
    # the bundled games in the course's order: the base game's first (titles translated)
    from carc_teach.i18n.game_texts import bundled_title as _bundled_title

    _titles = {
        _bundled_title(examples.data(_name).get("title", _name), lang): _name
        for _name in examples.in_course_order()
    }
    game_choice = mo.ui.dropdown(
        options=_titles,
        value=next(_t for _t, _n in _titles.items() if _n == "first-turns"),
        label=t._("Game", lang),
    )
    pasted = mo.ui.text_area(
        placeholder=t._(
            'Paste a game file here (JSON, see docs/game-format.md), e.g. one written by "carc-teach simulate --save"',
            lang,
        ),
        full_width=True,
        rows=5,
    )
    quiz, classroom = ui.controls(mo, walkthrough, lang)
    mo.vstack(
        [
            mo.hstack([game_choice, quiz, classroom], justify="start", gap=2),
            mo.accordion({t._("Use your own game file", lang): pasted}),
        ]
    )
    return classroom, game_choice, pasted, quiz


@app.cell
def _(examples, game_choice, lang, mo, pasted, t, ui):
    # A pasted file wins over the dropdown; if it is broken, say why and keep the bundled game.
    game, load_problem = ui.game_from_paste(
        mo,
        pasted.value,
        lambda: examples.load(game_choice.value),
        instead=t._("Showing the bundled game instead.", lang),
        lang=lang,
    )
    load_problem
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
def _(game, lang, mo, t):
    # networkx and matplotlib draw the feature graph once asked (a figure is too slow to draw at
    # every step); offline there is no matplotlib and the SVG "Feature graph" tab shows it
    mpl_event = mo.ui.number(0, len(game.events) - 1, value=0, label=t._("at event", lang))
    mpl_shown = mo.ui.switch(
        value=False, label=t._("Draw the feature graph with networkx + matplotlib", lang)
    )
    mo.hstack([mpl_shown, mpl_event], justify="start", gap=2)
    return mpl_event, mpl_shown


@app.cell
def _(game, mpl_event, mpl_shown, mo, ui):
    _event = game.events[mpl_event.value]
    (
        ui.matplotlib_tab(mo, _event, game.replay(_event.index))["networkx + matplotlib"]
        if mpl_shown.value
        else None
    )
    return


@app.cell
def _(game, lang, mo, ui):
    ui.footnotes_covered(mo, game, lang)
    return


if __name__ == "__main__":
    app.run()

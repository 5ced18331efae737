# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Practice: quiz me on a rule

Pick a rule, or any rule of an expansion, and answer questions about it on fresh positions, as
many as you like. Each question comes from a game the computer plays with a seed; answer, then
read why: the event, its rule and footnotes.

(The site's index reads this page's title and description here: the page itself shows them in
the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Practice (quiz me)")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach import practice
    from carc_teach import practice_ui as drill_ui

    return drill_ui, mo, practice, t, ui


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
    # Practice: quiz me on a rule

    Pick a rule, or any rule of an expansion, and answer questions about it on fresh
    positions, as many as you like. Each question comes from a game the computer plays with
    a seed: three simulated players, some greedy, some generous, some careless, so that the
    moments the rule decides come up often (a follower entering the City of Carcassonne, the
    King changing hands, a challenge, a mayor, a wagon, a barn, a river tile set aside, the
    points of a scoring ...). Answer, then read why: the event, its rule and footnotes.

    **For a class:** the seed is shown with every question. Read it out; everyone who picks
    the same rule and types the same seed gets the same question.
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
def _(drill_ui, lang, mo):
    rule = drill_ui.rule_picker(mo, lang)
    rule
    return (rule,)


@app.cell
def _(drill_ui, mo, practice):
    # The seed of the question shown, and the learner's answers so far (first answers only).
    get_seed, set_seed = mo.state(drill_ui.FIRST_SEED)
    get_progress, set_progress = mo.state(practice.Progress({}))
    return get_progress, get_seed, set_progress, set_seed


@app.cell
def _(drill_ui, get_seed, lang, mo, set_seed):
    # The button in one cell, the seed in the next: the seed follows every click.
    another = drill_ui.another_button(mo, get_seed, set_seed, lang)
    return (another,)


@app.cell
def _(drill_ui, get_seed, lang, mo, set_seed):
    seed = drill_ui.seed_input(mo, get_seed, set_seed, lang)
    return (seed,)


@app.cell
def _(another, mo, seed):
    mo.hstack([seed, another], justify="start", align="end")
    return


@app.cell
def _(drill_ui, get_seed, lang, mo, rule):
    # The question for this rule and seed, and the radio for the learner's answer.
    asked_seed = get_seed()
    question, problem = drill_ui.find(mo, rule.value, asked_seed, lang)
    guess = drill_ui.answer_radio(mo, question)
    return asked_seed, guess, problem, question


@app.cell
def _(guess, question, set_progress):
    # The first answer to a question goes into the tally.
    if question is not None and guess.value is not None:
        set_progress(lambda progress: progress.answer(question, guess.value))
    return


@app.cell
def _(asked_seed, drill_ui, guess, lang, mo, problem, question, rule):
    (
        problem
        if question is None
        else drill_ui.question_page(
            mo, question, guess, choice=rule.value, asked_seed=asked_seed, lang=lang
        )
    )
    return


@app.cell
def _(drill_ui, get_progress, lang, mo):
    drill_ui.tally_view(mo, get_progress(), lang)
    return


if __name__ == "__main__":
    app.run()

"""The marimo pieces of the Practice notebook: the rule picker, the seed, "another question",
the question with its board, the reveal, and the tally. What they show comes from
:mod:`carc_teach.practice` and :mod:`carc_teach.teach`; marimo is passed in (``mo``), as in
:mod:`carc_teach.notebook_ui`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import practice, teach
from .errors import CarcTeachError
from .render.svg import legend_svg
from .text import escape_markdown, plural

if TYPE_CHECKING:  # pragma: no cover
    from .practice import Progress, Question

__all__ = [
    "rule_picker",
    "seed_input",
    "another_button",
    "find",
    "answer_radio",
    "question_page",
    "tally_view",
]

#: the seed a first visit starts from
FIRST_SEED = 1


def rule_picker(mo):
    """The dropdown of rules (and "any rule of" each expansion), the base game's roads first."""
    options = practice.choices()
    return mo.ui.dropdown(
        options=options,
        value=next(label for label, c in options.items() if c == "road"),
        label="Rule to practise",
    )


def seed_input(mo, get_seed, set_seed):
    """The seed, shown and enterable (a teacher reads it out; the class types it in). It
    follows "another question" (keep it in a cell of its own)."""
    return mo.ui.number(
        start=0, stop=10**9, step=1, value=get_seed(), on_change=set_seed, label="Seed"
    )


def another_button(mo, get_seed, set_seed):
    """ "Another question": a fresh seed."""
    return mo.ui.button(
        label="Another question", on_click=lambda _v: set_seed(practice.new_seed(get_seed()))
    )


def find(mo, choice: str, seed) -> tuple[Question | None, object | None]:
    """``(question, problem)``: the question of the rule chosen for the seed, or None and a
    callout saying why not (a seed that is not a number, no position within the seeds tried)."""
    try:
        return practice.find_question(choice, int(seed)), None
    except (CarcTeachError, TypeError, ValueError) as exc:
        why = str(exc) if isinstance(exc, CarcTeachError) else f"seed: {seed!r} is not a number"
        return None, mo.callout(mo.md(escape_markdown(why)), kind="warn")


def answer_radio(mo, question: Question | None):
    """The choices of the question (the label is Markdown; marimo shows the choices as
    text)."""
    if question is None:
        return mo.ui.radio(options=[], label="")
    return mo.ui.radio(
        options=list(question.prediction.choices),
        label=escape_markdown(question.prediction.question),
    )


def _seed_line(question: Question, choice: str, asked_seed) -> str:
    rule = escape_markdown(question.drill.title)
    group = escape_markdown(question.drill.group)
    line = f"**{group}: {rule}** · seed **{question.seed}**"
    if str(question.seed) != str(asked_seed):
        line += (
            f" (the game of seed {escape_markdown(str(asked_seed))} had no such position; "
            f"{plural(question.games, 'game')} played to find one)"
        )
    if choice.startswith(practice.ANY):
        line += (
            f". To give a class this question, choose *{group}: {rule}* and seed {question.seed}."
        )
    return line


def _answer_callout(mo, question: Question, guess: str):
    prediction = question.prediction
    right = practice.is_right(prediction, guess)
    lead = (
        "**Right!** "
        if right
        else f"**Not quite:** the answer is {escape_markdown(prediction.answer)}. "
    )
    return mo.callout(
        mo.md(lead + escape_markdown(prediction.explanation)), kind="success" if right else "warn"
    )


def question_page(mo, question: Question, guess, *, choice: str, asked_seed):
    """The question as the walkthroughs ask it: the board at that moment (and the key), the
    event held back until answered, the choices; then the answer with its explanation, the
    event in words, the scores with "why this many points?" and the footnotes of the
    expansions in play."""
    game, index = question.game, question.index
    event = question.event
    answered = guess.value is not None
    shown = question.shown_until(answered)
    state = game.replay(shown)
    board = teach.board_for_event(game, index, state)
    tabs = mo.ui.tabs({"Board": mo.Html(board), "Key": mo.Html(legend_svg(game.setup.expansions))})
    side = [
        mo.md(_seed_line(question, choice, asked_seed)),
        mo.md(escape_markdown(question.drill.teaches)),
        guess,
    ]
    if answered:
        side.append(_answer_callout(mo, question, guess.value))
    side.append(mo.md(teach.walkthrough_explanation_markdown(event, hidden=not answered)))
    scored_until = index if answered else index - 1
    side.append(mo.md("**Scores so far**" if answered else "**Scores before this moment**"))
    side.append(mo.Html(teach.scoreboard_html(game, scored_until)))
    side.append(
        mo.accordion(
            {
                f"Why {escape_markdown(player)} has {plural(points, 'point')}": mo.md(
                    teach.score_story_markdown(game, scored_until, player)
                )
                for player, points in game.scores_after(scored_until).items()
            }
        )
    )
    # the footnotes would give the answer away: only after it
    notes = teach.annotation_notes(event, expansions=game.setup.expansions) if answered else []
    if notes:
        side.append(
            mo.accordion(
                {
                    f"{n['kind']} · {n['title']}": mo.callout(
                        mo.md(f"{n['text']}\n\n*{n['citation']}*"), kind=n["callout"]
                    )
                    for n in notes
                }
            )
        )
    return mo.hstack([tabs, mo.vstack(side)], widths=[3, 2], align="start")


def tally_view(mo, progress: Progress):
    """The running tally per rule (first answers only)."""
    return mo.vstack(
        [
            mo.md("### Your tally"),
            mo.md(practice.tally_markdown(progress.tally)),
            mo.md("*Only your first answer to each question counts.*"),
        ]
    )

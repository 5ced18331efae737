"""The marimo pieces of the Practice notebook: the rule picker, the seed, "another question",
the question with its board, the reveal, and the tally. What they show comes from
:mod:`carc_teach.practice` and :mod:`carc_teach.teach`; marimo is passed in (``mo``), as in
:mod:`carc_teach.notebook_ui`.

Every piece takes the page's language (``lang``, default the current one): the page's own
words go through :mod:`carc_teach.i18n`, the footnotes come from the translated corpus, the
question with its choices, answer and explanation is asked in that language
(:func:`carc_teach.practice.find_question`), and the event texts and score stories are said
in it (docs/i18n.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import practice, teach
from .errors import CarcTeachError
from .i18n import _, ngettext, pgettext, use_language
from .i18n.errors import error_text
from .notebook_ui import score_stories
from .render.svg import legend_svg
from .text import escape_markdown

if TYPE_CHECKING:  # pragma: no cover
    from .practice import Progress, Question

__all__ = [
    "seed_line",
    "answer_markdown",
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


def rule_picker(mo, lang: str | None = None):
    """The dropdown of rules (and "any rule of" each expansion), the base game's roads first."""
    options = practice.choices(lang)
    return mo.ui.dropdown(
        options=options,
        value=next(label for label, c in options.items() if c == "road"),
        label=_("Rule to practise", lang),
    )


def seed_input(mo, get_seed, set_seed, lang: str | None = None):
    """The seed, shown and enterable (a teacher reads it out; the class types it in). It
    follows "another question" (keep it in a cell of its own)."""
    return mo.ui.number(
        start=0,
        stop=10**9,
        step=1,
        value=get_seed(),
        on_change=set_seed,
        label=_("Seed", lang),
    )


def another_button(mo, get_seed, set_seed, lang: str | None = None):
    """ "Another question": a fresh seed."""
    return mo.ui.button(
        label=_("Another question", lang),
        on_click=lambda _v: set_seed(practice.new_seed(get_seed())),
    )


def find(mo, choice: str, seed, lang: str | None = None) -> tuple[Question | None, object | None]:
    """``(question, problem)``: the question of the rule chosen for the seed, or None and a
    callout saying why not (a seed that is not a number, no position within the seeds tried)."""
    try:
        return practice.find_question(choice, int(seed), lang=lang), None
    except (CarcTeachError, TypeError, ValueError) as exc:
        why = (
            error_text(exc, lang)
            if isinstance(exc, CarcTeachError)
            else _("seed: {seed} is not a number", lang, seed=repr(seed))
        )
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


def seed_line(question: Question, choice: str, asked_seed, lang: str | None = None) -> str:
    """The question's rule and seed, in Markdown: what a teacher reads out to a class."""
    rule = escape_markdown(_(question.drill.title, lang))
    group = escape_markdown(_(question.drill.group, lang))
    line = _(
        "**{group}: {rule}** · seed **{seed}**", lang, group=group, rule=rule, seed=question.seed
    )
    if str(question.seed) != str(asked_seed):
        line += " " + ngettext(
            "(the game of seed {asked} had no such position; {n} game played to find one)",
            "(the game of seed {asked} had no such position; {n} games played to find one)",
            question.games,
            lang,
            asked=escape_markdown(str(asked_seed)),
        )
    if choice.startswith(practice.ANY):
        line += ". " + _(
            "To give a class this question, choose *{group}: {rule}* and seed {seed}.",
            lang,
            group=group,
            rule=rule,
            seed=question.seed,
        )
    return line


def answer_markdown(question: Question, guess: str, lang: str | None = None) -> str:
    """ "Right!" or "Not quite: the answer is ...", then the explanation, in Markdown (the
    stepper's words)."""
    prediction = question.prediction
    explanation = escape_markdown(prediction.explanation)
    if practice.is_right(prediction, guess):
        return _("**Right!** {explanation}", lang, explanation=explanation)
    return _(
        "**Not quite:** the answer is {answer}. {explanation}",
        lang,
        answer=escape_markdown(prediction.answer),
        explanation=explanation,
    )


def _answer_callout(mo, question: Question, guess: str, lang: str | None = None):
    right = practice.is_right(question.prediction, guess)
    return mo.callout(
        mo.md(answer_markdown(question, guess, lang)), kind="success" if right else "warn"
    )


def question_page(
    mo, question: Question, guess, *, choice: str, asked_seed, lang: str | None = None
):
    """The question as the walkthroughs ask it: the board at that moment (and the key), the
    event held back until answered, the choices; then the answer with its explanation, the
    event in words, the scores with "why this many points?" and the footnotes of the
    expansions in play (in ``lang`` where the corpus is translated)."""
    game, index = question.game, question.index
    event = question.event
    answered = guess.value is not None
    shown = question.shown_until(answered)
    state = game.replay(shown)
    with use_language(lang):  # the board's hover texts
        board = teach.board_for_event(game, index, state)
    tabs = mo.ui.tabs(
        {
            pgettext("tab", "Board", lang): mo.Html(board),
            pgettext("tab", "Key", lang): mo.Html(legend_svg(game.setup.expansions, lang=lang)),
        }
    )
    side = [
        mo.md(seed_line(question, choice, asked_seed, lang)),
        mo.md(escape_markdown(_(question.drill.teaches, lang))),
        guess,
    ]
    if answered:
        side.append(_answer_callout(mo, question, guess.value, lang))
    side.append(
        mo.md(teach.walkthrough_explanation_markdown(event, hidden=not answered, lang=lang))
    )
    scored_until = index if answered else index - 1
    heading = _("Scores so far", lang) if answered else _("Scores before this moment", lang)
    side.append(mo.md(f"**{heading}**"))
    side.extend(score_stories(mo, game, scored_until, lang))
    # the footnotes would give the answer away: only after it
    notes = (
        teach.annotation_notes(event, expansions=game.setup.expansions, lang=lang)
        if answered
        else []
    )
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


def tally_view(mo, progress: Progress, lang: str | None = None):
    """The running tally per rule (first answers only)."""
    return mo.vstack(
        [
            mo.md("### " + _("Your tally", lang)),
            mo.md(practice.tally_markdown(progress.tally, lang)),
            mo.md("*" + _("Only your first answer to each question counts.", lang) + "*"),
        ]
    )

"""Classroom mode of the two-editions walkthrough (``notebooks/compare_editions.py``).

The class sees one game played under two rule sets (a :class:`~carc_teach.compare.Comparison`)
in a few stops, one per key press:

1. the question: A's rules and B's, and "what will change?", its four answers on the screen
   before a press reveals the right one (:func:`outcome_question`);
2. the first event where the two logs part, both boards side by side;
3. the first event where the points part, when that is a later event;
4. the end: both final scores and each player's gain or loss.

A game the two rule sets play alike has only the question and the end. Everything is read
from the comparison; nothing here knows which option was chosen. Every function takes the
page's ``lang`` (default: the current language): the lesson's words, the events' texts, the
options' titles and the footnotes are said in it (a pasted game's own title as written).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotations.glossary import spell_out
from ..classroom import Frame, markdown_text
from ..i18n import N_, _, language_code, use_language
from ..i18n.game_texts import title_in
from ..teach import Prediction, plain_text, rule_details_html
from ..text import escape_html as escape
from ..text import escape_markdown

if TYPE_CHECKING:  # pragma: no cover
    from ..compare import Comparison, Side
    from ..events import Event

__all__ = [
    "OUTCOMES",
    "Stop",
    "outcome_question",
    "classroom_stops",
    "classroom_html",
    "stage_frames",
    "presenter_notes_markdown",
]

#: the four things that can happen to a game under other rules, in the order they are offered
OUTCOMES = (
    N_("Nothing changes: the same events and the same scores"),
    N_("Some events change, but not the final scores"),
    N_("The final scores change"),
    N_("The same moves are no longer legal under one of them"),
)


@dataclass(frozen=True)
class Stop:
    """One stop of the classroom lesson: ``kind`` is ``question``, ``parting``, ``points``
    or ``end``; ``index`` the event shown (in both logs; None for the question)."""

    kind: str
    title: str
    index: int | None = None


def outcome_question(result: Comparison, lang: str | None = None) -> Prediction:
    """ "Same moves, other rules: what changes?", answered from the comparison, in ``lang``
    (the choices in the order of :data:`OUTCOMES`)."""
    code = language_code(lang)
    if result.a.error or result.b.error:
        answer = OUTCOMES[3]
    elif not result.differs:
        answer = OUTCOMES[0]
    elif any(result.point_difference.values()):
        answer = OUTCOMES[2]
    else:
        answer = OUTCOMES[1]
    explanation = result.summary(code)
    if result.deciding_options:
        explanation += _(
            " Decided by: {options}.", code, options=_option_titles(result.deciding_options, code)
        )
    asked = Prediction(
        question=_(
            "The same moves under A ({a}) and B ({b}): what changes?",
            code,
            a=result.a.label_in(code),
            b=result.b.label_in(code),
        ),
        choices=tuple(_(choice, code) for choice in OUTCOMES),
        answer=_(answer, code),
        explanation=explanation,
    )
    if code != "en":
        # the choices in the order drawn for the English question (the order is drawn from
        # the words), so the answer stands at the same letter in every language
        english = outcome_question(result, "en").choices
        object.__setattr__(asked, "choices", tuple(_(choice, code) for choice in english))
    return asked


def classroom_stops(result: Comparison, lang: str | None = None) -> tuple[Stop, ...]:
    """The stops of the lesson, in order (see the module docstring), titled in ``lang``."""
    code = language_code(lang)
    stops = [Stop("question", _("What changes?", code))]
    k, points = result.first_difference, result.first_points_difference
    if k is not None:
        stops.append(Stop("parting", _("Event {index}: where the two logs part", code, index=k), k))
        if points is not None and points != k:
            stops.append(
                Stop(
                    "points",
                    _("Event {index}: where the points part", code, index=points),
                    points,
                )
            )
    last = max(len(result.a.events), len(result.b.events)) - 1
    stops.append(Stop("end", _("The end: both final scores", code), last))
    return tuple(stops)


def _event_html(side: Side, index: int, lang: str) -> str:
    event: Event | None = side.events[index] if index < len(side.events) else None
    if event is None:
        if side.error:
            with use_language(lang):  # plain_text spells abbreviations out in the language
                why = plain_text(side.error_in(lang) or "")
            ended = _("The log has ended: {why}.", lang, why=why)
        else:
            ended = _("The log has ended.", lang)
        return f'<div class="event-text">{escape(ended)}</div>'
    points = f" <b>+{event.points}</b>" if event.points else ""
    return f'<div class="event-text">{escape(event.text_in(lang))}{points}</div>'


def classroom_html(
    result: Comparison, stop: int, *, revealed: bool, lang: str | None = None
) -> str:
    """The classroom stage of ``stop``: the question before its answer, the two boards side
    by side at the event of the stop, or the final scores; sized by the stage's style sheet
    (:mod:`carc_teach.classroom`). ``data-index`` is the stop, ``data-revealed`` whether the
    answer is out (the browser tests read them). Its words in ``lang``."""
    from ..classroom import BOARD_TILE_SIZE
    from ..compare import board_at

    code = language_code(lang)
    stops = classroom_stops(result, code)
    stop = max(0, min(stop, len(stops) - 1))
    here = stops[stop]
    players = tuple(result.game.players)
    where = _(
        "{title} · one game, two rulebooks · {stop} of {stops}: {here}",
        code,
        title=escape(title_in(result.game, code)),
        stop=stop + 1,
        stops=len(stops),
        here=escape(here.title),
    )
    head = f'<div class="stage-head">{where}</div>'
    sides = (
        '<div class="rulebooks">'
        f"<b>A</b>: {escape(result.a.label_in(code))}<br>"
        f"<b>B</b>: {escape(result.b.label_in(code))}</div>"
    )
    shown_revealed = revealed or stop > 0
    if here.kind == "question":
        prediction = outcome_question(result, code)
        body = [sides]
        if not shown_revealed:
            body.append(
                f'<div class="question"><b>{escape(_("What does the class predict?", code))}'
                f"</b> {escape(prediction.question)}</div>"
            )
            for letter, choice in zip("ABCD", prediction.choices, strict=False):
                body.append(f'<div class="choice">{letter}. {escape(choice)}</div>')
            body.append(f'<div class="hint">{escape(_("Press → or space to reveal.", code))}</div>')
        else:
            answer = _("Answer: {answer}", code, answer=f"<b>{escape(prediction.answer)}</b>")
            body.append(
                f'<div class="answer">{answer}</div>'
                f'<div class="summary">{escape(result.summary(code))}</div>'
            )
        main = f'<div class="stage-text">{"".join(body)}</div>'
    elif here.kind in ("parting", "points"):
        columns = []
        for tag, which, side in (("A", "a", result.a), ("B", "b", result.b)):
            index = min(here.index or 0, len(side.events) - 1)
            board = board_at(result, which, index, size=BOARD_TILE_SIZE, lang=code)
            columns.append(
                f'<div class="side" data-side="{tag}"><div class="side-name">{tag}: '
                f'{escape(side.label_in(code))}</div><div class="board-box">{board}</div>'
                f"{_event_html(side, here.index or 0, code)}</div>"
            )
        main = f'<div class="stage-sides">{"".join(columns)}</div>'
    else:
        rows = "".join(
            f'<tr data-player="{escape(p)}"><td>{escape(p)}</td>'
            f"<td>{result.a.scores.get(p, 0)}</td><td>{result.b.scores.get(p, 0)}</td>"
            f"<td><b>{result.point_difference.get(p, 0):+d}</b></td></tr>"
            for p in players
        )
        main = (
            f'<div class="stage-text">{sides}<table class="final-scores">'
            f"<tr><th>{escape(_('player', code))}</th><th>A</th><th>B</th><th>B − A</th></tr>"
            f'{rows}</table><div class="summary">{escape(result.summary(code))}</div></div>'
        )
    return (
        f'<div class="carc-classroom" data-index="{stop}" '
        f'data-revealed="{str(shown_revealed).lower()}">{head}{main}</div>'
    )


def stage_frames(result: Comparison, *, markdown_html, lang: str | None = None) -> list[Frame]:
    """The lesson's stops as classroom frames (:class:`carc_teach.classroom.Frame`): the
    question with its answer held back, then each stop; ``markdown_html`` turns the presenter
    notes into HTML (the notebook passes marimo's). Everything in ``lang``."""
    code = language_code(lang)
    stops = classroom_stops(result, code)
    return [
        Frame(
            label=_(
                "{stop} of {stops}: {title}", code, stop=n + 1, stops=len(stops), title=stop.title
            ),
            shown=classroom_html(result, n, revealed=True, lang=code),
            asked=(
                classroom_html(result, n, revealed=False, lang=code)
                if stop.kind == "question"
                else None
            ),
            notes=markdown_html(presenter_notes_markdown(result, n, code)),
        )
        for n, stop in enumerate(stops)
    ]


def presenter_notes_markdown(result: Comparison, stop: int, lang: str | None = None) -> str:
    """What the teacher reads, in ``lang``: the answer, the options that differ and those
    that decide, and the footnotes behind them with their citations."""
    code = language_code(lang)
    with use_language(code):  # plain_text and spell_out write in the current language
        return _presenter_notes(result, stop, code)


def _presenter_notes(result: Comparison, stop: int, code: str) -> str:
    from ..annotations import cite, get
    from ..compare import show_value
    from ..editions import option, translated_option

    stops = classroom_stops(result, code)
    here = stops[max(0, min(stop, len(stops) - 1))]
    prediction = outcome_question(result, code)
    decided = ""
    if result.deciding_options:
        decided = _(
            " Decided by: {options}.",
            code,
            options=markdown_text(_option_titles(result.deciding_options, code)),
        )
    answer = _("Answer: {answer}", code, answer=f"**{prediction.answer}**")
    lines = [
        f"**{markdown_text(here.title)}**",
        "",
        f"{answer}. {markdown_text(plain_text(result.summary(code)))}{decided}",
    ]
    if result.options_changed:
        lines += ["", f"**{_('Options that differ', code)}**"]
        for oid, (va, vb) in result.options_changed.items():
            lines.append(
                f"- {translated_option(option(oid), code).title} "
                f"{escape_markdown(show_value(va))} (A) / {escape_markdown(show_value(vb))} (B)"
            )
    for oid in result.deciding_options:
        shown = translated_option(option(oid), code)
        lines += ["", f"**{shown.title}** {plain_text(shown.explanation)}"]
    if result.footnotes:
        lines += ["", f"**{_('Footnotes', code)}**"]
        for note in result.footnotes:
            record = get(note)
            title = spell_out(record.title_in(code), code)
            text = plain_text(record.text_in(code).strip())
            lines += ["", f"{record.label.symbol} **{title}**: {text}"]
            lines.append(f"*{cite(record, code)}*")
    ids = [*result.options_changed, *result.deciding_options]
    lines += [
        "",
        rule_details_html(options=list(dict.fromkeys(ids)), footnotes=result.footnotes, lang=code),
    ]
    return "\n".join(lines)


def _option_titles(option_ids, lang: str) -> str:
    """The rule options in words: their questions, quoted."""
    from ..editions import option, translated_option

    return ", ".join(
        _("“{title}”", lang, title=translated_option(option(o), lang).title) for o in option_ids
    )

"""Classroom mode of the two-editions walkthrough (``notebooks/compare_editions.py``).

The class sees one game played under two rule sets (a :class:`~carc_teach.compare.Comparison`)
in a few stops, one per key press:

1. the question: A's rules and B's, and "what will change?", its four answers on the screen
   before a press reveals the right one (:func:`outcome_question`);
2. the first event where the two logs part, both boards side by side;
3. the first event where the points part, when that is a later event;
4. the end: both final scores and each player's gain or loss.

A game the two rule sets play alike has only the question and the end. Everything is read
from the comparison; nothing here knows which option was chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotations.glossary import spell_out
from ..classroom import Frame, markdown_text
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
    "Nothing changes: the same events and the same scores",
    "Some events change, but not the final scores",
    "The final scores change",
    "The same moves are no longer legal under one of them",
)


@dataclass(frozen=True)
class Stop:
    """One stop of the classroom lesson: ``kind`` is ``question``, ``parting``, ``points``
    or ``end``; ``index`` the event shown (in both logs; None for the question)."""

    kind: str
    title: str
    index: int | None = None


def outcome_question(result: Comparison) -> Prediction:
    """ "Same moves, other rules: what changes?", answered from the comparison."""
    if result.a.error or result.b.error:
        answer = OUTCOMES[3]
    elif not result.differs:
        answer = OUTCOMES[0]
    elif any(result.point_difference.values()):
        answer = OUTCOMES[2]
    else:
        answer = OUTCOMES[1]
    explanation = result.summary()
    if result.deciding_options:
        explanation += " Decided by: " + _option_titles(result.deciding_options) + "."
    return Prediction(
        question=f"The same moves under A ({result.a.label}) and B ({result.b.label}): "
        "what changes?",
        choices=OUTCOMES,
        answer=answer,
        explanation=explanation,
    )


def classroom_stops(result: Comparison) -> tuple[Stop, ...]:
    """The stops of the lesson, in order (see the module docstring)."""
    stops = [Stop("question", "What changes?")]
    k, points = result.first_difference, result.first_points_difference
    if k is not None:
        stops.append(Stop("parting", f"Event {k}: where the two logs part", k))
        if points is not None and points != k:
            stops.append(Stop("points", f"Event {points}: where the points part", points))
    last = max(len(result.a.events), len(result.b.events)) - 1
    stops.append(Stop("end", "The end: both final scores", last))
    return tuple(stops)


def _event_html(side: Side, index: int) -> str:
    event: Event | None = side.events[index] if index < len(side.events) else None
    if event is None:
        why = f": {plain_text(str(side.error))}" if side.error else ""
        return f'<div class="event-text">The log has ended{escape(why)}.</div>'
    points = f" <b>+{event.points}</b>" if event.points else ""
    return f'<div class="event-text">{escape(event.text)}{points}</div>'


def classroom_html(result: Comparison, stop: int, *, revealed: bool) -> str:
    """The classroom stage of ``stop``: the question before its answer, the two boards side
    by side at the event of the stop, or the final scores; sized by the stage's style sheet
    (:mod:`carc_teach.classroom`). ``data-index`` is the stop, ``data-revealed`` whether the
    answer is out (the browser tests read them)."""
    from ..classroom import BOARD_TILE_SIZE
    from ..compare import board_at

    stops = classroom_stops(result)
    stop = max(0, min(stop, len(stops) - 1))
    here = stops[stop]
    players = tuple(result.game.players)
    head = (
        f'<div class="stage-head">{escape(result.game.title)} · one game, two rulebooks · '
        f"{stop + 1} of {len(stops)}: {escape(here.title)}</div>"
    )
    sides = (
        '<div class="rulebooks">'
        f"<b>A</b>: {escape(result.a.label)}<br><b>B</b>: {escape(result.b.label)}</div>"
    )
    shown_revealed = revealed or stop > 0
    if here.kind == "question":
        prediction = outcome_question(result)
        body = [sides]
        if not shown_revealed:
            body.append(
                f'<div class="question"><b>What does the class predict?</b> '
                f"{escape(prediction.question)}</div>"
            )
            for letter, choice in zip("ABCD", prediction.choices, strict=False):
                body.append(f'<div class="choice">{letter}. {escape(choice)}</div>')
            body.append('<div class="hint">Press → or space to reveal.</div>')
        else:
            body.append(
                f'<div class="answer">Answer: <b>{escape(prediction.answer)}</b></div>'
                f'<div class="summary">{escape(result.summary())}</div>'
            )
        main = f'<div class="stage-text">{"".join(body)}</div>'
    elif here.kind in ("parting", "points"):
        columns = []
        for tag, which, side in (("A", "a", result.a), ("B", "b", result.b)):
            index = min(here.index or 0, len(side.events) - 1)
            board = board_at(result, which, index, size=BOARD_TILE_SIZE)
            columns.append(
                f'<div class="side" data-side="{tag}"><div class="side-name">{tag}: '
                f'{escape(side.label)}</div><div class="board-box">{board}</div>'
                f"{_event_html(side, here.index or 0)}</div>"
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
            "<tr><th>player</th><th>A</th><th>B</th><th>B − A</th></tr>"
            f'{rows}</table><div class="summary">{escape(result.summary())}</div></div>'
        )
    return (
        f'<div class="carc-classroom" data-index="{stop}" '
        f'data-revealed="{str(shown_revealed).lower()}">{head}{main}</div>'
    )


def stage_frames(result: Comparison, *, markdown_html) -> list[Frame]:
    """The lesson's stops as classroom frames (:class:`carc_teach.classroom.Frame`): the
    question with its answer held back, then each stop; ``markdown_html`` turns the presenter
    notes into HTML (the notebook passes marimo's)."""
    stops = classroom_stops(result)
    return [
        Frame(
            label=f"{n + 1} of {len(stops)}: {stop.title}",
            shown=classroom_html(result, n, revealed=True),
            asked=classroom_html(result, n, revealed=False) if stop.kind == "question" else None,
            notes=markdown_html(presenter_notes_markdown(result, n)),
        )
        for n, stop in enumerate(stops)
    ]


def presenter_notes_markdown(result: Comparison, stop: int) -> str:
    """What the teacher reads: the answer, the options that differ and those that decide, and
    the footnotes behind them with their citations."""
    from ..annotations import cite, get
    from ..compare import show_value
    from ..editions import option

    stops = classroom_stops(result)
    here = stops[max(0, min(stop, len(stops) - 1))]
    prediction = outcome_question(result)
    decided = ""
    if result.deciding_options:
        decided = " Decided by: " + markdown_text(_option_titles(result.deciding_options)) + "."
    lines = [
        f"**{markdown_text(here.title)}**",
        "",
        f"Answer: **{prediction.answer}**. {markdown_text(plain_text(result.summary()))}{decided}",
    ]
    if result.options_changed:
        lines += ["", "**Options that differ**"]
        for oid, (va, vb) in result.options_changed.items():
            lines.append(
                f"- {option(oid).title} {escape_markdown(show_value(va))} (A) / "
                f"{escape_markdown(show_value(vb))} (B)"
            )
    for oid in result.deciding_options:
        lines += ["", f"**{option(oid).title}** {plain_text(option(oid).explanation)}"]
    if result.footnotes:
        lines += ["", "**Footnotes**"]
        for note in result.footnotes:
            record = get(note)
            lines += [
                "",
                f"{record.label.symbol} **{spell_out(record.title)}**: {plain_text(record.text.strip())}",
            ]
            lines.append(f"*{cite(record)}*")
    ids = [*result.options_changed, *result.deciding_options]
    lines += ["", rule_details_html(options=list(dict.fromkeys(ids)), footnotes=result.footnotes)]
    return "\n".join(lines)


def _option_titles(option_ids) -> str:
    """The rule options in words: their questions, quoted."""
    from ..editions import option

    return ", ".join(f"“{option(o).title}”" for o in option_ids)

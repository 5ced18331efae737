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
from html import escape
from typing import TYPE_CHECKING

from ..teach import Prediction

if TYPE_CHECKING:  # pragma: no cover
    from ..compare import Comparison, Side
    from ..events import Event

__all__ = [
    "OUTCOMES",
    "Stop",
    "outcome_question",
    "classroom_stops",
    "classroom_forward",
    "classroom_back",
    "classroom_html",
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
        explanation += " Decided by: " + ", ".join(f"`{o}`" for o in result.deciding_options)
        explanation += "."
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


def classroom_forward(result: Comparison, stop: int, revealed: bool) -> tuple[int, bool]:
    """One press forward: the question's reveal is a press of its own; the last stop stays."""
    stops = classroom_stops(result)
    stop = max(0, min(stop, len(stops) - 1))
    if stop == 0 and not revealed:
        return 0, True
    return min(stop + 1, len(stops) - 1), True


def classroom_back(result: Comparison, stop: int, revealed: bool) -> tuple[int, bool]:
    """One press back, to a stop already seen (its answer out)."""
    stops = classroom_stops(result)
    return max(0, min(stop, len(stops) - 1) - 1), True


def _event_html(side: Side, index: int) -> str:
    event: Event | None = side.events[index] if index < len(side.events) else None
    if event is None:
        why = f": {side.error}" if side.error else ""
        return f'<div class="event-text" style="font-size:24px;color:#777">The log has ended{escape(why)}.</div>'
    points = f" <b>+{event.points}</b>" if event.points else ""
    return f'<div class="event-text" style="font-size:24px;line-height:1.35">{escape(event.text)}{points}</div>'


def _scores_html(side: Side, players: tuple[str, ...]) -> str:
    return " · ".join(f"{escape(p)} <b>{side.scores.get(p, 0)}</b>" for p in players)


def classroom_html(result: Comparison, stop: int, *, revealed: bool, width: int = 1100) -> str:
    """The classroom stage of ``stop``: large type, the question before its answer, the two
    boards side by side at the event of the stop. ``data-index`` is the stop, ``data-revealed``
    whether the answer is out (the browser tests read them)."""
    from ..compare import board_at

    stops = classroom_stops(result)
    stop = max(0, min(stop, len(stops) - 1))
    here = stops[stop]
    players = tuple(result.game.players)
    head = (
        f'<div style="font-size:22px;color:#555;margin-bottom:10px">{escape(result.game.title)} · '
        f"one game, two rulebooks · {stop + 1} of {len(stops)}: {escape(here.title)}</div>"
    )
    sides = (
        '<div style="font-size:24px;margin-bottom:10px">'
        f"<b>A</b>: {escape(result.a.label)}<br><b>B</b>: {escape(result.b.label)}</div>"
    )
    body: list[str] = [sides]
    shown_revealed = revealed or stop > 0
    if here.kind == "question":
        prediction = outcome_question(result)
        if not shown_revealed:
            body.append(
                f'<div class="question" style="font-size:32px;margin:14px 0"><b>What does the '
                f"class predict?</b> {escape(prediction.question)}</div>"
            )
            for letter, choice in zip("ABCD", prediction.choices, strict=False):
                body.append(
                    f'<div class="choice" style="font-size:28px;margin:8px 0;padding:6px 14px;'
                    f'border:2px solid #bbb;border-radius:10px">{letter}. {escape(choice)}</div>'
                )
            body.append(
                '<div style="font-size:20px;color:#777;margin-top:12px">Press → or space to '
                "reveal.</div>"
            )
        else:
            body.append(
                f'<div class="answer" style="font-size:30px;margin:14px 0;padding:6px 14px;'
                f'border:3px solid #2a9d3c;border-radius:10px;background:#eaf7ec">'
                f"Answer: <b>{escape(prediction.answer)}</b></div>"
                f'<div style="font-size:24px">{escape(result.summary())}</div>'
            )
    elif here.kind in ("parting", "points"):
        size_width = max(300, width // 2 - 40)
        columns = []
        for tag, which, side in (("A", "a", result.a), ("B", "b", result.b)):
            index = min(here.index or 0, len(side.events) - 1)
            board = board_at(result, which, index, width=size_width)
            columns.append(
                f'<div class="side" data-side="{tag}" style="flex:1;min-width:300px">'
                f'<div style="font-size:24px"><b>{tag}</b></div>{board}'
                f"{_event_html(side, here.index or 0)}</div>"
            )
        body.append(f'<div style="display:flex;gap:24px;flex-wrap:wrap">{"".join(columns)}</div>')
    else:
        rows = "".join(
            f'<tr data-player="{escape(p)}"><td style="padding:2px 18px 2px 0">{escape(p)}</td>'
            f'<td style="text-align:right;padding-right:18px">{result.a.scores.get(p, 0)}</td>'
            f'<td style="text-align:right;padding-right:18px">{result.b.scores.get(p, 0)}</td>'
            f'<td style="text-align:right"><b>{result.point_difference.get(p, 0):+d}</b></td></tr>'
            for p in players
        )
        body.append(
            '<table class="final-scores" style="font-size:30px;margin-top:10px">'
            '<tr><th style="text-align:left">player</th><th>A</th><th>B</th><th>B − A</th></tr>'
            f"{rows}</table>"
            f'<div style="font-size:24px;margin-top:12px">{escape(result.summary())}</div>'
        )
    return (
        f'<div class="carc-classroom" data-index="{stop}" '
        f'data-revealed="{str(shown_revealed).lower()}" style="font-family:sans-serif">'
        f"{head}{''.join(body)}</div>"
    )


def presenter_notes_markdown(result: Comparison, stop: int) -> str:
    """What the teacher reads: the answer, the options that differ and those that decide, and
    the footnotes behind them with their citations."""
    from ..annotations import cite, get
    from ..compare import show_value
    from ..editions import option

    stops = classroom_stops(result)
    here = stops[max(0, min(stop, len(stops) - 1))]
    prediction = outcome_question(result)
    lines = [f"**{here.title}**", "", f"Answer: **{prediction.answer}**. {prediction.explanation}"]
    if result.options_changed:
        lines += ["", "**Options that differ**"]
        for oid, (va, vb) in result.options_changed.items():
            lines.append(
                f"- `{oid}`: {show_value(va)} (A) / {show_value(vb)} (B) · {option(oid).title}"
            )
    for oid in result.deciding_options:
        lines += ["", f"**{option(oid).title}** (`{oid}`): {option(oid).explanation}"]
    if result.footnotes:
        lines += ["", "**Footnotes**"]
        for note in result.footnotes:
            record = get(note)
            lines += ["", f"{record.label.symbol} **{record.title}**: {record.text.strip()}"]
            lines.append(f"*{cite(record)}*")
    return "\n".join(lines)

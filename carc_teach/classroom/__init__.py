"""Classroom mode: a full-window stage for a projector, stepped in the browser.

A walkthrough in classroom mode hands every step of its lesson to the browser at once, as
*frames*: the stage's HTML with the question open (when the step asks one) and with the answer
out, and the presenter notes of the step. ``stage.js`` (beside this file) shows one frame at a
time and steps on the keys a presentation clicker sends, with no round trip to Python, so a
step costs a few milliseconds in the browser whether the page runs under ``marimo run`` or in
Pyodide. The presenter notes go to a second window the teacher opens, never to the screen the
class sees.

Everything the frames hold is HTML this package wrote, with every text from a game file
escaped here or in the functions it calls; the script only puts that HTML in place and never
builds markup from text.

Size: a board's SVG changes little from one event to the next, so the frames are sent as a
table of distinct pieces (the HTML cut before every SVG group, ``<g``) and,
per frame, the list of its pieces. The 370 events of the bundled full game take 22.6 MB as
separate SVGs and about 0.8 MB as pieces (docs/walkthroughs.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from ..events import STEP_TITLES
from ..i18n import N_, _, language_code, pgettext
from ..i18n.game_texts import note_in, title_in
from ..render.svg import player_colour
from ..teach import (
    annotation_notes,
    board_for_event,
    event_heading,
    event_kind_words,
    event_note,
    expansions_in_play,
    is_scoring,
    prediction_for,
    rule_details_html,
    rule_words,
)
from ..text import escape_markdown

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..state import GameState

__all__ = [
    "Frame",
    "BOARD_TILE_SIZE",
    "classroom_stage_html",
    "presenter_notes_markdown",
    "markdown_text",
    "game_frames",
    "pack_frames",
    "stage_document",
    "stage_overlay",
    "KEYS",
    "CUT",
]

#: Pixels per tile of the boards in the frames. The stage scales each board to the screen, so
#: one size for every event keeps most of a board's pieces the same from frame to frame.
BOARD_TILE_SIZE = 60

#: The keys of the stage, as its help line and the docs list them.
#: (The second of each pair is translated where it is shown: ``_(what, lang)``.)
KEYS = (
    ("→ ↓ PageDown space", N_("next: at a question the first press reveals the answer")),
    ("← ↑ PageUp", N_("back (the step shown as already answered)")),
    ("Home / End", N_("first / last step")),
    ("B or .", N_("blank the screen (again, or Esc, to show it)")),
    ("F", N_("full screen (Esc leaves it)")),
    ("N", N_("open the presenter notes in a second window")),
)


@dataclass(frozen=True)
class Frame:
    """One step of a classroom lesson.

    ``shown`` is the stage's HTML once the answer is out (or at a step without a question),
    ``asked`` the stage's HTML while the step's question is open (None: no question),
    ``notes`` the presenter notes as HTML, ``label`` a plain-text name of the step for the
    notes window. Every piece of HTML must already be escaped. :data:`CUT` marks where the
    HTML may be cut into pieces other frames share."""

    label: str
    shown: str
    asked: str | None = None
    notes: str = ""


# -- the stage of one event of a game ----------------------------------------------------------


def _big_scores(game: Game, index: int) -> str:
    scores = game.scores_after(index) if index >= 0 else {p: 0 for p in game.players}
    items = []
    for seat, (player, points) in enumerate(scores.items()):
        items.append(
            f'<span class="score" data-player="{escape(player)}">'
            f'<span class="dot" style="background:{player_colour(seat)}"></span>'
            f'{escape(player)} <b class="points">{points}</b></span>'
        )
    return f'<div class="carc-classroom-scores">{"".join(items)}</div>'


def classroom_stage_html(
    game: Game,
    index: int,
    state: GameState | None = None,
    *,
    revealed: bool,
    quiz: bool = True,
    question=None,
    note=None,
    panels: Iterable[tuple[str, Callable[..., str]]] = (),
    lang: str | None = None,
) -> str:
    """The stage of event ``index`` (its own words in ``lang``, default the current language;
    the event's text and the walkthrough's are as they come): the board, the event in large
    type, the prediction with
    its choices before the reveal and the answer after it, the walkthrough's tables
    (``panels``: ``(title, html(game, index, hidden=...))``) and the scores.

    ``question(game, index)`` and ``note(game, index, quiz=...)`` are the walkthrough's own
    (by default :func:`~carc_teach.teach.prediction_for` and
    :func:`~carc_teach.teach.event_note`). Sizes come from the stage's style sheet, which
    fits everything to the window."""
    lang = language_code(lang)
    event = game.events[index]
    if state is None:
        state = game.replay(index)
    question = question or prediction_for
    note = note or event_note
    prediction = question(game, index) if quiz else None
    hidden = prediction is not None and not revealed
    board = board_for_event(game, index, state, size=BOARD_TILE_SIZE)
    step_title = STEP_TITLES.get(event.step, event.step)
    step = (
        _("Set-up", lang)
        if event.step == "setup"
        else _(
            "Turn {turn} · {step} {title}",
            lang,
            turn=event.turn,
            step=escape(event.step),
            title=escape(_(step_title, lang)),
        )
    )
    where = _(
        "{title} · event {index} of {last} · {step}",
        lang,
        title=escape(title_in(game, lang)),
        index=index,
        last=len(game.events) - 1,
        step=step,
    )
    head = f'<div class="stage-head">{where}</div>'
    body: list[str] = []
    if hidden:
        lead = _("Something scores here. ", lang) if is_scoring(event) else ""
        body.append(f'<div class="lead">{lead}{_("What does the class predict?", lang)}</div>')
        body.append(f'<div class="question"><b>{escape(prediction.question)}</b></div>')
        for letter, choice in zip("ABCD", prediction.choices, strict=False):
            body.append(f'<div class="choice">{letter}. {escape(choice)}</div>')
        body.append(f'<div class="hint">{_("Press → or space to reveal.", lang)}</div>')
    else:
        body.append(f'<div class="event-text">{escape(event.text_in(lang))}</div>')
        if prediction is not None:
            answer = _("Answer: {answer}", lang, answer=f"<b>{escape(prediction.answer)}</b>")
            body.append(f'<div class="answer">{answer}</div>')
        breakdown = event.breakdown_in(lang)
        if breakdown:
            rows = "".join(
                f"<tr><td>{escape(str(what))}</td><td><b>{escape(str(points))}</b></td></tr>"
                for what, points in breakdown
            )
            body.append(f'<table class="breakdown">{rows}</table>')
        said = note_in(game, note(game, index, quiz=quiz), lang)
        if said:
            body.append(f'<div class="note">{escape(said)}</div>')
    for title, html in panels:
        table = html(game, index, hidden=hidden)
        if table:
            body.append(
                f'{CUT}<div class="stage-panel"><div class="stage-panel-title">{escape(title)}'
                f"</div>{table}</div>{CUT}"
            )
    return (
        f'<div class="carc-classroom" data-index="{index}" '
        f'data-revealed="{str(not hidden).lower()}">{head}'
        f'<div class="stage-main"><div class="stage-board">{board}</div>{CUT}'
        f'<div class="stage-side">{"".join(body)}</div></div>{CUT}'
        f"{_big_scores(game, index - 1 if hidden else index)}</div>"
    )


def markdown_text(text: object) -> str:
    """Text from a game (a player's name in an answer) made inert in Markdown: HTML escaped,
    and Markdown's own marks shown as themselves (:func:`carc_teach.text.escape_markdown`)."""
    return escape_markdown(text)


def presenter_notes_markdown(
    game: Game, index: int, *, quiz: bool = True, question=None, lang: str | None = None
) -> str:
    """What the teacher reads at event ``index``: the answer to the walkthrough's question
    there (``question``, by default :func:`~carc_teach.teach.prediction_for`), the rule, the
    expansion's rule text where one exists, and the footnotes of the expansions in play with
    their citations. Text from the game is escaped."""
    event = game.events[index]
    head = event_heading(event, language_code(lang))
    body = _notes_body(game, index, quiz=quiz, question=question, lang=language_code(lang))
    return f"{head}\n\n{body}"


def _notes_body(game: Game, index: int, *, quiz: bool, question, lang: str) -> str:
    """The presenter notes less their first line (many events share them)."""
    from ..annotations import rule_texts, translated
    from ..annotations.topics import lineage
    from ..errors import UnknownRuleError

    event = game.events[index]
    lines = []
    prediction = (question or prediction_for)(game, index) if quiz else None
    if prediction is not None:
        answer = markdown_text(prediction.answer)
        answer = _("Answer: {answer}", lang, answer=f"**{answer}**")
        lines += ["", f"{answer}. {markdown_text(prediction.explanation)}"]
    if event.rule:
        said = rule_words(event.rule, lang) or _("see the details below", lang)
        lines += ["", f"*{_('The rule:', lang)}* {said}"]
        lines += [
            "",
            rule_details_html(event.rule, kind=event.kind, options=event.options, lang=lang),
        ]
        try:
            ids = set(lineage(event.rule))
        except UnknownRuleError:  # a rule id outside the taxonomy has no rule texts
            ids = set()
        in_play = expansions_in_play(game.setup.expansions)
        for text in rule_texts():
            if text.expansion in in_play and ids.intersection(text.topics):
                text = translated(text, lang)  # English where not translated into lang
                lines += ["", f"**{text.title}** ({text.section}): {text.text}"]
    notes = annotation_notes(event, expansions=game.setup.expansions, lang=lang)
    if notes:
        lines += ["", f"**{_('Footnotes', lang)}**"]
        for n in notes:
            lines += ["", f"{n['kind']} · **{n['title']}**: {n['text']}", f"*{n['citation']}*"]
    return "\n".join(lines).strip()


def game_frames(
    game: Game,
    *,
    markdown_html: Callable[[str], str],
    quiz: bool = True,
    question=None,
    note=None,
    panels: Iterable[tuple[str, Callable[..., str]]] = (),
    lang: str | None = None,
) -> list[Frame]:
    """One frame per event of ``game`` (see :class:`Frame`); ``markdown_html`` turns the
    presenter notes' Markdown into HTML (the notebook passes marimo's); the stage's own words
    in ``lang`` (default: the current language)."""
    lang = language_code(lang)
    question = question or prediction_for
    panels = tuple(panels)
    frames = []
    last = len(game.events) - 1
    notes_html: dict[str, str] = {}  # many events share their notes: each converted once
    for index in range(len(game.events)):
        state = game.replay(index)
        asks = quiz and question(game, index) is not None
        body = _notes_body(game, index, quiz=quiz, question=question, lang=lang)
        if body not in notes_html:
            notes_html[body] = markdown_html(body) if body else ""
        kind = escape(event_kind_words(game.events[index].kind, lang))

        def stage(revealed: bool, index=index, state=state) -> str:
            return classroom_stage_html(
                game,
                index,
                state,
                revealed=revealed,
                quiz=quiz,
                question=question,
                note=note,
                panels=panels,
                lang=lang,
            )

        frames.append(
            Frame(
                label=_("Event {index} of {last}", lang, index=index, last=last),
                shown=stage(True),
                asked=stage(False) if asks else None,
                notes=(
                    f"<p><b>{_('Event {index}', lang, index=index)}</b> · {kind}</p>"
                    f"{CUT}{notes_html[body]}"
                ),
            )
        )
    return frames


# -- the stage document ------------------------------------------------------------------------

#: where the stage's HTML is cut into pieces shared between frames: before every SVG group,
#: and where the HTML marks a cut (between the board and the text, before each table)
_CUT = "<g "
CUT = "<!--cut-->"


def pack_frames(frames: Iterable[Frame]) -> dict:
    """The frames as the stage's script reads them: ``pieces``, every distinct piece of HTML
    once, and ``frames``, per frame ``{"label", "shown", "asked", "notes"}`` with each HTML
    given as the list of its pieces' numbers (``asked`` None without a question)."""
    pieces: dict[str, int] = {}

    def cut(html: str) -> list[int]:
        parts = []
        for chunk in html.split(CUT):
            first, *rest = chunk.split(_CUT)
            parts += [first] if first else []
            parts += [_CUT + part for part in rest]
        return [pieces.setdefault(part, len(pieces)) for part in parts]

    packed = [
        {
            "label": frame.label,
            "shown": cut(frame.shown),
            "asked": None if frame.asked is None else cut(frame.asked),
            "notes": cut(frame.notes),
        }
        for frame in frames
    ]
    return {"pieces": list(pieces), "frames": packed}


def _asset(name: str) -> str:
    return resources.files(__name__).joinpath(name).read_text("utf-8")


def _script_json(value: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``<`` can close it or open a comment."""
    return (
        json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        .replace("<", "\\u003c")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def stage_document(
    frames: Iterable[Frame],
    *,
    title: str,
    start: int = 0,
    switch_label: str | None = None,
    place: str | None = None,
    lang: str | None = None,
) -> str:
    """The stage as a whole HTML document (for an ``<iframe srcdoc>``): the frames, the style
    sheet and the script. It opens at frame ``start`` with its question open; *Leave* turns
    off the page's switch whose label is ``switch_label``. ``place``: the name under which the
    page keeps the event shown (:func:`carc_teach.stepper.place_key`), shared with the
    walkthrough view, so the stage opens where the learner was and the view comes back where
    the class got to. The stage's buttons, keys and notes window speak ``lang`` (default: the
    current language); ``switch_label`` defaults to the switch's label in it."""
    lang = language_code(lang)
    if switch_label is None:
        switch_label = _("Classroom mode", lang)
    packed = pack_frames(frames)
    start = max(0, min(start, len(packed["frames"]) - 1))
    config = {
        "start": start,
        "title": title,
        "switchLabel": switch_label,
        "place": place,
        "notesCss": _asset("notes.css"),
        # the words the script writes itself (the notes window, the state of a question)
        "texts": {
            "lang": lang,
            "notes": _("Presenter notes", lang),
            "back": _("◀ Back", lang),
            "next": pgettext("notes", "Next ▶", lang),
            "closed": _("The stage was closed", lang),
            "open": _("question open", lang),
            "shown": _("answer shown", lang),
        },
    }
    keys = "".join(f"<li><kbd>{escape(k)}</kbd> {escape(_(what, lang))}</li>" for k, what in KEYS)
    bar = (
        ("carc-notes-button", ' title="N"', _("Presenter notes", lang)),
        ("carc-full-button", ' title="F"', _("Full screen", lang)),
        ("carc-keys-button", ' title="?"', _("Keys", lang)),
        ("carc-leave-button", "", _("Leave classroom mode", lang)),
    )
    buttons = "".join(
        f'<button type="button" id="{id_}"{hint}>{escape(label)}</button>'
        for id_, hint, label in bar
    )
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{_asset('stage.css')}</style></head><body>"
        '<div id="carc-stage" class="carc-stage" tabindex="-1" data-index="" data-revealed="">'
        '<main id="carc-stage-view"></main>'
        f'<div class="stage-bar" id="carc-stage-bar">{buttons}'
        f'<ul class="stage-keys" id="carc-stage-keys" hidden>{keys}</ul></div></div>'
        '<div id="carc-blank" class="carc-blank" hidden></div>'
        f'<script type="application/json" id="carc-stage-data">{_script_json(packed)}</script>'
        f'<script type="application/json" id="carc-stage-config">{_script_json(config)}</script>'
        f"<script>{_asset('stage.js')}</script></body></html>"
    )


def stage_overlay(document: str, lang: str | None = None) -> str:
    """The HTML a notebook shows in classroom mode: an ``<iframe>`` holding ``document``
    (:func:`stage_document`) fixed over the whole window. Once loaded, the stage's script makes
    the iframe a popover and shows it: in the browser's top layer, above everything the page
    draws (its menus included)."""
    title = escape(_("Classroom stage", lang))
    return (
        f'<iframe class="carc-stage-frame" title="{title}" allow="fullscreen" '
        f'srcdoc="{escape(document, quote=True)}" '
        'style="position:fixed;inset:0;width:100vw;height:100vh;max-width:none;max-height:none;'
        'border:0;margin:0;padding:0;z-index:2147483000;background:#fff"></iframe>'
    )

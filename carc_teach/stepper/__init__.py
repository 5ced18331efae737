"""The walkthrough view, stepped in the browser: every event's view built once, no round trip.

A stepping walkthrough used to be a round trip per step: the click went to Python, marimo re-ran
the cells that read the event index and sent the whole view back, which the browser rebuilt
(180-760 ms a click; docs/performance.md). Here Python writes, once per game, the view of every
event as *pieces* of HTML (the board, the feature graph, the turn's timeline, the text beside the
board with the question open and with the answer out), sends each distinct piece once, and a
small script steps through them in the page: the slider, First / Previous / Next / the jump /
Last, the prediction's radio and its answer, the tabs and the folded sections all work in the
browser. The same engine and the same drawing code make every piece
(:mod:`carc_teach.teach`, :mod:`carc_teach.render.svg`); nothing is drawn in JavaScript.

The page's first event is written out as ordinary HTML (shown before any script runs, and what
the offline site pre-renders); the script comes in a hidden ``<iframe srcdoc>`` (marimo strips
scripts from its own HTML output, not from an iframe's document), which takes over the view
beside it in the page, so the view keeps marimo's own styles. The markup copies marimo's
widgets' classes, so it looks as marimo's own slider, buttons, tabs and radio did; the folded
sections and the answer's callout are marimo's own elements (``marimo-accordion``,
``marimo-callout-output``), which marimo's front end draws when they appear.

Every text of a game is escaped by Python where the HTML is written; the script only puts
Python's HTML in place and compares the chosen answer's number with the right one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from .. import teach
from ..i18n import _, language_code, ngettext, pgettext
from ..i18n.game_texts import note_in, title_in
from ..render.svg import legend_svg, tile_svg
from ..text import escape_markdown

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["view_data", "stepper_html", "place_key", "SLOTS"]

#: the events whose tile the side panel draws
_TILE_EVENTS = ("tile-drawn", "tile-placed", "tile-discarded")

#: the parts of the view the script fills at each step
SLOTS = ("timeline", "board", "graph", "top", "bottom")

# marimo's own widget classes (marimo 0.25), so the view looks as its widgets do
_BUTTON = (
    "disabled:opacity-50 disabled:pointer-events-none inline-flex items-center justify-center "
    "font-medium focus-visible:outline-hidden focus-visible:ring-1 focus-visible:ring-ring "
    "focus-visible:ring-offset-2 ring-offset-background bg-secondary text-secondary-foreground "
    "hover:bg-secondary/80 border border-input shadow-xs active:shadow-none h-7 px-2 rounded-md "
    "text-xs w-fit"
)
_TAB = (
    "inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1 text-sm "
    "font-medium ring-offset-background transition-all focus-visible:outline-hidden "
    "focus-visible:ring-1 focus-visible:ring-ring focus-visible:ring-offset-2 "
    "data-[state=active]:bg-background data-[state=active]:text-foreground "
    "data-[state=active]:shadow-sm"
)
_TABLIST = (
    "inline-flex max-h-14 items-center rounded-md bg-muted p-1 text-muted-foreground "
    "max-w-full overflow-x-auto justify-start"
)
_RADIO = (
    "h-[16px] w-[16px] transition-shadow data-[state=unchecked]:shadow-xs-solid rounded-full "
    "border border-input text-primary ring-offset-background focus:outline-hidden "
    "focus-visible:ring-1 focus-visible:ring-ring focus-visible:ring-offset-2 "
    "data-[state=checked]:border-primary data-[state=checked]:shadow-none shrink-0 "
    "inline-flex items-center justify-center p-0"
)
_LABEL = "text-sm font-medium leading-none font-prose"
_PROSE = '<span class="markdown prose dark:prose-invert contents"><span class="paragraph">{}</span></span>'
_VSTACK = (
    "display: flex;flex: 1;flex-direction: column;justify-content: flex-start;"
    "align-items: normal;flex-wrap: nowrap;gap: 0.5rem"
)

#: where a piece of HTML is cut so that consecutive events share their pieces: before every
#: SVG group, and where the HTML marks a cut
_GROUP = "<g "
_CUT = "<!--cut-->"


def _attr_json(value: object) -> str:
    """A value as marimo's stateless elements read it from an attribute: JSON, with ``<``,
    ``>`` and ``&`` written as escapes (as marimo writes them), HTML-escaped."""
    text = json.dumps(value, ensure_ascii=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return escape(text, quote=True)


def _accordion(items: list[tuple[str, str]]) -> str:
    """marimo's own folded sections: ``(label HTML, content HTML)`` each."""
    labels = _attr_json([label for label, _ in items])
    body = "".join(f"<div>{content}</div>" for _, content in items)
    return (
        f"<marimo-accordion data-labels='{labels}' data-multiple='false' data-expanded='[]'>"
        f"{body}</marimo-accordion>"
    )


def callout(html: str, kind: str) -> str:
    """marimo's own callout around ``html``."""
    return (
        f"<marimo-callout-output data-html='{_attr_json(html)}' "
        f"data-kind='{_attr_json(kind)}'></marimo-callout-output>"
    )


class _Pieces:
    """Distinct pieces of HTML, each kept once; an HTML text becomes the list of its pieces."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def cut(self, html: str) -> list[int]:
        parts: list[str] = []
        for chunk in html.split(_CUT):
            first, *rest = chunk.split(_GROUP)
            parts += [first] if first else []
            parts += [_GROUP + part for part in rest]
        return [self.index.setdefault(part, len(self.index)) for part in parts]

    def table(self) -> list[str]:
        return list(self.index)


def view_data(
    game: Game,
    walkthrough,
    *,
    quiz: bool,
    markdown_html: Callable[[str], str],
    lang: str | None = None,
) -> dict:
    """Every event's view of ``game`` as the script reads it (JSON-ready), its own words in
    ``lang`` (default: the current language; the game's and the walkthrough's texts are as
    they come).

    ``pieces`` holds each distinct piece of HTML once; per event, ``timeline``, ``board`` and
    ``graph`` are lists of piece numbers, ``shown`` the text beside the board once the answer
    is out (``[top, bottom]``: before and after the question), ``asked`` the same while the
    question is open (None: no question), and ``q`` the question: its label, its choices, the
    number of the right one, and the answer's callout when right and when wrong."""
    lang = language_code(lang)
    pieces = _Pieces()
    markdown: dict[str, str] = {}

    def md(text: str) -> str:  # many events share their texts: each converted once
        if text not in markdown:
            markdown[text] = markdown_html(text)
        return markdown[text]

    frames = []
    for index, event in enumerate(game.events):
        state = game.replay(index)
        prediction = walkthrough.question(game, index)
        # a bundled game's note in the page's language (a user's own note as written)
        note = note_in(game, walkthrough.note(game, index, quiz=quiz), lang)
        tile = ""
        if event.tile and event.kind in _TILE_EVENTS:
            tile = (
                f"<div>{tile_svg(state.tile_types[event.tile], event.rotation or 0, size=90)}</div>"
            )

        def side(hidden: bool, index=index, event=event, note=note, tile=tile) -> list[list[int]]:
            top = (
                md(
                    teach.walkthrough_explanation_markdown(
                        event, hidden=hidden, note=note, lang=lang
                    )
                )
                + tile
            )
            bottom = []
            for title, html in walkthrough.panels:
                bottom.append(
                    md(f"**{title}**") + _CUT + f"<div>{html(game, index, hidden=hidden)}</div>"
                )
            scored_until = index - 1 if hidden else index
            heading = _("Scores before this event", lang) if hidden else _("Scores so far", lang)
            bottom.append(md(f"**{heading}**"))
            bottom.append(_CUT + f"<div>{teach.scoreboard_html(game, scored_until)}</div>")
            stories = [
                (
                    md(
                        ngettext(
                            "Why {player} has {n} point",
                            "Why {player} has {n} points",
                            points,
                            lang,
                            player=escape_markdown(player),
                        )
                    ),
                    md(teach.score_story_markdown(game, scored_until, player, lang)),
                )
                for player, points in game.scores_after(scored_until).items()
            ]
            bottom.append(_CUT + _accordion(stories))
            notes = (
                []
                if hidden
                else teach.annotation_notes(event, expansions=game.setup.expansions, lang=lang)
            )
            if notes:
                bottom.append(
                    _CUT
                    + _accordion(
                        [
                            (
                                md(f"{n['kind']} · {n['title']}"),
                                callout(md(f"{n['text']}\n\n*{n['citation']}*"), n["callout"]),
                            )
                            for n in notes
                        ]
                    )
                )
            return [pieces.cut(top), pieces.cut(_CUT.join(bottom))]

        question = None
        if prediction is not None:
            choices = list(prediction.choices)
            explanation = escape_markdown(prediction.explanation)
            question = {
                "radio": _radio(md(escape_markdown(prediction.question)), choices),
                "right": choices.index(prediction.answer) if prediction.answer in choices else -1,
                "yes": callout(
                    md(_("**Right!** {explanation}", lang, explanation=explanation)), "success"
                ),
                "no": callout(
                    md(
                        _(
                            "**Not quite:** the answer is {answer}. {explanation}",
                            lang,
                            answer=escape_markdown(prediction.answer),
                            explanation=explanation,
                        )
                    ),
                    "warn",
                ),
            }
        frames.append(
            {
                "timeline": pieces.cut(teach.timeline_html(event)),
                "board": pieces.cut(teach.board_for_event(game, index, state)),
                "graph": pieces.cut(teach.feature_graph_for_event(game, index, state)),
                "shown": side(False),
                "asked": side(True) if quiz and prediction is not None else None,
                "q": question,
            }
        )
    return {"pieces": pieces.table(), "frames": frames}


def place_key(game: Game) -> str:
    """The name under which the page keeps the event a game is shown at: one per game (its
    title, events and scores), so another game starts at its own first event."""
    import hashlib

    digest = hashlib.sha1(
        "\n".join([game.title, *(e.text for e in game.events)]).encode("utf-8", "replace")
    )
    return digest.hexdigest()[:16]


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


def _radio(label_html: str, choices: list) -> str:
    """The question's radio, nothing chosen (the script marks the choice)."""
    rows = "".join(
        f'<div class="flex items-start space-x-2"><button type="button" role="radio" '
        f'aria-checked="false" data-state="unchecked" data-choice="{number}" '
        f'aria-label="{escape(str(choice))}" class="{_RADIO}"></button>'
        f'<label class="text-sm font-normal" data-choice="{number}">{escape(str(choice))}</label></div>'
        for number, choice in enumerate(choices)
    )
    return (
        '<div class="inline-flex flex-col items-start gap-y-2 w-fit">'
        f'<div class="inline-flex items-center m-0 p-0"><span class="{_LABEL}">'
        f'{label_html}</span></div><div role="radiogroup" class="grid gap-2">{rows}</div></div>'
    )


def stepper_html(
    game: Game,
    walkthrough,
    *,
    quiz: bool,
    markdown_html: Callable[[str], str],
    start: int = 0,
    extra_tabs: dict[str, str] | None = None,
    board_help_html: str = "",
    lang: str | None = None,
) -> str:
    """The whole stepping view of ``game`` for a notebook's output: the title line, slider and
    step buttons, the turn's timeline, the board / feature graph / key (and ``extra_tabs``:
    title → static HTML) and beside them the event, its question and the walkthrough's tables,
    opening at event ``start``; then ``board_help_html``. Its own words (buttons, tabs,
    headings) are in ``lang`` (default: the current language)."""
    lang = language_code(lang)
    data = view_data(game, walkthrough, quiz=quiz, markdown_html=markdown_html, lang=lang)
    pieces, frames = data["pieces"], data["frames"]
    last = len(frames) - 1
    start = max(0, min(start, last))
    frame = frames[start]

    def html(ids: list[int]) -> str:
        return "".join(pieces[k] for k in ids)

    side = frame["asked"] if frame["asked"] is not None else frame["shown"]
    title = markdown_html(
        ngettext(
            "**{title}** · {n} event · players: {players}",
            "**{title}** · {n} events · players: {players}",
            len(game.events),
            lang,
            title=escape_markdown(title_in(game, lang)),
            players=", ".join(escape_markdown(player) for player in game.players),
        )
    )
    key_tab = pgettext("tab", "Key", lang)
    tabs = {
        pgettext("tab", "Board", lang): "board",
        _("Feature graph", lang): "graph",
        key_tab: None,
    }
    statics = {key_tab: legend_svg(game.setup.expansions, lang=lang), **(extra_tabs or {})}
    tab_buttons, panels = [], []
    for number, name in enumerate([*tabs, *(extra_tabs or {})]):
        active = number == 0
        tab_buttons.append(
            f'<button type="button" role="tab" aria-selected="{str(active).lower()}" '
            f'data-state="{"active" if active else "inactive"}" data-tab="{number}" '
            f'class="{_TAB}">{_PROSE.format(escape(name))}</button>'
        )
        slot = tabs.get(name)
        content = html(frame[slot]) if slot else statics[name]
        slot_attr = f' data-slot="{slot}"' if slot else ""
        panels.append(
            f'<div role="tabpanel" data-panel="{number}" class="mt-2"{slot_attr}'
            f"{'' if active else ' hidden'}>{content}</div>"
        )
    buttons = "".join(
        f'<button type="button" data-go="{go}" class="{_BUTTON}">{_PROSE.format(escape(label))}</button>'
        for go, label in (
            ("first", pgettext("step", "First", lang)),
            ("previous", pgettext("step", "Previous", lang)),
            ("next", pgettext("step", "Next", lang)),
            ("jump", walkthrough.jump_label),
            ("last", pgettext("step", "Last", lang)),
        )
    )
    jumps = [walkthrough.next_question(game, k) for k in range(len(frames))]
    event_word = pgettext("slider", "Event", lang)
    slider = (
        '<div class="flex-col items-start gap-y-2 block space-y-2 my-1 w-full">'
        f'<div class="inline-flex items-center m-0 p-0"><label class="{_LABEL}" '
        f'for="carc-step-slider">{_PROSE.format(escape(event_word))}</label></div>'
        '<div class="flex items-center gap-2">'
        f'<input type="range" class="carc-step-slider" data-slot="slider" min="0" max="{last}" '
        f'step="1" value="{start}" aria-label="{escape(event_word)}" style="--fill:{100 * start / max(last, 1):.4f}%">'
        f'<div class="text-xs text-muted-foreground min-w-[16px]" data-slot="value">{start}</div>'
        "</div></div>"
    )
    config = {"start": start, "jumps": jumps, "quiz": quiz, "place": place_key(game)}
    document = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"></head><body>'
        f'<script type="application/json" id="carc-step-data">{_script_json(data)}</script>'
        f'<script type="application/json" id="carc-step-config">{_script_json(config)}</script>'
        f"<script>{_asset('stepper.js')}</script></body></html>"
    )
    view = (
        f'<div class="carc-stepper" data-index="{start}" style="{_VSTACK}">'
        f"<style>{_asset('stepper.css')}</style>"
        f'<div style="{_VSTACK}">{title}{slider}'
        f'<div style="display:flex;gap:0.5rem;justify-content:flex-start">{buttons}</div></div>'
        f'<div data-slot="timeline">{html(frame["timeline"])}</div>'
        '<div style="display: flex;flex: 1;flex-direction: row;justify-content: space-between;'
        'align-items: flex-start;flex-wrap: nowrap;gap: 0.5rem">'
        f'<div style="flex: 3"><div role="tablist" class="{_TABLIST}">{"".join(tab_buttons)}</div>'
        f"{''.join(panels)}</div>"
        f'<div style="flex: 2"><div style="{_VSTACK}">'
        f'<div data-slot="top" style="{_VSTACK}">{html(side[0])}</div>'
        f'<div data-slot="question" style="{_VSTACK}">{frame["q"]["radio"] if frame["q"] else ""}</div>'
        f'<div data-slot="bottom" style="{_VSTACK}">{html(side[1])}</div>'
        "</div></div></div>"
        f"{board_help_html}"
        f'<iframe class="carc-stepper-script" title="{escape(_("Walkthrough stepper", lang))}" hidden '
        f'style="display:none" srcdoc="{escape(document, quote=True)}"></iframe></div>'
    )
    return view

"""The marimo pieces every walkthrough notebook is made of: the event slider and step buttons,
the classroom stage, and the event view (board, feature graph, explanation, question,
scoreboard, "why this many points?", footnotes).

A walkthrough differs from another in its game, its question, its move notes and the table it
shows beside the board; :class:`Walkthrough` holds those, and the functions here build the
same widgets and layout from it, so the notebooks only say what is theirs. marimo is passed
in (``mo``) rather than imported: the engine and its tests never need it.

UI elements are returned to the notebook, which binds them to its own names: marimo follows
an element's value only through a global name of a cell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import classroom, teach
from .render.svg import legend_svg, tile_svg
from .text import escape_markdown

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event
    from .game import Game
    from .state import GameState

__all__ = [
    "Walkthrough",
    "walkthrough_view",
    "game_from_paste",
    "event_slider",
    "step_buttons",
    "navigation",
    "classroom_stage",
    "lesson_stage",
    "at_event",
    "walkthrough_page",
    "event_view",
    "matplotlib_tab",
    "footnotes_covered",
    "glossary",
]

#: the events whose tile the side panel draws
_TILE_EVENTS = ("tile-drawn", "tile-placed", "tile-discarded")


@dataclass(frozen=True)
class Walkthrough:
    """What makes one walkthrough its own.

    ``question(game, index)`` is the prediction asked at an event (or None); ``note(game,
    index, quiz=...)`` the move note shown there (one that would answer a question waits for
    it); ``panels`` the tables beside the board, each ``(title, html(game, index, hidden=...))``;
    ``jump_label`` and ``jump`` the button that skips ahead (by default to the next question);
    ``extra_tabs(mo, event, state)`` more views beside the board and the feature graph (the
    round-trip view of :func:`walkthrough_page` only); ``board_help`` how to read the board
    (Markdown, shown under the view); ``start(game)`` the event a game opens at (the first by
    default).
    """

    question: Callable[[Game, int], teach.Prediction | None] = teach.prediction_for
    note: Callable[..., str] = teach.event_note
    panels: tuple[tuple[str, Callable[..., str]], ...] = ()
    jump_label: str = "Next question"
    jump: Callable[[Game, int], int] | None = None
    extra_tabs: Callable[[Any, Event, GameState], dict] | None = None
    board_help: str = ""
    start: Callable[[Game], int] | None = None

    def next_question(self, game: Game, index: int) -> int:
        """Where the jump button goes from ``index``: ``jump(game, index)`` if given, else the
        next event that asks a question (the last event if none)."""
        if self.jump is not None:
            return self.jump(game, index)
        last = len(game.events) - 1
        k = index + 1
        while k < last and self.question(game, k) is None:
            k += 1
        return min(k, last)


def game_from_paste(mo, text: str, bundled: Callable[[], Game], *, instead: str):
    """``(game, problem)``: the game of a pasted game file (``text``), or, when nothing is
    pasted or the file cannot be used for any reason, ``bundled()``; ``problem`` is then a
    callout saying why, ending with ``instead`` (what is shown instead), or None.

    Every failure is caught, not only the engine's own errors: a file that makes the loader
    fail otherwise (too deeply nested, too big) must not blank the notebook either. The
    message is shown as text: it may quote the file."""
    from .errors import CarcTeachError
    from .gamefile import decode_game_text, load_game

    if not text.strip():
        return bundled(), None
    try:
        return load_game(decode_game_text(text, source="pasted game"), source="pasted game"), None
    except CarcTeachError as exc:
        why = str(exc)
    except Exception as exc:  # anything a hostile file sets off; the notebook carries on
        why = f"pasted game: it could not be read ({type(exc).__name__}: {exc})"
    problem = mo.callout(
        mo.md(
            f"**This game file cannot be used.** {escape_markdown(why)}\n\n"
            + escape_markdown(instead)
        ),
        kind="danger",
    )
    return bundled(), problem


def _clamp(game: Game, index: int) -> int:
    return max(0, min(index, len(game.events) - 1))


def event_slider(mo, game: Game, get_index, set_index):
    """The slider over every event of ``game``; it follows the step buttons (keep it in a cell
    of its own, apart from the buttons)."""
    return mo.ui.slider(
        0,
        len(game.events) - 1,
        value=_clamp(game, get_index()),
        on_change=set_index,
        label="Event",
        full_width=True,
        show_value=True,
    )


def step_buttons(mo, game: Game, get_index, set_index, walkthrough: Walkthrough):
    """First, Previous, Next, the walkthrough's jump button and Last, in that order."""
    last = len(game.events) - 1
    jump = walkthrough.next_question

    def here() -> int:
        return _clamp(game, get_index())

    return (
        mo.ui.button(label="First", on_click=lambda _v: set_index(0)),
        mo.ui.button(label="Previous", on_click=lambda _v: set_index(max(here() - 1, 0))),
        mo.ui.button(label="Next", on_click=lambda _v: set_index(min(here() + 1, last))),
        mo.ui.button(
            label=walkthrough.jump_label, on_click=lambda _v: set_index(jump(game, here()))
        ),
        mo.ui.button(label="Last", on_click=lambda _v: set_index(last)),
    )


def navigation(mo, game: Game, slider, buttons):
    """The game's title line, the slider and the step buttons."""
    return mo.vstack(
        [
            mo.md(
                f"**{escape_markdown(game.title)}** · {len(game.events)} events · players: "
                + ", ".join(escape_markdown(player) for player in game.players)
            ),
            slider,
            mo.hstack(list(buttons), justify="start"),
        ]
    )


def classroom_stage(mo, game: Game, index: int, walkthrough: Walkthrough, *, quiz: bool):
    """Classroom mode: the stage over the whole window (:mod:`carc_teach.classroom`), opening
    at event ``index`` with its question put to the class. Every event of the game goes to the
    browser at once and is stepped there by the keys (→ ↓ PageDown space forward, ← ↑ PageUp
    back, Home / End, B blank, F full screen, N the presenter notes in a second window)."""
    frames = classroom.game_frames(
        game,
        markdown_html=lambda text: mo.md(text).text,
        quiz=quiz,
        question=walkthrough.question,
        note=walkthrough.note,
        panels=walkthrough.panels,
    )
    from .stepper import place_key

    return lesson_stage(
        mo, frames, title=game.title, start=_clamp(game, index), place=place_key(game)
    )


def lesson_stage(mo, frames, *, title: str, start: int = 0, place: str | None = None):
    """The stage over the whole window for any lesson's frames
    (:class:`carc_teach.classroom.Frame`), e.g. the comparison of two editions; ``place``: see
    :func:`carc_teach.classroom.stage_document`."""
    document = classroom.stage_document(frames, title=title, start=start, place=place)
    return mo.Html(classroom.stage_overlay(document))


def _answer_callout(mo, prediction: teach.Prediction, guess: str):
    right = guess == prediction.answer
    answer = escape_markdown(prediction.answer)
    lead = "**Right!** " if right else f"**Not quite:** the answer is {answer}. "
    return mo.callout(
        mo.md(lead + escape_markdown(prediction.explanation)), kind="success" if right else "warn"
    )


def event_view(
    mo,
    game: Game,
    index: int,
    state: GameState,
    walkthrough: Walkthrough,
    *,
    prediction: teach.Prediction | None,
    guess,
    quiz: bool,
):
    """Event ``index`` as the walkthrough shows it: the board and feature graph in tabs, and
    beside them the event in words (held back while its question is open), the tile, the
    question and its answer, the walkthrough's tables, the scoreboard with "why this many
    points?" per player, and the footnotes of the expansions in play."""
    event = game.events[index]
    hidden = bool(quiz and prediction is not None and guess.value is None)
    tabs = {
        "Board": mo.Html(teach.board_for_event(game, index, state)),
        "Feature graph": mo.Html(teach.feature_graph_for_event(game, index, state)),
    }
    tabs["Key"] = mo.Html(legend_svg(game.setup.expansions))  # the figures and buildings in play
    if walkthrough.extra_tabs is not None:
        tabs.update(walkthrough.extra_tabs(mo, event, state))
    note = walkthrough.note(game, index, quiz=quiz)
    side = [mo.md(teach.walkthrough_explanation_markdown(event, hidden=hidden, note=note))]
    if event.tile and event.kind in _TILE_EVENTS:
        side.append(mo.Html(tile_svg(state.tile_types[event.tile], event.rotation or 0, size=90)))
    if prediction is not None:
        side.append(guess)
        if guess.value is not None:
            side.append(_answer_callout(mo, prediction, guess.value))
    for title, html in walkthrough.panels:
        side.append(mo.md(f"**{title}**"))
        side.append(mo.Html(html(game, index, hidden=hidden)))
    scored_until = index - 1 if hidden else index
    side.append(mo.md("**Scores before this event**" if hidden else "**Scores so far**"))
    side.append(mo.Html(teach.scoreboard_html(game, scored_until)))
    # "Why this many points?": a player's score opens onto the events that made it.
    side.append(
        mo.accordion(
            {
                f"Why {escape_markdown(player)} has {points} point{'s' if points != 1 else ''}": mo.md(
                    teach.score_story_markdown(game, scored_until, player)
                )
                for player, points in game.scores_after(scored_until).items()
            }
        )
    )
    # The footnotes behind the event, only of the expansions in play, after the answer: they
    # would give it away.
    notes = [] if hidden else teach.annotation_notes(event, expansions=game.setup.expansions)
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
    return mo.hstack([mo.ui.tabs(tabs), mo.vstack(side)], widths=[3, 2], align="start")


def at_event(mo, game: Game, index: int, walkthrough: Walkthrough):
    """``(index, state, prediction, guess)`` of the event shown: the index kept within the
    game, the state just after the event, the walkthrough's question there (or None) and a
    radio for the learner's answer (empty without a question)."""
    index = _clamp(game, index)
    prediction = walkthrough.question(game, index)
    # the label is Markdown; the choices are shown as text by marimo itself
    guess = mo.ui.radio(
        options=list(prediction.choices) if prediction else [],
        label=escape_markdown(prediction.question) if prediction else "",
    )
    return index, game.replay(index), prediction, guess


def walkthrough_page(
    mo,
    game: Game,
    index: int,
    state: GameState,
    walkthrough: Walkthrough,
    *,
    classroom: bool,
    slider,
    buttons,
    prediction: teach.Prediction | None,
    guess,
    quiz: bool,
    board_help: str = "",
):
    """Everything a stepping walkthrough shows of event ``index``: in classroom mode the
    stage (:func:`classroom_stage`), otherwise the title line with the slider and buttons, the
    turn's timeline, the event view and how to read the board (``board_help``, Markdown)."""
    if classroom:
        return classroom_stage(mo, game, index, walkthrough, quiz=quiz)
    parts = [
        navigation(mo, game, slider, buttons),
        mo.Html(teach.timeline_html(game.events[index])),
        event_view(
            mo, game, index, state, walkthrough, prediction=prediction, guess=guess, quiz=quiz
        ),
    ]
    if board_help:
        parts.append(mo.md(board_help))
    return mo.vstack(parts)


def walkthrough_view(mo, game: Game, walkthrough: Walkthrough, *, quiz: bool, classroom: bool):
    """The template of every stepping walkthrough: ``game`` shown as ``walkthrough`` says.

    In classroom mode the stage (:func:`classroom_stage`); otherwise the title line, the event
    slider and step buttons, the turn's timeline, the board / feature graph / key tabs and
    beside them the event, its question and the walkthrough's tables, and how to read the
    board. Every event's view is built here once and stepped in the browser
    (:mod:`carc_teach.stepper`): a step is no round trip to Python."""
    from . import stepper

    start = walkthrough.start(game) if walkthrough.start is not None else 0
    if classroom:
        return classroom_stage(mo, game, start, walkthrough, quiz=quiz)
    board_help = mo.md(walkthrough.board_help).text if walkthrough.board_help else ""
    return mo.Html(
        stepper.stepper_html(
            game,
            walkthrough,
            quiz=quiz,
            markdown_html=lambda text: mo.md(text).text,
            start=start,
            board_help_html=board_help,
        )
    )


def matplotlib_tab(mo, event: Event, state: GameState) -> dict:
    """A tab drawing the labelled feature graph with networkx and matplotlib, or saying why it
    cannot (the offline browser build has no matplotlib)."""
    if teach.matplotlib_available():
        from .render.mpl import feature_graph_figure

        return {
            "networkx + matplotlib": feature_graph_figure(
                state.board, event.nodes or None, title=f"After event {event.index}"
            )
        }
    return {
        "networkx + matplotlib": mo.callout(
            "matplotlib is not available here (the offline browser build has no copy of it); "
            "the Feature graph tab draws the same graph as SVG.",
            kind="neutral",
        )
    }


def footnotes_covered(mo, game: Game):
    """The list of footnotes a walkthrough of ``game`` shows, folded."""
    return mo.accordion(
        {"Footnotes this walkthrough covers": mo.md(teach.footnotes_covered_markdown(game))}
    )


def glossary(mo):
    """The shared glossary, folded: the publishers and editions the footnotes abbreviate (HiG,
    RGG, Big Box 2, C1/C2 ...) and the game's own words (:mod:`carc_teach.annotations.glossary`).
    Every walkthrough notebook shows it."""
    from .annotations.glossary import glossary_markdown

    return mo.accordion(
        {"Glossary: HiG, RGG, Big Box 2, C1/C2 and the game's words": mo.md(glossary_markdown())}
    )

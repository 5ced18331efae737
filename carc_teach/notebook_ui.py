"""The marimo pieces every walkthrough notebook is made of: the stepping view (the template of
every stepping walkthrough, built by :mod:`carc_teach.stepper`), the classroom stage, the
footnote list and the glossary.

A walkthrough differs from another in its game, its question, its move notes and the table it
shows beside the board; :class:`Walkthrough` holds those, and the functions here build the
same widgets and layout from it, so the notebooks only say what is theirs. marimo is passed
in (``mo``) rather than imported: the engine and its tests never need it.

UI elements are returned to the notebook, which binds them to its own names: marimo follows
an element's value only through a global name of a cell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import classroom, teach
from .i18n import _, language_code, ngettext, use_language
from .i18n.switch import language_memory, language_switch
from .lessons.lesson_sets import Walkthrough
from .text import escape_html, escape_markdown

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event
    from .game import Game
    from .state import GameState

__all__ = [
    "Walkthrough",
    "language_switch",
    "page_language",
    "walkthrough_view",
    "controls",
    "lesson_controls",
    "lesson_game",
    "bundled_game",
    "game_from_paste",
    "classroom_stage",
    "lesson_stage",
    "matplotlib_tab",
    "footnotes_covered",
    "lesson_footnotes",
    "glossary",
    "markdown_html",
    "converted_markdown",
]

#: marimo's HTML of each markdown text converted in this process (text -> HTML). A walkthrough's
#: first run converts a few hundred texts (every event's), most of its Python time in the
#: browser; the self-hosted site's memory snapshot holds those of each page's first run
#: (``carc_teach.site.snapshot``), so a first visit converts none of them again.
_MARKDOWN_HTML: dict[str, str] = {}
#: How many it keeps (a long pasted game brings its own; beyond this they are converted anew).
MARKDOWN_KEPT = 5_000


def markdown_html(mo, text: str) -> str:
    """``mo.md(text).text`` (marimo's HTML of the markdown ``text``), converted once in this
    process: the conversion depends on the text alone."""
    found = _MARKDOWN_HTML.get(text)
    if found is None:
        found = mo.md(text).text
        if len(_MARKDOWN_HTML) < MARKDOWN_KEPT:
            _MARKDOWN_HTML[text] = found
    return found


def converted_markdown() -> list[str]:
    """The markdown texts :func:`markdown_html` has converted in this process, in order."""
    return list(_MARKDOWN_HTML)


def records_table(rows: list[dict], *, height: int | None = None) -> str:
    """``rows`` (dicts with the same keys: the headings) as a plain HTML table, every heading
    and value escaped. For a table that is only read: marimo's own table brings controls with
    words of its front end that no page can translate ("Show all" / "Hide all" columns,
    "Search columns...", docs/i18n.md); this one holds only the page's words. ``height``:
    scroll inside a box of that many pixels instead of paging."""
    if not rows:
        return ""
    cell = 'style="padding:3px 10px;border-bottom:1px solid #ddd;text-align:left"'
    head = "".join(f"<th {cell}>{escape_html(key)}</th>" for key in rows[0])
    body = "".join(
        "<tr>"
        + "".join(f"<td {cell}>{escape_html(value)}</td>" for value in row.values())
        + "</tr>"
        for row in rows
    )
    table = (
        '<table class="carc-records" style="font:13px sans-serif;border-collapse:collapse">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
    if height is None:
        return table
    return f'<div style="max-height:{height}px;overflow:auto">{table}</div>'


def page_language(mo, lang_switch):
    """``(lang, row)``: the language a page's :func:`language_switch` shows (``?lang=``, else
    the one the browser remembers, else English) and the row to show it in, the switch beside
    the hidden frame that remembers the choice (:mod:`carc_teach.i18n.switch`). The switch is
    made in a cell of its own: marimo follows its value only through a cell's global name."""
    lang = lang_switch.value
    return lang, mo.hstack([lang_switch, language_memory(mo, lang)], justify="end")


def controls(mo, walkthrough: Walkthrough, lang: str | None = None):
    """``(quiz, classroom)``: the switch that asks before telling (labelled with what the
    walkthrough asks) and the classroom mode's, labelled in ``lang`` (the stage finds the
    switch by that label: :func:`walkthrough_view` must be given the same ``lang``)."""
    quiz = mo.ui.switch(value=True, label=_(walkthrough.quiz_label, lang))
    classroom = mo.ui.switch(value=False, label=_("Classroom mode", lang))
    return quiz, classroom


def lesson_controls(mo, walkthrough: Walkthrough, lang: str | None = None):
    """``(lesson, quiz, classroom)``: the dropdown of the walkthrough's lessons (the first
    chosen; its value is the lesson's bundled game) and its :func:`controls`, in ``lang``."""
    lessons = walkthrough.lessons
    if lessons is None:
        raise ValueError("this walkthrough has no lessons to pick from")
    lesson_choice = mo.ui.dropdown(
        options=lessons.titles(lang),
        value=lessons.lessons[0].title_in(lang or "en"),
        label=_("Lesson", lang),
    )
    return (lesson_choice, *controls(mo, walkthrough, lang))


def lesson_game(mo, walkthrough: Walkthrough, title: str, lang: str | None = None):
    """``(game, intro)``: the game of the lesson called ``title`` (or of that bundled game)
    and a line saying what to watch in it, in ``lang``."""
    lesson = walkthrough.lessons.lesson(title)
    intro = f"**{lesson.title_in(lang or 'en')}.** {lesson.watch_in(lang or 'en')}"
    return walkthrough.lessons.load(lesson.title), mo.md(intro)


def bundled_game(walkthrough: Walkthrough) -> Game:
    """The one bundled game a walkthrough without lessons steps through."""
    from . import examples

    return examples.load(walkthrough.game)


def game_from_paste(
    mo, text: str, bundled: Callable[[], Game], *, instead: str, lang: str | None = None
):
    """``(game, problem)``: the game of a pasted game file (``text``), or, when nothing is
    pasted or the file cannot be used for any reason, ``bundled()``; ``problem`` is then a
    callout saying why, ending with ``instead`` (what is shown instead), or None. The callout
    is in ``lang`` (the engine's error said in it, :func:`carc_teach.i18n.errors.error_text`);
    ``instead`` is the caller's, already in that language.

    Every failure is caught, not only the engine's own errors: a file that makes the loader
    fail otherwise (too deeply nested, too big) must not blank the notebook either. The
    message is shown as text: it may quote the file."""
    from .errors import CarcTeachError, phrase
    from .gamefile import decode_game_text, load_game
    from .i18n.errors import error_text

    if not text.strip():
        return bundled(), None
    source = phrase("pasted game")
    try:
        return load_game(decode_game_text(text, source=source), source=source), None
    except CarcTeachError as exc:
        why = error_text(exc, lang)
    except Exception as exc:  # anything a hostile file sets off; the notebook carries on
        why = _(
            "pasted game: it could not be read ({kind}: {error})",
            lang,
            kind=type(exc).__name__,
            error=exc,
        )
    problem = mo.callout(
        mo.md(
            f"**{_('This game file cannot be used.', lang)}** {escape_markdown(why)}\n\n"
            + escape_markdown(instead)
        ),
        kind="danger",
    )
    return bundled(), problem


def _clamp(game: Game, index: int) -> int:
    return max(0, min(index, len(game.events) - 1))


def classroom_stage(
    mo, game: Game, index: int, walkthrough: Walkthrough, *, quiz: bool, lang: str | None = None
):
    """Classroom mode: the stage over the whole window (:mod:`carc_teach.classroom`), opening
    at event ``index`` with its question put to the class. Every event of the game goes to the
    browser at once and is stepped there by the keys (→ ↓ PageDown space forward, ← ↑ PageUp
    back, Home / End, B blank, F full screen, N the presenter notes in a second window)."""
    frames = classroom.game_frames(
        game,
        markdown_html=lambda text: markdown_html(mo, text),
        quiz=quiz,
        question=walkthrough.question,
        note=walkthrough.note,
        panels=walkthrough.panels,
        lang=lang,
    )
    from .i18n.game_texts import title_in
    from .stepper import place_key

    return lesson_stage(
        mo,
        frames,
        title=title_in(game, lang),
        start=_clamp(game, index),
        place=place_key(game),
        lang=lang,
    )


def lesson_stage(
    mo, frames, *, title: str, start: int = 0, place: str | None = None, lang: str | None = None
):
    """The stage over the whole window for any lesson's frames
    (:class:`carc_teach.classroom.Frame`), e.g. the comparison of two editions; ``place``: see
    :func:`carc_teach.classroom.stage_document`; its own words in ``lang``."""
    document = classroom.stage_document(frames, title=title, start=start, place=place, lang=lang)
    return mo.Html(classroom.stage_overlay(document, lang=lang))


def walkthrough_view(
    mo,
    game: Game,
    walkthrough: Walkthrough,
    *,
    quiz: bool,
    classroom: bool,
    lang: str | None = None,
):
    """The template of every stepping walkthrough: ``game`` shown as ``walkthrough`` says.

    In classroom mode the stage (:func:`classroom_stage`); otherwise the title line, the event
    slider and step buttons, the turn's timeline, the board / feature graph / key tabs and
    beside them the event, its question and the walkthrough's tables, and how to read the
    board. Every event's view is built here once and stepped in the browser
    (:mod:`carc_teach.stepper`): a step is no round trip to Python. ``lang`` (the page's
    language): the stepper's and stage's own words and the footnotes translated into it; the
    walkthrough's questions, notes, tables and the rules' words in it too
    (:meth:`Walkthrough.in_language`); the game's event texts are English for now
    (docs/i18n.md)."""
    from . import stepper

    lang = language_code(lang)
    walkthrough = walkthrough.in_language(lang)
    start = walkthrough.start(game) if walkthrough.start is not None else 0
    # the rules in short and anything else said through the current language
    with use_language(lang):
        if classroom:
            return classroom_stage(mo, game, start, walkthrough, quiz=quiz, lang=lang)
        board_help = markdown_html(mo, walkthrough.board_help) if walkthrough.board_help else ""
        return mo.Html(
            stepper.stepper_html(
                game,
                walkthrough,
                quiz=quiz,
                markdown_html=lambda text: markdown_html(mo, text),
                start=start,
                board_help_html=board_help,
                lang=lang,
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


def footnotes_covered(mo, game: Game, lang: str | None = None):
    """The list of footnotes a walkthrough of ``game`` shows, folded; in ``lang``."""
    return mo.accordion(
        {
            _("Footnotes this walkthrough covers", lang): mo.Html(
                markdown_html(mo, teach.footnotes_covered_markdown(game, lang))
            )
        }
    )


def lesson_footnotes(mo, walkthrough: Walkthrough, lang: str | None = None):
    """The footnotes every lesson of the walkthrough shows, each with the lessons and events
    where it comes up, folded; in ``lang``."""
    return mo.accordion(
        {
            _("Footnotes across all the lessons", lang): mo.md(
                walkthrough.lessons.footnotes_markdown(lang)
            )
        }
    )


def glossary(mo, lang: str | None = None):
    """The shared glossary, folded: the publishers and editions the footnotes abbreviate (HiG,
    RGG, Big Box 2, C1/C2 ...) and the game's own words (:mod:`carc_teach.annotations.glossary`).
    Every walkthrough notebook shows it, in ``lang`` (default: the current language)."""
    from .annotations.glossary import glossary_markdown

    return mo.accordion(
        {
            _("Glossary: HiG, RGG, Big Box 2, C1/C2 and the game's words", lang): mo.Html(
                markdown_html(mo, glossary_markdown(lang))
            )
        }
    )


def score_stories(mo, game: Game, upto: int, lang: str | None = None):
    """The scoreboard after event ``upto`` with, folded under it, each player's "why this many
    points" story: what the Play and Practice pages show beside their board."""
    return [
        mo.Html(teach.scoreboard_html(game, upto)),
        mo.accordion(
            {
                ngettext(
                    "Why {player} has {n} point",
                    "Why {player} has {n} points",
                    points,
                    lang,
                    player=escape_markdown(player),
                ): mo.md(teach.score_story_markdown(game, upto, player, lang))
                for player, points in game.scores_after(upto).items()
            }
        ),
    ]

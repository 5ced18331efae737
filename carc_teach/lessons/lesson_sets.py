"""The lessons of a walkthrough that teaches with several bundled games (a dropdown of them),
and what makes a walkthrough its own (:class:`Walkthrough`: its questions, notes, tables).

A walkthrough module lists its :class:`Lesson` items in teaching order and wraps them in a
:class:`LessonSet`, which finds a lesson by title or game, plays its game once, and gathers the
footnotes every lesson shows (for the "footnotes across all the lessons" list).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .. import teach
from ..i18n import N_, _, language_code, ngettext, use_language

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["Lesson", "LessonSet", "Walkthrough"]


@dataclass(frozen=True)
class Lesson:
    """One lesson of a walkthrough: a bundled game and what to watch in it (``watch`` never
    gives an answer away). ``title`` and ``watch`` are English, marked with ``N_`` where they
    are written and translated where shown (:meth:`title_in`, :meth:`watch_in`)."""

    title: str
    example: str
    watch: str

    def title_in(self, lang: str | None = None) -> str:
        return _(self.title, lang)

    def watch_in(self, lang: str | None = None) -> str:
        return _(self.watch, lang)


@dataclass
class LessonSet:
    """A walkthrough's lessons, in teaching order."""

    lessons: tuple[Lesson, ...]
    _games: dict[str, Game] = field(default_factory=dict, repr=False)

    def titles(self, lang: str | None = None) -> dict[str, str]:
        """Lesson title (in ``lang``, default English) -> bundled example name, in teaching
        order (for a dropdown)."""
        return {item.title_in(lang or "en"): item.example for item in self.lessons}

    def lesson(self, title_or_example: str) -> Lesson:
        """The lesson with this title (or bundled example name)."""
        for item in self.lessons:
            if title_or_example in (item.title, item.example):
                return item
        raise KeyError(
            f"no lesson {title_or_example!r}; lessons: "
            + ", ".join(item.title for item in self.lessons)
        )

    def load(self, title_or_example: str) -> Game:
        """The game of a lesson, played once and kept (games are only read from)."""
        from .. import examples

        item = self.lesson(title_or_example)
        if item.example not in self._games:
            self._games[item.example] = examples.load(item.example)
        return self._games[item.example]

    def footnotes(self, lang: str | None = None) -> list[dict]:
        """Every footnote the lessons show, in the order they first come up, each with
        ``lessons``: ``[(lesson title, [event indices])]``; the footnotes' words and the
        lessons' titles in ``lang`` (default: the current language)."""
        found: dict[str, dict] = {}
        for item in self.lessons:
            for entry in teach.footnotes_covered(self.load(item.title), lang):
                record = found.setdefault(
                    entry["id"], {k: v for k, v in entry.items() if k != "events"} | {"lessons": []}
                )
                record["lessons"].append((item.title_in(lang), entry["events"]))
        return list(found.values())

    def footnotes_markdown(self, lang: str | None = None) -> str:
        """:meth:`footnotes` as a Markdown list, in ``lang``."""
        lines = []
        for item in self.footnotes(lang):
            where = "; ".join(
                ngettext(
                    "{title}, event {where}",
                    "{title}, events {where}",
                    len(ks),
                    lang,
                    title=title,
                    where=", ".join(map(str, ks)),
                )
                for title, ks in item["lessons"]
            )
            lines.append(f"- **{item['title']}** ({item['kind']}; {where}): *{item['citation']}*")
        return "\n".join(lines) or _("The lessons show no footnotes.", lang)


@dataclass(frozen=True)
class Walkthrough:
    """What makes one walkthrough its own.

    ``question(game, index)`` is the prediction asked at an event (or None); ``note(game,
    index, quiz=...)`` the move note shown there (one that would answer a question waits for
    it); ``panels`` the tables beside the board, each ``(title, html(game, index, hidden=...))``;
    ``jump_label`` and ``jump`` the button that skips ahead (by default to the next question);
    ``board_help`` how to read the board
    (Markdown, shown under the view); ``start(game)`` the event a game opens at (the first by
    default). A walkthrough's package declares it (``WALKTHROUGH`` beside its lessons) with
    ``lessons`` (its :class:`LessonSet`, for a walkthrough that picks among several games) or
    ``game`` (the one bundled game it steps through), and ``quiz_label`` (what its "ask me
    first" switch says it asks); the notebook shows it with
    :func:`carc_teach.notebook_ui.walkthrough_view`.
    """

    question: Callable[[Game, int], teach.Prediction | None] = teach.prediction_for
    note: Callable[..., str] = teach.event_note
    panels: tuple[tuple[str, Callable[..., str]], ...] = ()
    jump_label: str = N_("Next question")
    jump: Callable[[Game, int], int] | None = None
    board_help: str = ""
    start: Callable[[Game], int] | None = None
    lessons: LessonSet | None = None
    game: str = ""
    quiz_label: str = N_("Ask me first")

    def in_language(self, lang: str | None) -> Walkthrough:
        """The same walkthrough speaking ``lang``: its labels, panel titles and board help
        translated (they are marked with ``N_`` where written), and its question, note and
        panel functions run with ``lang`` as the current language, so the words they build
        with :func:`carc_teach.i18n._` are in it; a question puts its answer where the English
        question does (:func:`teach.answer_in_place`). English: itself."""
        code = language_code(lang)
        if code == "en":
            return self

        def speaking(function):
            @functools.wraps(function)
            def call(*args, **kwargs):
                with use_language(code):
                    return function(*args, **kwargs)

            return call

        def asking(game: Game, index: int) -> teach.Prediction | None:
            # the same question, with its answer at the English question's place
            with use_language(code):
                local = self.question(game, index)
            if local is None:
                return None
            with use_language("en"):
                english = self.question(game, index)
            return teach.answer_in_place(english, local)

        return replace(
            self,
            question=functools.wraps(self.question)(asking),
            note=speaking(self.note),
            panels=tuple((_(title, code), speaking(html)) for title, html in self.panels),
            jump_label=_(self.jump_label, code),
            board_help=_(self.board_help, code) if self.board_help else "",
            quiz_label=_(self.quiz_label, code),
        )

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

    def games(self) -> tuple[str, ...]:
        """The bundled games it steps through: its lessons' (in teaching order) or its one."""
        if self.lessons is not None:
            return tuple(item.example for item in self.lessons.lessons)
        return (self.game,) if self.game else ()

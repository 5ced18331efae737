"""What the walkthrough notebooks show, gathered without a browser: for each walkthrough, its
games and the Markdown / HTML the teach, lessons, compare and reference functions return for
every event (the event in words, the question and its answer, the tables beside the board,
"why this many points?", the footnotes, the presenter notes), as ``(walkthrough, where, text)``.

The notebooks compose exactly these functions (each stepping notebook imports its
walkthrough's ``WALKTHROUGH`` spec from the package that declares it, and the pages here are
built from the same specs), so a test over these texts is a test of what a learner reads.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from carc_teach import classroom, examples, teach
from carc_teach.lessons import two_editions
from carc_teach.lessons.lesson_sets import LessonSet, Walkthrough

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: how a stepping notebook takes its walkthrough's spec from the package that declares it
SPEC_IMPORT = re.compile(r"from ([\w.]+) import WALKTHROUGH as walkthrough")


@dataclass(frozen=True)
class Page:
    """One stepping walkthrough as its notebook builds it."""

    notebook: str
    games: tuple[str, ...]
    question: Callable = teach.prediction_for
    note: Callable = teach.event_note
    panels: tuple[Callable, ...] = ()
    extra: Callable[[], list[str]] = field(default=lambda: [])


def _lesson_texts(lessons: LessonSet) -> Callable[[], list[str]]:
    def texts() -> list[str]:
        out = [lessons.footnotes_markdown()]
        for lesson in lessons.lessons:
            out += [lesson.title, lesson.watch]
        return out

    return texts


def spec_of(notebook: Path) -> Walkthrough | None:
    """The ``WALKTHROUGH`` a notebook imports, or None for a notebook that steps no game."""
    found = SPEC_IMPORT.search(notebook.read_text("utf-8"))
    return importlib.import_module(found.group(1)).WALKTHROUGH if found else None


def _page(notebook: Path, spec: Walkthrough) -> Page:
    # the turn sequence steps any bundled game (a dropdown of them all)
    games = spec.games() or tuple(examples.in_course_order())
    return Page(
        notebook.stem,
        games,
        spec.question,
        spec.note,
        tuple(html for _, html in spec.panels),
        _lesson_texts(spec.lessons) if spec.lessons is not None else (lambda: []),
    )


PAGES: tuple[Page, ...] = tuple(
    _page(path, spec)
    for path in sorted(NOTEBOOKS.glob("*.py"))
    if (spec := spec_of(path)) is not None
)


def event_texts(page: Page, game, index: int) -> Iterator[tuple[str, str]]:
    """``(what, text)`` for everything the walkthrough shows at event ``index``, with the
    question open and after its answer, and in classroom mode."""
    event = game.events[index]
    prediction = page.question(game, index)
    note = page.note(game, index, quiz=True)
    for hidden in (True, False) if prediction is not None else (False,):
        yield "explanation", teach.walkthrough_explanation_markdown(event, hidden=hidden, note=note)
        for panel in page.panels:
            yield panel.__name__, panel(game, index, hidden=hidden)
    if prediction is not None:
        yield "question", prediction.question
        yield from (("choice", choice) for choice in prediction.choices)
        yield "answer", prediction.explanation
    yield "timeline", teach.timeline_html(event)
    for note in teach.annotation_notes(event, expansions=game.setup.expansions):
        yield (
            "footnote",
            f"{note['kind']} · {note['title']}\n\n{note['text']}\n\n{note['citation']}",
        )
    yield "presenter notes", classroom.presenter_notes_markdown(game, index, question=page.question)


def game_texts(page: Page, game) -> Iterator[tuple[str, str]]:
    """What the walkthrough shows of ``game`` once, whatever the event: the footnote list,
    "why this many points?" at the end."""
    yield "footnotes covered", teach.footnotes_covered_markdown(game)
    last = len(game.events) - 1
    for player in game.players:
        yield "score story", teach.score_story_markdown(game, last, player)


@cache
def shown() -> tuple[tuple[str, str, str], ...]:
    """Every ``(notebook, where, text)`` the stepping walkthroughs show on the bundled games,
    the comparison of two editions and the scoring reference."""
    out: list[tuple[str, str, str]] = []
    for page in PAGES:
        for text in page.extra():
            out.append((page.notebook, "lesson list", text))
        for name in page.games:
            game = examples.load(name)
            for what, text in game_texts(page, game):
                out.append((page.notebook, f"{name}: {what}", text))
            for index in range(len(game.events)):
                for what, text in event_texts(page, game, index):
                    out.append((page.notebook, f"{name} event {index}: {what}", text))
    out += comparison_texts()
    return tuple(out)


def comparison_texts() -> list[tuple[str, str, str]]:
    """The comparison walkthrough on its opening game and presets, and on a game whose moves
    turn illegal."""
    from carc_teach.compare import compare_games

    out = []
    for name, a, b in (
        ("mayor-from-the-city", "hig-original", "rgg"),
        ("count-city", "hig-original", "rgg-big-box-2"),
    ):
        result = compare_games(examples.load(name), a, b)
        where = f"{name} {a}/{b}"
        question = two_editions.outcome_question(result)
        out.append(("compare_editions", f"{where}: question", question.question))
        out += [("compare_editions", f"{where}: choice", c) for c in question.choices]
        out.append(("compare_editions", f"{where}: answer", question.explanation))
        for stop in range(len(two_editions.classroom_stops(result))):
            for revealed in (False, True):
                out.append(
                    (
                        "compare_editions",
                        f"{where} stop {stop}",
                        two_editions.classroom_html(result, stop, revealed=revealed),
                    )
                )
            out.append(
                (
                    "compare_editions",
                    f"{where} stop {stop}: presenter notes",
                    two_editions.presenter_notes_markdown(result, stop),
                )
            )
    return out

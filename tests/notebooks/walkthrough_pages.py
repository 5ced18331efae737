"""What the walkthrough notebooks show, gathered without a browser: for each walkthrough, its
games and the Markdown / HTML the teach, lessons, compare and reference functions return for
every event (the event in words, the question and its answer, the tables beside the board,
"why this many points?", the footnotes, the presenter notes), as ``(walkthrough, where, text)``.

The notebooks compose exactly these functions (each walkthrough's ``Walkthrough(question=,
note=, panels=)`` is listed here as its notebook builds it), so a test over these texts is a
test of what a learner reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache

from carc_teach import classroom, examples, teach
from carc_teach.expansions.abbey_mayor import lessons as abbey_mayor
from carc_teach.expansions.count import lessons as count
from carc_teach.expansions.count import views as count_views
from carc_teach.expansions.inns_cathedrals import views as ic_views
from carc_teach.expansions.king_robber import views as king_views
from carc_teach.expansions.river2 import lessons as river2
from carc_teach.expansions.shrines import lessons as shrines
from carc_teach.expansions.shrines import views as shrines_views
from carc_teach.lessons import after_game, two_editions


@dataclass(frozen=True)
class Page:
    """One stepping walkthrough as its notebook builds it."""

    notebook: str
    games: tuple[str, ...]
    question: Callable = teach.prediction_for
    note: Callable = teach.event_note
    panels: tuple[Callable, ...] = ()
    extra: Callable[[], list[str]] = field(default=lambda: [])


def _lesson_texts(module) -> Callable[[], list[str]]:
    def texts() -> list[str]:
        out = [module.footnotes_by_lesson_markdown()]
        for lesson in module.LESSONS:
            out += [lesson.title, lesson.watch]
        return out

    return texts


PAGES: tuple[Page, ...] = (
    Page("turn_sequence", tuple(examples.in_course_order())),
    Page(
        "count_of_carcassonne",
        tuple(lesson.example for lesson in count.LESSONS),
        count.question,
        count.note,
        (count_views.city_quarters_html,),
        _lesson_texts(count),
    ),
    Page(
        "king_and_robber",
        ("king-robber",),
        king_views.king_walkthrough_question,
        king_views.king_walkthrough_note,
        (king_views.royal_tokens_html,),
    ),
    Page(
        "heretics_and_shrines",
        tuple(lesson.example for lesson in shrines.LESSONS),
        shrines.question,
        shrines.note,
        (shrines_views.open_challenges_html,),
        _lesson_texts(shrines),
    ),
    Page(
        "abbey_and_mayor",
        tuple(lesson.example for lesson in abbey_mayor.LESSONS),
        abbey_mayor.question,
        abbey_mayor.note,
        (abbey_mayor.special_figures_html,),
        _lesson_texts(abbey_mayor),
    ),
    Page(
        "inns_and_cathedrals",
        tuple(lesson.example for lesson in ic_views.LESSONS),
        ic_views.inns_cathedrals_question,
        ic_views.inns_cathedrals_note,
        (ic_views.buildings_html,),
        _lesson_texts(ic_views),
    ),
    Page(
        "river_ii",
        ("river-pig-herd",),
        river2.river_question,
        river2.river_note,
        (river2.river_html,),
    ),
    Page(
        "after_the_game",
        ("after-game",),
        after_game.after_game_question,
        after_game.after_game_note,
        (
            after_game.final_steps_html,
            count_views.city_quarters_html,
            king_views.royal_tokens_html,
            after_game.barns_html,
        ),
    ),
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

"""Practice ("quiz me"): one rule drilled on endless fresh positions.

A *drill* is a rule the learner picks (the points of a road, the Count's deployment, the
King changing hands, a mayor's strength, a river tile set aside ...). For a seed, the module
plays one seeded game between simulated players (:class:`PracticeController`) with the
drill's expansions, finds the events where that rule decides something, and asks the
question the walkthroughs ask there (their question builders, reused: ``teach``'s and the
``lessons`` modules'). Each expansion package lists its drills (``expansions/<name>/drills.py``,
:class:`~carc_teach.lessons.drills.Drill`); :data:`DRILLS` gathers them. The same seed always gives the same question, on CPython and in
Pyodide, so a teacher can hand the class a seed.

A seed whose game has no such event moves on to the next seed (``Question.seed`` is the one
that had it; entering that seed gives the question at once). The running tally of answers is
a plain dict the notebook keeps in its state (:func:`record_answer`, :func:`tally_rows`).

Nothing here imports marimo.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import teach
from .controllers import PASS, GreedyController
from .errors import CarcTeachError, phrase
from .expansions import PACKAGES
from .game import Game
from .i18n import DEFAULT_LANGUAGE, _, language_code, ngettext, use_language
from .lessons.drills import Drill
from .setup import Setup
from .simulate import DEFAULT_PLAYERS
from .text import escape_markdown
from .turn import play

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event

__all__ = [
    "PracticeController",
    "Drill",
    "DRILLS",
    "GROUPS",
    "Question",
    "drill",
    "practice_game",
    "question_in",
    "find_question",
    "asked_in",
    "new_seed",
    "record_answer",
    "tally_rows",
    "tally_markdown",
    "is_right",
    "Progress",
    "choices",
    "drill_for",
    "ANY",
    "MAX_GAMES",
]

#: how many seeds :func:`find_question` tries before it gives up
MAX_GAMES = 40
#: players at a practice table (three: the Count's deployment needs "the others" to score)
PLAYERS = DEFAULT_PLAYERS[:3]


class PracticeController(GreedyController):
    """A table of mixed habits, so that the positions the rules are about come up often.

    Each turn the player places greedily (the best immediate gain, as
    :class:`~carc_teach.controllers.GreedyController`), generously (the placement worth most
    to the *other* players: this is what makes a player complete someone else's city and
    score nothing, the Count's trigger) or at random, in the proportions ``habits``. It
    deploys the follower the greedy look-ahead planned, else any legal figure (a mayor, a
    wagon, a barn, a pig ...) with chance ``act``, and answers every other optional decision
    (the Count's deployment and redeployment, a wagon's move, the market) with chance
    ``act``, uniformly among the options.
    """

    def __init__(
        self, rng: random.Random, habits: tuple[float, float] = (0.4, 0.2), act: float = 0.85
    ) -> None:
        super().__init__(rng)
        self.greedy_share, self.generous_share = habits
        self.act = act

    def choose(self, state, decision):
        options = decision.options
        if decision.kind == "place":
            roll = self.rng.random()
            if roll < self.greedy_share:
                return self._place(state, decision)
            self._planned = None
            if roll < self.greedy_share + self.generous_share:
                return self._generous(state, decision)
            return options[self.rng.randrange(len(options))]
        if decision.kind == "deploy":
            planned, self._planned = self._planned, None
            if planned is not None:
                for option in options:
                    if option.node == planned and option.figure == "follower":
                        return option
        n = len(options)
        if not n:
            return PASS
        if decision.optional and self.rng.random() >= self.act:
            return PASS
        return options[self.rng.randrange(n)]

    def _generous(self, state, decision):
        turn = state.turn
        worst, worst_value = None, float("inf")
        for placement in decision.options:
            value, _ = self._value(state, turn, placement)
            if value < worst_value - 1e-9:
                worst, worst_value = placement, value
        return worst


def practice_game(seed: int, expansions: tuple[str, ...]) -> Game:
    """The seeded practice game of ``seed`` with ``expansions`` (three players,
    :class:`PracticeController`); its set-up records the seed."""
    setup = Setup(
        players=PLAYERS,
        expansions=expansions,
        seed=seed,
        title=f"Practice game, seed {seed}",
    )
    controller = PracticeController(random.Random(f"carc-teach-practice:{seed}"))
    state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state, controller.final_actions)


# -- drills ------------------------------------------------------------------------------------


def _package_drills(name: str) -> tuple[Drill, ...]:
    """The drills of a package (its ``drills.py``; none if it has no such file)."""
    module = f"carc_teach.expansions.{name}.drills"
    if importlib.util.find_spec(module) is None:
        return ()
    return importlib.import_module(module).DRILLS


#: every package's drills, in the order of the registry
DRILLS: tuple[Drill, ...] = tuple(d for p in PACKAGES for d in _package_drills(p.name))

_BY_ID = {d.id: d for d in DRILLS}

#: group title -> its drills, in the order above
GROUPS: dict[str, tuple[Drill, ...]] = {}
for _d in DRILLS:
    GROUPS[_d.group] = (*GROUPS.get(_d.group, ()), _d)


def drill(drill_id: str) -> Drill:
    """The drill with this id (one line naming the known ids otherwise)."""
    try:
        return _BY_ID[drill_id]
    except KeyError:
        raise CarcTeachError(
            phrase(
                "no drill {drill}; choose from {drills}",
                drill=repr(drill_id),
                drills=", ".join(_BY_ID),
            )
        ) from None


# -- questions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """A practice question: the drill, the seed whose game has it, the game, the event it is
    asked at, the question, and how many games it took to find (``games``) and how long
    (``seconds``)."""

    drill: Drill
    seed: int
    game: Game
    index: int
    prediction: teach.Prediction
    games: int = 1
    seconds: float = 0.0

    @property
    def event(self) -> Event:
        return self.game.events[self.index]

    @property
    def key(self) -> tuple[str, int, int]:
        """What tells this question from any other: drill, seed, event."""
        return (self.drill.id, self.seed, self.index)

    def shown_until(self, answered: bool) -> int:
        """The event whose board to show: the event asked about, except that before the
        answer a figure's move, deployment or return is shown from just before it (the board
        after it would show the answer)."""
        if not answered and self.event.kind in _FIGURE_EVENTS and self.index > 0:
            return self.index - 1
        return self.index


#: events that move a figure on the board or into the City
_FIGURE_EVENTS = ("figure-deployed", "figure-moved", "figure-returned")


def _answer_kind(prediction: teach.Prediction) -> str:
    return prediction.answer.partition(":")[0].split(",")[0]


def question_in(the_drill: Drill, game: Game, seed: int) -> tuple[int, teach.Prediction] | None:
    """The drill's question in ``game`` (event index, question), or None when the game has
    no position for it. Which of several positions is chosen is drawn from the seed."""
    candidates = [e.index for e in game.events if the_drill.candidates(e)]
    candidates.sort(key=lambda k: teach._draw("practice", the_drill.id, seed, k))
    if not the_drill.balance:
        for k in candidates:
            found = the_drill.ask(game, k)
            if found is not None:
                return k, found
        return None
    by_kind: dict[str, list[tuple[int, teach.Prediction]]] = {}
    for k in candidates:
        found = the_drill.ask(game, k)
        if found is not None:
            by_kind.setdefault(_answer_kind(found), []).append((k, found))
    if not by_kind:
        return None
    kinds = sorted(by_kind)
    return by_kind[kinds[teach._draw("practice-kind", the_drill.id, seed) % len(kinds)]][0]


#: a choice of "any rule of" a group: ``ANY + group title``
ANY = "any:"


def choices(lang: str | None = None) -> dict[str, str]:
    """What the learner may pick, label -> choice (a drill id, or ``ANY`` + a group title for
    any rule of that expansion), in teaching order. ``lang``: the language of the labels
    (the groups' names, "any of its rules", the drills' titles); the choices are the same
    in every language."""
    out: dict[str, str] = {}
    for group, drills in GROUPS.items():
        name = _(group, lang)
        out[_("{group}: any of its rules", lang, group=name)] = ANY + group
        for d in drills:
            out[f"{name}: {_(d.title, lang)}"] = d.id
    return out


def drill_for(choice: str, seed: int) -> Drill:
    """The drill a choice means for ``seed``: the drill itself, or for "any rule of" a group
    one of its drills drawn from the seed."""
    if choice.startswith(ANY):
        drills = GROUPS.get(choice[len(ANY) :])
        if not drills:
            raise CarcTeachError(
                phrase(
                    "no group {group}; choose from {groups}",
                    group=repr(choice[len(ANY) :]),
                    groups=", ".join(GROUPS),
                )
            )
        return drills[teach._draw("practice-any", choice, seed) % len(drills)]
    return drill(choice)


def asked_in(question: Question, lang: str | None = None) -> Question:
    """``question`` (asked in English) asked again at the same event of the same game in
    ``lang``: its answer at the same place among as many choices."""
    code = language_code(lang)
    if code == DEFAULT_LANGUAGE:
        return question
    with use_language(code):
        local = question.drill.ask(question.game, question.index)
    # the same builder at the same event: None would be a bug of a builder; the English
    # question is still right then
    if local is None:
        return question
    return replace(question, prediction=teach.answer_in_place(question.prediction, local))


def find_question(
    drill_id: str, seed: int, *, max_games: int = MAX_GAMES, lang: str | None = None
) -> Question:
    """The question of ``drill_id`` for ``seed``: the first of ``seed``, ``seed + 1``, ...
    whose practice game has a position for the drill (at most ``max_games`` games).
    ``drill_id`` may be a choice of "any rule of" a group (:func:`choices`).

    ``lang`` (default: the current language) is the language of the question, its choices,
    answer and explanation. The position is always chosen by the English question (the
    balanced drills draw by the answer's first word), and the question is then asked again
    at that event in ``lang``: every language gets the same event, the same number of
    choices and the answer at the same place."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise CarcTeachError(
            phrase("seed: expected a whole number from 0 up, got {seed}", seed=repr(seed))
        )
    the_drill = drill_for(drill_id, seed)
    code = language_code(lang)
    started = time.perf_counter()
    for tried in range(max_games):
        game = practice_game(seed + tried, the_drill.expansions)
        with use_language(DEFAULT_LANGUAGE):
            found = question_in(the_drill, game, seed + tried)
        if found is not None:
            index, prediction = found
            english = Question(
                the_drill,
                seed + tried,
                game,
                index,
                prediction,
                games=tried + 1,
                seconds=time.perf_counter() - started,
            )
            return asked_in(english, code)
    raise CarcTeachError(
        phrase(
            "no position for “{rule}” in the games of seeds {first} to {last}; try another seed",
            rule=phrase(the_drill.title),
            first=seed,
            last=seed + max_games - 1,
        )
    )


def new_seed(previous: int | None = None) -> int:
    """A fresh seed for "another question" (a number a class can read out and type)."""
    rng = random.Random(previous) if previous is not None else random.Random()
    return rng.randrange(1, 100_000)


# -- the tally ---------------------------------------------------------------------------------

#: drill id -> (right, asked)
Tally = dict[str, tuple[int, int]]


def is_right(prediction: teach.Prediction, guess: str | None) -> bool:
    return guess is not None and guess == prediction.answer


@dataclass(frozen=True)
class Progress:
    """The learner's answers so far: the tally per drill and the questions already counted
    (only the first answer to a question counts; changing it afterwards changes nothing)."""

    tally: Tally
    answered: frozenset = frozenset()

    def answer(self, question: Question, guess: str | None) -> Progress:
        """This progress with ``guess`` counted for ``question`` (unchanged when the question
        was answered already or nothing was chosen)."""
        if guess is None or question.key in self.answered:
            return self
        right = is_right(question.prediction, guess)
        return Progress(
            record_answer(self.tally, question.drill.id, right), self.answered | {question.key}
        )


def record_answer(tally: Tally, drill_id: str, right: bool) -> Tally:
    """A new tally with one more answer to ``drill_id`` (the old one is left as it was)."""
    done, asked = tally.get(drill_id, (0, 0))
    return {**tally, drill_id: (done + int(right), asked + 1)}


def tally_rows(tally: Tally) -> list[dict]:
    """The tally per drill, in the drills' order: ``drill``, ``group``, ``right``, ``asked``."""
    return [
        {"drill": d.title, "group": d.group, "right": tally[d.id][0], "asked": tally[d.id][1]}
        for d in DRILLS
        if d.id in tally
    ]


def tally_markdown(tally: Tally, lang: str | None = None) -> str:
    """The tally as a Markdown table (or a line saying nothing was answered yet), its headings
    and the drills' titles in ``lang``."""
    rows = tally_rows(tally)
    if not rows:
        return "*" + _("No answers yet: the tally fills in as you answer.", lang) + "*"
    lines = [
        "| {} | {} | {} |".format(_("rule", lang), _("right", lang), _("asked", lang)),
        "|---|---|---|",
    ]
    for row in rows:
        asked = ngettext("{n} question", "{n} questions", row["asked"], lang)
        lines.append(f"| {escape_markdown(_(row['drill'], lang))} | {row['right']} | {asked} |")
    right = sum(r["right"] for r in rows)
    asked = sum(r["asked"] for r in rows)
    every = _("all rules", lang)
    questions = ngettext("{n} question", "{n} questions", asked, lang)
    lines.append(f"| **{every}** | **{right}** | **{questions}** |")
    return "\n".join(lines)

"""The Count of Carcassonne's practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import teach
from ...events import Chained, Word, render
from ...i18n import N_, current_language, ngettext
from ...lessons import after_game
from ...lessons.drills import Drill
from . import lessons as count
from . import views as count_views

if TYPE_CHECKING:  # pragma: no cover
    from ...events import Event
    from ...game import Game

__all__ = ["DRILLS"]

_COUNT = ("base", "count")


def _after_redeploy(event: Event) -> bool:
    return event.kind in ("points", "no-score", "count-redeploy-closed")


def _redeploy_points(game: Game, index: int) -> teach.Prediction | None:
    """The points of a scoring that followers from the City joined just before it (new kind):
    who wins the majority now, and for how much."""
    event = game.events[index]
    if event.kind == "count-redeploy-closed":
        return count.round_question_for(game, index)
    if event.kind not in ("points", "no-score") or event.step == "final":
        return None
    span = range(index - 1, -1, -1)
    moved: list[Event] = []
    for k in span:
        e = game.events[k]
        if e.turn != event.turn or e.kind in ("points", "no-score"):
            break
        if e.kind == "figure-moved" and e.rule.startswith("count.redeploy."):
            moved.append(e)
    if not moved:
        return None
    found = teach.prediction_for(game, index)
    if found is None:
        return None
    movers = sorted({e.player for e in moved if e.player}, key=game.players.index)
    quarters = sorted({e.rule.rpartition(".")[2] for e in moved})
    lang = current_language()
    # the same English in both forms; Czech and Italian agree with the number of movers
    # and of quarters
    where = ngettext(
        "{quarters} quarter",
        "{quarters} quarter",
        len(quarters),
        quarters=render(Chained([Word(q) for q in quarters]), lang),
    )
    lead = ngettext(
        "Before this scoring, {players} moved a follower in from the City of Carcassonne "
        "({where}).",
        "Before this scoring, {players} moved a follower in from the City of Carcassonne "
        "({where}).",
        len(movers),
        players=render(Chained(movers), lang),
        where=where,
    )
    return teach.Prediction(
        f"{lead} {found.question}", found.choices, found.answer, found.explanation
    )


def _city_candidates(event: Event) -> bool:
    return event.step == "3B" or (event.kind == "figure-deployed" and event.rule == "count.deploy")


DRILLS: tuple[Drill, ...] = (
    Drill(
        "count-deploy",
        N_("May the placer enter the City of Carcassonne?"),
        N_("The Count of Carcassonne"),
        _COUNT,
        N_(
            "A player whose tile made others score while they scored nothing puts a follower "
            "into a quarter of the City."
        ),
        _city_candidates,
        count_views.city_question_for,
        balance=True,
    ),
    Drill(
        "count-redeploy",
        N_("Followers coming out of the City before a scoring"),
        N_("The Count of Carcassonne"),
        _COUNT,
        N_(
            "Before a feature scores, players may move followers from the matching quarter into "
            "it, once round the table."
        ),
        _after_redeploy,
        _redeploy_points,
    ),
    Drill(
        "count-market",
        N_("The market after the game"),
        N_("The Count of Carcassonne"),
        _COUNT,
        N_(
            "After the last tile, followers in the City go out one per player and round, starting "
            "left of the last placer."
        ),
        lambda e: e.step == "final",
        after_game.market_question_for,
    ),
)

"""The builder and the pig (Traders & Builders)'s practice drills (:mod:`carc_teach.practice`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import teach
from ...i18n import N_, _
from ...lessons.drills import Drill, first_of
from ..abbey_mayor import lessons as abbey_mayor

if TYPE_CHECKING:  # pragma: no cover
    from ...events import Event
    from ...game import Game

__all__ = ["DRILLS"]


def _has_pig(event: Event) -> bool:
    return event.kind == "points" and any("pig" in what for what, _ in event.breakdown)


def _pig_points(game: Game, index: int) -> teach.Prediction | None:
    """A farm scoring where a pig counts: how many points (new kind; the walkthrough's pig
    question needs a barn's farm met in the same turn, rare in random games)."""
    event = game.events[index]
    if not _has_pig(event):
        return None
    found = teach.prediction_for(game, index)
    if found is None:
        return None
    return teach.Prediction(
        _(
            "{player}'s pig stands on this farm. {question}",
            player=event.player,
            question=found.question,
        ),
        found.choices,
        found.answer,
        found.explanation
        + " "
        + _(
            "The pig adds 1 point per completed city to its owner's farmers, and only when "
            "its owner scores the farm."
        ),
    )


DRILLS: tuple[Drill, ...] = (
    Drill(
        "pig",
        N_("A pig on a farm"),
        N_("Abbey & Mayor"),
        ("base", "abbey-mayor", "pig"),
        N_("A pig adds 1 point per completed city to its owner's farmers."),
        lambda e: e.kind == "tile-placed" or _has_pig(e),
        first_of(abbey_mayor.pig_question_for, _pig_points),
    ),
    Drill(
        "builder",
        N_("What a builder brings"),
        N_("Abbey & Mayor"),
        ("base", "abbey-mayor", "builder"),
        N_(
            "A tile extending the builder's road or city earns its owner a second tile at once, "
            "never a third."
        ),
        lambda e: e.kind in ("builder-extended", "turn-begin"),
        abbey_mayor.builder_question_for,
    ),
)

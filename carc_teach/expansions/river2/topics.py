"""The rule ids of The River II, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("river2", "The River II", "river2", None),
    Topic(
        "river2.with-count",
        "The River II together with the city of Carcassonne",
        "river2",
        "river2",
    ),
    Topic("river2.pig-herd", "The pig-herd tile", "river2", "river2"),
    Topic("river2.setup", "The spring replaces the start tile", "river2", "river2"),
    Topic(
        "river2.order", "River tiles first: fork after the spring, lake last", "river2", "river2"
    ),
    Topic("river2.place", "Continuing the river, without a U-turn", "river2", "river2"),
    Topic(
        "river2.discard", "A river tile that cannot be placed leaves the game", "river2", "river2"
    ),
)

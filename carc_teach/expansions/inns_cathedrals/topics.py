"""The rule ids of Inns & Cathedrals, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("big-follower", "The big follower", "inns-cathedrals", None),
    Topic("big-follower.deploy", "Deploying the big follower", "inns-cathedrals", "big-follower"),
    Topic(
        "big-follower.strength", "The big follower counts as two", "inns-cathedrals", "big-follower"
    ),
    Topic("inns", "Inns on roads", "inns-cathedrals", None),
    Topic("inns.road.score", "A completed road with an inn: 2 per tile", "inns-cathedrals", "inns"),
    Topic(
        "inns.road.final",
        "An unfinished road with an inn scores nothing",
        "inns-cathedrals",
        "inns",
    ),
    Topic("cathedrals", "Cathedral tiles in cities", "inns-cathedrals", None),
    Topic(
        "cathedrals.city.score",
        "A completed city with a cathedral: 3 per tile and pennant",
        "inns-cathedrals",
        "cathedrals",
    ),
    Topic(
        "cathedrals.city.final",
        "An unfinished city with a cathedral scores nothing",
        "inns-cathedrals",
        "cathedrals",
    ),
)

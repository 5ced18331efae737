"""The rule ids of The big follower of Inns & Cathedrals, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("bigfollower", "The big follower", "inns-cathedrals", None),
    Topic("bigfollower.deploy", "Deploying the big follower", "inns-cathedrals", "bigfollower"),
    Topic(
        "bigfollower.strength", "The big follower counts as two", "inns-cathedrals", "bigfollower"
    ),
)

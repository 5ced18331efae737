"""The rule ids of Heretics and Shrines, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("shrine", "Heretics and Shrines", "shrines", None),
    Topic("shrine.placement", "Where shrines and cloisters may be placed", "shrines", "shrine"),
    Topic("shrine.as-cloister", "A shrine works like a cloister", "shrines", "shrine"),
    Topic("shrine.deploy", "Deploying a follower on a shrine tile", "shrines", "shrine"),
    Topic("shrine.challenge", "Starting a challenge between heretic and monk", "shrines", "shrine"),
    Topic("shrine.challenge.resolve", "Deciding a challenge", "shrines", "shrine.challenge"),
    Topic("shrine.final", "Challenges still open at the end", "shrines", "shrine"),
)

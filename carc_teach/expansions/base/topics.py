"""The rule ids of The base game, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("base", "Base game", "base", None),
    Topic("base.setup", "Setting up: start tile and figures", "base", "base"),
    Topic("base.draw", "Drawing a tile", "base", "base"),
    Topic("base.place", "Placing a tile", "base", "base"),
    Topic("base.place.discard", "A drawn tile that fits nowhere", "base", "base.place"),
    Topic("base.deploy", "Deploying a follower on the placed tile", "base", "base"),
    Topic("base.figures", "Followers, figures and the supply", "base", "base"),
    Topic("base.road", "Roads", "base", "base"),
    Topic("base.road.score", "Scoring a completed road", "base", "base.road"),
    Topic("base.city", "Cities", "base", "base"),
    Topic("base.city.score", "Scoring a completed city", "base", "base.city"),
    Topic("base.city.knight", "Knights: followers in cities", "base", "base.city"),
    Topic("base.cloister", "Cloisters", "base", "base"),
    Topic("base.cloister.score", "Scoring a surrounded cloister", "base", "base.cloister"),
    Topic("base.farm", "Farms and farmers", "base", "base"),
    Topic("base.majority", "Majority: who scores a feature", "base", "base"),
    Topic("base.return", "Followers return after scoring", "base", "base"),
    Topic("base.final", "Final scoring", "base", "base"),
    Topic("base.final.road", "Final scoring of incomplete roads", "base", "base.final"),
    Topic("base.final.city", "Final scoring of incomplete cities", "base", "base.final"),
    Topic("base.final.cloister", "Final scoring of incomplete cloisters", "base", "base.final"),
    Topic("base.final.farm", "Final scoring of farms", "base", "base.final"),
)

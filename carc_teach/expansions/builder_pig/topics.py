"""The rule ids of The builder and the pig of Traders & Builders, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("builder", "The builder", "traders-builders", None),
    Topic("builder.deploy", "Where the builder may be deployed", "traders-builders", "builder"),
    Topic("builder.double-turn", "The builder's double turn", "traders-builders", "builder"),
    Topic("builder.return", "The builder goes home", "traders-builders", "builder"),
    Topic("pig", "The pig", "traders-builders", None),
    Topic("pig.placement", "Where the pig may be placed", "traders-builders", "pig"),
    Topic("pig.scoring", "The pig's extra point per city", "traders-builders", "pig"),
)

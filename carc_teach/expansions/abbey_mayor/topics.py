"""The rule ids of Abbey & Mayor, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("abbey", "The abbey tile", "abbey-mayor", None),
    Topic("abbey.setup", "Each player's abbey, mayor, wagon and barn", "abbey-mayor", "abbey"),
    Topic("abbey.play", "Playing the abbey instead of drawing", "abbey-mayor", "abbey"),
    Topic("abbey.place", "Where the abbey may go", "abbey-mayor", "abbey"),
    Topic("mayor", "The mayor", "abbey-mayor", None),
    Topic("mayor.deploy", "Where the mayor may be deployed", "abbey-mayor", "mayor"),
    Topic("mayor.strength", "The mayor's strength: one per pennant", "abbey-mayor", "mayor"),
    Topic("mayor.interactions", "The mayor and other expansions", "abbey-mayor", "mayor"),
    Topic("wagon", "The wagon", "abbey-mayor", None),
    Topic("wagon.deploy", "Where the wagon may be deployed", "abbey-mayor", "wagon"),
    Topic("wagon.score", "The wagon when its feature scores", "abbey-mayor", "wagon"),
    Topic("wagon.move", "Moving the wagon after scoring", "abbey-mayor", "wagon"),
    Topic("wagon.interactions", "The wagon and other expansions", "abbey-mayor", "wagon"),
    Topic("barn", "The barn", "abbey-mayor", None),
    Topic("barn.placement", "Where a barn may be placed", "abbey-mayor", "barn"),
    Topic("barn.scoring", "Farmers scored when a barn is placed", "abbey-mayor", "barn"),
    Topic(
        "barn.connect", "Farmers scored when their farm joins a barn's farm", "abbey-mayor", "barn"
    ),
    Topic("barn.final", "The barn's points at the end", "abbey-mayor", "barn"),
    Topic("barn.interactions", "The barn and other expansions", "abbey-mayor", "barn"),
)

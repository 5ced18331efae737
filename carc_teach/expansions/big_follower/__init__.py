"""The big follower of Inns & Cathedrals.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import FigureKind, Package
from .topics import TOPICS

FEATURES = frozenset({"road", "city", "cloister", "field"})

PACKAGE = Package(
    name="big_follower",
    title="The big follower of Inns & Cathedrals, played on its own",
    rule_modules=(("big-follower", "BigFollowerRules"),),
    topics=TOPICS,
    figure_kinds=(FigureKind("big-follower", "big follower", "big-follower", 2, FEATURES),),
    box="inns-cathedrals",
)

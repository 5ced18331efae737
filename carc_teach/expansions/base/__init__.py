"""The base game.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import FigureKind, Package
from .options import OPTIONS
from .topics import TOPICS

FEATURES = frozenset({"road", "city", "cloister", "field"})

PACKAGE = Package(
    name="base",
    title="Carcassonne (base game)",
    rule_modules=(("base", "BaseRules"),),
    options=OPTIONS,
    topics=TOPICS,
    figure_kinds=(FigureKind("follower", "follower", "base", 1, FEATURES),),
    legend=(
        ("follower", "base", "follower: knight, thief, monk (a heretic on a shrine)"),
        ("farmer", "base", "follower lying in a field: farmer"),
        ("cloister", "base", "cloister"),
    ),
)

"""Abbey & Mayor: the abbey tile, the mayor, the wagon and the barn.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import FigureKind, Package
from .options import OPTIONS
from .topics import TOPICS

PACKAGE = Package(
    name="abbey_mayor",
    title="Abbey & Mayor (mayor, wagon, barn, abbey)",
    rule_modules=(("abbey-mayor", "AbbeyMayorRules"),),
    options=OPTIONS,
    topics=TOPICS,
    figure_kinds=(
        FigureKind("mayor", "mayor", "abbey-mayor", 0, frozenset({"city"})),
        FigureKind("wagon", "wagon", "abbey-mayor", 1, frozenset({"road", "city", "cloister"})),
        FigureKind("barn", "barn", "abbey-mayor", 0, frozenset(), False, False),
    ),
    legend=(
        ("mayor", "abbey-mayor", "mayor (robe and pointed hat)"),
        ("wagon", "abbey-mayor", "wagon (a cart)"),
        ("barn", "abbey-mayor", "barn (where four tiles meet)"),
        ("abbey", "abbey-mayor", "abbey (two towers)"),
    ),
)

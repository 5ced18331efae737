"""The Count of Carcassonne: the City of Carcassonne, its quarters and the Count.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import FigureKind, Package
from .options import OPTIONS
from .topics import TOPICS

PACKAGE = Package(
    name="count",
    title="The Count of Carcassonne",
    rule_modules=(("count", "CountRules"),),
    options=OPTIONS,
    topics=TOPICS,
    figure_kinds=(FigureKind("count", "the Count", "count", 0, frozenset(), False, False, True),),
    legend=(
        ("count", "count", "the Count (nobody's, crowned)"),
        ("quarter", "count", "a quarter of the City of Carcassonne, with who waits there"),
    ),
)

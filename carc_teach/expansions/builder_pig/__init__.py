"""The builder and the pig of Traders & Builders.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import FigureKind, Package
from .topics import TOPICS

PACKAGE = Package(
    name="builder_pig",
    title="The builder and the pig of Traders & Builders",
    rule_modules=(("builder", "BuilderRules"), ("pig", "PigRules")),
    topics=TOPICS,
    figure_kinds=(
        FigureKind("builder", "builder", "builder", 0, frozenset({"road", "city"}), False, False),
        FigureKind("pig", "pig", "pig", 0, frozenset({"field"}), False, False),
    ),
    box="traders-builders",
    legend=(
        ("builder", "builder", "builder (tall)"),
        ("pig", "pig", "pig (in a farm)"),
    ),
    corpus_titles=(
        ("builder", "The builder of Traders & Builders, played on its own"),
        ("pig", "The pig of Traders & Builders, played on its own"),
    ),
)

"""Inns & Cathedrals: inns on roads and cathedrals in cities.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import Package
from .topics import TOPICS

PACKAGE = Package(
    name="inns_cathedrals",
    title="Inns & Cathedrals (inns, cathedrals, big follower)",
    rule_modules=(("inns-cathedrals", "InnsCathedralsRules"),),
    topics=TOPICS,
)

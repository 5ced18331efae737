"""Heretics and Shrines: shrine tiles and the challenges between heretic and monk.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, CourseGroup, CoursePlace, Package, ReferenceLink
from .options import OPTIONS
from .topics import TOPICS

PACKAGE = Package(
    name="shrines",
    title="Heretics and Shrines",
    rule_modules=(("shrines", "ShrineRules"),),
    options=OPTIONS,
    topics=TOPICS,
    legend=(("shrine", "shrines", N_("shrine (spire)")),),
    course_group=CourseGroup("Count, King & Robber"),
    walkthroughs=(CoursePlace("heretics_and_shrines", "shrines, heretics and challenges"),),
    collection="count-king-robber",
    reference_links=(
        ReferenceLink("2b1.abbot", ("shrine.challenge",), when="shrines"),
        ReferenceLink("3b.monastic.core", ("shrine.as-cloister",), when="shrines"),
        ReferenceLink("3b.monastic.challenge", ("shrine.challenge.resolve",)),
    ),
    event_headings=(
        ("placement-limited", N_("a building keeps a square free")),
        ("building-must-stay-empty", N_("a building must stay empty")),
        ("challenge-started", N_("a challenge starts")),
        ("challenge-not-started", N_("no challenge starts")),
        ("reward-withheld", N_("no extra points")),
        ("challenge-drawn", N_("a challenge ends in a draw")),
        ("shrine-challenge-lost", N_("a challenge is lost")),
        ("challenge-open", N_("a challenge is still open")),
    ),
    follower_roles=(("shrine", "heretic", "heretics"),),
)

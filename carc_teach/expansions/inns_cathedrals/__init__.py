"""Inns & Cathedrals: inns on roads, cathedrals in cities, and the box's big follower.

``rules.py`` plays the inns and cathedrals, ``big_follower.py`` the big follower (a game may
play it alone, as ``big-follower``); this record names the parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, CourseGroup, CoursePlace, FigureKind, FigureShape, Package, ReferenceLink
from .topics import TOPICS

FEATURES = frozenset({"road", "city", "cloister", "field"})

PACKAGE = Package(
    name="inns_cathedrals",
    title="Inns & Cathedrals (inns, cathedrals, big follower)",
    rule_modules=(
        ("big-follower", "big_follower:BigFollowerRules"),
        ("inns-cathedrals", "InnsCathedralsRules"),
    ),
    topics=TOPICS,
    figure_kinds=(
        FigureKind(
            "big-follower",
            "big follower",
            "big-follower",
            2,
            FEATURES,
            deploy_rule="big-follower.deploy",
        ),
    ),
    box="inns-cathedrals",
    legend=(
        ("big-follower", "big-follower", N_("big follower (larger, white badge)")),
        ("inn", "inns-cathedrals", N_("inn beside a road, printed on a tile")),
        ("cathedral", "inns-cathedrals", N_("cathedral in a city, printed on a tile")),
    ),
    corpus_titles=(
        ("big-follower", "The big follower of Inns & Cathedrals, played on its own"),
        ("inns-cathedrals", "Inns & Cathedrals (inns, cathedrals, big follower)"),
    ),
    brings=(("inns-cathedrals", ("big-follower",)),),
    figure_shapes=(
        FigureShape(
            "big-follower", "", '<circle cy="-0.02" r="0.12" fill="#fff"/>', 1.3, lies_down=True
        ),
    ),
    course_group=CourseGroup(
        "Inns & Cathedrals",
        "The first big box: inns and cathedrals that pay double or nothing, and the big follower.",
        rank=20,
    ),
    walkthroughs=(CoursePlace("inns_and_cathedrals", "inns, cathedrals and the big follower"),),
    # the big follower's rule ids and reference part were "bigfollower", its module and figure
    # "big-follower": one id now
    renamed=(("bigfollower", "big-follower"),),
    reference_links=(
        ReferenceLink("3b.road.core", ("big-follower.strength",), when="big-follower"),
        ReferenceLink("3b.road.inn", ("inns.road.score",)),
        ReferenceLink("3b.city.core", ("big-follower.strength",), when="big-follower"),
        ReferenceLink("3b.city.cathedral", ("cathedrals.city.score",)),
    ),
)

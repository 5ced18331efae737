"""King and Robber Baron: the King and Robber Baron tiles.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, CourseGroup, CoursePlace, FigureKind, Package, ReferenceLink
from .options import OPTIONS
from .topics import TOPICS

PACKAGE = Package(
    name="king_robber",
    title="King and Robber Baron",
    rule_modules=(("king-robber", "KingRobberRules"),),
    options=OPTIONS,
    topics=TOPICS,
    figure_kinds=(
        FigureKind("king", "the King", "king-robber", 0, frozenset(), False, False, True),
        FigureKind(
            "robber-baron", "the Robber Baron", "king-robber", 0, frozenset(), False, False, True
        ),
    ),
    course_group=CourseGroup("Count, King & Robber"),
    walkthroughs=(CoursePlace("king_and_robber", "the King and the Robber Baron"),),
    # the scoring reference's part was "king-robber-baron": the module's id now
    renamed=(("king-robber-baron", "king-robber"),),
    collection="count-king-robber",
    reference_links=(ReferenceLink("3b.city.king", ("king.award", "king.final")),),
    event_headings=(
        ("tokens-set-aside", N_("the King and the Robber Baron are set aside")),
        ("token-kept", N_("the token stays where it is")),
        ("token-unclaimed", N_("nobody takes the token")),
    ),
)

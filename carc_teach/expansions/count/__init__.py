"""The Count of Carcassonne: the City of Carcassonne, its quarters and the Count.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, CourseGroup, CoursePlace, FigureKind, FigureShape, Package, ReferenceLink
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
        ("count", "count", N_("the Count (nobody's, crowned)")),
        ("quarter", "count", N_("a quarter of the City of Carcassonne, with who waits there")),
    ),
    figure_shapes=(
        # a follower wearing a crown: the Count (a neutral figure)
        FigureShape(
            "count",
            "M-0.5,0.55 L-0.18,0.05 L-0.55,-0.05 Q-0.55,-0.3 -0.2,-0.28 A0.22,0.22 0 1 1 0.2,-0.28 Q0.55,-0.3 0.55,-0.05 L0.18,0.05 L0.5,0.55 L0.08,0.55 L0,0.3 L-0.08,0.55 Z M-0.22,-0.44 L-0.26,-0.76 L-0.11,-0.6 L0,-0.8 L0.11,-0.6 L0.26,-0.76 L0.22,-0.44 Z",
            "",
            1.0,
            key_scale=0.9,
            key_shift=0.1,
        ),
    ),
    course_group=CourseGroup(
        "Count, King & Robber",
        "The four small expansions gathered in this box, one at a time.",
        rank=10,
    ),
    walkthroughs=(
        CoursePlace("count_of_carcassonne", "the City of Carcassonne, its quarters, the Count"),
    ),
    collection="count-king-robber",
    reference_links=(
        ReferenceLink("3b.road.core", ("count.redeploy.blacksmith",), when="count"),
        ReferenceLink(
            "3b.city.count", ("count.redeploy", "count.redeploy.castle", "count.redeploy.order")
        ),
        ReferenceLink("3b.city.core", ("count.redeploy.castle",), when="count"),
        ReferenceLink("3b.monastic.core", ("count.redeploy.cathedral",), when="count"),
        ReferenceLink(
            "3b.barn-placed.city", ("count.city-value", "count.redeploy.market"), when="count"
        ),
        ReferenceLink(
            "3b.barn-joined.city", ("count.city-value", "count.redeploy.market"), when="count"
        ),
    ),
    event_headings=(
        ("count-setup", N_("the City of Carcassonne is set up")),
        ("count-city-laid", N_("the City of Carcassonne is laid")),
        ("count-blocked", N_("the Count keeps figures in their quarter")),
        ("count-redeploy-closed", N_("no more moves out of the City this round")),
        ("count-left-in-city", N_("figures stay in the City")),
    ),
)

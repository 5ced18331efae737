"""The base game.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, CourseGroup, CoursePlace, FigureKind, FigureShape, Package, ReferenceLink
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
        ("follower", "base", N_("follower: knight, thief, monk (a heretic on a shrine)")),
        ("farmer", "base", N_("follower lying in a field: farmer")),
        ("cloister", "base", N_("cloister")),
    ),
    figure_shapes=(
        FigureShape(
            "follower",
            "M-0.5,0.55 L-0.18,0.05 L-0.55,-0.05 Q-0.55,-0.3 -0.2,-0.28 A0.22,0.22 0 1 1 0.2,-0.28 Q0.55,-0.3 0.55,-0.05 L0.18,0.05 L0.5,0.55 L0.08,0.55 L0,0.3 L-0.08,0.55 Z",
            "",
            1.0,
            lies_down=True,
        ),
    ),
    course_group=CourseGroup(
        "The base game",
        "Start here: how a turn goes, how tiles join into features, and when each thing scores.",
        rank=0,
    ),
    walkthroughs=(
        CoursePlace("turn_sequence", "steps 1A to 4B; roads, cities, cloisters, farms"),
        CoursePlace("tiles_and_features", "tile edges, placement, features and who would score"),
        CoursePlace("scoring_reference", "every scoring moment of a turn, by edition"),
    ),
    reference_links=(
        ReferenceLink("3b.road.core", ("base.road.score", "base.majority", "base.return")),
        ReferenceLink("3b.city.core", ("base.city.score", "base.majority", "base.return")),
        ReferenceLink("3b.monastic.core", ("base.cloister.score", "base.return")),
        # the flier lands a second follower in a cloister: then a majority is decided there
        ReferenceLink("3b.monastic.core", ("base.majority",), when="flier"),
    ),
    follower_roles=(
        ("road", "thief", "thieves"),
        ("city", "knight", "knights"),
        ("cloister", "monk", "monks"),
        ("field", "farmer", "farmers"),
    ),
)

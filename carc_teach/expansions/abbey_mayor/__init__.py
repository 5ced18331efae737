"""Abbey & Mayor: the abbey tile, the mayor, the wagon and the barn.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, CourseGroup, CoursePlace, FigureKind, FigureShape, Package, ReferenceLink
from .options import OPTIONS
from .topics import TOPICS

PACKAGE = Package(
    name="abbey_mayor",
    title="Abbey & Mayor (mayor, wagon, barn, abbey)",
    rule_modules=(("abbey-mayor", "AbbeyMayorRules"),),
    options=OPTIONS,
    topics=TOPICS,
    figure_kinds=(
        FigureKind(
            "mayor", "mayor", "abbey-mayor", 0, frozenset({"city"}), deploy_rule="mayor.deploy"
        ),
        FigureKind(
            "wagon",
            "wagon",
            "abbey-mayor",
            1,
            frozenset({"road", "city", "cloister"}),
            deploy_rule="wagon.deploy",
        ),
        FigureKind(
            "barn",
            "barn",
            "abbey-mayor",
            0,
            frozenset(),
            False,
            False,
            deploy_rule="barn.placement",
        ),
    ),
    legend=(
        ("mayor", "abbey-mayor", N_("mayor (robe and pointed hat)")),
        ("wagon", "abbey-mayor", N_("wagon (a cart)")),
        ("barn", "abbey-mayor", N_("barn (where four tiles meet)")),
        ("abbey", "abbey-mayor", N_("abbey (two towers)")),
    ),
    figure_shapes=(
        # a robe to the ground, a round head and a tall pointed hat: the mayor
        FigureShape(
            "mayor",
            "M-0.55,0.55 L-0.25,-0.1 Q0,-0.2 0.25,-0.1 L0.55,0.55 Z M-0.18,-0.3 A0.18,0.18 0 1 1 0.18,-0.3 A0.18,0.18 0 1 1 -0.18,-0.3 Z M-0.2,-0.42 L0,-0.82 L0.2,-0.42 Z",
            "",
            1.0,
        ),
        # a cart on two wheels with its shaft: the wagon
        FigureShape(
            "wagon",
            "M-0.6,-0.32 H0.6 V0.12 H-0.6 Z M0.6,-0.14 H0.88 V-0.04 H0.6 Z M-0.46,0.22 A0.18,0.18 0 1 1 -0.1,0.22 A0.18,0.18 0 1 1 -0.46,0.22 Z M0.1,0.22 A0.18,0.18 0 1 1 0.46,0.22 A0.18,0.18 0 1 1 0.1,0.22 Z",
            "",
            1.0,
        ),
        # a house with a big door, on the corner where four tiles meet: the barn
        FigureShape(
            "barn",
            "M-0.55,0.5 V-0.1 L0,-0.55 L0.55,-0.1 V0.5 Z",
            '<path d="M-0.22,0.5 V0.1 H0.22 V0.5 Z" fill="#fff" fill-opacity="0.85"/>',
            1.0,
        ),
    ),
    course_group=CourseGroup(
        "Abbey & Mayor",
        "Three new figures and the abbey, with the big follower, builder and pig they meet.",
        rank=30,
    ),
    walkthroughs=(CoursePlace("abbey_and_mayor", "the mayor, the wagon, the barn, the abbey"),),
    reference_links=(
        ReferenceLink("3b.road.core", ("wagon.score",), when="wagon"),
        ReferenceLink("3b.city.core", ("mayor.strength",), when="mayor"),
        ReferenceLink("3b.city.core", ("wagon.score",), when="wagon"),
        ReferenceLink("3b.monastic.core", ("wagon.score",), when="wagon"),
        ReferenceLink("3b.barn-placed", ("barn.scoring",)),
        ReferenceLink("3b.barn-joined", ("barn.connect",)),
        ReferenceLink("3b.castle.core", ("mayor.strength",), when="mayor"),
    ),
    event_headings=(
        ("abbey-played", N_("an abbey is placed")),
        ("barn-connect", N_("farms join a barn's farm")),
        ("barn-farm-final", N_("a barn's farm after the game")),
    ),
    follower_roles=(("abbey", "monk", "monks"),),
)

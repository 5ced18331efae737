"""The River II: the river tiles, laid first from the spring.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, CourseGroup, CoursePlace, Package, ReferenceLink
from .options import OPTIONS
from .topics import TOPICS

PACKAGE = Package(
    name="river2",
    title="The River II",
    rule_modules=(("river2", "River2Rules"),),
    options=OPTIONS,
    topics=TOPICS,
    legend=(("pig-herd", "river2", N_("pig herd, printed on a tile (not a figure)")),),
    course_group=CourseGroup("Count, King & Robber"),
    walkthroughs=(CoursePlace("river_ii", "River II: the spring, the fork, the lake"),),
    collection="count-king-robber",
    reference_links=(
        ReferenceLink("1b.wof.famine.pigherd", ("river2.pig-herd",)),
        ReferenceLink("3b.barn-placed.pigherd", ("river2.pig-herd",)),
        ReferenceLink("3b.barn-joined.pigherd", ("river2.pig-herd",)),
    ),
    event_headings=(
        ("river2-setup", N_("the river is set up")),
        ("river2-tile-removed", N_("a river tile leaves the game")),
    ),
)

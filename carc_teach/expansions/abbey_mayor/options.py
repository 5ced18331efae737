"""The rule options of Abbey & Mayor (listed with every other in :mod:`carc_teach.editions`)."""

from __future__ import annotations

from ..declare import RuleOption, paragraph

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        id="wagon.empty-feature-rule",
        title="What keeps a wagon from being deployed onto a feature?",
        expansion="abbey-mayor",
        values=("no-other-follower", "no-other-figure", "no-other-wagon-or-follower"),
        default="no-other-follower",
        explanation=paragraph("""
            HiG's text says 'no other figure', which would let a builder or other non-follower
            figure keep the wagon out; the annotated rules correct it to 'no other follower'.
            RGG says 'no other wagon or follower', which plays like the correction."""),
        annotations=("car-166", "car-167"),
        value_notes=(
            (
                "no-other-follower",
                "any follower (wagons and mayors included) blocks it (annotated rules)",
            ),
            ("no-other-figure", "any figure at all blocks it (HiG's text read literally)"),
            ("no-other-wagon-or-follower", "RGG's wording; same result as no-other-follower"),
        ),
    ),
    RuleOption(
        id="wagon.cloister-access",
        title="May a wagon use cloisters, shrines and abbeys without a road?",
        expansion="abbey-mayor",
        values=("official", "road-tiles-only"),
        default="official",
        explanation=paragraph("""
            Officially a wagon may stand on any cloister, shrine or abbey and move on to a
            connected city or road. A house rule allows cloisters and shrines only when their
            tile also shows a road, which shuts wagons out of abbeys."""),
        annotations=("car-173", "house-wagon-road-tiles-only", "house-wagon-abbey-moves"),
        value_notes=(
            (
                "official",
                "any cloister, shrine or abbey (official; also the viberunner house rule)",
            ),
            (
                "road-tiles-only",
                "only cloisters and shrines whose tile has a road; no abbeys (house rule)",
            ),
        ),
    ),
    RuleOption(
        id="wagon.move-range",
        title="How far may a wagon move after scoring?",
        expansion="abbey-mayor",
        values=("adjacent", "roll-on"),
        default="adjacent",
        explanation=paragraph("""
            Officially a wagon moves to a directly connected feature that is unfinished and
            unoccupied. A house rule lets it roll on through completed or unclaimed features
            until it reaches an unclaimed one further away."""),
        annotations=("car-170", "house-wagon-roll-on"),
        value_notes=(
            ("adjacent", "one step to a directly connected feature (rules)"),
            ("roll-on", "on across completed or unclaimed features (house rule)"),
        ),
    ),
    RuleOption(
        id="wagon.move-rule",
        title="Which features count as next to a wagon that moves after scoring?",
        expansion="abbey-mayor",
        values=("connected", "neighbourhood"),
        default="connected",
        explanation=paragraph("""
            In the first edition (C1, the annotated rules) a wagon may only move to a feature
            directly connected to the one that scored: along a road into a crossing, through a
            city gate, into a cloister or an abbey; never city to city and never across another
            feature. The second edition (C2) drops the connection: the wagon may move to any
            unfinished, unoccupied road, city or cloister on the tile it stands on or on one of
            the eight tiles around it."""),
        annotations=("car-170", "car-171", "car-172", "car-175"),
        value_notes=(
            ("connected", "a directly connected feature (1st edition, annotated rules)"),
            ("neighbourhood", "any feature on its tile or the eight around it (2nd edition)"),
        ),
    ),
    RuleOption(
        id="barn.pig-herd",
        title="Does the pig-herd tile add a point when farmers score because of a barn?",
        expansion="abbey-mayor",
        values=("farmers", "nobody"),
        default="farmers",
        explanation=paragraph("""
            The pig-herd tile of The River II never adds to a barn's own points at the end
            (Big Box 2). The annotators add that it can still earn an extra point per completed
            city when there is a barn on the farm; carc_teach reads that as a point per city for
            the farmers who score when a barn is placed on their farm or their farm is joined to
            one. 'nobody' is the stricter reading: on a farm with a barn the herd adds
            nothing."""),
        annotations=("car-194", "car-195"),
        value_notes=(
            (
                "farmers",
                "+1 per completed city to farmers scored because of a barn (carc_teach's reading)",
            ),
            ("nobody", "the herd adds nothing on a farm with a barn"),
        ),
        also_needs=("river2",),
    ),
    RuleOption(
        id="mayor.tower-immune",
        title="Are mayors safe from towers?",
        expansion="abbey-mayor",
        values=(False, True),
        default=False,
        explanation=paragraph("""
            Officially a tower can capture the mayor like any follower. A house rule makes the
            mayor immune."""),
        annotations=("car-159", "house-mayor-tower-immune"),
        value_notes=(
            (False, "towers capture mayors (official)"),
            (True, "towers cannot capture mayors (house rule)"),
        ),
        also_needs=("tower",),
    ),
    RuleOption(
        id="wagon.hazard-immune",
        title="Are wagons safe from the dragon and towers?",
        expansion="abbey-mayor",
        values=(False, True),
        default=False,
        explanation=paragraph("""
            Officially the dragon can eat a wagon and a tower can capture it. A house rule
            protects the wagon from both."""),
        annotations=("car-159", "house-wagon-hazard-immune"),
        value_notes=(
            (False, "dragon and towers take wagons (official)"),
            (True, "wagons are safe from both (house rule)"),
        ),
        also_needs=("princess-dragon", "tower"),
    ),
)

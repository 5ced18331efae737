"""The rule options of King and Robber Baron (listed with every other in :mod:`carc_teach.editions`)."""

from __future__ import annotations

from ..declare import RuleOption, paragraph

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        id="king.scoring",
        title="What are the King and the Robber Baron worth?",
        expansion="king-robber",
        values=("per-feature", "flat-10", "flat-15-40", "running-bonus", "running-bonus-only"),
        default="per-feature",
        explanation=paragraph("""
            The rules give the holder of each tile 1 point per completed city (King) or road
            (Robber Baron) at the end. Two house rules replace that count with a flat sum. A
            third, 'running-bonus', pays a point to the tile's holder at every completion
            during the game, the completion that hands the tile over included; it does not say
            whether the end-of-game count remains, so both readings are offered:
            'running-bonus' (carc_teach's reading) keeps it, the running points coming on top
            of the usual count at the end; 'running-bonus-only' drops it. 'flat-10' says it
            replaces the count; 'flat-15-40' ('a straight 15 points') is read the same way."""),
        annotations=(
            "ckr-1",
            "house-king-flat-10",
            "house-king-flat-15",
            "house-king-running-bonus",
        ),
        value_notes=(
            ("per-feature", "1 point per completed city / road at the end (rules)"),
            ("flat-10", "10 points per tile held at the end (house rule)"),
            ("flat-15-40", "15 points per tile, 40 for holding both (house rule)"),
            (
                "running-bonus",
                "1 point to the holder each time a city / road is completed, plus the usual "
                "count at the end (house rule, carc_teach's reading)",
            ),
            (
                "running-bonus-only",
                "1 point to the holder each time a city / road is completed, and no count at "
                "the end (house rule, the other reading)",
            ),
        ),
    ),
    RuleOption(
        id="king.city-of-carcassonne",
        title="Does the City of Carcassonne set the size the King must beat?",
        expansion="king-robber",
        values=("final-count", "sets-the-bar"),
        default="final-count",
        explanation=paragraph("""
            The City of Carcassonne counts as a completed city when the King's holder scores at
            the end (1 point, like any other completed city). The rulings say nothing about
            taking the King: nobody places its last tile, so by carc_teach's reading it gives
            the King to nobody and sets no size record ('final-count'). The other reading
            treats it as a completed 12-tile city from the start, so only a completed city of
            13 tiles or more takes the King ('sets-the-bar')."""),
        annotations=("ckr-1",),
        value_notes=(
            ("final-count", "1 point for the King's holder at the end, nothing more"),
            ("sets-the-bar", "also a 12-tile record from the start: the King needs 13 tiles"),
        ),
        also_needs=("count",),
    ),
)

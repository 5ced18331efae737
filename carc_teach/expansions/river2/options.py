"""The rule options of The River II (listed with every other in :mod:`carc_teach.editions`)."""

from __future__ import annotations

from ..declare import RuleOption, paragraph

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        id="river2.with-count",
        title="How do the city of Carcassonne and The River II start a game together?",
        expansion="river2",
        values=("discard-unplaceable", "spring-away-from-city", "not-combined", "river-first"),
        default="discard-unplaceable",
        explanation=paragraph("""
            Both want to be the start of the game, and the official answer changed over the
            years. carc_teach offers the three official positions and the house rule."""),
        annotations=("ckr-5", "ckr-6", "house-count-river-first"),
        value_notes=(
            (
                "discard-unplaceable",
                "city first; river tiles that cannot be placed leave "
                "the game (latest River II rules)",
            ),
            (
                "spring-away-from-city",
                "city first, then the spring next to it with the river "
                "flowing away (original Count rules)",
            ),
            (
                "not-combined",
                "do not play the two together (advice of the Count, King & Robber box)",
            ),
            (
                "river-first",
                "river first, then the city where it touches most river tiles (house rule)",
            ),
        ),
        also_needs=("count",),
    ),
)

"""The rule options of The base game (listed with every other in :mod:`carc_teach.editions`)."""

from __future__ import annotations

from ..declare import RuleOption, paragraph

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        id="base.followers",
        title="How many followers does each player have?",
        expansion="base",
        values=tuple(range(1, 13)),
        default=7,
        explanation=paragraph("""
            The size of each player's supply. The base game gives every player eight figures of
            one colour, one of which marks the score, so 7 followers. None of the seed
            footnotes changes the number; the linked record shows why the supply matters with
            the Count: followers parked in Carcassonne are missing from it until a
            redeployment brings them back. Smaller numbers are useful for short teaching
            games."""),
        annotations=("ckr-18",),
    ),
)

"""A synthetic rule module for the comparison tests (never shipped).

With the base game alone, rule presets rarely change a game. This module reads an existing
option, ``king.scoring``, and makes its values differ in play, the way the Count's
``count.deploy-trigger`` will: under ``flat-10`` every completed city pays its scorers one more
point, in an event of its own that names the option (``SynthNamed``), or folded into the city's
own points event without naming it (``SynthSilent``).
"""

from __future__ import annotations

from carc_teach.rules import RuleModule


class SynthNamed(RuleModule):
    id = "synth"
    title = "Synthetic difference (named by its events)"
    options = ("king.scoring",)
    rules = {"synth.bonus": "A completed city pays one more point under the flat-10 reading."}

    def after_scoring(self, state, scoring):
        if scoring.feature.kind != "city" or self.option("king.scoring") != "flat-10":
            return
        for player in scoring.points:
            state.award(
                player,
                1,
                rule="synth.bonus",
                text=f"{player} gets the synthetic city bonus.",
                breakdown=(("synthetic bonus", 1),),
                options=("king.scoring",),
            )


class SynthSilent(RuleModule):
    id = "synth-silent"
    title = "Synthetic difference (not named by its events)"
    options = ("king.scoring",)

    def player_bonus(self, state, scoring, player):
        if scoring.feature.kind == "city" and self.option("king.scoring") == "flat-10":
            return (("synthetic bonus", 1),)
        return ()

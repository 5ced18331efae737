"""The rule options of Heretics and Shrines (listed with every other in :mod:`carc_teach.editions`)."""

from __future__ import annotations

from ..declare import RuleOption, paragraph

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        id="shrine.challenge-wording",
        title="Which wording of the challenge rule is shown?",
        expansion="shrines",
        values=("hig", "rgg"),
        default="hig",
        explanation=paragraph("""
            HiG speaks of a shrine next to another player's cloister and then allows
            challenging yourself; RGG speaks of a heretic next to any occupied monastery and
            says the monk must challenge. Both start exactly the same challenges, so this
            option only chooses the words the explanations use."""),
        annotations=("ckr-48", "ckr-50", "ckr-51"),
        value_notes=(
            ("hig", "'another player's cloister', plus 'you may challenge yourself'"),
            ("rgg", "'any occupied monastery'; 'the monk must challenge the heretic'"),
        ),
        changes_outcome=False,
    ),
    RuleOption(
        id="shrine.tile-edition",
        title="Which shrine tiles are in the supply?",
        expansion="shrines",
        values=("ckr", "csc", "spielbox"),
        default="ckr",
        explanation=paragraph("""
            The shrine tiles were printed three times with the same rules: 5 tiles in the Count,
            King & Robber box (2008), 6 in RGG's Cult, Siege & Creativity (the five and one
            more, with a city cap and two roads ending at the shrine), and 5 in the spielbox
            almanac with another symbol. No footnote is about the tiles; the page's
            introduction to Heretics & Shrines lists them, and ckr-48 is the record on RGG's
            edition of the expansion."""),
        annotations=("ckr-48",),
        value_notes=(
            ("ckr", "5 tiles, Count, King & Robber (SH-1 to SH-5)"),
            ("csc", "6 tiles, Cult, Siege & Creativity (SHC-1 to SHC-6)"),
            ("spielbox", "5 tiles, spielbox almanac (SHS-1 to SHS-5)"),
        ),
    ),
    RuleOption(
        id="shrine.challenge-complete-building",
        title="Can a building that the placed tile has already completed be challenged?",
        expansion="shrines",
        values=("no-challenge", "challenge"),
        default="no-challenge",
        explanation=paragraph("""
            A tile may complete a building and at once give a follower a neighbour to
            challenge (a shrine laid as the eighth tile around an occupied cloister, or a
            shrine or cloister that completes itself). The seeds do not settle this case.
            carc_teach's reading follows ckr-56: a building is complete before followers are
            deployed, so it is out of the race, no challenge starts and it scores as usual
            ('no-challenge'). Read literally, the rule text starts the challenge anyway, and
            the building completed in this turn wins it at once ('challenge')."""),
        annotations=("ckr-56", "ckr-55"),
        value_notes=(
            ("no-challenge", "a completed building cannot be challenged (carc_teach's reading)"),
            ("challenge", "the challenge starts and is decided in the same turn (literal text)"),
        ),
    ),
    RuleOption(
        id="shrine.placement-limit",
        title="May more shrines or cloisters crowd around one another?",
        expansion="shrines",
        values=("official", "extra-if-empty"),
        default="official",
        explanation=paragraph("""
            Officially a shrine may have at most one cloister among its neighbours and the other
            way round. A house rule allows more as long as the extra buildings get no follower,
            so that no second challenge can start."""),
        annotations=("ckr-43", "ckr-44", "ckr-46"),
        value_notes=(
            ("official", "at most one cloister beside a shrine, one shrine beside a cloister"),
            ("extra-if-empty", "more are allowed if nobody deploys on them (house rule)"),
        ),
    ),
    RuleOption(
        id="shrine.challenge-reward",
        title="What does the winner of a challenge score?",
        expansion="shrines",
        values=("standard", "winner-takes-both", "challenger-takes-both"),
        default="standard",
        explanation=paragraph("""
            In the rules the winner scores 9 and the loser 0. The house rule raises the stakes:
            the winner also scores the loser's unfinished building (so never 18 in total); in
            its aggressive form only the player who started the challenge can earn that double
            reward."""),
        annotations=("house-shrine-double-stakes", "ckr-55"),
        value_notes=(
            ("standard", "winner 9, loser 0 (rules)"),
            ("winner-takes-both", "winner also scores the loser's building (house rule)"),
            (
                "challenger-takes-both",
                "only a winning challenger scores both (house rule, aggressive form)",
            ),
        ),
    ),
)

"""The rule options of The Count of Carcassonne (listed with every other in :mod:`carc_teach.editions`)."""

from __future__ import annotations

from ..declare import RuleOption, paragraph

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        id="count.deploy-trigger",
        title="What lets the player who placed a tile deploy to Carcassonne?",
        expansion="count",
        values=("any-scoring", "completion"),
        default="any-scoring",
        explanation=paragraph("""
            The condition is always that others score and the tile's placer scores nothing. The
            original rules counted only the completion of a road, city or cloister; RGG and
            HiG's Big Box 2 count any scoring the placed tile causes (a barn scoring farmers, a
            decided challenge ...). Scores that do not come from placing a tile never count."""),
        annotations=("ckr-7", "ckr-8", "ckr-10", "ckr-11"),
        value_notes=(
            (
                "any-scoring",
                "any scoring caused by the placed tile (RGG, HiG Big Box 2, the seed pages)",
            ),
            (
                "completion",
                "only a road, city or cloister completed by the tile (original HiG rules)",
            ),
        ),
    ),
    RuleOption(
        id="count.blocks-moves-to",
        title="Does the Count also stop followers from entering his quarter?",
        expansion="count",
        values=(False, True),
        default=False,
        explanation=paragraph("""
            Everywhere, no follower may be redeployed out of the Count's quarter. RGG's Big
            Box 2 alone adds that none may be moved into it either, so a follower deployed to
            Carcassonne must choose another quarter."""),
        annotations=("ckr-34",),
        value_notes=(
            (False, "the Count only blocks followers leaving his quarter (every other edition)"),
            (True, "nor may a follower be deployed into his quarter (RGG Big Box 2)"),
        ),
    ),
    RuleOption(
        id="count.redeploy-rounds",
        title="During play, does the redeployment go round the table once or until all pass?",
        expansion="count",
        values=("once-around", "until-all-pass"),
        default="once-around",
        explanation=paragraph("""
            The rules describe one pass round the table, starting left of the tile's placer;
            only RGG states outright that there is a single round. 'until-all-pass' is the
            reading that RGG's sentence rules out, offered to compare games: the round repeats
            while anyone still moves a follower. It is not printed by any publisher. The
            redeployment of the final scoring always repeats, one follower per player per
            round, whatever this option says."""),
        annotations=("ckr-28", "ckr-27"),
        value_notes=(
            (
                "once-around",
                "each player decides once, the placer last (all editions; explicit in RGG)",
            ),
            (
                "until-all-pass",
                "rounds repeat while anyone still redeploys (a reading no rulebook prints)",
            ),
        ),
    ),
    RuleOption(
        id="count.count-movement",
        title="How does the Count move?",
        expansion="count",
        values=("free", "clockwise", "follows-deploy"),
        default="free",
        explanation=paragraph("""
            In the standard rules a player who deploys to Carcassonne may also put the Count in
            any quarter. Two official variants take that freedom away."""),
        annotations=("variant-count-clockwise", "variant-count-follows-deploy"),
        value_notes=(
            ("free", "the deploying player may move him to any quarter (standard rules)"),
            (
                "clockwise",
                "he steps to the next quarter clockwise at every deployment (official variant 1)",
            ),
            (
                "follows-deploy",
                "he moves to the quarter the new follower entered (official variant 2)",
            ),
        ),
    ),
    RuleOption(
        id="count.special-figure-strength",
        title="How strong are a mayor or wagon redeployed from Carcassonne?",
        expansion="count",
        values=("usual", "two-each"),
        default="usual",
        explanation=paragraph("""
            HiG's Big Box 2 rules, after placing these figures in the city, say that in a
            scoring such a figure counts as two followers 'as usual', a sentence that seems
            copied from the big-follower paragraph. The community reads it as 'they count as
            usual' (the mayor by pennants, the wagon as one). RGG's edition translates it
            plainly as each counting as two followers. The HiG Big Box 2 and RGG presets play
            the printed words ('two-each'); the default is the community reading."""),
        annotations=("ckr-17",),
        value_notes=(
            ("usual", "mayor = number of pennants, wagon = 1 (community reading)"),
            (
                "two-each",
                "each counts as two followers (HiG's Big Box 2 and RGG's edition, as printed)",
            ),
        ),
        also_needs=("abbey-mayor",),
    ),
    RuleOption(
        id="count.final-redeploy",
        title="After the game, which quarters may send followers out?",
        expansion="count",
        values=("all-quarters", "market-only"),
        default="all-quarters",
        explanation=paragraph("""
            The rulebook mentions the end of the game only for the market: its followers may
            leave only then. The publisher's answer on the final scoring (ckr-27) lets followers
            of every quarter join the unfinished roads, cities, cloisters and farms scored after
            the game, one at a time round the table. 'market-only' reads the rulebook's sentence
            alone: castle, blacksmith and cathedral followers stay where they are."""),
        annotations=("ckr-27", "ckr-26"),
        value_notes=(
            ("all-quarters", "every quarter takes part, the Count's excepted (ckr-27)"),
            ("market-only", "only market followers leave, to farms (the rulebook's text alone)"),
        ),
    ),
)

"""Rule options, edition and publisher presets, and the C1/C2 vocabulary.

The footnotes of the seeds record where publishers and editions disagree, and which house rules
and official variants players use. Every such difference that can change a game is a
:class:`RuleOption` here; a :class:`Preset` bundles the values one rulebook prints; and
:func:`resolve` turns a preset plus overrides into a :class:`RuleSet`, the immutable mapping the
engine reads. A game file's ``setup.rules`` (``{"preset": ..., "options": {...}}``) goes straight
to :func:`from_setup`.

Every option and every preset value cites the annotation records (see
:mod:`carc_teach.annotations`) that justify it.

Examples
--------
>>> from carc_teach.editions import resolve, diff_presets
>>> resolve("hig-original")["count.deploy-trigger"]
'completion'
>>> resolve(overrides={"base.followers": 5})["base.followers"]
5
>>> diff_presets("hig-original", "hig-big-box-2")["count.deploy-trigger"]
('completion', 'any-scoring')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .annotations.topics import expand_expansion
from .errors import UnknownRuleError

__all__ = [
    "RuleOption",
    "OPTIONS",
    "options_for",
    "option",
    "Preset",
    "PRESETS",
    "get_preset",
    "RuleSet",
    "UnknownOptionError",
    "resolve",
    "from_setup",
    "diff_presets",
    "Term",
    "VOCABULARY",
    "ALSO_CALLED",
    "TILE_EDITIONS",
    "term",
]


class UnknownOptionError(UnknownRuleError, KeyError):
    """An option id that does not exist was looked up in a :class:`RuleSet`.

    It is also a ``KeyError``, so ``rules.get(...)`` and ``in`` behave as for any mapping.
    """

    def __str__(self) -> str:  # KeyError would print the message with quotes around it
        return str(self.args[0]) if self.args else ""


# ---------------------------------------------------------------------------------- options


@dataclass(frozen=True)
class RuleOption:
    """One rule that editions, publishers or house rules settle differently.

    Attributes
    ----------
    id:
        Dotted option id; its first part is a rule area (``count.deploy-trigger``).
    title:
        A one-line question the option answers.
    expansion:
        The expansion id whose rules it changes.
    values:
        Every allowed value, in the order to list them.
    default:
        The value carc_teach plays when nothing is chosen: the reading the seed pages print
        today, with their corrections.
    explanation:
        What the option decides and what each choice means, in plain English.
    annotations:
        Ids of the records that explain it (at least one).
    value_notes:
        ``(value, meaning)`` pairs, one per value.
    changes_outcome:
        False when every value produces the same game (the option then only picks wording).
    also_needs:
        Further expansions without which the option has no effect.
    """

    id: str
    title: str
    expansion: str
    values: tuple[Any, ...]
    default: Any
    explanation: str
    annotations: tuple[str, ...]
    value_notes: tuple[tuple[Any, str], ...] = ()
    changes_outcome: bool = True
    also_needs: tuple[str, ...] = ()

    def describe(self, value: Any) -> str:
        """Return the meaning of ``value`` (empty when the option has no per-value notes)."""
        for known, note in self.value_notes:
            if known == value and type(known) is type(value):
                return note
        return ""

    def is_valid(self, value: Any) -> bool:
        """Return whether ``value`` is allowed (types must match: ``1`` is not ``True``)."""
        return any(type(v) is type(value) and v == value for v in self.values)

    def choices_text(self) -> str:
        """The allowed values for messages: ``'completion', 'any-scoring'`` or ``1..12``."""
        if all(type(v) is int for v in self.values) and len(self.values) > 4:
            return f"{self.values[0]}..{self.values[-1]}"
        return ", ".join(_show(v) for v in self.values)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "expansion": self.expansion,
            "values": list(self.values),
            "default": self.default,
            "explanation": self.explanation,
            "annotations": list(self.annotations),
            "value_notes": {_show(v): n for v, n in self.value_notes},
            "changes_outcome": self.changes_outcome,
            "also_needs": list(self.also_needs),
        }


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _text(paragraph: str) -> str:
    return " ".join(paragraph.split())


OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        id="base.followers",
        title="How many followers does each player have?",
        expansion="base",
        values=tuple(range(1, 13)),
        default=7,
        explanation=_text("""
            The size of each player's supply. The base game gives every player eight figures of
            one colour, one of which marks the score, so 7 followers. None of the seed
            footnotes changes the number; the linked record shows why the supply matters with
            the Count: followers parked in Carcassonne are missing from it until a
            redeployment brings them back. Smaller numbers are useful for short teaching
            games."""),
        annotations=("ckr-18",),
    ),
    RuleOption(
        id="count.deploy-trigger",
        title="What lets the player who placed a tile deploy to Carcassonne?",
        expansion="count",
        values=("any-scoring", "completion"),
        default="any-scoring",
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
    RuleOption(
        id="river2.with-count",
        title="How do the city of Carcassonne and The River II start a game together?",
        expansion="river2",
        values=("discard-unplaceable", "spring-away-from-city", "not-combined", "river-first"),
        default="discard-unplaceable",
        explanation=_text("""
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
    RuleOption(
        id="king.scoring",
        title="What are the King and the Robber Baron worth?",
        expansion="king-robber",
        values=("per-feature", "flat-10", "flat-15-40", "running-bonus", "running-bonus-only"),
        default="per-feature",
        explanation=_text("""
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
        explanation=_text("""
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
    RuleOption(
        id="shrine.challenge-wording",
        title="Which wording of the challenge rule is shown?",
        expansion="shrines",
        values=("hig", "rgg"),
        default="hig",
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
    RuleOption(
        id="wagon.empty-feature-rule",
        title="What keeps a wagon from being deployed onto a feature?",
        expansion="abbey-mayor",
        values=("no-other-follower", "no-other-figure", "no-other-wagon-or-follower"),
        default="no-other-follower",
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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
        explanation=_text("""
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

_OPTIONS_BY_ID: dict[str, RuleOption] = {o.id: o for o in OPTIONS}


def option(option_id: str) -> RuleOption:
    """Return the option with this id, or raise UnknownRuleError listing the valid ids."""
    try:
        return _OPTIONS_BY_ID[option_id]
    except (KeyError, TypeError):
        raise UnknownRuleError(
            f"unknown rule option {option_id!r}; valid options: {', '.join(_OPTIONS_BY_ID)}"
        ) from None


def options_for(expansion: str) -> tuple[RuleOption, ...]:
    """Return the options of one expansion (or group such as ``"count-king-robber"``).

    Options that only matter together with the expansion (``also_needs``) are included too.

    Raises
    ------
    UnknownRuleError
        For an unknown expansion id.
    """
    wanted = set(expand_expansion(expansion))
    return tuple(o for o in OPTIONS if o.expansion in wanted or wanted.intersection(o.also_needs))


# ---------------------------------------------------------------------------------- presets


@dataclass(frozen=True)
class Preset:
    """The option values one rulebook prints.

    Attributes
    ----------
    id:
        ``"hig-original"``, ``"rgg"`` ...
    title:
        Human-readable name.
    publisher:
        Publisher abbreviation (a key of ``annotations.PUBLISHERS``).
    edition:
        Which rulebook(s).
    year:
        Year of publication when the seeds give it, else ``None``.
    values:
        ``(option id, value)`` pairs this preset sets; every other option takes its default.
    basis:
        ``(option id, annotation ids)`` pairs: the records that say this rulebook prints the
        value.
    assumed:
        Option ids whose value is carried over from another preset rather than cited (see
        ``notes``).
    notes:
        What the preset is, and what the footnotes leave open.
    """

    id: str
    title: str
    publisher: str
    edition: str
    year: int | None
    values: tuple[tuple[str, Any], ...]
    basis: tuple[tuple[str, tuple[str, ...]], ...]
    assumed: tuple[str, ...] = ()
    notes: str = ""

    def value_map(self) -> dict[str, Any]:
        """The values this preset sets, as a dict."""
        return dict(self.values)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "publisher": self.publisher,
            "edition": self.edition,
            "year": self.year,
            "values": self.value_map(),
            "basis": {k: list(v) for k, v in self.basis},
            "assumed": list(self.assumed),
            "notes": self.notes,
        }


def _preset(
    id: str,
    title: str,
    publisher: str,
    edition: str,
    year: int | None,
    cited: dict[str, tuple[Any, tuple[str, ...]]],
    *,
    based_on: Preset | None = None,
    notes: str = "",
) -> Preset:
    # Values inherited from ``based_on`` count as assumed until this preset cites them itself.
    values = dict(based_on.values) if based_on else {}
    basis: dict[str, tuple[str, ...]] = {}
    assumed = [key for key in values if key not in cited]
    for key, (value, records) in cited.items():
        values[key] = value
        basis[key] = records
    return Preset(
        id=id,
        title=title,
        publisher=publisher,
        edition=edition,
        year=year,
        values=tuple(values.items()),
        basis=tuple(basis.items()),
        assumed=tuple(assumed),
        notes=_text(notes),
    )


_HIG_ORIGINAL = _preset(
    "hig-original",
    "Hans im Glück, original rules of the small expansions",
    "HiG",
    "original",
    2003,
    {
        "count.deploy-trigger": ("completion", ("ckr-7",)),
        "river2.with-count": ("spring-away-from-city", ("ckr-6",)),
    },
    notes="""
        The first rules of The Count of Carcassonne and King and Robber Baron (both 2003) and
        The River II (2005). The footnotes name two places where they differ from today's
        pages; every other option takes its default.""",
)

_HIG_CKR = _preset(
    "hig-ckr-2007",
    "Hans im Glück, Count, King & Robber box",
    "HiG",
    "Count, King & Robber",
    2007,
    {"river2.with-count": ("not-combined", ("ckr-6",))},
    based_on=_HIG_ORIGINAL,
    notes="""
        The 2007 box that collected the small expansions (the older English page says 2008).
        Footnote ckr-6 cites its advice against combining the Count with The River II. The
        footnotes compare only 'the original rules' with RGG and Big Box 2, so this preset
        assumes the box kept the original deployment trigger (listed under 'assumed').""",
)

_HIG_BB2 = _preset(
    "hig-big-box-2",
    "Hans im Glück, Big Box 2",
    "HiG",
    "Big Box 2",
    None,
    {
        "count.deploy-trigger": ("any-scoring", ("ckr-7",)),
        "count.special-figure-strength": ("two-each", ("ckr-17",)),
        "wagon.empty-feature-rule": ("no-other-figure", ("car-163", "car-166")),
    },
    notes="""
        HiG's Big Box 2 rulebook, whose text the annotated rules on the mayor, wagon and barn
        follow (car-163 names it). It widened the Count's deployment trigger; its sentence that
        a mayor or wagon in Carcassonne counts as two followers (ckr-17) is played as
        printed, though the community reads it as a slip; and its wagon paragraph says 'no
        other figure', which the annotators correct to 'follower'. The seeds do not give its
        year.""",
)

_RGG = _preset(
    "rgg",
    "Rio Grande Games, English rules (Count, King & Robber; Abbey & Mayor)",
    "RGG",
    "Count, King & Robber",
    None,
    {
        "count.deploy-trigger": ("any-scoring", ("ckr-7",)),
        "count.redeploy-rounds": ("once-around", ("ckr-28",)),
        "count.special-figure-strength": ("two-each", ("ckr-17",)),
        "shrine.challenge-wording": ("rgg", ("ckr-48", "ckr-51")),
        "wagon.empty-feature-rule": ("no-other-wagon-or-follower", ("car-167",)),
    },
    notes="""
        The RGG rules the footnotes quote as 'the RGG edition' or 'the RGG version'. Where a
        footnote names RGG's Big Box 2 in particular, the value is in rgg-big-box-2
        instead. The seeds give no year for RGG's Count, King & Robber; RGG's set with the
        shrines, Cult, Siege and Creativity, dates from 2008.""",
)

_RGG_BB2 = _preset(
    "rgg-big-box-2",
    "Rio Grande Games, Big Box 2",
    "RGG",
    "Big Box 2",
    None,
    {
        "count.deploy-trigger": ("any-scoring", ("ckr-7",)),
        "count.blocks-moves-to": (True, ("ckr-34",)),
        "shrine.challenge-wording": ("rgg", ("ckr-48", "ckr-50", "ckr-51")),
    },
    based_on=_RGG,
    notes="""
        RGG's Big Box 2 rulebook: the only one in which the Count also blocks moves into his
        quarter (ckr-34). Values without a Big Box 2 footnote are carried over from the rgg
        preset (listed under 'assumed'), among them RGG's 'each counts as two followers' for a
        mayor or wagon in Carcassonne (ckr-17).""",
)

PRESETS: Mapping[str, Preset] = {
    p.id: p for p in (_HIG_ORIGINAL, _HIG_CKR, _HIG_BB2, _RGG, _RGG_BB2)
}


def get_preset(preset_id: str) -> Preset:
    """Return the preset with this id, or raise UnknownRuleError listing the valid ids."""
    try:
        return PRESETS[preset_id]
    except (KeyError, TypeError):
        raise UnknownRuleError(
            f"unknown rule preset {preset_id!r}; valid presets: {', '.join(PRESETS)}"
        ) from None


# ---------------------------------------------------------------------------------- rule sets


class RuleSet(Mapping[str, Any]):
    """An immutable mapping option id -> value, with every option present.

    Attributes
    ----------
    preset:
        The preset it was built from, or ``None`` for the defaults.
    overrides:
        The values given on top of the preset, as a dict copy.
    """

    __slots__ = ("_values", "preset", "overrides")

    def __init__(self, values: Mapping[str, Any], preset: str | None, overrides: Mapping[str, Any]):
        self._values = dict(values)
        self.preset = preset
        self.overrides = dict(overrides)

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise UnknownOptionError(
                f"unknown rule option {key!r}; valid options: {', '.join(self._values)}"
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted((k, repr(v)) for k, v in self._values.items())))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RuleSet):
            return self._values == other._values
        return NotImplemented

    def __repr__(self) -> str:
        args = [f"preset={self.preset!r}"] if self.preset else []
        if self.overrides:
            args.append(f"overrides={self.overrides!r}")
        return f"resolve({', '.join(args)})"

    def changed(self) -> dict[str, Any]:
        """The options whose value differs from the default."""
        return {k: v for k, v in self._values.items() if v != _OPTIONS_BY_ID[k].default}

    def diff(self, other: RuleSet) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ: id -> (value here, value in ``other``)."""
        return {k: (v, other[k]) for k, v in self._values.items() if other[k] != v}

    def to_setup(self) -> dict[str, Any]:
        """The ``setup.rules`` object of a game file that resolves to this rule set."""
        out: dict[str, Any] = {}
        if self.preset:
            out["preset"] = self.preset
        if self.overrides:
            out["options"] = dict(self.overrides)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Every option and its value."""
        return dict(self._values)


def resolve(preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """Build the rule set of a preset (or the defaults) with some options overridden.

    Parameters
    ----------
    preset:
        A key of :data:`PRESETS`, or ``None`` for the defaults.
    overrides:
        Option id -> value, applied on top of the preset.

    Raises
    ------
    UnknownRuleError
        For an unknown preset or option id, or a value the option does not allow; the message
        names the offender and lists the valid choices.
    """
    values = {o.id: o.default for o in OPTIONS}
    if preset is not None:
        values.update(get_preset(preset).values)
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping):
        raise UnknownRuleError(
            f"rule options must be a mapping of option id to value, not {type(overrides).__name__}"
        )
    for key, value in overrides.items():
        opt = option(key)
        if not opt.is_valid(value):
            raise UnknownRuleError(
                f"value {value!r} is not allowed for rule option {key!r}; "
                f"choose from {opt.choices_text()}"
            )
        values[key] = value
    return RuleSet(values, preset, overrides)


def from_setup(rules: Mapping[str, Any] | None) -> RuleSet:
    """Resolve a game file's ``setup.rules`` object (``{"preset": ..., "options": {...}}``).

    ``None`` or ``{}`` gives the defaults. Unknown keys raise UnknownRuleError.
    """
    if rules is None:
        return resolve()
    if not isinstance(rules, Mapping):
        raise UnknownRuleError(
            f"setup.rules must be an object with 'preset' and/or 'options', not "
            f"{type(rules).__name__}"
        )
    extra = set(rules) - {"preset", "options"}
    if extra:
        raise UnknownRuleError(
            f"unknown key(s) {', '.join(sorted(map(repr, extra)))} in setup.rules; "
            "allowed: 'preset', 'options'"
        )
    return resolve(rules.get("preset"), rules.get("options") or {})


def diff_presets(a: str | None, b: str | None) -> dict[str, tuple[Any, Any]]:
    """Return the options on which two presets differ: id -> (value in a, value in b).

    ``None`` stands for the defaults. Unknown preset ids raise UnknownRuleError.
    """
    return resolve(a).diff(resolve(b))


# ---------------------------------------------------------------------------------- vocabulary

#: tile-art editions: the seeds call the first and second edition designs C1 and C2.
TILE_EDITIONS: Mapping[str, str] = {
    "C1": "first-edition tile art and wording (follower, cloister, farm, pennant ...)",
    "C2": "second-edition tile art and wording (meeple, monastery, field, coat of arms ...)",
}


@dataclass(frozen=True)
class Term:
    """One word that the C1 and C2 rulebooks say differently."""

    c1: str
    c2: str
    c1_plural: str
    c2_plural: str
    note: str = ""

    def form(self, edition: str, plural: bool = False) -> str:
        if edition == "C1":
            return self.c1_plural if plural else self.c1
        return self.c2_plural if plural else self.c2


VOCABULARY: tuple[Term, ...] = (
    Term("follower", "meeple", "followers", "meeples"),
    Term("cloister", "monastery", "cloisters", "monasteries"),
    Term("farm", "field", "farms", "fields", "the whole farm, not one tile's part of it"),
    Term("pennant", "coat of arms", "pennants", "coats of arms"),
    Term("quarter", "district", "quarters", "districts", "of the city of Carcassonne"),
    Term(
        "counting figure",
        "scoring figure",
        "counting figures",
        "scoring figures",
        "the figure that marks a score on the track",
    ),
    Term("town", "small city", "towns", "small cities", "a two-tile city (castles)"),
    Term("thief", "highwayman", "thieves", "highwaymen", "a follower on a road"),
)

#: other names the seeds use for the same thing, by publisher or edition.
ALSO_CALLED: Mapping[str, tuple[str, ...]] = {
    "shrine": ("cult place (RGG, Cult, Siege and Creativity)",),
    "cloister": ("monastery (RGG's wording, and C2)",),
    "heretic": ("a follower on a shrine",),
    "King tile": ("King",),
    "Robber Baron tile": ("Robber Baron", "Robber Knight (some translations)"),
}


def _word_index() -> dict[str, tuple[Term, bool]]:
    index: dict[str, tuple[Term, bool]] = {}
    for entry in VOCABULARY:
        for form, plural in (
            (entry.c1, False),
            (entry.c2, False),
            (entry.c1_plural, True),
            (entry.c2_plural, True),
        ):
            index.setdefault(form.casefold(), (entry, plural))
    return index


_WORD_INDEX = _word_index()


def term(word: str, edition: str) -> str:
    """Return ``word`` as the ``edition`` ("C1" or "C2") rulebooks say it.

    Singular and plural are kept, and so is a leading capital. A word that both editions say
    the same way is returned unchanged.

    Examples
    --------
    >>> term("follower", "C2"), term("Monasteries", "C1"), term("road", "C2")
    ('meeple', 'Cloisters', 'road')

    Raises
    ------
    UnknownRuleError
        For an edition other than C1 or C2.
    """
    if edition not in TILE_EDITIONS:
        raise UnknownRuleError(f"unknown tile edition {edition!r}; choose from C1, C2")
    found = _WORD_INDEX.get(word.casefold())
    if found is None:
        return word
    entry, plural = found
    result = entry.form(edition, plural)
    if word[:1].isupper():
        result = result[:1].upper() + result[1:]
    return result

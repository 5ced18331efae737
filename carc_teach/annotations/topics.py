"""The rule-id taxonomy: where events, annotations, rule options and reference rows meet.

A rule id is a dotted string ``<area>.<topic>[.<detail>]`` (see ``docs/architecture.md``). Each id
has a title, the expansion that defines it and a parent id; the parent chain ends at the area root
(``"count"``, ``"barn"`` ...). :func:`topic` raises :class:`~carc_teach.errors.UnknownRuleError`
for an id that is not in the table, naming the closest known ids.

The table also names the expansions an annotation can touch (:data:`EXPANSIONS`), including ones
carc_teach does not play yet (the dragon, the tower, ...): the footnotes of the seeds mention them,
and a learner playing with them should still find those rulings.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache

from ..errors import UnknownRuleError

__all__ = [
    "Topic",
    "TOPICS",
    "EXPANSIONS",
    "EXPANSION_GROUPS",
    "topic",
    "all_topics",
    "is_known",
    "lineage",
    "children",
    "check_expansion",
    "expand_expansion",
]


@dataclass(frozen=True)
class Topic:
    """One rule id of the taxonomy.

    Attributes
    ----------
    id:
        The dotted rule id, e.g. ``"count.deploy-trigger"``.
    title:
        A short English title for lists and headings.
    expansion:
        The expansion id (a key of :data:`EXPANSIONS`) whose rules define this topic.
    parent:
        The id of the enclosing topic, or ``None`` for an area root such as ``"count"``.
    """

    id: str
    title: str
    expansion: str
    parent: str | None


#: expansion id -> title. The first six are the ones whose rules the annotation corpus covers;
#: the others appear in footnotes that explain how those rules meet other expansions.
EXPANSIONS: dict[str, str] = {
    "base": "Carcassonne (base game)",
    "count": "The Count of Carcassonne",
    "king-robber": "King and Robber Baron",
    "river2": "The River II",
    "shrines": "Heretics and Shrines",
    "abbey-mayor": "Abbey & Mayor (mayor, wagon, barn, abbey)",
    "inns-cathedrals": "Inns & Cathedrals (inns, cathedrals, big follower)",
    "traders-builders": "Traders & Builders (builder, pig, trade goods)",
    "big-follower": "The big follower of Inns & Cathedrals, played on its own",
    "builder": "The builder of Traders & Builders, played on its own",
    "pig": "The pig of Traders & Builders, played on its own",
    "princess-dragon": "The Princess & the Dragon (dragon, fairy, magic portal, princess, volcano)",
    "tower": "The Tower",
    "flying-machines": "The Flying Machines (fliers)",
    "messages": "The Messages (dispatches)",
    "bridges-castles-bazaars": "Bridges, Castles & Bazaars",
    "markets-of-leipzig": "The Markets of Leipzig",
    "german-monasteries": "German Monasteries / Dutch & Belgian Monasteries (abbot)",
    "abbot": "The Abbot (the Abbot figure, on cloisters and gardens)",
    "cathars": "The Cathars (sieges)",
    "festival": "The Festival",
    "plague": "The Plague",
    "crop-circles": "Crop Circles",
}

#: names of boxed collections -> the expansion ids they hold; accepted wherever an expansion is.
EXPANSION_GROUPS: dict[str, tuple[str, ...]] = {
    "count-king-robber": ("count", "king-robber", "river2", "shrines"),
}


def _t(id: str, title: str, expansion: str, parent: str | None) -> Topic:
    return Topic(id, title, expansion, parent)


TOPICS: tuple[Topic, ...] = (
    # --- base game: the ids the engine emits, plus the base topics the footnotes lean on
    _t("base", "Base game", "base", None),
    _t("base.setup", "Setting up: start tile and figures", "base", "base"),
    _t("base.draw", "Drawing a tile", "base", "base"),
    _t("base.place", "Placing a tile", "base", "base"),
    _t("base.place.discard", "A drawn tile that fits nowhere", "base", "base.place"),
    _t("base.deploy", "Deploying a follower on the placed tile", "base", "base"),
    _t("base.figures", "Followers, figures and the supply", "base", "base"),
    _t("base.road", "Roads", "base", "base"),
    _t("base.road.score", "Scoring a completed road", "base", "base.road"),
    _t("base.city", "Cities", "base", "base"),
    _t("base.city.score", "Scoring a completed city", "base", "base.city"),
    _t("base.city.knight", "Knights: followers in cities", "base", "base.city"),
    _t("base.cloister", "Cloisters", "base", "base"),
    _t("base.cloister.score", "Scoring a surrounded cloister", "base", "base.cloister"),
    _t("base.farm", "Farms and farmers", "base", "base"),
    _t("base.majority", "Majority: who scores a feature", "base", "base"),
    _t("base.return", "Followers return after scoring", "base", "base"),
    _t("base.final", "Final scoring", "base", "base"),
    _t("base.final.road", "Final scoring of incomplete roads", "base", "base.final"),
    _t("base.final.city", "Final scoring of incomplete cities", "base", "base.final"),
    _t("base.final.cloister", "Final scoring of incomplete cloisters", "base", "base.final"),
    _t("base.final.farm", "Final scoring of farms", "base", "base.final"),
    # --- The Count of Carcassonne
    _t("count", "The Count of Carcassonne", "count", None),
    _t("count.setup", "Setting up with the city of Carcassonne", "count", "count"),
    _t("count.city-tiles", "Features on the outer edge of the city tiles", "count", "count"),
    _t("count.city-value", "The city of Carcassonne as a completed city", "count", "count"),
    _t("count.safe", "Figures inside the city are out of reach", "count", "count"),
    _t("count.deploy", "Deploying a follower to the city of Carcassonne", "count", "count"),
    _t("count.deploy-trigger", "What earns a deployment to Carcassonne", "count", "count.deploy"),
    _t("count.deploy.figures", "Which figures may enter Carcassonne", "count", "count.deploy"),
    _t("count.deploy.limit", "One deployment to Carcassonne per tile", "count", "count.deploy"),
    _t("count.redeploy", "Redeploying from a quarter to a feature being scored", "count", "count"),
    _t("count.redeploy.castle", "From the castle quarter to a city", "count", "count.redeploy"),
    _t(
        "count.redeploy.blacksmith",
        "From the blacksmith quarter to a road",
        "count",
        "count.redeploy",
    ),
    _t(
        "count.redeploy.cathedral",
        "From the cathedral quarter to a cloister",
        "count",
        "count.redeploy",
    ),
    _t("count.redeploy.market", "From the market quarter to a farm", "count", "count.redeploy"),
    _t("count.redeploy.order", "Order of the redeployment round", "count", "count.redeploy"),
    _t("count.redeploy.final", "Redeploying during final scoring", "count", "count.redeploy"),
    _t("count.block", "The Count blocks his quarter", "count", "count"),
    _t("count.move", "Moving the Count", "count", "count"),
    # --- King and Robber Baron
    _t("king", "The King tile", "king-robber", None),
    _t("king.award", "Who holds the King: the biggest completed city", "king-robber", "king"),
    _t("king.final", "The King's points at the end", "king-robber", "king"),
    _t(
        "king.bookkeeping",
        "Keeping track of the biggest city and longest road",
        "king-robber",
        "king",
    ),
    _t("robber", "The Robber Baron tile", "king-robber", None),
    _t(
        "robber.award",
        "Who holds the Robber Baron: the longest completed road",
        "king-robber",
        "robber",
    ),
    _t("robber.final", "The Robber Baron's points at the end", "king-robber", "robber"),
    # --- The River II
    _t("river2", "The River II", "river2", None),
    _t(
        "river2.with-count",
        "The River II together with the city of Carcassonne",
        "river2",
        "river2",
    ),
    _t("river2.pig-herd", "The pig-herd tile", "river2", "river2"),
    _t("river2.setup", "The spring replaces the start tile", "river2", "river2"),
    _t("river2.order", "River tiles first: fork after the spring, lake last", "river2", "river2"),
    _t("river2.place", "Continuing the river, without a U-turn", "river2", "river2"),
    _t("river2.discard", "A river tile that cannot be placed leaves the game", "river2", "river2"),
    # --- Heretics and Shrines
    _t("shrine", "Heretics and Shrines", "shrines", None),
    _t("shrine.placement", "Where shrines and cloisters may be placed", "shrines", "shrine"),
    _t("shrine.as-cloister", "A shrine works like a cloister", "shrines", "shrine"),
    _t("shrine.deploy", "Deploying a follower on a shrine tile", "shrines", "shrine"),
    _t("shrine.challenge", "Starting a challenge between heretic and monk", "shrines", "shrine"),
    _t("shrine.challenge.resolve", "Deciding a challenge", "shrines", "shrine.challenge"),
    _t("shrine.final", "Challenges still open at the end", "shrines", "shrine"),
    # --- Abbey & Mayor: the abbey tile, mayor, wagon, barn
    _t("abbey", "The abbey tile", "abbey-mayor", None),
    _t("abbey.setup", "Each player's abbey, mayor, wagon and barn", "abbey-mayor", "abbey"),
    _t("abbey.play", "Playing the abbey instead of drawing", "abbey-mayor", "abbey"),
    _t("abbey.place", "Where the abbey may go", "abbey-mayor", "abbey"),
    _t("mayor", "The mayor", "abbey-mayor", None),
    _t("mayor.deploy", "Where the mayor may be deployed", "abbey-mayor", "mayor"),
    _t("mayor.strength", "The mayor's strength: one per pennant", "abbey-mayor", "mayor"),
    _t("mayor.interactions", "The mayor and other expansions", "abbey-mayor", "mayor"),
    _t("wagon", "The wagon", "abbey-mayor", None),
    _t("wagon.deploy", "Where the wagon may be deployed", "abbey-mayor", "wagon"),
    _t("wagon.score", "The wagon when its feature scores", "abbey-mayor", "wagon"),
    _t("wagon.move", "Moving the wagon after scoring", "abbey-mayor", "wagon"),
    _t("wagon.interactions", "The wagon and other expansions", "abbey-mayor", "wagon"),
    _t("barn", "The barn", "abbey-mayor", None),
    _t("barn.placement", "Where a barn may be placed", "abbey-mayor", "barn"),
    _t("barn.scoring", "Farmers scored when a barn is placed", "abbey-mayor", "barn"),
    _t("barn.connect", "Farmers scored when their farm joins a barn's farm", "abbey-mayor", "barn"),
    _t("barn.final", "The barn's points at the end", "abbey-mayor", "barn"),
    _t("barn.interactions", "The barn and other expansions", "abbey-mayor", "barn"),
    # --- figures from other expansions that the footnotes touch
    _t("bigfollower", "The big follower", "inns-cathedrals", None),
    _t("bigfollower.deploy", "Deploying the big follower", "inns-cathedrals", "bigfollower"),
    _t("bigfollower.strength", "The big follower counts as two", "inns-cathedrals", "bigfollower"),
    # --- Inns & Cathedrals: inns and cathedral tiles (not the Count's cathedral quarter)
    _t("inns", "Inns on roads", "inns-cathedrals", None),
    _t("inns.road.score", "A completed road with an inn: 2 per tile", "inns-cathedrals", "inns"),
    _t(
        "inns.road.final",
        "An unfinished road with an inn scores nothing",
        "inns-cathedrals",
        "inns",
    ),
    _t("cathedrals", "Cathedral tiles in cities", "inns-cathedrals", None),
    _t(
        "cathedrals.city.score",
        "A completed city with a cathedral: 3 per tile and pennant",
        "inns-cathedrals",
        "cathedrals",
    ),
    _t(
        "cathedrals.city.final",
        "An unfinished city with a cathedral scores nothing",
        "inns-cathedrals",
        "cathedrals",
    ),
    _t("builder", "The builder", "traders-builders", None),
    _t("builder.deploy", "Where the builder may be deployed", "traders-builders", "builder"),
    _t("builder.double-turn", "The builder's double turn", "traders-builders", "builder"),
    _t("builder.return", "The builder goes home", "traders-builders", "builder"),
    _t("pig", "The pig", "traders-builders", None),
    _t("pig.placement", "Where the pig may be placed", "traders-builders", "pig"),
    _t("pig.scoring", "The pig's extra point per city", "traders-builders", "pig"),
)


@cache
def _index() -> dict[str, Topic]:
    return {t.id: t for t in TOPICS}


def all_topics() -> tuple[Topic, ...]:
    """Return every topic, area roots first within each area, in table order."""
    return TOPICS


def is_known(rule_id: str) -> bool:
    """Return whether ``rule_id`` is in the taxonomy."""
    return rule_id in _index()


def topic(rule_id: str) -> Topic:
    """Return the topic of ``rule_id``.

    Raises
    ------
    UnknownRuleError
        If the id is not in the taxonomy; the message names the closest known ids.
    """
    try:
        return _index()[rule_id]
    except (KeyError, TypeError):
        close = difflib.get_close_matches(str(rule_id), list(_index()), n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UnknownRuleError(f"unknown rule id {rule_id!r}{hint}") from None


def lineage(rule_id: str) -> tuple[str, ...]:
    """Return ``rule_id`` followed by its parent, grandparent ... up to the area root."""
    chain = []
    current: str | None = topic(rule_id).id
    while current is not None:
        chain.append(current)
        current = _index()[current].parent
    return tuple(chain)


def children(rule_id: str, *, recursive: bool = True) -> tuple[str, ...]:
    """Return the ids below ``rule_id`` (all descendants, or direct children only)."""
    topic(rule_id)
    found = [t.id for t in TOPICS if t.parent == rule_id]
    if recursive:
        for child in list(found):
            found.extend(children(child))
    return tuple(found)


def check_expansion(expansion: str) -> str:
    """Return ``expansion`` if it is a known expansion id or group, else raise UnknownRuleError."""
    if expansion in EXPANSIONS or expansion in EXPANSION_GROUPS:
        return expansion
    choices = ", ".join([*EXPANSIONS, *EXPANSION_GROUPS])
    raise UnknownRuleError(f"unknown expansion {expansion!r}; known: {choices}")


def expand_expansion(expansion: str) -> tuple[str, ...]:
    """Return the expansion ids that ``expansion`` (an id or a group name) stands for."""
    check_expansion(expansion)
    return EXPANSION_GROUPS.get(expansion, (expansion,))

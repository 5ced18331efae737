"""Inns & Cathedrals: inns on roads, cathedrals in cities, and the box's big follower.

What this module plays (``docs/rules-inns-cathedrals.md``):

- **Tiles**: the 18 land tiles of the box (``tiles/inns-cathedrals.json`` here: 17 types, the
  cathedral twice) are shuffled in with the others. Six show an inn beside a road (segment tag
  ``inn``), two a cathedral in a city (segment tag ``cathedral``). The River II's inn on a
  bridge (``R2-inn-bridge``) is an inn too when both expansions are played.
- **A road with one or more inns** (``inns.road.score``): completed during the game it scores
  2 points per tile instead of 1; several inns on one road do not add up (the scoring page:
  "inns do not stack"). Left unfinished when the game ends (``inns.road.final``) it scores
  nothing, however long it is.
- **A city with one or both cathedrals** (``cathedrals.city.score``): completed, 3 points per
  tile and 3 per pennant instead of 2; the two cathedrals do not add up. Unfinished after the
  game (``cathedrals.city.final``): nothing.
- **The big follower** comes in this box: a game that lists ``inns-cathedrals`` plays the
  ``big-follower`` module too (``Setup`` adds it after this one, unless the file lists it
  already; see :data:`carc_teach.setup.BRINGS`). A game may still play the big follower alone
  (``big-follower`` without ``inns-cathedrals``), as the Abbey & Mayor footnotes do.
- Majority, the followers' return and farms are the base game's: a cathedral city counts once
  for a farm, like any completed city (3 points, not more).

This module says what such a road or city is worth and under which rule id it scores
(``scoring_rule`` and ``feature_value``), replacing the base game's value for it. A cathedral
*tile* is not the cathedral *quarter* of the City of Carcassonne (The Count), which sends
followers to cloisters: the rule ids of this module are ``inns.*`` and ``cathedrals.*``, the
quarter's are ``count.*``.

Not implemented: the sixth player's colour (the engine seats up to eight players whatever the
expansions, with seven followers each, so the box's extra figures change nothing); the
second- and third-edition pictures' gardens (an abbot feature; the abbot is not played); the
third edition's 24-tile set, whose extra tiles carc_teach does not ship; rows of the scoring
page that need expansions carc_teach does not play (wells, the land surveyors' highway,
bridges, the mage, the Festival's road stubs).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...events import Phrase, Said, SaidN
from ...rules import RuleModule
from ...scoring import FeatureValue

if TYPE_CHECKING:  # pragma: no cover
    from ...features import Feature
    from ...state import GameState

__all__ = ["InnsCathedralsRules", "inns_on", "cathedrals_in", "BUILDING_OF"]

#: feature kind -> the segment tag that changes its value, and what it is called
BUILDING_OF = {"road": "inn", "city": "cathedral"}
#: feature kind -> (rule when completed, rule after the game, rate when completed)
_RULES = {
    "road": ("inns.road.score", "inns.road.final", 2),
    "city": ("cathedrals.city.score", "cathedrals.city.final", 3),
}
#: tile type id -> the ids of its segments tagged inn or cathedral (tile ids are unique)
_TAGGED: dict[str, frozenset[str]] = {}


def _tagged(tile_type) -> frozenset[str]:
    found = _TAGGED.get(tile_type.id)
    if found is None:
        found = _TAGGED[tile_type.id] = frozenset(
            s.id for s in tile_type.segments if "inn" in s.tags or "cathedral" in s.tags
        )
    return found


#: [feature, its number of segments, its count]: the last feature counted. A scoring asks
#: twice (its rule in step 3A, its value in the pipeline); a feature only grows, and the tiles
#: under its segments never change, so the same feature of as many segments counts the same
_LAST_COUNTED: list[Any] = [None, 0, 0]


def _count(state: GameState, feature: Feature) -> int:
    """How many of the feature's segments show its kind's building (inns on a road,
    cathedrals in a city)."""
    nodes = feature.nodes
    last = _LAST_COUNTED
    if last[0] is feature and last[1] == len(nodes):
        return last[2]
    tiles = state.board.tiles
    tagged_of = _TAGGED.get  # (_tagged's look-up, without a call per segment)
    n = 0
    for x, y, seg in nodes:
        tile_type = tiles[(x, y)].tile.type
        tagged = tagged_of(tile_type.id)
        if tagged is None:
            tagged = _tagged(tile_type)
        if tagged and seg in tagged:
            n += 1
    last[0], last[1], last[2] = feature, len(nodes), n
    return n


def inns_on(state: GameState, feature: Feature) -> int:
    """The inns beside a road (0 for any other feature)."""
    return _count(state, feature) if feature.kind == "road" else 0


def cathedrals_in(state: GameState, feature: Feature) -> int:
    """The cathedrals in a city (0 for any other feature)."""
    return _count(state, feature) if feature.kind == "city" else 0


def _what(feature: Feature, n: int, *, final: bool) -> Phrase:
    """'the city of 4 tiles with a cathedral', 'the unfinished road of 3 tiles with 2 inns'."""
    bare = feature.phrase(bare=True)
    if feature.kind == "road":
        if n == 1:
            if final:
                return Said(msg="the unfinished {feature} with an inn", feature=bare)
            return Said(msg="the {feature} with an inn", feature=bare)
        if final:
            return SaidN(
                msg="the unfinished {feature} with {n} inn",
                plural="the unfinished {feature} with {n} inns",
                n=n,
                feature=bare,
            )
        return SaidN(
            msg="the {feature} with {n} inn",
            plural="the {feature} with {n} inns",
            n=n,
            feature=bare,
        )
    if n == 1:
        if final:
            return Said(msg="the unfinished {feature} with a cathedral", feature=bare)
        return Said(msg="the {feature} with a cathedral", feature=bare)
    if final:
        return SaidN(
            msg="the unfinished {feature} with {n} cathedral",
            plural="the unfinished {feature} with {n} cathedrals",
            n=n,
            feature=bare,
        )
    return SaidN(
        msg="the {feature} with {n} cathedral",
        plural="the {feature} with {n} cathedrals",
        n=n,
        feature=bare,
    )


class InnsCathedralsRules(RuleModule):
    id = "inns-cathedrals"
    title = "Inns & Cathedrals"
    tile_sets = ("inns-cathedrals",)
    # inns change roads, cathedrals cities: the pipeline asks the value of those alone
    scores_feature_kinds = MappingProxyType({"feature_value": frozenset({"road", "city"})})
    rules = {
        "inns.road.score": "A completed road with one or more inns beside it scores 2 points per tile "
        "instead of 1; a second inn on the same road adds nothing.",
        "inns.road.final": "A road with an inn that is still unfinished when the game ends scores no "
        "points at all.",
        "cathedrals.city.score": "A completed city with a cathedral in it scores 3 points per tile and 3 "
        "per pennant instead of 2; the second cathedral adds nothing.",
        "cathedrals.city.final": "A city with a cathedral that is still unfinished when the game ends "
        "scores no points at all.",
    }

    @classmethod
    def common_mistakes(cls, rule: str, points: int, tiles: int, pennants: int) -> list[int] | None:
        if rule == "inns.road.score":  # the inn forgotten, or counted once per inn
            return [points // 2, points * 2, points + 1]
        if rule == "cathedrals.city.score":  # the cathedral forgotten, or the end-of-game rate
            return [points * 2 // 3, points // 3, points + 3]
        if rule in ("inns.road.final", "cathedrals.city.final"):  # scored like a plain one
            return [tiles or 1, 1, 2]
        return None

    def scoring_rule(
        self, state: GameState, feature: Feature, *, final: bool
    ) -> tuple[str, str] | None:
        rules = _RULES.get(feature.kind)
        if rules is None:
            return None
        n = _count(state, feature)
        if not n:
            return None
        unfinished = final and feature.open_edges > 0
        return rules[1] if unfinished else rules[0], _what(feature, n, final=unfinished)

    def feature_value(
        self, state: GameState, feature: Feature, value: FeatureValue, *, final: bool
    ) -> FeatureValue:
        rules = _RULES.get(feature.kind)
        if rules is None:
            return value
        n = _count(state, feature)
        if not n:
            return value
        inn = feature.kind == "road"
        size, pennants = feature.size, feature.pennants
        parts: tuple[tuple[Any, int], ...]
        if final and feature.open_edges:
            # this module alone says what it is worth: nothing, whatever it would be without
            plain = size + (pennants if feature.kind == "city" else 0)
            without = SaidN(msg="{n} point", plural="{n} points", n=plain)
            if inn:
                row = SaidN(
                    msg="{n} tile × 0 (inn on an unfinished road; without it: {without})",
                    plural="{n} tiles × 0 (inn on an unfinished road; without it: {without})",
                    n=size,
                    without=without,
                )
            else:
                row = SaidN(
                    msg="{n} tile × 0 (cathedral in an unfinished city; without it: {without})",
                    plural="{n} tiles × 0 (cathedral in an unfinished city; without it: {without})",
                    n=size,
                    without=without,
                )
            parts = ((row, 0),)
            if feature.kind == "city" and pennants:
                parts += ((SaidN(msg="{n} pennant × 0", plural="{n} pennants × 0", n=pennants), 0),)
            return FeatureValue(parts)
        rate = rules[2]
        if n == 1:
            if inn:
                row = SaidN(
                    msg="{n} tile × {rate} (inn)",
                    plural="{n} tiles × {rate} (inn)",
                    n=size,
                    rate=rate,
                )
            else:
                row = SaidN(
                    msg="{n} tile × {rate} (cathedral)",
                    plural="{n} tiles × {rate} (cathedral)",
                    n=size,
                    rate=rate,
                )
        elif inn:
            row = SaidN(
                msg="{n} tile × {rate} ({buildings} inns, which do not add up)",
                plural="{n} tiles × {rate} ({buildings} inns, which do not add up)",
                n=size,
                rate=rate,
                buildings=n,
            )
        else:
            row = SaidN(
                msg="{n} tile × {rate} ({buildings} cathedrals, which do not add up)",
                plural="{n} tiles × {rate} ({buildings} cathedrals, which do not add up)",
                n=size,
                rate=rate,
                buildings=n,
            )
        parts = ((row, size * rate),)
        if feature.kind == "city" and pennants:
            row = SaidN(
                msg="{n} pennant × {rate} (cathedral)",
                plural="{n} pennants × {rate} (cathedral)",
                n=pennants,
                rate=rate,
            )
            parts += ((row, pennants * rate),)
        return FeatureValue(parts)

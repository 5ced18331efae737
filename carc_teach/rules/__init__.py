"""Rule modules: the base game and one module per expansion, plugged into the turn sequence.

A :class:`RuleModule` overrides the hooks it needs; the game calls every active module's hook,
in the order the modules were listed, at each step of every turn:

=====  ========================================  ============================================
step   hook                                      base game
=====  ========================================  ============================================
setup  ``setup(state)``                            lay the start tile, hand out followers
1A     ``begin_turn(state, turn)``                 (nothing)
1C     ``placement_rules`` / ``after_placement``  edges match, touches the board
2B     ``deployment_options`` / ``deploy``       a follower on an unoccupied feature
3A     ``identify_completed(state, turn)``         completed roads, cities, cloisters
3B     ``resolve_completed`` /               points per tile / pennant; majority;
       ``feature_value`` / ``strength`` /        followers return
       ``after_feature_scored``
3C     ``tile_scoring(state, turn)``               (nothing)
4A     ``tile_actions(state, turn)``               (nothing)
4B     ``end_turn(state, turn)``                   (nothing)
final  ``final_scoring(state)``                    roads, cities, cloisters, farms
=====  ========================================  ============================================

Adding an expansion = a module here + its tile set + its annotations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..errors import UnknownRuleError

if TYPE_CHECKING:  # pragma: no cover
    from ..features import Feature, Figure, Node
    from ..game import GameState, Turn

__all__ = [
    "RuleModule",
    "Deployment",
    "FeatureValue",
    "module_for",
    "implemented_rules",
    "EXPANSIONS",
    "PLANNED",
]


@dataclass(frozen=True, slots=True)
class Deployment:
    """A figure the active player may put on a segment of the placed tile (step 2B)."""

    figure: str
    node: Node
    module: str = "base"

    @property
    def segment(self) -> str:
        return self.node[2]


@dataclass(frozen=True, slots=True)
class FeatureValue:
    """What a feature is worth, and why: ``parts`` are (explanation, points) pairs."""

    parts: tuple[tuple[str, int], ...]

    @property
    def points(self) -> int:
        return sum(p for _, p in self.parts)


class RuleModule:
    """Base class of the base game's and every expansion's rules. Every hook is optional."""

    #: short id used in game files (``setup.expansions``) and rule ids
    id: str = ""
    title: str = ""
    #: tile sets (``tiles/data/<name>.json``) this module adds to the supply
    tile_sets: tuple[str, ...] = ()
    #: the rule ids this module executes, each with a one-sentence statement in our own words
    #: (the walkthroughs show it; the scoring reference marks these rules as executed)
    rules: Mapping[str, str] = {}

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = dict(options or {})

    # set-up
    def setup(self, state: GameState) -> None:
        """Prepare the game (start tile, figures, expansion state)."""

    # 1A-1C
    def begin_turn(self, state: GameState, turn: Turn) -> None:
        """Step 1A."""

    @property
    def placement_rules(self) -> tuple:
        """Extra legality checks ``rule(board, tile_type, placement) -> str | None``."""
        return ()

    def after_placement(self, state: GameState, turn: Turn) -> None:
        """Step 1C, after the tile is on the board."""

    # 2A-2C
    def deployment_options(self, state: GameState, turn: Turn) -> list[Deployment]:
        """Step 2B: the figures this module lets the active player deploy."""
        return []

    def deploy(self, state: GameState, turn: Turn, choice: Deployment) -> None:
        """Step 2B: carry out a deployment this module offered."""

    # 3A-3C
    def identify_completed(self, state: GameState, turn: Turn) -> list[Feature]:
        """Step 3A: features the placement completed."""
        return []

    def resolve_completed(self, state: GameState, turn: Turn, features: list[Feature]) -> None:
        """Step 3B: score the completed features this module knows how to score."""

    def feature_value(
        self, state: GameState, feature: Feature, value: FeatureValue, *, final: bool
    ) -> FeatureValue:
        """Adjust what a feature is worth (inns, cathedrals, ...). Return ``value`` unchanged
        when this module has nothing to say."""
        return value

    def strength(self, figure: Figure) -> int | None:
        """How much a figure counts toward a majority, or None to leave it to others."""
        return None

    def after_feature_scored(
        self, state: GameState, turn: Turn | None, feature: Feature, winners: list[str]
    ) -> None:
        """Step 3B (or final), after a feature scored and before its figures return."""

    def tile_scoring(self, state: GameState, turn: Turn) -> None:
        """Step 3C."""

    # 4A-4B
    def tile_actions(self, state: GameState, turn: Turn) -> None:
        """Step 4A."""

    def end_turn(self, state: GameState, turn: Turn) -> None:
        """Step 4B."""

    # after the game
    def final_scoring(self, state: GameState) -> None:
        """Scoring after the game."""

    def __repr__(self) -> str:
        return f"<RuleModule {self.id}>"


#: Expansions carc_teach implements: id -> "module:ClassName" (imported on demand).
EXPANSIONS: dict[str, str] = {
    "base": "carc_teach.rules.base:BaseRules",
}

#: Expansions in scope but not implemented yet, with what they are. Asking for one is an
#: error that says so, never a silent base game.
PLANNED: dict[str, str] = {
    "count": "The Count of Carcassonne (Count, King & Robber)",
    "king-robber": "King & Robber Baron (Count, King & Robber)",
    "river2": "River II (Count, King & Robber)",
    "shrines": "Heretics & Shrines (Count, King & Robber)",
    "abbey-mayor": "Abbey & Mayor: mayor, wagon, barn",
}


def _module_class(target: str) -> type[RuleModule]:
    import importlib

    module_name, class_name = target.split(":")
    return getattr(importlib.import_module(module_name), class_name)


@cache
def implemented_rules() -> Mapping[str, str]:
    """Every rule id some implemented module executes -> its one-sentence statement."""
    out: dict[str, str] = {}
    for target in EXPANSIONS.values():
        out.update(_module_class(target).rules)
    return MappingProxyType(out)


def module_for(expansion: str, options: dict[str, Any] | None = None) -> RuleModule:
    """Instantiate the rule module of an expansion id."""
    target = EXPANSIONS.get(expansion)
    if target is None:
        if expansion in PLANNED:
            raise UnknownRuleError(
                f"expansion {expansion!r} ({PLANNED[expansion]}) is not implemented yet; "
                f"implemented: {', '.join(EXPANSIONS)}"
            )
        raise UnknownRuleError(
            f"unknown expansion {expansion!r}; implemented: {', '.join(EXPANSIONS)}; "
            f"planned: {', '.join(PLANNED)}"
        )
    return _module_class(target)(options)

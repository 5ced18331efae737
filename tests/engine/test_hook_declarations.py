"""A module's declarations of where its hooks can act (``scores_feature_kinds``,
``scores_figure_kinds``, ``placed_tile_tests``) only save work: the engine skips a hook where it
is declared to do nothing. A declaration made too narrow would silently lose a score, a
figure's fate or an option, so kinds of game with declaring modules are played here twice, as
declared and with every hook asked everywhere, and the two event logs must be the same, event
by event. (``offers_figures`` is also a promise to the module, which then skips its own look
at the supply: test_hook_order checks it against the options offered.)"""

from __future__ import annotations

import json
import random
from types import MappingProxyType

import pytest

from carc_teach.controllers import GreedyController, RandomController
from carc_teach.game import Game
from carc_teach.rules import RULE_MODULES, RuleModule, module_class
from carc_teach.setup import Setup
from carc_teach.turn import play

ALL = tuple(RULE_MODULES)
#: the kinds of game whose modules declare something (expansions, rules), a few seeds each
#: (random and greedy players: greedy ones deploy, and so score, more); a declaration may
#: depend on option values, so some are played under the house rules too
KINDS = (
    (ALL, {}),
    (ALL, {"preset": "hig-original"}),
    (
        ALL,
        {
            "options": {
                "shrine.placement-limit": "extra-if-empty",
                "wagon.empty-feature-rule": "no-other-figure",
                "wagon.cloister-access": "road-tiles-only",
                "wagon.move-rule": "neighbourhood",
                "barn.pig-herd": "nobody",
            }
        },
    ),
    (("base", "abbey-mayor"), {}),
    (("base", "count", "king-robber"), {}),
)
SEEDS = (1, 2)
PLAYERS = ("random", "greedy")


def _log(expansions: tuple[str, ...], rules: dict, seed: int, player: str) -> list[str]:
    setup = Setup(("Ann", "Bob"), expansions, seed=seed, rules=rules)
    rng = random.Random(seed)
    controller = GreedyController(rng) if player == "greedy" else RandomController(rng)
    state = play(setup, controller)
    game = Game.from_played(setup, controller.moves, state, controller.final_actions)
    lines = [json.dumps(e.to_json(), sort_keys=True, default=repr) for e in game.events]
    lines += [repr(e.breakdown_said) for e in game.events]
    return [*lines, json.dumps(game.scores, sort_keys=True)]


def _forget_made_kinds(patch: pytest.MonkeyPatch) -> None:
    """Games of a kind made before keep the hooks (and the tables and retirement copies kept
    with them) made then."""
    from carc_teach import turn as turn_module

    patch.setattr(turn_module, "_KINDS_MADE", {})


def _ask_every_hook_everywhere(patch: pytest.MonkeyPatch) -> list[type[RuleModule]]:
    """Patch every module class's declarations to "everything"; the classes that declared."""
    declaring = []
    for eid in RULE_MODULES:
        cls = module_class(eid)
        if (
            cls.scores_feature_kinds
            or cls.scores_figure_kinds
            or cls.placed_tile_tests is not RuleModule.placed_tile_tests
        ):
            declaring.append(cls)
        patch.setattr(cls, "scores_feature_kinds", MappingProxyType({}))
        patch.setattr(cls, "scores_figure_kinds", MappingProxyType({}))
        patch.setattr(cls, "placed_tile_tests", RuleModule.placed_tile_tests)
    _forget_made_kinds(patch)
    from carc_teach.turn import new_state

    hooks = new_state(Setup(("Ann", "Bob"), ALL)).hooks
    assert hooks.for_feature_kind is None and hooks.for_tile is None
    return declaring


def _logs() -> list[list[str]]:
    return [
        _log(expansions, rules, seed, player)
        for expansions, rules in KINDS
        for seed in SEEDS
        for player in PLAYERS
    ]


def test_games_are_the_same_with_every_hook_asked_everywhere():
    with pytest.MonkeyPatch.context() as patch:
        _forget_made_kinds(patch)
        declared = _logs()
    with pytest.MonkeyPatch.context() as patch:
        declaring = _ask_every_hook_everywhere(patch)
        everywhere = _logs()
    # (a module that declares nothing is not checked: the test must see some declarations)
    assert len(declaring) >= 3, declaring
    games = [(kind, seed, player) for kind in KINDS for seed in SEEDS for player in PLAYERS]
    for game, as_declared, asked_everywhere in zip(games, declared, everywhere, strict=True):
        # (the first event that differs, to name in the failure)
        pairs = zip(as_declared, asked_everywhere, strict=False)
        differs = [(a, b) for a, b in pairs if a != b][:1]
        assert as_declared == asked_everywhere, (game, differs)

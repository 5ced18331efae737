"""A game's set-up keeps what every game of its kind shares (rule modules, tile types, hooks)
and makes again only what depends on the game itself; errors are raised every time."""

from __future__ import annotations

import random

import pytest

from carc_teach.editions import resolve
from carc_teach.errors import UnknownRuleError
from carc_teach.setup import Setup
from carc_teach.turn import fill_bag, new_state


def test_games_of_one_kind_share_their_modules_and_a_changed_option_does_not():
    first = new_state(Setup(("Ann", "Bob"), ("base", "abbey-mayor"), seed=1))
    second = new_state(Setup(("Cy", "Di", "Ed"), ("base", "abbey-mayor"), seed=2))
    assert second.modules == first.modules and second.modules is not first.modules
    assert all(a is b for a, b in zip(first.modules, second.modules, strict=True))
    assert second.hooks is first.hooks and second.tile_types is first.tile_types
    five = new_state(
        Setup(("Ann", "Bob"), ("base", "abbey-mayor"), rules={"options": {"base.followers": 5}})
    )
    assert five.modules[0] is not first.modules[0]
    assert (
        five.modules[0].option("base.followers"),
        first.modules[0].option("base.followers"),
    ) == (
        5,
        7,
    )
    # a game's own follower count makes its own kind too
    three = new_state(Setup(("Ann", "Bob"), ("base",), followers=3))
    assert three.modules[0].option("base.followers") == 3
    assert new_state(Setup(("Ann", "Bob"), ("base",))).modules[0].option("base.followers") == 7


def test_an_unknown_expansion_or_preset_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(UnknownRuleError, match="unknown expansion 'nope'"):
            new_state(Setup(("Ann",), ("base", "nope")))
        with pytest.raises(UnknownRuleError, match="unknown rule preset 'nope'"):
            new_state(Setup(("Ann",), rules={"preset": "nope"}))
    with pytest.raises(UnknownRuleError, match="must be a mapping"):
        resolve(None, [])
    assert resolve("rgg") == resolve("rgg", {}) and resolve("rgg")["count.blocks-moves-to"] is False


def test_a_box_brings_its_figure_whether_the_expansions_are_a_tuple_or_a_list():
    brought = ("base", "inns-cathedrals", "big-follower")
    assert Setup(("Ann",), ("base", "inns-cathedrals")).expansions == brought
    assert Setup(("Ann",), ["base", "inns-cathedrals"]).expansions == brought
    assert Setup(("Ann",), ["base"]).expansions == ["base"]


def test_a_seeded_bag_is_the_seed_s_shuffle_of_the_supply_without_the_start_tile():
    state = new_state(Setup(("Ann", "Bob"), seed=7))
    fill_bag(state)
    supply = [t for t, n in state.remaining.items() for _ in range(n)]
    assert len(supply) == 71  # 72 base tiles, less the start tile
    random.Random(7).shuffle(supply)
    assert state.bag == supply


def test_an_expansion_no_longer_registered_is_refused_though_a_game_of_it_was_made():
    from carc_teach.rules import RULE_MODULES

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(RULE_MODULES, "plain", "carc_teach.rules:RuleModule")
        assert type(new_state(Setup(("Ann",), ("base", "plain"))).modules[1]).__name__ == (
            "RuleModule"
        )
    with pytest.raises(UnknownRuleError, match="unknown expansion 'plain'"):
        new_state(Setup(("Ann",), ("base", "plain")))


def test_a_start_of_several_tiles_is_laid_afresh_on_each_games_own_board():
    """The City of Carcassonne's twelve start tiles are laid once per kind of game and copied:
    a game that played on is no part of the next game's start, and each start is complete."""
    from carc_teach.simulate import random_game

    first = random_game(3, 2, expansions=("base", "count"))
    assert len(first.state.board.tiles) > 12
    for seed in (4, 5):
        game = random_game(seed, 2, expansions=("base", "count"))
        start = game.events[0]
        assert start.kind == "game-start" and len(start.data["start"]) == 12
        board = game.replay(0).board
        assert len(board.tiles) == 12 and board is not first.state.board
        assert {(x, y) for _, x, y, _ in start.data["start"]} == set(board.tiles)
        # the features of the start are the game's own: the first game's figures are not on them
        for node in board.features._feature_of:
            assert not board.features.feature_of(node).figures

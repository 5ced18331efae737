"""Contracts between the engine and the data packages (annotations, editions, reference)."""

from __future__ import annotations

import carc_teach
import carc_teach.annotations as annotations
from carc_teach import editions
from carc_teach.annotations import topics
from carc_teach.examples import load, names
from carc_teach.rules import RULE_MODULES
from carc_teach.simulate import random_game
from carc_teach.teach import RULE_SUMMARIES


def emitted_rule_ids():
    ids = set()
    for name in names():
        ids |= {e.rule for e in load(name).events if e.rule}
    for seed in range(20):
        ids |= {e.rule for e in random_game(seed).events if e.rule}
    return ids


def test_every_rule_id_the_engine_emits_is_in_the_taxonomy():
    for rule in emitted_rule_ids():
        assert topics.is_known(rule), rule
        assert annotations.annotations_for(rule) is not None


def test_every_emitted_rule_has_a_plain_english_summary():
    for rule in emitted_rule_ids():
        assert rule in RULE_SUMMARIES, rule


def test_expansion_ids_match_the_taxonomy():
    for exp in RULE_MODULES:
        assert exp in topics.EXPANSION_TITLES, exp


def test_package_attribute_is_the_annotation_package():
    assert carc_teach.annotations is annotations


def test_rule_presets_change_the_engine_options():
    from engine_helpers import game_dict, move

    from carc_teach.gamefile import load_game

    game = load_game(game_dict([move("E", 0, -1, 180)], rules={"preset": "rgg"}))
    assert game.state.rules == editions.resolve("rgg")
    assert game.state.options["base.followers"] == 7
    game = load_game(game_dict([], rules={"options": {"base.followers": 3}}))
    assert len(game.state.supply["Alice"]) == 3


def test_bad_rule_options_are_game_file_errors():
    import pytest
    from engine_helpers import game_dict

    from carc_teach.errors import GameFileError
    from carc_teach.gamefile import load_game

    with pytest.raises(GameFileError) as err:
        load_game(game_dict([], rules={"preset": "hig-c9"}))
    assert err.value.field == "setup.rules.preset" and "valid presets" in str(err.value)
    with pytest.raises(GameFileError) as err:
        load_game(game_dict([], rules={"options": {"base.followers": 99}}))
    assert err.value.field == "setup.rules.options"


def test_an_unknown_option_name_in_a_game_file_is_an_error_naming_it():
    import pytest
    from engine_helpers import game_dict

    from carc_teach.errors import GameFileError
    from carc_teach.gamefile import load_game

    with pytest.raises(GameFileError) as err:
        load_game(game_dict([], rules={"options": {"base.folowers": 5}}))
    assert err.value.field == "setup.rules.options" and "base.folowers" in str(err.value)


def test_modules_read_only_the_options_they_declare():
    import pytest

    from carc_teach.errors import UnknownRuleError
    from carc_teach.rules import module_for

    base = module_for("base", {"base.followers": 4})
    assert base.option("base.followers") == 4
    with pytest.raises(UnknownRuleError, match="reads option 'base.folowers' without declaring it"):
        base.option("base.folowers")
    with pytest.raises(UnknownRuleError, match="count.deploy-trigger"):
        base.option("count.deploy-trigger")  # exists, but the base game does not read it


def test_an_event_an_option_changed_carries_the_option_and_its_annotations():
    from engine_helpers import game_dict

    from carc_teach.gamefile import load_game

    plain = load_game(game_dict([])).events[0]
    assert plain.options == () and plain.annotations == ()
    changed = load_game(game_dict([], rules={"options": {"base.followers": 3}})).events[0]
    assert changed.options == ("base.followers",)
    assert set(editions.option("base.followers").annotations) <= set(changed.annotations)
    assert changed.to_json()["options"] == ["base.followers"]


def test_every_decision_of_a_game_lists_its_legal_options_and_answer():
    from carc_teach import examples
    from carc_teach.actions import Pass
    from carc_teach.board import Placement

    game = examples.load("first-turns")
    asked = game.decisions()
    places = [d for d in asked if d.kind == "place"]
    deploys = [d for d in asked if d.kind == "deploy"]
    assert len(places) == len(deploys) == len(game.moves)
    for d in places:
        assert isinstance(d.answer, Placement) and d.answer in d.options and not d.optional
        # the tile-placed event follows right after the decision
        assert game.events[d.after_event].kind == "tile-placed"
    for d in deploys:
        assert d.optional and (isinstance(d.answer, Pass) or d.answer in d.options)
    # the first placement of the game: every legal spot of the first tile next to the start tile
    first = places[0]
    state = game.replay(first.after_event - 1)
    tile = state.tile_types[game.events[first.after_event - 1].tile]
    assert set(first.options) == set(state.board.legal_placements(tile))

"""The shipped JSON Schema and the hand-written validator agree."""

from __future__ import annotations

import copy

import jsonschema
import pytest

from carc_teach import examples
from carc_teach.errors import GameFileError
from carc_teach.gamefile import dump_game, load_game, parse_game, schema
from carc_teach.simulate import random_game

VALIDATOR = jsonschema.Draft202012Validator(schema())


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("name", examples.names())
def test_bundled_examples_are_valid(name):
    VALIDATOR.validate(examples.data(name))
    parse_game(examples.data(name))


def test_random_games_serialise_to_valid_files():
    for seed in range(5):
        data = random_game(seed).to_json()
        VALIDATOR.validate(data)
        assert load_game(data).scores == random_game(seed).scores


BROKEN = [
    lambda d: d.update(format="chess"),
    lambda d: d.update(version=3),
    lambda d: d.pop("setup"),
    lambda d: d["setup"].update(players=[]),
    lambda d: d["setup"].update(players=["A", "A"]),
    lambda d: d["moves"][0].update(rotation=45),
    lambda d: d["moves"][0].update(x="1"),
    lambda d: d["moves"][0].pop("y"),
    lambda d: d["moves"][0].update(rotaton=90),
    lambda d: d["moves"][0].update(deploy="city"),
    lambda d: d["moves"][0].update(discard=True),
    lambda d: d["setup"].update(seed=1, tile_order=["A"]),
    lambda d: d.update(final_scoring="yes"),
    lambda d: d.update(extra=1),
]


@pytest.mark.parametrize("mutate", BROKEN)
def test_both_reject_the_same_broken_files(mutate):
    d = copy.deepcopy(examples.data("first-turns"))
    mutate(d)
    assert not VALIDATOR.is_valid(d)
    with pytest.raises(GameFileError):
        parse_game(d)


def test_dump_game_round_trips():
    import json

    for name in examples.names():
        d = examples.data(name)
        assert json.loads(dump_game(d)) == d

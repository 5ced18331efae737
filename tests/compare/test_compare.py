"""One game under two rule sets: ``carc_teach.compare`` and ``carc-teach compare``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from carc_teach import cli, examples
from carc_teach.compare import RuleSide, compare_games, comparison_text, parse_option_value
from carc_teach.errors import UnknownRuleError
from carc_teach.game import Game


@pytest.fixture(scope="module")
def first_turns():
    return examples.load("first-turns")


def with_expansions(game, *extra):
    setup = replace(game.setup, expansions=(*game.setup.expansions, *extra))
    return Game(setup, game.moves, final_scoring=game.final_scoring)


def test_presets_that_agree_on_the_base_game_leave_it_unchanged(first_turns):
    result = compare_games(first_turns, "hig-original", "rgg")
    assert result.options_changed  # the presets differ ...
    assert not result.differs  # ... but not in anything the base game reads
    assert result.first_difference is None and result.first_points_difference is None
    assert result.point_difference == {"Alice": 0, "Bob": 0}
    assert result.deciding_options == () and result.footnotes == ()
    assert [e.to_json() for e in result.a.events] == [e.to_json() for e in first_turns.events]
    assert "none of them changes this game" in result.summary()


def test_fewer_followers_part_at_the_set_up_and_name_the_option(first_turns):
    result = compare_games(first_turns, {}, {"base.followers": 4})
    assert result.first_difference == 0
    a, b = result.diverging_events()
    assert "7 followers" in a.text and "4 followers" in b.text
    assert result.first_points_difference is None  # Alice never needs more than four
    assert result.point_difference == {"Alice": 0, "Bob": 0}
    assert result.deciding_options == ("base.followers",)
    assert result.deciding_reason == "named by the events"
    assert result.footnotes and result.b.error is None


def test_moves_illegal_under_one_side_give_the_reason_and_the_log_so_far():
    game = examples.load("full-game")
    result = compare_games(game, None, {"base.followers": 2})
    assert result.a.error is None and result.b.game is None
    assert "no follower left" in result.b.error and "move " in result.b.error
    assert 0 < len(result.b.events) < len(result.a.events)
    assert result.first_points_difference is not None
    assert "illegal under base.followers=2" in result.summary()


def test_a_synthetic_difference_in_points_is_found_with_its_option_and_footnotes(
    first_turns, synthetic
):
    game = with_expansions(first_turns, "synth")
    result = compare_games(game, {"king.scoring": "per-feature"}, {"king.scoring": "flat-10"})
    k = result.first_difference
    assert k is not None and k == result.first_points_difference
    a, b = result.diverging_events()
    assert b.rule == "synth.bonus" and b.options == ("king.scoring",)
    bonuses = [e for e in result.b.events if e.rule == "synth.bonus"]
    expected = {p: sum(e.points for e in bonuses if e.player == p) for p in game.players}
    assert result.point_difference == expected and any(expected.values())
    assert result.deciding_options == ("king.scoring",)
    assert result.deciding_reason == "named by the events"
    from carc_teach.annotations import resolve_id
    from carc_teach.editions import option

    assert set(result.footnotes) == {resolve_id(n) for n in option("king.scoring").annotations}
    assert result.footnotes[0] in {resolve_id(n) for n in b.annotations}


def test_an_option_no_event_names_is_found_among_those_the_rules_read(first_turns, synthetic):
    game = with_expansions(first_turns, "synth-silent")
    result = compare_games(game, {"king.scoring": "per-feature"}, {"king.scoring": "flat-10"})
    a, b = result.diverging_events()
    assert a.kind == b.kind == "points" and b.points == a.points + 1
    assert result.deciding_options == ("king.scoring",)
    assert result.deciding_reason == "read by the rules in play"


def test_presets_with_an_option_on_top(first_turns):
    side = RuleSide("rgg", {"base.followers": 5})
    result = compare_games(first_turns, "rgg", side)
    assert result.options_changed == {"base.followers": (7, 5)}
    assert side.label == "rgg + base.followers=5"


def test_option_values_are_read_from_text():
    assert parse_option_value("base.followers", "3") == 3
    assert parse_option_value("count.blocks-moves-to", "TRUE") is True
    assert parse_option_value("count.deploy-trigger", "completion") == "completion"
    with pytest.raises(UnknownRuleError, match="choose from 1..12"):
        parse_option_value("base.followers", "13")


def test_text_and_json_output(first_turns):
    result = compare_games(first_turns, {}, {"base.followers": 4})
    text = comparison_text(result)
    assert "First difference, event 0:" in text and "base.followers" in text
    assert "seed" not in text and "Wikicarpedia" in text
    data = json.loads(json.dumps(result.to_json()))
    assert data["first_difference"] == 0 and data["deciding_options"] == ["base.followers"]
    assert len(data["a"]["events"]) == len(first_turns.events)


def test_the_module_examples_run():
    import doctest

    import carc_teach.compare

    result = doctest.testmod(carc_teach.compare, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def run_cli(capsys, *argv):
    code = cli.main(["compare", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_presets_and_option_pairs(capsys):
    code, out, err = run_cli(capsys, "first-turns", "--presets", "hig-original", "rgg")
    assert code == 0 and not err
    assert "A: hig-original" in out and "identical" in out
    code, out, _ = run_cli(capsys, "first-turns", "--option", "base.followers=7,3", "--json")
    data = json.loads(out)
    assert code == 0 and data["first_difference"] == 0
    assert data["a"]["label"] == "base.followers=7" and data["b"]["label"] == "base.followers=3"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["first-turns", "--presets", "hig-first", "rgg"], "unknown rule preset 'hig-first'"),
        (["first-turns", "--option", "base.followers=0,3"], "not allowed"),
        (["first-turns", "--option", "base.followers"], "ID=VALUE"),
        (["first-turns", "--option", "base.followers=1,2,3"], "not 3"),
        (["first-turns", "--option", "no.such=1,2"], "unknown rule option 'no.such'"),
        (["first-turns"], "nothing to compare"),
        (["no-such-game", "--presets", "rgg", "hig-original"], "no such file"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(capsys, argv, says):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and not out
    assert says in err and len(err.strip().splitlines()) == 1


def test_the_demo_game_parts_under_two_editions():
    """The bundled comparison game: under hig-original Alice's mayor from the City has the
    strength of the city's one pennant, ties Bob's knight, and both score the city (3 tiles
    x 2 + 1 pennant x 2 = 8); under RGG it counts as two (ckr-17), so Bob's 8 are lost.
    Bob's road of 5 tiles (5 points) scores the same under both."""
    from carc_teach.compare import DEMO_GAME

    result = compare_games(examples.load(DEMO_GAME), "hig-original", "rgg")
    assert result.a.scores == {"Alice": 8, "Bob": 13}
    assert result.b.scores == {"Alice": 8, "Bob": 5}
    assert result.point_difference == {"Alice": 0, "Bob": -8}
    assert "count.special-figure-strength" in result.deciding_options
    assert "ckr-17" in result.footnotes
    assert not result.a.error and not result.b.error


def test_no_difference_says_what_to_try(first_turns):
    text = compare_games(first_turns, "hig-original", "rgg").summary()
    assert "identical" in text and "base.followers" in text
    assert "carc-teach compare mayor-from-the-city --presets hig-original rgg" in text

"""Bad game files and CLI input: one typed error, naming the file, the move and the field."""

from __future__ import annotations

import json

import pytest
from engine_helpers import game_dict, move

from carc_teach.cli import main
from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.examples import data as example_data
from carc_teach.gamefile import load_game


def write(tmp_path, content, name="game.json"):
    p = tmp_path / name
    p.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return p


def test_malformed_json(tmp_path):
    p = write(tmp_path, '{"format": "carc-teach-game", "version": 1,, }')
    with pytest.raises(GameFileError, match=r"game.json: not valid JSON at line 1, column \d+"):
        load_game(p)


def test_truncated_file(tmp_path):
    text = json.dumps(example_data("first-turns"))
    p = write(tmp_path, text[: len(text) // 2])
    with pytest.raises(GameFileError, match="truncated"):
        load_game(p)


def test_empty_and_missing_files(tmp_path):
    with pytest.raises(GameFileError, match="empty"):
        load_game(write(tmp_path, "  \n"))
    with pytest.raises(GameFileError, match="no such file"):
        load_game(tmp_path / "nope.json")


def test_unknown_tile_id():
    d = game_dict([move("E", 0, -1, 180), move("ZZ", 1, 0, 0)])
    with pytest.raises(IllegalMoveError) as err:
        load_game(d, source="g.json")
    assert err.value.move == 2 and err.value.field == "tile"
    assert "g.json, move 2, field 'tile': unknown tile id 'ZZ'" in str(err.value)


def test_illegal_placement_says_why():
    d = game_dict([move("E", 0, -1, 0)])
    with pytest.raises(IllegalMoveError) as err:
        load_game(d)
    assert err.value.move == 1
    assert "its S side is field but the neighbour shows city" in str(err.value)
    d = game_dict([move("E", 4, 4, 0)])
    with pytest.raises(IllegalMoveError, match="does not touch any placed tile"):
        load_game(d)


def test_deploying_to_an_occupied_feature():
    d = game_dict([move("U", 1, 0, 90, "road"), move("U", 2, 0, 90, "road")])
    with pytest.raises(IllegalMoveError) as err:
        load_game(d)
    assert err.value.move == 2 and err.value.field == "deploy"
    assert "already occupied" in str(err.value) and "Alice" in str(err.value)


def test_wrong_player():
    m = move("E", 0, -1, 180, player="Bob")
    with pytest.raises(IllegalMoveError) as err:
        load_game(game_dict([m]))
    assert err.value.field == "player" and "it is Alice's turn" in str(err.value)


def test_too_many_followers():
    moves = []
    # Alice claims a fresh road piece every turn while Bob places harmless tiles.
    for k in range(1, 4):
        moves.append(move("U", k, 0, 90, "NNE" if k > 1 else "road"))
        moves.append(move("B", k, 1, 0))
    with pytest.raises(IllegalMoveError) as err:
        load_game(game_dict(moves, followers=2))
    assert err.value.move == 5
    assert "Alice has no follower left in their supply (2 on the board" in str(err.value)


def test_unknown_segment_lists_the_tile_segments():
    with pytest.raises(
        IllegalMoveError, match=r"has no segment 'tower'; its segments are city \(S\)"
    ):
        load_game(game_dict([move("E", 0, -1, 180, "tower")]))


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d.update(version=3), "version"),
        (lambda d: d.pop("setup"), "setup"),
        (lambda d: d["setup"].update(players=[]), "setup.players"),
        (lambda d: d["setup"].update(players=["A", "A"]), "setup.players"),
        (lambda d: d["setup"].update(expansions=["count"]), "setup.expansions[0]"),
        (lambda d: d["moves"][0].update(rotation=45), "rotation"),
        (lambda d: d["moves"][0].update(x="1"), "x"),
        (lambda d: d["moves"][0].pop("y"), "y"),
        (lambda d: d["moves"][0].update(rotaton=90), "rotaton"),
        (lambda d: d["moves"][0].update(deploy="city"), "deploy"),
        (lambda d: d["setup"].update(seed=1, tile_order=["A"]), "setup.seed"),
        (lambda d: d.update(final_scoring="yes"), "final_scoring"),
    ],
)
def test_schema_violations_name_the_field(mutate, field):
    d = game_dict([move("E", 0, -1, 180)])
    mutate(d)
    with pytest.raises(GameFileError) as err:
        load_game(d)
    assert err.value.field == field, str(err.value)


def test_an_expansion_not_implemented_is_refused_naming_the_implemented_ones():
    d = game_dict([], expansions=["base", "tower"])
    with pytest.raises(Exception, match="unknown expansion 'tower'; implemented: base, count"):
        load_game(d)


def test_discard_rules():
    # A tile that fits cannot be set aside.
    with pytest.raises(IllegalMoveError, match="cannot be set aside"):
        load_game(game_dict([{"tile": "E", "discard": True}]))


# -- CLI -------------------------------------------------------------------------------------


def test_cli_bad_input_exits_2_with_one_line(tmp_path, capsys):
    p = write(tmp_path, '{"format": ')
    assert main(["replay", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith("carc-teach replay: error: game.json: not valid JSON")


def test_cli_illegal_move_names_the_move(tmp_path, capsys):
    p = write(tmp_path, game_dict([move("E", 0, -1, 180), move("E", 0, -1, 0)]))
    assert main(["replay", str(p), "--json"]) == 2
    err = capsys.readouterr()
    assert err.out == ""
    assert "move 2" in err.err and "already holds tile E" in err.err


def test_cli_replay_json(capsys):
    assert main(["replay", "first-turns", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == {"Alice": 15, "Bob": 8}
    first = out["events"][0]
    assert {"index", "turn", "step", "kind", "player", "points", "rule", "annotations"} <= set(
        first
    )


def test_cli_replay_until(capsys):
    assert main(["replay", "first-turns", "--until", "6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["events"]) == 7 and out["scores"] == {"Alice": 4, "Bob": 0}
    assert main(["replay", "first-turns", "--until", "999"]) == 2


def test_cli_unknown_game(capsys):
    assert main(["replay", "no-such-game"]) == 2
    assert "no bundled example of that name" in capsys.readouterr().err


def test_cli_simulate_is_deterministic(capsys):
    assert main(["simulate", "--seed", "5", "--games", "3", "--json"]) == 0
    a = json.loads(capsys.readouterr().out)["games"]
    assert main(["simulate", "--seed", "5", "--games", "3", "--json"]) == 0
    b = json.loads(capsys.readouterr().out)["games"]
    assert a == b and [g["seed"] for g in a] == [5, 6, 7]
    assert main(["simulate", "--games", "0"]) == 2


def test_cli_render_writes_svg(tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert main(["render", "first-turns", "--until", "36", "-o", str(out), "--graph"]) == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and 'class="graph"' in svg and 'class="highlight"' in svg


# -- hostile and odd input: one located line, never a traceback (issue 20) --------------------


def v2_game(moves=(), **setup):
    return {
        "format": "carc-teach-game",
        "version": 2,
        "setup": {"players": ["Alice", "Bob"], **setup},
        "moves": list(moves),
    }


def cli_error(capsys, *argv) -> str:
    """Run the CLI in this process; return its one error line (status 2, nothing on stdout)."""
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 2, captured
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


def test_deep_nesting_is_refused(tmp_path, capsys):
    p = write(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert cli_error(capsys, "replay", str(p)) == (
        "carc-teach replay: error: game.json: arrays and objects nest too deeply "
        "(a game file needs at most 32 levels)"
    )
    # deep enough to decode, too deep to be a game file: the field where it starts is named
    d = game_dict(
        [
            move(
                "E",
                0,
                -1,
                180,
                note=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
            )
        ]
    )
    with pytest.raises(GameFileError) as err:
        load_game(d, source="g.json")
    assert str(err.value).startswith("g.json, move 1, field 'note[0]")
    assert "nested more than 32 levels deep" in str(err.value)


def test_a_seed_of_5000_digits(tmp_path, capsys):
    text = json.dumps(game_dict([])).replace('"players"', '"seed": ' + "9" * 5000 + ', "players"')
    p = write(tmp_path, text)
    assert cli_error(capsys, "replay", str(p)) == (
        "carc-teach replay: error: game.json: holds a number of more than 4,300 digits, "
        "longer than any field of a game file can use"
    )


def test_negative_seeds_are_refused():
    # random.Random(-n) shuffles like random.Random(n): a negative seed would repeat a game
    with pytest.raises(GameFileError) as err:
        load_game(game_dict([], seed=-3), source="g.json")
    assert str(err.value) == "g.json, field 'setup.seed': must be at least 0, not -3"
    assert load_game(game_dict([], seed=3)).setup.seed == 3


def test_an_action_type_that_is_not_a_string(tmp_path, capsys):
    d = v2_game(
        [{"tile": "E", "x": 0, "y": -1, "rotation": 180, "actions": [{"type": ["deploy"]}]}]
    )
    assert cli_error(capsys, "replay", str(write(tmp_path, d))) == (
        "carc-teach replay: error: game.json, move 1, action 1, field 'type': "
        "unknown action type ['deploy']; known: abbey-mayor.abbey, deploy, move, pass"
    )


def test_pass_decision_must_be_a_string():
    d = v2_game(
        [
            {
                "tile": "E",
                "x": 0,
                "y": -1,
                "rotation": 180,
                "actions": [{"type": "pass", "decision": 5}],
            }
        ]
    )
    with pytest.raises(GameFileError) as err:
        load_game(d, source="g.json")
    assert str(err.value) == (
        "g.json, move 1, action 1, field 'decision': must be a non-empty string, not an integer"
    )


def test_a_deployment_on_a_tile_named_by_its_square_and_side():
    # docs/game-format.md: "segment" by a side, with "x" and "y" naming the square
    placed_here = {"type": "deploy", "segment": "S", "x": 0, "y": -1}
    game = load_game(
        v2_game([{"tile": "E", "x": 0, "y": -1, "rotation": 180, "actions": [placed_here]}])
    )
    deployed = [e for e in game.events if e.kind == "figure-deployed"]
    assert len(deployed) == 1 and deployed[0].player == "Alice"
    cases = [
        ({"segment": "T", "x": 0, "y": -1}, "field 'segment': tile E at (0, -1) rotated 180 has no "
         "segment 'T'; its segments are city (S), field (NNW NNE ENE ESE WSW WNW)"),
        ({"segment": "S", "x": 5, "y": 5}, "field 'x': there is no tile at (5, 5)"),
        # the start tile's road, by its side, from the turn that placed tile E above it
        ({"segment": "E", "x": 0, "y": 0}, "a follower is deployed on the tile just placed, at "
         "(0, -1), not on the tile at (0, 0) (rule base.deploy)"),
    ]  # fmt: skip
    for where, message in cases:
        d = v2_game([{"tile": "E", "x": 0, "y": -1, "rotation": 180,
                      "actions": [{"type": "deploy", **where}]}])  # fmt: skip
        with pytest.raises(IllegalMoveError) as err:
            load_game(d, source="g.json")
        assert str(err.value).startswith("g.json, move 1, action 1"), str(err.value)
        assert message in str(err.value), str(err.value)


@pytest.mark.parametrize("where", ["title", "name"])
def test_lone_surrogates_are_refused(tmp_path, capsys, where):
    d = v2_game([])
    if where == "title":
        d["title"] = "\ud800"
        argv, field = ["replay"], "title"
    else:
        d["setup"]["players"] = ["Al\ud800ice", "Bob"]
        argv, field = ["render", "-o", str(tmp_path / "b.svg")], "setup.players[0]"
    p = tmp_path / "game.json"
    p.write_text(json.dumps(d), encoding="ascii")  # json.dumps writes the surrogate as \ud800
    line = cli_error(capsys, *argv[:1], str(p), *argv[1:])
    assert line.endswith(
        f"game.json, field '{field}': {d['title']!r} holds a lone UTF-16 surrogate "
        "(written \\udXXX in JSON), which is not a character"
        if where == "title"
        else f"game.json, field '{field}': 'Al\\ud800ice' holds a lone UTF-16 surrogate "
        "(written \\udXXX in JSON), which is not a character"
    ), line
    assert not (tmp_path / "b.svg").exists()


def test_reading_dev_zero_stops_at_the_limit(capsys):
    assert cli_error(capsys, "replay", "/dev/zero", "--max-size", "0.01") == (
        "carc-teach replay: error: /dev/zero: larger than 10 kB, the limit for a game file "
        "(a whole game takes well under 100 kB; --max-size MB or load_game(max_bytes=...) "
        "raises the limit)"
    )


def test_reading_dev_zero_stops_at_the_default_limit(capsys):
    assert cli_error(capsys, "replay", "/dev/zero").startswith(
        "carc-teach replay: error: /dev/zero: larger than 5 MB, the limit for a game file"
    )


def test_size_limit_default_and_override(tmp_path, capsys):
    from carc_teach.gamefile import MAX_FILE_BYTES

    assert MAX_FILE_BYTES == 5_000_000
    d = game_dict([move("E", 0, -1, 180, "S")])
    d["description"] = "x" * 6_000_000  # a 6 MB file
    p = write(tmp_path, d)
    with pytest.raises(GameFileError, match=r"game.json: larger than 5 MB, the limit"):
        load_game(p)
    assert load_game(p, max_bytes=7_000_000).scores == {"Alice": 4, "Bob": 0}
    assert cli_error(capsys, "replay", str(p)).startswith(
        f"carc-teach replay: error: {p}: larger than 5 MB"
    )
    assert main(["replay", str(p), "--max-size", "7"]) == 0
    capsys.readouterr()
    assert cli_error(capsys, "replay", str(p), "--max-size", "-1") == (
        "carc-teach replay: error: --max-size must be a positive number of megabytes, not -1"
    )


def test_long_values_are_cut_in_messages(tmp_path, capsys):
    d = v2_game([{"tile": "Q" * 1_000_000, "x": 0, "y": -1, "rotation": 180}])
    line = cli_error(capsys, "replay", str(write(tmp_path, d)))
    assert line.startswith(
        "carc-teach replay: error: game.json, move 1, field 'tile': unknown tile id"
    )
    assert "'" + "Q" * 60 + "…'; the tile sets in play have: A, B" in line
    assert "Q" * 61 not in line and len(line) < 300
    d = v2_game([{"tile": "E", "x": 0, "y": -1, "rotation": 180, "k" * 100_000: 1}])
    with pytest.raises(GameFileError) as err:
        load_game(d)
    assert f"unknown key '{'k' * 60}…' (allowed:" in str(err.value)
    assert len(str(err.value)) < 500


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda d: d["setup"]["players"].__setitem__(0, "Al\nice"),
            "game.json, field 'setup.players[0]': a player name may not hold control "
            "characters (line breaks, terminal or text-direction codes): 'Al\\nice'",
        ),
        (
            lambda d: d["setup"]["players"].__setitem__(1, "Bob\x1b[2J"),
            "game.json, field 'setup.players[1]': a player name may not hold control "
            "characters (line breaks, terminal or text-direction codes): 'Bob\\x1b[2J'",
        ),
        (
            lambda d: d["setup"]["players"].__setitem__(0, "Eve\u202e"),
            "field 'setup.players[0]': a player name may not hold control characters "
            "(line breaks, terminal or text-direction codes): 'Eve\\u202e'",
        ),
        (
            lambda d: d["moves"][0].update({"bad\x1b[2Jkey": 1}),
            "game.json, move 1, field 'bad\\x1b[2Jkey': unknown key 'bad\\x1b[2Jkey'",
        ),
        (
            lambda d: d["moves"][0].update(tile="E\nF"),
            "game.json, move 1, field 'tile': unknown tile id 'E\\nF'",
        ),
    ],
)
def test_control_characters_are_shown_escaped(tmp_path, capsys, mutate, expected):
    d = v2_game([{"tile": "E", "x": 0, "y": -1, "rotation": 180}])
    mutate(d)
    line = cli_error(capsys, "replay", str(write(tmp_path, d)))
    assert line.startswith("carc-teach replay: error: game.json, ")
    assert expected in line, line
    assert "\x1b" not in line and "\u202e" not in line


@pytest.mark.parametrize("followers", [0, 13, 30])
def test_followers_are_1_to_12(followers):
    with pytest.raises(GameFileError) as err:
        load_game(game_dict([], followers=followers), source="g.json")
    assert str(err.value) == (
        f"g.json, field 'setup.followers': must be between 1 and 12, not {followers}"
    )
    assert load_game(game_dict([], followers=12)).setup.followers == 12


def test_a_figure_of_an_expansion_not_in_play():
    d = v2_game([{"tile": "E", "x": 0, "y": -1, "rotation": 180,
                  "actions": [{"type": "deploy", "figure": "count", "segment": "S"}]}])  # fmt: skip
    with pytest.raises(IllegalMoveError) as err:
        load_game(d, source="g.json")
    assert str(err.value) == (
        "g.json, move 1, action 1: The Count comes with the expansion 'count', "
        "which this game does not play (expansions: base) (rule base.figures)"
    )


def test_a_neutral_figure_is_nobody_s_to_deploy():
    d = example_data("count-city")
    d["moves"][0]["actions"] = [{"type": "deploy", "figure": "count", "segment": "road"}]
    with pytest.raises(IllegalMoveError) as err:
        load_game(d, source="c.json")
    assert str(err.value) == (
        "c.json, move 1, action 1: the Count belongs to no player, so Alice cannot deploy it "
        "(rule base.figures)"
    )


@pytest.mark.parametrize("version", ["2.0", "true", '"2"'])
def test_version_must_be_the_integer(tmp_path, capsys, version):
    text = json.dumps(v2_game([])).replace('"version": 2', f'"version": {version}')
    line = cli_error(capsys, "replay", str(write(tmp_path, text)))
    assert line == (
        "carc-teach replay: error: game.json, field 'version': this carc_teach reads versions "
        f"1 and 2 (an integer), not {json.loads(version)!r}"
    )


def test_replay_list_names_the_bundled_examples(capsys):
    from carc_teach import examples

    for command in ("replay", "render"):
        assert main([command, "--help"]) == 0
        assert f"(see `carc-teach {command} --list`)" in " ".join(capsys.readouterr().out.split())
        assert main([command, "--list"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert [line.split()[0] for line in lines] == examples.names()
        assert lines[examples.names().index("first-turns")].endswith(
            examples.data("first-turns")["title"]
        )


def test_replay_output_escapes_what_the_file_says(tmp_path, capsys):
    d = example_data("first-turns")
    d["title"] = "Title\x1b[2J\u202e"
    p = write(tmp_path, d)
    assert main(["replay", str(p)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Title\\x1b[2J\\u202e"
    assert main(["compare", str(p), "--presets", "hig-original", "rgg"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Title\\x1b[2J\\u202e"

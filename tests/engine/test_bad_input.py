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


def test_planned_expansion_is_refused_loudly(monkeypatch):
    # every expansion in scope is implemented now: a planned one is made up for the test
    from carc_teach import rules as rules_package

    monkeypatch.setitem(rules_package.PLANNED, "tower", "The Tower (not in scope)")
    d = game_dict([], expansions=["base", "tower"])
    with pytest.raises(Exception, match="not implemented yet"):
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

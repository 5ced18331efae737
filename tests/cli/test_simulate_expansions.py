"""``carc-teach simulate --expansions`` and the bench's figure for random games with expansions."""

from __future__ import annotations

import json

from cli_support import run_cli

from carc_teach.bench import _expansion_games
from carc_teach.gamefile import load_game
from carc_teach.rules import RULE_MODULES


def test_simulate_plays_the_named_expansions_and_saves_replayable_files(tmp_path):
    result = run_cli(
        "simulate", "--seed", "5", "--games", "2", "--expansions", "abbey-mayor,pig",
        "--save", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["seed      5", "seed      6"]
    assert lines[2].startswith("2 games in ")
    for seed in (5, 6):
        data = json.loads((tmp_path / f"random-{seed}.json").read_text(encoding="utf-8"))
        # the base game comes first even when not named
        assert data["setup"]["expansions"] == ["base", "abbey-mayor", "pig"]
        game = load_game(data)
        assert any(e.rule.startswith(("abbey.", "mayor.", "wagon.", "barn.")) for e in game.events)
        events = int(lines[seed - 5].split(", ")[1].split()[0])
        assert len(game.events) == events


def test_simulate_all_plays_every_implemented_expansion(tmp_path):
    result = run_cli(
        "simulate", "--games", "1", "--expansions", "all", "--json", "--save", str(tmp_path)
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [g["seed"] for g in data["games"]] == [0]
    saved = json.loads((tmp_path / "random-0.json").read_text(encoding="utf-8"))
    assert saved["setup"]["expansions"] == list(RULE_MODULES)
    assert load_game(saved).scores == data["games"][0]["scores"]


def test_simulate_default_is_the_base_game(tmp_path):
    result = run_cli("simulate", "--games", "1", "--save", str(tmp_path))
    assert result.returncode == 0, result.stderr
    saved = json.loads((tmp_path / "random-0.json").read_text(encoding="utf-8"))
    assert saved["setup"].get("expansions", ["base"]) == ["base"]


def test_an_unknown_expansion_is_one_line_before_any_game():
    for command in ("simulate", "bench"):
        result = run_cli(command, "--expansions", "base,abbey-mayr")
        assert result.returncode == 2
        assert result.stdout == ""
        (line,) = result.stderr.strip().splitlines()
        assert "--expansions: unknown expansion 'abbey-mayr'" in line
    result = run_cli("simulate", "--expansions", ",")
    assert result.returncode == 2 and "at least one expansion id" in result.stderr


def test_bench_times_random_games_with_every_expansion():
    """The figure the design asks for, next to the base figures (measured as before)."""
    figures = _expansion_games(4, 2, 0, None)
    assert [f.name for f in figures] == [
        "random full games per second (base + all expansions)",
        "mean time per random game (base + all expansions)",
    ]
    assert figures[0].value > 0 and "10 games" in figures[0].note
    chosen = _expansion_games(4, 2, 0, ("base", "abbey-mayor"))
    assert chosen[0].name == "random full games per second (base + abbey-mayor)"
    assert _expansion_games(4, 2, 0, ("base",)) == []


def test_bench_help_names_the_expansions_option():
    result = run_cli("bench", "--help")
    assert result.returncode == 0 and "--expansions" in result.stdout


def test_bench_reports_the_time_ratios_of_expansion_games(monkeypatch):
    """Issue 20's targets: an Abbey & Mayor game and a game with every expansion against a
    base game, alternating game by game in the same run, each round on seeds of its own."""
    from carc_teach import simulate
    from carc_teach.bench import _game_time_ratios

    played = []
    real = simulate.random_game

    def recording(seed, players, *, expansions):
        played.append((seed, expansions))
        return real(seed, players, expansions=expansions)

    monkeypatch.setattr(simulate, "random_game", recording)
    rows = _game_time_ratios(4, 2, 5, rounds=2)
    kinds = [("base",), ("base", "abbey-mayor"), tuple(RULE_MODULES)]
    # one warm-up game of each kind, then seeds 5-8 and 9-12, each seed's three games in a row
    assert played == [(5, k) for k in kinds] + [(s, k) for s in range(5, 13) for k in kinds]
    assert [r.name for r in rows] == [
        "time of a random Abbey & Mayor game / a base game",
        "time of a random game with every expansion / a base game",
    ]
    assert all(r.value > 0 and r.unit == "×" for r in rows)
    assert "target ≤ 1.5" in rows[0].note and "target ≤ 3" in rows[1].note
    assert (
        "CPU time, median of 2 rounds of 4 games of each kind, each round its own seeds"
        in rows[0].note
    )

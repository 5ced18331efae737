"""``carc-teach reference``: text, JSON, the selector listing and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from carc_teach.cli import main


def run(capsys, *argv):
    code = main(["reference", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_in_turn_order(capsys):
    code, out, err = run(capsys, "--preset", "ckr+abbey-mayor", "--edition", "C1")
    assert code == 0 and not err
    assert out.index("\n1A  Begin Turn") < out.index("\n3B  Resolve Completed Features")
    assert "Challenge settled" in out and "Farm and barn: a barn is placed" in out
    assert "pennant" in out and "coat of arms" not in out
    # the Abbey & Mayor module runs the barn's rules
    assert "rules barn.scoring (the engine runs them)" in out
    assert "not in the engine yet: barn.scoring" not in out
    # the shrine module executes the challenge
    assert "rules shrine.challenge.resolve (the engine runs them)" in out


def test_base_game_text(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    assert "base game only" in out
    assert "rules base.road.score, base.majority, base.return (the engine runs them)" in out
    assert out.rstrip().endswith("6 rows")


def test_json_parses_and_holds_every_step(capsys):
    argv = ["--expansions", "count-king-robber,barn", "--edition", "c2", "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(out)
    assert data["edition"] == "C2"
    assert data["expansions"] == ["abbey-mayor", "count-king-robber"]
    assert "barn" in data["parts"] and "mayor" not in data["parts"]
    codes = [s["code"] for s in data["steps"]]
    assert codes[0] == "1A" and codes[-1] == "final"  # no "anytime" without The Tower
    three_b = next(s for s in data["steps"] if s["code"] == "3B")
    ids = [r["id"] for r in three_b["rows"]]
    assert "3b.monastic.challenge" in ids and "3b.barn-joined.city" in ids
    assert all(r["engine_step"] == "3B" for r in three_b["rows"])


def test_drafts_flag(capsys):
    _, plain, _ = run(capsys, "-e", "king-robber")
    _, drafts, _ = run(capsys, "-e", "king-robber", "--drafts")
    assert "[action] King tile" not in plain
    assert "[action] King tile" in drafts and "hidden on the page" in drafts


def test_list(capsys):
    code, out, _ = run(capsys, "--list")
    assert code == 0 and "Fan expansions" in out and "ckr+abbey-mayor" in out
    code, out, _ = run(capsys, "--list", "--json")
    assert [g["id"] for g in json.loads(out)["groups"]] == ["major", "small", "other", "fan"]


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["-e", "count-king-robbr"], "unknown expansion: 'count-king-robbr' (did you mean"),
        (["-e", "abbey-mayor,dragonz"], "'dragonz'"),
        (["--edition", "C3"], "unknown edition 'C3'"),
        (["--preset", "ckr+am"], "unknown preset 'ckr+am'"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("carc-teach reference: error: ")
    assert fragment in err


def test_console_script_runs():
    proc = subprocess.run(
        [sys.executable, "-m", "carc_teach.cli", "reference", "-e", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "Traceback" not in proc.stderr

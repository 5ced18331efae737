"""Outputs a command cannot write give one line naming the path, and exit status 2."""

from __future__ import annotations

import errno

import pytest
from cli_support import run_cli

from carc_teach.commands._output import describe_os_error


def assert_one_line_error(result, *fragments: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def test_render_into_a_missing_folder(tmp_path):
    target = tmp_path / "no" / "such" / "b.svg"
    result = run_cli("render", "first-turns", "-o", str(target))
    assert_one_line_error(result, str(target), f"the folder {tmp_path / 'no'} does not exist")
    assert not (tmp_path / "no").exists()


def test_render_onto_a_folder(tmp_path):
    result = run_cli("render", "first-turns", "-o", str(tmp_path))
    assert_one_line_error(result, str(tmp_path), "is a folder, not a file")


def test_render_below_a_file(tmp_path):
    (tmp_path / "plain").write_text("x")
    target = tmp_path / "plain" / "b.svg"
    result = run_cli("render", "first-turns", "-o", str(target))
    assert_one_line_error(result, str(target), "part of the path is a file")


def test_render_writes_where_it_can(tmp_path):
    target = tmp_path / "b.svg"
    result = run_cli("render", "first-turns", "--until", "5", "-o", str(target))
    assert result.returncode == 0, result.stderr
    assert target.read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.parametrize("size", ["0", "-5", "100000"])
def test_render_refuses_absurd_sizes(size):
    assert_one_line_error(run_cli("render", "first-turns", "--size", size), "--size")


def test_simulate_save_onto_a_file(tmp_path):
    (tmp_path / "plain").write_text("x")
    result = run_cli("simulate", "--games", "2", "--save", str(tmp_path / "plain"))
    assert_one_line_error(result, str(tmp_path / "plain"), "not a folder")


def test_simulate_save_below_a_file(tmp_path):
    (tmp_path / "plain").write_text("x")
    target = tmp_path / "plain" / "games"
    result = run_cli("simulate", "--games", "2", "--save", str(target))
    assert_one_line_error(result, str(target), "part of the path is a file")


def test_simulate_save_when_a_game_file_cannot_be_written(tmp_path):
    (tmp_path / "random-1.json").mkdir()  # the second game's file name is taken by a folder
    result = run_cli("simulate", "--games", "3", "--save", str(tmp_path))
    assert_one_line_error(result, str(tmp_path / "random-1.json"), "is a folder")
    assert (tmp_path / "random-0.json").is_file()  # the game before it stays saved
    assert not list(tmp_path.glob(".*partial"))


def test_bench_refuses_impossible_player_counts():
    assert_one_line_error(run_cli("bench", "--games", "1", "--players", "99"), "--players")


@pytest.mark.parametrize(
    ("code", "expected"),
    [(errno.ENOSPC, "no space left"), (errno.EROFS, "read-only"), (errno.EIO, "input/output")],
)
def test_describe_os_error_other_reasons(tmp_path, code, expected):
    exc = OSError(code, __import__("os").strerror(code))
    text = describe_os_error(tmp_path / "x.svg", exc)
    assert text.startswith(f"{tmp_path / 'x.svg'}: cannot write it: ")
    assert expected in text.lower()

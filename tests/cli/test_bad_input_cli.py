"""What a shell can do to ``carc-teach``: closed streams, flags in odd forms, bad notebooks.

Each case gives one line on standard error (control characters escaped) and a known status.
"""

from __future__ import annotations

import subprocess

import pytest
from cli_support import CLI, REPO, run_cli

from carc_teach.rules import RULE_MODULES


def one_error_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def shell(script: str) -> subprocess.CompletedProcess:
    """Run ``script`` in sh with "$@" the carc-teach command (this checkout's)."""
    return subprocess.run(
        ["sh", "-c", script, "sh", *CLI], capture_output=True, text=True, timeout=120, cwd=REPO
    )


def test_closed_standard_output():
    result = shell('"$@" replay first-turns >&-')
    assert one_error_line(result) == (
        "carc-teach replay: error: standard output is closed (>&-): nowhere to write the output"
    )


def test_closed_standard_output_is_fine_when_nothing_goes_there(tmp_path):
    result = shell(f'"$@" render first-turns -o {tmp_path / "b.svg"} >&-')
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "b.svg").read_text(encoding="utf-8").startswith("<svg")


def test_closed_standard_error_still_gives_the_status(tmp_path):
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    result = shell(f'"$@" replay {tmp_path / "bad.json"} 2>&-')
    assert result.returncode == 2 and result.stdout == ""


@pytest.mark.parametrize(
    "command", ["replay full-game", "replay full-game --json", "replay --list", "notes", "--help"]
)
def test_a_reader_that_stops_early(command):
    # `| head -1`: the first line arrives, the rest meets a closed pipe; no complaint at exit
    process = subprocess.Popen(
        [*CLI, *command.split()], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO
    )
    assert process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0, error
    assert error == ""


def test_simulate_expansions_with_spaces_commas_and_all():
    spaced = run_cli("simulate", "--games", "1", "--expansions", "count", "king-robber", "--json")
    commas = run_cli("simulate", "--games", "1", "--expansions", "count,king-robber", "--json")
    assert spaced.returncode == 0, spaced.stderr
    assert spaced.stdout.split('"seconds"')[0] == commas.stdout.split('"seconds"')[0]
    assert one_error_line(run_cli("simulate", "--expansions", "count", "nope")) == (
        "carc-teach simulate: error: --expansions: unknown expansion 'nope'; implemented: "
        + ", ".join(RULE_MODULES)
    )
    assert one_error_line(run_cli("simulate", "--expansions", "all,nope")).startswith(
        "carc-teach simulate: error: --expansions: 'all' already names every implemented "
        "expansion; give it alone or list ids instead"
    )


def test_simulate_refuses_negative_seeds():
    assert one_error_line(run_cli("simulate", "--seed", "-1")) == (
        "carc-teach simulate: error: --seed must be 0 or more, not -1"
    )


def test_an_unknown_game_name_is_escaped():
    line = one_error_line(run_cli("replay", "x\x1b[2J\nnext"))
    assert line.startswith("carc-teach replay: error: 'x\\x1b[2J\\nnext': no such file, and no ")


TITLED = """import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    mo.md("# A title\\n\\nWhat it teaches.")
    return
"""


@pytest.mark.parametrize("command", ["serve", "build-site"])
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"import marimo\napp = marimo.App()\n", "b.py: no title found; start the notebook"),
        (
            b"import marimo\napp = marimo.App()\n# caf\xe9\n",
            "b.py: not UTF-8 text (byte 38); save the notebook as UTF-8",
        ),
    ],
)
def test_a_bad_notebook_is_one_line(tmp_path, command, content, message):
    pytest.importorskip("marimo", reason="marimo (the notebooks extra) is not installed")
    folder = tmp_path / "notebooks"
    folder.mkdir()
    (folder / "a.py").write_text(TITLED, encoding="utf-8")
    (folder / "b.py").write_bytes(content)
    extra = ["--no-browser"] if command == "serve" else ["-o", str(tmp_path / "site")]
    line = one_error_line(run_cli(command, "--notebooks", str(folder), *extra))
    assert line.startswith(f"carc-teach {command}: error: {message}"), line
    assert not (tmp_path / "site").exists()

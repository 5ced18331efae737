"""The examples in the README and in module docstrings run and give what they show."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import carc_teach
import carc_teach.actions
import carc_teach.errors
import carc_teach.figures
import carc_teach.tiles

ROOT = Path(__file__).resolve().parents[1]


def test_readme_examples():
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 0 and result.failed == 0


def test_docstring_examples():
    for module in (
        carc_teach,
        carc_teach.tiles,
        carc_teach.actions,
        carc_teach.figures,
        carc_teach.errors,
    ):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__


#: commands of the README's shell examples that are not run here: they serve until stopped,
#: build the site (tests/notebooks, tests/cli) or measure for half a minute
_NOT_RUN = ("carc-teach serve", "carc-teach build-site", "carc-teach bench")


def readme_commands() -> list[str]:
    """The ``carc-teach`` lines of the README's ``sh`` blocks, in order."""
    text = (ROOT / "README.md").read_text("utf-8")
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        lines += [line for line in block.splitlines() if line.startswith("carc-teach ")]
    return lines


def test_readme_shell_examples_run_as_written(tmp_path, monkeypatch, capsys):
    """Each ``carc-teach`` line of the README as a shell splits it (comments dropped), run in
    order in one folder (the CLI in this process: starting Python a dozen times costs ~10 s)."""
    from carc_teach.cli import main

    commands = readme_commands()
    assert len(commands) >= 10 and any(c.startswith(_NOT_RUN) for c in commands)
    monkeypatch.chdir(tmp_path)
    for command in commands:
        if command.startswith(_NOT_RUN):
            continue
        status = main(shlex.split(command, comments=True)[1:])
        out, err = capsys.readouterr()
        assert status == 0, (command, err)
        assert out.strip() or "-o " in command, command
    assert (tmp_path / "board.svg").read_text("utf-8").startswith("<svg")
    assert len(list((tmp_path / "games").glob("random-*.json"))) == 3

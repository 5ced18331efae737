"""``./dev help`` lists exactly the sub-commands ``./dev`` has, and nothing else."""

from __future__ import annotations

import re
import subprocess

from cli_support import REPO

DEV = REPO / "dev"


def run_dev(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(DEV), *args], capture_output=True, text=True, timeout=60, cwd=REPO
    )


def test_help_lists_every_sub_command_and_no_script_lines():
    result = run_dev("help")
    assert result.returncode == 0, result.stderr
    assert "set -" not in result.stdout and "#" not in result.stdout
    listed = set(re.findall(r"\./dev ([a-z-]+)", result.stdout))
    # the branches of the `case "$cmd"` at the end of the script
    branches = set(re.findall(r"^    ([a-z|-]+)\)$", DEV.read_text(), flags=re.MULTILINE))
    implemented = {name for branch in branches for name in branch.split("|")}
    assert listed - {"help"} == implemented, (listed, implemented)
    assert {"open", "test", "setup", "shell-env"} <= listed


def test_unknown_sub_command_fails_with_the_help():
    result = run_dev("no-such-command")
    assert result.returncode == 2
    assert "./dev open" in result.stdout and "unknown sub-command" in result.stderr

"""Every notebook in notebooks/ runs headless, exports, and is clean under marimo's linter.

Notebooks are discovered (every marimo app in notebooks/), so a new walkthrough is tested
without touching this file. Each one must:

- run as a plain script (``python notebooks/x.py``): a cell that raises fails the run;
- export with ``marimo export html`` (which executes every cell) without errors;
- pass ``marimo check --strict`` (warnings count; one run checks them all);
- have a title and a description for the site's index page.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from carc_teach.site.notebooks import discover_notebooks, read_notebook_info

REPO = Path(__file__).resolve().parents[2]


def notebooks_dir() -> Path:
    """The notebooks under test; ``CARC_TEACH_NOTEBOOKS`` points elsewhere, e.g. at a copy with
    a deliberately broken cell (see docs/site.md)."""
    return Path(os.environ.get("CARC_TEACH_NOTEBOOKS", REPO / "notebooks"))


NOTEBOOKS = discover_notebooks(notebooks_dir())
#: notebooks with a networkx + matplotlib view open at the start (where matplotlib exists)
DRAWS_WITH_NETWORKX = {"turn_sequence"}
IDS = [path.name for path in NOTEBOOKS]

pytestmark = pytest.mark.notebooks


def _run(command: list[str], timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run(
        command,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )


def _tail(result: subprocess.CompletedProcess, limit: int = 4000) -> str:
    return (result.stdout + "\n" + result.stderr)[-limit:]


def test_notebooks_are_found():
    assert NOTEBOOKS, f"no marimo notebooks in {notebooks_dir()}"


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=IDS)
def test_runs_as_a_script(notebook):
    # run as `python notebook.py` would, then say whether networkx was imported: a page that
    # draws no networkx view must not pay for importing it (about 1.3 s in the browser)
    probe = (
        "import runpy, sys; sys.argv = [sys.argv[1]]; "
        "runpy.run_path(sys.argv[0], run_name='__main__'); "
        "print('networkx imported:', 'networkx' in sys.modules)"
    )
    result = _run([sys.executable, "-c", probe, str(notebook)])
    assert result.returncode == 0, f"python {notebook.name} failed:\n{_tail(result)}"
    assert "Traceback" not in result.stderr, _tail(result)
    if notebook.stem not in DRAWS_WITH_NETWORKX:
        assert "networkx imported: False" in result.stdout, f"{notebook.name} imports networkx"


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=IDS)
def test_exports_to_html_without_errors(notebook, tmp_path):
    page = tmp_path / f"{notebook.stem}.html"
    command = [sys.executable, "-m", "marimo", "export", "html", str(notebook)]
    result = _run([*command, "-o", str(page), "--no-sandbox", "-f"])
    assert result.returncode == 0, f"marimo export html {notebook.name} failed:\n{_tail(result)}"
    assert page.is_file() and page.stat().st_size > 0
    assert "some cells failed" not in result.stderr + result.stdout, _tail(result)


@pytest.fixture(scope="module")
def strict_check() -> subprocess.CompletedProcess:
    """``marimo check --strict`` of every notebook at once (one start of marimo, not one per
    notebook); it names the file of each problem it finds."""
    return _run([sys.executable, "-m", "marimo", "check", "--strict", *map(str, NOTEBOOKS)])


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=IDS)
def test_passes_marimo_check_strict(notebook, strict_check):
    output = strict_check.stdout + strict_check.stderr
    # a problem that names no notebook fails them all
    blamed = [n for n in NOTEBOOKS if str(n) in output]
    passed = strict_check.returncode == 0 or (blamed and notebook not in blamed)
    assert passed, f"marimo check --strict {notebook.name}:\n{output[-4000:]}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=IDS)
def test_has_title_and_description_for_the_index(notebook):
    info = read_notebook_info(notebook)
    assert info.title
    assert len(info.description.split()) >= 5, (
        f"{notebook.name}: the paragraph after the title should say what the notebook teaches"
    )

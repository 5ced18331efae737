"""The examples in the README and in module docstrings run and give what they show."""

from __future__ import annotations

import doctest
from pathlib import Path

import carc_teach
import carc_teach.actions
import carc_teach.figures
import carc_teach.tiles

ROOT = Path(__file__).resolve().parents[1]


def test_readme_examples():
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 0 and result.failed == 0


def test_docstring_examples():
    for module in (carc_teach, carc_teach.tiles, carc_teach.actions, carc_teach.figures):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__

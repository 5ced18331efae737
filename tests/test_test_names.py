"""No two test modules share a file name: the test folders are not packages, so pytest imports
each module under its bare name and refuses a second one of the same name ("import file
mismatch"), which drops every test in it."""

from collections import Counter
from pathlib import Path


def test_every_test_module_has_its_own_name():
    tests = Path(__file__).resolve().parent
    names = Counter(p.name for p in tests.rglob("test_*.py"))
    assert [n for n, k in names.items() if k > 1] == []

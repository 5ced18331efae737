"""Test-run wide settings: how ``./dev test`` spreads the tests over its workers.

``./dev test`` runs pytest on three workers (pytest-xdist, ``--dist loadgroup``). Tests that
share an expensive fixture are kept on one worker so that it is made once:

- ``browser:site``: every browser test on the ``--self-hosted`` site (its build, a minute or
  more, is per worker);
- ``browser:run``: every other browser test (the ``marimo run`` servers are per worker, one per
  notebook);
- ``pyodide``: every real-Pyodide test (one start of Pyodide runs the summary scripts of
  them all, ``carc_support.run_in_pyodide``; the snapshot's restore is per module).

Everything else is spread over the workers. The groups are handed out first, the two browser
groups one to each of two workers, then the tests marked ``slow``, then the rest, so that the
quick tests fill the gaps at the end instead of a long test starting last.
"""

from __future__ import annotations

import pytest

#: the order in which work is handed out (first the groups, in this order)
_GROUP_ORDER = ("browser:site", "browser:run", "pyodide")


def xdist_group_of(item) -> str | None:
    """The worker group ``item`` belongs to, or None when it may run anywhere."""
    if item.get_closest_marker("browser"):
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "self_hosted_site" in item.fixturenames or "self-hosted" in params.values():
            return "browser:site"
        return "browser:run"
    if item.get_closest_marker("pyodide"):
        return "pyodide"
    return None


def _ranks(items) -> dict:
    """Each test's place in the order: the groups first, then every module holding a test
    marked ``slow``, then the rest (a module's ungrouped tests stay together, so that its
    module-scoped fixtures are made once)."""
    slow_modules = {
        item.path for item in items if item.get_closest_marker("slow") and not xdist_group_of(item)
    }
    ranks = {}
    for item in items:
        group = xdist_group_of(item)
        if group is not None:
            ranks[item] = (0, _GROUP_ORDER.index(group))
        else:
            ranks[item] = (1, 0) if item.path in slow_modules else (2, 0)
    return ranks


def pytest_configure(config):
    # Hand the groups out in the order the tests are collected in (below), not by how many
    # tests each holds (pytest-xdist's default for loadgroup), so that the two long browser
    # groups start at once on the two workers.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


# tryfirst: pytest-xdist reads the xdist_group marks in its own hook of the same name (to put
# the group's name into each test's id); that hook must see them.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        group = xdist_group_of(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    ranks = _ranks(items)
    items.sort(key=ranks.__getitem__)  # stable: within a rank, the collection order


# (a second implementation of the hook: pytest reads only names starting with "pytest_")
@pytest.hookimpl(trylast=True, specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems_group_ids(config, items):
    """pytest-xdist 3.8 tells its scheduler a test's group by appending ``@group`` to the
    test's id, in a field pytest >= 9.2 no longer reads (its ids are structured now): the
    groups are then silently ignored (pytest-xdist issue 1386). Append it where pytest reads
    it, unless pytest-xdist already did."""
    if not getattr(config.option, "loadgroup", False):  # set on a worker of --dist loadgroup
        return
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # an older pytest: pytest-xdist's own suffix works there
        return
    for item in items:
        group = xdist_group_of(item)
        if group is not None and not item.nodeid.endswith(f"@{group}"):
            item._id = NodeId.parse(f"{item.nodeid}@{group}")


@pytest.fixture
def planted_translations(tmp_path, monkeypatch):
    """An Italian folder of annotation translations of the test's own making, read instead of
    the packaged one (the annotation corpus's reader and its errors are tested on it)."""
    from carc_teach import annotations

    folder = tmp_path / "it"
    folder.mkdir()
    real_files = annotations.resources.files

    class Root:
        def __init__(self, name):
            self.real = real_files(name)

        def joinpath(self, *parts):
            if parts[:1] == ("data",) and len(parts) == 2:
                return folder
            return self.real.joinpath(*parts)

    monkeypatch.setattr(annotations.resources, "files", lambda name: Root(name))
    annotations._translations.cache_clear()
    yield folder
    annotations._translations.cache_clear()

"""Fixtures for the scoring-reference tests: the scoring page as its committed facts
(``tests/fixtures/seed_facts/scoring_page.json``, regenerated from seed 003 by
``scripts/seed_facts.py`` and checked against the seed by ``tests/test_seed_facts.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _load_helper():
    name = "carc_reference_wikipage"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE / "wikipage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def wikipage():
    """The test helper module that reads the page's wikitext."""
    return _load_helper()


@pytest.fixture(scope="session")
def page(wikipage):
    """The "Scoring During Turn Sequence" page as committed facts (runs without the seeds)."""
    return wikipage.load_page_facts()


def page_visible(page_rows, selection, edition):
    """Indices of ``page_rows`` the page shows for ``selection`` and ``edition``.

    Each clause of a row needs one of its switches on (read through
    :func:`carc_teach.reference.switch_on`); a switch marked ``company`` also needs another row of
    the same step to be shown, as the page's first-edition dispatch rows do.
    """
    from carc_teach import reference

    table = reference.switches()
    shown = []
    needs_company = []
    for index, row in enumerate(page_rows):
        ok = True
        company = False
        for clause in row.clauses:
            if not any(reference.switch_on(s, selection, edition) for s in clause):
                ok = False
                break
            company = company or any(table[s].company for s in clause)
        if ok:
            shown.append(index)
            if company:
                needs_company.append(index)
    return {
        i
        for i in shown
        if i not in needs_company
        or any(
            j != i and j not in needs_company and page_rows[j].region == page_rows[i].region
            for j in shown
        )
    }


@pytest.fixture(scope="session")
def visible():
    return page_visible

"""Fixtures for the annotation-corpus tests: the footnotes and list items of the seeds."""

from __future__ import annotations

import pytest
from _seed_parsing import (
    Footnote,
    ListItem,
    parse_annotated_rules_footnotes,
    parse_list_items,
    parse_numbered_footnotes,
)


@pytest.fixture(scope="session")
def footnotes() -> list[Footnote]:
    """Every footnote of seeds 000, 001, 002 and 004."""
    found = []
    for seed in ("000", "001", "002"):
        found.extend(parse_numbered_footnotes(seed))
    found.extend(parse_annotated_rules_footnotes())
    return found


@pytest.fixture(scope="session")
def list_items() -> list[ListItem]:
    """Every House Rules / Official Variants item of seeds 000, 001, 002 and 004."""
    found = []
    for seed in ("000", "001", "002", "004"):
        found.extend(parse_list_items(seed))
    return found

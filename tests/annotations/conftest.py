"""Fixtures for the annotation-corpus tests: the footnotes and list items of the seeds, as facts.

The facts come from the committed fixtures ``tests/fixtures/seed_facts/`` (written from the seeds
by ``scripts/seed_facts.py``; ``tests/test_seed_facts.py`` checks they still match the seeds
whenever those are at hand), so these tests run on a bare clone too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

FACTS = Path(__file__).resolve().parents[1] / "fixtures" / "seed_facts"


@dataclass(frozen=True)
class FootnoteFacts:
    """What the tests know of one seed footnote."""

    seed: str
    number: int
    key: str  #: short hash of the footnote's text
    kinds: tuple[str, ...]  #: kinds whose icon the footnote shows, the first-shown first
    date: str | None  #: "YYYY-MM" of the footnote's dated ruling
    mentions: tuple[str, ...]  #: publisher / edition names it mentions (of mentions_checked)


@dataclass(frozen=True)
class ListItemFacts:
    """What the tests know of one House Rules / Official Variants list item."""

    seed: str
    part: str
    section: str
    item: int
    key: str  #: short hash of the item's text
    credits: tuple[str, ...] | None  #: names in its "(Thanks to ...)" credit, None if none


def _read(name: str) -> dict:
    return json.loads((FACTS / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def footnotes() -> list[FootnoteFacts]:
    """Every footnote of seeds 000, 001, 002 and 004."""
    return [
        FootnoteFacts(
            seed=f["seed"],
            number=f["number"],
            key=f["key"],
            kinds=tuple(f["kinds"]),
            date=f["date"],
            mentions=tuple(f["mentions"]),
        )
        for f in _read("footnotes.json")["footnotes"]
    ]


@pytest.fixture(scope="session")
def mentions_checked() -> list[str]:
    """The publisher and edition names every footnote was searched for."""
    return _read("footnotes.json")["mentions_checked"]


@pytest.fixture(scope="session")
def list_items() -> list[ListItemFacts]:
    """Every House Rules / Official Variants item of seeds 000, 001, 002 and 004."""
    return [
        ListItemFacts(
            seed=i["seed"],
            part=i["part"],
            section=i["section"],
            item=i["item"],
            key=i["key"],
            credits=None if i["credits"] is None else tuple(i["credits"]),
        )
        for i in _read("list_items.json")["items"]
    ]

"""The reference covers the page: every switch, every step heading, every row of every step.

The page (seed 003) is read from its committed facts (``tests/fixtures/seed_facts/``, kept equal
to the seed by ``tests/test_seed_facts.py``), so these tests run without the seeds too.
"""

from __future__ import annotations

from collections import Counter

import pytest

from carc_teach import reference
from carc_teach.reference._load import catalogue

STEP_REGIONS = [
    "anytime", "1A", "1B", "1C", "2A", "2B-1", "2B-2", "2C", "3A", "3B", "3C", "4A", "4B",
]  # fmt: skip


def our_specs(region, drafted):
    return [s for s in catalogue().rows if s.step == region and s.drafted == drafted]


def test_every_switch_on_the_page_is_mapped(page):
    table = reference.switches()
    missing = sorted(page.switches_used - set(table))
    assert not missing, f"page switches without a meaning in the reference: {missing}"
    for name in page.switches_used:
        switch = table[name]
        assert switch.kind in {"part", "edition", "derived", "mechanic"}
        assert switch.reason, f"{name} needs a reason"
        if switch.kind == "mechanic":
            assert switch.on in {"always", "never", "context", "edition:C1", "edition:C2"}


def test_no_switch_is_mapped_that_the_page_does_not_use(page):
    extra = sorted(set(reference.switches()) - page.switches_used)
    assert not extra, f"switches the page never uses: {extra}"


def test_every_step_heading_is_present(page):
    ours = [s.code for s in reference.steps()]
    assert page.step_headings == [c for c in ours if c not in {"anytime", "final"}]
    assert ours[0] == "anytime" and ours[-1] == "final"
    engine = {s.code: s.engine_step for s in reference.steps()}
    assert engine["2B-1"] == engine["2B-2"] == "2B"
    assert engine["final"] == "final" and engine["anytime"] is None
    assert all(engine[c] == c for c in page.step_headings if not c.startswith("2B"))


@pytest.mark.parametrize("region", STEP_REGIONS + ["intro"])
@pytest.mark.parametrize("drafted", [False, True], ids=["shown", "drafted"])
def test_rows_per_step_equal_the_page(page, region, drafted):
    assert len(our_specs(region, drafted)) == len(page.region_rows(region, drafted=drafted))


def test_row_totals(page):
    counts = Counter(r.region for r in page.rows if not r.drafted)
    ours = sum(len(our_specs(r, False)) for r in STEP_REGIONS)
    assert sum(counts[r] for r in STEP_REGIONS) == ours
    # the legend: five entries shown, one kept in a comment
    legend = page.region_rows("legend", drafted=None)
    assert len(reference.intro().legend) == len(legend)
    assert [e.drafted for e in reference.intro().legend] == [r.drafted for r in legend]


@pytest.mark.parametrize("region", STEP_REGIONS + ["intro"])
def test_legend_category_of_every_row(page, region):
    for drafted in (False, True):
        theirs = [r.legend for r in page.region_rows(region, drafted=drafted)]
        ours = [s.legend for s in our_specs(region, drafted)]
        assert ours == theirs, f"{region}: legend categories differ"


def test_3b_sections_and_blocks():
    rows = reference.rows("*", "C1", include_drafts=True)
    in_3b = [r for r in rows if r.step == "3B"]
    assert {r.section for r in in_3b if not r.heading} <= {"prolog", "core", "epilog"}
    assert [r.block for r in in_3b if r.heading] == [
        "Road",
        "City",
        "Monastic buildings",
        "Barn placed",
        "Barn joined",
        "Castle",
        "Baba Yaga's hut",
        "Garden",
        "German castle",
        "German cathedral",
        "Fortune teller's tent",
    ]

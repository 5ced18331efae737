"""Every footnote and list item of the seeds maps to exactly one annotation record.

The footnote numbers, icons, dates, publisher names and list items are facts extracted from the
seed files (committed under ``tests/fixtures/seed_facts/``, kept equal to the seeds by
``tests/test_seed_facts.py``), so a footnote missing from the corpus, a wrong kind or a wrong date
makes these tests fail, with or without the seeds next to the repository.
"""

from __future__ import annotations

from collections import Counter

import pytest

import carc_teach.annotations as annotations
from carc_teach.errors import UnknownRuleError


def _records_citing(seed: str, number: int) -> list[annotations.Annotation]:
    return [
        r
        for r in annotations.all_annotations()
        if any(s.seed == seed and s.footnote == number for s in r.sources)
    ]


@pytest.mark.parametrize(
    ("seed", "expected"),
    [("000", range(1, 63)), ("001", range(1, 63)), ("002", range(1, 29)), ("004", range(154, 196))],
)
def test_seed_footnote_numbers_are_the_expected_ones(footnotes, seed, expected):
    numbers = [f.number for f in footnotes if f.seed == seed]
    assert numbers == list(expected), f"parsing seed {seed} went wrong"


def test_every_footnote_maps_to_exactly_one_record(footnotes):
    problems = []
    for note in footnotes:
        found = _records_citing(note.seed, note.number)
        if len(found) != 1:
            problems.append(f"seed {note.seed} footnote {note.number}: {[r.id for r in found]}")
    assert not problems, "\n".join(problems)


def test_no_record_cites_a_footnote_the_seeds_lack(footnotes):
    existing = {(f.seed, f.number) for f in footnotes}
    for record in annotations.all_annotations():
        for source in record.sources:
            if source.footnote is not None:
                assert (source.seed, source.footnote) in existing, (record.id, source)


def test_seeds_000_and_001_cite_the_same_record_for_each_number():
    for number in range(1, 63):
        assert _records_citing("000", number) == _records_citing("001", number)


@pytest.mark.parametrize(
    ("prefix", "numbers"),
    [("ckr", range(1, 63)), ("car", range(154, 196)), ("ckr1e", range(1, 29))],
)
def test_every_footnote_id_of_the_contract_resolves(prefix, numbers):
    for number in numbers:
        record = annotations.get(f"{prefix}-{number}")
        seed = {"ckr": "000", "car": "004", "ckr1e": "002"}[prefix]
        assert record in _records_citing(seed, number)


def test_seed_002_footnotes_all_join_a_ckr_record():
    # Every footnote of the older revision repeats one of the newer page: none needs ckr1e-<n>.
    for number in range(1, 29):
        record = annotations.get(f"ckr1e-{number}")
        assert record.id.startswith("ckr-"), record.id
        assert any(s.seed == "000" for s in record.sources)


def test_duplicated_rulings_are_one_record():
    assert annotations.get("ckr-33") is annotations.get("ckr-2")
    assert annotations.get("ckr-59") is annotations.get("ckr-11")
    assert annotations.get("car-185") is annotations.get("ckr-26")
    assert annotations.get("car-179") is annotations.get("car-160")
    ids = [r.id for r in annotations.all_annotations()]
    assert len(ids) == len(set(ids))


def test_kinds_match_the_seed_icons(footnotes):
    problems = []
    for note in footnotes:
        if not note.kinds:
            continue  # seed 004 lost its icons; 002's footnote 5 has none
        record = _records_citing(note.seed, note.number)[0]
        first = note.kinds[0]  # the icon shown first
        if record.kind != first:
            problems.append(
                f"seed {note.seed} fn {note.number}: {record.id} is {record.kind}, "
                f"the seed says {first}"
            )
        extra = set(note.kinds) - {record.kind} - set(record.extra_kinds)
        if extra:
            problems.append(f"seed {note.seed} fn {note.number}: {record.id} lacks {extra}")
    assert not problems, "\n".join(problems)


def test_records_without_a_seed_icon_say_their_kind_is_inferred():
    for record in annotations.all_annotations():
        if all(s.seed == "004" for s in record.sources) and record.id.startswith("car-"):
            assert record.kind_inferred, record.id


def test_dates_match_the_footnotes(footnotes):
    problems = []
    for note in footnotes:
        record = _records_citing(note.seed, note.number)[0]
        if note.date:
            want = note.date
            if record.date != want:
                problems.append(
                    f"{record.id} (seed {note.seed} fn {note.number}): "
                    f"date {record.date}, the seed says {want}"
                )
    assert not problems, "\n".join(problems)


def test_dated_records_have_a_dated_source(footnotes):
    dated = {(f.seed, f.number) for f in footnotes if f.date}
    for record in annotations.all_annotations():
        if record.date and record.id.startswith(("ckr", "car")):
            assert any((s.seed, s.footnote) in dated for s in record.sources), record.id


@pytest.mark.parametrize(
    ("mention", "field", "value"),
    [
        ("RGG", "publishers", "RGG"),
        ("HiG", "publishers", "HiG"),
        ("Big Box 2", "editions", "Big Box 2"),
        ("Big Box 3", "editions", "Big Box 3"),
        ("Count, King and Consorts", "editions", "Count, King and Consorts"),
    ],
)
def test_publishers_and_editions_named_in_a_footnote_are_recorded(
    footnotes, mentions_checked, mention, field, value
):
    assert mention in mentions_checked, f"the seed facts were not searched for {mention!r}"
    assert any(mention in note.mentions for note in footnotes), mention
    for note in footnotes:
        if mention in note.mentions:
            record = _records_citing(note.seed, note.number)[0]
            assert value in getattr(record, field), (record.id, note.seed, note.number)


def test_every_list_item_maps_to_exactly_one_record(list_items):
    assert len(list_items) == 4 + 4 + 9 + 6  # per seed: 000, 001, 002, 004
    problems = []
    for item in list_items:
        found = [
            r
            for r in annotations.all_annotations()
            if any(
                (s.seed, s.part, s.section, s.item)
                == (item.seed, item.part, item.section, item.item)
                for s in r.sources
            )
        ]
        if len(found) != 1:
            problems.append(f"{item}: {[r.id for r in found]}")
    assert not problems, "\n".join(problems)


def test_no_record_cites_a_list_item_the_seeds_lack(list_items):
    existing = {(i.seed, i.part, i.section, i.item) for i in list_items}
    for record in annotations.all_annotations():
        for s in record.sources:
            if s.footnote is None:
                assert (s.seed, s.part, s.section, s.item) in existing, (record.id, s)


def test_list_items_get_house_or_variant_ids(list_items):
    for item in list_items:
        record = next(
            r
            for r in annotations.all_annotations()
            if any(
                (s.seed, s.section, s.item, s.part)
                == (item.seed, item.section, item.item, item.part)
                for s in r.sources
            )
        )
        assert any(i.startswith(("house-", "variant-")) for i in (record.id, *record.aliases))
        if "Variant" in item.section or "Varianti" in item.section:
            # the publisher's own variants are not house rules
            assert record.id.startswith("variant-") and record.official_variant
            assert record.kind == "official-variant"
        else:
            assert record.kind == "house-rule"


def test_house_rule_credits_come_from_the_seeds(list_items):
    credited = 0
    for item in list_items:
        if item.credits is None:
            continue
        record = next(
            r
            for r in annotations.all_annotations()
            if any(
                (s.seed, s.section, s.item, s.part)
                == (item.seed, item.section, item.item, item.part)
                for s in r.sources
            )
        )
        # the names of the "(Thanks to ...)" credit, its filler words left out
        assert item.credits, item
        credited += 1
        for name in item.credits:
            assert record.credit and name in record.credit, (record.id, name)
    assert credited > 0


def test_counts():
    kinds = Counter(r.kind for r in annotations.all_annotations())
    assert set(kinds) == set(annotations.KINDS)
    # 62 + 42 footnotes, minus the rulings printed twice, plus 8 list-only house rules/variants
    assert len(annotations.all_annotations()) == 106


def test_unknown_id_is_a_typed_error():
    with pytest.raises(UnknownRuleError, match="ckr-63"):
        annotations.get("ckr-63")

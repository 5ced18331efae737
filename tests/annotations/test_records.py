"""The records themselves: fields filled, references valid, queries behave."""

from __future__ import annotations

import re
from dataclasses import FrozenInstanceError, dataclass

import pytest

import carc_teach.annotations as annotations
from carc_teach.annotations import topics
from carc_teach.errors import CarcTeachError, UnknownRuleError

RECORDS = annotations.all_annotations()


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.id)
def test_record_has_kind_source_text_and_topics(record):
    assert record.kind in annotations.KINDS
    assert record.sources
    assert record.title.strip()
    assert len(record.text.split()) >= 12, "a learner needs more than a fragment"
    assert record.topics
    for rule_id in record.topics:
        assert topics.is_known(rule_id), rule_id
    for expansion in record.expansions:
        assert expansion in topics.EXPANSION_TITLES
    for publisher in record.publishers:
        assert publisher in annotations.PUBLISHERS
    for edition in record.editions:
        assert edition in annotations.EDITIONS
    if record.date is not None:
        assert re.fullmatch(r"20[0-9]{2}-(0[1-9]|1[0-2])", record.date)
    for other in record.see_also:
        annotations.get(other)
    for source in record.sources:
        assert source.page and source.language in ("en", "it", "cs")
        assert (source.footnote is None) != (source.item is None)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.id)
def test_record_ids_named_in_a_text_exist(record):
    pattern = r"\b(?:ckr|car|ckr1e)-\d+\b|\b(?:house|variant)-[a-z0-9-]+[a-z0-9]"
    for ref in re.findall(pattern, record.text):
        annotations.get(ref)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.id)
def test_option_ids_named_in_a_text_exist(record):
    from carc_teach.editions import option

    for ref in re.findall(r"Option: ([a-z0-9]+\.[a-z0-9.-]+[a-z0-9])", record.text):
        assert record.id in option(ref).annotations, (record.id, ref)


def test_edition_differences_name_who_differs():
    for record in annotations.search(kind="edition-difference"):
        assert record.publishers or record.editions, record.id


def test_house_rules_from_lists_have_a_credit_or_are_official_variants():
    for record in annotations.search(kind="house-rule"):
        listed = any(s.footnote is None for s in record.sources)
        if listed:
            uncredited = record.id == "house-count-river-first"  # the seeds thank nobody
            assert record.credit or record.official_variant or uncredited


def test_records_are_frozen():
    record = annotations.get("ckr-7")
    with pytest.raises(FrozenInstanceError):
        record.kind = "official"  # type: ignore[misc]


def test_czech_footnotes_are_labelled_czech():
    languages = {s.seed: s.language for s in annotations.get("ckr-35").sources}
    assert languages == {"000": "en", "001": "cs", "002": "en"}


def test_to_dict_is_json_ready():
    import json

    for record in RECORDS:
        data = json.loads(json.dumps(record.to_dict()))
        assert data["id"] == record.id and data["kind_label"] == record.label.label


def test_kind_labels_cover_the_four_icons():
    icons = {label.icon for label in annotations.KIND_LABELS.values()}
    assert {"open book", "globe", "house", "double arrow"} <= icons
    assert annotations.KIND_LABELS["edition-difference"].icon == "double arrow"
    # the one kind without a footnote icon: items of the pages' "Official Variants" lists
    assert annotations.KIND_LABELS["official-variant"].icon.startswith("none")
    assert len(icons) == len(annotations.KINDS) == 5


# ------------------------------------------------------------------------ annotations_for


def test_annotations_for_a_rule_id_includes_parent_topics():
    found = [r.id for r in annotations.annotations_for("count.redeploy.market")]
    assert found[:2] == ["ckr-25", "ckr-26"]  # the exact topic first, corpus order
    assert "ckr-18" in found  # on the parent topic count.redeploy
    assert "ckr-21" not in found  # a sibling topic (castle quarter)
    assert len(found) == len(set(found))


def test_annotations_for_with_children():
    plain = annotations.annotations_for("count.redeploy")
    deep = annotations.annotations_for("count.redeploy", include_children=True)
    assert {r.id for r in plain} < {r.id for r in deep}
    assert "ckr-21" in {r.id for r in deep}


@dataclass(frozen=True)
class FakeEvent:
    rule: str | None
    annotations: tuple[str, ...] = ()


def test_annotations_for_an_event_puts_its_own_ids_first():
    event = FakeEvent(rule="base.final.farm", annotations=("ckr-59", "car-184"))
    found = [r.id for r in annotations.annotations_for(event)]
    assert found[:2] == ["ckr-11", "car-184"]  # ckr-59 is an alias of ckr-11
    assert "ckr-1" in found  # topic base.final.farm
    assert len(found) == len(set(found))


def test_annotations_for_an_event_without_rule():
    assert [r.id for r in annotations.annotations_for(FakeEvent(None, ("ckr-7",)))] == ["ckr-7"]
    assert annotations.annotations_for(FakeEvent("", ())) == []


def test_annotations_for_base_ids_the_engine_emits():
    for rule_id in (
        "base.setup",
        "base.draw",
        "base.place",
        "base.place.discard",
        "base.deploy",
        "base.road.score",
        "base.city.score",
        "base.cloister.score",
        "base.majority",
        "base.return",
        "base.final",
        "base.final.road",
        "base.final.city",
        "base.final.cloister",
        "base.final.farm",
    ):
        annotations.annotations_for(rule_id)  # known ids, no error


def test_annotations_for_unknown_rule_or_annotation_is_a_typed_error():
    with pytest.raises(UnknownRuleError, match="count.redeploy"):
        annotations.annotations_for("count.redeply")
    with pytest.raises(UnknownRuleError, match="ckr-99"):
        annotations.annotations_for(FakeEvent("base.place", ("ckr-99",)))
    with pytest.raises(UnknownRuleError):
        annotations.annotations_for(42)  # type: ignore[arg-type]


# ------------------------------------------------------------------------ search


def test_search_filters():
    rgg = annotations.search(publisher="rgg")
    assert rgg and all("RGG" in r.publishers for r in rgg)
    diffs = annotations.search(kind="edition-difference", expansion="abbey-mayor")
    assert {r.id for r in diffs} >= {"car-155", "car-167", "car-194"}
    assert all(r.kind == "edition-difference" for r in diffs)
    shrine = annotations.search(topic="shrine")
    assert "ckr-55" in {r.id for r in shrine}  # shrine.challenge.resolve is below shrine
    assert {r.id for r in annotations.search(kind="interpretation")} >= {"ckr-17", "ckr-4"}
    bb2 = annotations.search(edition="big box 2")
    assert all("Big Box 2" in r.editions for r in bb2)
    group = annotations.search(expansion="count-king-robber")
    assert {"ckr-7", "ckr-35", "ckr-55", "ckr-5"} <= {r.id for r in group}
    assert all(r.changes_outcome for r in annotations.search(changes_outcome=True))


@pytest.mark.parametrize(
    "kwargs",
    [{"kind": "ruling"}, {"topic": "nope"}, {"expansion": "atlantis"}, {"publisher": "ACME"}],
)
def test_search_rejects_unknown_values(kwargs):
    with pytest.raises(UnknownRuleError):
        annotations.search(**kwargs)


def test_unknown_rule_error_is_a_carc_teach_error():
    with pytest.raises(CarcTeachError):
        topics.topic("king.crown")


# ------------------------------------------------------------------------ taxonomy


def test_topic_parents_exist_and_areas_match_the_architecture():
    """The rule-id areas are the ones docs/architecture.md lists ("Rule ids"), so a new
    expansion's area is named there, not in this test."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text("utf-8")
    listed = re.search(r"`<area>` is (.*?) \(", doc, re.S)
    assert listed is not None
    areas = set(re.findall(r"`([a-z0-9-]+)`", listed.group(1)))
    assert {"base", "count", "abbey", "big-follower", "cathedrals"} <= areas
    for t in topics.all_topics():
        assert t.id.split(".")[0] in areas
        assert t.expansion in topics.EXPANSION_TITLES
        if t.parent is None:
            assert "." not in t.id
        else:
            assert topics.is_known(t.parent) and t.id.startswith(t.parent.split(".")[0])
    assert {t.id for t in topics.all_topics() if t.parent is None} == areas


def test_issue_example_topics_exist():
    for rule_id in (
        "count.deploy-trigger",
        "count.redeploy",
        "king.award",
        "shrine.challenge",
        "mayor.strength",
        "wagon.move",
        "barn.placement",
        "barn.scoring",
    ):
        assert topics.is_known(rule_id)


def test_lineage():
    assert topics.lineage("count.redeploy.market") == (
        "count.redeploy.market",
        "count.redeploy",
        "count",
    )


def test_every_topic_but_roots_and_engine_ids_is_used():
    used = {t for r in RECORDS for t in r.topics}
    used |= {t for text in annotations.rule_texts() for t in text.topics}
    unused = [t.id for t in topics.all_topics() if t.parent is not None and t.id not in used]
    # ids a rule module executes need no footnote (the engine's own steps); what remains are
    # the group headings of the taxonomy
    from carc_teach.rules import implemented_rules

    executed = set(implemented_rules())
    assert set(unused) - executed <= {
        "base.road",
        "base.city",
        "base.cloister",
        "base.farm",
        "base.final",
        "pig.scoring",
    }, sorted(set(unused) - executed)

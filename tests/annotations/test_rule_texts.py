"""The paraphrased rule sections and the annotations attached to them."""

from __future__ import annotations

import pytest

import carc_teach.annotations as annotations
from carc_teach.annotations import topics
from carc_teach.errors import UnknownRuleError

TEXTS = annotations.rule_texts()


def test_sections_cover_every_part_of_the_box_and_abbey_mayor():
    sections = {(t.expansion, t.section) for t in TEXTS}
    for expansion in ("count", "king-robber", "shrines"):
        for section in ("Preparation", "Placing a tile", "Deploying a follower", "Final scoring"):
            assert (expansion, section) in sections, (expansion, section)
    assert ("count", "Scoring") in sections and ("shrines", "Scoring") in sections
    assert any(t.expansion == "river2" for t in TEXTS)
    ids = {t.id for t in TEXTS}
    for needed in (
        "mayor/deploying",
        "mayor/scoring",
        "wagon/deploying",
        "wagon/scoring-and-moving",
        "barn/placement",
        "barn/scoring-when-placed",
        "barn/scoring-when-connected",
        "barn/final-scoring",
        "count/deploying-to-carcassonne",
        "count/redeploying",
        "count/the-count",
        "shrines/the-challenge",
        "king-robber/the-king",
        "king-robber/the-robber-baron",
    ):
        assert needed in ids, needed


@pytest.mark.parametrize("text", TEXTS, ids=lambda t: t.id)
def test_rule_text_is_complete(text):
    assert text.id.startswith(text.expansion.split("-")[0]) or "/" in text.id
    assert text.expansion in topics.EXPANSION_TITLES
    assert len(text.text.split()) >= 10
    for annotation_id in text.annotations:
        assert annotations.get(annotation_id).id == annotation_id
    for rule_id in text.topics:
        assert topics.is_known(rule_id)


def test_every_record_is_attached_to_some_rule_text():
    attached = {a for t in TEXTS for a in t.annotations}
    missing = [r.id for r in annotations.all_annotations() if r.id not in attached]
    assert not missing, missing


def test_rule_texts_filter_by_expansion_and_group():
    count = annotations.rule_texts("count")
    assert count and all(t.expansion == "count" for t in count)
    box = annotations.rule_texts("count-king-robber")
    assert {t.expansion for t in box} == {"count", "king-robber", "river2", "shrines"}
    with pytest.raises(UnknownRuleError):
        annotations.rule_texts("atlantis")


def test_rule_text_lookup():
    assert annotations.rule_text("count/redeploying").annotations
    with pytest.raises(UnknownRuleError, match="count/nothing"):
        annotations.rule_text("count/nothing")


def test_lists_stay_on_their_own_lines():
    text = annotations.rule_text("count/redeploying").text
    assert "\n- castle (1) to a city\n" in text

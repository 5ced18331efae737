"""The corrections of a rules audit of the annotation data against the seeds, one test each."""

from __future__ import annotations

import pytest

import carc_teach.annotations as annotations
from carc_teach import editions


def test_running_bonus_offers_both_readings_and_names_ours():
    text = annotations.get("house-king-running-bonus").text
    assert "two ways" in text and "on top of" in text and "take its place" in text
    assert "carc_teach's own reading is the first: the end-of-game count stays" in text
    option = editions.option("king.scoring")
    assert "keeps it" in option.explanation
    assert "plus the usual count at the end" in dict(option.value_notes)["running-bonus"]


@pytest.mark.parametrize(
    ("preset", "value"),
    [
        ("hig-original", "usual"),
        ("hig-ckr-2007", "usual"),
        ("hig-big-box-2", "two-each"),  # footnote 17: HiG's Big Box 2 prints "counts as two"
        ("rgg", "two-each"),  # ... and so does the RGG edition
        ("rgg-big-box-2", "two-each"),
    ],
)
def test_counts_as_two_where_footnote_17_puts_it(preset, value):
    assert editions.resolve(preset)["count.special-figure-strength"] == value
    basis = dict(editions.get_preset(preset).basis)
    if preset in ("hig-big-box-2", "rgg"):
        assert basis["count.special-figure-strength"] == ("ckr-17",)


def test_ckr_9_means_the_abbot_figure():
    record = annotations.get("ckr-9")
    assert "abbot" in record.expansions and "german-monasteries" not in record.expansions
    assert "German" not in record.text and "The Abbot" in record.text


def test_the_counts_official_variants_are_not_house_rules():
    variants = [r for r in annotations.all_annotations() if r.id.startswith("variant-")]
    assert {r.id for r in variants} == {"variant-count-clockwise", "variant-count-follows-deploy"}
    for record in variants:
        assert record.kind == "official-variant" and record.official_variant
        assert record.label.label == "Official variant"
    assert not [r for r in annotations.search(kind="house-rule") if r.official_variant]
    assert annotations.search(kind="official-variant") == variants


#: seed 004 footnotes that are a question and its answer (official by the project's rule)
QUESTION_AND_ANSWER = {"car-160", "car-164", "car-170", "car-177", "car-192"}
#: seed 004 footnotes repeating a ruling that seeds 000/001 mark official
REPEATS_AN_OFFICIAL_RULING = {"car-159": "ckr-9", "car-178": "ckr-9"}


def test_inferred_official_records_show_a_sign_of_it():
    for record in annotations.all_annotations():
        if not (record.kind_inferred and record.kind == "official"):
            continue
        repeats = REPEATS_AN_OFFICIAL_RULING.get(record.id)
        if repeats:
            assert annotations.get(repeats).kind == "official"
            assert not annotations.get(repeats).kind_inferred
            continue
        assert record.date or record.id in QUESTION_AND_ANSWER, record.id
    for cid in ("car-154", "car-156", "car-180", "car-181", "car-186", "car-195"):
        assert annotations.get(cid).kind == "interpretation", cid


def test_no_unsupported_later_printing():
    description = annotations.EDITIONS["Count, King and Consorts"]
    assert "printing" not in description and "later" not in description
    for record in annotations.all_annotations():
        assert "later printing" not in record.text, record.id


def test_ckr_56_is_told_not_transcribed():
    text = annotations.get("ckr-56").text
    assert "Question" not in text and "Answer" not in text
    assert "9 points" in text and "July 2014" in text


def test_c1_robbers_introduction_says_counting_figures():
    from carc_teach import reference

    def robbers(edition):
        items = reference.intro(["robbers"], edition).items
        return next(i.text for i in items if i.id == "intro.robbers")

    assert "several counting figures" in robbers("C1")
    assert "several scoring figures" in robbers("C2")


def test_any_time_step_only_with_the_tower():
    from carc_teach import reference

    assert "anytime" not in [s.code for s in reference.steps([], "C2")]
    assert "anytime" not in [s.code for s in reference.steps(["count-king-robber"], "C1")]
    assert [s.code for s in reference.steps(["tower"], "C1")][0] == "anytime"

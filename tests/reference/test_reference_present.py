"""The notebook-facing forms of the reference: table records, row details, diffs."""

from __future__ import annotations

import importlib.util

from carc_teach import reference
from carc_teach.reference import present


def test_table_records_follow_rows():
    rows = reference.rows(reference.selection_for_preset("ckr+abbey-mayor"), "C1")
    records = present.table_records(rows)
    assert [r["Id"] for r in records] == [r.id for r in rows]
    core = next(r for r in records if r["Id"] == "3b.road.core")
    assert core["Engine"] == "runs"  # the wagon and the Count's blacksmith run too
    base = {r["Id"]: r for r in present.table_records(reference.rows([], "C1"))}
    assert base["3b.road.core"]["Engine"] == "runs"
    assert base["3b.road"]["Engine"] == ""
    assert base["3b.city.core"]["Situation"] == "\u203a City"


def test_row_markdown_names_rules_engine_and_examples():
    row = next(r for r in reference.rows([], "C2") if r.id == "3b.road.core")
    text = present.row_markdown(row)
    assert "`base.road.score`" in text and "the engine runs it" in text
    assert "Shown with: the base game" in text
    if importlib.util.find_spec("carc_teach.examples"):
        assert "example games:" in text
    challenge = next(
        r for r in reference.rows(["shrines"], "C2") if r.id == "3b.monastic.challenge"
    )
    text = present.row_markdown(challenge, with_examples=False)
    assert "not in the engine yet" not in text and "`ckr-55`" in text  # the shrine module runs it
    assert "Count, King & Robber" in text


def test_drafted_rows_say_so():
    king = next(
        r for r in reference.rows(["king-robber"], include_drafts=True) if r.id == "3b.city.king"
    )
    assert "hidden on the page" in present.table_records([king])[0]["Situation"]
    assert "not shown there" in present.row_markdown(king, with_examples=False)


def test_annotation_notes():
    row = next(r for r in reference.rows(["shrines", "fairy"]) if r.id == "3b.monastic.challenge")
    notes = present.annotation_notes(row)
    if not present.annotations_available():
        assert notes == []
        return
    assert len(notes) == len(row.annotation_ids)
    fairy = next(n for n in notes if n.id == "ckr-58")
    assert fairy.kind == "official" and fairy.callout == "info" and "seed 000" in fairy.cited
    assert present.rule_title("shrine.challenge.resolve")


def test_diff_markdown():
    change = reference.diff([], ["shrines"], "C1")
    text = present.diff_markdown(change, "Heretics & Shrines")
    assert "1 new row(s)" in text and "Challenge settled" in text
    assert "worded differently" in text and "before:" in text
    same = reference.diff([], [], "C1")
    assert "changes nothing" in present.diff_markdown(same, "x")


def test_a_ruling_cited_twice_is_shown_once():
    if not present.annotations_available():
        return
    row = next(r for r in reference.rows(["barn", "count"]) if r.id == "3b.barn-placed")
    assert {"car-185", "ckr-26"} <= set(row.annotation_ids)
    notes = present.annotation_notes(row)
    assert len(notes) < len(row.annotation_ids)
    assert any("ckr-26" in n.id and "car-185" in n.id for n in notes)

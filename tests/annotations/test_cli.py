"""``carc-teach notes`` and ``carc-teach options``: output, filters and bad input."""

from __future__ import annotations

import json

import pytest

import carc_teach.annotations as annotations
from carc_teach import editions
from carc_teach.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_notes_json_lists_every_record(capsys):
    code, out, _ = run(capsys, "notes", "--json")
    assert code == 0
    data = json.loads(out)
    assert [d["id"] for d in data] == [r.id for r in annotations.all_annotations()]
    assert all(d["kind"] and d["sources"] and d["text"] for d in data)


def test_notes_kind_filter(capsys):
    code, out, _ = run(capsys, "notes", "--kind", "edition-difference", "--json")
    data = json.loads(out)
    assert code == 0 and data
    assert {d["kind"] for d in data} == {"edition-difference"}
    assert len(data) == len(annotations.search(kind="edition-difference"))


def test_notes_edition_differences_in_text_show_date_or_say_undated(capsys):
    code, out, _ = run(capsys, "notes", "--kind", "edition-difference")
    assert code == 0
    blocks = [b for b in out.split("\n\n") if b.strip() and not b.startswith(tuple("0123456789"))]
    assert len(blocks) == len(annotations.search(kind="edition-difference"))
    for block in blocks:
        head = block.splitlines()[1]
        assert "undated in the seeds" in head or any(ch.isdigit() for ch in head), head
    assert "2013-12" in out and "RGG" in out and "Big Box 2" in out


def test_notes_topic_expansion_and_publisher_filters(capsys):
    _, out, _ = run(capsys, "notes", "--topic", "barn", "--json")
    ids = {d["id"] for d in json.loads(out)}
    assert {"car-178", "car-184", "ckr-10"} <= ids and "ckr-35" not in ids
    _, out, _ = run(capsys, "notes", "--expansion", "king-robber", "--kind", "house-rule", "--json")
    assert len(json.loads(out)) == 5
    _, out, _ = run(capsys, "notes", "--publisher", "RGG", "--json")
    assert all("RGG" in d["publishers"] for d in json.loads(out))


def test_notes_by_id_and_alias(capsys):
    code, out, _ = run(capsys, "notes", "ckr-59", "car-166")
    assert code == 0
    assert out.startswith("ckr-11 ") and "car-166" in out and "2 records" in out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["notes", "--kind", "ruling"], "ruling"),
        (["notes", "--topic", "count.nope"], "count.nope"),
        (["notes", "--expansion", "atlantis"], "atlantis"),
        (["notes", "ckr-99"], "ckr-99"),
        (["options", "--preset", "hig-first"], "hig-first"),
        (["options", "--expansion", "atlantis"], "atlantis"),
        (["options", "--diff", "rgg", "nope"], "nope"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, named):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and named in err and "Traceback" not in err


def test_options_json(capsys):
    code, out, _ = run(capsys, "options", "--json")
    data = json.loads(out)
    assert code == 0
    assert [o["id"] for o in data["options"]] == [o.id for o in editions.OPTIONS]
    assert {p["id"] for p in data["presets"]} == set(editions.PRESETS)


def test_options_preset_and_expansion(capsys):
    _, out, _ = run(capsys, "options", "--preset", "hig-original", "--expansion", "count", "--json")
    data = json.loads(out)
    assert data["preset"] == "hig-original"
    assert data["values"]["count.deploy-trigger"] == "completion"
    assert {o["id"] for o in data["options"]} == {o.id for o in editions.options_for("count")}
    code, text, _ = run(capsys, "options", "--preset", "rgg-big-box-2")
    assert code == 0 and "> = value in preset rgg-big-box-2" in text
    assert " > True" in text


def test_options_diff(capsys):
    code, out, _ = run(capsys, "options", "--diff", "hig-original", "hig-big-box-2")
    assert code == 0 and "count.deploy-trigger: 'completion' -> 'any-scoring'" in out
    _, out, _ = run(capsys, "options", "--diff", "hig-original", "rgg", "--json")
    assert json.loads(out)["diff"]["options"]["count.deploy-trigger"] == [
        "completion",
        "any-scoring",
    ]

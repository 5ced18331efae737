"""The public API of carc_teach.reference: selection, presets, errors, diff, intro, links."""

from __future__ import annotations

import importlib.util
import json

import pytest

from carc_teach import reference
from carc_teach.errors import CarcTeachError, UnknownRuleError
from carc_teach.reference._load import catalogue


def test_groups_hold_every_expansion_once():
    groups = reference.GROUPS
    assert [g.id for g in groups] == ["major", "small", "other", "fan"]
    seen = [e.id for g in groups for e in g.expansions]
    assert sorted(seen) == sorted(reference.SELECTOR_EXPANSIONS)
    assert len(seen) == len(set(seen))
    ckr = reference.SELECTOR_EXPANSIONS["count-king-robber"]
    assert ckr.group == "major"
    assert ckr.part_ids == ("count", "king-robber", "river2", "shrines")
    assert {e.id for e in next(g for g in groups if g.id == "fan").expansions} == {
        "hans-statue",
        "obelisk",
        "wells",
    }


def test_presets():
    assert set(reference.SELECTOR_PRESETS) == {"base", "ckr", "ckr+abbey-mayor", "everything"}
    assert reference.selection_for_preset("base") == frozenset()
    ckr = {"count", "king-robber", "river2", "shrines"}
    assert reference.selection_for_preset("ckr") == ckr
    assert reference.selection_for_preset("ckr+abbey-mayor") == reference.selection_for_preset(
        "ckr"
    ) | {"abbey", "mayor", "wagon", "barn"}
    assert reference.selection_for_preset("everything") == frozenset(catalogue().parts)
    with pytest.raises(UnknownRuleError, match=r"unknown preset 'ckr\+abbey'.*ckr\+abbey-mayor"):
        reference.selection_for_preset("ckr+abbey")


def test_selection_accepts_ids_names_parts_and_commas():
    assert reference.normalize_selection("Abbey & Mayor") == {"abbey", "mayor", "wagon", "barn"}
    assert reference.normalize_selection("barn, SHRINES") == {"barn", "shrines"}
    assert reference.normalize_selection(["base", " "]) == frozenset()
    assert reference.normalize_selection(None) == frozenset()


def test_unknown_expansions_are_named_with_close_matches():
    with pytest.raises(UnknownRuleError) as info:
        reference.rows(["count-king-robbr", "shrine", "dragons!"])
    message = str(info.value)
    assert "\n" not in message
    assert "'count-king-robbr' (did you mean count-king-robber" in message
    assert "'shrine' (did you mean shrines" in message
    assert "'dragons!'" in message
    assert isinstance(info.value, CarcTeachError)


def test_unknown_edition():
    with pytest.raises(UnknownRuleError, match="unknown edition 'C3'"):
        reference.rows([], "C3")
    assert reference.rows([], "c1")[0].edition == "C1"


def test_rows_carry_engine_step_and_links():
    rows = {r.id: r for r in reference.rows("*", "C2", include_drafts=True)}
    assert rows["2b1.abbot"].engine_step == "2B"
    assert rows["anytime.ransom"].engine_step is None
    assert rows["3b.road.core"].engine_step == "3B"
    base = reference.rows([], "C2")
    assert [r.executed for r in base if not r.heading] == [True, True, True]
    # with every expansion the road's rules include the wagon, the big follower and the
    # Count's blacksmith, all executed since Abbey & Mayor and the Count landed
    assert "wagon.score" in rows["3b.road.core"].rule_ids
    assert set(rows["3b.road.core"].engine_rule_ids) == {
        "base.road.score",
        "base.majority",
        "base.return",
        "big-follower.strength",
        "wagon.score",
        "count.redeploy.blacksmith",
    }
    assert rows["3b.road.core"].executed
    assert rows["3b.city.king"].rule_ids == ("king.award", "king.final")
    assert rows["3b.city.king"].executed  # the King & Robber Baron module executes both
    assert "ckr-58" in rows["3b.monastic.challenge"].annotation_ids
    assert rows["3b.monastic.challenge"].expansions == ("count-king-robber",)


def test_executed_follows_the_engine_table(monkeypatch):
    monkeypatch.setattr(
        "carc_teach.reference.ENGINE_EXECUTES",
        reference.ENGINE_EXECUTES | {"shrine.challenge.resolve"},
    )
    row = next(r for r in reference.rows(["shrines"]) if r.id == "3b.monastic.challenge")
    assert row.executed


def test_markers_need_their_expansion():
    plain = {r.id: r for r in reference.rows([], "C2")}
    assert plain["3b.road.core"].markers == ()
    robbers = {r.id: r for r in reference.rows(["robbers"], "C2")}
    assert robbers["3b.road.core"].markers == ("robber-choose",)
    assert robbers["3b.monastic.core"].markers == ("robber",)
    flier = {r.id: r for r in reference.rows(["robbers", "flier", "castles"], "C2")}
    assert flier["3b.monastic.core"].markers == ("robber-choose", "castle")


def test_diff_when_one_expansion_is_added():
    change = reference.diff([], ["barn"], "C1")
    assert [r.id for r in change.added][:2] == ["3b.barn-placed", "3b.barn-placed.city"]
    assert not change.removed and not change.changed
    back = reference.diff(["barn"], [], "C1")
    assert [r.id for r in back.removed] == [r.id for r in change.added]
    assert reference.diff(["barn"], ["barn"], "C1").is_empty()
    json.dumps(change.as_dict())


def test_details_follow_the_selection():
    def details(selection):
        return next(r for r in reference.rows(selection, "C1") if r.id == "2b1.abbot").details

    assert not any("vineyard" in d for d in details(["abbot"]))
    assert any("vineyard" in d for d in details(["abbot", "vineyards"]))


def test_intro_and_legend():
    intro = reference.intro("*", "C1")
    kinds = ["tile", "figure", "feature", "core", "action", "surveyor"]
    assert [e.kind for e in intro.legend] == kinds
    assert intro.legend[4].drafted
    assert {m.kind for m in intro.markers} == {"castle", "robber", "robber-choose", "teacher"}
    ids = [i.id for i in intro.items]
    assert ids == ["intro.you", "intro.messages", "intro.robbers", "intro.tower"]
    assert "follower" in intro.items[-1].text
    assert [r.id for r in intro.rows][:2] == ["intro.dispatch", "intro.dispatch.road"]
    c2 = reference.intro("*", "C2")
    assert "Z-Man" in c2.items[1].text and "step 4A" in c2.items[1].text
    assert all(not r.id.startswith("intro.dispatch") for r in c2.rows)
    base = reference.intro([], "C2")
    assert [i.id for i in base.items] == ["intro.you"]
    assert [e.kind for e in base.markers] == []
    json.dumps(intro.as_dict())


def test_steps():
    steps = reference.steps([], "C2")
    # the page shows "Any time during your turn" only with The Tower (the ransom)
    assert [s.code for s in steps][:3] == ["1A", "1B", "1C"]
    assert [s.code for s in reference.steps(["tower"], "C2")][:2] == ["anytime", "1A"]
    final = steps[-1]
    assert final.code == "final" and not final.on_page and final.notes
    one_a = next(s for s in reference.steps(["builder"]) if s.code == "1A")
    assert one_a.notes and "double turn" in one_a.notes[0]
    assert next(s for s in steps if s.code == "1A").notes == ()


def test_switch_on():
    assert reference.switch_on("showShrines", ["count-king-robber"])
    assert not reference.switch_on("showShrines", [])
    assert reference.switch_on("showC1", [], "C1") and not reference.switch_on("showC1", [], "C2")
    assert reference.switch_on("showSquareTiles", [])
    assert not reference.switch_on("showSquareTiles", ["halflings"])
    assert reference.switch_on("showCircusAndNotAcrobats", ["circus"])
    assert not reference.switch_on("showCircusAndNotAcrobats", ["under-the-big-top"])
    with pytest.raises(UnknownRuleError, match="depends on the rows around it"):
        reference.switch_on("showStep1A_Empty", [])
    with pytest.raises(UnknownRuleError, match="unknown page switch"):
        reference.switch_on("showNothing", [])


def test_every_row_id_is_unique_and_parents_precede_children():
    specs = catalogue().rows
    seen = set()
    for spec in specs:
        assert spec.id not in seen
        if spec.parent:
            assert spec.parent in seen, spec.id
        seen.add(spec.id)


def test_rule_ids_are_in_the_taxonomy():
    if importlib.util.find_spec("carc_teach.annotations.topics") is None:
        pytest.skip("carc_teach.annotations.topics is not available")
    from carc_teach.annotations import topics

    used = {r for row in reference.rows("*", "C1", include_drafts=True) for r in row.rule_ids}
    used |= {r for row in reference.rows("*", "C2", include_drafts=True) for r in row.rule_ids}
    assert used, "no rule ids at all"
    unknown = sorted(r for r in used | set(reference.ENGINE_EXECUTES) if not topics.is_known(r))
    assert not unknown, f"rule ids missing from the taxonomy: {unknown}"


def test_every_linked_annotation_exists():
    if importlib.util.find_spec("carc_teach.annotations") is None:
        pytest.skip("carc_teach.annotations is not available yet")
    from carc_teach import annotations

    linked = set()
    for edition in ("C1", "C2"):
        rows = reference.rows("*", edition, include_drafts=True)
        rows += list(reference.intro("*", edition).rows)
        linked |= {a for row in rows for a in row.annotation_ids}
    assert len(linked) > 40
    missing = []
    for annotation_id in sorted(linked):
        try:
            annotations.get(annotation_id)
        except UnknownRuleError:
            missing.append(annotation_id)
    assert not missing, f"rows link to annotation ids that do not exist: {missing}"


def test_examples_come_from_replayed_games():
    if importlib.util.find_spec("carc_teach.examples") is None:
        pytest.skip("carc_teach.examples is not available")
    from carc_teach import examples

    road = reference.examples_for("base.road.score")
    assert road and set(road) <= set(examples.names())
    assert "shrines" in reference.examples_for("shrine.challenge.resolve")
    assert "king-robber" in reference.examples_for("king.award")


def test_as_dict_is_json():
    for row in reference.rows("*", "C1", include_drafts=True):
        json.dumps(row.as_dict())
    json.dumps([s.as_dict() for s in reference.steps()])


def test_docs_examples_run():
    import doctest
    from pathlib import Path

    doc = Path(__file__).resolve().parents[2] / "docs" / "reference.md"
    result = doctest.testfile(
        str(doc),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0 and result.failed == 0

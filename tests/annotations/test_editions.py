"""Rule options, presets, rule sets and the C1/C2 vocabulary."""

from __future__ import annotations

import pytest

import carc_teach.annotations as annotations
from carc_teach import editions
from carc_teach.annotations import topics
from carc_teach.errors import CarcTeachError, UnknownRuleError


@pytest.mark.parametrize("opt", editions.OPTIONS, ids=lambda o: o.id)
def test_option_is_well_formed(opt):
    assert opt.id.split(".")[0] in {t.id for t in topics.all_topics() if t.parent is None}
    assert opt.expansion in topics.EXPANSION_TITLES
    assert opt.values and opt.is_valid(opt.default)
    assert len(set(map(repr, opt.values))) == len(opt.values)
    assert opt.annotations, "every option cites at least one record"
    for annotation_id in opt.annotations:
        assert annotations.get(annotation_id).id == annotation_id
    assert len(opt.explanation.split()) >= 15
    if opt.value_notes:
        assert [v for v, _ in opt.value_notes] == list(opt.values)
    for other in opt.also_needs:
        assert other in topics.EXPANSION_TITLES


def test_required_options_exist_with_their_defaults():
    assert editions.option("base.followers").default == 7
    for option_id in (
        "count.deploy-trigger",
        "count.blocks-moves-to",
        "count.redeploy-rounds",
        "count.count-movement",
        "river2.with-count",
        "shrine.challenge-wording",
        "wagon.empty-feature-rule",
        "king.scoring",
        "shrine.challenge-reward",
        "shrine.placement-limit",
    ):
        editions.option(option_id)


def test_every_house_rule_or_difference_that_changes_play_has_an_option():
    cited = {a for o in editions.OPTIONS for a in o.annotations}
    for record in annotations.all_annotations():
        if record.changes_outcome and record.kind in (
            "edition-difference",
            "house-rule",
            "official-variant",
        ):
            assert record.id in cited, record.id


def test_king_robber_house_rules_all_have_a_place():
    cited = {a for o in editions.OPTIONS for a in o.annotations}
    house = [r for r in annotations.search(kind="house-rule", expansion="king-robber")]
    assert len(house) == 5
    for record in house:
        assert record.id in cited or not record.changes_outcome


def test_options_for():
    count = editions.options_for("count")
    assert {"count.deploy-trigger", "river2.with-count"} <= {o.id for o in count}
    assert all(o.expansion == "count" or "count" in o.also_needs for o in count)
    assert {o.id for o in editions.options_for("count-king-robber")} >= {
        "king.scoring",
        "shrine.challenge-reward",
    }
    with pytest.raises(UnknownRuleError):
        editions.options_for("atlantis")


# ------------------------------------------------------------------------ presets


def test_required_presets_exist():
    assert {"hig-original", "rgg", "hig-big-box-2"} <= set(editions.PRESETS)


@pytest.mark.parametrize("preset", editions.PRESETS.values(), ids=lambda p: p.id)
def test_preset_resolves_and_every_value_is_cited_or_declared_assumed(preset):
    rules = editions.resolve(preset.id)
    assert set(rules) == {o.id for o in editions.OPTIONS}
    assert preset.publisher in annotations.PUBLISHERS
    assert preset.edition in annotations.EDITIONS
    basis = dict(preset.basis)
    for key, value in preset.values:
        assert rules[key] == value
        assert (key in basis) != (key in preset.assumed), key
        if key in basis:
            records = [annotations.get(a) for a in basis[key]]
            assert any(preset.publisher in r.publishers for r in records), (preset.id, key)
            assert any(key in {o for o in _options_citing(r.id)} for r in records), key
    if preset.assumed:
        assert "assum" in preset.notes


def _options_citing(annotation_id):
    return [o.id for o in editions.OPTIONS if annotation_id in o.annotations]


def test_presets_differ_where_the_footnotes_say():
    assert editions.resolve("hig-original")["count.deploy-trigger"] == "completion"
    assert editions.resolve("hig-big-box-2")["count.deploy-trigger"] == "any-scoring"
    assert editions.resolve("rgg")["count.deploy-trigger"] == "any-scoring"
    assert editions.resolve("rgg-big-box-2")["count.blocks-moves-to"] is True
    assert editions.resolve("rgg")["count.blocks-moves-to"] is False
    assert editions.diff_presets("hig-original", "hig-big-box-2")["count.deploy-trigger"] == (
        "completion",
        "any-scoring",
    )
    assert editions.diff_presets("rgg", "rgg") == {}
    assert "count.blocks-moves-to" in editions.diff_presets(None, "rgg-big-box-2")


# ------------------------------------------------------------------------ rule sets


def test_resolve_defaults_and_overrides():
    rules = editions.resolve()
    assert rules["base.followers"] == 7
    assert rules.preset is None and rules.changed() == {}
    mine = editions.resolve("rgg", {"base.followers": 5, "king.scoring": "flat-10"})
    assert mine["base.followers"] == 5 and mine["king.scoring"] == "flat-10"
    assert mine.to_setup() == {
        "preset": "rgg",
        "options": {"base.followers": 5, "king.scoring": "flat-10"},
    }
    assert editions.from_setup(mine.to_setup()) == mine
    assert editions.from_setup(None) == editions.from_setup({}) == editions.resolve()


def test_rule_set_is_an_immutable_mapping():
    rules = editions.resolve()
    with pytest.raises(TypeError):
        rules["base.followers"] = 3  # type: ignore[index]
    assert rules.get("nope") is None and "nope" not in rules
    assert hash(rules) == hash(editions.resolve())
    assert dict(rules) == rules.to_dict()


@pytest.mark.parametrize(
    ("call", "named", "listed"),
    [
        (lambda: editions.resolve("hig-first"), "hig-first", "hig-original"),
        (lambda: editions.resolve(None, {"base.follower": 3}), "base.follower", "base.followers"),
        (
            lambda: editions.resolve(None, {"count.deploy-trigger": "always"}),
            "always",
            "completion",
        ),
        (lambda: editions.resolve(None, {"base.followers": 0}), "0", "1..12"),
        (lambda: editions.resolve(None, {"base.followers": True}), "True", "1..12"),
        (lambda: editions.resolve(None, {"count.blocks-moves-to": 1}), "1", "false, true"),
        (lambda: editions.resolve()["count.nothing"], "count.nothing", "base.followers"),
        (lambda: editions.from_setup({"presets": "rgg"}), "presets", "preset"),
        (lambda: editions.from_setup({"preset": "zmg"}), "zmg", "rgg"),
        (lambda: editions.diff_presets("rgg", "nope"), "nope", "rgg"),
        (lambda: editions.resolve(None, ["base.followers"]), "mapping", "option id"),
    ],
)
def test_bad_names_and_values_give_the_typed_error(call, named, listed):
    with pytest.raises(UnknownRuleError) as info:
        call()
    message = str(info.value)
    assert named in message and listed in message
    assert "\n" not in message
    assert isinstance(info.value, CarcTeachError)


# ------------------------------------------------------------------------ vocabulary


@pytest.mark.parametrize(
    ("word", "edition", "expected"),
    [
        ("follower", "C2", "meeple"),
        ("meeples", "C1", "followers"),
        ("Cloister", "C2", "Monastery"),
        ("farm", "C2", "field"),
        ("pennants", "C2", "coats of arms"),
        ("coat of arms", "C1", "pennant"),
        ("quarter", "C2", "district"),
        ("district", "C2", "district"),
        ("road", "C1", "road"),
    ],
)
def test_term(word, edition, expected):
    assert editions.term(word, edition) == expected


def test_term_rejects_unknown_edition():
    with pytest.raises(UnknownRuleError, match="C3"):
        editions.term("follower", "C3")


def test_vocabulary_covers_the_issue_pairs():
    pairs = {(t.c1, t.c2) for t in editions.VOCABULARY}
    assert {
        ("follower", "meeple"),
        ("cloister", "monastery"),
        ("farm", "field"),
        ("pennant", "coat of arms"),
        ("quarter", "district"),
    } <= pairs

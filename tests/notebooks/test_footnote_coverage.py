"""Two kinds of coverage of the footnotes that decide an outcome, kept apart on purpose.

**Outcome coverage** (``OUTCOME_SCENARIOS``): every footnote whose record says
``changes_outcome`` and whose ruling the engine plays, at least in part, names the scenario
test(s) that play a position built by hand and assert the outcome the ruling gives, worked out
by hand from the rule text (points, who holds the King, where a figure may or must go, which
tile leaves the game). A wrong rule makes those scenarios fail: placing a barn that paid 2 per
city instead of 3 fails ``test_car_184_188_...``, a city of equal size taking the King fails
``test_ckr_35_...``. A footnote with an outcome and no scenario fails
``test_every_outcome_footnote_has_a_scenario_or_a_reason``; the only way out is a reason in
``NOT_PLAYED`` (the ruling needs an expansion or a tile carc_teach does not have).

**Display coverage** (the last tests): every in-scope outcome footnote is *shown* at an event
of a bundled game that a walkthrough offers. That says nothing about whether the engine's
outcome there is right; it only checks that a learner can meet the footnote while stepping.

A footnote is "in scope" when every expansion its record names is one the engine has a module
for. Outcome footnotes out of scope may still have a scenario for the part the engine plays
(ckr-23: an abbey or a shrine takes a follower from the cathedral; German monasteries are not
played).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import itertools
import re
import sys
from functools import cache
from pathlib import Path

import pytest

from carc_teach import annotations, examples, rules, teach

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

E = "tests/engine/"
#: footnote id -> scenario tests ("path::function") that assert the outcome its ruling gives
OUTCOME_SCENARIOS: dict[str, tuple[str, ...]] = {
    # -- The Count of Carcassonne (seeds 000/001, footnotes 1-34; official variants)
    "ckr-1": (
        f"{E}test_count.py::test_ckr_1_the_city_of_carcassonne_is_a_completed_city_for_farms",
    ),
    "ckr-2": (
        f"{E}test_count.py::test_ckr_2_a_follower_on_the_citys_outer_features_scores_as_usual",
    ),
    "ckr-5": (
        f"{E}test_footnote_outcomes.py::test_ckr_5_the_river_tile_that_cannot_continue_leaves_the_game_when_drawn",
    ),
    "ckr-6": (
        f"{E}test_river2.py::test_ckr_6_the_original_rules_lay_the_spring_against_the_city_flowing_away",
    ),
    "ckr-7": (
        f"{E}test_count.py::test_ckr_7_others_score_and_the_placer_does_not_so_the_placer_deploys_to_the_city",
    ),
    "ckr-8": (
        f"{E}test_shrines_count.py::test_ckr_59_a_challenge_loser_whose_tile_made_the_winner_score_deploys_to_the_city",
    ),
    "ckr-9": (f"{E}test_count.py::test_ckr_9_and_17_which_special_figures_may_wait_where",),
    "ckr-10": (
        f"{E}test_count.py::test_ckr_10_placing_a_barn_that_scores_only_others_earns_a_deployment",
    ),
    "ckr-11": (
        f"{E}test_count.py::test_ckr_11_losing_a_challenge_to_the_tile_you_place_earns_a_deployment",
    ),
    "ckr-13": (
        f"{E}test_count.py::test_ckr_13_a_placer_who_redeploys_and_scores_may_not_deploy_to_the_city",
    ),
    "ckr-17": (
        f"{E}test_count.py::test_ckr_17_special_figure_strength_of_a_mayor_or_wagon_from_the_city",
    ),
    "ckr-18": (
        f"{E}test_count.py::test_ckr_18_a_follower_leaves_the_blacksmith_for_an_empty_road_and_scores_it",
    ),
    "ckr-22": (
        f"{E}test_count.py::test_ckr_22_a_second_monk_joins_an_occupied_cloister_from_the_cathedral",
    ),
    "ckr-23": (
        f"{E}test_footnote_outcomes.py::test_ckr_23_a_second_monk_joins_an_abbey_from_the_cathedral",
        f"{E}test_footnote_outcomes.py::test_ckr_23_a_follower_from_the_cathedral_joins_a_shrine",
    ),
    "ckr-25": (
        f"{E}test_count.py::test_ckr_25_a_market_follower_joins_a_farm_joined_to_a_barns_farm_at_1_per_city",
    ),
    "ckr-26": (
        f"{E}test_count.py::test_ckr_26_market_followers_join_a_farm_when_a_barn_makes_it_score",
    ),
    "ckr-27": (
        f"{E}test_count.py::test_ckr_27_after_the_game_followers_leave_the_city_one_at_a_time",
    ),
    "ckr-28": (
        f"{E}test_count.py::test_ckr_28_the_redeployment_goes_once_round_from_the_left_of_the_active_player",
    ),
    "ckr-34": (f"{E}test_count.py::test_ckr_34_the_count_blocks_followers_leaving_his_quarter",),
    "variant-count-clockwise": (
        f"{E}test_count.py::test_official_variants_move_the_count_without_asking",
    ),
    "variant-count-follows-deploy": (
        f"{E}test_count.py::test_official_variants_move_the_count_without_asking",
    ),
    "house-count-river-first": (
        "tests/notebooks/test_count_lessons.py::test_river_first_lays_the_city_beside_the_river_and_asks_where",
    ),
    # -- King & Robber Baron (footnotes 35-41; the house rules of seed 002)
    "ckr-35": (
        f"{E}test_king_robber.py::test_ckr_35_the_king_goes_by_tiles_not_points_and_an_equal_city_does_not_take_it",
    ),
    "ckr-41": (
        f"{E}test_king_robber.py::test_ckr_41_a_three_ended_road_counts_every_tile_it_covers",
    ),
    "house-king-flat-10": (f"{E}test_king_robber.py::test_house_rules_of_seed_002_king_scoring",),
    "house-king-flat-15": (f"{E}test_king_robber.py::test_house_rules_of_seed_002_king_scoring",),
    "house-king-running-bonus": (
        f"{E}test_king_robber.py::test_house_rules_of_seed_002_king_scoring",
    ),
    # -- Heretics & Shrines (footnotes 42-62; the house rule)
    "ckr-44": (f"{E}test_shrines.py::test_ckr_44_no_shrine_that_gives_a_cloister_a_second_shrine",),
    "ckr-45": (f"{E}test_shrines.py::test_ckr_45_an_abbey_may_not_go_between_two_shrines",),
    "ckr-46": (
        f"{E}test_shrines.py::test_ckr_46_house_rule_extra_buildings_allowed_but_they_stay_empty",
    ),
    "ckr-47": (
        f"{E}test_shrines.py::test_ckr_47_a_monk_in_an_abbey_challenges_a_heretic_and_wins",
    ),
    "ckr-55": (
        f"{E}test_shrines.py::test_ckr_55_one_tile_completes_both_buildings_and_both_score",
    ),
    "ckr-56": (
        f"{E}test_shrines.py::test_ckr_56_a_building_completed_by_the_placed_tile_cannot_be_challenged",
    ),
    "ckr-61": ("tests/notebooks/test_shrines_lessons.py::test_abbey_and_wagon_scenario",),
    "ckr-62": (
        f"{E}test_footnote_outcomes.py::test_ckr_62_the_emptied_cloister_takes_a_monk_from_the_cathedral_when_completed",
    ),
    "house-shrine-double-stakes": (
        f"{E}test_shrines.py::test_house_rule_the_winner_also_scores_the_losers_building",
    ),
    # -- Abbey & Mayor (seed 004, footnotes 154-195; the house rules)
    "car-154": (f"{E}test_abbey_mayor.py::test_car_154_no_second_mayor_in_a_mayors_city",),
    "car-156": (f"{E}test_abbey_mayor.py::test_car_156_no_mayor_in_a_city_that_holds_a_wagon",),
    "car-164": (
        f"{E}test_abbey_mayor.py::test_car_164_a_mayor_without_pennants_occupies_the_city_but_scores_nothing",
    ),
    "car-166": (
        f"{E}test_abbey_mayor_wagon.py::test_car_166_167_any_follower_keeps_a_wagon_out_under_every_wording",
    ),
    "car-170": (f"{E}test_abbey_mayor_wagon.py::test_car_170_not_onto_a_completed_road",),
    "car-171": (
        f"{E}test_footnote_outcomes.py::test_car_171_a_wagon_in_a_city_cap_cannot_reach_the_roads_of_its_crossing",
    ),
    "car-172": (
        f"{E}test_footnote_outcomes.py::test_car_172_a_wagon_cannot_drive_through_a_cloister_to_the_road_beyond",
        f"{E}test_footnote_outcomes.py::test_car_172_a_wagon_cannot_cross_a_field_to_a_road_beside_its_own",
    ),
    "car-173": (
        f"{E}test_abbey_mayor_wagon.py::test_car_173_a_wagon_may_go_on_an_abbey_unless_the_house_rule_forbids_it",
    ),
    "car-175": (
        f"{E}test_abbey_mayor_wagon.py::test_car_175_the_wagon_may_stand_on_any_tile_of_its_new_feature",
    ),
    "car-177": (
        f"{E}test_abbey_mayor_wagon.py::test_car_177_deploy_score_and_move_the_wagon_in_one_turn",
    ),
    "car-178": (f"{E}test_count.py::test_ckr_9_and_17_which_special_figures_may_wait_where",),
    "car-180": (
        f"{E}test_footnote_outcomes.py::test_car_180_a_barn_on_the_corner_of_the_volcano_lake",
    ),
    "car-184": (
        f"{E}test_abbey_mayor_barn.py::test_car_184_188_placing_a_barn_scores_the_farmers_at_3_per_city_and_the_barn_stays",
    ),
    "car-192": (
        f"{E}test_abbey_mayor_barn.py::test_car_190_192_a_farm_joined_to_a_barns_farm_scores_1_per_city_and_2_with_a_pig",
    ),
    "car-195": (
        f"{E}test_abbey_mayor_river2.py::test_car_195_the_herd_adds_a_point_per_city_to_farmers_scored_by_a_barn",
    ),
    "house-wagon-road-tiles-only": (
        "tests/notebooks/test_shrines_lessons.py::test_house_rules_scenario",
    ),
    "house-wagon-roll-on": (
        f"{E}test_footnote_outcomes.py::test_house_rule_the_wagon_rolls_on_past_a_finished_road",
    ),
}

#: outcome footnotes no scenario can play, and why (an expansion or a tile carc_teach lacks)
NOT_PLAYED: dict[str, str] = {
    "ckr-3": "the dragon (The Princess & the Dragon)",
    "ckr-4": "the plague",
    "ckr-12": "the magic portal",
    "ckr-21": "castles (Bridges, Castles & Bazaars)",
    "ckr-24": "German monasteries",
    "ckr-37": "castles (Bridges, Castles & Bazaars)",
    "ckr-39": "the City of Leipzig (Markets of Leipzig)",
    "ckr-40": "the Festival's tile is not shipped; Inns & Cathedrals' IC-5 has its road stubs out "
    "of the data (not segments), so no game can count them",
    "ckr-42": "the Cathars' siege",
    "ckr-49": "the abbot (German monasteries)",
    "ckr-52": "the magic portal",
    "ckr-53": "the fairy",
    "ckr-58": "the fairy",
    "ckr-60": "the dragon",
    "car-157": "the flying machines",
    "car-158": "the magic portal",
    "car-159": "the dragon, the tower, the princess and the portal",
    "car-160": "the tower",
    "car-161": "castles (Bridges, Castles & Bazaars)",
    "car-165": "castles (Bridges, Castles & Bazaars)",
    "car-174": "no shipped tile has a cloister inside a city",
    "car-181": "the fairy",
    "car-183": "the Festival",
    "car-186": "the Cathars' siege",
    "house-mayor-tower-immune": "the tower",
    "house-wagon-hazard-immune": "the dragon and the tower",
}


def outcome_footnotes() -> set[str]:
    return {a.id for a in annotations.all_annotations() if a.changes_outcome}


def in_scope_outcome_footnotes() -> set[str]:
    played = teach.expansions_in_play(rules.RULE_MODULES)
    return {
        a.id
        for a in annotations.all_annotations()
        if a.changes_outcome and set(a.expansions) <= played
    }


@cache
def _tree(path: str) -> tuple[str, ast.Module]:
    source = (ROOT / path).read_text()
    return source, ast.parse(source)


def _function(scenario: str) -> tuple[str, ast.FunctionDef, ast.Module]:
    path, _, name = scenario.partition("::")
    source, tree = _tree(path)
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
    assert found, f"{scenario}: no such test function"
    return source, found[0], tree


def _cites(footnote: str, source: str, node: ast.FunctionDef) -> bool:
    """The test names the footnote (or one of its aliases) in its name, docstring, body or
    parametrize values."""
    record = annotations.get(footnote)
    ids = (record.id, *record.aliases)
    text = "\n".join(
        ast.get_source_segment(source, part) or "" for part in (*node.decorator_list, node)
    )
    for i in ids:
        if re.search(rf"{re.escape(i)}(?!\d)", text):
            return True
        if re.search(rf"(?:^|_){re.escape(i.replace('-', '_'))}(?:_|$)", node.name):
            return True
    return False


def test_every_outcome_footnote_has_a_scenario_or_a_reason():
    outcome = outcome_footnotes()
    missing = sorted(outcome - set(OUTCOME_SCENARIOS) - set(NOT_PLAYED))
    assert not missing, f"outcome footnotes with no scenario test and no reason: {missing}"
    both = sorted(set(OUTCOME_SCENARIOS) & set(NOT_PLAYED))
    assert not both, f"a scenario and a reason not to play: {both}"
    stray = sorted((set(OUTCOME_SCENARIOS) | set(NOT_PLAYED)) - outcome)
    assert not stray, f"not outcome footnotes (changes_outcome is false or no such id): {stray}"


def test_a_footnote_the_engine_plays_in_full_is_never_excused():
    """Only car-174 (no tile has a cloister inside a city) is in scope and yet unplayable."""
    excused = sorted(in_scope_outcome_footnotes() & set(NOT_PLAYED))
    assert excused == ["car-174"]


@pytest.mark.parametrize("footnote", sorted(OUTCOME_SCENARIOS))
def test_the_named_scenarios_exist_cite_the_footnote_and_assert(footnote):
    for scenario in OUTCOME_SCENARIOS[footnote]:
        path, _, _ = scenario.partition("::")
        assert path.startswith("tests/") and (ROOT / path).is_file(), scenario
        source, node, tree = _function(scenario)
        assert _cites(footnote, source, node), f"{scenario} does not cite {footnote}"
        # it asserts something, directly or through pytest.raises
        body = ast.get_source_segment(source, node) or ""
        assert "assert" in body or "pytest.raises" in body or "error_of(" in body, scenario
        # and runs by default: not skipped, not behind a marker the default run leaves out
        marks = " ".join(ast.get_source_segment(source, d) or "" for d in node.decorator_list)
        assert not re.search(r"\b(skip|skipif|xfail|slow|browser|pyodide)\b", marks), scenario
        module_marks = [
            ast.get_source_segment(source, n) or ""
            for n in tree.body
            if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in n.targets)
        ]
        assert not any(re.search(r"\b(skip|xfail|slow|browser|pyodide)\b", m) for m in module_marks)


def _parameter_sets(func) -> list[dict]:
    """Every combination of the test's ``parametrize`` marks, as keyword arguments."""
    axes = []
    for mark in getattr(func, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        names, values = mark.args[0], mark.args[1]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        axis = []
        for value in values:
            if hasattr(value, "values") and hasattr(value, "marks"):  # pytest.param(...)
                value = value.values if len(names) > 1 else value.values[0]
            axis.append(dict(zip(names, value if len(names) > 1 else (value,), strict=True)))
        axes.append(axis)
    return [dict(kw for part in combo for kw in part.items()) for combo in itertools.product(*axes)]


@cache
def _run_scenario(scenario: str) -> int:
    """Run a scenario test function in every parameter set; return how many ran."""
    path, _, name = scenario.partition("::")
    folder = str((ROOT / path).parent)
    if folder not in sys.path:  # where pytest would put it to import the module
        sys.path.insert(0, folder)
    func = getattr(importlib.import_module(Path(path).stem), name)
    runs = _parameter_sets(func)
    wanted = set(inspect.signature(func).parameters)
    assert all(set(kw) == wanted for kw in runs), f"{scenario} needs fixtures: {sorted(wanted)}"
    for kw in runs:
        func(**kw)
    return len(runs)


@pytest.mark.parametrize("footnote", sorted(OUTCOME_SCENARIOS))
def test_the_named_scenarios_give_the_hand_computed_outcome(footnote):
    """Each scenario is run here too, so that a wrong rule fails the footnote it breaks by
    name (a barn paying 2 per city fails car-184, an equal city taking the King ckr-35)."""
    for scenario in OUTCOME_SCENARIOS[footnote]:
        assert _run_scenario(scenario) >= 1


# -- display coverage: shown at an event, which does not check the outcome ---------------------


@cache
def offered_games() -> tuple[str, ...]:
    """The bundled games a walkthrough offers: those a notebook, a lesson module or teach.py
    names as a string literal, and all of them when a notebook builds a chooser over
    ``examples.in_course_order()`` (every bundled game, the base game's first)."""
    notebooks = list(ROOT.glob("notebooks/*.py"))
    sources = [*notebooks, *ROOT.glob("carc_teach/lessons/*.py"), ROOT / "carc_teach" / "teach.py"]
    if any("examples.in_course_order()" in p.read_text() for p in notebooks):
        return tuple(examples.names())
    text = "\n".join(p.read_text() for p in sources)
    return tuple(
        name for name in examples.names() if re.search(rf"[\"']{re.escape(name)}[\"']", text)
    )


@cache
def shown() -> dict[str, list[str]]:
    """footnote id -> the offered games that show it at an event."""
    out: dict[str, list[str]] = {}
    for name in offered_games():
        for item in teach.footnotes_covered(examples.load(name)):
            out.setdefault(item["id"], []).append(name)
    return out


def test_display_the_turn_sequence_walkthrough_offers_every_bundled_game():
    """The chooser of the turn-sequence walkthrough lists ``examples.in_course_order()``:
    every bundled game, so each is reachable from a walkthrough (and the display check below
    covers all)."""
    source = (ROOT / "notebooks" / "turn_sequence.py").read_text()
    assert "examples.in_course_order()" in source
    assert offered_games() == tuple(examples.names()) and len(offered_games()) > 10


def test_display_every_in_scope_outcome_footnote_is_shown_at_an_event():
    """Display only: a learner stepping through some offered game meets each in-scope outcome
    footnote at an event. Whether the outcome there is right is the scenarios' job above."""
    missing = sorted(in_scope_outcome_footnotes() - set(shown()))
    assert not missing, f"no walkthrough shows these at an event: {missing}"

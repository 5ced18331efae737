"""Every refusal names its rule (issue 20): one hand-made position per kind of refusal, each
checked for the rule id, the footnotes and the options the engine cites, in the error of a
game file (``IllegalMoveError.refusal``) and through the API the walkthroughs call
(``GameState.why_not_place`` / ``why_not``, ``teach.placement_options``). Each refusal is
also said in Italian and Czech (``Refusal.text_in``, issue 24): a text of its own, with the
English's numbers and players' names."""

from __future__ import annotations

import re

import pytest
from engine_helpers import game_dict

from carc_teach import teach
from carc_teach.actions import Deploy
from carc_teach.errors import IllegalMoveError, Refusal
from carc_teach.gamefile import load_game

PASS_DEPLOY = {"type": "pass", "decision": "deploy"}


def mv(tile, x, y, rotation, *actions):
    return {"tile": tile, "x": x, "y": y, "rotation": rotation, "actions": list(actions)}


def dep(segment=None, figure="follower", **where):
    out = {"type": "deploy", "figure": figure, **where}
    if segment is not None:
        out["segment"] = segment
    return out


def to_city(quarter, figure="follower"):
    return {"type": "deploy", "figure": figure, "place": f"count.{quarter}"}


def game(moves, *, expansions=("base",), options=None, preset=None, final=None, **setup):
    d = game_dict(moves, expansions=list(expansions), **setup)
    d["version"] = 2
    rules = {}
    if options:
        rules["options"] = options
    if preset:
        rules["preset"] = preset
    if rules:
        d["setup"]["rules"] = rules
    if final is not None:
        d["final_actions"] = final
        d["final_scoring"] = True
    return load_game(d)


_NUMBERS_AND_NAMES = re.compile(r"\d+|Alice|Bob")


def speaks_every_language(refusal: Refusal) -> Refusal:
    """``refusal``, checked to have an Italian and a Czech text: not its English, every field
    filled, every number and player's name of the English kept, the citation translated."""
    english = str(refusal)
    for lang in ("it", "cs"):
        reason, text = refusal.reason_in(lang), refusal.text_in(lang)
        assert reason != refusal.reason and text != english, (lang, english)
        assert "{" not in text and "}" not in text, text
        for token in set(_NUMBERS_AND_NAMES.findall(refusal.reason)):
            assert reason.count(token) >= refusal.reason.count(token), (lang, token, reason)
        assert text.startswith(reason) and ("regola " if lang == "it" else "pravidlo ") in text
    assert refusal.text_in("en") == english and refusal.reason_in("en") == refusal.reason
    return refusal


def refused(moves, **kw) -> tuple[Refusal, str]:
    """The refusal a game file meets (said in every language), and the one line its error
    prints."""
    with pytest.raises(IllegalMoveError) as err:
        game(moves, **kw)
    assert err.value.refusal is not None, str(err.value)
    return speaks_every_language(err.value.refusal), str(err.value)


# -- the Refusal itself --------------------------------------------------------------------


def test_a_refusal_reads_as_its_reason_and_cites_rule_footnotes_and_options():
    r = Refusal(
        "count.block",
        "the Count stands in the castle quarter",
        ("ckr-34",),
        (("count.blocks-moves-to", True),),
        "as in rgg-big-box-2",
    )
    assert str(r) == (
        "the Count stands in the castle quarter (rule count.block; footnote ckr-34; "
        "option count.blocks-moves-to = true, as in rgg-big-box-2)"
    )
    assert r.to_dict()["options"] == {"count.blocks-moves-to": True}
    assert str(Refusal("base.place", "no")) == "no (rule base.place)"


# -- placement -----------------------------------------------------------------------------

# The base start tile D at (0, 0): a city north, a road west-east.


def test_placement_edges_occupied_square_and_touching_name_base_place():
    state = game([]).state
    edges = speaks_every_language(state.why_not_place("E", 0, -1, 0))  # field against city
    assert edges.rule == "base.place" and "edges do not match" in edges.reason
    assert "neighbour shows city (tile D" in str(edges) and str(edges).endswith("(rule base.place)")
    occupied = speaks_every_language(state.why_not_place("E", 0, 0, 0))
    assert occupied.reason.startswith("square (0, 0) already holds tile D")
    assert "does not touch" in speaks_every_language(state.why_not_place("E", 5, 5, 0)).reason
    assert state.why_not_place("E", 0, -1, 180) is None
    # the game file's error carries the same refusal
    refusal, line = refused([mv("E", 0, -1, 0)])
    assert refusal.rule == "base.place" and "move 1" in line and "(rule base.place)" in line


def test_placement_river_no_u_turn_names_river2_place():
    fork = mv("R2-fork", 1, 0, 0)
    refusal, line = refused([fork, mv("R2-curve", 1, -1, 0)], expansions=("base", "river2"))
    assert refusal.rule == "river2.place" and "twice in a row" in line
    assert "(rule river2.place)" in line


def test_placement_spring_against_the_city_names_option_and_ckr_6():
    refusal, line = refused(
        [mv("R2-spring", 0, -2, 0)],
        expansions=("base", "count", "river2"),
        options={"river2.with-count": "spring-away-from-city"},
    )
    assert refusal.rule == "river2.with-count" and refusal.notes == ("ckr-6",)
    assert "option river2.with-count = 'spring-away-from-city', as in hig-original" in line


def test_placement_shrine_limit_names_ckr_43_and_the_official_option():
    moves = [mv("B", 0, 1, 0), mv("B", 1, 1, 0), mv("SH-1", 1, 2, 0)]
    refusal, line = refused(moves, expansions=("base", "shrines"))
    assert refusal.rule == "shrine.placement" and refusal.notes == ("ckr-43",)
    assert "(rule shrine.placement; footnote ckr-43; option shrine.placement-limit = " in line


def test_placement_abbey_outside_a_hole_names_abbey_place():
    state = game([], expansions=("base", "abbey-mayor")).state
    refusal = speaks_every_language(state.why_not_place("abbey", 0, -1, 0))
    assert refusal.rule == "abbey.place" and "tiles on all four sides" in refusal.reason


def test_the_sandbox_shows_the_engines_refusal_for_every_refused_square():
    state = game([]).state
    legal, refused_squares = teach.placement_options(state, "E", 180)
    assert (0, -1) in legal and refused_squares
    for _square, reason in refused_squares:
        assert isinstance(reason, Refusal) and "(rule base.place)" in str(reason)
    marks = teach.placement_marks(state, "E", 180)
    assert any("(rule base.place)" in text for *_, text in marks)


# -- deployment ----------------------------------------------------------------------------


def test_deployment_on_an_occupied_feature_names_base_deploy():
    moves = [mv("U", 1, 0, 90, dep("road")), mv("U", 2, 0, 90, dep("road"))]
    refusal, line = refused(moves)
    assert refusal.rule == "base.deploy" and "already occupied (Alice's follower)" in line
    # the feature's name inside the reason is the engine's phrase, said in the language too
    assert "the road of 3 tiles" in refusal.reason
    assert "la strada di 3 tessere" in refusal.text_in("it")
    assert "cesta o 3 kartičkách" in refusal.text_in("cs")
    assert "typu družiník" in refusal.text_in("cs")  # the figure kind: a game word


def test_deployment_with_an_empty_supply_names_base_figures():
    moves = [mv("U", 1, 0, 90, dep("road")), mv("U", -1, 0, 90), mv("E", 0, -1, 180, dep("city"))]
    refusal, line = refused(moves, followers=1)
    assert refusal.rule == "base.figures" and "no follower left" in line


def test_deployment_of_a_mayor_into_a_city_with_a_knight_names_car_154():
    # the city of D grows north by city bands (G and F turned 90: north-south); Bob's knight
    # is on it when Alice's mayor comes
    moves = [
        mv("G", 0, -1, 90),
        mv("F", 0, -2, 90, dep("city")),
        mv("F", 0, -3, 90, dep("city", figure="mayor")),
    ]
    refusal, line = refused(moves, expansions=("base", "abbey-mayor"))
    assert refusal.rule == "mayor.deploy" and "car-154" in refusal.notes
    assert "already occupied (Bob's follower)" in line


def test_deployment_of_a_barn_off_a_field_corner_names_barn_placement():
    moves = [mv("E", 0, -1, 180, dep(figure="barn", corner="NE"))]
    refusal, line = refused(moves, expansions=("base", "abbey-mayor"))
    assert refusal.rule == "barn.placement" and "(rule barn.placement)" in line


def test_deployment_of_a_builder_without_a_follower_names_builder_deploy():
    moves = [mv("U", 1, 0, 90, dep("road", figure="builder"))]
    refusal, line = refused(moves, expansions=("base", "builder"))
    assert refusal.rule == "builder.deploy" and "already has a follower" in line


# -- the City of Carcassonne ---------------------------------------------------------------

# Bob claims the city cap of CC-12 (east of the City); Alice closes it: Bob 6, Alice nothing.
BOB_CITY = [mv("U", 0, 2, 0), mv("G", 2, 1, 0, dep("city"))]
CLOSE = ("E", 3, 1, 270)
COUNT = ("base", "count")


def test_city_refused_to_a_placer_who_scored_too_names_ckr_7():
    # Alice waits in the castle (move 3), then joins Bob's new city from there and shares it
    # (8 each, move 5): having scored, she may not send a follower into the City
    moves = [
        *BOB_CITY,
        mv(*CLOSE, PASS_DEPLOY, to_city("castle"), {"type": "move", "figure": "count",
                                                   "place": "count.market"}),
        mv("F", -2, 2, 90, dep("city")),
        mv("E", -2, 3, 0, PASS_DEPLOY, {"type": "move", "figure": "Alice:follower1",
                                        "segment": "city", "x": -2, "y": 3}, to_city("market")),
    ]  # fmt: skip
    refusal, line = refused(moves, expansions=COUNT)
    assert refusal.rule == "count.deploy" and refusal.notes == ("ckr-7",)
    assert "scored Alice points too" in line and "(rule count.deploy; footnote ckr-7)" in line


def test_city_closed_when_nobody_scored_names_ckr_7():
    refusal, line = refused([mv("U", 0, 2, 0, PASS_DEPLOY, to_city("market"))], expansions=COUNT)
    assert refusal.rule == "count.deploy" and "made nobody score" in line


def test_city_closed_under_the_original_trigger_names_the_option():
    """A barn makes only Bob's farmer score: under the original rules (hig-original) that is
    no completion, so Alice may not deploy to the City (ckr-7; the scenario of
    test_abbey_mayor_count, ckr-10)."""
    from test_abbey_mayor_count import ALICE_BARN, farm_north, opening

    barn = mv(*ALICE_BARN, dep(figure="barn", corner="SE"), to_city("castle"))
    refusal, line = refused(
        [*opening(), *farm_north(), barn],
        expansions=("base", "count", "abbey-mayor"),
        preset="hig-original",
    )
    assert refusal.rule == "count.deploy-trigger" and refusal.notes == ("ckr-7",)
    assert "option count.deploy-trigger = 'completion', as in hig-original" in line


def test_city_quarter_of_the_count_under_rgg_big_box_2_names_ckr_34():
    moves = [*BOB_CITY, mv(*CLOSE, PASS_DEPLOY, to_city("castle"))]
    game(moves, expansions=COUNT)  # every other edition lets Alice into the castle
    refusal, line = refused(moves, expansions=COUNT, preset="rgg-big-box-2")
    assert refusal.rule == "count.block" and refusal.notes == ("ckr-34",)
    assert refusal.options == (("count.blocks-moves-to", True),)
    assert "option count.blocks-moves-to = true, as in rgg-big-box-2" in line


def test_city_special_figures_name_ckr_9_and_ckr_17():
    moves = [*BOB_CITY, mv(*CLOSE, PASS_DEPLOY, to_city("market", "mayor"))]
    refusal, line = refused(moves, expansions=("base", "count", "abbey-mayor"))
    assert refusal.rule == "count.deploy.figures" and refusal.notes == ("ckr-9", "ckr-17")


def test_redeployment_out_of_the_counts_quarter_names_count_block():
    moves = [
        *BOB_CITY,
        mv(*CLOSE, PASS_DEPLOY, to_city("market"), {"type": "move", "figure": "count",
                                                   "place": "count.market"}),
    ]  # fmt: skip
    final = [{"type": "move", "figure": "Alice:follower1", "segment": "field-e", "x": 0, "y": 2}]
    refusal, line = refused(moves, expansions=COUNT, final=final)
    assert refusal.rule == "count.block" and "the Count stands in the market quarter" in line
    assert "footnote" in line and "ckr-34" in refusal.notes


def test_a_move_out_of_a_quarter_when_nothing_of_its_kind_scores_names_the_redeploy_rule():
    moves = [
        *BOB_CITY,
        mv(*CLOSE, PASS_DEPLOY, to_city("castle"), {"type": "move", "figure": "count",
                                                   "place": "count.market"}),
        mv("U", 0, 3, 0, {"type": "move", "figure": "Alice:follower1", "segment": "road",
                          "x": 0, "y": 3}),
    ]  # fmt: skip
    refusal, line = refused(moves, expansions=COUNT)
    assert refusal.rule == "count.redeploy.castle" and "ckr-18" in refusal.notes
    assert "no city scored in this turn" in line


# -- decisions -----------------------------------------------------------------------------


def test_an_answer_not_among_the_options_names_the_decisions_rule():
    moves = [
        *BOB_CITY,
        mv(*CLOSE, PASS_DEPLOY, to_city("market"), {"type": "move", "figure": "count",
                                                   "place": "count.castle"}),
    ]  # fmt: skip
    refusal, line = refused(moves, expansions=COUNT)
    assert refusal.rule == "count.move" and "(rule count.move" in line


def test_an_action_nobody_asked_for_is_a_refusal_too():
    refusal, line = refused([mv("U", 1, 0, 90, {"type": "move", "figure": "Alice:follower1",
                                                "supply": True})])  # fmt: skip
    assert refusal.rule == "base" and "nobody asked for" in line


# -- the API the walkthroughs call ---------------------------------------------------------


def test_why_not_answers_inside_a_turn_as_the_game_file_error_does():
    played = game([mv("U", 1, 0, 90, dep("road")), mv("U", 2, 0, 90)])
    placed = next(i for i, e in enumerate(played.events) if e.kind == "tile-placed" and e.turn == 2)
    state = played.replay(placed)
    assert speaks_every_language(state.why_not(Deploy("follower", (2, 0, "road")))).rule == (
        "base.deploy"
    )
    assert "already occupied" in state.why_not(Deploy("follower", (2, 0, "road"))).reason
    assert state.why_not(Deploy("follower", (2, 0, "field-e"))) is None
    wrong_tile = speaks_every_language(state.why_not(Deploy("follower", (1, 0, "field-e"))))
    assert "tile just placed" in wrong_tile.reason


def test_no_refusal_is_written_as_a_plain_string():
    """Every place that makes a refusal gives its reason as a phrase (``errors.phrase``, or a
    variable holding one), never a literal or an f-string: a plain string would show in
    English on an Italian or Czech page (docs/i18n.md, "Errors")."""
    import ast
    from pathlib import Path

    import carc_teach

    #: call -> which positional argument is the reason
    makers = {"Refusal": 1, "refusal": 1, "refused": 0, "_river": 0}
    plain = []
    for path in Path(carc_teach.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", None)
            at = makers.get(name or "")
            if at is not None and len(node.args) > at:
                if isinstance(node.args[at], ast.JoinedStr | ast.Constant | ast.BinOp):
                    plain.append(f"{path.name}:{node.lineno}")
    assert not plain, plain

"""docs/architecture.md lists the hooks in the order the code runs them; a recording module
sees them in that order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carc_teach import rules as rules_package
from carc_teach.rules import RuleModule
from carc_teach.simulate import random_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"

HOOKS = [
    name
    for name in vars(RuleModule)
    if not name.startswith("_")
    and callable(getattr(RuleModule, name))
    and name
    not in (
        "option",
        "option_changed",
        "tile_sets_for",
        "common_mistakes",
        "explain_deployment",
        "explain_action",
        "explain_instead",
        "refusal",
        "idle_hooks",
        "placed_tile_tests",
    )
]


class Recording(RuleModule):
    id = "recording"
    title = "Recording"
    calls: list[str] = []


def _recorder(name):
    original = getattr(RuleModule, name)

    def hook(self, *args, **kwargs):
        Recording.calls.append(name)
        return original(self, *args, **kwargs)

    return hook


for _name in HOOKS:
    setattr(Recording, _name, _recorder(_name))


@pytest.fixture
def recorded(monkeypatch):
    monkeypatch.setitem(rules_package.RULE_MODULES, "recording", f"{__name__}:Recording")
    Recording.calls = []
    # a game in which some tile completes an occupied feature
    for seed in range(40):
        Recording.calls = []
        game = random_game(seed, expansions=("base", "recording"))
        if any(e.kind == "points" and e.step == "3B" for e in game.events):
            return Recording.calls
    raise AssertionError("no game scored during play")


def documented_order() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("### The hooks, in the order the code runs them", 1)[1]
    block = block.split("```text", 1)[1].split("```", 1)[0]
    return [w for w in re.findall(r"[a-z_]+", block) if w in HOOKS]


def dedupe(calls: list[str]) -> list[str]:
    out: list[str] = []
    for c in calls:
        if not out or out[-1] != c:
            out.append(c)
    return out


def test_every_hook_is_documented():
    assert set(documented_order()) == set(HOOKS)


def test_a_scoring_turn_runs_the_hooks_in_the_documented_order(recorded):
    doc = documented_order()
    setup = dedupe(recorded[: recorded.index("begin_turn")])
    assert setup == doc[: doc.index("begin_turn")]
    # a turn in which a feature scored, from begin_turn to end_turn
    turns = []
    current: list[str] = []
    for c in recorded:
        if c == "begin_turn" and current:
            turns.append(current)
            current = []
        current.append(c)
    scoring_turn = next(t for t in turns if "before_scoring" in t and "final_features" not in t)
    # `deploy` runs on the module that offered the chosen deployment only
    turn_doc = [
        h for h in doc[doc.index("begin_turn") : doc.index("before_final_scoring")] if h != "deploy"
    ]
    first_seen = list(dict.fromkeys(scoring_turn))
    assert first_seen == turn_doc
    # each feature's scoring runs the whole pipeline, in order
    pipeline = doc[doc.index("before_scoring") : doc.index("figure_fate") + 1]
    starts = [i for i, c in enumerate(scoring_turn) if c == "before_scoring"]
    for i in starts:
        block = scoring_turn[i : i + len(pipeline) + 8]
        seen = [c for c in dedupe(block) if c in pipeline]
        assert seen[: len(pipeline)] == pipeline
    tail = dedupe(recorded[recorded.index("before_final_scoring") :])
    expected = doc[doc.index("before_final_scoring") :]
    # scoring after the game: between final_features and final_scoring, each listed feature
    # is asked its rule, then runs the pipeline
    assert expected[:3] == ["before_final_scoring", "final_features", "scoring_rule"]
    assert tail[:3] == expected[:3] and tail[-1] == expected[-1], tail
    middle = tail[2:-1]
    assert set(middle) <= {"scoring_rule"} | set(
        doc[doc.index("before_scoring") : doc.index("after_completed")]
    )
    asked = [i for i, c in enumerate(middle) if c == "scoring_rule"]
    assert asked and all(middle[i + 1] == "before_scoring" for i in asked), middle


def test_a_module_offers_only_the_figures_it_says_it_offers(monkeypatch):
    """Step 2B skips a module whose ``offers_figures`` the player holds none of: every
    deployment it offers over 12 seeded ten-module games is of a kind it names, and every kind
    it names is offered at least once (a module naming too few would lose options silently)."""
    from carc_teach import turn as turn_module
    from carc_teach.rules import RULE_MODULES, module_class

    offered: dict[type, set[str]] = {}
    patched = set()
    for eid in RULE_MODULES:
        cls = module_class(eid)
        if cls.offers_figures is None or "deployment_options" not in vars(cls):
            continue
        patched.add(cls)
        own = cls.deployment_options

        def recording(self, state, turn, own=own, cls=cls):
            options = own(self, state, turn)
            offered.setdefault(cls, set()).update(o.figure for o in options)
            return options

        monkeypatch.setattr(cls, "deployment_options", recording)
    # (a game kind made earlier in this process keeps the methods it was made with)
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    for seed in range(12):
        random_game(seed, 2, expansions=tuple(RULE_MODULES))
    assert patched, "no module names the figures it offers"
    # every module naming its figures is asked in these games (one never asked is unchecked)
    assert set(offered) == patched, patched - set(offered)
    for cls, kinds in offered.items():
        assert kinds == set(cls.offers_figures), (cls.id, kinds)


class Retiring(RuleModule):
    """Asked at every turn's start until it has been asked three times in a game, then retires
    its hook for the rest of that game."""

    id = "retiring"
    title = "Retiring"
    asked: list[int] = []

    def begin_turn(self, state, turn):
        Retiring.asked.append(turn.number)
        if sum(1 for e in state.events if e.kind == "turn-begin") >= 3:
            state.retire_hook("begin_turn", self.begin_turn)


def test_a_retired_hook_is_called_no_more_in_its_game_only(monkeypatch):
    """``GameState.retire_hook`` leaves the hook out of the rest of one game: the next game of
    the same kind (which shares the kind's hooks) calls it again from its first turn."""
    from carc_teach import turn as turn_module

    monkeypatch.setitem(rules_package.RULE_MODULES, "retiring", f"{__name__}:Retiring")
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    for seed in (3, 4):
        Retiring.asked = []
        game = random_game(seed, expansions=("base", "retiring"))
        assert Retiring.asked == [1, 2, 3], Retiring.asked
        assert len([e for e in game.events if e.kind == "turn-begin"]) > 30


def test_the_offers_asked_per_set_of_kinds_held_follow_a_retired_offer():
    """Step 2B keeps, per set of figure kinds a player holds, which offers to ask
    (``Hooks.offers_for``, shared by a kind's games): a game that retires an offer gets hooks
    of its own that never hand the retired one back, and the kind's keep asking it."""
    from carc_teach.rules import RULE_MODULES, Hooks, module_for

    modules = [module_for(e, {}) for e in RULE_MODULES]
    hooks = Hooks(modules)
    pig = next(o for o, kinds in hooks.offers if kinds == frozenset({"pig"}))
    follower = next(o for o, kinds in hooks.offers if kinds == frozenset({"follower"}))
    held = frozenset({"follower", "pig"})
    asked = hooks.offers_to_ask(held)
    assert pig in asked and follower in asked and hooks.offers_for[held] == asked
    # a player holding no pig is not asked for one
    assert pig not in hooks.offers_to_ask(frozenset({"follower"}))
    own = hooks.without("deployment_options", pig)
    assert held not in own.offers_for
    assert pig not in own.offers_to_ask(held) and follower in own.offers_to_ask(held)
    assert hooks.offers_for[held] == asked


class CloistersOnly(RuleModule):
    """Records the features its scoring hooks are asked about; says its ``after_scoring``
    matters for cloisters only, and retires it after the first cloister when told to."""

    id = "cloisters-only"
    title = "Cloisters only"
    scores_feature_kinds = {"after_scoring": frozenset({"cloister"})}
    scores_figure_kinds = {"figure_fate": frozenset({"pig"})}
    before: list[str] = []
    after: list[str] = []
    strengths: list[str] = []
    fates: list[str] = []
    retire = False

    def figure_strength(self, state, figure, feature):
        CloistersOnly.strengths.append(figure.kind)

    def figure_fate(self, state, figure, scoring):
        CloistersOnly.fates.append(figure.kind)

    def before_scoring(self, state, scoring):
        CloistersOnly.before.append(scoring.feature.kind)

    def after_scoring(self, state, scoring):
        CloistersOnly.after.append(scoring.feature.kind)
        if CloistersOnly.retire:
            state.retire_hook("after_scoring", self.after_scoring)


def test_a_scoring_hook_limited_to_some_feature_kinds_is_asked_about_those_only(monkeypatch):
    """``RuleModule.scores_feature_kinds``: the pipeline calls a limited hook for every
    feature of the kinds it names and for no other, the module's unlimited hooks for every
    feature; a retired limited hook is called no more in its game, and (the tables of hooks
    per feature kind being kept across games) the next game of the kind asks it again.
    Likewise a ``figure_fate`` limited to pigs (``scores_figure_kinds``) is asked about no
    follower."""
    from carc_teach import turn as turn_module

    monkeypatch.setitem(rules_package.RULE_MODULES, "cloisters-only", f"{__name__}:CloistersOnly")
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    CloistersOnly.before, CloistersOnly.after, CloistersOnly.retire = [], [], False
    random_game(15, expansions=("base", "cloisters-only"))
    before, after = CloistersOnly.before, CloistersOnly.after
    assert {"road", "city", "cloister", "field"} <= set(before), before
    assert after == ["cloister"] * before.count("cloister") and after, after
    assert CloistersOnly.strengths and set(CloistersOnly.strengths) == {"follower"}
    assert CloistersOnly.fates == []
    CloistersOnly.before, CloistersOnly.after, CloistersOnly.retire = [], [], True
    random_game(15, expansions=("base", "cloisters-only"))
    assert CloistersOnly.after == ["cloister"] and CloistersOnly.before.count("cloister") > 1
    CloistersOnly.before, CloistersOnly.after, CloistersOnly.retire = [], [], False
    random_game(15, expansions=("base", "cloisters-only"))
    assert (CloistersOnly.before, CloistersOnly.after) == (before, after)


def _has_cloister(tile_type) -> bool:
    return any(s.kind == "cloister" for s in tile_type.segments)


class CloisterTiles(RuleModule):
    """Records the tiles its tile hooks are asked about; says all three matter only for tiles
    with a cloister; retires its ``after_placement`` after its first call when told to."""

    id = "cloister-tiles"
    title = "Cloister tiles"
    placed: list[str] = []
    filtered: list[str] = []
    deployed: list[str] = []

    def placed_tile_tests(self):
        return {
            "after_placement": _has_cloister,
            "filter_deployments": _has_cloister,
            "after_deployment": _has_cloister,
        }

    def after_deployment(self, state, turn):
        CloisterTiles.deployed.append(turn.tile.id)

    retire = False

    def after_placement(self, state, turn):
        CloisterTiles.placed.append(turn.tile.id)
        if CloisterTiles.retire:
            state.retire_hook("after_placement", self.after_placement)

    def filter_deployments(self, state, turn, options):
        CloisterTiles.filtered.append(turn.tile.id)
        return options


def test_a_tile_hook_limited_to_some_tile_types_is_asked_about_those_only(monkeypatch):
    """``RuleModule.placed_tile_tests``: ``after_placement``, ``filter_deployments`` and
    ``after_deployment`` are called in every turn whose tile passes the module's test and in
    no other. A game retiring one has tables of its own: the others are still asked, and the
    next game of the kind (whose tables are kept across games) asks all three again."""
    from carc_teach import turn as turn_module

    monkeypatch.setitem(rules_package.RULE_MODULES, "cloister-tiles", f"{__name__}:CloisterTiles")
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    CloisterTiles.placed, CloisterTiles.filtered, CloisterTiles.deployed = [], [], []
    CloisterTiles.retire = False
    game = random_game(15, expansions=("base", "cloister-tiles"))
    types = game.state.tile_types
    cloisters = [
        e.tile for e in game.events if e.kind == "tile-placed" and _has_cloister(types[e.tile])
    ]
    assert len(cloisters) > 1 and CloisterTiles.placed == cloisters == CloisterTiles.filtered
    assert CloisterTiles.deployed == cloisters
    # a game retiring the hook after its first cloister: its own table, the kind's kept
    for retire in (True, True, False):
        CloisterTiles.placed, CloisterTiles.filtered, CloisterTiles.deployed = [], [], []
        CloisterTiles.retire = retire
        random_game(15, expansions=("base", "cloister-tiles"))
        assert CloisterTiles.placed == (cloisters[:1] if retire else cloisters)
        assert CloisterTiles.filtered == cloisters == CloisterTiles.deployed
    CloisterTiles.retire = False


def test_a_failing_deployment_offer_leaves_no_held_kinds_behind(monkeypatch):
    """Step 2B with three or more offering modules sets ``state.held`` (the figure kinds the
    player holds) for the offers to read; an offer that raises must not leave it set, or a
    later call on the same state (the Play page after an error) would offer from the wrong
    supply: the builder and the pig then skip their own look at it."""
    from carc_teach import turn as turn_module
    from carc_teach.expansions.base.rules import BaseRules

    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    seen = []

    def fails(self, state, turn):
        seen.append(state)
        assert state.held  # the three-module path is the one under test
        raise RuntimeError("an offer that fails")

    monkeypatch.setattr(BaseRules, "deployment_options", fails)
    with pytest.raises(RuntimeError, match="an offer that fails"):
        random_game(3, 2, expansions=("base", "builder", "pig", "abbey-mayor"))
    assert seen and seen[0].held is None


class Pausing(RuleModule):
    """Retires its ``begin_turn`` at odd turns and, from ``after_placement``, resumes it at
    turns divisible by four: asked at the turns whose previous turn resumed or did not retire."""

    id = "pausing"
    title = "Pausing"
    asked: list[int] = []

    def begin_turn(self, state, turn):
        Pausing.asked.append(turn.number)
        if turn.number % 2:
            state.retire_hook("begin_turn", self.begin_turn)

    def after_placement(self, state, turn):
        if turn.number % 4 == 0:
            state.resume_hook("begin_turn", self.begin_turn)


def test_a_resumed_hook_is_called_again_in_its_game_and_copies_keep_their_moment(monkeypatch):
    """``GameState.resume_hook`` puts a retired hook back for the rest of one game; a copy of
    the state (``GameState.clone``, as a checkpoint keeps) has the hooks of the moment it was
    made, and play resumed from it goes on as the game did."""
    from carc_teach import turn as turn_module
    from carc_teach.controllers import MoveListController
    from carc_teach.game import Game
    from carc_teach.turn import play, resume

    monkeypatch.setitem(rules_package.RULE_MODULES, "pausing", f"{__name__}:Pausing")
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    Pausing.asked = []
    game = random_game(5, expansions=("base", "pausing"))
    turns = len([e for e in game.events if e.kind == "turn-begin"])
    # asked at turn 1 (retired), 4 resumes it: asked at 5 (retired), 8 resumes ...
    expected = [1] + [n for n in range(2, turns + 1) if (n - 1) % 4 == 0]
    assert Pausing.asked == expected and turns > 30, Pausing.asked
    module = game.state.hooks.by_id["pausing"]
    copies = []

    def keep(state, controller, last):
        asked = module.begin_turn in state.hooks.begin_turn
        copies.append((len(state.events), state.clone(), controller.next, last, asked))

    play(game.setup, MoveListController(game.moves), on_turn=keep)
    assert [c[4] for c in copies[:9]] == [n % 4 == 0 for n in range(9)]
    for _, saved, next_move, last, asked in copies[::5]:
        assert (module.begin_turn in saved.hooks.begin_turn) == asked
        state = resume(saved.clone(), MoveListController(game.moves, start=next_move), last=last)
        assert [e.to_json() for e in state.events] == [e.to_json() for e in game.events]
    replayed = Game(game.setup, game.moves).replay(40).events
    assert [e.to_json() for e in replayed] == [e.to_json() for e in game.events[:41]]


def test_retired_and_resumed_hooks_are_one_copy_per_set_left_out():
    """(A cache kept across games.) Retiring and resuming hooks in any order hands a game the
    kind's copy for the set of hooks left out, kept by the kind's hooks: the kind's own
    hooks once nothing is left out, a resumed hook back in its module's place, and no more
    copies however often a game (or game after game) retires and resumes."""
    from carc_teach.rules import RULE_MODULES, Hooks, module_for

    modules = [module_for(e, {}) for e in RULE_MODULES]
    hooks = Hooks(modules)
    builder, count = hooks.by_id["builder"], hooks.by_id["count"]
    placed = ("after_placement", builder.after_placement)
    scoring = ("before_scoring", count.before_scoring)
    without_builder = hooks.without(*placed)
    assert builder.after_placement not in without_builder.after_placement
    assert without_builder.resumed_with(*placed) is hooks
    both = without_builder.without(*scoring)
    assert both is hooks.without(*scoring).without(*placed)
    assert count.before_scoring not in both.for_feature_kind["city"].before_scoring
    assert count.before_scoring in hooks.for_feature_kind["city"].before_scoring
    back = both.resumed_with(*placed)
    assert back is hooks.without(*scoring)
    assert back.after_placement == hooks.after_placement  # in its module's place
    assert hooks.resumed_with(*placed) is hooks  # nothing to put back
    # copies leaving out the same tile hooks share one table per tile type, and likewise
    # for the scoring stages' tables per feature kind
    assert both.for_tile is without_builder.for_tile is not hooks.for_tile
    assert both.for_feature_kind is hooks.without(*scoring).for_feature_kind
    assert without_builder.for_feature_kind is hooks.for_feature_kind
    for _ in range(100):
        state_hooks = hooks
        for name, hook in (placed, scoring, placed, scoring):
            state_hooks = state_hooks.without(name, hook)
            state_hooks = state_hooks.resumed_with(name, hook).without(name, hook)
        state_hooks = state_hooks.resumed_with(*scoring).resumed_with(*placed)
        assert state_hooks is hooks
    assert len(hooks.variants) == 4 and len(hooks.tables) == 2


class IfScored(RuleModule):
    """Records the turns its ``after_completed`` is called in; says it acts only after a
    scoring."""

    id = "if-scored"
    title = "If scored"
    after_completed_if_scored = True
    called: list[int] = []

    def after_completed(self, state, turn, scorings):
        IfScored.called.append(turn.number)


class Always(RuleModule):
    id = "always"
    title = "Always"

    def after_completed(self, state, turn, scorings):
        pass


def test_an_after_completed_hook_acting_only_after_a_scoring_is_left_out_of_other_turns(
    monkeypatch,
):
    """``RuleModule.after_completed_if_scored``: step 3B calls such a hook in every turn in
    which something scored and (``state.unscored_turn``) in no other; listed after a module
    whose hook is always called, it is called in every turn."""
    from carc_teach import turn as turn_module

    monkeypatch.setitem(rules_package.RULE_MODULES, "if-scored", f"{__name__}:IfScored")
    monkeypatch.setitem(rules_package.RULE_MODULES, "always", f"{__name__}:Always")
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    IfScored.called = []
    game = random_game(7, expansions=("base", "if-scored", "always"))
    turns = [e.turn for e in game.events if e.kind == "turn-begin"]
    scored = sorted({e.turn for e in game.events if e.kind in ("points", "no-score")})
    assert scored and IfScored.called == [t for t in turns if t in scored]
    assert game.state.unscored_turn == max(set(turns) - set(scored))
    IfScored.called = []
    random_game(7, expansions=("base", "always", "if-scored"))
    assert IfScored.called == turns


class AfterDeployment(RuleModule):
    """Records the step named while its ``after_deployment`` runs, and the turns."""

    id = "after-deployment"
    title = "After deployment"
    seen: list[tuple[str, int]] = []

    def after_deployment(self, state, turn):
        AfterDeployment.seen.append((state.step, turn.number))


def test_step_2c_joined_to_2b_still_names_its_step(monkeypatch):
    """A game whose ``after_deployment`` hooks have no tile test runs 2B and 2C as one step of
    the driver (``turn._deploy_then_after_deployment``): the hooks still run in every turn,
    after the deployment, with the state's step "2C"."""
    from carc_teach import turn as turn_module

    monkeypatch.setitem(
        rules_package.RULE_MODULES, "after-deployment", f"{__name__}:AfterDeployment"
    )
    monkeypatch.setattr(turn_module, "_KINDS_MADE", {})
    AfterDeployment.seen = []
    game = random_game(9, expansions=("base", "after-deployment"))
    turns = [e.turn for e in game.events if e.kind == "turn-begin"]
    assert AfterDeployment.seen == [("2C", t) for t in turns]
    steps = dict(game.state.turn_steps)
    assert "2C" not in steps and steps["2B"] is turn_module._deploy_then_after_deployment

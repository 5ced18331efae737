"""Rule modules: the base game and one module per expansion, plugged into the turn sequence.

A :class:`RuleModule` overrides the hooks it needs. The turn driver (:mod:`carc_teach.turn`)
and the scoring pipeline (:mod:`carc_teach.scoring`) call every module in play, in the order
of ``setup.expansions``, at each point below; the base game is one module among them.

=======  ==============================================  =====================================
step     hook                                            the base game
=======  ==============================================  =====================================
setup    ``start_layout(state)``, ``setup(state)``,        start tile, followers
         ``prepare_bag(state, bag)``
1A       ``begin_turn(state, turn)``                       —
1B       ``play_instead_of_draw(state, turn)``             (draw)
1C       ``placement_rules`` (board legality),             edges match, touches the board
         ``after_placement(state, turn)``
2B       ``deployment_options(state, turn)``,              a follower on an unoccupied
         ``filter_deployments`` → the options of the       feature of the placed tile
         ``deploy`` decision; ``deploy(state, turn, a)``
2C       ``after_deployment(state, turn)``                 —
3A       ``identify_completed(state, turn)``               roads, cities, cloisters
3B       per completed feature: ``scoring_rule`` then      rule id and wording; 1/tile,
         the pipeline ``before_scoring``, ``claimants``,   2/tile + 2/pennant, 9; followers
         ``figure_strength``, ``feature_value``,           count 1 and go home
         ``player_bonus``, ``after_scoring``,
         ``figure_fate``; then ``after_completed``
3C       ``tile_scoring(state, turn)``                     —
4A       ``tile_actions(state, turn)``                     —
4B       ``end_turn(state, turn)``, ``extra_turn``        —
final    ``before_final_scoring(state)``,                  incomplete roads, cities,
         ``final_features(state)`` (each through the      cloisters; farms
         pipeline), ``final_scoring(state)``
=======  ==============================================  =====================================

Any hook may ask any player a decision with ``state.ask(Decision(...))``.
Each expansion's module (the base game's too) is the ``rules.py`` of its package under
``carc_teach/expansions/``; :data:`RULE_MODULES` is built from the registered packages
(``docs/architecture.md``, "How to add an expansion").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..actions import Deploy
from ..errors import Refusal, UnknownRuleError, phrase
from ..expansions import PACKAGES
from ..scoring import FeatureValue, Scoring

if TYPE_CHECKING:  # pragma: no cover
    from ..features import Feature
    from ..figures import Figure
    from ..state import GameState, Turn
    from ..tiles import TileType

__all__ = [
    "RuleModule",
    "Deploy",
    "FeatureValue",
    "Scoring",
    "module_for",
    "module_class",
    "Hooks",
    "implemented_rules",
    "refusal",
    "printed_by",
    "RULE_MODULES",
]


class RuleModule:
    """Base class of the base game's and every expansion's rules. Every hook is optional."""

    #: short id used in game files (``setup.expansions``) and rule ids
    id: str = ""
    title: str = ""
    #: tile sets (``expansions/<package>/tiles/<name>.json``) this module adds to the supply
    tile_sets: tuple[str, ...] = ()
    #: the rule ids this module executes, each with a one-sentence statement in our own words
    #: (the walkthroughs show it; the scoring reference marks these rules as executed)
    rules: Mapping[str, str] = {}
    #: the rule options (ids in :mod:`carc_teach.editions`) this module reads; reading any
    #: other is an error, so a misspelt option can never fall back to a default silently
    options: tuple[str, ...] = ()
    #: the figure kinds :meth:`deployment_options` can offer, when it offers only figures from
    #: the player's supply: step 2B does not ask the module in a turn whose player holds none
    #: of them (None: always asked). A module may rely on it: while ``state.held`` is set,
    #: it is asked only when the player holds one, and need not look at the supply itself
    offers_figures: frozenset[str] | None = None
    #: for a hook of the scoring pipeline (:data:`SCORING_STAGES`), the feature kinds
    #: (``Feature.kind``: ``"road"``, ``"city"``, ``"cloister"``, ``"field"``) it can do
    #: anything for: the pipeline does not call it for a feature of another kind (King &
    #: Robber's after_scoring on a farm). A hook not named here is called for every feature.
    #: Too narrow a set silently loses what the hook would have done: it must hold under every
    #: option value and beside every other module (tests/engine/test_hook_declarations.py
    #: plays games both ways)
    scores_feature_kinds: Mapping[str, frozenset[str]] = MappingProxyType({})
    #: for ``figure_strength`` and ``figure_fate`` (asked per figure), the figure kinds the
    #: hook can answer anything for: the pipeline does not ask it about a figure of another
    #: kind (the builder's fate about a follower); as above, never too narrow
    scores_figure_kinds: Mapping[str, frozenset[str]] = MappingProxyType({})
    #: True when :meth:`after_completed` can do anything only in a turn in which something
    #: scored (a scoring in its list, or points given in the turn, ``state.last_points_turn``):
    #: step 3B then leaves it out of other turns, when it comes before every module's
    #: ``after_completed`` that is always called, and sets ``state.unscored_turn`` to the
    #: turn's number (a module's call costs about 850 instructions however little it does).
    #: The hook must still test it itself: called after another module's, it may be called
    #: in such a turn
    after_completed_if_scored: bool = False

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        values = values or {}
        #: the value this game plays of each option the module declares (:attr:`options`),
        #: taken from the game's option values (``GameState.options``); read with
        #: :meth:`option`
        self.option_values: dict[str, Any] = {
            name: values.get(name, default) for name, default in _declared_defaults(type(self))
        }

    def option(self, name: str) -> Any:
        """The value of a rule option this module declared in :attr:`options`."""
        try:
            return self.option_values[name]
        except KeyError:
            raise UnknownRuleError(
                f"rule module {self.id!r} reads option {name!r} without declaring it "
                f"(it declares: {', '.join(self.options) or 'none'})"
            ) from None

    def refusal(
        self,
        rule: str,
        reason: str,
        notes: tuple[str, ...] = (),
        options: tuple[str, ...] = (),
        *,
        later: bool = False,
    ) -> Refusal:
        """A :class:`~carc_teach.errors.Refusal` by this module's ``rule``, naming the values
        this game plays of ``options`` (options this module declared) and who prints them."""
        return refusal(
            rule, reason, notes, tuple((o, self.option(o)) for o in options), later=later
        )

    def explain_action(self, state: GameState, turn: Turn, action: Any) -> Refusal | None:
        """Why an action a game file gives was taken by no decision of this turn, when this
        module's rules are the reason (nobody may redeploy out of the Count's quarter; a wagon
        moves only after its feature scored); None to leave it to others. Asked once the
        turn is over, of the modules in play from the last."""
        return None

    def explain_instead(self, state: GameState, turn: Turn, tile: TileType) -> Refusal | None:
        """Why the active player may not play ``tile`` (one of a player's own tiles, such as
        the abbey) instead of drawing now, when this module's rules are the reason: a
        :class:`~carc_teach.errors.Refusal` naming the rule ("Red has already played their
        abbey", rule ``abbey.play``); None to leave it to others. Asked when a game file's
        move names such a tile and none was played."""
        return None

    def option_changed(self, name: str) -> bool:
        """Whether the game plays a value of ``name`` other than its default."""
        from ..editions import option

        return self.option(name) != option(name).default

    @classmethod
    def common_mistakes(cls, rule: str, points: int, tiles: int, pennants: int) -> list[int] | None:
        """Wrong point values learners often give for a scoring under ``rule`` (the
        walkthroughs' predict-then-reveal questions offer them), or None for rules this
        module does not execute. ``tiles``/``pennants``: those parts of the breakdown."""
        return None

    def tile_sets_for(self) -> tuple[str, ...]:
        """The tile sets this module brings to this game (its options may choose among
        editions: :meth:`option`); by default :attr:`tile_sets`."""
        return self.tile_sets

    # -- set-up ------------------------------------------------------------------------------
    def setup(self, state: GameState) -> None:
        """Prepare the game (start tile, figures, expansion state)."""

    def start_layout(self, state: GameState) -> list[tuple[str, int, int, int]] | None:
        """The tiles laid before the first turn as ``(tile id, x, y, rotation)``, when this
        module decides the start (a start block such as the City of Carcassonne, the river's
        spring). The last module in play with an answer decides; the base game lays the
        set-up's start tile."""
        return None

    def prepare_bag(self, state: GameState, bag: list[str]) -> list[str]:
        """Reorder the shuffled draw pile (next tile last), e.g. the river first."""
        return bag

    # -- 1A-1C -------------------------------------------------------------------------------
    def begin_turn(self, state: GameState, turn: Turn) -> None:
        """Step 1A."""

    def play_instead_of_draw(self, state: GameState, turn: Turn) -> TileType | None:
        """Step 1B: a tile the active player plays instead of drawing (the abbey from their
        own supply; the module asks them and takes it), or None to draw as usual. The first
        module with a tile decides."""
        return None

    @property
    def placement_rules(self) -> tuple:
        """Extra legality checks ``rule(board, tile_type, placement) -> str | None``."""
        return ()

    def after_placement(self, state: GameState, turn: Turn) -> None:
        """Step 1C, after the tile is on the board (``turn.change`` says what it joined)."""

    # -- 2A-2C -------------------------------------------------------------------------------
    def deployment_options(self, state: GameState, turn: Turn) -> list[Deploy]:
        """Step 2B: the deployments this module lets the active player choose from."""
        return []

    def filter_deployments(
        self, state: GameState, turn: Turn, options: list[Deploy]
    ) -> list[Deploy]:
        """Step 2B: remove deployments other modules offered that this module's rules forbid
        (no farmer on a barn's farm); return the options kept."""
        return options

    def explain_deployment(
        self, state: GameState, turn: Turn, action: Deploy
    ) -> Refusal | str | None:
        """Why a deployment a game file asks for is not legal, when this module's rules are
        the reason (a barn on a corner that is not all field): a
        :class:`~carc_teach.errors.Refusal` (:meth:`refusal` builds one); None to leave it to
        others. Asked of the modules in play from the last."""
        return None

    def deploy(self, state: GameState, turn: Turn, action: Deploy) -> None:
        """Step 2B: carry out a deployment this module offered."""

    def after_deployment(self, state: GameState, turn: Turn) -> None:
        """Step 2C."""

    # -- 3A-3C -------------------------------------------------------------------------------
    def identify_completed(self, state: GameState, turn: Turn) -> list[Feature]:
        """Step 3A: features the placement completed."""
        return []

    def scoring_rule(
        self, state: GameState, feature: Feature, *, final: bool
    ) -> tuple[str, str] | None:
        """``(rule id, wording of the feature)`` for scoring ``feature``, when this module is
        the one that scores it. The last module in play with an answer decides (a shrine
        module answers for its shrines before the base game answers for cloisters). Asked in
        3A for every completed feature, and after the game (``final=True``) for every feature
        a module's ``final_features`` lists, where an answer replaces the listed rule."""
        return None

    def before_scoring(self, state: GameState, scoring: Scoring) -> None:
        """Pipeline stage 1: before a feature scores (figures may still move in)."""

    def claimants(self, state: GameState, scoring: Scoring, figures: list[Figure]) -> list[Figure]:
        """Pipeline stage 2: the figures that take part in the majority."""
        return figures

    def figure_strength(self, state: GameState, figure: Figure, feature: Feature) -> int | None:
        """Pipeline stage 3: how much a figure counts, or None to leave it to others (the last
        module in play with an answer decides)."""
        return None

    def feature_value(
        self, state: GameState, feature: Feature, value: FeatureValue, *, final: bool
    ) -> FeatureValue:
        """Pipeline stage 5: adjust what a feature is worth. Return ``value`` unchanged when
        this module has nothing to say."""
        return value

    def player_bonus(
        self, state: GameState, scoring: Scoring, player: str
    ) -> tuple[tuple[str, int], ...]:
        """Pipeline stage 6: extra (explanation, points) parts for one winner only."""
        return ()

    def after_scoring(self, state: GameState, scoring: Scoring) -> None:
        """Pipeline stage 8: after the points, before the figures' fate."""

    def figure_fate(self, state: GameState, figure: Figure, scoring: Scoring) -> str | None:
        """Pipeline stage 9: ``"return"``, ``"stay"``, ``"handled"`` or None (no opinion)."""
        return None

    def extra_scorings(self, state: GameState, turn: Turn) -> list[Scoring]:
        """Step 3B, after the completed features: other scorings the placed tile sets off (a
        barn's farmers), each run through the scoring pipeline; return their ``Scoring``s,
        which join the list every module's ``after_completed`` sees."""
        return []

    def after_completed(self, state: GameState, turn: Turn, scorings: list[Scoring]) -> None:
        """Step 3B, once every feature the tile completed has scored (and the
        ``extra_scorings`` of every module)."""

    def tile_scoring(self, state: GameState, turn: Turn) -> None:
        """Step 3C."""

    # -- 4A-4B -------------------------------------------------------------------------------
    def tile_actions(self, state: GameState, turn: Turn) -> None:
        """Step 4A."""

    def end_turn(self, state: GameState, turn: Turn) -> None:
        """Step 4B."""

    def extra_turn(self, state: GameState, turn: Turn) -> Any:
        """After 4B: a reason for the same player to play another turn at once (the
        builder's second tile), or None. The first module with a reason decides."""
        return None

    def placed_tile_tests(self) -> Mapping[str, Callable[[TileType], bool]]:
        """For hooks of :data:`TILE_HOOKS` (asked every turn about the tile just placed) that
        can do anything only for some tile types: the hook's name -> a test of a tile type.
        The driver does not call the hook in a turn whose tile fails the test (the shrines'
        look at a new building, on a tile without one). Asked once per kind of game (the
        answer may depend on option values); a test's answer for a tile type is kept. A test
        too strict silently loses what the hook would have done, as
        :attr:`scores_feature_kinds` says."""
        return {}

    def idle_hooks(self) -> frozenset[str]:
        """Hooks of :attr:`Hooks.NAMES` this module overrides that do nothing in any game
        under its option values (a variant's hook): :class:`Hooks` leaves them out, as it
        leaves out the hooks the module does not override. Asked once per kind of game."""
        return frozenset()

    # -- after the game ----------------------------------------------------------------------
    def before_final_scoring(self, state: GameState) -> None:
        """Before anything scores after the game (the market loop)."""

    def final_features(self, state: GameState) -> list[tuple[Feature, str, str]]:
        """``(feature, rule id, wording)`` of the features this module scores after the game,
        in the order they score; each goes through the scoring pipeline."""
        return []

    def final_scoring(self, state: GameState) -> None:
        """Scoring after the game that is not a feature's majority (tokens, barns)."""

    def __repr__(self) -> str:
        return f"<RuleModule {self.id}>"


#: the scoring pipeline's stages, in the order :func:`carc_teach.scoring.score_feature` runs
#: them: the hooks a module may limit to some feature kinds
#: (:attr:`RuleModule.scores_feature_kinds`)
SCORING_STAGES = (
    "before_scoring",
    "claimants",
    "figure_strength",
    "feature_value",
    "player_bonus",
    "after_scoring",
    "figure_fate",
)


#: the per-turn hooks a module may limit to some tile types (:meth:`RuleModule.placed_tile_tests`)
TILE_HOOKS = ("after_placement", "filter_deployments", "after_deployment")


class Hooks:
    """For each hook the turn driver or the scoring pipeline calls every turn or every scoring,
    the bound methods of the modules in play that override it, in module order.

    Worked out once per kind of game (expansions and option values: kept by
    :func:`carc_teach.turn.new_state`) and shared by its games and their copies (until a
    game retires a hook, :meth:`GameState.retire_hook
    <carc_teach.state.GameState.retire_hook>`: then that game has its own): a
    hook no module in play overrides does what the base class does, nothing (or hands its
    input back), so it is not called at all; nor is one its module names idle under this
    game's options (:meth:`RuleModule.idle_hooks`). A base game calls about a tenth of the
    hooks.
    """

    #: the hooks asked at every turn or every scoring; set-up and after-the-game hooks run
    #: once a game and are called on every module
    NAMES = (
        "begin_turn",
        "play_instead_of_draw",
        "after_placement",
        "deployment_options",
        "filter_deployments",
        "after_deployment",
        "identify_completed",
        "scoring_rule",
        *SCORING_STAGES,
        "extra_scorings",
        "after_completed",
        "tile_scoring",
        "tile_actions",
        "end_turn",
        "extra_turn",
    )
    __slots__ = (
        *NAMES,
        "by_id",
        "offers",
        "offers_for",
        "for_feature_kind",
        "for_figure_kind",
        "for_tile",
        "after_completed_unscored",
        "retired",
        "resumed",
        "left_out",
        "kind_hooks",
        "variants",
        "tables",
    )

    def __init__(self, modules: list[RuleModule]) -> None:
        #: the modules by id (the first of an id), to carry out a deployment one offered
        self.by_id: dict[str, RuleModule] = {}
        for m in modules:
            self.by_id.setdefault(m.id, m)
        # (a module's idle hooks depend on its option values, so they are asked of each module)
        idle = [m.idle_hooks() for m in modules]
        for name, which in _hook_layout(tuple(map(type, modules))):
            setattr(
                self,
                name,
                tuple([getattr(modules[i], name) for i in which if name not in idle[i]]),
            )
        #: each deployment offer with the figure kinds it can offer (None: any), in the order
        #: of :attr:`deployment_options`
        self.offers: tuple[tuple[Callable, frozenset[str] | None], ...] = tuple(
            (offer, offer.__self__.offers_figures) for offer in self.deployment_options
        )
        #: the set of figure kinds a player holds -> the offers worth asking then (see
        #: :meth:`offers_to_ask`); it depends on these hooks alone, so games share it
        self.offers_for: dict[frozenset[str], tuple[Callable, ...]] = {}
        #: feature kind -> these hooks with only the scoring stages' hooks that can matter for
        #: a feature of that kind; None when no module in play limits one (see
        #: :attr:`RuleModule.scores_feature_kinds`)
        self.for_feature_kind: _ForFeatureKind | None = _ForFeatureKind.of(self)
        #: set in the copies :attr:`for_feature_kind` makes: figure kind -> (the
        #: ``figure_strength`` hooks to ask about such a figure, last module first, and the
        #: ``figure_fate`` hooks); None when no module limits one (see
        #: :attr:`RuleModule.scores_figure_kinds`)
        self.for_figure_kind: _ForFigureKind | None = None
        #: tile type id -> the hooks of :data:`TILE_HOOKS` that can do anything for that tile
        #: type; None when no module in play limits one (see
        #: :meth:`RuleModule.placed_tile_tests`)
        self.for_tile: _ForTile | None = _ForTile.of(self, modules)
        #: the ``after_completed`` hooks step 3B calls in a turn in which nothing scored: all
        #: but those leading the line-up whose module says they act only after a scoring
        #: (:attr:`RuleModule.after_completed_if_scored`; one after a hook that is always
        #: called is kept, as that hook may add a scoring to the list it passes on)
        self.after_completed_unscored: tuple[Callable, ...] = _unscored(self.after_completed)
        #: (hook name, hook) -> the copy :meth:`without` made of these hooks: hooks are never
        #: changed once made, so every game retiring the same hook from them takes the same
        #: copy (and the copies live as long as the hooks they were made from)
        self.retired: dict[tuple[str, Callable], Hooks] = {}
        #: (hook name, hook) -> the copy :meth:`resumed_with` made, likewise
        self.resumed: dict[tuple[str, Callable], Hooks] = {}
        #: the (hook name, hook) pairs these hooks leave out of the kind's (empty for the
        #: kind's own), the hooks of the kind, and the kind's hooks by the pairs they leave
        #: out, shared by every copy: a game that retires and resumes hooks in any order
        #: takes one copy per set of hooks left out, never a longer and longer chain
        self.left_out: frozenset[tuple[str, Callable]] = frozenset()
        self.kind_hooks: Hooks = self
        self.variants: dict[frozenset[tuple[str, Callable]], Hooks] = {self.left_out: self}
        #: the tables of the copies (offers, per feature kind, per tile type) by the hooks
        #: they depend on that a copy leaves out, shared by every copy: copies leaving out
        #: the same such hooks (whatever else they leave out) share one table, made and
        #: filled once, not one each (the builder's and Abbey & Mayor's barn retirements
        #: come and go in every game, each time with other hooks left out)
        self.tables: dict[tuple[tuple[str, ...], frozenset[tuple[str, Callable]]], Any] = {}

    def offers_to_ask(self, held: frozenset[str]) -> tuple[Callable, ...]:
        """The deployment offers worth asking of a player holding figures of the kinds
        ``held``: those that may offer any figure, and those offering one of ``held``
        (another's answer would be empty). Kept in :attr:`offers_for`."""
        asked = tuple(
            [offer for offer, kinds in self.offers if kinds is None or not held.isdisjoint(kinds)]
        )
        if len(self.offers_for) < 256:  # (a few sets of kinds per kind of game)
            self.offers_for[held] = asked
        return asked

    def without(self, name: str, hook: Callable) -> Hooks:
        """A copy of these hooks with ``hook`` left out of ``name`` (for
        :meth:`GameState.retire_hook <carc_teach.state.GameState.retire_hook>`: one game's own
        hooks, the kind of game's staying as they are). Made once per set of hooks left out,
        and kept (:attr:`retired`, :attr:`variants`): Abbey & Mayor retires three hooks a
        game, River II one, the builder and the Count theirs while nothing is left to do."""
        own = self.retired.get((name, hook))
        if own is None:
            own = self.retired[(name, hook)] = self._variant(self.left_out | {(name, hook)})
        return own

    def resumed_with(self, name: str, hook: Callable) -> Hooks:
        """These hooks with ``hook`` put back into ``name`` where :meth:`without` left it out
        (for :meth:`GameState.resume_hook <carc_teach.state.GameState.resume_hook>`), in its
        module's place; these hooks themselves when it was not left out. Kept like
        :meth:`without`'s copies (:attr:`resumed`)."""
        own = self.resumed.get((name, hook))
        if own is None:
            own = self.resumed[(name, hook)] = self._variant(self.left_out - {(name, hook)})
        return own

    def _variant(self, left_out: frozenset[tuple[str, Callable]]) -> Hooks:
        """The kind's hooks less ``left_out``, made the first time it is asked for."""
        own = self.variants.get(left_out)
        if own is not None:
            return own
        kind = self.kind_hooks
        own = object.__new__(Hooks)
        for slot in Hooks.__slots__:
            setattr(own, slot, getattr(kind, slot))
        own.retired, own.resumed, own.left_out = {}, {}, left_out
        names = {name for name, _ in left_out}
        for name in names:
            out = [hook for n, hook in left_out if n == name]
            setattr(own, name, tuple([h for h in getattr(kind, name) if h not in out]))
        # what depends on the hooks left out is worked out again (the kind's keeps its
        # answers, which would name a hook left out here), once per set of such hooks
        tables = kind.tables
        if "deployment_options" in names:
            key = _part(("deployment_options",), left_out)
            found = tables.get(key)
            if found is None:
                offers = tuple([o for o in kind.offers if o[0] in own.deployment_options])
                found = tables[key] = (offers, {})
            own.offers, own.offers_for = found
        if "after_completed" in names:
            own.after_completed_unscored = _unscored(own.after_completed)
        if not names.isdisjoint(SCORING_STAGES):
            key = _part(SCORING_STAGES, left_out)
            if key not in tables:
                tables[key] = _ForFeatureKind.of(own)
            own.for_feature_kind = tables[key]
        if not names.isdisjoint(TILE_HOOKS) and kind.for_tile is not None:
            key = _part(TILE_HOOKS, left_out)
            found = tables.get(key)
            if found is None:
                found = tables[key] = _ForTile(own, kind.for_tile.tests)
            own.for_tile = found
        self.variants[left_out] = own
        return own


def _part(
    names: tuple[str, ...], left_out: frozenset[tuple[str, Callable]]
) -> tuple[tuple[str, ...], frozenset[tuple[str, Callable]]]:
    """The key of :attr:`Hooks.tables` for a table that depends on the hooks of ``names``."""
    return names, frozenset([pair for pair in left_out if pair[0] in names])


def _unscored(after_completed: tuple[Callable, ...]) -> tuple[Callable, ...]:
    """``after_completed`` less its leading hooks whose modules act only after a scoring
    (:attr:`Hooks.after_completed_unscored`)."""
    for i, hook in enumerate(after_completed):
        if not hook.__self__.after_completed_if_scored:
            return after_completed[i:]
    return ()


class _TileTests:
    """The tile tests of the modules of a kind of game (:meth:`RuleModule.placed_tile_tests`),
    by hook, and per tile type id the hooks its tile fails, worked out once for the kind's
    games (a game retiring a hook makes new :class:`_ForTile` tables, not new answers)."""

    __slots__ = ("tests", "failed")

    def __init__(self, tests: dict[Callable, Callable[[TileType], bool]]) -> None:
        self.tests = tests
        self.failed: dict[str, frozenset[Callable]] = {}

    def failed_by(self, tile_type: TileType) -> frozenset[Callable]:
        found = self.failed.get(tile_type.id)
        if found is None:
            found = self.failed[tile_type.id] = frozenset(
                [hook for hook, test in self.tests.items() if not test(tile_type)]
            )
        return found


class _ForTile(dict):
    """Tile type id -> (the ``after_placement``, the ``filter_deployments`` and the
    ``after_deployment`` hooks) of some :class:`Hooks` that can do anything for that tile
    type, made by :meth:`made` the first time a tile of the type is placed (the tile types of
    a kind of game are its games' own)."""

    __slots__ = ("_hooks", "tests", "_by_failed")

    def __init__(self, hooks: Hooks, tests: _TileTests) -> None:
        super().__init__()
        self._hooks = hooks
        self.tests = tests
        # the hooks kept, by the set of hooks a tile fails: a few sets for all the tile
        # types (a game that retires a tile hook makes its table again, at each tile type)
        self._by_failed: dict[frozenset[Callable], tuple] = {}

    @classmethod
    def of(cls, hooks: Hooks, modules: list[RuleModule]) -> _ForTile | None:
        """The table for ``hooks``, or None when no module in play limits a tile hook."""
        tests: dict[Callable, Callable[[TileType], bool]] = {}
        for m in modules:
            for name, test in m.placed_tile_tests().items():
                if name not in TILE_HOOKS:
                    raise ValueError(f"{m.id}: no tile test for {name!r} (one of {TILE_HOOKS})")
                tests[getattr(m, name)] = test
        return cls(hooks, _TileTests(tests)) if tests else None

    def made(self, tile_type: TileType) -> tuple[tuple[Callable, ...], ...]:
        """The tile hooks for ``tile_type``, made and kept."""
        tests = self.tests
        failed = tests.failed.get(tile_type.id)
        if failed is None:
            failed = tests.failed_by(tile_type)
        found = self._by_failed.get(failed)
        if found is None:
            hooks = self._hooks
            found = self._by_failed[failed] = (
                tuple([h for h in hooks.after_placement if h not in failed]),
                tuple([h for h in hooks.filter_deployments if h not in failed]),
                tuple([h for h in hooks.after_deployment if h not in failed]),
            )
        self[tile_type.id] = found
        return found


class _ForFeatureKind(dict):
    """Feature kind -> a copy of some :class:`Hooks` whose scoring stages hold only the hooks
    that can matter for a feature of that kind, made the first time the kind is scored. A
    kind of game's games share it with their hooks: it depends on those hooks alone."""

    __slots__ = ("_hooks",)

    @classmethod
    def of(cls, hooks: Hooks) -> _ForFeatureKind | None:
        """The table for ``hooks``, or None when no scoring stage's hook is limited (every
        hook is asked about every feature: a base game)."""
        for name in SCORING_STAGES:
            for hook in getattr(hooks, name):
                module = hook.__self__
                if name in module.scores_feature_kinds or name in module.scores_figure_kinds:
                    table = cls()
                    table._hooks = hooks
                    return table
        return None

    def __missing__(self, kind: str) -> Hooks:
        hooks = self._hooks
        own = object.__new__(Hooks)
        for slot in Hooks.__slots__:
            setattr(own, slot, getattr(hooks, slot))
        for name in SCORING_STAGES:
            kept = []
            for hook in getattr(hooks, name):
                kinds = hook.__self__.scores_feature_kinds.get(name)
                if kinds is None or kind in kinds:
                    kept.append(hook)
            setattr(own, name, tuple(kept))
        own.for_feature_kind = None
        own.for_figure_kind = _ForFigureKind.of(own)
        own.retired = {}  # (never asked: a game's hooks are never these per-kind copies)
        self[kind] = own
        return own


class _ForFigureKind(dict):
    """Figure kind -> (the ``figure_strength`` hooks of some hooks that can answer for such a
    figure, last module first, and the ``figure_fate`` hooks), made the first time a figure
    of the kind is scored."""

    __slots__ = ("_hooks",)

    @classmethod
    def of(cls, hooks: Hooks) -> _ForFigureKind | None:
        """The table for ``hooks``, or None when no hook asked per figure is limited."""
        for name in ("figure_strength", "figure_fate"):
            for hook in getattr(hooks, name):
                if name in hook.__self__.scores_figure_kinds:
                    table = cls()
                    table._hooks = hooks
                    return table
        return None

    def __missing__(self, kind: str) -> tuple[tuple[Callable, ...], tuple[Callable, ...]]:
        kept: list[tuple[Callable, ...]] = []
        for name in ("figure_strength", "figure_fate"):
            asked = []
            for hook in getattr(self._hooks, name):
                kinds = hook.__self__.scores_figure_kinds.get(name)
                if kinds is None or kind in kinds:
                    asked.append(hook)
            kept.append(tuple(asked))
        found = self[kind] = (kept[0][::-1], kept[1])
        return found


# A game's set-up makes one module per expansion and the hooks of them all. What only a module's
# class decides (its options' defaults, which hooks it overrides) is worked out once per class
# or per line-up of classes: a rule module's class is not changed once it is defined.


@cache
def _declared_defaults(cls: type[RuleModule]) -> tuple[tuple[str, Any], ...]:
    """``(option id, default)`` of each option ``cls`` declares, in order (raises
    :class:`UnknownRuleError` for an option that does not exist, so nothing is kept then)."""
    from ..editions import option

    return tuple((name, option(name).default) for name in cls.options)


@cache
def _hook_layout(classes: tuple[type[RuleModule], ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """For each of :attr:`Hooks.NAMES`, the positions in ``classes`` of the modules that
    override it (a hook the base class leaves empty is not worth calling)."""
    return tuple(
        (
            name,
            tuple(
                i
                for i, cls in enumerate(classes)
                if getattr(cls, name) is not getattr(RuleModule, name)
            ),
        )
        for name in Hooks.NAMES
    )


#: Expansions carc_teach implements: id -> "module:ClassName" (imported on demand), built from
#: the registered packages (:data:`carc_teach.expansions.REGISTERED`), in their order.
RULE_MODULES: dict[str, str] = {
    eid: package.rule_module_path(eid) for package in PACKAGES for eid in package.expansion_ids
}


def module_class(expansion: str) -> type[RuleModule]:
    """The rule-module class of an expansion id (raises :class:`UnknownRuleError`)."""
    target = RULE_MODULES.get(expansion)
    if target is None:
        raise UnknownRuleError(
            phrase(
                "unknown expansion {expansion}; implemented: {known}",
                expansion=repr(expansion),
                known=", ".join(RULE_MODULES),
            )
        )
    found = _CLASSES.get(target)
    if found is None:
        import importlib

        module_name, class_name = target.split(":")
        found = _CLASSES[target] = getattr(importlib.import_module(module_name), class_name)
    return found


#: the classes found by :func:`module_class`, by their ``"module:ClassName"`` (a game makes one
#: module per expansion; importing each by name again cost as much as making it)
_CLASSES: dict[str, type[RuleModule]] = {}


def refusal(
    rule: str,
    reason: str,
    notes: tuple[str, ...] = (),
    options: tuple[tuple[str, Any], ...] = (),
    *,
    later: bool = False,
) -> Refusal:
    """A :class:`~carc_teach.errors.Refusal`; ``options`` are ``(option id, value)`` pairs
    (the editions printing each value are looked up: :func:`printed_by`)."""
    editions = "; ".join(printed_by(o, v) for o, v in options)
    return Refusal(rule, reason, tuple(notes), tuple(options), editions, later)


@cache
def _printed_by(option_id: str, value: Any, value_type: type) -> str:
    from ..editions import PRESETS, option

    presets = [
        p.id
        for p in PRESETS.values()
        if option_id in p.value_map()
        and type(p.value_map()[option_id]) is value_type
        and p.value_map()[option_id] == value
    ]
    default = option(option_id).default
    is_default = type(default) is value_type and default == value
    # phrases: the English a refusal's citation prints, said again in another language
    if presets and is_default:
        return phrase("as in {presets} (and the default)", presets=", ".join(presets))
    if presets:
        return phrase("as in {presets}", presets=", ".join(presets))
    return phrase("the default") if is_default else phrase("no edition preset plays this value")


def printed_by(option_id: str, value: Any) -> str:
    """Which edition presets play ``value`` of a rule option: ``"as in rgg-big-box-2"``,
    ``"the default"``, or that no edition prints it."""
    return _printed_by(option_id, value, type(value))


@cache
def implemented_rules() -> Mapping[str, str]:
    """Every rule id some implemented module executes -> its one-sentence statement."""
    out: dict[str, str] = {}
    for expansion in RULE_MODULES:
        out.update(module_class(expansion).rules)
    return MappingProxyType(out)


def module_for(expansion: str, values: Mapping[str, Any] | None = None) -> RuleModule:
    """Instantiate the rule module of an expansion id with the game's option values."""
    return module_class(expansion)(values)

"""The turn sequence: set-up, turns through steps 1A-4B, scoring after the game.

:func:`play` builds a :class:`~carc_teach.state.GameState` from a set-up and drives it with a
*controller* (who answers the decisions: a game file's moves, a random or greedy player, see
:mod:`carc_teach.controllers`). At every step it calls the hook of every rule module in play
(see :mod:`carc_teach.rules`); features are scored through :mod:`carc_teach.scoring`.

Play can stop just after any event (``until``) and can go on from a copy of the state taken
between turns (:func:`resume`), which is how ``Game.replay`` stays cheap.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .actions import Decision, Deploy, Pass
from .board import Placement
from .editions import from_setup
from .errors import IllegalMoveError, Refusal, phrase, shown
from .events import Chained, Joined, Packed, Said, TileName, Word
from .figures import ROLE_NAMES, ROLE_PLURALS
from .i18n import N_
from .rules import RULE_MODULES, Hooks, RuleModule, module_for
from .scoring import Scoring, score_feature
from .setup import Setup
from .state import GameState, StopReplay, Turn, played_options
from .tiles import TileType, catalogue

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .controllers import Controller

__all__ = ["new_state", "play", "resume", "fill_bag", "OnTurn", "TURN_STEPS", "TurnStep"]

#: called between turns, and once more before scoring after the game (``last`` True), with
#: the state and the controller, so a caller can keep a copy to resume from
OnTurn = Callable[[GameState, "Controller", bool], None]


def new_state(setup: Setup) -> GameState:
    """The state before set-up: rule options resolved, rule modules and tile sets chosen."""
    rules = from_setup(setup.rules)
    values = played_options(setup, rules)
    # The modules, their tile types and hooks depend on the expansions (the classes registered
    # for them now) and the option values only, not on the seed or the players: a game of a
    # kind made before takes them as they were made (rule modules and tile types are
    # immutable, shared already by a state's copies: GameState.clone), and pays only for what
    # is its own. (Each option's values are of one type, so an equal value is the same value;
    # the one a game gives itself, its followers, could be 7 or 7.0 or True in code: its type
    # counts.)
    key: tuple | None
    try:
        targets = tuple(map(RULE_MODULES.get, setup.expansions))
        key = (setup.expansions, targets, type(setup.followers), tuple(values.items()))
        made = None if None in targets else _KINDS_MADE.get(key)
    except TypeError:  # a value that cannot be a key (a list): made for this game alone
        key, made = None, None
    if made is None:
        made = _make_kind(setup.expansions, values)  # raises for an unknown expansion ...
        if key is not None:
            if len(_KINDS_MADE) >= 64:  # (a long session trying many option values)
                _KINDS_MADE.clear()
            _KINDS_MADE[key] = made
    modules, tile_types, placement_rules, hooks = made
    return GameState(setup, rules, list(modules), tile_types, placement_rules, hooks, values)


def _make_kind(
    expansions: tuple[str, ...], values: dict[str, Any]
) -> tuple[tuple[RuleModule, ...], dict[str, TileType], tuple[Callable, ...], Hooks]:
    """The rule modules of ``expansions`` with these option values, the tile types of their
    tile sets (a later set's tile replaces an earlier one of the same id), their placement
    rules and their hooks."""
    modules = tuple(module_for(e, values) for e in expansions)
    tile_types: dict[str, TileType] = {}
    for m in modules:
        for set_name in m.tile_sets_for():
            for t in catalogue(set_name):
                tile_types[t.id] = t
    placement_rules: list[Callable] = []
    for m in modules:
        placement_rules.extend(m.placement_rules)
    return modules, tile_types, tuple(placement_rules), Hooks(list(modules))


#: what :func:`_make_kind` made, by the expansions and every option value of the game
_KINDS_MADE: dict[tuple, tuple] = {}


def play(
    setup: Setup,
    controller: Controller,
    *,
    until: int | None = None,
    final_scoring: bool | None = None,
    on_turn: OnTurn | None = None,
) -> GameState:
    """Play a whole game (or up to event ``until``) and return its state."""
    state = new_state(setup)
    state.until = until
    state.answer = _answerer(controller)
    try:
        fill_bag(state)
        state.step = "setup"
        for m in state.modules:
            m.setup(state)
        _run(state, controller, final_scoring, on_turn)
    except StopReplay:
        pass
    return state


def resume(
    state: GameState,
    controller: Controller,
    *,
    until: int | None = None,
    final_scoring: bool | None = None,
    last: bool = False,
) -> GameState:
    """Go on playing from a state copied between turns (see :meth:`GameState.clone`);
    ``last``: the copy was taken after the last turn, so only scoring after the game is left."""
    state.until = until
    state.answer = _answerer(controller)
    try:
        if last:
            _end(state, controller, final_scoring)
        else:
            _run(state, controller, final_scoring, None)
    except StopReplay:
        pass
    return state


# -- decisions --------------------------------------------------------------------------------


def _answerer(controller: Controller) -> Callable[[GameState, Decision], Action]:
    choose = controller.choose
    # a file's answers are checked by its controller; simulated players pick an option
    checks = not controller.picks_options

    def answer(state: GameState, decision: Decision) -> Action:
        action = choose(state, decision)
        problem = decision.problem(action) if checks else None
        if problem is not None:
            raise IllegalMoveError(
                phrase(
                    "{player}'s answer to the {kind} decision is not legal: {problem}",
                    player=decision.player,
                    kind=decision.kind,
                    problem=problem,
                ),
                move=state.move_number,
            )
        if state.turn is not None:
            state.turn.answers.append((decision, action))
        return action

    return answer


# -- the bag ----------------------------------------------------------------------------------


def fill_bag(state: GameState) -> None:
    """Count the supply, lay aside the start tiles and fill ``state.bag`` in draw order (the
    set-up's tile order, else its seed's shuffle as the modules arrange it)."""
    setup = state.setup
    # each player's own tiles (the abbey) are not drawn
    counts = {t.id: t.count for t in state.tile_types.values() if not t.per_player}
    for m in reversed(state.modules):
        layout = m.start_layout(state)
        if layout:
            state.start_layout = (list(layout), m)
            for tile_id, *_ in layout:
                if counts.get(tile_id, 0) > 0:
                    counts[tile_id] -= 1
            break
    state.remaining = counts
    if setup.tile_order is not None:
        state.bag = list(reversed(setup.tile_order))
    elif setup.seed is not None:
        bag = list(_unshuffled(tuple(counts.items())))
        random.Random(setup.seed).shuffle(bag)
        for m in state.modules:
            bag = m.prepare_bag(state, bag)
        state.bag = bag


@lru_cache(maxsize=64)
def _unshuffled(counts: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The supply before the shuffle, each tile id as many times as it counts, in the order
    of ``counts`` (the same for every game of a kind, whatever its seed)."""
    return tuple(tile_id for tile_id, n in counts for _ in range(n))


def _take_tile(state: GameState, tile_id: str) -> TileType:
    """The tile ``tile_id`` taken from those left (the set-up's order or a move names it)."""
    n = state.remaining.get(tile_id, 0)
    if n <= 0:
        if tile_id not in state.tile_types:
            raise IllegalMoveError(
                phrase(
                    "unknown tile id {tile}; the tile sets in play have: {tiles}",
                    tile=shown(tile_id),
                    tiles=", ".join(state.tile_types),
                ),
                move=state.move_number,
                field="tile",
            )
        raise IllegalMoveError(
            phrase(
                "no tile {tile} is left to draw: the set has {count} and all are already on the "
                "board or set aside",
                tile=tile_id,
                count=state.tile_types[tile_id].count,
            ),
            move=state.move_number,
            field="tile",
        )
    state.remaining[tile_id] = n - 1
    return state.tile_types[tile_id]


# -- the game ---------------------------------------------------------------------------------


def _run(
    state: GameState, controller: Controller, final_scoring: bool | None, on_turn: OnTurn | None
) -> None:
    known_order = state.setup.tile_order is not None or state.setup.seed is not None
    while True:
        if on_turn is not None:
            on_turn(state, controller, False)
        # (a game file still holding moves when the tiles ran out says so here)
        if controller.exhausted(state) or (known_order and not state.bag):
            break
        if not _play_turn(state, controller):
            break
    state.turn = None
    state.move_number = None
    if on_turn is not None:
        on_turn(state, controller, True)
    _end(state, controller, final_scoring)


def _end(state: GameState, controller: Controller, final_scoring: bool | None) -> None:
    finished = not state.bag and not any(state.remaining.values())
    if final_scoring is None:
        final_scoring = finished
    # Decisions asked during scoring after the game (the Count's market loop) belong to a
    # turn of their own, set off by the player who placed the last tile; a game file answers
    # them with its ``final_actions``.
    trigger = next(
        (e.player for e in reversed(state.events) if e.kind == "tile-placed"), state.players[-1]
    )
    final_turn = Turn(state.turn_number + 1, trigger)
    if final_scoring:
        state.turn = final_turn
        state.turn_number += 1
        state.step = "final"
        state.emit(
            "final-scoring",
            rule="base.final",
            text=(
                Said(
                    msg="All tiles are placed: the game ends, and incomplete features and farms score."
                )
                if finished
                else Said(
                    msg="The game file stops here and asks for scoring after the game as if no tiles were left."
                )
            ),
        )
        for m in state.modules:
            m.before_final_scoring(state)
        # every module lists what it scores, then each feature goes through the pipeline
        # (a module may take over the rule of one it did not list: the shrines a base game
        # lists with its cloisters)
        listed = [item for m in state.modules for item in m.final_features(state)]
        for feature, rule, what in listed:
            rule, what = _scoring_rule(state, feature, final=True) or (rule, what)
            score_feature(state, feature, rule=rule, what=what, final=True)
        for m in state.modules:
            m.final_scoring(state)
        state.turn = None
    controller.end_final(state, final_turn)
    state.over = True
    ranking = sorted(state.players, key=lambda p: -state.scores[p])
    top = state.scores[ranking[0]]
    winners = [p for p in ranking if state.scores[p] == top]
    summary = Joined([f"{p} {state.scores[p]}" for p in ranking], ", ")
    text: Any
    if final_scoring:
        if len(winners) == 1:
            verdict = Said(msg="{player} wins.", player=winners[0])
        else:
            # "A and B and C", as the English always said
            verdict = Said(msg="{players} share the victory.", players=Chained(winners))
        text = Said(msg="Final scores: {summary}. {verdict}", summary=summary, verdict=verdict)
    else:
        text = Said(
            msg="Scores so far: {summary} (the game file ends before the game does).",
            summary=summary,
        )
    state.emit(
        "game-end",
        rule="base.final" if final_scoring else "",
        text=text,
        data={"scores": dict(state.scores), "final": bool(final_scoring)},
    )


# packed (carc_teach.events.Packed): one of the four events of nearly every turn, whose
# emit below gives the values in the order of the names
_TILE_DRAWN = Packed(Said(msg="{player} draws tile {tile} ({name})."), "player", "tile", "name")


def _draw_tile(state: GameState, controller: Controller, turn: Turn) -> None:
    """1B: draw until a tile fits somewhere (unplaceable tiles are set aside), or play one
    instead of drawing (the abbey); the tile is ``turn.tile``. Raises :class:`NoTileLeft` when
    the tiles run out before one fits (the game ends).

    Whoever plays answers the draw, as any decision: the controller says which move a draw
    belongs to (:meth:`~carc_teach.controllers.Controller.start_draw`), which tile is drawn
    when the set-up gives no order (``draw``, also told of a tile played instead of drawing)
    and whether the tile drawn fits (``drawn``; the same player draws again when it does
    not). A game file's checks of what its moves say are all in
    :class:`~carc_teach.controllers.MoveListController`."""
    known_order = state.setup.tile_order is not None or state.setup.seed is not None
    player = turn.player
    while True:
        controller.start_draw(state, turn)
        instead = None
        for hook in state.hooks.play_instead_of_draw:
            instead = hook(state, turn)
            if instead is not None:
                break
        if instead is not None:
            controller.draw(state, turn, instead)
            turn.tile = instead
            if not state.board.can_place(instead):
                raise IllegalMoveError(
                    phrase("tile {tile} fits nowhere on the board", tile=instead.id),
                    move=state.move_number,
                    field="tile",
                )
            return
        tile = _take_tile(state, state.bag.pop() if known_order else controller.draw(state, turn))
        turn.tile = tile
        state.emit(
            "tile-drawn",
            player=player,
            tile=tile.id,
            rule="base.draw",
            text=(_TILE_DRAWN, player, tile.id, TileName(tile.name)),
        )
        if controller.drawn(state, turn, tile, known_order):
            return
        state.emit(
            "tile-discarded",
            player=player,
            tile=tile.id,
            rule="base.place.discard",
            text=Said(
                msg="Tile {tile} fits nowhere on the board, so {player} sets it aside and draws again.",
                tile=tile.id,
                player=player,
            ),
        )
        if known_order and not state.bag:
            raise NoTileLeft


# the prompts of the two decisions of every turn, said only when read (actions.Decision)
_PLACE_PROMPT = N_("{player} places tile {tile}")


def _placement_decision(state: GameState, turn: Turn, tile: TileType) -> Decision:
    board = state.board
    # a simulated player's draw has listed the placements already; a game file's move is
    # checked without listing them
    known = board.known_placements(tile)
    return Decision(
        turn.player,
        "place",
        known if known is not None else lambda: board.legal_placements(tile),
        rule="base.place",
        prompt=(_PLACE_PROMPT, {"player": turn.player, "tile": tile.id}),
        explain=lambda p: board.placement_problem(tile, p),
        accepts=("place",),
    )


def deployment_options(state: GameState, turn: Turn) -> list[Deploy]:
    """The deployments step 2B offers: every module's, then every module's filter."""
    return state.deployment_options(turn)


_DEPLOY_PROMPT = N_("{player} may deploy a figure")


def _deployment_decision(state: GameState, turn: Turn) -> Decision:
    options = state.deployment_options(turn)  # (deployment_options above, without its call)
    return Decision(
        turn.player,
        "deploy",
        options,
        rule="base.deploy",
        optional=True,
        prompt=(_DEPLOY_PROMPT, {"player": turn.player}),
        # asked while the decision is open, in its own turn (state.turn): holding the turn
        # here would tie it in a reference cycle through turn.answers, which only the cycle
        # collector frees
        explain=lambda action: (
            None if action in options else why_not_deployable(state, state.turn, action)
        ),
        accepts=("deploy",),
    )


def why_not_deployable(state: GameState, turn: Turn | None, action: Any) -> Refusal:
    """Why a deployment is not among the legal ones of ``turn`` (the active player's): the
    rule that refuses it, with its footnotes and options (:meth:`GameState.deployment_refusal`)."""
    return state.deployment_refusal(turn, action)


class NoTileLeft(Exception):
    """Step 1B found no tile that fits before the tiles ran out: the game ends."""


def _play_turn(state: GameState, controller: Controller) -> bool:
    """Play one turn, step by step (:data:`TURN_STEPS`); False when the tiles ran out before
    one could be placed."""
    state.turn_number += 1
    number = state.turn_number
    extra = state.extra_turn
    if extra is not None:
        player, reason = extra
        state.extra_turn = None
    else:
        player = state.players[state.seat_turns % len(state.players)]
        state.seat_turns += 1
        reason = ""
    turn = Turn(number, player)
    turn.extra = extra is not None
    turn.extra_reason = reason
    state.turn = turn
    state.move_number = None
    steps = state.turn_steps
    if steps is None:
        steps = state.turn_steps = _steps_in_play(state)
    try:
        for step, run in steps:
            state.step = step
            run(state, controller, turn)
    except NoTileLeft:
        return False
    controller.end_turn(state, turn)
    state.turn = None
    return True


# packed, as _TILE_DRAWN above
_TURN_BEGINS = Packed(Said(msg="Turn {number}: {player} begins their turn."), "number", "player")


def _begin_turn(state: GameState, controller: Controller, turn: Turn) -> None:
    """1A: the turn begins (the builder's second tile says why the player plays again)."""
    player, number = turn.player, turn.number
    if not turn.extra:
        state.emit(
            "turn-begin",
            player=player,
            text=(_TURN_BEGINS, number, player),
        )
    else:
        state.emit(
            "turn-begin",
            player=player,
            text=Said(
                msg="Turn {number}: {player} plays again ({reason}).",
                number=number,
                player=player,
                reason=turn.extra_reason,
            ),
            data={"extra": True},
        )
    for hook in state.hooks.begin_turn:
        hook(state, turn)


# packed, as _TILE_DRAWN above
_TILE_PLACED = Packed(
    Said(msg="{player} places tile {tile} at ({x}, {y}), turned {rotation}°."),
    "player",
    "tile",
    "x",
    "y",
    "rotation",
)


def _place_tile(state: GameState, controller: Controller, turn: Turn) -> None:
    """1C: the player places the tile."""
    tile: TileType = turn.tile  # type: ignore[assignment]  # drawn in 1B
    player = turn.player
    # the answerer play() set, without GameState.ask's check that there is one
    placement = state.answer(state, _placement_decision(state, turn, tile))  # type: ignore[misc]
    assert isinstance(placement, Placement)
    change = state.board.add(tile, placement, check=False)
    turn.placed = change.placed
    turn.change = change
    x, y, rotation = placement.x, placement.y, placement.rotation  # where the tile now is
    state.emit(
        "tile-placed",
        player=player,
        tile=tile.id,
        pos=(x, y),
        rotation=rotation,
        rule="base.place",
        text=(_TILE_PLACED, player, tile.id, x, y, rotation),
        data={"note": turn.note} if turn.note else None,
    )
    hooks = state.hooks
    placed_hooks = hooks.after_placement
    if placed_hooks:
        # only those that can do anything for this tile type, when a module says which
        for_tile = hooks.for_tile
        if for_tile is not None:
            placed_hooks = (for_tile.get(tile.id) or for_tile.made(tile))[0]
        for hook in placed_hooks:
            hook(state, turn)


# packed, as _TILE_DRAWN above
_NO_DEPLOYMENT = Packed(Said(msg="{player} deploys no figure."), "player")
_CANNOT_DEPLOY = Packed(
    Said(msg="{player} cannot deploy a figure (no free feature on the tile, or no figure left)."),
    "player",
)


def _deploy(state: GameState, controller: Controller, turn: Turn) -> None:
    """2B: move the wood: the player may deploy a figure on the tile just placed."""
    player = turn.player
    decision = _deployment_decision(state, turn)
    choice = state.answer(state, decision)  # type: ignore[misc]
    if isinstance(choice, Pass):
        offered = len(decision.options)
        state.emit(
            "deploy-skipped",
            player=player,
            rule="base.deploy",
            text=(_NO_DEPLOYMENT, player) if offered else (_CANNOT_DEPLOY, player),
            data={"options": offered},
        )
    else:
        assert isinstance(choice, Deploy)
        state.hooks.by_id[choice.module].deploy(state, turn, choice)


def _after_deployment(state: GameState, controller: Controller, turn: Turn) -> None:
    """2C: resolve moving the wood (a challenge starts)."""
    hooks = state.hooks
    deployed_hooks = hooks.after_deployment
    # only those that can do anything for this tile type, when a module says which
    for_tile = hooks.for_tile
    tile = turn.tile
    if for_tile is not None and tile is not None:
        deployed_hooks = (for_tile.get(tile.id) or for_tile.made(tile))[2]
    for hook in deployed_hooks:
        hook(state, turn)


def _deploy_then_after_deployment(state: GameState, controller: Controller, turn: Turn) -> None:
    """2B and then 2C as one step of the driver, in a game where no module limits its
    ``after_deployment`` to some tile types (the shrines' default): :func:`_deploy`, then 2C's
    hooks with the step named here, so the driver's loop makes one step fewer at every turn
    (a game without such hooks has no 2C: this is work only an expansion game does), and no
    tile table is looked up."""
    _deploy(state, controller, turn)
    state.step = "2C"
    for hook in state.hooks.after_deployment:
        hook(state, turn)


def _identify_completed(state: GameState, controller: Controller, turn: Turn) -> None:
    """3A: the features the tile completed, each with the rule it scores under."""
    completed: list = []
    for identify in state.hooks.identify_completed:
        for f in identify(state, turn):
            if f not in completed:
                completed.append(f)
    turn.completed = completed
    rules: list[tuple[str, str] | None] = []
    for f in completed:
        f.scored = True
        rule_what = _scoring_rule(state, f)
        rules.append(rule_what)
        who = _who_is_on(state, f)
        state.emit(
            "feature-completed",
            player=turn.player,
            rule=rule_what[0] if rule_what else "",
            text=Said(
                msg="Placing tile {tile} completes {feature} ({who}).",
                tile=turn.tile.id,  # type: ignore[union-attr]
                feature=f.phrase(),
                who=who,
            ),
            feature=f.id,
            nodes=tuple(f.nodes),
            data={"kind": f.kind},
        )
    if rules:
        turn.scoring_rules = rules


def _turn_scorings(state: GameState, turn: Turn) -> list[Scoring]:
    """3B's scorings: each completed feature through the scoring pipeline, then the other
    scorings the tile sets off (a barn's farmers)."""
    scorings: list[Scoring] = []
    completed = turn.completed
    if completed:  # (most turns complete nothing: no zip to build)
        for f, rule_what in zip(completed, turn.scoring_rules, strict=True):
            if rule_what is not None:
                rule, what = rule_what
                scorings.append(score_feature(state, f, rule=rule, what=what, final=False))
    for extra_scorings in state.hooks.extra_scorings:
        scorings.extend(extra_scorings(state, turn))
    return scorings


def _resolve_completed(state: GameState, controller: Controller, turn: Turn) -> None:
    """3B: the turn's scorings (:func:`_turn_scorings`), then the ``after_completed`` hooks."""
    scorings = _turn_scorings(state, turn)
    for hook in state.hooks.after_completed:
        hook(state, turn, scorings)


def _resolve_completed_if_scored(state: GameState, controller: Controller, turn: Turn) -> None:
    """3B as :func:`_resolve_completed`, in a game whose first ``after_completed`` hooks act
    only after a scoring (``RuleModule.after_completed_if_scored``: the Count's, Abbey &
    Mayor's): in a turn in which nothing scored (most turns) they are left out, each call
    about 850 instructions, and ``state.unscored_turn`` says so. A step of its own, so that
    the games with no such hook (a base game) pay nothing for the test."""
    scorings = _turn_scorings(state, turn)
    hooks = state.hooks
    after = hooks.after_completed
    if not scorings and state.last_points_turn != turn.number:
        after = hooks.after_completed_unscored
        state.unscored_turn = turn.number
    for hook in after:
        hook(state, turn, scorings)


def _tile_scoring(state: GameState, controller: Controller, turn: Turn) -> None:
    """3C: scoring the tile itself sets off."""
    for hook in state.hooks.tile_scoring:
        hook(state, turn)


def _tile_actions(state: GameState, controller: Controller, turn: Turn) -> None:
    """4A: actions the tile allows."""
    for hook in state.hooks.tile_actions:
        hook(state, turn)


def _end_turn(state: GameState, controller: Controller, turn: Turn) -> None:
    """4B: the turn ends; a module may grant the same player another (the builder)."""
    hooks = state.hooks
    for hook in hooks.end_turn:
        hook(state, turn)
    for extra_turn in hooks.extra_turn:
        reason = extra_turn(state, turn)
        if reason:
            state.extra_turn = (turn.player, reason)
            break


#: A step of a turn: the engine's part of the step and the hooks of the modules in play that
#: join it (1B raises :class:`NoTileLeft` when the tiles run out: the game ends).
TurnStep = Callable[[GameState, "Controller", Turn], None]

#: The turn, step by step, as the Scoring During Turn Sequence names the steps
#: (docs/architecture.md, "Turn steps"). A rule module joins a step through its hooks
#: (:class:`carc_teach.rules.Hooks`: 1A ``begin_turn``, 1B ``play_instead_of_draw``, 1C
#: ``after_placement``, 2B ``deployment_options`` / ``filter_deployments`` / ``deploy``, 2C
#: ``after_deployment``, 3A ``identify_completed``, 3B the scoring pipeline, 3C
#: ``tile_scoring``, 4A ``tile_actions``, 4B ``end_turn`` / ``extra_turn``); step 2A has no
#: hook of its own yet. After the last turn comes ``final`` (:func:`_end`).
TURN_STEPS: tuple[tuple[str, TurnStep], ...] = (
    ("1A", _begin_turn),
    ("1B", _draw_tile),
    ("1C", _place_tile),
    ("2B", _deploy),
    ("2C", _after_deployment),
    ("3A", _identify_completed),
    ("3B", _resolve_completed),
    ("3C", _tile_scoring),
    ("4A", _tile_actions),
    ("4B", _end_turn),
)

#: the steps that only call their modules' hooks, by the hooks they call: a game none of whose
#: modules has such a hook skips the step (nothing can happen in it). Not 4B: what the
#: controller does at the end of the turn belongs to it
_HOOK_ONLY_STEPS: dict[TurnStep, tuple[str, ...]] = {
    _after_deployment: ("after_deployment",),
    _tile_scoring: ("tile_scoring",),
    _tile_actions: ("tile_actions",),
}


def _steps_in_play(state: GameState) -> tuple[tuple[str, TurnStep], ...]:
    """:data:`TURN_STEPS` less the steps no module in play takes part in; 3B leaving out the
    ``after_completed`` hooks that act only after a scoring in a turn in which nothing scored,
    when the game's begin with such a hook (either form is right for any hooks: one calls
    every hook, the other leaves out only what :attr:`Hooks.after_completed_unscored` does);
    2C joined to 2B, without its tile table, when no module gives a tile test for
    ``after_deployment``. Worked out from the kind's hooks, not this game's (which may have
    retired some at set-up and resume them later), once a game."""
    hooks = state.hooks.kind_hooks
    steps = tuple(
        (step, run)
        for step, run in TURN_STEPS
        if run not in _HOOK_ONLY_STEPS
        or any(getattr(hooks, name) for name in _HOOK_ONLY_STEPS[run])
    )
    after = hooks.after_completed
    if after and len(hooks.after_completed_unscored) < len(after):
        steps = tuple(
            (step, _resolve_completed_if_scored if run is _resolve_completed else run)
            for step, run in steps
        )
    if hooks.after_deployment and not _tested_after_deployment(hooks):
        steps = tuple(
            (step, _deploy_then_after_deployment if run is _deploy else run)
            for step, run in steps
            if run is not _after_deployment
        )
    return steps


def _tested_after_deployment(hooks: Hooks) -> bool:
    """Whether a module of the kind limits its ``after_deployment`` to some tile types (the
    tests are the kind's: a game's retirements only leave hooks out, and a hook called for a
    tile its test would fail does nothing)."""
    for_tile = hooks.for_tile
    if for_tile is None:
        return False
    tests = for_tile.tests.tests
    return any(hook in tests for hook in hooks.kind_hooks.after_deployment)


def _who_is_on(state: GameState, feature: Any) -> Said:
    """'knights on it: Alice 1, Bob 2' (apart from _play_turn, which would otherwise keep the
    counts in a cell at every turn)."""
    counts: dict[str, int] = {}
    for fig in feature.figures:
        if fig.player is not None:
            counts[fig.player] = counts.get(fig.player, 0) + 1
    if not counts:
        return Said(msg="nobody has a figure on it")
    role = ROLE_NAMES.get(feature.role_kind, "figure")
    roles = ROLE_PLURALS.get(role, role + "s")  # a game word of events.GAME_TERMS
    # a loop, not a list comprehension (a call of its own, and ``counts`` a cell): this is
    # said at each completion, about twice as many an Abbey & Mayor game as a base game
    said = []
    for p in state.players:
        if p in counts:
            said.append(f"{p} {counts[p]}")
    return Said(msg="{roles} on it: {counts}", roles=Word(roles), counts=", ".join(said))


def _scoring_rule(state: GameState, feature, *, final: bool = False) -> tuple[str, str] | None:
    # the last module in play with an answer decides (an expansion over the base game)
    for scoring_rule in reversed(state.hooks.scoring_rule):
        found = scoring_rule(state, feature, final=final)
        if found is not None:
            return found
    return None

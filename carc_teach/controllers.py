"""Controllers: who answers the engine's decisions.

Every controller has one method that matters, ``choose(state, decision)``, returning one of
the decision's options or ``PASS``. :class:`MoveListController` reads the moves of a game file
and checks each answer against the rules; :class:`RandomController` picks uniformly among
the legal options (seeded); :class:`GreedyController` looks one placement ahead. The two
players record what they did as game-file moves, so every simulated game can be saved and
replayed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import ACTION_TYPES, PASS, ActionError, Decision, Pass
from .board import Placement
from .errors import IllegalMoveError, Refusal, nphrase, phrase
from .events import term
from .figures import kind_of
from .frozen import fast_constructor
from .geometry import NEIGHBOUR_OFFSETS, SURROUNDING_OFFSETS, edge_links
from .setup import Move
from .tiles import orient

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action, WrittenAction
    from .features import Feature
    from .state import GameState, Turn
    from .tiles import Segment, TileType

__all__ = [
    "Controller",
    "MoveListController",
    "RandomController",
    "GreedyController",
    "read_moves",
]


class Controller:
    """Answers decisions. Subclasses override :meth:`choose`.

    The turn driver calls these members, the same for every controller (a game file's, a
    simulated player's, a notebook's): :meth:`exhausted` before each turn, :meth:`start_draw`,
    :meth:`draw` (only when the set-up gives no tile order, or a tile is played instead of
    drawing) and :meth:`drawn` in step 1B, :meth:`choose` for every decision,
    :meth:`end_turn` after step 4B and :meth:`end_final` after scoring after the game.
    """

    #: whether every answer is one of the decision's options or PASS by construction (the
    #: engine then does not check it again)
    picks_options = False

    def choose(self, state: GameState, decision: Decision) -> Action:  # pragma: no cover
        raise NotImplementedError

    def exhausted(self, state: GameState) -> bool:
        """Whether the player has no more moves (a game file's end): the game stops there.
        Asked before every turn, also when no tile is left."""
        return False

    # -- the draw (step 1B) ---------------------------------------------------------------
    def start_draw(self, state: GameState, turn: Turn) -> None:
        """A draw begins (again, after a tile was set aside): the move it belongs to."""
        state.move_number = turn.number

    def draw(self, state: GameState, turn: Turn, instead: TileType | None = None) -> str:
        """The id of the tile the player draws when the set-up gives no tile order or seed (a
        game file's move names it). Given ``instead``, the player plays that tile instead of
        drawing (the abbey): the controller checks it against what it said (the return value
        is then not used)."""
        if instead is not None:
            return instead.id
        raise IllegalMoveError(
            phrase("the set-up gives no tile order or seed, so every move must name its tile"),
            move=state.move_number,
            field="tile",
        )

    def drawn(self, state: GameState, turn: Turn, tile: TileType, known_order: bool) -> bool:
        """Whether the tile just drawn fits somewhere; when it does not, it is set aside and
        the same player draws again. A simulated player lists every placement, since it is
        about to choose among them."""
        return bool(state.board.legal_placements(tile))

    # -- the end of a turn and of the game -----------------------------------------------
    def end_turn(self, state: GameState, turn: Turn) -> None:
        """Called after step 4B of every turn."""

    def end_final(self, state: GameState, turn: Turn) -> None:
        """Called once scoring after the game is done (or, when the game is not scored, once
        it ends); ``turn`` holds the decisions asked during it."""


class MoveListController(Controller):
    """Plays the moves of a game file, checking each answer against the rules."""

    picks_options = True  # checks each answer itself, with messages naming the move

    def __init__(
        self,
        moves: Sequence[Move],
        start: int = 0,
        final_actions: Sequence[dict[str, Any]] | Move = (),
    ) -> None:
        #: the moves, their actions read once (see :func:`read_moves`): as the file was
        #: loaded, or here for moves made in code
        self.moves = list(moves)
        self.next = start
        self._action = 0
        #: the next take_move reads the same move again (see unread_move)
        self._reread = False
        #: action index -> (why the decision that could have taken it refused it, that
        #: decision, the action read)
        self._refused: dict[int, tuple[Refusal, Decision, Action]] = {}
        # a game's final actions, read already, or their JSON, read when the game ends
        self._final = (
            final_actions
            if isinstance(final_actions, Move)
            else Move(number=0, actions=tuple(final_actions), final=True)
        )

    def _final_move(self, turn: Turn) -> Move:
        """The file's ``final_actions``, as the move of the turn of scoring after the game."""
        if self._final.typed_actions is None:
            self._final = read_moves((self._final,))[0]
        self._action = 0
        self._refused = {}
        turn.move = self._final
        return self._final

    def end_final(self, state: GameState, turn: Turn) -> None:
        if turn.move is None:  # no decision asked during scoring after the game
            self._final_move(turn)
        self.end_turn(state, turn)

    # -- the moves ------------------------------------------------------------------------
    def exhausted(self, state: GameState) -> bool:
        if self.next >= len(self.moves):
            return True
        setup = state.setup
        if not state.bag and (setup.tile_order is not None or setup.seed is not None):
            left = self.moves_left()
            raise IllegalMoveError(
                phrase("no tiles are left to draw, but the file has {n} more move(s)", n=len(left)),
                move=left[0].number,
            )
        return False

    # -- the draw: the file's move names (or agrees with) the tile --------------------------
    def start_draw(self, state: GameState, turn: Turn) -> None:
        if self.exhausted(state):
            raise IllegalMoveError(
                phrase(
                    "the game file ends in the middle of a turn: after a tile is set aside the "
                    "same player draws again and needs a move"
                ),
                move=self.last_move_number(),
            )
        move = self.take_move(state)
        state.move_number = move.number
        turn.move = move
        turn.note = move.note
        if move.player is not None and move.player != turn.player:
            raise IllegalMoveError(
                phrase(
                    "it is {player}'s turn (turn {turn}), not {other}'s",
                    player=turn.player,
                    turn=turn.number,
                    other=move.player,
                ),
                move=move.number,
                field="player",
            )

    def draw(self, state: GameState, turn: Turn, instead: TileType | None = None) -> str:
        move = turn.move
        assert move is not None  # start_draw took it
        if instead is not None:
            if move.tile is not None and move.tile != instead.id:
                raise IllegalMoveError(
                    phrase(
                        "the move names tile {tile}, but its player plays {other} instead of "
                        "drawing",
                        tile=move.tile,
                        other=instead.id,
                    ),
                    move=move.number,
                    field="tile",
                )
            return instead.id
        # without a tile order the move names the tile (the engine checks it is one left);
        # with one, whether the move names the tile drawn depends on its fitting (see drawn)
        self._check_named_instead(state, turn, move, passed_is_error=True)
        if move.tile is None:
            raise IllegalMoveError(
                phrase("the set-up gives no tile order or seed, so every move must name its tile"),
                move=move.number,
                field="tile",
            )
        return move.tile

    def drawn(self, state: GameState, turn: Turn, tile: TileType, known_order: bool) -> bool:
        # the move is checked without listing every placement
        fits = state.board.can_place(tile)
        move = turn.move
        assert move is not None  # start_draw took it
        if move.tile is not None and move.tile != tile.id:
            # With a known order a player may first draw, see the tile set aside (it fits
            # nowhere) and then play their abbey: the move names the abbey, its actions pass
            # the first offer. If the drawn tile fits, the move names another tile than the
            # order gives (below).
            self._check_named_instead(state, turn, move, passed_is_error=False)
        if move.tile is not None and move.tile != tile.id and (fits or move.discard):
            raise IllegalMoveError(
                phrase(
                    "the tile order gives tile {tile} here, but the move names {other}",
                    tile=tile.id,
                    other=move.tile,
                ),
                move=move.number,
                field="tile",
            )
        if fits and move.discard:
            n = len(state.board.legal_placements(tile))
            raise IllegalMoveError(
                nphrase(
                    "tile {tile} cannot be set aside: it fits in {n} place",
                    "tile {tile} cannot be set aside: it fits in {n} places",
                    n,
                    tile=tile.id,
                ),
                move=move.number,
                field="discard",
            )
        if not fits and not move.discard and not known_order:
            raise IllegalMoveError(
                phrase(
                    "tile {tile} fits nowhere on the board; write the move as "
                    '{{"tile": "{tile}", "discard": true}} and give the next tile drawn in the '
                    "next move",
                    tile=tile.id,
                ),
                move=move.number,
                field="tile",
            )
        if not fits and not move.discard:
            # With a known order the engine sets the tile aside itself; the move is for the
            # next tile.
            self.unread_move()
        return fits

    def _check_named_instead(
        self, state: GameState, turn: Turn, move: Move, passed_is_error: bool
    ) -> None:
        """The move names a tile of a player's own (the abbey), played instead of drawing,
        but none was played: why (the modules in play say, from the last), or, when the
        player could have played it and passed the offer (``passed_is_error``), that the
        move needs the offer's action."""
        tile = state.tile_types.get(move.tile) if move.tile is not None else None
        if tile is None or not tile.per_player:
            return
        for m in reversed(state.modules):
            why = m.explain_instead(state, turn, tile)
            if why:
                raise IllegalMoveError(
                    phrase("the move plays the {tile}, but {why}", tile=tile.id, why=why),
                    move=move.number,
                    field="tile",
                    refusal=why,
                )
        if not passed_is_error:
            return
        offer = next((d for d, a in reversed(turn.answers) if isinstance(a, Pass)), None)
        action = (
            phrase('the action {{"type": "{kind}"}}', kind=offer.accepts[0])
            if offer
            else phrase("its action")
        )
        raise IllegalMoveError(
            phrase(
                'the move names tile "{tile}": playing the {tile} instead of drawing needs '
                "{action} first in its actions",
                tile=tile.id,
                action=action,
            ),
            move=move.number,
            field="tile",
        )

    def take_move(self, state: GameState) -> Move:
        move = self.moves[self.next]
        if move.typed_actions is None:  # made in code: read its actions once
            move = self.moves[self.next] = read_moves((move,))[0]
        self.next += 1
        if self._reread:
            # the same move again after the engine set a drawn tile aside: the answers it
            # already gave in this turn (an abbey offer passed before drawing) stay given
            self._reread = False
        else:
            self._action = 0
            self._refused = {}
        return move

    def unread_move(self) -> None:
        self.next -= 1
        self._reread = True

    def moves_left(self) -> list[Move]:
        return self.moves[self.next :]

    def last_move_number(self) -> int | None:
        return self.moves[-1].number if self.moves else None

    # -- answers --------------------------------------------------------------------------
    def choose(self, state: GameState, decision: Decision) -> Action:
        turn = state.turn
        assert turn is not None
        move = turn.move
        if move is None:  # the first decision asked during scoring after the game
            move = self._final_move(turn)
        if decision.kind == "place":
            return self._placement(move, turn, decision)
        actions: tuple[WrittenAction, ...] = move.typed_actions  # type: ignore[assignment]
        i = self._action
        if i < len(actions):
            written = actions[i]
            player = written.player or turn.player
            action = written.action
            kind = action.type
            if player == decision.player:
                if kind == "pass" and action.decision in (None, decision.kind):  # type: ignore[attr-defined]
                    if not decision.optional:
                        raise IllegalMoveError(
                            Refusal(
                                decision.rule or decision.kind,
                                phrase(
                                    "{player} cannot pass on the {kind} decision",
                                    player=decision.player,
                                    kind=decision.kind,
                                ),
                            ),
                            move=_number(move),
                            **move.locate_action(i, "type"),
                        )
                    self._action += 1
                    return PASS
                if kind in decision.accepts:
                    answer = self._answer(state, move, i, action, decision)
                    if answer is not None:
                        self._action += 1
                        return answer
        if decision.optional:
            return PASS
        raise IllegalMoveError(
            Refusal(
                decision.rule or decision.kind,
                phrase(
                    "{player} must answer a {kind} decision here ({prompt}), but the move gives "
                    "no such action",
                    player=decision.player,
                    kind=decision.kind,
                    prompt=decision.prompt or decision.rule,
                ),
            ),
            move=_number(move),
            **move.locate_action(i),
        )

    def _placement(self, move: Move, turn: Turn, decision: Decision) -> Placement:
        for name in ("x", "y", "rotation"):
            if getattr(move, name) is None:
                raise IllegalMoveError(
                    phrase("'{name}' is required to place the tile", name=name),
                    move=move.number,
                    field=name,
                )
        p = Placement(move.x, move.y, move.rotation)  # type: ignore[arg-type]
        problem = decision.problem(p)
        if problem:
            assert turn.tile is not None
            raise IllegalMoveError(
                phrase(
                    "tile {tile} cannot go at ({x}, {y}) rotated {rotation}: {problem}",
                    tile=turn.tile.id,
                    x=p.x,
                    y=p.y,
                    rotation=p.rotation,
                    problem=problem,
                ),
                move=move.number,
                field="x",
                refusal=problem,
            )
        return p

    def _answer(
        self, state: GameState, move: Move, i: int, action: Action, decision: Decision
    ) -> Action | None:
        turn = state.turn
        assert turn is not None
        try:
            action = action.resolved(turn.placed, state.board)
        except ActionError as exc:
            raise IllegalMoveError(
                exc.reason, move=_number(move), **move.locate_action(i, exc.field)
            ) from None
        problem = decision.problem(action)
        if problem is not None:
            if decision.optional:
                # not this decision's answer: leave it for a later decision of the turn (a
                # deployment to the City of Carcassonne after the normal one was passed), and
                # say why it was refused here if none takes it. A refusal that only says "not
                # yet" gives way to a later decision's own reason.
                known = self._refused.get(i)
                if known is None or (known[0].later and not problem.later):
                    self._refused[i] = (problem, decision, action)
                return None
            raise IllegalMoveError(problem, move=_number(move), **move.locate_action(i))
        # the engine's own option carries what the file cannot say (the module offering it)
        for option in decision.options:
            if option == action:
                return option
        return action

    def end_turn(self, state: GameState, turn: Turn) -> None:
        move = turn.move
        assert move is not None
        if self._action < len(move.actions):
            if self._action in self._refused:
                problem, decision, action = self._refused[self._action]
                if problem.later:
                    # refused as too early: asked again now the turn is over, the rule can
                    # say why no later step took it (the City of Carcassonne stayed closed)
                    problem = decision.problem(action) or problem
                raise IllegalMoveError(
                    problem, move=_number(move), **move.locate_action(self._action)
                )
            written = move.typed_actions[self._action]  # type: ignore[index]
            who = written.player or turn.player
            kind = written.action.type
            refusal = _unasked(state, turn, written.action)
            if refusal is not None:
                raise IllegalMoveError(
                    refusal, move=_number(move), **move.locate_action(self._action)
                )
            asked = [(d, a) for d, a in turn.answers if d.kind != "place"]
            same = [d for d, _ in asked if kind in d.accepts or kind == "pass"]
            if any(d.player == who for d in same):
                why = phrase(
                    "{player}'s {kind} decision in this turn was already answered: this action "
                    "is left over",
                    player=who,
                    kind=repr(kind),
                )
            elif same:
                players = " and ".join(sorted({d.player for d in same}))
                why = phrase(
                    "{player} was not asked: the decision this {kind} would answer was asked of "
                    "{players}",
                    player=who,
                    kind=repr(kind),
                    players=players,
                )
            else:
                listed = ", ".join(f"{d.kind} by {d.player}" for d, _ in asked) or "none"
                why = phrase(
                    "no decision in this turn takes a {kind} action (the decisions asked were: "
                    "{listed})",
                    kind=repr(kind),
                    listed=listed,
                )
            raise IllegalMoveError(
                Refusal(
                    "base.deploy" if kind == "deploy" else "base",
                    phrase("an action nobody asked for: {why}", why=why),
                ),
                move=_number(move),
                **move.locate_action(self._action),
            )


def read_moves(moves: Sequence[Move]) -> tuple[Move, ...]:
    """The moves with their actions read into typed actions (:meth:`Move.read`; a move read
    already is itself), every rule module's action types registered first when a move names
    one not known yet (a move made in code, before its game imported its modules)."""
    if any(
        not isinstance(a, dict) or not known_action_type(a.get("type"))
        for m in moves
        if m.typed_actions is None
        for a in m.actions
    ):
        register_every_action_type()
    return tuple(m if m.typed_actions is not None else m.read() for m in moves)


def known_action_type(kind: Any) -> bool:
    """Whether ``kind`` names an action type registered so far."""
    return isinstance(kind, str) and kind in ACTION_TYPES


def register_every_action_type() -> None:
    """Import every expansion's rule module, so that the action types they register are all
    known, whichever modules this process happened to import before (the list an unknown
    type's error gives is then the same every time)."""
    from .rules import RULE_MODULES, module_class

    for expansion in RULE_MODULES:
        module_class(expansion)


def _unasked(state: GameState, turn: Turn, written: Action) -> Refusal | None:
    """Why a rule kept any decision from taking this action in this turn (nobody may leave
    the Count's quarter, a wagon moves only after its feature scored), asked of the modules
    in play from the last; None when no rule has a reason."""
    try:
        action = written.resolved(turn.placed, state.board)
    except ActionError:
        return None
    for m in reversed(state.modules):
        refusal = m.explain_action(state, turn, action)
        if refusal is not None:
            return refusal
    return None


def _number(move: Move) -> int | None:
    """The move number errors name (None for the file's final actions)."""
    return None if move.final else move.number


#: a simulated player writes a move every turn (see carc_teach.frozen)
_new_move = fast_constructor(Move)


class _Recorder(Controller):
    """A simulated player that writes what it did as game-file moves."""

    def __init__(self) -> None:
        self.moves: list[Move] = []
        #: answers given during scoring after the game, as a file's ``final_actions``
        self.final_actions: tuple[dict[str, Any], ...] = ()

    def start_draw(self, state: GameState, turn: Turn) -> None:
        state.move_number = len(self.moves) + 1

    def end_final(self, state: GameState, turn: Turn) -> None:
        self.final_actions = tuple(_written(turn, None))

    def end_turn(self, state: GameState, turn: Turn) -> None:
        placed = turn.placed
        assert placed is not None and turn.tile is not None
        x, y = placed.x, placed.y
        # Move's first fields by position: number, tile, x, y, rotation, actions
        self.moves.append(
            _new_move(
                len(self.moves) + 1,
                turn.tile.id,
                x,
                y,
                placed.tile.rotation,
                tuple(_written(turn, (x, y))),
            )
        )


def _written(turn: Turn, at: tuple[int, int] | None) -> list[dict[str, Any]]:
    """The answers of a turn as a game file's actions (passes only where needed)."""
    written: list[dict[str, Any]] = []
    following: tuple[str, str] | None = None  # (player, type) of the next written action
    for decision, answer in reversed(turn.answers):
        if decision.kind == "place":
            continue
        if isinstance(answer, Pass):
            # written only where the next action would otherwise answer this decision
            if (
                following is None
                or following[0] != decision.player
                or following[1] not in decision.accepts
            ):
                continue
            data = Pass(decision.kind).to_json(at=at)
        else:
            data = answer.to_json(at=at)
        if decision.player != turn.player:
            data = {
                "type": data["type"],
                "player": decision.player,
                **{k: v for k, v in data.items() if k != "type"},
            }
        written.append(data)
        following = (decision.player, data["type"])
    written.reverse()
    return written


class RandomController(_Recorder):
    """A seeded random player: uniform over the legal options of every decision, passing
    counted as one more option when the decision is optional.

    ``deploy_bias`` (None: uniform) is the chance of answering an optional decision at all.
    """

    picks_options = True

    def __init__(self, rng: random.Random, deploy_bias: float | None = None) -> None:
        super().__init__()
        self.rng = rng
        self.deploy_bias = deploy_bias

    def choose(self, state: GameState, decision: Decision) -> Action:
        options = decision.options
        # counted once: the legal placements count themselves in Python code
        n = len(options)
        if not n:
            return PASS
        # options[rng.randrange(n)] is the draw rng.choice(options) makes, without counting
        # the options again
        if not decision.optional:
            return options[self.rng.randrange(n)]
        if self.deploy_bias is None:
            k = self.rng.randrange(n + 1)
            return options[k] if k < n else PASS
        if self.rng.random() >= self.deploy_bias:
            return PASS
        return options[self.rng.randrange(n)]


@dataclass
class _SegmentPreview:
    """What one segment of a tile would become if the tile went to a given square."""

    segment: Segment
    node: tuple[int, int, str]
    joined: list[Feature]  # existing features it would merge with
    open_after: int
    tiles_after: int
    pennants_after: int


class GreedyController(RandomController):
    """Places where the immediate gain (own points, minus others', plus a good deployment) is
    largest, and answers the expansions' decisions by what they are worth to it now:

    - the turn's deployment: the follower planned with the placement, or instead a barn on the
      corner whose farm pays most (:meth:`_barn_value`), a mayor into a city with pennants, a
      wagon where a follower would go;
    - the Count (``count.deploy``): the quarter from which a waiting figure could take over or
      share the most valuable unfinished feature of its kind; ``count.move``: the quarter where
      the other players keep the most figures waiting (he blocks them), never its own;
    - a redeployment before a scoring or after the game: a figure that makes it win or share a
      feature, the one that gains most (:meth:`_join`); passing when none gains;
    - a wagon's move: the unfinished feature worth most to it (:meth:`_wagon`);
    - the abbey: played as soon as a hole is open.

    Every choice leaves ``reason``, one sentence saying why (Play's hint shows it). Other
    decisions are answered at random. Deterministic for its generator: the random draws
    only break ties. Never changes the state while looking ahead.

    It plays a plausible, not a strong, game: good enough for example games whose scores look
    like a real table's.
    """

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._planned: tuple[int, int, str] | None = None
        self._planned_value = 0.0
        self._deploy_value = 0.0
        #: why the last answer, in words ("" for an answer made at random)
        self.reason = ""

    def choose(self, state: GameState, decision: Decision) -> Action:
        self.reason = ""
        kind = decision.kind
        if kind == "place":
            return self._place(state, decision)
        if kind == "deploy":
            return self._deploy(state, decision)
        if kind == "count.deploy":
            return self._count_deploy(state, decision)
        if kind == "count.move":
            return self._count_move(state, decision)
        if kind in ("count.redeploy", "count.final"):
            return self._join(state, decision)
        if kind == "wagon.move":
            return self._wagon(state, decision)
        if kind == "abbey-mayor.abbey" and decision.options:
            self.reason = phrase(
                "a space with tiles on all four sides is open, and the abbey fills it, closing "
                "what ends against it"
            )
            return decision.options[0]
        return super().choose(state, decision)

    # -- the turn's deployment -----------------------------------------------------------
    def _deploy(self, state: GameState, decision: Decision) -> Action:
        planned, self._planned = self._planned, None
        planned_value, self._planned_value = self._planned_value, 0.0
        options = decision.options
        follower = next((o for o in options if o.node == planned and o.figure == "follower"), None)
        best: Action = PASS if follower is None else follower
        best_value = planned_value if follower is not None else 0.0
        if follower is not None:
            self.reason = phrase("the best place for a follower it found when it chose the square")
        features = state.board.features
        # a mayor or a wagon where the follower would go: the mayor counts the city's pennants,
        # the wagon rolls on once its feature scores; either keeps a follower in the supply
        if follower is not None:
            feature = features.feature_of(planned)
            for o in options:
                if o.node != planned:
                    continue
                if o.figure == "mayor" and feature.kind == "city" and feature.pennants >= 1:
                    best = o
                    self.reason = phrase(
                        "a mayor counts one per pennant, and this city has {n}: as strong as a "
                        "follower or more, and the follower stays in the supply",
                        n=feature.pennants,
                    )
                    break
                if o.figure == "wagon":
                    best = o
                    self.reason = phrase(
                        "a wagon holds the {kind} as a follower would and rolls on to another "
                        "feature once it scores",
                        kind=term(feature.kind),
                    )
        elif state.in_supply(decision.player, "mayor") is not None:
            for o in options:
                if o.figure != "mayor" or o.node is None:
                    continue
                feature = features.feature_of(o.node)
                if feature.kind == "city" and feature.pennants >= 2 and not feature.figures:
                    worth = 1.2 * (feature.size + feature.pennants)
                    if worth > best_value:
                        best, best_value = o, worth
                        self.reason = phrase(
                            "the city has {n} pennants, so a mayor there counts as {n} followers",
                            n=feature.pennants,
                        )
        for o in options:
            if o.figure != "barn":
                continue
            value, why = self._barn_value(state, decision.player, o.to)
            if value > max(best_value, 3.5 if len(state.bag) > 20 else 0.5):
                best, best_value, self.reason = o, value, why
        if isinstance(best, Pass) and not self.reason:
            self.reason = phrase("no deployment is worth a figure here")
        return best

    def _barn_value(self, state: GameState, me: str, corner: Any) -> tuple[float, Any]:
        """What a barn at ``corner`` is worth to ``me``: 4 per completed city after the game,
        and the farmers already there scored at once (3 per city to their majority)."""
        from .expansions.abbey_mayor.rules import farm_at_corner, farm_cities

        farm = farm_at_corner(state, corner)
        n, _ = farm_cities(state, farm)
        winners, _strengths = _majority(state, farm, farm.figures)
        now = 3 * n * ((me in winners) - sum(1 for w in winners if w != me))
        value = 4 * n + now
        if winners and n:
            return value, nphrase(
                "a barn at that corner earns {points} after the game for {n} completed city "
                "bordering its farm; the farmers there score now ({winners})",
                "a barn at that corner earns {points} after the game for {n} completed cities "
                "bordering its farm; the farmers there score now ({winners})",
                n,
                points=4 * n,
                winners=", ".join(winners),
            )
        return value, nphrase(
            "a barn at that corner earns {points} after the game for {n} completed city "
            "bordering its farm",
            "a barn at that corner earns {points} after the game for {n} completed cities "
            "bordering its farm",
            n,
            points=4 * n,
        )

    # -- the Count of Carcassonne --------------------------------------------------------
    def _count_deploy(self, state: GameState, decision: Decision) -> Action:
        from .expansions.count.rules import QUARTER_FEATURE, quarter_of

        me = decision.player
        values: dict[str, tuple[float, str]] = {}
        for o in decision.options:
            quarter = quarter_of(o.to)
            if quarter is None or quarter in values:
                continue
            values[quarter] = self._quarter_prospect(state, me, QUARTER_FEATURE[quarter])
        # the figure: a follower where one may go, else the first kind offered
        ranked = sorted(
            decision.options,
            key=lambda o: (
                -values.get(quarter_of(o.to) or "", (0.0, ""))[0],
                o.figure != "follower",
            ),
        )
        if not ranked:
            return PASS
        choice = ranked[0]
        quarter = quarter_of(choice.to) or ""
        value, why = values.get(quarter, (0.0, ""))
        followers = sum(1 for f in state.supply[me] if f.kind == "follower")
        if value <= 0 and followers <= 2:
            self.reason = phrase(
                "no unfinished feature could be taken over from the City, and it keeps its last "
                "followers for the board"
            )
            return PASS
        self.reason = why or phrase(
            "a figure waiting in the {quarter} may join a {kind} just before it scores",
            quarter=term(quarter),
            kind=term(QUARTER_FEATURE[quarter]),
        )
        return choice

    def _quarter_prospect(self, state: GameState, me: str, kind: str) -> tuple[float, str]:
        """How much one more waiting figure of ``me`` could win on an unfinished feature of
        ``kind``: the best feature where others lead by at most one."""
        best, why = 0.0, ""
        for f in state.board.features.features():
            if f.kind != kind or f.complete or f.scored or not f.figures:
                continue
            winners, strengths = _majority(state, f, f.figures)
            if not winners or me in winners and len(winners) == 1:
                continue
            lead = strengths[winners[0]]
            mine = strengths.get(me, 0)
            if mine + 1 < lead:
                continue
            worth = _points(state, f, final=kind == "field")
            if kind == "field":
                worth *= 0.5  # a farm pays only after the game
            gain = worth if mine + 1 > lead else worth * 0.6
            if gain > best:
                best = gain
                held = ", ".join(w for w in winners if w != me)
                if mine + 1 > lead:
                    why = phrase(
                        "a figure waiting there could take over {feature}, held by {held}, just "
                        "before it scores",
                        feature=f.describe(),
                        held=held,
                    )
                else:
                    why = phrase(
                        "a figure waiting there could share {feature}, held by {held}, just "
                        "before it scores",
                        feature=f.describe(),
                        held=held,
                    )
        return best, why

    def _count_move(self, state: GameState, decision: Decision) -> Action:
        from .expansions.count.rules import QUARTERS, count_quarter, quarter_occupants, quarter_of

        me = decision.player

        def blocked(quarter: str) -> tuple[int, int]:
            there = quarter_occupants(state, quarter)
            return (
                sum(1 for f in there if f.player not in (None, me)),
                sum(1 for f in there if f.player == me),
            )

        here = count_quarter(state)
        scores = {q: blocked(q) for q in QUARTERS}
        # the most of the others' figures blocked, the fewest of its own; staying wins ties
        best: Action = PASS
        best_key = (scores[here][0] - scores[here][1], -scores[here][1], 1) if here else (0, 0, 1)
        for o in decision.options:
            q = quarter_of(o.to)
            if q is None:
                continue
            others, mine = scores[q]
            key = (others - mine, -mine, 0)
            if key > best_key:
                best, best_key = o, key
        if isinstance(best, Pass):
            self.reason = phrase(
                "the Count blocks the {here} already, and no other quarter would keep more of "
                "the other players' figures (or fewer of its own) from leaving",
                here=term(here) if here else here,
            )
            return PASS
        q = quarter_of(best.to)  # type: ignore[union-attr]
        others, mine = scores[q]  # type: ignore[index]
        left_own = scores[here][1] if here else 0
        if others:
            why = nphrase(
                "in the {quarter} the other players keep {n} figure waiting ({player} {mine}): "
                "while the Count stands there, none of them may leave",
                "in the {quarter} the other players keep {n} figures waiting ({player} {mine}): "
                "while the Count stands there, none of them may leave",
                others,
                quarter=term(q),
                player=me,
                mine=mine,
            )
        else:
            why = phrase(
                "the {quarter} holds none of {player}'s figures", quarter=term(q), player=me
            )
        if left_own:
            why = phrase(
                "{why}; {again}",
                why=why,
                again=nphrase(
                    "{player}'s {n} figure in the {here} may leave again",
                    "{player}'s {n} figures in the {here} may leave again",
                    left_own,
                    player=me,
                    here=term(here),
                ),
            )
        self.reason = why
        return best

    def _join(self, state: GameState, decision: Decision) -> Action:
        """A redeployment (before a scoring, or after the game): the move that wins most."""
        me = decision.player
        final = decision.kind == "count.final"
        features = state.board.features
        best: Action = PASS
        best_gain = 0.0
        seen: dict[int, tuple[Any, ...]] = {}
        for o in decision.options:
            figure = state.figures.get(o.figure)
            if figure is None or not isinstance(o.to, tuple):
                continue
            feature = features.feature_of(o.to)
            key = id(feature)
            if key not in seen:
                seen[key] = (
                    _majority(state, feature, feature.figures),
                    _points(state, feature, final=final),
                )
            (before, _), worth = seen[key]
            after, _ = _majority(state, feature, [*feature.figures, figure])
            gain = worth * (
                (me in after)
                - (me in before)
                - 0.5 * (sum(1 for p in after if p != me) - sum(1 for p in before if p != me))
            )
            if not gain and before == [me] and not final:
                # it wins alone anyway: the figure joins and comes home with the scoring, worth
                # it when few followers are left in the supply
                left = sum(1 for f in state.supply[me] if f.kind == "follower")
                gain = 0.3 if left <= 2 else 0.0
            # of equal gains, the weakest figure that does it (a follower before a big one)
            gain -= 0.01 * kind_of(figure.kind).strength
            if gain > best_gain + 1e-9:
                best, best_gain = o, gain
                if me in before:
                    self.reason = phrase(
                        "{player} wins {feature} anyway, and the figure comes back to the "
                        "supply with the scoring, which has few followers left",
                        player=me,
                        feature=feature.describe(),
                    )
                elif len(after) > 1:
                    self.reason = nphrase(
                        "with it {player} shares {feature}, worth {n} point",
                        "with it {player} shares {feature}, worth {n} points",
                        worth,
                        player=me,
                        feature=feature.describe(),
                    )
                else:
                    self.reason = nphrase(
                        "with it {player} wins {feature}, worth {n} point",
                        "with it {player} wins {feature}, worth {n} points",
                        worth,
                        player=me,
                        feature=feature.describe(),
                    )
        if isinstance(best, Pass):
            self.reason = phrase("no figure waiting in the City would win or share a feature")
        return best

    def _wagon(self, state: GameState, decision: Decision) -> Action:
        """A wagon's move: onto the unfinished feature worth most to it."""
        features = state.board.features
        best: Action | None = None
        best_worth = -1.0
        for o in decision.options:
            if not isinstance(o.to, tuple):
                continue
            feature = features.feature_of(o.to)
            worth = _points(state, feature, final=True)
            if feature.kind == "city":
                worth += worth / (1 + feature.open_edges)  # twice as much once closed
            if worth > best_worth:
                best, best_worth = o, worth
                now = _points(state, feature, final=True)
                self.reason = nphrase(
                    "{feature} is the unfinished feature worth most to the wagon: {n} point as "
                    "it stands, more once it is finished",
                    "{feature} is the unfinished feature worth most to the wagon: {n} points as "
                    "it stands, more once it is finished",
                    now,
                    feature=feature.describe(),
                )
        if best is None:
            back = next((o for o in decision.options if getattr(o, "to", 0) is None), None)
            self.reason = phrase("no feature is open to the wagon")
            return back if back is not None else PASS
        return best

    # -- looking ahead -------------------------------------------------------------------
    def _preview(
        self, state: GameState, tile_type: TileType, p: Placement
    ) -> list[_SegmentPreview]:
        tile = orient(tile_type, p.rotation)
        features = state.board.features
        joined: list[list[Feature]] = [[] for _ in tile.segments]
        matched = [0] * len(tile.segments)
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
            other = state.board.tiles.get((p.x + dx, p.y + dy))
            if other is None:
                continue
            for i, j, whole_side in edge_links(tile, other.tile, side):
                f = features.feature_of((other.x, other.y, other.tile.segments[j].id))
                if whole_side:
                    matched[i] += 1
                if f not in joined[i]:
                    joined[i].append(f)
        out = []
        for i, seg in enumerate(tile.segments):
            # the square is empty, so no feature covers it yet: one feature joined covers
            # its size (kept by the feature), several may share squares
            parts = joined[i]
            if not parts:
                size = 1
            elif len(parts) == 1:
                size = 1 + parts[0].size
            else:
                squares: set[tuple[int, int]] = set()
                for f in parts:
                    squares |= f.tiles
                size = 1 + len(squares)
            out.append(
                _SegmentPreview(
                    seg,
                    (p.x, p.y, seg.id),
                    joined[i],
                    sum(f.open_edges for f in joined[i]) + len(seg.sides) - 2 * matched[i],
                    size,
                    seg.pennants + sum(f.pennants for f in joined[i]),
                )
            )
        return out

    def _value(self, state: GameState, turn: Turn, p: Placement) -> tuple[float, tuple | None]:
        me = turn.player
        previews = self._preview(state, turn.tile, p)  # type: ignore[arg-type]
        value = 0.0
        for pv in previews:
            if pv.segment.kind not in ("road", "city") or not pv.joined:
                continue
            strengths: dict[str, int] = {}
            for f in pv.joined:
                for fig in f.figures:
                    strengths[fig.player] = strengths.get(fig.player, 0) + 1  # type: ignore[index]
            if not strengths:
                continue
            best = max(strengths.values())
            winners = [q for q, s in strengths.items() if s == best]
            if pv.open_after == 0:
                points = pv.tiles_after * (2 if pv.segment.kind == "city" else 1)
                points += 2 * pv.pennants_after if pv.segment.kind == "city" else 0
                value += points if me in winners else 0
                value -= points * sum(1 for q in winners if q != me) / max(1, len(winners))
            elif me in winners:
                value += 0.6
            else:
                value -= 0.4
        for cloister in state.board.features.cloisters_around((p.x, p.y), include_self=False):
            owners = {fig.player for fig in cloister.figures}
            gain = 9 if cloister.neighbours == 7 else 1
            value += gain if me in owners else -gain * 0.6 * len(owners)
        # the best follower to deploy on this tile, if any
        best_deploy, best_deploy_value = None, 0.0
        if state.in_supply(me, "follower") is not None:
            followers_left = sum(1 for f in state.supply[me] if f.kind == "follower")
            cost = 1.0 if followers_left > 3 else 2.5
            tiles_left = len(state.bag)
            for pv in previews:
                if any(f.figures for f in pv.joined):
                    continue
                kind = pv.segment.kind
                if kind == "road":
                    worth = pv.tiles_after if pv.open_after == 0 else 0.5 * (pv.tiles_after + 1)
                elif kind == "city":
                    if pv.open_after == 0:
                        worth = 2 * pv.tiles_after + 2 * pv.pennants_after
                    else:
                        worth = 1.2 * (pv.tiles_after + pv.pennants_after) + 1
                elif kind == "cloister":
                    around = sum(
                        (p.x + dx, p.y + dy) in state.board.tiles for dx, dy in SURROUNDING_OFFSETS
                    )
                    worth = 9 if around == 8 else 1.5 + 0.8 * around
                elif kind == "field":  # worth it late, next to finished cities
                    cities = set()
                    for f in pv.joined:
                        cities.update(
                            id(c) for c in state.board.features.bordering_cities(f) if c.complete
                        )
                    worth = 3 * len(cities) - 2 if tiles_left < 30 else -1
                else:
                    continue
                if (
                    pv.open_after == 0
                    and kind in ("road", "city")
                    or (kind == "cloister" and worth == 9)
                ):
                    worth += cost  # the follower comes straight back
                if worth - cost > best_deploy_value:
                    best_deploy, best_deploy_value = pv.node, worth - cost
        self._deploy_value = best_deploy_value
        return value + best_deploy_value, best_deploy

    def _place(self, state: GameState, decision: Decision) -> Placement:
        turn = state.turn
        assert turn is not None and turn.tile is not None
        best: list[tuple[Placement, tuple | None, float]] = []
        best_value = float("-inf")
        for p in decision.options:
            value, deploy = self._value(state, turn, p)
            if value > best_value + 1e-9:
                best, best_value = [(p, deploy, self._deploy_value)], value
            elif abs(value - best_value) <= 1e-9:
                best.append((p, deploy, self._deploy_value))
        choice, self._planned, self._planned_value = best[self.rng.randrange(len(best))]
        return choice


def _majority(
    state: GameState, feature: Feature, figures: Sequence[Any]
) -> tuple[list[str], dict[str, int]]:
    """Who would win ``feature`` with ``figures`` on it, and each player's strength (as the
    scoring counts it)."""
    from .scoring import figure_strength

    strengths: dict[str, int] = {}
    for fig in figures:
        if fig.player is not None:
            strengths[fig.player] = strengths.get(fig.player, 0) + figure_strength(
                state, fig, feature
            )
    best = max(strengths.values(), default=0)
    if best <= 0:
        return [], strengths
    return [p for p in state.players if strengths.get(p) == best], strengths


def _points(state: GameState, feature: Feature, *, final: bool) -> int:
    """What ``feature`` scores now, as every module in play values it."""
    from .scoring import FeatureValue

    value = FeatureValue(())
    for feature_value in state.hooks.feature_value:
        value = feature_value(state, feature, value, final=final)
    return value.points

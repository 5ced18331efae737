"""Games: the turn sequence, the event log, and replay.

A :class:`Game` is a set-up plus a list of moves. Playing it runs every turn through the steps
1A-4B (then scoring after the game), asking each active rule module for its part, and records
every change of state as an :class:`~carc_teach.events.Event`. ``Game.replay(until=k)`` plays
the same game again and stops just after event ``k``, so any point of the log can be shown.

Decisions (which tile, where, which figure) come from a *controller*: the moves of a game file
(:class:`MoveListController`) or a seeded random player (:class:`RandomController`,
see :mod:`carc_teach.simulate`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .board import Board, PlacedTile, Placement
from .errors import GameFileError, IllegalMoveError
from .events import Event
from .features import Feature, Figure
from .rules import Deployment, FeatureValue, RuleModule, module_for
from .text import capitalise, join_names, plural
from .tiles import TileType, catalogue

__all__ = [
    "Setup",
    "Move",
    "DeployChoice",
    "StartTile",
    "Turn",
    "GameState",
    "Game",
    "MoveListController",
    "RandomController",
    "ROLE_NAMES",
]

#: What a follower is called by the kind of feature it stands on.
ROLE_NAMES = {"road": "thief", "city": "knight", "cloister": "monk", "field": "farmer"}
ROLE_PLURALS = {"thief": "thieves", "knight": "knights", "monk": "monks", "farmer": "farmers"}


@dataclass(frozen=True, slots=True)
class StartTile:
    tile: str = "D"
    x: int = 0
    y: int = 0
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before the first turn."""

    players: tuple[str, ...]
    expansions: tuple[str, ...] = ("base",)
    #: followers per player; None: the rule option ``base.followers`` (7 unless changed)
    followers: int | None = None
    start: StartTile = StartTile()
    #: the draw order, when known (given in the file or shuffled from ``seed``)
    tile_order: tuple[str, ...] | None = None
    seed: int | None = None
    #: rule preset and option overrides, as written in the game file
    rules: dict[str, Any] = field(default_factory=dict)
    title: str = ""
    description: str = ""


@dataclass(frozen=True, slots=True)
class DeployChoice:
    """A deployment as a game file names it: the figure and the segment (id or location)."""

    figure: str
    segment: str


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of a game file's ``moves``: the tile a player drew and what they did."""

    number: int
    tile: str | None = None
    x: int | None = None
    y: int | None = None
    rotation: int | None = None
    deploy: DeployChoice | None = None
    discard: bool = False
    player: str | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.player is not None:
            out["player"] = self.player
        if self.tile is not None:
            out["tile"] = self.tile
        if self.discard:
            out["discard"] = True
        else:
            out.update(x=self.x, y=self.y, rotation=self.rotation)
            if self.deploy is not None:
                out["deploy"] = {"figure": self.deploy.figure, "segment": self.deploy.segment}
        if self.note:
            out["note"] = self.note
        return out


@dataclass(slots=True)
class Turn:
    """The turn being played."""

    number: int
    player: str
    tile: TileType | None = None
    move: Move | None = None
    placed: PlacedTile | None = None
    deployed: Figure | None = None
    completed: list[Feature] = field(default_factory=list)


class _StopReplay(Exception):
    """Raised by :meth:`GameState.emit` once the event asked for by ``replay`` exists."""


# -- controllers ------------------------------------------------------------------------------


class MoveListController:
    """Plays the moves of a game file, checking each against the rules."""

    def __init__(self, moves: Sequence[Move]) -> None:
        self.moves = list(moves)
        self.next = 0

    def exhausted(self, state: GameState) -> bool:
        return self.next >= len(self.moves)

    def take_move(self, state: GameState) -> Move:
        move = self.moves[self.next]
        self.next += 1
        return move

    def placement(self, state: GameState, turn: Turn) -> Placement:
        move = turn.move
        assert move is not None and turn.tile is not None
        for name in ("x", "y", "rotation"):
            if getattr(move, name) is None:
                raise IllegalMoveError(
                    f"'{name}' is required to place the tile", move=move.number, field=name
                )
        p = Placement(move.x, move.y, move.rotation)  # type: ignore[arg-type]
        problem = state.board.placement_problem(turn.tile, p)
        if problem:
            raise IllegalMoveError(
                f"tile {turn.tile.id} cannot go at ({p.x}, {p.y}) rotated {p.rotation}: {problem}",
                move=move.number,
                field="x",
            )
        return p

    def deployment(
        self, state: GameState, turn: Turn, options: list[Deployment]
    ) -> Deployment | None:
        move = turn.move
        assert move is not None and turn.placed is not None
        if move.deploy is None:
            return None
        wanted = move.deploy
        seg = _resolve_segment(turn.placed, wanted.segment)
        if seg is None:
            raise IllegalMoveError(
                f"tile {turn.placed.type.id} rotated {turn.placed.rotation} has no segment "
                f"{wanted.segment!r}; its segments are {_segment_list(turn.placed)}",
                move=move.number,
                field="deploy.segment",
            )
        node = (turn.placed.x, turn.placed.y, seg)
        for opt in options:
            if opt.node == node and opt.figure == wanted.figure:
                return opt
        raise IllegalMoveError(
            _why_not_deployable(state, turn, wanted.figure, node), move=move.number, field="deploy"
        )


class RandomController:
    """A seeded random player: uniform over legal placements and over deployments (or none)."""

    def __init__(self, rng: random.Random, deploy_bias: float | None = None) -> None:
        self.rng = rng
        self.deploy_bias = deploy_bias
        self.moves: list[Move] = []

    def exhausted(self, state: GameState) -> bool:
        return not state.bag

    def placement(self, state: GameState, turn: Turn) -> Placement:
        assert turn.tile is not None
        legal = state.board.legal_placements(turn.tile)
        return legal[self.rng.randrange(len(legal))]

    def deployment(
        self, state: GameState, turn: Turn, options: list[Deployment]
    ) -> Deployment | None:
        if not options:
            return None
        if self.deploy_bias is None:
            k = self.rng.randrange(len(options) + 1)
            return options[k] if k < len(options) else None
        if self.rng.random() >= self.deploy_bias:
            return None
        return options[self.rng.randrange(len(options))]


def _resolve_segment(placed: PlacedTile, ref: str) -> str | None:
    """A segment id from a reference: a catalogue segment id or a compass location."""
    for seg in placed.tile.segments:
        if seg.id == ref:
            return seg.id
    seg = placed.tile.segment_at(ref)
    return None if seg is None else seg.id


def _segment_list(placed: PlacedTile) -> str:
    parts = []
    for seg in placed.tile.segments:
        where = " ".join(seg.locations) or "centre"
        parts.append(f"{seg.id} ({where})")
    return ", ".join(parts)


def _why_not_deployable(state: GameState, turn: Turn, figure: str, node: tuple) -> str:
    player = turn.player
    if not any(f.kind == figure for f in state.supply[player]):
        on_board = sum(
            1 for f in state.figures.values() if f.player == player and f.kind == figure and f.node
        )
        return (
            f"{player} has no {figure} left in their supply "
            f"({on_board} on the board; they return when their features are scored)"
        )
    feature = state.board.features.feature_of(node)
    if feature.figures:
        owners = ", ".join(sorted({f"{f.player}'s {f.kind}" for f in feature.figures}))
        return (
            f"segment {node[2]} belongs to {feature.describe()}, which is already occupied "
            f"({owners}); a figure may only go on an unoccupied feature"
        )
    return f"a {figure} cannot be deployed on segment {node[2]} under the rules in play"


# -- state ------------------------------------------------------------------------------------


class GameState:
    """The state of a game being played (or replayed), and the log of how it got there.

    Rule modules read and change it through the methods below so that every change is an
    event: :meth:`emit`, :meth:`award`, :meth:`deploy_figure`, :meth:`return_figure`,
    :meth:`score_feature`.
    """

    def __init__(self, setup: Setup, *, until: int | None = None) -> None:
        self.setup = setup
        self.players = setup.players
        from .editions import from_setup

        #: every rule option's value (preset + overrides of ``setup.rules``)
        self.rules = from_setup(setup.rules)
        self.options: dict[str, Any] = self.rules.to_dict()
        if setup.followers is not None:
            self.options["base.followers"] = setup.followers
        self.modules: list[RuleModule] = [module_for(e, self.options) for e in setup.expansions]
        self.tile_types: dict[str, TileType] = {}
        for m in self.modules:
            for set_name in m.tile_sets:
                for t in catalogue(set_name):
                    self.tile_types[t.id] = t
        rules: list[Callable] = []
        for m in self.modules:
            rules.extend(m.placement_rules)
        self.board = Board(placement_rules=tuple(rules))
        self.scores: dict[str, int] = {p: 0 for p in self.players}
        #: player -> figures in their supply
        self.supply: dict[str, list[Figure]] = {p: [] for p in self.players}
        #: every figure of the game by id
        self.figures: dict[str, Figure] = {}
        #: tiles still to draw: counts by tile id (file games naming tiles) ...
        self.remaining: dict[str, int] = {}
        #: ... and the draw order when it is known (seeded or given), next tile last
        self.bag: list[str] = []
        self.events: list[Event] = []
        self.turn: Turn | None = None
        self.turn_number = 0
        self.move_number: int | None = None
        self.over = False
        #: expansion state, by module id
        self.ext: dict[str, Any] = {}
        self._until = until
        self._step = "setup"

    # -- reading ---------------------------------------------------------------------------
    @property
    def step(self) -> str:
        return self._step

    def player_of_turn(self, number: int) -> str:
        return self.players[(number - 1) % len(self.players)]

    def figures_on_board(self, player: str | None = None) -> list[Figure]:
        return [
            f
            for f in self.figures.values()
            if f.node is not None and (player is None or f.player == player)
        ]

    def strength(self, figure: Figure) -> int:
        for m in self.modules:
            s = m.strength(figure)
            if s is not None:
                return s
        return 0

    # -- changing --------------------------------------------------------------------------
    def set_step(self, step: str) -> None:
        self._step = step

    def emit(self, kind: str, **fields: Any) -> Event:
        """Append an event (the caller has already changed the state it describes)."""
        fields.setdefault("step", self._step)
        fields.setdefault("turn", self.turn_number)
        if "move" not in fields and self.move_number is not None:
            fields["move"] = self.move_number
        event = Event(index=len(self.events), kind=kind, **fields)
        self.events.append(event)
        if self._until is not None and event.index >= self._until:
            raise _StopReplay
        return event

    def add_figures(self, player: str, kind: str, count: int) -> None:
        for k in range(1, count + 1):
            fig = Figure(f"{player}:{kind}{k}", player, kind)
            self.figures[fig.id] = fig
            self.supply[player].append(fig)

    def award(
        self,
        player: str,
        points: int,
        *,
        rule: str,
        text: str,
        breakdown: tuple[tuple[str, int], ...] = (),
        annotations: tuple[str, ...] = (),
        feature: Feature | None = None,
        **extra: Any,
    ) -> Event:
        self.scores[player] += points
        if feature is not None:
            extra.setdefault("feature", feature.id)
            extra.setdefault("nodes", tuple(feature.nodes))
        return self.emit(
            "points",
            player=player,
            points=points,
            breakdown=breakdown,
            rule=rule,
            text=text,
            annotations=annotations,
            **extra,
        )

    def deploy_figure(
        self, figure: Figure, node: tuple[int, int, str], *, rule: str, text: str
    ) -> Event:
        self.supply[figure.player].remove(figure)
        figure.node = node
        feature = self.board.features.feature_of(node)
        feature.figures.append(figure)
        if self.turn is not None:
            self.turn.deployed = figure
        return self.emit(
            "figure-deployed",
            player=figure.player,
            rule=rule,
            text=text,
            figure=figure.id,
            pos=(node[0], node[1]),
            feature=feature.id,
            nodes=tuple(feature.nodes),
            data={"segment": node[2], "figure_kind": figure.kind},
        )

    def return_figure(self, figure: Figure, *, rule: str = "base.return", why: str = "") -> Event:
        assert figure.node is not None
        node = figure.node
        feature = self.board.features.feature_of(node)
        feature.figures.remove(figure)
        figure.node = None
        self.supply[figure.player].append(figure)
        role = (
            ROLE_NAMES.get(feature.kind, figure.kind) if figure.kind == "follower" else figure.kind
        )
        text = f"{figure.player}'s {role} on {feature.describe()} goes back to their supply"
        return self.emit(
            "figure-returned",
            player=figure.player,
            rule=rule,
            text=text + (f" ({why})." if why else "."),
            figure=figure.id,
            pos=(node[0], node[1]),
            feature=feature.id,
            nodes=tuple(feature.nodes),
        )

    def feature_value(self, feature: Feature, *, final: bool) -> FeatureValue:
        value = FeatureValue(())
        for m in self.modules:
            value = m.feature_value(self, feature, value, final=final)
        return value

    def majority(self, feature: Feature) -> tuple[list[str], dict[str, int]]:
        """The players with the most strength on a feature (all tied players), and strengths."""
        strengths: dict[str, int] = {}
        for fig in feature.figures:
            strengths[fig.player] = strengths.get(fig.player, 0) + self.strength(fig)
        best = max(strengths.values(), default=0)
        if best <= 0:
            return [], strengths
        return [p for p in self.players if strengths.get(p) == best], strengths

    def score_feature(
        self,
        feature: Feature,
        *,
        rule: str,
        what: str,
        final: bool,
        annotations: tuple[str, ...] = (),
    ) -> list[str]:
        """Score a feature for its majority, then return its figures. Returns the winners.

        Every tied player scores in full. A feature nobody occupies emits a ``no-score``
        event so the learner sees why no points moved.
        """
        winners, strengths = self.majority(feature)
        value = self.feature_value(feature, final=final)
        points = value.points
        breakdown_text = " + ".join(f"{w} = {p}" for w, p in value.parts)
        if not winners or points <= 0:
            if not feature.figures:
                why = f"{capitalise(what)} would score {plural(points, 'point')}, but nobody has a figure on it."
            elif not winners:
                why = f"{capitalise(what)} would score {plural(points, 'point')}, but no figure on it counts toward a majority."
            else:
                have = "has" if len(winners) == 1 else "have"
                why = f"{join_names(winners)} {have} the majority on {what}, but it is worth nothing ({breakdown_text})."
            self.emit(
                "no-score",
                rule=rule,
                text=why,
                feature=feature.id,
                nodes=tuple(feature.nodes),
                breakdown=value.parts,
                annotations=annotations,
                data={"majority": dict(strengths)},
            )
        else:
            share = ""
            if len(winners) > 1:
                share = (
                    f" {join_names(winners)} tie for the majority "
                    f"({strengths[winners[0]]} each), so each scores in full."
                )
            elif len(strengths) > 1:
                share = " " + _majority_sentence(winners[0], strengths)
            for p in winners:
                self.award(
                    p,
                    points,
                    rule=rule,
                    text=f"{p} scores {points} for {what}: {breakdown_text}.{share}",
                    breakdown=value.parts,
                    annotations=annotations,
                    feature=feature,
                    data={"majority": dict(strengths)},
                )
        for m in self.modules:
            m.after_feature_scored(self, self.turn, feature, winners)
        seat = {p: i for i, p in enumerate(self.players)}
        for fig in sorted(feature.figures, key=lambda f: (seat[f.player], f.id)):
            self.return_figure(fig, why="after scoring" if not final else "scored after the game")
        return winners


def _majority_sentence(winner: str, strengths: dict[str, int]) -> str:
    others = ", ".join(f"{p} {s}" for p, s in strengths.items() if p != winner)
    return f"{winner} has the majority ({strengths[winner]} against {others})."


# -- the turn sequence -----------------------------------------------------------------------


def _prepare_bag(state: GameState) -> None:
    setup = state.setup
    counts: dict[str, int] = {}
    for t in state.tile_types.values():
        counts[t.id] = t.count
    if setup.start.tile in counts:
        counts[setup.start.tile] -= 1
    state.remaining = counts
    if setup.tile_order is not None:
        state.bag = list(reversed(setup.tile_order))
    elif setup.seed is not None:
        bag = [tid for tid, n in counts.items() for _ in range(n)]
        random.Random(setup.seed).shuffle(bag)
        state.bag = bag


def _take_tile(state: GameState, tile_id: str, move: Move | None) -> TileType:
    n = state.remaining.get(tile_id, 0)
    if tile_id not in state.tile_types:
        raise IllegalMoveError(
            f"unknown tile id {tile_id!r}; the tile sets in play have: {', '.join(state.tile_types)}",
            move=move.number if move else None,
            field="tile",
        )
    if n <= 0:
        total = state.tile_types[tile_id].count
        raise IllegalMoveError(
            f"no tile {tile_id} is left to draw: the set has {total} and all are already on the "
            f"board or set aside",
            move=move.number if move else None,
            field="tile",
        )
    state.remaining[tile_id] = n - 1
    return state.tile_types[tile_id]


def play(
    setup: Setup,
    controller: MoveListController | RandomController,
    *,
    until: int | None = None,
    final_scoring: bool | None = None,
) -> GameState:
    """Play a whole game (or up to event ``until``) and return its state."""
    state = GameState(setup, until=until)
    try:
        _play(state, controller, final_scoring)
    except _StopReplay:
        pass
    return state


def _play(state: GameState, controller, final_scoring: bool | None) -> None:
    _prepare_bag(state)
    state.set_step("setup")
    for m in state.modules:
        m.setup(state)
    files = isinstance(controller, MoveListController)
    known_order = state.setup.tile_order is not None or state.setup.seed is not None
    while True:
        if files and controller.exhausted(state):
            break
        if known_order and not state.bag:
            if files:
                raise IllegalMoveError(
                    f"no tiles are left to draw, but the file has {len(controller.moves) - controller.next} more move(s)",
                    move=controller.moves[controller.next].number,
                )
            break
        if not _play_turn(state, controller, known_order):
            break
    state.turn = None
    state.move_number = None
    finished = not state.bag and not any(state.remaining.values())
    if final_scoring is None:
        final_scoring = finished
    if final_scoring:
        state.turn_number += 1
        state.set_step("final")
        state.emit(
            "final-scoring",
            rule="base.final",
            text=(
                "All tiles are placed: the game ends, and incomplete features and farms score."
                if finished
                else "The game file stops here and asks for scoring after the game as if no tiles were left."
            ),
        )
        for m in state.modules:
            m.final_scoring(state)
    state.over = True
    ranking = sorted(state.players, key=lambda p: -state.scores[p])
    top = state.scores[ranking[0]]
    winners = [p for p in ranking if state.scores[p] == top]
    summary = ", ".join(f"{p} {state.scores[p]}" for p in ranking)
    if final_scoring:
        verdict = (
            f"{winners[0]} wins."
            if len(winners) == 1
            else f"{' and '.join(winners)} share the victory."
        )
        text = f"Final scores: {summary}. {verdict}"
    else:
        text = f"Scores so far: {summary} (the game file ends before the game does)."
    state.emit(
        "game-end",
        rule="base.final" if final_scoring else "",
        text=text,
        data={"scores": dict(state.scores), "final": bool(final_scoring)},
    )


def _draw(state: GameState, controller, known_order: bool, turn: Turn) -> TileType | None:
    """Step 1B: draw until a tile fits somewhere; unplaceable tiles are set aside.

    Returns None when the tiles run out before one fits (the game ends).
    """
    files = isinstance(controller, MoveListController)
    player = turn.player
    while True:
        move = None
        if files:
            if controller.exhausted(state):
                raise IllegalMoveError(
                    "the game file ends in the middle of a turn: after a tile is set aside the "
                    "same player draws again and needs a move",
                    move=controller.moves[-1].number if controller.moves else None,
                )
            move = controller.take_move(state)
            state.move_number = move.number
            turn.move = move
            if move.player is not None and move.player != player:
                raise IllegalMoveError(
                    f"it is {player}'s turn (turn {turn.number}), not {move.player}'s",
                    move=move.number,
                    field="player",
                )
        else:
            state.move_number = len(controller.moves) + 1
        if known_order:
            tile_id = state.bag.pop()
        else:
            if move is None or move.tile is None:
                raise IllegalMoveError(
                    "the set-up gives no tile order or seed, so every move must name its tile",
                    move=move.number if move else None,
                    field="tile",
                )
            tile_id = move.tile
        tile = _take_tile(state, tile_id, move)
        turn.tile = tile
        state.emit(
            "tile-drawn",
            player=player,
            tile=tile.id,
            rule="base.draw",
            text=f"{player} draws tile {tile.id} ({tile.name}).",
        )
        fits = state.board.can_place(tile)
        if (
            move is not None
            and move.tile is not None
            and move.tile != tile_id
            and (fits or move.discard)
        ):
            raise IllegalMoveError(
                f"the tile order gives tile {tile_id} here, but the move names {move.tile}",
                move=move.number,
                field="tile",
            )
        if fits:
            if move is not None and move.discard:
                n = len(state.board.legal_placements(tile))
                raise IllegalMoveError(
                    f"tile {tile.id} cannot be set aside: it fits in {n} place{'s' if n != 1 else ''}",
                    move=move.number,
                    field="discard",
                )
            return tile
        if move is not None and not move.discard and not known_order:
            raise IllegalMoveError(
                f"tile {tile.id} fits nowhere on the board; write the move as "
                f'{{"tile": "{tile.id}", "discard": true}} and give the next tile drawn in the next move',
                move=move.number,
                field="tile",
            )
        state.emit(
            "tile-discarded",
            player=player,
            tile=tile.id,
            rule="base.place.discard",
            text=f"Tile {tile.id} fits nowhere on the board, so {player} sets it aside and draws again.",
        )
        if move is not None and not move.discard:
            # With a known order the engine sets the tile aside itself; the move is for the next tile.
            controller.next -= 1
        if known_order and not state.bag:
            return None


def _play_turn(state: GameState, controller, known_order: bool) -> bool:
    """Play one turn; False when the tiles ran out before one could be placed."""
    files = isinstance(controller, MoveListController)
    state.turn_number += 1
    number = state.turn_number
    player = state.player_of_turn(number)
    turn = Turn(number, player)
    state.turn = turn
    state.move_number = None

    state.set_step("1A")
    state.emit("turn-begin", player=player, text=f"Turn {number}: {player} begins their turn.")
    for m in state.modules:
        m.begin_turn(state, turn)

    state.set_step("1B")
    tile = _draw(state, controller, known_order, turn)
    if tile is None:
        return False

    # 1C: place.
    state.set_step("1C")
    placement = controller.placement(state, turn)
    placed = state.board.place(tile, placement, check=False)
    turn.placed = placed
    state.emit(
        "tile-placed",
        player=player,
        tile=tile.id,
        pos=placed.pos,
        rotation=placed.rotation,
        rule="base.place",
        text=f"{player} places tile {tile.id} at ({placed.x}, {placed.y}), turned {placed.rotation}°.",
        data={"note": turn.move.note} if turn.move is not None and turn.move.note else {},
    )
    for m in state.modules:
        m.after_placement(state, turn)

    # 2A-2C: move the wood.
    state.set_step("2B")
    options: list[Deployment] = []
    for m in state.modules:
        options.extend(m.deployment_options(state, turn))
    choice = controller.deployment(state, turn, options)
    if choice is None:
        state.emit(
            "deploy-skipped",
            player=player,
            rule="base.deploy",
            text=(
                f"{player} deploys no figure."
                if options
                else f"{player} cannot deploy a figure (no free feature on the tile, or no figure left)."
            ),
            data={"options": len(options)},
        )
    else:
        next(m for m in state.modules if m.id == choice.module).deploy(state, turn, choice)
    if not files:
        controller.moves.append(
            Move(
                number=len(controller.moves) + 1,
                tile=tile.id,
                x=placed.x,
                y=placed.y,
                rotation=placed.rotation,
                deploy=None if choice is None else DeployChoice(choice.figure, choice.segment),
            )
        )

    # 3A: identify completed features; 3B: resolve them; 3C: tile scoring.
    state.set_step("3A")
    completed: list[Feature] = []
    for m in state.modules:
        for f in m.identify_completed(state, turn):
            if f not in completed:
                completed.append(f)
    turn.completed = completed
    for f in completed:
        f.scored = True
        counts = _count_by_player(f)
        role = ROLE_NAMES.get(f.kind, "figure")
        who = (
            f"{ROLE_PLURALS.get(role, role + 's')} on it: " + ", ".join(f"{p} {counts[p]}" for p in state.players if p in counts)
            if counts
            else "nobody has a figure on it"
        )
        state.emit(
            "feature-completed",
            player=player,
            rule=f"base.{f.kind}.score",
            text=f"Placing tile {tile.id} completes {f.describe()} ({who}).",
            feature=f.id,
            nodes=tuple(f.nodes),
            data={"kind": f.kind},
        )
    state.set_step("3B")
    for m in state.modules:
        m.resolve_completed(state, turn, completed)
    state.set_step("3C")
    for m in state.modules:
        m.tile_scoring(state, turn)
    state.set_step("4A")
    for m in state.modules:
        m.tile_actions(state, turn)
    state.set_step("4B")
    for m in state.modules:
        m.end_turn(state, turn)
    return True


def _count_by_player(feature: Feature) -> dict[str, int]:
    out: dict[str, int] = {}
    for fig in feature.figures:
        out[fig.player] = out.get(fig.player, 0) + 1
    return out


# -- the public game object -----------------------------------------------------------------


class Game:
    """A game: set-up, moves, and the event log they produce.

    Construct with :func:`carc_teach.load_game` (from a file) or :func:`carc_teach.simulate.random_game`.
    The game is played on construction, so an illegal move raises at once, naming its number.
    """

    def __init__(
        self,
        setup: Setup,
        moves: Sequence[Move],
        *,
        final_scoring: bool | None = None,
        source: str | None = None,
    ) -> None:
        self.setup = setup
        self.moves = tuple(moves)
        self.final_scoring = final_scoring
        self.source = source
        try:
            self.state = play(setup, MoveListController(self.moves), final_scoring=final_scoring)
        except GameFileError as exc:
            raise exc.located(source) if source else exc from None

    @classmethod
    def from_played(cls, setup: Setup, moves: Sequence[Move], state: GameState) -> Game:
        """Wrap a game already played by another controller (e.g. a random player)."""
        game = cls.__new__(cls)
        game.setup = setup
        game.moves = tuple(moves)
        game.final_scoring = None
        game.source = None
        game.state = state
        return game

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def scores(self) -> dict[str, int]:
        return dict(self.state.scores)

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def title(self) -> str:
        return self.setup.title or (self.source or "game")

    def replay(self, until: int | None = None) -> GameState:
        """The state just after event ``until`` (0-based; None or beyond the end: the whole game)."""
        if until is None or until >= len(self.events) - 1:
            return self.state
        if until < 0:
            raise ValueError("until must be >= 0")
        return play(
            self.setup,
            MoveListController(self.moves),
            until=until,
            final_scoring=self.final_scoring,
        )

    def scores_after(self, until: int) -> dict[str, int]:
        """Scores just after event ``until``, summed from the log (no replay needed)."""
        scores = {p: 0 for p in self.players}
        for e in self.events[: until + 1]:
            if e.kind == "points" and e.player is not None:
                scores[e.player] += e.points
        return scores

    def to_json(self) -> dict[str, Any]:
        """The game as a game-file dict (round-trips through :func:`carc_teach.load_game`)."""
        from .gamefile import setup_to_json

        out: dict[str, Any] = {"format": "carc-teach-game", "version": 1}
        if self.setup.title:
            out["title"] = self.setup.title
        if self.setup.description:
            out["description"] = self.setup.description
        out["setup"] = setup_to_json(self.setup)
        out["moves"] = [m.to_json() for m in self.moves]
        if self.final_scoring is not None:
            out["final_scoring"] = self.final_scoring
        return out

    def with_setup(self, **changes: Any) -> Game:
        """The same moves under another set-up (e.g. other rule options), for comparisons."""
        return Game(replace(self.setup, **changes), self.moves, final_scoring=self.final_scoring)

    def __repr__(self) -> str:
        return f"<Game {self.title!r}: {len(self.moves)} moves, {len(self.events)} events, scores {self.scores}>"

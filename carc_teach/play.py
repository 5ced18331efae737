"""Play: a learner plays a whole game against bots (or with friends at one screen).

A :class:`PlaySession` holds the set-up, the seats (who is a person, which bot plays the
others) and every answer given so far, one per decision the engine asked, in order. The
current position is the game replayed from those answers: when they run out, the engine is
stopped at the decision it is asking (:class:`Pending`), with the state as it stands there.
Replaying from scratch every click would cost a whole game at the end of one, so the session
keeps a copy of the state between every two turns (a *checkpoint*) and replays at most one
turn from the last copy before the answers run out.

People answer by picking a target on the board (:meth:`PlaySession.targets`,
:meth:`PlaySession.pick`: a square for the drawn tile, a segment, corner or quarter for a
figure) or an option from the engine's list (:meth:`PlaySession.choose`); a refused target
says which rule refuses it (:class:`~carc_teach.errors.Refusal`). Bots answer one decision per
:meth:`PlaySession.bot_step` (the random and greedy players of
:mod:`carc_teach.controllers`), so a learner can follow them. :meth:`PlaySession.hint` says
what the greedy player would do and what it scores this turn; :meth:`PlaySession.undo` takes
back the last answer a person gave. The game is a game file at any moment
(:meth:`PlaySession.to_json`: the turns played so far), and :meth:`PlaySession.from_game`
takes over a game from a file or a bundled example at any event.

Nothing here imports marimo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .actions import PASS, Decision, Deploy, MoveFigure, Pass
from .board import Placement
from .board_input import Target
from .controllers import GreedyController, RandomController
from .editions import PRESETS
from .errors import CarcTeachError, Refusal, has_control_characters, nphrase, phrase, shown
from .events import Event, term
from .expansions import PACKAGES
from .figures import Corner, Held, Place, kind_of
from .game import Game
from .gamefile import SEAT_KINDS as GAME_FILE_SEAT_KINDS
from .setup import Setup
from .state import GameState
from .text import plural
from .turn import fill_bag, new_state, play, resume

__all__ = [
    "SEAT_KINDS",
    "BOT_KINDS",
    "EXPANSIONS",
    "Seat",
    "Pending",
    "Answered",
    "Hint",
    "PlaySession",
    "describe_option",
    "parse_options",
]

#: who may sit at a seat: a person at this screen, or one of the simulated players (the game
#: file's ``seats`` records them)
SEAT_KINDS = GAME_FILE_SEAT_KINDS
BOT_KINDS = ("greedy", "random")
#: the expansions a game may be set up with (every one the engine plays), in the set-up order
EXPANSIONS: tuple[str, ...] = tuple(eid for package in PACKAGES for eid in package.expansion_ids)
#: at most this many players sit at a Play table (1 learner and 5 bots)
MAX_SEATS = 6
#: the longest player name accepted
MAX_NAME = 40
#: the decisions the greedy player answers by what they are worth (the others at random)
_GREEDY_KINDS = (
    "place",
    "deploy",
    "count.deploy",
    "count.move",
    "count.redeploy",
    "count.final",
    "wagon.move",
    "abbey-mayor.abbey",
)
#: copies of the state kept: after each of the last few turns, and after every so many turns
_RECENT_CHECKPOINTS = 3
_CHECKPOINT_EVERY = 8


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table: ``kind`` is ``"human"`` or a bot kind (:data:`BOT_KINDS`)."""

    name: str
    kind: str = "human"

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class Pending:
    """The decision the engine is asking now, and of whom.

    ``index`` is how many answers were given before it; ``options`` are the legal answers
    as the engine lists them (:data:`~carc_teach.actions.PASS` is legal too when
    ``optional``); ``tile`` is the tile to place (a placement decision) and ``turn`` the
    turn's number (None during scoring after the game).
    """

    index: int
    player: str
    kind: str
    rule: str
    prompt: str
    optional: bool
    options: tuple[Any, ...]
    human: bool
    tile: str | None
    turn: int | None
    decision: Decision = field(repr=False, compare=False)


@dataclass(frozen=True)
class Answered:
    """What came of an answer: ``ok``; otherwise ``refusal`` says which rule refuses it (or
    ``message`` why nothing was done, such as a bot's turn)."""

    ok: bool
    refusal: Refusal | None = None
    message: str = ""

    def __str__(self) -> str:
        if self.ok:
            return "done"
        return str(self.refusal) if self.refusal is not None else self.message


@dataclass(frozen=True)
class Hint:
    """What the greedy player would answer, in words, and the points it makes this turn."""

    answer: Any
    text: str
    points: int
    follow_up: Any = None


@dataclass
class _Asked:
    """One answered decision: who was asked what, and how many events came before it."""

    events_before: int
    player: str
    kind: str
    human: bool


class _Paused(Exception):
    """Raised by the replaying controller when the answers run out: a decision waits."""


class _Replayer(RandomController):
    """Answers each decision with the next stored answer and stops at the first without one.

    It writes the game-file moves of every finished turn (as the simulated players do) and
    hands the session a copy of the state after each turn (its checkpoint).
    """

    picks_options = True  # every stored answer was checked when it was given

    def __init__(self, session: PlaySession, start: int, moves: Sequence[Any]) -> None:
        super().__init__(random.Random(0))
        self.session = session
        self.next = start
        self.moves = list(moves)
        self.state: GameState | None = None
        self.decision: Decision | None = None

    def choose(self, state: GameState, decision: Decision) -> Any:
        answers = self.session._answers
        if self.next < len(answers):
            answer = answers[self.next]
            self.next += 1
            return answer
        self.state, self.decision = state, decision
        raise _Paused

    def exhausted(self, state: GameState) -> bool:
        limit = self.session.tile_limit
        return limit is not None and len(self.moves) >= limit

    def end_turn(self, state: GameState, turn: Any) -> None:
        super().end_turn(state, turn)
        self.session._keep(self.next, state, tuple(self.moves))


@dataclass
class _View:
    """The position after the answers given: the state, the pending decision (None once the
    game is over) and the game file's moves of the turns finished."""

    state: GameState
    pending: Pending | None
    moves: tuple[Any, ...]
    final_actions: tuple[dict[str, Any], ...]


class PlaySession:
    """A game being played: set-up, seats and the answers given so far.

    Build one with :meth:`new` or :meth:`from_game`. ``tile_limit`` (None: the whole tile set)
    ends the game after that many turns, with scoring after the game as if no tiles were left
    (a short game for a lesson).
    """

    def __init__(
        self,
        setup: Setup,
        seats: Sequence[Seat],
        *,
        answers: Sequence[Any] = (),
        asked: Sequence[_Asked] = (),
        tile_limit: int | None = None,
        seed: int = 0,
    ) -> None:
        if tuple(s.name for s in seats) != tuple(setup.players):
            raise CarcTeachError(phrase("the seats must name the set-up's players, in order"))
        self.setup = setup
        self.seats = tuple(seats)
        self.tile_limit = tile_limit
        self.seed = seed
        self._answers: list[Any] = list(answers)
        self._asked: list[_Asked] = list(asked)
        #: (answers given, state between two turns, moves so far), by answers given
        self._checkpoints: list[tuple[int, GameState, tuple[Any, ...]]] = []
        self._view: _View | None = None
        self._bots: dict[str, RandomController] = {}
        self._view_now()

    # -- building a session -------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seats: Sequence[Seat | tuple[str, str]],
        *,
        expansions: Sequence[str] = ("base",),
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 1,
        tiles: int | None = None,
    ) -> PlaySession:
        """A new game. ``seats``: (name, kind) in seat order, at least one a person;
        ``expansions`` any of :data:`EXPANSIONS` (the base game is always in play);
        ``preset``/``options``: the edition preset and rule options (as ``setup.rules``);
        ``seed`` shuffles the tiles (and seeds the bots); ``tiles`` plays a short game of that
        many tiles. Bad input raises :class:`CarcTeachError` naming the field."""
        seats = tuple(s if isinstance(s, Seat) else Seat(*s) for s in seats)
        _check_seats(seats)
        unknown = [e for e in expansions if e not in EXPANSIONS]
        if unknown:
            raise CarcTeachError(
                phrase(
                    "expansions: unknown expansion {expansion}; choose from {choices}",
                    expansion=shown(unknown[0]),
                    choices=", ".join(EXPANSIONS),
                )
            )
        exps = ("base", *(e for e in EXPANSIONS if e in expansions and e != "base"))
        rules: dict[str, Any] = {}
        if preset:
            if preset not in PRESETS:
                raise CarcTeachError(
                    phrase(
                        "preset: unknown edition preset {preset}; choose from {choices}",
                        preset=shown(preset),
                        choices=", ".join(PRESETS),
                    )
                )
            rules["preset"] = preset
        if options:
            rules["options"] = dict(options)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**53:
            raise CarcTeachError(
                phrase("seed: {seed} is not a whole number from 0 up", seed=shown(seed))
            )
        names = tuple(s.name for s in seats)
        setup = Setup(
            players=names,
            expansions=exps,
            seed=seed,
            rules=rules,
            title="A game played on the Play page",
        )
        state = new_state(setup)  # raises on an unknown rule option
        if tiles is not None:
            if not isinstance(tiles, int) or isinstance(tiles, bool) or tiles < 1:
                raise CarcTeachError(
                    phrase("tiles: {tiles} is not a number of tiles from 1 up", tiles=shown(tiles))
                )
            order = _seeded_order(state)
            if tiles < len(order):
                setup = Setup(
                    players=names,
                    expansions=exps,
                    tile_order=tuple(order[:tiles]),
                    rules=rules,
                    title=setup.title,
                    description=f"A short game of {plural(tiles, 'tile')}, scored as if the tiles had run out.",
                )
        short = setup.tile_order is not None
        return cls(setup, seats, seed=seed, tile_limit=tiles if short else None)

    @classmethod
    def from_game(
        cls,
        game: Game,
        until: int | None = None,
        *,
        humans: Sequence[str] | None = None,
        bot: str = "greedy",
        seed: int = 1,
    ) -> PlaySession:
        """Take over ``game`` (a loaded file, a bundled example, a downloaded Play game) just
        after event ``until`` (None: where its moves end): the decisions asked up to there keep
        the file's answers, the next one is asked of its player. ``humans``: the players a
        person plays (default: the people of the file's ``seats``, as a Play download records
        them, each bot of it the kind it was; without them, the first player); the others are
        ``bot`` players.

        A game whose set-up gives a tile order is those tiles (scored as if the tiles had run
        out when they do); one that names its tiles move by move goes on with the rest of the
        tile set, shuffled with ``seed`` after the tiles it drew.
        """
        players = game.players
        # a game downloaded from Play says who sat where: people and bots as they were
        kinds = getattr(game, "seats", None)
        if humans is None and kinds is not None and "human" in kinds:
            humans = tuple(p for p, k in zip(players, kinds, strict=True) if k == "human")
        else:
            kinds = None
        humans = tuple(players[:1] if humans is None else humans)
        strangers = [h for h in humans if h not in players]
        if strangers:
            raise CarcTeachError(
                phrase(
                    "humans: {name} is not a player of this game ({players})",
                    name=shown(strangers[0]),
                    players=", ".join(players),
                )
            )
        if bot not in BOT_KINDS:
            raise CarcTeachError(
                phrase(
                    "bot: unknown kind {kind}; choose from {choices}",
                    kind=shown(bot),
                    choices=", ".join(BOT_KINDS),
                )
            )
        events = game.events
        if until is not None and not 0 <= until < len(events):
            raise CarcTeachError(
                phrase(
                    "until: the game has events 0 to {last}, not {until}",
                    last=len(events) - 1,
                    until=until,
                )
            )
        setup = game.setup
        tile_limit = None
        if setup.tile_order is not None:
            tile_limit = len(setup.tile_order)
        elif setup.seed is None:
            drawn = [e.tile for e in events if e.kind == "tile-drawn" and e.tile]
            rest = [t for t, n in sorted(game.state.remaining.items()) for _ in range(n)]
            random.Random(f"carc-teach-play:{seed}").shuffle(rest)
            setup = Setup(
                players=setup.players,
                expansions=setup.expansions,
                followers=setup.followers,
                start=setup.start,
                tile_order=tuple(drawn + rest),
                rules=setup.rules,
                title=setup.title,
                description=setup.description,
            )
        # scoring after the game belongs to the file only where its tiles really ran out
        final_at = next((e.index for e in events if e.kind == "final-scoring"), None)
        # (a game of a given tile order is over when they ran out; any other when every tile did)
        over = (
            final_at is not None
            and not game.state.bag
            and (tile_limit is not None or not any(game.state.remaining.values()))
        )
        limit = len(events) if until is None else until + 1
        if final_at is not None and not over:
            limit = min(limit, final_at)
        asked = game.decisions()
        kept = [d for d in asked if d.after_event < limit]
        if kinds is not None:
            seats = [Seat(p, k) for p, k in zip(players, kinds, strict=True)]
        else:
            seats = [Seat(p, "human" if p in humans else bot) for p in players]
        session = cls(
            setup,
            seats,
            answers=[d.answer for d in kept],
            asked=[_Asked(d.after_event, d.player, d.kind, d.player in humans) for d in kept],
            tile_limit=tile_limit,
            seed=setup.seed if setup.seed is not None else seed,
        )
        return session

    # -- the position -------------------------------------------------------------------------
    def _keep(self, given: int, state: GameState, moves: tuple[Any, ...]) -> None:
        """A checkpoint after a turn (the replaying controller calls it)."""
        if self._checkpoints and self._checkpoints[-1][0] >= given:
            return
        copy = state.clone()
        copy.turn = None
        copy.move_number = None
        marks = self._checkpoints
        marks.append((given, copy, moves))
        # Every copy kept is about a thousand objects that the cycle collector's full passes
        # walk: keeping one per turn made those passes 35-125 ms late in a game. Undo and hint
        # look back a turn or two; older positions replay from a copy every few turns.
        if len(marks) > _RECENT_CHECKPOINTS:
            old = marks[-_RECENT_CHECKPOINTS - 1]
            if len(old[2]) % _CHECKPOINT_EVERY:
                del marks[-_RECENT_CHECKPOINTS - 1]

    def _replay(self) -> _View:
        while self._checkpoints and self._checkpoints[-1][0] > len(self._answers):
            self._checkpoints.pop()
        final_scoring = True if self.tile_limit is not None else None
        if self._checkpoints:
            given, saved, moves = self._checkpoints[-1]
            controller = _Replayer(self, given, moves)
            run = lambda: resume(saved.clone(), controller, final_scoring=final_scoring)  # noqa: E731
        else:
            controller = _Replayer(self, 0, ())
            run = lambda: play(self.setup, controller, final_scoring=final_scoring)  # noqa: E731
        try:
            state = run()
        except _Paused:
            state, decision = controller.state, controller.decision
            assert state is not None and decision is not None
            turn = state.turn
            seat = self.seat_of(decision.player)
            pending = Pending(
                len(self._answers),
                decision.player,
                decision.kind,
                decision.rule,
                decision.prompt,
                decision.optional,
                tuple(decision.options),
                seat.human,
                turn.tile.id if decision.kind == "place" and turn and turn.tile else None,
                None if turn is None or state.step == "final" else turn.number,
                decision,
            )
            return _View(state, pending, tuple(controller.moves), ())
        return _View(state, None, tuple(controller.moves), tuple(controller.final_actions))

    def _view_now(self) -> _View:
        if self._view is None:
            self._view = self._replay()
        return self._view

    @property
    def state(self) -> GameState:
        """The state now (in the middle of a turn while a decision waits): for reading only."""
        return self._view_now().state

    @property
    def pending(self) -> Pending | None:
        """The decision asked now, or None when the game is over."""
        return self._view_now().pending

    @property
    def over(self) -> bool:
        return self.pending is None

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
    def answers(self) -> tuple[Any, ...]:
        return tuple(self._answers)

    def seat_of(self, player: str) -> Seat:
        return next(s for s in self.seats if s.name == player)

    def waiting_for_bot(self) -> bool:
        pending = self.pending
        return pending is not None and not pending.human

    # -- answering ------------------------------------------------------------------------------
    def _give(self, answer: Any, human: bool) -> Answered:
        view = self._view_now()
        pending = view.pending
        assert pending is not None
        problem = pending.decision.problem(answer)
        if problem is not None:
            return Answered(False, problem)
        # the engine's own option carries what an equal answer may not (the module offering it)
        if not isinstance(answer, Pass):
            answer = next((o for o in pending.options if o == answer), answer)
        self._answers.append(answer)
        self._asked.append(_Asked(len(view.state.events), pending.player, pending.kind, human))
        self._view = None
        return Answered(True)

    def _person_may_answer(self) -> Answered | None:
        pending = self.pending
        if pending is None:
            return Answered(
                False, message=phrase("The game is over: there is nothing left to decide.")
            )
        if not pending.human:
            kind = self.seat_of(pending.player).kind
            if kind == "greedy":
                message = phrase(
                    "It is {player}'s decision (greedy bot): press Next to see it.",
                    player=pending.player,
                )
            elif kind == "random":
                message = phrase(
                    "It is {player}'s decision (random bot): press Next to see it.",
                    player=pending.player,
                )
            else:
                message = phrase(
                    "It is {player}'s decision ({kind} bot): press Next to see it.",
                    player=pending.player,
                    kind=kind,
                )
            return Answered(False, message=message)
        return None

    def choose(self, option: int | Any | None) -> Answered:
        """Answer the pending decision (a person's) with one of its options: its index in
        ``pending.options``, the option itself, or None to pass."""
        refused = self._person_may_answer()
        if refused is not None:
            return refused
        pending = self.pending
        assert pending is not None
        if option is None:
            answer: Any = PASS
        elif isinstance(option, int) and not isinstance(option, bool):
            if not 0 <= option < len(pending.options):
                return Answered(
                    False, message=f"there is no option {option} of {len(pending.options)}"
                )
            answer = pending.options[option]
        else:
            answer = option
        return self._give(answer, True)

    def pass_(self) -> Answered:
        """Decline the pending (optional) decision."""
        return self.choose(None)

    def bot_step(self) -> Answered:
        """The bot whose decision waits answers it (one decision)."""
        pending = self.pending
        if pending is None:
            return Answered(False, message=phrase("The game is over."))
        if pending.human:
            return Answered(
                False,
                message=phrase(
                    "It is {player}'s decision: a person answers it.", player=pending.player
                ),
            )
        kind = self.seat_of(pending.player).kind
        bot = self._bots.get(pending.player)
        rng = random.Random(f"carc-teach-play:{self.seed}:{pending.index}")
        if bot is None:
            bot = GreedyController(rng) if kind == "greedy" else RandomController(rng)
            self._bots[pending.player] = bot
        bot.rng = rng
        answer = bot.choose(self.state, pending.decision)
        return self._give(answer, False)

    def bots_to_person(self, limit: int = 10_000) -> int:
        """Let the bots answer until a person is asked or the game ends; how many answers."""
        n = 0
        while n < limit and self.waiting_for_bot():
            self.bot_step()
            n += 1
        return n

    def undo(self) -> Answered:
        """Take back the last answer a person gave (and every bot answer after it)."""
        last = next((i for i in range(len(self._asked) - 1, -1, -1) if self._asked[i].human), None)
        if last is None:
            return Answered(
                False, message=phrase("Nothing to take back: no person has answered yet.")
            )
        del self._answers[last:]
        del self._asked[last:]
        self._view = None
        self._bots.clear()
        return Answered(True)

    # -- the board's targets -------------------------------------------------------------------
    def rotations(self) -> dict[int, int]:
        """For a placement decision: on how many squares the tile fits at each rotation."""
        pending = self.pending
        counts = {r: 0 for r in (0, 90, 180, 270)}
        if pending is not None and pending.kind == "place":
            for p in pending.options:
                counts[p.rotation] += 1
        return counts

    def groups(self) -> dict[str, str]:
        """The pending decision's options grouped by what acts (a figure kind to deploy, a
        figure to move): key -> label, in the engine's order. The board shows one group's
        targets at a time. After them, the figures the player could try that have no legal
        answer now (a barn, a mayor, a follower kept in the Count's quarter): their targets
        are all refused, each saying why."""
        pending = self.pending
        out: dict[str, str] = {}
        if pending is None:
            return out
        state = self.state
        for option in pending.options:
            key = _group_key(option)
            if key not in out:
                out[key] = _group_label(state, option)
        for key, label in _groups_without_options(state, pending):
            if key not in out:
                out[key] = phrase("{label} (nowhere now)", label=label)
        return out

    def targets(self, rotation: int = 0, group: str | None = None) -> list[Target]:
        """What the learner may pick on the board for the pending decision: for a placement,
        every open square (legal where the tile fits turned ``rotation``); otherwise the places
        of the options of ``group`` (default: the first group), and the places near them that
        the rules refuse (:func:`_refusable`: the tile's other segments, the corners of the tile
        for a barn, the quarters of the City, the features around a wagon ...), so that a click
        on one says why not."""
        pending = self.pending
        if pending is None:
            return []
        state = self.state
        if pending.kind == "place":
            legal = {(p.x, p.y) for p in pending.options if p.rotation == rotation}
            return [
                Target(
                    f"square:{x},{y}",
                    (x, y),
                    phrase("square {x}, {y}", x=x, y=y)
                    if (x, y) in legal
                    else phrase("square {x}, {y} (the tile does not fit)", x=x, y=y),
                    (x, y) in legal,
                )
                for x, y in sorted(state.board.frontier)
            ]
        groups = self.groups()
        if not groups and pending.kind != "deploy":
            return []
        group = group if group in groups else next(iter(groups), "deploy:follower")
        out: list[Target] = []
        seen: set[Any] = set()
        for i, option in enumerate(pending.options):
            if _group_key(option) != group:
                continue
            to = getattr(option, "to", None)
            if to is None or isinstance(to, Held):
                continue
            seen.add(to)
            out.append(Target(f"option:{i}", to, describe_option(state, option), True))
        for action in _refusable(state, pending, group):
            to = action.to
            if to in seen:
                continue
            seen.add(to)
            legal = False
            if isinstance(action, MoveFigure):
                # a move's reasons are cheap to ask: another segment of the feature a figure
                # may join is as good as the one listed
                legal = pending.decision.problem(action) is None
            out.append(
                Target(
                    _refused_id(action),
                    to,
                    _where(state, to)
                    if legal
                    else phrase("{where} (refused)", where=_where(state, to)),
                    legal,
                )
            )
        return out

    def pick(self, target_id: str, rotation: int = 0) -> Answered:
        """Answer with a target of :meth:`targets`: a legal one answers, a refused one says
        which rule refuses it."""
        refused = self._person_may_answer()
        if refused is not None:
            return refused
        pending = self.pending
        assert pending is not None
        state = self.state
        kind, _, rest = str(target_id).partition(":")
        try:
            if kind == "square" and pending.kind == "place":
                x, y = (int(v) for v in rest.split(","))
                placement = Placement(x, y, rotation)
                if placement in pending.options:
                    return self._give(placement, True)
                tile = state.turn.tile if state.turn is not None else None
                problem = state.why_not_place(tile, x, y, rotation) if tile else None
                return Answered(
                    False,
                    problem
                    or pending.decision.problem(placement)
                    or Refusal("base.place", phrase("the tile does not fit there")),
                )
            if kind == "option":
                return self.choose(int(rest))
            action = _refused_action(str(target_id))
            if action is not None:
                problem = pending.decision.problem(action)
                if problem is None:  # a place the list missed: answer with it all the same
                    return self._give(action, True)
                return Answered(False, problem)
        except (ValueError, TypeError):
            pass
        return Answered(
            False,
            message=phrase("{target} is not a target of this decision", target=shown(target_id)),
        )

    def why_not(self, target_id: str, rotation: int = 0) -> Refusal | None:
        """Why a target is refused (None when it is legal), without answering."""
        pending = self.pending
        if pending is None:
            return None
        state = self.state
        kind, _, rest = str(target_id).partition(":")
        try:
            if kind == "square" and pending.kind == "place" and state.turn and state.turn.tile:
                x, y = (int(v) for v in rest.split(","))
                return state.why_not_place(state.turn.tile, x, y, rotation)
            action = _refused_action(str(target_id))
        except (ValueError, TypeError):
            return None
        return None if action is None else pending.decision.problem(action)

    def option_labels(self) -> list[str]:
        """Every option of the pending decision in words (the keyboard's list)."""
        pending = self.pending
        if pending is None:
            return []
        return [describe_option(self.state, o) for o in pending.options]

    # -- hint -----------------------------------------------------------------------------------
    def hint(self) -> Hint | None:
        """What the greedy player would answer now, and the points its answer makes for the
        player this turn (the rest of the turn played with every other decision declined)."""
        pending = self.pending
        if pending is None:
            return None
        state = self.state
        greedy = GreedyController(
            random.Random(f"carc-teach-play:hint:{self.seed}:{pending.index}")
        )
        follow_up = None
        if pending.kind == "deploy" and pending.index > 0:
            # the greedy player plans its deployment as it places: ask it about the placement made
            place_at = next(
                (i for i in range(pending.index - 1, -1, -1) if self._asked[i].kind == "place"),
                None,
            )
            if place_at is not None:
                before = self._at(place_at)
                if before.pending is not None:
                    made = self._answers[place_at]
                    greedy.choose(
                        before.state, Decision(pending.player, "place", [made], rule="base.place")
                    )
        answer = greedy.choose(state, pending.decision)
        trial = [answer]
        if pending.kind == "place":
            # and the deployment it planned with it
            after = self._trial(trial)
            if (
                after.pending is not None
                and after.pending.kind == "deploy"
                and after.pending.player == pending.player
            ):
                follow_up = greedy.choose(after.state, after.pending.decision)
                trial.append(follow_up)
        points = self._points_this_turn(trial, pending.player)
        after_game = pending.turn is None
        if after_game and pending.optional:
            # scoring after the game is one long "turn": what this answer adds to passing
            points -= self._points_this_turn([PASS], pending.player)
        what = describe_option(state, answer)
        if follow_up is not None:
            what = phrase(
                "{first}, then {second}",
                first=what,
                second=describe_option(self._trial(trial[:1]).state, follow_up),
            )
        why = greedy.reason
        if not why and pending.kind not in _GREEDY_KINDS:
            why = phrase("it answers this kind of decision at random")
        return Hint(
            answer, _hint_text(what, why, points, pending.player, after_game), points, follow_up
        )

    def _at(self, given: int) -> _View:
        """The position after the first ``given`` answers (for looking back)."""
        saved = self._answers, self._view
        self._answers = self._answers[:given]
        try:
            return self._replay()
        finally:
            self._answers, self._view = saved

    def _trial(self, extra: list[Any]) -> _View:
        saved = self._answers, self._view
        self._answers = self._answers + extra
        try:
            return self._replay()
        finally:
            self._answers, self._view = saved

    def _points_this_turn(self, extra: list[Any], player: str) -> int:
        """The player's points from now to the end of this turn, with ``extra`` answered and
        every later decision of the turn declined (or its first option when it must be answered)."""
        before = self.state.scores[player]
        turn = self.pending.turn if self.pending else None
        answers = list(extra)
        for _ in range(200):
            view = self._trial(answers)
            pending = view.pending
            if pending is None or pending.turn != turn or turn is None and pending.kind == "place":
                break
            answers.append(PASS if pending.optional or not pending.options else pending.options[0])
        return view.state.scores[player] - before

    # -- what happened -------------------------------------------------------------------------
    def renamed(self, names: dict[str, str]) -> PlaySession:
        """The same game with its players renamed (``names``: old name -> new; the others
        keep theirs): the same set-up, seats and answers, the position replayed under the new
        names, so a game goes on where it was. Only for answers that name no player (a
        placement, a deployment onto the board, a pass: a base game's); raises
        :class:`CarcTeachError` when one does (a figure moved by its id, a figure held)."""
        for answer in self._answers:
            if isinstance(answer, MoveFigure) or isinstance(getattr(answer, "to", None), Held):
                raise CarcTeachError(phrase("a game whose answers name a player cannot be renamed"))
        players = tuple(names.get(p, p) for p in self.setup.players)
        seats = [Seat(names.get(s.name, s.name), s.kind) for s in self.seats]
        _check_seats(seats)
        return PlaySession(
            replace(self.setup, players=players),
            seats,
            answers=self._answers,
            asked=[replace(a, player=names.get(a.player, a.player)) for a in self._asked],
            tile_limit=self.tile_limit,
            seed=self.seed,
        )

    def since_last_person(self) -> int:
        """Index of the first event since a person last answered (0 before any)."""
        last = next((a for a in reversed(self._asked) if a.human), None)
        return 0 if last is None else last.events_before

    def game(self) -> Game:
        """The game so far as a :class:`Game` (its events run to the pending decision; its moves
        are the turns finished), for the walkthroughs' views."""
        view = self._view_now()
        return Game.from_played(self.setup, view.moves, view.state, view.final_actions)

    def to_json(self) -> dict[str, Any]:
        """The game as a game file (version 2): the set-up and the turns finished so far (a
        turn under way is not in it), with the answers after the game once it is over."""
        data = self.game().to_json()
        if self.tile_limit is not None and self.over:
            data["final_scoring"] = True
        data["seats"] = [seat.kind for seat in self.seats]
        return data


# -- helpers ----------------------------------------------------------------------------------


def parse_options(text: str) -> dict[str, Any]:
    """Rule options as a person types them: ``option=value`` pairs separated by commas or new
    lines (``count.count-movement=clockwise, base.followers=5``); ``true``/``false`` and whole
    numbers are read as such. Whether the option and value exist is the engine's to say."""
    out: dict[str, Any] = {}
    for part in str(text or "").replace("\n", ",").split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, raw = part.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key or not raw:
            raise CarcTeachError(
                phrase("options: {part} is not of the form option=value", part=shown(part))
            )
        value: Any = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        elif raw.lstrip("-").isdigit():
            value = int(raw)
        out[key] = value
    return out


def _check_seats(seats: Sequence[Seat]) -> None:
    if not 2 <= len(seats) <= MAX_SEATS:
        raise CarcTeachError(
            phrase(
                "players: a game seats 2 to {most} players, not {count}",
                most=MAX_SEATS,
                count=len(seats),
            )
        )
    names: set[str] = set()
    for n, seat in enumerate(seats, 1):
        name = seat.name
        if not isinstance(name, str) or not name.strip():
            raise CarcTeachError(phrase("player {number}: the name is empty", number=n))
        if name != name.strip() or has_control_characters(name) or len(name) > MAX_NAME:
            raise CarcTeachError(
                phrase(
                    "player {number}: the name {name} must have no control characters, no spaces "
                    "around it and at most {most} characters",
                    number=n,
                    name=shown(name),
                    most=MAX_NAME,
                )
            )
        if name in names:
            raise CarcTeachError(
                phrase(
                    "player {number}: the name {name} is taken twice", number=n, name=shown(name)
                )
            )
        names.add(name)
        if seat.kind not in SEAT_KINDS:
            raise CarcTeachError(
                phrase(
                    "player {number}: unknown kind {kind}; choose from {choices}",
                    number=n,
                    kind=shown(seat.kind),
                    choices=", ".join(SEAT_KINDS),
                )
            )
    if not any(s.human for s in seats):
        raise CarcTeachError(phrase("players: at least one player must be a person"))


def _seeded_order(state: GameState) -> list[str]:
    """The draw order a seeded game of this set-up shuffles (the engine's own bag, after the
    modules' set-up: the Count's takes the start tile and the City's tiles out of it)."""
    fill_bag(state)
    state.step = "setup"
    for module in state.modules:
        module.setup(state)
    return list(reversed(state.bag))


# -- refused targets: the places a rule refuses, so that a click on one says why not ----------


def _encode_where(where: Any) -> str:
    if isinstance(where, Corner):
        return f"corner={where.x},{where.y}"
    if isinstance(where, Place):
        return f"place={where.name}"
    x, y, seg = where
    return f"{x},{y},{seg}"


def _decode_where(text: str) -> Any:
    if text.startswith("corner="):
        x, y = text.removeprefix("corner=").split(",")
        return Corner(int(x), int(y))
    if text.startswith("place="):
        return Place(text.removeprefix("place="))
    x, y, seg = text.split(",", 2)
    return (int(x), int(y), seg)


def _refused_id(action: Deploy | MoveFigure) -> str:
    """A refused target's id: ``refused:<figure kind>:<where>`` for a deployment,
    ``refused-move:<where>:<figure id>`` for a move (a figure id holds its owner's name, so it
    comes last). ``<where>`` is ``x,y,segment``, ``corner=x,y`` or ``place=<name>``."""
    if isinstance(action, Deploy):
        return f"refused:{action.figure}:{_encode_where(action.to)}"
    return f"refused-move:{_encode_where(action.to)}:{action.figure}"


def _refused_action(target_id: str) -> Deploy | MoveFigure | None:
    """The action a refused target's id stands for (None for any other id); raises
    ValueError for a malformed one."""
    kind, _, rest = target_id.partition(":")
    if kind == "refused":
        figure, _, where = rest.partition(":")
        return Deploy(figure, _decode_where(where))
    if kind == "refused-move":
        where, _, figure = rest.partition(":")
        return MoveFigure(figure, _decode_where(where))
    return None


def _city_laid(state: GameState) -> bool:
    from .expansions.count.rules import city_laid

    return city_laid(state)


def _enters_city(kind: str) -> bool:
    """Whether a figure of ``kind`` may wait in a quarter of the City of Carcassonne."""
    from .expansions.count.rules import ENTERS_CITY

    return kind in ENTERS_CITY


def _quarters() -> tuple[Place, ...]:
    from .expansions.count.rules import QUARTERS, quarter_place

    return tuple(quarter_place(q) for q in QUARTERS)


def _in_a_quarter(figure: Any) -> bool:
    from .expansions.count.rules import quarter_of

    return quarter_of(figure.location) is not None


def _deploys_on_board(kind: str) -> bool:
    """Whether a figure of ``kind`` is deployed onto the board (not a token held, not neutral)."""
    from .figures import FIGURE_KINDS

    info = FIGURE_KINDS.get(kind)
    return info is not None and not info.neutral


def _groups_without_options(state: GameState, pending: Pending) -> list[tuple[str, str]]:
    """Groups a learner may try though no option is in them: for a deployment, every kind of
    figure in the player's supply; after the game, a figure kept in the Count's quarter."""
    out: list[tuple[str, str]] = []
    if pending.kind in ("deploy", "count.deploy"):
        kinds: list[str] = []
        for figure in state.supply.get(pending.player, ()):
            if figure.kind not in kinds and _deploys_on_board(figure.kind):
                kinds.append(figure.kind)
        out.extend(
            (f"deploy:{k}", phrase("deploy a {kind}", kind=term(k.replace("-", " "))))
            for k in kinds
        )
    elif pending.kind == "count.final":
        from .expansions.count.rules import count_quarter, quarter_of

        here = count_quarter(state)
        for figure in state.figures.values():
            if figure.player == pending.player and quarter_of(figure.location) == here:
                key = f"move:{figure.id}"
                out.append((key, phrase("move {figure}", figure=_figure_name(state, figure.id))))
    return out


def _feature_anchors(state: GameState, squares: Sequence[tuple[int, int]]) -> list[Any]:
    """One segment per feature on these squares (the first met), in the order given."""
    features = state.board.features
    out: list[Any] = []
    met: set[int] = set()
    for sq in squares:
        placed = state.board.tiles.get(sq)
        if placed is None:
            continue
        for seg in placed.tile.segments:
            node = (sq[0], sq[1], seg.id)
            feature = features.feature_of(node)
            if id(feature) not in met:
                met.add(id(feature))
                out.append(node)
    return out


def _refusable(state: GameState, pending: Pending, group: str) -> list[Deploy | MoveFigure]:
    """The answers of ``group`` a learner might try that the list may not have: where the
    board shows a grey target whose click asks the rules why not."""
    turn = state.turn
    placed = turn.placed if turn is not None else None
    kind = pending.kind
    if group.startswith("deploy:"):
        figure = group.removeprefix("deploy:")
        if kind == "count.deploy":
            return [Deploy(figure, q) for q in _quarters()] if _city_laid(state) else []
        if kind != "deploy" or placed is None:
            return []
        x, y = placed.x, placed.y
        if figure == "barn":
            corners = (Corner(x, y), Corner(x + 1, y), Corner(x + 1, y + 1), Corner(x, y + 1))
            return [Deploy(figure, c) for c in corners]
        out: list[Deploy | MoveFigure] = [
            Deploy(figure, (x, y, seg.id)) for seg in placed.tile.segments
        ]
        if _city_laid(state) and _enters_city(figure):
            # the City of Carcassonne opens only after the turn's scorings (ckr-13)
            out.extend(Deploy(figure, q) for q in _quarters())
        return out
    if not group.startswith("move:"):
        return []
    figure_id = group.removeprefix("move:")
    figure = state.figures.get(figure_id)
    if figure is None:
        return []
    if figure.player is None and _in_a_quarter(figure):  # the Count, nobody's, in the City
        return [MoveFigure(figure_id, q) for q in _quarters()]
    if kind == "wagon.move" and isinstance(figure.location, tuple):
        wx, wy = figure.location[0], figure.location[1]
        around = [(wx + dx, wy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        around.sort(key=lambda sq: (sq != (wx, wy), sq[1], sq[0]))
        return [MoveFigure(figure_id, n) for n in _feature_anchors(state, around)]
    if kind == "count.redeploy" and placed is not None:
        return [MoveFigure(figure_id, (placed.x, placed.y, s.id)) for s in placed.tile.segments]
    if kind == "count.final":
        from .expansions.count.rules import QUARTER_FEATURE, quarter_of

        want = QUARTER_FEATURE.get(quarter_of(figure.location) or "")
        anchors = sorted(
            min(f.nodes) for f in state.board.features.features() if f.kind == want and f.nodes
        )
        return [MoveFigure(figure_id, n) for n in anchors]
    return []


def _group_key(option: Any) -> str:
    if isinstance(option, Deploy):
        return f"deploy:{option.figure}"
    if isinstance(option, MoveFigure):
        return f"move:{option.figure}"
    return "other"


def _group_label(state: GameState, option: Any) -> str:
    if isinstance(option, Deploy):
        return phrase("deploy a {kind}", kind=term(option.figure.replace("-", " ")))
    if isinstance(option, MoveFigure):
        return phrase("move {figure}", figure=_figure_name(state, option.figure))
    if isinstance(option, Placement):
        return phrase("place the tile")
    return phrase("choose")


def _figure_name(state: GameState, figure_id: str) -> str:
    figure = state.figures.get(figure_id)
    if figure is None:
        return figure_id
    kind = term(figure.kind.replace("-", " "))
    if figure.player:
        owner = phrase("{player}'s {kind}", player=figure.player, kind=kind)
    else:
        owner = term(kind_of(figure.kind).title)
    where = figure.location
    if isinstance(where, Place):
        return phrase("{figure} in {place}", figure=owner, place=_place_name(where))
    if isinstance(where, tuple):
        return phrase("{figure} on {x}, {y}", figure=owner, x=where[0], y=where[1])
    return owner


def _place_name(place: Place) -> str:
    if place.name.startswith("count."):
        return phrase(
            "the {quarter} quarter of Carcassonne",
            quarter=term(place.name.removeprefix("count.")),
        )
    return place.name


def _where(state: GameState, to: Any) -> str:
    if to is None:
        return phrase("back to the supply")
    if isinstance(to, tuple):
        x, y, seg_id = to
        placed = state.board.tiles.get((x, y))
        seg = next((s for s in placed.tile.segments if s.id == seg_id), None) if placed else None
        if seg is None:
            return phrase("segment {segment} on {x}, {y}", segment=seg_id, x=x, y=y)
        if seg.locations:
            return phrase(
                "the {kind} ({sides}) on {x}, {y}",
                kind=term(seg.kind),
                sides=" ".join(seg.locations),
                x=x,
                y=y,
            )
        return phrase("the {kind} on {x}, {y}", kind=term(seg.kind), x=x, y=y)
    if isinstance(to, Corner):
        return phrase("the corner where the tiles around {x}, {y} meet", x=to.x, y=to.y)
    if isinstance(to, Place):
        return _place_name(to)
    if isinstance(to, Held):
        return phrase("{player}'s table", player=to.player)
    return str(to)


def describe_option(state: GameState, option: Any) -> str:
    """An option of a decision in words ("place the tile at 1, 0 turned 90°", "deploy a
    follower on the city on 1, 0", "move Alice's follower in the castle quarter of
    Carcassonne to the city on 2, 0", "pass"): a phrase, said in another language with
    ``i18n.errors.say``."""
    if isinstance(option, Pass):
        return phrase("pass")
    if isinstance(option, Placement):
        return phrase(
            "place the tile at {x}, {y} turned {rotation}°",
            x=option.x,
            y=option.y,
            rotation=option.rotation,
        )
    if isinstance(option, Deploy):
        return phrase(
            "deploy a {kind} on {where}",
            kind=term(option.figure.replace("-", " ")),
            where=_where(state, option.to),
        )
    if isinstance(option, MoveFigure):
        return phrase(
            "move {figure} to {where}",
            figure=_figure_name(state, option.figure),
            where=_where(state, option.to),
        )
    kind = getattr(option, "type", "")
    if kind == "abbey-mayor.abbey":
        return phrase("play the abbey instead of drawing")
    return kind or repr(option)


def _hint_text(what: str, why: str, points: int, player: str, after_game: bool) -> str:
    """The hint's sentence: what the greedy bot would do, why, and what it scores."""
    if after_game and why:
        return nphrase(
            "The greedy bot would {what} ({why}): {n} point more for {player} after the game "
            "than passing.",
            "The greedy bot would {what} ({why}): {n} points more for {player} after the game "
            "than passing.",
            points,
            what=what,
            why=why,
            player=player,
        )
    if after_game:
        return nphrase(
            "The greedy bot would {what}: {n} point more for {player} after the game than passing.",
            "The greedy bot would {what}: {n} points more for {player} after the game than "
            "passing.",
            points,
            what=what,
            player=player,
        )
    if why:
        return nphrase(
            "The greedy bot would {what} ({why}): {n} point for {player} this turn.",
            "The greedy bot would {what} ({why}): {n} points for {player} this turn.",
            points,
            what=what,
            why=why,
            player=player,
        )
    return nphrase(
        "The greedy bot would {what}: {n} point for {player} this turn.",
        "The greedy bot would {what}: {n} points for {player} this turn.",
        points,
        what=what,
        player=player,
    )

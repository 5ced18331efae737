"""Games: a set-up plus its moves, the event log they produce, and cheap replay.

A :class:`Game` is played on construction, so an illegal move raises at once, naming its number.
``Game.replay(until=k)`` returns the state just after event ``k``. The first replay plays the
game once more and keeps a copy of the state between every two turns (a *checkpoint*); every
replay after that starts from the nearest checkpoint before ``k`` and plays at most one turn,
so stepping through a whole game event by event is linear.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .controllers import Controller, MoveListController, read_moves
from .errors import GameFileError
from .events import Event
from .setup import Move, Setup
from .state import GameState
from .turn import play, resume

__all__ = ["Game", "AskedDecision"]


@dataclass(frozen=True, slots=True)
class AskedDecision:
    """A decision the rules asked during a game, with every legal option and the answer.

    ``after_event`` is the number of events emitted before it was asked (so it comes right
    after event ``after_event - 1``); ``options`` were listed on the board as it was then.
    """

    after_event: int
    player: str
    kind: str
    rule: str
    optional: bool
    prompt: str
    options: tuple[Any, ...]
    answer: Any


class _Recording(MoveListController):
    """Plays a file's moves and keeps every decision with its options listed at the time."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[AskedDecision] = []

    def choose(self, state: GameState, decision: Any) -> Any:
        options = tuple(decision.options)
        answer = super().choose(state, decision)
        self.asked.append(
            AskedDecision(
                len(state.events),
                decision.player,
                decision.kind,
                decision.rule,
                decision.optional,
                decision.prompt,
                options,
                answer,
            )
        )
        return answer


class Game:
    """A game: set-up, moves, and the event log they produce.

    Construct with :func:`carc_teach.load_game` (from a file) or
    :func:`carc_teach.simulate.random_game`.
    """

    #: who sat at each seat, in seat order, when the file says (a game played on the Play
    #: page: ``"human"``, ``"greedy"`` or ``"random"``); None when it does not
    seats: tuple[str, ...] | None = None
    #: the bundled game's name when loaded by :func:`carc_teach.examples.load` (its title and
    #: move notes are then shown translated, :mod:`carc_teach.i18n.game_texts`); None for any
    #: other game, whose own words are shown as written
    example: str | None = None

    def __init__(
        self,
        setup: Setup,
        moves: Sequence[Move],
        *,
        final_scoring: bool | None = None,
        source: str | None = None,
        final_actions: Sequence[dict[str, Any]] | Move = (),
    ) -> None:
        self.setup = setup
        self.final_scoring = final_scoring
        self.source = source
        final = (
            final_actions
            if isinstance(final_actions, Move)
            else Move(0, actions=tuple(final_actions), final=True)
        )
        #: answers to decisions asked during scoring after the game (a file's ``final_actions``)
        self.final_actions = final.actions
        self._checkpoints: list[tuple[int, GameState, int, bool]] | None = None
        self._final: Move | None = None
        try:
            # every action read once, here or as the file was loaded (a move read is kept)
            *moves_read, self._final = read_moves((*moves, final))
            self.moves = tuple(moves_read)
            self.state = play(setup, self._controller(), final_scoring=final_scoring)
        except GameFileError as exc:
            raise exc.located(source) if source else exc from None

    def _controller(self, start: int = 0) -> MoveListController:
        if self._final is None:  # a game played by another controller: read its moves once
            *moves_read, self._final = read_moves(
                (*self.moves, Move(0, actions=self.final_actions, final=True))
            )
            self.moves = tuple(moves_read)
        return MoveListController(self.moves, start=start, final_actions=self._final)

    @classmethod
    def from_played(
        cls,
        setup: Setup,
        moves: Sequence[Move],
        state: GameState,
        final_actions: Sequence[dict[str, Any]] = (),
    ) -> Game:
        """Wrap a game already played by another controller (e.g. a random player)."""
        game = cls.__new__(cls)
        game.setup = setup
        game.moves = tuple(moves)
        game.final_actions = tuple(final_actions)
        game._final = None
        game.final_scoring = None
        game.source = None
        game.state = state
        game._checkpoints = None
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

    # -- replay -----------------------------------------------------------------------------
    def texts(self, lang: str | None = None) -> list[str]:
        """Every event's text in ``lang`` (``None``: the current language; see
        :meth:`~carc_teach.events.Event.text_in`). The events themselves are the same in
        every language."""
        return [event.text_in(lang) for event in self.events]

    def _build_checkpoints(self) -> list[tuple[int, GameState, int, bool]]:
        """(events so far, state copy, next move index, after the last turn) between every
        two turns."""
        marks: list[tuple[int, GameState, int, bool]] = []

        def keep(state: GameState, controller: Controller, last: bool) -> None:
            assert isinstance(controller, MoveListController)
            if marks and marks[-1][0] == len(state.events) and not last:
                return
            marks.append((len(state.events), state.clone(), controller.next, last))

        play(self.setup, self._controller(), final_scoring=self.final_scoring, on_turn=keep)
        return marks

    def replay(self, until: int | None = None) -> GameState:
        """The state just after event ``until`` (0-based; None or beyond the end: the whole
        game). The returned state is the caller's: changing it changes nothing here.

        Notes
        -----
        Costs at most one turn of play after the first call (which plays the game once more
        to keep a checkpoint between every two turns).
        """
        if until is None or until >= len(self.events) - 1:
            return self.state
        if until < 0:
            raise ValueError("until must be >= 0")
        if self._checkpoints is None:
            self._checkpoints = self._build_checkpoints()
        marks = self._checkpoints
        # the last checkpoint taken before event `until` was emitted
        k = bisect.bisect_right([m[0] for m in marks], until) - 1
        if k < 0:
            return play(
                self.setup, self._controller(), until=until, final_scoring=self.final_scoring
            )
        _, saved, next_move, last = marks[k]
        return resume(
            saved.clone(),
            self._controller(next_move),
            until=until,
            final_scoring=self.final_scoring,
            last=last,
        )

    def decisions(self) -> list[AskedDecision]:
        """Every decision asked in this game, in order, each with all its legal options as
        they were when it was asked (what a notebook shows as "what else could they do?").

        Plays the game once more (the options of a placement are listed only here, never
        during normal play of a file)."""
        self._controller()  # the moves read
        recorder = _Recording(self.moves, final_actions=self._final)
        play(self.setup, recorder, final_scoring=self.final_scoring)
        return recorder.asked

    def scores_after(self, until: int) -> dict[str, int]:
        """Scores just after event ``until``, summed from the log (no replay needed)."""
        scores = {p: 0 for p in self.players}
        for e in self.events[: until + 1]:
            if e.kind == "points" and e.player is not None:
                scores[e.player] += e.points
        return scores

    # -- files and variants -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The game as a game-file dict (version 2; round-trips through
        :func:`carc_teach.load_game`)."""
        out: dict[str, Any] = {"format": "carc-teach-game", "version": 2}
        if self.setup.title:
            out["title"] = self.setup.title
        if self.setup.description:
            out["description"] = self.setup.description
        out["setup"] = self.setup.to_json()
        out["moves"] = [m.to_json() for m in self.moves]
        if self.final_actions:
            out["final_actions"] = [dict(a) for a in self.final_actions]
        if self.final_scoring is not None:
            out["final_scoring"] = self.final_scoring
        if self.seats is not None:
            out["seats"] = list(self.seats)
        return out

    def __repr__(self) -> str:
        return f"<Game {self.title!r}: {len(self.moves)} moves, {len(self.events)} events, scores {self.scores}>"

"""The state of a game being played or replayed, and the log of how it got there.

Rule modules read the state and change it only through the methods of :class:`GameState`
(:meth:`~GameState.emit`, :meth:`~GameState.award`, :meth:`~GameState.deploy_figure`,
:meth:`~GameState.move_figure`, :meth:`~GameState.return_figure`), so every change is an event.
They ask players through :meth:`~GameState.ask`.

:meth:`GameState.clone` copies a state so that play can go on from it independently; the game
keeps one per turn, which makes ``Game.replay(until=k)`` cost at most one turn.
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .board import Board
from .errors import Refusal, phrase
from .events import Capital, Event, EventDraft, Joined, Said, Word, spoken, term
from .figures import (
    FIGURE_KINDS,
    Corner,
    Figure,
    Held,
    Location,
    Place,
    kind_of,
    location_phrase,
    role_name,
)
from .setup import Move, Setup

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action, Decision
    from .editions import RuleSet
    from .features import Feature, TileChange
    from .tiles import TileType

__all__ = ["GameState", "Turn", "StopReplay", "DEPLOY_RULES"]

#: the rule that deploys each figure kind (its refusals cite it), as its package declares it
DEPLOY_RULES = {kind.id: kind.deploy_rule for kind in FIGURE_KINDS.values()}


#: an ``emit`` keyword not given (None is a value an event may hold)
_UNSET: Any = object()

#: the ``data`` of every event given none: one empty dict shared by them all (an Event is
#: frozen and nothing writes into its data), not a new one for each of the two thirds of a
#: game's events that have none (64 bytes each, kept as long as the game)
_NO_DATA: dict[str, Any] = {}


class StopReplay(Exception):
    """Raised by :meth:`GameState.emit` once the event asked for by a replay exists."""


#: a figure's kind, and its owner and kind, read in C (GameState.deployment_options,
#: GameState.add_figures)
_KIND = operator.attrgetter("kind")
_OWNER_AND_KIND = operator.attrgetter("player", "kind")


@dataclass(slots=True)
class Turn:
    """The turn being played."""

    number: int
    player: str
    tile: TileType | None = None
    move: Move | None = None
    placed: Any = None  # PlacedTile
    #: what placing the tile changed (features joined), from the board
    change: TileChange | None = None
    deployed: Figure | None = None
    completed: list[Feature] = field(default_factory=list)
    #: every decision asked in this turn with its answer, in order
    answers: list[tuple[Decision, Action]] = field(default_factory=list)
    #: a turn a rule module granted the previous player (the builder's second tile)
    extra: bool = False
    #: why the previous player plays again (the module's words), for an extra turn
    extra_reason: Any = ""  # a phrase (carc_teach.events), or ""
    #: step 3A's (rule id, words) for each feature of :attr:`completed` (None: not scored)
    scoring_rules: list[tuple[str, str] | None] | tuple[()] = ()
    #: the player's comment on the move (a game file's ``note``), carried by the placement event
    note: str = ""


def played_options(setup: Setup, rules: RuleSet) -> dict[str, Any]:
    """Every rule option's value a game plays: ``rules`` (resolved from ``setup.rules``), with
    ``setup.followers`` for ``base.followers`` when the game file gives it."""
    values: dict[str, Any] = rules.to_dict()
    if setup.followers is not None:
        values["base.followers"] = setup.followers
    return values


class GameState:
    """Everything about a game at one moment: board, figures, scores, tiles left, events.

    Built by :func:`carc_teach.turn.new_state`; ``modules`` are the rule modules in play in
    the order of ``setup.expansions``.
    """

    #: the number of the last turn whose step 3B found nothing scored and so left out the
    #: ``after_completed`` hooks that act only after a scoring
    #: (``RuleModule.after_completed_if_scored``): such a module learns here that it was not
    #: called. A class default: a game whose modules have no ``after_completed`` hook never
    #: sets it
    unscored_turn: int | None = None

    def __init__(
        self,
        setup: Setup,
        rules: RuleSet,
        modules: list[Any],
        tile_types: dict[str, TileType],
        placement_rules: tuple[Callable, ...] = (),
        hooks: Any = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.setup = setup
        self.players = setup.players
        #: the rule set of ``setup.rules`` (preset + overrides)
        self.rules = rules
        #: every rule option's value as played: :attr:`rules`, with ``setup.followers`` (a game
        #: file's own follower count) for ``base.followers``; each rule module keeps those of
        #: the options it declares (``RuleModule.option_values``). Given by the turn driver,
        #: which makes the modules from the same values.
        self.options: dict[str, Any] = played_options(setup, rules) if options is None else options
        self.modules = modules
        #: the modules' per-turn hooks, only those a module overrides
        #: (:class:`carc_teach.rules.Hooks`, built by the turn driver)
        self.hooks = hooks
        #: the turn steps this game runs (:data:`carc_teach.turn.TURN_STEPS` less those no
        #: module in play takes part in), worked out by the turn driver at the first turn
        self.turn_steps: tuple | None = None
        self.tile_types = tile_types
        self.board = Board(placement_rules=placement_rules)
        self.scores: dict[str, int] = {p: 0 for p in self.players}
        #: player -> figures in their supply
        self.supply: dict[str, list[Figure]] = {p: [] for p in self.players}
        #: every figure of the game by id (neutral figures too)
        self.figures: dict[str, Figure] = {}
        #: tiles still to draw: counts by tile id (file games naming tiles) ...
        self.remaining: dict[str, int] = {}
        #: ... and the draw order when it is known (seeded or given), next tile last
        self.bag: list[str] = []
        self.events: list[Event] = []
        self.turn: Turn | None = None
        self.turn_number = 0
        #: turns begun in seat order (a granted extra turn does not move the seat on)
        self.seat_turns = 0
        #: (player, reason) when the next turn is an extra one for that player
        self.extra_turn: tuple[str, str] | None = None
        self.move_number: int | None = None
        self.over = False
        #: the turn number of the last event that gave a player points (more than 0), so that
        #: a rule asking "did anybody score in this turn?" need not read the events back
        self.last_points_turn: int | None = None
        #: expansion state, by module id (plain data, figures and features; cloned deeply)
        self.ext: dict[str, Any] = {}
        #: the tiles laid before the first turn, ``(tile id, x, y, rotation)``, and the rule
        #: module that decided them (see ``RuleModule.start_layout``)
        self.start_layout: tuple[list[tuple[str, int, int, int]], Any] = ([], None)
        #: stop (raise StopReplay) just after the event of this index
        self.until: int | None = None
        #: the turn step being played (see :data:`carc_teach.events.STEPS`); the turn
        #: driver sets it
        self.step = "setup"
        #: how decisions are answered: set by the turn driver
        self.answer: Callable[[GameState, Decision], Action] | None = None
        #: while :meth:`deployment_options` asks three or more modules for their offers: the
        #: figure kinds in the active player's supply, looked up once for all of them (None
        #: otherwise: a module then asks :meth:`in_supply`)
        self.held: frozenset[str] | None = None

    # -- reading ---------------------------------------------------------------------------
    def players_from(self, player: str, *, include: bool = False) -> list[str]:
        """The players in seat order starting left of ``player`` (clockwise), ending with
        ``player`` itself when ``include``."""
        i = self.players.index(player)
        n = len(self.players)
        order = [self.players[(i + k) % n] for k in range(1, n)]
        return order + [player] if include else order

    def figures_on_board(self, player: str | None = None) -> list[Figure]:
        """Figures standing in features (on segments), optionally of one player."""
        return [
            f
            for f in self.figures.values()
            if f.node is not None and (player is None or f.player == player)
        ]

    def figures_at(self, location: Location) -> list[Figure]:
        """Figures at a location (a node's figures are those in its *feature*: use
        ``board.features.feature_of(node).figures`` for the whole feature)."""
        return [f for f in self.figures.values() if f.location == location]

    def holds(self, player: str, kind: str) -> bool:
        """Whether ``player``'s supply has a figure of ``kind`` (a module's first question in
        step 2B: :attr:`held` answers it while :meth:`deployment_options` keeps it)."""
        held = self.held
        if held is not None:
            return kind in held
        for f in self.supply[player]:  # (in_supply's loop, without a second call)
            if f.kind == kind:
                return True
        return False

    def in_supply(self, player: str, kind: str) -> Figure | None:
        """The first figure of ``kind`` in ``player``'s supply, if any."""
        for f in self.supply[player]:  # asked every turn: a loop, not a generator
            if f.kind == kind:
                return f
        return None

    # -- asking ----------------------------------------------------------------------------
    def ask(self, decision: Decision) -> Action:
        """Ask a player a decision and return the answer (an option, or ``PASS``)."""
        if self.answer is None:
            raise RuntimeError("nobody answers decisions in this state (it is not being played)")
        return self.answer(self, decision)

    # -- why not: the engine's refusals -----------------------------------------------------
    def why_not_place(
        self, tile: TileType | str, x: int, y: int, rotation: int = 0
    ) -> Refusal | None:
        """Why tile ``tile`` (a type or its id) may not go to ``(x, y)`` turned ``rotation``
        degrees on this board, or None when it may: the rule that refuses it
        (``base.place``, ``river2.place``, ``shrine.placement``, ``abbey.place`` ...), with
        its footnotes and options."""
        from .board import Placement

        tile_type = self.tile_types[tile] if isinstance(tile, str) else tile
        return self.board.placement_problem(tile_type, Placement(x, y, rotation))

    def why_not(self, action: Action) -> Refusal | None:
        """Why the active player may not do ``action`` now (a ``Deploy`` or a ``MoveFigure``),
        or None when it is among the options of this turn's deployment step: the rule that
        refuses it, its footnotes and the options that decide it. Meant for the state of a
        replay inside a turn (``Game.replay(until=k)``); between turns every deployment is
        refused as out of turn."""
        from .actions import Deploy

        turn = self.turn
        if isinstance(action, Deploy):
            if turn is not None and turn.placed is not None and action.node is not None:
                if any(d.kind == "deploy" for d, _ in turn.answers):
                    return Refusal(
                        "base.deploy",
                        phrase(
                            "{player} has already made this turn's deployment: one figure "
                            "per tile placed",
                            player=turn.player,
                        ),
                    )
                if self.hooks is not None and action in self.deployment_options(turn):
                    return None
            return self.deployment_refusal(turn, action)
        for m in reversed(self.modules):
            if turn is None:
                break
            refusal = m.explain_action(self, turn, action)
            if refusal is not None:
                return refusal
        return Refusal(
            "base",
            phrase(
                "nothing in this turn asks for {action}: a figure moves only when a rule "
                "offers it (a redeployment from the City, a wagon after its feature scored)",
                action=repr(action),
            ),
        )

    def retire_hook(self, name: str, hook: Callable[..., Any]) -> None:
        """Call ``hook`` (one of ``self.hooks.<name>``, a module's bound method) no more in
        this game: for a module whose hook can have nothing left to do (Abbey & Mayor's
        abbey, once both abbeys are played). A hook called through the driver's loop costs
        about 850 instructions a turn even when it returns at once. The kind of game's hooks
        are shared by its games, so this game takes a copy without the hook (the same copy
        every game retiring that hook from the same hooks takes: :meth:`Hooks.without
        <carc_teach.rules.Hooks.without>`); a copy of the state made before keeps the hook,
        one made after does not."""
        if hook in getattr(self.hooks, name):
            self.hooks = self.hooks.without(name, hook)

    def resume_hook(self, name: str, hook: Callable[..., Any]) -> None:
        """Call ``hook`` again from now on in this game, after :meth:`retire_hook` (the
        builder's look at the tile placed, left out while no builder stands, back when one is
        deployed). Nothing changes when this game did not retire it. As with a retirement,
        the game takes a copy of the hooks kept for the kind's games (one per set of hooks
        left out: :meth:`Hooks.resumed_with <carc_teach.rules.Hooks.resumed_with>`), and a
        copy of the state has the hooks of the moment it was made."""
        hooks = self.hooks
        if (name, hook) in hooks.left_out:
            self.hooks = hooks.resumed_with(name, hook)

    def deployment_options(self, turn: Turn) -> list[Any]:
        """The deployments step 2B offers in ``turn``: every module's, then every module's
        filter (what the turn driver asks the active player)."""
        hooks = self.hooks
        offers = hooks.deployment_options
        n = len(offers)
        options: list[Any]
        if n == 1:
            # one module offers (the base game alone): the new list it makes, as it is
            options = offers[0](self, turn)
        elif n == 2:
            # two (an Abbey & Mayor game): their lists joined into a new one, without a loop
            first, second = offers
            options = first(self, turn) + second(self, turn)
        else:
            # every offer first asks whether the player holds its figure: one look for all
            # (with two, listing the kinds costs more than the base game's look, which finds a
            # follower first, and the other module's own)
            held = self.held = frozenset(map(_KIND, self.supply[turn.player]))
            # a module offering only figures the player holds none of is not asked (most turns
            # for the big follower, the pig and the builder): its answer would be empty. Which
            # to ask depends on the kinds held alone, kept per set of kinds by the hooks
            asked = hooks.offers_for.get(held)
            if asked is None:
                asked = hooks.offers_to_ask(held)
            options = []
            try:
                for offer in asked:
                    options += offer(self, turn)
            finally:
                # (also when an offer fails: the builder and the pig trust a set ``held`` and
                # skip their own look at the supply, so a later call must not find it stale.
                # A try costs nothing in CPython 3.11 until something raises)
                self.held = None
        filters = hooks.filter_deployments
        if filters:
            # only those that can do anything for this tile type, when a module says which
            for_tile = hooks.for_tile
            tile = turn.tile
            if for_tile is not None and tile is not None:
                filters = (for_tile.get(tile.id) or for_tile.made(tile))[1]
            for keep in filters:
                options = keep(self, turn, options)
        return options

    def deployment_refusal(self, turn: Turn | None, action: Any) -> Refusal:
        """Why a deployment is not among the legal ones of ``turn`` (the active player's): the
        rule that refuses it, with its footnotes and options. Every module in play, from the
        last, may answer first (``RuleModule.explain_deployment``); then the base game's
        reasons (no such figure, none left, not the tile just placed, occupied feature)."""
        figure = getattr(action, "figure", "?")
        if figure not in FIGURE_KINDS:
            return Refusal(
                "base.figures",
                phrase(
                    "there is no figure kind {figure}; kinds: {kinds}",
                    figure=repr(figure),
                    kinds=", ".join(FIGURE_KINDS),
                ),
            )
        kind = FIGURE_KINDS[figure]
        rule = DEPLOY_RULES.get(figure, "base.deploy")
        if turn is None:
            return Refusal(
                rule,
                phrase(
                    "no turn is under way: a figure is deployed in step 2B of a turn, after its "
                    "tile is placed"
                ),
            )
        player = turn.player
        owned = [f for f in self.figures.values() if f.player == player and f.kind == figure]
        if not owned:
            if kind.expansion not in self.setup.expansions:
                return Refusal(
                    "base.figures",
                    phrase(
                        "{kind} comes with the expansion {expansion}, which this game does not "
                        "play (expansions: {expansions})",
                        kind=spoken(Capital(Word(kind.title))),
                        expansion=repr(kind.expansion),
                        expansions=", ".join(self.setup.expansions),
                    ),
                )
            if kind.neutral:
                return Refusal(
                    "base.figures",
                    phrase(
                        "{kind} belongs to no player, so {player} cannot deploy it",
                        kind=term(kind.title),
                        player=player,
                    ),
                )
            return Refusal(
                "base.figures",
                phrase("{player} has no {kind} in this game", player=player, kind=term(kind.title)),
            )
        if self.in_supply(player, figure) is None:
            on_board = sum(1 for f in owned if f.location is not None)
            return Refusal(
                "base.figures",
                phrase(
                    "{player} has no {kind} left in their supply ({n} on the board; they "
                    "return when their features are scored)",
                    player=player,
                    kind=term(kind.title),
                    n=on_board,
                ),
            )
        for m in reversed(self.modules):  # the module whose rule refuses it says why
            reason = m.explain_deployment(self, turn, action)
            if reason:
                return (
                    reason
                    if isinstance(reason, Refusal)
                    else Refusal(rule, reason if isinstance(reason, str) else str(reason))
                )
        node = getattr(action, "node", None)
        placed = turn.placed
        if node is not None:
            x, y, seg_id = node
            if (x, y) not in self.board.tiles:
                return Refusal(rule, phrase("there is no tile at ({x}, {y})", x=x, y=y))
            if placed is not None and (x, y) != placed.pos:
                return Refusal(
                    rule,
                    phrase(
                        "a {kind} is deployed on the tile just placed, at ({px}, {py}), not on "
                        "the tile at ({x}, {y})",
                        kind=term(kind.title),
                        px=placed.x,
                        py=placed.y,
                        x=x,
                        y=y,
                    ),
                )
            tile = self.board.tiles[(x, y)]
            segment = next((sg for sg in tile.tile.segments if sg.id == seg_id), None)
            if segment is None:
                return Refusal(
                    rule,
                    phrase(
                        "tile {tile} at ({x}, {y}) has no segment {segment}",
                        tile=tile.type.id,
                        x=x,
                        y=y,
                        segment=repr(seg_id),
                    ),
                )
            if segment.kind not in kind.enters:
                if kind.enters:
                    where = spoken(Joined([Word(k) for k in sorted(kind.enters)], ", "))
                else:
                    where = phrase("no feature")
                return Refusal(
                    "river2.place" if segment.kind == "river" else rule,
                    phrase(
                        "a {kind} cannot be deployed on segment {segment}: it is {what}, and a "
                        "{kind} goes only on: {where}",
                        kind=term(kind.title),
                        segment=seg_id,
                        what=term(segment.kind),
                        where=where,
                    ),
                )
            feature = self.board.features.feature_of(node)
            if feature.figures:
                owners = ", ".join(sorted({f"{f.player}'s {f.kind}" for f in feature.figures}))
                return Refusal(
                    rule,
                    phrase(
                        "segment {segment} belongs to {feature}, which is already occupied "
                        "({owners}); a {kind} may only go on an unoccupied feature",
                        segment=seg_id,
                        feature=feature.describe(),
                        owners=owners,
                        kind=term(kind.title),
                    ),
                )
            return Refusal(
                rule,
                phrase(
                    "a {kind} cannot be deployed on segment {segment} here",
                    kind=term(kind.title),
                    segment=seg_id,
                ),
            )
        return Refusal(
            rule,
            phrase(
                "a {kind} cannot be deployed there ({where}): none of the rules in play "
                "({expansions}) offers that place",
                kind=term(kind.title),
                where=spoken(location_phrase(getattr(action, "to", None))),
                expansions=", ".join(self.setup.expansions),
            ),
        )

    # -- changing --------------------------------------------------------------------------
    # Not keyword-only, though callers name every argument: CPython fills a missing
    # keyword-only argument by a dict look-up per parameter, which cost more than the rest of
    # the call (a game emits about 330 events); plain defaults are copied from a tuple.
    def emit(
        self,
        kind: str,
        player: str | None = None,
        points: int = 0,
        breakdown: tuple[tuple[str, int], ...] = (),
        rule: str = "",
        annotations: tuple[str, ...] = (),
        text: Any = "",
        tile: str | None = None,
        pos: tuple[int, int] | None = None,
        rotation: int | None = None,
        feature: int | None = None,
        nodes: tuple[tuple[int, int, str], ...] = (),
        figure: str | None = None,
        data: dict[str, Any] | None = None,
        options: tuple[str, ...] = (),
        step: Any = _UNSET,
        turn: Any = _UNSET,
        move: Any = _UNSET,
    ) -> Event:
        """Append an event (the caller has already changed the state it describes).

        The keywords are the fields of :class:`~carc_teach.events.Event`; ``step``, ``turn``
        and ``move`` default to the state's. ``text`` is plain English or, better, a phrase
        (:class:`~carc_teach.events.Said`) or a tuple of them, which the event keeps as
        ``said``; a ``breakdown`` row's ``what`` may be a phrase too (``breakdown_said``). ``options=(ids...)`` names the rule options whose
        values made the event; their annotation ids are added to the event's ``annotations``.
        """
        if options:
            from .editions import option

            # a loop, not a generator over ``notes``: that would make ``notes`` a cell at
            # every call of emit
            notes = list(annotations)
            for oid in options:
                for note in option(oid).annotations:
                    if note not in notes:
                        notes.append(note)
            annotations = tuple(notes)
            options = tuple(options)
        events = self.events
        index = len(events)
        # The event is built here, field by field, in a writable draft of Event that becomes
        # an Event when its class is assigned (carc_teach.frozen.draft_class): a call to a
        # constructor with 19 arguments cost an eighth of the whole event.
        event = EventDraft()
        event.index = index
        event.turn = self.turn_number if turn is _UNSET else turn
        event.step = self.step if step is _UNSET else step
        event.kind = kind
        event.player = player
        event.points = points
        # phrases (message ids with parameters) are kept, and their English is written when
        # first read (Event.__getattr__); a plain text is kept as it is
        event.breakdown_said = ()
        if breakdown:
            for row in breakdown:
                if type(row[0]) is not str:
                    event.breakdown_said = breakdown
                    break
            else:
                event.breakdown = breakdown
        else:
            event.breakdown = breakdown
        event.rule = rule
        event.annotations = annotations
        if type(text) is str:
            event.text = text
            event.said = None
        else:
            event.said = text
        event.tile = tile
        event.pos = pos
        event.rotation = rotation
        event.feature = feature
        event.nodes = nodes
        event.figure = figure
        event.move = self.move_number if move is _UNSET else move
        event.data = _NO_DATA if data is None else data
        event.options = options
        event.__class__ = Event
        events.append(event)
        until = self.until
        if until is not None and index >= until:
            raise StopReplay
        return event

    def add_figures(self, player: str, kind: str, count: int) -> list[Figure]:
        """Put ``count`` new figures of ``kind`` into ``player``'s supply."""
        kind_of(kind)  # an unknown kind is a programming error
        # (counted in C: every module's set-up adds figures, each a look over all before it)
        have = operator.countOf(map(_OWNER_AND_KIND, self.figures.values()), (player, kind))
        out = []
        for k in range(have + 1, have + count + 1):
            fig = Figure(f"{player}:{kind}{k}", player, kind)
            self.figures[fig.id] = fig
            self.supply[player].append(fig)
            out.append(fig)
        return out

    def add_neutral_figure(self, kind: str, location: Location = None) -> Figure:
        """Bring a figure owned by nobody (the Count) into the game at ``location``."""
        kind_of(kind)
        fig = Figure(kind, None, kind, location)
        self.figures[fig.id] = fig
        return fig

    def award(
        self,
        player: str,
        points: int,
        *,
        rule: str,
        text: Any,
        breakdown: tuple[tuple[str, int], ...] = (),
        annotations: tuple[str, ...] = (),
        feature: Feature | None = None,
        nodes: tuple[tuple[int, int, str], ...] | None = None,
        data: dict[str, Any] | None = None,
        options: tuple[str, ...] = (),
        **extra: Any,
    ) -> Event:
        """Give ``player`` ``points`` with a ``points`` event; ``feature`` names the feature
        scored (its id, and its nodes unless ``nodes`` are given); ``extra`` are further
        fields of the event."""
        self.scores[player] += points
        fid = None
        if feature is not None:
            fid = feature.id
            if nodes is None:
                nodes = tuple(feature.nodes)
        # (the scoring pipeline's awards, most of a game's, take award_feature: without the
        # dict of extra keywords this unpacks)
        event = self.emit(
            "points",
            player=player,
            points=points,
            breakdown=breakdown,
            rule=rule,
            text=text,
            annotations=annotations,
            feature=fid,
            nodes=() if nodes is None else nodes,
            data=data,
            options=options,
            **extra,
        )
        if points > 0:
            self.last_points_turn = event.turn
        return event

    def award_feature(
        self,
        player: str,
        points: int,
        rule: str,
        text: Any,
        breakdown: tuple[tuple[Any, int], ...],
        annotations: tuple[str, ...],
        feature: Feature,
        data: dict[str, Any],
    ) -> Event:
        """:meth:`award` of a feature's points (the scoring pipeline's), by position: the same
        event without ``award``'s dict of extra keywords and the emit that unpacks it."""
        self.scores[player] += points
        event = self.emit(
            "points",
            player=player,
            points=points,
            breakdown=breakdown,
            rule=rule,
            text=text,
            annotations=annotations,
            feature=feature.id,
            nodes=tuple(feature.nodes),
            data=data,
        )
        if points > 0:
            self.last_points_turn = event.turn
        return event

    def _take_off(self, figure: Figure) -> None:
        """Lift a figure from wherever it is (supply or feature) without an event."""
        loc = figure.location
        if loc is None:
            if figure.player is not None and figure in self.supply[figure.player]:
                self.supply[figure.player].remove(figure)
        elif type(loc) is tuple:
            self.board.features.feature_of(loc).figures.remove(figure)  # type: ignore[union-attr]
        figure.location = None

    def _put(self, figure: Figure, location: Location) -> Feature | None:
        figure.location = location
        if type(location) is tuple:
            feature = self.board.features.feature_of(location)
            if feature.figures:
                feature.figures.append(figure)  # type: ignore[union-attr]
            else:  # its first figure: the feature shared an empty tuple until now
                feature.figures = [figure]
            return feature
        if location is None and figure.player is not None:
            self.supply[figure.player].append(figure)
        return None

    def _where(self, location: Location) -> tuple[Any, int | None, tuple, Feature | None]:
        """An event's ``pos``, ``feature`` and ``nodes`` for a figure at ``location``, and the
        feature there. A tuple the caller passes on as keywords: a dict unpacked with ``**``
        into emit cost a dict and a merge of keywords at every figure's event."""
        if type(location) is tuple:
            feature = self.board.features.feature_of(location)
            return (location[0], location[1]), feature.id, tuple(feature.nodes), feature
        if isinstance(location, Corner):
            return (location.x, location.y), None, (), None
        return None, None, (), None

    def deploy_figure(
        self,
        figure: Figure,
        location: Location,
        *,
        rule: str,
        text: Any,
        annotations: tuple[str, ...] = (),
        options: tuple[str, ...] = (),
    ) -> Event:
        """Put a figure from its owner's supply at ``location`` (a segment, a corner, a place)."""
        self._take_off(figure)
        feature = self._put(figure, location)
        if self.turn is not None:
            self.turn.deployed = figure
        if feature is not None:  # on a segment (_where's answer, with the feature at hand)
            pos: Any = (location[0], location[1])  # type: ignore[index]
            fid: int | None = feature.id
            nodes: tuple = tuple(feature.nodes)
            data: dict[str, Any] = {"segment": location[2], "figure_kind": figure.kind}  # type: ignore[index]
        else:
            pos, fid, nodes, _ = self._where(location)
            data = {"location": _location_data(location), "figure_kind": figure.kind}
        return self.emit(
            "figure-deployed",
            player=figure.player,
            rule=rule,
            text=text,
            figure=figure.id,
            annotations=annotations,
            data=data,
            options=options,
            pos=pos,
            feature=fid,
            nodes=nodes,
        )

    def move_figure(
        self,
        figure: Figure,
        location: Location,
        *,
        rule: str,
        text: Any,
        annotations: tuple[str, ...] = (),
        options: tuple[str, ...] = (),
    ) -> Event:
        """Move a figure in play somewhere else (a neutral figure, a token to a player, a
        follower between a quarter and a feature, a wagon to the next feature)."""
        before = figure.location
        self._take_off(figure)
        self._put(figure, location)
        pos, fid, nodes, _ = self._where(location)
        return self.emit(
            "figure-moved",
            player=figure.player,
            rule=rule,
            text=text,
            figure=figure.id,
            annotations=annotations,
            data={
                "from": _location_data(before),
                "to": _location_data(location),
                "figure_kind": figure.kind,
            },
            options=options,
            pos=pos,
            feature=fid,
            nodes=nodes,
        )

    def return_figure(
        self,
        figure: Figure,
        *,
        rule: str = "base.return",
        why: Any = "",
        annotations: tuple[str, ...] = (),
    ) -> Event:
        """Send a figure back to its owner's supply (a neutral figure: set it aside)."""
        loc = figure.location
        assert loc is not None, f"{figure} is already in the supply"
        pos, fid, nodes, feature = self._where(loc)
        place: Any
        if feature is not None:
            role = role_name(figure.kind, feature.role_kind)
            place = feature.phrase()
        else:
            role = kind_of(figure.kind).title
            place = location_phrase(loc)
        self._take_off(figure)
        self._put(figure, None)
        player = figure.player
        text: Said
        if player is None:
            if why:
                text = Said(
                    msg="{role} on {place} is set aside ({why}).",
                    role=Capital(Word(role)),
                    place=place,
                    why=why,
                )
            else:
                text = Said(
                    msg="{role} on {place} is set aside.", role=Capital(Word(role)), place=place
                )
        elif why:
            text = Said(
                msg="{player}'s {role} on {place} goes back to their supply ({why}).",
                player=player,
                role=Word(role),
                place=place,
                why=why,
            )
        else:
            text = Said(
                msg="{player}'s {role} on {place} goes back to their supply.",
                player=player,
                role=Word(role),
                place=place,
            )
        return self.emit(
            "figure-returned",
            player=player,
            rule=rule,
            text=text,
            figure=figure.id,
            annotations=annotations,
            pos=pos,
            feature=fid,
            nodes=nodes,
        )

    # -- copying ---------------------------------------------------------------------------
    def clone(self) -> GameState:
        """An independent copy: playing on from it changes nothing here.

        Tiles, tile types, events and rule modules are immutable and shared; the board, its
        features, the figures, the supplies, the tiles left and the expansion state are copied.
        Play goes on only from a copy taken between turns (:func:`carc_teach.turn.resume`); a
        copy taken in the middle of a turn keeps what the turn did so far, for reading.
        """
        new = GameState.__new__(GameState)
        new.held = None
        new.setup = self.setup
        new.players = self.players
        new.rules = self.rules
        new.options = self.options
        new.modules = self.modules
        new.hooks = self.hooks
        new.turn_steps = self.turn_steps
        new.tile_types = self.tile_types
        figure_map: dict[int, Figure] = {}
        new.figures = {}
        for fid, f in self.figures.items():
            c = Figure(f.id, f.player, f.kind, f.location)
            figure_map[id(f)] = c
            new.figures[fid] = c
        new.board = self.board.clone(figure_map)
        new.scores = dict(self.scores)
        new.supply = {p: [figure_map[id(f)] for f in figs] for p, figs in self.supply.items()}
        new.remaining = dict(self.remaining)
        new.bag = list(self.bag)
        new.events = list(self.events)
        new.turn = None
        new.turn_number = self.turn_number
        new.seat_turns = self.seat_turns
        new.extra_turn = self.extra_turn
        new.move_number = self.move_number
        new.over = self.over
        new.last_points_turn = self.last_points_turn
        new.unscored_turn = self.unscored_turn
        if self.ext:
            memo: dict[int, Any] = dict(figure_map)
            for node, f in self.board.features._feature_of.items():
                memo[id(f)] = new.board.features.feature_of(node)
            new.ext = copy.deepcopy(self.ext, memo)
        else:
            new.ext = {}
        new.start_layout = self.start_layout
        new.until = None
        new.step = self.step
        new.answer = None
        turn = self.turn
        if turn is not None:
            features = new.board.features
            new.turn = Turn(
                turn.number,
                turn.player,
                turn.tile,
                turn.move,
                turn.placed,
                None,  # what the tile changed belongs to the original board
                None if turn.deployed is None else figure_map[id(turn.deployed)],
                [features.feature_of(f.nodes[0]) for f in turn.completed],
                list(turn.answers),
                turn.extra,
                turn.extra_reason,
                list(turn.scoring_rules) if turn.scoring_rules else (),
                turn.note,
            )
        return new

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain comparable data (tests compare clones and replays)."""
        feats = sorted(
            (
                f.kind,
                tuple(sorted(f.nodes)),
                f.open_edges,
                f.pennants,
                f.neighbours,
                f.scored,
                tuple(sorted(x.id for x in f.figures)),
            )
            for f in self.board.features.features()
        )
        return {
            "tiles": sorted((t.x, t.y, t.type.id, t.rotation, t.order) for t in self.board),
            "frontier": sorted(self.board.frontier.items()),
            "features": feats,
            "figures": sorted(
                (f.id, f.player, f.kind, repr(f.location)) for f in self.figures.values()
            ),
            "supply": {p: [f.id for f in figs] for p, figs in self.supply.items()},
            "scores": dict(self.scores),
            "remaining": dict(self.remaining),
            "bag": list(self.bag),
            "events": [e.to_json() for e in self.events],
            "turn_number": self.turn_number,
            "seat": (self.seat_turns, self.extra_turn),
            "ext": repr(self.ext),
            "over": self.over,
        }


def _location_data(location: Location) -> Any:
    if location is None:
        return "supply"
    if type(location) is tuple:
        return list(location)
    if isinstance(location, Corner):
        return {"corner": [location.x, location.y]}
    if isinstance(location, Place):
        return {"place": location.name}
    if isinstance(location, Held):
        return {"held": location.player}
    return repr(location)

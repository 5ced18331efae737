"""Actions and decisions: how the engine asks a player something and what comes back.

A rule module that needs a player's choice builds a :class:`Decision` (who decides, what kind
of decision, the legal options, the rule behind it, whether passing is allowed) and calls
``state.ask(decision)``. The controller of the game (a game file, a random or greedy player,
a notebook) answers with one of the options, or :data:`PASS` when the decision is optional.

Actions are small frozen values. Each action type has a ``type`` name and reads and writes
itself as JSON (the ``actions`` of a game file move, see docs/game-format.md);
:func:`register_action` lets an expansion add its own types.

A game file's actions are read once, when the file is loaded (:func:`read_action`), into typed
actions. What a segment or a corner of "the tile placed in the turn" is depends on that tile,
so such a location is read as a reference (:class:`SegmentRef`, :class:`CornerRef`) that
:meth:`Action.resolved` turns into a board location when the turn is played.

>>> Deploy("follower", (0, -1, "city")).to_json(at=(0, -1))
{'type': 'deploy', 'figure': 'follower', 'segment': 'city'}
>>> read_action({"type": "deploy", "segment": "N", "player": "Bob"}).action.to
SegmentRef(name='N', x=None, y=None)
>>> action_from_json({"type": "pass"}, None)
Pass(decision=None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from .errors import Refusal, phrase, shown
from .figures import Corner, Held, Location, Place
from .geometry import CORNER_OFFSETS

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board, PlacedTile

__all__ = [
    "Action",
    "ActionError",
    "Deploy",
    "MoveFigure",
    "Pass",
    "PASS",
    "Decision",
    "ACTION_TYPES",
    "register_action",
    "WrittenAction",
    "read_action",
    "SegmentRef",
    "CornerRef",
    "resolve_location",
    "json_type",
    "action_from_json",
    "location_from_json",
    "location_to_json",
    "segment_of",
    "segment_list",
]


class ActionError(ValueError):
    """An action in a game file cannot be read: ``field`` names the key, the message says why."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.reason = message
        self.field = field


class Action:
    """Base class of every action type (frozen dataclasses)."""

    #: the ``type`` written in game files
    type: ClassVar[str] = ""
    #: JSON keys this type reads besides ``type`` and ``player``: key -> required
    keys: ClassVar[Mapping[str, bool]] = MappingProxyType({})

    def to_json(self, *, at: tuple[int, int] | None = None) -> dict[str, Any]:
        """The action as a game file writes it; ``at`` is the square of the tile placed in the
        turn, against which segments and corners are written."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any], placed: PlacedTile | None = None) -> Action:
        """Read the action (its keys are checked already, see :func:`read_action`). With
        ``placed`` None, as a game file is loaded, a location on the tile placed in the turn
        stays a reference (:class:`SegmentRef`, :class:`CornerRef`); given the tile placed,
        it is resolved at once. Raises :class:`ActionError`."""
        raise NotImplementedError

    def resolved(self, placed: PlacedTile | None, board: Board | None) -> Action:
        """The action with every location reference resolved against the tile placed in the
        turn and the board (raises :class:`ActionError` naming the field); an action without
        references is itself."""
        return self


_ACTIONS: dict[str, type[Action]] = {}
#: Every action type by its ``type`` name.
ACTION_TYPES: Mapping[str, type[Action]] = MappingProxyType(_ACTIONS)


def register_action(cls: type[Action]) -> type[Action]:
    """Class decorator: make an action type readable from game files."""
    if not cls.type:
        raise ValueError(f"{cls.__name__} has no type name")
    old = _ACTIONS.get(cls.type)
    if old is not None and old.__qualname__ != cls.__qualname__:
        raise ValueError(f"action type {cls.type!r} is already registered by {old.__name__}")
    _ACTIONS[cls.type] = cls
    return cls


class WrittenAction(NamedTuple):
    """One action of a game file's move, read: the typed action (its locations on the tile
    placed in the turn still references) and the player the file names (None: the active
    player, or for ``final_actions`` the one who placed the last tile)."""

    # (a named tuple: three more frozen dataclasses cost about 12 M instructions at import)
    action: Action
    player: str | None = None


def json_type(value: Any) -> str:
    """What a decoded JSON value is, as messages say it: ``"an integer"``, ``"null"`` (a
    :class:`~carc_teach.errors.Phrase`, said in the message's language)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return phrase("a boolean")
    if isinstance(value, int):
        return phrase("an integer")
    if isinstance(value, float):
        return phrase("a number")
    if isinstance(value, str):
        return phrase("a string")
    if isinstance(value, list):
        return phrase("an array")
    return phrase("an object")


def read_action(data: Any) -> WrittenAction:
    """Read one action of a game file move, as the file is loaded: its type among the
    registered ones, its keys, its player, then the type's own fields. Raises
    :class:`ActionError` naming the key (None: the action itself)."""
    if not isinstance(data, dict):
        raise ActionError(
            phrase("an action is an object with a 'type', not {kind}", kind=json_type(data))
        )
    kind = data.get("type")
    cls = _ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ActionError(
            phrase(
                "unknown action type {kind}; known: {known}",
                kind=shown(kind),
                known=", ".join(sorted(_ACTIONS)),
            ),
            "type",
        )
    keys = cls.keys
    extra = sorted(set(data) - set(keys) - {"type", "player"})
    if extra:
        allowed = ", ".join(sorted({"type", "player", *keys}))
        raise ActionError(
            phrase(
                "unknown key {key} for a {kind} action (allowed: {allowed})",
                key=shown(extra[0]),
                kind=repr(kind),
                allowed=allowed,
            ),
            extra[0],
        )
    for key, required in keys.items():
        if required and key not in data:
            raise ActionError(phrase("is required in a {kind} action", kind=repr(kind)), key)
    player = data.get("player")
    if player is not None and (not isinstance(player, str) or not player):
        raise ActionError(
            phrase("must be a non-empty string, not {kind}", kind=json_type(player)), "player"
        )
    return WrittenAction(cls.from_json(data, None), player)


def action_from_json(data: Mapping[str, Any], placed: PlacedTile | None) -> Action:
    """Read one action and resolve its locations against ``placed``, the tile placed in the
    turn (raises :class:`ActionError`); a segment of another tile is taken as named."""
    return read_action(data).action.resolved(placed, None)


# -- locations in JSON ------------------------------------------------------------------------


def segment_of(placed: PlacedTile, ref: str) -> str | None:
    """A segment id from a reference: a catalogue segment id or a compass location."""
    for seg in placed.tile.segments:
        if seg.id == ref:
            return seg.id
    seg = placed.tile.segment_at(ref)
    return None if seg is None else seg.id


def segment_list(placed: PlacedTile) -> str:
    """'city (S), road (E W), ...' for messages."""
    parts = []
    for seg in placed.tile.segments:
        where = " ".join(seg.locations) or "centre"
        parts.append(f"{seg.id} ({where})")
    return ", ".join(parts)


class SegmentRef:
    """A segment as a game file names it, read before its turn is played: ``name`` is a
    catalogue segment id or a compass location (``"N"``, ``"NNE"``) of the tile at (``x``,
    ``y``), or, when they are None, of the tile placed in the turn. An immutable value (not
    a tuple, which would read as a segment node; not a dataclass, whose making at import
    costs more than this class)."""

    __slots__ = ("name", "x", "y")

    def __init__(self, name: str, x: int | None = None, y: int | None = None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is SegmentRef
            and self.name == other.name
            and self.x == other.x
            and self.y == other.y
        )

    def __hash__(self) -> int:
        return hash((SegmentRef, self.name, self.x, self.y))

    def __repr__(self) -> str:
        return f"SegmentRef(name={self.name!r}, x={self.x!r}, y={self.y!r})"


class CornerRef:
    """A corner of the tile placed in the turn, as a game file names it (``"NE"``); an
    immutable value, as :class:`SegmentRef`."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __eq__(self, other: object) -> bool:
        return type(other) is CornerRef and self.name == other.name

    def __hash__(self) -> int:
        return hash((CornerRef, self.name))

    def __repr__(self) -> str:
        return f"CornerRef(name={self.name!r})"


_LOCATION_KEYS = ("segment", "corner", "place", "held")


def resolve_location(location: Any, placed: PlacedTile | None, board: Board | None) -> Location:
    """A location read from a game file made a board location: a :class:`SegmentRef` or a
    :class:`CornerRef` resolved against the tile placed in the turn (``placed``) or the tile
    the reference names on ``board`` (None: a segment of another tile is taken as named);
    any other location is itself. Raises :class:`ActionError` naming the field."""
    if type(location) is SegmentRef:
        name, x, y = location.name, location.x, location.y
        if x is not None and y is not None:
            if board is None:
                return (x, y, name)
            there = board.tiles.get((x, y))
            if there is None:
                raise ActionError(phrase("there is no tile at ({x}, {y})", x=x, y=y), "x")
            segment = segment_of(there, name)
            if segment is None:
                raise ActionError(
                    phrase(
                        "tile {tile} at ({x}, {y}) rotated {rotation} has no segment {name}; "
                        "its segments are {segments}",
                        tile=there.type.id,
                        x=x,
                        y=y,
                        rotation=there.rotation,
                        name=shown(name),
                        segments=segment_list(there),
                    ),
                    "segment",
                )
            return (x, y, segment)
        if placed is None:
            raise ActionError(
                phrase("no tile is placed yet, so the segment needs 'x' and 'y'"), "segment"
            )
        segment = segment_of(placed, name)
        if segment is None:
            raise ActionError(
                phrase(
                    "tile {tile} rotated {rotation} has no segment {name}; "
                    "its segments are {segments}",
                    tile=placed.type.id,
                    rotation=placed.rotation,
                    name=repr(name),
                    segments=segment_list(placed),
                ),
                "segment",
            )
        return (placed.x, placed.y, segment)
    if type(location) is CornerRef:
        if placed is None:
            raise ActionError(
                phrase("no tile is placed yet, so give the corner as [x, y]"), "corner"
            )
        dx, dy = CORNER_OFFSETS[location.name]
        return Corner(placed.x + dx, placed.y + dy)
    return location


def location_from_json(data: Mapping[str, Any], placed: PlacedTile | None = None) -> Location:
    """Read where a figure goes: ``segment`` (+ optional ``x``, ``y``; else the tile placed
    this turn), ``corner`` (``"NE"`` of the placed tile, or ``[x, y]`` grid point), ``place``
    (a name) or ``held`` (a player). A segment or a corner named on the tile placed in the
    turn, or a segment of another tile, is a reference (:class:`SegmentRef`,
    :class:`CornerRef`) when ``placed`` is None, resolved against it when it is given."""
    location = _read_location(data)
    return location if placed is None else resolve_location(location, placed, None)


def _read_location(data: Mapping[str, Any]) -> Any:
    given = [k for k in _LOCATION_KEYS if k in data]
    if len(given) != 1:
        raise ActionError(
            phrase("give exactly one of 'segment', 'corner', 'place' or 'held'"),
            given[1] if given else "segment",
        )
    key = given[0]
    value = data[key]
    if key == "segment":
        if not isinstance(value, str) or not value:
            raise ActionError(
                phrase("must be a segment id or a compass location such as 'N'"), "segment"
            )
        if "x" in data or "y" in data:
            if not all(
                isinstance(data.get(k), int) and not isinstance(data.get(k), bool)
                for k in ("x", "y")
            ):
                raise ActionError(
                    phrase("a segment on another tile needs integer 'x' and 'y'"), "x"
                )
            return SegmentRef(value, data["x"], data["y"])
        return SegmentRef(value)
    if key == "corner":
        if isinstance(value, str):
            name = value.upper()
            if name not in CORNER_OFFSETS:
                raise ActionError(
                    phrase("a corner is NW, NE, SE or SW, not {value}", value=shown(value)),
                    "corner",
                )
            return CornerRef(name)
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            return Corner(value[0], value[1])
        raise ActionError(phrase("must be NW, NE, SE, SW or a grid point [x, y]"), "corner")
    if not isinstance(value, str) or not value:
        raise ActionError(phrase("must be a non-empty string"), key)
    return Place(value) if key == "place" else Held(value)


def location_to_json(location: Location, at: tuple[int, int] | None) -> dict[str, Any]:
    if isinstance(location, tuple):
        x, y, seg = location
        if at == (x, y):
            return {"segment": seg}
        return {"segment": seg, "x": x, "y": y}
    if isinstance(location, Corner):
        if at is not None:
            for name, (dx, dy) in CORNER_OFFSETS.items():
                if (at[0] + dx, at[1] + dy) == (location.x, location.y):
                    return {"corner": name}
        return {"corner": [location.x, location.y]}
    if isinstance(location, Place):
        return {"place": location.name}
    if isinstance(location, Held):
        return {"held": location.player}
    raise ValueError(f"cannot write location {location!r}")


# -- the built-in action types ----------------------------------------------------------------


@register_action
@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Put a figure of a kind from the deciding player's supply somewhere (step 2B and any
    deployment an expansion allows). ``module`` is the rule module that offered it."""

    type: ClassVar[str] = "deploy"
    keys: ClassVar[Mapping[str, bool]] = MappingProxyType(
        {"figure": False, "segment": False, "x": False, "y": False, "corner": False, "place": False}
    )

    figure: str
    to: Location
    module: str = field(default="base", compare=False)

    @property
    def node(self):
        """The segment deployed to (None when the target is not a segment)."""
        return self.to if isinstance(self.to, tuple) else None

    @property
    def segment(self) -> str | None:
        return self.to[2] if isinstance(self.to, tuple) else None

    def to_json(self, *, at: tuple[int, int] | None = None) -> dict[str, Any]:
        to = self.to
        if type(to) is tuple and at is not None and to[0] == at[0] and to[1] == at[1]:
            # a segment of the tile placed in the turn (what nearly every turn writes)
            return {"type": self.type, "figure": self.figure, "segment": to[2]}
        return {"type": self.type, "figure": self.figure, **location_to_json(to, at)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], placed: PlacedTile | None = None) -> Deploy:
        figure = data.get("figure", "follower")
        if not isinstance(figure, str) or not figure:
            raise ActionError(phrase("must be a figure kind such as 'follower'"), "figure")
        return cls(figure, location_from_json(data, placed))

    def resolved(self, placed: PlacedTile | None, board: Board | None) -> Deploy:
        to = self.to
        if type(to) is SegmentRef or type(to) is CornerRef:
            return Deploy(self.figure, resolve_location(to, placed, board), self.module)
        return self


@register_action
@dataclass(frozen=True, slots=True)
class MoveFigure(Action):
    """Move a figure already in play (by id) to another location; ``to=None`` takes it back
    to its owner's supply."""

    type: ClassVar[str] = "move"
    keys: ClassVar[Mapping[str, bool]] = MappingProxyType(
        {
            "figure": True,
            "segment": False,
            "x": False,
            "y": False,
            "corner": False,
            "place": False,
            "supply": False,
        }
    )

    figure: str
    to: Location

    def to_json(self, *, at: tuple[int, int] | None = None) -> dict[str, Any]:
        where = {"supply": True} if self.to is None else location_to_json(self.to, at)
        return {"type": self.type, "figure": self.figure, **where}

    def resolved(self, placed: PlacedTile | None, board: Board | None) -> MoveFigure:
        to = self.to
        if type(to) is SegmentRef or type(to) is CornerRef:
            return MoveFigure(self.figure, resolve_location(to, placed, board))
        return self

    @classmethod
    def from_json(cls, data: Mapping[str, Any], placed: PlacedTile | None = None) -> MoveFigure:
        figure = data.get("figure")
        if not isinstance(figure, str) or not figure:
            raise ActionError(
                phrase("must be the id of a figure in play, such as 'Alice:follower3'"), "figure"
            )
        if data.get("supply") is True:
            if any(k in data for k in _LOCATION_KEYS):
                raise ActionError(
                    phrase("a figure going to the supply has no other location"), "supply"
                )
            return cls(figure, None)
        return cls(figure, location_from_json(data, placed))


@register_action
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional decision. Game files may leave passes out; they are written only
    where the next action would otherwise be taken as this decision's answer."""

    type: ClassVar[str] = "pass"
    keys: ClassVar[Mapping[str, bool]] = MappingProxyType({"decision": False})

    decision: str | None = None

    def to_json(self, *, at: tuple[int, int] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.decision:
            out["decision"] = self.decision
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], placed: PlacedTile | None = None) -> Pass:
        kind = data.get("decision")
        if kind is not None and (not isinstance(kind, str) or not kind):
            raise ActionError(
                phrase("must be a non-empty string, not {kind}", kind=json_type(kind)), "decision"
            )
        return cls(kind)


#: The answer to an optional decision that the player declines.
PASS = Pass()


class Decision:
    """A choice the engine asks of one player.

    Parameters
    ----------
    player:
        Who decides (any player, not only the active one).
    kind:
        What is decided, as a dotted name (``"place"``, ``"deploy"``, ``"count.redeploy"``).
    options:
        The legal answers, or a function that lists them (evaluated on first use, so a game
        file's answer can be checked with ``explain`` without listing every option).
    rule:
        The rule id behind the decision.
    optional:
        Whether :data:`PASS` is a legal answer.
    prompt:
        One sentence for people ("Bob may move a follower from the castle into the city"),
        or ``(message, params)`` for the :func:`~carc_teach.errors.phrase` that says it, made
        when ``prompt`` is first read (the turn driver asks two decisions a turn, and most
        prompts of a simulated game are never read: a phrase costs about six times a dict).
    explain:
        ``explain(action) -> Refusal | reason | None``: why an answer is not legal (default:
        it is not among the options).
    """

    __slots__ = (
        "player",
        "kind",
        "rule",
        "optional",
        "prompt",
        "_prompt_said",
        "options",
        "_list_options",
        "_explain",
        "data",
        "_accepts",
    )

    # The parameters after ``options`` are meant as keywords but are not keyword-only:
    # CPython fills a missing keyword-only argument by a dict look-up, and the turn driver
    # asks two decisions a turn.
    def __init__(
        self,
        player: str,
        kind: str,
        options: Sequence[Any] | Callable[[], Sequence[Any]],
        rule: str = "",
        optional: bool = False,
        prompt: str = "",
        explain: Callable[[Any], str | None] | None = None,
        data: Mapping[str, Any] | None = None,
        accepts: tuple[str, ...] | None = None,
    ) -> None:
        self.player = player
        self.kind = kind
        self.rule = rule
        self.optional = optional
        if type(prompt) is tuple:
            # said when first read (see __getattr__)
            self._prompt_said: tuple[str, dict[str, Any]] | None = prompt
        else:
            self.prompt = prompt
            self._prompt_said = None
        # options given are a plain attribute, read at C speed; a function that lists them
        # leaves it unset until the first read (see __getattr__)
        if callable(options):
            self._list_options: Callable[[], Sequence[Any]] | None = options
        else:
            self.options: Sequence[Any] = options
            self._list_options = None
        self._explain = explain
        self.data = {} if data is None else dict(data)
        self._accepts = accepts

    @property
    def accepts(self) -> tuple[str, ...]:
        """The action types that answer this decision (besides ``pass``): given, or those of
        the options."""
        if self._accepts is not None:
            return self._accepts
        seen: list[str] = []
        for o in self.options:
            t = getattr(o, "type", None)
            if t and t not in seen:
                seen.append(t)
        return tuple(seen)

    def __getattr__(self, name: str) -> Any:
        # called only for an attribute not set: ``options`` still to be listed, or the
        # ``prompt`` still to be said
        if name == "options" and self._list_options is not None:
            options = self.options = self._list_options()
            self._list_options = None
            return options
        if name == "prompt" and self._prompt_said is not None:
            message, params = self._prompt_said
            prompt = self.prompt = phrase(message, **params)
            self._prompt_said = None
            return prompt
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def problem(self, answer: Any) -> Refusal | None:
        """None when ``answer`` is legal, else the :class:`~carc_teach.errors.Refusal` saying
        which rule refuses it (the decision's own rule when its ``explain`` names none)."""
        rule = self.rule or self.kind
        if isinstance(answer, Pass):
            if self.optional:
                return None
            return Refusal(
                rule,
                phrase(
                    "{player} must answer this {kind} decision; passing is not allowed",
                    player=self.player,
                    kind=self.kind,
                ),
            )
        if self._explain is not None:
            why = self._explain(answer)
            if not why:
                return None
            if isinstance(why, Refusal):
                return why
            return Refusal(rule, why if isinstance(why, str) else str(why))
        if answer in self.options:
            return None
        return Refusal(
            rule,
            phrase(
                "{answer} is not one of the {n} legal options",
                answer=repr(answer),
                n=len(self.options),
            ),
        )

    def __repr__(self) -> str:
        opt = " (optional)" if self.optional else ""
        n = "?" if self._list_options is not None else len(self.options)
        return f"<Decision {self.kind} by {self.player}{opt}: {n} options>"

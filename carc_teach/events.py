"""Events: every change of state in a game, in order.

The event log is the spine of carc_teach. A notebook slider walks it; ``Game.replay(until=k)``
rebuilds the state just after event ``k``; every point on the scoreboard is explained by exactly
one ``points`` event with its breakdown, rule id and annotation ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .frozen import draft_class

__all__ = [
    "Event",
    "EVENT_KINDS",
    "STEPS",
    "STEP_TITLES",
    "step_title",
    "Phrase",
    "Said",
    "SaidN",
    "Word",
    "Names",
    "Chained",
    "Joined",
    "Capital",
    "TileName",
    "Packed",
    "render",
    "english",
    "Spoken",
    "spoken",
    "term",
]


# -- phrases: texts kept as message ids with parameters ------------------------------------
#
# An event's text is kept as its message id (the English, in the catalogues like any other
# message) with the parameters, and written out in a language only when someone reads it: in
# English when ``Event.text`` is first read (so the golden logs keep every byte), in Italian
# or Czech by ``Event.text_in(lang)``. A parameter is a plain value (a number, a player's
# name, a tile id: shown as it is) or another phrase, written in the same language.
#
# A phrase is a plain dict, built by ``dict`` itself: ``Said(msg="{player} wins.",
# player="Bob")``. That is three times as fast as an object of a class of ours, and a dict
# holding only strings, numbers and such dicts is never tracked by the garbage collector,
# which objects of a class kept for the whole game would be (together about 10 % of a base
# game). Most events of a simulated game are never read, so their text is never written.
# Keys: ``msg`` (the message id), ``plural`` and ``n`` (a message with plural forms, the
# number also being the field ``{n}``), ``ctx`` (a message context), and the parameters;
# :func:`Names`, :func:`Joined`, :func:`Capital` and :func:`TileName` make the other four
# kinds.

#: a phrase (see above)
Phrase = dict

#: ``Said(msg="{player} wins.", player="Bob")``; ``ctx="..."`` gives the message a context
#: (one English, two translations). ``scripts/i18n_extract.py`` reads ``msg`` (a literal)
#: into the catalogues.
Said = dict

#: ``SaidN(msg="{n} tile", plural="{n} tiles", n=3)``: a message with a singular and a
#: plural for the number ``n`` (Czech picks one of its three forms).
SaidN = dict

#: game words (:func:`Word`), made once each
_WORDS: dict[str, Phrase] = {}


def Word(word: str, /) -> Phrase:  # noqa: N802 - called like the other phrase makers
    """A game word on its own (``Word("city")``: "città", "město"), message context
    ``term``."""
    found = _WORDS.get(word)
    if found is None:
        found = _WORDS[word] = {"msg": word, "ctx": "term"}
    return found


def Names(items: Any, conjunction: str = "and") -> Phrase:  # noqa: N802
    """Names (or phrases) as a list: "A, B and C", "A, B e C", "A, B a C"."""
    return {"names": tuple(items), "conjunction": conjunction}


def Joined(items: Any, sep: str = " ") -> Phrase:  # noqa: N802
    """Pieces written one after another with ``sep`` between them (the same in every
    language: " + " between the rows of a sum, " " between sentences)."""
    return {"join": tuple(items), "sep": sep}


def Capital(phrase: Any) -> Phrase:  # noqa: N802
    """A phrase with its first letter in capitals (a phrase that starts a sentence)."""
    return {"capital": phrase}


#: tile names (:func:`TileName`), made once each
_TILE_NAMES: dict[str, Phrase] = {}


def TileName(name: str, /) -> Phrase:  # noqa: N802
    """A tile type's descriptive name from its catalogue ("Cloister with a road"), written in
    another language from ``i18n/data/<lang>/tiles.toml`` (English where it has none)."""
    found = _TILE_NAMES.get(name)
    if found is None:
        found = _TILE_NAMES[name] = {"tile_name": name}
    return found


def Chained(names: Any) -> Any:  # noqa: N802
    """Names joined by "and" every time ("A and B and C"), as some English texts write
    them (:func:`Names` writes "A, B and C")."""
    names = list(names)
    together: Any = names[0] if names else ""
    for other in names[1:]:
        together = Said(msg="{first} and {second}", ctx="sharing", first=together, second=other)
    return together


class Packed:
    """The shape of a phrase the engine says at nearly every turn, kept packed.

    ``TURN_BEGINS = Packed(Said(msg="Turn {number}: {player} begins their turn."), "number",
    "player")`` once, then ``state.emit(..., text=(TURN_BEGINS, number, player))``: the
    event keeps that tuple (the parameters' values in the order of ``keys``) in place of the
    dict ``Said(msg=..., number=number, player=player)``, a third of its size and built
    three times as fast. Everything that reads the phrase sees that same dict
    (``Event.said`` unpacks it), so only the code that emits it knows. Four such phrases
    (the turn begins, a tile is drawn, placed, no figure deployed) are three quarters of a
    game's events, and their dicts were a fifth of what a finished game holds
    (docs/performance.md, "Fifth round").
    """

    __slots__ = ("said", "keys")

    def __init__(self, said: Phrase, /, *keys: str) -> None:
        #: the message id (and context) without the parameters
        self.said = said
        #: the parameters' names, in the order the packed tuple gives their values
        self.keys = keys

    def unpack(self, values: Any) -> Phrase:
        """The phrase (a dict, as :class:`Said` builds it) of the packed ``values``."""
        phrase = dict(self.said)
        phrase.update(zip(self.keys, values, strict=True))
        return phrase

    def __repr__(self) -> str:
        return f"Packed({self.said!r}, {', '.join(map(repr, self.keys))})"


#: the keys of a message phrase that are not its parameters
_RESERVED = frozenset({"msg", "plural", "n", "ctx"})


#: the game words phrases name through a variable (``Word(role)``), listed here whole so
#: that the catalogues hold them: roles and their plurals, figure kinds, feature kinds,
#: buildings
GAME_TERMS: tuple[Phrase, ...] = (
    Word("thief"),
    Word("knight"),
    Word("monk"),
    Word("farmer"),
    Word("heretic"),
    Word("thieves"),
    Word("knights"),
    Word("monks"),
    Word("farmers"),
    Word("heretics"),
    Word("figures"),
    Word("follower"),
    Word("mayor"),
    Word("wagon"),
    Word("barn"),
    Word("the Count"),
    Word("the King"),
    Word("the Robber Baron"),
    Word("road"),
    Word("city"),
    Word("cloister"),
    Word("field"),
    Word("river"),
    Word("shrine"),
    Word("abbey"),
    Word("larger"),
    Word("longer"),
    Word("castle"),
    Word("market"),
    Word("blacksmith"),
    Word("cathedral"),
    Word("north"),
    Word("north-east"),
    Word("east"),
    Word("south-east"),
    Word("south"),
    Word("south-west"),
    Word("west"),
    Word("north-west"),
    Word("quarter"),
)


def render(value: Any, lang: str = "en") -> str:
    """``value`` written in ``lang`` (a code of :data:`carc_teach.i18n.LANGUAGES`): a phrase
    in that language, anything else as ``str()`` shows it."""
    if type(value) is not dict:
        if type(value) is str:
            return value
        if type(value) is tuple and value and type(value[0]) is Packed:
            return render(value[0].unpack(value[1:]), lang)
        return str(value)
    message = value.get("msg")
    if message is not None:
        if lang != "en":
            return _translated(value, message, lang)
        plural = value.get("plural")
        if plural is not None and value["n"] != 1:
            message = plural
        for v in value.values():
            if type(v) is dict:
                return message.format_map(
                    {k: render(v, "en") if type(v) is dict else v for k, v in value.items()}
                )
        return message.format_map(value)
    if "tile_name" in value:
        if lang == "en":
            return value["tile_name"]
        from .i18n.names import tile_name

        return tile_name(value["tile_name"], lang)
    if "join" in value:
        return value["sep"].join([render(i, lang) for i in value["join"]])
    if "names" in value:
        words = [render(i, lang) for i in value["names"]]
        if lang == "en" and value["conjunction"] == "and":  # without the catalogue
            if len(words) <= 1:
                return "".join(words)
            return f"{', '.join(words[:-1])} and {words[-1]}"
        from .i18n import format_list

        return format_list(words, lang, conjunction=value["conjunction"])
    if "capital" in value:
        text = render(value["capital"], lang)
        return text[:1].upper() + text[1:]
    raise ValueError(f"not a phrase: {value!r}")


def english(value: Any) -> str:
    """``value`` in English (the engine's own texts: refusals, the golden logs)."""
    return render(value, "en")


def _translated(phrase: Phrase, message: str, lang: str) -> str:
    from .i18n import _fill, language_code, translation

    code = language_code(lang)
    params = {}
    for k, v in phrase.items():
        if k not in _RESERVED:
            params[k] = render(v, code) if type(v) is dict else v
    plural, ctx = phrase.get("plural"), phrase.get("ctx")
    if code == "en":
        text = message if plural is None or phrase["n"] == 1 else plural
    else:
        catalogue = translation(code)
        if plural is None:
            text = catalogue.gettext(message) if ctx is None else catalogue.pgettext(ctx, message)
        elif ctx is None:
            text = catalogue.ngettext(message, plural, phrase["n"])
        else:
            text = catalogue.npgettext(ctx, message, plural, phrase["n"])
    if "n" in phrase:  # a plural's count, or a plain field named n ("a pig-herd tile: {n} × 1")
        params["n"] = phrase["n"]
    return _fill(text, code, params)


#: Turn steps in order, named after the Wikicarpedia "Scoring During Turn Sequence" page.
STEPS: tuple[str, ...] = (
    "setup",
    "1A",
    "1B",
    "1C",
    "2A",
    "2B",
    "2C",
    "3A",
    "3B",
    "3C",
    "4A",
    "4B",
    "final",
)
STEP_TITLES: dict[str, str] = {
    "setup": "Set-up",
    "1A": "Begin the turn",
    "1B": "Draw a tile",
    "1C": "Place the tile",
    "2A": "Move the wood: prologue",
    "2B": "Move the wood: deploy a figure",
    "2C": "Move the wood: resolve",
    "3A": "Identify completed features",
    "3B": "Resolve completed features",
    "3C": "Tile scoring",
    "4A": "Tile actions",
    "4B": "Resolve the turn",
    "final": "Scoring after the game",
}

#: What each event kind means (the ``kind`` field of an Event).
EVENT_KINDS: dict[str, str] = {
    "game-start": "the start tile is laid and every player gets their figures",
    "turn-begin": "a player's turn begins",
    "tile-drawn": "the player draws a tile",
    "tile-discarded": "the drawn tile fits nowhere and is set aside",
    "tile-placed": "the tile is placed on the board",
    "figure-deployed": "the player puts a figure from their supply on the placed tile",
    "deploy-skipped": "the player puts no figure on the placed tile",
    "feature-completed": "a placement completed a road, city or cloister",
    "points": "a player scores points",
    "no-score": "a feature scores nobody (no figures on it, or worth nothing)",
    "figure-returned": "a figure goes back to its owner's supply",
    "figure-moved": "a figure in play moves to another place",
    "final-scoring": "the tiles are used up: scoring after the game begins",
    "game-end": "the game is over",
}


@dataclass(frozen=True, slots=True)
class Event:
    """One change of state.

    Attributes
    ----------
    index:
        Position in the log (0-based).
    turn:
        Turn number (0 for set-up; final scoring keeps the last turn's number + 1).
    step:
        Turn step code (see :data:`STEPS`).
    kind:
        See :data:`EVENT_KINDS`.
    player:
        The player concerned (the one scoring, deploying, placing...), or None.
    points:
        Points scored by ``player`` in this event (0 unless ``kind == "points"``).
    breakdown:
        How ``points`` add up: ``(("3 tiles x 2", 6), ("1 pennant x 2", 2))``.
    rule:
        Rule id applied (see docs/architecture.md), e.g. ``base.city.score``.
    annotations:
        Ids of annotation records (footnotes, rulings) that bear on this event.
    text:
        One or two plain-English sentences explaining the event.
    tile, pos, rotation:
        The tile concerned and where it is.
    feature:
        Id of the feature concerned, with ``nodes`` its segments at that moment.
    figure:
        Id of the figure concerned.
    data:
        Anything else an expansion wants to record (JSON-serialisable).
    options:
        Ids of the rule options whose chosen value made this event what it is (their
        annotation ids are in ``annotations``).
    said:
        The text as a phrase (a message id with its parameters, :class:`Said`; sentences
        one after another: :class:`Joined`), or None for an event whose text was written as
        plain English. (``GameState.emit`` may be given a packed phrase, :class:`Packed`: it
        reads back as the same dict.) ``text`` is its English, written when first read.
    breakdown_said:
        The breakdown with each row's ``what`` as a phrase; ``breakdown`` is its English,
        written when first read.
    """

    index: int
    turn: int
    step: str
    kind: str
    player: str | None = None
    points: int = 0
    breakdown: tuple[tuple[str, int], ...] = ()
    rule: str = ""
    annotations: tuple[str, ...] = ()
    text: str = ""
    tile: str | None = None
    pos: tuple[int, int] | None = None
    rotation: int | None = None
    feature: int | None = None
    nodes: tuple[tuple[int, int, str], ...] = ()
    figure: str | None = None
    move: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    said: Phrase | None = None
    breakdown_said: tuple[tuple[Any, int], ...] = ()

    def text_in(self, lang: str | None = None) -> str:
        """The text in ``lang`` (``None``: the current language). An event whose text was
        written as plain English shows it in every language."""
        said = self.said
        if said is None:
            return self.text
        from .i18n import language_code

        code = language_code(lang)
        if code == "en":
            return self.text
        return render(said, code)

    def breakdown_in(self, lang: str | None = None) -> tuple[tuple[str, int], ...]:
        """The breakdown with each row written in ``lang`` (see :meth:`text_in`)."""
        if not self.breakdown_said:
            return self.breakdown
        from .i18n import language_code

        code = language_code(lang)
        if code == "en":
            return self.breakdown
        return tuple([(render(w, code), p) for w, p in self.breakdown_said])

    @property
    def step_title(self) -> str:
        return STEP_TITLES.get(self.step, self.step)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the ``events`` items of ``carc-teach replay --json``)."""
        out: dict[str, Any] = {
            "index": self.index,
            "turn": self.turn,
            "step": self.step,
            "kind": self.kind,
            "player": self.player,
            "points": self.points,
            "rule": self.rule,
            "annotations": list(self.annotations),
            "text": self.text,
        }
        if self.breakdown:
            out["breakdown"] = [{"what": w, "points": p} for w, p in self.breakdown]
        if self.move is not None:
            out["move"] = self.move
        if self.tile is not None:
            out["tile"] = self.tile
        if self.pos is not None:
            out["x"], out["y"] = self.pos
        if self.rotation is not None:
            out["rotation"] = self.rotation
        if self.feature is not None:
            out["feature"] = self.feature
            out["segments"] = [list(n) for n in self.nodes]
        if self.figure is not None:
            out["figure"] = self.figure
        if self.data:
            out["data"] = self.data
        if self.options:
            out["options"] = list(self.options)
        return out

    def __str__(self) -> str:
        pts = f" [+{self.points}]" if self.points else ""
        who = f" {self.player}:" if self.player else ""
        return f"#{self.index} T{self.turn} {self.step}{who} {self.text}{pts}"


def step_title(step: str) -> str:
    return STEP_TITLES.get(step, step)


def _written_when_read(name: str, write: Any) -> property:
    """Event's field ``name`` as a property over its slot: ``GameState.emit`` leaves the slot
    empty when it is given phrases, and the first read writes their English into it.

    A property on two fields rather than ``__getattr__`` on the class: a class with
    ``__getattr__`` loses CPython's fast path for reading every other attribute (reading
    ``kind`` and ``player`` of every event of a game took 3.5 times as long)."""
    slot = Event.__dict__[name]  # the slot's own descriptor, made by the dataclass

    def get(event: Event) -> Any:
        try:
            return slot.__get__(event, Event)
        except AttributeError:
            value = write(event)
            slot.__set__(event, value)
            return value

    def put(event: Event, value: Any) -> None:  # the dataclass's __init__ (frozen otherwise)
        slot.__set__(event, value)

    return property(get, put, doc=slot.__doc__)


Event.text = _written_when_read(  # type: ignore[method-assign,assignment]
    "text", lambda event: render(event.said, "en")
)
Event.breakdown = _written_when_read(  # type: ignore[method-assign,assignment]
    "breakdown", lambda event: tuple([(render(w, "en"), p) for w, p in event.breakdown_said])
)

_SAID_SLOT = Event.__dict__["said"]


def _said(event: Event) -> Phrase | None:
    """``Event.said``: the phrase, a packed one (:class:`Packed`) unpacked into the dict it
    stands for."""
    said = _SAID_SLOT.__get__(event, Event)
    if type(said) is tuple and said and type(said[0]) is Packed:
        return said[0].unpack(said[1:])
    return said


Event.said = property(_said, _SAID_SLOT.__set__, doc=_SAID_SLOT.__doc__)  # type: ignore[method-assign,assignment]

#: a writable class with Event's slots: ``GameState.emit`` fills one, every field, and makes
#: it an Event by assigning the class (see :func:`carc_teach.frozen.draft_class`)
EventDraft = draft_class(Event)


class Spoken(str):
    """One of the engine's phrases (:mod:`carc_teach.events`: a feature's name, a game word,
    a segment of a tile) carried as its English text, so that a message that quotes it
    (a :func:`phrase` parameter, a refusal's reason) says it in another language too
    (:func:`carc_teach.i18n.errors.say` writes it with ``events.render``)."""

    said: Any

    def __new__(cls, said: Any) -> Spoken:
        self = super().__new__(cls, english(said))
        self.said = said
        return self

    def __reduce__(self):  # pickled with its phrase, as Phrase is
        return (Spoken, (self.said,))


def spoken(said: Any) -> Spoken:
    """An engine phrase as a :class:`Spoken` text (its English; other languages where shown)."""
    return Spoken(said)


def term(word: str) -> Spoken:
    """A game word (``events.Word``, message context ``term``) as a :class:`Spoken` text:
    ``term("follower")`` is "follower", said "seguace" or "družiník"."""
    return Spoken(Word(word))

"""Figures, the places they can be, and the registry of figure kinds.

A :class:`Figure` is one piece of wood (or a token) with an owner (``None`` for a neutral figure
such as the Count) and a ``location``:

- ``None``: in its owner's supply (or, for a neutral figure, set aside);
- a node ``(x, y, segment_id)``: on a segment of a placed tile, i.e. in a feature;
- :class:`Corner`: on a grid point where four tiles meet (the barn);
- :class:`Place`: somewhere that is not a feature, such as a quarter of the City of Carcassonne;
- :class:`Held`: held in front of a player (the King and Robber Baron tokens).

Figure kinds are a registry (:data:`FIGURE_KINDS`) so that each expansion names what it brings:
how much the figure counts toward a majority, which features it may enter, whether it goes
home after its feature scores, and which expansion has it.

>>> FIGURE_KINDS["big-follower"].strength
2
>>> kind_of("mayor").expansion
'abbey-mayor'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .events import Phrase, Said, Word, render, spoken
from .expansions import PACKAGES
from .expansions.declare import FigureKind

__all__ = [
    "Node",
    "Corner",
    "Place",
    "Held",
    "Location",
    "Figure",
    "FigureKind",
    "FIGURE_KINDS",
    "register_figure_kind",
    "kind_of",
    "kind_id_word",
    "ROLE_NAMES",
    "ROLE_PLURALS",
    "role_name",
    "describe_location",
    "location_phrase",
]

#: A placed segment: (x, y, segment id of its tile type)
Node = tuple[int, int, str]


@dataclass(frozen=True, slots=True)
class Corner:
    """The grid point at the north-west corner of square ``(x, y)``: where four tiles meet."""

    x: int
    y: int

    def squares(self) -> tuple[tuple[int, int], ...]:
        """The four squares that meet here: NW, NE, SE, SW of the point."""
        x, y = self.x, self.y
        return ((x - 1, y - 1), (x, y - 1), (x, y), (x - 1, y))


@dataclass(frozen=True, slots=True)
class Place:
    """A named place that is not a feature (``"count.castle"``: a quarter of the City)."""

    name: str


@dataclass(frozen=True, slots=True)
class Held:
    """Held in front of a player (a token such as the King)."""

    player: str


Location = Node | Corner | Place | Held | None


def describe_location(location: Location) -> str:
    return render(location_phrase(location), "en")


def location_phrase(location: Location) -> Phrase | str:
    """:func:`describe_location` as a phrase to write in any language (a place's name stays
    as its module wrote it)."""
    if location is None:
        return Said(msg="the supply")
    if isinstance(location, tuple):
        return Said(
            msg="segment {segment} of the tile at ({x}, {y})",
            segment=location[2],
            x=location[0],
            y=location[1],
        )
    if isinstance(location, Corner):
        return Said(msg="the corner at grid point ({x}, {y})", x=location.x, y=location.y)
    if isinstance(location, Place):
        return location.name
    return Said(msg="{player}'s table", player=location.player)


@dataclass(slots=True, eq=False)
class Figure:
    """A figure of the game. ``player`` is None for a neutral figure (the Count)."""

    id: str
    player: str | None
    kind: str = "follower"
    location: Location = None

    @property
    def node(self) -> Node | None:
        """The segment the figure stands on, or None when it is anywhere else."""
        loc = self.location
        return loc if type(loc) is tuple else None

    def __repr__(self) -> str:
        where = "supply" if self.location is None else f"{self.location}"
        owner = self.player or "neutral"
        return f"<Figure {self.id} ({owner} {self.kind}) at {where}>"


_KINDS: dict[str, FigureKind] = {}
#: Every figure kind carc_teach knows, by id (read-only view; extend with
#: :func:`register_figure_kind`).
FIGURE_KINDS: Mapping[str, FigureKind] = MappingProxyType(_KINDS)


def register_figure_kind(kind: FigureKind) -> FigureKind:
    """Add a figure kind (an expansion module does this at import). Re-registering the same
    definition is harmless; a different one under a taken id is a programming error."""
    old = _KINDS.get(kind.id)
    if old is not None and old != kind:
        raise ValueError(f"figure kind {kind.id!r} is already registered differently")
    _KINDS[kind.id] = kind
    return kind


def kind_of(kind_id: str) -> FigureKind:
    try:
        return _KINDS[kind_id]
    except KeyError:
        raise KeyError(
            f"unknown figure kind {kind_id!r}; known: {', '.join(sorted(_KINDS))}"
        ) from None


# The kinds of the registered packages. (A heretic is not a kind: it is a follower standing on
# a shrine, named by where it stands as a monk is.) Their behaviour beyond these defaults lives
# in the rule module of their expansion; listing them here lets the engine say which expansion a
# figure belongs to when a game without it asks for one.
for _package in PACKAGES:
    for _kind in _package.figure_kinds:
        register_figure_kind(_kind)
del _package, _kind

#: What a follower is called by the kind of feature (or building, ``Feature.role_kind``) it
#: stands on, and the plural of each name: the packages' ``follower_roles``.
ROLE_NAMES: Mapping[str, str] = MappingProxyType(
    {where: name for p in PACKAGES for where, name, _ in p.follower_roles}
)
ROLE_PLURALS: Mapping[str, str] = MappingProxyType(
    {name: plural for p in PACKAGES for _, name, plural in p.follower_roles}
)


def kind_id_word(kind: str) -> str:
    """A figure kind's id as a refusal quotes it ("a big-follower cannot be deployed ..."): the
    English is the id itself, the other languages say the word (each package marks its kinds'
    ids as game words); an id of no known kind stays as it is."""
    return spoken(Word(kind)) if kind in FIGURE_KINDS else kind


def role_name(figure_kind: str, feature_kind: str) -> str:
    """A follower is named by where it stands (thief, knight, monk, farmer, heretic: pass a
    feature's ``role_kind``); other kinds by what they are."""
    if figure_kind == "follower":
        return ROLE_NAMES.get(feature_kind, figure_kind)
    kind = _KINDS.get(figure_kind)
    return kind.title if kind else figure_kind

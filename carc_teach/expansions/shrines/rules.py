"""Heretics & Shrines (Count, King & Robber): shrines, heretics and the challenge.

A shrine is a cloister segment tagged ``shrine`` (``Feature.building == "shrine"``): it is
placed, completed and scored like a cloister (ckr-42), under its own rule id
``shrine.as-cloister``. What this module adds:

- **Tile edition** (option ``shrine.tile-edition``): the 5 tiles of the Count, King & Robber
  box (``shrines-ckr``), the 6 of Cult, Siege & Creativity (``shrines-csc``) or the 5 of the
  spielbox almanac (``shrines-spielbox``); the rules are the same for all three.
- **Placement limits** (1C, ``placement_rules``): a shrine may not have more than one cloister
  among its eight neighbours, nor a cloister more than one shrine (ckr-43). A placement is also
  illegal when it would make a neighbour break the limit: a shrine next to a cloister that
  already has a shrine beside it (ckr-44), and likewise a cloister next to a shrine that already
  has a cloister. An abbey is a cloister here (ckr-45): it may not fill a hole beside two
  shrines, and no shrine may go next to an abbey that already has one. With the house rule
  ``shrine.placement-limit = extra-if-empty`` (ckr-46) such placements are allowed, but the
  building that broke the limit must stay empty: nobody may deploy on it.
- **Heretics** (2B): a follower on a shrine is a heretic (the module deploys it, so the texts
  say so).
- **The challenge** (2C, ``after_deployment``): a heretic deployed next to a cloister with a
  monk, or a monk deployed next to a shrine with a heretic, opens a challenge, whoever owns the
  other building (also against oneself: ckr-51, and abbeys: ckr-47). The module keeps the open
  challenges in :class:`ShrinesState` (the two buildings' nodes and the challenger); teaching
  code reads them with :func:`open_challenges`.
  Whether a building that the placed tile has already completed can be challenged is open in
  the seeds: option ``shrine.challenge-complete-building`` (the project's reading,
  ``no-challenge``, follows ckr-56: a building finished before the deployment is out of the
  race).
- **Resolution** (3B, ``after_scoring``): the building completed first scores as usual (9 for
  its majority); the other building's followers go home without points (event
  ``shrine-challenge-lost``) and it scores nothing then; it stays on the board, empty, and may
  be completed or occupied later (ckr-62). If one tile completes both, both score (ckr-55).
  House rule ``shrine.challenge-reward``: the winner also scores the loser's unfinished building
  (1 + its neighbouring tiles), or only a winning challenger does.
- **After the game**: an open challenge is announced (``shrine.final``) and both buildings
  score as unfinished cloisters (the base game's final scoring, relabelled
  ``shrine.as-cloister`` for the shrine).

For the Count (ckr-59): the ``shrine-challenge-lost`` event is not a scoring. Its ``data``
says who lost (``loser``), who won (``winner``), the active player (``active``) and whether the
active player was among the losers (``active_lost``); the losers take part in no scoring and
receive no ``points`` event. So a player who completes the rival building and loses their own
heretic or monk has "scored nothing" in a turn where somebody scored, which is the Count's
deployment trigger; the Count module reads the scorings of the turn and needs nothing else.

With Abbey & Mayor a wagon on a shrine or cloister takes part in a challenge like a heretic
or monk; on the losing building it goes home with the others and does not move on, since that
building was never scored (ckr-61, on its ``figure-returned`` event). The official limit only
filters placements; so that it shows where it decided something, a ``placement-limited`` event
follows the placement of a shrine, cloister or abbey that the limit kept off squares where its
edges fitted, naming them and the footnotes that refused them (ckr-43, ckr-44, ckr-45).

Not implemented, because the expansions they concern are not played by carc_teach: the abbot
of German monasteries (ckr-49), the magic portal, the fairy and the dragon (ckr-52, ckr-53,
ckr-56's portal, ckr-58, ckr-60), escapes from sieges (ckr-42's Cathars).

Wording (option ``shrine.challenge-wording``, ckr-48, ckr-50, ckr-51): the seeds give the two
texts of the challenge rule, which start the same challenges. The ``challenge-started`` event
follows the chosen one: HiG's (the default) speaks of a shrine placed next to another player's
cloister and adds that challenging oneself is allowed; RGG's of a heretic next to any
monastery with a monk, and of a monk who must challenge a heretic (Big Box 2), with no word
about oneself. Only the words change; the RGG text carries the option and its footnotes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...actions import Deploy
from ...board import PlacementRule
from ...errors import Refusal, phrase
from ...events import Capital, Chained, Joined, Names, Said, SaidN, Word, english, spoken
from ...figures import kind_id_word, role_name
from ...geometry import SURROUNDING_OFFSETS
from ...rules import RuleModule, refusal

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from ...board import Board, PlacedTile, Placement
    from ...features import Feature, FeatureGraph
    from ...figures import Node
    from ...geometry import Position
    from ...scoring import Scoring
    from ...state import GameState, Turn
    from ...tiles import TileType

__all__ = [
    "ShrineRules",
    "SHRINE_TILE_SETS",
    "is_shrine",
    "is_cloister",
    "limit_problem",
    "limit_breach",
    "Challenge",
    "ShrinesState",
    "open_challenges",
]

#: value of the option ``shrine.tile-edition`` -> the tile set it brings
SHRINE_TILE_SETS = {
    "ckr": "shrines-ckr",
    "csc": "shrines-csc",
    "spielbox": "shrines-spielbox",
}


def is_shrine(feature: Feature) -> bool:
    return feature.kind == "cloister" and feature.building == "shrine"


def is_cloister(feature: Feature) -> bool:
    """A cloister in the sense of the shrine rules: any cloister feature that is not a shrine
    (abbeys included, ckr-45 / ckr-47)."""
    return feature.kind == "cloister" and feature.building != "shrine"


# tile type id -> "shrine", "cloister", "abbey" or "" (the building a tile brings); tile types
# are immutable, so the answer is kept
_BUILDING_OF: dict[str, str] = {}


def _building_of(tile_type: TileType) -> str:
    found = _BUILDING_OF.get(tile_type.id)
    if found is None:
        found = ""
        for seg in tile_type.segments:
            if seg.kind == "cloister":
                found = next((t for t in ("shrine", "abbey") if t in seg.tags), "cloister")
        _BUILDING_OF[tile_type.id] = found
    return found


#: the words a challenge's texts share
_ONESELF = Said(msg=" (challenging oneself is allowed)")
_LOST = Said(msg="it lost the challenge")
_LOST_NO_MOVE = Said(msg="it lost the challenge; its building was not scored, so it cannot move on")


# tile type id -> whether a cloister segment of it is tagged a shrine (a heretic may stand
# there); kept, as tile types are immutable
_HAS_SHRINE: dict[str, bool] = {}


def _has_shrine(tile_type: TileType) -> bool:
    found = _HAS_SHRINE.get(tile_type.id)
    if found is None:
        found = False
        for seg in tile_type.segments:
            if seg.kind == "cloister" and "shrine" in seg.tags:
                found = True
        _HAS_SHRINE[tile_type.id] = found
    return found


def _name(feature: Feature) -> str:
    """What a cloister feature is called: shrine, abbey or cloister."""
    return feature.building or "cloister"


def _at(feature: Feature) -> str:
    x, y, _ = feature.nodes[0]
    return f"({x}, {y})"


def _named_at(feature: Feature) -> Any:
    """A building with its square: "shrine at (1, 2)", as a phrase."""
    return Said(msg="{building} at {square}", building=Word(_name(feature)), square=_at(feature))


def _around(
    features: FeatureGraph, pos: tuple[int, int], skip: tuple[tuple[int, int] | None, ...] = ()
) -> list[Feature]:
    """The cloister features (shrines included) on the eight squares around ``pos``, leaving
    out the squares ``skip``."""
    return [
        c
        for c in features.cloisters_around(pos, include_self=False)
        if (c.nodes[0][0], c.nodes[0][1]) not in skip
    ]


def limit_problem(
    board: Board, building: str, pos: tuple[int, int], *, ignore: tuple[int, int] | None = None
) -> Any:
    """Why a new ``building`` ("shrine", "cloister" or "abbey") at ``pos`` breaks the official
    placement limit (ckr-43, ckr-44; an abbey is a cloister here, ckr-45), or None. ``pos`` may
    already hold the tile (the house rule checks after placing): its own building is left out.
    ``ignore``: a square whose building is left out too (the board as it was before that tile
    was placed). The reason is a phrase (``events.english`` writes its English)."""
    breach = limit_breach(board, building, pos, ignore=ignore)
    return None if breach is None else breach[0]


def _two_rivals(building: str, mine: list[Feature]) -> Any:
    """ckr-43's reason: the new ``building`` would have the rivals ``mine`` around it."""
    where = Joined([_named_at(c) for c in mine], ", ")
    if building == "shrine":
        return Said(
            msg="a shrine may not have more than one cloister among its eight neighbours, "
            "and this square touches {count} ({where})",
            count=len(mine),
            where=where,
        )
    if building == "abbey":
        return Said(
            msg="an abbey (a cloister for this rule, ckr-45) may not have more than one "
            "shrine among its eight neighbours, and this square touches {count} ({where})",
            count=len(mine),
            where=where,
        )
    return Said(
        msg="a cloister may not have more than one shrine among its eight neighbours, "
        "and this square touches {count} ({where})",
        count=len(mine),
        where=where,
    )


def limit_breach(
    board: Board, building: str, pos: tuple[int, int], *, ignore: tuple[int, int] | None = None
) -> tuple[Any, tuple[str, ...]] | None:
    """:func:`limit_problem` with the footnotes behind it: ckr-43 (the new building would touch
    two rivals), ckr-44 (a neighbour would get a second rival), ckr-45 (an abbey among them)."""
    breach = _breach(board, building, pos, ignore)
    return None if breach is None else breach[:2]


#: what decides a breach's words (see _breach) -> (its reason, footnotes, the reason's
#: English). The placement-limited event says why for every square the limit refused, and
#: most reasons repeat (every square beside a building that already has its rival gets the
#: same one), so each is written once; emptied when it grows large
_BREACHES: dict[tuple, tuple[Any, tuple[str, ...], str]] = {}


def _breach(
    board: Board, building: str, pos: tuple[int, int], ignore: tuple[int, int] | None
) -> tuple[Any, tuple[str, ...], str] | None:
    """:func:`limit_breach` with the reason's English."""
    cloisters_around = board.features.cloisters_around
    # its rivals around it, in the order cloisters_around gives: the cloisters and abbeys
    # for a shrine, the shrines for the others (one loop: this is asked for every square the
    # limit refused when the placement-limited event says why)
    shrine = building == "shrine"
    mine = []
    for c in cloisters_around(pos, False):
        x, y, _ = c.nodes[0]
        if (c.building == "shrine") is not shrine and (x, y) != ignore:
            mine.append(c)
    if len(mine) > 1:
        # the words name the new building and each rival with its square
        key: tuple = ("ckr-43", building, tuple([(c.building, c.nodes[0][:2]) for c in mine]))
        found = _BREACHES.get(key)
        if found is None:
            found = _remember(key, _two_rivals(building, mine), "ckr-43", building, mine)
        return found
    for neighbour in mine:
        # a building of the new one's own sort already beside that rival (not on pos)
        for c in cloisters_around(_pos(neighbour), False):
            x, y, _ = c.nodes[0]
            if (c.building == "shrine") is shrine and (x, y) != pos and (x, y) != ignore:
                # the words name the rival and the building beside it, and the footnotes
                # the new building (ckr-45 for an abbey)
                key = (
                    "ckr-44",
                    building,
                    neighbour.building,
                    neighbour.nodes[0][:2],
                    c.building,
                    (x, y),
                )
                found = _BREACHES.get(key)
                if found is None:
                    reason = Said(
                        msg="the {building} at {square} already has the {rival} at "
                        "{rival_square} beside it; a second {other} next to it would break "
                        "the limit of one",
                        building=Word(_name(neighbour)),
                        square=_at(neighbour),
                        rival=Word(_name(c)),
                        rival_square=f"({x}, {y})",
                        other=Word("shrine" if shrine else "cloister"),
                    )
                    found = _remember(key, reason, "ckr-44", building, [neighbour, c])
                return found
    return None


def _remember(
    key: tuple, reason: Any, first: str, building: str, involved: list[Feature]
) -> tuple[Any, tuple[str, ...], str]:
    if len(_BREACHES) >= 4096:
        _BREACHES.clear()
    found = _BREACHES[key] = (reason, _limit_notes(first, building, involved), english(reason))
    return found


def _limit_notes(first: str, building: str, involved: list[Feature]) -> tuple[str, ...]:
    """The footnotes of a breach of the limit: ckr-45 too when an abbey is among the
    buildings."""
    if building == "abbey" or any(c.building == "abbey" for c in involved):
        return (first, "ckr-45")
    return (first,)


def _role(building: Feature, follower: str) -> str:
    """What stands on a building in a challenge: its follower's name (heretic, monk), or
    "wagon" when only a wagon does (Abbey & Mayor)."""
    kinds = {f.kind for f in building.figures if f.player}
    return "wagon" if kinds == {"wagon"} else follower


def _pos(feature: Feature) -> tuple[int, int]:
    x, y, _ = feature.nodes[0]
    return x, y


@dataclass(slots=True)
class Challenge:
    """An open challenge: a node of each building and the player whose deployment started it."""

    shrine: Node
    cloister: Node
    challenger: str


@dataclass(slots=True)
class ShrinesState:
    """What the module keeps between turns (``state.ext["shrines"]``)."""

    #: the open challenges, in the order they started
    challenges: list[Challenge] = field(default_factory=list)
    #: a node of each building that broke the placement limit under the house rule (ckr-46):
    #: nobody may deploy on it
    empty: list[Node] = field(default_factory=list)


def open_challenges(state: GameState) -> tuple[Challenge, ...]:
    """The challenges open in ``state``, in the order they started (none without shrines)."""
    ext = state.ext.get(ShrineRules.id)
    return tuple(ext.challenges) if ext is not None else ()


class ShrineRules(RuleModule):
    id = "shrines"
    title = "Heretics & Shrines"
    options = (
        "shrine.tile-edition",
        "shrine.placement-limit",
        "shrine.challenge-reward",
        "shrine.challenge-complete-building",
        "shrine.challenge-wording",
    )
    rules = {
        "shrine.as-cloister": "A shrine is placed and scored like a cloister: surrounded by eight tiles it "
        "scores 9, and after the game an unfinished one scores 1 plus 1 per neighbouring tile.",
        "shrine.placement": "A shrine may not have more than one cloister among its eight neighbours, nor a "
        "cloister more than one shrine, and no placement may make a neighbour break that limit.",
        "shrine.deploy": "A follower deployed on a shrine is a heretic.",
        "shrine.challenge": "A heretic deployed next to a cloister with a monk, or a monk deployed next to a "
        "shrine with a heretic, starts a challenge, whoever owns the other building.",
        "shrine.challenge.resolve": "In a challenge the building completed first scores as usual and the other "
        "building's followers go home without points; if one tile completes both, both score.",
        "shrine.final": "A challenge still open when the game ends is not decided: both buildings score as "
        "unfinished cloisters.",
    }

    @classmethod
    def common_mistakes(cls, rule: str, points: int, tiles: int, pennants: int) -> list[int] | None:
        if rule == "shrine.as-cloister":  # the cloister's own tile forgotten or added twice
            return [8, 1, 10] if points == 9 else [9, max(points - 1, 0), points + 1]
        return None

    #: the scoring hooks act on cloisters only (shrines, cloisters, abbeys): the pipeline
    #: calls them for no other feature (about 100 calls a ten-module game)
    scores_feature_kinds = MappingProxyType(
        {"before_scoring": frozenset({"cloister"}), "after_scoring": frozenset({"cloister"})}
    )

    def tile_sets_for(self) -> tuple[str, ...]:
        return (SHRINE_TILE_SETS[self.option("shrine.tile-edition")],)

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, state: GameState) -> None:
        state.ext[self.id] = ShrinesState()

    # -- 1C ---------------------------------------------------------------------------------
    @property
    def placement_rules(self) -> tuple:
        if self.option("shrine.placement-limit") != "official":
            return ()
        return (OFFICIAL_LIMIT,)

    def placed_tile_tests(self) -> dict[str, Callable[[TileType], bool]]:
        # the turn driver calls after_placement only after a tile with a shrine, cloister or
        # abbey (only a building can break the limit), and under the official limit, where
        # nothing is kept empty, filter_deployments only after a tile with a shrine (its
        # follower is a heretic); under the house rule of ckr-46 every deployment is filtered
        tests: dict[str, Callable[[TileType], bool]] = {"after_placement": _brings_a_building}
        if self.option("shrine.placement-limit") == "official":
            tests["filter_deployments"] = _has_shrine
        return tests

    def after_placement(self, state: GameState, turn: Turn) -> None:
        placed = turn.placed
        # asked every turn: the kept answer looked up here, without a call
        tile_type = placed.tile.type
        building = _BUILDING_OF.get(tile_type.id)
        if building is None:
            building = _building_of(tile_type)
        if not building:
            return
        if self.option("shrine.placement-limit") == "official":
            self._say_what_the_limit_refused(state, turn, building)
            return
        problem = limit_problem(state.board, building, placed.pos)
        if problem is None:
            return
        state.ext[self.id].empty.append(_cloister_node(state, placed))
        state.emit(
            "building-must-stay-empty",
            player=turn.player,
            rule="shrine.placement",
            text=Said(
                msg="Officially this {building} could not go here ({problem}). The house rule "
                "allows it, but nobody may put a follower on it, so no second challenge can start.",
                building=Word(building),
                problem=problem,
            ),
            pos=placed.pos,
            options=("shrine.placement-limit",),
        )

    def _say_what_the_limit_refused(self, state: GameState, turn: Turn, building: str) -> None:
        """The limit only filters placements, so no event would show it. When it kept the tile
        just placed off squares where its edges fitted (on the board as it was before), say so
        at the placement, with the footnotes that decided it (ckr-43, ckr-44, ckr-45)."""
        placed = turn.placed
        board = state.board
        refused: list[tuple[tuple[int, int], Any, tuple[str, ...], str]] = []
        # a simulated player's search for the tile has found where the limit refused it
        squares = board.squares_refused_before(placed, _limit_refuses)
        if squares is None:
            squares = _squares_the_limit_refused(board, building, placed)
        for square in squares:
            breach = _breach(board, building, square, placed.pos)
            if breach is not None:
                refused.append((square, *breach))
        if not refused:
            return
        refused.sort(key=lambda r: r[0])
        notes: list[str] = []
        for _, _, ids, _ in refused:
            notes.extend(i for i in ids if i not in notes)
        where = Joined(
            [Said(msg="({x}, {y}): {why}", x=x, y=y, why=why) for (x, y), why, _, _ in refused],
            "; ",
        )
        state.emit(
            "placement-limited",
            player=turn.player,
            tile=placed.type.id,
            pos=placed.pos,
            rule="shrine.placement",
            text=SaidN(
                msg="The {building} fitted {n} other square by its edges, but the placement "
                "limit kept it off it: {where}.",
                plural="The {building} fitted {n} other squares by its edges, but the placement "
                "limit kept it off them: {where}.",
                n=len(refused),
                building=Word(building),
                where=where,
            ),
            annotations=tuple(sorted(notes)),
            data={
                "building": building,
                "refused": [
                    {"square": list(sq), "why": why_in_english, "annotations": list(ids)}
                    for sq, _, ids, why_in_english in refused
                ],
            },
        )

    # -- 2B ---------------------------------------------------------------------------------
    def explain_deployment(self, state: GameState, turn: Turn, action: Deploy) -> Refusal | None:
        """ckr-46's house rule: a building placed beyond the limit stays empty."""
        if action.node is not None and action.node in state.ext[self.id].empty:
            return self.refusal(
                "shrine.placement",
                phrase(
                    "a {kind} cannot be deployed on segment {segment}: this building broke the "
                    "placement limit, which the house rule allows only if nobody ever puts a "
                    "follower on it",
                    kind=kind_id_word(action.figure),
                    segment=action.node[2],
                ),
                ("ckr-46",),
                ("shrine.placement-limit",),
            )
        return None

    def filter_deployments(
        self, state: GameState, turn: Turn, options: list[Deploy]
    ) -> list[Deploy]:
        empty = state.ext[self.id].empty
        placed = turn.placed
        if not empty and placed is not None:
            # asked every turn: the kept answer looked up here, without a call
            tile_type = placed.tile.type
            shrine = _HAS_SHRINE.get(tile_type.id)
            if not (_has_shrine(tile_type) if shrine is None else shrine):
                # no building to keep empty, and the base game's options are all on the
                # tile just placed, which has no shrine: nothing to change (most turns)
                return options
            return _heretics_deployed(state, placed, options)
        feature_of = state.board.features.feature_of
        out = []
        for o in options:
            node = o.node
            if node is not None:
                if empty and node in empty:
                    continue  # the house rule of ckr-46: an extra building stays empty
                if o.module == "base":
                    feature = feature_of(node)
                    if feature.kind == "cloister" and feature.building == "shrine":
                        o = Deploy(o.figure, o.to, self.id)  # the heretic: this module deploys it
            out.append(o)
        return out

    def deploy(self, state: GameState, turn: Turn, action: Deploy) -> None:
        figure = state.in_supply(turn.player, action.figure)
        assert figure is not None and action.node is not None
        feature = state.board.features.feature_of(action.node)
        state.deploy_figure(
            figure,
            action.node,
            rule="shrine.deploy",
            text=Said(
                msg="{player} puts a {figure} on {feature}: a heretic.",
                player=turn.player,
                figure=Word(action.figure),
                feature=feature.phrase(),
            ),
        )

    # -- 2C: a challenge starts ---------------------------------------------------------------
    def after_deployment(self, state: GameState, turn: Turn) -> None:
        figure = turn.deployed
        if figure is None or figure.node is None or figure.player is None:
            return
        features = state.board.features
        building = features.feature_of(figure.node)
        if building.kind != "cloister" or self._challenge_of(state, building) is not None:
            return
        for rival in self._rivals(state, building)[:1]:  # the limit leaves at most one
            self._open(state, turn, building, rival)

    def _rivals(self, state: GameState, building: Feature) -> list[Feature]:
        """The unscored buildings of the other sort around ``building`` with a player's figure
        on them and in no challenge (apart from after_deployment, asked every turn, whose
        locals the comprehensions would otherwise put in cells at every call)."""
        x, y, _ = building.nodes[0]
        rival_kind = is_cloister if is_shrine(building) else is_shrine
        return [
            c
            for c in _around(state.board.features, (x, y))
            if rival_kind(c)
            and not c.scored
            and any(f.player is not None for f in c.figures)
            and self._challenge_of(state, c) is None
        ]

    def _open(self, state: GameState, turn: Turn, building: Feature, rival: Feature) -> None:
        player = turn.player
        shrine, cloister = (building, rival) if is_shrine(building) else (rival, building)
        heretic = Names(sorted({f.player for f in shrine.figures if f.player}))
        monk = Names(sorted({f.player for f in cloister.figures if f.player}))
        owners = {f.player for f in rival.figures if f.player}
        notes: list[str] = ["ckr-50"] if building is cloister else []
        if owners == {player}:
            notes.append("ckr-51")
        if cloister.building == "abbey":
            notes.append("ckr-47")
        finished = [b for b in (building, rival) if b.complete]
        if finished:
            done = Chained([b.phrase() for b in finished])
            if self.option("shrine.challenge-complete-building") == "no-challenge":
                state.emit(
                    "challenge-not-started",
                    player=player,
                    rule="shrine.challenge",
                    text=Said(
                        msg="{heretic}'s heretic on {shrine} and {monk}'s monk on {cloister} are "
                        "neighbours, but this tile has already completed {done}: a finished "
                        "building cannot enter the race, so no challenge starts and it scores as "
                        "usual.",
                        heretic=heretic,
                        shrine=shrine.phrase(),
                        monk=monk,
                        cloister=cloister.phrase(),
                        done=done,
                    ),
                    annotations=("ckr-56",),
                )
                return
            notes.append("ckr-56")
        state.ext[self.id].challenges.append(Challenge(shrine.nodes[0], cloister.nodes[0], player))
        roles = (_role(shrine, "heretic"), _role(cloister, "monk"))
        how = self._challenge_words(
            player, building is shrine, shrine, cloister, heretic, monk, roles
        )
        changed = [o for o in ("shrine.challenge-wording",) if self.option_changed(o)]
        if finished:
            changed.append("shrine.challenge-complete-building")
        state.emit(
            "challenge-started",
            player=player,
            rule="shrine.challenge",
            text=Said(
                msg="{how}: a challenge starts. Whichever building is completed first scores; the "
                "other's follower will go home with nothing.",
                how=how,
            ),
            nodes=(shrine.nodes[0], cloister.nodes[0]),
            annotations=tuple(notes),
            options=tuple(changed),
            data={"shrine": list(shrine.nodes[0]), "cloister": list(cloister.nodes[0])},
        )

    def _challenge_words(
        self,
        player: str,
        by_heretic: bool,
        shrine: Feature,
        cloister: Feature,
        heretic: Any,
        monk: Any,
        roles: tuple[str, str] = ("heretic", "monk"),
    ) -> Any:
        """How a challenge starts, in the words of the rules chosen by
        ``shrine.challenge-wording`` (ckr-48, ckr-50, ckr-51); the same challenges either way.

        HiG speaks of a shrine placed next to another player's cloister and then allows
        challenging oneself; RGG speaks of a heretic next to any monastery with a monk, and
        (Big Box 2) of a monk who must challenge a heretic. ``roles``: what stands on the shrine
        and on the cloister (a wagon may, with Abbey & Mayor)."""
        on_shrine, on_cloister = Word(roles[0]), Word(roles[1])
        own = english(monk if by_heretic else heretic) == player
        if self.option("shrine.challenge-wording") == "rgg":
            if cloister.building:
                where = cloister.phrase()
            else:
                x, y, _ = cloister.nodes[0]
                where = Said(msg="the monastery at ({x}, {y})", x=x, y=y)
            if by_heretic:
                return Said(
                    msg="{player} puts a {on_shrine} on {shrine}, and {where}, one of its eight "
                    "neighbours (diagonals count), has a {on_cloister} of {monk}'s on it",
                    player=player,
                    on_shrine=on_shrine,
                    shrine=shrine.phrase(),
                    where=where,
                    on_cloister=on_cloister,
                    monk=monk,
                )
            return Said(
                msg="{player} puts a {on_cloister} on {where}, next to {heretic}'s {on_shrine} "
                "on {shrine}, and a monk must challenge a heretic",
                player=player,
                on_cloister=on_cloister,
                where=where,
                heretic=heretic,
                on_shrine=on_shrine,
                shrine=shrine.phrase(),
            )
        x, y, _ = cloister.nodes[0]
        text: Any
        if by_heretic and own:
            text = Said(
                msg="{player} places {shrine} next to their own {building} at ({x}, {y}), where "
                "a {on_cloister} stands, and puts a {on_shrine} on it",
                player=player,
                shrine=shrine.phrase(),
                building=Word(_name(cloister)),
                x=x,
                y=y,
                on_cloister=on_cloister,
                on_shrine=on_shrine,
            )
        elif by_heretic:
            text = Said(
                msg="{player} places {shrine} next to {owner}'s {building} at ({x}, {y}), where "
                "a {on_cloister} stands, and puts a {on_shrine} on it",
                player=player,
                shrine=shrine.phrase(),
                owner=monk,
                building=Word(_name(cloister)),
                x=x,
                y=y,
                on_cloister=on_cloister,
                on_shrine=on_shrine,
            )
        elif own:
            text = Said(
                msg="{player} puts a {on_cloister} on {cloister}, next to their own {on_shrine} "
                "on {shrine}",
                player=player,
                on_cloister=on_cloister,
                cloister=cloister.phrase(),
                on_shrine=on_shrine,
                shrine=shrine.phrase(),
            )
        else:
            text = Said(
                msg="{player} puts a {on_cloister} on {cloister}, next to {owner}'s {on_shrine} "
                "on {shrine}",
                player=player,
                on_cloister=on_cloister,
                cloister=cloister.phrase(),
                owner=heretic,
                on_shrine=on_shrine,
                shrine=shrine.phrase(),
            )
        return Joined((text, _ONESELF), "") if own else text

    def _challenge_of(self, state: GameState, building: Feature) -> Challenge | None:
        node = building.nodes[0]
        for c in state.ext[self.id].challenges:
            if c.shrine == node or c.cloister == node:
                return c
        return None

    # -- 3A / 3B ----------------------------------------------------------------------------
    def scoring_rule(
        self, state: GameState, feature: Feature, *, final: bool
    ) -> tuple[str, str] | None:
        if not is_shrine(feature):
            return None
        if final:
            return "shrine.as-cloister", feature.phrase(incomplete=True)
        return "shrine.as-cloister", feature.phrase()

    def before_scoring(self, state: GameState, scoring: Scoring) -> None:
        # After the game the base game lists the unfinished shrines with its cloisters; the
        # driver asks scoring_rule(final=True), so they carry the shrine's rule id already.
        if scoring.final and is_shrine(scoring.feature):
            scoring.annotations = scoring.annotations or ("ckr-42",)

    def after_scoring(self, state: GameState, scoring: Scoring) -> None:
        feature = scoring.feature
        if scoring.final or feature.kind != "cloister":
            return
        challenge = self._challenge_of(state, feature)
        if challenge is None:
            return
        state.ext[self.id].challenges.remove(challenge)
        features = state.board.features
        shrine = features.feature_of(challenge.shrine)
        cloister = features.feature_of(challenge.cloister)
        other = cloister if feature is shrine else shrine
        turn = state.turn
        assert turn is not None
        if other in turn.completed:
            state.emit(
                "challenge-drawn",
                player=turn.player,
                rule="shrine.challenge.resolve",
                text=Said(
                    msg="This tile completes both {shrine} and {cloister}: neither was finished "
                    "first, so the challenge has no loser and both buildings score as usual.",
                    shrine=shrine.phrase(),
                    cloister=cloister.phrase(),
                ),
                nodes=(shrine.nodes[0], cloister.nodes[0]),
                annotations=("ckr-55",),
            )
            return
        self._resolve(state, scoring, other, challenge)

    def _resolve(self, state: GameState, scoring: Scoring, loser: Feature, challenge: dict) -> None:
        turn = state.turn
        assert turn is not None
        winner = scoring.feature
        winners = [p for p in scoring.winners if scoring.points.get(p, 0) > 0]
        losers = sorted(
            {f.player for f in loser.figures if f.player},
            key=state.players.index,  # type: ignore[arg-type]
        )
        role = "heretic" if is_shrine(loser) else "monk"
        gone = sorted(loser.figures, key=lambda f: f.id)
        going: Any
        if len(gone) == 1:
            one = role_name("wagon", loser.role_kind) if gone[0].kind == "wagon" else role
            going = Said(
                msg="{player}'s {role} goes home and scores", player=gone[0].player, role=Word(one)
            )
        else:
            roles = "heretics" if role == "heretic" else "monks"
            going = SaidN(
                msg="the {n} {roles} of {players} go home and score",
                plural="the {n} {roles} of {players} go home and score",
                n=len(gone),
                roles=Word(roles),
                players=Names(losers),
            )
        lost: Any
        if winners:
            lost = Said(
                msg="{winner} is completed first and wins the challenge for {players}. {loser} "
                "loses it: {going} nothing there (losing is not a scoring).",
                winner=Capital(winner.phrase()),
                players=Names(winners),
                loser=Capital(loser.phrase()),
                going=going,
            )
        else:
            lost = Said(
                msg="{winner} is completed first and wins the challenge. {loser} loses it: "
                "{going} nothing there (losing is not a scoring).",
                winner=Capital(winner.phrase()),
                loser=Capital(loser.phrase()),
                going=going,
            )
        state.emit(
            "shrine-challenge-lost",
            player=losers[0] if len(losers) == 1 else None,
            rule="shrine.challenge.resolve",
            text=lost,
            nodes=(winner.nodes[0], loser.nodes[0]),
            annotations=("ckr-57", "ckr-58", "ckr-11", "ckr-62"),
            data={
                "winner": winners,
                "loser": losers,
                "active": turn.player,
                "active_lost": turn.player in losers,
                "scoring": False,
            },
        )
        reward = self.option("shrine.challenge-reward")
        if reward != "standard":
            value = 1 + loser.neighbours
            n = loser.neighbours
            parts = (
                (Said(msg="the loser's unfinished building: its own tile"), 1),
                (
                    SaidN(
                        msg="{n} neighbouring tile × 1", plural="{n} neighbouring tiles × 1", n=n
                    ),
                    n,
                ),
            )
            for p in winners:
                if reward == "challenger-takes-both" and p != challenge.challenger:
                    state.emit(
                        "reward-withheld",
                        player=p,
                        rule="shrine.challenge.resolve",
                        text=Said(
                            msg="{player} did not start this challenge, so under the house rule "
                            "only the usual points are theirs, not {building}'s too.",
                            player=p,
                            building=loser.phrase(),
                        ),
                        options=("shrine.challenge-reward",),
                    )
                    continue
                state.award(
                    p,
                    value,
                    rule="shrine.challenge.resolve",
                    text=Said(
                        msg="{player} also scores {building}, still unfinished, for winning the "
                        "challenge (house rule): {points} points.",
                        player=p,
                        building=loser.phrase(),
                        points=value,
                    ),
                    breakdown=parts,
                    feature=loser,
                    options=("shrine.challenge-reward",),
                )
        for fig in sorted(loser.figures, key=lambda f: f.id):
            # a wagon on the losing building goes home too: its building was never scored, so
            # it may not move on (ckr-61)
            wagon = fig.kind == "wagon"
            state.return_figure(
                fig,
                rule="shrine.challenge.resolve",
                why=_LOST_NO_MOVE if wagon else _LOST,
                annotations=("ckr-62", "ckr-61") if wagon else ("ckr-62",),
            )

    # -- after the game ---------------------------------------------------------------------
    def before_final_scoring(self, state: GameState) -> None:
        features = state.board.features
        for c in state.ext[self.id].challenges:
            shrine = features.feature_of(c.shrine)
            cloister = features.feature_of(c.cloister)
            state.emit(
                "challenge-open",
                rule="shrine.final",
                text=Said(
                    msg="The challenge between {shrine} and {cloister} is still open when the "
                    "game ends: nobody wins it, and both buildings score as unfinished ones.",
                    shrine=shrine.phrase(),
                    cloister=cloister.phrase(),
                ),
                nodes=(shrine.nodes[0], cloister.nodes[0]),
            )


def _cloister_node(state: GameState, placed: PlacedTile) -> Node:
    """The node of the cloister feature (shrine, abbey) of a tile just placed (apart from
    after_placement, whose locals the generator would otherwise put in cells at every
    call)."""
    feature_of = state.board.features.feature_of
    return next(
        n
        for n in ((placed.x, placed.y, s.id) for s in placed.tile.segments)
        if feature_of(n).kind == "cloister"
    )


def _heretics_deployed(state: GameState, placed: PlacedTile, options: list[Deploy]) -> list[Deploy]:
    """``options`` with the base game's follower on a shrine of the tile just placed deployed
    by this module (a heretic), where nothing is kept empty: the base game's options are all on
    that tile, and a cloister feature is one segment of its tile, so the shrine's nodes are
    found once instead of asking the feature of every option (apart from
    filter_deployments, whose locals the comprehensions would otherwise put in cells at every
    call)."""
    x, y = placed.x, placed.y
    feature_of = state.board.features.feature_of
    heretics = [
        node
        for node in [(x, y, s.id) for s in placed.tile.segments if s.kind == "cloister"]
        if feature_of(node).building == "shrine"
    ]
    return [
        Deploy(o.figure, o.to, ShrineRules.id) if o.module == "base" and o.to in heretics else o
        for o in options
    ]


def _official_limit(board: Board, tile_type: TileType, placement: Placement) -> Refusal | None:
    building = _building_of(tile_type)
    if not building:
        return None
    breach = limit_breach(board, building, (placement.x, placement.y))
    if breach is None:
        return None
    reason, notes = breach
    return refusal(
        "shrine.placement", spoken(reason), notes, (("shrine.placement-limit", "official"),)
    )


def _brings_a_building(tile_type: TileType) -> bool:
    return bool(_building_of(tile_type))


def _squares_the_limit_refused(board: Board, building: str, placed: PlacedTile) -> list[Position]:
    """The squares where the tile just placed fitted by its edges on the board as it was
    before and the limit refused it (when no search for it kept them: a game file's move, or
    the abbey, whose search looked at holes only)."""
    before = len(board.tiles) - 1
    where = _kept_limit(board)
    if where.seen > before:
        # it counts the tile just placed in already: count the board as it was before anew
        where = _WhereTheLimitRefuses()
    where.catch_up(board, before)
    return board.squares_fitting_before(placed, where.refused[building == "shrine"])


class _WhereTheLimitRefuses:
    """Where the official limit refuses a new building on one board, kept up to date from the
    buildings placed since it last looked (``Board.rule_data``), so that a search for a
    shrine's, cloister's or abbey's placements asks no square: the empty squares where
    :func:`limit_breach` finds a breach, found as each building arrives instead of at every
    search.

    Buildings are of two sorts here, shrines and the rest (cloisters and abbeys, ckr-45); a
    new building's rivals are those of the other sort. On an empty square the limit refuses a
    new building when two rivals are among its eight neighbours (ckr-43), or when a rival
    there already has a building of the new one's sort beside it (ckr-44). Buildings never
    leave the board, so both sets of refused squares only grow."""

    __slots__ = ("seen", "counted", "around", "standing", "refused")

    def __init__(self) -> None:
        #: how many of the board's tiles (in the order they were placed) are counted in
        self.seen = 0
        #: how many of the board's squares with a building (in the order their tiles were
        #: placed, :meth:`FeatureGraph.buildings_placed`) are counted in
        self.counted = 0
        #: per sort (True: shrines), square -> how many buildings of that sort are among its
        #: eight neighbours
        self.around: dict[bool, dict[Position, int]] = {True: {}, False: {}}
        #: per sort, the squares with a building of that sort
        self.standing: dict[bool, set[Position]] = {True: set(), False: set()}
        #: per sort of the new building (True: a shrine), the squares where the limit refuses it
        self.refused: dict[bool, set[Position]] = {True: set(), False: set()}

    def catch_up(self, board: Board, upto: int | None = None) -> None:
        """Count in the buildings of the tiles placed since the last look (up to the first
        ``upto`` tiles placed: the board as it was then)."""
        tiles = board.tiles
        upto = len(tiles) if upto is None else upto
        # only the squares with a building, which the feature graph lists as they come: a
        # look at every tile placed cost a ten-module game more than its 16 buildings did
        for square, buildings in board.features.buildings_placed(self.counted):
            if tiles[square].order >= upto:
                break  # placed after the board looked at (the tile just placed)
            x, y = square
            for building in buildings:
                self._arrives(x, y, building.building == "shrine")
            self.counted += 1
        self.seen = upto

    def _arrives(self, x: int, y: int, shrine: bool) -> None:
        """A building of the sort ``shrine`` stands on (x, y) now."""
        mine = self.around[shrine]
        rivals_at = self.standing[not shrine]
        # new buildings of the other sort have this one as a rival
        refused_to_rivals = self.refused[not shrine]
        refused_to_mine = self.refused[shrine]
        around = _squares_around(x, y)
        for square in around:
            count = mine[square] = mine.get(square, 0) + 1
            if count == 2:
                refused_to_rivals.add(square)  # two rivals around it (ckr-43)
            if square in rivals_at:
                # a rival of this building beside it: no second building of this sort may go
                # next to that rival (ckr-44)
                refused_to_mine.update(_squares_around(*square))
        if self.around[not shrine].get((x, y)):
            # this building has a rival beside it already: none of the rival's sort may go
            # next to it (ckr-44)
            refused_to_rivals.update(around)
        self.standing[shrine].add((x, y))


def _squares_around(x: int, y: int) -> list[Position]:
    """The eight squares around (x, y) (apart from _arrives, whose locals a comprehension
    would put in cells at every call)."""
    return [(x + dx, y + dy) for dx, dy in SURROUNDING_OFFSETS]


def _limit_refuses(board: Board, tile_type: TileType) -> set[Position]:
    """The squares where the official limit refuses a tile's building, whatever its rotation
    (only tiles with a shrine, cloister or abbey are asked)."""
    where = _kept_limit(board)
    if where.seen != len(board.tiles):
        where.catch_up(board)
    return where.refused[_building_of(tile_type) == "shrine"]


def _kept_limit(board: Board) -> _WhereTheLimitRefuses:
    """The board's own record of where the limit refuses, made at the first ask (a copy of a
    board starts without one and counts its tiles anew)."""
    where = board.rule_data.get("shrines.limit")
    if where is None:
        where = board.rule_data["shrines.limit"] = _WhereTheLimitRefuses()
    return where  # type: ignore[return-value]


#: the official limit as the board applies it: only tiles with a shrine, cloister or abbey are
#: concerned, so the search for the other tiles' placements never asks it, and for those it
#: gives the squares it refuses, kept up to date as buildings arrive (_official_limit gives the
#: reason for one placement)
OFFICIAL_LIMIT = PlacementRule(
    _official_limit,
    concerns=_brings_a_building,
    refused_squares=_limit_refuses,
)

"""The Count of Carcassonne (Count, King & Robber; seeds 000/001 and 002).

What this module plays, hook by hook:

- **Set-up** (``count.setup``, ckr-1 … ckr-6): the twelve tiles of the City of Carcassonne
  are the start block (the base start tile is not used: one copy of it leaves the game); the
  Count stands in the castle quarter. With The River II the option ``river2.with-count``
  decides who starts (see :mod:`carc_teach.expansions.river2.rules`); under the house rule
  ``river-first`` the City is laid once the river is done, automatically, where it touches the
  most river tiles (ties: nearest the spring, then north before south, west before east).
- **Deploying to the City** (``count.deploy``, ckr-7 … ckr-17): after the completed features
  of a turn have scored, a player whose tile made somebody score while they scored nothing may
  put one figure from their supply into a quarter, once per tile (each part of a double turn is
  a tile of its own, ckr-15). ``count.deploy-trigger`` says which scorings count: any scoring
  of the turn (points events of the turn so far, so a barn's or a challenge's points count) or
  only completed roads, cities and cloisters. Followers and big followers may enter any
  quarter, a mayor only the castle, a wagon the castle, blacksmith or cathedral (ckr-17); a
  barn never (ckr-9). ``count.blocks-moves-to`` keeps deployments out of the Count's quarter
  (RGG Big Box 2, ckr-34).
- **The Count** (``count.move``): whoever deploys to the City may move him (``free``), or he
  steps clockwise castle → market → blacksmith → cathedral, or he follows the newcomer
  (``count.count-movement``). Nobody may redeploy out of his quarter (``count.block``).
- **Redeploying** (``count.redeploy.*``, ckr-18 … ckr-29): before a road, city or cloister
  (shrines and abbeys are cloisters) scores during the game, each player from the left of the
  active player, the active player last, may move any number of their figures from the
  blacksmith, castle or cathedral quarter into it, occupied or not; one round or rounds until
  everybody passes (``count.redeploy-rounds``); with one round, a ``count-redeploy-closed``
  event says when a player who passed gets no second say after a later player moved (ckr-28).
  A farm scored during the game (only a barn does that) takes market followers (ckr-25,
  ckr-26). Figures in the City never score there
  (ckr-29): they are on a place, not in a feature.
- **After the game** (``count.redeploy.final``, ckr-26/27): from the left of the player who
  placed the last tile, each player in turn moves one follower from the City into an
  unfinished feature or farm of the matching kind, round after round until nobody moves; the
  Count still blocks. ``count.final-redeploy`` chooses whether every quarter takes part
  (ckr-27) or only the market (the rulebook's sentence read alone). The City counts as a
  completed city for every farm that touches it (ckr-1, ``count.city-value``).
- ``count.special-figure-strength``: a mayor or wagon redeployed from the City counts as two
  followers (``two-each``) in the scoring it joins, and only there (a wagon that rolls on
  counts one again), or as usual. Abbey & Mayor's mayor gives way to this answer whatever the
  order of the expansions, and describes the strength.

With the other modules of carc_teach (each scenario in ``tests/engine/test_count.py`` with the
real modules, both orders of ``setup.expansions``):

- Abbey & Mayor: a barn that makes only others' farmers score opens the City (ckr-10, on the
  deployment's event; a mayor or wagon deployed there carries ckr-9 and ckr-17); the
  barn's scorings run in step 3B before this module looks at the turn's points (hook
  ``extra_scorings``). Market followers may join a farm a barn makes score, at that
  scoring's rate (ckr-25, ckr-26). The City counts as a completed city for barns and pigs too
  (ckr-1; Abbey & Mayor asks :func:`touches_city`).
- Heretics & Shrines: a player whose tile completes the rival cloister of their own heretic
  scores nothing while the monk's owner scores: a trigger (ckr-11, ckr-59); the deployment's
  event says that losing the challenge is no scoring and cites ckr-11 (the shrine module's
  ``shrine-challenge-lost`` event tells whether the active player lost). Shrines and abbeys
  take followers from the cathedral (ckr-23).
- The builder: each part of a double turn is a tile of its own, so each may deploy (ckr-15).
- The big follower may wait in any quarter and counts two when it joins a feature (ckr-16).

Not implemented, because the expansions they need are not in carc_teach: the dragon and the
City (ckr-3, ckr-30/31), the plague (ckr-4, ckr-32), the magic portal and fliers (ckr-2, ckr-12,
ckr-33), castles of Bridges, Castles & Bazaars (ckr-19, ckr-21), German monasteries and the
Abbot (ckr-23 for monasteries, ckr-24), trade goods, dispatches and the Tower's ransom (ckr-8,
ckr-10 beyond the barn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import filterfalse
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...actions import Decision, Deploy, MoveFigure, Pass
from ...board import Placement
from ...errors import GameFileError, Refusal, phrase
from ...events import Chained, Joined, Said, SaidN, Word, spoken, term
from ...figures import Place, kind_id_word, kind_of, role_name
from ...geometry import NEIGHBOUR_OFFSETS
from ...rules import FeatureValue, RuleModule
from ...tiles import catalogue, edges_match, orient

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Mapping

    from ...features import Feature
    from ...figures import Figure, Node
    from ...scoring import Scoring
    from ...state import GameState, Turn

__all__ = [
    "CountRules",
    "CountState",
    "QUARTERS",
    "ENTERS_CITY",
    "quarter_place",
    "quarter_of",
    "city_laid",
    "quarter_occupants",
    "count_quarter",
    "city_of_carcassonne_borders",
]

#: the quarters, clockwise round the City (the numbers 1-4 the rules give them)
QUARTERS = ("castle", "market", "blacksmith", "cathedral")
#: the feature kind each quarter sends followers to
QUARTER_FEATURE = {
    "castle": "city",
    "blacksmith": "road",
    "cathedral": "cloister",
    "market": "field",
}
FEATURE_QUARTER = {v: k for k, v in QUARTER_FEATURE.items()}
#: the quarters each figure kind may wait in (ckr-9, ckr-16, ckr-17); the barn never enters
ENTERS_CITY = {
    "follower": QUARTERS,
    "big-follower": QUARTERS,
    "mayor": ("castle",),
    "wagon": ("castle", "blacksmith", "cathedral"),
}


def _either(quarters: tuple[str, ...]) -> Any:
    """Quarters as "castle or blacksmith or cathedral", in any language."""
    together: Any = Word(quarters[0])
    for other in quarters[1:]:
        together = Said(msg="{first} or {second}", ctx="either", first=together, second=Word(other))
    return spoken(together)


_REDEPLOY_NOTES = {
    "castle": ("ckr-21",),
    "blacksmith": (),
    "cathedral": ("ckr-22", "ckr-23"),
    "market": ("ckr-25", "ckr-26"),
}
CITY_TAG = "city-of-carcassonne"


def quarter_place(quarter: str) -> Place:
    # (a place is frozen: each quarter's is made once, not at every option offered)
    place = _QUARTER_PLACES.get(quarter)
    return Place(f"count.{quarter}") if place is None else place


_QUARTER_PLACES = {q: Place(f"count.{q}") for q in QUARTERS}


def quarter_of(location: Any) -> str | None:
    """The quarter a location is, or None."""
    if isinstance(location, Place) and location.name.startswith("count."):
        name = location.name[len("count.") :]
        return name if name in QUARTERS else None
    return None


def _owner_text(figure: Figure) -> str:
    title = kind_of(figure.kind).title
    return f"{figure.player}'s {title}"


def _owner_and_quarter(figure: Figure) -> str:
    """How the figures left in the City are listed: by the English "Alice's follower in the
    castle", as they always were."""
    return f"{_owner_text(figure)} in the {quarter_of(figure.location)}"


#: what a deployment to the City adds in brackets, and why the Count moves by himself
_LOST_NOTE = Said(msg=" (losing the challenge is not a scoring)")
_BARN_NOTE = Said(msg=" (what the barn earns after the game does not count now)")
_CLOCKWISE = Said(msg="he steps on clockwise at every deployment")
_FOLLOWS = Said(msg="he follows the newest follower")


@dataclass(slots=True)
class CountState:
    """What the module keeps between turns (``state.ext["count"]``)."""

    #: whether the City of Carcassonne is on the board (the river-first house rule lays it late)
    laid: bool
    #: mayors and wagons just redeployed from the City that count two in the scoring they
    #: joined (count.special-figure-strength), until that scoring is over
    two_each: list[str] = field(default_factory=list)
    #: (turn number, why the City stayed closed to that turn's tile, or None): the words
    #: ``CountRules._closed_refusal`` makes the refusal from, only when one is asked for. The
    #: turn number alone when nobody scored with the tile (most turns: no tuples to make;
    #: the words are then "nobody scored" and the turn's player)
    closed: int | tuple[int, tuple[str, ...] | None] | None = None
    #: the players' figures waiting in the City, in the order of ``state.figures``: only this
    #: module's deployments put one there and only its redeployments take one out. A scoring
    #: picks a quarter's figures from these few (none most of a game) instead of walking
    #: every figure of the game, once for the quarter and once for each player
    in_city: list[Figure] = field(default_factory=list)
    #: the segments of the City's tiles that touch the City (``touches_city``), set when the
    #: City is laid (None before): its tiles never move. Left out of the state's words
    #: (``repr``), which say no more than ``laid`` with it
    city_segments: frozenset[Node] | None = field(default=None, repr=False, compare=False)


def city_laid(state: GameState) -> bool:
    """Whether the City of Carcassonne lies on the board (False without the Count)."""
    ext = state.ext.get("count")
    return ext is not None and ext.laid


def count_quarter(state: GameState) -> str | None:
    """The quarter where the Count stands (None without the Count)."""
    count = state.figures.get("count")
    return quarter_of(count.location) if count is not None else None


def quarter_occupants(state: GameState, quarter: str) -> tuple[Figure, ...]:
    """The figures waiting in a quarter of the City (the Count among them when he is there),
    in the order they were added to the game."""
    place = quarter_place(quarter)
    return tuple(f for f in state.figures.values() if f.location == place)


class CountRules(RuleModule):
    id = "count"
    title = "The Count of Carcassonne"
    tile_sets = ("count",)
    options = (
        "count.deploy-trigger",
        "count.blocks-moves-to",
        "count.redeploy-rounds",
        "count.count-movement",
        "count.special-figure-strength",
        "count.final-redeploy",
        "river2.with-count",
    )
    #: the City adds to a farm's value only (feature_value's first test): the scoring
    #: pipeline does not call the hook for a road, city or cloister
    scores_feature_kinds = MappingProxyType({"feature_value": frozenset({"field"})})
    #: the City opens only to a tile with which somebody scored: step 3B leaves
    #: after_completed out of the other turns (most of them), and explain_deployment reads
    #: such a turn from ``state.unscored_turn``
    after_completed_if_scored = True
    rules = {
        "count.setup": "The twelve tiles of the City of Carcassonne are laid as one block in place of the "
        "start tile, and the Count stands in the castle quarter.",
        "count.deploy": "A player whose tile makes others score while they score nothing may put one figure "
        "from their supply into a quarter of the City, once per tile, besides their normal deployment.",
        "count.move": "Whoever deploys to the City may also move the Count to another quarter (or, in the "
        "official variants, he steps on clockwise or follows the newcomer).",
        "count.block": "No follower may be redeployed out of the quarter where the Count stands.",
        "count.redeploy.castle": "Before a city scores, players from the left of the active player round to "
        "them may move followers from the castle into it.",
        "count.redeploy.blacksmith": "Before a road scores, players from the left of the active player round "
        "to them may move followers from the blacksmith into it.",
        "count.redeploy.cathedral": "Before a cloister scores, players from the left of the active player "
        "round to them may move followers from the cathedral into it.",
        "count.redeploy.market": "Before a farm scores during the game (a barn), players may move followers "
        "from the market into it.",
        "count.redeploy.final": "After the last tile, from the left of the player who placed it, players take "
        "turns moving one follower from the City into an unfinished feature or farm of the matching kind, "
        "until nobody moves.",
        "count.city-value": "A farm touching the City of Carcassonne scores it as a completed city, at the end "
        "and when a barn makes its farmers score.",
        "count.deploy.figures": "Followers and big followers may wait in any quarter, a mayor only in the castle, "
        "a wagon in the castle, blacksmith or cathedral, a barn nowhere; one edition's words make a mayor or "
        "wagon leaving the City count as two followers in the scoring it joins.",
    }

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        super().__init__(values)
        #: read once: _triggered asks it in every turn in which somebody scored (a module
        #: holds nothing but what its option values decide, so this is shared as they are)
        self._completions_only = self.option("count.deploy-trigger") == "completion"

    # -- set-up ---------------------------------------------------------------------------------
    def _river_first(self, state: GameState) -> bool:
        return (
            "river2" in state.setup.expansions and self.option("river2.with-count") == "river-first"
        )

    def start_layout(self, state: GameState) -> list[tuple[str, int, int, int]] | None:
        if self._river_first(state):
            return None  # the river starts; the City comes once it is done
        start = state.setup.start
        return list(_start_block_at(start.x, start.y))

    def setup(self, state: GameState) -> None:
        if (
            "river2" in state.setup.expansions
            and self.option("river2.with-count") == "not-combined"
        ):
            raise GameFileError(
                phrase(
                    "the rule option river2.with-count is 'not-combined' (the Count, King & Robber "
                    "box advises against playing the City of Carcassonne and The River II "
                    "together): drop one of them or choose another value"
                ),
                field="setup.expansions",
            )
        laid = state.start_layout[1] is self
        # the City's tiles are never drawn, and the base start tile is not used (ckr setup)
        none_left = _city_tiles_none_left()
        state.remaining.update(none_left)
        start = state.setup.start.tile
        if state.setup.tile_order is None:
            # (the whole bag is walked, in C: a comprehension cost some 1.4 k bytecodes a
            # ten-module game)
            state.bag = list(filterfalse(none_left.__contains__, state.bag))
            if start in state.bag:
                state.bag.remove(start)
        if state.remaining.get(start, 0) > 0 and (laid or "river2" in state.setup.expansions):
            state.remaining[start] -= 1
        count = state.add_neutral_figure("count", quarter_place("castle"))
        state.ext["count"] = ext = CountState(laid)
        # nobody waits in the City yet: before_scoring is left out until somebody does
        state.retire_hook("before_scoring", self.before_scoring)
        if laid:  # (laid by start_layout, from the start square)
            ext.city_segments = _city_segments_at(state.setup.start.x, state.setup.start.y)
        state.emit(
            "count-setup",
            rule="count.setup",
            figure=count.id,
            text=(
                Said(
                    msg="The City of Carcassonne is the start: its four quarters (castle, market, "
                    "blacksmith, cathedral) wait for followers, and the Count stands in the castle."
                )
                if laid
                else Said(
                    msg="The Count stands in the castle quarter; the City of Carcassonne will be "
                    "laid next to the river once the river is done."
                )
            ),
            annotations=("ckr-1", "ckr-2") if laid else ("house-count-river-first",),
            data={"city_laid": laid},
        )

    def idle_hooks(self) -> frozenset[str]:
        # each is called at every turn or scoring (carc_teach.rules.Hooks): the City waits
        # for the river only under the river-first house rule, and only the printed reading
        # of the special figures' strength makes a figure count two
        idle = set()
        if self.option("river2.with-count") != "river-first":
            idle.add("play_instead_of_draw")
        if self.option("count.special-figure-strength") != "two-each":
            idle.update(("figure_strength", "after_scoring"))
        return frozenset(idle)

    # -- the City after the river (house rule) ----------------------------------------------------
    def play_instead_of_draw(self, state: GameState, turn: Turn):
        ext = state.ext["count"]
        if ext.laid:
            return None
        river = [t.id for t in state.tile_types.values() if "river" in t.tags]
        if any(state.remaining.get(t, 0) for t in river):
            return None
        self._lay_city_by_river(state)
        return None

    def _lay_city_by_river(self, state: GameState) -> None:
        block = catalogue("count").start_block
        board = state.board
        tiles = board.tiles
        # the spring, or else the first tile laid
        spring = next((p for p in board if "spring" in p.type.tags), next(iter(board)))
        min_x, min_y, max_x, max_y = board.bounds()
        best: tuple | None = None
        for oy in range(min_y - 4, max_y + 3):
            for ox in range(min_x - 5, max_x + 4):
                squares = [(ox + dx, oy + dy) for _, dx, dy, _ in block]
                if any(sq in tiles for sq in squares):
                    continue
                inside = set(squares)
                touched: set[tuple[int, int]] = set()
                fits = True
                for (tid, _dx, _dy, rot), (x, y) in zip(block, squares, strict=True):
                    edges = orient(state.tile_types[tid], rot).edges
                    for side, (nx, ny) in enumerate(NEIGHBOUR_OFFSETS):
                        q = (x + nx, y + ny)
                        if q in inside or q not in tiles:
                            continue
                        other = tiles[q]
                        if not edges_match(other.tile.edges[(side + 2) % 4], edges[side]):
                            fits = False
                            break
                        touched.add(q)
                    if not fits:
                        break
                if not fits or not touched:
                    continue
                rivers = sum(1 for q in touched if "river" in tiles[q].type.tags)
                distance = min(abs(x - spring.x) + abs(y - spring.y) for x, y in squares)
                key = (-rivers, distance, oy, ox)
                if best is None or key < best[0]:
                    best = (key, ox, oy, rivers)
        if best is None:  # pragma: no cover - a board of a dozen river tiles always has room
            raise AssertionError("no place for the City of Carcassonne")
        _, ox, oy, rivers = best
        west = ox + min(dx for _, dx, _, _ in block)
        north = oy + min(dy for _, _, dy, _ in block)
        for tid, dx, dy, rot in block:
            board.add(state.tile_types[tid], Placement(ox + dx, oy + dy, rot), check=False)
        ext = state.ext["count"]
        ext.laid = True
        ext.city_segments = _city_segments_at(ox, oy)
        state.emit(
            "count-city-laid",
            rule="count.setup",
            pos=(ox + 2, oy + 1),
            text=Said(
                msg="The river is done, so the City of Carcassonne is laid against it where it "
                "touches the most river tiles ({rivers}), its north-west corner at ({x}, {y}).",
                rivers=rivers,
                x=west,
                y=north,
            ),
            annotations=("house-count-river-first",),
            options=("river2.with-count",),
            data={"origin": [ox, oy], "river_tiles_touched": rivers},
        )

    # -- deploying to the City -----------------------------------------------------------------
    def _count_quarter(self, state: GameState) -> str:
        q = quarter_of(state.figures["count"].location)
        assert q is not None
        return q

    def _triggered(
        self, state: GameState, turn: Turn, scorings: list[Scoring]
    ) -> tuple[bool, str, tuple[str, ...] | None]:
        """Whether the tile made somebody else score and its player nothing, how, and else
        why the City stays closed to its player (ckr-7), as the words :meth:`_closed_refusal`
        makes the refusal from: asked every turn, the refusal only when a deployment to the
        City is refused."""
        me = turn.player
        # every points event of this tile (whatever the trigger option counts); in most
        # turns nobody scored, which the state knows without reading the events back
        scored: dict[str, int] = {}
        number = turn.number
        if state.last_points_turn == number:
            for e in reversed(state.events):
                if e.turn != number:
                    break
                if e.kind == "points" and e.points > 0:
                    scored[e.player] = scored.get(e.player, 0) + e.points
        if not scored and not scorings:  # most turns
            return False, "", ("nobody scored", me)
        if self._completions_only:
            relevant = [
                s
                for s in scorings
                if not s.final and s.feature.kind in ("road", "city", "cloister")
            ]
            others = sorted({p for s in relevant for p, x in s.points.items() if x > 0 and p != me})
            mine = any(s.points.get(me, 0) > 0 for s in relevant)
            why = "completed road, city or cloister"
        else:
            others = []
            for p in scored:  # (a loop: a comprehension is a call of its own)
                if p != me:
                    others.append(p)
            if len(others) > 1:  # (with two players, never)
                others.sort(key=state.players.index)
            mine = me in scored
            why = "scoring"
        if others and not mine:
            if why == "scoring":
                opened = Said(
                    msg="{others} scored in this scoring and {player} scored nothing",
                    others=Chained(others),
                    player=me,
                )
            else:
                opened = Said(
                    msg="{others} scored in this completed road, city or cloister and {player} "
                    "scored nothing",
                    others=Chained(others),
                    player=me,
                )
            return (True, opened, None)
        if mine:
            return False, "", ("scored too", me, str(scored.get(me, 0)))
        if why != "scoring" and any(p != me for p in scored):
            who = " and ".join(sorted((p for p in scored if p != me), key=state.players.index))
            return False, "", ("not a completion", who)
        return False, "", ("nobody scored", me)

    def _closed_refusal(self, why: tuple[str, ...]) -> Refusal:
        """The refusal that says why the City stayed closed to a turn's tile, from the words
        :meth:`_triggered` or :meth:`after_completed` kept."""
        how = why[0]
        if how == "scored too":
            me, points = why[1], why[2]
            return self.refusal(
                "count.deploy",
                phrase(
                    "{player}'s tile scored {player} points too ({points} in this turn), and "
                    "the City of Carcassonne opens only to a player whose tile made others "
                    "score while they scored nothing",
                    player=me,
                    points=points,
                ),
                ("ckr-7",),
            )
        if how == "not a completion":
            return self.refusal(
                "count.deploy-trigger",
                phrase(
                    "{who} scored in this turn, but not for a completed road, city or "
                    "cloister, and under the original rules only such a completion opens the "
                    "City of Carcassonne",
                    who=why[1],
                ),
                ("ckr-7",),
                ("count.deploy-trigger",),
            )
        if how == "no figure":
            return self.refusal(
                "count.deploy",
                phrase(
                    "{player} may deploy to the City, but has no figure that may wait in an "
                    "open quarter left in their supply",
                    player=why[1],
                ),
                ("ckr-9", "ckr-17"),
            )
        return self.refusal(
            "count.deploy",
            phrase(
                "{player}'s tile made nobody score, and the City of Carcassonne opens only to "
                "a player whose tile made others score while they scored nothing",
                player=why[1],
            ),
            ("ckr-7",),
        )

    def after_completed(self, state: GameState, turn: Turn, scorings: list[Scoring]) -> None:
        if not scorings and state.last_points_turn != turn.number:
            # nobody scored with this tile: _triggered's first answer, known here (kept while
            # the City is not laid too: a deployment to it is refused for that). Step 3B
            # calls this hook in such a turn only after another module's that is always
            # called (after_completed_if_scored); else state.unscored_turn says it
            state.ext["count"].closed = turn.number
            return
        ext = state.ext["count"]
        if not ext.laid:
            return
        ok, why, closed = self._triggered(state, turn, scorings)
        # what a deployment to the City asked of this tile is told (explain_deployment)
        ext.closed = (turn.number, closed)
        if not ok:
            return
        player = turn.player
        count_at = self._count_quarter(state)
        blocked = count_at if self.option("count.blocks-moves-to") else None
        options = [
            Deploy(kind, quarter_place(q), self.id)
            for kind, quarters in ENTERS_CITY.items()
            if state.in_supply(player, kind) is not None
            for q in quarters
            if q != blocked
        ]
        if not options:
            ext.closed = (turn.number, ("no figure", player))
            return
        answer = state.ask(
            Decision(
                player,
                "count.deploy",
                options,
                rule="count.deploy",
                optional=True,
                prompt=phrase(
                    "{why}: {player} may put one figure into a quarter of Carcassonne",
                    why=spoken(why),
                    player=player,
                ),
                explain=lambda a: self._why_not_deploy(state, player, a, options, blocked),
                accepts=("deploy",),
            )
        )
        if isinstance(answer, Pass):
            return
        assert isinstance(answer, Deploy)
        quarter = quarter_of(answer.to)
        figure = state.in_supply(player, answer.figure)
        assert figure is not None and quarter is not None
        changed = tuple(
            o for o in ("count.deploy-trigger", "count.blocks-moves-to") if self.option_changed(o)
        )
        # ckr-59 (record ckr-11): a heretic or monk lost in a challenge this turn is no scoring;
        # the Heretics & Shrines module says so in its event's data (docs/rules-shrines.md)
        lost = False
        # ckr-10 (car-187): a barn just placed made only others' farmers score; what the barn
        # will earn its owner after the game does not count against the deployment
        barn = False
        for e in reversed(state.events):
            if e.turn != turn.number:
                break
            if e.kind == "shrine-challenge-lost" and e.data.get("active_lost"):
                lost = True
            if e.kind == "points" and e.points > 0 and e.rule == "barn.scoring":
                barn = True
        # (in the order of state.figures, as the figures of a quarter always were listed)
        order = list(state.figures)
        ext.in_city = sorted([*ext.in_city, figure], key=lambda f: order.index(f.id))
        state.resume_hook("before_scoring", self.before_scoring)  # (somebody waits now)
        state.deploy_figure(
            figure,
            answer.to,
            rule="count.deploy",
            text=Said(
                msg="{why}{lost}{barn}, so {player} puts a {figure} from their supply into the "
                "{quarter} quarter of Carcassonne (one per tile, on top of the normal deployment).",
                why=why,
                lost=_LOST_NOTE if lost else "",
                barn=_BARN_NOTE if barn else "",
                player=player,
                figure=Word(kind_of(figure.kind).title),
                quarter=Word(quarter),
            ),
            annotations=(
                "ckr-7",
                "ckr-13",
                "ckr-14",
                *(("ckr-11",) if lost else ()),
                *(("ckr-10",) if barn else ()),
                # ckr-9, ckr-17: which special figures may wait in the City, and where
                *(("ckr-9", "ckr-17") if figure.kind in ("mayor", "wagon") else ()),
            ),
            options=changed,
        )
        self._move_count(state, player, quarter)

    def _why_not_deploy(self, state, player, action, options, blocked) -> Refusal | None:
        if action in options:
            return None
        to = getattr(action, "to", None)
        kind = getattr(action, "figure", "?")
        quarter = quarter_of(to)
        if quarter is None:
            return self.refusal(
                "count.deploy",
                phrase(
                    "a figure deployed to Carcassonne goes to a quarter: place 'count.castle', "
                    "'count.market', 'count.blacksmith' or 'count.cathedral', not {to}",
                    to=repr(to),
                ),
                later=True,  # the normal deployment's answer, perhaps: not this decision's
            )
        return self._quarter_refusal(state, player, kind, quarter, blocked) or self.refusal(
            "count.deploy",
            phrase(
                "{player} cannot deploy a {kind} to the {quarter} here",
                player=player,
                kind=kind_id_word(kind),
                quarter=term(quarter),
            ),
        )

    def _quarter_refusal(self, state, player, kind, quarter, blocked) -> Refusal | None:
        """Why ``kind`` may not go to ``quarter`` while the City is open to ``player``."""
        if kind == "barn":
            return self.refusal(
                "count.deploy.figures",
                phrase("a barn never enters the City of Carcassonne"),
                ("ckr-9", "car-178"),
            )
        if kind not in ENTERS_CITY:
            return self.refusal(
                "count.deploy.figures",
                phrase(
                    "a {kind} may not enter the City of Carcassonne: followers, big followers, "
                    "the mayor and the wagon may",
                    kind=term(kind_of(kind).title),
                ),
                ("ckr-9",),
            )
        if quarter not in ENTERS_CITY[kind]:
            return self.refusal(
                "count.deploy.figures",
                phrase(
                    "a {kind} may wait only in the {quarters} quarter, not the {quarter}",
                    kind=kind_id_word(kind),
                    quarters=_either(ENTERS_CITY[kind]),
                    quarter=term(quarter),
                ),
                ("ckr-9", "ckr-17"),
            )
        if quarter == blocked:
            return self.refusal(
                "count.block",
                phrase(
                    "the Count stands in the {quarter} quarter, and in this edition no figure "
                    "may be moved into his quarter either, so a deployment to Carcassonne must "
                    "choose another quarter",
                    quarter=term(quarter),
                ),
                ("ckr-34",),
                ("count.blocks-moves-to",),
            )
        if state.in_supply(player, kind) is None:
            return self.refusal(
                "count.deploy",
                phrase(
                    "{player} has no {kind} left in their supply",
                    player=player,
                    kind=term(kind_of(kind).title),
                ),
            )
        return None

    def explain_deployment(self, state: GameState, turn: Turn, action: Deploy) -> Refusal | None:
        """A deployment to a quarter: why the City is not open to it (yet), or why not
        there. Other targets are left to the other modules."""
        quarter = quarter_of(action.to)
        if quarter is None:
            return None
        ext = state.ext["count"]
        player = turn.player
        if not ext.laid:
            return self.refusal(
                "count.setup",
                phrase(
                    "the City of Carcassonne is not on the board yet: it is laid beside the "
                    "river once every river tile is down"
                ),
                ("house-count-river-first",),
                ("river2.with-count",),
            )
        blocked = self._count_quarter(state) if self.option("count.blocks-moves-to") else None
        where = self._quarter_refusal(state, player, action.figure, quarter, blocked)
        closed = ext.closed
        if type(closed) is tuple and closed[0] == turn.number:
            pass  # (after_completed's words for this tile)
        elif closed == turn.number or state.unscored_turn == turn.number:
            # nobody scored with this tile: after_completed said so, or step 3B left it out
            # for that (after_completed_if_scored)
            closed = (turn.number, ("nobody scored", player))
        if type(closed) is not tuple or closed[0] != turn.number:
            # asked before this tile's scorings: the City may still open (ckr-13)
            return where or self.refusal(
                "count.deploy",
                phrase(
                    "a figure goes into the City of Carcassonne only after this turn's "
                    "scorings, when the tile made others score and its player nothing"
                ),
                ("ckr-13",),
                later=True,
            )
        if closed[1] is not None:
            return self._closed_refusal(closed[1])
        if _deployed_this_turn(state, turn):
            return self.refusal(
                "count.deploy.limit",
                phrase(
                    "{player} has already deployed to the City of Carcassonne for this tile: "
                    "one deployment there per tile",
                    player=player,
                ),
                ("ckr-14",),
            )
        return where

    def _move_count(self, state: GameState, player: str, entered: str) -> None:
        count = state.figures["count"]
        here = self._count_quarter(state)
        how = self.option("count.count-movement")
        if how == "clockwise":
            to = QUARTERS[(QUARTERS.index(here) + 1) % 4]
            note, why = "variant-count-clockwise", _CLOCKWISE
        elif how == "follows-deploy":
            if entered == here:
                return
            to = entered
            note, why = "variant-count-follows-deploy", _FOLLOWS
        else:
            options = [MoveFigure(count.id, quarter_place(q)) for q in QUARTERS if q != here]
            answer = state.ask(
                Decision(
                    player,
                    "count.move",
                    options,
                    rule="count.move",
                    optional=True,
                    prompt=phrase(
                        "{player} may move the Count from the {here} to another quarter",
                        player=player,
                        here=term(here),
                    ),
                    explain=lambda a: None if a in options else self._why_not_count_move(here, a),
                    accepts=("move",),
                )
            )
            if isinstance(answer, Pass):
                return
            to = quarter_of(answer.to)  # type: ignore[union-attr]
            assert to is not None
            note, why = "", Said(msg="{player} chooses where he stands", player=player)
        state.move_figure(
            count,
            quarter_place(to),
            rule="count.move",
            text=Said(
                msg="The Count moves from the {here} to the {to} ({why}): followers in the {to} "
                "are now blocked, those in the {here} free to leave.",
                here=Word(here),
                to=Word(to),
                why=why,
            ),
            annotations=(note,) if note else ("ckr-34",),
            options=("count.count-movement",)
            if self.option_changed("count.count-movement")
            else (),
        )

    def _why_not_count_move(self, here: str, action: Any) -> Refusal:
        """Why the Count may not go there when his player moves him (count.move)."""
        to = quarter_of(getattr(action, "to", None))
        if getattr(action, "figure", None) != "count":
            return self.refusal(
                "count.move",
                phrase(
                    "this decision moves the Count only: the figures in the City stay where "
                    "they wait until a feature of their quarter's kind scores"
                ),
                ("ckr-34",),
            )
        if to == here:
            return self.refusal(
                "count.move",
                phrase(
                    "the Count already stands in the {here} quarter: moving him means taking "
                    "him to one of the other three quarters (pass to leave him where he is)",
                    here=term(here),
                ),
                ("ckr-34",),
            )
        where = getattr(action.to, "name", action.to)
        return self.refusal(
            "count.move",
            phrase(
                "{where} is not one of the four quarters of the City of Carcassonne, and the "
                "Count moves only between them",
                where=repr(where),
            ),
            ("ckr-34",),
        )

    # -- redeploying before a scoring ------------------------------------------------------------
    def _waiting(
        self, state: GameState, player: str, quarter: str, feature_kind: str
    ) -> list[Figure]:
        return [
            f
            for f in _in_quarter(state, quarter)
            if f.player == player and feature_kind in kind_of(f.kind).enters
        ]

    def before_scoring(self, state: GameState, scoring: Scoring) -> None:
        # retired (GameState.retire_hook) while nobody waits in the City, about three
        # scorings in four, where it would return at once: the set-up retires it, a
        # deployment to the City resumes it, a redeployment of the last figure there
        # retires it again (only this module's deployments and redeployments move a figure
        # into or out of the City)
        ext = state.ext["count"]
        if not ext.in_city or scoring.final or not ext.laid or state.turn is None:
            return  # (most scorings: nobody waits in the City)
        feature = scoring.feature
        quarter = FEATURE_QUARTER.get(feature.kind)
        if quarter is None or not _in_quarter(state, quarter):
            return  # nobody waits in that quarter: nothing to block or redeploy
        if quarter == self._count_quarter(state):
            waiting = [
                f for p in state.players for f in self._waiting(state, p, quarter, feature.kind)
            ]
            if waiting:
                state.emit(
                    "count-blocked",
                    rule="count.block",
                    feature=feature.id,
                    nodes=tuple(feature.nodes),
                    text=SaidN(
                        msg="The Count stands in the {quarter}, so the {n} figure waiting there "
                        "cannot join {what}.",
                        plural="The Count stands in the {quarter}, so the {n} figures waiting "
                        "there cannot join {what}.",
                        n=len(waiting),
                        quarter=Word(quarter),
                        what=scoring.what,
                    ),
                    annotations=("ckr-34",),
                )
            return
        active = state.turn.player
        rule = f"count.redeploy.{quarter}"
        target = min(feature.nodes)
        once = self.option("count.redeploy-rounds") == "once-around"
        # ckr-28: who passed with figures waiting, and whether anybody moved after them
        passed: list[str] = []
        late = False
        while True:
            moved_any = False
            for player in state.players_from(active, include=True):
                while True:
                    waiting = self._waiting(state, player, quarter, feature.kind)
                    if not waiting:
                        break
                    options = [MoveFigure(f.id, target) for f in waiting]
                    answer = state.ask(
                        Decision(
                            player,
                            "count.redeploy",
                            options,
                            rule=rule,
                            optional=True,
                            prompt=phrase(
                                "{player} may move figures from the {quarter} into {what}",
                                player=player,
                                quarter=term(quarter),
                                what=spoken(scoring.what),
                            ),
                            explain=lambda a, w=waiting, f=feature, q=quarter: self._why_not_move(
                                state, a, w, f, q
                            ),
                            accepts=("move",),
                        )
                    )
                    if isinstance(answer, Pass):
                        if player not in passed:
                            passed.append(player)
                        break
                    figure = state.figures[answer.figure]  # type: ignore[union-attr]
                    self._redeploy(state, figure, answer.to, quarter, scoring, rule)  # type: ignore[union-attr]
                    moved_any = True
                    late = late or any(p != player for p in passed)
            if once or not moved_any:
                break
        if once and late:
            self._round_closed(state, passed, quarter, feature, scoring, rule)

    def _round_closed(self, state, passed, quarter, feature, scoring, rule) -> None:
        """ckr-28 under ``once-around``: somebody moved in after a player had passed with
        figures waiting; the round is over, so that player gets no second chance."""
        still = [p for p in passed if self._waiting(state, p, quarter, feature.kind)]
        if not still:  # pragma: no cover - a player who passed keeps what waited
            return
        who = Chained(still)
        state.emit(
            "count-redeploy-closed",
            rule=rule,
            feature=feature.id,
            nodes=tuple(feature.nodes),
            text=Said(
                msg="The redeployment has gone once round the table: {who} passed before a "
                "later player moved in and may not change their mind now, so what waits in "
                "the {quarter} stays there and {what} scores as it stands.",
                who=who,
                quarter=Word(quarter),
                what=scoring.what,
            ),
            annotations=("ckr-28",),
            data={"passed": still},
        )

    def _why_not_move(self, state, action, waiting, feature, quarter) -> Refusal | None:
        fig = getattr(action, "figure", None)
        to = getattr(action, "to", None)
        rule = f"count.redeploy.{quarter}"
        if fig not in {f.id for f in waiting}:
            have = ", ".join(f.id for f in waiting)
            return self.refusal(
                rule,
                phrase(
                    "figure {figure} is not waiting in the {quarter} for this player "
                    "(there: {have})",
                    figure=repr(fig),
                    quarter=term(quarter),
                    have=have,
                ),
                ("ckr-18",),
            )
        if to not in feature.nodes:
            return self.refusal(
                rule,
                phrase(
                    "a figure from the {quarter} may only join the {kind} being scored (a "
                    "segment of it, such as {example}), not {given}",
                    quarter=term(quarter),
                    kind=term(feature.kind),
                    example=_node_words(state, min(feature.nodes)),
                    given=_node_words(state, to),
                ),
                ("ckr-18", "ckr-20", *_REDEPLOY_NOTES[quarter]),
            )
        return None

    def explain_action(self, state: GameState, turn: Turn, action: Any) -> Refusal | None:
        """A deployment to a quarter no decision took (the City stayed closed), or a move
        out of a quarter no redeployment asked for (the Count blocks it, or nothing of the
        quarter's kind scored)."""
        if isinstance(action, Deploy):
            return self.explain_deployment(state, turn, action)
        if not isinstance(action, MoveFigure):
            return None
        figure = state.figures.get(action.figure)
        if figure is None:
            return None
        if figure.kind == "count":
            return self.refusal(
                "count.move",
                phrase(
                    "the Count moves only when a figure is deployed to the City of "
                    "Carcassonne, and in this turn none was"
                ),
                ("ckr-34",),
            )
        quarter = quarter_of(figure.location)
        if quarter is None:
            return None
        kind = QUARTER_FEATURE[quarter]
        if quarter == self._count_quarter(state):
            return self.refusal(
                "count.block",
                phrase(
                    "the Count stands in the {quarter} quarter, and nobody may move a figure "
                    "out of the quarter where he stands",
                    quarter=term(quarter),
                ),
                ("ckr-34",),
            )
        scored = [s for s in turn.completed if s.kind == kind]
        if not scored:
            return self.refusal(
                f"count.redeploy.{quarter}",
                phrase(
                    "a figure leaves the {quarter} only just before a {kind} scores during "
                    "the game, and no {kind} scored in this turn",
                    quarter=term(quarter),
                    kind=term(kind),
                ),
                ("ckr-18", "ckr-20", *_REDEPLOY_NOTES[quarter]),
            )
        return None

    def _redeploy(self, state, figure, to, quarter, scoring, rule) -> None:
        feature = scoring.feature
        counts: dict[str, int] = {}
        for f in [*feature.figures, figure]:
            if f.player is not None:
                counts[f.player] = counts.get(f.player, 0) + 1
        now = ", ".join(f"{p} {counts[p]}" for p in state.players if p in counts)
        role = role_name(figure.kind, feature.kind)
        _leaves_city(state, figure)
        state.move_figure(
            figure,
            to,
            rule=rule,
            text=Said(
                msg="{player} moves a {figure} from the {quarter} of Carcassonne into {what} as "
                "a {role} before it scores: now {now}.",
                player=figure.player,
                figure=Word(kind_of(figure.kind).title),
                quarter=Word(quarter),
                what=scoring.what,
                role=Word(role),
                now=now,
            ),
            annotations=("ckr-18", "ckr-20", "ckr-29", *_REDEPLOY_NOTES[quarter]),
            options=("count.redeploy-rounds",)
            if self.option_changed("count.redeploy-rounds")
            else (),
        )
        self._counts_two(state, figure)

    def _counts_two(self, state: GameState, figure: Figure) -> None:
        """ckr-17 under ``two-each``: a mayor or wagon that has just left the City counts as two
        followers in the scoring it joined, and only there (a wagon rolling on afterwards
        counts one again). Abbey & Mayor, which owns these figures, explains the strength."""
        if figure.kind not in ("mayor", "wagon"):
            return
        if self.option("count.special-figure-strength") != "two-each":
            return
        ext = state.ext["count"]
        if figure.id not in ext.two_each:
            ext.two_each.append(figure.id)

    def figure_strength(self, state: GameState, figure: Figure, feature: Feature) -> int | None:
        if figure.id in state.ext["count"].two_each:
            return 2
        return None

    def after_scoring(self, state: GameState, scoring: Scoring) -> None:
        ext = state.ext["count"]
        if ext.two_each:
            here = {f.id for f in scoring.feature.figures}
            ext.two_each = [f for f in ext.two_each if f not in here]

    # -- after the game --------------------------------------------------------------------------
    def before_final_scoring(self, state: GameState) -> None:
        ext = state.ext["count"]
        if not ext.laid or not ext.in_city:
            return  # (nobody waits in the City: nobody to move, nobody left there)
        # the player who placed the last tile: the final turn's, which the turn driver sets
        # from the last tile placed before it calls this hook
        assert state.turn is not None
        trigger = state.turn.player
        quarters = (
            QUARTERS if self.option("count.final-redeploy") == "all-quarters" else ("market",)
        )
        features = state.board.features.features()
        targets_of: dict[str, list[Feature]] = {}
        # where a figure moved onto each target goes (its least segment), worked out once too
        anchors_of: dict[str, list[Node]] = {}
        while True:
            moved_any = False
            for player in state.players_from(trigger, include=True):
                count_at = self._count_quarter(state)
                options: list[MoveFigure] = []
                movable: dict[str, tuple[str, list[Feature]]] = {}
                for q in quarters:
                    if q == count_at:
                        continue
                    kind = QUARTER_FEATURE[q]
                    waiting = self._waiting(state, player, q, kind)
                    if not waiting:
                        continue  # (most quarters: no feature list to make)
                    # what a figure from q may go to: nothing scores or completes during the
                    # redeployment, so each kind's list is made once
                    targets = targets_of.get(q)
                    if targets is None:
                        targets = [f for f in features if f.kind == kind and not f.scored]
                        if kind == "city" or kind == "road":
                            targets = [f for f in targets if not f.complete]
                        targets_of[q] = targets
                        anchors_of[q] = [min(t.nodes) for t in targets]
                    if not targets:
                        continue
                    for fig in waiting:
                        movable[fig.id] = (q, targets)
                    seen_kinds: set[str] = set()
                    for fig in waiting:
                        if fig.kind in seen_kinds:
                            continue
                        seen_kinds.add(fig.kind)
                        options.extend(MoveFigure(fig.id, node) for node in anchors_of[q])
                if not options:
                    continue
                answer = state.ask(
                    Decision(
                        player,
                        "count.final",
                        options,
                        rule="count.redeploy.final",
                        optional=True,
                        prompt=phrase(
                            "{player} may move one follower from Carcassonne into an "
                            "unfinished feature or farm",
                            player=player,
                        ),
                        explain=lambda a, m=movable: self._why_not_final(state, a, m),
                        accepts=("move",),
                    )
                )
                if isinstance(answer, Pass):
                    continue
                figure = state.figures[answer.figure]  # type: ignore[union-attr]
                quarter = quarter_of(figure.location)
                feature = state.board.features.feature_of(answer.to)  # type: ignore[union-attr]
                _leaves_city(state, figure)
                state.move_figure(
                    figure,
                    answer.to,  # type: ignore[union-attr]
                    rule="count.redeploy.final",
                    text=Said(
                        msg="Scoring after the game: {player} moves a {figure} from the "
                        "{quarter} of Carcassonne onto {feature} as a {role}.",
                        player=player,
                        figure=Word(kind_of(figure.kind).title),
                        quarter=Word(quarter),
                        feature=feature.phrase(),
                        role=Word(role_name(figure.kind, feature.kind)),
                    ),
                    annotations=("ckr-27", "ckr-29", *_REDEPLOY_NOTES[quarter or "castle"]),
                    options=("count.final-redeploy",)
                    if self.option_changed("count.final-redeploy")
                    else (),
                )
                self._counts_two(state, figure)
                moved_any = True
            if not moved_any:
                break
        left = ext.in_city
        if left:
            state.emit(
                "count-left-in-city",
                rule="count.redeploy.final",
                text=SaidN(
                    msg="{n} figure stay in Carcassonne and score nothing ({which}).",
                    plural="{n} figures stay in Carcassonne and score nothing ({which}).",
                    n=len(left),
                    which=Joined(
                        [
                            Said(
                                msg="{player}'s {figure} in the {quarter}",
                                player=f.player,
                                figure=Word(kind_of(f.kind).title),
                                quarter=Word(str(quarter_of(f.location))),
                            )
                            for f in sorted(left, key=_owner_and_quarter)
                        ],
                        ", ",
                    ),
                ),
                annotations=("ckr-29",),
            )

    def _why_not_final(self, state, action, movable) -> Refusal | None:
        fig = getattr(action, "figure", None)
        to = getattr(action, "to", None)
        rule = "count.redeploy.final"
        if fig not in movable:
            figure = state.figures.get(fig) if isinstance(fig, str) else None
            quarter = quarter_of(figure.location) if figure is not None else None
            if quarter is not None and quarter == self._count_quarter(state):
                return self.refusal(
                    "count.block",
                    phrase(
                        "the Count stands in the {quarter} quarter, and nobody may move a "
                        "figure out of the quarter where he stands, after the game too",
                        quarter=term(quarter),
                    ),
                    ("ckr-34", "ckr-27"),
                )
            if quarter is not None and self.option("count.final-redeploy") != "all-quarters":
                return self.refusal(
                    rule,
                    phrase(
                        "after the game only the market's followers move out in this "
                        "edition, so the {quarter} keeps its figures",
                        quarter=term(quarter),
                    ),
                    ("ckr-27",),
                    ("count.final-redeploy",),
                )
            return self.refusal(
                rule,
                phrase(
                    "figure {figure} cannot be moved now: it is not this player's, not in "
                    "the City, or nothing unfinished of its quarter's kind is left",
                    figure=repr(fig),
                ),
                ("ckr-27",),
            )
        quarter, targets = movable[fig]
        if not isinstance(to, tuple) or to[:2] not in state.board.tiles:
            return self.refusal(
                rule,
                phrase(
                    "a figure leaving the {quarter} goes to a segment of a placed tile, not {to}",
                    quarter=term(quarter),
                    to=repr(to),
                ),
            )
        try:
            feature = state.board.features.feature_of(to)
        except KeyError:
            return self.refusal(
                rule,
                phrase(
                    "there is no segment {segment} on the tile at ({x}, {y})",
                    segment=repr(to[2]),
                    x=to[0],
                    y=to[1],
                ),
            )
        if feature not in targets:
            want = QUARTER_FEATURE[quarter]
            return self.refusal(
                rule,
                phrase(
                    "a figure from the {quarter} may only go to an unfinished field (a farm), "
                    "and {feature} is not one",
                    quarter=term(quarter),
                    feature=feature.describe(),
                )
                if want == "field"
                else phrase(
                    "a figure from the {quarter} may only go to an unfinished {want}, and "
                    "{feature} is not one",
                    quarter=term(quarter),
                    want=term(want),
                    feature=feature.describe(),
                ),
                ("ckr-27", *_REDEPLOY_NOTES[quarter]),
            )
        return None

    def feature_value(
        self, state: GameState, feature: Feature, value: FeatureValue, *, final: bool
    ) -> FeatureValue:
        if not final:
            return value  # a barn's scoring counts the City itself (Abbey & Mayor)
        # only a farm beside the City gains from it (city_of_carcassonne_borders, without its
        # calls): asked first, as most features after the game are no such farm and the
        # barns' look below costs more
        if feature.kind != "field" or not state.ext["count"].laid:
            return value
        if not touches_city(state, feature):
            return value
        barns = next((m for m in state.modules if m.id == "abbey-mayor"), None)
        # a farm with a barn pays the followers the final redeployment moved onto it 1 per
        # city, the City included (ckr-25): the Abbey & Mayor module values it whole,
        # whatever the order of the modules
        if barns is not None and barns.has_barn(state, feature):  # type: ignore[attr-defined]
            return value
        return FeatureValue(
            value.parts + ((Said(msg="the City of Carcassonne, a completed city, × 3"), 3),)
        )


#: quarter -> the name of its place (``Place.name``)
_QUARTER_PLACE_NAMES = {q: f"count.{q}" for q in QUARTERS}


def _node_words(state: GameState, node: Any) -> str:
    """A segment in words with its coordinates as a game file writes them ("the south city of
    the tile at (1, 0), [1, 0, 'city']"); anything else as it was given."""
    if not (isinstance(node, tuple) and len(node) == 3):
        return repr(node)
    try:
        words = spoken(state.board.segment_phrase(node, square=True))
    except (KeyError, ValueError, IndexError):
        return repr(list(node))
    return phrase("{segment}, {node}", segment=words, node=str(list(node)))


def _in_quarter(state: GameState, quarter: str) -> list[Figure]:
    """The players' figures waiting in ``quarter``, in the order of ``state.figures`` (asked
    once the City is laid): picked from the module's list of the City's figures, a few at
    most, where a walk over every figure of the game cost about 400 bytecodes a call."""
    name = _QUARTER_PLACE_NAMES[quarter]
    return [f for f in state.ext["count"].in_city if f.location.name == name]


def _leaves_city(state: GameState, figure: Figure) -> None:
    """Take a figure redeployed out of the City off the module's list of those waiting; the
    last to leave retires the module's before_scoring (see there) whichever redeployment
    takes it out."""
    ext = state.ext["count"]
    ext.in_city = [f for f in ext.in_city if f is not figure]
    if not ext.in_city:
        state.retire_hook("before_scoring", state.hooks.by_id["count"].before_scoring)


def _deployed_this_turn(state: GameState, turn: Turn) -> bool:
    """Whether a figure went into the City of Carcassonne in this turn."""
    for e in reversed(state.events):
        if e.turn != turn.number:
            return False
        if e.rule == "count.deploy" and e.kind != "count-setup":
            return True
    return False


def touches_city(state: GameState, feature: Feature) -> bool:
    """Whether a farm has a field segment on the City's tiles (they all touch the City)."""
    # (a look in C at the segments the module kept: a walk over the farm's segments read
    # two tiles' tags for each)
    segments = state.ext["count"].city_segments
    return segments is not None and not segments.isdisjoint(feature.nodes)


@cache
def _city_tiles_none_left() -> MappingProxyType[str, int]:
    """Each tile of the City of Carcassonne with 0 to draw (the start block's, in its order:
    the set-up's ``remaining.update``, and ``in`` the test of a bag's tile); read-only, as
    every game shares it."""
    return MappingProxyType(
        dict.fromkeys([tile_id for tile_id, *_ in catalogue("count").start_block], 0)
    )


@lru_cache(maxsize=64)
def _start_block_at(x: int, y: int) -> tuple[tuple[str, int, int, int], ...]:
    """The City's tiles as ``start_layout`` lays them, the block's square (0, 0) at ``(x, y)``
    (a game's start square): the same for every game that starts there."""
    return tuple((t, x + dx, y + dy, r) for t, dx, dy, r in catalogue("count").start_block)


@lru_cache(maxsize=64)  # (river-first games lay the City at squares of their own)
def _city_segments_at(x: int, y: int) -> frozenset[Node]:
    """The segments tagged as touching the City on the City's tiles, with the start block's
    square (0, 0) at ``(x, y)``. Fixed by the shipped tile data and the square alone, so kept
    across games by the square (a game starts from its start square, or the river-first house
    rule lays the block where it fits best)."""
    tiles = catalogue("count")
    return frozenset(
        (x + dx, y + dy, seg.id)
        for tile_id, dx, dy, _ in tiles.start_block
        if CITY_TAG in tiles[tile_id].tags
        for seg in tiles[tile_id].segments
        if CITY_TAG in seg.tags
    )


def city_of_carcassonne_borders(state: GameState, farm: Feature) -> bool:
    """Whether the City of Carcassonne is laid and borders ``farm``: it then counts as one more
    completed city for that farm's farmers, barns and pigs (ckr-1). Other modules that count a
    farm's completed cities ask this."""
    return farm.kind == "field" and city_laid(state) and touches_city(state, farm)

"""The base game's rules.

- Set-up: the start tile, and ``base.followers`` followers (7) per player.
- 1C: edges must match and the tile must touch the board (the board checks this itself).
- 2B: one follower on a segment of the placed tile whose feature has no figure yet.
- 3A/3B: a completed road scores 1 per tile; a completed city 2 per tile and 2 per pennant;
  a surrounded cloister 9. The players with the most followers on the feature score it in
  full (ties all score); then its followers go home.
- After the game: incomplete roads 1 per tile, incomplete cities 1 per tile and 1 per pennant,
  incomplete cloisters 1 plus 1 per neighbouring tile; farms 3 per completed city they border,
  each city counted once per farm, for the farm's majority.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from ...board import Board, Placement
from ...errors import GameFileError, phrase
from ...events import Joined, Names, Said, SaidN, Word
from ...figures import kind_of, role_name
from ...frozen import fast_constructor
from ...rules import Deploy, FeatureValue, RuleModule

if TYPE_CHECKING:  # pragma: no cover
    from ...board import PlacedTile
    from ...features import Feature
    from ...state import GameState, Turn

__all__ = ["BaseRules"]

#: every turn offers a few deployments (see carc_teach.frozen)
_new_deploy = fast_constructor(Deploy)

#: the feature kinds scored when completed, in the order step 3B lists them
_SCORED_WHEN_COMPLETE = ("road", "city", "cloister")


#: a start of several tiles (the City of Carcassonne's twelve) laid once per kind of game:
#: (the layout, ids of its tile types and of the board's placement rules) -> (those types and
#: rules, which keep the ids their own, and a board holding only the start)
_START_BOARDS: dict[tuple, tuple[tuple, tuple, Board]] = {}


def _lay_start(
    state: GameState, layout: list[tuple[str, int, int, int]], types: list
) -> list[PlacedTile]:
    """Lay the start tiles on the game's empty board and return them, in layout order.

    A start of several tiles is the same in every game of a kind, and laying twelve tiles
    (their features joined one by one) cost a ten-module game as much as several turns: the
    board laid the first time is copied (:meth:`Board.clone`; placed tiles are immutable and
    shared) into every later game."""
    board = state.board
    if len(layout) == 1:
        tile_id, x, y, rotation = layout[0]
        return [board.place(types[0], Placement(x, y, rotation), check=False)]
    rules = tuple(board.placement_rules)
    key = (tuple(layout), tuple(map(id, types)), tuple(map(id, rules)))
    kept = _START_BOARDS.get(key)
    if kept is None or not (
        all(map(operator.is_, kept[0], types)) and all(map(operator.is_, kept[1], rules))
    ):
        laid = Board(placement_rules=board.placement_rules)
        for tile, (_, x, y, rotation) in zip(types, layout, strict=True):
            laid.place(tile, Placement(x, y, rotation), check=False)
        if len(_START_BOARDS) >= 32:  # (a long session trying many kinds of game)
            _START_BOARDS.clear()
        kept = _START_BOARDS[key] = (tuple(types), rules, laid)
    start = state.board = kept[2].clone({})
    start.features.record_joins = board.features.record_joins
    tiles = start.tiles
    return [tiles[(x, y)] for _, x, y, _ in layout]


class BaseRules(RuleModule):
    id = "base"
    offers_figures = frozenset({"follower"})
    title = "Carcassonne base game"
    tile_sets = ("base",)
    options = ("base.followers",)
    rules = {
        "base.setup": "The start tile is laid face up; each player takes their followers (7 in the base game).",
        "base.draw": "The active player draws the top tile of the supply.",
        "base.place": "The tile must touch the board along at least one side, and every side it shares "
        "with a neighbour must continue what the neighbour shows: city to city, road to road, field to field.",
        "base.place.discard": "A tile that fits nowhere is set aside (out of the game) and the player draws another.",
        "base.deploy": "After placing, the player may put one follower from their supply on a segment of that "
        "tile, but only if the road, city, cloister or field it belongs to has no figure on it yet.",
        "base.road.score": "A road is complete when both ends stop (at a crossing, a city, a cloister or by "
        "closing a loop); it scores 1 point per tile.",
        "base.city.score": "A city is complete when its walls close with no gap; it scores 2 points per tile "
        "and 2 more per pennant.",
        "base.cloister.score": "A cloister is complete when all eight squares around it hold tiles; it scores 9 "
        "points (1 for itself, 1 per neighbour).",
        "base.majority": "The players with the most followers on a feature score it; tied players each score "
        "the full value; a feature with nobody on it scores nobody.",
        "base.return": "After a feature scores, its followers go back to their owners' supplies and can be used again.",
        "base.final": "When the last tile is placed the game ends and everything still occupied scores once more.",
        "base.final.road": "After the game, an unfinished road scores 1 point per tile.",
        "base.final.city": "After the game, an unfinished city scores 1 point per tile and 1 per pennant.",
        "base.final.cloister": "After the game, an unfinished cloister scores 1 point plus 1 per neighbouring tile.",
        "base.final.farm": "After the game, each farm scores 3 points for every completed city it touches, "
        "counting each city once per farm, for the players with the most farmers in it.",
    }

    @classmethod
    def common_mistakes(cls, rule: str, points: int, tiles: int, pennants: int) -> list[int] | None:
        if rule == "base.city.score":  # forgetting pennants, or the end-of-game rate
            if pennants:
                return [tiles // 2 + pennants // 2, tiles, points + 2]
            return [points // 2, points + 2, points + 1]
        if rule == "base.final.city":  # the completed-city rate
            return [points * 2, tiles, points + 1]
        if rule in ("base.road.score", "base.final.road"):
            return [points * 2, points - 1, points + 1]
        if rule == "base.cloister.score":  # forgetting the cloister's own tile, or adding one
            return [8, 1, 10]
        if rule == "base.final.cloister":
            return [9, points - 1, points + 1]
        if rule == "base.final.farm":  # a city counted twice, or forgotten
            return [points + 3, max(points - 3, 0), points * 2]
        return None

    # -- set-up -----------------------------------------------------------------------------
    def start_layout(self, state: GameState) -> list[tuple[str, int, int, int]] | None:
        start = state.setup.start
        return [(start.tile, start.x, start.y, start.rotation)]

    def setup(self, state: GameState) -> None:
        layout, decided_by = state.start_layout
        if not layout:
            layout, decided_by = self.start_layout(state) or [], self
        field = "setup.start.tile" if decided_by is self else f"the start of {decided_by.title}"
        types = []
        for tile_id, *_ in layout:
            tile = state.tile_types.get(tile_id)
            if tile is None:
                raise GameFileError(
                    phrase(
                        "unknown start tile {tile}; the tile sets in play have: {tiles}",
                        tile=repr(tile_id),
                        tiles=", ".join(state.tile_types),
                    ),
                    field=field,
                )
            types.append(tile)
        placed = _lay_start(state, layout, types)
        followers = int(self.option("base.followers"))
        for p in state.players:
            state.add_figures(p, "follower", followers)
        changed = ("base.followers",) if self.option_changed("base.followers") else ()
        first = placed[0]
        laid: Said
        if len(placed) == 1:
            laid = Said(
                msg="The start tile {tile} is laid at ({x}, {y}).",
                tile=first.type.id,
                x=first.x,
                y=first.y,
            )
        else:
            laid = Said(
                msg="{module} lays {count} start tiles ({tiles}).",
                # the module's title, translated (i18n.names.MODULE_TITLES)
                module=Said(msg=decided_by.title),
                count=len(placed),
                tiles=Joined(
                    [
                        Said(msg="{tile} at ({x}, {y})", tile=t.type.id, x=t.x, y=t.y)
                        for t in placed
                    ],
                    ", ",
                ),
            )
        state.emit(
            "game-start",
            tile=first.type.id,
            pos=first.pos,
            rotation=first.rotation,
            rule="base.setup",
            text=Said(
                msg="{laid} {each_get}; {player} plays first.",
                laid=laid,
                each_get=_each_get(state.players, followers),
                player=state.players[0],
            ),
            data={"followers": followers, "players": list(state.players)}
            | (
                {"start": [[t.type.id, t.x, t.y, t.rotation] for t in placed]}
                if len(placed) > 1
                else {}
            ),
            options=changed,
        )

    # -- 2B ---------------------------------------------------------------------------------
    def deployment_options(self, state: GameState, turn: Turn) -> list[Deploy]:
        if not state.holds(turn.player, "follower"):
            return []
        placed = turn.placed
        assert placed is not None
        feature_of = state.board.features.feature_of
        enters = kind_of("follower").enters
        out = []
        for seg in placed.tile.segments:
            if seg.kind not in enters:
                continue
            node = (placed.x, placed.y, seg.id)
            if not feature_of(node).figures:
                out.append(_new_deploy("follower", node, self.id))
        return out

    def deploy(self, state: GameState, turn: Turn, action: Deploy) -> None:
        figure = state.in_supply(turn.player, action.figure)
        assert figure is not None and action.node is not None
        feature = state.board.features.feature_of(action.node)
        role = role_name(action.figure, feature.role_kind)
        state.deploy_figure(
            figure,
            action.node,
            rule="base.deploy",
            text=Said(
                msg="{player} puts a follower on {segment} as a {role}, claiming {feature}.",
                player=turn.player,
                segment=state.board.segment_phrase(action.node),
                role=Word(role),
                feature=feature.phrase(),
            ),
        )

    # -- 3A / 3B ----------------------------------------------------------------------------
    def identify_completed(self, state: GameState, turn: Turn) -> list[Feature]:
        placed = turn.placed
        assert placed is not None
        out: list[Feature] = []
        features = state.board.features
        pos = (placed.x, placed.y)
        # the tile's distinct features, as placing it left them (asked every turn)
        on_tile = turn.change.features() if turn.change is not None else features.features_on(pos)
        for f in on_tile:
            # a road or city is complete with no open edge (Feature.complete, without the call)
            if f.open_edges == 0 and f.kind in ("road", "city") and not f.scored:
                out.append(f)
        for cloister in features.cloisters_around(pos):
            if cloister.complete and not cloister.scored:
                out.append(cloister)
        return out

    def scoring_rule(
        self, state: GameState, feature: Feature, *, final: bool
    ) -> tuple[str, Any] | None:
        if not final and feature.kind in _SCORED_WHEN_COMPLETE:
            return f"base.{feature.kind}.score", feature.phrase()
        return None

    def feature_value(
        self, state: GameState, feature: Feature, value: FeatureValue, *, final: bool
    ) -> FeatureValue:
        n = feature.size
        if feature.kind == "road":
            return FeatureValue(
                value.parts + ((SaidN(msg="{n} tile × 1", plural="{n} tiles × 1", n=n), n),)
            )
        if feature.kind == "city":
            per = 1 if final else 2
            parts: tuple = (
                (SaidN(msg="{n} tile × {per}", plural="{n} tiles × {per}", n=n, per=per), n * per),
            )
            if feature.pennants:
                pennants = feature.pennants
                row = SaidN(
                    msg="{n} pennant × {per}", plural="{n} pennants × {per}", n=pennants, per=per
                )
                parts += ((row, pennants * per),)
            return FeatureValue(value.parts + parts)
        if feature.kind == "cloister":
            neighbours = feature.neighbours
            return FeatureValue(
                value.parts
                + (
                    (_CLOISTER_TILE, 1),
                    (
                        SaidN(
                            msg="{n} neighbouring tile × 1",
                            plural="{n} neighbouring tiles × 1",
                            n=neighbours,
                        ),
                        neighbours,
                    ),
                )
            )
        if feature.kind == "field" and final:
            cities = [c for c in state.board.features.bordering_cities(feature) if c.complete]
            k = len(cities)
            row = SaidN(
                msg="{n} completed city bordering it × 3",
                plural="{n} completed cities bordering it × 3",
                n=k,
            )
            return FeatureValue(value.parts + ((row, 3 * k),))
        return value

    # -- after the game ---------------------------------------------------------------------
    def final_features(self, state: GameState) -> list[tuple[Feature, str, Any]]:
        # only features with figures score (a few of the 150 or so): one pass finds them
        occupied = [f for f in state.board.features.features() if f.figures]
        out: list[tuple[Feature, str, Any]] = []
        for kind in _SCORED_WHEN_COMPLETE:
            for f in occupied:
                if f.kind == kind and not f.scored:
                    out.append((f, f"base.final.{kind}", f.phrase(incomplete=True)))
        for f in occupied:
            if f.kind == "field":
                cities = [c for c in state.board.features.bordering_cities(f) if c.complete]
                what = Said(
                    msg="{farm}, which borders {cities}",
                    farm=f.phrase(),
                    cities=SaidN(
                        msg="{n} completed city", plural="{n} completed cities", n=len(cities)
                    ),
                )
                out.append((f, "base.final.farm", what))
        return out


#: the first row of a cloister's breakdown
_CLOISTER_TILE = Said(msg="the cloister tile")


def _each_get(players: tuple[str, ...] | list[str], followers: int) -> Said:
    """ "Alice and Bob each get 7 followers" ("Alice gets 1 follower" alone)."""
    if len(players) == 1:
        return SaidN(
            msg="{player} gets {n} follower",
            plural="{player} gets {n} followers",
            n=followers,
            player=players[0],
        )
    return SaidN(
        msg="{players} each get {n} follower",
        plural="{players} each get {n} followers",
        n=followers,
        players=Names(players),
    )

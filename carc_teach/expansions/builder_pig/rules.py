"""The builder and the pig (from Traders & Builders), as far as the Abbey & Mayor footnotes
lean on them. Two modules, so that each can be played alone: ``builder`` and ``pig``.

**Builder** (module ``builder``):

- Set-up: each player takes one builder.
- 2B (``builder.deploy``): instead of a follower, a player may put their builder on a road or
  city segment of the placed tile whose feature already holds one of their followers (a
  follower, big follower, mayor or wagon). It is no follower: it never counts toward a
  majority.
- ``builder.double-turn``: when a later tile the builder's owner places (the first tile of a
  turn) extends the road or city where the builder stands, that player plays a second tile at
  once (a new turn of the same player, which never grants a third).
- ``builder.return``: the builder goes home when its road or city scores.

**Pig** (module ``pig``):

- Set-up: each player takes one pig.
- 2B (``pig.placement``): instead of a follower, a player may put their pig on a field segment
  of the placed tile whose farm holds one of their farmers; the farm may be occupied already,
  also a farm just joined to a barn's farm (car-192).
- ``pig.scoring``: when the farm scores and the pig's owner is among the majority, that player
  alone scores 1 more per completed city (at the end of the game, and when farmers score
  because of a barn: 3 + 1 or 1 + 1 per city).
- The pig goes home when its farm scores.

Not implemented: the rest of Traders & Builders (trade goods, its tiles).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...errors import Refusal, phrase
from ...events import Names, Said, SaidN, Word
from ...figures import kind_of
from ...frozen import fast_constructor
from ...rules import Deploy, RuleModule

if TYPE_CHECKING:  # pragma: no cover
    from ...figures import Figure
    from ...scoring import Scoring
    from ...state import GameState, Turn

__all__ = ["BuilderRules", "PigRules", "BuilderState"]


def _needs_own_follower(
    module: RuleModule,
    state: GameState,
    turn: Turn,
    action: Deploy,
    kind: str,
    rule: str,
) -> Refusal | None:
    """The builder's and the pig's rule: only where the player already has a follower."""
    node = action.node
    placed = turn.placed
    if action.figure != kind or node is None or placed is None or node[:2] != placed.pos:
        return None
    if node[:2] not in state.board.tiles:
        return None
    feature = state.board.features.feature_of(node)
    if feature.kind not in kind_of(kind).enters or _follower_of(feature, turn.player):
        return None
    if kind == "pig":
        reason = phrase(
            "a pig cannot be deployed on segment {segment}: a pig goes only into a farm where "
            "{player} already has a follower, and {feature} holds none of theirs",
            segment=node[2],
            player=turn.player,
            feature=feature.describe(),
        )
    else:
        reason = phrase(
            "a builder cannot be deployed on segment {segment}: a builder goes only into a road "
            "or city where {player} already has a follower, and {feature} holds none of theirs",
            segment=node[2],
            player=turn.player,
            feature=feature.describe(),
        )
    return module.refusal(rule, reason)


def _follower_of(feature, player: str) -> bool:
    # asked for every road, city or field of each placed tile: a loop, not a generator
    for f in feature.figures:
        if f.player == player and kind_of(f.kind).follower:
            return True
    return False


def _without(figures: list[Figure], kind: str) -> list[Figure]:
    """The claimants but the figures of ``kind``. Asked only when there are some: the
    claimants hooks hand the list itself back otherwise (most scorings; the pipeline's list is
    its own, made for the claimants), without this call."""
    return [f for f in figures if f.kind != kind]


#: tile type id -> (that tile type, the ids of its road and city segments, of its field
#: segments), in segment order: what the builder's and the pig's options look at, worked out
#: once per tile type rather than by every segment's kind at every turn. A segment keeps its id
#: and kind whatever the rotation, so one entry serves all four; the type is kept to be
#: compared by identity (the catalogues' types are shared by every game, and a type of the
#: same id from elsewhere is worked out again). Looked up by the id, a string whose hash is
#: kept: ``id(tile)`` made a new int to hash at every ask
_SEGMENT_IDS: dict[str, tuple[Any, tuple[str, ...], tuple[str, ...]]] = {}


def _segment_ids(tile_type: Any) -> tuple[Any, tuple[str, ...], tuple[str, ...]]:
    """The entry of :data:`_SEGMENT_IDS` for ``tile_type``, worked out the first time."""
    known = _SEGMENT_IDS.get(tile_type.id)
    if known is None or known[0] is not tile_type:
        segments = tile_type.segments
        known = _SEGMENT_IDS[tile_type.id] = (
            tile_type,
            tuple(s.id for s in segments if s.kind in ("road", "city")),
            tuple(s.id for s in segments if s.kind == "field"),
        )
    return known


# an option built for every road, city or field with the player's follower (see frozen)
_new_deploy = fast_constructor(Deploy)


@dataclass(slots=True)
class BuilderState:
    """What the builder's module keeps (``state.ext["builder"]``)."""

    #: each player's builder, by figure id (its location says whether it stands in a feature)
    builders: dict[str, str] = field(default_factory=dict)


class BuilderRules(RuleModule):
    id = "builder"
    offers_figures = frozenset({"builder"})
    # a builder stands only in a road or city: the scoring pipeline asks these hooks about
    # roads and cities alone, and the figure's fate about builders alone
    scores_feature_kinds = MappingProxyType(
        {"claimants": frozenset({"road", "city"}), "figure_fate": frozenset({"road", "city"})}
    )
    scores_figure_kinds = MappingProxyType({"figure_fate": frozenset({"builder"})})
    title = "The builder (Traders & Builders)"
    rules = {
        "builder.deploy": "Instead of a follower, a player may put their builder on a road or city "
        "of the placed tile where they already have a follower.",
        "builder.double-turn": "When a player's tile extends the road or city holding their "
        "builder, they place a second tile at once; the second tile never gives a third.",
        "builder.return": "The builder goes back to its owner when its road or city scores.",
    }

    def setup(self, state: GameState) -> None:
        ext = state.ext[self.id] = BuilderState()
        for p in state.players:
            (builder,) = state.add_figures(p, "builder", 1)
            ext.builders[p] = builder.id
        state.emit(
            "expansion-setup",
            rule="builder.deploy",
            text=Said(msg="{players} each take a builder.", players=Names(state.players)),
        )
        # no builder stands yet: see _retire_when_none_stands
        state.retire_hook("after_placement", self.after_placement)

    def _retire_when_none_stands(self, state: GameState) -> None:
        """Leave :meth:`after_placement` out of the turns while no builder stands in a feature
        (about half a game's turns): it can grant nothing then, and a call costs about 850
        instructions however soon it returns. Only this module's :meth:`deploy` puts a
        builder into a feature (it resumes the hook) and only its :meth:`figure_fate` takes
        one out (it asks this again)."""
        figures = state.figures
        for builder in state.ext["builder"].builders.values():
            if figures[builder].location is not None:
                return
        state.retire_hook("after_placement", self.after_placement)

    def after_placement(self, state: GameState, turn: Turn) -> None:
        # (called only while a builder stands: _retire_when_none_stands)
        if turn.extra:
            return  # the second tile never gives a third
        ext = state.ext["builder"]
        # the feature holding the player's builder (one each), if it stands in one: most
        # turns it is in their supply (None, asked first: no call of type), or the tile does
        # not touch its feature
        location = state.figures[ext.builders[turn.player]].location
        if location is None or type(location) is not tuple:
            return
        feature = state.board.features.feature_of(location)
        placed = turn.placed
        change = turn.change  # the tile's features as its placement left them, kept
        on_tile = (
            change.features()
            if change is not None
            else state.board.features.features_on(placed.pos)
        )
        if feature in on_tile and feature.kind in ("road", "city"):
            # the second tile is granted here, where the extension is seen, not by an
            # extra_turn hook asked at the end of every turn (a call each, about 850
            # instructions): nothing else grants an extra turn, and no step before the turn's
            # end reads it
            state.extra_turn = (
                turn.player,
                Said(
                    msg="their builder's {feature} was extended",
                    feature=feature.phrase(bare=True),
                ),
            )
            state.emit(
                "builder-extended",
                player=turn.player,
                rule="builder.double-turn",
                feature=feature.id,
                nodes=tuple(feature.nodes),
                text=Said(
                    msg="Tile {tile} extends {feature}, where {player}'s builder stands: "
                    "{player} will place a second tile at the end of this turn.",
                    tile=placed.type.id,
                    feature=feature.phrase(),
                    player=turn.player,
                ),
            )

    def deployment_options(self, state: GameState, turn: Turn) -> list[Deploy]:
        # with state.held set, GameState.deployment_options asks this module only when the
        # player holds a builder (offers_figures); without it (two offering modules), ask
        if state.held is None and not state.holds(turn.player, "builder"):
            return []
        placed = turn.placed
        tile_type = placed.tile.type
        known = _SEGMENT_IDS.get(tile_type.id)  # (_segment_ids' look, without its call)
        if known is None or known[0] is not tile_type:
            known = _segment_ids(tile_type)
        feature_of = state.board.features.feature_of
        player = turn.player
        x, y = placed.x, placed.y
        out = []
        for seg_id in known[1]:  # its roads and cities
            node = (x, y, seg_id)
            feature = feature_of(node)
            if feature.figures and _follower_of(feature, player):
                out.append(_new_deploy("builder", node, self.id))
        return out

    def explain_deployment(self, state: GameState, turn: Turn, action: Deploy) -> Refusal | None:
        return _needs_own_follower(self, state, turn, action, "builder", "builder.deploy")

    def deploy(self, state: GameState, turn: Turn, action: Deploy) -> None:
        figure = state.in_supply(turn.player, "builder")
        assert figure is not None and action.node is not None
        feature = state.board.features.feature_of(action.node)
        state.resume_hook("after_placement", self.after_placement)  # (a builder stands)
        state.deploy_figure(
            figure,
            action.node,
            rule="builder.deploy",
            text=Said(
                msg="{player} puts their builder on {segment}, in {feature} where they have a "
                "follower: whenever they extend it later, they place a second tile.",
                player=turn.player,
                segment=state.board.segment_phrase(action.node),
                feature=feature.phrase(),
            ),
        )

    def claimants(self, state: GameState, scoring: Scoring, figures: list[Figure]) -> list[Figure]:
        for f in figures:  # (most scorings: no builder, the list itself; see _without)
            if f.kind == "builder":
                return _without(figures, "builder")
        return figures

    def figure_fate(self, state: GameState, figure: Figure, scoring: Scoring) -> str | None:
        if figure.kind == "builder":
            state.return_figure(
                figure,
                rule="builder.return",
                why=_FEATURE_SCORED,
            )
            self._retire_when_none_stands(state)
            return "handled"
        return None


#: this package's figures as game words (texts name a figure kind through a variable)
WORDS = (Word("builder"), Word("pig"))

#: why a builder goes home
_FEATURE_SCORED = Said(msg="its feature has scored")


class PigRules(RuleModule):
    id = "pig"
    offers_figures = frozenset({"pig"})
    # a pig stands only in a farm: the scoring pipeline asks these hooks about farms alone,
    # and the figure's fate about pigs alone
    scores_feature_kinds = MappingProxyType(
        {
            "claimants": frozenset({"field"}),
            "player_bonus": frozenset({"field"}),
            "figure_fate": frozenset({"field"}),
        }
    )
    scores_figure_kinds = MappingProxyType({"figure_fate": frozenset({"pig"})})
    title = "The pig (Traders & Builders)"
    rules = {
        "pig.placement": "Instead of a follower, a player may put their pig on a farm of the placed "
        "tile where they already have a farmer, even an occupied one.",
        "pig.scoring": "When a farm scores and the pig's owner is among its majority, that player "
        "alone scores 1 more point per completed city; the pig then goes home.",
    }

    def setup(self, state: GameState) -> None:
        for p in state.players:
            state.add_figures(p, "pig", 1)
        state.emit(
            "expansion-setup",
            rule="pig.placement",
            text=Said(msg="{players} each take a pig.", players=Names(state.players)),
        )

    def deployment_options(self, state: GameState, turn: Turn) -> list[Deploy]:
        # with state.held set, GameState.deployment_options asks this module only when the
        # player holds a pig (offers_figures); without it (two offering modules), ask
        if state.held is None and not state.holds(turn.player, "pig"):
            return []
        placed = turn.placed
        tile_type = placed.tile.type
        known = _SEGMENT_IDS.get(tile_type.id)  # (_segment_ids' look, without its call)
        if known is None or known[0] is not tile_type:
            known = _segment_ids(tile_type)
        feature_of = state.board.features.feature_of
        player = turn.player
        x, y = placed.x, placed.y
        out = []
        for seg_id in known[2]:  # its fields
            node = (x, y, seg_id)
            feature = feature_of(node)
            if feature.figures and _follower_of(feature, player):
                out.append(_new_deploy("pig", node, self.id))
        return out

    def explain_deployment(self, state: GameState, turn: Turn, action: Deploy) -> Refusal | None:
        return _needs_own_follower(self, state, turn, action, "pig", "pig.placement")

    def deploy(self, state: GameState, turn: Turn, action: Deploy) -> None:
        figure = state.in_supply(turn.player, "pig")
        assert figure is not None and action.node is not None
        feature = state.board.features.feature_of(action.node)
        state.deploy_figure(
            figure,
            action.node,
            rule="pig.placement",
            text=Said(
                msg="{player} puts their pig on {segment}, in {feature} where they have a farmer: "
                "if they win this farm, they score 1 more per completed city.",
                player=turn.player,
                segment=state.board.segment_phrase(action.node),
                feature=feature.phrase(),
            ),
            annotations=("car-192",),
        )

    def claimants(self, state: GameState, scoring: Scoring, figures: list[Figure]) -> list[Figure]:
        for f in figures:  # (most scorings: no pig, the list itself; see _without)
            if f.kind == "pig":
                return _without(figures, "pig")
        return figures

    def player_bonus(
        self, state: GameState, scoring: Scoring, player: str
    ) -> tuple[tuple[str, int], ...]:
        feature = scoring.feature
        if feature.kind != "field":
            return ()
        for f in feature.figures:  # (a loop: no generator made for every farm's winner)
            if f.kind == "pig" and f.player == player:
                break
        else:
            return ()
        from ..count.rules import city_of_carcassonne_borders

        n = sum(1 for c in state.board.features.bordering_cities(feature) if c.complete)
        # the City of Carcassonne counts as a completed city for the pig too (ckr-1)
        n += int(city_of_carcassonne_borders(state, feature))
        row = SaidN(
            msg="{player}'s pig: {n} completed city × 1",
            plural="{player}'s pig: {n} completed cities × 1",
            n=n,
            player=player,
        )
        return ((row, n),)

    def figure_fate(self, state: GameState, figure: Figure, scoring: Scoring) -> str | None:
        if figure.kind == "pig":
            return "return"
        return None

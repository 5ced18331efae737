"""The big follower (from Inns & Cathedrals), as far as the Abbey & Mayor footnotes lean on it.

- Set-up: each player takes one big follower.
- 2B (``big-follower.deploy``): instead of a follower, a player may put it on any unoccupied
  road, city, cloister or farm segment of the placed tile, as a follower goes.
- Scoring (``big-follower.strength``): it counts as two followers toward the majority (the
  registry's default strength); it is a follower in every other respect (a knight in a city
  keeps the mayor out, a farmer on a farm keeps a barn's farm scoring), and it goes home after
  its feature scores.

The rest of Inns & Cathedrals (inns, cathedrals, its tiles) is :mod:`.rules`; a game listing
``inns-cathedrals`` plays this module too (the package's ``brings``), a game listing only
``big-follower`` plays the big follower alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Names, Said, Word
from ...figures import kind_of, role_name
from ...frozen import fast_constructor
from ...rules import Deploy, RuleModule

if TYPE_CHECKING:  # pragma: no cover
    from ...scoring import Scoring
    from ...state import GameState, Turn

__all__ = ["BigFollowerRules"]


#: the big follower as a game word, by its title and its kind id (texts name a figure kind
#: through a variable)
WORDS = (Word("big follower"), Word("big-follower"))


#: an option built for each free segment of the placed tile (see frozen)
_new_deploy = fast_constructor(Deploy)


class BigFollowerRules(RuleModule):
    id = "big-follower"
    offers_figures = frozenset({"big-follower"})
    title = "The big follower (Inns & Cathedrals)"
    rules = {
        "big-follower.deploy": "Instead of a follower, a player may deploy their big follower to an "
        "unoccupied feature of the placed tile, as a follower is deployed.",
        "big-follower.strength": "A big follower counts as two followers when the majority of a "
        "feature is decided.",
    }

    def setup(self, state: GameState) -> None:
        for p in state.players:
            state.add_figures(p, "big-follower", 1)
        state.emit(
            "expansion-setup",
            rule="big-follower.deploy",
            text=Said(
                msg="{players} each take a big follower, which counts as two.",
                players=Names(state.players),
            ),
        )

    def deployment_options(self, state: GameState, turn: Turn) -> list[Deploy]:
        held = state.held  # (what GameState.holds answers, without its call, in step 2B)
        if not (
            "big-follower" in held if held is not None else state.holds(turn.player, "big-follower")
        ):
            return []
        placed = turn.placed
        feature_of = state.board.features.feature_of
        enters = kind_of("big-follower").enters
        x, y, module = placed.x, placed.y, self.id
        out = []
        for seg in placed.tile.segments:
            if seg.kind in enters:
                node = (x, y, seg.id)
                if not feature_of(node).figures:
                    out.append(_new_deploy("big-follower", node, module))
        return out

    def deploy(self, state: GameState, turn: Turn, action: Deploy) -> None:
        figure = state.in_supply(turn.player, "big-follower")
        assert figure is not None and action.node is not None
        feature = state.board.features.feature_of(action.node)
        role = role_name("follower", feature.kind)
        state.deploy_figure(
            figure,
            action.node,
            rule="big-follower.deploy",
            text=Said(
                msg="{player} puts their big follower on {segment} as a {role}, claiming "
                "{feature}; it counts as two followers.",
                player=turn.player,
                segment=state.board.segment_phrase(action.node),
                role=Word(role),
                feature=feature.phrase(),
            ),
        )

    def before_scoring(self, state: GameState, scoring: Scoring) -> None:
        figures = scoring.feature.figures
        for fig in figures:
            if fig.kind == "big-follower":
                break
        else:
            return  # no big follower there (most scorings): no set of owners to make
        others = {f.player for f in figures if kind_of(f.kind).follower}
        for fig in figures:
            if fig.kind == "big-follower" and len(others) > 1:
                state.emit(
                    "figure-strength",
                    player=fig.player,
                    rule="big-follower.strength",
                    figure=fig.id,
                    feature=scoring.feature.id,
                    text=Said(
                        msg="{player}'s big follower counts as two followers toward the majority.",
                        player=fig.player,
                    ),
                    data={"strength": 2},
                )

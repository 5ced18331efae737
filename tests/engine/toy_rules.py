"""A toy rule module that uses every hook an expansion needs (tests only, never shipped).

It checks that an expansion can be one module plugging into the turn sequence:

- a decision asked of a player who is not the active one, before a feature scores
  (``toy.wager``: the player left of the active one bets on who will score; a right bet earns 1);
- a figure on a tile corner (each player's lantern, deployed in 2B instead of a follower);
- a neutral figure on a place that is not a feature (the herald on the square), later held by
  a player (it goes to whoever scores a city);
- a changed figure fate (the monk of a cloister completed during the game stays on it);
- a bonus for one winner only (the first winner in seat order of a road gets 1 more);
- an option read through its declaration, and a start block of two tiles;
- a deployment other modules offer, forbidden (no follower on a road while the herald waits on
  the square);
- a tile played instead of drawing (each player's one joker, a copy of tile D);
- an extra turn (a player whose knight scored a city plays again at once, never twice running);
- a scoring set off by the placed tile besides its completed features (the road of a joker
  scores at once for the figures on it, finished or not: ``extra_scorings``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from carc_teach.actions import Action, ActionError, Decision, Deploy, Pass, register_action
from carc_teach.figures import Corner, FigureKind, Held, Place, register_figure_kind
from carc_teach.rules import RuleModule
from carc_teach.scoring import score_feature

register_figure_kind(
    FigureKind(
        "toy-lantern", "lantern", "toy", 0, frozenset(), returns_after_scoring=False, follower=False
    )
)
register_figure_kind(
    FigureKind("toy-herald", "herald", "toy", 0, frozenset(), False, False, neutral=True)
)


@register_action
@dataclass(frozen=True, slots=True)
class Wager(Action):
    """Bet that a player scores the feature about to be scored."""

    type: ClassVar[str] = "toy.wager"
    keys: ClassVar[Mapping[str, bool]] = MappingProxyType({"on": True})

    on: str

    def to_json(self, *, at=None) -> dict[str, Any]:
        return {"type": self.type, "on": self.on}

    @classmethod
    def from_json(cls, data, placed) -> Wager:
        if not isinstance(data["on"], str) or not data["on"]:
            raise ActionError("must be a player name", "on")
        return cls(data["on"])


@register_action
@dataclass(frozen=True, slots=True)
class Joker(Action):
    """Play one's joker tile instead of drawing."""

    type: ClassVar[str] = "toy.joker"
    keys: ClassVar[Mapping[str, bool]] = MappingProxyType({})

    def to_json(self, *, at=None) -> dict[str, Any]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data, placed) -> Joker:
        return cls()


class ToyRules(RuleModule):
    id = "toy"
    title = "Toy rules"
    options = ("base.followers",)
    rules = {
        "toy.wager": "Before a feature scores, the player left of the active one may bet on a scorer; a right bet earns 1.",
        "toy.lantern": "Instead of a follower, a player may put their lantern on the north-east corner of the placed tile.",
        "toy.herald": "The herald waits on the square and goes to whoever scores a city.",
        "toy.first-seat": "The first winner of a road in seat order scores 1 more.",
        "toy.joker": "Once per game a player may play their joker (a copy of tile D) instead of drawing.",
        "toy.again": "A player whose knight scores a city plays again at once, never twice running.",
        "toy.joker-road": "The road of a played joker scores at once for the figures on it, finished or not.",
    }

    def start_layout(self, state):
        return [("D", 0, 0, 0), ("D", 0, 1, 180)]

    def setup(self, state):
        for p in state.players:
            state.add_figures(p, "toy-lantern", 1)
        herald = state.add_neutral_figure("toy-herald", Place("toy.square"))
        state.emit(
            "toy-herald",
            rule="toy.herald",
            figure=herald.id,
            text=f"The herald waits on the square; {self.option('base.followers')} followers each.",
        )
        state.ext["toy"] = {"pending": [], "lanterns": [], "jokers": list(state.players)}

    # 1B: a tile instead of drawing
    def play_instead_of_draw(self, state, turn):
        if turn.player not in state.ext["toy"]["jokers"] or not state.board.can_place(
            state.tile_types["D"]
        ):
            return None
        answer = state.ask(
            Decision(
                turn.player,
                "toy.joker",
                [Joker()],
                rule="toy.joker",
                optional=True,
                prompt="play the joker?",
            )
        )
        if isinstance(answer, Pass):
            return None
        state.ext["toy"]["jokers"].remove(turn.player)
        state.ext["toy"]["joker_turn"] = turn.number
        state.emit(
            "toy-joker",
            player=turn.player,
            rule="toy.joker",
            tile="D",
            text=f"{turn.player} plays their joker.",
        )
        return state.tile_types["D"]

    # 2B: a corner, and no thief while the herald waits
    def filter_deployments(self, state, turn, options):
        if state.figures["toy-herald"].location != Place("toy.square"):
            return options
        feature_of = state.board.features.feature_of
        return [o for o in options if o.node is None or feature_of(o.node).kind != "road"]

    def deployment_options(self, state, turn):
        if state.in_supply(turn.player, "toy-lantern") is None:
            return []
        corner = Corner(turn.placed.x + 1, turn.placed.y)
        if state.figures_at(corner):
            return []
        return [Deploy("toy-lantern", corner, self.id)]

    def deploy(self, state, turn, action):
        lantern = state.in_supply(turn.player, "toy-lantern")
        state.deploy_figure(
            lantern,
            action.to,
            rule="toy.lantern",
            text=f"{turn.player} hangs a lantern on a corner.",
        )
        state.ext["toy"]["lanterns"].append(lantern)

    # the pipeline
    def before_scoring(self, state, scoring):
        if scoring.final:
            return
        bettor = state.players_from(state.turn.player)[0]
        answer = state.ask(
            Decision(
                bettor,
                "toy.wager",
                [Wager(p) for p in state.players],
                rule="toy.wager",
                optional=True,
                prompt=f"{bettor} may bet on who scores {scoring.what}",
            )
        )
        if not isinstance(answer, Pass):
            state.ext["toy"]["pending"].append((bettor, answer.on))
            state.emit(
                "toy-wager", player=bettor, rule="toy.wager", text=f"{bettor} bets on {answer.on}."
            )

    def player_bonus(self, state, scoring, player):
        if scoring.feature.kind == "road" and player == scoring.winners[0]:
            return (("first in seat order", 1),)
        return ()

    def after_scoring(self, state, scoring):
        for bettor, on in state.ext["toy"]["pending"]:
            if on in scoring.points:
                state.award(
                    bettor,
                    1,
                    rule="toy.wager",
                    text=f"{bettor} bet right on {on}.",
                    breakdown=(("a right bet", 1),),
                )
        state.ext["toy"]["pending"].clear()
        if scoring.feature.kind == "city" and scoring.points:
            herald = state.figures["toy-herald"]
            winner = next(iter(scoring.points))
            if herald.location != Held(winner):
                state.move_figure(
                    herald, Held(winner), rule="toy.herald", text=f"{winner} takes the herald."
                )

    # 3B: a scoring besides the completed features
    def extra_scorings(self, state, turn):
        if state.ext["toy"].get("joker_turn") != turn.number:
            return []
        placed = turn.placed
        road = state.board.features.feature_of((placed.x, placed.y, "road"))
        if road.scored or not road.figures:
            return []
        return [
            score_feature(
                state,
                road,
                rule="toy.joker-road",
                what=f"the joker's {road.describe()}",
                final=False,
            )
        ]

    def extra_turn(self, state, turn):
        if turn.extra:
            return None
        for e in reversed(state.events):
            if e.turn != turn.number:
                break
            if e.kind == "points" and e.rule == "base.city.score" and e.player == turn.player:
                return "their knight scored a city"
        return None

    def figure_fate(self, state, figure, scoring):
        if scoring.feature.kind == "cloister" and not scoring.final:
            return "stay"
        return None

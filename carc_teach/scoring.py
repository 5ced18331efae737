"""The scoring pipeline: how one feature scores, with every rule module taking part.

:func:`score_feature` runs the same stages for a completed feature in step 3B and for every
feature scored after the game, asking every module in play at each stage (the base game has
no special place):

1. ``before_scoring(state, scoring)`` — figures may still move in (the Count's redeployment).
2. ``claimants(state, scoring, figures)`` — which figures in the feature take part.
3. ``figure_strength(state, figure, feature)`` — how much each counts (the mayor: pennants);
   the last module in play with an answer decides, else the figure kind's default.
4. The majority: the players with the greatest total strength above zero; ties all win.
5. ``feature_value(state, feature, value, final)`` — what it is worth, part by part.
6. ``player_bonus(state, scoring, player)`` — extra parts for one winner only (the pig).
7. Points are awarded (or a ``no-score`` event says why not).
8. ``after_scoring(state, scoring)`` — the King, the Robber Baron, a challenge.
9. ``figure_fate(state, figure, scoring)`` — for each figure, in seat order: ``"return"``,
   ``"stay"`` or ``"handled"`` (the module moved it itself: the wagon); without an answer the
   kind's default applies (followers return, a barn stays).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .events import Capital, Joined, Names, Said, SaidN
from .figures import FIGURE_KINDS, kind_of

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event
    from .features import Feature
    from .figures import Figure
    from .state import GameState

__all__ = ["FeatureValue", "Scoring", "score_feature", "figure_strength", "sum_of", "FATES"]

#: What may happen to a figure after its feature scored.
FATES = ("return", "stay", "handled")


@dataclass(frozen=True, slots=True)
class FeatureValue:
    """What a feature is worth, and why: ``parts`` are (explanation, points) pairs; an
    explanation is a phrase (:class:`~carc_teach.events.Said`) or plain English."""

    parts: tuple[tuple[Any, int], ...]

    @property
    def points(self) -> int:
        return sum(p for _, p in self.parts)


#: why a figure goes home after its feature scored
_AFTER_SCORING = Said(msg="after scoring")
_AFTER_THE_GAME = Said(msg="scored after the game")


def sum_of(parts: tuple[tuple[Any, int], ...]) -> Joined:
    """The rows of a breakdown as a sum: "3 tiles × 2 = 6 + 1 pennant × 2 = 2"."""
    rows = []
    for what, points in parts:  # a loop: a comprehension is a call of its own
        rows.append(Joined((what, "=", points)))
    return Joined(rows, " + ")


#: a feature's value before any module has said what it is worth
_NOTHING = FeatureValue(())


@dataclass(slots=True)
class Scoring:
    """One feature being scored: filled in stage by stage, then handed to ``after_scoring``."""

    feature: Feature
    rule: str
    #: what is scored, a phrase ("the city of 4 tiles") or plain English
    what: Any
    final: bool
    annotations: tuple[str, ...] = ()
    figures: list[Figure] = field(default_factory=list)
    strengths: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    value: FeatureValue = FeatureValue(())
    #: player -> points awarded (winners only; a bonus may make them differ)
    points: dict[str, int] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)

    @property
    def scored(self) -> bool:
        """Whether anybody scored points."""
        return any(p > 0 for p in self.points.values())


def figure_strength(state: GameState, figure: Figure, feature: Feature) -> int:
    """How much ``figure`` counts toward the majority on ``feature``: the last module in play
    with an answer decides, else the figure kind's default."""
    for strength in reversed(state.hooks.figure_strength):
        s = strength(state, figure, feature)
        if s is not None:
            return s
    return kind_of(figure.kind).strength


def score_feature(
    state: GameState,
    feature: Feature,
    *,
    rule: str,
    what: Any,
    final: bool,
    annotations: tuple[str, ...] = (),
) -> Scoring:
    """Score a feature for its majority, then settle its figures' fate.

    Every tied player scores in full. A feature nobody occupies emits a ``no-score`` event
    so the learner sees why no points moved.
    """
    # only the modules that override a stage take part in it (see carc_teach.rules.Hooks),
    # and of those only the ones that can matter for this kind of feature, when a module in
    # play says which (RuleModule.scores_feature_kinds)
    hooks = state.hooks
    for_kind = hooks.for_feature_kind
    if for_kind is not None:
        hooks = for_kind[feature.kind]
    scoring = Scoring(feature, rule, what, final, annotations)
    for hook in hooks.before_scoring:
        hook(state, scoring)

    # loops, not comprehensions, here and below: a comprehension is a call of its own, and
    # one reading a local makes that local a cell at every call (features hold a figure or
    # two)
    figures = []
    for fig in feature.figures:
        if fig.player is not None:
            figures.append(fig)
    for claimants in hooks.claimants:
        figures = claimants(state, scoring, figures)
    scoring.figures = figures
    strengths: dict[str, int] = {}
    # figure_strength for each figure, without a call, a reversed() and kind_of's call per
    # figure: the last module in play with an answer decides, else the kind's default
    deciders = hooks.figure_strength
    if len(deciders) > 1:
        deciders = deciders[::-1]
    # (those that can answer for the figure's kind, when a module in play says which)
    for_figure = hooks.for_figure_kind
    for fig in figures:
        if for_figure is not None:
            deciders = for_figure[fig.kind][0]
        counts = None
        for strength in deciders:
            counts = strength(state, fig, feature)
            if counts is not None:
                break
        if counts is None:
            counts = FIGURE_KINDS[fig.kind].strength
        strengths[fig.player] = strengths.get(fig.player, 0) + counts  # type: ignore[index]
    scoring.strengths = strengths
    best = max(strengths.values()) if strengths else 0
    winners = []
    if best > 0:
        for p in state.players:
            if strengths.get(p) == best:
                winners.append(p)
    scoring.winners = winners

    value = _NOTHING
    for feature_value in hooks.feature_value:
        value = feature_value(state, feature, value, final=final)
    scoring.value = value

    parts_of: dict[str, tuple[tuple[Any, int], ...]] = {}
    for p in winners:
        parts = value.parts
        for bonus in hooks.player_bonus:
            parts += bonus(state, scoring, p)
        parts_of[p] = parts
    _award(state, scoring, parts_of)

    for hook in hooks.after_scoring:
        hook(state, scoring)

    why = _AFTER_SCORING if not final else _AFTER_THE_GAME
    # a copy: returning a figure takes it off the feature
    figures_there = list(feature.figures)
    if len(figures_there) > 1:
        _in_seat_order(figures_there, state.players)
    fates = hooks.figure_fate
    for fig in figures_there:
        if for_figure is not None:
            fates = for_figure[fig.kind][1]
        fate = None
        for figure_fate in fates:
            fate = figure_fate(state, fig, scoring)
            if fate is not None:
                break
        if fate is None:
            fate = "return" if FIGURE_KINDS[fig.kind].returns_after_scoring else "stay"
        if fate == "return":
            state.return_figure(fig, why=why)
        elif fate not in FATES:
            raise ValueError(f"unknown figure fate {fate!r} (one of {', '.join(FATES)})")
    return scoring


def _in_seat_order(figures: list[Figure], players: tuple[str, ...]) -> None:
    seat = {p: i for i, p in enumerate(players)}
    figures.sort(key=lambda f: (seat.get(f.player, -1), f.id))  # type: ignore[arg-type]


def _award(
    state: GameState, scoring: Scoring, parts_of: dict[str, tuple[tuple[Any, int], ...]]
) -> None:
    feature, what, value = scoring.feature, scoring.what, scoring.value
    winners, strengths = scoring.winners, scoring.strengths
    points = value.points
    # winners without a bonus score the value's points
    points_of: dict[str, int] = {}
    for p, parts in parts_of.items():
        points_of[p] = points if parts is value.parts else sum(x for _, x in parts)
    if not winners or max(points_of.values()) <= 0:
        why: Said
        if not feature.figures:
            why = Said(
                msg="{what} would score {points}, but nobody has a figure on it.",
                what=Capital(what),
                points=SaidN(msg="{n} point", plural="{n} points", n=points),
            )
        elif not winners:
            why = Said(
                msg="{what} would score {points}, but no figure on it counts toward a majority.",
                what=Capital(what),
                points=SaidN(msg="{n} point", plural="{n} points", n=points),
            )
        elif len(winners) == 1:
            why = Said(
                msg="{player} has the majority on {what}, but it is worth nothing ({breakdown}).",
                player=winners[0],
                what=what,
                breakdown=sum_of(value.parts),
            )
        else:
            why = Said(
                msg="{players} have the majority on {what}, but it is worth nothing ({breakdown}).",
                players=Names(winners),
                what=what,
                breakdown=sum_of(value.parts),
            )
        scoring.events.append(
            state.emit(
                "no-score",
                rule=scoring.rule,
                text=why,
                feature=feature.id,
                nodes=tuple(feature.nodes),
                breakdown=value.parts,
                annotations=scoring.annotations,
                data={"majority": dict(strengths)},
            )
        )
        return
    share: Said | None = None
    if len(winners) > 1:
        share = Said(
            msg="{players} tie for the majority ({strength} each), so each scores in full.",
            players=Names(winners),
            strength=strengths[winners[0]],
        )
    elif len(strengths) > 1:
        winner = winners[0]
        others = []
        for p, s in strengths.items():
            if p != winner:
                others.append(f"{p} {s}")
        share = Said(
            msg="{player} has the majority ({strength} against {others}).",
            player=winner,
            strength=strengths[winner],
            others=", ".join(others),
        )
    for p in winners:
        points = points_of[p]
        if points <= 0:
            continue
        parts = parts_of[p]
        said = Said(
            msg="{player} scores {points} for {what}: {breakdown}.",
            player=p,
            points=points,
            what=what,
            breakdown=sum_of(parts),
        )
        scoring.points[p] = points
        scoring.events.append(
            state.award_feature(
                p,
                points,
                scoring.rule,
                said if share is None else Joined((said, share)),
                parts,
                scoring.annotations,
                feature,
                {"majority": dict(strengths)},
            )
        )

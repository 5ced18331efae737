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
from typing import TYPE_CHECKING

from .figures import kind_of
from .text import capitalise, join_names, plural

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event
    from .features import Feature
    from .figures import Figure
    from .state import GameState

__all__ = ["FeatureValue", "Scoring", "score_feature", "figure_strength", "FATES"]

#: What may happen to a figure after its feature scored.
FATES = ("return", "stay", "handled")


@dataclass(frozen=True, slots=True)
class FeatureValue:
    """What a feature is worth, and why: ``parts`` are (explanation, points) pairs."""

    parts: tuple[tuple[str, int], ...]

    @property
    def points(self) -> int:
        return sum(p for _, p in self.parts)


#: a feature's value before any module has said what it is worth
_NOTHING = FeatureValue(())


@dataclass(slots=True)
class Scoring:
    """One feature being scored: filled in stage by stage, then handed to ``after_scoring``."""

    feature: Feature
    rule: str
    what: str
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
    what: str,
    final: bool,
    annotations: tuple[str, ...] = (),
) -> Scoring:
    """Score a feature for its majority, then settle its figures' fate.

    Every tied player scores in full. A feature nobody occupies emits a ``no-score`` event
    so the learner sees why no points moved.
    """
    # only the modules that override a stage take part in it (see carc_teach.rules.Hooks)
    hooks = state.hooks
    scoring = Scoring(feature, rule, what, final, annotations)
    for hook in hooks.before_scoring:
        hook(state, scoring)

    figures = [f for f in feature.figures if f.player is not None]
    for claimants in hooks.claimants:
        figures = claimants(state, scoring, figures)
    scoring.figures = figures
    strengths: dict[str, int] = {}
    for fig in figures:
        strengths[fig.player] = strengths.get(fig.player, 0) + figure_strength(state, fig, feature)  # type: ignore[index]
    scoring.strengths = strengths
    best = max(strengths.values()) if strengths else 0
    # loops, not comprehensions, here and below: a comprehension reading a local makes that
    # local a cell at every call
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

    parts_of: dict[str, tuple[tuple[str, int], ...]] = {}
    for p in winners:
        parts = value.parts
        for bonus in hooks.player_bonus:
            parts += bonus(state, scoring, p)
        parts_of[p] = parts
    _award(state, scoring, parts_of)

    for hook in hooks.after_scoring:
        hook(state, scoring)

    why = "after scoring" if not final else "scored after the game"
    # a copy: returning a figure takes it off the feature
    figures_there = list(feature.figures)
    if len(figures_there) > 1:
        _in_seat_order(figures_there, state.players)
    for fig in figures_there:
        fate = None
        for figure_fate in hooks.figure_fate:
            fate = figure_fate(state, fig, scoring)
            if fate is not None:
                break
        if fate is None:
            fate = "return" if kind_of(fig.kind).returns_after_scoring else "stay"
        if fate == "return":
            state.return_figure(fig, why=why)
        elif fate not in FATES:
            raise ValueError(f"unknown figure fate {fate!r} (one of {', '.join(FATES)})")
    return scoring


def _in_seat_order(figures: list[Figure], players: tuple[str, ...]) -> None:
    seat = {p: i for i, p in enumerate(players)}
    figures.sort(key=lambda f: (seat.get(f.player, -1), f.id))  # type: ignore[arg-type]


def _award(
    state: GameState, scoring: Scoring, parts_of: dict[str, tuple[tuple[str, int], ...]]
) -> None:
    feature, what, value = scoring.feature, scoring.what, scoring.value
    winners, strengths = scoring.winners, scoring.strengths
    points = value.points
    # winners without a bonus score the value's points
    points_of: dict[str, int] = {}
    for p, parts in parts_of.items():
        points_of[p] = points if parts is value.parts else sum(x for _, x in parts)
    if not winners or max(points_of.values()) <= 0:
        breakdown_text = " + ".join(f"{w} = {p}" for w, p in value.parts)
        if not feature.figures:
            why = f"{capitalise(what)} would score {plural(points, 'point')}, but nobody has a figure on it."
        elif not winners:
            why = f"{capitalise(what)} would score {plural(points, 'point')}, but no figure on it counts toward a majority."
        else:
            have = "has" if len(winners) == 1 else "have"
            why = f"{join_names(winners)} {have} the majority on {what}, but it is worth nothing ({breakdown_text})."
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
    share = ""
    if len(winners) > 1:
        share = (
            f" {join_names(winners)} tie for the majority "
            f"({strengths[winners[0]]} each), so each scores in full."
        )
    elif len(strengths) > 1:
        winner = winners[0]
        others = []
        for p, s in strengths.items():
            if p != winner:
                others.append(f"{p} {s}")
        share = f" {winner} has the majority ({strengths[winner]} against {', '.join(others)})."
    for p in winners:
        points = points_of[p]
        if points <= 0:
            continue
        parts = parts_of[p]
        breakdown_text = " + ".join(f"{w} = {x}" for w, x in parts)
        scoring.points[p] = points
        scoring.events.append(
            state.award(
                p,
                points,
                rule=scoring.rule,
                text=f"{p} scores {points} for {what}: {breakdown_text}.{share}",
                breakdown=parts,
                annotations=scoring.annotations,
                feature=feature,
                data={"majority": dict(strengths)},
            )
        )

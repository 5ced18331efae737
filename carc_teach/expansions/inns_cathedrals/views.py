"""Inns & Cathedrals in the walkthroughs: the table of every road with an inn and every city
with a cathedral (what it is worth finished, what it is worth left open, who leads it, the
big follower counted as two), and the question asked there.

The views every walkthrough shares are in :mod:`carc_teach.teach`; these read the game through
the rule module's public API (``rules.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import render
from ...figures import kind_of
from ...i18n import N_, _, current_language, format_list, ngettext
from ...lessons import helpers as common
from ...lessons.lesson_sets import Lesson, LessonSet, Walkthrough
from ...scoring import figure_strength
from ...teach import Prediction, note_held_for, points_text, prediction_for, turn_placer
from ...text import escape_html as escape
from .rules import cathedrals_in, inns_on

if TYPE_CHECKING:  # pragma: no cover
    from ...features import Feature
    from ...game import Game
    from ...state import GameState

__all__ = [
    "LESSONS",
    "buildings",
    "buildings_html",
    "inns_cathedrals_question",
    "inns_cathedrals_note",
    "majority_question_for",
    "majority_words",
    "settled_features",
]

#: feature kind -> (the building, the points a finished one pays per tile, per pennant)
_RATES = {"road": ("inn", 2, 0), "city": ("cathedral", 3, 3)}


def _plain_worth(feature: Feature, *, finished: bool) -> int:
    """What the same road or city would pay without its inn or cathedral: the base game's 1 a
    road tile; 2 a city tile and pennant finished, 1 left open after the game."""
    if feature.kind == "road":
        return feature.size
    return (2 if finished else 1) * (feature.size + feature.pennants)


def majority_words(state: GameState, feature: Feature, *, counts: bool = True) -> str:
    """Who stands on ``feature`` and how much each player counts toward its majority, in words:
    "Bob: big follower (counts 2); Alice: 2 thieves (count 2)" (plain text: the caller escapes
    it for where it is shown). "nobody" when empty.
    ``counts=False`` leaves out what each counts (a question's own words)."""
    standing: dict[str, list[str]] = {}
    strength: dict[str, int] = {}
    for figure in feature.figures:
        if figure.player is None or not kind_of(figure.kind).follower:
            continue
        standing.setdefault(figure.player, []).append(figure.kind)
        strength[figure.player] = strength.get(figure.player, 0) + figure_strength(
            state, figure, feature
        )
    if not standing:
        return _("nobody")
    city = feature.kind != "road"
    out = []
    for player, kinds in standing.items():
        parts = []
        big = kinds.count("big-follower")
        small = len(kinds) - big
        if big:
            parts.append(
                _("big follower")
                if big == 1
                else ngettext("{n} big follower", "{n} big followers", big)
            )
        if small:
            parts.append(
                ngettext("{n} knight", "{n} knights", small)
                if city
                else ngettext("{n} thief", "{n} thieves", small)
            )
        figures = format_list(parts)
        if counts:
            out.append(
                ngettext(
                    "{player}: {figures} (counts {count})",
                    "{player}: {figures} (count {count})",
                    len(kinds),
                    player=player,
                    figures=figures,
                    count=strength[player],
                )
            )
        else:
            out.append(_("{player}: {figures}", player=player, figures=figures))
    return "; ".join(out)


def buildings(state: GameState, *, settled: frozenset[int] = frozenset()) -> list[dict]:
    """Every road with an inn and every city with a cathedral on the board, in the order of
    their first square: ``feature`` (its id), ``what`` ("road of 3 tiles with an inn"),
    ``finished``, ``worth_finished`` (what it pays completed: 2 a tile, or 3 a tile and 3 a
    pennant), ``plain`` (what it would pay without the inn or cathedral: finished if it is,
    else left open after the game), ``stands`` (:func:`majority_words`) and ``status`` (a
    sentence). ``settled``: the ids of the features
    whose scoring has been shown (:func:`settled_features`): only those say what they paid
    (an open one, left open after the game: nothing); any other gives only what it pays
    finished, since what it pays is what the walkthrough asks at its scoring."""
    rows = []
    for feature in state.board.features.features():
        if feature.kind not in _RATES:
            continue
        n = inns_on(state, feature) or cathedrals_in(state, feature)
        if not n:
            continue
        building, per_tile, per_pennant = _RATES[feature.kind]
        worth = per_tile * feature.size + per_pennant * feature.pennants
        bare = render(feature.phrase(bare=True), current_language())
        plain = _plain_worth(feature, finished=feature.complete)
        said = _STATUS[building]
        what = _(said["what"][0] if n == 1 else said["what"][1], feature=bare, n=n)
        if feature.complete and feature.id not in settled:
            status = _("finished: it is scored now")
        elif feature.complete:
            status = _(said["finished"], worth=points_text(worth), plain=plain)
        elif feature.id in settled:
            status = _(said["left-open"], plain=plain)
        else:
            # what it pays left open is what the questions after the game ask: not said here
            status = _(
                said["open"], worth=points_text(worth), plain=_plain_worth(feature, finished=True)
            )
        rows.append(
            {
                "feature": feature.id,
                "first": min(feature.tiles),
                "what": what,
                "finished": feature.complete,
                "worth_finished": worth,
                "plain": plain,
                "stands": majority_words(state, feature),
                "status": status,
            }
        )
    rows.sort(key=lambda row: (row["first"], row["feature"]))
    for row in rows:
        del row["first"]
    return rows


def settled_features(game: Game, at: int) -> frozenset[int]:
    """The features whose scoring (points or nothing, during or after the game) is among the
    events up to ``at``."""
    return frozenset(
        e.feature
        for e in game.events[: at + 1]
        if e.kind in ("points", "no-score") and e.feature is not None
    )


def buildings_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """:func:`buildings` after event ``index`` as a small table, the row of the road or city
    the event is about shaded. ``hidden``: the table as it was before the event (while a
    question about the event is open). Empty in a game with no inn or cathedral on the board."""
    at = index - 1 if hidden else index
    if at < 0:
        return ""
    rows = buildings(game.replay(at), settled=settled_features(game, at))
    if not rows:
        return ""
    about = game.events[index].feature
    body = []
    for row in rows:
        mark = row["feature"] == about
        style = "background:#fff3c4" if mark else ""
        body.append(
            f'<tr class="building{" about" if mark else ""}" style="{style}">'
            f'<td style="padding:2px 8px"><b>{escape(row["what"])}</b></td>'
            f'<td style="padding:2px 8px">{escape(row["stands"])}</td>'
            f'<td style="padding:2px 8px">{escape(row["status"])}</td></tr>'
        )
    return (
        '<table class="carc-buildings" style="font:13px sans-serif;border-collapse:collapse">'
        f'<tr style="text-align:left"><th style="padding:2px 8px">{escape(_("road or city"))}</th>'
        f'<th style="padding:2px 8px">{escape(_("who stands there"))}</th>'
        f'<th style="padding:2px 8px">{escape(_("what it pays"))}</th></tr>'
        f"{''.join(body)}</table>"
    )


#: the building's words of the table, whole sentences per building (docs/i18n.md)
_STATUS = {
    "inn": {
        "what": (N_("{feature} with an inn"), N_("{feature} with {n} inns")),
        "finished": N_("finished: pays {worth} (without the inn: {plain})"),
        "left-open": N_("left open at the end: pays nothing (without the inn: {plain})"),
        "open": N_("open: {worth} if finished (without the inn: {plain})"),
    },
    "cathedral": {
        "what": (N_("{feature} with a cathedral"), N_("{feature} with {n} cathedrals")),
        "finished": N_("finished: pays {worth} (without the cathedral: {plain})"),
        "left-open": N_("left open at the end: pays nothing (without the cathedral: {plain})"),
        "open": N_("open: {worth} if finished (without the cathedral: {plain})"),
    },
}

#: the majority question's sentences, whole once per kind of feature ("what")
_MAJORITY = {
    "road": {
        "tie": N_("{names} tie ({each} each): both score the road in full"),
        "alone": N_("{winner} alone takes the road ({count} against {against})"),
        "shared": N_("Nobody: the road is shared out, {tiles} between them"),
        "wins-ties": N_("{owner} alone takes the road: a big follower wins every tie"),
        "twice": N_("{owner} alone takes the road, at twice its value"),
        "question": N_(
            "{placer}'s tile finishes {feature}. On it stand {standing}. Who takes the road?"
        ),
        "question-building": N_(
            "{placer}'s tile finishes {feature} with an inn. On it stand {standing}. "
            "Who takes the road?"
        ),
        "why": N_(
            "A big follower counts as two followers when the majority is decided, and in "
            "nothing else: the road pays the same as with an ordinary follower, and every "
            "player tied for the most scores it in full. Here {tally}: {outcome}."
        ),
    },
    "city": {
        "tie": N_("{names} tie ({each} each): both score the city in full"),
        "alone": N_("{winner} alone takes the city ({count} against {against})"),
        "shared": N_("Nobody: the city is shared out, {tiles} between them"),
        "wins-ties": N_("{owner} alone takes the city: a big follower wins every tie"),
        "twice": N_("{owner} alone takes the city, at twice its value"),
        "question": N_(
            "{placer}'s tile finishes {feature}. On it stand {standing}. Who takes the city?"
        ),
        "question-building": N_(
            "{placer}'s tile finishes {feature} with a cathedral. On it stand {standing}. "
            "Who takes the city?"
        ),
        "why": N_(
            "A big follower counts as two followers when the majority is decided, and in "
            "nothing else: the city pays the same as with an ordinary follower, and every "
            "player tied for the most scores it in full. Here {tally}: {outcome}."
        ),
    },
    "feature": {
        "tie": N_("{names} tie ({each} each): both score the feature in full"),
        "alone": N_("{winner} alone takes the feature ({count} against {against})"),
        "shared": N_("Nobody: the feature is shared out, {tiles} between them"),
        "wins-ties": N_("{owner} alone takes the feature: a big follower wins every tie"),
        "twice": N_("{owner} alone takes the feature, at twice its value"),
        "question": N_(
            "{placer}'s tile finishes {feature}. On it stand {standing}. Who takes the feature?"
        ),
        "question-building": N_(
            "{placer}'s tile finishes {feature}. On it stand {standing}. Who takes the feature?"
        ),
        "why": N_(
            "A big follower counts as two followers when the majority is decided, and in "
            "nothing else: the feature pays the same as with an ordinary follower, and every "
            "player tied for the most scores it in full. Here {tally}: {outcome}."
        ),
    },
}


def _outcome_counted(winners: list[str], tally: dict[str, int], what: str) -> str:
    """ "Bob alone takes the city (2 against 1)", "Alice and Bob tie (2 each): both score the
    road in full"; in the current language."""
    said = _MAJORITY[what]
    if len(winners) > 1:
        return _(said["tie"], names=format_list(winners), each=tally[winners[0]])
    winner = winners[0]
    against = ", ".join(str(n) for p, n in tally.items() if p != winner)
    return _(said["alone"], winner=winner, count=tally[winner], against=against)


def majority_question_for(game: Game, index: int) -> Prediction | None:
    """ "Who takes this road: one big follower or two thieves?", asked where the engine counts a
    big follower as two for a majority (its ``big-follower.strength`` event, before the points
    are shown). The wrong choices are the usual slips: the big follower counted as one, a tie
    thought to cancel out, the big follower thought to win every tie. The answer is checked
    against the players the engine scored; None elsewhere."""
    event = game.events[index]
    if event.kind != "figure-strength" or event.rule != "big-follower.strength":
        return None
    state = game.replay(index - 1)
    big = state.figures.get(event.figure or "")
    if big is None or big.node is None:
        return None
    feature = state.board.features.feature_of(big.node)
    tally: dict[str, int] = {}
    for figure in feature.figures:
        if figure.player is not None and kind_of(figure.kind).follower:
            strength = figure_strength(state, figure, feature)
            tally[figure.player] = tally.get(figure.player, 0) + strength
    tally = {p: tally[p] for p in game.players if p in tally}  # in seat order
    winners = common.winners(tally)
    scored = []
    for later in game.events[index + 1 :]:
        if later.kind == "points" and later.feature == event.feature:
            scored.append(later.player)
        elif later.kind not in ("points", "figure-strength"):
            break
    if sorted(scored) != sorted(winners):  # pragma: no cover - the engine decided otherwise
        return None
    owner = big.player
    what = feature.kind if feature.kind in ("road", "city") else "feature"
    as_one = dict(tally)
    as_one[owner] -= 1
    said = _MAJORITY[what]
    answer = _outcome_counted(winners, tally, what)
    choices = common.sorted_choices(
        answer,
        (
            _outcome_counted(common.winners(as_one), as_one, what),
            _("Nobody: a tie cancels out, so nobody scores it")
            if len(winners) > 1 or len(common.winners(as_one)) > 1
            else _(said["shared"], tiles=ngettext("{n} tile", "{n} tiles", feature.size)),
            _(said["wins-ties"], owner=owner),
            _(said["twice"], owner=owner),
        ),
    )
    placer = turn_placer(game, index) or _("A player")
    n = inns_on(state, feature) or cathedrals_in(state, feature)
    question = _(
        said["question-building" if n else "question"],
        placer=placer,
        feature=render(feature.phrase(), current_language()),
        standing=majority_words(state, feature, counts=False),
    )
    tally_words = ", ".join(f"{p} {n}" for p, n in tally.items())
    explanation = _(said["why"], tally=tally_words, outcome=_outcome_counted(winners, tally, what))
    return Prediction(question, choices, answer, explanation)


def inns_cathedrals_question(game: Game, index: int) -> Prediction | None:
    """The question the Inns & Cathedrals walkthrough asks at event ``index``: who takes a road
    or city where a big follower meets other followers (:func:`majority_question_for`), or
    the points of a scoring (:func:`prediction_for`, whose wrong choices include the value
    without the inn or cathedral)."""
    return majority_question_for(game, index) or prediction_for(game, index)


def inns_cathedrals_note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note at event ``index``, as :func:`carc_teach.teach.event_note`, except that a
    note ahead of a majority question of its turn waits for it."""
    return note_held_for(game, index, quiz, majority_question_for, once_per_turn=True)


#: the walkthrough's lessons, one bundled game each, in teaching order
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        N_("Double or nothing"),
        "inns-cathedrals",
        N_(
            "A road with an inn finished early, then a second inn road and a cathedral city left "
            "open when the game stops: what does each pay?"
        ),
    ),
    Lesson(
        N_("One big follower against two"),
        "inns-big-follower",
        N_(
            "Bob's big follower meets Alice's two thieves on an inn road, then Alice's knight in a "
            "cathedral city: count each side's weight before the answer shows."
        ),
    ),
)
_LESSONS = LessonSet(LESSONS)
lesson_titles = _LESSONS.titles
lesson = _LESSONS.lesson
load_lesson = _LESSONS.load
footnotes_by_lesson_markdown = _LESSONS.footnotes_markdown


# -- the walkthrough -----------------------------------------------------------------------

# The table beside the board lists each road with an inn and each city with a cathedral:
# the inn or cathedral is small on the drawing and what it does to the points is not drawn.
WALKTHROUGH = Walkthrough(
    question=inns_cathedrals_question,
    note=inns_cathedrals_note,
    panels=((N_("Roads with an inn, cities with a cathedral"), buildings_html),),
    board_help=N_("""
    **How to read the board.** An inn is a small house beside its road; a cathedral is a
    nave with a spire inside its city. The big follower is drawn larger than a meeple, with a
    white badge. Orange frame: the tile just placed. Yellow: the feature the event is about.
    The table beside the board lists every road with an inn and every city with a cathedral:
    its size, who stands there (a big follower counts 2) and what it pays finished, or, once
    it has been scored, what it paid. While a question is open it keeps the answer back.
    Count the tiles (and the pennants, the small blue shields) on the board, and each
    player's followers on the feature, before you answer.
        """),
    lessons=_LESSONS,
    quiz_label=N_("Ask me first (what each road and city pays, and who)"),
)

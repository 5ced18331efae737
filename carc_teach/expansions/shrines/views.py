"""Heretics & Shrines in the walkthroughs: the open challenges panel, the question who wins a
challenge, and the notes held for it.

The views every walkthrough shares are in :mod:`carc_teach.teach`; these read the game through
the rule module's public API (``rules.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import _, ngettext
from ...lessons import helpers as common
from ...teach import Prediction, note_held_for, prediction_for, turn_span
from ...text import escape_html as escape

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ...state import GameState


_RESOLUTIONS = ("challenge-drawn", "shrine-challenge-lost")


def open_challenges(state: GameState) -> list[dict]:
    """The challenges open in ``state``, in the order they started. Empty when the game is
    played without shrines or none is open.

    Each row: ``shrine`` and ``cloister`` (their squares, ``"(x, y)"``), ``heretic`` and
    ``monk`` (who stands on each, joined names), ``challenger``, and ``shrine_missing`` /
    ``cloister_missing`` (how many of the eight neighbouring squares each still lacks).
    """
    from .rules import open_challenges as challenges_of

    features = state.board.features
    rows = []
    for challenge in challenges_of(state):
        shrine = features.feature_of(challenge.shrine)
        cloister = features.feature_of(challenge.cloister)
        rows.append(
            {
                "shrine": common.square(challenge.shrine),
                "cloister": common.square(challenge.cloister),
                "heretic": ", ".join(sorted({f.player for f in shrine.figures if f.player})),
                "monk": ", ".join(sorted({f.player for f in cloister.figures if f.player})),
                "challenger": challenge.challenger or "",
                "shrine_missing": 8 - shrine.neighbours,
                "cloister_missing": 8 - cloister.neighbours,
            }
        )
    return rows


def open_challenges_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """:func:`open_challenges` after event ``index`` as a small table. A challenge the event
    opened is shaded (``class="challenge changed"``); one it closed is listed struck through
    (``class="challenge closed"``). ``hidden``: the table as it was before the event (while a
    question about it is open). Empty in a game without shrines."""
    if "shrines" not in (game.setup.expansions or ()):
        return ""
    at = index - 1 if hidden else index
    rows = open_challenges(game.replay(at)) if at >= 0 else []
    before = open_challenges(game.replay(at - 1)) if at > 0 else []

    def key(row: dict) -> tuple[str, str]:
        return row["shrine"], row["cloister"]

    old = {key(r) for r in before}
    now = {key(r) for r in rows}
    shown = [(r, "changed" if not hidden and key(r) not in old else "") for r in rows]
    if not hidden:
        shown += [(r, "closed") for r in before if key(r) not in now]
    ended = any(e.kind == "challenge-open" for e in game.events[: at + 1])
    cell = 'style="padding:2px 8px"'
    body = []
    for row, mark in shown:
        style = {
            "changed": "background:#fff3c4",
            "closed": "text-decoration:line-through;color:#777",
        }
        status = {"changed": _("opened now"), "closed": _("decided now")}.get(mark, _("open"))
        if not mark and ended:
            status = _("open at the end: both score as unfinished")
        shrine_cell = _(
            "{square}, heretic: {who} ({missing})",
            square=row["shrine"],
            who=escape(row["heretic"] or _("gone home")),
            missing=ngettext("{n} square missing", "{n} squares missing", row["shrine_missing"]),
        )
        cloister_cell = _(
            "{square}, monk: {who} ({missing})",
            square=row["cloister"],
            who=escape(row["monk"] or _("gone home")),
            missing=ngettext("{n} square missing", "{n} squares missing", row["cloister_missing"]),
        )
        body.append(
            f'<tr class="challenge{" " + mark if mark else ""}" data-shrine="{row["shrine"]}" '
            f'data-cloister="{row["cloister"]}" style="{style.get(mark, "")}">'
            f"<td {cell}>{shrine_cell}</td>"
            f"<td {cell}>{cloister_cell}</td>"
            f"<td {cell}>{escape(row['challenger'])}</td><td {cell}>{escape(status)}</td></tr>"
        )
    if not body:
        none_open = escape(_("No challenge is open."))
        return f'<p class="carc-challenges" style="font:13px sans-serif">{none_open}</p>'
    return (
        '<table class="carc-challenges" style="font:13px sans-serif;border-collapse:collapse">'
        f'<tr style="text-align:left"><th {cell}>{escape(_("shrine"))}</th>'
        f"<th {cell}>{escape(_('cloister'))}</th>"
        f"<th {cell}>{escape(_('started by'))}</th><th {cell}></th></tr>"
        f"{''.join(body)}</table>"
    )


def challenge_question_at(game: Game, index: int) -> tuple[Event, list[int]] | None:
    """The challenge outcome event a question at ``index`` is about, and the squares of its
    buildings the turn's tile completes: asked at the turn's first completion of one of them,
    or at a ``challenge-open`` event after the game."""
    event = game.events[index]
    if event.kind == "challenge-open":
        return event, []
    if event.kind != "feature-completed" or not event.nodes:
        return None
    span = [game.events[k] for k in turn_span(game, index)]
    for outcome in span:
        if outcome.kind not in _RESOLUTIONS:
            continue
        nodes = set(outcome.nodes)
        touching = [e for e in span if e.kind == "feature-completed" and nodes & set(e.nodes)]
        if touching and touching[0].index == index:
            return outcome, [e.index for e in touching]
    return None


def challenge_question_for(game: Game, index: int) -> Prediction | None:
    """ "Who scores this challenge?", asked where learners go wrong: at the first completion of
    a building in a challenge (one tile completing both: both score; one completed first: only
    it scores and the other's follower goes home with nothing), and at a challenge still open
    when the game ends (both score as unfinished buildings). None without shrines."""
    if "shrines" not in (game.setup.expansions or ()):
        return None
    found = challenge_question_at(game, index)
    if found is None:
        return None
    outcome, completions = found
    state = game.replay(index - 1)
    features = state.board.features
    shrine = next(n for n in outcome.nodes if features.feature_of(n).building == "shrine")
    cloister = next(n for n in outcome.nodes if n != shrine)
    heretic = ", ".join(sorted({f.player for f in features.feature_of(shrine).figures if f.player}))
    monk = ", ".join(sorted({f.player for f in features.feature_of(cloister).figures if f.player}))
    both = _("Both: the heretic ({heretic}) and the monk ({monk})", heretic=heretic, monk=monk)
    only_heretic = _(
        "Only the heretic ({heretic}): the monk goes home with nothing", heretic=heretic
    )
    only_monk = _("Only the monk ({monk}): the heretic goes home with nothing", monk=monk)
    choices = (both, only_heretic, only_monk, _("Nobody: the challenge cancels both buildings"))
    squares = {"shrine": common.square(shrine), "cloister": common.square(cloister)}
    if outcome.kind == "challenge-open":
        question = _(
            "The game ends with the challenge between the shrine at {shrine} and the cloister "
            "at {cloister} still open. Who scores?",
            **squares,
        )
        answer = both
        explanation = _(
            "Nobody won the race, so nobody loses: after the game both buildings score as "
            "unfinished cloisters, 1 for the building plus 1 for each neighbouring tile."
        )
    else:
        placer = game.events[index].player
        done = {n for k in completions for n in game.events[k].nodes}
        if outcome.kind == "challenge-drawn":
            answer = both
            explanation = _(
                "{placer}'s tile completes the shrine at {shrine} and the cloister at "
                "{cloister} at the same moment: neither was completed first, so there is no "
                "loser and each building scores as usual, 9 points.",
                placer=placer,
                **squares,
            )
            question = _(
                "{placer}'s tile completes both buildings of the challenge between the shrine "
                "at {shrine} and the cloister at {cloister}. Who scores?",
                placer=placer,
                **squares,
            )
        else:
            shrine_won = shrine in done
            winner = common.square(shrine if shrine_won else cloister)
            answer = only_heretic if shrine_won else only_monk
            explanation = (
                (
                    _(
                        "The shrine at {square} is completed first, so it wins the race and scores "
                        "as usual.",
                        square=winner,
                    )
                    if shrine_won
                    else _(
                        "The cloister at {square} is completed first, so it wins the race and "
                        "scores as usual.",
                        square=winner,
                    )
                )
                + " "
                + _(
                    "The other building's follower goes home and scores nothing, whoever placed "
                    "the tile; the losing building stays on the board, empty."
                )
            )
            question = (
                _(
                    "{placer}'s tile completes the shrine at {square} of the challenge between "
                    "the shrine at {shrine} and the cloister at {cloister}. Who scores?",
                    placer=placer,
                    square=winner,
                    **squares,
                )
                if shrine_won
                else _(
                    "{placer}'s tile completes the cloister at {square} of the challenge "
                    "between the shrine at {shrine} and the cloister at {cloister}. Who scores?",
                    placer=placer,
                    square=winner,
                    **squares,
                )
            )
    return Prediction(question, choices, answer, explanation)


def shrines_question(game: Game, index: int) -> Prediction | None:
    """The question the shrines walkthrough asks at event ``index``: who scores a challenge
    (:func:`challenge_question_for`) or the points of a scoring (:func:`prediction_for`)."""
    return challenge_question_for(game, index) or prediction_for(game, index)


def shrines_note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`event_note`, except that a note
    ahead of a challenge question of the same turn waits for it and is shown with it (a note
    saying whose building the tile completes answers the question)."""
    return note_held_for(game, index, quiz, challenge_question_for)

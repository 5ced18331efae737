"""King & Robber Baron in the walkthroughs: the tokens panel, the question whether a token
changes hands, and the notes held for it.

The views every walkthrough shares are in :mod:`carc_teach.teach`; these read the game through
the rule module's public API (``rules.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import N_
from ...lessons import helpers as common
from ...lessons.lesson_sets import Walkthrough
from ...teach import Prediction, note_held_for, prediction_for, turn_placer, turn_span
from ...text import escape_html as escape
from ...text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ...state import GameState


#: token figure id -> (the token's name, the feature kind it goes with, the rule of its award)
_ROYAL_TOKENS = {
    "king": ("the King", "city", "king.award"),
    "robber-baron": ("the Robber Baron", "road", "robber.award"),
}


def royal_tokens(state: GameState) -> list[dict]:
    """The King and the Robber Baron in ``state``: for each, ``token`` (figure id), ``name``,
    ``feature`` ("city" / "road"), ``holder`` (a player, or None while set aside) and
    ``to_beat`` (the tiles of the biggest completed city / road so far: a completed one must
    have more to take the token; 0 while none has been completed). Empty without the module."""
    from .rules import holder, to_beat

    if not any(fid in state.figures for fid in _ROYAL_TOKENS):
        return []
    return [
        {
            "token": fid,
            "name": name,
            "feature": kind,
            "holder": holder(state, fid) if fid in state.figures else None,
            "to_beat": to_beat(state, kind),
        }
        for fid, (name, kind, _) in _ROYAL_TOKENS.items()
    ]


def royal_tokens_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """:func:`royal_tokens` after event ``index`` as a small table; a token the event moved or
    whose size to beat it raised is shaded. ``hidden``: the table as it was before the event
    (while a question about the event is open). Empty without King & Robber Baron."""
    at = index - 1 if hidden else index
    if at < 0:
        return ""
    rows = royal_tokens(game.replay(at))
    if not rows:
        return ""
    before = {r["token"]: r for r in royal_tokens(game.replay(at - 1))} if at > 0 else {}
    body = []
    for row in rows:
        old = before.get(row["token"])
        changed = not hidden and old is not None and old != row
        who = escape(row["holder"]) if row["holder"] else "nobody (set aside)"
        if row["to_beat"]:
            bar = f"a completed {row['feature']} of more than {plural(row['to_beat'], 'tile')}"
        else:
            bar = f"any completed {row['feature']}"
        style = "background:#fff3c4" if changed else ""
        body.append(
            f'<tr class="token{" changed" if changed else ""}" data-token="{row["token"]}" '
            f'style="{style}"><td style="padding:2px 8px"><b>{escape(row["name"])}</b></td>'
            f'<td style="padding:2px 8px">{who}</td>'
            f'<td style="padding:2px 8px">{bar}</td></tr>'
        )
    return (
        '<table class="carc-tokens" style="font:13px sans-serif;border-collapse:collapse">'
        '<tr style="text-align:left"><th style="padding:2px 8px">token</th>'
        '<th style="padding:2px 8px">held by</th>'
        '<th style="padding:2px 8px">to take it</th></tr>'
        f"{''.join(body)}</table>"
    )


def token_of(event: Event) -> str | None:
    """The token (figure id) an award event during the game is about, or None."""
    if event.step == "final" or event.turn < 1:
        return None
    if event.kind == "figure-moved":
        fid = (event.data or {}).get("figure_kind")
        return fid if fid in _ROYAL_TOKENS and event.rule == _ROYAL_TOKENS[fid][2] else None
    if event.kind == "token-kept":
        fid = (event.data or {}).get("token")
        return fid if fid in _ROYAL_TOKENS else None
    return None


def _completion_worth(game: Game, index: int, kind: str) -> tuple[int, bool]:
    """The points the completed ``kind`` judged at award event ``index`` is worth, and whether
    anybody scored it: its scoring is the nearest earlier points or no-score event of its kind
    in the same turn."""
    span = turn_span(game, index)
    for k in range(index - 1, span.start - 1, -1):
        e = game.events[k]
        if e.rule == f"base.{kind}.score" and e.kind in ("points", "no-score"):
            return sum(p for _, p in e.breakdown), e.kind == "points"
    return 0, False


def token_awards(game: Game) -> list[dict]:
    """Every judgement of a completed city or road for the King or the Robber Baron during the
    game, in order: ``index``, ``token``, ``name``, ``feature``, ``player`` (who placed the last
    tile), ``before`` / ``after`` (the holder), ``size`` (tiles), ``to_beat`` (the record it was
    measured against), ``worth`` (the points it scores or would score), ``scored`` (whether
    anybody scored it) and ``record_worth`` (the worth of the completion that set the record)."""
    out: list[dict] = []
    holders: dict[str, str | None] = dict.fromkeys(_ROYAL_TOKENS)
    record_worth: dict[str, int | None] = dict.fromkeys(_ROYAL_TOKENS)
    initial = dict.fromkeys(_ROYAL_TOKENS, 0)
    aside = next((e.index for e in game.events if e.kind == "tokens-set-aside"), None)
    if aside is None:
        return out
    initial.update({r["token"]: r["to_beat"] for r in royal_tokens(game.replay(aside))})
    for event in game.events:
        fid = token_of(event)
        if fid is None:
            continue
        name, kind, _ = _ROYAL_TOKENS[fid]
        now = {r["token"]: r for r in royal_tokens(game.replay(event.index))}[fid]
        worth, scored = _completion_worth(game, event.index, kind)
        if event.kind == "figure-moved":
            size = now["to_beat"]
            before = holders[fid]
            to_beat = max([a["size"] for a in out if a["token"] == fid] + [initial[fid]])
        else:
            size = int(event.data["size"])
            to_beat = int(event.data["record"])
            before = holders[fid]
        after = now["holder"]
        out.append(
            {
                "index": event.index,
                "token": fid,
                "name": name,
                "feature": kind,
                "player": turn_placer(game, event.index) or event.player,
                "before": before,
                "after": after,
                "size": size,
                "to_beat": to_beat,
                "worth": worth,
                "scored": scored,
                "record_worth": record_worth[fid],
            }
        )
        holders[fid] = after
        if size > to_beat:
            record_worth[fid] = worth
    return out


def token_question_for(game: Game, index: int) -> Prediction | None:
    """ "Does the King change hands?" (or the Robber Baron), asked at each judgement of a
    completed city or road during the game, where learners weigh points instead of tiles. The
    question says what the completion is worth, never its size. None elsewhere and in games
    without King & Robber Baron."""
    award = next((a for a in token_awards(game) if a["index"] == index), None)
    if award is None:
        return None
    name, word = award["name"], award["feature"]
    player = award["player"] or "the player"
    worth = plural(award["worth"], "point")
    scored = "" if award["scored"] else ", though nobody has a follower on it"
    before = award["before"]
    if before is None:
        question = (
            f"{player} has just completed a {word} worth {worth}{scored}. Nobody holds "
            f"{name} yet. Does anybody take {name}?"
        )
        answer = f"Yes: {player} takes {name}, having completed the first {word} of the game"
        choices = tuple(
            sorted(
                [
                    answer,
                    f"No: {name} goes only to a {word} that scores points"
                    if not award["scored"]
                    else f"No: {name} is handed out only after the game",
                    f"No: {name} is handed out only after the game"
                    if not award["scored"]
                    else f"No: the first {word} only sets the size to beat",
                    f"Yes: whoever has the most followers on the {word} takes {name}"
                    if award["scored"]
                    else f"No: the first {word} only sets the size to beat",
                ]
            )
        )
        explanation = (
            f"The first completed {word} gives {name} to whoever placed its last tile, here "
            f"{player}, whether or not anybody had a follower on it. From now on only a "
            f"completed {word} of more than {plural(award['size'], 'tile')} takes it away."
        )
    else:
        compare = ""
        if award["record_worth"] is not None:
            compare = (
                f" The {word} that set the record was worth "
                f"{plural(award['record_worth'], 'point')}."
            )
        question = (
            f"{player} has just completed a {word} worth {worth}{scored}.{compare} "
            f"{before} holds {name}. Does {name} change hands?"
        )
        bigger = award["size"] > award["to_beat"]
        more_points = award["record_worth"] is not None and award["worth"] > award["record_worth"]
        if bigger and before != player:
            answer = f"Yes: {name} goes to {player}, whose {word} has more tiles than any before"
        elif bigger:
            answer = f"No: {player} keeps {name}, and the size to beat goes up"
        else:
            answer = f"No: {name} stays with {before}: the {word} has no more tiles than the record"
        yes_points = f"Yes: {name} goes to {player}, whose {word} is worth more points"
        no_points = f"No: {name} stays with {before}: the {word} is worth no more points"
        nobody = f"No: nobody scored the {word}, so nobody takes {name}"
        placed = f"Yes: completing any {word} takes {name} from {before}"
        choices = common.sorted_choices(
            answer,
            (
                yes_points if more_points else no_points,
                nobody if not award["scored"] else placed,
                f"Yes: {name} goes to {player}, whose {word} has more tiles than any before",
                f"No: {name} stays with {before}: the {word} has no more tiles than the record",
                placed,
            ),
        )
        explanation = (
            f"{name[0].upper()}{name[1:]} goes by tiles, not points: a completed {word} takes "
            f"it only with more tiles than the biggest completed so far, scored or not. This "
            f"{word} has {plural(award['size'], 'tile')} against "
            f"{plural(award['to_beat'], 'tile')}, so "
            + (
                f"{name} passes from {before} to {player}."
                if bigger and before != player
                else f"{player} keeps {name} and a {word} now needs more than "
                f"{plural(award['size'], 'tile')}."
                if bigger
                else f"{name} stays with {before}."
            )
        )
    return Prediction(question, choices, answer, explanation)


def king_walkthrough_question(game: Game, index: int) -> Prediction | None:
    """The question the King & Robber Baron walkthrough asks at event ``index``: the points of
    a scoring (:func:`prediction_for`) or whether a token changes hands
    (:func:`token_question_for`)."""
    return prediction_for(game, index) or token_question_for(game, index)


def king_walkthrough_note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`event_note`, except that a note
    ahead of a token question of the same turn waits for that question and is shown with it
    (a note saying "so the King passes to Bob" answers it)."""
    return note_held_for(game, index, quiz, token_question_for, once_per_turn=True)


# -- the walkthrough -----------------------------------------------------------------------

# The tokens are held beside the board, not on it: who holds them is listed there.
WALKTHROUGH = Walkthrough(
    question=king_walkthrough_question,
    note=king_walkthrough_note,
    panels=((N_("The King and the Robber Baron"), royal_tokens_html),),
    board_help=N_("""
    **How to read the board.** The King and the Robber Baron are not placed on the board:
    the table beside it says who holds each and how many tiles a completed city or road must
    beat to take it, and shades the token the current event changed. Orange frame: the tile
    just placed. Yellow: the feature the event is about. The size of a city or road is its
    number of tiles; count them on the board before you answer.
        """),
    game="king-robber",
    quiz_label=N_("Ask me first (points, and who takes the King or the Robber Baron)"),
)

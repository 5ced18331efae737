"""King & Robber Baron in the walkthroughs: the tokens panel, the question whether a token
changes hands, and the notes held for it.

The views every walkthrough shares are in :mod:`carc_teach.teach`; these read the game through
the rule module's public API (``rules.py``).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import N_, _, ngettext
from ...lessons import helpers as common
from ...lessons.lesson_sets import Walkthrough
from ...teach import (
    Prediction,
    note_held_for,
    points_text,
    prediction_for,
    turn_placer,
    turn_span,
)
from ...text import escape_html as escape

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ...state import GameState


#: token figure id -> (the token's name, the feature kind it goes with, the rule of its award)
_ROYAL_TOKENS = {
    "king": (N_("the King"), "city", "king.award"),
    "robber-baron": (N_("the Robber Baron"), "road", "robber.award"),
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
        who = escape(row["holder"]) if row["holder"] else escape(_("nobody (set aside)"))
        city = row["feature"] == "city"
        if row["to_beat"]:
            tiles = _tiles(row["to_beat"])
            bar = (
                _("a completed city of more than {tiles}", tiles=tiles)
                if city
                else _("a completed road of more than {tiles}", tiles=tiles)
            )
        else:
            bar = _("any completed city") if city else _("any completed road")
        style = "background:#fff3c4" if changed else ""
        body.append(
            f'<tr class="token{" changed" if changed else ""}" data-token="{row["token"]}" '
            f'style="{style}"><td style="padding:2px 8px"><b>{escape(_(row["name"]))}</b></td>'
            f'<td style="padding:2px 8px">{who}</td>'
            f'<td style="padding:2px 8px">{bar}</td></tr>'
        )
    return (
        '<table class="carc-tokens" style="font:13px sans-serif;border-collapse:collapse">'
        f'<tr style="text-align:left"><th style="padding:2px 8px">{escape(_("token"))}</th>'
        f'<th style="padding:2px 8px">{escape(_("held by"))}</th>'
        f'<th style="padding:2px 8px">{escape(_("to take it"))}</th></tr>'
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


#: token_awards of each game already asked about (with its number of events): a walkthrough asks
#: at every award event, and each answer replays the game at every award.
_AWARDS: weakref.WeakKeyDictionary[Game, tuple[int, list[dict]]] = weakref.WeakKeyDictionary()


def token_awards(game: Game) -> list[dict]:
    """Every judgement of a completed city or road for the King or the Robber Baron during the
    game, in order: ``index``, ``token``, ``name``, ``feature``, ``player`` (who placed the last
    tile), ``before`` / ``after`` (the holder), ``size`` (tiles), ``to_beat`` (the record it was
    measured against), ``worth`` (the points it scores or would score), ``scored`` (whether
    anybody scored it) and ``record_worth`` (the worth of the completion that set the record).
    Worked out once per game (the list and its entries are the caller's)."""
    known = _AWARDS.get(game)
    if known is None or known[0] != len(game.events):
        known = (len(game.events), _token_awards(game))
        _AWARDS[game] = known
    return [dict(award) for award in known[1]]


def _token_awards(game: Game) -> list[dict]:
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


#: The token questions' sentences, written whole once per token: the token's name and its
#: feature take different grammatical forms in Italian and Czech ("la città" / "la strada",
#: "dokončené město" / "dokončenou cestu"), so no sentence is pieced together from them.
_SAID = {
    "king": {
        "completed": N_("{player} has just completed a city worth {worth}."),
        "completed-empty": N_(
            "{player} has just completed a city worth {worth}, though nobody has a follower on it."
        ),
        "record": N_("The city that set the record was worth {worth}."),
        "nobody-holds": N_("Nobody holds the King yet. Does anybody take the King?"),
        "holds": N_("{before} holds the King. Does the King change hands?"),
        "first-yes": N_(
            "Yes: {player} takes the King, having completed the first city of the game"
        ),
        "first-points": N_("No: the King goes only to a city that scores points"),
        "first-after": N_("No: the King is handed out only after the game"),
        "first-size": N_("No: the first city only sets the size to beat"),
        "first-most": N_("Yes: whoever has the most followers on the city takes the King"),
        "first-why": N_(
            "The first completed city gives the King to whoever placed its last tile, here "
            "{player}, whether or not anybody had a follower on it. From now on only a "
            "completed city of more than {size} takes it away."
        ),
        "bigger": N_("Yes: the King goes to {player}, whose city has more tiles than any before"),
        "keeps": N_("No: {player} keeps the King, and the size to beat goes up"),
        "stays": N_("No: the King stays with {before}: the city has no more tiles than the record"),
        "more-points": N_("Yes: the King goes to {player}, whose city is worth more points"),
        "no-more-points": N_("No: the King stays with {before}: the city is worth no more points"),
        "nobody-scored": N_("No: nobody scored the city, so nobody takes the King"),
        "any": N_("Yes: completing any city takes the King from {before}"),
        "why": N_(
            "The King goes by tiles, not points: a completed city takes it only with more "
            "tiles than the biggest completed so far, scored or not."
        ),
        "why-passes": N_(
            "This city has {size} against {record}, so the King passes from {before} to {player}."
        ),
        "why-keeps": N_(
            "This city has {size} against {record}, so {player} keeps the King and a city now "
            "needs more than {size}."
        ),
        "why-stays": N_("This city has {size} against {record}, so the King stays with {before}."),
    },
    "robber-baron": {
        "completed": N_("{player} has just completed a road worth {worth}."),
        "completed-empty": N_(
            "{player} has just completed a road worth {worth}, though nobody has a follower on it."
        ),
        "record": N_("The road that set the record was worth {worth}."),
        "nobody-holds": N_(
            "Nobody holds the Robber Baron yet. Does anybody take the Robber Baron?"
        ),
        "holds": N_("{before} holds the Robber Baron. Does the Robber Baron change hands?"),
        "first-yes": N_(
            "Yes: {player} takes the Robber Baron, having completed the first road of the game"
        ),
        "first-points": N_("No: the Robber Baron goes only to a road that scores points"),
        "first-after": N_("No: the Robber Baron is handed out only after the game"),
        "first-size": N_("No: the first road only sets the size to beat"),
        "first-most": N_("Yes: whoever has the most followers on the road takes the Robber Baron"),
        "first-why": N_(
            "The first completed road gives the Robber Baron to whoever placed its last tile, "
            "here {player}, whether or not anybody had a follower on it. From now on only a "
            "completed road of more than {size} takes it away."
        ),
        "bigger": N_(
            "Yes: the Robber Baron goes to {player}, whose road has more tiles than any before"
        ),
        "keeps": N_("No: {player} keeps the Robber Baron, and the size to beat goes up"),
        "stays": N_(
            "No: the Robber Baron stays with {before}: the road has no more tiles than the record"
        ),
        "more-points": N_(
            "Yes: the Robber Baron goes to {player}, whose road is worth more points"
        ),
        "no-more-points": N_(
            "No: the Robber Baron stays with {before}: the road is worth no more points"
        ),
        "nobody-scored": N_("No: nobody scored the road, so nobody takes the Robber Baron"),
        "any": N_("Yes: completing any road takes the Robber Baron from {before}"),
        "why": N_(
            "The Robber Baron goes by tiles, not points: a completed road takes it only with "
            "more tiles than the biggest completed so far, scored or not."
        ),
        "why-passes": N_(
            "This road has {size} against {record}, so the Robber Baron passes from {before} "
            "to {player}."
        ),
        "why-keeps": N_(
            "This road has {size} against {record}, so {player} keeps the Robber Baron and a "
            "road now needs more than {size}."
        ),
        "why-stays": N_(
            "This road has {size} against {record}, so the Robber Baron stays with {before}."
        ),
    },
}


def _tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n)


def token_question_for(game: Game, index: int) -> Prediction | None:
    """ "Does the King change hands?" (or the Robber Baron), asked at each judgement of a
    completed city or road during the game, where learners weigh points instead of tiles. The
    question says what the completion is worth, never its size. None elsewhere and in games
    without King & Robber Baron. In the current language (the walkthrough sets the page's)."""
    # only an award event is judged (token_of): the others need no replay of the game
    if not 0 <= index < len(game.events) or token_of(game.events[index]) is None:
        return None
    award = next((a for a in token_awards(game) if a["index"] == index), None)
    if award is None:
        return None
    said = _SAID[award["token"]]

    def say(key: str, **fields) -> str:
        return _(said[key], **fields)

    player = award["player"] or _("the player")
    before = award["before"]
    worth = points_text(award["worth"])
    completed = say(
        "completed" if award["scored"] else "completed-empty", player=player, worth=worth
    )
    size, record = _tiles(award["size"]), _tiles(award["to_beat"])
    if before is None:
        question = f"{completed} {say('nobody-holds')}"
        answer = say("first-yes", player=player)
        choices = tuple(
            sorted(
                [
                    answer,
                    say("first-points") if not award["scored"] else say("first-after"),
                    say("first-after") if not award["scored"] else say("first-size"),
                    say("first-most") if award["scored"] else say("first-size"),
                ]
            )
        )
        explanation = say("first-why", player=player, size=size)
    else:
        compare = ""
        if award["record_worth"] is not None:
            compare = " " + say("record", worth=points_text(award["record_worth"]))
        question = f"{completed}{compare} {say('holds', before=before)}"
        bigger = award["size"] > award["to_beat"]
        more_points = award["record_worth"] is not None and award["worth"] > award["record_worth"]
        if bigger and before != player:
            answer = say("bigger", player=player)
        elif bigger:
            answer = say("keeps", player=player)
        else:
            answer = say("stays", before=before)
        placed = say("any", before=before)
        choices = common.sorted_choices(
            answer,
            (
                say("more-points", player=player)
                if more_points
                else say("no-more-points", before=before),
                say("nobody-scored") if not award["scored"] else placed,
                say("bigger", player=player),
                say("stays", before=before),
                placed,
            ),
        )
        fields = {"size": size, "record": record, "before": before, "player": player}
        if bigger and before != player:
            outcome = say("why-passes", **fields)
        elif bigger:
            outcome = say("why-keeps", **fields)
        else:
            outcome = say("why-stays", **fields)
        explanation = f"{say('why')} {outcome}"
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

"""The walkthrough of the scoring after the game (``notebooks/after_the_game.py``): where it
starts, its questions, and the tables beside the board.

The game ends with its last tile; then, in the order the engine runs them, followers may
leave the City of Carcassonne (the Count's final loop), unfinished roads, cities and
cloisters score, farms score, the King and the Robber Baron pay their holders, and barns
pay their owners. :func:`final_steps` lists those steps as the game's event log runs them;
every question is read from the events:

- the final loop (:func:`market_question_for`): who moves a follower out of the City first,
  what happens after the first move (one follower per player and round), and whether a
  follower outside the market may leave too;
- a farm (:func:`farm_question_for`): 3 per completed city, the City of Carcassonne counted,
  unfinished cities not;
- the King and the Robber Baron (:func:`token_question_for`): every completed city (road) on
  the board counts, whoever completed or scored it;
- a barn (:func:`barn_question_for`): 4 per completed city;
- every other scoring after the game: its points (:func:`carc_teach.teach.prediction_for`).

Questions are asked only after the last tile (the walkthrough is about the scoring after the
game); the move notes of the game are shown as :func:`carc_teach.teach.event_note` does.
"""

from __future__ import annotations

import re
import weakref
from typing import TYPE_CHECKING

from .. import teach
from ..events import render
from ..expansions.abbey_mayor.lessons import abbey_mayor_module
from ..expansions.count import views as count_views
from ..expansions.king_robber import views as king_views
from ..figures import Corner
from ..i18n import N_, _, current_language, ngettext, pgettext, use_language
from ..text import escape_html as escape
from .lesson_sets import Walkthrough

if TYPE_CHECKING:  # pragma: no cover
    from ..events import Event
    from ..game import Game
    from ..state import GameState

__all__ = [
    "STEPS",
    "start_index",
    "final_steps",
    "final_steps_html",
    "barns",
    "barns_html",
    "market_question_for",
    "farm_question_for",
    "token_question_for",
    "barn_question_for",
    "after_game_question",
    "after_game_note",
]

#: the steps of the scoring after the game: key, title, the rule ids of its events, and what
#: it pays under the default rules (in a learner's words; English, translated where shown)
STEPS = (
    (
        "market",
        N_("Followers leave the City"),
        ("count.redeploy.final",),
        N_(
            "one follower at a time, from the left of the player who laid the last tile, into an "
            "unfinished feature or a farm"
        ),
    ),
    ("road", N_("Unfinished roads"), ("base.final.road",), N_("1 per tile")),
    ("city", N_("Unfinished cities"), ("base.final.city",), N_("1 per tile and 1 per pennant")),
    (
        "cloister",
        N_("Unfinished cloisters"),
        ("base.final.cloister",),
        N_("1 for the cloister and 1 per tile around it"),
    ),
    (
        "farm",
        N_("Farms"),
        ("base.final.farm",),
        N_("3 per completed city the farm touches (the City of Carcassonne is one)"),
    ),
    (
        "king",
        N_("The King"),
        ("king.final",),
        N_("1 per completed city on the board (the City of Carcassonne is one)"),
    ),
    ("robber", N_("The Robber Baron"), ("robber.final",), N_("1 per completed road on the board")),
    (
        "barn",
        N_("Barns"),
        ("barn.final",),
        N_("4 per completed city the barn's farm touches (the City of Carcassonne is one)"),
    ),
)
#: the steps' states as the table shows them
_STATUS_WORDS = (N_("now"), N_("done"), N_("to come"))
_STEP_OF = {rule: key for key, _, rules, _ in STEPS for rule in rules}
_QUARTER = re.compile(r"count\.(\w+)")


def start_index(game: Game) -> int:
    """Where the walkthrough starts: the placement of the last tile (event 0 if none)."""
    placed = [e.index for e in game.events if e.kind == "tile-placed"]
    return placed[-1] if placed else 0


def _final_events(game: Game) -> list[Event]:
    """The events of the scoring after the game that a step of :data:`STEPS` is about."""
    return [
        e
        for e in game.events
        if e.step == "final"
        and e.rule in _STEP_OF
        and e.kind in ("points", "no-score", "figure-moved", "count-left-in-city")
    ]


def _from_quarter(event: Event) -> str | None:
    """The quarter of the City a figure-moved event took its figure from (None: elsewhere)."""
    found = _QUARTER.fullmatch(str(((event.data or {}).get("from") or {}).get("place", "")))
    return found.group(1) if found else None


#: where a follower leaving the City goes, as the table says it (translated where shown)
_INTO = {
    "farm": N_("a farm"),
    "feature": N_("an unfinished feature"),
    "city": N_("an unfinished city"),
    "road": N_("an unfinished road"),
    "cloister": N_("an unfinished cloister"),
    "abbey": N_("an unfinished abbey"),
    "shrine": N_("an unfinished shrine"),
}


def _move_text(event: Event) -> str:
    """ "Alice: castle → an unfinished city", in the current language."""
    quarter = _from_quarter(event) or N_("City")
    into = "farm" if " as a farmer" in event.text else "feature"
    for kind in ("city", "road", "cloister", "abbey", "shrine"):
        if f"onto the {kind}" in event.text:
            into = kind
    return f"{event.player}: {_(quarter)} → {_(_INTO[into])}"


def final_steps(game: Game, index: int, *, hidden: bool = False) -> list[dict]:
    """The steps of the scoring after the game, in the order this game's log runs them, as
    seen at event ``index``: ``key``, ``title``, ``pays``, ``status`` (``"to come"``,
    ``"now"`` or ``"done"``) and ``results`` (what it gave so far, ``"Alice 2, Bob 1"`` or the
    followers' moves; empty for a step to come). ``hidden``: the results as they were before
    the event (its question is open). Only steps this game's scoring runs are listed."""
    events = _final_events(game)
    at = index - 1 if hidden else index
    order: list[str] = []
    for e in events:
        key = _STEP_OF[e.rule]
        if key not in order:
            order.append(key)
    rows = []
    for key in order:
        _, title, _, pays = next(s for s in STEPS if s[0] == key)
        mine = [e for e in events if _STEP_OF[e.rule] == key]
        seen = [e for e in mine if e.index <= at]
        if any(e.index == index for e in mine):
            status = "now"
        elif mine[-1].index <= at:
            status = "done"
        else:
            status = "to come"
        if key == "market":
            results = "; ".join(_move_text(e) for e in seen if e.kind == "figure-moved")
            if any(e.kind == "count-left-in-city" for e in seen):
                rest = _("the rest stay in the City, scoring nothing")
                results += ("; " if results else "") + rest
        else:
            totals: dict[str, int] = {}
            for e in seen:
                if e.kind == "points" and e.player is not None:
                    totals[e.player] = totals.get(e.player, 0) + e.points
            results = ", ".join(f"{p} {n}" for p, n in totals.items())
            if seen and not totals:
                results = _("nobody scores")
        rows.append(
            {"key": key, "title": title, "pays": pays, "status": status, "results": results}
        )
    return rows


def final_steps_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """:func:`final_steps` as a small table; the step the event belongs to is shaded."""
    rows = final_steps(game, index, hidden=hidden)
    if not rows:
        return ""
    cell = 'style="padding:2px 8px"'
    body = []
    for row in rows:
        now = row["status"] == "now"
        shown = row["results"] or ("" if row["status"] == "to come" else "—")
        status = _(row["status"])
        body.append(
            f'<tr class="final-step {row["status"].replace(" ", "-")}" data-step="{row["key"]}" '
            f'style="{"background:#fff3c4" if now else ""}">'
            f"<td {cell}><b>{escape(_(row['title']))}</b></td>"
            f"<td {cell}>{escape(_(row['pays']))}</td>"
            f"<td {cell}>{escape(status)}</td><td {cell}>{escape(shown)}</td></tr>"
        )
    return (
        '<table class="carc-final-steps" style="font:13px sans-serif;border-collapse:collapse">'
        f'<tr style="text-align:left"><th {cell}>{escape(_("after the last tile"))}</th>'
        f"<th {cell}>{escape(_('pays'))}</th>"
        f"<th {cell}></th><th {cell}>{escape(_('so far'))}</th></tr>{''.join(body)}</table>"
    )


def barns(state: GameState) -> list[dict]:
    """The barns on the board in ``state``: ``owner``, ``corner`` (the grid point, as the
    squares of the four tiles meeting there) and ``farm`` (the farm's description, in the
    current language). Empty without Abbey & Mayor."""
    if abbey_mayor_module(state) is None:
        return []
    from ..expansions.abbey_mayor.rules import barn_farm

    rows = []
    for figure in state.figures.values():
        if figure.kind != "barn" or not isinstance(figure.location, Corner):
            continue
        squares = ", ".join(f"({x}, {y})" for x, y in figure.location.squares())
        rows.append(
            {
                "owner": figure.player,
                "corner": squares,
                "farm": render(barn_farm(state, figure).phrase(), current_language()),
            }
        )
    return sorted(rows, key=lambda r: state.players.index(r["owner"]))


def barns_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """:func:`barns` after event ``index`` as a small table: which tiles meet where each barn
    stands, and on which farm; a barn the event scored is shaded. Empty when no barn stands
    on the board."""
    at = index - 1 if hidden else index
    if at < 0:
        return ""
    rows = barns(game.replay(at))
    if not rows:
        return ""
    event = game.events[index]
    scored = None if hidden or event.rule != "barn.final" else event.player
    cell = 'style="padding:2px 8px"'
    body = []
    for row in rows:
        now = row["owner"] == scored
        body.append(
            f'<tr class="barn{" changed" if now else ""}" data-owner="{escape(row["owner"])}" '
            f'style="{"background:#fff3c4" if now else ""}"><td {cell}>{escape(row["owner"])}</td>'
            f"<td {cell}>{escape(_('where {squares} meet', squares=row['corner']))}</td>"
            f"<td {cell}>{escape(row['farm'])}</td></tr>"
        )
    return (
        '<table class="carc-barns" style="font:13px sans-serif;border-collapse:collapse">'
        f'<tr style="text-align:left"><th {cell}>{escape(pgettext("barns table", "barn of"))}</th>'
        f"<th {cell}>{escape(pgettext('barns table', 'stands'))}</th><th {cell}>{escape(pgettext('barns table', 'on'))}</th></tr>"
        f"{''.join(body)}</table>"
    )


# -- questions -----------------------------------------------------------------------------------

_DECISIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _final_loop(game: Game) -> list:
    """The decisions of the Count's final loop, in the order they were asked (remembered per
    game: finding them plays the game once more)."""
    found = _DECISIONS.get(game)
    if found is None:
        found = _DECISIONS[game] = [d for d in game.decisions() if d.kind == "count.final"]
    return found


def _last_placer(game: Game) -> str | None:
    k = start_index(game)
    return game.events[k].player if game.events[k].kind == "tile-placed" else None


def _final_moves(game: Game) -> list[Event]:
    """The moves of the Count's loop after the last tile, in order."""
    return [e for e in game.events if e.kind == "figure-moved" and e.rule == "count.redeploy.final"]


#: the question on a follower outside the market after the game, per quarter (each one's
#: sentences whole: the quarter and its feature agree differently in Italian and Czech)
_QUARTER_QUESTION = {
    "castle": (
        N_("Yes: into an unfinished city, as market followers go onto farms"),
        N_("Yes, but only into a completed city"),
        N_("No: a follower in the castle may leave only before a city scores during the game"),
        N_(
            "After the last tile every quarter lets its followers out, except the one "
            "where the Count stands: the castle's followers go into an unfinished "
            "city, the market's onto a farm, one follower per player and round. Some "
            "groups read the rule book as opening only the market then; the engine "
            "offers that reading as the option count.final-redeploy."
        ),
        N_(
            "{player} still has a follower in the castle quarter of the City. May it "
            "leave the City now?"
        ),
    ),
    "blacksmith": (
        N_("Yes: into an unfinished road, as market followers go onto farms"),
        N_("Yes, but only into a completed road"),
        N_("No: a follower in the blacksmith may leave only before a road scores during the game"),
        N_(
            "After the last tile every quarter lets its followers out, except the one "
            "where the Count stands: the blacksmith's followers go into an unfinished "
            "road, the market's onto a farm, one follower per player and round. Some "
            "groups read the rule book as opening only the market then; the engine "
            "offers that reading as the option count.final-redeploy."
        ),
        N_(
            "{player} still has a follower in the blacksmith quarter of the City. May "
            "it leave the City now?"
        ),
    ),
    "cathedral": (
        N_("Yes: into an unfinished cloister, as market followers go onto farms"),
        N_("Yes, but only into a completed cloister"),
        N_(
            "No: a follower in the cathedral may leave only before a cloister scores "
            "during the game"
        ),
        N_(
            "After the last tile every quarter lets its followers out, except the one "
            "where the Count stands: the cathedral's followers go into an unfinished "
            "cloister, the market's onto a farm, one follower per player and round. "
            "Some groups read the rule book as opening only the market then; the "
            "engine offers that reading as the option count.final-redeploy."
        ),
        N_(
            "{player} still has a follower in the cathedral quarter of the City. May "
            "it leave the City now?"
        ),
    ),
}


def market_question_for(game: Game, index: int) -> teach.Prediction | None:
    """Questions on the Count's loop after the last tile, each asked at the event just before
    the move it is about, so that the board does not show the answer yet: who moves first,
    what happens after the first move (one follower per player and round), and whether a
    follower outside the market may leave too (at the first such move after those two)."""
    moves = _final_moves(game)
    before_move = [e.index - 1 for e in moves]
    if index not in before_move:
        return None
    position = before_move.index(index)
    event = moves[position]
    last = _last_placer(game)
    loop = _final_loop(game)
    if not loop or last is None:
        return None
    if position == 0:
        first_asked = loop[0].player
        if event.player != first_asked:
            return None
        answer = _(
            "{first}: the player on the left of {last}, who laid the last tile",
            first=first_asked,
            last=last,
        )
        choices = (
            answer,
            _("{last}, who laid the last tile", last=last),
            _("Whoever has the most followers waiting in the City"),
            _("Everybody at once: all the followers leave the City together"),
        )
        explanation = _(
            "The loop starts on the left of the player who laid the last tile, here {last}, "
            "and goes round the table. Each player in turn moves one follower out of the City, "
            "or none; then the next player does. Round after round, until nobody moves any "
            "more: whoever comes later can answer what the others did.",
            last=last,
        )
        question = _(
            "{last} has laid the last tile, and followers wait in the City of Carcassonne. "
            "Before anything is scored, who may move one of them out first?",
            last=last,
        )
        return teach.Prediction(question, choices, answer, explanation)
    if position == 1:
        before = moves[0].player
        if event.player != before:
            said = N_(
                "{player} may move one follower; {before} waits for the next round to move another"
            )
        else:
            said = N_("{before} again: everybody else passed, so a new round began")
        # (message, its fields): sorted by their English, so the answer keeps its place in
        # every language
        options = [
            (said, {"player": event.player, "before": before}),
            (
                N_("{before} first takes out every follower {before} still has there"),
                {"before": before},
            ),
            (N_("All the other followers leave the City together"), {}),
            (N_("Nothing more: each player moves only one follower in all"), {}),
        ]
        english = {m: _(m, "en", **f) for m, f in options}
        options = sorted({m: f for m, f in options}.items(), key=lambda o: english[o[0]])
        choices = tuple(_(m, **f) for m, f in options)
        answer = _(said, player=event.player, before=before)
        explanation = (
            _(
                "Followers leave the City one at a time: each player moves at most one per round, "
                "and the rounds go on until nobody moves."
            )
            + " "
            + (
                _(
                    "So after {before}'s move it is {player}'s turn.",
                    before=before,
                    player=event.player,
                )
                if event.player != before
                else _(
                    "Everybody after {before} passed, so {before} starts the next round.",
                    before=before,
                )
            )
        )
        question = _(
            "{before} has moved one follower out of the City onto the board. What happens next?",
            before=before,
        )
        return teach.Prediction(question, choices, answer, explanation)
    name = _from_quarter(event)
    outside = [e for e in moves if _from_quarter(e) not in (None, "market")]
    if name is None or not outside or outside[0] is not event:
        return None
    words = _QUARTER_QUESTION.get(name)
    if words is None:  # pragma: no cover - the City has no other quarter
        return None
    answer, completed, before_scoring, why, asked = words
    answer = _(answer)
    choices = (
        answer,
        _("No: after the game only the market's followers leave, for the farms"),
        _(completed),
        _(before_scoring),
    )
    explanation = _(why)
    question = _(asked, player=event.player)
    return teach.Prediction(question, choices, answer, explanation)


def _points_near(answer: int, wrong: list[int]) -> tuple[str, ...]:
    """Four point values in ascending order: the answer, the wrong ones given, then values
    just above the answer (unlike :func:`carc_teach.lessons.helpers.points_choices`, whose
    made-up values may lie below it)."""
    values = [answer]
    for value in wrong:
        if value >= 0 and value not in values and len(values) < 4:
            values.append(value)
    extra = 1
    while len(values) < 4:
        if answer + extra not in values:
            values.append(answer + extra)
        extra += 1
    return tuple(teach.points_text(v) for v in sorted(values))


def _city_part(event: Event) -> int:
    """The points a breakdown gives for the City of Carcassonne (0: none)."""
    return sum(p for what, p in event.breakdown if what.startswith("the City of Carcassonne"))


def farm_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "How many points does this farm score?", asked at a farm's points after the game,
    with the usual slips as wrong answers: forgetting the City of Carcassonne, counting the
    unfinished cities the farm touches too, paying a barn's 4 per city."""
    event = game.events[index]
    if event.kind != "points" or event.rule != "base.final.farm" or event.step != "final":
        return None
    if any(what.startswith("the pig herd") for what, _ in event.breakdown):
        return None  # The River II's walkthrough asks about the herd
    state = game.replay(index - 1)
    features = state.board.features
    farm = features.feature_of(event.nodes[0])
    unfinished = sum(1 for c in features.bordering_cities(farm) if not c.complete)
    points = event.points
    cities = points // 3
    city = _city_part(event)
    wrong = [points - city if city else points + 3, points + 3 * unfinished, 4 * cities]
    explanation = _(
        "{event} A farm pays 3 for every completed city it touches, however far the "
        "city lies from the farmers; an unfinished city pays the farm nothing.",
        event=event.text_in(),
    )
    if city:
        explanation += " " + _(
            "The City of Carcassonne is a completed city from the first turn, so a farm that "
            "touches it counts it like any other."
        )
    return teach.Prediction(
        _(
            "The farm highlighted on the board scores now. How many points does {player} "
            "score for it?",
            player=event.player,
        ),
        _points_near(points, wrong),
        teach.points_text(points),
        explanation,
    )


_TOKENS = {
    "king.final": ("city", "base.city.score"),
    "robber.final": ("road", "base.road.score"),
}


def _token_texts(word: str, holder: str, counts: dict[str, int]) -> dict[str, str]:
    """The token question's texts in the current language, each sentence written whole per
    token (the King's cities and the Robber Baron's roads agree differently in Italian and
    Czech). ``counts``: the points each choice names (``total``, ``without_city``,
    ``completed``, ``scored``, ``size``)."""
    total, completed, scored = counts["total"], counts["completed"], counts["scored"]
    size = counts["size"]
    if word == "city":
        without = counts["without_city"]
        return {
            "answer": ngettext(
                "{n} point: every completed city on the board, the City of Carcassonne too",
                "{n} points: every completed city on the board, the City of Carcassonne too",
                total,
                n=total,
            )
            if counts["city"]
            else ngettext(
                "{n} point: every completed city on the board",
                "{n} points: every completed city on the board",
                total,
                n=total,
            ),
            "without_city": ngettext(
                "{n} point: the completed cities, but not the City of Carcassonne",
                "{n} points: the completed cities, but not the City of Carcassonne",
                without,
                n=without,
            ),
            "completed": ngettext(
                "{n} point: only the cities {holder} completed",
                "{n} points: only the cities {holder} completed",
                completed,
                n=completed,
                holder=holder,
            ),
            "scored": ngettext(
                "{n} point: only the cities {holder} scored",
                "{n} points: only the cities {holder} scored",
                scored,
                n=scored,
                holder=holder,
            ),
            "size": ngettext(
                "{n} point: 1 per tile of the biggest city, which won the King",
                "{n} points: 1 per tile of the biggest city, which won the King",
                size,
                n=size,
            ),
            "nothing": _("Nothing: the King pays only while its holder has a follower on a city"),
            "rule": _(
                "The King pays 1 point for every completed city on the board, whoever "
                "completed it, whoever scored it and whether anybody occupied it."
            ),
            "city_too": _(
                "The City of Carcassonne counts as one more completed city for the King."
            ),
            "question": _(
                "{holder} holds the King at the end of the game. How many points does the King "
                "bring?",
                holder=holder,
            ),
        }
    return {
        "answer": ngettext(
            "{n} point: every completed road on the board",
            "{n} points: every completed road on the board",
            total,
            n=total,
        ),
        "completed": ngettext(
            "{n} point: only the roads {holder} completed",
            "{n} points: only the roads {holder} completed",
            completed,
            n=completed,
            holder=holder,
        ),
        "scored": ngettext(
            "{n} point: only the roads {holder} scored",
            "{n} points: only the roads {holder} scored",
            scored,
            n=scored,
            holder=holder,
        ),
        "size": ngettext(
            "{n} point: 1 per tile of the longest road, which won the Robber Baron",
            "{n} points: 1 per tile of the longest road, which won the Robber Baron",
            size,
            n=size,
        ),
        "nothing": _(
            "Nothing: the Robber Baron pays only while its holder has a follower on a road"
        ),
        "rule": _(
            "The Robber Baron pays 1 point for every completed road on the board, whoever "
            "completed it, whoever scored it and whether anybody occupied it."
        ),
        "question": _(
            "{holder} holds the Robber Baron at the end of the game. How many points does the "
            "Robber Baron bring?",
            holder=holder,
        ),
    }


def token_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "How many points does the King (the Robber Baron) bring?", asked at its points after
    the game under the rules' 1 per completed city (road): every completed one on the board
    counts, the City of Carcassonne for the King too, not only those its holder completed or
    scored. The choices are sorted by their English, so the answer keeps its place in every
    language."""
    event = game.events[index]
    if event.kind != "points" or event.rule not in _TOKENS or event.step != "final":
        return None
    word, rule = _TOKENS[event.rule]
    parts = [p for what, p in event.breakdown if f"completed {word}" in what and "× 1" in what]
    if not parts or len(parts) + (1 if _city_part(event) else 0) != len(event.breakdown):
        return None  # a house rule's flat points: nothing to count
    holder, total = event.player, event.points
    city = _city_part(event)
    completed_by = sum(
        1
        for e in game.events
        if e.kind == "feature-completed" and e.rule == rule and e.player == holder
    )
    scored_by = sum(
        1 for e in game.events if e.kind == "points" and e.rule == rule and e.player == holder
    )
    token = "king" if word == "city" else "robber-baron"
    size = next(
        (
            r["to_beat"]
            for r in king_views.royal_tokens(game.replay(index - 1))
            if r["token"] == token
        ),
        0,
    )
    counts = {
        "total": total,
        "city": city,
        "without_city": total - city,
        "completed": completed_by,
        "scored": scored_by,
        "size": size,
    }
    said = _token_texts(word, holder, counts)
    with use_language("en"):  # the order of the choices: by their English
        english = _token_texts(word, holder, counts)
    # (the points a choice names, its key): the usual mistakes, in this order
    wrong: list[tuple[int | None, str]] = []
    if city:
        wrong.append((total - city, "without_city"))
    wrong.append((completed_by, "completed"))
    wrong.append((scored_by, "scored"))
    if size:
        wrong.append((size, "size"))
    wrong.append((None, "nothing"))
    keys, values = ["answer"], {total}
    for value, key in wrong:
        if len(keys) < 4 and value not in values:
            keys.append(key)
            if value is not None:
                values.add(value)
    explanation = said["rule"] + (" " + said["city_too"] if city else "") + f" {event.text_in()}"
    return teach.Prediction(
        said["question"],
        tuple(said[k] for k in sorted(keys, key=lambda k: english[k])),
        said["answer"],
        explanation,
    )


def barn_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "How many points does this barn score?", asked at a barn's points after the game: 4
    per completed city its farm touches (the City of Carcassonne counted), not a farmer's 3,
    nor the 1 per city farmers got when they met a barn during the game."""
    event = game.events[index]
    if event.kind != "points" or event.rule != "barn.final":
        return None
    points = event.points
    cities = points // 4
    with_city = "City of Carcassonne" in " ".join(what for what, _ in event.breakdown)
    wrong = [3 * cities, cities, 4 * (cities - 1) if with_city else 4 * (cities + 1)]
    explanation = _(
        "{event} A barn pays its owner 4 for every completed city its farm touches, one "
        "more than a farmer's 3, and it scores although no farmer stands on its farm.",
        event=event.text_in(),
    )
    if with_city:
        explanation += " " + _("The City of Carcassonne counts for barns as it does for farms.")
    return teach.Prediction(
        _("{player}'s barn scores now. How many points does it bring?", player=event.player),
        _points_near(points, wrong),
        teach.points_text(points),
        explanation,
    )


def after_game_question(game: Game, index: int) -> teach.Prediction | None:
    """The question the walkthrough asks at event ``index``: after the last tile only; one of
    the above, or the points of any other scoring."""
    if game.events[index].step != "final":
        return None
    return (
        market_question_for(game, index)
        or farm_question_for(game, index)
        or token_question_for(game, index)
        or barn_question_for(game, index)
        or teach.prediction_for(game, index)
    )


def after_game_note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`carc_teach.teach.event_note`,
    except that a note ahead of a question of the same turn waits for it."""
    return teach.note_held_for(game, index, quiz, after_game_question)


# -- the walkthrough -----------------------------------------------------------------------

# What is held or waits off the board (the City's quarters, the tokens) and what the
# scoring after the game still has to do are listed beside the board.
WALKTHROUGH = Walkthrough(
    question=after_game_question,
    note=after_game_note,
    panels=(
        (N_("Scoring after the game"), final_steps_html),
        (N_("The City of Carcassonne"), count_views.city_quarters_html),
        (N_("The King and the Robber Baron"), king_views.royal_tokens_html),
        (N_("Barns"), barns_html),
    ),
    board_help=N_("""
    **How to read the board.** The City of Carcassonne is the beige block in the middle,
    its four quarters named. Followers waiting in a quarter stand on no feature, so the
    board does not draw them: the table beside the board lists them, and where the Count
    stands. The King and the Robber Baron are held, not placed; the table says who holds
    them. A barn is the little house in its owner's colour where four tiles meet. Orange
    frame: the tile just placed. Yellow: the feature that scores. The table of the scoring
    after the game shows which step comes next and what each one has paid so far.
        """),
    start=start_index,
    game="after-game",
    quiz_label=N_("Ask me first (who moves, and the points)"),
)

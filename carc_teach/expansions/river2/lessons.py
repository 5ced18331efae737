"""The River II walkthrough (``notebooks/river_ii.py``): its questions, its move notes and the
table of the river beside the board.

Every answer comes from the engine: where a drawn river tile may go is what the board allows
at that moment (:meth:`~carc_teach.board.Board.placement_problem`, with the river's own rule
:func:`~carc_teach.expansions.river2.rules.river_problem` among the placement rules), where a follower
may go is what the game asked the player (:meth:`~carc_teach.game.Game.decisions`), and the
pig herd's points are those of the farm's scoring event.

The questions sit where learners go wrong:

- a river bend at an open end (:func:`bend_question_for`): "which way may it turn the
  river?", since two bends the same way in a row are refused (no U-turn) and the land sides
  must still match;
- a river tile with several open ends to choose from, or none that takes it
  (:func:`where_question_for`): "where may it go?";
- a river tile that fitted nowhere (:func:`removed_question_for`): "what becomes of it?";
- the first follower deployed on a river tile (:func:`deploy_question_for`): never on the
  river itself;
- a farm scored with the pig herd (:func:`pig_herd_question_for`): 1 more per completed city;
- every other scoring: the points (:func:`carc_teach.teach.prediction_for`).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ... import teach
from ...board import Placement
from ...errors import Phrase, Refusal
from ...geometry import NEIGHBOUR_OFFSETS
from ...i18n import N_, _, current_language, ngettext, pgettext
from ...i18n.errors import say
from ...i18n.names import tile_name
from ...lessons.lesson_sets import Walkthrough
from ...text import escape_html as escape
from ...tiles import ROTATIONS, orient
from .rules import entry_side, river_bend, river_problem, river_sides

if TYPE_CHECKING:  # pragma: no cover
    from ...events import Event
    from ...game import Game
    from ...state import GameState
    from ...tiles import TileType

__all__ = [
    "river_ends",
    "river_tiles_left",
    "river_html",
    "bend_question_for",
    "where_question_for",
    "removed_question_for",
    "deploy_question_for",
    "pig_herd_question_for",
    "river_question",
    "river_note",
]

#: side index -> the compass word for water leaving through it
_HEADING = ("north", "east", "south", "west")
_BEND_WORD = {1: "right", 3: "left"}


def _in_play(game: Game) -> bool:
    return "river2" in (game.setup.expansions or ())


def _is_river(state: GameState, tile_id: str | None) -> bool:
    return tile_id is not None and "river" in state.tile_types[tile_id].tags


# -- the table beside the board ----------------------------------------------------------------


def river_ends(state: GameState) -> list[dict]:
    """The open ends of the river in ``state``, in the order their tiles were laid.

    Each row: ``square`` (the empty square the next river tile there would fill), ``tile``
    (the river tile whose end it is) and ``at`` (its square), ``flows`` (the compass
    direction the water leaves it), ``bend`` (``"left"``, ``"right"`` or None: how the river
    turned on that tile, counted from the fork for its branches) and ``refused`` (the compass
    direction the next tile may not turn the river, or None).
    """
    board = state.board
    rows = []
    for placed in sorted(board, key=lambda p: p.order):
        if "river" not in placed.type.tags:
            continue
        entry = entry_side(board, placed)
        for side in river_sides(placed.tile):
            dx, dy = NEIGHBOUR_OFFSETS[side]
            square = (placed.x + dx, placed.y + dy)
            if side == entry or square in board.tiles:
                continue
            bend = _BEND_WORD.get(river_bend(entry, side))
            refused = None
            if bend == "right":
                refused = _HEADING[(side + 1) % 4]
            elif bend == "left":
                refused = _HEADING[(side + 3) % 4]
            rows.append(
                {
                    "square": square,
                    "tile": placed.type.id,
                    "at": placed.pos,
                    "flows": _HEADING[side],
                    "bend": bend,
                    "refused": refused,
                }
            )
    return rows


def river_tiles_left(state: GameState) -> list[str]:
    """The river tiles still to be drawn in ``state`` (tile ids, one entry per copy)."""
    return sorted(
        tid
        for tid, n in state.remaining.items()
        for _ in range(n)
        if "river" in state.tile_types[tid].tags
    )


#: the compass words of the river table, as the catalogues translate them
_COMPASS = {
    "north": N_("north"),
    "east": N_("east"),
    "south": N_("south"),
    "west": N_("west"),
}


def _compass(heading: str) -> str:
    word = _COMPASS.get(heading, heading)
    return _(word)


def _next_tile(row: dict) -> str:
    ahead = _compass(row["flows"])
    if row["refused"] is None:
        return _("straight on ({ahead}) or a bend either way", ahead=ahead)
    refused = _compass(row["refused"])
    if row["bend"] == "right":
        return _(
            "straight on ({ahead}) or a bend the other way; not toward the {refused}, "
            "which would turn right twice in a row",
            ahead=ahead,
            refused=refused,
        )
    return _(
        "straight on ({ahead}) or a bend the other way; not toward the {refused}, "
        "which would turn left twice in a row",
        ahead=ahead,
        refused=refused,
    )


def river_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """The river after event ``index`` as a small table: its open ends (where the water flows,
    how it last turned, what the next tile there may do), then the river tiles still to come
    and those that left the game. An end the event opened is shaded. ``hidden``: the table as
    it was before the event (while a question about it is open). Empty without The River II.
    """
    if not _in_play(game):
        return ""
    at = index - 1 if hidden else index
    if at < 0:
        return ""
    state = game.replay(at)
    rows = river_ends(state)
    before = {r["square"] for r in river_ends(game.replay(at - 1))} if at > 0 else set()
    cell = 'style="padding:2px 8px"'
    body = []
    for row in rows:
        changed = not hidden and at > 0 and row["square"] not in before
        flows = {
            "flows": _compass(row["flows"]),
            "tile": row["tile"],
            "x": row["at"][0],
            "y": row["at"][1],
        }
        if row["bend"] == "right":
            water = _("{flows}, after {tile} at ({x}, {y}) turned right", **flows)
        elif row["bend"] == "left":
            water = _("{flows}, after {tile} at ({x}, {y}) turned left", **flows)
        else:
            water = _("{flows}, after {tile} at ({x}, {y}) ran straight", **flows)
        body.append(
            f'<tr class="river-end{" changed" if changed else ""}" '
            f'data-square="{row["square"][0]},{row["square"][1]}" '
            f'style="{"background:#fff3c4" if changed else ""}">'
            f"<td {cell}>({row['square'][0]}, {row['square'][1]})</td>"
            f"<td {cell}>{escape(water)}</td><td {cell}>{escape(_next_tile(row))}</td></tr>"
        )
    left = river_tiles_left(state)
    removed = [
        e.tile
        for e in game.events[: at + 1]
        if e.kind == "river2-tile-removed" and e.tile is not None
    ]
    parts = []
    if body:
        parts.append(
            '<table class="carc-river" style="font:13px sans-serif;border-collapse:collapse">'
            f'<tr style="text-align:left"><th {cell}>{escape(_("open end"))}</th>'
            f"<th {cell}>{escape(_('the water flows'))}</th>"
            f"<th {cell}>{escape(_('the next river tile there may go'))}</th></tr>"
            f"{''.join(body)}</table>"
        )
    elif not left:
        done = _("The river is finished: from now on every tile drawn is a land tile.")
        parts.append(f'<p class="carc-river-done">{escape(done)}</p>')
    if left:
        coming = ngettext(
            "River tiles still to come ({n}): {tiles}. Every one is drawn before any land "
            "tile; the volcano lake comes last.",
            "River tiles still to come ({n}): {tiles}. Every one is drawn before any land "
            "tile; the volcano lake comes last.",
            len(left),
            tiles=", ".join(left),
        )
        parts.append(f'<p class="carc-river-left">{escape(coming)}</p>')
    if removed:
        gone = _("Left the game: {tiles}.", tiles=", ".join(removed))
        parts.append(f'<p class="carc-river-removed">{escape(gone)}</p>')
    return f'<div class="carc-river-panel" style="font:13px sans-serif">{"".join(parts)}</div>'


# -- what the drawn tile may do -----------------------------------------------------------------


def _drawn(game: Game, index: int) -> tuple[Event, Event] | None:
    """The river tile drawn at ``index`` and what became of it in that turn (its placement or
    its discard), or None when ``index`` is not the draw of a river tile (the spring and the
    fork, which have no choice to make, are left out)."""
    event = game.events[index]
    if event.kind != "tile-drawn" or event.turn < 1 or not _in_play(game):
        return None
    for later in game.events[index + 1 :]:
        if later.turn != event.turn:
            return None
        if later.tile == event.tile and later.kind in ("tile-placed", "tile-discarded"):
            state = game.replay(index)
            tags = state.tile_types[event.tile].tags
            if "river" not in tags or "spring" in tags or "fork" in tags:
                return None
            return event, later
    return None


def _joins(state: GameState, tile_type: TileType, square: tuple[int, int]) -> list[dict]:
    """Each rotation of ``tile_type`` at ``square`` that meets the river with one of its
    river sides: ``rotation``, ``entry`` (that side), ``exits`` (its other river sides),
    ``problem`` (why the board refuses it, or None) and ``river`` (the river rule's own
    reason, or None)."""
    board = state.board
    x, y = square
    out = []
    for rotation in ROTATIONS:
        sides = river_sides(orient(tile_type, rotation))
        entries = []
        for side in sides:
            dx, dy = NEIGHBOUR_OFFSETS[side]
            other = board.tiles.get((x + dx, y + dy))
            if other is not None and other.tile.edges[(side + 2) % 4] == "river":
                entries.append(side)
        if len(entries) != 1:
            continue
        placement = Placement(x, y, rotation)
        out.append(
            {
                "rotation": rotation,
                "entry": entries[0],
                "exits": [s for s in sides if s != entries[0]],
                "problem": board.placement_problem(tile_type, placement),
                "river": river_problem(board, tile_type, placement),
            }
        )
    return out


def _clashes(value: object) -> list[Phrase]:
    """The edge clauses ("its N side is city but the neighbour shows road ...") inside an
    edges refusal's reason, in order."""
    if not isinstance(value, Phrase):
        return []
    if value.message.startswith("its {side} side is {edge}"):
        return [value]
    found: list[Phrase] = []
    for param in value.params.values():
        found += _clashes(param)
    return found


def _plain(refusal: Refusal) -> str:
    """The engine's reason (a Refusal, with the rule it cites) in a learner's words where it
    is about edges, in the current language. The English keeps the citation, which
    :class:`teach.Prediction` drops as it puts ids in words; another language says the
    reason alone."""
    lang = current_language()
    english = lang == "en"
    if not str(refusal).startswith("edges do not match: "):
        return str(refusal) if english else refusal.reason_in(lang)
    clashes = [
        _(
            "its {side} edge would put {mine} against {theirs}",
            side=_compass(_HEADING["NESW".index(clash.params["side"])]),
            mine=say(clash.params["edge"], lang),
            theirs=say(clash.params["demand"], lang),
        )
        for clash in _clashes(refusal.reason)
    ]
    said = _(
        "its edges would not match the tiles beside it: {clashes}",
        clashes="; ".join(clashes),
    )
    return f"{said} ({refusal.citation})" if english else said


#: a bend's words, whole per way it turns (Italian and Czech say "right" and "left" apart)
_TURNS = {
    "right": (
        N_("Turning right, to the {side}, is allowed."),
        N_(
            "Turning right, to the {side}, is refused: {why}, and a second bend the same way "
            "would send the water back toward itself."
        ),
        N_(
            "Turning right, to the {side}, is refused: {why}. The river's own rule would allow "
            "that turn here; the land beside it does not."
        ),
    ),
    "left": (
        N_("Turning left, to the {side}, is allowed."),
        N_(
            "Turning left, to the {side}, is refused: {why}, and a second bend the same way "
            "would send the water back toward itself."
        ),
        N_(
            "Turning left, to the {side}, is refused: {why}. The river's own rule would allow "
            "that turn here; the land beside it does not."
        ),
    ),
}


def bend_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "Which way may this bend turn the river?", asked at the draw of a river bend, about
    the open end where it was laid. The answer is what the board allows there: never two
    bends the same way in a row (each branch of the fork counts from the fork), and the land
    sides must match as for any tile."""
    found = _drawn(game, index)
    if found is None or found[1].kind != "tile-placed":
        return None
    drawn, placed = found
    state = game.replay(index)
    tile_type = state.tile_types[drawn.tile]
    joins = [j for j in _joins(state, tile_type, placed.pos) if len(j["exits"]) == 1]
    heading = {(j["entry"] + 2) % 4 for j in joins}
    bends = {j["exits"][0]: j for j in joins if (j["exits"][0] - (j["entry"] + 2)) % 4 in (1, 3)}
    if len(heading) != 1 or len(bends) != 2:
        return None
    (ahead,) = heading
    words = {side: _HEADING[side] for side in bends}
    allowed = sorted(words[s] for s, j in bends.items() if j["problem"] is None)
    a, b = sorted(words.values())
    choices = (
        _("Only to the {side}", side=_compass(a)),
        _("Only to the {side}", side=_compass(b)),
        _("Either way"),
        _("Neither: a bend may not follow a bend"),
    )
    if len(allowed) == 2:
        answer = choices[2]
    elif len(allowed) == 1:
        answer = choices[0] if allowed[0] == a else choices[1]
    else:
        answer = choices[3]
    x, y = placed.pos
    reasons = []
    for side, j in sorted(bends.items()):
        said = _TURNS[_BEND_WORD[(side - ahead) % 4]]
        where = _compass(words[side])
        if j["problem"] is None:
            reasons.append(_(said[0], side=where))
        elif j["river"] and "U-turn" in j["river"].reason:
            reasons.append(_(said[1], side=where, why=_plain(j["river"])))
        else:
            reasons.append(_(said[2], side=where, why=_plain(j["problem"])))
    if len(allowed) == 2:
        reasons.append(
            _(
                "Only two bends the same way one after the other are forbidden; after a "
                "straight stretch or a bend the other way, either turn is fine."
            )
        )
    question = _(
        "{player} has drawn a river bend ({tile}) and lays it at the open end at ({x}, {y}), "
        "where the water arrives flowing {heading}. Which way may it turn the river?",
        player=drawn.player,
        tile=drawn.tile,
        x=x,
        y=y,
        heading=_compass(_HEADING[ahead]),
    )
    return teach.Prediction(question, choices, answer, " ".join(reasons))


def where_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "Where may this river tile go?", asked at the draw of a river tile that is not a bend
    when the river has several open ends to choose from, or when no open end takes it. The
    answer is the open ends where the board allows it."""
    found = _drawn(game, index)
    if found is None:
        return None
    drawn, outcome = found
    state = game.replay(index)
    tile_type = state.tile_types[drawn.tile]
    ends = river_ends(state)
    if outcome.kind == "tile-placed" and bend_question_for(game, index) is not None:
        return None
    fits = {}
    for end in ends:
        joins = _joins(state, tile_type, end["square"])
        fits[end["square"]] = [j for j in joins if j["problem"] is None], joins
    good = [sq for sq, (ok, _joined) in fits.items() if ok]
    if len(ends) < 2 and good:
        return None

    def at(square) -> str:
        return f"({square[0]}, {square[1]})"

    nowhere = _("Nowhere: no open end of the river can take it")
    every = _("At any open end: {squares}", squares=", ".join(at(e["square"]) for e in ends))
    only = [
        _(
            "Only at {square}, where the water flows {heading}",
            square=at(e["square"]),
            heading=_compass(e["flows"]),
        )
        for e in ends
    ]
    choices = [nowhere]
    if len(ends) > 1:
        choices.append(every)
    choices += only[: 4 - len(choices) - 1]
    choices.append(_("Anywhere along the board, as long as its edges match"))
    if not good:
        answer = nowhere
    elif len(good) == len(ends):
        answer = every
    else:
        squares = at(good[0])
        for sq in good[1:]:
            squares = pgettext("squares", "{first} and {second}", first=squares, second=at(sq))
        answer = _("Only at {squares}", squares=squares)
        for e, text in zip(ends, only, strict=True):
            if [e["square"]] == good:
                answer = text
        if answer not in choices:
            choices[-2] = answer
    reasons = []
    for end in ends:
        ok, joins = fits[end["square"]]
        if ok:
            reasons.append(_("At {square} it continues the river.", square=at(end["square"])))
        elif joins:
            reasons.append(
                _("At {square}: {why}.", square=at(end["square"]), why=_plain(joins[0]["problem"]))
            )
        else:
            reasons.append(
                _(
                    "At {square} none of its river sides can meet the water.",
                    square=at(end["square"]),
                )
            )
    reasons.append(
        _(
            "A river tile must continue an open end of the river; it may not go elsewhere "
            "against the land."
        )
    )
    if "lake" in tile_type.tags or "river-end" in tile_type.tags:
        reasons.append(
            _(
                "A lake closes the branch it ends; only the volcano lake has to wait until the "
                "very last river tile."
            )
        )
    question = _(
        "{player} has drawn the river tile {tile} ({name}). Where may it go?",
        player=drawn.player,
        tile=drawn.tile,
        name=tile_name(state.tile_types[drawn.tile].name, current_language()),
    )
    return teach.Prediction(question, tuple(choices), answer, " ".join(reasons))


def removed_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "What becomes of the river tile that fitted nowhere?", asked where the engine rules on
    it (the ``river2-tile-removed`` event)."""
    event = game.events[index]
    if event.kind != "river2-tile-removed":
        return None
    tile, player = event.tile, event.player
    answer = _("It leaves the game; the river goes on without it")
    choices = (
        answer,
        _("It goes back among the river tiles, to be drawn again later"),
        _("{player} keeps it and lays it as soon as an open end can take it", player=player),
        _("It is shuffled in with the land tiles"),
    )
    explanation = _(
        "A river tile that cannot continue the river anywhere is not kept for later: {tile} "
        "is out of the game for good, {player} has drawn another tile instead, and the river "
        "is finished with the tiles that remain.",
        tile=tile,
        player=player,
    )
    return teach.Prediction(
        _(
            "{player} set {tile} aside because no open end of the river could take it. What "
            "becomes of it now?",
            tile=tile,
            player=player,
        ),
        choices,
        answer,
        explanation,
    )


_DECISIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _decisions(game: Game) -> list:
    """``game.decisions()``, remembered per game (it plays the game once more)."""
    found = _DECISIONS.get(game)
    if found is None:
        found = _DECISIONS[game] = game.decisions()
    return found


_SPOTS = ("city", "road", "cloister", "field")
#: a feature a follower may stand on, said where it stands ("On the city") and as what a
#: player claims ("claim the city"): Czech and Italian say the two differently
_SPOT_AT = {
    "city": lambda: pgettext("a follower stands", "the city"),
    "road": lambda: pgettext("a follower stands", "the road"),
    "cloister": lambda: pgettext("a follower stands", "the cloister"),
    "field": lambda: pgettext("a follower stands", "a field"),
}
_SPOT_CLAIMED = {
    "city": lambda: pgettext("a player claims", "the city"),
    "road": lambda: pgettext("a player claims", "the road"),
    "cloister": lambda: pgettext("a player claims", "the cloister"),
    "field": lambda: pgettext("a player claims", "a field"),
}


def _either(words: list[str]) -> str:
    """``words`` joined by "or" in the current language ("the city or a field")."""
    out = words[0]
    for word in words[1:]:
        out = pgettext("list", "{rest} or {last}", rest=out, last=word)
    return out


def _first_river_deploy(game: Game) -> tuple[int, str, str, list[str]] | None:
    """The first deployment decision on a river tile that offered more than fields: the
    placement of that tile (asked there, before any follower stands on it), the player, the
    tile and the kinds of feature offered."""
    for decision in _decisions(game):
        if decision.kind != "deploy":
            continue
        k = decision.after_event
        placed = next((e for e in reversed(game.events[:k]) if e.kind == "tile-placed"), None)
        if placed is None or placed.turn != game.events[k].turn:
            continue
        state = game.replay(k)
        if not _is_river(state, placed.tile):
            continue
        tile = state.board.tiles[placed.pos].tile
        kinds = {seg.id: seg.kind for seg in tile.segments}
        offered = {
            kinds[o.to[2]]
            for o in decision.options
            if isinstance(o.to, tuple) and o.to[:2] == placed.pos and o.to[2] in kinds
        }
        if offered - {"field"}:
            spots = sorted(offered & set(_SPOTS), key=_SPOTS.index)
            return placed.index, decision.player, placed.tile, spots
    return None


def deploy_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "Where may a follower go on this river tile?", asked once: at the placement of the
    first river tile with more than fields on it where a deployment was decided, before the
    board shows the follower. The answer is what the game offered the player."""
    if not _in_play(game):
        return None
    found = _FIRST_DEPLOY.get(game, False)
    if found is False:
        found = _FIRST_DEPLOY[game] = _first_river_deploy(game)
    if found is None or found[0] != index:
        return None
    player, tile, offered = found[1:]
    answer = _("On {where}, never on the river", where=_either([_SPOT_AT[k]() for k in offered]))
    answer = answer[:1].upper() + answer[1:]
    choices = (
        answer,
        _("Anywhere on the tile, the river included"),
        _("Nowhere: no follower is placed while the river is being laid"),
        _("Only on the river, the tile's main feature"),
    )
    explanation = _(
        "The river is not a feature anybody can claim: no follower ever stands on it. The "
        "rest of a river tile is ordinary landscape, so {player} may claim {where} on it, as "
        "on any land tile, and these features are scored as usual.",
        player=player,
        where=_either([_SPOT_CLAIMED[k]() for k in offered]),
    )
    return teach.Prediction(
        _("{player} has laid {tile}. Where may a follower go on it?", player=player, tile=tile),
        choices,
        answer,
        explanation,
    )


_FIRST_DEPLOY: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _herd_part(event: Event) -> int | None:
    for what, points in event.breakdown:
        if what.startswith("the pig herd"):
            return points
    return None


def pig_herd_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "How many points does this farm with the pig herd score?", asked at a farm's final
    scoring whose breakdown has the pig herd in it."""
    event = game.events[index]
    if event.kind != "points" or event.rule != "base.final.farm":
        return None
    herd = _herd_part(event)
    if herd is None:
        return None
    points = event.points
    without = points - herd
    wrong = [without, without + 1, points + herd, without * 2]
    values = [points]
    for value in wrong:
        if value >= 0 and value not in values and len(values) < 4:
            values.append(value)
    choices = tuple(teach.points_text(v) for v in sorted(values))
    explanation = _(
        "{text} The farm pays its usual 3 points per completed city, and because the pig herd "
        "grazes in it, the farmers who score it get 1 more per completed city: once, however "
        "many herd tiles the farm holds.",
        text=event.text_in(),
    )
    return teach.Prediction(
        _(
            "{player}'s farmers hold the farm where the pig herd grazes. How many points does "
            "{player} score for it?",
            player=event.player,
        ),
        choices,
        teach.points_text(points),
        explanation,
    )


def river_question(game: Game, index: int) -> teach.Prediction | None:
    """The question the River II walkthrough asks at event ``index``: one of the river's own
    (a bend, where a tile may go, a tile that fitted nowhere, a follower on a river tile, the
    pig herd) or the points of a scoring."""
    return (
        pig_herd_question_for(game, index)
        or bend_question_for(game, index)
        or where_question_for(game, index)
        or removed_question_for(game, index)
        or deploy_question_for(game, index)
        or teach.prediction_for(game, index)
    )


def _river_asks(game: Game, index: int) -> teach.Prediction | None:
    """The river's own questions (not the points one), for holding notes back."""
    return (
        bend_question_for(game, index)
        or where_question_for(game, index)
        or removed_question_for(game, index)
        or deploy_question_for(game, index)
    )


def river_note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`carc_teach.teach.event_note`,
    except that a note ahead of a river question of the same turn waits for it and is shown
    with it."""
    return teach.note_held_for(game, index, quiz, _river_asks)


# -- the walkthrough -----------------------------------------------------------------------

# The river's open ends and the river tiles still to come are listed beside the board.
WALKTHROUGH = Walkthrough(
    question=river_question,
    note=river_note,
    panels=((N_("The river"), river_html),),
    board_help=N_("""
    **How to read the board.** The river is the blue band, with a pool where it rises at the
    spring and where a lake ends it. The table beside the board lists the river's open ends:
    which way the water flows there, how the river last turned, and so which way the next
    bend may go. Orange frame: the tile just placed. Yellow: the feature the event is about.
    The pig herd grazes in the big field on the outside of the bend where it was laid.
        """),
    game="river-pig-herd",
    quiz_label=N_("Ask me first (where the river may go, and the points)"),
)

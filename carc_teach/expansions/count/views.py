"""The Count of Carcassonne in the walkthroughs: the City's quarters panel, the question whether
the player who placed a tile may enter the City, and the notes held for it.

The views every walkthrough shares are in :mod:`carc_teach.teach`; these read the game through
the rule module's public API (``rules.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_, _, format_list
from ...teach import Prediction, is_scoring, note_held_for, prediction_for, turn_span
from ...text import escape_html as escape

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ...state import GameState


#: where a quarter's followers may go, in a learner's words
_QUARTER_SENDS = {
    "castle": N_("a city, just before it scores"),
    "blacksmith": N_("a road, just before it scores"),
    "cathedral": N_("a cloister, just before it scores"),
    "market": N_("a farm, after the last tile (or a farm a barn scores)"),
}

#: the quarters' and the waiting figures' names as the catalogues translate them
_NAMES = (
    N_("castle"),
    N_("blacksmith"),
    N_("cathedral"),
    N_("market"),
    N_("follower"),
    N_("big follower"),
    N_("mayor"),
    N_("wagon"),
)


def _figure_name(kind: str) -> str:
    from ...figures import kind_of

    title = kind_of(kind).title
    return _(title)


def city_quarters(state: GameState) -> list[dict]:
    """The four quarters of the City of Carcassonne and who waits in each: the board drawing
    shows the quarters' tiles but not the figures standing on them (they stand on a place, not
    in a feature). Empty when the game is played without the Count.

    Each row: ``quarter``, ``tile`` (tile id and square, or ``""`` before the City is laid),
    ``sends_to`` (where its followers may go), ``waiting`` (``"Alice's follower"`` ...), and
    ``count`` (whether the Count stands there).
    """
    from .rules import QUARTERS, count_quarter, quarter_occupants

    count_in = count_quarter(state)
    if count_in is None:
        return []
    tiles = {}
    for (x, y), placed in state.board.tiles.items():
        for seg in placed.tile.segments:
            if seg.kind == "quarter" and seg.id in QUARTERS:
                tiles[seg.id] = _("{tile} at ({x}, {y})", tile=placed.type.id, x=x, y=y)
    rows = []
    for quarter in QUARTERS:
        waiting = sorted(
            _("{player}'s {figure}", player=f.player, figure=_figure_name(f.kind))
            for f in quarter_occupants(state, quarter)
            if f.player is not None
        )
        rows.append(
            {
                "quarter": quarter,
                "tile": tiles.get(quarter, ""),
                "sends_to": _(_QUARTER_SENDS[quarter]),
                "waiting": waiting,
                "count": count_in == quarter,
            }
        )
    return rows


def city_quarters_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """:func:`city_quarters` after event ``index`` as a small table; a quarter the event changed
    (a figure came or went, the Count moved) is shaded. ``hidden``: the table as it was before
    the event (while a question about the event is open). Empty without the Count."""
    at = index - 1 if hidden else index
    if at < 0:
        return ""
    rows = city_quarters(game.replay(at))
    if not rows:
        return ""
    before = {r["quarter"]: r for r in city_quarters(game.replay(at - 1))} if at > 0 else {}
    body = []
    for row in rows:
        old = before.get(row["quarter"])
        changed = (
            not hidden
            and old is not None
            and (old["waiting"] != row["waiting"] or old["count"] != row["count"])
        )
        who = escape(", ".join(row["waiting"]) or _("nobody"))
        if row["count"]:
            who += " · " + _("<b>the Count</b> (nobody leaves this quarter)")
        style = "background:#fff3c4" if changed else ""
        body.append(
            f'<tr class="quarter{" changed" if changed else ""}" data-quarter="{row["quarter"]}" '
            f'style="{style}"><td style="padding:2px 8px"><b>{escape(_(row["quarter"]))}</b></td>'
            f'<td style="padding:2px 8px">{escape(row["tile"])}</td>'
            f'<td style="padding:2px 8px">{escape(row["sends_to"])}</td>'
            f'<td style="padding:2px 8px">{who}</td></tr>'
        )
    return (
        '<table class="carc-quarters" style="font:13px sans-serif;border-collapse:collapse">'
        f'<tr style="text-align:left"><th style="padding:2px 8px">{escape(_("quarter"))}</th>'
        f'<th style="padding:2px 8px">{escape(_("tile"))}</th>'
        f'<th style="padding:2px 8px">{escape(_("its followers go to"))}</th>'
        f'<th style="padding:2px 8px">{escape(_("waiting here"))}</th></tr>'
        f"{''.join(body)}</table>"
    )


def city_question_for(game: Game, index: int) -> Prediction | None:
    """ "May Alice deploy to the City now?", asked where a turn's scorings are over: at the
    deployment to a quarter when there is one (yes), else at the turn's last 3B event when the
    log shows the placer may not (they scored too, or nobody else did). Turns where the placer
    could have deployed and chose not to ask nothing. None in games without the Count."""
    if "count" not in (game.setup.expansions or ()):
        return None
    event = game.events[index]
    if event.turn < 1 or event.step in ("setup", "final"):
        return None
    span = [game.events[k] for k in turn_span(game, index)]
    player = next((e.player for e in span if e.kind == "tile-placed"), None)
    if player is None:
        return None
    deployed = next(
        (e.index for e in span if e.kind == "figure-deployed" and e.rule == "count.deploy"), None
    )
    scored = [e for e in span if e.kind == "points" and e.points > 0 and e.step in ("3A", "3B")]
    others = sorted({e.player for e in scored if e.player != player}, key=game.players.index)
    mine = any(e.player == player for e in scored)
    if deployed is not None:
        if index != deployed:
            return None
        key = "yes"
        explanation = _(
            "{others} scored because of {player}'s tile and {player} scored nothing, so "
            "{player} may put one figure from the supply into a quarter of the City, on top "
            "of the usual deployment and once per tile; whoever enters the City may also move "
            "the Count.",
            others=format_list(others) if others else _("Another player"),
            player=player,
        )
    else:
        steps = [e.index for e in span if e.step == "3B"]
        if not steps or index != steps[-1] or is_scoring(event) or (others and not mine):
            return None
        if mine:
            key = "also"
            explanation = _(
                "{player} scored in this turn too, so the City stays closed to {player} this "
                "time, however much the others scored: the right to enter the City needs "
                "points for others and none for the player who placed the tile.",
                player=player,
            )
        else:
            key = "nobody"
            explanation = _(
                "Nobody scored because of {player}'s tile, so nobody may enter the City: "
                "completing a feature alone opens nothing.",
                player=player,
            )
    said = {
        "yes": _("Yes: another player scored and {player} scored nothing", player=player),
        "enough": _("Yes: {player}'s tile completed a feature, and that is enough", player=player),
        "also": _("No: {player} scored as well", player=player),
        "nobody": _("No: nobody else scored"),
        "only": _("No: only a player who scored may enter the City"),
    }
    answer = said[key]
    choices = [
        said["yes"],
        said["enough"],
        said["also"],
        said["nobody" if key == "nobody" else "only"],
    ]
    return Prediction(
        _("May {player} put a follower into a quarter of the City now?", player=player),
        tuple(choices),
        answer,
        explanation,
    )


def walkthrough_question(game: Game, index: int) -> Prediction | None:
    """The question a walkthrough asks at event ``index``: the points of a scoring
    (:func:`prediction_for`) or, with the Count, whether the placer may enter the City
    (:func:`city_question_for`)."""
    return prediction_for(game, index) or city_question_for(game, index)


def walkthrough_note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`event_note`, except that a note
    ahead of a City question of the same turn waits for that question and is shown with it
    (a note saying "so she may send a follower into a quarter" answers it)."""
    return note_held_for(game, index, quiz, city_question_for)

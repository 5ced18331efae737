"""The marimo pieces of the Play notebook: the set-up form, taking over a game, the board that
takes clicks, the buttons (pass, next, hint, undo, download), and the explanations of what just
happened. The game itself is :class:`carc_teach.play.PlaySession`; what is shown comes from
:mod:`carc_teach.teach`, as in the walkthroughs. marimo is passed in (``mo``).

The notebook keeps one :class:`Table` (the session and the last message) and a version number
in a ``mo.state``: every action changes the table and bumps the version, and the cells that
draw read the version.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import examples, teach
from .board_input import board_picker, redraw_picker
from .editions import PRESETS
from .errors import CarcTeachError, Refusal
from .expansions import PACKAGES
from .gamefile import decode_game_text, load_game
from .play import (
    BOT_KINDS,
    MAX_SEATS,
    SEAT_KINDS,
    PlaySession,
    Seat,
    describe_option,
    parse_options,
)
from .render.svg import legend_svg, tile_svg
from .text import escape_markdown, plural

__all__ = [
    "Table",
    "setup_form",
    "takeover_form",
    "rotation_radio",
    "group_dropdown",
    "board",
    "board_widget",
    "update_board",
    "first_rotation",
    "handle_pick",
    "board_view",
    "download_button",
    "key_view",
    "scores_view",
    "option_picker",
    "buttons",
    "page",
    "setup_accordion",
    "FIRST_GAME",
]

#: the game a first visit opens: you against one greedy bot, the base game, a short game
FIRST_GAME: dict[str, Any] = {
    "seats": (("Learner", "human"), ("Greedy bot", "greedy")),
    "expansions": (),
    "seed": 1,
    "tiles": 0,
}
#: the board's key in the page (tests find it by it)
BOARD_KEY = "play-board"
_NO_PRESET = "the engine's defaults"
_NOBODY = "(nobody)"
_WHERE_THE_FILE_ENDS = -1

#: one box per expansion package of the set-up form: its title -> the expansion ids it plays
_BOXES: dict[str, tuple[str, ...]] = {
    package.title: package.expansion_ids for package in PACKAGES if package.name != "base"
}


class Table:
    """What the Play page holds between clicks: the session (None before a game) and the
    message of the last action (Markdown, already escaped), with its callout kind."""

    def __init__(self) -> None:
        self.session: PlaySession | None = None
        self.message = ""
        self.kind = "neutral"
        self.hint = ""
        #: the drawn tile's rotation the board shows (a click on a square answers with it)
        self.rotation = 0
        #: the board's picks handled so far (its count goes on across positions)
        self.picks_seen = 0
        self._scores_key: Any = None

    def scores_changed(self) -> bool:
        """Whether the scores or the scorings behind them changed since the last call (the
        page's scores and "why this many points" are drawn again only then)."""
        session = self.session
        key = None
        if session is not None:
            key = (id(session), *_scorings(session.events))
        changed, self._scores_key = key != self._scores_key, key
        return changed

    def _say(self, message: str, kind: str = "neutral") -> None:
        self.message, self.kind = message, kind

    def start(self, seats, **kwargs: Any) -> bool:
        """A new game (set-up errors become the message; the old game stays); whether it
        began."""
        try:
            self.session = PlaySession.new(seats, **kwargs)
        except CarcTeachError as exc:
            self._say(f"**The game cannot start.** {escape_markdown(str(exc))}", "danger")
            return False
        self.hint = ""
        self._say("A new game begins.", "info")
        return True

    def start_from_form(self, value: dict[str, Any] | None) -> bool:
        """A new game from the set-up form's answers; whether it began."""
        if not value:
            return False
        seats = []
        for n in range(1, MAX_SEATS + 1):
            name = str(value.get(f"name{n}") or "").strip()
            kind = value.get(f"kind{n}")
            if name and kind != _NOBODY:
                seats.append(Seat(name, kind))
        preset = value.get("preset")
        tiles = int(value.get("tiles") or 0)
        try:
            seed = int(value.get("seed") or 0)
        except (TypeError, ValueError):
            seed = -1
        chosen = [ids for k, ids in enumerate(_BOXES.values()) if value.get(f"box{k}")]
        try:
            options = parse_options(value.get("options") or "")
        except CarcTeachError as exc:
            self._say(f"**The game cannot start.** {escape_markdown(str(exc))}", "danger")
            return False
        return self.start(
            seats,
            expansions=tuple(e for ids in chosen for e in ids),
            preset=None if preset in (None, _NO_PRESET) else preset,
            seed=seed,
            tiles=tiles or None,
            options=options,
        )

    def take_over(self, value: dict[str, Any] | None) -> bool:
        """Take over a bundled game or an uploaded game file at an event; whether it worked."""
        if not value:
            return False
        try:
            upload = value.get("upload") or ()
            if upload:
                text = upload[0].contents.decode("utf-8", errors="replace")
                name = "uploaded game"
                game = load_game(decode_game_text(text, source=name), source=name)
            else:
                game = examples.load(value["bundled"])
            event = value.get("event")
            until = None if event in (None, _WHERE_THE_FILE_ENDS) else int(event)
            people = [p.strip() for p in str(value.get("people") or "").split(",")]
            people = [p for p in people if p]
            self.session = PlaySession.from_game(
                game, until, humans=people or None, bot=value.get("bot") or "greedy"
            )
        except CarcTeachError as exc:
            self._say(f"**This game cannot be taken over.** {escape_markdown(str(exc))}", "danger")
            return False
        except Exception as exc:  # anything a hostile file sets off: the page carries on
            self._say(
                f"**This game file cannot be used** ({escape_markdown(type(exc).__name__)}).",
                "danger",
            )
            return False
        self.hint = ""
        self._say(f"You take over *{escape_markdown(game.title)}* here.", "info")
        return True

    # -- answers ----------------------------------------------------------------------------
    def _after(self, result, done: str = "") -> None:
        session = self.session
        assert session is not None
        self.hint = ""
        if result.ok:
            pending = session.pending
            if pending is None:
                self._say("The game is over. Download it, or start another.", "success")
            elif not pending.human:
                self._say(
                    done
                    + f"Now **{escape_markdown(pending.player)}** ({escape_markdown(session.seat_of(pending.player).kind)} bot) decides: press **Next** to see it.",
                    "neutral",
                )
            else:
                self._say(done, "neutral")
        elif result.refusal is not None:
            self._say(refusal_markdown(result.refusal, session.setup.expansions), "warn")
        else:
            self._say(escape_markdown(result.message), "warn")

    def pick(self, target_id: str, rotation: int) -> None:
        if self.session is not None:
            self._after(self.session.pick(target_id, rotation))

    def choose(self, index: int | None) -> None:
        if self.session is not None:
            self._after(self.session.choose(index))

    def next(self) -> None:
        if self.session is not None:
            self._after(self.session.bot_step())

    def bots_to_person(self) -> None:
        if self.session is not None:
            n = self.session.bots_to_person()
            self._after(_Done(), f"The bots gave {plural(n, 'answer')}. ")

    def undo(self) -> None:
        if self.session is not None:
            result = self.session.undo()
            self._after(result, "Your last answer is taken back. " if result.ok else "")

    def ask_hint(self) -> None:
        if self.session is not None:
            hint = self.session.hint()
            self.hint = escape_markdown(hint.text) if hint else ""


def _scorings(events) -> tuple:
    return tuple((e.index, e.player, e.points) for e in events if e.kind == "points" and e.points)


class _Done:
    ok = True
    refusal = None
    message = ""


def refusal_markdown(refusal: Refusal, expansions) -> str:
    """Why not, as the page says it: the reason with the rule and footnotes cited, the rule in
    words, and each footnote's text (those of the expansions in play)."""
    from .annotations import cite, get

    lines = [f"**Not allowed:** {escape_markdown(str(refusal))}"]
    said = teach.rule_words(refusal.rule)
    if said:
        lines += ["", f"*The rule:* {said}"]
    for note_id in refusal.notes:
        try:
            record = get(note_id)
        except Exception:  # an id the corpus does not hold: cited above all the same
            continue
        if not teach.footnote_in_play(record, expansions):
            continue
        lines += [
            "",
            f"> **{escape_markdown(record.title)}** {escape_markdown(teach.plain_text(record.text))} *({escape_markdown(cite(record))})*",
        ]
    return "\n".join(lines)


# -- the set-up -------------------------------------------------------------------------------


def setup_form(mo, on_start: Callable[[Any], None]):
    """Players (a person or a bot each, up to six), expansions, edition preset, seed and a
    short game's number of tiles; "Start a new game" calls ``on_start(value)``."""
    fields: dict[str, Any] = {}
    defaults = list(FIRST_GAME["seats"])
    rows = ["| name | who plays |", "|---|---|"]
    for n in range(1, MAX_SEATS + 1):
        name, kind = defaults[n - 1] if n <= len(defaults) else ("", _NOBODY)
        fields[f"name{n}"] = mo.ui.text(value=name, max_length=40, label=f"Player {n}")
        fields[f"kind{n}"] = mo.ui.dropdown(
            options=[*SEAT_KINDS, _NOBODY], value=kind, label=f"Player {n} is"
        )
        rows.append(f"| {{name{n}}} | {{kind{n}}} |")
    boxes = []
    for k, title in enumerate(_BOXES):
        fields[f"box{k}"] = mo.ui.checkbox(label=escape_markdown(title))
        boxes.append(f"{{box{k}}}")
    fields["preset"] = mo.ui.dropdown(
        options=[_NO_PRESET, *PRESETS], value=_NO_PRESET, label="Edition preset"
    )
    fields["seed"] = mo.ui.number(
        start=0, stop=10**9, step=1, value=FIRST_GAME["seed"], label="Seed"
    )
    fields["options"] = mo.ui.text(
        placeholder="option=value, ... (e.g. count.count-movement=clockwise)",
        label="Rule options",
        full_width=True,
    )
    fields["tiles"] = mo.ui.number(
        start=0, stop=200, step=1, value=0, label="Tiles (0: every tile)"
    )
    template = "\n".join(
        [
            *rows,
            "",
            "**Expansions** (the base game is always in play)",
            "",
            "<br>".join(boxes),
            "",
            "{preset} {seed} {tiles}",
            "",
            "{options}",
        ]
    )
    return (
        mo.md(template)
        .batch(**fields)
        .form(submit_button_label="Start a new game", on_change=on_start, bordered=True)
    )


def takeover_form(mo, on_load: Callable[[Any], None]):
    """A bundled game or a game file (one downloaded here, say), the event to take over after,
    and who is a person; "Take over" calls ``on_load(value)``."""
    fields = {
        "bundled": mo.ui.dropdown(
            options=examples.names(), value="count-city", label="Bundled game"
        ),
        "upload": mo.ui.file(filetypes=[".json"], label="or upload a game file"),
        "event": mo.ui.number(
            start=-1, stop=100_000, step=1, value=_WHERE_THE_FILE_ENDS, label="After event"
        ),
        "people": mo.ui.text(
            placeholder="names, comma-separated", label="People play (default: the first player)"
        ),
        "bot": mo.ui.dropdown(options=list(BOT_KINDS), value="greedy", label="Bots play as"),
    }
    template = "{bundled} {upload}\n\n{event} {people} {bot}"
    return mo.md(template).batch(**fields).form(submit_button_label="Take over", on_change=on_load)


#: how the page is played, folded above the board with the set-up
HOW_TO_PLAY = """Draw, turn the tile and click a blue square; then click where to deploy a
figure, or pass. Every other decision the rules ask of you (the Count's deployment, a wagon's
move, a barn, the market after the game ...) comes to you the same way. A grey square or segment
says which rule refuses it.

The bots move one decision at a time: press **Next** to follow them. **Hint** shows what the
greedy bot would do and what it scores this turn; **Undo** takes back your last answer.
**Download the game** saves it as a game file at any moment (the turns played so far); take it
over again under "Take over a game", or take over a bundled game at any event."""

TAKE_OVER_INTRO = """A bundled game or a game file, from just after an event (its number as the
walkthroughs show it; -1 goes on where its moves end). The decisions before it keep the file's
answers; the people you name play on, the bots play the rest."""


def setup_accordion(mo, setup, takeover, games: int = 0):
    """How to play, the set-up form and the take-over form, folded above the board (the page
    opens with a game set out, so they wait until asked for). ``games`` counts the games set
    out: a new count draws the accordion afresh, folded."""
    folds = mo.accordion(
        {
            "How to play": mo.md(HOW_TO_PLAY),
            "Set up a new game": setup,
            "Take over a game": mo.vstack([mo.md(TAKE_OVER_INTRO), takeover]),
        }
    )
    # the front end keeps an accordion's open items while its element stays: a new key
    # makes a new element
    return mo.Html(f'<div key="games-{int(games)}">{folds.text}</div>')


# -- the decision -----------------------------------------------------------------------------


def rotation_radio(mo, table: Table):
    """The drawn tile's rotation, each with the number of squares it fits (the first that fits
    is chosen)."""
    session = table.session
    counts = session.rotations() if session is not None else {0: 0}
    options = {f"{r}° (fits {plural(n, 'square')})": r for r, n in counts.items()}
    first = next((label for label, r in options.items() if counts[r]), next(iter(options)))
    return mo.ui.radio(options=options, value=first, label="Turn the tile", inline=True)


def group_dropdown(mo, table: Table):
    """Which figure to deploy or move, when the decision offers several."""
    session = table.session
    groups = session.groups() if session is not None else {}
    if not groups:
        groups = {"-": "-"}
    options = {label: key for key, label in groups.items()}  # marimo shows labels as text
    return mo.ui.dropdown(options=options, value=next(iter(options)), label="Figure")


def _draw_options(session: PlaySession) -> dict[str, Any]:
    state = session.state
    return {
        "players": session.players,
        "size": teach.auto_tile_size(state, 600),
        "max_width": 600,  # the board's column of the page
        "corner_figures": teach._corner_figures(state),
    }


def first_rotation(table: Table) -> int:
    """The rotation the page starts a tile at: the first that fits somewhere."""
    session = table.session
    counts = session.rotations() if session is not None else {0: 0}
    return next((r for r, n in counts.items() if n), next(iter(counts)))


def _targets(session: PlaySession, rotation: int, group: str | None) -> list:
    pending = session.pending
    if pending is not None and pending.human:
        return session.targets(rotation, group)
    return []


def board(mo, table: Table):
    """The board that takes clicks, with what may be picked on it now. Made once: later
    positions are drawn into the same element (:func:`update_board`), so an answer re-creates
    no element and sends the page only the new picture."""
    session = table.session
    if session is None:
        return mo.md("*No game yet: start one above.*")
    table.rotation = first_rotation(table)
    return board_picker(
        mo,
        session.state.board,
        _targets(session, table.rotation, None),
        key=BOARD_KEY,
        **_draw_options(session),
    )


def board_widget(picker):
    """What :func:`update_board` draws into: the picker's widget, under a name that is not the
    element's (marimo re-runs every cell naming an element when its value changes; the board
    is drawn again after an answer, not also when the click arrives)."""
    return getattr(picker, "widget", None)


def update_board(widget, table: Table, rotation: int | None, group: str | None) -> None:
    """Draw the position and the targets of the decision (for the tile at ``rotation``, the
    figure ``group``) into the board, when they changed."""
    session = table.session
    table.rotation = rotation or 0
    if session is None or widget is None:
        return
    redraw_picker(
        widget,
        session.state.board,
        _targets(session, table.rotation, group),
        **_draw_options(session),
    )


def board_view(mo, picker):
    """The board as the page shows it: the picker's own element, held by an output that is not
    the element (the page must re-run once the answer is given, not also when the click
    arrives). The element stays the same from answer to answer, so the page's HTML of it does
    not change and the front end keeps it."""
    return mo.Html(picker.text)


def handle_pick(table: Table, picker, bump: Callable[[], None]) -> None:
    """A click on the board answers (or says why not), at the rotation the board shows."""
    session = table.session
    value = getattr(picker, "value", None)
    if session is None or not isinstance(value, dict):
        return
    count = value.get("n") or 0
    if count <= table.picks_seen:  # a pick already answered
        return
    table.picks_seen = count
    target = value.get("target")
    if target:
        table.pick(target, table.rotation)
        bump()


def option_picker(mo, table: Table, bump: Callable[[], None]):
    """Every option of the decision as the engine lists them (the keyboard's way, and the way
    to options with no place on the board), and "Do it"."""
    session = table.session
    pending = session.pending if session is not None else None
    if pending is None or not pending.human:
        return None
    labels = session.option_labels()
    options = {f"{i + 1}. {label}": i for i, label in enumerate(labels)}  # shown as text
    if not options:
        return None
    dropdown = mo.ui.dropdown(options=options, value=next(iter(options)), label="Or choose")

    def act(_value):
        table.choose(dropdown.value)
        bump()

    return mo.hstack(
        [dropdown, mo.ui.button(label="Do it", on_click=act)], justify="start", align="end"
    )


def download_button(mo, table: Table):
    """The "Download the game" button: the game file as it is when clicked. Made once per
    game: the page's HTML carries no copy of the game, and the button stays the same element
    from answer to answer."""

    def game_file() -> bytes:
        session = table.session
        data = session.to_json() if session is not None else {}
        return json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")

    return mo.download(
        data=game_file,
        filename="carc-teach-game.json",
        mimetype="application/json",
        label="Download the game",
    )


def buttons(mo, table: Table, bump: Callable[[], None], download=None):
    """Pass, Next (a bot's decision), Bots play to my turn, Hint, Undo, and ``download``
    (:func:`download_button`)."""
    session = table.session
    if session is None:
        return mo.md("")
    pending = session.pending

    def doing(action):
        def run(_value):
            action()
            bump()

        return run

    row = []
    if pending is not None and pending.human and pending.optional:
        row.append(mo.ui.button(label="Pass", on_click=doing(lambda: table.choose(None))))
    if pending is not None and not pending.human:
        row.append(mo.ui.button(label="Next", kind="success", on_click=doing(table.next)))
        row.append(mo.ui.button(label="Bots play to my turn", on_click=doing(table.bots_to_person)))
    if pending is not None and pending.human:
        row.append(mo.ui.button(label="Hint", on_click=doing(table.ask_hint)))
    row.append(mo.ui.button(label="Undo", on_click=doing(table.undo)))
    if download is not None:
        row.append(download)
    return mo.hstack(row, justify="start", gap=0.5)


# -- the page ---------------------------------------------------------------------------------


def _prompt_markdown(session: PlaySession) -> tuple[str, str]:
    """Whose decision and what to do (shown first, by the controls), and its rule (after
    them: the controls stay in view at 800 pixels high)."""
    pending = session.pending
    if pending is None:
        return "### The game is over", ""
    who = escape_markdown(pending.player)
    seat = session.seat_of(pending.player)
    head = f"### {who}" + ("" if seat.human else f" ({escape_markdown(seat.kind)} bot)")
    lines = [
        head,
        "",
        f"Decision {pending.index + 1} of the game: "
        + escape_markdown(pending.prompt)
        + (" (or pass)" if pending.optional else "")
        + ".",
    ]
    if pending.human:
        if pending.kind == "place":
            lines += [
                "",
                "Turn the tile, then click a blue square (a grey one, dashed, says why not).",
            ]
        elif not pending.options:
            lines += ["", "Nothing can be chosen now: pass (a grey place on the board says why)."]
        elif session.targets():
            lines += ["", "Click a highlighted place on the board, or choose from the list."]
        else:
            lines += ["", "Choose from the list."]
    rule = []
    said = teach.rule_words(pending.rule) if pending.rule else ""
    if said:
        rule += [f"*The rule:* {said}", ""]
    rule.append(teach.rule_details_html(pending.rule, kind=pending.kind))
    return "\n".join(lines), "\n".join(rule)


#: the earlier events since a person's last answer that unfold to their explanation
_TOLD = 12


def _cut(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _events_view(mo, session: PlaySession):
    """What happened since a person last answered: the newest event told in full with its
    footnotes, the ones before it folded."""
    events = session.events
    start = session.since_last_person()
    recent = events[start:] or events[-1:]
    if not recent:
        return mo.md("")
    expansions = session.setup.expansions
    newest = recent[-1]
    parts = [mo.md("**What just happened**"), mo.md(teach.explanation_markdown(newest))]
    notes = teach.annotation_notes(newest, expansions=expansions)
    if notes:
        parts.append(
            mo.accordion(
                {
                    f"{n['kind']} · {n['title']}": mo.md(f"{n['text']}\n\n*{n['citation']}*")
                    for n in notes
                }
            )
        )
    earlier = recent[:-1]
    if earlier:
        # each earlier event unfolds to its explanation; beyond a dozen, a plain list
        told = {
            f"Event {e.index}: {escape_markdown(_cut(e.text))}": mo.md(
                teach.explanation_markdown(e)
            )
            for e in reversed(earlier[-_TOLD:])
        }
        if len(earlier) > _TOLD:
            told[f"{plural(len(earlier) - _TOLD, 'earlier event')}"] = mo.md(
                "\n\n".join(f"- {escape_markdown(e.text)}" for e in earlier[:-_TOLD])
            )
        parts.append(mo.md(f"**Before that** ({plural(len(earlier), 'event')}, newest first)"))
        parts.append(mo.accordion(told))
    return mo.vstack(parts)


def key_view(mo, table: Table):
    """The key to the board's drawing, for the expansions in play (drawn once per game)."""
    session = table.session
    if session is None:
        return mo.md("")
    return mo.accordion({"Key": mo.Html(legend_svg(session.setup.expansions))})


def scores_view(mo, table: Table):
    """The scores and "why this many points" per player, told up to the newest scoring: drawn
    again only when a scoring changes them (:meth:`Table.scores_changed`), under the board."""
    session = table.session
    if session is None:
        return mo.md("")
    game = session.game()
    scorings = _scorings(game.events)
    # the scores after the newest scoring are the scores now
    upto = scorings[-1][0] if scorings else max(len(game.events) - 1, 0)
    return mo.vstack(
        [
            mo.md("**Scores**"),
            mo.Html(teach.scoreboard_html(game, upto)),
            mo.accordion(
                {
                    f"Why {escape_markdown(player)} has {plural(points, 'point')}": mo.md(
                        teach.score_story_markdown(game, upto, player)
                    )
                    for player, points in game.scores_after(upto).items()
                }
            ),
        ]
    )


def page(mo, table: Table, board, rotation, group, options, controls):
    """The Play page's top, redrawn after every answer: the board (:func:`board_view`, the
    same element each time) beside whose decision it is, the drawn tile, the controls, the
    message of the last click, the hint, the decision's rule and what just happened. The
    scores (:func:`scores_view`) and the key (:func:`key_view`) follow it, in cells that run
    only when they change."""
    session = table.session
    if session is None:
        return mo.callout(mo.md(table.message or "Start a game above."), kind="info")
    pending = session.pending
    prompt, rule = _prompt_markdown(session)
    side = [mo.md(prompt)]
    if pending is not None and pending.human and pending.kind == "place" and pending.tile:
        tile = session.state.tile_types[pending.tile]
        side.append(mo.Html(tile_svg(tile, rotation.value or 0, size=90)))
        side.append(rotation)
    if pending is not None and pending.human and len(session.groups()) > 1:
        side.append(group)
    if options is not None:
        side.append(options)
    side.append(controls)
    if table.message:
        side.append(mo.callout(mo.md(table.message), kind=table.kind))
    if table.hint:
        side.append(mo.callout(mo.md(f"**Hint:** {table.hint}"), kind="info"))
    if rule:
        side.append(mo.md(rule))
    side.append(_events_view(mo, session))
    return mo.hstack([board, mo.vstack(side)], widths=[3, 2], align="start")


__all__ += ["refusal_markdown", "describe_option"]

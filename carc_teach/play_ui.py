"""The marimo pieces of the Play notebook: the set-up form, taking over a game, the board that
takes clicks with the decision's panel beside it (its controls: pass, next, hint, undo, the
rotation, the figure, the engine's options), the download, and the explanations of what just
happened. The game itself is :class:`carc_teach.play.PlaySession`; what is shown comes from
:mod:`carc_teach.teach`, as in the walkthroughs. marimo is passed in (``mo``).

The notebook keeps one :class:`Table` (the session, the last message, the rotation and figure
shown). The page's top is one element made once per game (:func:`play_board`): the board
(:func:`carc_teach.board_input.board_picker`) with a panel of plain HTML controls beside it.
A click on the board or a control reaches Python as a message to that element; the table
answers (:meth:`Table.act`) and the new position and panel are drawn into the same element,
so an answer runs no cell and makes no element anew (marimo's front end mounting new buttons
was most of a click's time). The scores are a cell of their own, run when a scoring changed
them (:meth:`Table.scores_changed`). Every piece takes ``lang``, the page's language, for its
own words.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import examples, teach
from .board_input import board_picker, redraw_picker
from .editions import PRESETS, translated_preset
from .errors import CarcTeachError, Refusal, one_line
from .expansions import PACKAGES
from .gamefile import decode_game_text, load_game
from .i18n import N_, _, language_code, ngettext
from .i18n.errors import error_text, say
from .i18n.names import box_name
from .notebook_ui import markdown_html, score_stories
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
from .text import escape_html, escape_markdown

__all__ = [
    "Table",
    "setup_form",
    "takeover_form",
    "first_rotation",
    "first_game_seats",
    "intro_markdown",
    "download_button",
    "key_view",
    "scores_view",
    "setup_accordion",
    "FIRST_GAME",
]

#: the game a first visit opens: you against one greedy bot, the base game; the seats' names
#: are message ids, said in the page's language (:func:`first_game_seats`)
FIRST_GAME: dict[str, Any] = {
    "seats": ((N_("Learner"), "human"), (N_("Greedy bot"), "greedy")),
    "expansions": (),
    "seed": 1,
    "tiles": 0,
}
#: the board's key in the page (tests find it by it)
BOARD_KEY = "play-board"
_NO_PRESET = "-"
_NOBODY = "-"
_WHERE_THE_FILE_ENDS = -1

#: one box per expansion package of the set-up form: its title -> the expansion ids it plays
_BOXES: dict[str, tuple[str, ...]] = {
    package.title: package.expansion_ids for package in PACKAGES if package.name != "base"
}


#: a text the page shows in its language: ``said(lang)`` is Markdown, already escaped
Said = Callable[[str | None], str]


def _silent(lang: str | None = None) -> str:
    return ""


class Table:
    """What the Play page holds between clicks: the session (None before a game) and the
    message of the last action with its callout kind. The message is kept as a function of
    the page's language (:meth:`message_in`), so switching languages says it again."""

    def __init__(self) -> None:
        self.session: PlaySession | None = None
        self.said: Said = _silent
        self.kind = "neutral"
        self.hint = ""
        #: the drawn tile's rotation the board shows (a click on a square answers with it);
        #: None after an answer: the first that fits (:func:`first_rotation`)
        self.rotation: int | None = None
        #: the figure the board shows targets for (None: the decision's first)
        self.group: str | None = None
        self._scores_key: Any = None
        #: the language the first game's seats are named in (None: not the first game)
        self.first_game_in: str | None = None

    def scores_changed(self) -> bool:
        """Whether the scores or the scorings behind them changed since the last call (the
        page's scores and "why this many points" are drawn again only then)."""
        session = self.session
        key = None
        if session is not None:
            key = (id(session), *_scorings(session.events))
        changed, self._scores_key = key != self._scores_key, key
        return changed

    def _next_decision(self) -> None:
        """After an answer: the next decision starts at its first rotation and figure."""
        self.rotation = None
        self.group = None

    def _say(self, said: Said, kind: str = "neutral") -> None:
        self.said, self.kind = said, kind

    def message_in(self, lang: str | None = None) -> str:
        """The message of the last action, in ``lang`` (Markdown; "" for none)."""
        return self.said(lang)

    def _cannot_start(self, exc: CarcTeachError) -> bool:
        def said(lang: str | None) -> str:  # the error in the page's language (docs/i18n.md)
            error = escape_markdown(error_text(exc, lang))
            return _("**The game cannot start.** {error}", lang, error=error)

        self._say(said, "danger")
        return False

    def start(self, seats, **kwargs: Any) -> bool:
        """A new game (set-up errors become the message; the old game stays); whether it
        began."""
        try:
            self.session = PlaySession.new(seats, **kwargs)
        except CarcTeachError as exc:
            return self._cannot_start(exc)
        self.first_game_in = None
        self.hint = ""
        self._next_decision()
        self._say(lambda lang: _("A new game begins.", lang), "info")
        return True

    def start_first_game(self, lang: str | None = None) -> bool:
        """The game a first visit opens (:data:`FIRST_GAME`), its seats named in ``lang``."""
        began = self.start(
            first_game_seats(lang),
            expansions=FIRST_GAME["expansions"],
            seed=FIRST_GAME["seed"],
        )
        self.first_game_in = language_code(lang) if began else None
        return began

    def name_seats_in(self, lang: str | None = None) -> bool:
        """The first game's seats named in ``lang`` (a language switch), the game going on
        where it is: the same set-up and the same answers under the new names (the first game
        is a base game, whose answers name no player). Another game keeps the names it was set
        up with. Whether the names changed."""
        session, code = self.session, language_code(lang)
        if session is None or self.first_game_in in (None, code):
            return False
        names = dict(zip(session.players, (n for n, _kind in first_game_seats(lang)), strict=True))
        if len(set(names.values())) != len(names):
            return False
        try:
            self.session = session.renamed(names)
        except CarcTeachError:
            return False
        self.first_game_in = code
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
            return self._cannot_start(exc)
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
            self.first_game_in = None
        except CarcTeachError as exc:
            failure = exc
            self._say(
                lambda lang: _(
                    "**This game cannot be taken over.** {error}",
                    lang,
                    error=escape_markdown(error_text(failure, lang)),
                ),
                "danger",
            )
            return False
        except Exception as exc:  # anything a hostile file sets off: the page carries on
            error = escape_markdown(_unexpected(exc))
            self._say(
                lambda lang: _("**This game file cannot be used** ({error}).", lang, error=error),
                "danger",
            )
            return False
        self.hint = ""
        self._next_decision()
        title = escape_markdown(game.title)
        self._say(lambda lang: _("You take over *{title}* here.", lang, title=title), "info")
        return True

    # -- answers ----------------------------------------------------------------------------
    def _after(self, result, done: Said = _silent) -> None:
        session = self.session
        assert session is not None
        self.hint = ""
        if result.ok:
            self._next_decision()
            pending = session.pending
            if pending is None:
                self._say(
                    lambda lang: _("The game is over. Download it, or start another.", lang),
                    "success",
                )
            elif not pending.human:
                player = escape_markdown(pending.player)
                kind = session.seat_of(pending.player).kind

                def now(lang: str | None) -> str:
                    bot = _seat_name(kind, lang)
                    return done(lang) + _(
                        "Now **{player}** ({bot}) decides: press **Next** to see it.",
                        lang,
                        player=player,
                        bot=bot,
                    )

                self._say(now, "neutral")
            else:
                self._say(done, "neutral")
        elif result.refusal is not None:
            refusal, expansions = result.refusal, session.setup.expansions
            self._say(lambda lang: refusal_markdown(refusal, expansions, lang), "warn")
        else:
            message = result.message  # the engine's words, said in the language shown
            self._say(lambda lang: escape_markdown(say(message, lang)), "warn")

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
            self._after(
                _Done(),
                lambda lang: ngettext(
                    "The bots gave {n} answer. ", "The bots gave {n} answers. ", n, lang
                ),
            )

    def undo(self) -> None:
        if self.session is not None:
            result = self.session.undo()
            self._after(
                result,
                (lambda lang: _("Your last answer is taken back. ", lang))
                if result.ok
                else _silent,
            )

    def ask_hint(self) -> None:
        if self.session is not None:
            hint = self.session.hint()
            self.hint = hint.text if hint else ""  # said in the page's language by the panel

    def act(self, action: str, value: str = "") -> bool:
        """What a control of the page asks (:func:`play_board`): ``pick`` a target (its id,
        at the rotation shown), ``rotate`` the tile (degrees), show a ``figure``'s targets,
        ``choose`` an option (its number in the engine's list), ``pass``, ``next`` (a bot's
        decision), ``bots`` (to the next person), ``hint``, ``undo``. Whether anything was
        done (anything else, or a value the decision does not offer, does nothing)."""
        session = self.session
        if session is None:
            return False
        if action == "pick":
            self.pick(value, _rotation_now(self))
        elif action == "rotate":
            rotation = _number(value)
            if rotation not in session.rotations():
                return False
            self.rotation = rotation
        elif action == "figure":
            if value not in session.groups():
                return False
            self.group = value
        elif action == "choose":
            index = _number(value)
            if index is None or not 0 <= index < len(session.option_labels()):
                return False
            self.choose(index)
        elif action in self._ACTIONS:
            getattr(self, self._ACTIONS[action])()
        else:
            return False
        return True

    #: the panel's buttons: the table's method each one calls
    _ACTIONS = {
        "pass": "pass_",
        "next": "next",
        "bots": "bots_to_person",
        "hint": "ask_hint",
        "undo": "undo",
    }

    def pass_(self) -> None:
        self.choose(None)


def _number(text: str) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def first_game_seats(lang: str | None = None) -> tuple[tuple[str, str], ...]:
    """The first game's seats, (name, kind), their names in ``lang``."""
    return tuple((_(name, lang), kind) for name, kind in FIRST_GAME["seats"])


#: the kinds of seat as the page names them
_SEAT_NAMES = {
    "human": N_("a person"),
    "greedy": N_("greedy bot"),
    "random": N_("random bot"),
}


def _seat_name(kind: str, lang: str | None) -> str:
    name = _SEAT_NAMES.get(kind)
    return _(name, lang) if name else escape_markdown(kind)


def _scorings(events) -> tuple:
    return tuple((e.index, e.player, e.points) for e in events if e.kind == "points" and e.points)


class _Done:
    ok = True
    refusal = None
    message = ""


def refusal_markdown(refusal: Refusal, expansions, lang: str | None = None) -> str:
    """Why not, as the page says it: the reason with the rule and footnotes cited, the rule in
    words, and each footnote's text (those of the expansions in play; the page's own words and
    the footnotes in ``lang`` where they are translated, and the engine's reason and its
    citation in ``lang``: ``Refusal.text_in``)."""
    from .annotations import cite, get

    reason = escape_markdown(refusal.text_in(lang))
    lines = [_("**Not allowed:** {reason}", lang, reason=reason)]
    said = teach.rule_words(refusal.rule, lang)
    if said:
        lines += ["", _("*The rule:* {rule}", lang, rule=said)]
    for note_id in refusal.notes:
        try:
            record = get(note_id)
        except Exception:  # an id the corpus does not hold: cited above all the same
            continue
        if not teach.footnote_in_play(record, expansions):
            continue
        lines += [
            "",
            f"> **{escape_markdown(record.title_in(lang))}** "
            f"{escape_markdown(teach.plain_text(record.text_in(lang)))} "
            f"*({escape_markdown(cite(record))})*",
        ]
    return "\n".join(lines)


def _unexpected(exc: Exception) -> str:
    """An error the engine did not foresee, as one short line: its kind and what it says (a
    teacher reporting it needs both; the kind alone hid which value was wrong). Cut at 300
    characters, control characters shown escaped; the caller escapes it for markdown."""
    words = one_line(f"{type(exc).__name__}: {exc}")
    return words if len(words) <= 300 else words[:299] + "…"


# -- the set-up -------------------------------------------------------------------------------


def setup_form(mo, on_start: Callable[[Any], None], lang: str | None = None):
    """Players (a person or a bot each, up to six), expansions, edition preset, seed and a
    short game's number of tiles; "Start a new game" calls ``on_start(value)``. Labelled in
    ``lang``."""
    fields: dict[str, Any] = {}
    defaults = list(first_game_seats(lang))
    rows = [f"| {_('name', lang)} | {_('who plays', lang)} |", "|---|---|"]
    # each kind of seat by its name in the page's language (marimo shows the keys as text)
    kinds = {_seat_name(kind, lang): kind for kind in SEAT_KINDS}
    kinds[_("(nobody)", lang)] = _NOBODY
    label_of = {kind: label for label, kind in kinds.items()}
    for n in range(1, MAX_SEATS + 1):
        name, kind = defaults[n - 1] if n <= len(defaults) else ("", _NOBODY)
        fields[f"name{n}"] = mo.ui.text(value=name, max_length=40, label=_("Player {n}", lang, n=n))
        fields[f"kind{n}"] = mo.ui.dropdown(
            options=kinds, value=label_of[kind], label=_("Player {n} is", lang, n=n)
        )
        rows.append(f"| {{name{n}}} | {{kind{n}}} |")
    boxes = []
    for k, title in enumerate(_BOXES):
        fields[f"box{k}"] = mo.ui.checkbox(label=escape_markdown(box_name(title, lang)))
        boxes.append(f"{{box{k}}}")
    defaults_label = _("the engine's defaults", lang)
    fields["preset"] = mo.ui.dropdown(
        # each preset by its id and its title in the language (the value stays the id)
        options={
            defaults_label: _NO_PRESET,
            **{
                f"{preset}: {translated_preset(PRESETS[preset], lang).title}": preset
                for preset in PRESETS
            },
        },
        value=defaults_label,
        label=_("Edition preset", lang),
    )
    fields["seed"] = mo.ui.number(
        start=0, stop=10**9, step=1, value=FIRST_GAME["seed"], label=_("Seed", lang)
    )
    fields["options"] = mo.ui.text(
        placeholder=_("option=value, ... (e.g. count.count-movement=clockwise)", lang),
        label=_("Rule options", lang),
        full_width=True,
    )
    fields["tiles"] = mo.ui.number(
        start=0, stop=200, step=1, value=0, label=_("Tiles (0: every tile)", lang)
    )
    template = "\n".join(
        [
            *rows,
            "",
            _("**Expansions** (the base game is always in play)", lang),
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
        .form(submit_button_label=_("Start a new game", lang), on_change=on_start, bordered=True)
    )


def takeover_form(mo, on_load: Callable[[Any], None], lang: str | None = None):
    """A bundled game or a game file (one downloaded here, say), the event to take over after,
    and who is a person; "Take over" calls ``on_load(value)``. Labelled in ``lang``."""
    bots = {_seat_name(kind, lang): kind for kind in BOT_KINDS}
    fields = {
        "bundled": mo.ui.dropdown(
            options=examples.names(), value="count-city", label=_("Bundled game", lang)
        ),
        "upload": mo.ui.file(filetypes=[".json"], label=_("or upload a game file", lang)),
        "event": mo.ui.number(
            start=-1,
            stop=100_000,
            step=1,
            value=_WHERE_THE_FILE_ENDS,
            label=_("After event", lang),
        ),
        "people": mo.ui.text(
            placeholder=_("names, comma-separated", lang),
            label=_("People play (default: the first player)", lang),
        ),
        "bot": mo.ui.dropdown(
            options=bots, value=_seat_name("greedy", lang), label=_("Bots play as", lang)
        ),
    }
    template = "{bundled} {upload}\n\n{event} {people} {bot}"
    return (
        mo.md(template)
        .batch(**fields)
        .form(submit_button_label=_("Take over", lang), on_change=on_load)
    )


#: the page's title and what it is for
INTRO = N_("""# Play a whole game

Play Carcassonne to the end against the computer's players, or with friends at one
screen, with any of the expansions the engine knows. A game against the greedy bot is
already set out below; set up another or take over a game here.""")


def intro_markdown(lang: str | None = None) -> str:
    """The page's title and introduction in ``lang``."""
    return _(INTRO, lang)


#: how the page is played, folded above the board with the set-up
HOW_TO_PLAY = N_("""Draw, turn the tile and click a blue square; then click where to deploy a
figure, or pass. Every other decision the rules ask of you (the Count's deployment, a wagon's
move, a barn, the market after the game ...) comes to you the same way. A grey square or segment
says which rule refuses it.

The bots move one decision at a time: press **Next** to follow them. **Hint** shows what the
greedy bot would do and what it scores this turn; **Undo** takes back your last answer.
**Download the game** saves it as a game file at any moment (the turns played so far); take it
over again under "Take over a game", or take over a bundled game at any event.""")

TAKE_OVER_INTRO = N_("""A bundled game or a game file, from just after an event (its number as the
walkthroughs show it; -1 goes on where its moves end). The decisions before it keep the file's
answers; the people you name play on, the bots play the rest.""")


def setup_accordion(mo, setup, takeover, games: int = 0, lang: str | None = None):
    """How to play, the set-up form and the take-over form, folded above the board (the page
    opens with a game set out, so they wait until asked for). ``games`` counts the games set
    out: a new count draws the accordion afresh, folded."""
    folds = mo.accordion(
        {
            _("How to play", lang): mo.md(_(HOW_TO_PLAY, lang)),
            _("Set up a new game", lang): setup,
            _("Take over a game", lang): mo.vstack([mo.md(_(TAKE_OVER_INTRO, lang)), takeover]),
        }
    )
    # the front end keeps an accordion's open items while its element stays: a new key
    # makes a new element
    return mo.Html(f'<div key="games-{int(games)}">{folds.text}</div>')


# -- the decision -----------------------------------------------------------------------------


def _draw_options(session: PlaySession, lang: str | None = None) -> dict[str, Any]:
    state = session.state
    return {
        "lang": lang,  # the hover texts of tiles, segments and figures
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


def _rotation_now(table: Table) -> int:
    """The rotation the board shows: the learner's, else the first that fits (kept)."""
    if table.rotation is None:
        table.rotation = first_rotation(table)
    return table.rotation


def _targets(
    session: PlaySession, rotation: int, group: str | None, lang: str | None = None
) -> list:
    """The board's targets, their labels (tooltips, what a screen reader says) in ``lang``."""
    pending = session.pending
    if pending is not None and pending.human:
        targets = session.targets(rotation, group)
        if language_code(lang) == "en":
            return targets
        return [replace(t, label=say(t.label, lang)) for t in targets]
    return []


def _board_label(lang: str | None) -> str:
    return _("Board: Tab to reach it, arrow keys to move, Enter to pick", lang)


def download_button(mo, table: Table, lang: str | None = None):
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
        label=_("Download the game", lang),
    )


# -- the page ---------------------------------------------------------------------------------


def _prompt_markdown(session: PlaySession, lang: str | None = None) -> tuple[str, str]:
    """Whose decision and what to do (shown first, by the controls), and its rule (after
    them: the controls stay in view at 800 pixels high). The page's words and the engine's
    prompt in ``lang``."""
    pending = session.pending
    if pending is None:
        return "### " + _("The game is over", lang), ""
    who = escape_markdown(pending.player)
    seat = session.seat_of(pending.player)
    head = f"### {who}" + ("" if seat.human else f" ({_seat_name(seat.kind, lang)})")
    prompt = escape_markdown(say(pending.prompt, lang))
    number = pending.index + 1
    lines = [
        head,
        "",
        _("Decision {number} of the game: {prompt} (or pass).", lang, number=number, prompt=prompt)
        if pending.optional
        else _("Decision {number} of the game: {prompt}.", lang, number=number, prompt=prompt),
    ]
    if pending.human:
        if pending.kind == "place":
            doing = _(
                "Turn the tile, then click a blue square (a grey one, dashed, says why not).", lang
            )
        elif not pending.options:
            doing = _("Nothing can be chosen now: pass (a grey place on the board says why).", lang)
        elif session.targets():
            doing = _("Click a highlighted place on the board, or choose from the list.", lang)
        else:
            doing = _("Choose from the list.", lang)
        lines += ["", doing]
    rule = []
    said = teach.rule_words(pending.rule, lang) if pending.rule else ""
    if said:
        rule += [_("*The rule:* {rule}", lang, rule=said), ""]
    rule.append(teach.rule_details_html(pending.rule, kind=pending.kind, lang=lang))
    return "\n".join(lines), "\n".join(rule)


#: the earlier events since a person's last answer that unfold to their explanation
_TOLD = 12


def _cut(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _md(mo, text: str) -> str:
    """marimo's HTML of the Markdown ``text``, converted once per distinct text
    (:func:`notebook_ui.markdown_html`, whose store the offline site's snapshot holds): the
    same texts (a rule, a prompt, an event told again) come back answer after answer."""
    return markdown_html(mo, text)


def _events_html(mo, session: PlaySession, lang: str | None = None) -> str:
    """What happened since a person last answered: the newest event told in full with its
    footnotes (folded), the ones before it folded, each explained only when unfolded (the
    page asks for it: :func:`explanation_html`)."""
    events = session.events
    start = session.since_last_person()
    recent = events[start:] or events[-1:]
    if not recent:
        return ""
    expansions = session.setup.expansions
    newest = recent[-1]
    parts = [
        _md(mo, _("**What just happened**", lang)),
        _md(mo, teach.explanation_markdown(newest, lang=lang)),
    ]
    notes = teach.annotation_notes(newest, expansions=expansions, lang=lang)
    if notes:
        folds = "".join(
            f"<details><summary>{escape_html(n['kind'])} · {escape_html(n['title'])}</summary>"
            + _md(mo, f"{n['text']}\n\n*{n['citation']}*")
            + "</details>"
            for n in notes
        )
        parts.append(f'<div class="carc-folds">{folds}</div>')
    earlier = recent[:-1]
    if earlier:
        parts.append(
            _md(
                mo,
                ngettext(
                    "**Before that** ({n} event, newest first)",
                    "**Before that** ({n} events, newest first)",
                    len(earlier),
                    lang,
                ),
            )
        )
        # each earlier event unfolds to its explanation, written only when it is unfolded
        # (no Markdown converted or sent for the folded ones); beyond a dozen, a list
        folds = [
            f'<details data-event="{e.index}"><summary>'
            + escape_html(
                _("Event {index}: {text}", lang, index=e.index, text=_cut(e.text_in(lang)))
            )
            + '</summary><div class="carc-told"></div></details>'
            for e in reversed(earlier[-_TOLD:])
        ]
        if len(earlier) > _TOLD:
            more = len(earlier) - _TOLD
            listed = "\n\n".join(f"- {escape_markdown(e.text_in(lang))}" for e in earlier[:-_TOLD])
            folds.append(
                "<details><summary>"
                + escape_html(ngettext("{n} earlier event", "{n} earlier events", more, lang))
                + "</summary>"
                + _md(mo, listed)
                + "</details>"
            )
        parts.append(f'<div class="carc-folds">{"".join(folds)}</div>')
    return f'<section class="carc-events">{"".join(parts)}</section>'


def explanation_html(mo, table: Table, event: str, lang: str | None = None) -> str | None:
    """The explanation of the game's event number ``event`` (as the page names it), as HTML:
    what an earlier event unfolded in the panel shows; None for no such event."""
    session = table.session
    try:
        index = int(event)
    except ValueError:
        return None
    if session is None:
        return None
    found = next((e for e in session.events if e.index == index), None)
    if found is None:
        return None
    return _md(mo, teach.explanation_markdown(found, lang=lang))


def key_view(mo, table: Table, lang: str | None = None):
    """The key to the board's drawing, for the expansions in play (drawn once per game; the
    drawing's own labels are English)."""
    session = table.session
    if session is None:
        return mo.md("")
    return mo.accordion({_("Key", lang): mo.Html(legend_svg(session.setup.expansions, lang=lang))})


def scores_view(mo, table: Table, lang: str | None = None):
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
            mo.md(_("**Scores**", lang)),
            *score_stories(mo, game, upto, lang),
        ]
    )


def _rotation_html(table: Table, lang: str | None) -> str:
    """The drawn tile's rotations, each with the number of squares it fits, the one the board
    shows checked."""
    session = table.session
    assert session is not None
    shown = _rotation_now(table)
    radios = "".join(
        f'<label><input type="radio" name="carc-rotation" value="{r}" data-action="rotate" '
        f'data-focus="rotate"{" checked" if r == shown else ""}> '
        + escape_html(
            ngettext(
                "{rotation}° (fits {n} square)",
                "{rotation}° (fits {n} squares)",
                n,
                lang,
                rotation=r,
            )
        )
        + "</label>"
        for r, n in session.rotations().items()
    )
    return f"<fieldset><legend>{escape_html(_('Turn the tile', lang))}</legend>{radios}</fieldset>"


def _figure_html(table: Table, lang: str | None) -> str:
    """Which figure to deploy or move, when the decision offers several (the board shows the
    targets of the one chosen)."""
    session = table.session
    assert session is not None
    groups = session.groups()
    shown = table.group if table.group in groups else next(iter(groups))
    # the key as it is (only HTML-escaped): the page sends it back to be found in groups()
    options = "".join(
        f'<option value="{html.escape(key, quote=True)}"{" selected" if key == shown else ""}>'
        f"{escape_html(say(label, lang))}</option>"
        for key, label in groups.items()
    )
    return (
        f'<div class="carc-row"><label for="carc-figure">{escape_html(_("Figure", lang))}</label>'
        f'<select id="carc-figure" data-action="figure" data-focus="figure">{options}</select>'
        "</div>"
    )


def _options_html(table: Table, lang: str | None) -> str:
    """Every option of the decision as the engine lists them (the keyboard's way, and the way
    to options with no place on the board), and "Do it"."""
    session = table.session
    assert session is not None
    labels = [say(label, lang) for label in session.option_labels()]
    if not labels:
        return ""
    options = "".join(
        f'<option value="{i}">{escape_html(f"{i + 1}. {label}")}</option>'
        for i, label in enumerate(labels)
    )
    return (
        f'<div class="carc-row"><label for="carc-options">{escape_html(_("Or choose", lang))}</label>'
        f'<select id="carc-options" data-name="options" data-focus="options">{options}</select>'
        f'<button type="button" data-action="choose" data-from="options" data-focus="choose">'
        f"{escape_html(_('Do it', lang))}</button></div>"
    )


def _buttons_html(table: Table, lang: str | None) -> str:
    """Pass, Next (a bot's decision), Bots play to my turn, Hint, Undo."""
    session = table.session
    assert session is not None
    pending = session.pending
    row = []

    def button(action: str, label: str, go: bool = False) -> None:
        kind = ' class="carc-go"' if go else ""
        row.append(
            f'<button type="button" data-action="{action}" data-focus="{action}"{kind}>'
            f"{escape_html(label)}</button>"
        )

    if pending is not None and pending.human and pending.optional:
        button("pass", _("Pass", lang))
    if pending is not None and not pending.human:
        button("next", _("Next", lang), go=True)
        button("bots", _("Bots play to my turn", lang))
    if pending is not None and pending.human:
        button("hint", _("Hint", lang))
    button("undo", _("Undo", lang))
    return f'<div class="carc-row">{"".join(row)}</div>'


def panel_html(mo, table: Table, lang: str | None = None) -> str:
    """The panel beside the board, as HTML (every text of a game or a person escaped): whose
    decision it is, the drawn tile and its rotations, the figure, the engine's options, the
    buttons, the message of the last action, the hint, the decision's rule and what just
    happened. The controls are plain HTML the board's script sends back (:func:`play_board`)."""
    session = table.session
    if session is None:
        return ""
    pending = session.pending
    prompt, rule = _prompt_markdown(session, lang)
    side = [_md(mo, prompt)]
    if pending is not None and pending.human and pending.kind == "place" and pending.tile:
        tile = session.state.tile_types[pending.tile]
        drawn = tile_svg(tile, _rotation_now(table), size=90, lang=lang)
        side.append(f'<div class="carc-tile">{drawn}{_rotation_html(table, lang)}</div>')
    if pending is not None and pending.human and len(session.groups()) > 1:
        side.append(_figure_html(table, lang))
    if pending is not None and pending.human:
        side.append(_options_html(table, lang))
    side.append(_buttons_html(table, lang))
    message = table.message_in(lang)
    if message:
        side.append(
            f'<div class="carc-callout {escape_html(table.kind)}" role="status">{_md(mo, message)}</div>'
        )
    if table.hint:
        hint = escape_markdown(say(table.hint, lang))
        said = _md(mo, _("**Hint:** {hint}", lang, hint=hint))
        side.append(f'<div class="carc-callout info">{said}</div>')
    if rule:
        side.append(_md(mo, rule))
    side.append(_events_html(mo, session, lang))
    return "".join(side)


def _draw(mo, widget, table: Table, lang: str | None) -> None:
    """The position, the decision's targets (for the tile at the rotation shown, the figure
    chosen) and the panel, drawn into the board in place (only what changed is sent)."""
    session = table.session
    assert session is not None
    redraw_picker(
        widget,
        session.state.board,
        _targets(session, _rotation_now(table), table.group, lang),
        label=_board_label(lang),
        side=panel_html(mo, table, lang),
        **_draw_options(session, lang),
    )


def play_board(
    mo, table: Table, lang: str | None = None, on_scores: Callable[[], None] | None = None
):
    """The page's top, one element made once per game (and language): the board that takes
    clicks with the decision's panel beside it (:func:`panel_html`). A click on the board, a
    button, a rotation or a figure chosen reaches Python as a message to this element
    (:func:`carc_teach.board_input.board_picker` with ``on_answer``): the table answers, and
    the new position and panel are drawn into the same element. No cell runs and no element
    is made anew (marimo's front end mounted every new button again, about 130 ms a click:
    docs/play.md, "Speed"); ``on_scores()`` is called after each answer (the notebook's
    scores cell runs when a scoring changed them)."""
    session = table.session
    if session is None:
        message = table.message_in(lang) or _("Start a game above.", lang)
        return mo.callout(mo.md(message), kind="info")
    drawn: list[Any] = []

    def answer(action: str, value: str) -> None:
        widget = drawn[0]
        if action == "explain":
            told = explanation_html(mo, table, value, lang)
            if told is not None:
                widget.tell(int(value), told)
            return
        try:
            acted = table.act(action, value)
        except Exception as exc:  # the page carries on and says so
            error = escape_markdown(_unexpected(exc))
            table._say(
                lambda lang: _("**That could not be done** ({error}).", lang, error=error),
                "danger",
            )
            acted = True
        if acted:
            _draw(mo, widget, table, lang)
            if on_scores is not None:
                on_scores()

    element = board_picker(
        mo,
        session.state.board,
        _targets(session, _rotation_now(table), table.group, lang),
        key=BOARD_KEY,
        label=_board_label(lang),
        side=panel_html(mo, table, lang),
        on_answer=answer,
        **_draw_options(session, lang),
    )
    drawn.append(element.widget)
    return element


__all__ += ["refusal_markdown", "describe_option", "panel_html", "play_board", "explanation_html"]

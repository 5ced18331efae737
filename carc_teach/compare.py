"""One game under two rule sets: where the event logs part, and which rule option and footnote
make the difference.

A game file records moves, not outcomes, so the same moves can be played again under another
edition's rules (a preset) or another value of a rule option. :func:`compare_games` plays them
under both, lines the two event logs up and reports:

- the rule options whose values differ between the two sides;
- the first event where the logs part (and the first one where the points do);
- the point difference per player (side B minus side A);
- the option(s) that make the difference, and the footnotes behind them: an option an event
  carries in ``event.options`` (the engine names the options that shaped an event), or whose
  annotation records are on the diverging events; failing both, the differing options that the
  game's rule modules read;
- when the moves are illegal under one side's rules (a follower deployed that side has no
  longer), the one-line reason, and the log as far as it got.

Examples
--------
>>> from carc_teach import examples
>>> from carc_teach.compare import compare_games
>>> game = examples.load("first-turns")
>>> same = compare_games(game, "hig-original", "rgg")
>>> same.first_difference is None, same.point_difference
(True, {'Alice': 0, 'Bob': 0})
>>> fewer = compare_games(game, {}, {"base.followers": 2})
>>> fewer.first_difference, fewer.deciding_options
(0, ('base.followers',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .errors import CarcTeachError, GameFileError, UnknownRuleError, phrase
from .events import Event
from .i18n import DEFAULT_LANGUAGE, _, language_code, ngettext

if TYPE_CHECKING:  # pragma: no cover
    from .editions import RuleSet
    from .game import Game
    from .setup import Setup
    from .state import GameState

__all__ = [
    "RuleSide",
    "Side",
    "Comparison",
    "compare_games",
    "rule_side",
    "parse_option_value",
    "show_value",
    "event_key",
    "comparison_text",
    "state_at",
    "board_at",
    "logs_html",
]


@dataclass(frozen=True)
class RuleSide:
    """What one side of a comparison plays: a preset (or the game's own) plus option values.

    Attributes
    ----------
    preset:
        A preset id (:data:`carc_teach.editions.PRESETS`), ``"default"`` for the defaults, or
        ``None`` to keep the preset the game file names.
    options:
        Option id -> value, on top of the game's own option values.
    """

    preset: str | None = None
    options: Mapping[str, Any] | None = None

    @property
    def label(self) -> str:
        """How the side is named in texts: ``hig-original``, ``base.followers=3``, ``rgg +
        king.scoring=flat-10``; ``as in the file`` when nothing is changed."""
        return self.label_in(DEFAULT_LANGUAGE)

    def label_in(self, lang: str | None = None) -> str:
        """:attr:`label` in ``lang`` (only "as in the file" has words to translate)."""
        parts = [self.preset] if self.preset else []
        parts += [f"{k}={show_value(v)}" for k, v in (self.options or {}).items()]
        return " + ".join(parts) or _("as in the file", lang)


def rule_side(spec: RuleSide | str | Mapping[str, Any] | None) -> RuleSide:
    """Read a side given as a :class:`RuleSide`, a preset id, or a mapping of option values."""
    if spec is None:
        return RuleSide()
    if isinstance(spec, RuleSide):
        return spec
    if isinstance(spec, str):
        return RuleSide(preset=spec)
    if isinstance(spec, Mapping):
        return RuleSide(options=dict(spec))
    raise UnknownRuleError(
        phrase(
            "a side of a comparison is a preset id or a mapping of rule options, not {kind}",
            kind=type(spec).__name__,
        )
    )


@dataclass(frozen=True)
class Side:
    """One side of a comparison, played.

    Attributes
    ----------
    spec:
        What was asked for.
    rules:
        The rule set it resolved to (every option).
    game:
        The game played under those rules, or ``None`` when its moves are illegal there.
    events:
        The event log (as far as play got, when the moves turned illegal).
    scores:
        Points per player at the end of ``events``.
    error:
        Why the moves cannot be played under these rules (one line, English), else ``None``.
    setup:
        The set-up played (the game's, with these rules).
    problem:
        The error behind ``error`` (:meth:`error_in` says it in another language).
    """

    spec: RuleSide
    rules: RuleSet
    game: Game | None
    events: tuple[Event, ...]
    scores: dict[str, int]
    error: str | None = None
    setup: Setup | None = None
    problem: CarcTeachError | None = None

    @property
    def label(self) -> str:
        return self.spec.label

    def label_in(self, lang: str | None = None) -> str:
        return self.spec.label_in(lang)

    def error_in(self, lang: str | None = None) -> str | None:
        """:attr:`error` in ``lang``."""
        if self.problem is None:
            return self.error
        from .i18n.errors import error_text

        return error_text(self.problem, lang)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "preset": self.rules.preset,
            "options": self.rules.changed(),
            "scores": dict(self.scores),
            "error": self.error,
            "events": [e.to_json() for e in self.events],
        }


@dataclass(frozen=True)
class Comparison:
    """The result of :func:`compare_games`.

    Attributes
    ----------
    game:
        The game as its file gives it.
    a, b:
        The two sides.
    options_changed:
        Option id -> (value in a, value in b), for every option whose values differ.
    first_difference:
        Index of the first event that differs between the two logs (or where one log ends
        before the other), ``None`` when the logs are identical.
    first_points_difference:
        Index of the first scoring event (points or no score) that differs, or ``None``.
    point_difference:
        Player -> points in b minus points in a.
    deciding_options:
        The options that make the difference (see the module docstring), in option order.
    deciding_reason:
        How they were found: ``"named by the events"``, ``"read by the rules in play"`` or
        ``""`` when the logs do not differ.
    footnotes:
        Annotation record ids behind the deciding options (those on the diverging events
        first).
    """

    game: Game
    a: Side
    b: Side
    options_changed: dict[str, tuple[Any, Any]]
    first_difference: int | None
    first_points_difference: int | None
    point_difference: dict[str, int]
    deciding_options: tuple[str, ...]
    deciding_reason: str
    footnotes: tuple[str, ...]

    @property
    def differs(self) -> bool:
        """Whether the two logs differ at all."""
        return self.first_difference is not None

    def diverging_events(self) -> tuple[Event | None, Event | None]:
        """The first differing event on each side (``None`` where that log has ended)."""
        k = self.first_difference
        if k is None:
            return None, None
        return (
            self.a.events[k] if k < len(self.a.events) else None,
            self.b.events[k] if k < len(self.b.events) else None,
        )

    def summary(self, lang: str | None = None) -> str:
        """One sentence: do the two rule sets change this game, and by how much (in ``lang``,
        default: the current language)."""
        if not self.differs:
            if not self.options_changed:
                return _("Both sides play the same rules, so the game is the same.", lang)
            return ngettext(
                "The two rule sets differ in {n} option, but none of them changes this game: "
                "the two event logs are identical. {what_to_try}",
                "The two rule sets differ in {n} options, but none of them changes this game: "
                "the two event logs are identical. {what_to_try}",
                len(self.options_changed),
                lang,
                what_to_try=self.what_to_try(lang),
            )
        moved = {p: d for p, d in self.point_difference.items() if d}
        if moved:
            outcome = _(
                "the points change ({scores}, {b} compared with {a})",
                lang,
                scores=", ".join(f"{p} {d:+d}" for p, d in moved.items()),
                b=self.b.label_in(lang),
                a=self.a.label_in(lang),
            )
        else:
            outcome = _("the final scores are the same", lang)
        broken = [s for s in (self.a, self.b) if s.error]
        if broken:
            outcome = _("the moves are illegal under {side}", lang, side=broken[0].label_in(lang))
        return _(
            "The logs part at event {index}; {outcome}.",
            lang,
            index=self.first_difference,
            outcome=outcome,
        )

    def what_to_try(self, lang: str | None = None) -> str:
        """For two rule sets that leave this game alone: the options its rules read (those
        that can change an outcome), and the bundled game made to show an edition's
        difference."""
        read = options_read_by(self.game.setup.expansions)
        if read:
            hint = _(
                "The rules this game plays read {options}: try two values of one of them",
                lang,
                options=", ".join(read),
            )
        else:
            hint = _("No rule this game plays reads an option that changes an outcome", lang)
        return _(
            "{hint}, or the bundled game {game} (carc-teach compare {game} --presets "
            "hig-original rgg), made to show one.",
            lang,
            hint=hint,
            game=DEMO_GAME,
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (what ``carc-teach compare --json`` prints)."""
        from .annotations import cite, get

        return {
            "game": self.game.title,
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "options_changed": {k: list(v) for k, v in self.options_changed.items()},
            "first_difference": self.first_difference,
            "first_points_difference": self.first_points_difference,
            "point_difference": dict(self.point_difference),
            "deciding_options": list(self.deciding_options),
            "deciding_reason": str(self.deciding_reason),
            "footnotes": [
                {"id": i, "title": get(i).title, "citation": cite(get(i))} for i in self.footnotes
            ],
            "summary": self.summary(DEFAULT_LANGUAGE),
        }


# ------------------------------------------------------------------------------------- playing


def show_value(value: Any) -> str:
    """An option value as files and the command line write it (``true``, ``3``, ``river-first``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_option_value(option_id: str, text: str) -> Any:
    """The value of ``option_id`` that ``text`` names (``"3"`` -> 3, ``"true"`` -> True).

    Raises
    ------
    UnknownRuleError
        For an unknown option, or a text that names none of its values.
    """
    from .editions import option

    opt = option(option_id)
    wanted = text.strip().casefold()
    for value in opt.values:
        if show_value(value).casefold() == wanted:
            return value
    raise UnknownRuleError(
        phrase(
            "value {value} is not allowed for rule option {option}; choose from {choices}",
            value=repr(text),
            option=repr(option_id),
            choices=opt.choices_text(),
        )
    )


def _resolve(game: Game, spec: RuleSide) -> RuleSet:
    from .editions import from_setup, resolve

    own = from_setup(game.setup.rules)
    options = dict(own.overrides)
    if game.setup.followers is not None:
        options.setdefault("base.followers", game.setup.followers)
    options.update(spec.options or {})
    if spec.preset is None:
        preset = own.preset
    elif spec.preset in ("default", "defaults"):
        preset = None
    else:
        preset = spec.preset
    return resolve(preset, options)


def _play(game: Game, spec: RuleSide) -> Side:
    from .controllers import MoveListController
    from .game import Game as GameClass
    from .turn import play

    rules = _resolve(game, spec)
    setup = replace(game.setup, rules=rules.to_setup(), followers=None)
    try:
        played = GameClass(
            setup, game.moves, final_scoring=game.final_scoring, final_actions=game.final_actions
        )
    except GameFileError as exc:
        # Play once more, keeping hold of the state, to show the log as far as it got.
        seen: list = []
        controller = MoveListController(game.moves, final_actions=game.final_actions)
        try:
            play(
                setup,
                controller,
                final_scoring=game.final_scoring,
                on_turn=lambda state, _c, _last: seen.append(state) if not seen else None,
            )
        except CarcTeachError:
            pass
        events = tuple(seen[0].events) if seen else ()
        scores = {p: 0 for p in game.players}
        for e in events:
            if e.kind == "points" and e.player in scores:
                scores[e.player] += e.points
        return Side(spec, rules, None, events, scores, error=str(exc), setup=setup, problem=exc)
    return Side(spec, rules, played, tuple(played.events), played.scores, setup=setup)


def event_key(event: Event) -> dict[str, Any]:
    """What two events must share to count as the same event (everything but the options and
    annotations they name, which differ whenever an option differs from its default)."""
    out = event.to_json()
    out.pop("options", None)
    out.pop("annotations", None)
    return out


def _first_difference(a: tuple[Event, ...], b: tuple[Event, ...], *, scoring: bool) -> int | None:
    for k in range(max(len(a), len(b))):
        ea = a[k] if k < len(a) else None
        eb = b[k] if k < len(b) else None
        if scoring and not any(
            e is not None and e.kind in ("points", "no-score") for e in (ea, eb)
        ):
            continue
        if ea is None or eb is None or event_key(ea) != event_key(eb):
            return k
    return None


def _deciding(
    game: Game, a: Side, b: Side, changed: dict[str, tuple[Any, Any]], start: int | None
) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
    from .editions import OPTIONS, option

    if start is None or not changed:
        return (), "", ()
    diverging = [e for side in (a, b) for e in side.events[start:]]
    named: set[str] = set()
    notes_seen: list[str] = []
    for e in diverging:
        for oid in e.options:
            if oid in changed:
                named.add(oid)
        for note in e.annotations:
            if note not in notes_seen:
                notes_seen.append(note)
    from .annotations import resolve_id

    seen_records = {resolve_id(n) for n in notes_seen}
    for oid in changed:
        if {resolve_id(n) for n in option(oid).annotations} & seen_records:
            named.add(oid)
    reason = phrase("named by the events")
    if not named:
        from .rules import module_class

        read = {o for e in game.setup.expansions for o in module_class(e).options}
        named = {oid for oid in changed if oid in read}
        reason = phrase("read by the rules in play")
    order = [o.id for o in OPTIONS]
    deciding = tuple(sorted(named, key=order.index))
    footnotes: list[str] = []
    for oid in deciding:
        own = [resolve_id(n) for n in option(oid).annotations]
        on_events = [n for n in own if n in seen_records]
        for note in on_events + own:
            if note not in footnotes:
                footnotes.append(note)
    return deciding, (reason if deciding else ""), tuple(footnotes)


#: the bundled game made so that two editions' presets end it with different scores
DEMO_GAME = "mayor-from-the-city"


def options_read_by(expansions) -> tuple[str, ...]:
    """The options the rule modules of ``expansions`` read that can change an outcome, in
    option order."""
    from .editions import OPTIONS
    from .rules import module_class

    read: set[str] = set()
    for expansion in expansions:
        read.update(module_class(expansion).options)
    return tuple(o.id for o in OPTIONS if o.id in read and o.changes_outcome)


def compare_games(
    game: Game,
    a: RuleSide | str | Mapping[str, Any] | None,
    b: RuleSide | str | Mapping[str, Any] | None,
) -> Comparison:
    """Play ``game``'s moves under two rule sets and compare the event logs.

    Parameters
    ----------
    game:
        Any game (a bundled example, a loaded file, a simulated game).
    a, b:
        Each a preset id (``"hig-original"``; ``"default"`` for the defaults), a mapping of
        option values (``{"base.followers": 4}``, on top of the game's own), a
        :class:`RuleSide` (both), or ``None`` (the game's own rules).

    Returns
    -------
    Comparison

    Raises
    ------
    UnknownRuleError
        For an unknown preset, option or value (one line naming it).

    Notes
    -----
    Plays the game twice (three times for a side whose moves turn illegal), so it costs about
    as much as loading the game twice.
    """
    side_a, side_b = _play(game, rule_side(a)), _play(game, rule_side(b))
    changed = side_a.rules.diff(side_b.rules)
    first = _first_difference(side_a.events, side_b.events, scoring=False)
    first_points = _first_difference(side_a.events, side_b.events, scoring=True)
    difference = {p: side_b.scores.get(p, 0) - side_a.scores.get(p, 0) for p in game.players}
    deciding, reason, footnotes = _deciding(game, side_a, side_b, changed, first)
    return Comparison(
        game=game,
        a=side_a,
        b=side_b,
        options_changed=changed,
        first_difference=first,
        first_points_difference=first_points,
        point_difference=difference,
        deciding_options=deciding,
        deciding_reason=reason,
        footnotes=footnotes,
    )


def _event_text(event: Event, lang: str) -> str:
    """An event's text in ``lang`` (``Event.text_in``, docs/i18n.md)."""
    return event.text_in(lang)


def comparison_text(result: Comparison, lang: str | None = None) -> str:
    """The comparison as plain text, for the command line, in ``lang`` (default: the current
    language; a user's own game's title as written)."""
    from .annotations import cite, get
    from .editions import option, translated_option
    from .i18n.errors import say
    from .i18n.game_texts import title_in

    code = language_code(lang)

    def title(oid: str) -> str:
        return translated_option(option(oid), code).title

    a, b = result.a, result.b
    lines = [
        title_in(result.game, code),
        f"  A: {a.label_in(code)}",
        f"  B: {b.label_in(code)}",
        "",
    ]
    if result.options_changed:
        lines.append(_("Rule options that differ:", code))
        for oid, (va, vb) in result.options_changed.items():
            lines.append(f"  {oid}: {show_value(va)} (A) / {show_value(vb)} (B)  {title(oid)}")
    else:
        lines.append(_("Rule options that differ: none", code))
    lines.append("")
    for tag, side in (("A", a), ("B", b)):
        scores = ", ".join(f"{p} {s}" for p, s in side.scores.items())
        lines.append(
            ngettext(
                "{tag}: {n} event; scores {scores}",
                "{tag}: {n} events; scores {scores}",
                len(side.events),
                code,
                tag=tag,
                scores=scores,
            )
        )
        if side.error:
            lines.append(
                "   "
                + _(
                    "the moves are illegal under these rules: {error}",
                    code,
                    error=side.error_in(code),
                )
            )
    lines.append("")
    lines.append(result.summary(code))
    k = result.first_difference
    if k is not None:
        lines.append("")
        lines.append(_("First difference, event {index}:", code, index=k))
        for tag, side in (("A", a), ("B", b)):
            e = side.events[k] if k < len(side.events) else None
            shown = (
                f"T{e.turn} {e.step} {_event_text(e, code)}{f'  +{e.points}' if e.points else ''}"
                if e
                else _("(the log has ended)", code)
            )
            lines.append(f"  {tag}: {shown}")
        if result.first_points_difference is not None and result.first_points_difference != k:
            lines.append(
                _(
                    "First difference in the points: event {index}",
                    code,
                    index=result.first_points_difference,
                )
            )
        points = ", ".join(f"{p} {d:+d}" for p, d in result.point_difference.items())
        if a.error or b.error:
            lines.append(
                _(
                    "Points, B minus A (a log that stops at illegal moves counts its points so "
                    "far): {points}",
                    code,
                    points=points,
                )
            )
        else:
            lines.append(_("Points, B minus A: {points}", code, points=points))
    if result.deciding_options:
        lines.append("")
        lines.append(
            _(
                "What makes the difference ({reason}):",
                code,
                reason=say(result.deciding_reason, code),
            )
        )
        for oid in result.deciding_options:
            lines.append(f"  {oid}: {title(oid)}")
        for note in result.footnotes:
            record = get(note)
            lines.append(f"  {record.id}: {record.title_in(code)}")
            lines.append(f"      {cite(record, code)}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------ views


def state_at(game: Game, side: Side, index: int) -> GameState:
    """The state of one side just after its event ``index`` (within its log)."""
    from .controllers import MoveListController
    from .turn import play

    index = max(0, min(index, len(side.events) - 1))
    if side.game is not None:
        return side.game.replay(index)
    controller = MoveListController(game.moves, final_actions=game.final_actions)
    return play(side.setup, controller, until=index, final_scoring=game.final_scoring)


def board_at(
    result: Comparison,
    which: str,
    index: int | None = None,
    *,
    size: int = 0,
    width: int = 420,
    lang: str | None = None,
) -> str:
    """SVG board of side ``"a"`` or ``"b"`` just after event ``index`` (default: the first
    difference, else the end), that event's feature and tile highlighted; tiles of ``size``
    pixels, or sized to fit ``width``; its hover texts in ``lang`` (default: the current
    language)."""
    from .render.svg import board_svg
    from .teach import auto_tile_size

    side = result.a if which == "a" else result.b
    if index is None:
        index = result.first_difference if result.differs else len(side.events) - 1
    index = max(0, min(index, len(side.events) - 1))
    state = state_at(result.game, side, index)
    event = side.events[index]
    return board_svg(
        state.board,
        players=result.game.players,
        highlight=event.nodes or None,
        current_tile=event.pos if event.kind in ("tile-placed", "game-start") else None,
        size=size or auto_tile_size(state, width),
        lang=lang,
    )


def logs_html(
    result: Comparison, *, around: int = 6, everything: bool = False, lang: str | None = None
) -> str:
    """The two event logs side by side as an HTML table: every row where they differ is
    shaded, the first parting row is marked (``class="first-difference"``). Shows ``around``
    events either side of the first difference (the last events when they agree), or every
    event with ``everything``. Its own words in ``lang``."""
    from .text import escape_html as escape

    code = language_code(lang)

    a, b = result.a.events, result.b.events
    n = max(len(a), len(b))
    k = result.first_difference
    if everything:
        lo, hi = 0, n
    elif k is None:
        lo, hi = max(0, n - 2 * around), n
    else:
        lo, hi = max(0, k - around), min(n, k + around + 1)

    def cell(e: Event | None) -> str:
        if e is None:
            ended = escape(_("(the log has ended)", code))
            return f'<td style="color:#888;font-style:italic">{ended}</td>'
        pts = f" <b>+{e.points}</b>" if e.points else ""
        text = escape(_event_text(e, code))
        return f'<td title="{escape(e.rule)}">{escape(e.step)} · {text}{pts}</td>'

    rows = []
    for i in range(lo, hi):
        ea = a[i] if i < len(a) else None
        eb = b[i] if i < len(b) else None
        same = ea is not None and eb is not None and event_key(ea) == event_key(eb)
        cls = "first-difference" if i == k else ("differs" if not same else "same")
        style = {
            "first-difference": "background:#ffe0b3;outline:2px solid #e65c00",
            "differs": "background:#fff4e0",
            "same": "",
        }[cls]
        rows.append(
            f'<tr class="{cls}" data-index="{i}" style="{style}">'
            f'<td style="text-align:right;color:#666;padding-right:6px">{i}</td>'
            f"{cell(ea)}{cell(eb)}</tr>"
        )
    head = (
        '<tr><th style="text-align:right">#</th>'
        f'<th style="text-align:left">A: {escape(result.a.label_in(code))}</th>'
        f'<th style="text-align:left">B: {escape(result.b.label_in(code))}</th></tr>'
    )
    more = ""
    if lo > 0 or hi < n:
        shown = _("events {first}\u2013{last} of {n}", code, first=lo, last=hi - 1, n=n)
        more = f'<div style="color:#666;font:12px sans-serif">{escape(shown)}</div>'
    return (
        '<div class="carc-compare-logs" style="font:13px sans-serif">'
        '<table style="border-collapse:collapse;width:100%;table-layout:fixed">'
        '<colgroup><col style="width:3em"><col><col></colgroup>'
        f"{head}{''.join(rows)}</table>{more}</div>"
    )

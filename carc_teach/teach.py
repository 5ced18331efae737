"""Teaching views of a game's event log: what the walkthrough notebooks show, as plain data,
Markdown and HTML.

Notebooks compose these pieces; all the logic lives here so it is tested like the engine and
the notebooks stay thin. Nothing here imports marimo.
"""

from __future__ import annotations

import copy
import hashlib
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .annotations.glossary import spell_out
from .events import STEP_TITLES, Capital, Event, Word
from .events import render as render_phrase
from .expansions import PACKAGES
from .i18n import N_, _, format_list, language_code, ngettext, pgettext
from .i18n.names import tile_name
from .i18n.texts import fingerprint, translated
from .render.svg import board_svg, player_colour
from .rules import implemented_rules
from .scoring import score_feature
from .text import escape_html as escape
from .text import escape_markdown

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import GameState

__all__ = [
    "TIMELINE_STEPS",
    "RULE_SUMMARIES",
    "Prediction",
    "timeline_html",
    "explanation_markdown",
    "scoreboard_html",
    "auto_tile_size",
    "board_for_event",
    "feature_graph_for_event",
    "prediction_for",
    "next_event",
    "previous_event",
    "is_scoring",
    "rule_summary",
    "rule_title",
    "rule_words",
    "points_text",
    "rule_details_html",
    "EVENT_HEADINGS",
    "event_heading",
    "event_kind_words",
    "matplotlib_available",
    "annotation_notes",
    "footnote_in_play",
    "expansions_in_play",
    "note_gives_away",
    "event_note",
    "score_story",
    "score_story_markdown",
    "sandbox_game",
    "SANDBOX_PLAYERS",
    "follower_spots",
    "with_follower",
    "would_score",
    "tiles_left",
    "placement_options",
    "placement_marks",
    "rotations_that_fit",
    "feature_rows",
    "placement_report",
    "turn_span",
    "turn_placer",
    "note_held_for",
    "walkthrough_explanation_markdown",
    "footnotes_covered",
    "footnotes_covered_markdown",
]

#: The steps shown on the timeline, in turn order.
TIMELINE_STEPS = ("1A", "1B", "1C", "2A", "2B", "2C", "3A", "3B", "3C", "4A", "4B", "final")

#: Every implemented rule id -> its one-sentence statement (declared by the rule modules).
RULE_SUMMARIES = implemented_rules()


def rule_summary(rule_id: str, lang: str | None = None) -> str:
    """The one-sentence statement of a rule id (or of its nearest parent that has one), in
    ``lang`` (default: the current language) where it is translated from the current English
    (``i18n/data/<lang>/rules.toml``), else in English."""
    rid = rule_id
    while rid:
        if rid in RULE_SUMMARIES:
            english = RULE_SUMMARIES[rid]
            found = translated_text("rules.toml", "rule", rid, fingerprint(english), lang)
            return found["summary"] if found else english
        rid = rid.rpartition(".")[0]
    return ""


def rule_title(rule_id: str, lang: str | None = None) -> str:
    """The short title of a rule id in the taxonomy (``"Scoring a completed city"``), or of
    its nearest parent that has one; ``""`` for an id outside it. In ``lang`` as
    :func:`rule_summary` (``i18n/data/<lang>/rules.toml``, its ``[[topic]]`` tables)."""
    from .annotations.topics import is_known, topic

    rid = rule_id
    while rid:
        if is_known(rid):
            english = topic(rid).title
            found = translated_text("rules.toml", "topic", rid, fingerprint(english), lang)
            return found["title"] if found else english
        rid = rid.rpartition(".")[0]
    return ""


def translated_text(name: str, table: str, record_id: str, source: str, lang: str | None):
    """The record ``record_id`` of ``carc_teach/i18n/data/<lang>/<name>`` translated from the
    English whose fingerprint is ``source``, or None (English, or not translated anew)."""
    return translated("carc_teach.i18n", "data", name, table, record_id, source, lang)


def rule_words(rule_id: str, lang: str | None = None) -> str:
    """A rule as a learner reads it: its title and its one-sentence statement, never its id
    (the id is for :func:`rule_details_html`). ``""`` when the id has neither. In ``lang``
    (default: the current language) where translated."""
    title, summary = rule_title(rule_id, lang), rule_summary(rule_id, lang)
    if title and summary:
        return f"**{title}.** {summary}"
    return f"**{title}.**" if title else summary


def rule_details_html(
    *rule_ids: str, kind: str = "", options=(), footnotes=(), lang: str | None = None
) -> str:
    """The ids behind what a page says, for the curious, folded under "Rule details" (a
    ``<details>`` element, which Markdown passes through): the rule id, the event kind, the
    rule options and the footnote ids. ``""`` when there is none. Its words are in ``lang``
    (default: the current language); the ids are ids."""

    def codes(ids) -> str:
        return ", ".join(f"<code>{escape(i)}</code>" for i in ids)

    rows = []
    rule_ids = tuple(r for r in rule_ids if r)
    if rule_ids:
        rows.append(
            ngettext("rule id {ids}", "rule ids {ids}", len(rule_ids), lang, ids=codes(rule_ids))
        )
    if kind:
        rows.append(_("event kind {kind}", lang, kind=codes([kind])))
    if options:
        rows.append(_("rule options {ids}", lang, ids=codes(options)))
    if footnotes:
        rows.append(_("footnotes {ids}", lang, ids=codes(footnotes)))
    if not rows:
        return ""
    return (
        f'<details class="carc-rule-details"><summary>{escape(_("Rule details", lang))}</summary>'
        f"{' · '.join(rows)}</details>"
    )


@cache
def _known_ids(lang: str = "en") -> dict[str, str]:
    """Rule ids and rule option ids -> the words a learner reads instead (the option's
    question, the rule's title), in ``lang`` where they are translated."""
    from .annotations.topics import all_topics
    from .editions import OPTIONS, translated_option

    if lang == "en":
        words = {t.id: t.title for t in all_topics()}
        words.update({o.id: o.title for o in OPTIONS})
        return words
    words = {t.id: rule_title(t.id, lang) for t in all_topics()}
    words.update({o.id: translated_option(o, lang).title for o in OPTIONS})
    return words


#: a rule or option id as the texts write it: dotted lower-case words
_ID = re.compile(r"(?<![\w./-])([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?![\w/-]|\.[a-z0-9])")
#: the citation a refusal ends with, "(rule base.place; footnote ckr-34; option ... )"
_REFUSAL_CITATION = re.compile(r" ?\(rule [a-z0-9.-]+(?:;[^()]*)?\)")
#: a footnote's closing pointer to its rule option(s), "Option: count.deploy-trigger."
_OPTION_POINTER = re.compile(r" ?Options?: ([a-z0-9.,\s-]+?)\.(?=\s|$)")


def plain_ids(text: str, lang: str | None = None) -> tuple[str, tuple[str, ...]]:
    """``text`` with the rule and option ids it names put in words, and those ids (for a
    "Rule details" fold): a refusal's bracketed citation and a footnote's closing "Option:
    <id>." are dropped, any other id becomes its title in quotes, in ``lang`` (default: the
    current language, which a walkthrough's view sets)."""
    code = language_code(lang)
    known = _known_ids(code)
    found: list[str] = []

    def pointer(match: re.Match) -> str:
        ids = [i.strip() for i in match.group(1).split(",")]
        if not all(i in known for i in ids):
            return match.group(0)
        found.extend(ids)
        return ""

    def citation(match: re.Match) -> str:
        found.extend(i for i in _ID.findall(match.group(0)) if i in known)
        return ""

    def in_words(match: re.Match) -> str:
        rid = match.group(1)
        if rid not in known:
            return rid
        found.append(rid)
        if code == "en":
            return f"“{known[rid]}”"
        return _("“{title}”", code, title=known[rid])

    text = _OPTION_POINTER.sub(pointer, text)
    text = _REFUSAL_CITATION.sub(citation, text)
    text = _ID.sub(in_words, text)
    return text, tuple(dict.fromkeys(found))


def plain_text(text: str, lang: str | None = None) -> str:
    """What a learner reads of ``text``: ids in words (:func:`plain_ids`) and abbreviations
    written out at their first use (:func:`carc_teach.annotations.glossary.spell_out`), in
    ``lang`` (default: the current language), the language ``text`` is in."""
    return spell_out(plain_ids(text, lang)[0], lang)


def _footnote_text(record, lang: str | None = None) -> str:
    """A footnote's text in plain words, its option and own ids folded under "Rule details";
    in ``lang`` where the record is translated into it (English where it is not)."""
    shown = record.text_in(lang)
    # an untranslated record shows its English, so its ids are put in English words too
    text, ids = plain_ids(shown, lang if shown != record.text else "en")
    options = [i for i in ids if i in _option_ids()]
    rules = [i for i in ids if i not in _option_ids()]
    details = rule_details_html(*rules, options=options, footnotes=(record.id,), lang=lang)
    return f"{spell_out(text, lang)}\n\n{details}"


@cache
def _option_ids() -> frozenset[str]:
    from .editions import OPTIONS

    return frozenset(o.id for o in OPTIONS)


#: Every event kind the engine emits -> what a walkthrough's heading says of it: the engine's
#: own kinds (:data:`carc_teach.events.EVENT_KINDS`) and two any module may emit, then each
#: package's (``Package.event_headings``).
EVENT_HEADINGS: dict[str, str] = {
    "game-start": N_("the game is set up"),
    "expansion-setup": N_("an expansion is set up"),
    "turn-begin": N_("a turn begins"),
    "tile-drawn": N_("a tile is drawn"),
    "tile-discarded": N_("a tile that fits nowhere is set aside"),
    "tile-placed": N_("a tile is placed"),
    "figure-deployed": N_("a figure goes onto the board"),
    "deploy-skipped": N_("no figure is placed"),
    "feature-completed": N_("a feature is completed"),
    "figure-strength": N_("how much a figure counts"),
    "points": N_("points are scored"),
    "no-score": N_("nobody scores"),
    "figure-returned": N_("a figure goes home"),
    "figure-moved": N_("a figure moves"),
    "final-scoring": N_("scoring after the game begins"),
    "game-end": N_("the game is over"),
    **{kind: heading for package in PACKAGES for kind, heading in package.event_headings},
}


def event_kind_words(kind: str, lang: str | None = None) -> str:
    """What a walkthrough's heading says of an event of ``kind`` ("points are scored"), in
    ``lang`` (default: the current language); "what happens" for a kind not listed in
    :data:`EVENT_HEADINGS`."""
    heading = EVENT_HEADINGS.get(kind, N_("what happens"))
    return _(heading, lang)


def event_heading(event: Event, lang: str | None = None) -> str:
    """``"**Event 12** · points are scored"``: the event's number and what kind of thing
    happens, in words, in ``lang`` (default: the current language)."""
    return _(
        "**Event {index}** · {heading}",
        lang,
        index=event.index,
        heading=event_kind_words(event.kind, lang),
    )


def is_scoring(event: Event) -> bool:
    """Points scored, or a feature found worth nothing / nobody's."""
    return event.kind in ("points", "no-score")


def next_event(game: Game, index: int, *, scoring: bool = False) -> int:
    """Index of the next event (the next scoring event with ``scoring``); stays put at the end."""
    for k in range(index + 1, len(game.events)):
        if not scoring or is_scoring(game.events[k]):
            return k
    return index


def previous_event(game: Game, index: int, *, scoring: bool = False) -> int:
    for k in range(index - 1, -1, -1):
        if not scoring or is_scoring(game.events[k]):
            return k
    return index


#: the steps' titles (events.STEP_TITLES) as the catalogues translate them (context "step")
_STEP_WORDS = (
    N_("Set-up"),
    N_("Begin the turn"),
    N_("Draw a tile"),
    N_("Place the tile"),
    N_("Move the wood: prologue"),
    N_("Move the wood: deploy a figure"),
    N_("Move the wood: resolve"),
    N_("Identify completed features"),
    N_("Resolve completed features"),
    N_("Tile scoring"),
    N_("Tile actions"),
    N_("Resolve the turn"),
    N_("Scoring after the game"),
)


def timeline_html(event: Event, lang: str | None = None) -> str:
    """The turn's steps as a row of chips; the current event's step is lit. Its words in
    ``lang`` (default: the current language, which the walkthrough view sets)."""
    chips = []
    for step in TIMELINE_STEPS:
        current = step == event.step
        style = (
            "background:#e65c00;color:#fff;border-color:#e65c00;font-weight:bold"
            if current
            else "background:#f4f1ea;color:#555;border-color:#ccc"
        )
        title = escape(_(STEP_TITLES[step], lang))
        chips.append(
            f'<span class="step{" current" if current else ""}" data-step="{step}" title="{title}" '
            f'style="display:inline-block;padding:3px 7px;margin:2px;border:1px solid;border-radius:12px;'
            f'font:13px sans-serif;{style}">{step}</span>'
        )
    step_title = STEP_TITLES.get(event.step, event.step)
    label = escape(
        _(
            "Turn {turn} · step {step}: {title}",
            lang,
            turn=event.turn,
            step=event.step,
            title=_(step_title, lang),
        )
    )
    if event.step == "setup":
        label = _("Set-up, before the first turn", lang)
    return (
        f'<div class="carc-timeline" data-current-step="{event.step}">'
        f'<div style="font:14px sans-serif;margin-bottom:4px">{label}</div>{"".join(chips)}</div>'
    )


def explanation_markdown(
    event: Event, *, hide_points: bool = False, note: str | None = None, lang: str | None = None
) -> str:
    """The current event in words: what happened, why (the rule), and the point breakdown.

    ``note``: the move note to show (see :func:`event_note`, which holds back a note that
    would give away a prediction); ``None`` shows the note the event carries. No note is
    shown while the points are hidden. ``lang``: the language of the page's own words, the
    event's text and its breakdown (the heading and the rule's sentence are English for now).
    """
    lines = [event_heading(event, lang), ""]
    if hide_points and is_scoring(event):
        lines.append(_("*Something scores here. Make your prediction below to reveal it.*", lang))
    else:
        # event texts, breakdowns and notes are plain text carrying the players' names
        lines.append(escape_markdown(event.text_in(lang)))
        breakdown = event.breakdown_in(lang)
        if breakdown:
            lines.append("")
            lines.append(f"| {_('how', lang)} | {_('points', lang)} |")
            lines.append("|---|---:|")
            for what, pts in breakdown:
                lines.append(f"| {escape_markdown(what)} | {pts} |")
            if event.kind == "points":
                scores = _("{player} scores", lang, player=escape_markdown(event.player))
                lines.append(f"| **{scores}** | **{event.points}** |")
    said = rule_words(event.rule, lang) if event.rule else ""
    if said:
        lines.append("")
        lines.append(f"*{_('The rule:', lang)}* {said}")
    if note is None:
        note = (event.data or {}).get("note", "")
    if note and not (hide_points and is_scoring(event)):
        lines.append("")
        lines.append(f"> {escape_markdown(note)}")
    details = rule_details_html(event.rule, kind=event.kind, options=event.options, lang=lang)
    lines += ["", details]
    return spell_out("\n".join(lines))


def scoreboard_html(game: Game, index: int) -> str:
    """Scores after event ``index``, as a small bar chart (pure HTML, no plotting library)."""
    scores = game.scores_after(index)
    top = max(max(scores.values()), 1)
    rows = []
    for seat, (player, points) in enumerate(scores.items()):
        width = 100 * points / top
        rows.append(
            f'<div class="score" data-player="{escape(player)}" style="display:flex;align-items:center;gap:6px;font:14px sans-serif">'
            f'<span style="width:70px">{escape(player)}</span>'
            f'<span style="display:inline-block;height:14px;width:{width:.0f}px;background:{player_colour(seat)};border-radius:3px"></span>'
            f'<b class="points">{points}</b></div>'
        )
    return f'<div class="carc-scores">{"".join(rows)}</div>'


def auto_tile_size(state: GameState, width: int = 640) -> int:
    """Pixels per tile so that the board (plus a margin) fits ``width``: big for a few tiles,
    never smaller than 34 or larger than 110."""
    min_x, min_y, max_x, max_y = state.board.bounds()
    span = max(max_x - min_x, max_y - min_y) + 3
    return max(34, min(110, width // span))


def board_for_event(
    game: Game,
    index: int,
    state: GameState | None = None,
    *,
    graph: bool = False,
    size: int | None = None,
) -> str:
    """The board just after event ``index``, with the event's feature and tile highlighted."""
    event = game.events[index]
    if state is None:
        state = game.replay(index)
    return board_svg(
        state.board,
        players=game.players,
        highlight=event.nodes or None,
        current_tile=event.pos if event.kind in ("tile-placed", "game-start") else None,
        graph=graph,
        size=size or auto_tile_size(state),
        corner_figures=_corner_figures(state),
    )


def _corner_figures(state: GameState) -> list:
    """Figures where four tiles meet (barns) and in the City's quarters: the board does not
    hold them."""
    from .render.svg import off_board_figures

    return off_board_figures(state)


def _border_partners(state: GameState, nodes) -> set:
    """The segments joined to ``nodes`` by a ``border`` edge of the feature graph (a field and
    the city segments of its own tile it touches), read from the tiles so that drawing a
    replayed state needs no networkx graph."""
    out = set()
    tiles = state.board.tiles
    for x, y, seg_id in nodes:
        placed = tiles.get((x, y))
        if placed is None:
            continue
        for seg in placed.tile.segments:
            if seg.id == seg_id:
                out.update((x, y, c) for c in seg.borders)
            elif seg_id in seg.borders:
                out.add((x, y, seg.id))
    return out


def feature_graph_for_event(
    game: Game, index: int, state: GameState | None = None, *, size: int | None = None
) -> str:
    """The board with the feature graph drawn over it: only the current feature's part (and the
    city segments its fields border) when the event concerns a feature, else all of it."""
    event = game.events[index]
    if state is None:
        state = game.replay(index)
    nodes = None
    if event.nodes:
        nodes = set(event.nodes) | _border_partners(state, event.nodes)
    return board_svg(
        state.board,
        players=game.players,
        highlight=event.nodes or None,
        graph=True,
        graph_nodes=nodes,
        size=size or auto_tile_size(state),
        corner_figures=_corner_figures(state),
    )


@dataclass(frozen=True)
class Prediction:
    """A "predict, then reveal" question about a scoring event.

    Where the answer stands among the choices must never give it away: choices in points
    keep their ascending order (:func:`_choices` balances them by the mistakes it picks
    below and above the answer); any other choices are put in an order drawn from the
    question itself, the same on every run, with the answer at any position equally often.
    """

    question: str
    choices: tuple[str, ...]
    answer: str
    explanation: str

    def __post_init__(self) -> None:
        if self.answer in self.choices and not all(_POINTS.match(c) for c in self.choices):
            object.__setattr__(self, "choices", _answer_at_drawn_place(self, self.choices))
        # after the order is drawn (it depends on the words): no ids, abbreviations written out
        object.__setattr__(self, "question", plain_text(self.question))
        object.__setattr__(self, "explanation", plain_text(self.explanation))
        object.__setattr__(self, "choices", tuple(spell_out(c) for c in self.choices))
        object.__setattr__(self, "answer", spell_out(self.answer))


#: a choice that is a number of points ("1 point", "12 points"; "3 punti", "5 bodů")
_POINTS = re.compile(r"^-?\d+ (?:points?|punt[oi]|bod[yů]?)$")


def _draw(*parts: object) -> int:
    """A number drawn from ``parts``, the same on every run and machine (``hash()`` of a str
    changes from one Python process to the next)."""
    return int.from_bytes(hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=4).digest())


def _answer_at_drawn_place(prediction: Prediction, choices: tuple[str, ...]):
    # the explanation tells one event from another where the question and choices repeat
    answer = prediction.answer
    others = [c for c in choices if c != answer]
    at = _draw(prediction.question, answer, choices, prediction.explanation) % len(choices)
    return tuple(others[:at] + [answer] + others[at:])


def answer_in_place(english: Prediction | None, local: Prediction) -> Prediction:
    """``local`` (a question asked again in another language) with its answer where the
    English question has it. :class:`Prediction` draws the answer's place from the words, so
    two languages would put it at different places; the other choices keep the order their
    builder gave them, the same in every language (a builder that sorts its choices sorts
    them by their English)."""
    if english is None or len(english.choices) != len(local.choices):
        return local
    at = english.choices.index(english.answer)
    others = [c for c in local.choices if c != local.answer]
    ordered = (*others[:at], local.answer, *others[at:])
    if ordered == local.choices:
        return local
    moved = copy.copy(local)  # not through __init__, which would draw the place again
    object.__setattr__(moved, "choices", ordered)
    return moved


def _choices(correct: int, distractors: list[int], *, keep: int = 0) -> tuple[str, ...]:
    """Four point values in ascending order: the answer and three wrong ones, the classic
    mistakes of the rule (``distractors``, most telling first; the first ``keep`` are always
    offered) before any made-up value.

    How many wrong values lie below the answer is drawn from the question (stable across
    runs) among the counts the kept mistakes allow, so that the answer is the first, second,
    third or last choice about equally often; an answer of 0 or 1 point can only have so few
    values below it."""
    mistakes: list[int] = []
    for d in distractors:
        if d >= 0 and d != correct and d not in mistakes:
            mistakes.append(d)
    kept = mistakes[:keep]
    kept_below = sum(1 for m in kept if m < correct)
    fits = [
        b for b in range(min(correct, 3) + 1) if b >= kept_below and 3 - b >= len(kept) - kept_below
    ]
    below_wanted = fits[_draw(correct, tuple(distractors)) % len(fits)]
    # made-up values after the mistakes: near the answer, then halves and doubles
    made_up_below = [correct - 1, correct // 2, correct - 2, correct - 3, 0, 1, 2]
    made_up_above = [correct + 1, correct * 2, correct + 2, correct + 3, correct + 4, correct + 5]
    below = _pick(
        [m for m in mistakes if m < correct] + made_up_below, correct, below_wanted, below=True
    )
    above = _pick(
        [m for m in mistakes if m > correct] + made_up_above, correct, 3 - len(below), below=False
    )
    return tuple(points_text(v) for v in sorted({correct, *below, *above}))


def points_text(n: int, lang: str | None = None) -> str:
    """``"3 points"`` in ``lang`` (default: the current language): a choice or an answer of a
    question in points."""
    return ngettext("{n} point", "{n} points", n, lang)


def _pick(candidates: list[int], correct: int, wanted: int, *, below: bool) -> list[int]:
    picked: list[int] = []
    for value in candidates:
        if len(picked) == wanted:
            break
        on_its_side = 0 <= value < correct if below else value > correct
        if on_its_side and value not in picked:
            picked.append(value)
    return picked


def _common_mistakes(event: Event, points: int, tiles: int, pennants: int) -> list[int]:
    """Wrong answers learners often give for this rule, as the rule's module lists them."""
    from .rules import RULE_MODULES, module_class

    for expansion in RULE_MODULES:
        found = module_class(expansion).common_mistakes(event.rule, points, tiles, pennants)
        if found is not None:
            return found
    return [points + 1, max(points - 1, 0), points * 2]


#: "without it: 3 points" in a breakdown part: what the feature would have scored
_WITHOUT = re.compile(r"without it: (\d+) points?")


def prediction_for(game: Game, index: int) -> Prediction | None:
    """A question for a scoring event: how many points, with plausible wrong answers drawn
    from the usual mistakes (counting the end-of-game value, forgetting pennants, counting a
    city twice for a farm)."""
    event = game.events[index]
    if not is_scoring(event):
        return None
    value = sum(p for _, p in event.breakdown)
    points = event.points if event.kind == "points" else 0
    tiles = next((p for w, p in event.breakdown if "tile" in w), 0)
    pennants = next((p for w, p in event.breakdown if "pennant" in w), 0)
    if event.kind == "no-score":
        # The classic mistake: scoring a feature that nobody occupies (or that is worth nothing);
        # where a part of the breakdown says what it would have scored without what cancelled
        # it (an inn on an unfinished road, a cathedral in an open city), that value first.
        without = [int(m.group(1)) for w, _ in event.breakdown if (m := _WITHOUT.search(w))]
        distractors = [*without, value, value + 1, 1]
    else:
        distractors = _common_mistakes(event, points, tiles, pennants)
        if " tie " in event.text and points:
            # the classic mistake at a tie: nobody scores, or the points are shared out
            distractors = [0, points // 2, *distractors]
    if event.kind == "points":
        question = _("How many points does {player} score here?", player=event.player)
    else:
        question = _("How many points does anyone score here?")
    answer = points_text(points)
    choices = _choices(points, distractors)
    if answer not in choices:  # pragma: no cover - _choices always keeps the answer
        choices = (answer,) + choices[:3]
    return Prediction(question, choices, answer, event.text_in())


def matplotlib_available() -> bool:
    """Whether the optional matplotlib view can be drawn here (not in the offline browser build)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


#: engine expansion ids -> the annotation corpus's ids for the same box (a figure played on its
#: own counts as its box's expansion for the footnotes about it)
_ANNOTATION_EXPANSION = {
    eid: package.box
    for package in PACKAGES
    if package.box
    for eid in package.expansion_ids
    if eid != package.box
}


def expansions_in_play(expansions) -> frozenset[str]:
    """The annotation corpus's expansion ids for a game's ``setup.expansions`` (base always)."""
    out = {"base"}
    for e in expansions or ():
        out.add(e)
        if e in _ANNOTATION_EXPANSION:
            out.add(_ANNOTATION_EXPANSION[e])
    return frozenset(out)


def footnote_in_play(record, expansions) -> bool:
    """Whether a footnote concerns only expansions in play: every expansion it names is one
    of ``expansions`` (a game's ``setup.expansions``). A footnote about shrines, the City of
    Carcassonne or the dragon is not shown in a base game."""
    return set(record.expansions) <= expansions_in_play(expansions)


def annotation_notes(
    event: Event, limit: int = 6, *, expansions=None, lang: str | None = None
) -> list[dict[str, str]]:
    """The footnotes and rulings that bear on an event, ready to show: the event's own
    annotation ids first, then records filed under its rule id (or a parent of it).

    ``expansions``: the game's ``setup.expansions``; when given, a footnote is kept when every
    expansion it names is in play (:func:`footnote_in_play`), or when the engine attached it to
    this event and it names at least one expansion in play (ckr-35 on a King's transfer names
    Inns & Cathedrals too, and still explains the transfer).

    Each item has ``id``, ``kind`` (the label, with the seeds' icon as a symbol), ``callout``
    (a marimo callout kind), ``title``, ``text`` and ``citation`` (as a reader cites it:
    page, language, footnote number, date).

    ``lang`` (default: the current language): the kind, title and text in that language where
    the record is translated into it, English where it is not; the citation's words in it.
    """
    from .annotations import annotations_for, cite
    from .errors import UnknownRuleError

    try:
        records = annotations_for(event)
    except UnknownRuleError:
        records = []
    if expansions is not None:
        # the footnotes the engine attached to the event bear on it whatever else they mention;
        # those found by the event's rule id must concern only expansions in play
        attached = set(event.annotations)
        in_play = expansions_in_play(expansions)
        records = [
            r
            for r in records
            if footnote_in_play(r, expansions)
            or (
                (r.id in attached or any(a in attached for a in getattr(r, "refs", ())))
                and bool(set(r.expansions) & in_play)
            )
        ]
    out = []
    for record in records[:limit]:
        label = record.label
        out.append(
            {
                "id": record.id,
                "kind": f"{label.symbol} {_(label.label, lang)}",
                "callout": label.callout,
                "title": spell_out(record.title_in(lang), lang),
                "text": _footnote_text(record, lang),
                "citation": cite(record, lang),
            }
        )
    return out


# -- move notes and predictions -------------------------------------------------------------

_GIVES_AWAY = re.compile(
    r"\b\d+\s+(?:points?|tiles?|pennants?)\b|\bscor(?:es?|ing)\s+\d+|\b\d+\s*(?:pts?|×)",
    re.IGNORECASE,
)


def note_gives_away(note: str, prediction: Prediction | None = None) -> bool:
    """Whether a move note says what a prediction asks: a number of points, or the tiles and
    pennants the points are counted from, or the answer itself."""
    if not note:
        return False
    if _GIVES_AWAY.search(note):
        return True
    return prediction is not None and prediction.answer in note


def _turn_predictions(game: Game, index: int) -> list[tuple[int, Prediction]]:
    """The predictions asked later in the same turn as event ``index``."""
    turn = game.events[index].turn
    out = []
    for k in range(index + 1, len(game.events)):
        if game.events[k].turn != turn:
            break
        p = prediction_for(game, k)
        if p is not None:
            out.append((k, p))
    return out


def event_note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``.

    A note is shown with its tile's placement, unless (with ``quiz``) it would give away the
    answer of a prediction later in the same turn: it is then held back and shown with the
    first scoring of that turn, once the prediction has been answered.
    """
    event = game.events[index]
    own = (event.data or {}).get("note", "")
    if own:
        if quiz and any(note_gives_away(own, p) for _, p in _turn_predictions(game, index)):
            return ""
        return own
    if not quiz or prediction_for(game, index) is None:
        return ""
    for k in range(index - 1, -1, -1):
        earlier = game.events[k]
        if earlier.turn != event.turn:
            break
        if prediction_for(game, k) is not None:
            return ""  # shown with the turn's first scoring already
        held = (earlier.data or {}).get("note", "")
        if held:
            gives = any(note_gives_away(held, p) for _, p in _turn_predictions(game, k))
            return held if gives else ""
    return ""


# -- why this many points? -------------------------------------------------------------------


def score_story(game: Game, index: int, player: str, lang: str | None = None) -> list[dict]:
    """The events that made ``player``'s score up to event ``index``, each with its rule and
    the footnotes behind it (those of the expansions in play).

    Each item: ``index``, ``turn``, ``step``, ``points``, ``text``, ``breakdown`` (pairs),
    ``rule``, ``rule_summary``, ``footnotes`` (as :func:`annotation_notes`); the text, the
    breakdown and the footnotes in ``lang`` (default: the current language).
    """
    out = []
    for event in game.events[: index + 1]:
        if event.kind != "points" or event.player != player or not event.points:
            continue
        out.append(
            {
                "index": event.index,
                "turn": event.turn,
                "step": event.step,
                "points": event.points,
                "text": event.text_in(lang),
                "breakdown": list(event.breakdown_in(lang)),
                "rule": event.rule,
                "rule_summary": rule_summary(event.rule, lang) if event.rule else "",
                "footnotes": annotation_notes(event, expansions=game.setup.expansions, lang=lang),
            }
        )
    return out


def score_story_markdown(game: Game, index: int, player: str, lang: str | None = None) -> str:
    """:func:`score_story` as Markdown: a table of the events, then their rules and footnotes
    (the events' texts, breakdowns, footnotes and the page's own words in ``lang``; the rules'
    sentences are English for now)."""
    story = score_story(game, index, player, lang)
    total = game.scores_after(index).get(player, 0)
    name = escape_markdown(player)
    if not story:
        return _(
            "**{player}** has no points yet (after event {index}).", lang, player=name, index=index
        )
    points = ngettext("{n} point", "{n} points", total, lang)
    scorings = ngettext("{n} scoring", "{n} scorings", len(story), lang)
    lines = [
        _(
            "**{player}: {points}** after event {index}, from {scorings}:",
            lang,
            player=name,
            points=points,
            index=index,
            scorings=scorings,
        ),
        "",
        f"| {_('event', lang)} | {_('turn', lang)} | {_('how', lang)} | {_('points', lang)} |",
        "|---:|---:|---|---:|",
    ]
    for item in story:
        how = "; ".join(f"{w}: {p}" for w, p in item["breakdown"]) or item["text"]
        lines.append(
            f"| {item['index']} | {item['turn']} | {escape_markdown(how)} | {item['points']} |"
        )
    lines.append(f"| | | **{_('total', lang)}** | **{total}** |")
    rules: dict[str, str] = {}
    notes: dict[str, dict] = {}
    for item in story:
        if item["rule"] and item["rule_summary"]:
            rules.setdefault(item["rule"], item["rule_summary"])
        for note in item["footnotes"]:
            notes.setdefault(note["id"], note)
    if rules:
        lines += ["", f"**{_('The rules behind them', lang)}**", ""]
        lines += [f"- {rule_words(rid, lang)}" for rid in rules]
        lines += ["", rule_details_html(*rules, lang=lang)]
    if notes:
        lines += ["", f"**{_('Footnotes', lang)}**", ""]
        lines += [f"- {n['kind']}: {n['title']} ({n['citation']})" for n in notes.values()]
    return spell_out("\n".join(lines))


# -- building a board by hand (the tiles-and-features notebook) ---------------------------------

#: colours of the squares the placement view marks
LEGAL_COLOUR = "#2a9d3c"
ILLEGAL_COLOUR = "#9a9a9a"


def sandbox_game(moves: list[dict], players: tuple[str, ...] = ("You",)):
    """A game made of hand-placed moves (dicts in game-file form), never scored at the end."""
    from .gamefile import load_game

    data = {
        "format": "carc-teach-game",
        "version": 1,
        "title": "Your board",
        "setup": {"players": list(players)},
        "moves": list(moves),
        "final_scoring": False,
    }
    return load_game(data, source="your board")


#: who places the tiles of the hand-built board, in turn
SANDBOX_PLAYERS = ("Alice", "Bob")


def follower_spots(game: Game, lang: str | None = None) -> list[tuple[str, str]]:
    """Where the player of the last hand-placed tile may put a follower on it, as the engine's
    deployment decision lists them: ``(segment id, label)``, e.g. ``("road", "the tile's road,
    in the road of 2 tiles")`` (the label names the segment in words, never by its id; in
    ``lang``, default the current language). Empty before the first tile."""
    placed_at = [e.index for e in game.events if e.kind == "tile-placed"]
    if not placed_at:
        return []
    from .turn import deployment_options

    state = game.replay(placed_at[-1])  # the tile placed, nothing deployed yet
    options = deployment_options(state, state.turn)
    features = state.board.features
    out = []
    for action in options:
        if action.figure != "follower" or action.node is None:
            continue
        feature = features.feature_of(action.node)
        code = language_code(lang)
        words = render_phrase(state.board.segment_phrase(action.node), code)
        label = _(
            "{segment}, in {feature}",
            code,
            segment=words,
            feature=render_phrase(feature.phrase(), code),
        )
        out.append((action.node[2], label))
    return out


def with_follower(moves: list[dict], segment: str | None) -> list[dict]:
    """``moves`` with the last move's follower on ``segment`` (None: no follower)."""
    if not moves:
        return []
    last = {k: v for k, v in moves[-1].items() if k != "deploy"}
    if segment is not None:
        last["deploy"] = {"figure": "follower", "segment": segment}
    return [*moves[:-1], last]


def would_score(state: GameState, lang: str = "en") -> list[dict]:
    """Who would score what if the game ended now: every unscored feature with a figure on it,
    scored after the game by the engine's own pipeline on a copy of the state (the board
    itself is not touched). One row per feature, most points first."""
    trial = state.clone()
    trial.until = None
    listed = [item for m in trial.modules for item in m.final_features(trial)]
    rows = []
    for feature, rule, what in listed:
        if not feature.figures:
            continue
        holders = ", ".join(
            f"{p} {n}"
            for p, n in sorted(
                {
                    fig.player: sum(1 for g in feature.figures if g.player == fig.player)
                    for fig in feature.figures
                    if fig.player is not None
                }.items()
            )
        )
        scoring = score_feature(trial, feature, rule=rule, what=what, final=True)
        best = max(scoring.points.values(), default=0)
        rows.append(
            {
                # the table's headings and words in the language (English: as they were)
                pgettext("column", "feature", lang): render_phrase(what, lang),
                pgettext("column", "followers", lang): holders,
                pgettext("column", "majority", lang): (
                    format_list(scoring.winners, lang) or _("nobody", lang)
                ),
                pgettext("column", "points", lang): (
                    ", ".join(f"{p} {n}" for p, n in scoring.points.items()) or _("none", lang)
                ),
                "_best": best,
            }
        )
    first = pgettext("column", "feature", lang)
    rows.sort(key=lambda r: (-r.pop("_best"), r[first]))
    return rows


def tiles_left(state: GameState) -> list[tuple[str, str, int]]:
    """(tile id, name, how many are left) for every tile type still in the supply."""
    return [(tid, state.tile_types[tid].name, n) for tid, n in state.remaining.items() if n > 0]


def placement_options(state: GameState, tile_id: str, rotation: int):
    """Where a tile turned ``rotation`` degrees may go, and why every other open square refuses it.

    Returns ``(legal, refused)``: ``legal`` a sorted list of squares, ``refused`` a sorted list
    of ``(square, refusal)`` for the open squares around the board where it may not go. Each
    refusal is the engine's own (``GameState.why_not_place``): ``str(refusal)`` reads the
    reason with the rule, footnotes and options behind it.
    """
    tile = state.tile_types[tile_id]
    legal, refused = [], []
    for x, y in sorted(state.board.frontier):
        problem = state.why_not_place(tile, x, y, rotation)
        if problem is None:
            legal.append((x, y))
        else:
            refused.append(((x, y), problem))
    return legal, refused


def placement_marks(
    state: GameState, tile_id: str, rotation: int, lang: str | None = None
) -> list[tuple[int, int, str, str]]:
    """Board marks for :func:`placement_options`: legal squares green, refused ones grey, each
    with its reason as hover text in ``lang`` (the engine's refusals too:
    ``Refusal.text_in``)."""
    legal, refused = placement_options(state, tile_id, rotation)
    marks = [
        (
            x,
            y,
            LEGAL_COLOUR,
            _(
                "({x}, {y}): tile {tile} turned {rotation}° fits here",
                lang,
                x=x,
                y=y,
                tile=tile_id,
                rotation=rotation,
            ),
        )
        for x, y in legal
    ]
    marks += [
        (x, y, ILLEGAL_COLOUR, f"({x}, {y}): {reason.text_in(lang)}") for (x, y), reason in refused
    ]
    return marks


def rotations_that_fit(state: GameState, tile_id: str) -> dict[int, int]:
    """For each rotation, on how many squares the tile fits."""
    tile = state.tile_types[tile_id]
    counts = {r: 0 for r in (0, 90, 180, 270)}
    for p in state.board.legal_placements(tile):
        counts[p.rotation] += 1
    return counts


def feature_rows(state: GameState, lang: str = "en") -> list[dict]:
    """One row per feature on the board, biggest first: what a learner would tabulate. The
    headings and words in ``lang`` (English: the keys ``id``, ``kind``, ``tiles`` ...); the
    page's feature picker reads the English rows."""
    rows = []
    features = state.board.features

    # the headings, each a literal for the catalogues
    (id_, kind_, tiles_, segments_, complete_, open_, pennants_, figures_, borders_) = (
        pgettext("column", "id", lang),
        pgettext("column", "kind", lang),
        pgettext("column", "tiles", lang),
        pgettext("column", "segments", lang),
        pgettext("column", "complete", lang),
        pgettext("column", "open edges", lang),
        pgettext("column", "pennants", lang),
        pgettext("column", "figures", lang),
        pgettext("column", "borders", lang),
    )
    for f in features.features():
        if f.complete:
            complete = _("yes", lang)
        else:
            complete = _("never (farm)", lang) if f.kind == "field" else _("no", lang)
        row = {
            id_: f.id,
            kind_: f.kind if lang == "en" else render_phrase(Word(f.kind), lang),
            tiles_: f.size,
            segments_: len(f.nodes),
            complete_: complete,
            open_: f.open_edges if f.kind in ("road", "city") else "",
            pennants_: f.pennants if f.kind == "city" else "",
            figures_: ", ".join(sorted(fig.player for fig in f.figures)),
        }
        if f.kind == "cloister":
            row[open_] = _("{n} empty around", lang, n=8 - f.neighbours)
        if f.kind == "field":
            cities = features.bordering_cities(f)
            row[borders_] = ngettext(
                "{n} city ({complete} complete)",
                "{n} cities ({complete} complete)",
                len(cities),
                lang,
                complete=sum(c.complete for c in cities),
            )
        else:
            row[borders_] = ""
        rows.append(row)
    rows.sort(key=lambda r: (-r[tiles_], r[id_]))
    return rows


def placement_report(state: GameState, lang: str | None = None) -> str:
    """Markdown: what the last placed tile did to the features it touched, in ``lang``
    (default: the current language)."""
    lang = language_code(lang)
    tiles = sorted(state.board.tiles.values(), key=lambda t: t.order)
    last = tiles[-1]
    if last.order == 0:
        return _(
            "Only the start tile is on the board. Pick a tile, a rotation and a green square.",
            lang,
        )
    features = state.board.features
    lines = [
        _(
            "Tile **{tile}** ({name}) went to ({x}, {y}), turned {rotation}°.",
            lang,
            tile=last.type.id,
            name=tile_name(last.type.name, lang),
            x=last.x,
            y=last.y,
            rotation=last.rotation,
        )
    ]
    for seg in last.tile.segments:
        f = features.feature_of((last.x, last.y, seg.id))
        others = len(f.tiles) - 1
        words = render_phrase(Capital(state.board.segment_phrase((last.x, last.y, seg.id))), lang)
        feature = render_phrase(f.phrase(), lang)
        if others:
            said = ngettext(
                "{segment} joins {n} other tile: {feature}",
                "{segment} joins {n} other tiles: {feature}",
                others,
                lang,
                segment=words,
                feature=feature,
            )
        else:
            said = _("{segment} starts a new one: {feature}", lang, segment=words, feature=feature)
        status = ""
        if f.kind in ("road", "city"):
            status = (
                _(" — **complete!**", lang)
                if f.complete
                else ngettext(" — {n} open edge left", " — {n} open edges left", f.open_edges, lang)
            )
        elif f.kind == "cloister":
            status = (
                _(" — **surrounded!**", lang)
                if f.complete
                else _(" — {n} of its 8 neighbours missing", lang, n=8 - f.neighbours)
            )
        lines.append(f"- {said}{status}")
    return "\n".join(lines)


def turn_span(game: Game, index: int) -> range:
    turn = game.events[index].turn
    first = index
    while first > 0 and game.events[first - 1].turn == turn:
        first -= 1
    last = index
    while last + 1 < len(game.events) and game.events[last + 1].turn == turn:
        last += 1
    return range(first, last + 1)


def note_held_for(game: Game, index: int, quiz: bool, asks, *, once_per_turn: bool = False) -> str:
    """The move note to show at event ``index``, as :func:`event_note`, except that a note
    ahead of a question of the same turn (``asks(game, k)`` is not None) waits for that
    question and is shown with it, since such a note tends to answer it. ``once_per_turn``:
    only the turn's first question shows the held note."""
    if not quiz:
        return event_note(game, index, quiz=False)
    span = turn_span(game, index)
    if any(asks(game, k) for k in span if k > index):
        return ""
    if asks(game, index) is not None:
        if once_per_turn and any(asks(game, k) for k in span if k < index):
            return ""
        for k in range(index, span.start - 1, -1):
            note = (game.events[k].data or {}).get("note", "")
            if note:
                return note
        return ""
    return event_note(game, index, quiz=quiz)


def walkthrough_explanation_markdown(
    event: Event, *, hidden: bool = False, note: str | None = None, lang: str | None = None
) -> str:
    """:func:`explanation_markdown`, except that while a question about a non-scoring event
    is open (a City question at a deployment) the event is not told yet."""
    if hidden and not is_scoring(event):
        return "\n".join(
            [
                _("**Event {index}** · what happens next?", lang, index=event.index),
                "",
                _("*Answer the question below to see this event.*", lang),
            ]
        )
    return explanation_markdown(event, hide_points=hidden, note=note, lang=lang)


def footnotes_covered(game: Game, lang: str | None = None) -> list[dict]:
    """Every footnote a walkthrough of ``game`` shows (those of the expansions in play), in
    the order they first come up, each with the events where it does (``events``); titles in
    ``lang`` as :func:`annotation_notes` gives them."""
    found: dict[str, dict] = {}
    for event in game.events:
        for note in annotation_notes(event, expansions=game.setup.expansions, lang=lang):
            item = found.setdefault(note["id"], {**note, "events": []})
            item["events"].append(event.index)
    return list(found.values())


def footnotes_covered_markdown(game: Game, lang: str | None = None) -> str:
    """:func:`footnotes_covered` as a Markdown list (its words in ``lang``, and so are the
    two lines said when there is none)."""
    items = footnotes_covered(game, lang)
    if not items:
        if set(game.setup.expansions) <= {"base"}:
            return _(
                "The footnotes gathered here rule on the expansions, and this game plays the "
                "base game only. Pick a game further down the list (one with The Count, "
                "King & Robber Baron, Heretics & Shrines or Abbey & Mayor) to see them at work.",
                lang,
            )
        return _("No footnote of the expansions in play rules on an event of this game.", lang)
    lines = []
    for item in items:
        where = ", ".join(str(k) for k in item["events"])
        at = ngettext("event {where}", "events {where}", len(item["events"]), lang, where=where)
        lines.append(f"- **{item['title']}** ({item['kind']}; {at}): *{item['citation']}*")
    return "\n".join(lines)


def turn_placer(game: Game, index: int) -> str | None:
    return next(
        (
            game.events[k].player
            for k in turn_span(game, index)
            if game.events[k].kind == "tile-placed"
        ),
        None,
    )

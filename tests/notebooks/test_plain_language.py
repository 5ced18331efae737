"""Plain words for learners (issue 21): what the walkthroughs show on the bundled games names no
rule id, rule option id, segment id or event kind outside the "Rule details" folds, writes out
every publisher abbreviation and edition name where a text first uses it, and every walkthrough
notebook includes the shared glossary.

The texts are gathered without a browser (``walkthrough_pages.shown``: the Markdown and HTML the
teach, lessons and classroom functions return for every event of every walkthrough's games, and
the comparison's lesson); the board drawings are left out (their hover texts are the drawing's
own, for readers of the segment graph).
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest
from walkthrough_pages import shown

from carc_teach import teach
from carc_teach.annotations.glossary import ABBREVIATIONS, NAMED_EDITIONS, spell_out
from carc_teach.annotations.topics import all_topics
from carc_teach.editions import OPTIONS
from carc_teach.tiles import catalogue, tile_sets

ROOT = Path(__file__).resolve().parents[2]

#: the folds that keep the ids for the curious, and the drawings
_DETAILS = re.compile(r"<details\b.*?</details>", re.S)
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_TAG = re.compile(r"<[^>]+>")
#: what looks like a rule id (the issue's pattern)
_DOTTED = re.compile(r"\b[a-z0-9-]+\.[a-z0-9.-]+\b")
_RULE_IDS = {t.id for t in all_topics()} | {o.id for o in OPTIONS}


@cache
def _segment_ids() -> frozenset[str]:
    """Segment ids a learner could not read as a word: those with a hyphen (field-e, road-w,
    city-ns ...)."""
    return frozenset(
        seg.id
        for name in tile_sets()
        for tile in catalogue(name)
        for seg in tile.segments
        if "-" in seg.id
    )


def _readable(text: str) -> str:
    """What a learner reads of ``text``: no folds, no drawings, no markup."""
    return html.unescape(_TAG.sub(" ", _SVG.sub(" ", _DETAILS.sub(" ", text))))


@cache
def _shown_readable() -> tuple[tuple[str, str, str], ...]:
    return tuple((nb, where, _readable(text)) for nb, where, text in shown())


def _first(found: list[str], limit: int = 5) -> str:
    return "\n".join(found[:limit])


def test_the_gathered_texts_cover_every_walkthrough_and_every_event_kind():
    notebooks = {nb for nb, _, _ in shown()}
    assert notebooks == {
        "turn_sequence",
        "count_of_carcassonne",
        "king_and_robber",
        "heretics_and_shrines",
        "abbey_and_mayor",
        "inns_and_cathedrals",
        "river_ii",
        "after_the_game",
        "compare_editions",
    }
    assert len(shown()) > 10_000


def test_no_rule_id_outside_the_details():
    found = [
        f"{nb} / {where}: {token}"
        for nb, where, text in _shown_readable()
        for token in _DOTTED.findall(text)
        if token.rstrip(".") in _RULE_IDS
    ]
    assert not found, _first(found)


def test_no_segment_id_outside_the_details():
    ids = _segment_ids()
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(ids))) + r")(?![\w-])")
    found = [
        f"{nb} / {where}: {m.group(1)}"
        for nb, where, text in _shown_readable()
        for m in pattern.finditer(text)
    ]
    found += [
        f"{nb} / {where}: {m.group(0)}"
        for nb, where, text in _shown_readable()
        for m in re.finditer(r"\bsegment [a-z]+(?:-[a-z]+)*\b", text)
        if m.group(0).split()[1] not in ("of", "a", "the", "that", "is", "in", "by")
    ]
    assert not found, _first(found)


def test_no_event_kind_as_a_word():
    """An event's heading says what happens ("a figure goes home"), not its kind."""
    allowed = set(teach.EVENT_HEADINGS.values()) | {"what happens next?"}
    found = [
        f"{nb} / {where}: {m.group(1)}"
        for nb, where, text in _shown_readable()
        for m in re.finditer(r"\*\*Event \d+\*\* · ([^\n]*)", text)
        if m.group(1).strip() not in allowed
    ]
    assert not found, _first(found)


def test_every_event_kind_the_bundled_games_emit_has_a_heading():
    from carc_teach import examples

    emitted = {e.kind for name in examples.names() for e in examples.load(name).events}
    assert emitted <= set(teach.EVENT_HEADINGS), emitted - set(teach.EVENT_HEADINGS)


def test_every_abbreviation_is_written_out_where_a_text_first_uses_it():
    found = []
    for nb, where, text in _shown_readable():
        for short, full in ABBREVIATIONS.items():
            at = re.search(rf"(?<![\w-]){re.escape(short)}(?![\w-])", text)
            if at and not re.search(rf"{re.escape(full)}'?s? \($", text[: at.start()]):
                found.append(
                    f"{nb} / {where}: {short} at {text[max(0, at.start() - 60) : at.end()]!r}"
                )
        for name in NAMED_EDITIONS:
            at = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])('s)?", text)
            if at and not text[at.end() :].startswith(" ("):
                found.append(
                    f"{nb} / {where}: {name} at {text[max(0, at.start() - 60) : at.end() + 20]!r}"
                )
    assert not found, _first(found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("RGG's edition, RGG again", "Rio Grande Games' (RGG's) edition, RGG again"),
        ("Hans im Glück (HiG) says", "Hans im Glück (HiG) says"),
        ("in C2", "in C2 (the second edition's tile art and words)"),
    ],
)
def test_spell_out(text, expected):
    assert spell_out(text) == expected


def test_ids_become_words_and_move_to_the_details():
    text, ids = teach.plain_ids(
        "It bends left (rule river2.place). Option: count.deploy-trigger. See king.scoring."
    )
    assert text == "It bends left. See “What are the King and the Robber Baron worth?”."
    assert ids == ("count.deploy-trigger", "river2.place", "king.scoring")


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.py"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_walkthrough_notebook_includes_the_glossary(path):
    cells = path.read_text().split("@app.cell")
    with_glossary = [c for c in cells if "ui.glossary(mo" in c]  # (mo) or (mo, lang)
    assert len(with_glossary) == 1, f"{path.name}: one cell shows ui.glossary(mo, ...)"

"""Parsing the seed documents into the facts the annotation-corpus tests check.

Used by ``scripts/seed_facts.py`` (which writes ``tests/fixtures/seed_facts/``) and by
``tests/test_seed_facts.py`` (which checks those fixtures against the seeds when the seeds,
``../shared/seeds`` next to the repository, are present). The module name is unusual on
purpose: test folders share one import namespace, and a plain ``conftest`` or ``seeds`` could
clash with another folder's module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO.parent / "shared" / "seeds"

#: seed number -> the heading line after which its numbered footnote list starts
FOOTNOTE_HEADINGS = {"000": "Note", "001": "Poznámky pod čarou", "002": "Footnotes"}

#: the icon text each page prints in front of a footnote -> annotation kind
KIND_MARKERS = {
    "Official clarification from the publisher": "official",
    "Interpretation from the Community": "interpretation",
    "Common house rule or variant": "house-rule",
    "Notorious rule difference among editions or publishers": "edition-difference",
    "Oficiální vysvětlení pravidel od vydavatelství": "official",
    "Výklad pravidel komunitou": "interpretation",
    "Domácí pravidla nebo varianty": "house-rule",
    "Rozdílná pravidla mezi jednotlivými edicemi nebo vydavatelstvími": "edition-difference",
    "Icon Open Book.png": "official",
    "Icon World Black.png": "interpretation",
    "Icon House Black.png": "house-rule",
    "Icon Double Arrow Black.png": "edition-difference",
}

SECTION_HEADINGS = {
    "House Rules",
    "Official Variants",
    "Regole della casa",
    "Varianti ufficiali",
    "Domácí pravidla",
}
PART_HEADINGS = {
    "The Count of Carcassonne": "count",
    "The Count of Carcasonne": "count",  # sic, seed 001
    "Hrabě z Carcassonne": "count",
    "King and Robber Baron": "king-robber",
    "Heretics and Shrines": "shrines",
    "Kultovní místa": "shrines",
    "The River II": "river2",
    "Il fiume II": "river2",
}
SECTION_END = {"Tile Distribution", "Tile distribution", "Seznam kartiček"}


@dataclass(frozen=True)
class Footnote:
    seed: str
    number: int
    text: str


@dataclass(frozen=True)
class ListItem:
    seed: str
    part: str
    section: str
    item: int
    text: str


def seed_path(seed: str) -> Path:
    matches = sorted(SEEDS.glob(f"{seed}_*.txt"))
    if not matches:
        pytest.skip(f"seed {seed} not found under {SEEDS} (the shared seeds are not checked out)")
    return matches[0]


def parse_numbered_footnotes(seed: str) -> list[Footnote]:
    """Footnotes of seeds 000-002: a heading, then lines '  N. text' (continuations unnumbered)."""
    lines = seed_path(seed).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == FOOTNOTE_HEADINGS[seed])
    notes: list[list] = []
    for line in lines[start + 1 :]:
        m = re.match(r"^\s+(\d+)\.\s+(.*)$", line)
        if m:
            notes.append([int(m.group(1)), m.group(2)])
        elif notes and line.strip():
            notes[-1][1] += " " + line.strip()
    return [Footnote(seed, n, text) for n, text in notes]


def parse_annotated_rules_footnotes() -> list[Footnote]:
    """Footnotes of seed 004: lines that start with the number glued to the text ('154Any ...').

    The seed is extracted text without layout, so a footnote's second line (an 'Answer:', a date)
    cannot be told apart from the main text that follows; each footnote's text is its own line
    plus the next line unless that starts another footnote. The checks that read it (dates,
    publisher names) find no such markers in the main-text lines.
    """
    lines = seed_path("004").read_text(encoding="utf-8").splitlines()
    start = re.compile(r'^(1[5-9]\d)(?=[A-Z"“\[])(.*)$')
    notes = []
    for i, line in enumerate(lines):
        m = start.match(line)
        if m:
            text = m.group(2)
            if i + 1 < len(lines) and not start.match(lines[i + 1]):
                text += " " + lines[i + 1].strip()
            notes.append(Footnote("004", int(m.group(1)), text))
    return notes


def parse_list_items(seed: str) -> list[ListItem]:
    """Every item of the House Rules / Official Variants lists of one seed."""
    lines = seed_path(seed).read_text(encoding="utf-8").splitlines()
    part = "abbey-mayor" if seed == "004" else None
    items: list[ListItem] = []
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if stripped in PART_HEADINGS:
            part = PART_HEADINGS[stripped]
        if stripped in SECTION_HEADINGS:
            section = stripped
            body = []
            j = i + 1
            while j < len(lines):
                s = lines[j].strip()
                if (
                    s in SECTION_HEADINGS
                    or s in PART_HEADINGS
                    or s in SECTION_END
                    or re.match(r"^\d{3}\S", s)
                ):
                    break
                body.append(lines[j])
                j += 1
            if "Variant" in section or "Varianti" in section:
                numbered = [b for b in body if re.match(r"^\s*\d+\.\s", b)]
                texts = [re.sub(r"^\s*\d+\.\s*", "", b) for b in numbered]
            else:
                texts = [b.strip().lstrip("•").strip() for b in body if b.strip()]
            assert part is not None, f"seed {seed}: a {section} list before any part heading"
            items.extend(ListItem(seed, part, section, n, t) for n, t in enumerate(texts, 1))
            i = j
            continue
        i += 1
    return items

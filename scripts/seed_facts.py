"""Extract the facts the tests check from the seed documents into committed JSON fixtures.

Run from the repository root: ``python scripts/seed_facts.py`` rewrites
``tests/fixtures/seed_facts/*.json`` from ``../shared/seeds`` (the seed folder next to the
repository); ``--check`` only compares and exits 1 when a fixture is stale.

The fixtures hold facts only - footnote numbers, icon kinds, dates, publisher and edition
mentions, list-item positions, credited names, switch names, step codes, row structure - and
short hashes where a test needs to tell two texts apart; no sentence of a seed is kept. The
parsing is the tests' own (``tests/annotations/_seed_parsing.py`` for seeds 000-002 and 004,
``tests/reference/wikipage.py`` for page 003), so the tests and this script cannot read the
seeds differently. ``tests/test_seed_facts.py`` regenerates the facts whenever the seeds are at
hand and fails when they differ from the committed ones.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

__all__ = [
    "REPO",
    "SEEDS",
    "FACTS",
    "PAGE_SEED",
    "FILES",
    "MENTIONS",
    "collect",
    "dump",
    "footnote_facts",
    "list_item_facts",
    "scoring_page_facts",
    "seeds_present",
    "main",
]

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds"
FACTS = REPO / "tests" / "fixtures" / "seed_facts"
PAGE_SEED = "003_scoring-during-turn-sequence.wikitext"
#: the fixtures this script writes
FILES = ("footnotes.json", "list_items.json", "scoring_page.json")

#: a footnote's date: "(5/2014)", "(updated 5/2014)", "(12 & 5/2014)" -> month, year
DATE = re.compile(r"\((?:updated |confirmed )?(?:\d{1,2} & )?(\d{1,2})/(\d{4})\)")
#: publisher and edition names whose mention in a footnote the corpus must record
MENTIONS = ("RGG", "HiG", "Big Box 2", "Big Box 3", "Count, King and Consorts")
#: words of a "(Thanks to ...)" credit that are not somebody's name
CREDIT_FILLER = frozenset(
    "thanks to and others for pointing out that this can t result in points 18".split()
)


def _load(name: str, path: Path) -> ModuleType:
    """Import a test helper by path (test folders are not packages)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _seed_parsing() -> ModuleType:
    return _load("_seed_parsing", REPO / "tests" / "annotations" / "_seed_parsing.py")


def _wikipage() -> ModuleType:
    # the same module name the reference tests' conftest gives it, so both share one copy
    return _load("carc_reference_wikipage", REPO / "tests" / "reference" / "wikipage.py")


def _key(text: str) -> str:
    """A short hash of a text with its whitespace normalised: tells texts apart, keeps no words."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


def seeds_present() -> bool:
    """Whether the seed folder next to the repository holds every seed the facts come from."""
    return (
        all(any(SEEDS.glob(f"{n}_*.txt")) for n in ("000", "001", "002", "004"))
        and (SEEDS / PAGE_SEED).is_file()
    )


def _kinds(text: str) -> list[str]:
    """Annotation kinds whose icon (or icon caption) a footnote shows, first-shown first."""
    markers = _seed_parsing().KIND_MARKERS
    first_at: dict[str, int] = {}
    for marker, kind in markers.items():
        at = text.find(marker)
        if at >= 0 and (kind not in first_at or at < first_at[kind]):
            first_at[kind] = at
    return sorted(first_at, key=lambda kind: (first_at[kind], kind))


def _date(text: str) -> str | None:
    m = DATE.search(text)
    return f"{m.group(2)}-{int(m.group(1)):02d}" if m else None


def footnote_facts() -> dict:
    """Every footnote of seeds 000, 001, 002 and 004 as facts."""
    parsing = _seed_parsing()
    notes = []
    for seed in ("000", "001", "002"):
        notes.extend(parsing.parse_numbered_footnotes(seed))
    notes.extend(parsing.parse_annotated_rules_footnotes())
    return {
        "about": "Footnotes of seeds 000, 001, 002 and 004: number, icon kinds (first shown "
        "first), date, publisher/edition mentions, text hash. Written by scripts/seed_facts.py.",
        "mentions_checked": list(MENTIONS),
        "footnotes": [
            {
                "seed": note.seed,
                "number": note.number,
                "key": _key(note.text),
                "kinds": _kinds(note.text),
                "date": _date(note.text),
                "mentions": [m for m in MENTIONS if m in note.text],
            }
            for note in notes
        ],
    }


def _credits(text: str) -> list[str] | None:
    m = re.search(r"\(Thanks to ([^)]*)\)", text)
    if not m:
        return None
    names = re.findall(r"[A-Za-z0-9]+", m.group(1))
    return [n for n in names if n.casefold() not in CREDIT_FILLER]


def list_item_facts() -> dict:
    """Every House Rules / Official Variants item of seeds 000, 001, 002 and 004 as facts."""
    parsing = _seed_parsing()
    items = []
    for seed in ("000", "001", "002", "004"):
        items.extend(parsing.parse_list_items(seed))
    return {
        "about": "House-rule and official-variant list items of seeds 000, 001, 002 and 004: "
        "part, section heading, position, text hash, credited names (null: no credit). "
        "Written by scripts/seed_facts.py.",
        "items": [
            {
                "seed": item.seed,
                "part": item.part,
                "section": item.section,
                "item": item.item,
                "key": _key(item.text),
                "credits": _credits(item.text),
            }
            for item in items
        ],
    }


def scoring_page_facts() -> dict:
    """Seed 003, the scoring page: rows and their switches, step headings, text skeletons."""
    wikipage = _wikipage()
    facts = wikipage.page_facts(wikipage.parse_page(SEEDS / PAGE_SEED))
    return {
        "about": "Seed 003 (the scoring page's wikitext) as tests/reference/wikipage.py reads it: "
        "step headings, show-switch names, and per row its region, legend category, switch "
        "clauses, markers and a skeleton of its markup whose texts are hashes. Written by "
        "scripts/seed_facts.py.",
        **facts,
    }


def collect() -> dict[str, dict]:
    """File name -> content of every fixture, freshly extracted from the seeds."""
    made = {
        "footnotes.json": footnote_facts(),
        "list_items.json": list_item_facts(),
        "scoring_page.json": scoring_page_facts(),
    }
    assert tuple(made) == FILES
    return made


def dump(data: dict) -> str:
    """JSON text of a fixture: one line per top-level key, one per element of a list value."""
    lines = []
    for key, value in data.items():
        head = json.dumps(key, ensure_ascii=False) + ": "
        if isinstance(value, list) and value and isinstance(value[0], dict | str):
            inner = ",\n".join("  " + json.dumps(v, ensure_ascii=False) for v in value)
            lines.append(head + "[\n" + inner + "\n ]")
        else:
            lines.append(head + json.dumps(value, ensure_ascii=False))
    return "{\n " + ",\n ".join(lines) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="compare only; exit 1 when a fixture is stale"
    )
    args = parser.parse_args(argv)
    if not seeds_present():
        print(
            "seed_facts: the seeds (../shared/seeds next to the repository) are absent",
            file=sys.stderr,
        )
        return 2
    facts = collect()
    wikipage = _wikipage()
    unfaithful = wikipage.skeleton_is_faithful(
        wikipage.parse_page(SEEDS / PAGE_SEED),
        wikipage.page_from_facts(json.loads(dump(facts["scoring_page.json"]))),
    )
    if unfaithful:
        print(
            "seed_facts: the page skeleton renders differently from the page for: "
            + "; ".join(unfaithful),
            file=sys.stderr,
        )
        return 1
    stale = []
    for name, data in facts.items():
        path = FACTS / name
        text = dump(data)
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            FACTS.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    verb = "stale" if args.check else "rewritten"
    print(f"seed_facts: {verb}: {', '.join(stale) or 'none'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

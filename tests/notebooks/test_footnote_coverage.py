"""Every footnote that decides an outcome of a rule the engine plays is shown at an event of a
bundled game that a walkthrough offers.

A footnote "decides an outcome" when its record says ``changes_outcome``; it concerns the rules
the engine plays when every expansion it names is one the engine has a module for (the dragon,
the tower or the festival are not played, so their footnotes can only be read, on the
annotation pages). A game is "offered" when a notebook or a lesson module names it (the turn-sequence walkthrough
offers every bundled game in its game chooser).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from carc_teach import annotations, examples, rules, teach

ROOT = Path(__file__).resolve().parents[2]

#: In-scope outcome-deciding footnotes no walkthrough shows at an event yet (the list may only
#: shrink: a footnote listed here that a game does show fails the test below).
NOT_YET_SHOWN: set[str] = set()


def in_scope_outcome_footnotes() -> set[str]:
    played = teach.expansions_in_play(rules.EXPANSIONS)
    return {
        a.id
        for a in annotations.all_annotations()
        if a.changes_outcome and set(a.expansions) <= played
    }


@cache
def offered_games() -> tuple[str, ...]:
    """The bundled games a notebook or a lesson module names (as a string literal), or all of
    them when a notebook offers a choice of every bundled game (``examples.names()``)."""
    sources = [*ROOT.glob("notebooks/*.py"), *ROOT.glob("carc_teach/lessons/*.py")]
    sources.append(ROOT / "carc_teach" / "teach.py")
    text = "\n".join(p.read_text() for p in sources)
    if any("examples.names()" in p.read_text() for p in ROOT.glob("notebooks/*.py")):
        return tuple(examples.names())
    return tuple(
        name for name in examples.names() if re.search(rf"[\"']{re.escape(name)}[\"']", text)
    )


@cache
def shown() -> dict[str, list[str]]:
    """footnote id -> the offered games that show it at an event."""
    out: dict[str, list[str]] = {}
    for name in offered_games():
        for item in teach.footnotes_covered(examples.load(name)):
            out.setdefault(item["id"], []).append(name)
    return out


def test_every_bundled_game_is_offered_by_a_walkthrough():
    assert set(offered_games()) == set(examples.names())


def test_every_in_scope_outcome_footnote_is_shown_at_an_event():
    missing = sorted(in_scope_outcome_footnotes() - set(shown()) - NOT_YET_SHOWN)
    assert not missing, f"no walkthrough shows these at an event: {missing}"


def test_the_list_of_footnotes_not_yet_shown_only_shrinks():
    now_shown = sorted(NOT_YET_SHOWN & set(shown()))
    assert not now_shown, f"shown now, take them off NOT_YET_SHOWN: {now_shown}"
    assert NOT_YET_SHOWN <= in_scope_outcome_footnotes()

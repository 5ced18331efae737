"""Bundled example games (JSON game files in the expansion packages).

Each example teaches something: its ``title`` and ``description`` say what, and
``teaches`` lists the rule ids it exercises so the reference and the notebooks can link to a
runnable example of a rule.

An example is a file ``carc_teach/expansions/<name>/examples/<example>.json`` of the package of
the last registered expansion it plays (a game of the Count with a barn lives with Abbey &
Mayor's: the package added after the Count's is the one that knew both). Games are found by
their name alone, whichever package holds them; no two packages may bundle the same name.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..errors import CarcTeachError, phrase
from ..expansions import PACKAGES

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = [
    "names",
    "in_course_order",
    "path",
    "bundled_by",
    "data",
    "load",
    "for_rule",
    "describe",
]


@cache
def _files() -> dict[str, Any]:
    """Example name -> its packaged file (a Traversable), over every registered package."""
    found: dict[str, Any] = {}
    for package in PACKAGES:
        folder = resources.files(f"carc_teach.expansions.{package.name}").joinpath("examples")
        if not folder.is_dir():
            continue
        for item in folder.iterdir():
            if item.name.endswith(".json"):
                name = item.name[:-5]
                if name in found:
                    raise CarcTeachError(f"two packages bundle a game called {name!r}")
                found[name] = item
    return found


def names() -> list[str]:
    """Names of the bundled games, sorted."""
    return sorted(_files())


def bundled_by(name: str) -> str:
    """The package (its folder name) that bundles the example ``name``."""
    path(name)  # a clear error for a name nobody bundles
    return _files()[name].parent.parent.name


def in_course_order() -> list[str]:
    """Names of the bundled games in the order a learner meets their rules: base-game games
    first, then by the last expansion each plays in the course's order (the order of
    :data:`carc_teach.rules.RULE_MODULES`), fewer expansions and shorter games first."""
    from ..rules import RULE_MODULES

    rank = {expansion: k for k, expansion in enumerate(RULE_MODULES)}

    def place(name: str) -> tuple:
        d = data(name)
        played = d.get("setup", {}).get("expansions", ["base"])
        latest = max((rank.get(e, len(rank)) for e in played), default=0)
        return (latest, len(played), len(d.get("moves", [])), name)

    return sorted(names(), key=place)


def path(name: str):
    """The packaged file of an example (a Traversable; ``str()`` gives a path on disk)."""
    p = _files().get(name)
    if p is None:
        raise CarcTeachError(
            phrase(
                "no bundled game {name}; bundled: {known}",
                name=repr(name),
                known=", ".join(names()),
            )
        )
    return p


@cache
def _text(name: str) -> str:
    return path(name).read_text(encoding="utf-8")


def data(name: str) -> dict[str, Any]:
    """The decoded game file of an example (a fresh copy each call)."""
    return json.loads(_text(name))


def load(name: str) -> Game:
    """Load and play a bundled game."""
    from ..gamefile import load_game

    game = load_game(data(name), source=f"{name}.json")
    game.example = name
    return game


def describe(name: str) -> dict[str, Any]:
    """Title and description of an example, and the rule ids its event log applies."""
    d = data(name)
    return {
        "name": name,
        "title": d.get("title", name),
        "description": d.get("description", ""),
        "rules": sorted(_rules_applied(name)),
    }


@cache
def _rules_applied(name: str) -> frozenset[str]:
    """Every rule id the example's event log applies (the game is replayed once, then cached)."""
    return frozenset(e.rule for e in load(name).events if e.rule)


def for_rule(rule_id: str) -> list[str]:
    """Names of bundled games whose event log applies ``rule_id`` (or a rule under it)."""
    prefix = rule_id + "."
    return [
        name
        for name in names()
        if any(r == rule_id or r.startswith(prefix) for r in _rules_applied(name))
    ]

"""Bundled example games (JSON game files inside the package).

Each example teaches something: its ``title`` and ``description`` say what, and
``teaches`` lists the rule ids it exercises so the reference and the notebooks can link to a
runnable example of a rule.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..errors import CarcTeachError

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["names", "in_course_order", "path", "data", "load", "for_rule", "describe"]


def _folder():
    return resources.files(__package__)


def names() -> list[str]:
    """Names of the bundled games, sorted."""
    return sorted(p.name[:-5] for p in _folder().iterdir() if p.name.endswith(".json"))


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
    p = _folder().joinpath(f"{name}.json")
    if not p.is_file():
        raise CarcTeachError(f"no bundled game {name!r}; bundled: {', '.join(names())}")
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

    return load_game(data(name), source=f"{name}.json")


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

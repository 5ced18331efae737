"""The rule-id taxonomy: where events, annotations, rule options and reference rows meet.

A rule id is a dotted string ``<area>.<topic>[.<detail>]`` (see ``docs/architecture.md``). Each id
has a title, the expansion that defines it and a parent id; the parent chain ends at the area root
(``"count"``, ``"barn"`` ...). :func:`topic` raises :class:`~carc_teach.errors.UnknownRuleError`
for an id that is not in the table, naming the closest known ids.

The table also names the expansions an annotation can touch (:data:`EXPANSION_TITLES`), including ones
carc_teach does not play yet (the dragon, the tower, ...): the footnotes of the seeds mention them,
and a learner playing with them should still find those rulings.
"""

from __future__ import annotations

import difflib
import tomllib
from functools import cache
from importlib import resources

from ..errors import UnknownRuleError, phrase
from ..expansions import PACKAGES, RENAMED
from ..expansions.declare import Topic

__all__ = [
    "Topic",
    "TOPICS",
    "EXPANSION_TITLES",
    "NOT_PLAYED_TITLES",
    "EXPANSION_GROUPS",
    "topic",
    "all_topics",
    "is_known",
    "lineage",
    "children",
    "check_expansion",
    "expand_expansion",
]


#: expansion id -> title of the boxes the footnotes name where they explain how the rules meet
#: other expansions and carc_teach does not play (``boxes_not_played.toml``, data so that no code
#: outside a package names its id)
NOT_PLAYED_TITLES: dict[str, str] = tomllib.loads(
    resources.files(__package__).joinpath("boxes_not_played.toml").read_text(encoding="utf-8")
)["titles"]

#: expansion id -> title: the registered packages' (``Package.titles``), then the boxes carc_teach
#: does not play; a registered package's title wins over a not-played line for the same id
EXPANSION_TITLES: dict[str, str] = {
    **{eid: title for package in PACKAGES for eid, title in package.titles()},
}
for _eid, _title in NOT_PLAYED_TITLES.items():
    EXPANSION_TITLES.setdefault(_eid, _title)

#: names of boxed collections -> the expansion ids they hold (``Package.collection``, in
#: registry order); accepted wherever an expansion is.
EXPANSION_GROUPS: dict[str, tuple[str, ...]] = {}
for _package in PACKAGES:
    if _package.collection:
        EXPANSION_GROUPS.setdefault(_package.collection, ())
        EXPANSION_GROUPS[_package.collection] += _package.expansion_ids


#: every registered package's rule ids, in :data:`carc_teach.expansions.REGISTERED` order
TOPICS: tuple[Topic, ...] = tuple(t for p in PACKAGES for t in p.topics)


@cache
def _index() -> dict[str, Topic]:
    return {t.id: t for t in TOPICS}


def all_topics() -> tuple[Topic, ...]:
    """Return every topic, area roots first within each area, in table order."""
    return TOPICS


def is_known(rule_id: str) -> bool:
    """Return whether ``rule_id`` is in the taxonomy."""
    return rule_id in _index()


def topic(rule_id: str) -> Topic:
    """Return the topic of ``rule_id``.

    Raises
    ------
    UnknownRuleError
        If the id is not in the taxonomy; the message names the closest known ids.
    """
    try:
        return _index()[rule_id]
    except (KeyError, TypeError):
        area, dot, rest = str(rule_id).partition(".")
        if area in RENAMED:  # an area renamed so that one thing has one id
            new = RENAMED[area] + dot + rest
            raise UnknownRuleError(
                phrase("rule id {id} is now {new}", id=repr(rule_id), new=repr(new))
            ) from None
        close = difflib.get_close_matches(str(rule_id), list(_index()), n=3, cutoff=0.6)
        raise UnknownRuleError(
            phrase(
                "unknown rule id {id}; did you mean {close}?",
                id=repr(rule_id),
                close=", ".join(close),
            )
            if close
            else phrase("unknown rule id {id}", id=repr(rule_id))
        ) from None


def lineage(rule_id: str) -> tuple[str, ...]:
    """Return ``rule_id`` followed by its parent, grandparent ... up to the area root."""
    chain = []
    current: str | None = topic(rule_id).id
    while current is not None:
        chain.append(current)
        current = _index()[current].parent
    return tuple(chain)


def children(rule_id: str, *, recursive: bool = True) -> tuple[str, ...]:
    """Return the ids below ``rule_id`` (all descendants, or direct children only)."""
    topic(rule_id)
    found = [t.id for t in TOPICS if t.parent == rule_id]
    if recursive:
        for child in list(found):
            found.extend(children(child))
    return tuple(found)


def check_expansion(expansion: str) -> str:
    """Return ``expansion`` if it is a known expansion id or group, else raise UnknownRuleError."""
    if expansion in EXPANSION_TITLES or expansion in EXPANSION_GROUPS:
        return expansion
    choices = ", ".join([*EXPANSION_TITLES, *EXPANSION_GROUPS])
    raise UnknownRuleError(
        phrase(
            "unknown expansion {expansion}; known: {choices}",
            expansion=repr(expansion),
            choices=choices,
        )
    )


def expand_expansion(expansion: str) -> tuple[str, ...]:
    """Return the expansion ids that ``expansion`` (an id or a group name) stands for."""
    check_expansion(expansion)
    return EXPANSION_GROUPS.get(expansion, (expansion,))

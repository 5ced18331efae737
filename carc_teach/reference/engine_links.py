"""Where the scoring reference meets the engine: which rule ids each row describes, which of
them the engine executes, and the bundled games that show them.

The rows are our transcription of one page that spans every box, most of which carc_teach does
not play, so they stay together in ``data/rows_*.toml``. The links from a row to the rule ids
that execute it belong to the packages that own those rules: each package lists them in its
record (``Package.reference_links``, :class:`~carc_teach.expansions.declare.ReferenceLink`), and
:func:`links_by_row` gathers them, in registry order (the base game's first), so a new expansion
links its rules to the page without editing the page's data. A row counts as executed when
every rule id linked to it is in :data:`ENGINE_EXECUTES` (``RuleModule.rules`` of the modules
carc_teach plays). :func:`examples_for` finds the bundled example games whose event log really
applies a rule (it replays them, once per rule id).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ..errors import CatalogueError, phrase
from ..expansions import PACKAGES
from ..expansions.declare import Package
from ..rules import implemented_rules

__all__ = ["ENGINE_EXECUTES", "examples_for", "gather_links", "links_by_row"]

#: rule ids the engine executes: those its implemented rule modules declare
#: (``RuleModule.rules``; docs/architecture.md, "Rule ids")
ENGINE_EXECUTES: frozenset[str] = frozenset(implemented_rules())


@cache
def links_by_row() -> dict[str, tuple[tuple[str, str, str], ...]]:
    """Row id -> ``(rule id, when, package name)`` of every registered package's links to that
    row, in :data:`carc_teach.expansions.REGISTERED` order and each package's own order."""
    return gather_links(PACKAGES)


def gather_links(packages: Iterable[Package]) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """:func:`links_by_row` of these packages.

    Raises
    ------
    CatalogueError
        For a link naming a rule id that is not one of its package's topics (a package links
        only its own rules).
    """
    out: dict[str, list[tuple[str, str, str]]] = {}
    for package in packages:
        owned = {t.id for t in package.topics}
        for link in package.reference_links:
            for rule in link.rules:
                if rule not in owned:
                    raise CatalogueError(
                        phrase(
                            "expansions/{package}: reference link to row {row} names rule "
                            "{rule}, which is not one of the package's rule ids",
                            package=package.name,
                            row=repr(link.row),
                            rule=repr(rule),
                        )
                    )
                out.setdefault(link.row, []).append((rule, link.when, package.name))
    return {row: tuple(links) for row, links in out.items()}


@cache
def examples_for(rule_id: str) -> tuple[str, ...]:
    """Names of the bundled example games (``carc_teach.examples``) that apply ``rule_id``.

    Empty when no bundled game shows the rule. The games are replayed by the engine on the
    first call for a rule id, then the answer is cached.
    """
    if rule_id not in ENGINE_EXECUTES:
        return ()
    from .. import examples  # deferred: replaying games needs the engine

    return tuple(examples.for_rule(rule_id))

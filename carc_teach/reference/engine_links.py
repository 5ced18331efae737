"""Which rule ids the carc_teach engine executes today, and where to watch them: one place.

Reference rows carry rule ids (``base.road.score``, ``king.award``, ``shrine.challenge.resolve``
...); a row counts as executed when every one of its rule ids is in :data:`ENGINE_EXECUTES`.
Today the engine plays the base game only; when an expansion module lands, the ids it declares
(``RuleModule.rules``) join this set and the reference, the notebook and the CLI follow.
:func:`examples_for` finds the bundled example games whose event log really applies a rule (it
replays them, once per rule id).
"""

from __future__ import annotations

from functools import cache

from ..rules import implemented_rules

__all__ = ["ENGINE_EXECUTES", "examples_for"]

#: rule ids the engine executes: those its implemented rule modules declare
#: (``RuleModule.rules``; docs/architecture.md, "Rule ids")
ENGINE_EXECUTES: frozenset[str] = frozenset(implemented_rules())


@cache
def examples_for(rule_id: str) -> tuple[str, ...]:
    """Names of the bundled example games (``carc_teach.examples``) that apply ``rule_id``.

    Empty when no bundled game shows the rule (every expansion rule, today). The games are
    replayed by the engine on the first call for a rule id, then the answer is cached.
    """
    if rule_id not in ENGINE_EXECUTES:
        return ()
    from .. import examples  # deferred: replaying games needs the engine

    return tuple(examples.for_rule(rule_id))

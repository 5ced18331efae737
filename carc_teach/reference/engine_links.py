"""Which rule ids the carc_teach engine executes today: the one place to update.

Reference rows carry rule ids (``base.road.score``, ``king.award``, ``shrine.challenge`` ...); a
row is marked as executed when every one of its rule ids is in :data:`ENGINE_EXECUTES`. Today the
engine plays the base game only; when an expansion module lands, add its ids here (and an example
game to :data:`ENGINE_EXAMPLES`) and the reference, the notebook and the CLI follow.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["ENGINE_EXECUTES", "ENGINE_EXAMPLES", "example_for"]

#: rule ids the engine emits and scores (docs/architecture.md, "Rule ids")
ENGINE_EXECUTES: frozenset[str] = frozenset(
    {
        "base.place",
        "base.place.discard",
        "base.deploy",
        "base.road.score",
        "base.city.score",
        "base.cloister.score",
        "base.majority",
        "base.return",
        "base.final.road",
        "base.final.city",
        "base.final.cloister",
        "base.final.farm",
    }
)

#: rule id -> file name of an example game in ``carc_teach/examples`` that shows it. Empty until
#: example games exist; :func:`example_for` only answers with files that are really there.
ENGINE_EXAMPLES: dict[str, str] = {}


def example_for(rule_id: str) -> str | None:
    """The example game file (inside ``carc_teach/examples``) that shows ``rule_id``, if any."""
    name = ENGINE_EXAMPLES.get(rule_id)
    if name is None:
        return None
    examples = resources.files("carc_teach").joinpath("examples")
    return name if examples.joinpath(name).is_file() else None

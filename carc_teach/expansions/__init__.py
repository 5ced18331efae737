"""The expansions carc_teach plays, the base game first: one package each, registered below.

A package (``carc_teach/expansions/<name>/``) holds everything about one box: its record
(``__init__.py``: a :class:`~carc_teach.expansions.declare.Package` naming its rule modules,
options, rule topics and figure kinds), ``rules.py`` (its rule module or modules),
``options.py`` and ``topics.py`` (plain data). The engine's registries are built from the
packages listed in :data:`REGISTERED`, in that order: the rule modules
(:data:`carc_teach.rules.RULE_MODULES`), the options (:data:`carc_teach.editions.OPTIONS`), the
rule topics (:data:`carc_teach.annotations.topics.TOPICS`) and the figure kinds
(:data:`carc_teach.figures.FIGURE_KINDS`); and, above the engine, the bundled games (each
package's ``examples/``), the practice drills (``drills.py``), the walkthroughs' specs
(``WALKTHROUGH`` in ``lessons.py`` or ``views.py``) and the site's index
(:mod:`carc_teach.site.curriculum`). ``docs/architecture.md`` ("How to add an expansion")
walks through adding one.

The order is the order of ``carc-teach simulate --expansions all`` and of the benchmarks'
"every expansion" games, so a new package goes at the end.
"""

from __future__ import annotations

import importlib

from .declare import Package

__all__ = ["REGISTERED", "PACKAGES", "RENAMED", "package_of"]

#: the packages, one line each (a folder name under carc_teach/expansions/)
REGISTERED: tuple[str, ...] = (
    "base",
    "count",
    "river2",
    "king_robber",
    "shrines",
    "abbey_mayor",
    "inns_cathedrals",
    "builder_pig",
)

#: the registered packages' records, in :data:`REGISTERED` order
PACKAGES: tuple[Package, ...] = tuple(
    importlib.import_module(f"{__name__}.{name}").PACKAGE for name in REGISTERED
)


#: old id -> the id now, from every package's ``renamed``: one thing has one id, and an old id
#: is refused with a message naming the new one rather than read as a second spelling
RENAMED: dict[str, str] = {old: new for package in PACKAGES for old, new in package.renamed}


def package_of(expansion_id: str) -> Package:
    """The package whose rule modules include ``expansion_id`` (as game files name it)."""
    for package in PACKAGES:
        if expansion_id in package.expansion_ids:
            return package
    raise KeyError(expansion_id)

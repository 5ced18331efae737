"""An expansion lives in its package (carc_teach/expansions/<name>/, docs/architecture.md).

The registries are built from the registered packages, and the code outside the packages does
not name their expansion ids: Inns & Cathedrals' nowhere, every other package's only in the
central places listed below, each with why.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import carc_teach
from carc_teach import editions, figures, rules
from carc_teach.annotations import topics
from carc_teach.expansions import PACKAGES, REGISTERED, package_of
from carc_teach.setup import BRINGS

PACKAGE_DIR = Path(carc_teach.__file__).parent

#: files outside the Inns & Cathedrals package that still name its id in their code, with why;
#: the test also fails when one of them no longer does, so the list only shrinks
NOT_MOVED_YET: dict[str, str] = {}

#: (expansion id, central file) -> why that file names it; the packages' own files may name
#: each other's ids (the interplay of two boxes lives in the later package). Every package's
#: ids are checked (its rule modules', its box's, its collection's), the base game's excepted:
#: it is the core every file builds on. The list only shrinks, as above.
NAMED_CENTRALLY: dict[tuple[str, str], str] = {
    ("abbey-mayor", "commands/reference.py"): "the --expansions help's example and preset",
    ("count-king-robber", "commands/reference.py"): "the --expansions help's example",
    ("abbey-mayor", "commands/notes.py"): "the --expansion help's example",
    ("abbey-mayor", "commands/simulate.py"): "the --expansions help's example",
    ("abbey-mayor", "bench.py"): "the benchmark times an Abbey & Mayor game against its target",
    ("count", "tiles/__init__.py"): "a tile set's field 'count' (copies of a tile), not the Count",
    ("pig", "render/svg.py"): (
        "the colour and size keys of the pigs printed on River II's pig-herd tile (drawings "
        "printed on tiles are drawn centrally, docs/architecture.md)"
    ),
}


def code_strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of the string constants of a Python file that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def files_naming(words: tuple[str, ...], package: str) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        rel = path.relative_to(PACKAGE_DIR).as_posix()
        if rel.startswith(f"expansions/{package}/") or rel == "expansions/__init__.py":
            continue
        lines = [n for n, text in code_strings(path) if any(w in text for w in words)]
        if lines:
            found[rel] = lines
    return found


def test_no_code_outside_the_package_names_inns_and_cathedrals():
    found = files_naming(("inns-cathedrals", "inns_cathedrals"), "inns_cathedrals")
    unexpected = {f: lines for f, lines in found.items() if f not in NOT_MOVED_YET}
    assert not unexpected, f"name it in its package, not in: {unexpected}"
    gone = set(NOT_MOVED_YET) - set(found)
    assert not gone, f"no longer names it (drop from NOT_MOVED_YET): {gone}"


def _names(text: str, word: str) -> bool:
    """Whether a code string names the expansion id ``word`` (not a rule id, option id or
    event kind that starts with it: ``river2.place``, ``river2-setup``)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w.-])", text) is not None


def _names_id(text: str, word: str) -> bool:
    """Whether a code string names the id ``word``: anywhere for an id that cannot be taken
    for an English word (``abbey-mayor``, ``river2``); for one that can (``count``, ``pig``,
    ``builder``, ``shrines``), only a string that is the id itself, since prose says "the pig
    herd" and "the builder brings a second tile"."""
    if re.search(r"[-0-9]", word):
        return _names(text, word)
    return text == word


def test_no_central_code_names_a_package_s_ids_beyond_the_listed_places():
    found: set[tuple[str, str]] = set()
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        rel = path.relative_to(PACKAGE_DIR).as_posix()
        if rel.startswith("expansions/"):
            continue
        strings = [text for _, text in code_strings(path)]
        for package in PACKAGES:
            if package.name == "base":
                continue
            ids = {*package.expansion_ids, package.box, package.collection} - {""}
            for word in ids:
                if any(_names_id(t, word) for t in strings):
                    found.add((word, rel))
    unexpected = sorted(found - set(NAMED_CENTRALLY))
    assert not unexpected, f"name these ids in their packages, not in: {unexpected}"
    gone = sorted(set(NAMED_CENTRALLY) - found)
    assert not gone, f"no longer named there (drop from NAMED_CENTRALLY): {gone}"


def test_the_name_check_tells_an_id_from_a_rule_id():
    assert _names("river2", "river2") and _names("e.g. base,abbey-mayor,pig", "abbey-mayor")
    assert not _names("river2.place", "river2") and not _names("river2-setup", "river2")
    assert not _names("the count-king-robber box", "king-robber")
    assert _names_id("pig", "pig") and not _names_id("the pig herd", "pig")
    assert _names_id("e.g. base,abbey-mayor", "abbey-mayor")


def test_the_scan_sees_code_and_skips_docstrings(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""inns-cathedrals in a docstring."""\nX = ("base", "inns-cathedrals")\n')
    assert code_strings(sample) == [(2, "base"), (2, "inns-cathedrals")]


def test_the_registries_are_built_from_the_packages():
    assert [p.name for p in PACKAGES] == list(REGISTERED)
    assert PACKAGES[0].name == "base"  # the base game is a package like the others
    ids = [eid for p in PACKAGES for eid in p.expansion_ids]
    assert list(rules.RULE_MODULES) == ids
    assert editions.OPTIONS == tuple(o for p in PACKAGES for o in p.options)
    assert topics.TOPICS == tuple(t for p in PACKAGES for t in p.topics)
    assert all(figures.FIGURE_KINDS[k.id] == k for p in PACKAGES for k in p.figure_kinds)
    assert BRINGS == {"inns-cathedrals": ("big-follower",)}
    # one box, one package: the big follower is Inns & Cathedrals'
    assert package_of("big-follower") is package_of("inns-cathedrals")
    for p in PACKAGES:
        for eid, title in p.titles():
            assert topics.EXPANSION_TITLES[eid] == title


def test_each_package_s_rule_modules_load_from_it():
    for p in PACKAGES:
        for eid in p.expansion_ids:
            cls = rules.module_class(eid)
            assert cls.id == eid
            assert cls.__module__.startswith(f"carc_teach.expansions.{p.name}.")
            # the rule ids it executes are the package's (the options it reads may be another
            # package's: the Count reads The River II's option on playing them together)
            assert all(topics.topic(r).id in {t.id for t in p.topics} for r in cls.rules)


def test_no_code_outside_a_package_reads_its_state_or_private_helpers():
    """Teaching code reads a rule module's public API, never its ``state.ext`` entry or a
    ``_private`` name of a package."""
    wrong = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        rel = path.relative_to(PACKAGE_DIR).as_posix()
        if rel.startswith("expansions/") or rel == "state.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "ext":
                wrong.append(f"{rel}:{node.lineno} reads .ext")
            if isinstance(node, ast.ImportFrom) and "expansions" in (node.module or ""):
                wrong += [
                    f"{rel}:{node.lineno} imports {a.name}"
                    for a in node.names
                    if a.name.startswith("_")
                ]
    assert not wrong, wrong


def test_the_course_is_built_from_the_packages():
    """The site's index groups the walkthroughs the packages name (and the few that span every
    expansion), each group led by the one package that gives its lead."""
    from carc_teach.site import curriculum

    notebooks = Path(carc_teach.__file__).parents[1] / "notebooks"
    for package in PACKAGES:
        for place in package.walkthroughs:
            assert (notebooks / f"{place.slug}.py").is_file(), place.slug
            group = next(g for g in curriculum.GROUPS if place in g.places)
            assert group.title == package.course_group.title
    by_title = {}
    for package in PACKAGES:
        if package.course_group is not None:
            by_title.setdefault(package.course_group.title, []).append(package.course_group)
    for title, declared in by_title.items():
        assert sum(1 for g in declared if g.lead) == 1, f"{title}: one package gives its lead"
        assert sum(1 for g in declared if g.rank is not None) == 1, f"{title}: and its rank"
    assert [g.title for g in curriculum.GROUPS] == [
        "The base game",
        "Count, King & Robber",
        "Inns & Cathedrals",
        "Abbey & Mayor",
        "Putting it together",
    ]
    assert curriculum.GROUPS[1].places[1] == curriculum.Place(
        "river_ii", "River II: the spring, the fork, the lake"
    )


def test_each_example_game_lives_in_the_package_of_the_last_expansion_it_plays():
    from carc_teach import examples

    rank = {p.name: k for k, p in enumerate(PACKAGES)}
    assert len(examples.names()) >= 28
    for name in examples.names():
        played = examples.data(name).get("setup", {}).get("expansions", ["base"])
        last = max((package_of(e).name for e in played), key=rank.__getitem__)
        assert examples.bundled_by(name) == last, name
    assert examples.bundled_by("count-cathedral") == "inns_cathedrals"  # it needs the big follower
    assert not list((PACKAGE_DIR / "examples").glob("*.json")), "examples live in the packages"


def test_each_reference_row_links_the_rules_of_the_packages_that_own_them():
    """The scoring reference's rows stay the page's data; which rule ids execute a row comes
    from the packages (``Package.reference_links``), each linking only its own rule ids."""
    import tomllib

    from carc_teach import reference
    from carc_teach.reference.engine_links import links_by_row

    data = Path(reference.__file__).parent / "data"
    for path in sorted(data.glob("rows_*.toml")):
        rows = tomllib.loads(path.read_text(encoding="utf-8")).get("rows", [])
        assert not [r["id"] for r in rows if "rules" in r], path.name
    owner = {t.id: p.name for p in PACKAGES for t in p.topics}
    linked = links_by_row()
    rows = {r.id: r for r in reference.rows("*", include_drafts=True)}
    assert len(linked) == 20 and set(linked) <= set(rows)
    for links in linked.values():
        assert all(owner[rule] == package for rule, _, package in links)
    # the road's row, with every expansion: base first, then the packages in registry order
    assert rows["3b.road.core"].rule_ids == (
        "base.road.score",
        "base.majority",
        "base.return",
        "count.redeploy.blacksmith",
        "wagon.score",
        "big-follower.strength",
    )
    # the base game alone: the links that need a part of an expansion are left out
    base_road = next(r for r in reference.rows([]) if r.id == "3b.road.core")
    assert base_road.rule_ids == ("base.road.score", "base.majority", "base.return")


def test_a_reference_link_to_another_package_s_rule_is_refused_naming_the_package():
    import pytest

    from carc_teach.errors import CatalogueError
    from carc_teach.expansions.declare import Package, ReferenceLink
    from carc_teach.reference.engine_links import gather_links

    wrong = Package(
        name="tower",
        title="The Tower",
        rule_modules=(),
        reference_links=(ReferenceLink("3b.road.core", ("base.road.score",)),),
    )
    with pytest.raises(CatalogueError, match="expansions/tower: .* 'base.road.score'"):
        gather_links([wrong])


def test_the_walkthroughs_event_headings_are_the_engine_s_then_the_packages():
    """An expansion's own event kinds are headed from its package (``event_headings``), each
    kind once; the engine's kinds are all headed centrally."""
    from carc_teach import teach
    from carc_teach.events import EVENT_KINDS

    declared = [kind for p in PACKAGES for kind, _ in p.event_headings]
    assert len(declared) == len(set(declared))
    assert not set(declared) & set(EVENT_KINDS)
    assert set(EVENT_KINDS) <= set(teach.EVENT_HEADINGS)
    assert set(teach.EVENT_HEADINGS) == set(declared) | set(EVENT_KINDS) | {
        "expansion-setup",
        "figure-strength",
    }
    assert teach.EVENT_HEADINGS["builder-extended"] == "the builder brings a second tile"

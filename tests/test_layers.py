"""The engine's modules import each other in one direction only (docs/architecture.md).

Every import that runs (at the top of a module or inside a function; not those under
``if TYPE_CHECKING``) must go to the same or a lower layer, and no two modules may import
each other in a circle. The exceptions: the display hook ``Board._repr_svg_``, which
reaches the SVG renderer lazily so that boards draw themselves in notebooks (as
python-chess's boards do), and ``Refusal.text_in`` / ``reason_in``, which reach the
translations lazily.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import carc_teach

PACKAGE = Path(carc_teach.__file__).parent

#: lowest first; a module's layer is that of its longest listed prefix
LAYERS: list[set[str]] = [
    {"errors", "text", "frozen", "events", "expansions", "i18n"},
    {"annotations", "editions"},
    {"tiles"},
    {"figures", "geometry"},
    {"features"},
    {"board"},
    {"actions", "setup"},
    {"state"},
    {"scoring"},
    {"rules"},
    {"controllers", "turn"},
    {"game"},
    {"gamefile", "simulate"},
    {
        "render",
        "examples",
        "teach",
        "classroom",
        "board_input",
        "stepper",
        "lessons",
        "bench",
        "reference",
        "compare",
        "practice",
        "play",
    },
    {"site", "commands", "cli", "notebook_ui", "practice_ui", "play_ui", "__init__"},
]
#: (importing module, imported module, function) allowed to reach upward or round: the
#: board's display hook, and a refusal saying itself in a language (``Refusal.text_in``, a
#: convenience over :mod:`carc_teach.i18n.errors`, which imports ``errors`` for the classes)
EXEMPT = {
    ("board", "render.svg", "_repr_svg_"),
    ("errors", "i18n.errors", "text_in"),
    ("errors", "i18n.errors", "reason_in"),
}


#: the files of an expansion package (``expansions.<name>.<file>``) by layer: its record,
#: options and topics are plain data below everything that reads them; its rule module sits
#: with the other rules; its views with the walkthroughs
PACKAGE_FILES: dict[str, int] = {
    "options": 0,
    "topics": 0,
    "rules": 9,
    "big_follower": 9,  # Inns & Cathedrals' second rule module
    "views": 13,
    "lessons": 13,
    "drills": 13,
}


def layer_of(module: str) -> int:
    parts = module.split(".")
    if parts[0] == "expansions":
        if len(parts) <= 2:  # the registry, the declarations, a package's record
            return 0
        assert parts[2] in PACKAGE_FILES, f"carc_teach.{module}: add its file to PACKAGE_FILES"
        return PACKAGE_FILES[parts[2]]
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        for i, layer in enumerate(LAYERS):
            if prefix in layer:
                return i
    raise AssertionError(f"carc_teach.{module} is in no layer: add it to LAYERS")


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def runtime_imports(path: Path) -> list[tuple[str, str]]:
    """(imported carc_teach module, enclosing function or '') for imports that run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
    out: list[tuple[str, str]] = []

    def visit(node: ast.AST, func: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            name = func
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = child.name
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = (
                        package[: len(package) - (child.level - 1)] if child.level > 1 else package
                    )
                    target = ".".join(base + ([child.module] if child.module else []))
                    if child.module is None:
                        out.extend((f"{target}.{a.name}".strip("."), name) for a in child.names)
                    else:
                        out.append((target, name))
                        # `from ..count import rules` imports the submodule too
                        folder = PACKAGE.joinpath(*target.split("."))
                        out.extend(
                            (f"{target}.{a.name}", name)
                            for a in child.names
                            if (folder / f"{a.name}.py").is_file()
                            or (folder / a.name / "__init__.py").is_file()
                        )
                elif child.module and child.module.startswith("carc_teach"):
                    out.append((child.module.removeprefix("carc_teach").strip("."), name))
            elif isinstance(child, ast.Import):
                for a in child.names:
                    if a.name.startswith("carc_teach."):
                        out.append((a.name.removeprefix("carc_teach."), name))
            visit(child, name)

    visit(tree, "")
    return [(t, f) for t, f in out if t]


@cache  # the sources do not change during a run; several tests read the same scan
def all_modules() -> dict[str, list[tuple[str, str]]]:
    return {
        module_name(p): runtime_imports(p)
        for p in sorted(PACKAGE.rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def test_every_import_goes_down_the_layers():
    wrong = []
    for me, imports in all_modules().items():
        for target, func in imports:
            if (me, target, func) in EXEMPT:
                continue
            if layer_of(target) > layer_of(me):
                wrong.append(
                    f"carc_teach.{me} imports carc_teach.{target}"
                    + (f" in {func}()" if func else "")
                )
    assert not wrong, "\n".join(wrong)


def test_no_circle_of_imports():
    graph: dict[str, set[str]] = {}
    modules = all_modules()
    for me, imports in modules.items():
        for target, func in imports:
            if (me, target, func) not in EXEMPT and target != me:
                graph.setdefault(me, set()).add(target)
    seen: dict[str, int] = {}

    def walk(node: str, path: list[str]) -> None:
        state = seen.get(node)
        if state == 1:
            raise AssertionError("import circle: " + " -> ".join(path + [node]))
        if state == 2:
            return
        seen[node] = 1
        for nxt in sorted(graph.get(node, ())):
            # a package import also runs the package's __init__
            walk(nxt, path + [node])
        seen[node] = 2

    for m in sorted(graph):
        walk(m, [])


def test_import_carc_teach_does_not_import_networkx():
    import subprocess
    import sys

    code = "import sys, carc_teach; carc_teach.examples.load('first-turns'); print('networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_scanner_sees_imports_inside_functions_and_skips_type_checking_blocks():
    modules = all_modules()
    assert ("render.svg", "_repr_svg_") in modules["board"]  # a lazy import, inside a method
    assert ("editions", "emit") in modules["state"]
    # features names the board only for type hints
    assert not any(t == "board" for t, _ in modules["features"])
    assert layer_of("render.svg") > layer_of("board")  # so the exemption is what lets it pass


def test_an_expansion_package_spans_the_layers_by_file():
    assert layer_of("expansions.count") == layer_of("expansions.declare") == 0
    assert layer_of("expansions.count.options") < layer_of("editions")
    assert layer_of("expansions.count.rules") == layer_of("rules")
    # a package's rule module may use the engine below it, and its record may not
    modules = all_modules()
    assert any(t == "expansions.count.rules" for t, _ in modules["expansions.abbey_mayor.rules"])
    assert all(t.startswith("expansions") for t, _ in modules["expansions.count"])

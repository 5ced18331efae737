"""Wheels with their Python already compiled to bytecode for the browser's Python.

Importing a package from ``.py`` sources makes Pyodide compile every module on each page load;
marimo alone is several hundred modules, which took most of the seconds a self-hosted page
spent before it could answer. Pyodide's own packages ship ``.pyc`` files instead, and so does a
self-hosted site: :func:`compile_wheels` runs the site's Pyodide runtime under Node.js once,
compiles every module of the given wheels with it (so the bytecode is exactly the runtime's
Python version), and writes wheels whose modules are ``.pyc`` files where the ``.py`` files were
(Python imports those without the source). A module that does not compile is kept as source.
Results are cached by the source wheel's hash, so only a changed wheel (carc_teach's own, after
an edit) is compiled again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from carc_teach.errors import Phrase, phrase
from carc_teach.site.notebooks import SiteError

__all__ = ["compile_wheels", "node_available", "run_node"]

# Runs inside Pyodide: /src holds the wheels to compile, /dst receives the compiled ones.
# Docstrings are left out of the bytecode (``__doc__`` is None, as under ``python -OO``; asserts
# stay): the browser never shows them, and the memory snapshot holds every imported module's
# code, docstrings included.
_PYTHON = r"""
import ast, base64, csv, hashlib, io, os, zipfile
import importlib._bootstrap_external as bootstrap

def without_docstrings(source, name):
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                if len(body) == 1:  # a body that was only its docstring does nothing
                    body[0] = ast.copy_location(ast.Pass(), body[0])
                else:
                    del body[0]
    return tree

def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

def compile_wheel(source, target):
    entries, record = [], None
    with zipfile.ZipFile(source) as wheel:
        for info in wheel.infolist():
            name, data = info.filename, wheel.read(info.filename)
            if name.endswith(".dist-info/RECORD"):
                record = name
                continue
            if name.endswith(".py") and ".dist-info/" not in name:
                try:
                    code = compile(without_docstrings(data, name), name, "exec", dont_inherit=True)
                except (SyntaxError, ValueError):
                    pass
                else:
                    name, data = name + "c", bytes(bootstrap._code_to_timestamp_pyc(code, 0, 0))
            entries.append((name, data))
    rows = io.StringIO()
    writer = csv.writer(rows, lineterminator="\n")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in entries:
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
            writer.writerow([name, digest(data), len(data)])
        if record is not None:
            writer.writerow([record, "", ""])
            out.writestr(record, rows.getvalue())

for name in sorted(os.listdir("/src")):
    compile_wheel("/src/" + name, "/dst/" + name)
"""

_NODE = r"""
const [pyodideDir, src, dst, code] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
for (const [where, root] of [["/src", src], ["/dst", dst]]) {
  py.FS.mkdirTree(where);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, where);
}
py.runPython(code);
"""


#: Names the compiled wheels' cache folder: bytecode without docstrings.
VARIANT = "nodoc"


def node_available() -> bool:
    """Whether Node.js is on PATH (it runs the Pyodide that compiles)."""
    return shutil.which("node") is not None


def run_node(
    script: str, args: list[str], failure: Phrase | str
) -> subprocess.CompletedProcess[str]:
    """Run the ES module ``script`` under Node.js with ``args``; its output is returned.

    Raises
    ------
    SiteError
        When Node.js is missing, or (starting with ``failure``) when the script fails.
    """
    node = shutil.which("node")
    if node is None:
        raise SiteError(phrase("Node.js is not installed; run ./dev test to install it"))
    result = subprocess.run(
        [node, "--input-type=module", "-e", script, "--", *args],
        capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    if result.returncode != 0:
        tail = (result.stderr.strip() or result.stdout.strip()).splitlines()[-2:]
        raise SiteError(phrase("{failure}: {output}", failure=failure, output=" | ".join(tail)))
    return result


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compile_wheels(wheels: list[Path], pyodide_dir: Path, cache_dir: Path) -> dict[Path, Path]:
    """Compile the pure-Python ``wheels`` with the Pyodide in ``pyodide_dir``.

    Parameters
    ----------
    wheels:
        ``*-none-any.whl`` files.
    pyodide_dir:
        The npm package ``pyodide`` (its ``pyodide.mjs`` is loaded under Node.js).
    cache_dir:
        Where compiled wheels are kept, named by the source wheel's hash.

    Returns
    -------
    dict
        Each source wheel mapped to its compiled copy (same file name) in ``cache_dir``.

    Raises
    ------
    SiteError
        When Node.js is missing or the compilation fails.
    """
    version = json.loads((pyodide_dir / "package.json").read_text("utf-8")).get("version", "?")
    compiled: dict[Path, Path] = {}
    todo: dict[Path, Path] = {}
    for wheel in wheels:
        target = cache_dir / f"pyodide-{version}-{VARIANT}-{_sha256(wheel)[:20]}" / wheel.name
        compiled[wheel] = target
        if not target.is_file():
            todo[wheel] = target
    if todo:
        with tempfile.TemporaryDirectory(prefix="carc-teach-pyc-") as tmp:
            src, dst = Path(tmp, "src"), Path(tmp, "dst")
            src.mkdir()
            dst.mkdir()
            for wheel in todo:
                shutil.copyfile(wheel, src / wheel.name)
            run_node(
                _NODE,
                [str(pyodide_dir.resolve()), str(src), str(dst), _PYTHON],
                phrase("compiling the wheels with Pyodide failed"),
            )
            for wheel, target in todo.items():
                built = dst / wheel.name
                if not built.is_file():
                    raise SiteError(
                        phrase("compiling {wheel} with Pyodide wrote nothing", wheel=wheel.name)
                    )
                target.parent.mkdir(parents=True, exist_ok=True)
                partial = target.with_suffix(".part")
                shutil.copyfile(built, partial)
                partial.replace(target)
    return compiled

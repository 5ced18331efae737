"""A memory snapshot of the browser's Python, taken once when the self-hosted site is built.

Measured in headless Chromium on the development machine, ``loadPyodide`` alone took about 9 s
before the first line of a notebook could run: the wasm module compiles in a tenth of a second,
the rest is CPython starting up inside it (the interpreter, ``site``, the encodings, the modules
Pyodide's own start imports). Pyodide can instead start from a *memory snapshot*: the wasm
memory of an interpreter that has already started, copied back in one go (about 2 s there).

:func:`make_snapshot` starts the site's very Pyodide under Node.js with ``_makeSnapshot``, imports
the standard-library modules marimo's kernel and the walkthroughs import as they start
(:data:`STDLIB_MODULES`), and writes ``snapshot.bin`` beside the runtime. :func:`patch_worker`
makes marimo's worker ask for that file and start from it, and fall back to a normal start if
the file is missing or does not fit.

What a snapshot cannot hold, and so is left out of it:

- **packages**: their files live in Pyodide's JavaScript file system, which the snapshot does not
  carry, so the worker still installs every wheel after the restore (it only skips the
  interpreter's start);
- **compiled extensions** (msgspec, which marimo imports at once): a dynamic library adds
  functions to the wasm table, which a restored memory would point at without their being
  there. :func:`make_snapshot` fails if any module it imported came from a ``.so`` file;
- **randomness**: the ``random`` module would be seeded identically on every page load, so
  the patched worker reseeds it from the browser's entropy right after the restore (string hash
  randomisation stays fixed per build; nothing in the toolkit depends on it).

The snapshot is tied to one ``pyodide.asm.wasm`` (Pyodide checks its build id) and is cached
under the wheel cache by that file's hash and the module list.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from carc_teach.site.notebooks import SiteError

__all__ = [
    "SNAPSHOT_FILE",
    "STDLIB_MODULES",
    "find_worker",
    "make_snapshot",
    "patch_bootstrap",
    "patch_worker",
]

SNAPSHOT_FILE = "snapshot.bin"

#: Standard-library modules imported into the snapshot: those marimo 0.25.2's kernel, its
#: Pyodide bootstrap and carc_teach import as a page starts (read from ``sys.modules`` after
#: importing them in CPython). A module missing from Pyodide's standard library is skipped.
STDLIB_MODULES = (
    "abc array ast asyncio base64 bdb binascii bisect bz2 calendar cmd code codecs codeop "
    "collections collections.abc concurrent.futures contextlib contextvars copy copyreg csv "
    "dataclasses datetime decimal difflib dis email email.message email.parser email.utils "
    "encodings enum errno filecmp fnmatch fractions functools gc glob hashlib heapq hmac html "
    "html.entities html.parser http http.client importlib importlib.abc importlib.machinery "
    "importlib.metadata importlib.resources importlib.util inspect io ipaddress itertools json "
    "keyword linecache locale logging logging.handlers lzma marshal math mimetypes "
    "modulefinder numbers opcode operator os pathlib pdb pickle pkgutil platform pprint "
    "pydoc queue quopri random re reprlib runpy secrets selectors shlex shutil signal socket "
    "stat string struct subprocess sysconfig tempfile textwrap threading time token tokenize "
    "tomllib traceback types typing urllib urllib.error urllib.parse urllib.request uuid "
    "warnings weakref xml.etree.ElementTree zipfile zipimport zlib"
).split()

# Runs inside Pyodide under Node.js before the snapshot is taken.
_PYTHON = r"""
import importlib, json, sys
skipped = []
for name in json.loads(MODULES):
    try:
        importlib.import_module(name)
    except Exception as error:  # not in Pyodide's standard library
        skipped.append(f"{name} ({type(error).__name__})")
extensions = sorted(
    name for name, module in list(sys.modules.items())
    if (getattr(module, "__file__", None) or "").endswith(".so")
)
if extensions:
    raise SystemExit("compiled extensions cannot be in a snapshot: " + ", ".join(extensions))
print("skipped:", ", ".join(skipped) or "none")
"""

_NODE = r"""
import fs from "node:fs";
const [pyodideDir, target, code] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
py.runPython(code);
fs.writeFileSync(target, py.makeMemorySnapshot());
"""


def _cache_key(pyodide_dir: Path) -> str:
    digest = hashlib.sha256((pyodide_dir / "pyodide.asm.wasm").read_bytes())
    digest.update(json.dumps(STDLIB_MODULES).encode())
    digest.update(_PYTHON.encode())
    return digest.hexdigest()[:20]


def make_snapshot(pyodide_dir: Path, target: Path, cache_dir: Path, log=print) -> Path:
    """Write the snapshot of ``pyodide_dir``'s runtime (the npm package) to ``target``.

    Raises
    ------
    SiteError
        When Node.js is missing or the snapshot cannot be made.
    """
    node = shutil.which("node")
    if node is None:
        raise SiteError("Node.js is not installed; run ./dev test to install it")
    cached = cache_dir / f"snapshot-{_cache_key(pyodide_dir)}.bin"
    if not cached.is_file():
        code = _PYTHON.replace("MODULES", repr(json.dumps(STDLIB_MODULES)))
        cache_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="carc-teach-snapshot-") as tmp:
            made = Path(tmp) / SNAPSHOT_FILE
            result = subprocess.run(
                [node, "--input-type=module", "-e", _NODE, "--",
                 str(pyodide_dir.resolve()), str(made), code],
                capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL,
            )  # fmt: skip
            if result.returncode != 0 or not made.is_file():
                tail = (result.stderr.strip() or result.stdout.strip()).splitlines()[-2:]
                raise SiteError(f"making the Pyodide memory snapshot failed: {' | '.join(tail)}")
            skipped = [line for line in result.stdout.splitlines() if line.startswith("skipped:")]
            if skipped and skipped[-1] != "skipped: none":
                log(f"  snapshot: standard-library modules not in Pyodide, {skipped[-1]}")
            partial = cached.with_suffix(".part")
            shutil.copyfile(made, partial)
            partial.replace(cached)
    shutil.copyfile(cached, target)
    return target


# -- marimo's worker --------------------------------------------------------------------------

#: marimo 0.25.2's worker starts Pyodide with ``_makeSnapshot:!1`` right after the variable that
#: holds the runtime's folder (``let n=e.pyodideIndexUrl??`https://cdn...`, r=await Jc({...``).
_LOAD_OPTION = re.compile(r"let (\w+)=\w+\.pyodideIndexUrl\?\?`[^`]*`,\w+=await \w+\(\{")
_NO_SNAPSHOT = "_makeSnapshot:!1,"
#: Pyodide's own ``bootstrapPyodide`` as bundled into the worker.
_BOOTSTRAP = re.compile(
    r"function (\w+)\((\w+),(\w+),(\w+)\)\{let (\w+)=\2\.API,(\w+);"
    r"return \3&&\(\6=\5\.restoreSnapshot\(\3\)\),\5\.finalizeBootstrap\(\6,\4\._snapshotDeserializer\)\}"
)
_PATCHED_MARK = "/*carc-teach snapshot*/"


def find_worker(site_dir: Path) -> Path:
    """marimo's kernel worker among the site's assets (not its save worker)."""
    found = sorted((site_dir / "assets").glob("worker-*.js"))
    if len(found) != 1:
        raise SiteError(
            f"expected one marimo worker (assets/worker-*.js) in {site_dir}, found {len(found)}"
        )
    return found[0]


def patch_worker(worker: Path) -> None:
    """Make marimo's worker start Pyodide from ``<runtime>/snapshot.bin`` when it is there.

    Two edits, each checked to apply exactly once (a marimo upgrade that moves either makes the
    build fail here rather than ship a worker that ignores the snapshot):

    1. the ``loadPyodide`` options get ``_loadSnapshot``: the snapshot fetched from the runtime's
       folder, or nothing (a normal start) if it cannot be fetched;
    2. Pyodide's bootstrap grows the wasm memory to the snapshot's size before copying it in
       (this Pyodide sizes a fresh memory by its build, not by the snapshot) and reseeds
       ``random`` after it.
    """
    text = worker.read_text("utf-8")
    if _PATCHED_MARK in text:
        return
    options = _LOAD_OPTION.findall(text)
    if len(options) != 1 or text.count(_NO_SNAPSHOT) != 1:
        raise SiteError(
            f"{worker.name}: cannot find where marimo's worker starts Pyodide "
            f"(is this marimo 0.25.2?); the snapshot was not wired in"
        )
    folder = options[0]
    text = text.replace(
        _NO_SNAPSHOT,
        f"{_PATCHED_MARK}_loadSnapshot:await fetch(new URL({SNAPSHOT_FILE!r},new URL({folder},"
        "self.location.href))).then(r=>r.ok?r.arrayBuffer():void 0).catch(()=>void 0),",
    )
    worker.write_text(patch_bootstrap(text, worker.name), "utf-8")


def patch_bootstrap(text: str, name: str = "pyodide.mjs") -> str:
    """Pyodide's ``bootstrapPyodide`` in ``text`` (marimo's worker, or the npm package's
    ``pyodide.mjs``), made to grow the memory before a restore and reseed ``random`` after."""
    matches = _BOOTSTRAP.findall(text)
    if len(matches) != 1:
        raise SiteError(
            f"{name}: cannot find Pyodide's bootstrap (is this marimo 0.25.2 and Pyodide "
            f"314.0.0?); the snapshot was not wired in"
        )
    function, module, snapshot, options, api, config = matches[0]
    # The header of a snapshot is followed by the memory itself; growing the heap by malloc
    # until it is at least as large is how emscripten grows it (updating its views too).
    replacement = (
        f"function {function}({module},{snapshot},{options}){{let {api}={module}.API,{config};"
        f"if({snapshot}){{for(;{module}.HEAP8.length<{snapshot}.length;)"
        f"{module}._malloc({snapshot}.length-{module}.HEAP8.length);"
        f"{config}={api}.restoreSnapshot({snapshot})}}"
        f"let p={api}.finalizeBootstrap({config},{options}._snapshotDeserializer);"
        f'{snapshot}&&p.runPython("import random\\nrandom.seed()");return p}}'
    )
    return _BOOTSTRAP.sub(lambda _: replacement, text, count=1)

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
import tempfile
from pathlib import Path

from carc_teach.site.notebooks import SiteError
from carc_teach.site.pycompile import run_node

__all__ = [
    "SNAPSHOT_FILE",
    "STDLIB_MODULES",
    "find_worker",
    "make_snapshot",
    "patch_bootstrap",
    "patch_worker",
]

SNAPSHOT_FILE = "snapshot.bin"
#: the files of the packages in the snapshot (their imported modules came from them)
FILES_FILE = "snapshot-files.bin"

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

#: Packages left out of the snapshot and installed after the restore as usual: msgspec is a
#: compiled extension (installing it loads its library, which a snapshot cannot hold).
NOT_IN_SNAPSHOT = ("msgspec",)
#: Packages whose files the snapshot carries but whose modules it does not import: marimo
#: imports msgspec at once. Unpacked from the wheel, not installed, since installing would
#: bring msgspec along.
FILES_ONLY = ("marimo-base",)
#: Modules of the snapshot's packages not imported into it: micropip and pyodide_http hold
#: JavaScript objects (``js.fetch``, ``XMLHttpRequest``), which a snapshot cannot carry;
#: networkx is imported only by the views that draw with it (no carc_teach module imports it
#: as it loads: the snapshot fails if one does); carc_teach's site builder and command line
#: have no use in a browser.
_NOT_IMPORTED = ("micropip", "pyodide_http", "networkx", "carc_teach.site", "carc_teach.commands")

# Runs inside Pyodide under Node.js, the packages installed, before the snapshot is taken.
_PYTHON = r"""
import importlib, json, pkgutil, sys
spec = json.loads(SPEC)
skipped = []
for name in spec["stdlib"] + spec["packages"]:
    try:
        importlib.import_module(name)
    except Exception as error:  # not in Pyodide's standard library, say
        skipped.append(f"{name} ({type(error).__name__})")
def import_all(path, prefix):
    for found in pkgutil.iter_modules(path, prefix):
        if not found.name.startswith(tuple(spec["not_imported"])):
            module = importlib.import_module(found.name)
            if found.ispkg:
                import_all(module.__path__, found.name + ".")
import carc_teach
import_all(carc_teach.__path__, "carc_teach.")
leaked = sorted(n for n in sys.modules if n.startswith(tuple(spec["not_imported"])))
extensions = sorted(
    name for name, module in list(sys.modules.items())
    if (getattr(module, "__file__", None) or "").endswith(".so")
)
if extensions or leaked:
    raise SystemExit(f"cannot be in a snapshot: {extensions + leaked}")
print("skipped:", ", ".join(skipped) or "none")
"""

# Installs the packages, imports, writes the snapshot and the package files beside it.
_NODE = r"""
import fs from "node:fs";
const [pyodideDir, runtime, snapshotPath, filesPath, code, leftOut] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({
  indexURL: pyodideDir + "/", _makeSnapshot: true,
  lockFileURL: runtime + "/pyodide-lock.json", packageBaseUrl: runtime + "/",
});
const lock = JSON.parse(fs.readFileSync(runtime + "/pyodide-lock.json", "utf-8"));
const [notIn, filesOnly] = JSON.parse(leftOut);
const chosen = Object.keys(lock.packages).filter((n) => !notIn.includes(n) && !filesOnly.includes(n));
await py.loadPackage(chosen, { messageCallback() {} });
py.FS.mkdirTree("/tmp/files-only");
for (const name of filesOnly) {
  const wheel = "/tmp/files-only/" + lock.packages[name].file_name;
  py.FS.writeFile(wheel, fs.readFileSync(runtime + "/" + lock.packages[name].file_name));
  py.runPython(`import sysconfig, zipfile
zipfile.ZipFile(${JSON.stringify(wheel)}).extractall(sysconfig.get_paths()["purelib"])`);
}
py.runPython(code);
const packages = [...Object.keys(py.loadedPackages), ...filesOnly];
const paths = JSON.parse(py.runPython(`
import json, os, sysconfig
root = sysconfig.get_paths()["purelib"]
json.dumps(sorted(os.path.join(d, n) for d, _, names in os.walk(root) for n in names))
`));
const files = paths.map((p) => py.FS.readFile(p));
// The package manager's record of what is installed is not part of a snapshot: the restore
// marks the packages again (see patch_bootstrap).
for (const name of packages) delete py.loadedPackages[name];
fs.writeFileSync(snapshotPath, py.makeMemorySnapshot());
const head = new TextEncoder().encode(JSON.stringify({
  packages, files: paths.map((p, i) => [p, files[i].length]),
}));
const out = new Uint8Array(4 + head.length + files.reduce((n, f) => n + f.length, 0));
new DataView(out.buffer).setUint32(0, head.length, true);
out.set(head, 4);
let offset = 4 + head.length;
for (const f of files) { out.set(f, offset); offset += f.length; }
fs.writeFileSync(filesPath, out);
"""


def _imports_of(lock: dict) -> list[str]:
    """The top-level modules of the packages the snapshot imports, as the lockfile lists them."""
    return [
        module
        for name, entry in sorted(lock["packages"].items())
        if name not in NOT_IN_SNAPSHOT + FILES_ONLY
        for module in entry.get("imports", [])
        if not module.startswith(_NOT_IMPORTED)
    ]


def make_snapshot(pyodide_dir: Path, runtime: Path, cache_dir: Path, log=print) -> Path:
    """Write ``snapshot.bin`` and ``snapshot-files.bin`` into ``runtime`` (the site's
    ``pyodide/`` folder, its wheels and lockfile in place), using the npm package's Pyodide.

    Returns the snapshot's path.

    Raises
    ------
    SiteError
        When Node.js is missing or the snapshot cannot be made.
    """
    lock_text = (runtime / "pyodide-lock.json").read_text("utf-8")
    spec = {
        "stdlib": list(STDLIB_MODULES),
        "packages": _imports_of(json.loads(lock_text)),
        "not_imported": list(_NOT_IMPORTED),
    }
    code = _PYTHON.replace("SPEC", repr(json.dumps(spec)))
    digest = hashlib.sha256((pyodide_dir / "pyodide.asm.wasm").read_bytes())
    for part in (lock_text, code, _NODE):  # the lockfile holds every wheel's sha256
        digest.update(part.encode())
    cached = cache_dir / f"snapshot-{digest.hexdigest()[:20]}"
    if not (cached / SNAPSHOT_FILE).is_file():
        with tempfile.TemporaryDirectory(prefix="carc-teach-snapshot-") as tmp:
            made = Path(tmp)
            result = run_node(
                _NODE,
                [str(pyodide_dir.resolve()), str(runtime.resolve()),
                 str(made / SNAPSHOT_FILE), str(made / FILES_FILE), code,
                 json.dumps([NOT_IN_SNAPSHOT, FILES_ONLY])],
                "making the Pyodide memory snapshot failed",
            )  # fmt: skip
            if not (made / FILES_FILE).is_file():
                raise SiteError("making the Pyodide memory snapshot wrote no package files")
            skipped = [line for line in result.stdout.splitlines() if line.startswith("skipped:")]
            if skipped and skipped[-1] != "skipped: none":
                log(f"  snapshot: modules that did not import, left out; {skipped[-1]}")
            partial = cached.with_suffix(".part")
            shutil.rmtree(partial, ignore_errors=True)
            shutil.copytree(made, partial)
            partial.replace(cached)
    for name in (SNAPSHOT_FILE, FILES_FILE):
        shutil.copyfile(cached / name, runtime / name)
    return runtime / SNAPSHOT_FILE


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

    1. the ``loadPyodide`` options get ``_loadSnapshot`` (the snapshot fetched from the runtime's
       folder) and only the packages the snapshot lacks, or nothing new (a normal start) if
       the snapshot or its files cannot be fetched;
    2. Pyodide's bootstrap grows the wasm memory to the snapshot's size before copying it in
       (this Pyodide sizes a fresh memory by its build, not by the snapshot), writes the
       packages' files back, marks those packages installed, and reseeds ``random``.
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
    # Both files fetched together; with both, the snapshot and only the packages it lacks are
    # asked of loadPyodide (the object spread overrides the ``packages`` written before it);
    # without either, nothing changes and Pyodide starts as it always did.
    fetched = (
        f"...(await (async()=>{{try{{const $u=new URL({folder},self.location.href),"
        f"[$a,$b]=await Promise.all([{SNAPSHOT_FILE!r},{FILES_FILE!r}].map($f=>"
        f"fetch(new URL($f,$u)).then($r=>$r.ok?$r.arrayBuffer():Promise.reject($r.status))));"
        f"globalThis.__carcSnapshotFiles=new Uint8Array($b);"
        f"return{{_loadSnapshot:$a,packages:{json.dumps(list(NOT_IN_SNAPSHOT))}}}}}"
        f"catch{{return{{}}}}}})()),"
    )
    text = text.replace(_NO_SNAPSHOT, _PATCHED_MARK + fetched)
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
        f"function {function}({module},{snapshot},{options}){{let {api}={module}.API,{config},$h;"
        f"if({snapshot}){{for(;{module}.HEAP8.length<{snapshot}.length;)"
        f"{module}._malloc({snapshot}.length-{module}.HEAP8.length);"
        f"{config}={api}.restoreSnapshot({snapshot});"
        # the package files the snapshot's modules came from, written back into the file system
        f"const $F=globalThis.__carcSnapshotFiles;if($F){{"
        f"const $n=new DataView($F.buffer,$F.byteOffset).getUint32(0,!0);"
        f"$h=JSON.parse(new TextDecoder().decode($F.subarray(4,4+$n)));let $o=4+$n;"
        f"for(const[$q,$s]of $h.files){{{module}.FS.mkdirTree($q.slice(0,$q.lastIndexOf('/')));"
        f"{module}.FS.writeFile($q,$F.subarray($o,$o+$s));$o+=$s}}}}}}"
        f"let p={api}.finalizeBootstrap({config},{options}._snapshotDeserializer);"
        # their packages marked installed, so that Pyodide does not install them again
        f"if($h)for(const $p of $h.packages)p.loadedPackages[$p]='default channel';"
        f'{snapshot}&&p.runPython("import random\\nrandom.seed()");return p}}'
    )
    return _BOOTSTRAP.sub(lambda _: replacement, text, count=1)

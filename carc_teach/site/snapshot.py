"""A memory snapshot of the browser's Python, taken once when the self-hosted site is built.

Measured in headless Chromium on the development machine, ``loadPyodide`` alone took about 9 s
before the first line of a notebook could run: the wasm module compiles in a tenth of a second,
the rest is CPython starting up inside it (the interpreter, ``site``, the encodings, the modules
Pyodide's own start imports). Pyodide can instead start from a *memory snapshot*: the wasm
memory of an interpreter that has already started, copied back in one go (about 2 s there).

:func:`make_snapshot` starts the site's very Pyodide under Node.js with ``_makeSnapshot``,
installs every package of the site, imports marimo, its browser bootstrap, the standard-library
modules a page imports as it starts (:data:`STDLIB_MODULES`) and the engine, and writes
``snapshot.bin`` and ``snapshot-files.bin`` beside the runtime. :func:`patch_worker` makes
marimo's worker ask for both files and start from them, and start as before if either is
missing.

What needs care, and how it is handled:

- **packages**: their files live in Pyodide's JavaScript file system, which the memory does not
  carry; they are written to ``snapshot-files.bin`` and written back by the patched worker,
  which then marks the packages installed;
- **compiled extensions** (msgspec, which marimo imports at once): loading a dynamic library
  puts its data in the wasm memory and its functions in the wasm table, which a restored
  memory points at but a fresh runtime does not have. :func:`patch_runtime` makes Pyodide's
  loader record where each library went and, on a restore, load it again at the very same
  memory and table addresses; the patched bootstrap then copies the library's memory back from
  the snapshot (instantiating it rewrote its initial data over the live one) and re-adds the
  table entries the library gained after loading (``PyInit_...`` looked up by the import);
- **randomness**: the ``random`` module would be seeded identically on every page load, so
  the patched worker reseeds it from the browser's entropy right after the restore (string hash
  randomisation stays fixed per build; nothing in the toolkit depends on it).

The snapshot is tied to one ``pyodide.asm.wasm`` (Pyodide checks its build id) and is cached
under the wheel cache by that file's hash and the module list.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from carc_teach.errors import phrase
from carc_teach.site.notebooks import SiteError
from carc_teach.site.pycompile import run_node

__all__ = [
    "COMPRESSED",
    "KEPT_PLAIN",
    "PREFETCHED",
    "add_prefetch",
    "SNAPSHOT_FILE",
    "SNAPSHOT_PARTS",
    "STDLIB_FILE",
    "ZSTD_FILES",
    "compress_runtime",
    "SESSION_MODULES",
    "START_MODULES",
    "STDLIB_MODULES",
    "find_worker",
    "make_snapshot",
    "pack_level",
    "patch_bootstrap",
    "patch_runtime",
    "patch_site_runtime",
    "patch_worker",
]

SNAPSHOT_FILE = "snapshot.bin"
#: the files of the packages in the snapshot (their imported modules came from them)
FILES_FILE = "snapshot-files.bin"
#: The standard library a restored snapshot needs: Pyodide's ``python_stdlib.zip`` without the
#: modules already in the snapshot's memory (stored uncompressed: it travels gzip-compressed).
STDLIB_FILE = "snapshot-stdlib.zip"
#: The files stored zstd-compressed (``<name>.zst``) by the snapshot's own Node.js run: zstd
#: packs the memory a sixth smaller than gzip (15.7 against 18.8 MB), and Pyodide's wasm module
#: carries libzstd (for Python's ``compression.zstd``), so the restore unpacks them with it.
ZSTD_FILES = (SNAPSHOT_FILE, FILES_FILE)
#: zstd's level in wasm, where the snapshot is made: 19 saves 1.7 MB more but takes a minute
#: and a half to compress there.
ZSTD_LEVEL = 9
#: The level the site's copies are packed at (:func:`pack_level`) when the ``zstd`` program is
#: there: 19 makes the snapshot 1.7 MB smaller (a third of a second at 50 Mbit/s) for about a
#: minute of one core on each build that changes carc_teach (cached after).
SITE_ZSTD_LEVEL = 19
#: The environment variable that sets it (``9`` keeps the wasm copies: the tests' builds).
ZSTD_LEVEL_VARIABLE = "CARC_TEACH_SNAPSHOT_ZSTD_LEVEL"
#: The zstd-compressed snapshot travels in this many parts (``snapshot.bin.zst.0``, ...), each
#: a request of its own, asked for at once: under Chromium's emulated 50 Mbit/s one response
#: arrived at 13-19 Mbit/s on the loaded development machine, three at once at 27-36 in all.
SNAPSHOT_PARTS = 3


def _part_names() -> list[str]:
    """The snapshot's parts, in order."""
    return [f"{SNAPSHOT_FILE}.zst.{index}" for index in range(SNAPSHOT_PARTS)]


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

#: What marimo's worker imports as it starts a session, beyond the packages' top-level modules.
START_MODULES = ("marimo._pyodide.bootstrap",)
#: What a marimo session imports as it starts and runs a walkthrough's cells, beyond the
#: above (read from ``sys.modules`` before and after starting a session on a restored snapshot
#: under Node.js, the same for every walkthrough); ``js`` and pyodide_http are left out (see
#: ``_NOT_IMPORTED``). A module that does not import is skipped, and the build says so.
SESSION_MODULES = (
    "getpass marimo._cli.install_hints marimo._convert.ipynb marimo._convert.ipynb.from_ir "
    "marimo._convert.ipynb.to_ir marimo._convert.markdown marimo._convert.markdown.flavor "
    "marimo._convert.markdown.flavor.base marimo._convert.markdown.flavor.mdx "
    "marimo._convert.markdown.flavor.mystmd marimo._convert.markdown.flavor.pymdown "
    "marimo._convert.markdown.flavor.qmd marimo._convert.markdown.from_ir "
    "marimo._convert.markdown.to_ir marimo._data._external_storage.get_storage "
    "marimo._data._external_storage.huggingface marimo._data._external_storage.storage "
    "marimo._data._external_storage.utils marimo._export marimo._export._limits "
    "marimo._export._nbconvert marimo._export._status marimo._export.dependencies "
    "marimo._export.exporter marimo._export.requests marimo._export.serialization "
    "marimo._metadata marimo._metadata.opengraph marimo._output.formatters._nn_tree "
    "marimo._output.formatters.ai_formatters marimo._output.formatters.altair_formatters "
    "marimo._output.formatters.anywidget_formatters marimo._output.formatters.arviz_formatters "
    "marimo._output.formatters.bokeh_formatters marimo._output.formatters.cell "
    "marimo._output.formatters.df_formatters marimo._output.formatters.flax_formatters "
    "marimo._output.formatters.formatters marimo._output.formatters.holoviews_formatters "
    "marimo._output.formatters.ipython_formatters marimo._output.formatters.ipywidgets_formatters "
    "marimo._output.formatters.leafmap_formatters marimo._output.formatters.lets_plot_formatters "
    "marimo._output.formatters.matplotlib_formatters marimo._output.formatters.pandas_formatters "
    "marimo._output.formatters.panel_formatters marimo._output.formatters.plotly_formatters "
    "marimo._output.formatters.pyecharts_formatters "
    "marimo._output.formatters.pygwalker_formatters marimo._output.formatters.pytorch_formatters "
    "marimo._output.formatters.seaborn_formatters marimo._output.formatters.sympy_formatters "
    "marimo._output.formatters.tqdm_formatters marimo._plugins.ui._impl.anywidget.comm_provider "
    "marimo._pyodide.pyodide_session marimo._pyodide.restartable_task marimo._pyodide.streams "
    "marimo._runtime._wasm._polars marimo._runtime.kernel_lifecycle "
    "marimo._runtime.runner.hooks_lens marimo._runtime.runner.hooks_on_finish "
    "marimo._runtime.runner.hooks_post_execution marimo._runtime.runner.hooks_pre_execution "
    "marimo._runtime.runner.hooks_preparation marimo._runtime.utils "
    "marimo._runtime.utils.set_ui_element_request_manager marimo._save.manifest "
    "marimo._save.signing_policy marimo._schemas.export marimo._schemas.export_options "
    "marimo._server.files marimo._server.files.file_system marimo._server.files.os_file_system "
    "marimo._server.files.roots marimo._server.models.files marimo._session.state "
    "marimo._session.state.environment marimo._session.state.serialize "
    "marimo._session.state.session_view marimo._snippets marimo._snippets.snippets "
    "marimo._sql.connection_utils marimo._utils.background_task marimo._utils.formatter "
    "marimo._utils.lists marimo._utils.typing markdown.extensions.attr_list "
    "markdown.extensions.footnotes markdown.extensions.sane_lists markdown.extensions.tables "
    "markdown.extensions.toc narwhals._interchange narwhals._interchange.dataframe "
    "packaging._elffile packaging._manylinux packaging._musllinux packaging._parser "
    "packaging._ranges packaging._tokenizer packaging.markers packaging.specifiers packaging.tags "
    "packaging.utils packaging.version pygments.formatter pygments.formatters "
    "pygments.formatters._mapping pygments.formatters.html pygments.lexers "
    "pygments.lexers._mapping pygments.modeline pygments.plugin pygments.styles "
    "pygments.styles._mapping pygments.token pygments.util pymdownx._bypassnorm "
    "pymdownx.arithmatex pymdownx.b64 pymdownx.blocks pymdownx.blocks.admonition "
    "pymdownx.blocks.block pymdownx.blocks.caption pymdownx.blocks.details pymdownx.blocks.html "
    "pymdownx.blocks.tab pymdownx.caret pymdownx.critic pymdownx.emoji1_db pymdownx.highlight "
    "pymdownx.keymap_db pymdownx.keys pymdownx.magiclink pymdownx.quotes pymdownx.superfences "
    "pymdownx.tasklist pymdownx.tilde termios webbrowser "
).split()
#: Modules of the snapshot's packages not imported into it: micropip and pyodide_http hold
#: JavaScript objects (``js.fetch``, ``XMLHttpRequest``), which a snapshot cannot carry;
#: networkx is imported only by the views that draw with it (no carc_teach module imports it
#: as it loads: the snapshot fails if one does); carc_teach's site builder and command line
#: have no use in a browser.
_NOT_IMPORTED = ("micropip", "pyodide_http", "networkx", "carc_teach.site", "carc_teach.commands")
#: ... of which every page imports these as it starts: their files come with the snapshot's
#: files, not fetched one package at a time (a request each, made while Python waits).
_IMPORTED_AT_START = ("micropip", "pyodide_http")

# Runs inside Pyodide under Node.js, the packages installed, before the snapshot is taken.
_PYTHON = r"""
import importlib, json, pkgutil, sys
spec = json.loads(SPEC)
skipped = []
for name in spec["stdlib"] + spec["packages"] + spec["session"]:
    try:
        importlib.import_module(name)
    except Exception as error:  # not in Pyodide's standard library, say
        skipped.append(f"{name} ({type(error).__name__})")
for name in spec["start"]:
    importlib.import_module(name)
def import_all(path, prefix):
    for found in pkgutil.iter_modules(path, prefix):
        if not found.name.startswith(tuple(spec["not_imported"])):
            module = importlib.import_module(found.name)
            if found.ispkg:
                import_all(module.__path__, found.name + ".")
import carc_teach
import_all(carc_teach.__path__, "carc_teach.")
# Caches a page's first run would fill, filled now: marimo's markdown converter (built once,
# with its extensions), msgspec's knowledge of marimo's message types (built on the first
# decode), the engine's annotation corpus (read on the first note), its drawing templates
# for the base tiles (built on the first board), the English catalogue (read on the first
# plural) and the HTML of the markdown the pages' first runs convert (their texts listed by
# the build's pre-rendering, converted here by this very runtime).
warm_ups = {
    "markdown": "from marimo._output.md import md; md('*warm*').text",
    "message types": (
        "import msgspec; from marimo._messaging.notification import NotificationMessage; "
        "msgspec.json.Decoder(NotificationMessage, strict=True)"
    ),
    "annotations": "from carc_teach import annotations; annotations.all_annotations()",
    "boards": (
        "from carc_teach import examples, teach; game = examples.load('full-game'); "
        "k = len(game.events) - 1; state = game.replay(k); "
        "teach.board_for_event(game, k, state); teach.feature_graph_for_event(game, k, state)"
    ),
    "catalogue": "from carc_teach import i18n; i18n.translation('en')",
    "pages' markdown": (
        "import marimo as mo; from carc_teach import notebook_ui\n"
        "for text in spec['markdown']: notebook_ui.markdown_html(mo, text)"
    ),
}
for what, statement in warm_ups.items():
    try:
        exec(statement, {"spec": spec})
    except Exception as error:  # marimo moved on: the page fills it as before
        skipped.append(f"warm-up of {what} ({type(error).__name__}: {error})")
# Files open now are not open in a restored runtime (its file system starts afresh).
# A logging handler made by these imports (marimo's) writes to the stream sys.stderr was then:
# it writes to the runtime's current one instead. A file handler's file is closed, to be opened
# again on its first record (its folder is made again by the restore).
import gc, io, logging, importlib.metadata, os, zipfile
class CurrentStream:
    def __init__(self, name):
        self.name = name
    def write(self, text):
        return getattr(sys, self.name).write(text)
    def flush(self):
        getattr(sys, self.name).flush()
standard = []  # the standard streams and the buffered and raw files under them
for name in ("stdin", "stdout", "stderr", "__stdin__", "__stdout__", "__stderr__"):
    buffer = getattr(getattr(sys, name), "buffer", None)
    standard += [getattr(sys, name), buffer, getattr(buffer, "raw", None)]
folders = set()
loggers = [logging.getLogger(), *logging.Logger.manager.loggerDict.values()]
for handler in [h for logger in loggers for h in getattr(logger, "handlers", ())]:
    if isinstance(handler, logging.FileHandler):
        if handler.stream is not None:
            handler.stream.close()
            handler.stream = None
        folders.add(os.path.dirname(handler.baseFilename))
    elif isinstance(handler, logging.StreamHandler):
        for name in ("stderr", "stdout"):
            if handler.stream in (getattr(sys, name), getattr(sys, f"__{name}__")):
                handler.stream = CurrentStream(name)
# importlib.metadata keeps the zip archives on sys.path open (the standard library's).
importlib.metadata.FastPath.__new__.cache_clear()
gc.collect()
still_open = [o for o in gc.get_objects()
              if (isinstance(o, io.IOBase) and not o.closed and not any(o is s for s in standard))
              or (isinstance(o, zipfile.ZipFile) and o.fp is not None)]
if still_open:
    raise SystemExit(f"files open as the snapshot is taken: {still_open[:10]}")
leaked = sorted(n for n in sys.modules if n.startswith(tuple(spec["not_imported"])))
if leaked:
    raise SystemExit(f"cannot be in a snapshot: {leaked}")
print("skipped:", ", ".join(skipped) or "none")
# The files of the modules imported now need not travel: their code is in the memory. (A
# compiled library's file is read again by the restore; data files, metadata and the modules
# not imported stay.)
imported = sorted({"/" + os.path.normpath(f).lstrip("/") for m in list(sys.modules.values())
                   if (f := getattr(m, "__file__", None) or "").endswith((".py", ".pyc"))})
json.dumps({"folders": sorted(folders), "imported": imported})  # handed to the Node.js script
"""

#: Empty wasm table entries the snapshot leaves before its libraries' (see _NODE).
_TABLE_SLACK = 64

# Installs the packages, imports, writes the snapshot and the package files beside it. The
# runtime's library loader is patched (patch_runtime): it records where each compiled library
# went, so that the restore can put it back there.
_NODE = r"""
import fs from "node:fs";
const [pyodideDir, runtime, snapshotPath, filesPath, lazyDir, stdlibPath, codePath] =
  process.argv.slice(1);
const code = fs.readFileSync(codePath, "utf-8");  // too long for a command line
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({
  indexURL: pyodideDir + "/", _makeSnapshot: true,
  lockFileURL: runtime + "/pyodide-lock.json", packageBaseUrl: runtime + "/",
});
// A browser's start adds a function or two to the wasm table that Node.js does not (one in
// Chromium): empty entries left before the libraries let the restore start them at the same
// index whatever the start added, the gap filled with empty entries there too.
const M = py._module, table = M.wasmTable;
table.grow(TABLE_SLACK);
const tableStart = table.length;
const lock = JSON.parse(fs.readFileSync(runtime + "/pyodide-lock.json", "utf-8"));
await py.loadPackage(Object.keys(lock.packages), { messageCallback() {} });
const { folders, imported } = JSON.parse(py.runPython(code));
const libraries = M.__carcLibraries ?? [];
const extensions = JSON.parse(py.runPython(`
import json, sys
json.dumps(sorted({f for m in list(sys.modules.values())
                   if (f := getattr(m, "__file__", None) or "").endswith(".so")}))
`));
const recorded = new Set(libraries.map((l) => l.libName));
const unrecorded = extensions.filter((e) => !recorded.has(e));
if (unrecorded.length)
  throw new Error(`compiled modules the patched loader did not record: ${unrecorded}`);
// The table as the restore must rebuild it, in order: each library's own block, and the
// entries added after it (a library's PyInit_ function, looked up by the import).
const steps = libraries.map((l, i) => [l.tableSize ? l.tableBase : -1, "library", i]);
for (let at = tableStart; at < table.length; at++) {
  if (libraries.some((l) => at >= l.tableBase && at < l.tableBase + l.tableSize)) continue;
  const fn = table.get(at);
  const owner = libraries.map((l) => [l.libName, Object.entries(M.LDSO.loadedLibsByName[l.libName].exports)
    .find(([, value]) => value === fn)]).find(([, found]) => found);
  if (!owner) throw new Error(`wasm table entry ${at} belongs to no library the restore can load`);
  steps.push([at, "function", owner[0], owner[1][0]]);
}
steps.sort((a, b) => a[0] - b[0]);
const inMemory = new Set(imported);
const paths = JSON.parse(py.runPython(`
import json, os, sysconfig
root = sysconfig.get_paths()["purelib"]
json.dumps(sorted("/" + os.path.normpath(os.path.join(d, n)).lstrip("/") for d, _, names in os.walk(root) for n in names))
`)).filter((p) => !inMemory.has(p));
// The modules not imported, and every file of a package none of whose modules is imported, go
// to one file per top-level package, fetched the first time the page imports from it
// (networkx, say, which no page imports as it starts); metadata and compiled libraries stay.
const sitePackages = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']")
  .replace(/^\/+/, "/");
const topOf = (p) => p.slice(sitePackages.length + 1).split("/")[0].replace(/\.pyc?$/, "");
const importedTops = new Set(imported.map(topOf));
const atStart = new Set(IMPORTED_AT_START);
const isLazy = (p) => !topOf(p).endsWith(".dist-info") && !p.endsWith(".so")
  && !atStart.has(topOf(p)) && (/\.pyc?$/.test(p) || !importedTops.has(topOf(p)));
const groups = {};
for (const p of paths.filter(isLazy)) (groups[topOf(p)] ??= []).push(p);
const pack = (list) => {
  const contents = list.map((p) => py.FS.readFile(p));
  const head = new TextEncoder().encode(JSON.stringify(list.map((p, i) => [p, contents[i].length])));
  const out = new Uint8Array(4 + head.length + contents.reduce((n, f) => n + f.length, 0));
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  let at = 4 + head.length;
  for (const f of contents) { out.set(f, at); at += f.length; }
  return out;
};
fs.mkdirSync(lazyDir, { recursive: true });
const lazyFiles = {};
for (const [top, list] of Object.entries(groups)) {
  lazyFiles[top] = `lazy/${top}.bin`;
  fs.writeFileSync(`${lazyDir}/${top}.bin`, pack(list));
  for (const p of list) py.FS.unlink(p);
}
py.runPython(LAZY_HOOK.replace("GROUPS", JSON.stringify(JSON.stringify(lazyFiles))));
// The last Python run before the snapshot: the standard library's zip without the modules now
// in the memory, and the zip importer's cached directory of the full one dropped.
py.runPython(TRIM_STDLIB);
fs.writeFileSync(stdlibPath, py.FS.readFile("/tmp/snapshot-stdlib.zip"));
py.FS.unlink("/tmp/snapshot-stdlib.zip");
const eager = paths.filter((p) => !isLazy(p));
const files = eager.map((p) => py.FS.readFile(p));
const packages = Object.keys(py.loadedPackages);
// The package manager's record of what is installed is not part of a snapshot: the restore
// marks the packages again (see patch_bootstrap).
for (const name of packages) delete py.loadedPackages[name];
fs.writeFileSync(snapshotPath, py.makeMemorySnapshot());
const head = new TextEncoder().encode(JSON.stringify({
  packages, folders, libraries, table: { start: tableStart, end: table.length, steps },
  files: eager.map((p, i) => [p, files[i].length]),
}));
const out = new Uint8Array(4 + head.length + files.reduce((n, f) => n + f.length, 0));
new DataView(out.buffer).setUint32(0, head.length, true);
out.set(head, 4);
let offset = 4 + head.length;
for (const f of files) { out.set(f, offset); offset += f.length; }
fs.writeFileSync(filesPath, out);
// Both also zstd-compressed, by the runtime's own libzstd (what the restore unpacks them with).
const zstd = (bytes) => {
  const source = M._malloc(bytes.length), bound = M._ZSTD_compressBound(bytes.length);
  const target = M._malloc(bound);
  M.HEAPU8.set(bytes, source);
  const size = M._ZSTD_compress(target, bound, source, bytes.length, ZSTD_LEVEL);
  if (M._ZSTD_isError(size)) throw new Error(`zstd could not compress (error ${size})`);
  const packed = M.HEAPU8.slice(target, target + size);
  M._free(source);
  M._free(target);
  return packed;
};
fs.writeFileSync(filesPath + ".zst", zstd(out));
fs.writeFileSync(snapshotPath + ".zst", zstd(fs.readFileSync(snapshotPath)));
"""


# Writes /tmp/snapshot-stdlib.zip: the standard library's zip without the modules in memory.
# The zip importer caches the directory of the zip (where each file starts): dropped, so that
# the restored runtime reads the directory of the zip it is given.
_TRIM_STDLIB = r"""
import os, sys, zipfile, zipimport
archive = next(p for p in sys.path if p.endswith(".zip"))
in_memory = {f[len(archive) + 1:] for m in list(sys.modules.values())
             if (f := getattr(m, "__file__", None) or "").startswith(archive + "/")}
with zipfile.ZipFile(archive) as full, \
        zipfile.ZipFile("/tmp/snapshot-stdlib.zip", "w", zipfile.ZIP_STORED) as trimmed:
    for info in full.infolist():
        if info.filename not in in_memory:
            trimmed.writestr(zipfile.ZipInfo(info.filename, info.date_time), full.read(info))
zipimport._zip_directory_cache.clear()
"""

#: Where the lazily fetched package files go, in the runtime's folder.
LAZY_DIR = "lazy"

# Installed last before the snapshot is taken (GROUPS: {top-level name: file}): the first import
# of a module of such a package fetches its file from the runtime's folder (synchronously: a
# worker may) and writes its modules into site-packages, then lets the usual finders find them.
_LAZY_HOOK = r"""
import gzip, importlib, json, os, struct, sys
class LazyPackages:
    def __init__(self, groups):
        self.groups = groups
    def find_spec(self, name, path=None, target=None):
        group = self.groups.pop(name.partition(".")[0], None)
        if group is None:
            return None
        import js  # the worker's globals, reached now: a snapshot cannot hold them
        request = js.XMLHttpRequest.new()
        request.open("GET", f"{getattr(js, 'carcTeachRuntimeURL')}{group}.gz", False)
        request.responseType = "arraybuffer"
        request.send()
        if request.status != 200:
            raise ImportError(f"{name}: the site's {group}.gz could not be fetched "
                              f"(HTTP {request.status})")
        data = gzip.decompress(js.Uint8Array.new(request.response).to_bytes())
        (length,) = struct.unpack_from("<I", data)
        offset = 4 + length
        for file, size in json.loads(data[4:offset]):
            os.makedirs(os.path.dirname(file), exist_ok=True)
            with open(file, "wb") as out:
                out.write(data[offset:offset + size])
            offset += size
        importlib.invalidate_caches()
        return None
sys.meta_path.insert(0, LazyPackages(json.loads(GROUPS)))
"""


def _imports_of(lock: dict) -> list[str]:
    """The top-level modules of the site's packages, as the lockfile lists them."""
    return [
        module
        for _, entry in sorted(lock["packages"].items())
        for module in entry.get("imports", [])
        if not module.startswith(_NOT_IMPORTED)
    ]


def make_snapshot(
    pyodide_dir: Path,
    runtime: Path,
    cache_dir: Path,
    log=print,
    markdown: list[str] | tuple[str, ...] = (),
) -> Path:
    """Write ``snapshot.bin`` and ``snapshot-files.bin`` into ``runtime`` (the site's
    ``pyodide/`` folder, its wheels and lockfile in place), using the npm package's Pyodide
    with its library loader patched (:func:`patch_runtime`; the site's copy must be patched
    too, see :func:`patch_site_runtime`). ``markdown``: the texts the pages' first runs
    convert (``notebook_ui.markdown_html``), converted into the snapshot.

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
        "start": list(START_MODULES),
        "session": list(SESSION_MODULES),
        "not_imported": list(_NOT_IMPORTED),
        "markdown": list(markdown),
    }
    code = _PYTHON.replace("SPEC", repr(json.dumps(spec)))
    node = (
        _NODE.replace("TABLE_SLACK", str(_TABLE_SLACK))
        .replace("LAZY_HOOK", json.dumps(_LAZY_HOOK))
        .replace("TRIM_STDLIB", json.dumps(_TRIM_STDLIB))
        .replace("ZSTD_LEVEL", str(ZSTD_LEVEL))
        .replace("IMPORTED_AT_START", json.dumps(list(_IMPORTED_AT_START)))
    )
    loader = patch_runtime((pyodide_dir / _LOADER).read_text("utf-8"))
    digest = hashlib.sha256((pyodide_dir / "pyodide.asm.wasm").read_bytes())
    for part in (lock_text, code, node, loader):  # the lockfile holds every wheel's sha256
        digest.update(part.encode())
    cached = cache_dir / f"snapshot-{digest.hexdigest()[:20]}"
    if not (cached / SNAPSHOT_FILE).is_file():
        with tempfile.TemporaryDirectory(prefix="carc-teach-snapshot-") as tmp:
            made, core = Path(tmp) / "made", Path(tmp) / "core"
            made.mkdir()
            code_file = Path(tmp) / "snapshot.py"
            code_file.write_text(code, "utf-8")
            shutil.copytree(pyodide_dir, core)
            (core / _LOADER).write_text(loader, "utf-8")
            result = run_node(
                node,
                [str(core.resolve()), str(runtime.resolve()),
                 str(made / SNAPSHOT_FILE), str(made / FILES_FILE), str(made / LAZY_DIR),
                 str(made / STDLIB_FILE), str(code_file)],
                phrase("making the Pyodide memory snapshot failed"),
            )  # fmt: skip
            if not (made / FILES_FILE).is_file():
                raise SiteError(phrase("making the Pyodide memory snapshot wrote no package files"))
            skipped = [line for line in result.stdout.splitlines() if line.startswith("skipped:")]
            if skipped and skipped[-1] != "skipped: none":
                log(f"  snapshot: left out (did not import, or a warm-up failed); {skipped[-1]}")
            # a name of this process's own: two builds sharing the cache (two checkouts, a
            # test run beside a build) may make the same snapshot at once; the first to finish
            # keeps its folder, the other drops its copy
            partial = cached.with_name(f"{cached.name}.{os.getpid()}.part")
            shutil.rmtree(partial, ignore_errors=True)
            shutil.copytree(made, partial)
            try:
                partial.replace(cached)
            except OSError:
                if not (cached / SNAPSHOT_FILE).is_file():
                    raise
                shutil.rmtree(partial, ignore_errors=True)
    for name in (SNAPSHOT_FILE, FILES_FILE, STDLIB_FILE, *(f"{z}.zst" for z in ZSTD_FILES)):
        shutil.copyfile(cached / name, runtime / name)
    level = pack_level()
    if level != ZSTD_LEVEL:
        program = shutil.which("zstd")
        if program is None:
            log(f"  snapshot: zstd level {ZSTD_LEVEL} (no zstd program here for level {level})")
        else:
            for name in ZSTD_FILES:
                packed = _repacked(cached / name, level, program)
                shutil.copyfile(packed, runtime / f"{name}.zst")
    shutil.rmtree(runtime / LAZY_DIR, ignore_errors=True)
    shutil.copytree(cached / LAZY_DIR, runtime / LAZY_DIR)
    return runtime / SNAPSHOT_FILE


def pack_level() -> int:
    """The zstd level of the site's snapshot: ``$CARC_TEACH_SNAPSHOT_ZSTD_LEVEL``, else
    :data:`SITE_ZSTD_LEVEL`.

    Raises
    ------
    SiteError
        When the variable is not a level from 1 to 19.
    """
    text = os.environ.get(ZSTD_LEVEL_VARIABLE, "").strip()
    if not text:
        return SITE_ZSTD_LEVEL
    if not (text.isdigit() and 1 <= int(text) <= 19):
        raise SiteError(
            phrase(
                "{variable}={value}: expected a zstd level from 1 to 19",
                variable=ZSTD_LEVEL_VARIABLE,
                value=repr(text),
            )
        )
    return int(text)


def _repacked(source: Path, level: int, program: str) -> Path:
    """``source`` zstd-compressed at ``level`` by the ``zstd`` program, beside it in the cache
    (made once per snapshot). The frame records its size, which the restore reads."""
    packed = source.with_name(f"{source.name}.{level}.zst")
    if not packed.is_file():
        partial = packed.with_name(f"{packed.name}.{os.getpid()}.part")
        done = subprocess.run(
            [program, "-q", "-f", f"-{level}", str(source), "-o", str(partial)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            partial.unlink(missing_ok=True)
            raise SiteError(
                phrase(
                    "zstd -{level} {file} failed: {output}",
                    level=level,
                    file=source.name,
                    output=done.stderr.strip(),
                )
            )
        partial.replace(packed)
    return packed


# -- Pyodide's library loader -----------------------------------------------------------------

#: The emscripten module of the runtime, which holds the dynamic library loader.
_LOADER = "pyodide.asm.mjs"
#: Where emscripten 4's ``loadWebAssemblyModule`` picks a library's memory and table addresses.
_PLACE_LIBRARY = (
    "var memoryBase=metadata.memorySize?alignMemory(getMemory(metadata.memorySize+memAlign),"
    "memAlign):0;var tableBase=metadata.tableSize?wasmTable.length:0;"
)
_PLACED_MARK = "/*carc-teach placed libraries*/"


def patch_runtime(text: str, name: str = _LOADER) -> str:
    """Pyodide's ``pyodide.asm.mjs`` made to record where each dynamic library goes
    (``Module.__carcLibraries``) and, for a library named in ``Module.__carcPlaced``, to put
    it at the memory address recorded there and check its table address is the recorded one.

    Without ``__carcPlaced`` the loader places libraries as it always did.
    """
    if _PLACED_MARK in text:
        return text
    if text.count(_PLACE_LIBRARY) != 1:
        raise SiteError(
            phrase(
                "{name}: cannot find where Pyodide's loader places a dynamic library (is this "
                "Pyodide 314.0.0?); the snapshot was not wired in",
                name=name,
            )
        )
    # the loader's own lines, with the recorded memory address taking precedence
    placed = (
        _PLACED_MARK
        + "var $placed=Module.__carcPlaced?.[libName];"
        + _PLACE_LIBRARY.replace("var memoryBase=", "var memoryBase=$placed?$placed.memoryBase:")
        + "if($placed&&$placed.tableBase!==tableBase)throw new Error(`${libName}: the wasm "
        "table is at ${tableBase}, the snapshot had it at ${$placed.tableBase}`);"
        "(Module.__carcLibraries||=[]).push({libName,handle,global:!!flags.global,"
        "nodelete:!!flags.nodelete,memoryBase,memorySize:metadata.memorySize,tableBase,"
        "tableSize:metadata.tableSize});"
    )
    return text.replace(_PLACE_LIBRARY, placed)


def patch_site_runtime(runtime: Path) -> None:
    """Patch the site's own copy of the runtime's loader (see :func:`patch_runtime`)."""
    loader = runtime / _LOADER
    loader.write_text(patch_runtime(loader.read_text("utf-8")), "utf-8")


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
            phrase(
                "expected one marimo worker (assets/worker-*.js) in {folder}, found {count}",
                folder=site_dir,
                count=len(found),
            )
        )
    return found[0]


def patch_worker(worker: Path) -> None:
    """Make marimo's worker start Pyodide from ``<runtime>/snapshot.bin`` when it is there.

    Two edits, each checked to apply exactly once (a marimo upgrade that moves either makes the
    build fail here rather than ship a worker that ignores the snapshot):

    1. the ``loadPyodide`` options get ``_loadSnapshot`` (the snapshot fetched from the runtime's
       folder) and no packages to install (the snapshot has them all), or nothing new (a
       normal start) if the snapshot or its files cannot be fetched;
    2. Pyodide's bootstrap grows the wasm memory to the snapshot's size before copying it in
       (this Pyodide sizes a fresh memory by its build, not by the snapshot), writes the
       packages' files back, loads the compiled libraries back where they were, marks the
       packages installed, and reseeds ``random``.

    The site's runtime must have its loader patched as well (:func:`patch_site_runtime`).
    """
    text = worker.read_text("utf-8")
    if _PATCHED_MARK in text:
        return
    options = _LOAD_OPTION.findall(text)
    if len(options) != 1 or text.count(_NO_SNAPSHOT) != 1:
        raise SiteError(
            phrase(
                "{name}: cannot find where marimo's worker starts Pyodide "
                "(is this marimo 0.25.2?); the snapshot was not wired in",
                name=worker.name,
            )
        )
    folder = options[0]
    # Both files asked for at once (the snapshot's .zst in SNAPSHOT_PARTS parts, each a request
    # of its own, or else the whole .zst, or else the file as it is); once both answer,
    # loadPyodide is called with the snapshot, no packages and the trimmed standard library (the
    # object spread overrides the ``packages`` written before it) and with a module factory that
    # unpacks the snapshot as it arrives (_STREAM_UNPACK), so the wasm module compiles and
    # starts while the snapshot downloads; if either file is missing, Pyodide starts as it
    # always did. Either way the runtime's module is fetched through the unpacking fetch and
    # imported from a blob, or else (no blob import) the plain file is imported.
    fetched = (
        f"...(await (async()=>{{const $u=new URL({folder},self.location.href);"
        f"{_UNPACKING_FETCH}($u);"
        f"const $j=fetch(new URL({_LOADER!r},$u)).then($r=>$r.ok?$r.blob():Promise.reject())"
        f".then($x=>import(URL.createObjectURL(new Blob([$x],{{type:'text/javascript'}}))))"
        f".catch(()=>import(new URL({_LOADER!r},$u).href)).then($x=>$x.default);try{{"
        f"const $G=$f=>fetch(new URL($f+'.zst',$u)).then($r=>$r.ok?$r:fetch(new URL($f,$u)))"
        f".then($r=>$r.ok?$r:Promise.reject($r.status));"
        f"const[$a,$b]=await Promise.all([Promise.all({_part_names()!r}.map($f=>"
        f"fetch(new URL($f,$u)))).then($L=>$L.every($r=>$r.ok)?$L:Promise.reject())"
        f".catch(()=>$G({SNAPSHOT_FILE!r})),$G({FILES_FILE!r})]);"
        f"const $s={_STREAM_UNPACK}($a),$B=$b.arrayBuffer(),$c=await $j;"
        f"return{{createPyodideModule:async $o=>{{const $M=await $c($o);"
        f"globalThis.__carcSnapshot=await $s($M);"
        f"globalThis.__carcSnapshotFiles=new Uint8Array(await $B);return $M}},"
        f"_loadSnapshot:new Uint8Array(0),packages:[],"
        f"stdLibURL:new URL({STDLIB_FILE!r},$u).href}}}}"
        f"catch{{return await $j.then($c=>({{createPyodideModule:$c}}),()=>({{}}))}}}})()),"
    )
    text = text.replace(_NO_SNAPSHOT, _PATCHED_MARK + fetched)
    worker.write_text(patch_bootstrap(text, worker.name), "utf-8")


#: The runtime's files a static host sends gzip-compressed (as ``<name>.gz``, see
#: :func:`compress_runtime`): a plain static host (``python -m http.server``, most school
#: servers) sends a file as it is on disk, and these shrink to a quarter or less.
COMPRESSED = ("pyodide.asm.wasm", "pyodide.asm.mjs", STDLIB_FILE)
#: ... of which the plain file stays too: Pyodide imports it itself when the worker cannot
#: import the unpacked one from a blob.
KEPT_PLAIN = ("pyodide.asm.mjs",)

#: What ``loadPyodide`` fetches from the runtime's folder only after the snapshot has arrived,
#: asked for at once instead (the worker's first request for each is handed the response already
#: under way): the link stays busy, and the wasm module is there when Pyodide wants it.
PREFETCHED = ("pyodide.asm.wasm", STDLIB_FILE, "pyodide-lock.json")

# The worker's fetch, made to ask for ``<name>.gz`` of a COMPRESSED file of the runtime's folder
# ($u) and hand back its unpacked bytes as they arrive (DecompressionStream, native in every
# current browser); a .gz that is not there falls back to the file itself. Pyodide fetches the
# wasm module with the global fetch, so it is unpacked on its way to streaming compilation.
# The PREFETCHED files are asked for as this is installed ($e: name -> response under way; a
# failure is the asker's to see, not an unhandled rejection). $N: the name of a request in $u.
_UNPACKING_FETCH = (
    "($u=>{globalThis.carcTeachRuntimeURL=$u.href;"
    "const $g=globalThis.fetch.bind(globalThis),$z=new Set("
    + repr(list(COMPRESSED))
    + "),$e=new Map(),$N=$i=>{const $h=new URL($i instanceof Request?$i.url:$i,"
    "self.location.href).href;return $h.startsWith($u.href)?$h.slice($u.href.length):''},"
    "$f=async($i,$o)=>{const $n=$N($i);"
    "if($z.has($n)){const $r=await $g(new URL($n+'.gz',$u));"
    "if($r.ok)return new Response($r.body.pipeThrough(new DecompressionStream('gzip')),"
    "{headers:{'Content-Type':$n.endsWith('.wasm')?'application/wasm':"
    "'application/octet-stream'}})}return $g($i,$o)};"
    "globalThis.fetch=($i,$o)=>{const $n=$N($i),$p=$e.get($n);"
    "if($p){$e.delete($n);return $p}return $f($i,$o)};"
    "for(const $n of "
    + repr(list(PREFETCHED))
    + "){const $p=$f(new URL($n,$u));$p.catch(()=>{});$e.set($n,$p)}})"
)


_PREFETCH_MARK = "/*carc-teach prefetch*/"
_STYLE_SHEET = re.compile(r'<link rel="stylesheet"[^>]*>')


def add_prefetch(page: Path, runtime: Path, worker: Path | None = None) -> list[str]:
    """Make a page ask for the runtime's big files (and marimo's ``worker``, a file of the
    site, if given) once its style sheets are in, at low priority, from a worker of its own.

    marimo's worker asks for them only once the page's front end has started it (3-4 s on
    this machine, mostly script parsing); the worker's requests then join the page's in the
    browser's cache instead of fetching again (a static host's ``Last-Modified`` makes them
    cacheable). The snapshot's parts, the longest download, come in a stream each; the others
    one after another in the order the worker needs them. The fetches run in a worker of their
    own (a ``blob:`` script; on the page itself where workers are not allowed): a response read
    by the page's own thread arrives only as fast as that thread, busy with marimo's scripts,
    takes it in. Returns the names asked for, relative to the runtime's folder (those that
    are there).
    """
    html = page.read_text("utf-8")
    if _PREFETCH_MARK in html:
        return []
    parts = [
        name for name in (*_part_names(), f"{SNAPSHOT_FILE}.zst") if (runtime / name).is_file()
    ]
    order = [f"{_LOADER}.gz", "pyodide-lock.json", "pyodide.asm.wasm.gz", f"{STDLIB_FILE}.gz",
             f"{FILES_FILE}.zst"]  # fmt: skip
    rest = [name for name in order if (runtime / name).is_file()]
    head_end = html.find("</head>")
    if not parts + rest or head_end < 0:
        return []
    if worker is not None and worker.is_file():  # the first thing the front end asks for
        rest.insert(0, os.path.relpath(worker, runtime).replace(os.sep, "/"))
    script = (
        f"<script>{_PREFETCH_MARK}(()=>{{const p=(u,s,l)=>{{const g=n=>fetch(new URL(n,u),"
        "{priority:'low'}).then(r=>r.arrayBuffer()).catch(()=>{});"
        "return Promise.all([...s.map(g),l.reduce((q,n)=>q.then(()=>g(n)),Promise.resolve())])},"
        f"a=[new URL({('./' + runtime.name + '/')!r},location.href).href,{parts!r},{rest!r}];"
        "try{new Worker(URL.createObjectURL(new Blob([`(${p})(...${JSON.stringify(a)})"
        ".then(()=>close())`],{type:'text/javascript'})))}catch{p(...a)}})()</script>"
    )
    # after the page's last style sheet: the first board (which waits for it) keeps the link
    # to itself until then, and an inline script there runs only once it has arrived anyway
    sheets = list(_STYLE_SHEET.finditer(html, 0, head_end))
    at = sheets[-1].end() if sheets else html.find(">", html.find("<head")) + 1
    page.write_text(html[:at] + script + html[at:], "utf-8")
    return parts + rest


def compress_runtime(runtime: Path, cache_dir: Path) -> dict[str, tuple[str, int, int]]:
    """Replace each :data:`COMPRESSED` file of ``runtime`` by ``<name>.gz`` (the patched
    worker unpacks it in the browser; :data:`KEPT_PLAIN` ones stay too), compressed once per
    content, cached in ``cache_dir``; and each :data:`ZSTD_FILES` file that has its ``.zst``
    beside it (made with the snapshot) by that alone, the snapshot's cut into
    :data:`SNAPSHOT_PARTS` parts (``snapshot.bin.zst.0``, ...).

    Returns ``{name: (what it is sent as, size, compressed size)}``.
    """
    sizes = {}
    for name in ZSTD_FILES:
        source, packed = runtime / name, runtime / f"{name}.zst"
        if source.is_file() and packed.is_file():
            sizes[name] = (packed.name, source.stat().st_size, packed.stat().st_size)
            source.unlink()
    whole = runtime / f"{SNAPSHOT_FILE}.zst"
    if whole.is_file():
        data = whole.read_bytes()
        step = -(-len(data) // SNAPSHOT_PARTS)
        for index, part in enumerate(_part_names()):
            (runtime / part).write_bytes(data[index * step : (index + 1) * step])
        whole.unlink()
        sizes[SNAPSHOT_FILE] = (f"{_part_names()[0][:-2]}.*", *sizes[SNAPSHOT_FILE][1:])
    cache_dir.mkdir(parents=True, exist_ok=True)
    lazy = sorted(p.relative_to(runtime).as_posix() for p in (runtime / LAZY_DIR).glob("*.bin"))
    for name in (*COMPRESSED, *lazy):
        source = runtime / name
        if not source.is_file():
            continue
        data = source.read_bytes()
        cached = cache_dir / f"{hashlib.sha256(data).hexdigest()[:20]}-9.gz"
        if not cached.is_file():
            partial = cached.with_name(f"{cached.name}.{os.getpid()}.part")
            with (
                open(partial, "wb") as raw,
                gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as out,
            ):
                out.write(data)
            partial.replace(cached)
        shutil.copyfile(cached, runtime / f"{name}.gz")
        if name not in KEPT_PLAIN:
            source.unlink()
        sizes[name] = (f"{name}.gz", len(data), cached.stat().st_size)
    return sizes


# Loads the snapshot's compiled libraries again where they were (the runtime's loader patched
# by patch_runtime), in the order that gives every wasm table entry its old index: a library's
# own block, then what was added after it (its PyInit_ function). Instantiating a library
# writes its initial data over the live data the snapshot holds, so that is copied back after.
# $m: the emscripten module; $h: the header of snapshot-files.bin.
_RELOAD_LIBRARIES = (
    "(($m,$h)=>{const $L=$h.libraries||[],$T=$m.wasmTable,$E=$w=>{"
    "throw new Error('carc-teach snapshot: '+$w)};if(!$L.length)return;"
    "if($T.length>$h.table.start)$E(`the wasm table has ${$T.length} entries before the "
    "libraries, the snapshot left room for ${$h.table.start}`);$T.grow($h.table.start-$T.length);"
    "const $K=$L.map($l=>$m.HEAPU8.slice($l.memoryBase,$l.memoryBase+$l.memorySize));"
    "$m.__carcPlaced=Object.fromEntries($L.map($l=>[$l.libName,$l]));"
    "for(const $s of $h.table.steps)if($s[1]==='library'){const $l=$L[$s[2]];"
    "$m.loadDynamicLibrary($l.libName,{loadAsync:!1,global:$l.global,nodelete:$l.nodelete},"
    "$l.global?void 0:{},$l.handle)}else{"
    "const $i=$m.addFunction($m.LDSO.loadedLibsByName[$s[2]].exports[$s[3]]);"
    "if($i!==$s[0])$E(`${$s[3]} went to table entry ${$i}, not ${$s[0]}`)}"
    "delete $m.__carcPlaced;$L.forEach(($l,$i)=>$m.HEAPU8.set($K[$i],$l.memoryBase));"
    "if($T.length!==$h.table.end)$E(`the wasm table has ${$T.length} entries, the snapshot "
    "had ${$h.table.end}`)})"
)


# Unpacks zstd-compressed bytes (a frame's magic number first; anything else is handed back as
# it is) with the runtime's own libzstd, in its fresh memory before the restore overwrites it.
# $m: the emscripten module.
_ZSTD_UNPACK = (
    "($m=>$x=>{if(!$x||$x[0]!==40||$x[1]!==181||$x[2]!==47||$x[3]!==253)return $x;"
    "const $s=$m._malloc($x.length);$m.HEAPU8.set($x,$s);"
    "const $n=Number($m._ZSTD_getFrameContentSize($s,$x.length)),$d=$n<2**32?$m._malloc($n):0;"
    "if(!$d)throw new Error('carc-teach snapshot: a zstd frame of unknown or huge size');"
    "const $r=$m._ZSTD_decompress($d,$n,$s,$x.length);"
    "if($m._ZSTD_isError($r)||$r!==$n)throw new Error('carc-teach snapshot: zstd error '+$r);"
    "const $o=$m.HEAPU8.slice($d,$d+$n);$m._free($d);$m._free($s);return $o})"
)


# Reads a Response ($R), or the Responses of a file's parts in order, as they arrive (an unread
# body would stall its download: every part is read at once, each into a queue of its own) and
# returns a function that, given the fresh emscripten module ($m), unpacks the zstd frame chunk by chunk
# with the runtime's libzstd (ZSTD_decompressStream) while the rest still downloads, into one
# array of the frame's size; a body without zstd's magic number is handed back joined as it is.
_STREAM_UNPACK = (
    "($R=>{let $w=()=>{},$j=0;const $Q=[].concat($R).map($x=>{const $p={q:[],d:!1,e:null},"
    "$k=$x.body.getReader();(async()=>{try{for(;;){const $r=await $k.read();if($r.done)break;"
    "$p.q.push($r.value);$w()}}catch($y){$p.e=$y}$p.d=!0;$w()})();return $p});"
    "const $n=async()=>{for(;;){const $p=$Q[$j];if(!$p)return null;if($p.q.length)"
    "return $p.q.shift();if($p.e)throw $p.e;if($p.d){$j++;continue}"
    "await new Promise($r=>{$w=$r})}},$J=$L=>{const $o=new Uint8Array($L.reduce(($s,$c)=>$s+$c.length"
    ",0));let $t=0;for(const $c of $L){$o.set($c,$t);$t+=$c.length}return $o};"
    "return async $m=>{const $E=$w=>{throw new Error('carc-teach snapshot: '+$w)};"
    "let $h=new Uint8Array(0),$v;while($h.length<18&&($v=await $n()))$h=$J([$h,$v]);"
    "if($h[0]!==40||$h[1]!==181||$h[2]!==47||$h[3]!==253){const $L=[$h];"
    "while($v=await $n())$L.push($v);return $J($L)}"
    "const $I=1<<20,$O=1<<22,$i=$m._malloc($I),$b=$m._malloc($O),$P=$m._malloc(8),"
    "$D=$m._ZSTD_createDCtx();$m.HEAPU8.set($h.subarray(0,18),$i);"
    "const $N=Number($m._ZSTD_getFrameContentSize($i,Math.min($h.length,18)));"
    "if(!($N<2**32))$E('a zstd frame of unknown or huge size');"
    "const $o=new Uint8Array($N),$V=()=>new DataView($m.HEAPU8.buffer);let $t=0;"
    "const $F=$c=>{for(let $a=0;$a<$c.length;$a+=$I){const $p=$c.subarray($a,$a+$I);"
    "$m.HEAPU8.set($p,$i);let $s=0,$g;do{$V().setUint32($P,0,!0);$V().setUint32($P+4,$s,!0);"
    "const $r=$m._ZSTD_decompressStream_simpleArgs($D,$b,$O,$P,$i,$p.length,$P+4);"
    "if($m._ZSTD_isError($r))$E('zstd error '+$r);"
    "$g=$V().getUint32($P,!0);$s=$V().getUint32($P+4,!0);if($t+$g>$N)$E('zstd frame too long');"
    "$o.set($m.HEAPU8.subarray($b,$b+$g),$t);$t+=$g}while($s<$p.length||$g===$O)}};"
    "$F($h);while($v=await $n())$F($v);"
    "$m._ZSTD_freeDCtx($D);$m._free($P);$m._free($b);$m._free($i);"
    "if($t!==$N)$E(`zstd frame ended at ${$t} of ${$N} bytes`);return $o}})"
)


def patch_bootstrap(text: str, name: str = "pyodide.mjs") -> str:
    """Pyodide's ``bootstrapPyodide`` in ``text`` (marimo's worker, or the npm package's
    ``pyodide.mjs``), made to grow the memory before a restore, write the package files back
    and load the compiled libraries back where they were, and reseed ``random`` after."""
    matches = _BOOTSTRAP.findall(text)
    if len(matches) != 1:
        raise SiteError(
            phrase(
                "{name}: cannot find Pyodide's bootstrap (is this marimo 0.25.2 and Pyodide "
                "314.0.0?); the snapshot was not wired in",
                name=name,
            )
        )
    function, module, snapshot, options, api, config = matches[0]
    # The header of a snapshot is followed by the memory itself; growing the heap by malloc
    # until it is at least as large is how emscripten grows it (updating its views too).
    replacement = (
        f"function {function}({module},{snapshot},{options}){{let {api}={module}.API,{config},$h;"
        f"if({snapshot}){{const $Z={_ZSTD_UNPACK}({module});"
        f"{snapshot}=globalThis.__carcSnapshot??$Z({snapshot});delete globalThis.__carcSnapshot;"
        f"globalThis.__carcSnapshotFiles=$Z(globalThis.__carcSnapshotFiles);"
        f"for(;{module}.HEAP8.length<{snapshot}.length;)"
        f"{module}._malloc({snapshot}.length-{module}.HEAP8.length);"
        f"{config}={api}.restoreSnapshot({snapshot});"
        # the package files the snapshot's modules came from, written back into the file system
        f"const $F=globalThis.__carcSnapshotFiles;if($F){{"
        f"const $n=new DataView($F.buffer,$F.byteOffset).getUint32(0,!0);"
        f"$h=JSON.parse(new TextDecoder().decode($F.subarray(4,4+$n)));let $o=4+$n;"
        f"for(const[$q,$s]of $h.files){{{module}.FS.mkdirTree($q.slice(0,$q.lastIndexOf('/')));"
        f"{module}.FS.writeFile($q,$F.subarray($o,$o+$s));$o+=$s}}"
        f"for(const $d of $h.folders||[]){module}.FS.mkdirTree($d);"
        f"{_RELOAD_LIBRARIES}({module},$h);delete globalThis.__carcSnapshotFiles}}}}"
        f"let p={api}.finalizeBootstrap({config},{options}._snapshotDeserializer);"
        # their packages marked installed, so that Pyodide does not install them again
        f"if($h)for(const $p of $h.packages)p.loadedPackages[$p]='default channel';"
        f'{snapshot}&&p.runPython("import random\\nrandom.seed()");return p}}'
    )
    return _BOOTSTRAP.sub(lambda _: replacement, text, count=1)

"""The memory snapshot the self-hosted site starts Python from, restored in real Pyodide.

The site's runtime folder (wheels, lockfile) is installed as ``carc-teach build-site
--self-hosted`` installs it, and the snapshot is made from it the same way; it is then restored
twice under Node.js through the npm package's ``pyodide.mjs`` with the bootstrap patch the build
applies to marimo's worker and the library-loader patch it applies to the runtime (see
:mod:`carc_teach.site.snapshot`), the package files handed over as the patched worker hands
them. Python must come up with marimo, what its sessions import and the engine already
imported, msgspec's compiled library working where the snapshot left it, install nothing, log
without errors, replay a game, and draw fresh random numbers on every start.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from carc_support import carc_teach_wheel, missing_prerequisite, pyodide_prerequisites

from carc_teach.site import offline, snapshot
from carc_teach.site.notebooks import SiteError

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]

# Restores the snapshot twice and reports what each interpreter holds and does.
_RESTORE = r"""
import fs from "node:fs";
const [core, runtime] = process.argv.slice(2);
const { loadPyodide } = await import(core + "/pyodide.mjs");
const report = [];
for (const run of [1, 2]) {
  // the zstd-compressed files, as the site sends them (the patched bootstrap unpacks them)
  globalThis.__carcSnapshotFiles = new Uint8Array(fs.readFileSync(runtime + "/snapshot-files.bin.zst"));
  const installed = [];
  const packed = fs.readFileSync(runtime + "/snapshot.bin.zst");
  let streamed = null;
  // The first run hands loadPyodide the whole snapshot; the second, as the site's worker does,
  // unpacks it in the fresh module while its parts "arrive" in 64 kB chunks.
  const source = run === 1 ? { _loadSnapshot: packed } : {
    _loadSnapshot: new Uint8Array(0),
    createPyodideModule: async (settings) => {
      // in three parts, as the site sends it, each a response of its own
      const step = Math.ceil(packed.length / 3);
      const parts = [0, 1, 2].map((index) => {
        const part = packed.subarray(index * step, (index + 1) * step);
        return new Response(new ReadableStream({ start(controller) {
          for (let at = 0; at < part.length; at += 65536)
            controller.enqueue(new Uint8Array(part.subarray(at, at + 65536)));
          controller.close();
        } }));
      });
      const unpack = STREAM_UNPACK(parts);
      const module = await (await import(core + "/pyodide.asm.mjs")).default(settings);
      globalThis.__carcSnapshot = await unpack(module);
      streamed = globalThis.__carcSnapshot.length;
      return module;
    },
  };
  const py = await loadPyodide({
    indexURL: core + "/", lockFileURL: runtime + "/pyodide-lock.json",
    packageBaseUrl: runtime + "/", packages: [], stdLibURL: runtime + "/snapshot-stdlib.zip",
    ...source,
  });
  const warm = py.runPython(`
import json
import marimo as mo
from marimo._output.md import _get_markdown
from carc_teach import i18n, notebook_ui
from carc_teach.annotations import _corpus
kept = dict(notebook_ui._MARKDOWN_HTML)
json.dumps([_get_markdown.cache_info().currsize, _corpus.cache_info().currsize,
            "en" in i18n._translations, sorted(kept),
            all(html == mo.md(text).text for text, html in kept.items()),
            [m.__doc__ for m in (mo.md, notebook_ui, notebook_ui.markdown_html)]])
`);
  const preloaded = py.runPython(`
import json, sys
json.dumps(sorted(m for m in ("asyncio", "carc_teach.teach", "docutils", "jedi", "marimo",
                              "marimo._pyodide.bootstrap", "marimo._pyodide.pyodide_session",
                              "msgspec", "pygments.formatters.html") if m in sys.modules))
`);
  await py.loadPackagesFromImports("import jedi\nimport docutils\nimport carc_teach\nimport marimo\nimport msgspec",
                                   { messageCallback: (m) => installed.push(m) });
  report.push(JSON.parse(py.runPython(`
import gc, json, random
import colorsys  # not in the snapshot: from the trimmed standard library's zip
import msgspec
from marimo._loggers import marimo_logger
from marimo._pyodide.bootstrap import create_session
from carc_teach import examples
class Move(msgspec.Struct):
    tile: str
    turn: int = 1
encoded = msgspec.json.encode(Move("CRFR"))
decoded = msgspec.json.decode(b'{"tile": "CCCC", "turn": 4}', type=Move)
marimo_logger().warning("a warning logged after the restore")
gc.collect()
json.dumps({"random": random.random(), "events": len(examples.load("first-turns").events),
            "colorsys": colorsys.rgb_to_hsv(1, 0, 0),
            "msgspec": [encoded.decode(), decoded.tile, decoded.turn]})
`)));
  Object.assign(report[report.length - 1],
                { messages: installed, preloaded: JSON.parse(preloaded), warm: JSON.parse(warm),
                  streamed });
}
console.log(JSON.stringify(report));
"""


#: Markdown a page's first run converts, as the build hands it over from the pre-rendering.
PAGE_MARKDOWN = ["**Scores so far**", "Why *Anna* has 1 point"]


@pytest.fixture(scope="module")
def restored(tmp_path_factory):
    node, core, _ = pyodide_prerequisites()
    try:
        inputs = offline.find_offline_inputs()
    except SiteError as exc:
        missing_prerequisite(str(exc))
    work = tmp_path_factory.mktemp("snapshot")
    runtime = offline.install_runtime(work, inputs, [carc_teach_wheel()], log=lambda *_: None)
    snapshot.make_snapshot(
        core, runtime, inputs.wheels_dir / "snapshot", log=lambda *_: None, markdown=PAGE_MARKDOWN
    )
    patched = work / "core"
    shutil.copytree(core, patched)
    loader = patched / "pyodide.mjs"
    loader.write_text(snapshot.patch_bootstrap(loader.read_text("utf-8")), "utf-8")
    snapshot.patch_site_runtime(patched)
    script = work / "restore.mjs"
    script.write_text(_RESTORE.replace("STREAM_UNPACK", snapshot._STREAM_UNPACK), "utf-8")
    result = subprocess.run(
        [node, str(script), str(patched), str(runtime)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    return {
        "runs": json.loads(result.stdout.strip().splitlines()[-1]),
        "snapshot_size": (runtime / snapshot.SNAPSHOT_FILE).stat().st_size,
        "output": result.stdout + result.stderr,
        "runtime": runtime,
    }


def test_python_starts_from_the_snapshot_with_marimo_imported(restored):
    for run in restored["runs"]:
        assert run["preloaded"] == [
            "asyncio", "carc_teach.teach", "docutils", "jedi", "marimo",
            "marimo._pyodide.bootstrap", "marimo._pyodide.pyodide_session", "msgspec",
            "pygments.formatters.html",
        ]  # fmt: skip
        assert run["events"] > 0


def test_caches_a_first_run_fills_are_already_filled(restored):
    """marimo's markdown converter, the annotation corpus and the English catalogue were built
    before the snapshot, and the pages' markdown converted (the same HTML marimo makes now)."""
    for run in restored["runs"]:
        converter, corpus, english, texts, same, _ = run["warm"]
        assert [converter, corpus, english] == [1, 1, True]
        assert texts == sorted(PAGE_MARKDOWN) and same


def test_the_site_s_modules_carry_no_docstrings(restored):
    """The wheels' bytecode leaves docstrings out (pycompile): marimo's and carc_teach's
    functions and modules have none in the browser."""
    for run in restored["runs"]:
        assert run["warm"][-1] == [None, None, None]


def test_the_compiled_library_works_where_the_snapshot_left_it(restored):
    """msgspec's functions are back in the wasm table at their old indices, its data intact."""
    for run in restored["runs"]:
        assert run["msgspec"] == ['{"tile":"CRFR","turn":1}', "CCCC", 4]


def test_logging_after_the_restore_reaches_stderr_without_errors(restored):
    """marimo's log handlers were made while the snapshot was taken, with files since gone."""
    output = restored["output"]
    assert output.count("a warning logged after the restore") == 2
    assert "Logging error" not in output and "Exception ignored" not in output, output[-3000:]


def test_nothing_is_installed_again(restored):
    """The snapshot's packages are marked installed: asking for them installs nothing."""
    for run in restored["runs"]:
        assert not any(m.startswith("Loading") for m in run["messages"]), run["messages"]
        assert any("marimo-base already loaded" in m for m in run["messages"])
        assert any("msgspec already loaded" in m for m in run["messages"])


def test_the_standard_library_travels_without_the_modules_in_memory(restored):
    """The trimmed zip lacks what the snapshot imported (typing) and keeps the rest, which a
    restored Python still imports (colorsys)."""
    import zipfile

    with zipfile.ZipFile(restored["runtime"] / snapshot.STDLIB_FILE) as trimmed:
        names = set(trimmed.namelist())
    assert "typing.py" not in names and "asyncio/__init__.py" not in names
    assert "colorsys.py" in names and "encodings/cp1006.py" in names
    for run in restored["runs"]:
        assert run["colorsys"] == [0.0, 1.0, 1]


def test_the_snapshot_unpacked_as_it_arrives_is_the_whole_memory(restored):
    """The second start went through the worker's streaming unpack (_STREAM_UNPACK) of the
    snapshot's three parts, chunk by chunk into the fresh module, and got every byte of the
    memory (the checks above passed on it as on the first)."""
    first, second = restored["runs"]
    assert first["streamed"] is None
    assert second["streamed"] == restored["snapshot_size"]


def test_each_start_from_the_snapshot_is_reseeded(restored):
    first, second = restored["runs"]
    assert first["random"] != second["random"]

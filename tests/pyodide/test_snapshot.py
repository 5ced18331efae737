"""The memory snapshot the self-hosted site starts Python from, restored in real Pyodide.

The snapshot is made exactly as ``carc-teach build-site --self-hosted`` makes it; it is then
loaded under Node.js through the npm package's ``pyodide.mjs`` with the same bootstrap patch the
build applies to marimo's worker (see :mod:`carc_teach.site.snapshot`). Python must come up with
the snapshot's modules already imported, work, and draw fresh random numbers on every start.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from carc_support import pyodide_prerequisites

from carc_teach.site import snapshot

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]

# Loads the snapshot twice and reports what each restored interpreter holds.
_RESTORE = r"""
import fs from "node:fs";
const [core, snap] = process.argv.slice(2);
const { loadPyodide } = await import(core + "/pyodide.mjs");
const report = [];
for (const run of [1, 2]) {
  const started = performance.now();
  const py = await loadPyodide({ indexURL: core + "/", _loadSnapshot: fs.readFileSync(snap) });
  const seconds = (performance.now() - started) / 1000;
  report.push(JSON.parse(py.runPython(`
import json, random, sys
json.dumps({"preloaded": sorted(m for m in ("asyncio", "email.message", "inspect", "zipfile")
                                if m in sys.modules),
            "random": random.random(),
            "sum": sum(range(10))})
`)));
  report[report.length - 1].seconds = seconds;
}
console.log(JSON.stringify(report));
"""


@pytest.fixture(scope="module")
def restored(tmp_path_factory):
    node, core, _ = pyodide_prerequisites()
    work = tmp_path_factory.mktemp("snapshot")
    patched = work / "pyodide"
    shutil.copytree(core, patched)
    loader = patched / "pyodide.mjs"
    loader.write_text(snapshot.patch_bootstrap(loader.read_text("utf-8")), "utf-8")
    made = snapshot.make_snapshot(core, work / "snapshot.bin", work / "cache", log=lambda *_: None)
    script = work / "restore.mjs"
    script.write_text(_RESTORE, "utf-8")
    result = subprocess.run(
        [node, str(script), str(patched), str(made)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_python_starts_from_the_snapshot_with_its_modules_imported(restored):
    for run in restored:
        assert run["sum"] == 45
        assert run["preloaded"] == ["asyncio", "email.message", "inspect", "zipfile"]


def test_each_start_from_the_snapshot_is_reseeded(restored):
    first, second = restored
    assert first["random"] != second["random"]

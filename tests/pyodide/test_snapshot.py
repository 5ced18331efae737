"""The memory snapshot the self-hosted site starts Python from, restored in real Pyodide.

The site's runtime folder (wheels, lockfile) is installed as ``carc-teach build-site
--self-hosted`` installs it, and the snapshot is made from it the same way; it is then restored
twice under Node.js through the npm package's ``pyodide.mjs`` with the bootstrap patch the build
applies to marimo's worker (see :mod:`carc_teach.site.snapshot`), the package files handed over
as the patched worker hands them. Python must come up with the snapshot's modules already
imported, install only what the snapshot lacks, import marimo's browser bootstrap, replay a game,
and draw fresh random numbers on every start.
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
const [core, runtime, packages] = process.argv.slice(2);
const { loadPyodide } = await import(core + "/pyodide.mjs");
const report = [];
for (const run of [1, 2]) {
  globalThis.__carcSnapshotFiles = new Uint8Array(fs.readFileSync(runtime + "/snapshot-files.bin"));
  const installed = [];
  const py = await loadPyodide({
    indexURL: core + "/", lockFileURL: runtime + "/pyodide-lock.json",
    packageBaseUrl: runtime + "/", packages: JSON.parse(packages),
    _loadSnapshot: fs.readFileSync(runtime + "/snapshot.bin"),
  });
  await py.loadPackagesFromImports("import jedi\nimport docutils\nimport carc_teach\nimport marimo",
                                   { messageCallback: (m) => installed.push(m) });
  report.push(JSON.parse(py.runPython(`
import json, random, sys
preloaded = sorted(m for m in ("asyncio", "carc_teach.teach", "docutils", "jedi", "marimo")
                   if m in sys.modules)
from marimo._pyodide.bootstrap import create_session
from carc_teach import examples
json.dumps({"preloaded": preloaded, "random": random.random(),
            "events": len(examples.load("first-turns").events)})
`)));
  report[report.length - 1].messages = installed;
}
console.log(JSON.stringify(report));
"""


@pytest.fixture(scope="module")
def restored(tmp_path_factory):
    node, core, _ = pyodide_prerequisites()
    try:
        inputs = offline.find_offline_inputs()
    except SiteError as exc:
        missing_prerequisite(str(exc))
    work = tmp_path_factory.mktemp("snapshot")
    runtime = offline.install_runtime(work, inputs, [carc_teach_wheel()], log=lambda *_: None)
    snapshot.make_snapshot(core, runtime, inputs.wheels_dir / "snapshot", log=lambda *_: None)
    patched = work / "core"
    shutil.copytree(core, patched)
    loader = patched / "pyodide.mjs"
    loader.write_text(snapshot.patch_bootstrap(loader.read_text("utf-8")), "utf-8")
    script = work / "restore.mjs"
    script.write_text(_RESTORE, "utf-8")
    result = subprocess.run(
        [node, str(script), str(patched), str(runtime), json.dumps(snapshot.NOT_IN_SNAPSHOT)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_python_starts_from_the_snapshot_with_its_modules_imported(restored):
    for run in restored:
        assert run["preloaded"] == ["asyncio", "carc_teach.teach", "docutils", "jedi"]
        assert run["events"] > 0


def test_only_what_the_snapshot_lacks_is_installed(restored):
    """The snapshot's packages are marked installed: asking for them installs nothing."""
    for run in restored:
        assert not any(m.startswith("Loading") for m in run["messages"]), run["messages"]
        assert any("marimo-base already loaded" in m for m in run["messages"])


def test_each_start_from_the_snapshot_is_reseeded(restored):
    first, second = restored
    assert first["random"] != second["random"]

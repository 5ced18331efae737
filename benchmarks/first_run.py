"""The Python work of a walkthrough's first visit, timed under Node.js (no browser, no network).

python benchmarks/first_run.py --site DIR [--pages turn_sequence,...] [--runs 3] [--profile N]

Starts the runtime of a ``carc-teach build-site --self-hosted -o DIR`` build from its memory
snapshot under Node.js, the way marimo's patched worker does in the browser (the npm package's
Pyodide with the site's two patches, the site's zstd-compressed snapshot and files, its trimmed
standard library), then does what the worker does next: writes the page's notebook (read from
the page's ``<marimo-code>``), runs marimo's ``create_session`` with the worker's own code, asks
Pyodide for the notebook's imports (all already installed) and runs the notebook until marimo
reports the run complete. Per page it prints, as the median over ``--runs`` fresh Node.js
processes, the wall-clock and the process's CPU time of:

- **restore**: ``loadPyodide`` from the snapshot (unpack, restore, files and libraries back);
- **session**: marimo's session created (the notebook parsed and compiled, the kernel made);
- **first run**: from asking marimo to run the notebook until the walkthrough's main output has
  been sent (``output``), and until marimo reports the whole run complete (``complete``).

The CPU time is what the machine's load inflates least (other processes take turns on the cores;
a run still waits for them in wall-clock time), so it is what to compare between two builds on a
shared machine. ``--profile N`` also prints the N functions with the most cumulative time in the
first run of each page (cProfile inside Pyodide, which slows it: do not time with it).

A lazily fetched package file (``pyodide/lazy/*.gz``) is read from the site's folder in place of
the browser's request. Needs Node.js and the npm package ``pyodide`` that ``./dev test``
installs (``CARC_TEACH_NODE_MODULES`` points elsewhere).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from carc_teach.site import snapshot  # noqa: E402

#: What marks a page's main output in marimo's messages (its first board, or for the scoring
#: reference its table of situations).
OUTPUT_MARKS = {
    "scoring_reference": "scoring situations",
}
DEFAULT_MARK = "carc-board"

# Runs under Node.js: restore, create the session as marimo's worker does, run the notebook.
_NODE = r"""
import fs from "node:fs";
const [core, runtime, stdlib, notebook, profileTop, mark] = process.argv.slice(2);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const now = () => performance.now() / 1000;
const times = {};
const span = async (name, work) => {
  const wall = now(), used = cpu();
  const result = await work();
  times[name] = { wall: now() - wall, cpu: cpu() - used };
  return result;
};
// The lazy package files: the worker fetches them synchronously; here they are read from disk.
globalThis.XMLHttpRequest = class {
  open(method, url) { this.url = url; }
  send() {
    const path = this.url.startsWith("file://") ? new URL(this.url).pathname : this.url;
    const data = fs.readFileSync(path);
    this.status = 200;
    this.response = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  }
};
globalThis.carcTeachRuntimeURL = runtime + "/";
const { loadPyodide } = await import(core + "/pyodide.mjs");
const py = await span("restore", async () => {
  globalThis.__carcSnapshotFiles = new Uint8Array(fs.readFileSync(runtime + "/snapshot-files.bin.zst"));
  return loadPyodide({
    indexURL: core + "/", lockFileURL: runtime + "/pyodide-lock.json",
    packageBaseUrl: runtime + "/", packages: [], stdLibURL: stdlib,
    // the snapshot's parts, as the site sends them, joined
    _loadSnapshot: new Uint8Array(Buffer.concat(fs.readdirSync(runtime)
      .filter((n) => /^snapshot\.bin\.zst\.\d+$/.test(n))
      .sort((a, b) => a.split(".").pop() - b.split(".").pop())
      .map((n) => fs.readFileSync(runtime + "/" + n)))),
  });
});
const code = fs.readFileSync(notebook, "utf-8");
py.FS.mkdirTree("/home/pyodide");
py.FS.chdir("/home/pyodide");
py.FS.writeFile("/home/pyodide/notebook.py", code);
let outputAt = null, completeAt = null, resolveComplete;
const complete = new Promise((resolve) => { resolveComplete = resolve; });
let runStart = null;
globalThis.messenger = { callback: (text) => {
  if (runStart === null) return;
  if (outputAt === null && text.includes(mark) && text.startsWith('{"op": "cell-op"'))
    outputAt = { wall: now() - runStart.wall, cpu: cpu() - runStart.cpu };
  if (text.startsWith('{"op": "completed-run"')) {
    completeAt = { wall: now() - runStart.wall, cpu: cpu() - runStart.cpu };
    resolveComplete();
  }
} };
globalThis.query_params = {};
globalThis.user_config = {};
if (profileTop !== "0") py.runPython("import cProfile; __carc_profile = cProfile.Profile()");
// marimo 0.25.2's worker, startSession: the same Python
const resources = await span("session", async () => py.runPython(`
import asyncio
import js
from marimo._pyodide.bootstrap import create_session, instantiate
${profileTop !== "0" ? "__carc_profile.enable()" : ""}
def create_session_resources():
  session, bridge = create_session(
    filename="notebook.py",
    query_params=js.query_params.to_py(),
    message_callback=js.messenger.callback,
    user_config=js.user_config.to_py(),
  )
  def init(auto_instantiate=True):
    instantiate(session, auto_instantiate)
    asyncio.create_task(session.start())
  with open("notebook.py", "r") as f:
    packages = session.find_packages(f.read())
  return bridge, init, packages
create_session_resources()`));
const [bridge, init, packages] = resources;
await span("imports", async () => {
  let text = "import pyodide_http\nimport jedi\nimport pygments\nimport docutils\n" + code;
  await py.loadPackagesFromImports(text, { messageCallback() {}, errorCallback() {} });
});
runStart = { wall: now(), cpu: cpu() };
init(true);
await Promise.race([complete, new Promise((_, fail) => setTimeout(() => fail(new Error("the notebook did not complete in 120 s")), 120000))]);
times.output = outputAt;
times.complete = completeAt;
if (profileTop !== "0") {
  py.runPython(`
__carc_profile.disable()
import io, pstats
_out = io.StringIO()
pstats.Stats(__carc_profile, stream=_out).sort_stats("cumulative").print_stats(${profileTop})
print(_out.getvalue())
`);
}
console.log("@@TIMES@@" + JSON.stringify(times));
process.exit(0);
"""


def page_code(page: Path) -> str:
    """The notebook's source as marimo's exported page carries it."""
    found = re.search(
        r"<marimo-code hidden=\"\">(.*?)</marimo-code>", page.read_text("utf-8"), re.S
    )
    if not found:
        raise SystemExit(f"first_run: {page} holds no <marimo-code>")
    return urllib.parse.unquote(found.group(1))


def prepare(site: Path, work: Path) -> tuple[Path, Path]:
    """A patched copy of the npm package's Pyodide and the unpacked trimmed standard library."""
    modules = os.environ.get("CARC_TEACH_NODE_MODULES")
    npm = Path(modules) if modules else REPO / ".cache" / "node" / "node_modules"
    core = work / "core"
    shutil.copytree(npm / "pyodide", core)
    loader = core / "pyodide.mjs"
    loader.write_text(snapshot.patch_bootstrap(loader.read_text("utf-8")), "utf-8")
    snapshot.patch_site_runtime(core)
    stdlib = work / snapshot.STDLIB_FILE
    stdlib.write_bytes(
        gzip.decompress((site / "pyodide" / f"{snapshot.STDLIB_FILE}.gz").read_bytes())
    )
    return core, stdlib


def run_once(node: str, script: Path, core: Path, site: Path, stdlib: Path, notebook: Path,
             mark: str, profile: int) -> dict:  # fmt: skip
    result = subprocess.run(
        [node, str(script), str(core), str(site / "pyodide"), str(stdlib), str(notebook),
         str(profile), mark],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    if result.returncode != 0 or "@@TIMES@@" not in result.stdout:
        raise SystemExit(f"first_run: the run failed:\n{(result.stderr or result.stdout)[-3000:]}")
    before, _, times = result.stdout.rpartition("@@TIMES@@")
    if profile:
        print(before[-12000:])
    return json.loads(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, required=True, help="a --self-hosted build")
    parser.add_argument("--pages", default="turn_sequence", help="comma-separated walkthroughs")
    parser.add_argument("--runs", type=int, default=3, help="fresh Node.js processes per page")
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    args = parser.parse_args(argv)
    node = shutil.which("node")
    if node is None:
        print("first_run: Node.js is not installed (./dev test installs it)")
        return 2
    if not (args.site / "pyodide" / "snapshot.bin.zst.0").is_file():
        print(f"first_run: {args.site} is not a --self-hosted build with a snapshot")
        return 2
    rows = []
    with tempfile.TemporaryDirectory(prefix="carc-teach-first-run-") as tmp:
        work = Path(tmp)
        core, stdlib = prepare(args.site, work)
        script = work / "first_run.mjs"
        script.write_text(_NODE, "utf-8")
        for slug in args.pages.split(","):
            notebook = work / f"{slug}.py"
            notebook.write_text(page_code(args.site / f"{slug}.html"), "utf-8")
            mark = OUTPUT_MARKS.get(slug, DEFAULT_MARK)
            runs = []
            for index in range(args.runs):
                profile = args.profile if index == 0 else 0
                times = run_once(node, script, core, args.site, stdlib, notebook, mark, profile)
                if not profile:
                    runs.append(times)
            rows.append((slug, runs))
    print(f"\nmedian of {args.runs} fresh Node.js runs (a profiled run left out); "
          f"machine load (1-minute average) at the end: {os.getloadavg()[0]:.1f}\n")  # fmt: skip
    print("| walkthrough | restore | session | imports | first run: output | first run: complete |")
    print("|---|---:|---:|---:|---:|---:|")
    for slug, runs in rows:
        cells = []
        for part in ("restore", "session", "imports", "output", "complete"):
            known = [r[part] for r in runs if r.get(part)]
            if len(known) < len(runs) or not known:
                cells.append("n/a")
                continue
            wall = statistics.median(k["wall"] for k in known)
            used = statistics.median(k["cpu"] for k in known)
            cells.append(f"{wall:.2f} s ({used:.2f} s CPU)")
        print(f"| {slug} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

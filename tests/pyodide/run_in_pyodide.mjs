// Run Python scripts inside one real Pyodide under Node.js, with local wheels only and no network.
//
// usage: node run_in_pyodide.mjs PYODIDE_DIR SCRIPT.py... WHEEL.whl...
//
// Every wheel is unpacked into Pyodide's site-packages (no micropip, no lockfile downloads).
// The scripts run one after another in the same interpreter (one start of Pyodide for all),
// each in fresh globals with __name__ == "__main__". A script's last expression must be a
// string; it is printed after the marker line "@@RESULT@@ <n>" (n: the script's place, from 0).
// Any attempt to fetch a non-file URL aborts the run with exit status 3, so a test passing
// here proves the engine needs nothing from the internet.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...rest] = process.argv.slice(2);
const scripts = rest.filter((path) => path.endsWith(".py"));
const wheels = rest.filter((path) => path.endsWith(".whl"));
if (!pyodideDir || !scripts.length || scripts.length + wheels.length !== rest.length) {
  console.error("usage: node run_in_pyodide.mjs PYODIDE_DIR SCRIPT.py... WHEEL.whl...");
  process.exit(2);
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (!url.startsWith("file:")) {
    console.error(`network access attempted: ${url}`);
    process.exit(3);
  }
  return realFetch(input, init);
};

let current = null;
try {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  for (const [index, script] of scripts.entries()) {
    current = script;
    const globals = pyodide.toPy({ __name__: "__main__" });
    const result = await pyodide.runPythonAsync(readFileSync(script, "utf8"), { globals });
    globals.destroy();
    console.log(`@@RESULT@@ ${index}`);
    console.log(result);
  }
} catch (error) {
  // Print the message (a Python traceback for PythonError), not Node's dump of minified source.
  console.error(`${current ?? "starting Pyodide"}: ${String(error?.message ?? error)}`);
  process.exit(1);
}

// Run a Python script inside real Pyodide under Node.js, with local wheels only and no network.
//
// usage: node run_in_pyodide.mjs PYODIDE_DIR SCRIPT.py WHEEL...
//
// Every wheel is unpacked into Pyodide's site-packages (no micropip, no lockfile downloads).
// The script's last expression must be a string; it is printed after the marker line
// "@@RESULT@@". Any attempt to fetch a non-file URL aborts the run with exit status 3, so a
// test passing here proves the engine needs nothing from the internet.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, scriptPath, ...wheels] = process.argv.slice(2);
if (!pyodideDir || !scriptPath) {
  console.error("usage: node run_in_pyodide.mjs PYODIDE_DIR SCRIPT.py WHEEL...");
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

try {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  const result = await pyodide.runPythonAsync(readFileSync(scriptPath, "utf8"));
  console.log("@@RESULT@@");
  console.log(result);
} catch (error) {
  // Print the message (a Python traceback for PythonError), not Node's dump of minified source.
  console.error(String(error?.message ?? error));
  process.exit(1);
}

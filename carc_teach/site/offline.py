"""The self-hosted runtime: a site that runs with no internet at all.

A marimo WebAssembly export normally loads the Pyodide runtime from a CDN and a package lockfile
from marimo's servers. A self-hosted site carries them instead, in ``<site>/pyodide/``:

- the Pyodide core of the npm package ``pyodide@314.0.0`` (the exact runtime marimo 0.25.2
  expects): ``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``;
- every wheel the marimo worker and the notebooks load (listed with pinned versions in
  ``offline-requirements.txt`` beside this module, cached by ``./dev`` under
  ``.cache/wasm-wheels``), plus PyYAML as a pure-Python wheel made here from its sdist (PyPI has
  no Pyodide build of it) and the carc_teach wheel itself;
- ``pyodide-lock.json`` made by pyodide-build's ``pyodide lockfile add-wheels`` from the
  npm package's lockfile, so dependencies come from each wheel's own metadata. That command
  refuses compiled ``pyemscripten`` wheels, so msgspec (the one compiled wheel) is entered by
  :func:`lock_entry_for_wheel` first.

Each exported page then points its ``<marimo-wasm>`` element at that folder
(:func:`point_page_at_runtime`).
"""

from __future__ import annotations

import base64
import csv
import email.parser
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

from carc_teach.errors import phrase
from carc_teach.site.notebooks import SiteError, find_repository_root

__all__ = [
    "PYODIDE_VERSION",
    "CORE_FILES",
    "RUNTIME_DIR",
    "OfflineInputs",
    "find_offline_inputs",
    "offline_requirements",
    "pure_wheel_from_sdist",
    "lock_entry_for_wheel",
    "make_lockfile",
    "install_runtime",
    "point_page_at_runtime",
    "NOT_PRECOMPILED",
]

#: The Pyodide release marimo 0.25.2's worker is built against; the runtime must match exactly.
PYODIDE_VERSION = "314.0.0"
#: What the marimo worker fetches from the Pyodide index URL.
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Where the runtime lives inside the site, relative to the pages.
RUNTIME_DIR = "pyodide"
#: How to get every prerequisite (the command that installs what the tests need).
FIX_COMMAND = "./dev test"

_REQUIREMENTS_FILE = Path(__file__).with_name("offline-requirements.txt")


@dataclass(frozen=True)
class OfflineInputs:
    """Where the ingredients of a self-hosted site were found.

    Attributes
    ----------
    pyodide_dir:
        The npm package folder ``node_modules/pyodide`` (version 314.0.0).
    wheels_dir:
        The cached wheels of ``offline-requirements.txt`` (and the PyYAML sdist).
    pyodide_cli:
        pyodide-build's ``pyodide`` command (with ``pkginfo`` installed beside it).
    """

    pyodide_dir: Path
    wheels_dir: Path
    pyodide_cli: Path


def offline_requirements() -> list[Requirement]:
    """The pinned packages a self-hosted site carries (besides carc_teach and PyYAML)."""
    requirements = []
    for line in _REQUIREMENTS_FILE.read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            requirements.append(Requirement(line))
    return requirements


def _cache_dir() -> Path | None:
    root = find_repository_root()
    return root / ".cache" if root is not None else None


def find_offline_inputs(
    pyodide_dir: Path | None = None,
    wheels_dir: Path | None = None,
    pyodide_cli: Path | None = None,
) -> OfflineInputs:
    """Locate the Pyodide core, the wheel cache and pyodide-build, or say how to get them.

    Each argument defaults to an environment variable (``CARC_TEACH_NODE_MODULES`` holding
    ``pyodide/``, ``CARC_TEACH_WASM_WHEELS``, ``CARC_TEACH_PYODIDE_CLI``), then to the checkout's
    ``.cache/`` as filled by ``./dev test``.

    Raises
    ------
    SiteError
        Naming the missing piece and the command that installs it.
    """
    cache = _cache_dir()
    if pyodide_dir is None:
        modules = os.environ.get("CARC_TEACH_NODE_MODULES")
        if modules:
            pyodide_dir = Path(modules) / "pyodide"
        elif cache is not None:
            pyodide_dir = cache / "node" / "node_modules" / "pyodide"
    if wheels_dir is None:
        env = os.environ.get("CARC_TEACH_WASM_WHEELS")
        wheels_dir = Path(env) if env else (cache / "wasm-wheels" if cache else None)
    if pyodide_cli is None:
        env = os.environ.get("CARC_TEACH_PYODIDE_CLI")
        if env:
            pyodide_cli = Path(env)
        elif cache is not None:
            pyodide_cli = cache / "pyodide-build-venv" / "bin" / "pyodide"

    missing = [
        name
        for name in CORE_FILES + ("pyodide-lock.json", "package.json")
        if pyodide_dir is None or not (pyodide_dir / name).is_file()
    ]
    if missing:
        raise SiteError(
            phrase(
                "the Pyodide {version} core (npm package pyodide) is missing {files} in "
                "{folder}; run {command} to install it",
                version=PYODIDE_VERSION,
                files=", ".join(missing),
                folder=pyodide_dir or "node_modules/pyodide",
                command=FIX_COMMAND,
            )
        )
    version = json.loads((pyodide_dir / "package.json").read_text("utf-8")).get("version")
    if version != PYODIDE_VERSION:
        raise SiteError(
            phrase(
                "{folder} holds Pyodide {found}, but marimo's worker needs exactly {version}; "
                "run {command} to install npm pyodide@{version}",
                folder=pyodide_dir,
                found=version,
                version=PYODIDE_VERSION,
                command=FIX_COMMAND,
            )
        )
    if wheels_dir is None or not wheels_dir.is_dir():
        raise SiteError(
            phrase(
                "the wheel cache for the self-hosted site ({folder}) does not exist; "
                "run {command} to download it",
                folder=wheels_dir or ".cache/wasm-wheels",
                command=FIX_COMMAND,
            )
        )
    _wheels_for_requirements(wheels_dir)  # raises when one is missing
    _pyyaml_sdist(wheels_dir)
    if pyodide_cli is None or not pyodide_cli.is_file():
        raise SiteError(
            phrase(
                "pyodide-build's 'pyodide' command was not found at {path}; "
                "run {command} to install it",
                path=pyodide_cli,
                command=FIX_COMMAND,
            )
        )
    return OfflineInputs(pyodide_dir, wheels_dir, pyodide_cli)


def _wheels_for_requirements(wheels_dir: Path) -> list[Path]:
    by_name: dict[str, list[tuple[Path, object]]] = {}
    for wheel in wheels_dir.glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        by_name.setdefault(name, []).append((wheel, version))
    chosen = []
    for requirement in offline_requirements():
        candidates = [
            wheel
            for wheel, version in by_name.get(canonicalize_name(requirement.name), [])
            if requirement.specifier.contains(str(version), prereleases=True)
        ]
        if not candidates:
            raise SiteError(
                phrase(
                    "no wheel for '{requirement}' in {folder}; run {command} to download it",
                    requirement=requirement,
                    folder=wheels_dir,
                    command=FIX_COMMAND,
                )
            )
        chosen.append(max(candidates, key=lambda path: path.name))
    return chosen


def _pyyaml_sdist(wheels_dir: Path) -> Path:
    sdists = sorted(wheels_dir.glob("pyyaml-*.tar.gz")) + sorted(wheels_dir.glob("PyYAML-*.tar.gz"))
    if not sdists:
        raise SiteError(
            phrase(
                "the PyYAML sdist is missing from {folder}; run {command} to download it",
                folder=wheels_dir,
                command=FIX_COMMAND,
            )
        )
    return sdists[-1]


def pure_wheel_from_sdist(sdist: Path, package: str, out_dir: Path) -> Path:
    """Write a ``py3-none-any`` wheel of the pure-Python package inside an sdist.

    PyYAML's sdist holds its pure-Python implementation under ``lib/yaml``; its C speed-up
    (``_yaml``) is optional and falls back to that code when absent, which is how it runs in
    Pyodide here.

    Parameters
    ----------
    sdist:
        A ``.tar.gz`` source distribution.
    package:
        The import package to take (``yaml``).
    out_dir:
        Where to write the wheel.
    """
    with tarfile.open(sdist) as archive:
        members = archive.getmembers()
        pkg_info = next(m for m in members if re.fullmatch(r"[^/]+/PKG-INFO", m.name))
        metadata_text = archive.extractfile(pkg_info).read().decode("utf-8")  # type: ignore[union-attr]
        metadata = email.parser.Parser().parsestr(metadata_text)
        name, version = metadata["Name"], metadata["Version"]
        pattern = re.compile(rf"[^/]+/(?:lib/|src/)?({re.escape(package)}/[^/]+\.py)$")
        files = {}
        for member in members:
            match = pattern.fullmatch(member.name)
            if match and member.isfile():
                files[match.group(1)] = archive.extractfile(member).read()  # type: ignore[union-attr]
    if f"{package}/__init__.py" not in files:
        raise SiteError(
            phrase(
                "{sdist} has no pure-Python package '{package}'", sdist=sdist.name, package=package
            )
        )
    distribution = re.sub(r"[-_.]+", "_", name)
    dist_info = f"{distribution}-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {metadata.get('Summary', '')} (pure-Python build, no C extension)\n"
    ).encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: carc_teach.site.offline\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist_info}/top_level.txt"] = f"{package}\n".encode()
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for archive_name, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([archive_name, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    files[f"{dist_info}/RECORD"] = record.getvalue().encode()
    wheel_path = out_dir / f"{distribution}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel_path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for archive_name, data in sorted(files.items()):
            info = zipfile.ZipInfo(archive_name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)
    return wheel_path


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_entry_for_wheel(wheel: Path) -> dict[str, object]:
    """A ``pyodide-lock.json`` package entry for a wheel, read from the wheel itself.

    Used for compiled ``pyemscripten`` wheels, which ``pyodide lockfile add-wheels`` refuses.
    Dependencies are the wheel's unconditional ``Requires-Dist`` entries (those whose marker
    holds in Pyodide are kept too).
    """
    name, version, _, _ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(archive.read(metadata_name).decode("utf-8"))
    imports = sorted(
        {n.split("/", 1)[0] for n in names if n.count("/") == 1 and n.endswith("/__init__.py")}
    )
    pyodide_env = {"sys_platform": "emscripten", "platform_system": "Emscripten", "extra": ""}
    depends = []
    for raw in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(raw)
        if requirement.marker is None or requirement.marker.evaluate(pyodide_env):
            depends.append(canonicalize_name(requirement.name))
    return {
        "name": str(name),
        "version": str(version),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": _sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def make_lockfile(base_lock: Path, wheels: list[Path], out_dir: Path, pyodide_cli: Path) -> Path:
    """Write ``out_dir/pyodide-lock.json`` describing exactly ``wheels`` (all inside out_dir).

    The npm package's lockfile gives the runtime's ``info`` block; its package entries are
    dropped, since their files are not in the npm package (a lockfile naming only what the site
    carries fails loudly rather than reaching for the network). Pure wheels go through
    ``pyodide lockfile add-wheels``, which fails when a dependency is missing.
    """
    base = json.loads(base_lock.read_text("utf-8"))
    compiled = [w for w in wheels if not w.name.endswith("-none-any.whl")]
    pure = [w for w in wheels if w.name.endswith("-none-any.whl")]
    packages: dict[str, object] = {}
    for wheel in compiled:
        entry = lock_entry_for_wheel(wheel)
        packages[canonicalize_name(str(entry["name"]))] = entry
    seed = {"info": base["info"], "packages": packages}
    output = out_dir / "pyodide-lock.json"
    with tempfile.TemporaryDirectory(prefix="carc-teach-lock-") as tmp:
        seed_path = Path(tmp) / "seed-lock.json"
        seed_path.write_text(json.dumps(seed), "utf-8")
        result = subprocess.run(
            [
                str(pyodide_cli),
                "lockfile",
                "add-wheels",
                "--input",
                str(seed_path),
                "--output",
                str(output),
                "--base-path",
                str(out_dir),
                *(str(w) for w in pure),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
    if result.returncode != 0:
        last = (result.stderr.strip() or result.stdout.strip()).splitlines()[-1:]
        raise SiteError(
            phrase("pyodide lockfile add-wheels failed: {output}", output=" ".join(last))
        )
    return output


#: Wheels no page imports while it starts: kept as source, smaller to fetch and unpack than
#: bytecode. None at present: marimo's kernel imports jedi (and so parso) at launch for its side
#: effect on the recursion limit, and the tiles-and-features page counts the feature graph's
#: nodes and edges, which imports networkx.
NOT_PRECOMPILED: frozenset[str] = frozenset()

#: Parts of a wheel that no page of the site can use, left out of its copy in the site (a
#: file costs the browser time when the wheel is unpacked, however small). jedi's type stubs
#: (5,500 of its 5,600 files, unpacked in about 3.5 s) serve code completion in marimo's
#: editor; the site's pages run in run mode, which has no editor.
TRIMMED: dict[str, tuple[str, ...]] = {"jedi": ("jedi/third_party/",)}


def trim_wheel(wheel: Path, prefixes: tuple[str, ...]) -> int:
    """Rewrite ``wheel`` without the files under ``prefixes`` (its RECORD too); returns how
    many files were left out."""
    with zipfile.ZipFile(wheel) as source:
        infos = source.infolist()
        kept = [i for i in infos if not i.filename.startswith(prefixes)]
        entries = [(i, source.read(i)) for i in kept]
    dropped = {i.filename for i in infos} - {i.filename for i, _ in entries}
    partial = wheel.with_suffix(".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                rows = csv.reader(io.StringIO(data.decode("utf-8")))
                text = io.StringIO()
                csv.writer(text, lineterminator="\n").writerows(
                    row for row in rows if row and row[0] not in dropped
                )
                data = text.getvalue().encode("utf-8")
            out.writestr(info, data)
    partial.replace(wheel)
    return len(dropped)


def _precompile(runtime: Path, inputs: OfflineInputs, log) -> None:
    """Swap the pure wheels a page imports for bytecode-compiled copies (see pycompile).

    The lockfile is written from the source wheels first (its ``imports`` come from their
    ``__init__.py`` files); only the file each entry names and its ``sha256`` change here.
    """
    from carc_teach.site import pycompile

    lock_path = runtime / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text("utf-8"))
    chosen = [
        runtime / entry["file_name"]
        for name, entry in lock["packages"].items()
        if entry["file_name"].endswith("-none-any.whl") and name not in NOT_PRECOMPILED
    ]
    if not pycompile.node_available():
        log("  Node.js not found: the wheels stay as source (pages start more slowly)")
        return
    compiled = pycompile.compile_wheels(chosen, inputs.pyodide_dir, inputs.wheels_dir / "compiled")
    for source, target in compiled.items():
        shutil.copyfile(target, source)
    for entry in lock["packages"].values():
        entry["sha256"] = _sha256(runtime / entry["file_name"])
    lock_path.write_text(json.dumps(lock), "utf-8")


def install_runtime(
    site_dir: Path,
    inputs: OfflineInputs,
    extra_wheels: list[Path],
    *,
    precompile: bool = True,
    log=print,
) -> Path:
    """Put the Pyodide core, every wheel and the lockfile into ``site_dir/pyodide/``.

    Parameters
    ----------
    site_dir:
        The built site.
    inputs:
        From :func:`find_offline_inputs`.
    extra_wheels:
        Wheels built for this site (carc_teach).
    precompile:
        Ship the wheels a page imports as bytecode compiled by this very runtime (under
        Node.js; see :mod:`carc_teach.site.pycompile`), so the browser does not compile them
        on every load.
    log:
        Progress printer.

    Returns
    -------
    Path
        The runtime folder.
    """
    runtime = site_dir / RUNTIME_DIR
    runtime.mkdir(parents=True, exist_ok=True)
    for name in CORE_FILES:
        shutil.copyfile(inputs.pyodide_dir / name, runtime / name)
    wheels = []
    for wheel in [*_wheels_for_requirements(inputs.wheels_dir), *extra_wheels]:
        target = runtime / wheel.name
        shutil.copyfile(wheel, target)
        wheels.append(target)
    wheels.append(pure_wheel_from_sdist(_pyyaml_sdist(inputs.wheels_dir), "yaml", runtime))
    make_lockfile(inputs.pyodide_dir / "pyodide-lock.json", wheels, runtime, inputs.pyodide_cli)
    if precompile:
        _precompile(runtime, inputs, log)
    _trim(runtime, log)
    return runtime


def _trim(runtime: Path, log) -> None:
    """Leave :data:`TRIMMED` parts out of the site's wheels; the lockfile's hashes follow."""
    lock_path = runtime / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text("utf-8"))
    for name, entry in lock["packages"].items():
        if name in TRIMMED:
            wheel = runtime / entry["file_name"]
            dropped = trim_wheel(wheel, TRIMMED[name])
            entry["sha256"] = _sha256(wheel)
            log(f"  {entry['file_name']}: {dropped} files no page uses left out")
    lock_path.write_text(json.dumps(lock), "utf-8")


_WASM_ELEMENT = '<marimo-wasm hidden=""'


def point_page_at_runtime(page: Path) -> None:
    """Make an exported page load Pyodide and its lockfile from ``./pyodide/``.

    marimo 0.25.2's worker reads ``data-pyodide-index-url`` and ``data-pyodide-lockfile-url``
    from the ``<marimo-wasm>`` element; without them it goes to the CDN.
    """
    html = page.read_text("utf-8")
    if html.count(_WASM_ELEMENT) != 1 or "data-pyodide-index-url" in html:
        raise SiteError(
            phrase(
                "{page}: expected one plain <marimo-wasm> element to point at the local "
                "runtime (is this a marimo 0.25.2 html-wasm export?)",
                page=page.name,
            )
        )
    attributes = (
        f' data-pyodide-index-url="./{RUNTIME_DIR}/"'
        f' data-pyodide-lockfile-url="./{RUNTIME_DIR}/pyodide-lock.json"'
    )
    page.write_text(html.replace(_WASM_ELEMENT, _WASM_ELEMENT + attributes), "utf-8")

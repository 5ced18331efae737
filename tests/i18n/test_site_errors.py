"""The errors of ``carc-teach build-site`` and ``carc-teach serve`` (``carc_teach/site/``) say
what is wrong in the language asked (docs/i18n.md, "Errors"): each is a phrase, so the CLI's
error line (``error_text``) says it in Italian or Czech, while ``str(error)`` stays the English
it always was, byte for byte (pinned below, one planted bad input per message; quoted values,
paths and numbers kept in every language). Nothing here builds a site or starts a server.
"""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from said_in_languages import assert_said_in_every_language

from carc_teach.errors import phrase
from carc_teach.i18n.errors import error_text
from carc_teach.site import build, frontend, notebooks, offline, prerender, pycompile, serve
from carc_teach.site.notebooks import SiteError

#: what a translation keeps of the English: quoted values, paths, numbers, options, commands
_KEPT = re.compile(
    r"(?<!\w)'[^']*'(?!\w)|\[[^\]]*\]|/[\w./-]+|\d+|--\w+|-o DIR|\./dev \w+|<[\w-]+>|\b\w+\.(py|js|whl)\b"
)


def _said_in_every_language(error: BaseException, english: str) -> None:
    assert_said_in_every_language(error, english, _KEPT)


def _raises(call) -> SiteError:
    with pytest.raises(SiteError) as info:
        call()
    return info.value


def _failed(returncode=1, stdout="", stderr=""):
    return lambda *a, **k: subprocess.CompletedProcess([], returncode, stdout, stderr)


# --------------------------------------------------------------------------- the notebooks


def test_notebook_errors(tmp_path, monkeypatch):
    missing = tmp_path / "nope"
    _said_in_every_language(
        _raises(lambda: notebooks.find_notebooks_dir(missing)),
        f"notebooks folder '{missing}' does not exist",
    )
    bad = tmp_path / "bad.py"
    bad.write_bytes(b"\xff")
    _said_in_every_language(
        _raises(lambda: notebooks.read_source(bad)),
        "bad.py: not UTF-8 text (byte 0); save the notebook as UTF-8",
    )
    folder = tmp_path / "folder.py"
    folder.mkdir()
    _said_in_every_language(  # the operating system's reason stays in its words
        _raises(lambda: notebooks.read_source(folder)), "folder.py: cannot read it: Is a directory"
    )
    bad.write_text("x = (\n", "utf-8")
    _said_in_every_language(
        _raises(lambda: notebooks.read_notebook_info(bad)),
        "bad.py: not valid Python (line 1): '(' was never closed",
    )
    bad.write_text("x = 1\0\n", "utf-8")
    _said_in_every_language(
        _raises(lambda: notebooks.read_notebook_info(bad)),
        "bad.py: not valid Python: source code string cannot contain null bytes",
    )
    bad.write_text("import marimo\n", "utf-8")
    _said_in_every_language(
        _raises(lambda: notebooks.read_notebook_info(bad)),
        "bad.py: no title found; start the notebook with a markdown cell whose first line is "
        "'# Title' followed by a paragraph saying what it teaches",
    )
    monkeypatch.setattr(notebooks, "find_repository_root", lambda: None)
    _said_in_every_language(
        _raises(lambda: notebooks.find_notebooks_dir()),
        "cannot find the notebooks/ folder: run this inside a carc_teach checkout or pass "
        "--notebooks DIR",
    )
    assert error_text(_raises(lambda: notebooks.find_notebooks_dir()), "cs").startswith(
        "nelze najít složku notebooks/"
    )


# ------------------------------------------------------------------------------- serve


def test_serve_errors(tmp_path, monkeypatch):
    _said_in_every_language(
        _raises(lambda: serve.check_port(0)), "--port must be between 1 and 65535, not 0"
    )
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind((serve.HOST, 0))
        held.listen()
        port = held.getsockname()[1]
        error = _raises(lambda: serve.check_port(port))
    _said_in_every_language(error, f"cannot serve on 127.0.0.1:{port}: it is in use")
    assert error_text(error, "it").endswith(": è già in uso")

    class Stopped:
        returncode = 3

        def poll(self):
            return 3

    _said_in_every_language(
        _raises(lambda: serve.wait_until_serving("http://127.0.0.1:1/", Stopped())),
        "the notebook server stopped (exit status 3)",
    )

    class Running(Stopped):
        def poll(self):
            return None

    _said_in_every_language(
        _raises(lambda: serve.wait_until_serving("http://127.0.0.1:1/", Running(), timeout=0)),
        "the notebook server did not answer at http://127.0.0.1:1/ within 0 s",
    )
    _said_in_every_language(
        _raises(lambda: serve.serve(notebooks_dir=tmp_path, open_browser=False)),
        f"no marimo notebooks found in {tmp_path}",
    )
    monkeypatch.setattr(serve.importlib.util, "find_spec", lambda name: None)
    for start in (serve.start_marimo_run, serve.start_server):
        _said_in_every_language(
            _raises(lambda start=start: start(tmp_path, 1)),
            "marimo is not installed; run ./dev setup (installs the notebooks extra)",
        )


# -------------------------------------------------------------------------- build-site


def test_build_site_errors(tmp_path, monkeypatch):
    a_file = tmp_path / "a-file"
    a_file.write_text("x", "utf-8")
    _said_in_every_language(
        _raises(lambda: build._check_output(a_file)),
        f"output '{a_file}' exists and is not a folder",
    )
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "mine.txt").write_text("x", "utf-8")
    _said_in_every_language(
        _raises(lambda: build._check_output(busy)),
        f"output folder '{busy}' is not empty and holds no earlier site build; "
        "choose another -o DIR",
    )
    _said_in_every_language(
        _raises(lambda: build.build_site(tmp_path / "out", notebooks_dir=busy)),
        f"no marimo notebooks found in {busy}",
    )
    notebook = tmp_path / "page.py"
    notebook.write_text(
        '# /// script\n# dependencies = ["not a requirement!"]\n# ///\nimport marimo\n', "utf-8"
    )
    _said_in_every_language(
        _raises(lambda: build._stage_notebook(notebook, busy, a_file, None)),
        "page.py: PEP 723 dependency 'not a requirement!' is not a valid requirement",
    )
    monkeypatch.setattr(build, "run_child", _failed())
    error = _raises(lambda: build._export(notebook, tmp_path / "page.html", {}))
    _said_in_every_language(error, "marimo export html-wasm failed for page.py: no output")
    assert error_text(error, "cs").endswith(": žádný výstup")
    monkeypatch.setattr(build, "run_child", _failed(stderr="one\ntwo\nthree\nfour"))
    _said_in_every_language(
        _raises(lambda: build.build_wheel(tmp_path / "wheels")),
        "building the carc_teach wheel failed: two | three | four",
    )
    monkeypatch.setitem(sys.modules, "build", None)  # `import build` fails
    _said_in_every_language(
        _raises(lambda: build.build_wheel(tmp_path / "wheels")),
        "the 'build' package is missing; run ./dev test to install the dev extras",
    )
    monkeypatch.setattr(build, "find_repository_root", lambda: None)
    _said_in_every_language(
        _raises(build.default_output_dir), "not inside a carc_teach checkout: pass -o DIR"
    )
    _said_in_every_language(
        _raises(lambda: build.build_wheel(tmp_path / "wheels")),
        "building the carc_teach wheel needs a carc_teach checkout",
    )
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    monkeypatch.delenv("UV", raising=False)
    monkeypatch.setattr(build.sys, "executable", str(tmp_path / "bin" / "python"))
    _said_in_every_language(
        _raises(build._uv_environment),
        "marimo export html-wasm needs 'uv' (to analyse the notebook's imports) and it is not "
        "installed; run ./dev test (or pip install uv)",
    )


def test_prerender_errors(tmp_path):
    not_python = tmp_path / "page.txt"
    not_python.write_text("x", "utf-8")
    _said_in_every_language(
        _raises(lambda: prerender._run_notebook(not_python)),
        "page.txt: cannot be loaded as a module",
    )
    page = tmp_path / "page.html"
    page.write_text("<html></html>", "utf-8")
    _said_in_every_language(
        _raises(lambda: prerender.add_to_page(page, None)),
        'page.html: expected one <div id="root"></div> to put the pre-rendered view beside '
        "(is this a marimo 0.25.2 html-wasm export?)",
    )


def test_front_end_errors(tmp_path):
    _said_in_every_language(
        _raises(lambda: frontend._rewritten(f"x = '{frontend.ASSETS_TOKEN}'", "a.js", set())),
        "assets/a.js holds '@carc-teach-assets@/': the front end was not packed",
    )
    _said_in_every_language(
        _raises(lambda: frontend._rewritten('import "../x.js";', "a.js", set())),
        "assets/a.js: an import the front end's pack cannot resolve ('import \"../x.js\";'); "
        "the front end was not packed",
    )
    pages = []
    for name in ("one", "two"):
        page = tmp_path / f"{name}.html"
        page.write_text(
            f'<script type="module" crossorigin src="./assets/{name}.js"></script>\n', "utf-8"
        )
        pages.append(page)
    _said_in_every_language(
        _raises(lambda: frontend.bundle_front_end(tmp_path, pages)),
        "the pages load different front ends (['one.js', 'two.js'])",
    )


def test_compiling_errors(tmp_path, monkeypatch):
    monkeypatch.setattr(pycompile.subprocess, "run", _failed(stderr="a\nb\nc"))
    monkeypatch.setattr(pycompile.shutil, "which", lambda name: "/usr/bin/node")
    _said_in_every_language(
        _raises(
            lambda: pycompile.run_node("", [], phrase("compiling the wheels with Pyodide failed"))
        ),
        "compiling the wheels with Pyodide failed: b | c",
    )
    monkeypatch.setattr(pycompile.shutil, "which", lambda name: None)
    _said_in_every_language(
        _raises(lambda: pycompile.run_node("", [], "x")),
        "Node.js is not installed; run ./dev test to install it",
    )
    core = tmp_path / "pyodide"
    core.mkdir()
    (core / "package.json").write_text('{"version": "0.0.1"}', "utf-8")
    wheel = tmp_path / "zz-1.0-py3-none-any.whl"
    wheel.write_bytes(b"zz")
    monkeypatch.setattr(pycompile, "run_node", lambda *a, **k: None)  # writes nothing
    _said_in_every_language(
        _raises(lambda: pycompile.compile_wheels([wheel], core, tmp_path / "cache")),
        "compiling zz-1.0-py3-none-any.whl with Pyodide wrote nothing",
    )


# ------------------------------------------------------- the self-hosted site's ingredients


def test_self_hosted_errors(tmp_path):
    core = tmp_path / "pyodide"
    core.mkdir()
    names = (*offline.CORE_FILES, "pyodide-lock.json", "package.json")
    _said_in_every_language(
        _raises(lambda: offline.find_offline_inputs(core, tmp_path, tmp_path / "cli")),
        f"the Pyodide {offline.PYODIDE_VERSION} core (npm package pyodide) is missing "
        f"{', '.join(names)} in {core}; run ./dev test to install it",
    )
    for name in names:
        (core / name).write_text("{}", "utf-8")
    (core / "package.json").write_text('{"version": "0.0.1"}', "utf-8")
    version = offline.PYODIDE_VERSION
    _said_in_every_language(
        _raises(lambda: offline.find_offline_inputs(core, tmp_path, tmp_path / "cli")),
        f"{core} holds Pyodide 0.0.1, but marimo's worker needs exactly {version}; "
        f"run ./dev test to install npm pyodide@{version}",
    )
    (core / "package.json").write_text(json.dumps({"version": version}), "utf-8")
    no_wheels = tmp_path / "no-wheels"
    _said_in_every_language(
        _raises(lambda: offline.find_offline_inputs(core, no_wheels, tmp_path / "cli")),
        f"the wheel cache for the self-hosted site ({no_wheels}) does not exist; "
        "run ./dev test to download it",
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    first = offline.offline_requirements()[0]
    _said_in_every_language(
        _raises(lambda: offline.find_offline_inputs(core, empty, tmp_path / "cli")),
        f"no wheel for '{first}' in {empty}; run ./dev test to download it",
    )
    _said_in_every_language(
        _raises(lambda: offline._pyyaml_sdist(empty)),
        f"the PyYAML sdist is missing from {empty}; run ./dev test to download it",
    )
    cache = os.environ.get("CARC_TEACH_WASM_WHEELS")
    if cache and Path(cache).is_dir():
        _said_in_every_language(
            _raises(lambda: offline.find_offline_inputs(core, Path(cache), tmp_path / "cli")),
            f"pyodide-build's 'pyodide' command was not found at {tmp_path / 'cli'}; "
            "run ./dev test to install it",
        )
    sdist = tmp_path / "zz-1.0.tar.gz"
    with tarfile.open(sdist, "w:gz") as archive:
        data = b"Metadata-Version: 2.1\nName: zz\nVersion: 1.0\n"
        info = tarfile.TarInfo("zz-1.0/PKG-INFO")
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    _said_in_every_language(
        _raises(lambda: offline.pure_wheel_from_sdist(sdist, "zz", tmp_path)),
        "zz-1.0.tar.gz has no pure-Python package 'zz'",
    )
    failing = tmp_path / "pyodide-cli"
    failing.write_text("#!/bin/sh\necho 'no such wheel' >&2\nexit 1\n", "utf-8")
    failing.chmod(0o755)
    base = tmp_path / "lock.json"
    base.write_text('{"info": {}}', "utf-8")
    _said_in_every_language(
        _raises(lambda: offline.make_lockfile(base, [], tmp_path, failing)),
        "pyodide lockfile add-wheels failed: no such wheel",
    )
    page = tmp_path / "page.html"
    page.write_text("<html></html>", "utf-8")
    _said_in_every_language(
        _raises(lambda: offline.point_page_at_runtime(page)),
        "page.html: expected one plain <marimo-wasm> element to point at the local runtime "
        "(is this a marimo 0.25.2 html-wasm export?)",
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "carc-teach serve: error: notebooks folder '{folder}' does not exist"),
        ("it", "carc-teach serve: errore: la cartella dei notebook '{folder}' non esiste"),
        ("cs", "carc-teach serve: chyba: složka se sešity '{folder}' neexistuje"),
    ],
)
def test_the_cli_says_a_site_error_in_the_language_chosen(tmp_path, capsys, lang, line):
    from carc_teach.cli import main

    folder = tmp_path / "nope"
    status = main(["--lang", lang, "serve", "--no-browser", "--notebooks", str(folder)])
    assert status == 2
    assert capsys.readouterr().err.strip() == line.format(folder=folder)


# ------------------------------------------------------------- the Pyodide memory snapshot


def test_snapshot_errors(tmp_path, monkeypatch):
    from carc_teach.site import snapshot

    monkeypatch.setenv(snapshot.ZSTD_LEVEL_VARIABLE, "zz")
    _said_in_every_language(
        _raises(snapshot.pack_level),
        "CARC_TEACH_SNAPSHOT_ZSTD_LEVEL='zz': expected a zstd level from 1 to 19",
    )
    failing = tmp_path / "zstd"
    failing.write_text("#!/bin/sh\necho 'no room' >&2\nexit 1\n", "utf-8")
    failing.chmod(0o755)
    source = tmp_path / "snapshot.bin"
    source.write_bytes(b"x")
    _said_in_every_language(
        _raises(lambda: snapshot._repacked(source, 3, str(failing))),
        "zstd -3 snapshot.bin failed: no room",
    )
    _said_in_every_language(
        _raises(lambda: snapshot.patch_runtime("", "pyodide.asm.mjs")),
        "pyodide.asm.mjs: cannot find where Pyodide's loader places a dynamic library (is this "
        "Pyodide 314.0.0?); the snapshot was not wired in",
    )
    _said_in_every_language(
        _raises(lambda: snapshot.patch_bootstrap("", "pyodide.mjs")),
        "pyodide.mjs: cannot find Pyodide's bootstrap (is this marimo 0.25.2 and Pyodide "
        "314.0.0?); the snapshot was not wired in",
    )
    (tmp_path / "assets").mkdir()
    _said_in_every_language(
        _raises(lambda: snapshot.find_worker(tmp_path)),
        f"expected one marimo worker (assets/worker-*.js) in {tmp_path}, found 0",
    )
    worker = tmp_path / "assets" / "worker-x.js"
    worker.write_text("x", "utf-8")
    _said_in_every_language(
        _raises(lambda: snapshot.patch_worker(worker)),
        "worker-x.js: cannot find where marimo's worker starts Pyodide (is this marimo 0.25.2?); "
        "the snapshot was not wired in",
    )
    modules = os.environ.get("CARC_TEACH_NODE_MODULES")
    real = Path(modules or "/nonexistent") / "pyodide" / snapshot._LOADER
    if not real.is_file():
        return
    core = tmp_path / "core"  # a stand-in core: the real loader, no runtime behind it
    core.mkdir()
    (core / snapshot._LOADER).write_text(real.read_text("utf-8"), "utf-8")
    (core / "pyodide.asm.wasm").write_bytes(b"x")
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    (runtime / "pyodide-lock.json").write_text('{"info": {}, "packages": {}}', "utf-8")
    monkeypatch.setattr(snapshot, "run_node", lambda *a, **k: None)  # writes nothing
    _said_in_every_language(
        _raises(lambda: snapshot.make_snapshot(core, runtime, tmp_path / "c1", log=print)),
        "making the Pyodide memory snapshot wrote no package files",
    )
    monkeypatch.setattr(snapshot, "run_node", pycompile.run_node)
    monkeypatch.setattr(pycompile.shutil, "which", lambda name: "/usr/bin/node")
    monkeypatch.setattr(pycompile.subprocess, "run", _failed(stderr="out of memory"))
    _said_in_every_language(
        _raises(lambda: snapshot.make_snapshot(core, runtime, tmp_path / "c2", log=print)),
        "making the Pyodide memory snapshot failed: out of memory",
    )

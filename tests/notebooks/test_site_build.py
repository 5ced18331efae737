"""``carc-teach build-site``: the pieces, the errors, and a full normal build of notebooks/."""

from __future__ import annotations

import html
import json
import os
import zipfile
from pathlib import Path

import pytest

from carc_teach.cli import main
from carc_teach.site import offline
from carc_teach.site.build import SITE_MARKER, build_site, render_index
from carc_teach.site.notebooks import SiteError, discover_notebooks, read_notebook_info

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = Path(os.environ.get("CARC_TEACH_NOTEBOOKS", REPO / "notebooks"))
WHEEL_CACHE = Path(os.environ.get("CARC_TEACH_WASM_WHEELS", REPO / ".cache" / "wasm-wheels"))

pytestmark = pytest.mark.notebooks

APP_HEADER = "import marimo\n\napp = marimo.App()\n\n"


def _notebook(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text(APP_HEADER + body, "utf-8")
    return path


def test_title_and_description_come_from_the_first_markdown_cell(tmp_path):
    path = _notebook(
        tmp_path,
        "walk.py",
        '@app.cell\ndef _(mo):\n    mo.md(r"""\n    # Scoring a **city**\n\n'
        '    Watch a [city](x) close and\n    score.\n\n    More.\n    """)\n    return\n'
        '\n@app.cell\ndef _(mo):\n    mo.md("# Later heading")\n    return\n',
    )
    info = read_notebook_info(path)
    assert (info.slug, info.title) == ("walk", "Scoring a city")
    assert info.description == "Watch a city close and score."


def test_a_module_docstring_wins(tmp_path):
    path = tmp_path / "doc.py"
    path.write_text('"""# Tiles\n\nPlace tiles by hand."""\n' + APP_HEADER, "utf-8")
    assert read_notebook_info(path).title == "Tiles"


def test_a_notebook_without_a_title_is_a_clear_error(tmp_path):
    path = _notebook(tmp_path, "bare.py", '@app.cell\ndef _(mo):\n    mo.md("no heading")\n')
    with pytest.raises(SiteError, match=r"bare\.py: no title found"):
        read_notebook_info(path)


def test_only_marimo_apps_are_discovered(tmp_path):
    _notebook(tmp_path, "b.py", "")
    _notebook(tmp_path, "_private.py", "")
    (tmp_path / "helper.py").write_text("x = 1\n", "utf-8")
    assert [p.name for p in discover_notebooks(tmp_path)] == ["b.py"]


def test_index_page_escapes_and_links_every_card(tmp_path):
    info = read_notebook_info(_notebook(tmp_path, "t.py", 'mo.md("# A <b> & c\\n\\nText.")\n'))
    page = render_index([info], self_hosted=True)
    assert (
        '<a class="card" href="./t.html" data-href="./t.html"><span class="step">1</span>'
        '<h3><span lang="en">A &lt;b&gt; &amp; c' in page
    )
    assert "without internet" in page
    assert "More walkthroughs" in page, "a notebook the curriculum does not name still has a card"


def test_index_groups_the_walkthroughs_by_expansion_in_learning_order():
    from carc_teach.site import curriculum
    from carc_teach.site.notebooks import find_notebooks_dir

    infos = [read_notebook_info(p) for p in discover_notebooks(find_notebooks_dir())]
    named = {place.slug for group in curriculum.GROUPS for place in group.places}
    missing = sorted(info.slug for info in infos if info.slug not in named)
    assert not missing, (
        f"give these notebooks a place (their package's walkthroughs, or curriculum.TOGETHER): {missing}"
    )
    page = render_index(infos)
    groups = [
        g.title
        for g in curriculum.GROUPS
        if any(p.slug in {i.slug for i in infos} for p in g.places)
    ]
    at = [page.index(f'<h2><span lang="en">{html.escape(title)}</span>') for title in groups]
    assert at == sorted(at), "groups appear in learning order"
    slugs = [
        p.slug for g in curriculum.GROUPS for p in g.places if p.slug in {i.slug for i in infos}
    ]
    cards = [page.index(f'href="./{slug}.html"') for slug in slugs]
    assert cards == sorted(cards), "cards appear in learning order"
    assert page.index('href="./turn_sequence.html"') < page.index('href="./king_and_robber.html"')
    for info in infos:
        assert html.escape(curriculum.place_of(info.slug)[2].covers) in page


def test_an_unrelated_output_folder_is_never_cleared(tmp_path, capsys):
    (tmp_path / "keep.txt").write_text("mine", "utf-8")
    status = main(["build-site", "-o", str(tmp_path), "--notebooks", str(tmp_path)])
    assert status == 2
    assert "no marimo notebooks" in capsys.readouterr().err
    _notebook(tmp_path, "n.py", 'mo.md("# N\\n\\nSays what it teaches.")\n')
    with pytest.raises(SiteError, match="holds no earlier site build"):
        build_site(tmp_path, notebooks_dir=tmp_path)
    assert (tmp_path / "keep.txt").read_text("utf-8") == "mine"


def test_missing_pyodide_core_names_the_fix(tmp_path):
    with pytest.raises(SiteError, match=r"pyodide\.asm\.wasm.*run \./dev test"):
        offline.find_offline_inputs(pyodide_dir=tmp_path, wheels_dir=tmp_path)


def _cached(pattern: str) -> Path:
    found = sorted(WHEEL_CACHE.glob(pattern))
    if not found:
        message = f"{pattern} is not in {WHEEL_CACHE} (run ./dev test, which downloads it)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return found[-1]


def test_pure_pyyaml_wheel_from_its_sdist(tmp_path):
    wheel = offline.pure_wheel_from_sdist(_cached("pyyaml-*.tar.gz"), "yaml", tmp_path)
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        record = archive.read(next(n for n in names if n.endswith("RECORD"))).decode()
    assert "yaml/__init__.py" in names and "yaml/constructor.py" in names
    assert not any(n.endswith((".so", ".c", ".pyx")) for n in names)
    assert all(n in record for n in names)


def test_lock_entry_of_the_compiled_msgspec_wheel():
    entry = offline.lock_entry_for_wheel(_cached("msgspec-*pyemscripten*.whl"))
    assert entry["name"] == "msgspec" and entry["imports"] == ["msgspec"]
    assert entry["depends"] == [] and len(str(entry["sha256"])) == 64


def test_jedi_wheel_trimmed_of_its_type_stubs(tmp_path):
    wheel = tmp_path / "jedi-1-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("jedi/__init__.py", "")
        archive.writestr("jedi/third_party/typeshed/stdlib/os.pyi", "")
        archive.writestr(
            "jedi-1.dist-info/RECORD",
            "jedi/__init__.py,,0\njedi/third_party/typeshed/stdlib/os.pyi,,0\njedi-1.dist-info/RECORD,,\n",
        )
    assert offline.trim_wheel(wheel, offline.TRIMMED["jedi"]) == 1
    with zipfile.ZipFile(wheel) as archive:
        assert archive.namelist() == ["jedi/__init__.py", "jedi-1.dist-info/RECORD"]
        record = archive.read("jedi-1.dist-info/RECORD").decode()
    assert "third_party" not in record and "jedi/__init__.py" in record


def _marimo_worker() -> Path:
    import marimo

    found = sorted((Path(marimo.__file__).parent / "_static" / "assets").glob("worker-*.js"))
    assert len(found) == 1, "marimo ships one kernel worker"
    return found[0]


def test_marimo_worker_patched_to_start_from_the_snapshot(tmp_path):
    """Both edits apply to marimo's real worker, once, and patching twice changes nothing."""
    from carc_teach.site import snapshot

    (tmp_path / "assets").mkdir()
    worker = tmp_path / "assets" / _marimo_worker().name
    worker.write_text(_marimo_worker().read_text("utf-8"), "utf-8")
    assert snapshot.find_worker(tmp_path) == worker
    snapshot.patch_worker(worker)
    patched = worker.read_text("utf-8")
    assert "_makeSnapshot:!1" not in patched
    # the snapshot in parts, asked for at once (else the whole file), its files beside them
    assert patched.count("['snapshot.bin.zst.0', 'snapshot.bin.zst.1', 'snapshot.bin.zst.2']") == 1
    assert patched.count(".catch(()=>$G('snapshot.bin')),$G('snapshot-files.bin')]") == 1
    assert patched.count("_loadSnapshot:new Uint8Array(0),packages:[],stdLibURL:") == 1
    # the module factory unpacks the snapshot as it arrives; the bootstrap restores it
    assert patched.count("globalThis.__carcSnapshot=await $s($M)") == 1
    assert patched.count("._ZSTD_decompressStream_simpleArgs(") == 1
    assert patched.count("globalThis.__carcSnapshot??") == 1
    assert patched.count("._ZSTD_decompress(") == 1
    assert patched.count("$m.loadDynamicLibrary(") == 1 and patched.count(".FS.mkdirTree($d)") == 1
    assert patched.count("random.seed()") == 1 and patched.count("._malloc(") >= 1
    assert patched.count("p.loadedPackages[$p]='default channel'") == 1
    snapshot.patch_worker(worker)
    assert worker.read_text("utf-8") == patched


def test_a_page_asks_for_the_runtime_files_as_it_is_parsed(tmp_path):
    """The prefetch goes after the head's last style sheet (the first board waits for it),
    names only the runtime's files that are there (each part of the snapshot in a stream of its
    own, then marimo's worker and the rest in the order the worker needs them), runs in a
    worker of its own, and is added once."""
    from carc_teach.site import snapshot

    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    (tmp_path / "assets").mkdir()
    worker = tmp_path / "assets" / "worker-X1.js"
    worker.write_text("", "utf-8")
    for name in ("snapshot.bin.zst.0", "snapshot.bin.zst.1", "pyodide.asm.wasm.gz",
                 "pyodide-lock.json"):  # fmt: skip
        (runtime / name).write_bytes(b"x")
    page = tmp_path / "page.html"
    page.write_text(
        '<html><head><link rel="stylesheet" href="a.css"><link rel="stylesheet" href="b.css">'
        "<title>t</title></head><body></body></html>",
        "utf-8",
    )
    assert snapshot.add_prefetch(page, runtime, worker) == [
        "snapshot.bin.zst.0", "snapshot.bin.zst.1",
        "../assets/worker-X1.js", "pyodide-lock.json", "pyodide.asm.wasm.gz",
    ]  # fmt: skip
    html = page.read_text("utf-8")
    assert '<link rel="stylesheet" href="b.css"><script>/*carc-teach prefetch*/' in html
    assert (
        "['snapshot.bin.zst.0', 'snapshot.bin.zst.1'],['../assets/worker-X1.js', "
        "'pyodide-lock.json', 'pyodide.asm.wasm.gz']]" in html
    )
    assert "...s.map(g)" in html  # a stream per part of the snapshot
    assert "priority:'low'" in html and "new URL('./pyodide/',location.href)" in html
    assert "new Worker(URL.createObjectURL(" in html
    assert snapshot.add_prefetch(page, runtime) == [] and page.read_text("utf-8") == html


_PAGE = """<html><head>
    <script type="module" crossorigin src="./assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/a-B2.js">
    <link rel="modulepreload" crossorigin href="./assets/other-C3.js">
    <link rel="stylesheet" crossorigin href="./assets/index-D4.css">
</head><body><marimo-wasm hidden data-pyodide-index-url="./pyodide/"></marimo-wasm></body></html>
"""


def _front_end(tmp_path: Path, files: dict[str, str]) -> tuple[Path, list[Path]]:
    assets = tmp_path / "assets"
    assets.mkdir()
    for name, text in files.items():
        (assets / name).write_text(text, "utf-8")
    pages = [tmp_path / "one.html", tmp_path / "two.html"]
    for page in pages:
        page.write_text(_PAGE, "utf-8")
    return tmp_path, pages


def _unpack(bundle: Path) -> dict[str, str]:
    import gzip

    data = gzip.decompress(bundle.read_bytes())
    length = int.from_bytes(data[:4], "little")
    offset, found = 4 + length, {}
    for name, size in json.loads(data[4 : 4 + length]):
        found[name] = data[offset : offset + size].decode()
        offset += size
    return found


def test_marimo_front_end_is_packed_into_one_compressed_file(tmp_path, monkeypatch):
    """The scripts a first visit loads (the page's module, what it imports statically, the
    listed ones and their imports) go into one gzip file with their references to files beside
    them and their own address made absolute; the pages load it instead of their module script
    and lose the preloads of what it holds. Scripts not loaded stay files."""
    from carc_teach.site import frontend

    monkeypatch.setattr(frontend, "first_visit_modules", lambda: ["late-E5.js", "gone-F6.js"])
    site, pages = _front_end(
        tmp_path,
        {
            "index-A1.js": 'import{x}from"./a-B2.js";const w=new URL(`worker-W.js`,'
            "import.meta.url);import('./late-E5.js');import(\"./never-G7.js\")",
            "a-B2.js": "export const x=1;const f='./font-H8.woff2'",
            "late-E5.js": 'import"./a-B2.js";export default "./not-a-file.js"',
            "never-G7.js": "export const never=1",
            "other-C3.js": "export const other=1",
            "worker-W.js": "",
            "font-H8.woff2": "",
        },
    )
    logged = []
    count, size, packed = frontend.bundle_front_end(site, pages, logged.append)
    assert count == 3 and 0 < packed
    assert "1 of the 2 scripts listed" in logged[0]
    token = frontend.ASSETS_TOKEN
    assert _unpack(site / "assets" / frontend.BUNDLE_FILE) == {
        "index-A1.js": f'import{{x}}from"{token}a-B2.js";const w=new URL(`worker-W.js`,'
        f"\"{token}index-A1.js\");import('{token}late-E5.js');"
        f'import("{token}never-G7.js")',
        "a-B2.js": f"export const x=1;const f='{token}font-H8.woff2'",
        "late-E5.js": f'import"{token}a-B2.js";export default "./not-a-file.js"',
    }
    for page in pages:
        html = page.read_text("utf-8")
        assert '<script type="module"' not in html and "a-B2.js" not in html
        assert '<link rel="modulepreload" crossorigin href="./assets/other-C3.js">' in html
        assert "<script>/*carc-teach front end*/" in html and "m='index-A1.js'" in html
        assert "front-end.bin.gz" in html and "HTMLScriptElement.supports?.('importmap')" in html
    assert frontend.bundle_front_end(site, pages, logged.append) == (0, 0, 0)


def test_a_script_the_pack_cannot_resolve_is_a_clear_error(tmp_path, monkeypatch):
    """A relative import to something that is not a file beside it would fail in a blob: the
    build stops and names the script."""
    from carc_teach.site import frontend

    monkeypatch.setattr(frontend, "first_visit_modules", lambda: [])
    site, pages = _front_end(
        tmp_path, {"index-A1.js": 'import"./a-B2.js"', "a-B2.js": 'import"../up.js"'}
    )
    with pytest.raises(SiteError, match=r"assets/a-B2\.js: an import the front end's pack"):
        frontend.bundle_front_end(site, pages, lambda _: None)
    assert '<script type="module"' in pages[0].read_text("utf-8")


def test_the_first_visit_list_names_marimos_scripts():
    """Every listed name is a script file name of marimo's front end (hashed by its build)."""
    from carc_teach.site import frontend

    names = frontend.first_visit_modules()
    assert len(names) > 50 and len(set(names)) == len(names)
    assert all(name.endswith(".js") and "/" not in name for name in names)
    assert not [name for name in names if name.startswith("worker-")]


def test_image_preloads_a_page_never_shows_are_dropped(tmp_path):
    """marimo's pages preload the backdrop of a disconnected kernel; the build drops that."""
    from carc_teach.site.build import drop_unused_preloads

    page = tmp_path / "page.html"
    font = '    <link rel="preload" href="./assets/Lora-1.woff2" as="font" type="font/woff2" />\n'
    page.write_text(
        "<head>\n"
        '    <link rel="preload" href="./assets/gradient-yHQUC_QB.png" as="image" />\n'
        '    <link rel="preload" href="./assets/noise-60BoTA8O.png" as="image" />\n'
        f"{font}</head>\n",
        "utf-8",
    )
    assert drop_unused_preloads(page) == 2
    assert page.read_text("utf-8") == f"<head>\n{font}</head>\n"
    assert drop_unused_preloads(page) == 0


def test_runtime_loader_patched_to_put_libraries_back_where_they_were(tmp_path):
    """The loader patch applies to Pyodide's real pyodide.asm.mjs, once, and is idempotent."""
    from carc_support import pyodide_prerequisites

    from carc_teach.site import snapshot

    _, core, _ = pyodide_prerequisites()
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    (runtime / "pyodide.asm.mjs").write_text((core / "pyodide.asm.mjs").read_text("utf-8"))
    snapshot.patch_site_runtime(runtime)
    patched = (runtime / "pyodide.asm.mjs").read_text("utf-8")
    assert patched.count("Module.__carcPlaced?.[libName]") == 1
    assert patched.count("(Module.__carcLibraries||=[]).push(") == 1
    snapshot.patch_site_runtime(runtime)
    assert (runtime / "pyodide.asm.mjs").read_text("utf-8") == patched
    with pytest.raises(SiteError, match=r"x\.mjs: cannot find where Pyodide's loader places"):
        snapshot.patch_runtime("var memoryBase=0;", "x.mjs")


def test_a_worker_that_moved_on_is_a_clear_error(tmp_path):
    from carc_teach.site import snapshot

    worker = tmp_path / "worker-x.js"
    worker.write_text("loadPyodide({packages:[]})", "utf-8")
    with pytest.raises(SiteError, match=r"worker-x\.js: cannot find where marimo's worker"):
        snapshot.patch_worker(worker)
    with pytest.raises(SiteError, match="expected one marimo worker"):
        snapshot.find_worker(tmp_path)


@pytest.mark.slow
def test_normal_site_build_of_the_notebooks(tmp_path):
    notebooks = discover_notebooks(NOTEBOOKS_DIR)
    if not notebooks:
        pytest.fail(f"no notebooks in {NOTEBOOKS_DIR}")
    result = build_site(tmp_path / "site", notebooks_dir=NOTEBOOKS_DIR, log=lambda *_: None)
    site = result.output_dir
    assert [p.slug for p in result.pages] == [n.stem for n in notebooks]
    index = (site / "index.html").read_text("utf-8")
    for info in result.pages:
        page = (site / f"{info.slug}.html").read_text("utf-8")
        assert f"carc-teach @ ../public/wheels/{result.wheel.name}" in page
        assert "data-pyodide-index-url" not in page  # the normal site uses the CDN
        assert f'href="./{info.slug}.html"' in index
    assert (site / "public" / "wheels" / result.wheel.name).is_file()
    assert json.loads((site / SITE_MARKER).read_text("utf-8"))["self_hosted"] is False


def test_the_snapshots_zstd_level_is_19_unless_set(monkeypatch):
    from carc_teach.site import snapshot

    monkeypatch.delenv(snapshot.ZSTD_LEVEL_VARIABLE, raising=False)
    assert snapshot.pack_level() == 19
    monkeypatch.setenv(snapshot.ZSTD_LEVEL_VARIABLE, " 9 ")
    assert snapshot.pack_level() == 9
    for wrong in ("0", "20", "max", "-3"):
        monkeypatch.setenv(snapshot.ZSTD_LEVEL_VARIABLE, wrong)
        with pytest.raises(SiteError, match=f"CARC_TEACH_SNAPSHOT_ZSTD_LEVEL='{wrong}'"):
            snapshot.pack_level()


@pytest.mark.skipif(not __import__("shutil").which("zstd"), reason="no zstd program")
def test_a_repacked_snapshot_file_records_its_size(tmp_path):
    """The restore reads the unpacked size from the frame's header (its size flag set)."""
    from carc_teach.site import snapshot

    source = tmp_path / "snapshot.bin"
    source.write_bytes(b"carc" * 50_000)
    packed = snapshot._repacked(source, 3, __import__("shutil").which("zstd"))
    assert packed.name == "snapshot.bin.3.zst"
    head = packed.read_bytes()[:6]
    assert head[:4] == b"\x28\xb5\x2f\xfd" and head[4] >> 6 != 0
    assert snapshot._repacked(source, 3, "no-such-program") == packed  # made once, kept

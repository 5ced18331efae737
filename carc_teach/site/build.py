"""Build the static WebAssembly site of the walkthrough notebooks (``carc-teach build-site``).

Every ``notebooks/*.py`` is exported with ``marimo export html-wasm --mode run`` into one flat
folder (one ``<notebook>.html`` per walkthrough, sharing marimo's ``assets/``), with the
carc_teach wheel built fresh and handed to each notebook through its PEP 723 header, and an
``index.html`` with one card per walkthrough. ``self_hosted=True`` adds the runtime of
:mod:`carc_teach.site.offline` so the site needs no internet.

A build is made in a work folder beside the output folder (``.<name>.building-*``, holding the
new site, the staged notebooks and every temporary file of the build and its child processes)
and moved into place only when complete, so the output folder holds the previous site or the
new one, never half of one. Ctrl-C, SIGTERM and SIGHUP stop the child processes (each runs in
its own process group, on a lifeline: :mod:`carc_teach.site.lifeline`) and remove the work
folder; a work folder left by a build killed outright is removed by the next build.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

import carc_teach
from carc_teach.errors import phrase
from carc_teach.site import (
    curriculum,
    frontend,
    lifeline,
    offline,
    prerender,
    pycompile,
    snapshot,
)
from carc_teach.site.notebooks import (
    NotebookInfo,
    SiteError,
    discover_notebooks,
    find_notebooks_dir,
    find_repository_root,
    read_notebook_info,
    read_source,
)

__all__ = [
    "DEVELOPER_FILES",
    "SITE_MARKER",
    "SiteBuild",
    "build_site",
    "build_wheel",
    "default_output_dir",
    "drop_unused_preloads",
    "render_index",
]

#: A file every built site holds; only folders holding it (or empty ones) are ever cleared.
SITE_MARKER = "carc-teach-site.json"
#: Files the exporter copies along with marimo's front end that are notes for the people (and
#: coding assistants) developing marimo, not part of a page: never published. Any file or folder
#: whose name starts with a dot is left out as well.
DEVELOPER_FILES = frozenset(
    {
        "CLAUDE.md",
        "AGENTS.md",
        "GEMINI.md",
        "CONVENTIONS.md",
        "copilot-instructions.md",
        ".cursorrules",
        ".windsurfrules",
        ".clinerules",
    }
)
#: Dot-files the site keeps: GitHub Pages serves folders starting with "_" only with this.
KEPT_DOTFILES = frozenset({".nojekyll"})
_STAGED_WHEEL_DIR = "_wheels"
#: A file in every work folder of a build (what makes a leftover one safe to remove).
WORK_MARKER = "carc-teach-build-in-progress"


@dataclass
class SiteBuild:
    """What :func:`build_site` made.

    Attributes
    ----------
    output_dir:
        The site folder (serve it over HTTP; ``index.html`` is the entry page).
    pages:
        The walkthroughs, in index order, each exported as ``<slug>.html``.
    wheel:
        The carc_teach wheel delivered to the browser.
    self_hosted:
        Whether the Pyodide runtime and every wheel are inside the site.
    dropped_offline:
        Per notebook, PEP 723 dependencies left out of a self-hosted page because no
        WebAssembly wheel of them is carried (e.g. matplotlib): cells importing them fail
        offline.
    seconds:
        Wall time of the build.
    """

    output_dir: Path
    pages: list[NotebookInfo]
    wheel: Path
    self_hosted: bool
    dropped_offline: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0


def default_output_dir() -> Path:
    """``site/_build`` in the checkout (ignored by git)."""
    root = find_repository_root()
    if root is None:
        raise SiteError(phrase("not inside a carc_teach checkout: pass -o DIR"))
    return root / "site" / "_build"


def _uv_environment() -> dict[str, str]:
    """The environment for marimo's exporter, which runs ``uv`` to analyse local imports."""
    env = dict(os.environ)
    if shutil.which("uv") is None and "UV" not in env:
        beside = Path(sys.executable).with_name("uv")
        if not beside.is_file():
            raise SiteError(
                phrase(
                    "marimo export html-wasm needs 'uv' (to analyse the notebook's imports) and "
                    "it is not installed; run {command} (or pip install uv)",
                    command=offline.FIX_COMMAND,
                )
            )
        env["UV"] = str(beside)
    return env


def build_wheel(out_dir: Path) -> Path:
    """Build the carc_teach wheel from the checkout with ``python -m build``.

    Raises
    ------
    SiteError
        Outside a checkout, without the ``build`` package, or when the build fails.
    """
    root = find_repository_root()
    if root is None:
        raise SiteError(phrase("building the carc_teach wheel needs a carc_teach checkout"))
    try:
        import build  # noqa: F401  (only checking it is there)
    except ImportError:
        raise SiteError(
            phrase(
                "the 'build' package is missing; run {command} to install the dev extras",
                command=offline.FIX_COMMAND,
            )
        ) from None
    out_dir.mkdir(parents=True, exist_ok=True)
    result = run_child("build", ["--wheel", "--outdir", str(out_dir), str(root)])
    wheels = sorted(out_dir.glob("carc_teach-*.whl"))
    if result.returncode != 0 or not wheels:
        tail = (result.stderr.strip() or result.stdout.strip()).splitlines()[-3:]
        raise SiteError(
            phrase("building the carc_teach wheel failed: {output}", output=" | ".join(tail))
        )
    return wheels[-1]


def run_child(module: str, args: list[str], env: dict[str, str] | None = None):
    """``python -m module *args``, its output captured, in its own process group on a lifeline.

    However this returns (an error, Ctrl-C, a :class:`~carc_teach.site.lifeline.StopSignal`),
    the child and everything it started are stopped first; if this process is killed
    outright, the lifeline stops them.
    """
    from carc_teach.site.serve import stop_process

    process = lifeline.spawn(
        module,
        args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        stdout, stderr = process.communicate()
    finally:
        stop_process(process)  # the whole group: a child's children do not outlive it
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def _check_output(output_dir: Path) -> None:
    """Refuse an output that is a file, or a folder holding something other than a site."""
    if output_dir.exists() or output_dir.is_symlink():
        if not output_dir.is_dir():
            raise SiteError(
                phrase("output '{folder}' exists and is not a folder", folder=output_dir)
            )
        if any(output_dir.iterdir()) and not (output_dir / SITE_MARKER).is_file():
            raise SiteError(
                phrase(
                    "output folder '{folder}' is not empty and holds no earlier site build; "
                    "choose another -o DIR",
                    folder=output_dir,
                )
            )


def _work_folder(output_dir: Path) -> Path:
    """A new work folder beside ``output_dir`` (same file system: the finished site is moved,
    not copied); work folders that builds killed outright left there are removed first."""
    from carc_teach.commands._output import describe_os_error

    parent = output_dir.parent
    for stale in parent.glob(f".{output_dir.name}.building-*"):
        if (stale / WORK_MARKER).is_file():
            shutil.rmtree(stale, ignore_errors=True)
    try:
        parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{output_dir.name}.building-", dir=parent))
    except OSError as exc:
        raise SiteError(describe_os_error(output_dir, exc, action="cannot create")) from None
    (work / WORK_MARKER).write_text(
        f"A carc-teach build-site of {output_dir.name} in progress (process {os.getpid()}); "
        "removed when it ends.\n",
        "utf-8",
    )
    return work


def _move_into_place(site: Path, output_dir: Path, work: Path) -> None:
    """Replace ``output_dir`` (an earlier site or an empty folder, if any) by ``site``: two
    renames in one folder, the earlier site moved into ``work`` to be removed with it.

    A folder that cannot be renamed (a mount point) has its entries replaced instead, the
    site marker first: stopped half-way, it still reads as an earlier build and can be
    rebuilt.
    """
    if not output_dir.exists():
        os.rename(site, output_dir)
        return
    try:
        os.rename(output_dir, work / "previous")
    except OSError:
        os.replace(site / SITE_MARKER, output_dir / SITE_MARKER)
        for entry in output_dir.iterdir():
            if entry.name != SITE_MARKER:
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()
        for entry in site.iterdir():
            os.rename(entry, output_dir / entry.name)
        return
    os.rename(site, output_dir)


@contextlib.contextmanager
def _temporary_files_in(folder: Path):
    """Within the block, this process's and its children's temporary files go in ``folder``."""
    folder.mkdir()
    before, variable = tempfile.tempdir, os.environ.get("TMPDIR")
    tempfile.tempdir = os.environ["TMPDIR"] = str(folder)
    try:
        yield
    finally:
        tempfile.tempdir = before
        if variable is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = variable


def _stage_notebook(
    notebook: Path,
    stage: Path,
    wheel: Path,
    offline_names: set[str] | None,
) -> tuple[Path, list[str]]:
    """Copy a notebook into ``stage`` with its PEP 723 header naming the carc_teach wheel.

    With ``offline_names`` (self-hosted), dependencies outside that set are dropped from the
    header (a single unavailable requirement would make micropip install none of them) and
    returned.
    """
    from marimo._environments import script_metadata  # marimo==0.25.2 is pinned

    code = read_source(notebook)
    project = script_metadata.loads(code) or {}
    dependencies = [str(d) for d in project.get("dependencies", []) or []]
    kept, dropped = [], []
    for dependency in dependencies:
        try:
            name = canonicalize_name(Requirement(dependency).name)
        except InvalidRequirement:
            raise SiteError(
                phrase(
                    "{notebook}: PEP 723 dependency '{dependency}' is not a valid requirement",
                    notebook=notebook.name,
                    dependency=dependency,
                )
            ) from None
        if name == "carc-teach":
            continue
        if offline_names is not None and name not in offline_names and name != "marimo":
            dropped.append(dependency)
            continue
        kept.append(dependency)
    # The canonical name: marimo's worker then finds the package already loaded from a
    # self-hosted site's lockfile instead of installing the wheel a second time with micropip.
    kept.append(f"carc-teach @ ./{_STAGED_WHEEL_DIR}/{wheel.name}")
    project["dependencies"] = kept
    metadata = script_metadata.dumps(project)
    if script_metadata.loads(code) is None:
        code = f"{metadata}\n\n{code}"
    else:
        code = script_metadata.replace_block(code, metadata)
    staged = stage / notebook.name
    staged.write_text(code, "utf-8")
    wheel_dir = stage / _STAGED_WHEEL_DIR
    wheel_dir.mkdir(exist_ok=True)
    shutil.copyfile(wheel, wheel_dir / wheel.name)
    public = notebook.parent / "public"
    if public.is_dir() and not (stage / "public").exists():
        shutil.copytree(public, stage / "public")
    return staged, dropped


def _export(staged: Path, page: Path, env: dict[str, str]) -> None:
    arguments = [
        "export", "html-wasm", str(staged),
        "-o", str(page), "--mode", "run", "--no-sandbox", "-f",
    ]  # fmt: skip
    result = run_child("marimo", arguments, env={**env, "TMPDIR": tempfile.gettempdir()})
    if result.returncode != 0 or not page.is_file():
        detail = (result.stderr.strip() or result.stdout.strip()).splitlines()[-3:]
        raise SiteError(
            phrase(
                "marimo export html-wasm failed for {notebook}: {output}",
                notebook=staged.name,
                output=" | ".join(detail) or phrase("no output"),
            )
        )


def _add_first_view(info: NotebookInfo, page: Path, log) -> None:
    """Put the notebook's opening text and first board into its page (see prerender)."""
    try:
        view = prerender.first_view(info.path)
    except Exception as exc:  # noqa: BLE001 - the page works without it; say why
        log(f"  {info.slug}: no pre-rendered first view, the notebook raised {exc!r:.200}")
        return
    if view is None:
        log(f"  {info.slug}: no pre-rendered first view (no opening heading)")
        return
    prerender.add_to_page(page, view)


#: The images marimo's page preloads: the backdrop it shows when the kernel is disconnected
#: (``.disconnected-gradient`` and ``.noise`` in its style sheet), 0.4 MB a page fetches on
#: every first visit and never shows while it runs. Without the preload the browser fetches
#: them only if that backdrop appears.
_IMAGE_PRELOAD = re.compile(
    r'[ \t]*<link rel="preload" href="\./assets/[^"]+\.png" as="image" />\n'
)


def drop_unused_preloads(page: Path) -> int:
    """Remove the preloads of :data:`_IMAGE_PRELOAD` from an exported page; returns how many."""
    html = page.read_text("utf-8")
    trimmed, count = _IMAGE_PRELOAD.subn("", html)
    if count:
        page.write_text(trimmed, "utf-8")
    return count


def remove_developer_files(site_dir: Path) -> list[str]:
    """Delete :data:`DEVELOPER_FILES` and dot-files anywhere under ``site_dir``.

    Returns the paths removed, relative to ``site_dir`` (sorted).
    """
    removed = []
    for path in sorted(site_dir.rglob("*")):
        if not (path.name in DEVELOPER_FILES or path.name.startswith(".")):
            continue
        if path.name in KEPT_DOTFILES and path.parent == site_dir:
            continue
        if not path.exists() and not path.is_symlink():  # inside a folder already removed
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
        removed.append(path.relative_to(site_dir).as_posix())
    return removed


def _add_snapshot(output_dir: Path, inputs: offline.OfflineInputs, log) -> None:
    """Let the self-hosted pages start Python from a memory snapshot (see :mod:`.snapshot`)."""
    if not pycompile.node_available():
        log("  Node.js not found: no Python snapshot (pages start more slowly)")
        return
    log("taking a memory snapshot of the started Python")
    runtime = output_dir / offline.RUNTIME_DIR
    from carc_teach import notebook_ui

    # the markdown the pages' first runs converted as they were pre-rendered (in this process)
    texts = notebook_ui.converted_markdown()
    log(f"  {len(texts)} markdown texts of the pages' first runs converted into it")
    snapshot.make_snapshot(
        inputs.pyodide_dir, runtime, inputs.wheels_dir / "snapshot", log, markdown=texts
    )
    snapshot.patch_site_runtime(runtime)
    snapshot.patch_worker(snapshot.find_worker(output_dir))
    for name, (sent_as, size, packed) in snapshot.compress_runtime(
        runtime, inputs.wheels_dir / "snapshot" / "gz"
    ).items():
        log(f"  {name}: {size / 1e6:.1f} MB, sent as {sent_as} ({packed / 1e6:.1f} MB)")
    # each page asks for the runtime's files while marimo's front end is still starting
    worker = snapshot.find_worker(output_dir)
    for page in _marimo_pages(output_dir):
        snapshot.add_prefetch(page, runtime, worker)


def _marimo_pages(site_dir: Path) -> list[Path]:
    """The site's pages that are marimo notebooks (not its index)."""
    return [
        page
        for page in sorted(site_dir.glob("*.html"))
        if "data-pyodide-index-url" in page.read_text("utf-8")
    ]


def _pack_front_end(site_dir: Path, log) -> None:
    """Serve marimo's scripts of a first visit as one compressed file (:mod:`.frontend`)."""
    count, size, packed = frontend.bundle_front_end(site_dir, _marimo_pages(site_dir), log)
    if count:
        log(
            f"  marimo's front end: {count} scripts of a first visit, {size / 1e6:.1f} MB, "
            f"sent as assets/{frontend.BUNDLE_FILE} ({packed / 1e6:.2f} MB)"
        )


def _in_languages(texts: dict[str, str], shown: str) -> str:
    """One text in every language, as ``<span lang>`` elements: the one of ``shown`` visible,
    the others ``hidden`` until the page's script shows them (each escaped)."""
    return "".join(
        f'<span lang="{code}"{"" if code == shown else " hidden"}>{html.escape(text)}</span>'
        for code, text in texts.items()
    )


def _index_texts(english: str) -> dict[str, str]:
    """A text of the index (a notebook's title or description, a group's words) in every
    language: ``i18n/data/<lang>/site.toml`` (English where it has none, as for a teacher's
    own notebook)."""
    from carc_teach.i18n import LANGUAGES
    from carc_teach.i18n.texts import keyed_texts

    return {
        code: keyed_texts("carc_teach.i18n", "data", "site.toml", code, "texts").get(
            english, english
        )
        for code in LANGUAGES
    }


def render_index(
    pages: list[NotebookInfo],
    *,
    self_hosted: bool = False,
    href: str = "./{slug}.html",
    runtime: str | None = None,
    lang: str | None = None,
) -> str:
    """The entry page: a title and one card per walkthrough (title and description read from
    the notebook, what it covers from the curriculum), grouped by expansion in learning order,
    in the three languages at once.

    Every text is written in each language (``<span lang>``), one shown: the page's script
    picks the language as the notebooks do (the address's ``?lang=``, else the one the
    browser remembers, ``localStorage`` ``carc-teach-lang``; its links to the languages set
    ``?lang=``), shows its texts and carries it on in every card's link, so a walkthrough
    opens in the language of the index. Without the script the page is in ``lang``.

    Parameters
    ----------
    pages:
        The walkthroughs; the cards are grouped and ordered by :mod:`.curriculum`.
    self_hosted:
        Whether the footer says that the site carries its own runtime.
    href:
        Each card's link, with ``{slug}`` for the notebook's file stem (the static site's
        ``./<slug>.html``; ``carc-teach serve`` links to ``./<slug>/``).
    runtime:
        The footer's sentence on where Python runs, a message of the catalogues said in
        each language (default: the static site's).
    lang:
        The language shown before the script runs (default English: the links then carry
        no ``?lang=``; any other, the links carry it).
    """
    from carc_teach.i18n import DEFAULT_LANGUAGE, LANGUAGES, _, language_code
    from carc_teach.i18n.switch import STORAGE_KEY

    shown = DEFAULT_LANGUAGE if lang is None else language_code(lang)

    template = Template((Path(__file__).with_name("templates") / "index.html").read_text("utf-8"))
    sections = []
    number = 0
    for group, members in curriculum.arrange(pages):
        cards = []
        for page, covers in members:
            number += 1
            covered = ""
            if covers:
                covered = (
                    '<p class="covers">'
                    + _in_languages(
                        {
                            code: _("Covers: {covers}", code, covers=text)
                            for code, text in _index_texts(covers).items()
                        },
                        shown,
                    )
                    + "</p>"
                )
            link = href.format(slug=page.slug)
            start = link if shown == DEFAULT_LANGUAGE else f"{link}?lang={shown}"
            cards.append(
                f'    <li><a class="card" href="{html.escape(start)}" '
                f'data-href="{html.escape(link)}"><span class="step">{number}</span>'
                f"<h3>{_in_languages(_index_texts(page.title), shown)}</h3>"
                f"<p>{_in_languages(_index_texts(page.description), shown)}</p>{covered}</a></li>"
            )
        sections.append(
            f'  <section class="group"><h2>{_in_languages(_index_texts(group.title), shown)}</h2>'
            f'<p class="group-lead">{_in_languages(_index_texts(group.lead), shown)}</p>\n'
            f'  <ol class="cards">\n' + "\n".join(cards) + "\n  </ol></section>"
        )
    if runtime is None:
        runtime_texts = (
            {
                code: _(
                    "Self-hosted: Python (Pyodide) and every package are served from this "
                    "site, so it works without internet.",
                    code,
                )
                for code in LANGUAGES
            }
            if self_hosted
            else {
                code: _(
                    "Python runs in your browser (Pyodide, loaded from a CDN on first visit).",
                    code,
                )
                for code in LANGUAGES
            }
        )
    else:
        runtime_texts = {code: _(runtime, code) for code in LANGUAGES}
    switch = " · ".join(
        f'<a href="?lang={code}" data-lang="{code}" lang="{code}">{html.escape(name)}</a>'
        for code, name in LANGUAGES.items()
    )
    return template.substitute(
        lang=shown,
        title=html.escape(_("carc_teach: the rules of Carcassonne, step by step", shown)),
        heading=_in_languages(
            {
                code: _("carc_teach: the rules of Carcassonne, step by step", code)
                for code in LANGUAGES
            },
            shown,
        ),
        lead=_in_languages(
            {
                code: _(
                    "Walkthroughs that replay games of Carcassonne event by event and show "
                    "why each point is scored, with the rule footnote or edition difference "
                    "behind it. They are listed in the order a learner should take them, "
                    "grouped by expansion.",
                    code,
                )
                for code in LANGUAGES
            },
            shown,
        ),
        switch=switch,
        sections="\n".join(sections),
        footer=_in_languages(
            {
                code: f"carc_teach {carc_teach.__version__}. {text}"
                for code, text in runtime_texts.items()
            },
            shown,
        ),
        # constants of ours, written into the script as JSON
        languages=json.dumps(list(LANGUAGES)),
        storage_key=json.dumps(STORAGE_KEY),
    )


def build_site(
    output_dir: Path | None = None,
    *,
    self_hosted: bool = False,
    notebooks_dir: Path | None = None,
    offline_inputs: offline.OfflineInputs | None = None,
    log=print,
) -> SiteBuild:
    """Build the site; see the module docstring.

    Parameters
    ----------
    output_dir:
        Target folder (default ``site/_build``). An existing folder is replaced only when it
        is empty or holds an earlier build, and only once the new site is complete.
    self_hosted:
        Carry Pyodide and every wheel so the site runs with no internet.
    notebooks_dir:
        Where the notebooks are (default: the checkout's ``notebooks/``).
    offline_inputs:
        Where the self-hosted ingredients are (default: :func:`offline.find_offline_inputs`).
    log:
        Progress printer.

    Raises
    ------
    SiteError
        When a prerequisite is missing (naming the command that installs it), a notebook has
        no title, or an export fails.
    """
    started = time.monotonic()
    notebooks_dir = find_notebooks_dir(notebooks_dir)
    paths = discover_notebooks(notebooks_dir)
    if not paths:
        raise SiteError(phrase("no marimo notebooks found in {folder}", folder=notebooks_dir))
    pages = [read_notebook_info(path) for path in paths]
    env = _uv_environment()
    if self_hosted and offline_inputs is None:
        offline_inputs = offline.find_offline_inputs()
    output_dir = (output_dir or default_output_dir()).resolve()
    _check_output(output_dir)

    # SIGTERM and SIGHUP raise like Ctrl-C, so the finally below runs whatever stops the build
    with lifeline.stop_signals_raise():
        work = _work_folder(output_dir)
        try:
            with _temporary_files_in(work / "tmp"):
                site = work / "site"
                site.mkdir()
                wheel, dropped_offline = _build_into(
                    site, work, pages, env, self_hosted, offline_inputs, log
                )
            _move_into_place(site, output_dir, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return SiteBuild(
        output_dir,
        pages,
        output_dir / "public" / "wheels" / wheel,
        self_hosted,
        dropped_offline,
        time.monotonic() - started,
    )


def _build_into(
    site: Path,
    work: Path,
    pages: list[NotebookInfo],
    env: dict[str, str],
    self_hosted: bool,
    offline_inputs: offline.OfflineInputs | None,
    log,
) -> tuple[str, dict[str, list[str]]]:
    """Make the whole site in the empty folder ``site`` (staging in ``work``); return the
    name of the carc_teach wheel it carries and the dependencies left out offline."""
    dropped_offline: dict[str, list[str]] = {}
    log("building the carc_teach wheel")
    wheel = build_wheel(work / "dist")
    offline_names = None
    if self_hosted:
        offline_names = {canonicalize_name(r.name) for r in offline.offline_requirements()}
        offline_names |= {"pyyaml", "carc-teach"}
    for info in pages:
        stage = work / "stage" / info.slug
        stage.mkdir(parents=True)
        staged, dropped = _stage_notebook(info.path, stage, wheel, offline_names)
        if dropped:
            dropped_offline[info.slug] = dropped
            log(f"  {info.slug}: not available offline, left out: {', '.join(dropped)}")
        log(f"exporting {info.path.name}")
        _export(staged, site / f"{info.slug}.html", env)
        _add_first_view(info, site / f"{info.slug}.html", log)
        drop_unused_preloads(site / f"{info.slug}.html")
    kept_wheel = site / "public" / "wheels" / wheel.name
    if not kept_wheel.is_file():
        raise SiteError(phrase("marimo did not copy {wheel} into public/wheels/", wheel=wheel.name))
    if self_hosted:
        assert offline_inputs is not None
        log("adding the Pyodide runtime, the wheels and the lockfile")
        offline.install_runtime(site, offline_inputs, [kept_wheel], log=log)
        for info in pages:
            offline.point_page_at_runtime(site / f"{info.slug}.html")
        _add_snapshot(site, offline_inputs, log)
        _pack_front_end(site, log)

    removed = remove_developer_files(site)
    if removed:
        log(f"left out of the site (developer notes, not pages): {', '.join(removed)}")
    (site / ".nojekyll").write_bytes(b"")  # GitHub Pages: serve marimo's files as they are
    (site / "index.html").write_text(render_index(pages, self_hosted=self_hosted), "utf-8")
    (site / SITE_MARKER).write_text(
        json.dumps(
            {
                "carc_teach": carc_teach.__version__,
                "self_hosted": self_hosted,
                "pages": [
                    {"slug": p.slug, "title": p.title, "description": p.description} for p in pages
                ],
                "wheel": kept_wheel.name,
                "dropped_offline": dropped_offline,
            },
            indent=2,
        ),
        "utf-8",
    )
    return kept_wheel.name, dropped_offline

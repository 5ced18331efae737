"""The built site holds pages and what they load, never the exporter's developer notes."""

from __future__ import annotations

from pathlib import Path

import pytest

from carc_teach.site.build import DEVELOPER_FILES, remove_developer_files

NOTEBOOK = '''import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    mo.md("""
    # A tiny walkthrough

    One cell, enough for the exporter.
    """)
    return


if __name__ == "__main__":
    app.run()
'''


def test_developer_files_are_removed_everywhere(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "page.html").write_text("<html></html>")
    (tmp_path / "assets" / "app.js").write_text("")
    (tmp_path / "CLAUDE.md").write_text("notes")
    (tmp_path / "assets" / "AGENTS.md").write_text("notes")
    (tmp_path / ".cursor").mkdir()
    (tmp_path / ".cursor" / "rules").write_text("")
    (tmp_path / ".DS_Store").write_text("")
    (tmp_path / ".nojekyll").write_text("")  # GitHub Pages needs it: kept at the top
    (tmp_path / "assets" / ".nojekyll").write_text("")
    removed = remove_developer_files(tmp_path)
    assert removed == [".DS_Store", ".cursor", "CLAUDE.md", "assets/.nojekyll", "assets/AGENTS.md"]
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    assert left == [".nojekyll", "assets", "assets/app.js", "page.html"]


@pytest.mark.slow
def test_a_built_site_has_no_developer_files(tmp_path):
    pytest.importorskip("marimo", reason="marimo (the notebooks extra) is not installed")
    from carc_teach.site.build import build_site
    from carc_teach.site.notebooks import SiteError

    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    (notebooks / "tiny.py").write_text(NOTEBOOK, encoding="utf-8")
    messages = []
    try:
        build = build_site(tmp_path / "site", notebooks_dir=notebooks, log=messages.append)
    except SiteError as exc:  # a missing prerequisite (build, uv): ./dev test installs them
        pytest.skip(str(exc))
    files = list(build.output_dir.rglob("*"))
    assert (build.output_dir / "tiny.html").is_file()
    offending = [p for p in files if p.name in DEVELOPER_FILES or p.name.startswith(".")]
    assert offending == [build.output_dir / ".nojekyll"]
    import marimo

    shipped = Path(marimo.__file__).parent / "_static" / "CLAUDE.md"
    if (
        shipped.is_file()
    ):  # marimo 0.25.2 ships one with its front end: the build says it left it out
        assert any("CLAUDE.md" in m for m in messages), messages


def test_a_folder_that_cannot_be_renamed_gets_the_new_site_entry_by_entry(tmp_path, monkeypatch):
    import os

    from carc_teach.site import build as build_module
    from carc_teach.site.build import SITE_MARKER

    output, work = tmp_path / "out", tmp_path / "work"
    (output / "old-folder").mkdir(parents=True)
    (output / SITE_MARKER).write_text("earlier")
    (output / "old.html").write_text("earlier")
    site = work / "site"
    (site / "assets").mkdir(parents=True)
    (site / SITE_MARKER).write_text("new")
    (site / "new.html").write_text("new")
    rename = os.rename

    def rename_but_not_the_output(source, target):
        if Path(source) == output:  # as for a mount point
            raise OSError(16, "Device or resource busy")
        return rename(source, target)

    monkeypatch.setattr(build_module.os, "rename", rename_but_not_the_output)
    build_module._move_into_place(site, output, work)
    assert sorted(p.name for p in output.iterdir()) == ["assets", SITE_MARKER, "new.html"]
    assert (output / SITE_MARKER).read_text() == "new"

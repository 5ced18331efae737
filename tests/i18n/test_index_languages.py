"""The site's index in English, Italian and Czech: every text of it in each language, one
shown (the others hidden until the page's script picks theirs), the links carrying the
language on; a user's own notebook shown as written and escaped."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest

from carc_teach.i18n import LANGUAGES
from carc_teach.i18n.texts import keyed_texts
from carc_teach.site import curriculum
from carc_teach.site.build import render_index
from carc_teach.site.notebooks import discover_notebooks, find_notebooks_dir, read_notebook_info


@pytest.fixture(scope="module")
def pages():
    return [read_notebook_info(p) for p in discover_notebooks(find_notebooks_dir())]


class _Shown(HTMLParser):
    """The texts of the page a reader sees without its script: what no ``hidden`` element
    holds (the ``<script>`` and ``<style>`` left out)."""

    VOID = {"meta", "link", "br", "img", "input", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "card" in (attrs.get("class") or ""):
            self.links.append(attrs["href"])
        if tag in self.VOID:
            return
        hidden = "hidden" in attrs or tag in ("script", "style", "title")
        self.stack.append((tag, hidden or any(h for _, h in self.stack)))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip() and not any(h for _, h in self.stack):
            self.texts.append(data.strip())


def _shown(page: str) -> _Shown:
    reader = _Shown()
    reader.feed(page)
    return reader


def test_every_text_of_the_index_is_translated(pages):
    english = set()
    for group, members in curriculum.arrange(pages):
        english |= {group.title, group.lead}
        for page, covers in members:
            english |= {page.title, page.description, covers}
    for lang in ("it", "cs"):
        table = keyed_texts("carc_teach.i18n", "data", "site.toml", lang, "texts")
        assert not sorted(english - set(table)), f"not in data/{lang}/site.toml"
        assert not sorted(set(table) - english), f"unused in data/{lang}/site.toml"


@pytest.mark.parametrize(
    ("lang", "heading", "first"),
    [
        ("en", "carc_teach: the rules of Carcassonne, step by step", "The base game"),
        ("it", "carc_teach: le regole di Carcassonne, passo per passo", "Il gioco base"),
        ("cs", "carc_teach: pravidla Carcassonne krok za krokem", "Základní hra"),
    ],
)
def test_the_index_in_each_language(pages, lang, heading, first):
    page = render_index(pages, lang=lang)
    shown = _shown(page)
    assert f'<html lang="{lang}">' in page
    assert shown.texts[0:2] == ["English", "·"]  # the switch names each language as itself
    assert heading in shown.texts and first in shown.texts
    table = keyed_texts("carc_teach.i18n", "data", "site.toml", lang, "texts")
    for info in pages:
        assert table.get(info.title, info.title) in shown.texts
        assert table.get(info.description, info.description) in shown.texts
    # only this language's texts show: none of the other two's headings
    others = {"en": "The base game", "it": "Il gioco base", "cs": "Základní hra"}
    assert not [t for code, t in others.items() if code != lang and t in shown.texts]
    suffix = "" if lang == "en" else f"?lang={lang}"
    assert shown.links == [f"./{info.slug}.html{suffix}" for info in _in_order(pages)]
    # every text is in the page three times, each span in its language
    assert (
        page.count('<span lang="it"')
        == page.count('<span lang="cs"')
        == page.count('<span lang="en"')
    )
    assert sorted(LANGUAGES) == sorted(re.findall(r'data-lang="(\w+)"', page))


def _in_order(pages):
    return [page for _, members in curriculum.arrange(pages) for page, _ in members]


def test_a_users_own_notebook_is_shown_as_written_and_escaped(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(
        "import marimo\napp = marimo.App()\n\n@app.cell\ndef _():\n"
        '    import marimo as mo\n    mo.md("# Ma <b> & leçon\\n\\nDes <i>mots</i>.")\n    return\n',
        "utf-8",
    )
    page = render_index([read_notebook_info(path)], lang="cs")
    assert "<b>" not in page and "<i>" not in page
    for code in LANGUAGES:
        assert (
            f'<span lang="{code}"'
            + ("" if code == "cs" else " hidden")
            + (f">{html.escape('Ma <b> & leçon')}</span>")
            in page
        )


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "Served by carc-teach serve: Python runs on this computer, no internet needed."),
        ("it", "Servito da carc-teach serve: Python gira su questo computer, senza bisogno di"),
        ("cs", "Obsluhuje carc-teach serve: Python běží na tomto počítači, internet není potřeba."),
    ],
)
def test_the_served_index_says_where_python_runs_in_each_language(pages, lang, sentence):
    """``carc-teach serve``'s index footer: its sentence in the language shown, the other two
    hidden beside it."""
    from carc_teach.site.app import RUNTIME_NOTE

    page = render_index(pages, href="./{slug}/", runtime=RUNTIME_NOTE, lang=lang)
    footer = [t for t in _shown(page).texts if "carc-teach serve" in t]
    assert len(footer) == 1 and sentence in footer[0], footer
    assert page.count("carc-teach serve") == 3  # one sentence per language

"""A page's language under ``marimo run`` in Chromium: ``?lang=`` in the address, the language
the browser remembers, and the switch (carc_teach.i18n.switch, on notebooks/tiles_and_features.py,
the page that shows it first).

When asked for (``CARC_TEACH_LANGUAGE_SITE=1``), also on a ``--self-hosted`` site of that page
alone, every request outside 127.0.0.1 blocked: the catalogues must be in the site. Building it
takes a minute and a half here after any change to the engine (its memory snapshot is its own),
too much for the default run.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest
from carc_support import missing_prerequisite
from marimo_page import (
    WASM_BOOT_TIMEOUT_MS,
    assert_healthy,
    body_text,
    click_button,
    notebooks_dir,
    select_option,
    serve_directory,
    wait_for_notebook,
    wait_for_text,
)

from carc_teach.i18n import _
from carc_teach.i18n.switch import LABEL, STORAGE_KEY

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HEADING = "Tiles and features: build a board by hand"


def _title(lang: str) -> str:
    # the heading as the catalogue writes it: the first line of the translated introduction
    if lang == "en":
        return HEADING
    intro = next(m for m in _intro_ids() if HEADING in m)
    return _(intro, lang).strip().splitlines()[0].lstrip("# ").strip()


def _intro_ids() -> list[str]:
    from carc_teach.i18n.catalogue import read_po

    path = notebooks_dir().parent / "carc_teach" / "i18n" / "po" / "en.po"
    return [m.id for m in read_po(path.read_text("utf-8"))]


def _stored(page) -> str | None:
    return page.evaluate(f"() => window.localStorage.getItem({STORAGE_KEY!r})")


def _segments(text: str, words: str) -> int:
    match = re.search(rf"\((\d+) {words}", text)
    assert match, f"no '({words}' in the page"
    return int(match.group(1))


def test_the_address_the_memory_and_the_switch_choose_the_language(page_session, marimo_app):
    url = marimo_app(notebooks_dir() / "tiles_and_features.py")
    page = page_session.page
    czech, italian = _title("cs"), _title("it")
    assert czech == "Kartičky a území: postavte si hrací plochu sami"

    # a shared link in Czech: the page, its buttons and its glossary speak Czech
    page.goto(url + "?lang=cs")
    wait_for_notebook(page_session, title=czech)
    text = body_text(page)
    assert "Přiložit kartičku" in text and "Začít znovu" in text and HEADING not in text
    assert re.search(r"\(\d+ úseky|\(úseky: \d+", text)
    assert _stored(page) == "cs"

    # opened again with no language in the address: the remembered one comes back
    page.goto(url)
    page.wait_for_url(re.compile(r"[?&]lang=cs"), timeout=60_000)
    wait_for_notebook(page_session, title=czech)

    # the switch: Italian, written into the address and remembered; placing works in it
    select_option(page, LABEL, "Italiano")
    wait_for_notebook(page_session, title=italian)
    assert re.search(r"[?&]lang=it", page.url)
    assert _stored(page) == "it"
    before = _segments(body_text(page), "segmenti")
    click_button(page, "Colloca la tessera")
    assert _segments(body_text(page), "segmenti") > before
    assert_healthy(page_session)


@pytest.mark.skipif(
    not os.environ.get("CARC_TEACH_LANGUAGE_SITE"),
    reason="the language page's own offline site is built only with CARC_TEACH_LANGUAGE_SITE=1",
)
def test_the_offline_site_serves_every_language(tmp_path, page_session):
    from carc_teach.site.build import build_site
    from carc_teach.site.notebooks import SiteError
    from carc_teach.site.offline import find_offline_inputs

    try:
        inputs = find_offline_inputs()
    except SiteError as exc:
        missing_prerequisite(str(exc))
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(notebooks_dir() / "tiles_and_features.py", folder)
    build = build_site(
        tmp_path / "site",
        self_hosted=True,
        notebooks_dir=folder,
        offline_inputs=inputs,
        log=lambda *_: None,
    )
    page = page_session.page
    with serve_directory(build.output_dir) as url:
        for lang in ("cs", "it", "en"):
            page.goto(f"{url}tiles_and_features.html?lang={lang}")
            wait_for_notebook(page_session, title=_title(lang), timeout_ms=WASM_BOOT_TIMEOUT_MS)
            assert _stored(page) == lang
        assert not page_session.blocked
        assert_healthy(page_session)


def test_a_stepping_walkthrough_opens_in_italian(page_session, marimo_app):
    """The shared walkthrough cells (carc_teach.notebook_ui) on one stepping walkthrough:
    ``?lang=it`` gives Italian controls, stepper and footnotes (the whole page:
    test_walkthrough_pages_in_languages.py)."""
    from carc_teach.annotations import get
    from carc_teach.annotations.glossary import spell_out

    url = marimo_app(notebooks_dir() / "king_and_robber.py")
    page = page_session.page
    page.goto(url + "?lang=it")
    wait_for_notebook(page_session, title="Il Re e il Barone Ladro, passo dopo passo")
    wait_for_text(page, "Precedente", 60_000)  # the stepper's buttons, drawn by its script
    text = body_text(page)
    for words in ("Modalità classe", "Precedente", "Tabellone", "Le note di questa guida"):
        assert words in text, words
    assert "Classroom mode" not in text and "Footnotes this walkthrough covers" not in text
    assert _stored(page) == "it"
    # the footnotes the walkthrough covers, unfolded: ckr-35's Italian title and kind
    page.get_by_text("Le note di questa guida", exact=True).first.click()
    title = spell_out(get("ckr-35").title_in("it"), "it")
    page.locator(f"strong:has-text({title!r}) >> visible=true").first.wait_for(timeout=30_000)
    assert "Chiarimento ufficiale" in body_text(page)
    assert_healthy(page_session)

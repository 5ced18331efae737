"""The teacher's walk (``scripts/language_walk.py``) as a soak test: every notebook under
``marimo run`` in Italian and Czech, stepped, folds opened, classroom stage keyed through; no
cell fails, no ``{field}`` is left unfilled and no number shows a decimal point. The English
words it finds are listed, not failed on (docs/i18n.md, "The walk": some are kept on purpose).

About 10 minutes on two cores (617 s on 26 November): runs only with
``CARC_TEACH_LANGUAGE_SWEEP=1 -m soak``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from marimo_page import notebooks_dir

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.soak,
    pytest.mark.skipif(
        not os.environ.get("CARC_TEACH_LANGUAGE_SWEEP"),
        reason="the teacher's walk of every page runs with CARC_TEACH_LANGUAGE_SWEEP=1",
    ),
]


def _walk_module():
    path = notebooks_dir().parent / "scripts" / "language_walk.py"
    spec = importlib.util.spec_from_file_location("language_walk", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_flagging_finds_english_placeholders_and_decimal_points():
    walk = _walk_module()
    kinds = {kind for kind, _, _ in walk.flag_text("the tile is 7.5 {player}", "it")}
    assert kinds == {"english", "placeholder", "decimal point"}
    # kept names, rule ids, tile ids and event kinds are not English prose
    kept = "Alice e Red · base.city.score · R2-city-curve · tipo di evento points"
    assert walk.flag_text(kept, "it") == []


def test_every_page_in_italian_and_czech(tmp_path):
    walk = _walk_module()
    names = sorted(p.stem for p in notebooks_dir().glob("*.py"))
    # in a thread of its own: run with the other browser tests, a worker may already hold a
    # Playwright session (and so a running event loop) in its main thread
    with ThreadPoolExecutor(1) as pool:
        findings = pool.submit(walk.walk_notebooks, names, ["it", "cs"], tmp_path).result()
    for f in findings:  # listed (pytest -rA shows them), not failed on
        print(f"{f.notebook} [{f.lang}] {f.state}: {f.kind}: {f.line[:160]}")
    broken = [f for f in findings if f.kind != "english"]
    assert not broken, [(f.notebook, f.lang, f.state, f.kind, f.line[:120]) for f in broken]

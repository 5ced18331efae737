"""The committed seed facts (``tests/fixtures/seed_facts/``) still say what the seeds say.

The corpus and reference tests read the seeds through these facts, so they run on a bare clone.
Here, whenever the seeds are next to the repository (``../shared/seeds``), the facts are
extracted afresh by ``scripts/seed_facts.py`` and must equal the committed ones; only these
comparisons skip when the seeds are absent.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _load_generator():
    name = "carc_seed_facts_script"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "seed_facts.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


generator = _load_generator()
needs_seeds = pytest.mark.skipif(
    not generator.seeds_present(),
    reason="the seeds (../shared/seeds next to the repository) are absent, so the committed "
    "facts cannot be compared with them here",
)


@pytest.fixture(scope="module")
def fresh() -> dict[str, dict]:
    return generator.collect()


def test_every_fixture_file_is_one_the_generator_writes():
    present = sorted(p.name for p in generator.FACTS.iterdir())
    assert present == sorted(generator.FILES)


def test_generator_says_so_when_the_seeds_are_absent(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(generator, "SEEDS", tmp_path / "no-seeds")
    assert generator.main(["--check"]) == 2
    assert "seeds" in capsys.readouterr().err


@needs_seeds
@pytest.mark.parametrize("name", ["footnotes.json", "list_items.json", "scoring_page.json"])
def test_committed_facts_equal_the_seeds(fresh, name):
    path = generator.FACTS / name
    committed = json.loads(path.read_text(encoding="utf-8"))
    regenerated = json.loads(generator.dump(fresh[name]))
    stale = "stale; rewrite it with `python scripts/seed_facts.py`"
    for key in sorted(committed.keys() | regenerated.keys()):
        ours, theirs = committed.get(key), regenerated.get(key)
        if isinstance(ours, list) and isinstance(theirs, list):
            for index, (a, b) in enumerate(zip(ours, theirs, strict=False)):
                assert a == b, f"{name}: {key}[{index}] is {stale}"
        assert ours == theirs, f"{name}: {key} is {stale}"
    assert path.read_text(encoding="utf-8") == generator.dump(fresh[name]), f"{name}: {stale}"


@needs_seeds
def test_page_skeleton_tells_renderings_apart_as_the_page_does():
    wikipage = generator._wikipage()
    page = wikipage.parse_page(generator.SEEDS / generator.PAGE_SEED)
    assert wikipage.skeleton_is_faithful(page, wikipage.load_page_facts()) == []

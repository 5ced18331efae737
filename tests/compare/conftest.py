"""The comparison tests register a synthetic rule module (synth_rules.py) for their games."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture
def synthetic(monkeypatch):
    from carc_teach import rules as rules_package

    monkeypatch.setitem(rules_package.RULE_MODULES, "synth", "synth_rules:SynthNamed")
    monkeypatch.setitem(rules_package.RULE_MODULES, "synth-silent", "synth_rules:SynthSilent")
    rules_package.implemented_rules.cache_clear()
    yield
    rules_package.implemented_rules.cache_clear()

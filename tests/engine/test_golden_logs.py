"""Golden event logs: the base game plays exactly as it did when the digests were recorded.

``scripts/golden_logs.py`` recorded the SHA-256 of the JSON event log (and scores) of every
bundled example, 200 seeded random games and 10 greedy games before the engine was reshaped
for the expansions. Any change to a base-game outcome, text, event order or field shows here.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("golden_logs", ROOT / "scripts" / "golden_logs.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)  # type: ignore[union-attr]

RECORDED: dict[str, str] = json.loads(golden.FIXTURE.read_text())


def test_the_fixture_covers_every_bundled_game_and_the_simulated_ones():
    """Every bundled game, 200 random and 10 greedy base games, and three random games of
    every expansion alone and of all of them together."""
    from carc_teach import examples
    from carc_teach.rules import RULE_MODULES

    assert {f"example:{n}" for n in examples.names()} <= set(RECORDED)
    base = [k for k in RECORDED if k.startswith("random:") and k.split(":")[1].isdigit()]
    assert len(base) == 200
    assert sum(k.startswith("greedy:") for k in RECORDED) == 10
    alone = {k.split(":")[1] for k in RECORDED if k.startswith("random:") and k not in base}
    assert set(RULE_MODULES) - {"base"} <= alone
    assert len(golden.expansion_mixes()) * 3 == sum(
        k.startswith("random:") and k not in base for k in RECORDED
    )


@pytest.fixture(scope="module")
def played():
    return {name: game for name, game in golden.golden_games()}


def test_every_event_log_is_byte_identical(played):
    missing = [name for name in played if name not in RECORDED]
    assert not missing, (
        f"{len(missing)} games have no recorded digest (a new expansion? record them with "
        f"python scripts/golden_logs.py --write once its games play as meant): {missing[:5]}"
    )
    changed = [name for name, game in played.items() if golden.digest(game) != RECORDED[name]]
    assert not changed, f"{len(changed)} event logs changed, first: {changed[:5]}"


def test_saved_games_replay_to_the_same_logs(played):
    from carc_teach.gamefile import load_game

    for name, game in list(played.items())[:23]:
        again = load_game(game.to_json())
        assert golden.digest(again) == RECORDED[name], name


V1_FILES = sorted((ROOT / "tests" / "fixtures" / "v1_games").glob("*.json"))


@pytest.mark.parametrize("path", V1_FILES, ids=lambda p: p.stem)
def test_version_1_game_files_still_load_and_replay_identically(path):
    """Frozen version-1 files written before game file v2 existed."""
    from carc_teach.gamefile import load_game

    seed = int(path.stem.split("-")[1])
    data = json.loads(path.read_text())
    assert data["version"] == 1
    assert golden.digest(load_game(data)) == RECORDED[f"random:{seed}:{2 + seed % 4}"]

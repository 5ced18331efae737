"""The walkthroughs respond to a learner, under ``marimo run`` and on the offline site.

Each test runs twice: against ``marimo run`` (what ``carc-teach serve`` starts) and against the
``--self-hosted`` WebAssembly site with every request outside 127.0.0.1 blocked. Expected
values come from the engine, not from copies of the notebooks' text. The offline variant stays
out of the "networkx + matplotlib" tab: no Pyodide build of matplotlib can be had here.
"""

from __future__ import annotations

import re

import pytest
from marimo_page import (
    WASM_BOOT_TIMEOUT_MS,
    assert_healthy,
    body_text,
    choose_radio,
    click_button,
    click_until,
    notebooks_dir,
    open_notebook,
    open_offline_page,
    select_option,
    svg_highlights,
    svg_snapshot,
)

from carc_teach import examples, reference, teach
from carc_teach.site.notebooks import read_notebook_info

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OFFLINE_MISSING = ("matplotlib",)


@pytest.fixture(params=["marimo-run", "self-hosted"])
def open_walkthrough(request, page_session, marimo_app):
    """``open_walkthrough(name) -> page``: the notebook ``notebooks/<name>.py``, opened."""
    offline = request.param == "self-hosted"

    def open_(name: str):
        path = notebooks_dir() / f"{name}.py"
        if not path.is_file():
            pytest.fail(f"notebook {path.name} is missing")
        title = read_notebook_info(path).title
        if offline:  # also checks the pre-rendered first view (test_self_hosted_site.py)
            site = request.getfixturevalue("self_hosted_site")
            return open_offline_page(
                page_session,
                f"{site.url}{name}.html",
                notebook=path,
                title=title,
                timeout_ms=WASM_BOOT_TIMEOUT_MS,
            )
        return open_notebook(page_session, marimo_app(path), title=title)

    open_.tolerate_missing = OFFLINE_MISSING if offline else ()
    open_.variant = request.param
    return open_


def _shown_example(page) -> str:
    """Which bundled game the page shows (by the "<title> · <n> events" line it prints; on a
    loaded machine that line may come a moment after the page looked settled)."""
    lines = {
        name: f"{examples.data(name).get('title', name)} · {len(examples.load(name).events)} events"
        for name in examples.names()
    }
    shown: list[str] = []
    for _ in range(120):
        text = body_text(page)
        shown = [name for name, line in lines.items() if line in text]
        if shown:
            break
        page.wait_for_timeout(500)
    assert len(shown) == 1, f"cannot tell which bundled game is shown: {shown}"
    return shown[0]


def test_turn_sequence_steps_to_a_scoring_and_asks_first(open_walkthrough, page_session):
    page = open_walkthrough("turn_sequence")
    game = examples.load(_shown_example(page))
    start = body_text(page)
    first_scoring = next(i for i in range(len(game.events)) if teach.prediction_for(game, i))
    prediction = teach.prediction_for(game, first_scoring)
    scoring_text = game.events[first_scoring].text
    assert "Event 0" in start and scoring_text not in start
    board_before, highlight_before = svg_snapshot(page), svg_highlights(page)

    clicks = click_until(page, "Next", lambda: prediction.question in body_text(page))

    asked = body_text(page)
    assert clicks == first_scoring
    assert f"Event {first_scoring}" in asked
    assert scoring_text not in asked, "the points must stay hidden until the learner predicts"
    assert svg_snapshot(page) != board_before
    assert svg_highlights(page) and svg_highlights(page) != highlight_before
    page_session.screenshot(f"{open_walkthrough.variant}-turn-sequence-asked")

    choose_radio(page, prediction.answer)

    revealed = body_text(page)
    assert "Right!" in revealed
    assert scoring_text.split(":")[0] in revealed
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)


def test_turn_sequence_wrong_guess_gets_the_answer(open_walkthrough, page_session):
    page = open_walkthrough("turn_sequence")
    game = examples.load(_shown_example(page))
    click_button(page, "Next scoring")
    index = int(re.search(r"Event (\d+)", body_text(page)).group(1))
    prediction = teach.prediction_for(game, index)
    assert prediction is not None, f"'Next scoring' stopped at event {index}, not a scoring"
    wrong = next(c for c in prediction.choices if c != prediction.answer)
    choose_radio(page, wrong)
    assert f"Not quite: the answer is {prediction.answer}" in body_text(page)
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)


def _segments_and_edges(text: str) -> tuple[int, int]:
    match = re.search(r"\((\d+) segments, (\d+) graph edges\)", text)
    assert match, "the features summary is missing"
    return int(match.group(1)), int(match.group(2))


def test_tiles_and_features_place_and_undo(open_walkthrough, page_session):
    page = open_walkthrough("tiles_and_features")
    start_counts, start_board = _segments_and_edges(body_text(page)), svg_snapshot(page)

    click_button(page, "Place the tile")

    placed_counts = _segments_and_edges(body_text(page))
    assert placed_counts[0] > start_counts[0] and placed_counts[1] > start_counts[1]
    assert svg_snapshot(page) != start_board
    page_session.screenshot(f"{open_walkthrough.variant}-tiles-placed")

    # Alice puts a follower on the tile she placed; the page says what she would score
    moves = [_first_placement()]
    segment, label = teach.follower_spots(teach.sandbox_game(moves, teach.SANDBOX_PLAYERS))[0]
    game = teach.sandbox_game(teach.with_follower(moves, segment), teach.SANDBOX_PLAYERS)
    row = teach.would_score(game.state)[0]
    choose_radio(page, label)
    shown = body_text(page)
    assert row["feature"] in shown and row["points"] in shown
    page_session.screenshot(f"{open_walkthrough.variant}-tiles-follower")

    click_button(page, "Undo")
    assert _segments_and_edges(body_text(page)) == start_counts
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)


def _first_placement() -> dict:
    """The placement the page offers first: tile V, its first rotation that fits, first square."""
    state = teach.sandbox_game([], teach.SANDBOX_PLAYERS).state
    rotation = next(r for r, n in teach.rotations_that_fit(state, "V").items() if n)
    (x, y), *_ = teach.placement_options(state, "V", rotation)[0]
    return {"tile": "V", "x": x, "y": y, "rotation": rotation}


def _situations(text: str) -> int:
    match = re.search(r"(\d+) scoring situations", text)
    assert match, "the count of scoring situations is missing"
    return int(match.group(1))


def _expected_rows(preset_id: str) -> int:
    # What the notebook computes: the preset's expansions, C1 wording, hidden rows shown.
    chosen = {reference.expansion_of(p).id for p in reference.selection_for_preset(preset_id)}
    selection = reference.normalize_selection(sorted(chosen))
    return len(reference.rows(selection, "C1", include_drafts=True))


def test_scoring_reference_preset_changes_the_rows(open_walkthrough, page_session):
    page = open_walkthrough("scoring_reference")
    before = body_text(page)
    base = next(p for p in reference.SELECTOR_PRESETS.values() if p.id == "base")
    assert _situations(before) != _expected_rows("base")

    select_option(page, "Start from", base.title)

    after = body_text(page)
    assert _situations(after) == _expected_rows("base")
    assert after != before
    assert_healthy(page_session, tolerate_missing=open_walkthrough.tolerate_missing)

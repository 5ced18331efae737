"""The board that takes clicks: where the drawing puts each kind of target, the component's
picture (targets drawn in, labels escaped), and its value.

The browser half (a click and a key reaching Python) is tests/browser/test_board_picker.py.
"""

from __future__ import annotations

import re

import marimo as mo
import pytest

from carc_teach import examples
from carc_teach.board_input import (
    PickerError,
    Target,
    _PickerWidget,
    board_picker,
    picked,
    picker_html,
    redraw_picker,
    shown_picture,
)
from carc_teach.figures import Corner, Place
from carc_teach.render.svg import board_layout, board_svg, off_board_figures


def _state(name: str):
    return examples.load(name).state


def _inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    left, top, width, height = box
    return left <= point[0] <= left + width and top <= point[1] <= top + height


def _translates(svg: str, cls: str) -> dict[str, tuple[float, float]]:
    """data-figure -> (x, y) of every figure group whose class holds ``cls``."""
    found = re.finditer(
        r'<g class="[^"]*\b' + cls + r'\b[^"]*" data-figure="([^"]+)" '
        r'transform="translate\(([-\d.]+),([-\d.]+)\)',
        svg,
    )
    return {m[1]: (float(m[2]), float(m[3])) for m in found}


# -- board_layout ----------------------------------------------------------------------------------


def test_squares_of_a_board_reaching_into_negative_coordinates():
    # first-turns spans x -1..2, y -2..1; with the one-square margin the drawing starts at
    # square (-2, -3): 6 x 6 squares of 72 px
    board = _state("first-turns").board
    layout = board_layout(board)
    assert (layout.min_x, layout.min_y, layout.width, layout.height) == (-2, -3, 432, 432)
    spot = layout.spot((-2, 0))  # the margin's west column, row 3 of the drawing
    assert spot.box == (0, 216, 72, 72)
    assert (spot.x, spot.y) == (36, 252)
    assert layout.spot((3, 2)).box == (360, 360, 72, 72)  # the south-east corner square
    svg = board_svg(board, frontier=[(-2, 0), (3, 2)])
    assert 'width="432" height="432"' in svg
    # board_svg insets an open square's frame by 4 px
    assert 'data-pos="-2,0" x="4.0" y="220.0"' in svg
    assert 'data-pos="3,2" x="364.0" y="364.0"' in svg


def test_segments_sit_where_their_figures_stand_and_inside_their_tile():
    state = _state("river-first")
    board = state.board
    layout = board_layout(board, size=60)
    figures = [f for feature in board.features.features() for f in feature.figures]
    drawn = _translates(board_svg(board, size=60), "figure")
    assert len(figures) == 7 and len(drawn) == 7
    for fig in figures:
        spot = layout.spot(fig.node)
        assert drawn[fig.id] == pytest.approx((spot.x, spot.y), abs=0.051)
        x, y, _ = fig.node
        assert _inside((spot.x, spot.y), layout.spot((x, y)).box)
        assert _inside((spot.x, spot.y), spot.box)


def test_corners_are_the_grid_points_the_barns_stand_on():
    state = _state("two-barns")
    barns = off_board_figures(state)
    layout = board_layout(state.board, corner_figures=barns)
    drawn = _translates(board_svg(state.board, corner_figures=barns), "corner")
    assert len(barns) == 2 and len(drawn) == 2
    for barn in barns:
        spot = layout.spot(barn.location)
        assert drawn[barn.id] == pytest.approx((spot.x, spot.y), abs=0.051)
        # the north-west corner of its square: the top left of that square's box
        left, top, _, _ = layout.spot((barn.location.x, barn.location.y)).box
        assert (spot.x, spot.y) == (left, top)
    # Corner(0, 0) on a drawing starting at square (-2, -3): two squares right, three down
    first = board_layout(_state("first-turns").board)
    assert (first.spot(Corner(0, 0)).x, first.spot(Corner(0, 0)).y) == (144, 216)


def test_quarters_of_the_city_on_their_tiles_and_in_the_strip():
    state = _state("count-city")
    waiting = off_board_figures(state)
    layout = board_layout(state.board, corner_figures=waiting)
    assert not layout.strip
    svg = board_svg(state.board, corner_figures=waiting)
    in_city = _translates(svg, "in-city")
    assert in_city
    for fig in waiting:
        box = layout.spot(fig.location).box
        assert _inside(in_city[fig.id], box), (fig.location, box)

    # no City on the board: the strip under it, one quarter of its width each
    board = _state("first-turns").board
    layout = board_layout(board, city_strip=True)
    assert layout.strip and (layout.board_height, layout.height) == (432, 504)
    assert layout.spot(Place("count.market")).box == (108, 432, 108, 72)
    assert layout.spot(Place("count.cathedral")).x == 378
    svg = board_svg(board, city_strip=True)
    assert 'width="432" height="504"' in svg
    assert 'class="city-panel" x="0" y="432.0"' in svg
    # without the option the picture is unchanged (nobody waits in the City)
    assert board_svg(board) == board_svg(board, city_strip=False)
    assert 'height="432"' in board_svg(board)


def test_a_drawing_wider_than_max_width_scales_its_spots():
    board = _state("full-game").board  # x -4..6: 13 squares with the margin
    layout = board_layout(board, size=72, max_width=600)
    assert layout.width == 13 * 72 and layout.shrinks
    assert 'style="max-width:100%;height:auto"' in board_svg(board, size=72, max_width=600)
    shown = 468  # half the drawing's width
    assert layout.scale(shown) == 0.5
    # the drawing starts at square (-5, -5) (the margin): (-4, -4) is its second square
    square = layout.spot((-4, -4), shown_width=shown)
    assert square.box == (36, 36, 36, 36)
    # every segment of every tile lands inside its own tile's (shrunk) square
    for (x, y), placed in board.tiles.items():
        tile_box = layout.spot((x, y), shown_width=shown).box
        for seg in placed.tile.segments:
            segment = layout.spot((x, y, seg.id), shown_width=shown)
            assert _inside((segment.x, segment.y), tile_box), (x, y, seg.id)
    # a drawing narrower than max_width is shown at its own size
    small = board_layout(_state("first-turns").board)
    assert not small.shrinks and small.scale(200) == 1.0


def test_what_is_not_on_the_board_is_named():
    layout = board_layout(_state("first-turns").board)
    with pytest.raises(ValueError, match=r"no tile on \(5, 5\)"):
        layout.spot((5, 5, "city"))
    with pytest.raises(ValueError, match="no segment 'moat'"):
        layout.spot((0, 0, "moat"))
    with pytest.raises(ValueError, match="not on the board: draw with city_strip=True"):
        layout.spot(Place("count.castle"))
    with pytest.raises(ValueError, match="no place 'count.harbour'"):
        layout.spot(Place("count.harbour"))


# -- the picture -------------------------------------------------------------------------------------


TARGETS = [
    Target("west", (-2, 0), "square -2, 0"),
    Target("east", (3, -1), 'Bob\'s "square" <script>', legal=False),
    Target("road", (0, 0, "road"), "the road on 0, 0"),
    Target("barn", Corner(1, 0), "<b>Ann</b> & co"),
]


def test_the_picture_is_the_board_with_its_targets_escaped():
    board = _state("first-turns").board
    html = picker_html(board, TARGETS, key='a"b', players=("Ann", "Bob"))
    svg = board_svg(board, players=("Ann", "Bob"))
    # the board is drawn as board_svg draws it, the targets over it
    assert svg[: -len("</svg>")].replace('role="img"', 'role="group"') in html
    assert html.count('class="target ') == 4
    assert 'data-key="a&quot;b"' in html
    assert "<b>" not in html and "<script>" not in html
    assert 'aria-label="&lt;b&gt;Ann&lt;/b&gt; &amp; co"' in html
    assert "<title>Bob&#x27;s &quot;square&quot; &lt;script&gt;</title>" in html
    # one refused, greyed; the first legal target is where Tab lands
    assert re.findall(r'class="target (\w+) (\w+)"', html) == [
        ("square", "legal"),
        ("square", "refused"),
        ("segment", "legal"),
        ("corner", "legal"),
    ]
    assert re.findall(r'tabindex="(-?\d)" data-index="(\d)"', html) == [
        ("0", "0"),
        ("-1", "1"),
        ("-1", "2"),
        ("-1", "3"),
    ]
    # the west square's shape lies in its square (0, 216)-(72, 288)
    assert 'data-id="west" data-x="36.0" data-y="252.0"' in html


def test_a_target_on_a_quarter_draws_the_city_strip():
    board = _state("first-turns").board
    html = picker_html(board, [Target("market", Place("count.market"), "the market")])
    assert 'class="city-panel"' in html and 'height="504"' in html
    assert 'data-x="162.0" data-y="468.0"' in html


def test_bad_targets_are_refused_with_a_clear_error():
    board = _state("first-turns").board
    with pytest.raises(PickerError, match="target ids must differ: 'a' given twice"):
        picker_html(board, [Target("a", (0, 1), "x"), Target("a", (0, 2), "y")])
    with pytest.raises(PickerError, match=r"target 2 is not a Target: \(0, 1\)"):
        picker_html(board, [Target("a", (0, 1), "x"), (0, 1)])
    with pytest.raises(PickerError, match=r"target 'far': no tile on \(9, 9\)"):
        picker_html(board, [Target("far", (9, 9, "city"), "x")])


# -- the value -------------------------------------------------------------------------------------


def test_the_value_names_the_picked_target_and_counts_the_picks():
    board = _state("first-turns").board
    picker = board_picker(mo, board, TARGETS)
    assert picker.value == {"target": None, "n": 0}
    widget = picker.widget
    widget.set_state({"pick": 2, "n": 1})
    assert picker.value == {"target": "road", "n": 1}
    assert picked(picker.value, TARGETS) is TARGETS[2]
    widget.set_state({"pick": 2, "n": 2})  # the same target again: a new count
    assert picker.value == {"target": "road", "n": 2}
    # what the page may send but this picker did not draw is ignored
    for bad in ({"pick": 4, "n": 3}, {"pick": -1, "n": 3}, {"pick": True, "n": 3}):
        widget.set_state(bad)
    widget.set_state({"pick": "road", "n": 3})
    widget.set_state({"pick": 0, "n": "3"})
    assert picker.value == {"target": "road", "n": 2}
    assert picked({"target": None, "n": 0}, TARGETS) is None


def test_a_picker_redrawn_in_place_sends_the_new_picture_and_ignores_stale_picks():
    board = _state("first-turns").board
    picker = board_picker(mo, board, TARGETS, key="k")
    widget = picker.widget
    sent = []
    widget.comm.send = lambda data: sent.append(data)
    widget.set_state({"pick": 2, "n": 1})
    assert picker.value == {"target": "road", "n": 1}
    # the same picture again: nothing is sent
    assert redraw_picker(picker, board, TARGETS) is False and sent == []
    fewer = [TARGETS[1], TARGETS[0]]
    assert redraw_picker(widget, board, fewer) is True
    (update,) = sent
    assert update["method"] == "update"
    assert update["state"] == {"html": picker_html(board, fewer, key="k"), "picture": 1}
    # a pick made on the old picture (its number 0) names nothing now; one on the new counts
    widget.set_state({"pick": 0, "n": 2, "picture": 0})
    assert picker.value == {"target": "road", "n": 1}
    widget.set_state({"pick": 0, "n": 2, "picture": 1})
    assert picker.value == {"target": TARGETS[1].id, "n": 2}
    with pytest.raises(PickerError, match="board_picker"):
        redraw_picker(object(), board, fewer)


def test_the_widget_opens_its_model_with_the_picture_and_the_script_inline():
    board = _state("first-turns").board
    widget = _PickerWidget(picker_html(board, TARGETS), [t.id for t in TARGETS])
    comm = widget.comm
    assert comm.comm_id == widget._model_id
    # the script is a virtual file or data URL of the page, never a URL elsewhere
    assert comm.esm_spec is not None
    assert not comm.esm_spec.url.startswith("http")


def test_a_board_with_a_panel_answers_through_messages_and_ignores_stale_ones():
    board = _state("first-turns").board
    answers = []
    picker = board_picker(
        mo, board, TARGETS, key="k", side="<p>one</p>", on_answer=lambda *a: answers.append(a)
    )
    widget = picker.widget
    sent = []
    widget.comm.send = lambda data: sent.append(data)
    # a pick names its target by number, a control its action and value; the value stays
    widget.answer({"pick": 2, "picture": 0})
    widget.answer({"action": "pass", "value": "", "picture": 0})
    assert answers == [("pick", "road"), ("pass", "")]
    assert picker.value == {"target": None, "n": 0}
    # what this picture did not offer, or anything else, is ignored
    for bad in (
        {"pick": 9, "picture": 0},
        {"pick": True, "picture": 0},
        {"action": "pass", "value": 3, "picture": 0},
        {"action": "pass", "value": ""},
        ["pass"],
    ):
        widget.answer(bad)
    assert len(answers) == 2
    # drawn again with a new panel: one update, the panel and a new picture number
    assert redraw_picker(widget, board, TARGETS, side="<p>two</p>") is True
    assert sent == [
        {"method": "update", "state": {"side": "<p>two</p>", "picture": 1}, "buffer_paths": []}
    ]
    # a second click made on the first picture is ignored; an unfolded event is asked anyway
    widget.answer({"action": "next", "value": "", "picture": 0})
    widget.answer({"action": "explain", "value": "4", "picture": 0})
    assert answers[2:] == [("explain", "4")]
    # the site's first view lays the panel out beside the board, unseen
    first = shown_picture(picker)
    assert first.index("carc-play-board") < first.index('style="visibility:hidden"><p>two</p>')


def test_a_board_with_nothing_to_pick_is_the_board_alone():
    # the Play page shows the board while the computer moves: no target, no Tab stop
    board = _state("first-turns").board
    html = picker_html(board, [])
    assert 'class="targets"></g>' in html and "tabindex" not in html
    assert board_picker(mo, board, []).value == {"target": None, "n": 0}


def test_the_script_loads_nothing():
    from importlib import resources

    script = resources.files("carc_teach.board_input").joinpath("picker.js").read_text("utf-8")
    assert "export default { render }" in script
    assert not re.search(r"\bimport\b|https?:|fetch\(|XMLHttpRequest", script)
    # the only HTML it writes is Python's, escaped there: the picture, the panel beside it and
    # an earlier event's explanation
    written = re.findall(r"innerHTML\s*\+?=\s*([^;]+);", script)
    assert written == ['model.get("html")', 'model.get("side") || ""', "told.html"]

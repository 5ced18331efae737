"""Game text in the SVG (players' names in hover texts and figure ids, marks' titles) is escaped,
and characters XML cannot hold at all (NUL, ESC, lone surrogates, U+FFFE) are replaced, so the
drawing always parses, whatever the game file called its players."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from carc_teach.render.svg import _xml, board_svg
from carc_teach.simulate import random_game
from carc_teach.teach import board_for_event, feature_graph_for_event

NS = "{http://www.w3.org/2000/svg}"
HOSTILE = (
    'Al<script>alert("x")</script>&amp;\x00',
    "Bo\x1b[31mb\x07\x0b\x0c'",
    "\ud800Cy\ufffe\uffff\x7f\u0085\U0001f600",
)


def test_xml_text_escapes_markup_and_replaces_what_xml_cannot_hold():
    assert _xml('<a href="x">&</a>') == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
    assert _xml("a\x00b\x1bc\ud800d\ufffee\uffff") == "a\ufffdb\ufffdc\ufffdd\ufffde\ufffd"
    # what XML does hold is kept: tab, newline, DEL, NEL, astral characters
    assert _xml("t\tn\nr\r\x7f\u0085\U0001f600") == "t\tn\nr\r\x7f\u0085\U0001f600"


def test_hostile_player_names_keep_the_svg_valid():
    game = random_game(3, HOSTILE, expansions=("base", "abbey-mayor", "count"))
    n = len(game.events)
    texts: list[str] = []
    for k in sorted({*range(0, n, n // 8), n - 1}):
        state = game.replay(k)
        for svg_text in (
            board_for_event(game, k, state),
            feature_graph_for_event(game, k, state),
            board_svg(state.board, players=HOSTILE, marks=[(0, 0, "#f00", HOSTILE[0])]),
        ):
            root = ET.fromstring(svg_text)  # raises on any invalid character or markup
            assert root.find(f".//{NS}script") is None
            texts += [t.text or "" for t in root.iter(NS + "title")]
            texts += [el.get("data-figure") for el in root.iter() if el.get("data-figure")]
    joined = "\n".join(texts)
    # each name is shown, as itself but for the characters XML cannot hold
    assert 'Al<script>alert("x")</script>&amp;\ufffd' in joined
    assert "Bo\ufffd[31mb\ufffd\ufffd\ufffd'" in joined
    assert "\ufffdCy\ufffd\ufffd\x7f\u0085\U0001f600" in joined

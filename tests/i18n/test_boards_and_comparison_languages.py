"""The boards' hover texts, the placement report, the comparison (its events, citations and
bundled game titles) and the two-editions classroom lesson in Italian and Czech; the English
of each unchanged by asking for it, and the SVG valid in every language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from carc_teach import examples, teach
from carc_teach.annotations import cite, get
from carc_teach.compare import DEMO_GAME, RuleSide, compare_games, comparison_text
from carc_teach.gamefile import load_game
from carc_teach.i18n import use_language
from carc_teach.i18n.game_texts import bundled_title, note_in, title_in
from carc_teach.lessons import two_editions
from carc_teach.render.svg import board_svg, legend_svg, tile_svg
from carc_teach.simulate import random_game
from carc_teach.tiles import catalogue

TITLE = re.compile(r"<title>(.*?)</title>", re.S)
HOSTILE = '<b>"Al"</b>&\x01\x02'


def _titles(svg: str) -> list[str]:
    ET.fromstring(svg)  # every language: still one valid XML document
    return TITLE.findall(svg)


@pytest.fixture(scope="module")
def mid_game():
    """A base game a few turns in, with figures on the board (its first such event)."""
    game = examples.load("first-turns")
    for index in range(len(game.events)):
        state = game.replay(index)
        if any(f.figures for f in state.board.features.features()):
            return game, index, state
    raise AssertionError("first-turns puts no figure on the board")


@pytest.mark.parametrize(
    ("lang", "tile_word", "turned"),
    [("it", "Tessera", "ruotata di"), ("cs", "Kartička", "otočená o")],
)
def test_the_boards_hover_texts_speak_the_language(mid_game, lang, tile_word, turned):
    game, index, state = mid_game
    english = board_svg(state.board, players=game.players, frontier=state.board.frontier)
    shown = board_svg(state.board, players=game.players, frontier=state.board.frontier, lang=lang)
    # the same drawing: only the texts differ
    assert re.sub(r"<title>.*?</title>|aria-label=\"[^\"]*\"", "", english) == re.sub(
        r"<title>.*?</title>|aria-label=\"[^\"]*\"", "", shown
    )
    titles = _titles(shown)
    assert len(titles) == len(_titles(english))
    placed = [t for t in titles if turned in t]
    assert len(placed) == len(state.board.tiles)
    assert all(t.startswith(tile_word) for t in placed)
    assert not [t for t in titles if re.search(r"\bTile\b|\bturned\b|'s |Open square", t)]
    assert not [t for t in titles if "{" in t]
    # a figure is named with its player, in the language's words
    figure = {"it": " di Alice: ", "cs": " hráče Alice: "}[lang]
    assert any(figure in t for t in titles), titles


def test_the_current_language_draws_the_board_and_english_stays_as_it_was(mid_game):
    game, index, state = mid_game
    before = teach.board_for_event(game, index, state)
    with use_language("cs"):  # what a walkthrough's view does
        czech = teach.board_for_event(game, index, state)
    after = teach.board_for_event(game, index, state)
    assert (
        before
        == after
        == board_svg(
            state.board,
            players=game.players,
            highlight=game.events[index].nodes or None,
            size=teach.auto_tile_size(state),
            corner_figures=teach._corner_figures(state),
            lang="en",
        )
    )
    assert czech != before and "Kartička" in czech and "Kartička" not in before
    tiles = len(state.board.tiles)
    assert f'aria-label="Carcassonne board with {tiles} tiles"' in before
    assert f'aria-label="Hrací plocha Carcassonne s {tiles} kartičkami"' in czech


def test_a_tile_by_itself_in_italian_and_czech():
    tile = catalogue("base")["D"]
    english = _titles(tile_svg(tile, 90))
    assert english[0] == f"Tile D: {tile.name} (×{tile.count}), turned 90°"
    italian = _titles(tile_svg(tile, 90, lang="it"))
    czech = _titles(tile_svg(tile, 90, lang="cs"))
    assert italian[0].startswith("Tessera D: ") and "ruotata di 90°" in italian[0]
    assert czech[0].startswith("Kartička D: ") and "otočená o 90°" in czech[0]
    # every segment named in the language ("... della tessera", "... kartičky")
    assert all("della tessera" in t for t in italian[1:] if t.startswith("Tessera D: "))
    assert any("kartičky" in t for t in czech[1:])


def test_hostile_player_names_stay_escaped_in_czech():
    game = random_game(5, (HOSTILE, "Bob"), expansions=("base",))
    shown = []
    for index in range(0, len(game.events), 5):
        svg = board_svg(game.replay(index).board, players=game.players, lang="cs")
        root = ET.fromstring(svg)  # the name's markup escaped, \x01 and \x02 replaced
        shown += [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert any('hráče <b>"Al"</b>&\ufffd\ufffd: ' in t for t in shown)


def test_the_placement_report_in_czech_and_italian_by_hand():
    state = examples.load("first-turns").replay(3)
    assert teach.placement_report(state, "en").split("\n") == [
        "Tile **E** (City cap) went to (0, -1), turned 180°.",
        "- The tile's city joins 1 other tile: the city of 2 tiles — **complete!**",
        "- The tile's field starts a new one: the farm of 1 tile",
    ]
    assert teach.placement_report(state, "cs").split("\n") == [
        "Kartička **E** (Kousek města) šla na (0, -1), otočená o 180°.",
        "- Město kartičky se připojuje k 1 další kartičce: město o 2 kartičkách — **dokončeno!**",
        "- Louka kartičky zakládá nové území: louka o 1 kartičce",
    ]
    italian = teach.placement_report(state, "it")
    assert italian.startswith("La tessera **E** (Pezzo di città) è andata in (0, -1)")
    assert "si unisce a 1 altra tessera" in italian and "**completata!**" in italian


@pytest.fixture(scope="module")
def demo():
    return compare_games(examples.load(DEMO_GAME), RuleSide("hig-original"), RuleSide("rgg"))


@pytest.mark.parametrize("lang", ["it", "cs"])
def test_the_comparison_says_its_events_citations_and_title_in_the_language(demo, lang):
    text = comparison_text(demo, lang)
    english = comparison_text(demo, "en")
    title = bundled_title(demo.game.title, lang)
    assert title != demo.game.title
    assert text.split("\n")[0] == title and english.split("\n")[0] == demo.game.title
    k = demo.first_difference
    for e in (demo.a.events[k], demo.b.events[k]):
        assert e.text_in(lang) in text and e.text not in text
    for note in demo.footnotes:
        assert cite(get(note), lang) in text and cite(get(note), lang) != cite(get(note), "en")
    assert demo.to_json()["game"] == demo.game.title  # the JSON stays English


@pytest.mark.parametrize(
    ("lang", "asked", "hint"),
    [("it", "Che cosa cambia?", "Premi"), ("cs", "Co se změní?", "Stiskněte")],
)
def test_the_two_editions_lesson_in_the_language(demo, lang, asked, hint):
    stops = two_editions.classroom_stops(demo, lang)
    english = two_editions.classroom_stops(demo)
    assert [s.kind for s in stops] == [s.kind for s in english]
    assert [s.index for s in stops] == [s.index for s in english]
    assert stops[0].title == asked
    question = two_editions.outcome_question(demo, lang)
    first = two_editions.outcome_question(demo)
    assert question.choices.index(question.answer) == first.choices.index(first.answer)
    assert not set(question.choices) & set(two_editions.OUTCOMES)
    asked_html = two_editions.classroom_html(demo, 0, revealed=False, lang=lang)
    assert hint in asked_html and "What does the class predict?" not in asked_html
    assert bundled_title(demo.game.title, lang) in asked_html
    parting = two_editions.classroom_html(demo, 1, revealed=True, lang=lang)
    ET.fromstring(parting.replace("<br>", "<br/>"))
    assert demo.a.events[stops[1].index].text_in(lang) in parting
    notes = two_editions.presenter_notes_markdown(demo, 0, lang)
    for note in demo.footnotes:
        assert cite(get(note), lang) in notes
        assert get(note).title_in(lang).split()[0] in notes
    frames = two_editions.stage_frames(demo, markdown_html=lambda text: text, lang=lang)
    assert frames[0].label.endswith(asked)


def test_a_bundled_games_title_and_notes_are_translated_a_users_own_are_not():
    game = examples.load("first-turns")
    assert game.example == "first-turns"
    assert title_in(game, "cs") == "První tahy: cesta, dvě města a klášter"
    mine = load_game(examples.data("first-turns"), source="first-turns.json")
    assert mine.example is None
    assert title_in(mine, "cs") == mine.title == game.title
    note = next(e.data["note"] for e in game.events if (e.data or {}).get("note"))
    assert note_in(mine, note, "cs") == note  # a user's own file, even with the same words
    assert note_in(game, "A note nobody translated.", "it") == "A note nobody translated."


@pytest.mark.parametrize(
    ("lang", "key", "count"),
    [
        ("it", "Che cosa mostrano le figure sul tavolo", "il Conte (di nessuno, con la corona)"),
        ("cs", "Co znamenají obrázky na ploše", "hrabě (ničí, s korunou)"),
    ],
)
def test_the_key_and_the_citys_quarters_in_the_language(lang, key, count):
    legend = legend_svg(("base", "count", "abbey-mayor"), lang=lang)
    ET.fromstring(legend)
    assert f"<title>{key}</title>" in legend and f">{count}</text>" in legend
    english = legend_svg(("base", "count", "abbey-mayor"))
    assert "<title>What the pictures on the board show</title>" in english
    assert english.count("<text") == legend.count("<text")
    game = examples.load("count-one-round")
    for index in range(len(game.events) - 1, 0, -1):
        state = game.replay(index)
        corner = teach._corner_figures(state)
        if any(f.player for f in corner):
            break
    titles = _titles(board_svg(state.board, players=game.players, corner_figures=corner, lang=lang))
    waiting = {"it": "in attesa nel quartiere", "cs": "čeká ve čtvrti"}[lang]
    assert any(waiting in t for t in titles)
    assert not [t for t in titles if "quarter" in t or "waiting" in t]


def test_the_feature_graphs_hover_texts_in_czech(mid_game):
    game, index, state = mid_game
    english = _titles(teach.feature_graph_for_event(game, index, state))
    with use_language("cs"):
        czech = _titles(teach.feature_graph_for_event(game, index, state))
    assert len(czech) == len(english)
    assert any(t.startswith("Spojení: ") for t in czech)
    assert any(
        re.fullmatch(r"segment [\w-]+ \((město|louka|cesta|klášter)\) kartičky \(.*\)", t)
        for t in czech
    )
    assert not [t for t in czech if re.search(r"\b(Join|Border|segment \S+ of tile)\b", t)]
    assert any(t.startswith("Join: ") for t in english)

"""Event texts and breakdowns as message ids with parameters (docs/i18n.md, "Event texts").

The English of every event is written from its phrases (``Event.said``) and must be the text
the golden logs pinned; Italian and Czech are written from the same phrases, and a language
never changes what happens in a game.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from carc_teach import examples
from carc_teach.events import Capital, Joined, Names, Said, SaidN, Word, english, render
from carc_teach.i18n import translation, use_language

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("golden_logs", ROOT / "scripts" / "golden_logs.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)  # type: ignore[union-attr]

#: rule-module prefix of an event's rule -> events of the golden games still written as plain
#: English (no message id): none since every rule module writes phrases
STILL_PLAIN: dict[str, int] = {}


@pytest.fixture(scope="module")
def played():
    return list(golden.golden_games())


def _phrases(value):
    """Every message phrase (a dict with ``msg``) inside a phrase."""
    if type(value) is not dict:
        return
    if "msg" in value:
        yield value
        for k, v in value.items():
            if k not in ("msg", "plural", "n", "ctx"):
                yield from _phrases(v)
    for v in (*value.get("join", ()), *value.get("names", ()), value.get("capital")):
        yield from _phrases(v)


def test_every_golden_event_written_from_its_message_ids_is_the_recorded_english(played):
    """The English written from the phrases is byte for byte the English the golden logs
    recorded (their digest), and each event's ``text`` and ``breakdown`` are what its phrases
    give in English."""
    recorded = json.loads(golden.FIXTURE.read_text())
    changed = []
    for name, game in played:
        for event in game.events:
            if event.said:
                assert event.text == english(event.said)
                assert event.text_in("en") == event.text
            if event.breakdown_said:
                rows = tuple((english(w), p) for w, p in event.breakdown_said)
                assert event.breakdown == rows == event.breakdown_in("en")
        if golden.digest(game) != recorded[name]:
            changed.append(name)
    assert not changed, f"{len(changed)} logs changed, first: {changed[:3]}"


def test_events_still_written_as_plain_english_are_counted(played):
    plain: Counter[str] = Counter()
    for _, game in played:
        for event in game.events:
            if event.said is None:
                plain[event.rule.split(".")[0] or event.kind] += 1
    assert dict(plain) == STILL_PLAIN


def test_every_message_of_the_golden_events_is_translated(played):
    """Every message id the golden games use (game words named through a variable too) has
    an Italian and a Czech translation, and writing them leaves no field unfilled."""
    seen: dict[tuple, dict] = {}
    for _, game in played:
        for event in game.events:
            for s in (event.said, *(w for w, _ in event.breakdown_said)):
                for said in _phrases(s):
                    seen.setdefault((said.get("ctx"), said["msg"]), said)
    assert len(seen) > 60
    missing = []
    for lang in ("it", "cs"):
        catalogue = translation(lang)
        for (ctx, message), said in seen.items():
            plural = said.get("plural")
            if plural is not None:
                if ctx:
                    found = catalogue.npgettext(ctx, message, plural, 5)
                else:
                    found = catalogue.ngettext(message, plural, 5)
                if found in (message, plural):
                    missing.append((lang, ctx, message))
            else:
                found = catalogue.pgettext(ctx, message) if ctx else catalogue.gettext(message)
                if found == message and not message.startswith("{"):
                    missing.append((lang, ctx, message))
    assert not missing, missing[:10]


@pytest.mark.parametrize("name", ["full-game", "count-city", "shrines-abbey-wagon", "king-robber"])
def test_a_game_is_the_same_in_every_language_and_only_its_texts_differ(name):
    """Played with Italian or Czech as the current language, a game's JSON (English texts
    included) is the same; its texts in those languages differ from the English but name the
    same players and numbers of points."""
    logs = {}
    for lang in ("en", "it", "cs"):
        with use_language(lang):
            game = examples.load(name)
            logs[lang] = (json.dumps(game.to_json(), sort_keys=True), game)
    english_game = logs["en"][1]
    for lang in ("it", "cs"):
        assert logs[lang][0] == logs["en"][0]
        texts = english_game.texts(lang)
        assert len(texts) == len(english_game.events)
        for event, text in zip(english_game.events, texts, strict=True):
            assert "{" not in text and text
            if event.kind == "points":
                assert event.player in text and str(event.points) in text
                assert [p for _, p in event.breakdown_in(lang)] == [p for _, p in event.breakdown]
        translated = sum(t != e.text for t, e in zip(texts, english_game.events, strict=True))
        assert translated == sum(1 for e in english_game.events if e.said is not None)


def test_phrases_render_by_hand():
    """Hand-written expectations: plural forms (Czech has three), a list, a capital, a
    nested phrase, a game word."""
    tiles = [
        SaidN(msg="the city of {n} tile", plural="the city of {n} tiles", n=n) for n in (1, 3, 5)
    ]
    assert [render(t, "en") for t in tiles] == [
        "the city of 1 tile",
        "the city of 3 tiles",
        "the city of 5 tiles",
    ]
    assert [render(t, "cs") for t in tiles] == [
        "město o 1 kartičce",
        "město o 3 kartičkách",
        "město o 5 kartičkách",
    ]
    rows = [SaidN(msg="{n} tile × 1", plural="{n} tiles × 1", n=n) for n in (1, 2, 5)]
    assert [render(r, "cs") for r in rows] == ["1 kartička × 1", "2 kartičky × 1", "5 kartiček × 1"]
    assert [render(r, "it") for r in rows] == ["1 tessera × 1", "2 tessere × 1", "5 tessere × 1"]
    assert render(Names(["A", "B", "C"]), "it") == "A, B e C"
    assert render(Names(["A", "B"]), "en") == "A and B"
    assert render(Capital(Word("the Count")), "it") == "Il Conte"
    nested = Said(msg="{player} wins.", player="Bob")
    assert render(
        Said(msg="Final scores: {summary}. {verdict}", summary="Bob 9", verdict=nested), "cs"
    ) == ("Konečné skóre: Bob 9. Vítězí Bob.")
    # a phrase is a plain dict: the same message and parameters make an equal phrase
    assert tiles[0] == SaidN(msg="the city of {n} tile", plural="the city of {n} tiles", n=1)
    assert english(Joined([tiles[0], "+", 2])) == "the city of 1 tile + 2"


def test_no_rule_module_writes_an_event_text_as_plain_english():
    """Beyond the golden games (options and house rules they do not play): no call that makes
    an event (emit, award, deploy_figure, move_figure, return_figure) is given an f-string or
    a literal text as its ``text``, ``why`` or ``breakdown``."""
    import ast

    found = []
    for path in sorted((ROOT / "carc_teach").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr not in (
                "emit",
                "award",
                "deploy_figure",
                "move_figure",
                "return_figure",
            ):
                continue
            for keyword in node.keywords:
                if keyword.arg not in ("text", "why", "breakdown"):
                    continue
                value = keyword.value
                branches = [value.body, value.orelse] if isinstance(value, ast.IfExp) else [value]
                for v in branches:
                    if isinstance(v, ast.JoinedStr | ast.BinOp) or (
                        isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {keyword.arg}")
    assert not found, found


def test_the_stepping_views_show_event_texts_and_breakdowns_in_the_page_language():
    """The explanation of an event and "why this many points" (the stepper's score stories)
    in Italian and Czech; in English exactly as before."""
    from carc_teach import teach
    from carc_teach.text import escape_markdown

    game = examples.load("full-game")
    event = next(e for e in game.events if e.kind == "points" and len(e.breakdown) == 2)
    english_view = teach.explanation_markdown(event, lang="en")
    assert escape_markdown(event.text) in english_view and "| how | points |" in english_view
    italian = teach.explanation_markdown(event, lang="it")
    assert escape_markdown(event.text_in("it")) in italian and "| come | punti |" in italian
    assert event.text not in italian
    last = len(game.events) - 1
    czech = teach.score_story_markdown(game, last, event.player, "cs")
    for what, _ in event.breakdown_in("cs"):
        assert escape_markdown(what) in czech
    assert "**celkem**" in czech and "| how |" not in czech
    assert "| event | turn | how | points |" in teach.score_story_markdown(game, last, event.player)


def test_every_segment_name_written_from_its_phrase_is_the_english_one():
    """Every segment of every tile of every tile set, in every rotation: the phrase's English
    is what segment_words says (events name segments through the phrase), and Italian and
    Czech write a name for it with no English game word left."""
    from carc_teach.tiles import catalogue, orient, segment_phrase, segment_words, tile_sets

    seen = 0
    for name in tile_sets():
        for tile_type in catalogue(name).tiles:
            for rotation in (0, 90, 180, 270):
                tile = orient(tile_type, rotation)
                for seg in tile.segments:
                    for at in (None, (2, -1)):
                        phrase = segment_phrase(tile, seg.id, at=at)
                        assert english(phrase) == segment_words(tile, seg.id, at=at)
                        for lang in ("it", "cs"):
                            text = render(phrase, lang)
                            assert "{" not in text and "tile" not in text and "field" not in text
                        seen += 1
    assert seen > 1000

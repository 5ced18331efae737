"""Tile names in Italian and Czech (docs/i18n.md, "Tile names"): every shipped tile name is
translated, and an event naming a tile names it in the event's language."""

from __future__ import annotations

import re

import pytest

from carc_teach import examples
from carc_teach.errors import CarcTeachError
from carc_teach.events import Said, TileName, render
from carc_teach.i18n import names as tn
from carc_teach.i18n import texts
from carc_teach.tiles import catalogue, tile_names, untranslated_names

LANGS = ("it", "cs")

#: English game words that must not survive in a translated name
_ENGLISH_WORDS = re.compile(
    r"\b(city|cities|road|roads|cloister|field|pennant|river|tile|with|and|the|of)\b"
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_name_is_translated_and_none_left_over(lang):
    names = tn.names("tile", lang)
    english = tile_names()
    assert len(english) == 88
    assert untranslated_names(lang) == []
    assert sorted(set(names) - set(english)) == [], "names no tile set has any more"
    for name in english:
        written = names[name]
        assert written != name, name
        assert not _ENGLISH_WORDS.search(written), (name, written)
        # nothing dropped: the same bracketed parts, colons and Roman numerals
        for mark in ("(", ":", " II"):
            assert written.count(mark) == name.count(mark), (name, written, mark)


def test_a_tile_name_by_hand_and_english_unchanged():
    assert render(TileName("Cloister with a road"), "en") == "Cloister with a road"
    assert render(TileName("Cloister with a road"), "it") == "Monastero con strada"
    assert render(TileName("Cloister with a road"), "cs-CZ") == "Klášter s cestou"
    assert tn.tile_name("Shrine in a field", "it") == "Santuario in un prato"
    # a name no file knows (a reworded English, a home-made tile set) stays English
    assert render(TileName("A tile of my own"), "cs") == "A tile of my own"
    said = Said(
        msg="{player} draws tile {tile} ({name}).",
        player="Eva",
        tile="B",
        name=TileName("Cloister"),
    )
    assert render(said, "en") == "Eva draws tile B (Cloister)."
    assert "(Klášter)" in render(said, "cs")
    assert "(Monastero)" in render(said, "it")


def test_a_translated_game_names_its_tiles_in_the_language():
    game = examples.load("full-game")
    drawn = [(i, e) for i, e in enumerate(game.events) if e.kind == "tile-drawn"]
    assert drawn
    for lang in LANGS:
        texts = game.texts(lang)
        for i, event in drawn:
            english = catalogue("base")[event.tile].name
            assert f"({tn.names('tile', lang)[english]})." in texts[i], texts[i]
            assert english not in texts[i]
        # the English text is untouched by the translations
        assert all(e.text.endswith(f"({catalogue('base')[e.tile].name}).") for _, e in drawn)


def test_a_broken_file_is_a_one_line_error(tmp_path, monkeypatch):
    folder = tmp_path / "data" / "it"
    folder.mkdir(parents=True)

    class Files:
        def joinpath(self, *parts):
            return tmp_path.joinpath(*parts)

    monkeypatch.setattr(texts.resources, "files", lambda package: Files())  # the shared loader
    for text, error in (
        ("[names]\n'Cloister' = ", "not valid TOML"),
        ("[names]\n'Cloister' = ''\n", "the name for 'Cloister' is empty"),
        ("title = 'x'\n", "needs a [names] table"),
    ):
        (folder / "tiles.toml").write_text(text, encoding="utf-8")
        texts.keyed_texts.cache_clear()
        with pytest.raises(CarcTeachError, match=re.escape(error)) as caught:
            tn.names("tile", "it")
        assert "\n" not in str(caught.value) and "i18n/data/it/tiles.toml" in str(caught.value)
    texts.keyed_texts.cache_clear()

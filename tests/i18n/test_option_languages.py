"""The rule options and edition presets in Italian and Czech (``carc_teach/i18n/data/<lang>/
options.toml``, docs/i18n.md): every one translated from the current English, with a note for
every value, the same numbers and record ids, and shown by ``carc-teach options``."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from carc_teach.cli import main
from carc_teach.editions import (
    OPTIONS,
    PRESETS,
    option,
    option_fingerprint,
    preset_fingerprint,
    translated_option,
    translated_preset,
)
from carc_teach.i18n.texts import translations

LANGS = ("it", "cs")
#: numbers, record ids (ckr-7, car-163, SH-1) and option values quoted in the English
_FACTS = re.compile(r"[A-Za-z]+-\d+|\d+")


def _facts(text: str) -> list[str]:
    return sorted(_FACTS.findall(text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_and_preset_is_translated_from_the_current_english(lang):
    stale = [
        f"option {o.id}: source = {option_fingerprint(o)!r}"
        for o in OPTIONS
        if translated_option(o, lang) is o
    ] + [
        f"preset {p.id}: source = {preset_fingerprint(p)!r}"
        for p in PRESETS.values()
        if translated_preset(p, lang) is p
    ]
    assert not stale, f"shown in English in {lang} (translate anew, then set): " + "; ".join(stale)
    written = translations("carc_teach.i18n", "data", "options.toml", lang, "option")
    assert set(written) == {o.id for o in OPTIONS}  # nothing left over from a removed option


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_every_value_number_and_record(lang):
    for english in OPTIONS:
        said = translated_option(english, lang)
        assert (said.id, said.values, said.default) == (english.id, english.values, english.default)
        assert said.title and said.title != english.title
        assert said.explanation != english.explanation
        assert _facts(said.explanation) == _facts(english.explanation), english.id
        for (value, note), (same, theirs) in zip(
            english.value_notes, said.value_notes, strict=True
        ):
            assert value == same and theirs and theirs != note, (english.id, value)
            assert _facts(theirs) == _facts(note), (english.id, value)
    for english in PRESETS.values():
        said = translated_preset(english, lang)
        assert said.values == english.values and said.notes != english.notes
        assert _facts(said.notes) == _facts(english.notes), english.id


def test_english_and_a_reworded_english_come_back_unchanged():
    count = option("count.deploy-trigger")
    assert translated_option(count, "en") is count
    reworded = replace(count, title="What lets a player deploy to the city?")
    assert translated_option(reworded, "it") is reworded  # its translation is of older English
    assert translated_option(count, "it").describe("completion").startswith("solo una strada")
    rgg = PRESETS["rgg"]
    assert translated_preset(rgg, "cs").title.startswith("Rio Grande Games, anglická pravidla")


@pytest.mark.parametrize(
    ("lang", "title", "note", "preset"),
    [
        (
            "it",
            "count.deploy-trigger  Che cosa permette a chi ha posato una tessera di piazzare",
            "'completion'  solo una strada, una città o un monastero completati",
            "  hig-original: Hans im Glück, regole originali delle piccole espansioni (HiG, "
            "originale, 2003)",
        ),
        (
            "cs",
            "count.deploy-trigger  Co dovolí hráči, který položil kartičku, umístit družiníka",
            "'completion'  jen cesta, město nebo klášter dokončené kartičkou",
            "  hig-original: Hans im Glück, původní pravidla malých rozšíření (HiG, původní, 2003)",
        ),
    ],
)
def test_the_options_command_speaks_the_language_and_its_json_stays_english(
    capsys, lang, title, note, preset
):
    assert main(["--lang", lang, "options", "--expansion", "count"]) == 0
    out = capsys.readouterr().out
    assert title in out and note in out and preset in out
    assert "What lets the player" not in out
    assert main(["--lang", lang, "options", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["options"][1]["title"] == option("count.deploy-trigger").title

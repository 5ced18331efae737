"""The engine's errors said in Italian and Czech (docs/i18n.md, "Errors"): the English message
stays byte for byte, the place (file, move, action, field) and the reason are translated where
the error is shown."""

from __future__ import annotations

import pickle

import pytest

from carc_teach.cli import main
from carc_teach.errors import GameFileError, IllegalMoveError, Phrase, nphrase, phrase
from carc_teach.gamefile import load_game
from carc_teach.i18n.errors import error_text

BAD_ROTATION = {
    "format": "carc-teach-game",
    "version": 2,
    "setup": {"players": ["Alice", "Bob"]},
    "moves": [{"x": 1, "y": 0, "rotation": 45}],
}
FAR_AWAY = {
    "format": "carc-teach-game",
    "version": 2,
    "setup": {"players": ["Alice", "Bob"], "tile_order": ["E", "E"]},
    "moves": [{"x": 5, "y": 0, "rotation": 0}],
}


def _error(data) -> GameFileError:
    with pytest.raises(GameFileError) as caught:
        load_game(data, source="bad.json")
    return caught.value


def test_a_phrase_is_its_english_text_and_keeps_its_id():
    said = phrase("must be at least {lo}, not {value}", lo=1, value="'x'")
    assert said == "must be at least 1, not 'x'" and isinstance(said, str)
    assert said.message == "must be at least {lo}, not {value}" and said.params["lo"] == 1
    assert pickle.loads(pickle.dumps(said)).params == said.params
    one = nphrase("it fits in {n} place", "it fits in {n} places", 1)
    assert (one, nphrase("it fits in {n} place", "it fits in {n} places", 0)) == (
        "it fits in 1 place",
        "it fits in 0 places",
    )


def test_a_bad_field_in_italian_and_czech_with_its_place():
    error = _error(BAD_ROTATION)
    assert str(error) == (
        "bad.json, move 1, field 'rotation': rotation is in degrees clockwise and must be "
        "0, 90, 180 or 270, not 45"
    )
    assert error_text(error, "en") == str(error)
    assert error_text(error, "it") == (
        "bad.json, mossa 1, campo 'rotation': la rotazione è in gradi in senso orario e deve "
        "essere 0, 90, 180 o 270, non 45"
    )
    assert error_text(error, "cs") == (
        "bad.json, tah 1, položka 'rotation': otočení se udává ve stupních po směru "
        "hodinových ručiček a musí být 0, 90, 180 nebo 270, ne 45"
    )


def test_an_illegal_placement_says_the_rule_and_the_board_in_the_language():
    error = _error(FAR_AWAY)
    assert isinstance(error, IllegalMoveError) and error.refusal.rule == "base.place"
    assert str(error).startswith("bad.json, move 1, field 'x': tile E cannot go at (5, 0)")
    italian = error_text(error, "it")
    assert italian.startswith("bad.json, mossa 1, campo 'x': la tessera E non può andare in (5, 0)")
    assert "non tocca con nessun lato" in italian and italian.endswith("(regola base.place)")
    czech = error_text(error, "cs")
    assert "se žádnou stranou nedotýká" in czech and czech.endswith("(pravidlo base.place)")


def test_nested_phrases_and_plural_forms_are_said_in_the_same_language():
    error = _error({**BAD_ROTATION, "moves": [[]]})
    assert str(error).endswith("a move is an object, not an array")
    assert error_text(error, "it").endswith("una mossa è un oggetto, non un array")
    assert error_text(error, "cs").endswith("tah je objekt, ne pole")
    three = nphrase(
        "tile {tile} cannot be set aside: it fits in {n} place",
        "tile {tile} cannot be set aside: it fits in {n} places",
        3,
        tile="D",
    )
    czech = error_text(GameFileError(three, move=2, field="discard"), "cs")
    assert czech == "tah 2, položka 'discard': kartičku D nelze odložit: hodí se na 3 místa"


def test_a_plain_english_reason_stays_english_inside_the_translated_place():
    error = GameFileError("something a module says", source="x.json", move=3)
    assert error_text(error, "it") == "x.json, mossa 3: something a module says"
    assert isinstance(error.reason, str) and not isinstance(error.reason, Phrase)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("it", "carc-teach options: errore: impostazione di edizione sconosciuta 'nope'"),
        ("cs", "carc-teach options: chyba: neznámá předvolba 'nope'"),
    ],
)
def test_the_cli_says_an_engine_error_in_the_language(capsys, lang, expected):
    status = main(["--lang", lang, "options", "--preset", "nope"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith(expected), err

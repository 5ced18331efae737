"""``--lang`` on the command line: the CLI's own words change, the game's outcome never does."""

from __future__ import annotations

import json

import pytest

from carc_teach.cli import main
from carc_teach.i18n.game_texts import bundled_title


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_in_italian_and_czech_keeps_the_events_and_the_scores(capsys):
    _, english, _ = _run(capsys, "replay", "shared-city")
    _, italian, _ = _run(capsys, "--lang", "it", "replay", "shared-city")
    _, czech, _ = _run(capsys, "replay", "shared-city", "--lang=cs")
    # the same events, with the same numbers and points, told in each language
    for lang, other in (("it", italian), ("cs", czech)):
        lines, english_lines = other.splitlines(), english.splitlines()
        # the bundled game's title in the language (data/<lang>/games.toml)
        assert len(lines) == len(english_lines)
        assert lines[0] == bundled_title(english_lines[0], lang) != english_lines[0]
        for line, english_line in zip(lines[1:-1], english_lines[1:-1], strict=True):
            assert line[:14] == english_line[:14] and line != english_line
            assert line.endswith(f"  +{line.rsplit('  +', 1)[-1]}") == english_line.endswith(
                f"  +{line.rsplit('  +', 1)[-1]}"
            )
    assert italian.splitlines()[1].startswith(" 0  T0   setup La tessera iniziale")
    assert czech.splitlines()[1].startswith(" 0  T0   setup Startovní kartička")
    assert english.splitlines()[-1] == "scores: Alice 8, Bob 8"
    assert italian.splitlines()[-1] == "punteggi: Alice 8, Bob 8"
    assert czech.splitlines()[-1] == "skóre: Alice 8, Bob 8"


@pytest.mark.parametrize("lang", ["it", "cs"])
def test_the_json_of_a_replay_and_of_simulated_games_is_the_same_in_every_language(capsys, lang):
    _, english, _ = _run(capsys, "replay", "count-city", "--json")
    _, other, _ = _run(capsys, "--lang", lang, "replay", "count-city", "--json")
    assert other == english
    _, english, _ = _run(capsys, "simulate", "--seed", "4", "--games", "2", "--json")
    _, other, _ = _run(capsys, "simulate", "--seed", "4", "--games", "2", "--json", "--lang", lang)
    drop_time = [json.loads(text)["games"] for text in (english, other)]
    assert drop_time[0] == drop_time[1]


def test_simulate_speaks_czech_with_czech_plurals_and_numbers(capsys, monkeypatch):
    monkeypatch.setenv("CARC_TEACH_LANG", "cs")
    status, out, _ = _run(capsys, "simulate", "--seed", "1", "--games", "2")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("semínko      1: 71 tahů, 322 událostí; Alice 9, Bob 8")
    assert lines[2].startswith("2 partie za ") and "," in lines[2]  # a decimal comma


def test_errors_are_one_line_in_the_chosen_language(capsys):
    status, _, err = _run(capsys, "--lang", "it", "render", "missing.json")
    assert (status, err) == (2, "carc-teach render: errore: missing.json: il file non esiste\n")
    status, _, err = _run(capsys, "--lang", "cs", "simulate", "--players", "9")
    assert (status, err) == (2, "carc-teach simulate: chyba: --players musí být od 1 do 6, ne 9\n")
    # argparse's own words too
    status, _, err = _run(capsys, "--lang", "cs", "simulate", "--games", "x")
    assert status == 2 and "chyba: argument --games: neplatná hodnota typu int: 'x'" in err


def test_an_unknown_language_is_one_line_naming_the_choices(capsys):
    status, out, err = _run(capsys, "--lang", "de", "replay", "shared-city")
    assert status == 2 and out == ""
    assert err == (
        "carc-teach: error: --lang: unknown language 'de': choose one of en, it, cs "
        "(English, Italiano, Čeština)\n"
    )


def test_the_help_is_in_the_chosen_language_and_english_comes_back_after(capsys):
    status, out, _ = _run(capsys, "--lang", "it", "replay", "--help")
    assert status == 0 and out.startswith("uso: carc-teach replay")
    assert "si ferma dopo l'evento N (contando da 0)" in out
    _, out, _ = _run(capsys, "replay", "--help")
    assert out.startswith("usage: carc-teach replay") and "stop after event N" in out

"""The Play page's set-up and take-over errors (``carc_teach/play.py``: seats, players' names,
seed, tiles, options, expansions, preset, who takes over where) say what is wrong in the page's
language (docs/i18n.md, "Errors"): each is a phrase, so the page's callout
(``play_ui.Table``) says it in Italian or Czech, while ``str(error)`` stays the English it
always was, byte for byte (pinned below, one bad input per message). The players' names are
kept as typed.
"""

from __future__ import annotations

import html
import re

import pytest
from said_in_languages import assert_said_in_every_language

from carc_teach import examples
from carc_teach.actions import MoveFigure
from carc_teach.errors import CarcTeachError
from carc_teach.play import PlaySession, Seat, parse_options

#: what a translation keeps: quoted values, numbers, the lists to choose from, option=value
_KEPT = re.compile(r"'[^']*'|\d+|\([^)]*\)$|(?<=from ).*$|option=value")
PEOPLE = (("Ann", "human"), ("Bo", "greedy"))


def _said_in_every_language(error: BaseException, english: str) -> None:
    assert_said_in_every_language(error, english, _KEPT)


def _raises(call) -> CarcTeachError:
    with pytest.raises(CarcTeachError) as info:
        call()
    return info.value


GAME = examples.load("count-city")
LAST = len(GAME.events) - 1

#: name -> (a bad call, its English message as it was before it became a phrase)
CASES = {
    "expansion": (
        lambda: PlaySession.new(PEOPLE, expansions=("zz",)),
        "expansions: unknown expansion 'zz'; choose from base, count, river2, king-robber, "
        "shrines, abbey-mayor, big-follower, inns-cathedrals, builder, pig",
    ),
    "preset": (
        lambda: PlaySession.new(PEOPLE, preset="zz"),
        "preset: unknown edition preset 'zz'; choose from hig-original, hig-ckr-2007, "
        "hig-big-box-2, rgg, rgg-big-box-2",
    ),
    "seed": (
        lambda: PlaySession.new(PEOPLE, seed=-1),
        "seed: -1 is not a whole number from 0 up",
    ),
    "tiles": (
        lambda: PlaySession.new(PEOPLE, tiles=0),
        "tiles: 0 is not a number of tiles from 1 up",
    ),
    "options": (
        lambda: parse_options("count.count-movement"),
        "options: 'count.count-movement' is not of the form option=value",
    ),
    "how many players": (
        lambda: PlaySession.new(PEOPLE[:1]),
        "players: a game seats 2 to 6 players, not 1",
    ),
    "empty name": (
        lambda: PlaySession.new((("", "human"), PEOPLE[1])),
        "player 1: the name is empty",
    ),
    "name with spaces around": (
        lambda: PlaySession.new(((" Ann", "human"), PEOPLE[1])),
        "player 1: the name ' Ann' must have no control characters, no spaces around it and "
        "at most 40 characters",
    ),
    "name twice": (
        lambda: PlaySession.new((PEOPLE[0], ("Ann", "greedy"))),
        "player 2: the name 'Ann' is taken twice",
    ),
    "kind": (
        lambda: PlaySession.new((PEOPLE[0], ("Bo", "zz"))),
        "player 2: unknown kind 'zz'; choose from human, greedy, random",
    ),
    "no person": (
        lambda: PlaySession.new((("Ann", "random"), PEOPLE[1])),
        "players: at least one player must be a person",
    ),
    "seats and set-up": (
        lambda: PlaySession(
            PlaySession.new(PEOPLE).setup, (Seat("Bo", "greedy"), Seat("Ann", "human"))
        ),
        "the seats must name the set-up's players, in order",
    ),
    "humans": (
        lambda: PlaySession.from_game(GAME, humans=("Zed",)),
        f"humans: 'Zed' is not a player of this game ({', '.join(GAME.players)})",
    ),
    "bot": (
        lambda: PlaySession.from_game(GAME, bot="zz"),
        "bot: unknown kind 'zz'; choose from greedy, random",
    ),
    "until": (
        lambda: PlaySession.from_game(GAME, until=100000),
        f"until: the game has events 0 to {LAST}, not 100000",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_a_bad_set_up_is_said_in_every_language(name):
    call, english = CASES[name]
    _said_in_every_language(_raises(call), english)


def test_renaming_a_game_whose_answers_name_a_player_is_said_in_every_language():
    session = PlaySession.new(PEOPLE)
    session._answers.append(MoveFigure("Ann.1", None))  # as a figure moved by its id
    _said_in_every_language(
        _raises(lambda: session.renamed({"Ann": "Anna"})),
        "a game whose answers name a player cannot be renamed",
    )


def test_the_page_says_a_set_up_error_in_its_language_and_escapes_the_name():
    from carc_teach.play_ui import Table

    table = Table()
    form = {"name1": "*Ann*", "kind1": "human", "name2": "*Ann*", "kind2": "greedy"}
    assert not table.start_from_form(form)
    assert table.kind == "danger" and table.session is None
    assert "&#42;Ann&#42;" in table.message_in("it")  # escaped as in English
    said = {lang: html.unescape(table.message_in(lang)) for lang in ("en", "it", "cs")}
    assert said["en"] == "**The game cannot start.** player 2: the name '*Ann*' is taken twice"
    assert "giocatore 2: il nome '*Ann*' è preso due volte" in said["it"]
    assert "hráč 2: jméno '*Ann*' je použito dvakrát" in said["cs"]
    assert not table.start_from_form(form | {"name2": "Bo", "options": "zz"})
    assert "volby pravidel: 'zz' nemá tvar option=value" in html.unescape(table.message_in("cs"))


def test_the_page_says_a_take_over_error_in_its_language():
    from carc_teach.play_ui import Table

    table = Table()
    assert not table.take_over({"bundled": "count-city", "bot": "zz"})
    said = {lang: html.unescape(table.message_in(lang)) for lang in ("en", "it")}
    assert "bot: unknown kind 'zz'; choose from greedy, random" in said["en"]
    assert "bot: tipo sconosciuto 'zz'; scegli tra greedy, random" in said["it"]

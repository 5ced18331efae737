"""Helpers for the Abbey & Mayor scenario tests: small version-2 game files written by hand."""

from __future__ import annotations

import pytest

from carc_teach.errors import GameFileError, IllegalMoveError
from carc_teach.gamefile import load_game

#: a straight west-east road as the start tile: fields north and south of it
ROAD_START = {"tile": "U", "x": 0, "y": 0, "rotation": 90}


def mv(tile, x, y, rotation, *actions, **extra):
    """One move; ``actions`` in the order the engine asks for them."""
    m = {"tile": tile, "x": x, "y": y, "rotation": rotation}
    if actions:
        m["actions"] = list(actions)
    m.update(extra)
    return m


def dep(figure, segment=None, **where):
    """Deploy ``figure`` on a segment (or ``corner=...``) of the placed tile."""
    out = {"type": "deploy", "figure": figure, **where}
    if segment is not None:
        out["segment"] = segment
    return out


ABBEY = {"type": "abbey-mayor.abbey"}


def game_data(
    moves,
    *,
    players=("Blue", "Red"),
    expansions=("base", "abbey-mayor"),
    start=ROAD_START,
    final=False,
    options=None,
    preset=None,
):
    setup = {"players": list(players), "expansions": list(expansions), "start": start}
    rules = {}
    if options:
        rules["options"] = options
    if preset:
        rules["preset"] = preset
    if rules:
        setup["rules"] = rules
    return {
        "format": "carc-teach-game",
        "version": 2,
        "setup": setup,
        "moves": list(moves),
        "final_scoring": final,
    }


def play(moves, **kw):
    return load_game(game_data(moves, **kw))


def error_of(moves, **kw):
    with pytest.raises((GameFileError, IllegalMoveError)) as err:
        play(moves, **kw)
    message = str(err.value)
    assert "\n" not in message and "Traceback" not in message
    return err.value


def points(game, rule=None):
    return [
        (e.player, e.points, e.rule)
        for e in game.events
        if e.kind == "points" and (rule is None or e.rule == rule)
    ]


def events(game, kind, rule=None):
    return [e for e in game.events if e.kind == kind and (rule is None or e.rule == rule)]

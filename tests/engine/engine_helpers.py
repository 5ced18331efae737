"""Helpers for writing engine scenarios compactly."""

from __future__ import annotations

from carc_teach.gamefile import load_game


def move(tile: str, x: int, y: int, rotation: int, segment: str | None = None, **extra):
    """One move; ``segment`` deploys a follower there."""
    m = {"tile": tile, "x": x, "y": y, "rotation": rotation}
    if segment is not None:
        m["deploy"] = {"figure": "follower", "segment": segment}
    m.update(extra)
    return m


def game_dict(moves, players=("Alice", "Bob"), final_scoring=None, **setup):
    d = {
        "format": "carc-teach-game",
        "version": 1,
        "setup": {"players": list(players), **setup},
        "moves": list(moves),
    }
    if final_scoring is not None:
        d["final_scoring"] = final_scoring
    return d


def play_moves(moves, **kw):
    return load_game(game_dict(moves, **kw))


def points_events(game, rule=None):
    return [e for e in game.events if e.kind == "points" and (rule is None or e.rule == rule)]

"""Helpers shared by the engine's CLI commands."""

from __future__ import annotations

from pathlib import Path

from ..errors import CarcTeachError, GameFileError
from ..game import Game

__all__ = ["open_game", "add_game_argument"]


def add_game_argument(parser) -> None:
    parser.add_argument(
        "game",
        metavar="GAME",
        help="a game file (JSON), or the name of a bundled example (see `carc-teach replay --list`)",
    )


def open_game(ref: str) -> Game:
    """Load a game file, or a bundled example when ``ref`` names one and no such file exists."""
    from .. import examples
    from ..gamefile import load_game

    path = Path(ref)
    if path.exists() or ref.endswith(".json") or "/" in ref:
        if not path.exists():
            raise GameFileError("no such file", source=ref)
        return load_game(path)
    if ref in examples.names():
        return examples.load(ref)
    raise CarcTeachError(
        f"{ref}: no such file, and no bundled example of that name (bundled: {', '.join(examples.names())})"
    )

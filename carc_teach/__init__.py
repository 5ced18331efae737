"""carc_teach: a rules engine and teaching toolkit for Carcassonne.

>>> import carc_teach
>>> game = carc_teach.examples.load("first-turns")
>>> game.scores
{'Alice': 15, 'Bob': 8}
"""

from . import examples
from .board import Board, Placement
from .errors import CarcTeachError, GameFileError, IllegalMoveError
from .events import Event
from .game import Game
from .gamefile import load_game
from .setup import Move, Setup
from .state import GameState
from .tiles import catalogue

__version__ = "0.1.0"

__all__ = [
    "Board",
    "CarcTeachError",
    "Event",
    "Game",
    "GameFileError",
    "GameState",
    "IllegalMoveError",
    "Move",
    "Placement",
    "Setup",
    "catalogue",
    "examples",
    "load_game",
    "__version__",
]

"""Seeded random legal games.

A random game shuffles the tile supply with the seed, then each turn places the drawn tile at
a uniformly chosen legal placement and deploys a uniformly chosen figure (or none). The same
seed always gives the same game, on CPython and in Pyodide alike.
"""

from __future__ import annotations

import random

from .game import Game, RandomController, Setup, play

__all__ = ["random_game", "random_games"]

DEFAULT_PLAYERS = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")


def random_game(
    seed: int,
    players: int | tuple[str, ...] = 2,
    *,
    expansions: tuple[str, ...] = ("base",),
    deploy_bias: float | None = None,
) -> Game:
    """Play one random legal game and return it as a :class:`Game` (with its moves).

    ``deploy_bias``: None deploys uniformly among the options and "none"; a number is the
    chance of deploying at all when a figure can be deployed (random players otherwise
    strand their followers in farms very early).

    The returned game's set-up records the seed, so ``game.to_json()`` is a game file that
    replays the very same game.
    """
    names = DEFAULT_PLAYERS[:players] if isinstance(players, int) else tuple(players)
    setup = Setup(
        players=names, expansions=expansions, seed=seed, title=f"Random game, seed {seed}"
    )
    controller = RandomController(random.Random(f"carc-teach:{seed}"), deploy_bias)
    state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state)


def random_games(seed: int, games: int, players: int = 2) -> list[Game]:
    """``games`` random games with seeds ``seed, seed + 1, ...``."""
    return [random_game(seed + k, players) for k in range(games)]

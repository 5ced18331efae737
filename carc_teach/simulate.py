"""Seeded random legal games between simulated players.

A random game shuffles the tile supply with the seed, then each turn places the drawn tile at
a uniformly chosen legal placement and answers every other decision uniformly (passing counted
as one more option). The greedy player (:class:`~carc_teach.controllers.GreedyController`)
looks one placement ahead instead. The same seed always gives the same game, on CPython and
in Pyodide alike.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager

from .controllers import GreedyController, RandomController
from .game import Game
from .setup import Setup
from .turn import play

__all__ = ["random_game", "random_games", "GreedyController", "PLAYER_KINDS"]

DEFAULT_PLAYERS = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
#: the kinds of simulated player ``random_game`` knows
PLAYER_KINDS = ("random", "greedy")


def random_game(
    seed: int,
    players: int | tuple[str, ...] = 2,
    *,
    expansions: tuple[str, ...] = ("base",),
    deploy_bias: float | None = None,
    player: str = "random",
) -> Game:
    """Play one seeded game between simulated players and return it (with its moves).

    ``player``: ``"random"`` (uniform over legal placements and deployments) or ``"greedy"``
    (:class:`GreedyController`). ``deploy_bias`` (random players only): None deploys
    uniformly among the options and "none"; a number is the chance of deploying at all.

    The returned game's set-up records the seed, so ``game.to_json()`` is a game file that
    replays the very same game.
    """
    names = DEFAULT_PLAYERS[:players] if isinstance(players, int) else tuple(players)
    setup = Setup(
        players=names,
        expansions=expansions,
        seed=seed,
        title=f"{player.capitalize()} game, seed {seed}",
    )
    rng = random.Random(f"carc-teach:{seed}")
    if player == "random":
        controller: RandomController = RandomController(rng, deploy_bias)
    elif player == "greedy":
        controller = GreedyController(rng)
    else:
        from .errors import CarcTeachError, phrase

        raise CarcTeachError(
            phrase(
                "unknown kind of player {kind}; choose from {known}",
                kind=repr(player),
                known=", ".join(PLAYER_KINDS),
            )
        )
    with _no_full_collections():
        state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state, controller.final_actions)


@contextmanager
def _no_full_collections() -> Iterator[None]:
    """Keep the cycle collector's full passes out of a game; the young generations are
    collected as usual, and the results do not depend on it.

    A game leaves about a thousand objects that live as long as it does (events, features,
    placed tiles). A caller that keeps its games (a benchmark keeps 200) makes the heap grow,
    and every few games the collector ran a full pass over every object of the process: about
    a quarter of the time per game. Here a full pass waits until the caller's own code
    allocates enough outside a game.
    """
    young, middle, full = gc.get_threshold()
    gc.set_threshold(young, middle, max(full, 1000))
    try:
        yield
    finally:
        gc.set_threshold(young, middle, full)


def random_games(seed: int, games: int, players: int = 2, *, player: str = "random") -> list[Game]:
    """``games`` simulated games with seeds ``seed, seed + 1, ...``."""
    return [random_game(seed + k, players, player=player) for k in range(games)]

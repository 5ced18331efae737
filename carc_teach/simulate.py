"""Seeded random legal games, and a simple greedy player.

A random game shuffles the tile supply with the seed, then each turn places the drawn tile at
a uniformly chosen legal placement and deploys a uniformly chosen figure (or none). The same
seed always gives the same game, on CPython and in Pyodide alike.

The greedy player (:class:`GreedyController`) looks one placement ahead without changing the
board: for every legal placement it works out which features the tile would join or close and
who would score, adds the best follower it could deploy there, and picks the best total (ties
broken by the seeded random generator). It plays a plausible, not a strong, game: good enough
for example games whose scores look like a real table's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .board import NEIGHBOUR_OFFSETS, SURROUNDING_OFFSETS, Placement
from .game import Deployment, Game, GameState, RandomController, Setup, Turn, play
from .tiles import Segment, TileType, opposite_half, orient

__all__ = ["random_game", "random_games", "GreedyController", "PLAYER_KINDS"]

DEFAULT_PLAYERS = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
#: the kinds of simulated player ``random_game`` knows
PLAYER_KINDS = ("random", "greedy")


@dataclass
class _SegmentPreview:
    """What one segment of a tile would become if the tile went to a given square."""

    segment: Segment
    node: tuple[int, int, str]
    joined: list  # existing features it would merge with
    open_after: int
    tiles_after: int
    pennants_after: int


class GreedyController(RandomController):
    """Places where the immediate gain (own points, minus others', plus a good deployment) is
    largest. Never changes the state while looking ahead."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._planned: tuple[int, int, str] | None = None

    # -- looking ahead -------------------------------------------------------------------
    def _preview(
        self, state: GameState, tile_type: TileType, p: Placement
    ) -> list[_SegmentPreview]:
        tile = orient(tile_type, p.rotation)
        features = state.board.features
        joined: list[list] = [[] for _ in tile.segments]
        matched = [0] * len(tile.segments)
        for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
            other = state.board.tiles.get((p.x + dx, p.y + dy))
            if other is None:
                continue
            i = tile.side_segment[side]
            if i is not None:
                j = other.tile.side_segment[(side + 2) % 4]
                f = features.feature_of((other.x, other.y, other.tile.segments[j].id))  # type: ignore[index]
                matched[i] += 1
                if f not in joined[i]:
                    joined[i].append(f)
            for half in (2 * side, 2 * side + 1):
                i = tile.half_segment[half]
                if i is None:
                    continue
                j = other.tile.half_segment[opposite_half(half)]
                f = features.feature_of((other.x, other.y, other.tile.segments[j].id))  # type: ignore[index]
                if f not in joined[i]:
                    joined[i].append(f)
        out = []
        for i, seg in enumerate(tile.segments):
            tiles = {(p.x, p.y)}
            for f in joined[i]:
                tiles |= f.tiles
            out.append(
                _SegmentPreview(
                    seg,
                    (p.x, p.y, seg.id),
                    joined[i],
                    sum(f.open_edges for f in joined[i]) + len(seg.sides) - 2 * matched[i],
                    len(tiles),
                    seg.pennants + sum(f.pennants for f in joined[i]),
                )
            )
        return out

    def _value(self, state: GameState, turn: Turn, p: Placement) -> tuple[float, tuple | None]:
        me = turn.player
        previews = self._preview(state, turn.tile, p)  # type: ignore[arg-type]
        value = 0.0
        for pv in previews:
            if pv.segment.kind not in ("road", "city") or not pv.joined:
                continue
            strengths: dict[str, int] = {}
            for f in pv.joined:
                for fig in f.figures:
                    strengths[fig.player] = strengths.get(fig.player, 0) + 1
            if not strengths:
                continue
            best = max(strengths.values())
            winners = [q for q, s in strengths.items() if s == best]
            if pv.open_after == 0:
                points = pv.tiles_after * (2 if pv.segment.kind == "city" else 1)
                points += 2 * pv.pennants_after if pv.segment.kind == "city" else 0
                value += points if me in winners else 0
                value -= points * sum(1 for q in winners if q != me) / max(1, len(winners))
            elif me in winners:
                value += 0.6
            else:
                value -= 0.4
        for cloister in state.board.features.cloisters_around((p.x, p.y), include_self=False):
            owners = {fig.player for fig in cloister.figures}
            gain = 9 if cloister.neighbours == 7 else 1
            value += gain if me in owners else -gain * 0.6 * len(owners)
        # the best follower to deploy on this tile, if any
        best_deploy, best_deploy_value = None, 0.0
        if any(f.kind == "follower" for f in state.supply[me]):
            followers_left = sum(1 for f in state.supply[me] if f.kind == "follower")
            cost = 1.0 if followers_left > 3 else 2.5
            tiles_left = len(state.bag)
            for pv in previews:
                if any(f.figures for f in pv.joined):
                    continue
                kind = pv.segment.kind
                if kind == "road":
                    worth = pv.tiles_after if pv.open_after == 0 else 0.5 * (pv.tiles_after + 1)
                elif kind == "city":
                    if pv.open_after == 0:
                        worth = 2 * pv.tiles_after + 2 * pv.pennants_after
                    else:
                        worth = 1.2 * (pv.tiles_after + pv.pennants_after) + 1
                elif kind == "cloister":
                    around = sum(
                        (p.x + dx, p.y + dy) in state.board.tiles for dx, dy in SURROUNDING_OFFSETS
                    )
                    worth = 9 if around == 8 else 1.5 + 0.8 * around
                else:  # a field: worth it late, next to finished cities
                    cities = set()
                    for f in pv.joined:
                        cities.update(
                            id(c) for c in state.board.features.bordering_cities(f) if c.complete
                        )
                    worth = 3 * len(cities) - 2 if tiles_left < 30 else -1
                if (
                    pv.open_after == 0
                    and kind in ("road", "city")
                    or (kind == "cloister" and worth == 9)
                ):
                    worth += cost  # the follower comes straight back
                if worth - cost > best_deploy_value:
                    best_deploy, best_deploy_value = pv.node, worth - cost
        return value + best_deploy_value, best_deploy

    # -- decisions -----------------------------------------------------------------------
    def placement(self, state: GameState, turn: Turn) -> Placement:
        assert turn.tile is not None
        best: list[tuple[Placement, tuple | None]] = []
        best_value = float("-inf")
        for p in state.board.legal_placements(turn.tile):
            value, deploy = self._value(state, turn, p)
            if value > best_value + 1e-9:
                best, best_value = [(p, deploy)], value
            elif abs(value - best_value) <= 1e-9:
                best.append((p, deploy))
        choice, self._planned = best[self.rng.randrange(len(best))]
        return choice

    def deployment(
        self, state: GameState, turn: Turn, options: list[Deployment]
    ) -> Deployment | None:
        planned, self._planned = self._planned, None
        return next((o for o in options if o.node == planned and o.figure == "follower"), None)


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
        from .errors import CarcTeachError

        raise CarcTeachError(
            f"unknown kind of player {player!r}; choose from {', '.join(PLAYER_KINDS)}"
        )
    state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state)


def random_games(seed: int, games: int, players: int = 2, *, player: str = "random") -> list[Game]:
    """``games`` simulated games with seeds ``seed, seed + 1, ...``."""
    return [random_game(seed + k, players, player=player) for k in range(games)]

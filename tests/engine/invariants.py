"""The invariants every finished game keeps, whatever the expansions (one checker for every
property test).

- Figures are conserved: a player's figure is in its owner's supply exactly once when its
  location is None, and never otherwise; a neutral figure is in no supply.
- Features list exactly the figures standing on their segments.
- Every point is explained by one ``points`` event with a rule id and a breakdown that adds up,
  and the events add up to the scores.
- The incremental features and frontier equal a recomputation from the tiles alone.
- With ``replay``: the game's own file (version 2) replays to the identical event log, and the
  state after a late event rebuilt from a checkpoint equals the one played from the start.
"""

from __future__ import annotations

from carc_teach.features import recompute_features
from carc_teach.gamefile import load_game

__all__ = ["check_game"]


def check_game(game, *, replay: bool = False) -> None:
    state = game.state
    assert state.over and game.events[-1].kind == "game-end"
    assert [e.index for e in game.events] == list(range(len(game.events)))
    supplies = {p: list(state.supply[p]) for p in state.players}
    for fig in state.figures.values():
        if fig.player is None:
            assert all(fig not in figs for figs in supplies.values()), fig
            continue
        held = sum(1 for f in supplies[fig.player] if f is fig)
        assert held == (1 if fig.location is None else 0), fig
    features = state.board.features.features()
    on_nodes = {id(f) for f in state.figures.values() if f.node is not None}
    listed = [f for feature in features for f in feature.figures]
    assert len(listed) == len({id(f) for f in listed}) == len(on_nodes)
    for feature in features:
        for fig in feature.figures:
            assert fig.node in feature.nodes and id(fig) in on_nodes, fig
    total = dict.fromkeys(state.players, 0)
    for e in game.events:
        if e.kind == "points":
            assert e.points > 0 and e.rule and e.breakdown, e.text
            assert sum(x for _, x in e.breakdown) == e.points, e.text
            total[e.player] += e.points
        else:
            assert e.points == 0, e.text
    assert total == state.scores
    assert recompute_features(state.board) == state.board.features.summaries()
    board = state.board
    assert all(board.frontier[q] == board.demands(q) for q in board.frontier)
    if replay:
        again = load_game(game.to_json())
        assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
        k = len(game.events) * 2 // 3
        from carc_teach.controllers import MoveListController
        from carc_teach.turn import play

        fresh = play(
            game.setup,
            MoveListController(game.moves, final_actions=game.final_actions),
            until=k,
            final_scoring=game.final_scoring,
        )
        assert again.replay(k).snapshot() == fresh.snapshot()

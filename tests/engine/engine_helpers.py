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


def check_hook_follows(game, module_id: str, hook: str, should_ask, every: int = 3) -> None:
    """Play ``game`` again from its moves and check a hook that its module retires and
    resumes (``GameState.retire_hook`` / ``resume_hook``): at every checkpoint between turns
    the module's ``hook`` is among the state's hooks exactly when ``should_ask(state)``, both
    answers occur, and play resumed from a copy of every ``every``-th checkpoint (as
    ``Game.replay`` does) gives the game's log."""
    from carc_teach.controllers import MoveListController
    from carc_teach.turn import play, resume

    log = [e.to_json() for e in game.events]
    checkpoints = []

    def keep(state, controller, last):
        asked = getattr(state.hooks.by_id[module_id], hook) in getattr(state.hooks, hook)
        wanted = bool(should_ask(state))
        assert asked == wanted, (module_id, hook, state.turn_number)
        checkpoints.append((state.clone(), controller.next, last, wanted))

    play(game.setup, MoveListController(game.moves), on_turn=keep)
    assert {c[3] for c in checkpoints} == {True, False}
    for saved, next_move, last, _ in checkpoints[::every]:
        state = resume(saved.clone(), MoveListController(game.moves, start=next_move), last=last)
        assert [e.to_json() for e in state.events] == log

"""The scripted learner the Play tests share: what a person at the Play page answers, so
that an engine test and a browser test play the very same game.

It places where the greedy player would; deploys a barn, then a wagon, the first time it is
offered one, else where the greedy player would; declines the abbey; and answers every other
decision (the Count's deployment and moves, a wagon's move, the market) with its first
option. With the Count, King & Robber and Abbey & Mayor, seed 44 and 9 tiles, that makes a
Count deployment, a wagon move and a barn within 14 answers.
"""

from __future__ import annotations

from typing import Any

from carc_teach.actions import Deploy
from carc_teach.play import PlaySession

#: the short game both the engine test and the browser test play
EXPANSIONS = ("count", "king-robber", "abbey-mayor")
SEED = 44
TILES = 9


def scripted_answer(session: PlaySession) -> Any:
    """The learner's answer to the pending decision (None: pass)."""
    pending = session.pending
    assert pending is not None and pending.human
    if pending.kind == "place":
        return session.hint().answer
    if pending.kind == "deploy":
        offered = {o.figure for o in pending.options if isinstance(o, Deploy)}
        figures = session.state.figures.values()
        for kind in ("barn", "wagon"):
            placed = any(
                f.kind == kind and f.player == pending.player and f.location is not None
                for f in figures
            )
            if kind in offered and not placed:
                return next(o for o in pending.options if getattr(o, "figure", "") == kind)
        return session.hint().answer
    if pending.kind == "abbey-mayor.abbey":
        return None
    return pending.options[0] if pending.options else None

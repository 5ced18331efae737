"""The small pieces of wording and choice-making every walkthrough's lessons share: where a
square is, who wins a majority and how to say it, which four answers a question offers.

The lessons of each expansion (``carc_teach/expansions/<name>/lessons.py`` and ``views.py``)
and the central ones (:mod:`carc_teach.lessons.after_game`) import them from here instead of
keeping a copy each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from .. import teach
from ..text import join_names

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import RuleModule
    from ..state import GameState

__all__ = [
    "square",
    "join_or",
    "winners",
    "outcome",
    "points_choices",
    "up_to_four",
    "sorted_choices",
    "module_in_play",
]

T = TypeVar("T")


def square(node) -> str:
    """``(x, y)`` of a square, a segment node or a corner (its first two coordinates)."""
    return f"({node[0]}, {node[1]})"


def join_or(items: list[str]) -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def winners(strengths: dict[str, int]) -> list[str]:
    """The players with the most strength on a feature (every tied one), none when nobody has
    any."""
    best = max(strengths.values(), default=0)
    return [p for p, s in strengths.items() if s == best] if best > 0 else []


def outcome(
    players: list[str], what: str, *, tie: str = "{names} tie and each score it in full"
) -> str:
    """Who takes ``what`` (``"the city"`` without its article): nobody, one player alone, or
    the tied players (``tie``, with ``{names}`` and ``{what}``)."""
    if not players:
        return f"nobody scores the {what}"
    if len(players) == 1:
        return f"{players[0]} alone takes the {what}"
    return tie.format(names=join_names(players), what=what)


def points_choices(correct: int, wrong: list[int], *, keep: int = 0) -> tuple[str, ...]:
    """Four point values, the answer among the classic mistakes (:func:`teach._choices`:
    the first ``keep`` mistakes always offered, the answer's place balanced)."""
    return teach._choices(correct, wrong, keep=keep)


def up_to_four(answer: T, wrong) -> list[T]:
    """The answer, then the wrong answers in order, each once, four at most."""
    out = [answer]
    for w in wrong:
        if w not in out and len(out) < 4:
            out.append(w)
    return out


def sorted_choices(answer: str, wrong) -> tuple[str, ...]:
    """:func:`up_to_four`, in alphabetical order (the answer's place gives nothing away)."""
    return tuple(sorted(up_to_four(answer, wrong)))


def module_in_play(state: GameState, expansion_id: str) -> RuleModule | None:
    """The rule module of ``expansion_id`` in the game of ``state``, if it is played."""
    return next((m for m in state.modules if m.id == expansion_id), None)

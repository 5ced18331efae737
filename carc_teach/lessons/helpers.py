"""The small pieces of wording and choice-making every walkthrough's lessons share: where a
square is, who wins a majority and how to say it, which four answers a question offers.

The lessons of each expansion (``carc_teach/expansions/<name>/lessons.py`` and ``views.py``)
and the central ones (:mod:`carc_teach.lessons.after_game`) import them from here instead of
keeping a copy each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from .. import teach
from ..i18n import N_, _, current_language, format_list, use_language

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
    "in_english_order",
    "module_in_play",
]

T = TypeVar("T")


def square(node) -> str:
    """``(x, y)`` of a square, a segment node or a corner (its first two coordinates)."""
    return f"({node[0]}, {node[1]})"


def join_or(items: list[str]) -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"``, in the current language ("a, b o c", "a, b
    nebo c")."""
    return format_list(items, conjunction="or")


def winners(strengths: dict[str, int]) -> list[str]:
    """The players with the most strength on a feature (every tied one), none when nobody has
    any."""
    best = max(strengths.values(), default=0)
    return [p for p, s in strengths.items() if s == best] if best > 0 else []


#: who takes a feature, per kind: nobody, one player (whole sentences, since Italian and
#: Czech agree each kind of feature differently; the Count's questions say the same)
_OUTCOMES = {
    "city": (N_("nobody scores the city"), N_("{player} alone takes the city")),
    "road": (N_("nobody scores the road"), N_("{player} alone takes the road")),
    "cloister": (N_("nobody scores the cloister"), N_("{player} alone takes the cloister")),
    "farm": (N_("nobody scores the farm"), N_("{player} alone takes the farm")),
    "feature": (N_("nobody scores the feature"), N_("{player} alone takes the feature")),
}

#: the tied players, when the question gives no sentence of its own
TIE = N_("{names} tie and each score it in full")


def outcome(players: list[str], what: str, *, tie: str = TIE) -> str:
    """Who takes ``what`` (``"city"``, ``"road"``, ``"cloister"``, ``"farm"`` or
    ``"feature"``), in the current language: nobody, one player alone, or the tied players
    (``tie``: a message marked with ``N_``, with ``{names}`` and, if it needs it,
    ``{what}``)."""
    nobody, alone = _OUTCOMES[what]
    if not players:
        return _(nobody)
    if len(players) == 1:
        return _(alone, player=players[0])
    return _(tie, names=format_list(players), what=what)


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


#: what a question's builder returns: (question, [answer, *wrong], explanation), in the
#: current language, the same choices at the same indices in every language
Built = tuple[str, Sequence[str], str]


def in_english_order(
    build: Callable[[], Built | None],
    pick: Callable[[Sequence[str]], list[int]] | None = None,
) -> teach.Prediction | None:
    """The question ``build()`` makes, in the current language, offering the choices that
    ``pick`` keeps of the English ones (their indices; by default the first four distinct)
    in the alphabetical order of their English, as the English question lists them, and its
    answer at the English question's place (:func:`teach.answer_in_place`, as
    ``Walkthrough.in_language`` and the Practice page place it): the same question in every
    language, whoever asks it."""
    with use_language("en"):
        english = build()
    if english is None:
        return None
    if pick is None:
        keep: list[int] = []
        for k, choice in enumerate(english[1]):
            if len(keep) < 4 and all(english[1][j] != choice for j in keep):
                keep.append(k)
    else:
        keep = pick(english[1])
    keep.sort(key=lambda k: english[1][k])

    def asked(built: Built) -> teach.Prediction:
        question, choices, explanation = built
        return teach.Prediction(question, tuple(choices[k] for k in keep), choices[0], explanation)

    if current_language() == "en":
        return asked(english)
    return teach.answer_in_place(asked(english), asked(build()))


def module_in_play(state: GameState, expansion_id: str) -> RuleModule | None:
    """The rule module of ``expansion_id`` in the game of ``state``, if it is played."""
    return next((m for m in state.modules if m.id == expansion_id), None)

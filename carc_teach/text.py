"""Small helpers for the English of event explanations."""

from __future__ import annotations

__all__ = ["plural", "join_names", "capitalise"]

_IRREGULAR = {"city": "cities", "follower": "followers", "tile": "tiles"}


#: word -> its plural, as worked out once (explanations ask for the same few words)
_PLURALS: dict[str, str] = {}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "city") -> "1 city"``, ``plural(2, "city") -> "2 cities"``."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = _PLURALS.get(word)
        if many is None:
            many = _PLURALS[word] = _plural_of(word)
    return f"{n} {many}"


def _plural_of(word: str) -> str:
    last = word.rsplit(" ", 1)[-1]
    if last in _IRREGULAR:
        return word[: len(word) - len(last)] + _IRREGULAR[last]
    if last.endswith("y") and last[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def join_names(names: list[str] | tuple[str, ...]) -> str:
    """``["A", "B", "C"] -> "A, B and C"``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]

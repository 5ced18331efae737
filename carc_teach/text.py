"""Small helpers for the English of event explanations."""

from __future__ import annotations

__all__ = ["plural", "join_names", "capitalise"]

_IRREGULAR = {"city": "cities", "follower": "followers", "tile": "tiles"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "city") -> "1 city"``, ``plural(2, "city") -> "2 cities"``."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        last = word.rsplit(" ", 1)[-1]
        if last in _IRREGULAR:
            many = word[: len(word) - len(last)] + _IRREGULAR[last]
        elif last.endswith("y") and last[-2:-1] not in "aeiou":
            many = word[:-1] + "ies"
        else:
            many = word + "s"
    return f"{n} {many}"


def join_names(names: list[str] | tuple[str, ...]) -> str:
    """``["A", "B", "C"] -> "A, B and C"``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]

"""The lessons of a walkthrough that teaches with several bundled games (a dropdown of them).

A walkthrough module lists its :class:`Lesson` items in teaching order and wraps them in a
:class:`LessonSet`, which finds a lesson by title or game, plays its game once, and gathers the
footnotes every lesson shows (for the "footnotes across all the lessons" list).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .. import teach

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["Lesson", "LessonSet"]


@dataclass(frozen=True)
class Lesson:
    """One lesson of a walkthrough: a bundled game and what to watch in it (``watch`` never
    gives an answer away)."""

    title: str
    example: str
    watch: str


@dataclass
class LessonSet:
    """A walkthrough's lessons, in teaching order."""

    lessons: tuple[Lesson, ...]
    _games: dict[str, Game] = field(default_factory=dict, repr=False)

    def titles(self) -> dict[str, str]:
        """Lesson title -> bundled example name, in teaching order (for a dropdown)."""
        return {item.title: item.example for item in self.lessons}

    def lesson(self, title_or_example: str) -> Lesson:
        """The lesson with this title (or bundled example name)."""
        for item in self.lessons:
            if title_or_example in (item.title, item.example):
                return item
        raise KeyError(
            f"no lesson {title_or_example!r}; lessons: "
            + ", ".join(item.title for item in self.lessons)
        )

    def load(self, title_or_example: str) -> Game:
        """The game of a lesson, played once and kept (games are only read from)."""
        from .. import examples

        item = self.lesson(title_or_example)
        if item.example not in self._games:
            self._games[item.example] = examples.load(item.example)
        return self._games[item.example]

    def footnotes(self) -> list[dict]:
        """Every footnote the lessons show, in the order they first come up, each with
        ``lessons``: ``[(lesson title, [event indices])]``."""
        found: dict[str, dict] = {}
        for item in self.lessons:
            for entry in teach.footnotes_covered(self.load(item.title)):
                record = found.setdefault(
                    entry["id"], {k: v for k, v in entry.items() if k != "events"} | {"lessons": []}
                )
                record["lessons"].append((item.title, entry["events"]))
        return list(found.values())

    def footnotes_markdown(self) -> str:
        """:meth:`footnotes` as a Markdown list."""
        lines = []
        for item in self.footnotes():
            where = "; ".join(
                f"{title}, event{'s' if len(ks) > 1 else ''} {', '.join(map(str, ks))}"
                for title, ks in item["lessons"]
            )
            lines.append(f"- **{item['title']}** ({item['kind']}; {where}): *{item['citation']}*")
        return "\n".join(lines) or "The lessons show no footnotes."

"""Small helpers for the English of event explanations, and for showing untrusted text.

A game file's title, player names and move notes come from whoever wrote the file, and player
names are part of the engine's event texts: every such text is shown *as text*.
:func:`escape_html` makes it safe inside HTML, :func:`escape_markdown` inside Markdown (where
``**``, ``[x](url)``, ``$`` or ``:smile:`` would otherwise be markup, and raw HTML passes
through).
"""

from __future__ import annotations

import html
import re
import string

__all__ = ["plural", "join_names", "capitalise", "escape_html", "escape_markdown"]

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


# C0 and C1 control characters (but tab, newline and carriage return) and the bidirectional
# embeddings, overrides and isolates: an RTL override in a name would turn the rest of its
# line around (shown as the replacement character instead).
_INVISIBLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# Every ASCII punctuation character as a numeric character reference: Markdown and its
# extensions give meaning to most of them (emphasis, links, tables, maths, emoji, keys, lists
# at the start of a line, automatic links of www. and e-mail addresses), and an entity is never
# markup. The page shows the same characters.
_MARKDOWN_LITERAL = {ord(c): f"&#{ord(c)};" for c in string.punctuation}


def escape_html(text: object) -> str:
    """``text`` as HTML text (also fit for an attribute value in double or single quotes):
    ``<``, ``>``, ``&`` and quotes escaped, control and bidirectional-override characters
    shown as U+FFFD."""
    return html.escape(_INVISIBLE.sub("\ufffd", str(text)), quote=True)


def escape_markdown(text: object) -> str:
    """``text`` as it should read in Markdown, whatever it holds: every ASCII punctuation
    character (so also ``<`` and ``&``) becomes a character reference, line breaks and runs of
    blanks one space (as HTML shows them anyway, so a line cannot start a list, heading or
    code block), control and bidirectional-override characters U+FFFD. Put the result inside
    the page's own Markdown (``f"**{escape_markdown(name)}** scores"``); never escape Markdown
    the engine wrote."""
    flat = " ".join(_INVISIBLE.sub("\ufffd", str(text)).split())
    return flat.translate(_MARKDOWN_LITERAL)

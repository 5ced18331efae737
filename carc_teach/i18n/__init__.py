"""Languages: English, Italian and Czech, through gettext catalogues (docs/i18n.md).

Code writes its English text as the message id and asks for the translation where it shows
it::

    from carc_teach.i18n import _, ngettext

    _("{player} scores {points}", player=name, points=8)
    ngettext("{n} game", "{n} games", n)           # Czech: 1 hra, 2 hry, 5 her
    pgettext("button", "Next")                      # the same English, another context

The catalogues are ``po/<code>.po`` beside this file (sources only: each is compiled in memory
the first time its language is used, :mod:`carc_teach.i18n.catalogue`); the standard library's
:class:`gettext.GNUTranslations` looks messages up and picks plural forms by each catalogue's
``Plural-Forms`` header. A message missing from a catalogue shows in English (the tests fail
for any). ``scripts/i18n_extract.py`` collects the ids from the code into every catalogue.

The language is the ``lang`` argument where one is given, else the current language of the
running context (:func:`use_language`, :func:`set_language`; a :class:`contextvars.ContextVar`,
English by default). A notebook passes its language explicitly: marimo runs cells in whatever
order their inputs change, so a setting one cell made is not something another can rely on.

Placeholders are ``str.format`` fields named in the id (``{player}``); a translation uses the
same names in any order. Numbers given as parameters are written the language's way: a
decimal comma in Italian and Czech, and with a ``,`` in the field's format (``{n:,}``) the
language's thousands separator (``1,234`` / ``1.234`` / ``1 234``).
"""

from __future__ import annotations

import contextvars
import gettext
import inspect
import io
import string
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from importlib import resources

from ..errors import CarcTeachError, shown
from .catalogue import compile_mo, header_fields, read_po

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "language_code",
    "current_language",
    "set_language",
    "use_language",
    "translation",
    "block_id",
    "_",
    "N_",
    "ngettext",
    "pgettext",
    "npgettext",
    "format_number",
    "format_list",
    "LOAD_SECONDS",
]

#: language code -> the language's name in that language (what a switch shows)
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "cs": "Čeština"}
DEFAULT_LANGUAGE = "en"

_current: contextvars.ContextVar[str] = contextvars.ContextVar(
    "carc_teach_language", default=DEFAULT_LANGUAGE
)
_translations: dict[str, gettext.GNUTranslations] = {}
#: language -> seconds its catalogue took to read and compile (docs/i18n.md quotes them)
LOAD_SECONDS: dict[str, float] = {}


def language_code(code: str | None) -> str:
    """``code`` as one of :data:`LANGUAGES` (``"it"``, ``"it_IT"``, ``"IT"``, ``"cs-CZ"`` ->
    ``"it"`` / ``"cs"``; ``None`` or ``""`` -> the current language); anything else is a
    one-line error listing the languages."""
    if not code:
        return _current.get()
    short = str(code).strip().replace("-", "_").split("_")[0].lower()
    if short in LANGUAGES:
        return short
    raise CarcTeachError(
        f"unknown language {shown(code)}: choose one of {', '.join(LANGUAGES)} "
        f"({', '.join(LANGUAGES.values())})"
    )


def current_language() -> str:
    """The language of the running context (English unless set)."""
    return _current.get()


def set_language(code: str) -> contextvars.Token:
    """Make ``code`` the current language of this context (the CLI does, once, from
    ``--lang``); returns the token that :meth:`contextvars.ContextVar.reset` takes."""
    return _current.set(language_code(code))


@contextmanager
def use_language(code: str | None) -> Iterator[str]:
    """``with use_language("cs"):`` the texts made inside are Czech."""
    token = _current.set(language_code(code))
    try:
        yield token.var.get()
    finally:
        _current.reset(token)


def translation(lang: str | None = None) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang`` (read and compiled once, then kept)."""
    code = language_code(lang)
    found = _translations.get(code)
    if found is None:
        started = time.perf_counter()
        source = f"carc_teach/i18n/po/{code}.po"
        text = resources.files(__name__).joinpath("po", f"{code}.po").read_text("utf-8")
        messages = read_po(text, source)
        if "Plural-Forms" not in header_fields(messages):
            raise CarcTeachError(f"{source}: the header has no Plural-Forms line")
        found = gettext.GNUTranslations(io.BytesIO(compile_mo(messages)))
        _translations[code] = found
        LOAD_SECONDS[code] = time.perf_counter() - started
    return found


class _Formatter(string.Formatter):
    """``str.format`` that writes numbers the language's way."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value, format_spec: str) -> str:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return _localise(format(value, format_spec), self.lang)
        return format(value, format_spec)


def _fill(text: str, lang: str, params: dict) -> str:
    if not params:
        return text
    if lang == DEFAULT_LANGUAGE or not any(
        isinstance(value, int | float) and not isinstance(value, bool) for value in params.values()
    ):  # no number to write the language's way: str's own formatting, several times faster
        return text.format_map(params)
    return _Formatter(lang).vformat(text, (), params)


def block_id(message: str) -> str:
    """The id of a text of several lines (a newline inside it, not only at its end): its lines
    without their common indentation and without blank lines before and after
    (:func:`inspect.cleandoc`). A notebook's cell is
    dedented when marimo runs it, which changes the indentation inside its string literals;
    both the extraction script and the look-ups use this form, so they meet."""
    return inspect.cleandoc(message) if "\n" in message.strip() else message


def _(message: str, /, lang: str | None = None, **params) -> str:
    """The translation of ``message`` into ``lang`` (default: the current language), its
    ``{fields}`` filled from ``params``. A text of several lines is looked up, and returned in
    English, as :func:`block_id` writes it."""
    code = language_code(lang)
    if "\n" in message:
        message = block_id(message)
    text = message if code == DEFAULT_LANGUAGE else translation(code).gettext(message)
    return _fill(text, code, params)


def N_(message: str, /) -> str:
    """Marks ``message`` for the catalogues without translating it (a text kept in a table and
    translated where it is shown, with :func:`_`)."""
    return message


def ngettext(singular: str, plural: str, n: int, /, lang: str | None = None, **params) -> str:
    """The form of ``singular`` / ``plural`` for the number ``n`` in ``lang`` (Czech has three:
    1; 2-4; 0 and 5 or more), with ``{n}`` and ``params`` filled."""
    code = language_code(lang)
    text = translation(code).ngettext(singular, plural, n)
    return _fill(text, code, {"n": n, **params})


def pgettext(context: str, message: str, /, lang: str | None = None, **params) -> str:
    """:func:`_` for a message whose English is the same as another's but whose translation
    may differ (``pgettext("button", "Next")``)."""
    code = language_code(lang)
    text = translation(code).pgettext(context, message)
    return _fill(text, code, params)


def npgettext(
    context: str, singular: str, plural: str, n: int, /, lang: str | None = None, **params
) -> str:
    """:func:`ngettext` with a context."""
    code = language_code(lang)
    text = translation(code).npgettext(context, singular, plural, n)
    return _fill(text, code, {"n": n, **params})


def _separators(lang: str) -> tuple[str, str]:
    """(decimal separator, thousands separator) of ``lang``, from its catalogue's header."""
    if lang == DEFAULT_LANGUAGE:
        return ".", ","
    info = translation(lang).info()
    return info.get("x-decimal-separator", "."), info.get("x-group-separator", ",").replace(
        "NBSP", "\u00a0"
    )


def _localise(number_text: str, lang: str) -> str:
    """A number Python formatted (``1,234.5``) with ``lang``'s separators (``1 234,5``)."""
    if lang == DEFAULT_LANGUAGE:
        return number_text
    decimal, group = _separators(lang)
    return number_text.replace(",", "\0").replace(".", decimal).replace("\0", group)


def format_number(value: float, lang: str | None = None, *, decimals: int | None = None) -> str:
    """``value`` with thousands grouped and the language's separators:
    ``format_number(1234.5, "it", decimals=1) -> "1.234,5"``."""
    spec = "," if decimals is None else f",.{decimals}f"
    return _localise(format(value, spec), language_code(lang))


def format_list(items: Iterable[object], lang: str | None = None, *, conjunction="and") -> str:
    """``["A", "B", "C"]`` as ``"A, B and C"`` / ``"A, B e C"`` / ``"A, B a C"``
    (``conjunction="or"``: ``"A, B or C"`` / ``"A, B o C"`` / ``"A, B nebo C"``)."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    code = language_code(lang)
    if conjunction not in ("and", "or"):
        raise ValueError(f"conjunction must be 'and' or 'or', not {conjunction!r}")
    head = words[0]
    for word in words[1:-1]:
        head = pgettext("list", "{first}, {second}", code, first=head, second=word)
    if conjunction == "and":
        return pgettext("list", "{rest} and {last}", code, rest=head, last=words[-1])
    return pgettext("list", "{rest} or {last}", code, rest=head, last=words[-1])

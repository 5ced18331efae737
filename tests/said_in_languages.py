"""Checks shared by the tests that pin an error's English and its Italian and Czech."""

from __future__ import annotations

import re

from carc_teach.errors import Phrase
from carc_teach.i18n.errors import error_text

LANGS = ("it", "cs")
_FIELD = re.compile(r"\{\w+\}")


def assert_said_in_every_language(error: BaseException, english: str, kept: re.Pattern) -> None:
    """``error`` reads ``english`` as it always did, is a phrase (so it can be translated), and
    each other language says something else, leaves no ``{field}`` the English has not, and
    keeps every piece of the English that ``kept`` matches (quoted values, paths, numbers)."""
    assert str(error) == english
    # a game file's error keeps its phrase apart from the place it names (``reason``)
    reason = getattr(error, "reason", None) or error.args[0]
    assert isinstance(reason, Phrase), "not a phrase: it would stay English"
    for lang in LANGS:
        text = error_text(error, lang)
        assert text != english, (lang, text)
        unfilled = set(_FIELD.findall(text)) - set(_FIELD.findall(english))
        assert not unfilled, (lang, text)
        missing = [m.group(0) for m in kept.finditer(english) if m.group(0) not in text]
        assert not missing, f"{lang}: {text!r} lost {missing}"

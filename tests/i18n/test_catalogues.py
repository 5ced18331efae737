"""The message catalogues: complete, consistent with the code, plural forms and formats right.

Every expected value below is written out by hand from the languages' rules (Czech: one for 1,
a second form for 2-4, a third for 0 and 5 or more, 21 and 22 included; Italian: one for 1 and
another for everything else, 0 included).
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import string
from pathlib import Path

import pytest

from carc_teach import i18n
from carc_teach.errors import CarcTeachError
from carc_teach.i18n.catalogue import compile_mo, header_fields, read_po, write_po

REPO = Path(__file__).resolve().parents[2]
PO_DIR = REPO / "carc_teach" / "i18n" / "po"


def _script():
    spec = importlib.util.spec_from_file_location(
        "i18n_extract", REPO / "scripts" / "i18n_extract.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _catalogue(lang: str):
    return read_po((PO_DIR / f"{lang}.po").read_text(encoding="utf-8"), f"{lang}.po")


def test_every_language_has_a_catalogue_and_every_catalogue_a_language():
    assert sorted(p.stem for p in PO_DIR.glob("*.po")) == sorted(i18n.LANGUAGES)
    for lang in i18n.LANGUAGES:
        assert header_fields(_catalogue(lang))["Language"] == lang


def test_every_message_of_the_code_is_in_every_catalogue_and_translated():
    found, problems = _script().extract()
    assert not problems, "\n".join(problems)
    assert len(found) > 100  # the CLI, the stepper, the classroom, the glossary at least
    for lang in i18n.LANGUAGES:
        messages = {m.key: m for m in _catalogue(lang)[1:]}
        missing = [key for key in found if key not in messages]
        assert not missing, f"{lang}.po lacks {missing[:5]}: run scripts/i18n_extract.py"
        unused = [key for key in messages if key not in found]
        assert not unused, f"{lang}.po keeps {unused[:5]}: run scripts/i18n_extract.py"
        empty = [m.id for m in messages.values() if not m.translated]
        assert not empty, f"{lang}.po: untranslated {empty[:5]}"


def test_the_catalogues_are_as_the_extraction_script_writes_them():
    # the script changes nothing: sorted as the code uses them, the `#:` places current
    assert _script().main(["--check"]) == 0


def _fields(text: str) -> list[str]:
    names = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    names += re.findall(r"%(?:\((\w+)\))?[sdrgf]", text)
    return sorted(names)


def test_placeholders_and_plural_forms_agree_with_the_english():
    for lang in i18n.LANGUAGES:
        messages = _catalogue(lang)
        count = int(re.search(r"nplurals=(\d)", header_fields(messages)["Plural-Forms"])[1])
        for m in messages[1:]:
            english = [m.id] if m.plural is None else [m.id, m.plural]
            wanted = sorted({f for text in english for f in _fields(text)})
            if m.plural is not None:
                assert len(m.strings) == count, (lang, m.id)
            for text in m.strings:
                got = sorted(set(_fields(text)))
                assert got == wanted, f"{lang}.po {m.id!r}: fields {got} instead of {wanted}"


@pytest.mark.parametrize(
    "n, czech",
    [
        (0, "0 záznamů"),
        (1, "1 záznam"),
        (2, "2 záznamy"),
        (5, "5 záznamů"),
        (21, "21 záznamů"),
        (22, "22 záznamů"),
        (25, "25 záznamů"),
    ],
)
def test_czech_plural_forms(n, czech):
    assert i18n.ngettext("{n} record", "{n} records", n, lang="cs") == czech


def test_czech_plural_forms_of_two_to_four_and_a_day_count():
    assert [i18n.ngettext("{n} row", "{n} rows", n, lang="cs") for n in (3, 4, 1)] == [
        "3 řádky",
        "4 řádky",
        "1 řádek",
    ]
    assert i18n.ngettext("{n:,} day", "{n:,} days", 1500, lang="cs") == "1\u00a0500 dní"


def test_italian_plural_forms():
    forms = [i18n.ngettext("{n} record", "{n} records", n, lang="it") for n in (0, 1, 2, 21)]
    assert forms == ["0 voci", "1 voce", "2 voci", "21 voci"]
    english = [i18n.ngettext("{n} record", "{n} records", n, lang="en") for n in (0, 1, 2)]
    assert english == ["0 records", "1 record", "2 records"]


def test_numbers_the_way_each_language_writes_them():
    value = 1234567.25
    assert i18n.format_number(value, "en", decimals=1) == "1,234,567.2"
    assert i18n.format_number(value, "it", decimals=1) == "1.234.567,2"
    assert i18n.format_number(value, "cs", decimals=1) == "1\u00a0234\u00a0567,2"
    assert i18n.format_number(12, "cs") == "12"
    # in a message: a plain field keeps the digits, a format spec gets the separators
    assert i18n._("{rate:.1f} games/s", lang="it", rate=47.54) == "47,5 partite/s"
    assert i18n._(
        "seed {seed:>6}: {turns} turns, {events} events; {scores}",
        lang="cs",
        seed=12345,
        turns=71,
        events=1200,
        scores="",
    ) == ("semínko  12345: 71 tahů, 1200 událostí; ")


def test_lists_the_way_each_language_joins_them():
    names = ["Alice", "Bob", "Carla"]
    assert i18n.format_list(names, "en") == "Alice, Bob and Carla"
    assert i18n.format_list(names, "it") == "Alice, Bob e Carla"
    assert i18n.format_list(names, "cs") == "Alice, Bob a Carla"
    assert i18n.format_list(names, "cs", conjunction="or") == "Alice, Bob nebo Carla"
    assert i18n.format_list(["Alice", "Bob"], "it", conjunction="or") == "Alice o Bob"
    assert i18n.format_list(["Alice"], "cs") == "Alice"
    assert i18n.format_list([], "cs") == ""
    # a name is text, never a format: braces in it stay as they are
    assert i18n.format_list(["{x}", "{0}"], "it") == "{x} e {0}"


def test_the_current_language_and_its_codes():
    assert i18n.current_language() == "en"
    with i18n.use_language("cs_CZ"):
        assert i18n.current_language() == "cs"
        assert i18n._("permission denied") == "přístup odepřen"
        assert i18n._("permission denied", lang="it-IT") == "permesso negato"
    assert i18n.current_language() == "en"
    assert i18n._("permission denied") == "permission denied"
    with pytest.raises(CarcTeachError, match=r"unknown language 'xx': choose one of en, it, cs"):
        i18n.language_code("xx")


def test_a_catalogue_round_trips_and_compiles_for_the_standard_library():
    text = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\n'
        '#: somewhere.py\nmsgctxt "button"\nmsgid "say \\"hi\\"\\\\now"\nmsgstr "řekni \\"ahoj\\""\n\n'
        'msgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n} kartička"\n'
        'msgstr[1] "{n} kartičky"\nmsgstr[2] "{n} kartiček"\n\n'
        'msgid "not yet"\nmsgstr ""\n'
    )
    messages = read_po(text, "test.po")
    assert messages[1].context == "button" and messages[1].id == 'say "hi"\\now'
    assert write_po(messages) == text
    catalogue = gettext.GNUTranslations(io.BytesIO(compile_mo(messages)))
    assert catalogue.pgettext("button", 'say "hi"\\now') == 'řekni "ahoj"'
    assert [catalogue.ngettext("{n} tile", "{n} tiles", n) for n in (1, 3, 7)] == [
        "{n} kartička",
        "{n} kartičky",
        "{n} kartiček",
    ]
    assert catalogue.gettext("not yet") == "not yet"  # untranslated: the English


@pytest.mark.parametrize(
    "line, error",
    [
        ('msgid "a"\nmsgstr "b\n', "test.po:2: expected a quoted string"),
        ('msgid "a"\nmsgstr "b"c"\n', "test.po:2: a quote inside a string"),
        ('msgid "a"\nmsgstr "\\q"\n', "test.po:2: unknown escape"),
        ('msgid "a"\nmsgstring "b"\n', "test.po:2: unknown line"),
        ('msgstr "b"\n', "test.po:1: msgstr before its msgid"),
    ],
)
def test_a_broken_catalogue_is_a_one_line_error(line, error):
    with pytest.raises(CarcTeachError, match=re.escape(error)):
        read_po(line, "test.po")


def test_a_text_of_several_lines_is_found_whatever_its_indentation():
    # marimo runs a cell dedented: the literal's lines lose the cell's indentation
    as_written = (
        "\n        **What to look for.** A road is complete\n        when it is closed.\n    "
    )
    as_run = "\n**What to look for.** A road is complete\nwhen it is closed.\n"
    assert (
        i18n.block_id(as_written)
        == i18n.block_id(as_run)
        == ("**What to look for.** A road is complete\nwhen it is closed.")
    )
    assert i18n.block_id(as_written) == i18n.block_id(as_run)
    assert i18n.block_id("%(prog)s: error: %(message)s\n").endswith("\n")  # one line: kept

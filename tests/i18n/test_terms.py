"""The game's words are translated one way everywhere (carc_teach/annotations/terms.toml,
docs/i18n.md "Terms").

Every translated text of the toolkit (the catalogues' messages, the tile names, the rules in
short, the options and presets, the scoring reference's pieces, the annotation corpus and its
rule passages) is paired with its English; wherever the English names a term, the translation
must hold one of the term's stems, and no translation may use a word the glossary retired.
About 2,600 pairs per language, well under a second.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from carc_teach import annotations, editions, teach
from carc_teach.annotations.glossary import TERM_EXCEPTIONS, TERMS
from carc_teach.annotations.topics import all_topics
from carc_teach.i18n.catalogue import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("it", "cs")

#: what is removed from an English text before looking for terms: the expansions' names (kept
#: in English in every language), {fields}, ids (count.redeploy, abbey-mayor, count_king_robber)
#: and quoted values of game files
_NOT_TERMS = re.compile(
    r"Count,\s+King\s+(&|and)\s+(Robber|Consorts)(\s+Baron)?|(The\s+)?Count\s+of\s+Carcass?onne"
    r"|King\s+(&|and)\s+Robber(\s+Baron)?|Heretics\s+(&|and)\s+Shrines"
    r"|Abbey\s+(&|and)\s+(the\s+)?Mayor|Inns\s+(&|and)\s+Cathedrals|Traders\s+(&|and)\s+Builders"
    r"|The\s+River\s+II|\{[^}]*\}|\b\w+[.-]\w[\w.-]*|\b\w+_\w+|'[a-z-]+'"
)


@cache
def _pairs(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(where, English, translation) of every translated text in ``lang``."""
    out: list[tuple[str, str, str]] = []
    po = ROOT / "carc_teach" / "i18n" / "po" / f"{lang}.po"
    for m in read_po(po.read_text(encoding="utf-8"), po.name):
        if m.id and m.translated:
            english = m.id + (" " + m.plural if m.plural else "")
            out.append((f"{lang}.po", english, " ".join(m.strings)))
    # the files keyed by the English text (tile names, bundled games, the scoring reference)
    keyed = sorted((ROOT / "carc_teach" / "i18n" / "data" / lang).glob("*.toml"))
    keyed = [p for p in keyed if p.name not in ("rules.toml", "options.toml")]
    for path in [*keyed, ROOT / "carc_teach" / "reference" / "data" / lang / "texts.toml"]:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for table in doc.values():
            out += [(path.name, en, tr) for en, tr in table.items() if isinstance(tr, str)]
    for rid, english in teach.RULE_SUMMARIES.items():
        out.append(("rules.toml", english, teach.rule_summary(rid, lang)))
    for topic in all_topics():
        out.append(("rules.toml", topic.title, teach.rule_title(topic.id, lang)))
    for opt in editions.OPTIONS:
        tr = editions.translated_option(opt, lang)
        out += [
            ("options.toml", opt.title, tr.title),
            ("options.toml", opt.explanation, tr.explanation),
        ]
        out += [
            ("options.toml", a[1], b[1])
            for a, b in zip(opt.value_notes, tr.value_notes, strict=True)
        ]
    for preset in editions.PRESETS.values():
        tr = editions.translated_preset(preset, lang)
        out += [("options.toml", getattr(preset, a), getattr(tr, a)) for a in ("title", "notes")]
    for record in annotations.all_annotations():
        out.append((f"annotations {record.id}", record.title, record.title_in(lang)))
        out.append((f"annotations {record.id}", record.text, record.text_in(lang)))
    for rule in annotations.rule_texts():
        out.append((f"rule_texts {rule.id}", rule.title, rule.title_in(lang)))
        out.append((f"rule_texts {rule.id}", rule.text, rule.text_in(lang)))
    # an untranslated text (English shown, counted by the other tests) says nothing here
    return tuple(p for p in out if p[1] != p[2])


@cache
def _compiled(match: str) -> re.Pattern:
    return re.compile(match, 0 if any(c.isupper() for c in match) else re.IGNORECASE)


def _finder(term) -> re.Pattern:
    return _compiled(term.match)


def _names(term, english: str) -> bool:
    return _finder(term).search(_NOT_TERMS.sub(" ", english)) is not None


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_is_translated_by_its_fixed_word(lang):
    checked = [
        (where, _NOT_TERMS.sub(" ", english), english, translation)
        for where, english, translation in _pairs(lang)
        if not any(piece in english for piece in TERM_EXCEPTIONS)
    ]
    wrong = []
    for term in TERMS:
        stems = re.compile("|".join(term.stems[lang]), re.IGNORECASE)
        finder = _finder(term)
        for where, bare, english, translation in checked:
            if finder.search(bare) and not stems.search(translation):
                wrong.append(
                    f"{where}: {term.en!r} ({term.words[lang]!r}) missing in "
                    f"{translation[:90]!r} (English {english[:60]!r})"
                )
    assert not wrong, f"{len(wrong)} texts:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_uses_a_retired_word(lang):
    wrong = []
    for term in TERMS:
        for avoid in term.avoid[lang]:
            pattern = re.compile(avoid, re.IGNORECASE)
            wrong += [
                f"{where}: {pattern.search(tr).group(0)!r} for {term.en!r} (say "
                f"{term.words[lang]!r}) in {tr[:90]!r}"
                for where, _en, tr in _pairs(lang)
                if pattern.search(tr)
            ]
    assert not wrong, f"{len(wrong)} texts:\n" + "\n".join(wrong)


def test_every_exception_still_excuses_a_text():
    englishes = [en for lang in LANGS for _w, en, _t in _pairs(lang)]
    stale = [piece for piece in TERM_EXCEPTIONS if not any(piece in en for en in englishes)]
    assert not stale, f"exceptions naming no text any more: {stale}"


def test_the_terms_finder_by_hand():
    follower = next(t for t in TERMS if t.en == "follower")
    count = next(t for t in TERMS if t.en == "the Count")
    assert _names(follower, "Alice moves a follower")
    assert not _names(follower, "the option count.no-other-follower")
    assert not _names(follower, "{follower} scores")
    assert _names(count, "the Count's quarter")
    assert not _names(count, "count the points")
    assert not _names(count, "The Count of Carcassonne box")


def test_the_docs_list_every_term():
    docs = (ROOT / "docs" / "i18n.md").read_text(encoding="utf-8")
    terms_section = docs.split("\n## Terms", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in terms_section.splitlines() if line.startswith("| ")]
    for term in TERMS:
        row = next((r for r in rows if r.startswith(f"| {term.en} |")), None)
        assert row is not None, f"docs/i18n.md 'Terms' has no row for {term.en!r}"
        for lang in LANGS:
            assert f" {term.words[lang]} " in row, f"{term.en!r}: {term.words[lang]!r} not in {row}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_events_game_words_are_the_terms(lang):
    """A game word the events insert on its own (``events.GAME_TERMS``, context ``term``) is
    the term's fixed word: "the Count" is "il Conte" / "hrabě" in every event (the quarters'
    names capitalised, as names: "nel quartiere Castello", "ve čtvrti Hrad")."""
    from carc_teach.events import GAME_TERMS
    from carc_teach.i18n import pgettext

    words = {w["msg"] for w in GAME_TERMS}
    checked = 0
    for term in TERMS:
        english = term.en.split(" (")[0]
        if english in words:
            checked += 1
            # a quarter's name is capitalised where the events name it ("ve čtvrti Hrad")
            word = pgettext("term", english, lang)
            assert word.lower() == term.words[lang].lower(), (english, lang)
    assert checked >= 20


#: an Italian preposition followed by an article it should have merged with ("in il prato"
#: for "nel prato"), or "al"/"del"... before a vowel ("al eretico" for "all'eretico")
_UNMERGED = re.compile(
    r"\b(in|su|a|di|da)\s+(il|lo|la|l'|i|gli|le)\b|\b(al|del|dal|sul|nel)\s+[aeiouAEIOU]\w+"
)


def test_italian_events_merge_prepositions_and_articles():
    """A feature's phrase brings its own article ("il prato di 8 tessere"), so a template
    must not put a bare preposition before it; seven bundled games whose events name
    features, quarters, barns and shrines, every text and breakdown row in Italian."""
    from carc_teach import examples

    wrong = []
    for name in (
        "count-city",
        "after-game",
        "shrines",
        "shrines-abbey-wagon",
        "pig-and-barn",
        "builder-big-follower",
        "mayor-pennants",
    ):
        for event in examples.load(name).events:
            rows = [str(text) for text, _points in event.breakdown_in("it") or ()]
            for text in [event.text_in("it"), *rows]:
                wrong += [f"{name}: {m.group(0)!r} in {text!r}" for m in _UNMERGED.finditer(text)]
    assert not wrong, "\n".join(wrong)

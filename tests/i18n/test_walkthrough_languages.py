"""The stepping walkthroughs' own texts in Italian and Czech (docs/i18n.md): the rules in short
and the rule ids' titles (``i18n/data/<lang>/rules.toml``), the citations, the lessons' titles
and what to watch, the questions and their answers, the quiz switch and the lesson footnotes.
A language changes words only: every question asks the same thing and has the same answer."""

from __future__ import annotations

import re

import pytest

from carc_teach import examples, teach
from carc_teach.annotations import cite
from carc_teach.annotations.topics import all_topics
from carc_teach.i18n import use_language
from carc_teach.i18n.texts import fingerprint, translations
from carc_teach.lessons.lesson_sets import Walkthrough

LANGS = ("it", "cs")


def _walkthroughs() -> dict[str, Walkthrough]:
    from carc_teach.expansions.abbey_mayor.lessons import WALKTHROUGH as abbey
    from carc_teach.expansions.base.lessons import WALKTHROUGH as base
    from carc_teach.expansions.count.lessons import WALKTHROUGH as count
    from carc_teach.expansions.inns_cathedrals.views import WALKTHROUGH as inns
    from carc_teach.expansions.king_robber.views import WALKTHROUGH as king
    from carc_teach.expansions.river2.lessons import WALKTHROUGH as river
    from carc_teach.expansions.shrines.lessons import WALKTHROUGH as shrines
    from carc_teach.lessons.after_game import WALKTHROUGH as after

    return {
        "turn_sequence": base,
        "after_the_game": after,
        "river_ii": river,
        "count_of_carcassonne": count,
        "king_and_robber": king,
        "inns_and_cathedrals": inns,
        "heretics_and_shrines": shrines,
        "abbey_and_mayor": abbey,
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_sentence_and_title_is_translated_from_the_current_english(lang):
    rules = translations("carc_teach.i18n", "data", "rules.toml", lang, "rule")
    topics = translations("carc_teach.i18n", "data", "rules.toml", lang, "topic")
    stale = [
        r
        for r, text in teach.RULE_SUMMARIES.items()
        if rules.get(r, {}).get("source") != fingerprint(text)
    ]
    stale += [
        t.id for t in all_topics() if topics.get(t.id, {}).get("source") != fingerprint(t.title)
    ]
    assert not stale, f"translate anew in i18n/data/{lang}/rules.toml: {stale}"
    for rid, english in teach.RULE_SUMMARIES.items():
        said = teach.rule_summary(rid, lang)
        assert said and said != english
        # every number of the English is kept (7 followers, 9 points, 3 per city ...)
        assert sorted(re.findall(r"\d+", said)) == sorted(re.findall(r"\d+", english)), rid


def test_the_rule_words_in_each_language_and_english_unchanged():
    assert teach.rule_words("base.city.score", "en") == (
        "**Scoring a completed city.** A city is complete when its walls close with no gap; "
        "it scores 2 points per tile and 2 more per pennant."
    )
    assert teach.rule_words("base.city.score", "it").startswith(
        "**Punteggio di una città completata.**"
    )
    assert teach.rule_words("base.city.score", "cs").startswith("**Hodnocení dokončeného města.**")
    with use_language("cs"):  # the current language, as the walkthrough view sets it
        assert "kartičk" in teach.rule_summary("base.road.score")


def test_citations_in_three_languages():
    english = cite("ckr-36")
    assert english == (
        "Wikicarpedia, Count, King & Robber (Italian and Czech pages), footnote 36 (footnote 36 "
        "is in Czech on the Czech page); older English revision, footnote 2, list \u201cHouse "
        "Rules\u201d, item 2"
    )
    italian, czech = cite("ckr-36", "it"), cite("ckr-36", "cs")
    assert italian.startswith(
        "Wikicarpedia, Count, King & Robber (pagine italiana e ceca), nota 36"
    )
    assert "voce 2" in italian and "revisione inglese precedente" in italian
    assert czech.startswith(
        "Wikicarpedia, Count, King & Robber (italská a česká stránka), poznámka 36"
    )
    assert "je na české stránce česky" in czech
    assert teach.annotation_notes(_event_with_footnote(), lang="cs")[0]["citation"].count("poznámk")


def _event_with_footnote():
    game = examples.load("king-robber")
    return next(
        e for e in game.events if teach.annotation_notes(e, expansions=game.setup.expansions)
    )


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_quiz_labels_and_lesson_footnotes_are_translated(lang):
    for name, walkthrough in _walkthroughs().items():
        local = walkthrough.in_language(lang)
        assert local.quiz_label != walkthrough.quiz_label, name
        assert local.jump_label != walkthrough.jump_label, name
        assert [t for t, _f in local.panels] != [
            t for t, _f in walkthrough.panels
        ] or not local.panels
        if walkthrough.lessons is not None:
            for lesson in walkthrough.lessons.lessons:
                assert (
                    lesson.title_in(lang) != lesson.title and lesson.watch_in(lang) != lesson.watch
                )
            # the dropdown's values stay the bundled games
            assert list(walkthrough.lessons.titles(lang).values()) == list(
                walkthrough.lessons.titles().values()
            )
    count = _walkthroughs()["count_of_carcassonne"].lessons
    listed = count.footnotes_markdown(lang)
    assert ("evento" if lang == "it" else "událost") in listed and "Into the City" not in listed


@pytest.mark.parametrize("name", list(_walkthroughs()))
def test_every_question_asks_the_same_in_every_language(name):
    """The walkthrough's questions in Italian and Czech: as many, at the same events, with the
    same number of choices, the answer at the same place, and the same number in the
    answer."""
    walkthrough = _walkthroughs()[name]
    for example in walkthrough.games():
        game = examples.load(example)
        for k in range(len(game.events)):
            english = walkthrough.question(game, k)
            for lang in LANGS:
                local = walkthrough.in_language(lang).question(game, k)
                assert (english is None) == (local is None), (example, k, lang)
                if english is None:
                    continue
                assert len(local.choices) == len(english.choices)
                assert re.findall(r"-?\d+", local.answer) == re.findall(r"-?\d+", english.answer)
                # the answer at the same place (Walkthrough.in_language puts it there)
                assert local.choices.index(local.answer) == english.choices.index(english.answer), (
                    example,
                    k,
                    lang,
                )
                if all(teach._POINTS.match(c) for c in english.choices):
                    assert all(teach._POINTS.match(c) for c in local.choices), local.choices
                if name in FULLY_TRANSLATED:
                    _assert_translated(english, local, (example, k, lang))


#: the walkthroughs whose every question, choice, answer and explanation is translated
FULLY_TRANSLATED = ("after_the_game", "abbey_and_mayor", "river_ii", "heretics_and_shrines")


def _assert_translated(english: teach.Prediction, local: teach.Prediction, where) -> None:
    """Every text of ``local`` differs from its English (none is left untranslated) and has
    every field filled."""
    pairs = [(english.question, local.question), (english.explanation, local.explanation)]
    pairs += list(zip(english.choices, local.choices, strict=True))
    for said, translated in pairs:
        assert translated != said, (where, said)
        assert not re.search(r"\{\w*\}", translated), (where, translated)


@pytest.mark.parametrize("name", FULLY_TRANSLATED)
def test_the_tables_beside_the_board_speak_the_language(name):
    """Every table the walkthrough shows beside the board, at every fourth event of its games
    and at every event that asks a question, is written anew in Italian and Czech (Abbey &
    Mayor's special figures, the scoring after the game's steps and barns ...), with no
    field left unfilled."""
    walkthrough = _walkthroughs()[name]
    local = {lang: walkthrough.in_language(lang).panels for lang in LANGS}
    for example in walkthrough.games():
        game = examples.load(example)
        for k in range(len(game.events)):
            if k % 4 and walkthrough.question(game, k) is None:
                continue
            for n, (title, english) in enumerate(walkthrough.panels):
                said = english(game, k)
                if not said:
                    continue
                for lang in LANGS:
                    written = local[lang][n][1](game, k)
                    assert written != said, (example, k, lang, title)
                    assert not re.search(r"\{\w*\}", written), (example, k, lang, written)

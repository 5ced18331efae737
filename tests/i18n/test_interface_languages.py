"""The stepper's, the classroom stage's and the glossary's own words in Italian and Czech; the
game they show (boards, scores, events) is the same in every language."""

from __future__ import annotations

import re

from carc_teach import classroom, examples, teach
from carc_teach import notebook_ui as ui
from carc_teach.annotations.glossary import GLOSSARY, glossary_markdown, spell_out
from carc_teach.i18n import use_language
from carc_teach.stepper import stepper_html, view_data


def _markdown(text: str) -> str:
    return text  # the words are what is checked, not the Markdown


def _game():
    return examples.load("shared-city")


def test_the_stepper_in_czech_and_italian():
    game = _game()
    czech = stepper_html(game, ui.Walkthrough(), quiz=True, markdown_html=_markdown, lang="cs")
    for word in ("První", "Předchozí", "Další", "Poslední", "Hrací plocha", "Graf území"):
        assert f">{word}<" in czech, word
    events = len(game.events)  # 23: "událostí", the form for 5 or more
    assert f"** · {events} událostí · hráči: Alice, Bob" in czech
    assert "&lt;html lang=&quot;cs&quot;&gt;" in czech  # the script's document, in srcdoc
    assert not re.search(r">(First|Previous|Last|Board|Feature graph)<", czech)
    italian = stepper_html(game, ui.Walkthrough(), quiz=True, markdown_html=_markdown, lang="it")
    assert ">Precedente<" in italian and ">Tabellone<" in italian


def test_the_game_in_the_view_does_not_change_with_the_language():
    game = _game()
    views = {
        lang: view_data(game, ui.Walkthrough(), quiz=True, markdown_html=_markdown, lang=lang)
        for lang in ("en", "it", "cs")
    }

    def boards(data):
        return [
            "".join(data["pieces"][k] for k in frame["board"] + frame["graph"])
            for frame in data["frames"]
        ]

    assert boards(views["it"]) == boards(views["en"]) == boards(views["cs"])
    shown = [
        "".join(views["cs"]["pieces"][k] for k in f["shown"][1]) for f in views["cs"]["frames"]
    ]
    assert "**Dosavadní skóre**" in shown[-1]
    # Czech plural forms of the points: Alice and Bob have 8 each at the end (hand-counted)
    assert "Proč má Alice 8 bodů" in shown[-1] and "Proč má Bob 8 bodů" in shown[-1]
    question = next(f["q"] for f in views["it"]["frames"] if f["q"])
    assert "**Giusto!**" in question["yes"] and "**Non proprio:** la risposta è" in question["no"]


def test_the_classroom_stage_in_italian():
    game = _game()
    frames = classroom.game_frames(game, markdown_html=_markdown, lang="it")
    last = len(game.events) - 1
    assert frames[0].label == f"Evento 0 di {last}"
    assert f"evento {last} di {last}" in frames[-1].shown
    asked = next(f.asked for f in frames if f.asked)
    assert "Che cosa prevede la classe?" in asked and "per scoprirlo" in asked
    document = classroom.stage_document(frames, title=game.title, lang="it")
    for words in ("Note del relatore", "Schermo intero", "Esci dalla modalità classe"):
        assert words in document
    assert "oscura lo schermo" in document and '"switchLabel":"Modalità classe"' in document
    assert '"closed":"La scena è stata chiusa"' in document
    assert "Presenter notes" not in document and "Leave classroom mode" not in document
    # the current language is the default
    with use_language("cs"):
        assert "Opustit režim pro třídu" in classroom.stage_document(frames[:1], title="x")
    # the head line's step title and the event headings (the walk in Chromium found them
    # English: "Turno 4 · 1A Begin the turn", "Event 3 · a tile is drawn")
    assert "Turno 1 · 1A Inizio del turno" in frames[1].shown
    drawn = next(e for e in game.events if e.kind == "tile-drawn")
    assert teach.event_heading(drawn, "it") == f"**Evento {drawn.index}** · si pesca una tessera"
    assert teach.event_heading(drawn, "cs") == f"**Událost {drawn.index}** · táhne se kartička"
    assert teach.event_heading(drawn) == f"**Event {drawn.index}** · a tile is drawn"
    notes = classroom.presenter_notes_markdown(game, drawn.index, lang="cs")
    assert notes.startswith(f"**Událost {drawn.index}**")


def test_the_glossary_in_three_languages():
    english = glossary_markdown("en")
    assert english.startswith("**Publishers and editions**")
    italian = glossary_markdown("it")
    czech = glossary_markdown("cs")
    assert (
        italian.startswith("**Editori ed edizioni**") and "- **seguace (C2: meeple)**:" in italian
    )
    assert "**Herní pojmy**" in czech and "- **družiník (C2: meeple)**:" in czech
    for text in (italian, czech):
        assert text.count("\n- **") == english.count("\n- **") == len(GLOSSARY)
    assert spell_out("HiG and Big Box 3", "cs") == (
        "Hans im Glück (HiG) and Big Box 3 (ještě pozdější krabice téhož druhu, bez Řeky II)"
    )
    assert spell_out("C1", "it") == "C1 (la grafica delle tessere e i termini della prima edizione)"


class _Marimo:
    """What of marimo the shared walkthrough cells use, keeping what they are given."""

    class ui:
        @staticmethod
        def switch(value, label):
            return {"switch": label, "value": value}

        @staticmethod
        def dropdown(options, value, label, **_):
            return {"dropdown": label, "value": value}

    class md(str):  # noqa: N801 (marimo's name): its HTML is the Markdown, as _markdown
        @property
        def text(self) -> str:
            return str(self)

    @staticmethod
    def accordion(items):
        return items

    @staticmethod
    def Html(html):
        return html


def _king_robber():
    from carc_teach.expansions.king_robber.views import WALKTHROUGH

    return ui.bundled_game(WALKTHROUGH), WALKTHROUGH


def test_a_walkthrough_shows_its_footnotes_and_chrome_in_the_page_language():
    from carc_teach.annotations import get

    game, walkthrough = _king_robber()
    # ckr-35 comes up at event 16 (the King changes hands), an official clarification
    record = get("ckr-35")
    for lang, kind, details, classroom_label in (
        ("it", "Chiarimento ufficiale", "Dettagli della regola", "Modalità classe"),
        ("cs", "Oficiální vysvětlení", "Podrobnosti pravidla", "Režim pro třídu"),
    ):
        title = spell_out(record.title_in(lang), lang)
        assert title != spell_out(record.title, "en")
        data = view_data(game, walkthrough, quiz=False, markdown_html=_markdown, lang=lang)
        at_16 = "".join(data["pieces"][k] for k in data["frames"][16]["shown"][1])
        assert f"{kind} · {title}" in at_16, lang
        assert record.text_in(lang).split()[2] in at_16  # the translated text, not the English
        top = "".join(data["pieces"][k] for k in data["frames"][16]["shown"][0])
        assert f"<summary>{details}</summary>" in top and "Rule details" not in top
        assert details in at_16  # the footnote's own fold (score stories are English for now)
        # the shared cells: the classroom switch carries the label the stage looks for
        quiz, switch = ui.controls(_Marimo, walkthrough, lang)
        assert switch["switch"] == classroom_label
        stage = ui.walkthrough_view(
            _Marimo, game, walkthrough, quiz=False, classroom=True, lang=lang
        )
        assert f"&quot;switchLabel&quot;:&quot;{classroom_label}&quot;" in stage
        assert f"{kind} · **{title}**" in stage  # the presenter notes' footnotes
        (heading, covered), *_ = ui.footnotes_covered(_Marimo, game, lang).items()
        assert "Footnotes" not in heading and f"**{title}** ({'📖'} {kind};" in covered
        (heading, _glossary), *_ = ui.glossary(_Marimo, lang).items()
        assert heading.startswith({"it": "Glossario", "cs": "Slovníček"}[lang])


def test_english_walkthrough_pieces_are_unchanged_by_the_language_parameter():
    from carc_teach import teach

    game, walkthrough = _king_robber()
    event = game.events[16]
    default = teach.annotation_notes(event, expansions=game.setup.expansions)
    assert default == teach.annotation_notes(event, expansions=game.setup.expansions, lang="en")
    assert default[0]["kind"] == "📖 Official clarification" or default
    assert teach.footnotes_covered_markdown(game) == teach.footnotes_covered_markdown(game, "en")
    english = view_data(game, walkthrough, quiz=True, markdown_html=_markdown)
    assert english == view_data(game, walkthrough, quiz=True, markdown_html=_markdown, lang="en")
    assert ui.controls(_Marimo, walkthrough)[1]["switch"] == "Classroom mode"

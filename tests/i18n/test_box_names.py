"""The boxes' names (expansions, their parts, rule modules, the scoring reference's groups and
presets) in Italian and Czech: every one translated, shown by the scoring reference, the
start-tiles event and the rule titles there; English as it was."""

from __future__ import annotations

import pytest

from carc_teach import examples, reference
from carc_teach.expansions import PACKAGES
from carc_teach.i18n import _
from carc_teach.i18n.names import MODULE_TITLES, box_name, names
from carc_teach.reference import present
from carc_teach.rules import RULE_MODULES, module_class
from carc_teach.teach import rule_title

LANGS = ("it", "cs")


def _every_box_name() -> list[str]:
    found = [package.title for package in PACKAGES]
    found += [module_class(e).title for e in RULE_MODULES]
    found += [group.title for group in reference.GROUPS]
    for expansion in reference.SELECTOR_EXPANSIONS.values():
        found += [expansion.name, *(part.name for part in expansion.parts)]
    found += [preset.title for preset in reference.SELECTOR_PRESETS.values()]
    return list(dict.fromkeys(found))


@pytest.mark.parametrize("lang", LANGS)
def test_every_box_name_is_translated(lang):
    missing = [name for name in _every_box_name() if name not in names("box", lang)]
    assert not missing, f"names without a translation in data/{lang}/boxes.toml: {missing}"
    unused = set(names("box", lang)) - set(_every_box_name())
    assert not unused, f"translations of names nobody uses: {sorted(unused)}"


def test_the_rule_modules_titles_are_marked_and_agree_with_the_box_names():
    assert set(MODULE_TITLES) == {module_class(e).title for e in RULE_MODULES}
    for lang in LANGS:
        for title in MODULE_TITLES:
            assert _(title, lang) == box_name(title, lang) != title


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The Count of Carcassonne lays 12 start tiles"),
        ("it", "Il Conte di Carcassonne mette in gioco 12 tessere iniziali"),
        ("cs", "Hrabě z Carcassonne: na stole leží startovní kartičky, celkem 12"),
    ],
)
def test_the_start_tiles_event_names_the_module_in_the_language(lang, said):
    event = examples.load("count-city").events[0]
    assert event.text.startswith("The Count of Carcassonne lays 12 start tiles")
    assert event.text_in(lang).startswith(said)


def test_a_scoring_reference_row_names_its_boxes_and_rules_in_the_language():
    selection = reference.selection_for_preset("ckr+abbey-mayor")
    english = reference.rows(selection, "C2")
    row = next(
        r for r in english if r.expansions and r.rule_ids and r.rule_ids[0] in r.engine_rule_ids
    )
    k = english.index(row)
    rule = row.rule_ids[0]
    assert present.rule_title(rule, "en") == rule_title(rule, "en")
    for lang in LANGS:
        shown = present.row_markdown(reference.rows(selection, "C2", lang=lang)[k], lang=lang)
        for expansion in row.expansions:
            name = reference.SELECTOR_EXPANSIONS[expansion].name
            assert box_name(name, lang) in shown and box_name(name, lang) != name
        assert present.rule_title(rule, lang) == rule_title(rule, lang) != rule_title(rule, "en")
        assert present.rule_title(rule, lang) in shown
    assert f"`{rule}` {rule_title(rule, 'en')} (" in present.row_markdown(row)


def test_ids_in_a_text_are_put_in_the_languages_words():
    from carc_teach.editions import option, translated_option
    from carc_teach.i18n import use_language
    from carc_teach.teach import plain_ids

    text = "See count.deploy-trigger and base.city.score."
    english, ids = plain_ids(text, "en")
    assert english == (
        f"See “{option('count.deploy-trigger').title}” and “{rule_title('base.city.score', 'en')}”."
    )
    quotes = {"it": ("«", "»"), "cs": ("„", "“")}
    for lang, (left, right) in quotes.items():
        said, same = plain_ids(text, lang)
        assert same == ids == ("count.deploy-trigger", "base.city.score")
        title = translated_option(option("count.deploy-trigger"), lang).title
        assert f"{left}{title}{right}" in said
        assert f"{left}{rule_title('base.city.score', lang)}{right}" in said
        with use_language(lang):  # the current language, as a walkthrough's view sets it
            assert plain_ids(text)[0] == said

"""The catalogues inside Pyodide: read from the installed wheel, plural forms, formats, and a
game replayed with each language current.

Runs unchanged under CPython (imported by the test) and inside Pyodide (executed as a script
by run_in_pyodide.mjs, whose last expression must be a string).
"""

import json
import sys

from carc_teach import examples, i18n, reference
from carc_teach.annotations.glossary import glossary_markdown
from carc_teach.editions import option, translated_option
from carc_teach.errors import GameFileError
from carc_teach.gamefile import load_game
from carc_teach.i18n.errors import error_text


def _bad_file_error(lang):
    bad = {"format": "carc-teach-game", "version": 2, "setup": {"players": ["A"]}, "moves": [1]}
    try:
        load_game(bad, source="bad.json")
    except GameFileError as exc:
        return error_text(exc, lang)
    return ""


def summary():
    texts = {}
    outcomes = {}
    for lang in i18n.LANGUAGES:
        texts[lang] = {
            "records": [
                i18n.ngettext("{n} record", "{n} records", n, lang)
                for n in (0, 1, 2, 5, 21, 22, 25)
            ],
            "list": i18n.format_list(["Alice", "Bob", "Carla"], lang),
            "number": i18n.format_number(1234567.25, lang, decimals=1),
            "glossary": glossary_markdown(lang).splitlines()[0],
            # the long texts beside the data, read from the wheel like the catalogues
            "option": translated_option(option("count.deploy-trigger"), lang).title,
            "reference": reference.rows(["tower"], "C2", lang=lang)[0].title,
            "error": _bad_file_error(lang),
        }
        with i18n.use_language(lang):
            game = examples.load("count-city")
            outcomes[lang] = {
                "scores": game.scores,
                "events": [[e.kind, e.player, e.points, e.rule, e.text] for e in game.events],
            }
    return {"platform": sys.platform, "texts": texts, "outcomes": outcomes}


# The value Pyodide hands back (the script's last expression); nothing when imported.
json.dumps(summary()) if __name__ == "__main__" else None

"""The catalogues inside Pyodide: read from the installed wheel, plural forms, formats, and a
game replayed with each language current.

Runs unchanged under CPython (imported by the test) and inside Pyodide (executed as a script
by run_in_pyodide.mjs, whose last expression must be a string).
"""

import json
import sys

from carc_teach import examples, i18n
from carc_teach.annotations.glossary import glossary_markdown


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

"""Summarise the annotation corpus and the edition model; run under CPython and in Pyodide.

The last expression is a JSON string (the Pyodide runner prints it); ``summary()`` returns the
same data as a dict for the CPython side.
"""

import json
import sys


def summary() -> dict:
    import carc_teach.annotations as annotations
    from carc_teach import editions

    return {
        "platform": sys.platform,
        "records": [r.to_dict() for r in annotations.all_annotations()],
        "rule_texts": [t.to_dict() for t in annotations.rule_texts()],
        "for_market": [r.id for r in annotations.annotations_for("count.redeploy.market")],
        "presets": {p: editions.resolve(p).to_dict() for p in editions.PRESETS},
        "terms": [editions.term(w, "C2") for w in ("follower", "Cloisters", "quarter")],
        # the translations (annotations/data/<lang>/, a sub-folder of the package data)
        "translated": {
            lang: {
                "records": [
                    [r.title_in(lang), r.text_in(lang)] for r in annotations.all_annotations()
                ],
                "rules": [[t.section_in(lang), t.text_in(lang)] for t in annotations.rule_texts()],
                "untranslated": annotations.untranslated(lang),
            }
            for lang in ("it", "cs")
        },
    }


json.dumps(summary())

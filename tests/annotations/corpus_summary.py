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
    }


json.dumps(summary())

"""Summarise the scoring reference; run under CPython and in Pyodide.

The last expression is a JSON string (the Pyodide runner prints it); ``summary()`` returns the
same data as a dict for the CPython side.
"""

import json
import sys


def summary() -> dict:
    from carc_teach import reference

    out = {"platform": sys.platform, "rows": {}, "intro": {}, "steps": {}}
    for preset in reference.SELECTOR_PRESETS:
        for edition in ("C1", "C2"):
            key = f"{preset}/{edition}"
            selection = reference.selection_for_preset(preset)
            out["rows"][key] = [
                r.as_dict() for r in reference.rows(selection, edition, include_drafts=True)
            ]
            out["intro"][key] = reference.intro(selection, edition).as_dict()
            out["steps"][key] = [s.as_dict() for s in reference.steps(selection, edition)]
    out["diff"] = reference.diff([], ["shrines"], "C1").as_dict()
    return out


json.dumps(summary())

"""Carry the marimo notebooks to the learner's browser.

- :mod:`carc_teach.site.notebooks` finds the walkthrough notebooks and reads their title and
  description from the notebooks themselves.
- :mod:`carc_teach.site.build` exports them as a static WebAssembly site
  (``carc-teach build-site``), optionally self-hosted (:mod:`carc_teach.site.offline`).
- :mod:`carc_teach.site.serve` runs them locally with ``marimo run`` (``carc-teach serve``).

Nothing here is imported by the engine; these modules need marimo (the ``notebooks`` extra).
"""

from __future__ import annotations

__all__: list[str] = []

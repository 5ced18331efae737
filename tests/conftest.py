"""Test-run wide settings.

``./dev test`` runs pytest on two workers (pytest-xdist, ``--dist loadgroup``). Tests that
share an expensive fixture are kept on one worker so that it is made once: every browser test
(the marimo servers and the self-hosted site are per worker), and each real-Pyodide module
(its runtime, or its restored snapshot, is per module). Everything else is spread over both.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("browser"):
            group = "browser"
        elif item.get_closest_marker("pyodide"):
            group = f"pyodide:{item.path.name}"
        else:
            continue
        item.add_marker(pytest.mark.xdist_group(group))

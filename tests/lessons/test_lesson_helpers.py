"""The helpers every walkthrough's lessons share are one module (``carc_teach/lessons/helpers.py``):
no lesson or view module keeps a copy of its own, and each helper says what the copies said."""

from __future__ import annotations

import ast
from pathlib import Path

import carc_teach
from carc_teach.i18n import use_language
from carc_teach.lessons import helpers

PACKAGE = Path(carc_teach.__file__).parent
#: the names the copies went by, before they were gathered
COPIES = {"_at", "_pos_text", "_or", "_join_or", "_winners", "_outcome", "_pick", "_module"}
COPIES |= {"_points_choices"}


def lesson_modules() -> list[Path]:
    return sorted(
        [
            *PACKAGE.glob("lessons/*.py"),
            *PACKAGE.glob("expansions/*/lessons.py"),
            *PACKAGE.glob("expansions/*/views.py"),
            *PACKAGE.glob("expansions/*/drills.py"),
        ]
    )


def test_no_lesson_module_keeps_its_own_copy_of_a_shared_helper():
    copies = [
        f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}"
        for path in lesson_modules()
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name in COPIES
    ]
    assert len(lesson_modules()) >= 12
    assert not copies, f"use carc_teach.lessons.helpers instead: {copies}"


def test_the_shared_helpers_say_what_the_copies_said():
    assert helpers.square((2, -1, "road")) == "(2, -1)"
    assert helpers.join_or(["north"]) == "north"
    assert helpers.join_or(["a", "b", "c"]) == "a, b or c"
    assert helpers.winners({"Ann": 2, "Bob": 2, "Cy": 1}) == ["Ann", "Bob"]
    assert helpers.winners({"Ann": 0}) == []
    assert helpers.outcome([], "city") == "nobody scores the city"
    assert helpers.outcome(["Ann"], "road") == "Ann alone takes the road"
    assert helpers.outcome(["Ann", "Bob"], "city") == "Ann and Bob tie and each score it in full"
    share = "{names} share the {what}, each scoring it in full"
    assert helpers.outcome(["Ann", "Bob"], "cloister", tie=share) == (
        "Ann and Bob share the cloister, each scoring it in full"
    )
    # in the current language, a whole sentence per kind of feature
    with use_language("it"):
        assert helpers.join_or(["a", "b", "c"]) == "a, b o c"
        assert helpers.outcome(["Ann"], "road") == "la strada va soltanto a Ann"
    with use_language("cs"):
        assert helpers.join_or(["a", "b"]) == "a nebo b"
        assert helpers.outcome([], "feature") == "území nikomu body nepřinese"
        assert helpers.outcome(["Ann", "Bob"], "city") == (
            "Ann a Bob remizují a každý dostane plný počet bodů"
        )
    assert helpers.up_to_four("a", ["b", "a", "c", "d", "e"]) == ["a", "b", "c", "d"]
    assert helpers.sorted_choices("b", ["d", "a"]) == ("a", "b", "d")
    points = helpers.points_choices(4, [2, 8])
    assert len(points) == 4 and "4 points" in points

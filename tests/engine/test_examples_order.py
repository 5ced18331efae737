"""The bundled games are offered in the course's order: the base game's first."""

from carc_teach import examples, teach


def test_course_order_starts_with_the_base_game_and_loses_nothing():
    order = examples.in_course_order()
    assert sorted(order) == examples.names()
    played = [tuple(examples.data(n)["setup"].get("expansions", ["base"])) for n in order]
    base_only = [p == ("base",) for p in played]
    assert base_only[:3] == [True, True, True] and not any(base_only[3:])
    # every Count game before the first King & Robber game, that before the first abbey one
    first = {e: next(k for k, p in enumerate(played) if e in p) for e in ("count", "king-robber")}
    assert first["count"] < first["king-robber"]
    assert order.index("first-turns") < order.index("count-city") < order.index("mayor-pennants")


def test_a_base_game_says_where_the_footnotes_are():
    said = teach.footnotes_covered_markdown(examples.load("first-turns"))
    assert "base game only" in said and "Abbey & Mayor" in said

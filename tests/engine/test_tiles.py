"""The tile catalogue: counts, rotation, edges, field borders."""

from __future__ import annotations

import pytest

from carc_teach.errors import CatalogueError
from carc_teach.tiles import (
    HALVES,
    ROTATIONS,
    SIDES,
    catalogue,
    corner_side_of_half,
    opposite_half,
    orient,
    parse_catalogue,
    tile_sets,
)

BASE = catalogue("base")


def test_base_set_has_24_types_and_72_tiles():
    assert len(BASE) == 24
    assert BASE.total == 72
    assert [t.id for t in BASE] == list("ABCDEFGHIJKLMNOPQRSTUVWX")
    assert "base" in tile_sets()


def test_known_counts_and_pennants():
    counts = BASE.counts()
    assert counts["V"] == 9 and counts["U"] == 8 and counts["B"] == 4 and counts["A"] == 2
    assert counts["D"] == 4 and counts["X"] == 1 and counts["C"] == 1
    pennants = sum(t.count * sum(s.pennants for s in t.segments) for t in BASE)
    assert pennants == 10
    assert sum(t.count for t in BASE if any(s.kind == "cloister" for s in t.segments)) == 6
    assert BASE.start == ("D", 0)


def test_every_edge_location_is_covered_exactly_once():
    for t in BASE:
        sides = [s for seg in t.segments for s in seg.sides]
        halves = [h for seg in t.segments for h in seg.halves]
        assert len(sides) == len(set(sides)), t.id
        assert len(halves) == len(set(halves)), t.id
        for side in range(4):
            on_side = side in sides
            half_cover = {2 * side, 2 * side + 1} & set(halves)
            city_side = on_side and t.edges[side] == "city"
            # a city side has no field halves; a road side and a field side have both halves
            assert (not half_cover) if city_side else half_cover == {2 * side, 2 * side + 1}, (
                t.id,
                side,
            )


def test_field_borders_match_the_corner_rule():
    # In the base set a field touches a city exactly where one of its half-sides runs into a
    # corner shared with a city side; the data states borders explicitly, this checks them.
    for t in BASE:
        for seg in t.segments:
            if seg.kind != "field":
                continue
            derived = set()
            for h in seg.halves:
                other = corner_side_of_half(h)
                for city in t.segments:
                    if city.kind == "city" and other in city.sides:
                        derived.add(city.id)
            assert set(seg.borders) == derived, (t.id, seg.id)


def test_rotation_is_pure_and_cyclic():
    for t in BASE:
        before = t.segments
        o90 = orient(t, 90)
        assert t.segments == before  # no mutation
        assert orient(t, 90) is o90  # cached
        for r in ROTATIONS:
            o = orient(t, r)
            assert o.edges == tuple(t.edges[(s - r // 90) % 4] for s in range(4))
        # four quarter turns of the segments come back to the start
        seg = t.segments[0]
        assert seg.rotated(1).rotated(1).rotated(1).rotated(1) == seg


def test_rotation_examples():
    d = BASE["D"]
    assert orient(d, 0).edges == ("city", "road", "field", "road")
    assert orient(d, 90).edges == ("road", "city", "road", "field")
    assert orient(d, 90).segment_at("E").id == "city"
    assert orient(d, 90).segment_at("SSE").id == "field-n"
    assert orient(BASE["B"], 0).segment_at("C").id == "cloister"
    with pytest.raises(ValueError):
        orient(d, 45)


def test_opposite_half_pairs_mirror_across_an_edge():
    assert HALVES[opposite_half(HALVES.index("NNW"))] == "SSW"
    assert HALVES[opposite_half(HALVES.index("NNE"))] == "SSE"
    assert HALVES[opposite_half(HALVES.index("ENE"))] == "WNW"
    assert all(opposite_half(opposite_half(h)) == h for h in range(8))
    assert len(SIDES) == 4


def test_bad_catalogue_data_is_rejected_with_location():
    bad = {
        "set": "x",
        "tiles": [{"id": "Z", "segments": [{"id": "c", "kind": "city", "sides": ["N"]}]}],
    }
    with pytest.raises(CatalogueError, match="not fully covered"):
        parse_catalogue(bad, "x.json")
    with pytest.raises(CatalogueError, match="unknown tile set"):
        catalogue("no-such-set")


def test_every_segment_has_a_name_of_its_own_in_words():
    """A deployment names its segment in words (issue 21): the names are unique on every tile
    of every catalogue in every rotation, and never the id of a segment with a hyphen."""
    from carc_teach.tiles import ROTATIONS, catalogue, orient, segment_words, tile_sets

    for name in tile_sets():
        for tile in catalogue(name):
            for rotation in ROTATIONS:
                oriented = orient(tile, rotation)
                words = [segment_words(oriented, seg.id) for seg in tile.segments]
                assert len(set(words)) == len(words), (name, tile.id, rotation, words)
                assert not any(
                    "-" in seg.id and seg.id in w
                    for seg, w in zip(tile.segments, words, strict=True)
                )
    straight = orient(catalogue("base")["U"], 90)  # the road runs west to east
    assert segment_words(straight, "field-e") == "the tile's south field"
    bend = orient(catalogue("base")["O"], 0)
    assert segment_words(bend, "field-inner", at=(2, 1)) == (
        "the field inside the road's bend of the tile at (2, 1)"
    )

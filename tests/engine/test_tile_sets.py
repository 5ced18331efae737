"""The expansion tile sets and the catalogue format features they need.

River II, the City of Carcassonne, King & Robber Baron, three shrine editions and Abbey & Mayor:
their counts, edges, tags and connections, the start block, the wildcard abbey, and the errors a
malformed catalogue gives. ``docs/tiles.md`` describes the format and the sources.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import itertools

import pytest

from carc_teach.errors import CatalogueError
from carc_teach.tiles import (
    CONNECTION_KINDS,
    EDGE_KINDS,
    HALVES,
    QUARTER_NAMES,
    ROTATIONS,
    SEGMENT_KINDS,
    SIDES,
    WILDCARD_EDGE,
    catalogue,
    edges_match,
    half_side_kinds,
    opposite_half,
    opposite_side,
    orient,
    parse_catalogue,
    tile_sets,
)

EXPANSION_SETS = (
    "river2",
    "count",
    "king-robber",
    "shrines-ckr",
    "shrines-csc",
    "shrines-spielbox",
    "abbey-mayor",
    "inns-cathedrals",
)

# (tile types, physical tiles) per set, as in the boxes
BOX = {
    "base": (24, 72),
    "river2": (12, 12),
    "count": (12, 12),
    "king-robber": (5, 5),
    "shrines-ckr": (5, 5),
    "shrines-csc": (6, 6),
    "shrines-spielbox": (5, 5),
    "abbey-mayor": (13, 18),
    "inns-cathedrals": (17, 18),
}

# Digest of the base set's fields as they parsed before the expansion fields existed
# (recorded on the unchanged code); see _base_dump.
BASE_DIGEST = "a2c1625297412e4170c80c8d3ecd40972dd4cca8da3dd10e40777e5099a2b92d"


def _base_dump(cat) -> str:
    def tile(t):
        segs = tuple((s.id, s.kind, s.sides, s.halves, s.pennants, s.borders) for s in t.segments)
        return (t.id, t.name, t.count, t.tile_set, t.note, t.edges, segs)

    head = (cat.name, cat.title, cat.editions, cat.start, cat.notes, cat.total)
    return repr([tile(t) for t in cat]) + repr(head)


def river_sides(tile_type) -> int:
    return sum(1 for e in tile_type.edges if e == "river")


# ---------------------------------------------------------------- every set


def test_every_shipped_set_parses_with_the_box_counts():
    assert set(tile_sets()) == {"base", *EXPANSION_SETS}
    for name, (types, total) in BOX.items():
        cat = catalogue(name)
        assert cat.name == name
        assert (len(cat), cat.total) == (types, total), name
        assert all(t.tile_set == name for t in cat)
        for t in cat:
            assert t.edges == tuple(t.edges) and len(t.edges) == 4
            assert all(e in EDGE_KINDS or (t.wildcard and e == WILDCARD_EDGE) for e in t.edges)
            assert all(s.kind in SEGMENT_KINDS for s in t.segments)


def test_tile_ids_are_unique_across_all_sets():
    ids = [t.id for name in tile_sets() for t in catalogue(name)]
    assert len(ids) == len(set(ids))


def test_every_location_is_claimed_at_most_once_and_every_side_is_described():
    for name in tile_sets():
        for t in catalogue(name):
            sides = [x for s in t.segments for x in s.sides]
            halves = [h for s in t.segments for h in s.halves]
            assert len(sides) == len(set(sides)), t.id
            assert len(halves) == len(set(halves)), t.id
            if t.wildcard:
                assert not sides and not halves
                continue
            for side in range(4):
                half_set = {2 * side, 2 * side + 1}
                if side in sides:
                    # a whole-side segment: a road/river has fields on both halves, else none
                    if t.edges[side] in ("road", "river"):
                        assert half_set <= set(halves), (t.id, side)
                    else:
                        assert not half_set & set(halves), (t.id, side)
                else:
                    assert half_set <= set(halves), (t.id, side)


def test_rotation_keeps_tags_and_quarters():
    for name in EXPANSION_SETS:
        for t in catalogue(name):
            for r in ROTATIONS:
                o = orient(t, r)
                for before, after in zip(t.segments, o.segments, strict=True):
                    assert (after.tags, after.quarter) == (before.tags, before.quarter)
                assert o.edges == tuple(t.edges[(s - r // 90) % 4] for s in range(4))


# ---------------------------------------------------------------- base unchanged


def test_base_tiles_parse_exactly_as_before_the_expansion_fields():
    base = catalogue("base")
    assert hashlib.sha256(_base_dump(base).encode()).hexdigest() == BASE_DIGEST
    for t in base:
        assert (t.tags, t.wildcard, t.per_player) == ((), False, False), t.id
        assert all((s.tags, s.quarter) == ((), "") for s in t.segments), t.id
        # connections are data for the wagon but take no part in equality or hashing
        plain = dataclasses.replace(t, connections=())
        assert plain == t and hash(plain) == hash(t)
    assert (base.start, base.start_block, base.draw_stage) == (("D", 0), (), "normal")


def test_base_connections_are_the_crossings_and_the_road_ends():
    base = catalogue("base")
    with_connections = {t.id: t.connections for t in base if t.connections}
    assert set(with_connections) == {"A", "L", "S", "T", "W", "X"}
    assert len(base["X"].connections) == 6 and len(base["W"].connections) == 3
    assert base["A"].connected("cloister") == ("road",)
    assert set(base["L"].connected("road-e")) == {"road-s", "road-w"}
    assert base["L"].connected("city") == ()  # the city cap is not on the crossing
    assert base["D"].connections == ()  # the road only passes by


# ---------------------------------------------------------------- connections


def test_connections_join_existing_segments_of_allowed_kinds():
    for name in tile_sets():
        for t in catalogue(name):
            pairs = [frozenset(p) for p in t.connections]
            assert len(pairs) == len(set(pairs)), t.id
            for a, b in t.connections:
                sa, sb = t.segment(a), t.segment(b)
                assert tuple(sorted((sa.kind, sb.kind))) in CONNECTION_KINDS, (t.id, a, b)
                roads = [s for s in (sa, sb) if s.kind == "road"]
                assert roads, (t.id, a, b)
                # a road that runs into something ends on this tile: it touches one side only
                assert all(len(r.sides) == 1 for r in roads), (t.id, a, b)
            # roads meeting at a crossing are connected pairwise
            road_road = [p for p in t.connections if {t.segment(x).kind for x in p} == {"road"}]
            if road_road:
                ends = {x for p in road_road for x in p}
                assert len(road_road) == len(ends) * (len(ends) - 1) // 2, t.id


def test_expansion_connections_follow_the_pictures():
    kr, am, r2 = catalogue("king-robber"), catalogue("abbey-mayor"), catalogue("river2")
    assert set(kr["KR-4"].connected("city")) == {"road-s", "road-e"}
    assert kr["KR-3"].connected("road-se") == ()  # the bend passes by the city
    assert set(am["AM-5"].connected("cloister")) == {"road-n", "road-e", "road-s", "road-w"}
    assert am["AM-5"].connected("road-n") == ("cloister",)  # not a crossing
    assert am["AM-4"].connected("city-n") == ("road-e",)
    assert am["AM-12"].connections == ()  # the road passes under the city through a tunnel
    assert am["AM-7"].connections == () and am["AM-8"].connections == ()  # walls, no gates
    assert "tunnel" in am["AM-12"].segment("road").tags
    assert r2["R2-city-road"].connected("road") == ("city",)
    assert r2["R2-inn-bridge"].connections == ()


# ---------------------------------------------------------------- River II


def test_river_ii_tiles_have_the_right_number_of_river_sides():
    r2 = catalogue("river2")
    assert r2.draw_stage == "first"
    for t in r2:
        assert "river" in t.tags, t.id
        n = river_sides(t)
        if "fork" in t.tags:
            assert n == 3, t.id
        elif {"spring", "lake", "river-end"} & set(t.tags):
            assert n == 1, t.id
        else:
            assert n == 2, t.id
        rivers = [s for s in t.segments if s.kind == "river"]
        assert len(rivers) == 1 and len(rivers[0].sides) == n, t.id


def test_river_ii_spring_lake_and_special_tiles():
    r2 = catalogue("river2")
    assert [t.id for t in r2.tagged("spring")] == ["R2-spring"]
    assert r2.start == ("R2-spring", 0)
    assert [t.id for t in r2.tagged("fork")] == ["R2-fork"]
    assert [t.id for t in r2.tagged("lake")] == ["R2-volcano"]
    assert {t.id for t in r2.tagged("river-end")} == {"R2-volcano", "R2-lake-city"}
    assert [t.id for t in r2.tagged("volcano")] == ["R2-volcano"]
    pig = r2.tagged("pig-herd")
    assert [t.id for t in pig] == ["R2-pig-herd"]
    assert [s.id for s in pig[0].segments if "pig-herd" in s.tags] == ["field"]
    inn = r2.tagged("inn")
    assert [s.kind for s in inn[0].segments if "inn" in s.tags] == ["road"]
    assert r2["R2-city-curve"].segment("city").pennants == 1
    assert sum(t.count for t in r2) == 12


def test_a_road_crossing_a_river_keeps_four_fields():
    t = catalogue("river2")["R2-inn-bridge"]
    assert t.edges == ("river", "road", "river", "road")
    fields = [s for s in t.segments if s.kind == "field"]
    assert len(fields) == 4 and all(len(f.halves) == 2 for f in fields)
    o = orient(t, 90)
    assert o.edges == ("road", "river", "road", "river")
    assert o.segment_at("N").kind == "road" and o.segment_at("E").kind == "river"
    assert o.segment_at("NNW").id != o.segment_at("NNE").id  # the road splits the fields


# ---------------------------------------------------------------- City of Carcassonne


def test_the_city_of_carcassonne_is_one_4_by_3_block():
    cc = catalogue("count")
    assert cc.start is None and len(cc.start_block) == 12
    positions = {(x, y) for _, x, y, _ in cc.start_block}
    assert positions == {(x, y) for x in range(-2, 2) for y in range(-1, 2)}
    assert (0, 0) in positions  # the start position lies inside the block
    assert sorted(tid for tid, *_ in cc.start_block) == sorted(t.id for t in cc)
    assert all("city-of-carcassonne" in t.tags for t in cc)
    assert all("city-of-carcassonne" in s.tags for t in cc for s in t.segments if s.kind == "field")


def _block(cc):
    return {(x, y): orient(cc[tid], r) for tid, x, y, r in cc.start_block}


def test_the_block_tiles_fit_each_other_half_side_by_half_side():
    cc = catalogue("count")
    block = _block(cc)
    offsets = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
    inner_edges = 0
    for (x, y), tile in block.items():
        for side, (dx, dy) in offsets.items():
            other = block.get((x + dx, y + dy))
            if other is None:
                assert tile.edges[side] != "quarter", (tile.type.id, SIDES[side])
                continue
            inner_edges += 1
            back = opposite_side(side)
            assert tile.edges[side] == "quarter" == other.edges[back], (tile.type.id, side)
            # what lies on each half-side continues on the neighbour's mirrored half-side
            for half in (2 * side, 2 * side + 1):
                mine, theirs = tile.half_segment[half], other.half_segment[opposite_half(half)]
                whole_mine, whole_theirs = tile.side_segment[side], other.side_segment[back]
                kind_mine = tile.segments[whole_mine if mine is None else mine].kind
                kind_theirs = other.segments[whole_theirs if theirs is None else theirs].kind
                assert kind_mine == kind_theirs, (tile.type.id, HALVES[half])
            assert half_side_kinds(tile, side) == half_side_kinds(other, back)[::-1]
    assert inner_edges == 2 * 17  # a 4 x 3 grid has 17 inner edges, seen from both sides


def test_the_block_shows_roads_cities_and_fields_outside():
    block = _block(catalogue("count"))
    north = [block[(x, -1)].edges[0] for x in range(-2, 2)]
    south = [block[(x, 1)].edges[2] for x in range(-2, 2)]
    west = [block[(-2, y)].edges[3] for y in range(-1, 2)]
    east = [block[(1, y)].edges[1] for y in range(-1, 2)]
    assert north == ["field", "field", "field", "road"]
    assert south == ["city", "field", "road", "field"]
    assert west == ["road", "field", "field"]
    assert east == ["field", "field", "city"]
    outer = north + south + west + east
    assert outer.count("road") == 3 and outer.count("city") == 2


def test_each_quarter_appears_once_and_only_inside():
    cc = catalogue("count")
    named = [s.quarter for t in cc for s in t.segments if s.kind == "quarter" and s.quarter]
    assert sorted(named) == sorted(QUARTER_NAMES)
    for t in cc:
        quarters = [s for s in t.segments if s.kind == "quarter"]
        assert len(quarters) == 1, t.id  # every city tile has an inside
    for name in tile_sets():
        if name != "count":
            assert not any(s.kind == "quarter" for t in catalogue(name) for s in t.segments)


# ---------------------------------------------------------------- shrines, K&R, A&M


def test_shrines_are_cloisters_tagged_shrine():
    for name in ("shrines-ckr", "shrines-csc", "shrines-spielbox"):
        for t in catalogue(name):
            assert "shrine" in t.tags
            buildings = [s for s in t.segments if s.kind == "cloister"]
            assert len(buildings) == 1 and buildings[0].tags == ("shrine",), t.id
    # the three editions show the same five tiles; the Cult, Siege & Creativity one adds one

    def shape(t):
        return (t.edges, tuple((s.kind, s.sides, s.halves, s.tags) for s in t.segments))

    ckr = [shape(t) for t in catalogue("shrines-ckr")]
    assert [shape(t) for t in catalogue("shrines-spielbox")] == ckr
    csc = [shape(t) for t in catalogue("shrines-csc")]
    assert csc[:5] == ckr and len(csc) == 6


def test_king_robber_tile_with_two_separate_cities():
    t = catalogue("king-robber")["KR-5"]
    cities = [s for s in t.segments if s.kind == "city"]
    assert len(cities) == 2 and t.edges == ("city",) * 4
    assert {s.sides for s in cities} == {(0, 2), (1, 3)}
    enclosed = [s for s in t.segments if "enclosed" in s.tags]
    assert len(enclosed) == 2 and all(not s.halves and len(s.borders) == 2 for s in enclosed)


def test_abbey_mayor_land_tiles_and_the_abbey():
    am = catalogue("abbey-mayor")
    land = [t for t in am if not t.per_player]
    assert len(land) == 12 and sum(t.count for t in land) == 12
    (abbey,) = [t for t in am if t.per_player]
    assert abbey.id == "abbey" and abbey.count == 6 and abbey.wildcard
    assert "abbey" in abbey.tags and abbey.segment("abbey").kind == "cloister"
    three_way = am["AM-11"]
    roads = [s for s in three_way.segments if s.kind == "road"]
    assert len(roads) == 1 and len(roads[0].sides) == 3 and three_way.connections == ()
    assert am["AM-1"].segment("city").pennants == 2
    pennants = sum(s.pennants for t in land for s in t.segments)
    assert pennants == 6


# ---------------------------------------------------------------- wildcard


def test_edges_match():
    kinds = (*EDGE_KINDS, WILDCARD_EDGE)
    for a, b in itertools.product(kinds, kinds):
        assert edges_match(a, b) == (a == b or WILDCARD_EDGE in (a, b)), (a, b)
        assert edges_match(None, b)


def test_the_abbey_fits_any_surroundings_in_every_rotation():
    abbey = catalogue("abbey-mayor")["abbey"]
    for r in ROTATIONS:
        o = orient(abbey, r)
        assert o.edges == (WILDCARD_EDGE,) * 4
        assert o.segment_at("C").id == "abbey" and o.segment_at("N") is None
        for demands in itertools.product(EDGE_KINDS, repeat=4):
            assert all(edges_match(d, e) for d, e in zip(demands, o.edges, strict=True))
        assert half_side_kinds(o, 0) == (WILDCARD_EDGE, WILDCARD_EDGE)
    # and no ordinary tile fits a road demand with a city edge
    assert not edges_match("road", catalogue("base")["C"].edges[0])


# ---------------------------------------------------------------- malformed catalogues


def _one_tile(**tile) -> dict:
    base = {
        "id": "Z",
        "segments": [{"id": "field", "kind": "field", "halves": list(HALVES)}],
    }
    base.update(tile)
    return {"set": "x", "tiles": [base]}


def _fails(data: dict, *parts: str) -> str:
    with pytest.raises(CatalogueError) as info:
        parse_catalogue(data, "bad.json")
    message = str(info.value)
    for part in ("bad.json", *parts):
        assert part in message, (part, message)
    return message


def test_bad_segment_kind_names_file_tile_and_field():
    data = _one_tile(segments=[{"id": "lava", "kind": "lava", "halves": list(HALVES)}])
    _fails(data, "tiles[0] (Z)", "segments[0].kind", "'lava'")


def test_unknown_connection_segment_names_file_tile_and_field():
    data = _one_tile(connections=[["field", "nowhere"]])
    _fails(data, "(Z)", "connections[0]", "'nowhere'")
    data = _one_tile(
        segments=[
            {"id": "river", "kind": "river", "sides": ["N", "S"]},
            {"id": "e", "kind": "field", "halves": ["NNE", "ENE", "ESE", "SSE"]},
            {"id": "w", "kind": "field", "halves": ["NNW", "WNW", "WSW", "SSW"]},
        ],
        connections=[["river", "e"]],
    )
    _fails(data, "(Z)", "connections[0]", "cannot be connected")
    data = _one_tile(connections=[["field"]])
    _fails(data, "(Z)", "connections[0]", "pair")


def test_bad_block_names_the_entry():
    good = copy.deepcopy(
        {
            "set": "count",
            "tiles": [
                {"id": t.id, "segments": [_segment_json(s) for s in t.segments]}
                for t in catalogue("count")
            ],
            "start": {
                "block": [
                    {"tile": tid, "x": x, "y": y, "rotation": r}
                    for tid, x, y, r in catalogue("count").start_block
                ]
            },
        }
    )
    assert len(parse_catalogue(good, "ok.json").start_block) == 12

    unknown = copy.deepcopy(good)
    unknown["start"]["block"][3]["tile"] = "CC-99"
    _fails(unknown, "start.block[3].tile", "'CC-99'")

    overlap = copy.deepcopy(good)
    overlap["start"]["block"][1]["x"] = overlap["start"]["block"][0]["x"]
    _fails(overlap, "start.block[1]", "two block tiles")

    turned = copy.deepcopy(good)
    turned["start"]["block"][0]["rotation"] = 90
    _fails(turned, "start.block", "CC-1", "do not fit")

    swapped = copy.deepcopy(good)
    swapped["start"]["block"][1]["tile"], swapped["start"]["block"][2]["tile"] = "CC-5", "CC-5"
    _fails(swapped, "start.block[2]", "more often than its count")

    apart = copy.deepcopy(good)
    apart["start"]["block"] = [
        {"tile": "CC-6", "x": 0, "y": 0},
        {"tile": "CC-7", "x": 5, "y": 0},
    ]
    _fails(apart, "start.block", "connected")

    both = copy.deepcopy(good)
    both["start"]["tile"] = "CC-1"
    _fails(both, "start", "either a tile")

    bad_rotation = copy.deepcopy(good)
    bad_rotation["start"]["block"][4]["rotation"] = 45
    _fails(bad_rotation, "start.block[4]", "rotation")


def _segment_json(s) -> dict:
    out: dict = {"id": s.id, "kind": s.kind}
    if s.sides:
        out["sides"] = [SIDES[x] for x in s.sides]
    if s.halves:
        out["halves"] = [HALVES[x] for x in s.halves]
    if s.borders:
        out["borders"] = list(s.borders)
    if s.tags:
        out["tags"] = list(s.tags)
    if s.quarter:
        out["quarter"] = s.quarter
    return out


def test_other_malformed_tiles_are_refused_with_their_field():
    # a wildcard tile cannot have anything on its sides
    _fails(_one_tile(wildcard=True), "(Z)", "wildcard")
    _fails(_one_tile(wildcard="yes"), "(Z)", "wildcard", "true or false")
    # a field that touches no edge must say so
    enclosed = [{"id": "f", "kind": "field"}, {"id": "c", "kind": "city", "sides": list(SIDES)}]
    _fails(_one_tile(segments=enclosed), "(Z)", "segments[0].halves", "enclosed")
    enclosed[0]["tags"] = ["enclosed"]
    assert parse_catalogue(_one_tile(segments=enclosed), "ok.json")["Z"].edges == ("city",) * 4
    # quarters: known names only, and only on quarter segments
    inner = [{"id": "q", "kind": "quarter", "sides": list(SIDES), "quarter": "harbour"}]
    _fails(_one_tile(segments=inner), "(Z)", "segments[0].quarter", "'harbour'")
    _fails(_one_tile(segments=[dict(enclosed[1], quarter="castle")]), "segments[0].quarter")
    # a river needs fields on both banks
    river = [
        {"id": "r", "kind": "river", "sides": ["N", "S"]},
        {"id": "f", "kind": "field", "halves": ["NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"]},
    ]
    _fails(_one_tile(segments=river), "(Z)", "river on side N")
    # typos in field names are caught
    _fails(_one_tile(conections=[]), "(Z).conections", "unknown tile field")
    _fails(_one_tile(tags="shrine"), "(Z).tags", "list")
    _fails(_one_tile(count=0), "(Z).count")
    _fails({"set": "x", "draw": "last", "tiles": []}, "draw", "'last'")

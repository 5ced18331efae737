"""A bad tile catalogue or a bad file of the scoring reference's data says what is wrong in the
language asked (docs/i18n.md, "Errors"): each message is a phrase (message id and parameters),
so ``error_text(error, lang)`` says it in Italian or Czech, while ``str(error)`` stays the
English it always was, byte for byte (pinned below, one planted file per message).
"""

from __future__ import annotations

import copy
import re
import tomllib
from importlib import resources

import pytest
from said_in_languages import LANGS, assert_said_in_every_language

from carc_teach.errors import CarcTeachError, CatalogueError, Phrase
from carc_teach.i18n.errors import error_text
from carc_teach.reference import _load, engine_links
from carc_teach.tiles import parse_catalogue

CITY = {"id": "c", "kind": "city", "sides": ["N", "E", "S", "W"]}
ROAD_TILE = {
    "id": "R",
    "segments": [
        {"id": "r", "kind": "road", "sides": ["N", "S"]},
        {"id": "f1", "kind": "field", "halves": ["NNE", "ENE", "ESE", "SSE"]},
        {"id": "f2", "kind": "field", "halves": ["SSW", "WSW", "WNW", "NNW"]},
    ],
}


def _tile(**changes) -> dict:
    return {"id": "A", "segments": [dict(CITY)], **changes}


def _seg(**fields) -> dict:
    """One tile whose first segment is ``fields`` (the rest of the city kept out)."""
    return {"set": "x", "tiles": [{"id": "A", "segments": [fields]}]}


def _set(*tiles, **top) -> dict:
    return {"set": "x", "tiles": list(tiles), **top}


FIELD_N = {"id": "f", "kind": "field", "halves": ["NNW", "NNE"]}
QUARTER = {"id": "q", "kind": "quarter", "quarter": "castle", "sides": ["N", "E", "S", "W"]}

#: name -> (a bad catalogue, its English message as it was before it became a phrase)
CATALOGUES: dict[str, tuple[object, str]] = {
    "not an object": ([], "x.json: a catalogue must be a JSON object"),
    "missing key": ({"set": "x"}, "x.json: missing key 'tiles'"),
    "unknown field": (_set(foo=1), "x.json: foo: unknown catalogue field"),
    "tiles not a list": ({"set": "x", "tiles": {}}, "x.json: tiles: must be a list"),
    "tile not an object": (_set(3), "x.json: tiles[0]: a tile must be an object"),
    "tile without id": (
        _set({"segments": []}),
        "x.json: tiles[0] (?): every tile needs a string id",
    ),
    "unknown tile field": (
        _set(_tile(colour=1)),
        "x.json: tiles[0] (A).colour: unknown tile field",
    ),
    "count": (_set(_tile(count=0)), "x.json: tiles[0] (A).count: must be a whole number >= 1"),
    "segments not a list": (
        _set(_tile(segments={})),
        "x.json: tiles[0] (A).segments: must be a list",
    ),
    "segment not an object": (
        _set(_tile(segments=[1])),
        "x.json: tiles[0] (A).segments[0]: a segment must be an object",
    ),
    "unknown segment field": (
        _seg(id="c", kind="city", sides=["N"], colour=1),
        "x.json: tiles[0] (A).segments[0].colour: unknown segment field",
    ),
    "segment without id": (
        _seg(kind="city"),
        "x.json: tiles[0] (A).segments[0].id: every segment needs a string id",
    ),
    "unknown kind": (
        _seg(id="c", kind="lake"),
        "x.json: tiles[0] (A).segments[0].kind: unknown segment kind 'lake' (known: city, road, field, cloister, river, quarter)",
    ),
    "unknown side": (
        _seg(id="c", kind="city", sides=["X"]),
        "x.json: tiles[0] (A).segments[0].sides: unknown side name",
    ),
    "unknown half": (
        _seg(id="c", kind="field", halves=["XYZ"]),
        "x.json: tiles[0] (A).segments[0].halves: unknown half-side name",
    ),
    "listed twice": (
        _seg(id="c", kind="city", sides=["N", "N"]),
        "x.json: tiles[0] (A).segments[0]: a side or half-side is listed twice",
    ),
    "tags": (
        _seg(id="c", kind="city", sides=["N"], tags=[""]),
        "x.json: tiles[0] (A).segments[0].tags: must be a list of non-empty strings",
    ),
    "city on halves": (
        _seg(id="c", kind="city", halves=["NNW"]),
        "x.json: tiles[0] (A).segments[0].sides: a city touches whole sides only",
    ),
    "field on sides": (
        _seg(id="f", kind="field", sides=["N"]),
        "x.json: tiles[0] (A).segments[0].sides: a field touches half-sides only",
    ),
    "field on nothing": (
        _seg(id="f", kind="field"),
        "x.json: tiles[0] (A).segments[0].halves: a field touches half-sides (tag it 'enclosed' if it touches no edge)",
    ),
    "cloister on a side": (
        _seg(id="k", kind="cloister", sides=["N"]),
        "x.json: tiles[0] (A).segments[0].sides: a cloister touches no edge",
    ),
    "quarter name on a city": (
        _seg(id="c", kind="city", sides=["N"], quarter="castle"),
        "x.json: tiles[0] (A).segments[0].quarter: only a quarter segment names a quarter",
    ),
    "unknown quarter": (
        _seg(id="q", kind="quarter", quarter="harbour", sides=["N"]),
        "x.json: tiles[0] (A).segments[0].quarter: unknown quarter 'harbour' (known: castle, market, blacksmith, cathedral)",
    ),
    "quarter on two halves": (
        _seg(id="q", kind="quarter", halves=["NNW", "NNE"]),
        "x.json: tiles[0] (A).segments[0].halves: list side N under 'sides' when the quarter covers all of it",
    ),
    "pennants negative": (
        _seg(id="c", kind="city", sides=["N"], pennants=-1),
        "x.json: tiles[0] (A).segments[0].pennants: must be a whole number >= 0",
    ),
    "pennants on a road": (
        _seg(id="r", kind="road", sides=["N"], pennants=1),
        "x.json: tiles[0] (A).segments[0].pennants: only a city has pennants",
    ),
    "borders on a city": (
        _seg(id="c", kind="city", sides=["N"], borders=["d"]),
        "x.json: tiles[0] (A).segments[0].borders: only a field borders cities",
    ),
    "duplicate segment ids": (
        _set(_tile(segments=[CITY, CITY])),
        "x.json: tiles[0] (A): duplicate segment ids",
    ),
    "borders an unknown city": (
        _set(_tile(segments=[{**FIELD_N, "borders": ["zz"]}])),
        "x.json: tiles[0] (A): field f borders unknown city 'zz'",
    ),
    "wildcard flag": (
        _set(_tile(wildcard=1)),
        "x.json: tiles[0] (A).wildcard: must be true or false, not 1",
    ),
    "wildcard touching": (
        _set(_tile(wildcard=True)),
        "x.json: tiles[0] (A).wildcard: a wildcard tile has nothing on its sides, but 'c' touches one",
    ),
    "two segments on a side": (
        _set(_tile(segments=[CITY, {"id": "d", "kind": "city", "sides": ["N"]}])),
        "x.json: tiles[0] (A): two segments claim side N",
    ),
    "half claimed twice": (
        _set(_tile(segments=[FIELD_N, {"id": "g", "kind": "field", "halves": ["NNW"]}])),
        "x.json: tiles[0] (A): half-side NNW is claimed by f, g",
    ),
    "city side touched": (
        _set(_tile(segments=[CITY, {"id": "f", "kind": "field", "halves": ["NNW"]}])),
        "x.json: tiles[0] (A): side N is city but field 'f' touches it",
    ),
    "road without fields": (
        _set(_tile(segments=[{"id": "r", "kind": "road", "sides": ["N"]}])),
        "x.json: tiles[0] (A): road on side N has no fields beside it",
    ),
    "road with one field": (
        _set(
            _tile(
                segments=[
                    {"id": "r", "kind": "road", "sides": ["N"]},
                    {"id": "f", "kind": "field", "halves": ["NNW"]},
                ]
            )
        ),
        "x.json: tiles[0] (A): road on side N needs a field on both halves",
    ),
    "side not covered": (
        _set(_tile(segments=[{"id": "c", "kind": "city", "sides": ["N"]}])),
        "x.json: tiles[0] (A): side E is not fully covered",
    ),
    "per_player flag": (
        _set(_tile(per_player="yes")),
        "x.json: tiles[0] (A).per_player: must be true or false, not 'yes'",
    ),
    "connections not a list": (
        _set(_tile(connections={})),
        "x.json: tiles[0] (A).connections: must be a list of [segment id, segment id] pairs",
    ),
    "connection not a pair": (
        _set(_tile(connections=[["c"]])),
        "x.json: tiles[0] (A).connections[0]: a connection is a pair of segment ids",
    ),
    "connection to an unknown segment": (
        _set(_tile(connections=[["c", "zz"]])),
        "x.json: tiles[0] (A).connections[0]: unknown segment 'zz'",
    ),
    "connection to itself": (
        _set(_tile(connections=[["c", "c"]])),
        "x.json: tiles[0] (A).connections[0]: a segment cannot connect to itself",
    ),
    "connection of a field": (
        _set({**ROAD_TILE, "connections": [["r", "f1"]]}),
        "x.json: tiles[0] (R).connections[0]: a field and a road cannot be connected (only a road with a city, a cloister or another road)",
    ),
    "connected twice": (
        _set(
            {
                "id": "X",
                "segments": [
                    {"id": "r1", "kind": "road", "sides": ["N"]},
                    {"id": "r2", "kind": "road", "sides": ["S"]},
                    {"id": "f1", "kind": "field", "halves": ["NNE", "ENE", "ESE", "SSE"]},
                    {"id": "f2", "kind": "field", "halves": ["SSW", "WSW", "WNW", "NNW"]},
                ],
                "connections": [["r1", "r2"], ["r2", "r1"]],
            }
        ),
        "x.json: tiles[0] (X).connections[1]: 'r2' and 'r1' are connected twice",
    ),
    "duplicate tile id": (_set(_tile(), _tile()), "x.json: tiles[1] (A): duplicate tile id 'A'"),
    "start neither": (
        _set(_tile(), start={}),
        "x.json: start: give either a tile (with its rotation) or a block",
    ),
    "start tile unknown": (
        _set(_tile(), start={"tile": "Q"}),
        "x.json: start tile 'Q' is not in the set",
    ),
    "start rotation": (
        _set(_tile(), start={"tile": "A", "rotation": 45}),
        "x.json: start.rotation: must be 0, 90, 180 or 270",
    ),
    "block empty": (
        _set(_tile(), start={"block": []}),
        "x.json: start.block: must be a non-empty list of placed tiles",
    ),
    "block entry": (
        _set(_tile(), start={"block": [1]}),
        "x.json: start.block[0]: must be an object with tile, x, y, rotation",
    ),
    "block tile": (
        _set(_tile(), start={"block": [{"tile": "Q", "x": 0, "y": 0}]}),
        "x.json: start.block[0].tile: 'Q' is not in the set",
    ),
    "block x": (
        _set(_tile(), start={"block": [{"tile": "A", "x": "0", "y": 0}]}),
        "x.json: start.block[0] (A).x: x and y must be whole numbers",
    ),
    "block rotation": (
        _set(_tile(), start={"block": [{"tile": "A", "x": 0, "y": 0, "rotation": 45}]}),
        "x.json: start.block[0] (A).rotation: must be 0, 90, 180 or 270",
    ),
    "block same square": (
        _set(
            _tile(count=2),
            start={"block": [{"tile": "A", "x": 0, "y": 0}, {"tile": "A", "x": 0, "y": 0}]},
        ),
        "x.json: start.block[1] (A): two block tiles at (0, 0)",
    ),
    "block count": (
        _set(
            _tile(), start={"block": [{"tile": "A", "x": 0, "y": 0}, {"tile": "A", "x": 1, "y": 0}]}
        ),
        "x.json: start.block[1] (A): used more often than its count",
    ),
    "block apart": (
        _set(
            _tile(count=2),
            start={"block": [{"tile": "A", "x": 0, "y": 0}, {"tile": "A", "x": 2, "y": 0}]},
        ),
        "x.json: start.block: the block's tiles do not form one connected group",
    ),
    "block misfit": (
        _set(
            _tile(),
            ROAD_TILE,
            start={"block": [{"tile": "A", "x": 0, "y": 0}, {"tile": "R", "x": 1, "y": 0}]},
        ),
        "x.json: start.block: A at (0, 0) and R at (1, 0) do not fit along their shared edge",
    ),
    "draw": (
        _set(_tile(), draw="last"),
        "x.json: draw: unknown draw stage 'last' (known: normal, first)",
    ),
}


def _data(name: str) -> dict:
    text = resources.files(_load.__package__).joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _loaded(monkeypatch, name: str, change) -> None:
    """Load the scoring reference with ``change`` made to the data of the file ``name``."""
    real = _load._read

    def read(file: str) -> dict:
        data = copy.deepcopy(_data(file)) if file == name else real(file)
        if file == name:
            change(data)
        return data

    monkeypatch.setattr(_load, "_read", read)
    _load.catalogue.__wrapped__()


class _Broken:
    """Stands for the package's files: every file reads as broken TOML."""

    def files(self, package):
        return self

    def joinpath(self, *parts):
        return self

    def read_text(self, encoding):
        return "rows = [\n"


def _linked(monkeypatch, links) -> None:
    monkeypatch.setattr(_load, "links_by_row", lambda: links)
    _load.catalogue.__wrapped__()


def _package_link(monkeypatch) -> None:
    from types import SimpleNamespace

    link = SimpleNamespace(row="3b.road", rules=("tower.score",), when="")
    package = SimpleNamespace(name="tower", topics=(), reference_links=(link,))
    engine_links.gather_links([package])


def _first_row(change):
    return lambda data: change(data["rows"][0])


#: name -> (what loads the bad data, given pytest's monkeypatch; its English message)
REFERENCE: dict[str, tuple[object, str]] = {
    "missing file": (
        lambda mp: _load._read("nowhere.toml"),
        "reference data file 'nowhere.toml' is missing",
    ),
    "broken TOML": (
        lambda mp: (mp.setattr(_load, "resources", _Broken()), _load._read("page.toml")),
        "reference data file 'page.toml': Invalid value (at end of document)",
    ),
    "names": (
        lambda mp: _load._names(3, "page.toml: row 'r'"),
        "page.toml: row 'r': expected a name or a list of names, got 3",
    ),
    "edition": (
        lambda mp: _load._condition({"edition": "C3"}, "page.toml: row 'r'"),
        "page.toml: row 'r': edition must be 'C1' or 'C2', got 'C3'",
    ),
    "placeholder": (
        lambda mp: _load._check_fragment("a {Gizmo}", "page.toml: row 'r'", {}),
        "page.toml: row 'r': unknown word placeholder {Gizmo}",
    ),
    "fragment keys": (
        lambda mp: _load._check_fragment({"text": "a", "colour": 1}, "page.toml: row 'r'", {}),
        "page.toml: row 'r': unknown fragment keys ['colour']",
    ),
    "c1 without c2": (
        lambda mp: _load._check_fragment({"c1": "a"}, "page.toml: row 'r'", {}),
        "page.toml: row 'r': a fragment needs both 'c1' and 'c2' or neither",
    ),
    "one of": (
        lambda mp: _load._check_fragment({"text": "a", "parts": []}, "page.toml: row 'r'", {}),
        "page.toml: row 'r': a fragment needs exactly one of text, c1/c2, parts",
    ),
    "text type": (
        lambda mp: _load._check_fragment(3, "page.toml: row 'r'", {}),
        "page.toml: row 'r': a text must be a string, a table or a list, got 3",
    ),
    "shared fragment": (
        lambda mp: _load._expand([{"use": "nope"}], {}, "page.toml: row 'r'"),
        "page.toml: row 'r': unknown shared fragment 'nope'",
    ),
    "template": (
        lambda mp: _load._row_spec({"id": "r", "like": "nope"}, "rows.toml", {}, {}),
        "rows.toml: row 'r': unknown template 'nope'",
    ),
    "row keys": (
        lambda mp: _load._row_spec({"id": "r", "colour": 1}, "rows.toml", {}, {}),
        "rows.toml: row 'r': unknown keys ['colour']",
    ),
    "row missing": (
        lambda mp: _load._row_spec({"id": "r"}, "rows.toml", {}, {}),
        "rows.toml: row 'r': missing 'step'",
    ),
    "legend": (
        lambda mp: _load._row_spec({"id": "r", "step": "1A", "legend": "zz"}, "rows.toml", {}, {}),
        "rows.toml: row 'r': unknown legend 'zz'",
    ),
    "section": (
        lambda mp: _load._row_spec(
            {"id": "r", "step": "1A", "legend": "tile", "section": "zz"}, "rows.toml", {}, {}
        ),
        "rows.toml: row 'r': unknown section 'zz'",
    ),
    "duplicate expansion": (
        lambda mp: _loaded(
            mp, "expansions.toml", lambda d: d["expansions"].append(d["expansions"][0])
        ),
        "expansions.toml: expansion 'inns-cathedrals': duplicate id",
    ),
    "unknown group": (
        lambda mp: _loaded(
            mp, "expansions.toml", lambda d: d["expansions"][0].__setitem__("group", "zz")
        ),
        "expansions.toml: expansion 'inns-cathedrals': unknown group 'zz'",
    ),
    "part twice": (
        lambda mp: _loaded(
            mp,
            "expansions.toml",
            lambda d: d["expansions"][0]["parts"].append(d["expansions"][0]["parts"][0]),
        ),
        "expansions.toml: expansion 'inns-cathedrals': part id 'inns' is used twice",
    ),
    "switch of a part": (
        lambda mp: _loaded(
            mp, "switches.toml", lambda d: d.__setitem__("showInns", {"kind": "edition"})
        ),
        "switches.toml: 'showInns': already the switch of part 'inns'",
    ),
    "switch kind": (
        lambda mp: _loaded(mp, "switches.toml", lambda d: d.__setitem__("showZ", {"kind": "zz"})),
        "switches.toml: 'showZ': unknown kind 'zz'",
    ),
    "row twice": (
        lambda mp: _loaded(mp, "rows_1_tile.toml", lambda d: d["rows"].append(d["rows"][0])),
        "rows_1_tile.toml: row 'anytime.ransom' is defined twice",
    ),
    "link to an unknown row": (
        lambda mp: _linked(mp, {"nope": (("base.road.score", "", "base"),)}),
        "expansions/base: reference link of 'base.road.score': unknown row 'nope'",
    ),
    "link to an unknown part": (
        lambda mp: _linked(mp, {"anytime.ransom": (("base.road.score", "zz", "base"),)}),
        "expansions/base: reference link of 'base.road.score': unknown expansion part or flag 'zz'",
    ),
    "unknown step": (
        lambda mp: _loaded(mp, "rows_1_tile.toml", _first_row(lambda r: r.update(step="9Z"))),
        "rows_1_tile.toml: row 'anytime.ransom': unknown step '9Z'",
    ),
    "unknown parent": (
        lambda mp: _loaded(mp, "rows_1_tile.toml", _first_row(lambda r: r.update(parent="nope"))),
        "rows_1_tile.toml: row 'anytime.ransom': unknown parent 'nope'",
    ),
    "parent in another step": (
        lambda mp: _loaded(
            mp, "rows_1_tile.toml", _first_row(lambda r: r.update(parent="1a.fairy"))
        ),
        "rows_1_tile.toml: row 'anytime.ransom': parent '1a.fairy' is in another step",
    ),
    "unknown parts": (
        lambda mp: _loaded(mp, "rows_1_tile.toml", _first_row(lambda r: r.update(when="zz"))),
        "rows_1_tile.toml: row 'anytime.ransom': unknown expansion parts or flags ['zz']",
    ),
    "unknown marker": (
        lambda mp: _loaded(mp, "rows_1_tile.toml", _first_row(lambda r: r.update(markers=["zz"]))),
        "rows_1_tile.toml: row 'anytime.ransom': unknown marker 'zz'",
    ),
    "step names unknown parts": (
        lambda mp: _loaded(mp, "page.toml", lambda d: d["steps"][0].update(when="zz")),
        "page.toml: step 'anytime' names unknown parts or flags ['zz']",
    ),
    "switch names unknown parts": (
        lambda mp: _loaded(
            mp, "switches.toml", lambda d: d.__setitem__("showZ", {"kind": "derived", "all": "zz"})
        ),
        "switches.toml: 'showZ' names unknown parts or flags ['zz']",
    ),
    "preset names an unknown expansion": (
        lambda mp: _loaded(
            mp,
            "expansions.toml",
            lambda d: next(iter(d["presets"].values()))["expansions"].append("zz"),
        ),
        "expansions.toml: preset 'base' names 'zz'",
    ),
    "package link": (
        _package_link,
        "expansions/tower: reference link to row '3b.road' names rule 'tower.score', which is not one of the package's rule ids",
    ),
}

#: what a translation keeps of the English: quoted values, JSON paths, numbers
_KEPT = re.compile(r"'[^']*'|\[[^\]]*\]|\{\w+\}|\b\w+\.(json|toml)\b|\d+")


def _catalogue_error(data) -> CatalogueError:
    with pytest.raises(CatalogueError) as info:
        parse_catalogue(data, "x.json")
    return info.value


def _said_in_every_language(error: BaseException, english: str) -> None:
    assert_said_in_every_language(error, english, _KEPT)


@pytest.mark.parametrize("name", CATALOGUES)
def test_a_bad_tile_catalogue_is_said_in_every_language(name):
    data, english = CATALOGUES[name]
    _said_in_every_language(_catalogue_error(data), english)


def test_an_unknown_tile_set_is_said_in_every_language():
    from carc_teach.tiles import catalogue, tile_sets

    with pytest.raises(CatalogueError) as info:
        catalogue("no-such-set")
    english = f"unknown tile set 'no-such-set'; shipped sets: {', '.join(tile_sets())}"
    _said_in_every_language(info.value, english)
    assert error_text(info.value, "cs").startswith("neznámá sada kartiček 'no-such-set'")


@pytest.mark.parametrize("name", REFERENCE)
def test_bad_reference_data_is_said_in_every_language(name, monkeypatch):
    load, english = REFERENCE[name]
    with pytest.raises(CatalogueError) as info:
        load(monkeypatch)
    _said_in_every_language(info.value, english)


def test_the_place_in_the_reference_data_is_said_too(monkeypatch):
    """The place (a row, an expansion) is a phrase of its own inside the message."""
    with pytest.raises(CatalogueError) as info:
        REFERENCE["unknown step"][0](monkeypatch)
    assert error_text(info.value, "it") == (
        "rows_1_tile.toml: riga 'anytime.ransom': passo sconosciuto '9Z'"
    )
    assert error_text(info.value, "cs") == (
        "rows_1_tile.toml: řádek 'anytime.ransom': neznámý krok '9Z'"
    )


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("[names]\n'Cloister' = ", "not valid TOML"),
        ("[names]\n'Cloister' = ''\n", "the name for 'Cloister' is empty"),
        ("title = 'x'\n", "needs a [names] table"),
    ],
)
def test_a_broken_translation_file_is_said_in_every_language(tmp_path, monkeypatch, text, english):
    """A broken file of translations (here the Italian tile names) is an error said in the
    page's language too, naming the file."""
    from carc_teach.i18n import names, texts

    folder = tmp_path / "data" / "it"
    folder.mkdir(parents=True)
    (folder / "tiles.toml").write_text(text, encoding="utf-8")

    class Files:
        def joinpath(self, *parts):
            return tmp_path.joinpath(*parts)

    monkeypatch.setattr(texts.resources, "files", lambda package: Files())
    texts.keyed_texts.cache_clear()
    try:
        with pytest.raises(CarcTeachError) as info:
            names.names("tile", "it")
    finally:
        texts.keyed_texts.cache_clear()
    error = info.value
    assert english in str(error) and isinstance(error.args[0], Phrase)
    for lang in LANGS:
        said = error_text(error, lang)
        assert "carc_teach/i18n/data/it/tiles.toml" in said and english not in said, said

"""The Tiled map loader and checker (game.maps.loader): good maps load, bad maps say why."""

from __future__ import annotations

import dataclasses
import json
import shutil
import tracemalloc
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import BoardSpec, Preplaced
from game.maps.loader import (
    PLACE_NAMES,
    SETUP_TYPES,
    MapError,
    Problem,
    check_map,
    load_board,
    map_summary,
    min_free_cells,
    read_vetted,
)
from game.maps.tmx_reader import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "maps"
GOOD = HERE / "good"
BAD = HERE / "bad"
SHIPPED = sorted((ROOT / "maps").glob("*.tmx"))


def without_source(spec: BoardSpec) -> BoardSpec:
    return dataclasses.replace(spec, source=None)


@pytest.fixture
def scratch(tmp_path) -> Path:
    """A folder for test maps, with the test tileset at ../tiles.tsx as in tests/maps."""
    shutil.copy(HERE / "tiles.tsx", tmp_path / "tiles.tsx")
    shutil.copy(HERE / "tiles.png", tmp_path / "tiles.png")
    (tmp_path / "sub").mkdir()
    return tmp_path / "sub"


# -- good maps ------------------------------------------------------------------------

def test_the_shipped_maps_exist():
    names = {p.name for p in SHIPPED}
    assert "narby-vale.tmx" in names
    assert len(SHIPPED) >= 4


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_map_loads_and_checks_clean(path):
    assert check_map(path) == []
    spec = load_board(path)
    assert spec.title and spec.description
    assert 2 <= spec.min_players <= spec.max_players <= 8
    assert spec.source == str(path)


def test_the_default_map_is_open_20x20_for_2_to_8():
    spec = load_board(ROOT / "maps" / "narby-vale.tmx")
    assert (spec.width, spec.height) == (20, 20)
    assert (spec.min_players, spec.max_players) == (2, 8)
    assert len(spec.blocked) <= 12


def test_the_csv_test_map_reads_exactly():
    spec = load_board(GOOD / "csv.tmx")
    assert (spec.width, spec.height) == (10, 10)
    assert spec.blocked == {(9, 9), (8, 9), (9, 8), (0, 9)}
    assert spec.pieces == (
        Preplaced("town", (1, 1)),
        Preplaced("city", (3, 1)),          # a tile object: pytmx moves y to the top
        Preplaced("ruin", (5, 1)),          # a point object snaps to the cell under it
        Preplaced("place_of_power", (6, 4), "soul_mine"),
        Preplaced("chest", (4, 8)),
    )
    assert spec.cavern_spots == ((1, 5), (4, 5), (8, 1))  # by seat, not by file order
    assert spec.title == "Test Meadow"
    assert spec.description == "A small meadow for the loader tests."
    assert (spec.min_players, spec.max_players, spec.target) == (2, 3, 75)


@pytest.mark.parametrize("name", ["base64.tmx", "zlib.tmx", "gzip.tmx", "zstd.tmx",
                                  "xml-tiles.tmx", "embedded.tmx", "class.tmx",
                                  "foreign-properties.tmx"])
def test_every_encoding_and_style_loads_the_same(name):
    assert without_source(load_board(GOOD / name)) == without_source(load_board(GOOD / "csv.tmx"))


def test_what_tiled_writes_and_pytmx_cannot_take_is_ignored_where_the_game_never_reads_it():
    """Class properties (Tiled 1.8+) and built-in names, on the map, a piece, an external
    tileset and its tile: the map loads as csv.tmx does; that tileset reaches pytmx
    embedded and neutralised, an untouched one stays a file reference."""
    text = (GOOD / "foreign-properties.tmx").read_text()
    assert text.count('type="class"') == 2 and 'name="width"' in text
    assert (GOOD / "../tiles-classes.tsx").read_text().count('type="class"') == 2
    assert check_map(GOOD / "foreign-properties.tmx") == []
    [ts] = read_vetted(GOOD / "foreign-properties.tmx").iter("tileset")
    assert ts.get("source") is None and ts.get("name") == "test"
    assert 'type="class"' not in ET.tostring(ts, encoding="unicode")
    [image] = ts.iter("image")
    assert (GOOD / image.get("source", "")).resolve() == (GOOD.parent / "tiles.png").resolve()
    [plain] = read_vetted(GOOD / "csv.tmx").iter("tileset")
    assert plain.get("source") == "../tiles.tsx"


@pytest.mark.parametrize(("name", "named"), [("title", True), ("target", True),
                                             ("loot", False), ("x", False)])
def test_a_class_map_property_is_named_only_where_the_game_reads_it(tmp_path, name, named):
    path = meadow(tmp_path, ('<property name="title"', f'<property name="{name}" '
                             'type="class" propertytype="Loot"/>\n  <property name="title"'))
    class_problems = [p for p in check_map(path) if "class property" in p.what]
    assert bool(class_problems) == named, class_problems


def test_the_test_maps_really_differ_in_what_they_claim():
    text = {p.name: p.read_text() for p in GOOD.glob("*.tmx")}
    assert 'compression="zlib"' in text["zlib.tmx"]
    assert 'compression="gzip"' in text["gzip.tmx"]
    assert 'source="../tiles.tsx"' not in text["embedded.tmx"]
    assert 'class="town"' in text["class.tmx"] and 'type="town"' not in text["class.tmx"]


def test_defaults_when_properties_are_absent():
    spec = load_board(GOOD / "quiet_hollow.tmx")
    assert spec.title == "Quiet Hollow"
    assert (spec.description, spec.min_players, spec.max_players, spec.target) == ("", 2, 8,
                                                                                  None)
    assert (spec.blocked, spec.pieces, spec.cavern_spots) == (frozenset(), (), ())


def test_summary_is_one_line_with_the_essentials():
    line = map_summary(load_board(GOOD / "csv.tmx"))
    assert "\n" not in line
    for part in ("Test Meadow", "10x10", "2-3 players", "4 blocked cells", "5 preplaced",
                 "1 place of power", "fixed caverns for 3 seats", "target 75"):
        assert part in line
    plain = map_summary(BoardSpec.plain())
    assert "20x20" in plain and "0 blocked cells" in plain and "nothing preplaced" in plain


def test_free_cell_formula():
    assert min_free_cells(2) == 32
    assert min_free_cells(8) == 128
    assert min_free_cells(3, piece_cells=5) == 53


# -- bad maps: (file, where, words that must appear) ---------------------------------

CASES = [
    ("not-xml.tmx", None, "not well-formed XML"),
    ("not-a-map.tmx", None, "is a tileset, not a map"),
    ("billion-laughs.tmx", None, "DOCTYPE or ENTITY"),
    ("isometric.tmx", "map", "is isometric"),
    ("non-square.tmx", "map", "32x16 pixels; cells must be square"),
    ("too-big.tmx", "map", "is 41x41 cells; each side must be 8 to 40"),
    ("too-small.tmx", "map", "is 7x7 cells"),
    ("infinite.tmx", "map", "infinite"),
    ("missing-tileset.tmx", "tileset 'nowhere.tsx'", "file not found"),
    ("missing-image.tmx", "tileset 'missing-image.tsx'", "image 'no-such-image.png' not found"),
    ("zstd-not-zstd.tmx", "layer 'ground'", "corrupt base64/zstd tile data: it is not a zstd"),
    ("zstd-bomb.tmx", "layer 'ground'", "inflates to more than 400 bytes"),
    ("xml-tiles-bad.tmx", "layer 'ground'", "XML tile whose gid 'x' is not a number"),
    ("zlib-bomb.tmx", "layer 'ground'", "inflates to more than 400 bytes"),
    ("unknown-type.tmx", "object 1 'Keep' in layer 'setup'", "unknown type 'castle'"),
    ("no-type.tmx", "object 1 'Something' in layer 'setup'", "has no type"),
    ("unknown-kind.tmx", "object 1 'Mine' in layer 'setup'",
     "kind 'soul mine' is not a place of power"),
    ("off-map.tmx", "object 12 'Town' in layer 'setup'", "cell (10, 3) is off the 10x10 map"),
    ("place-off-edge.tmx", "object 3 'Hut' in layer 'setup'",
     "2x2 footprint from (9, 2) leaves the 10x10 map"),
    ("overlap.tmx", "object 2 'Squatter' in layer 'setup'",
     "cell (3, 3) is already taken by object 1 'Arch'"),
    ("on-blocked.tmx", "object 4 'Sunken' in layer 'setup'",
     "cell (9, 9) is blocked (shallow_water)"),
    ("two-chests.tmx", "object 2 in layer 'setup'", "second chest"),
    ("duplicate-place.tmx", "object 2 in layer 'setup'", "repeats place of power 'madhouse'"),
    ("duplicate-seat.tmx", "object 9 in layer 'setup'", "repeats seat 1 (also object 7)"),
    ("missing-seat.tmx", "layer 'setup'", "none for seat(s) 1"),
    ("seat-out-of-range.tmx", "object 9 in layer 'setup'", "seat 3 is outside 0..2"),
    ("no-seat.tmx", "object 6 in layer 'setup'", "has no 'seat' property"),
    ("spot-no-room.tmx", "object 7 in layer 'setup'",
     "no free 2x2 beside cell (6, 6) for seat 1's dragon"),
    ("spot-crowded.tmx", "object 6 in layer 'setup'",
     "would land on seat 1's cavern spot (3, 2)"),
    ("too-few-free.tmx", "map", "has 64 free cells; 8 dragons need at least 128"),
    ("players-range.tmx", "map property 'min_players'", "is 1"),
    ("players-range.tmx", "map property 'max_players'", "is 9"),
    ("players-order.tmx", "map property 'min_players'", "(6) is more than max_players (4)"),
    ("players-not-int.tmx", "map property 'min_players'", "'two', not a whole number"),
    ("bad-target.tmx", "map property 'target'", "is 60"),
    ("not-in-setup.tmx", "layer 'Objects'", "holds 1 town, which the game ignores"),
    ("class-kind.tmx", "object 4 'Mine'", "property 'kind' is a class property"),
    ("template.tmx", "object 1 in layer 'setup'", "file not found: "),
]


@pytest.mark.parametrize(("name", "where", "words"), CASES,
                         ids=[f"{c[0]}:{c[2][:24]}" for c in CASES])
def test_each_bad_map_is_caught_with_file_and_place(name, where, words):
    path = BAD / name
    problems = check_map(path)
    hits = [p for p in problems if words in p.what]
    assert hits, f"expected {words!r} in {[str(p) for p in problems]}"
    assert hits[0].where == where
    assert hits[0].file == str(path)
    line = str(hits[0])
    assert line.startswith(f"{path}: ") and " — " in line and "\n" not in line
    assert hits[0].fix  # every problem says how to fix it


@pytest.mark.parametrize("name", sorted({c[0] for c in CASES}))
def test_load_board_raises_map_error_listing_every_problem(name):
    problems = check_map(BAD / name)
    with pytest.raises(MapError) as caught:
        load_board(BAD / name)
    assert caught.value.problems == problems
    text = str(caught.value)
    assert f"with map {BAD / name}" in text.splitlines()[0]
    assert all(str(p) in text for p in problems)


def test_bad_maps_are_exactly_the_listed_ones():
    assert {p.name for p in BAD.glob("*.tmx")} == {c[0] for c in CASES}


def test_all_problems_are_collected_not_just_the_first(scratch):
    text = (BAD / "overlap.tmx").read_text().replace(
        "</objectgroup>",
        '  <object id="30" type="castle" x="0" y="0" width="32" height="32"/>\n'
        '  <object id="31" type="town" x="999" y="0" width="32" height="32"/>\n'
        " </objectgroup>").replace('orientation="orthogonal"', 'orientation="staggered"')
    (scratch / "many.tmx").write_text(text)
    problems = " | ".join(map(str, check_map(scratch / "many.tmx")))
    for words in ("is staggered", "already taken", "unknown type 'castle'", "off the 10x10"):
        assert words in problems


def test_the_problem_line_format():
    p = Problem("maps/x.tmx", "object 12 'Town'", "cell (41, 3) is off the 40x40 map",
                "move it inside the map")
    assert str(p) == ("maps/x.tmx: object 12 'Town': cell (41, 3) is off the 40x40 map"
                      " — move it inside the map")
    assert str(Problem("a.tmx", None, "is broken", "fix it")) == "a.tmx: is broken — fix it"


def test_unknown_kind_suggests_the_closest_place():
    [problem] = check_map(BAD / "unknown-kind.tmx")
    assert "did you mean 'soul_mine'?" in problem.fix


# -- hostile and odd files ------------------------------------------------------------

def test_billion_laughs_fails_fast_with_bounded_memory():
    tracemalloc.start()
    try:
        problems = check_map(BAD / "billion-laughs.tmx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(problems) == 1
    assert peak < 5_000_000


def test_zlib_bomb_is_not_inflated():
    tracemalloc.start()
    try:
        check_map(BAD / "zlib-bomb.tmx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000  # it would inflate to 20 MB


def test_entities_hidden_in_an_external_tileset_are_refused(scratch):
    tsx = (HERE / "tiles.tsx").read_text().replace(
        "<tileset", '<!DOCTYPE tileset [<!ENTITY a "aaaa">]>\n<tileset', 1)
    (scratch.parent / "tiles.tsx").write_text(tsx)
    shutil.copy(GOOD / "csv.tmx", scratch / "m.tmx")
    problems = check_map(scratch / "m.tmx")
    assert [p.where for p in problems] == ["tileset '../tiles.tsx'"]
    assert "DOCTYPE or ENTITY" in problems[0].what


def test_an_oversized_file_is_refused_unread(tmp_path):
    big = tmp_path / "big.tmx"
    with big.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    [problem] = check_map(big)
    assert "over the 2048 KiB limit" in problem.what


@pytest.mark.parametrize(("data", "words"), [
    ("<map/>".encode("utf-16"), "not UTF-8 XML text"),
    (b'<?xml version="1.0" encoding="cp037"?><map/>', "declares encoding 'cp037'"),
    (b"<map>\xff\xfe</map>", "not valid UTF-8"),
    (b"", "not well-formed XML"),
    (b'<map width="ten" height="10" tilewidth="32" tileheight="32"/>', "width='ten' is not"),
    (b'<map width="10" tilewidth="32" tileheight="32"/>', "no valid height"),
])
def test_odd_bytes_become_problems(tmp_path, data, words):
    path = tmp_path / "odd.tmx"
    path.write_bytes(data)
    problems = check_map(path)
    assert any(words in p.what for p in problems), problems


def test_a_missing_file_is_a_problem_not_a_traceback(tmp_path):
    [problem] = check_map(tmp_path / "nope.tmx")
    assert "file not found" in problem.what
    with pytest.raises(MapError):
        load_board(tmp_path / "nope.tmx")


@pytest.mark.parametrize("cut", [0.2, 0.5, 0.8, 0.95])
def test_a_truncated_map_never_raises_anything_but_map_error(scratch, cut):
    text = (GOOD / "zlib.tmx").read_text()
    path = scratch / "cut.tmx"
    path.write_text(text[: int(len(text) * cut)])
    assert check_map(path)
    with pytest.raises(MapError):
        load_board(path)


def test_mangled_values_never_escape_as_tracebacks(scratch):
    base = (GOOD / "csv.tmx").read_text()
    mangles = [
        ('firstgid="1"', 'firstgid="x"'),
        ('x="32" y="32"', 'x="left" y="32"'),
        ('value="soul_mine"', 'type="class" value="soul_mine"'),
        ('type="int" value="2"/>', 'type="bool" value="perhaps"/>'),
        ('encoding="csv">', 'encoding="csv">1,x,'),
        ('<data encoding="csv">', '<data encoding="base64">'),
        ('width="10" height="10">', 'width="9" height="10">'),
    ]
    for old, new in mangles:
        assert old in base, old
        path = scratch / "m.tmx"
        path.write_text(base.replace(old, new, 1))
        assert check_map(path), (old, new)


def test_place_names_are_the_fourteen_and_documented_for_authors():
    assert len(PLACE_NAMES) == 14 == len(set(PLACE_NAMES))
    doc = (ROOT / "docs" / "MAPS.md").read_text()
    assert all(f"`{name}`" in doc for name in PLACE_NAMES)


# -- the Tiled project: pick-lists match the loader -----------------------------------

def test_tiled_project_enums_match_the_loader():
    project = json.loads((ROOT / "maps" / "narby.tiled-project").read_text())
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert types["PlaceKind"]["type"] == "enum"
    assert types["PlaceKind"]["values"] == list(PLACE_NAMES)
    assert types["SetupType"]["values"] == list(SETUP_TYPES)
    assert len({t["id"] for t in project["propertyTypes"]}) == len(project["propertyTypes"])
    assert (ROOT / "maps" / project["objectTypesFile"]).is_file()


def test_object_types_offer_every_setup_type_with_unsaved_defaults():
    root = ET.parse(ROOT / "maps" / "objecttypes.xml").getroot()
    kinds = {t.get("name"): t for t in root.findall("objecttype")}
    assert list(kinds) == list(SETUP_TYPES)
    kind = kinds["place_of_power"].find("property")
    assert (kind.get("name"), kind.get("propertytype"), kind.get("default")) == (
        "kind", "PlaceKind", "")
    seat = kinds["cavern_spot"].find("property")
    assert (seat.get("name"), seat.get("type"), seat.get("default")) == ("seat", "int", "-1")


# -- fuzz: a mangled map is a list of problems, never a traceback -----------------------

_TOKENS = ["", '"', "<", ">", "/>", "0", "-1", "1e999", "nan", "=", "\n", "&amp;", "x",
           'type="int"', 'type="bool"', 'type="xt"', "</object>", "<object", 'gid="5"',
           "\u00ff", 'name="name"', "zlib", "zstd", "csv", "base64", "<tile/>", 'id="q"']


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(source=st.sampled_from(["csv.tmx", "zlib.tmx", "gzip.tmx", "zstd.tmx",
                               "xml-tiles.tmx", "embedded.tmx", "class.tmx",
                               "foreign-properties.tmx"]),
       edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 12),
                                st.sampled_from(_TOKENS)), min_size=1, max_size=4),
       in_tileset=st.booleans())
def test_fuzzed_maps_only_ever_give_problems(scratch, source, edits, in_tileset):
    target = scratch.parent / "tiles.tsx" if in_tileset else scratch / "m.tmx"
    text = (HERE / "tiles.tsx" if in_tileset else GOOD / source).read_text()
    for where, cut, token in edits:
        at = int(where * len(text))
        text = text[:at] + token + text[at + cut:]
    shutil.copy(GOOD / source, scratch / "m.tmx")
    target.write_text(text)
    try:
        problems = check_map(scratch / "m.tmx")
    finally:
        shutil.copy(HERE / "tiles.tsx", scratch.parent / "tiles.tsx")
    assert all(isinstance(p, Problem) and p.fix for p in problems)
    assert not any("bug in the map checker" in p.fix for p in problems), problems


# ----- messages that name the mistake (issue 35) ---------------------------------------
def meadow(tmp_path, *edits: tuple[str, str]) -> Path:
    """tests/maps/good/csv.tmx with text replaced, beside the test tileset."""
    text = (GOOD / "csv.tmx").read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    (tmp_path / "good").mkdir(exist_ok=True)
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(HERE / f, tmp_path / f)
    path = tmp_path / "good" / "m.tmx"
    path.write_text(text)
    return path


def test_a_misspelled_map_property_is_named_with_did_you_mean(tmp_path):
    path = meadow(tmp_path, ('name="max_players"', 'name="max_player"'))
    lines = [str(p) for p in check_map(path)]
    assert f"{path}: map property 'max_player': is not one the game reads — did you mean " \
           "'max_players'? rename it in Tiled's Properties panel" in lines


def test_a_misspelled_object_property_is_named_with_did_you_mean(tmp_path):
    path = meadow(tmp_path, ('name="seat" type="int" value="2"', 'name="seats" type="int" '
                             'value="2"'))
    found = [p for p in check_map(path) if "'seats'" in p.what]
    assert found and found[0].where == "object 6 in layer 'setup'"
    assert found[0].fix.startswith("did you mean 'seat'?")


@pytest.mark.parametrize(("name", "flagged"), [
    ("titel", True), ("Title", True), ("targt", True), ("min_player", True),
    ("file", False), ("notes", False), ("heat", False), ("author", False), ("size", False)])
def test_only_near_misses_of_a_map_property_are_named(tmp_path, name, flagged):
    """An author's own property ('file', 'notes') is not a misspelling and must not
    refuse the map; a near miss of one the game reads is named."""
    path = meadow(tmp_path, ('<property name="title"', f'<property name="{name}" '
                             'value="x"/>\n  <property name="title"'))
    named = [p for p in check_map(path) if f"'{name}'" in str(p)]
    assert bool(named) == flagged, named


def test_a_layer_offset_by_a_fraction_of_a_pixel_loads(tmp_path):
    """Tiled saves a hand-dragged layer's offset as a real number; pytmx cast it to int
    and the map was refused as 'not a number'."""
    path = meadow(tmp_path, ('<layer id="1" name="ground"', '<layer id="1" name="ground" '
                             'offsetx="2.5" offsety="-0.75"'))
    assert check_map(path) == []
    assert without_source(load_board(path)) == without_source(load_board(GOOD / "csv.tmx"))


def test_a_misnamed_setup_layer_is_one_line_with_did_you_mean(tmp_path):
    path = meadow(tmp_path, ('name="setup"', 'name="Setpu"'))
    problems = check_map(path)
    layer = [p for p in problems if p.where == "layer 'Setpu'"]
    assert len(layer) == 1
    assert layer[0].what == ("holds 3 cavern spots, 1 chest, 1 city, 1 place of power, 1 ruin, "
                             "1 town, which the game ignores: only the 'setup' layer places "
                             "pieces")
    assert layer[0].fix == "did you mean 'setup'? rename the layer 'setup'"
    assert not [p for p in problems if p.where and p.where.startswith("object")]


def test_an_unknown_type_gets_did_you_mean(tmp_path):
    path = meadow(tmp_path, ('type="town"', 'type="twon"'))
    found = [p for p in check_map(path) if "unknown type 'twon'" in p.what]
    assert found and found[0].fix.startswith("did you mean 'town'? use one of town, city")


def test_summary_plurals_are_exact():
    spec = BoardSpec(width=10, height=10, pieces=(
        Preplaced("city", (0, 0)), Preplaced("city", (2, 0)),
        *(Preplaced("place_of_power", (2 * i, 4), p) for i, p in enumerate(PLACE_NAMES[:3]))))
    assert "(2 cities, 3 places of power)" in map_summary(spec)


def test_empty_cells_are_counted_with_a_fix(tmp_path):
    path = meadow(tmp_path, ("1,1,1,1,1,1,1,1,1,1,\n1,1,1", "0,0,0,1,1,1,1,1,1,1,\n1,0,1"))
    found = [p for p in check_map(path) if "empty cell" in p.what]
    assert len(found) == 1 and found[0].where == "map"
    assert found[0].what.startswith("has 4 empty cells that no visible tile layer paints "
                                    "(the first at (0, 0))")
    assert "bucket fill" in found[0].fix


@pytest.mark.parametrize(("alignment", "x", "y"), [
    (None, 96, 64),  # unset: bottom-left on an orthogonal map, as before
    ("bottomleft", 96, 64), ("topleft", 96, 32), ("center", 112, 48),
    ("bottomright", 128, 64), ("top", 112, 32)])
def test_a_tile_object_lands_on_the_cell_tiled_shows_it_on(tmp_path, alignment, x, y):
    """Tiled puts a tile object's x, y at the point its tileset's object alignment
    names; Stonegate, drawn on cell (3, 1), is a city there whatever the alignment."""
    path = meadow(tmp_path, ('gid="4" x="96" y="64"', f'gid="4" x="{x}" y="{y}"'))
    if alignment:
        tsx = (tmp_path / "tiles.tsx").read_text()
        (tmp_path / "tiles.tsx").write_text(tsx.replace(
            'columns="4">', f'columns="4" objectalignment="{alignment}">'))
    assert Preplaced("city", (3, 1)) in load_board(path).pieces


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "1e400"])
@pytest.mark.parametrize("layer", ['<layer id="1" name="ground"',
                                   '<objectgroup id="2" name="setup"'])
def test_a_layer_offset_that_is_not_a_finite_number_is_named(tmp_path, value, layer):
    """Offsets are real numbers now (pytmx's int cast used to refuse these): one that is
    not finite would crash the drawing, so the checker names it."""
    path = meadow(tmp_path, (layer, f'{layer} offsetx="{value}"'))
    [problem] = check_map(path)
    assert problem.what == f"attribute offsetx='{value}' is not a finite number"
    assert problem.where.startswith("layer '")

"""A map's cost is bounded before the work (issue 29.5) and every refusal is in plain
words (29.7): crafted maps are generated into tmp_path, each refused in one line that
names the cap, before pytmx or any image decoder runs. No test here times anything."""

from __future__ import annotations

import logging
import os

import pygame
import pytest
import pytmx

from game.maps import catalog, limits, loader, tmx_reader
from game.maps.check_cli import main as check_main
from game.maps.commands import maps_main
from game.maps.loader import UNREADABLE, check_map, inspect_map
from game.maps.tmx_reader import MAX_DEPTH
from game.resources import find_map, shipped_map
from tests.hostile import (
    TILES_PNG,
    TSX_4,
    long_number_map,
    long_path_map,
    long_property_map,
    many_layers_map,
    many_tilesets_map,
    nested_groups_map,
    nested_tileset_map,
    one_image_many_spellings,
    tmx,
    write_map,
)

TECHNICAL = ("Error", "Exception", "Traceback", "Errno", "4300", "limit (", "KeyError")


def _lines(path) -> list[str]:
    found = check_map(path)
    assert found, "the map should be refused"
    lines = [str(p) for p in found]
    for line in lines:
        assert "\n" not in line
        assert not any(word in line for word in TECHNICAL), line
    return lines


@pytest.fixture
def no_pytmx(monkeypatch):
    """Fail the test if pytmx is asked to parse (the refusal must come before it)."""

    def refuse(*_args, **_kw):
        raise AssertionError("pytmx ran on a map that should have been refused first")

    monkeypatch.setattr(pytmx.TiledMap, "parse_xml", refuse)


def test_nine_thousand_copies_of_one_tileset_are_refused_naming_the_cap(tmp_path, no_pytmx):
    path = many_tilesets_map(tmp_path)
    assert path.stat().st_size < 500_000
    assert _lines(path) == [f"{path}: has 9,000 tilesets; a map may have at most "
                            f"{limits.MAX_TILESETS} — name each tileset once (Map ▸ Remove "
                            "Tileset for the copies)"]


def test_a_few_copies_of_one_tileset_file_read_it_once(tmp_path, monkeypatch):
    reads = []
    real_read = tmx_reader.read_xml
    monkeypatch.setattr(tmx_reader, "read_xml",
                        lambda path, *a, **k: reads.append(path.name) or real_read(path, *a, **k))
    path = many_tilesets_map(tmp_path, count=10)
    assert check_map(path) == []
    assert reads.count("t.tsx") == 1


def test_thirteen_thousand_layers_are_refused_before_pytmx(tmp_path, no_pytmx):
    path = many_layers_map(tmp_path)
    assert path.stat().st_size < 2 * 1024 * 1024
    (line,) = _lines(path)
    assert f"layers; a map may have at most {limits.MAX_LAYERS}" in line


def test_layers_in_nested_groups_count_and_too_deep_nesting_is_refused(tmp_path):
    assert check_map(write_map(tmp_path, "g.tmx", nested_groups_map(40))) == []
    deep = write_map(tmp_path, "deep.tmx", nested_groups_map(MAX_DEPTH + 5))
    assert f"more than {MAX_DEPTH} deep" in _lines(deep)[0]
    groups = '<group name="g"><group name="h"/></group>' * (limits.MAX_LAYERS // 2)
    many = write_map(tmp_path, "many.tmx", tmx(extra=groups))  # + its 2 layers: over
    assert any(f"at most {limits.MAX_LAYERS}" in line for line in _lines(many))


def test_a_huge_png_named_by_twelve_spellings_is_refused_once_from_its_header(tmp_path,
                                                                               monkeypatch):
    monkeypatch.setattr(pygame.image, "load", lambda *_a: pytest.fail("decoded an image"))
    path = one_image_many_spellings(tmp_path / "here")
    (line,) = _lines(path)
    assert "8160x8160" in line and f"at most {limits.MAX_TOTAL_PIXELS:,}" in line


def test_twelve_spellings_of_one_small_image_are_fine(tmp_path):
    path = one_image_many_spellings(tmp_path / "here", image=TILES_PNG.read_bytes())
    assert check_map(path) == []


@pytest.mark.parametrize("make", [long_number_map, long_property_map])
def test_five_thousand_digit_numbers_get_a_plain_refusal(tmp_path, make):
    path = write_map(tmp_path, "n.tmx", make())
    lines = _lines(path)
    assert all(len(line) < 400 for line in lines)
    entry = catalog.entry(path, "user")  # the New game list never raises on it
    assert not entry.ok and entry.first_problem


def test_a_huge_map_size_and_tile_count_are_plain_refusals(tmp_path):
    n = "9" * 5000
    text = tmx().replace('width="10" height="10" tilewidth', f'width="{n}" height="{n}" '
                         'tilewidth', 1)
    path = write_map(tmp_path, "w.tmx", text)
    assert "characters long" in _lines(path)[0]
    assert catalog.entry(path).size_text == "?x?"


def test_a_300_character_file_name_is_too_long_in_words(tmp_path):
    lines = _lines(write_map(tmp_path, "p.tmx", long_path_map(300)))
    assert len(lines) == 2 and all("the path is too long" in line for line in lines)
    assert all(len(line) < 400 for line in lines)


def test_a_too_long_map_name_is_plain_everywhere(tmp_path, capsys):
    name = str(tmp_path / ("m" * 300 + ".tmx"))
    assert shipped_map("m" * 300) is None
    assert str(find_map(name)) == name
    assert "the path is too long" in _lines(name)[0]
    assert check_main([name]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and "too long" in out.out


def test_too_many_objects_and_properties_are_refused(tmp_path):
    objs = "".join(f'<object id="{i}" type="town" x="0" y="0"/>' for i in range(1, 1100))
    lines = _lines(write_map(tmp_path, "o.tmx", tmx(objects=objs)))
    assert lines[0].endswith(f"a map may have at most {limits.MAX_OBJECTS:,} — delete the "
                             "objects the game does not use")
    props = '<property name="max_players" type="int" value="2"/>' + "".join(
        f'<property name="p{i}" value="x"/>' for i in range(limits.MAX_PROPERTIES))
    assert "properties; a map may have at most" in _lines(
        write_map(tmp_path, "p.tmx", tmx(props=props)))[0]


def test_tilesets_holding_too_many_tiles_in_all_are_refused(tmp_path):
    ts = "".join(f'<tileset firstgid="{1 + 40_000 * i}" name="t" tilewidth="32" '
                 'tileheight="32" tilecount="40000" columns="4"><image source="tiles.png" '
                 'width="128" height="32"/></tileset>' for i in range(2))
    line = _lines(write_map(tmp_path, "t.tmx", tmx(tileset=ts)))[0]
    assert f"80,000 tiles; a map may have at most {limits.MAX_TOTAL_TILES:,}" in line


def test_tileset_files_over_the_total_xml_size_are_refused(tmp_path):
    pad = "p" * 300_000
    parts = []
    for i in range(16):
        (tmp_path / f"t{i}.tsx").write_text(TSX_4.replace(
            "<image", f'<properties><property name="pad" value="{pad}"/></properties><image'),
            encoding="utf-8")
        parts.append(f'<tileset firstgid="{1 + 4 * i}" source="t{i}.tsx"/>')
    lines = _lines(write_map(tmp_path, "x.tmx", tmx(tileset="".join(parts))))
    assert any(f"at most {limits.MAX_XML_BYTES // 2**20} MiB in all" in line for line in lines)


def test_a_tileset_pointing_at_another_tileset_is_refused(tmp_path):
    (tmp_path / "a.tsx").write_text('<tileset source="a.tsx" tilewidth="32" '
                                    'tileheight="32"/>', encoding="utf-8")
    line = _lines(write_map(tmp_path, "r.tmx", tmx(tileset='<tileset firstgid="1" '
                                                     'source="a.tsx"/>')))[0]
    assert "points at another tileset file" in line


def test_an_unforeseen_failure_is_plain_words_and_logged(tmp_path, monkeypatch, caplog):
    def boom(*_a, **_k):
        raise KeyError("dragon")

    monkeypatch.setattr(pytmx.TiledMap, "parse_xml", boom)
    caplog.set_level(logging.INFO, logger="game.maps.loader")
    path = write_map(tmp_path, "k.tmx", tmx())
    spec, problems = inspect_map(path)
    assert spec is None and [(p.what, p.fix) for p in problems] == [UNREADABLE]
    assert "dragon" not in str(problems[0])
    assert "KeyError" in caplog.text  # the detail is in the log, for a bug report


def test_a_checker_failure_is_plain_words(tmp_path, monkeypatch):
    monkeypatch.setattr(loader._Board, "spec", lambda self: [][1])
    (problem,) = check_map(write_map(tmp_path, "c.tmx", tmx()))
    assert (problem.what, problem.fix) == UNREADABLE
    assert "bug in the map checker" not in str(problem)


def test_a_very_long_title_is_cut_for_the_lists(tmp_path):
    props = '<property name="max_players" type="int" value="2"/>' \
            f'<property name="title" value="{"T" * 100_000}"/>'
    spec, problems = inspect_map(write_map(tmp_path, "t.tmx", tmx(props=props)))
    assert problems == [] and spec is not None and len(spec.title) <= 80


def test_small_int_refuses_what_int_would_choke_on():
    assert limits.small_int(" 12 ") == 12 and limits.small_int("-3") == -3
    for text in ("9" * 5000, "²", "1_000", "", None, "1e3", "0x10"):
        assert limits.small_int(text) is None


def test_paths_with_a_nul_or_too_long_a_name_are_plain():
    assert limits.path_problem("a\0b") == "the path holds a NUL character"
    assert "too long" in (limits.path_problem("x" * 256) or "")
    assert limits.path_problem(os.path.join("a", "b.tmx")) is None
    assert not limits.is_file(limits.Path("x" * 300))


def test_check_map_prints_no_traceback_for_an_unforeseen_failure(tmp_path, monkeypatch,
                                                                capfd):
    monkeypatch.setattr(pytmx.TiledMap, "parse_xml", lambda *_a: {}["dragon"])
    assert check_main([str(write_map(tmp_path, "k.tmx", tmx()))]) == 1
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "KeyError" not in out + err
    assert "could not be read" in out


def test_the_list_reads_a_bounded_number_of_user_maps(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(catalog, "MAX_USER_MAPS", 3)
    monkeypatch.setattr("game.maps.commands.MAX_USER_MAPS", 3)
    folder = catalog.user_maps_dir(tmp_path, create=True)
    for i in range(5):
        write_map(folder, f"m{i}.tmx", tmx())
    user = [e for e in catalog.scan(tmp_path) if e.origin == "user"]
    assert [e.path.name for e in user] == ["m0.tmx", "m1.tmx", "m2.tmx"]
    assert catalog.unlisted_user_maps(tmp_path) == 2
    assert maps_main(["--data-dir", str(tmp_path)]) == 0
    assert "2 more maps in" in capsys.readouterr().out


def test_play_with_a_too_long_map_name_is_one_plain_line(tmp_path, capsys):
    from game.maps.commands import play_main  # noqa: PLC0415 (pulls in the window code)

    with pytest.raises(SystemExit) as exc:
        play_main(["--map", str(tmp_path / ("q" * 300)), "--frames", "0"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the path is too long" in err and "Errno" not in err


def test_too_many_tile_cells_in_all_are_refused_before_pytmx(tmp_path, no_pytmx):
    data = ",".join(["1"] * 1600)
    layer = f'<layer name="l" width="40" height="40"><data encoding="csv">{data}</data></layer>'
    path = write_map(tmp_path, "c.tmx", tmx(40, 40, extra=layer * 10))
    (line,) = _lines(path)
    assert "11 tile layers of 40x40 cells (17,600 cells)" in line
    assert f"at most {limits.MAX_TILE_CELLS:,} tile cells" in line


def test_a_tileset_hidden_in_a_group_never_reaches_pytmx(tmp_path, monkeypatch):
    real_parse = pytmx.TiledTileset.parse_xml

    def checked(self, node):
        assert node.get("tilewidth") != "1", "an unchecked tileset reached pytmx"
        return real_parse(self, node)

    monkeypatch.setattr(pytmx.TiledTileset, "parse_xml", checked)
    (line,) = _lines(write_map(tmp_path, "n.tmx", nested_tileset_map()))
    assert "is inside layer 'g'; Tiled keeps tilesets at the top of the map" in line

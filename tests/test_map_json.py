"""Tiled's JSON formats (.tmj maps, .tsj tilesets, .tj templates) load, draw and travel
as the same map saved as TMX (game.maps.tiled_json), and a broken JSON file gets one
clear line."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
import zlib
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
import zstandard

from game.maps import catalog
from game.maps.loader import check_map, load_board, read_vetted
from game.maps.tiled_json import json_tree
from game.net import map_share
from game.ui.tiled_draw import render_map
from tests.net_maps import received
from tests.tiled_cli import needs_tiled, run_tiled

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "tests" / "maps" / "good"


def same_board(a, b) -> bool:
    return replace(a, source=None, title="") == replace(b, source=None, title="")


def _ground() -> list[int]:
    csv = re.search(r'<data encoding="csv">(.*?)</data>', (GOOD / "csv.tmx").read_text(),
                    re.DOTALL)
    assert csv
    return [int(g) for g in csv[1].replace("\n", "").split(",")]


def _obj(oid, name, kind, x, y, w=32, h=32, **extra) -> dict:
    return {"id": oid, "name": name, "type": kind, "x": x, "y": y, "width": w, "height": h,
            "rotation": 0, "visible": True, **extra}


def _prop(name, value, kind="string") -> dict:
    return {"name": name, "type": kind, "value": value}


def meadow(tileset: dict) -> dict:
    """tests/maps/good/csv.tmx as Tiled 1.8 saves it in JSON."""
    return {
        "type": "map", "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": 10, "height": 10, "tilewidth": 32,
        "tileheight": 32, "infinite": False, "nextlayerid": 3, "nextobjectid": 20,
        "compressionlevel": -1,
        "properties": [_prop("description", "A small meadow for the loader tests."),
                       _prop("max_players", 3, "int"), _prop("min_players", 2, "int"),
                       _prop("target", 75, "int"), _prop("title", "Test Meadow")],
        "tilesets": [tileset],
        "layers": [
            {"type": "tilelayer", "id": 1, "name": "ground", "width": 10, "height": 10,
             "x": 0, "y": 0, "opacity": 1, "visible": True, "data": _ground()},
            {"type": "objectgroup", "id": 2, "name": "setup", "draworder": "topdown",
             "x": 0, "y": 0, "opacity": 1, "visible": True, "objects": [
                 _obj(1, "Oakby", "town", 32, 32),
                 _obj(2, "Stonegate", "city", 96, 64, gid=4),
                 _obj(3, "Old Mill", "ruin", 170, 37, 0, 0, point=True),
                 _obj(4, "Mine", "place_of_power", 192, 128, 64, 64,
                      properties=[_prop("kind", "soul_mine")]),
                 _obj(5, "", "chest", 128, 256),
                 _obj(6, "", "cavern_spot", 256, 32, properties=[_prop("seat", 2, "int")]),
                 _obj(7, "", "cavern_spot", 32, 160, properties=[_prop("seat", 0, "int")]),
                 _obj(8, "", "cavern_spot", 128, 160, properties=[_prop("seat", 1, "int")]),
             ]},
        ],
    }


TILES_JSON = {
    "type": "tileset", "version": "1.8", "tiledversion": "1.8.2", "name": "test",
    "tilewidth": 32, "tileheight": 32, "tilecount": 4, "columns": 4, "margin": 0,
    "spacing": 0, "image": "tiles.png", "imagewidth": 128, "imageheight": 32,
    "tiles": [{"id": 0, "properties": [_prop("terrain", "grass")]},
              {"id": 1, "properties": [_prop("terrain", "shallow_water"),
                                       _prop("blocked", True, "bool")]},
              {"id": 2, "properties": [_prop("terrain", "mountain"),
                                       _prop("blocked", True, "bool")]},
              {"id": 3, "properties": [_prop("terrain", "road")]}],
}


def _folder(tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(ROOT / "tests" / "maps" / f, tmp_path / f)
    (tmp_path / "tiles.tsj").write_text(json.dumps(TILES_JSON), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("tileset", [
    {"firstgid": 1, "source": "tiles.tsx"},
    {"firstgid": 1, "source": "tiles.tsj"},
    {"firstgid": 1, **{k: v for k, v in TILES_JSON.items() if k != "type"}},
], ids=["tsx", "tsj", "embedded"])
def test_a_json_map_loads_as_the_same_map_in_tmx(tmp_path, tileset):
    folder = _folder(tmp_path)
    path = folder / "meadow.tmj"
    path.write_text(json.dumps(meadow(tileset), indent=1), encoding="utf-8")
    assert check_map(path) == []
    assert same_board(load_board(path), load_board(GOOD / "csv.tmx"))


def test_a_json_tileset_under_a_tsx_name_is_read_too(tmp_path):
    """pytmx would open a .tsx itself and choke on JSON: it is embedded like a .tsj."""
    folder = _folder(tmp_path)
    (folder / "tiles.tsx").write_text(json.dumps(TILES_JSON), encoding="utf-8")
    path = folder / "meadow.tmj"
    path.write_text(json.dumps(meadow({"firstgid": 1, "source": "tiles.tsx"})),
                    encoding="utf-8")
    assert check_map(path) == []
    assert same_board(load_board(path), load_board(GOOD / "csv.tmx"))


def test_a_json_tileset_is_embedded_with_its_image_found_from_the_map(tmp_path):
    folder = _folder(tmp_path)
    (folder / "sets").mkdir()
    shutil.move(folder / "tiles.tsj", folder / "sets" / "tiles.tsj")
    shutil.copy(folder / "tiles.png", folder / "sets" / "tiles.png")
    (folder / "tiles.png").unlink()
    path = folder / "meadow.tmj"
    path.write_text(json.dumps(meadow({"firstgid": 1, "source": "sets/tiles.tsj"})),
                    encoding="utf-8")
    tree = read_vetted(path)
    ts = tree.find("tileset")
    assert ts is not None and ts.get("source") is None and ts.get("firstgid") == "1"
    assert [i.get("source") for i in ts.iter("image")] == ["sets/tiles.png"]
    assert same_board(load_board(path), load_board(GOOD / "csv.tmx"))


def test_base64_layers_keep_their_compression(tmp_path):
    folder = _folder(tmp_path)
    doc = meadow({"firstgid": 1, "source": "tiles.tsx"})
    raw = b"".join(g.to_bytes(4, "little") for g in _ground())
    doc["layers"][0].update(data=base64.b64encode(zlib.compress(raw)).decode(),
                            encoding="base64", compression="zlib")
    path = folder / "meadow.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert same_board(load_board(path), load_board(GOOD / "csv.tmx"))


def test_zstd_layers_and_class_properties_in_json_load_as_in_tmx(tmp_path):
    """Tiled's JSON keeps a layer's zstd and writes a class property's members as an
    object: the game reads the one and ignores the other (game.maps.tile_data)."""
    folder = _folder(tmp_path)
    doc = meadow({"firstgid": 1, "source": "tiles.tsx"})
    raw = b"".join(g.to_bytes(4, "little") for g in _ground())
    doc["layers"][0].update(data=base64.b64encode(zstandard.ZstdCompressor().compress(raw))
                            .decode(), encoding="base64", compression="zstd")
    loot = {"name": "loot", "type": "class", "propertytype": "Loot", "value": {"gold": 5}}
    doc["properties"].append(loot)
    doc["layers"][1]["objects"][0]["properties"] = [loot, _prop("name", "Oakby")]
    path = folder / "meadow.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert check_map(path) == []
    assert same_board(load_board(path), load_board(GOOD / "csv.tmx"))


def test_a_tmx_map_may_use_json_tilesets_and_templates(tmp_path):
    folder = _folder(tmp_path)
    text = (GOOD / "csv.tmx").read_text().replace('source="../tiles.tsx"',
                                                   'source="tiles.tsj"')
    text = text.replace('<object id="1" name="Oakby" type="town" x="32" y="32" width="32" '
                        'height="32"/>', '<object id="1" template="town.tj" x="32" y="32"/>')
    (folder / "town.tj").write_text(json.dumps({"type": "template", "object": {
        "name": "Oakby", "type": "town", "width": 32, "height": 32}}), encoding="utf-8")
    path = folder / "meadow.tmx"
    path.write_text(text, encoding="utf-8")
    assert check_map(path) == []
    assert same_board(load_board(path), load_board(GOOD / "csv.tmx"))
    # a joiner gets one TMX with the JSON parts read into it, and the same board
    bundle = map_share.make_bundle(path)
    assert not any(n.endswith((".tsj", ".tj", ".tmj")) for n, _ in bundle.files)
    assert same_board(load_board(received(bundle, tmp_path / "joiner")), load_board(path))


def test_a_json_map_travels_to_a_joiner_as_tmx(tmp_path):
    folder = _folder(tmp_path / "host")
    path = folder / "meadow.tmj"
    path.write_text(json.dumps(meadow({"firstgid": 1, "source": "tiles.tsj"})),
                    encoding="utf-8")
    bundle = map_share.make_bundle(path)
    assert bundle.name == "meadow.tmx" and [n for n, _ in bundle.files] == [
        "meadow.tmx", "tiles.png"]
    assert same_board(load_board(received(bundle, tmp_path / "joiner")), load_board(path))


def test_json_maps_are_listed_and_checked_by_folder(tmp_path):
    data = tmp_path / "data"
    maps = catalog.user_maps_dir(data)
    folder = _folder(maps)
    (folder / "meadow.tmj").write_text(
        json.dumps(meadow({"firstgid": 1, "source": "tiles.tsx"})), encoding="utf-8")
    (folder / "notes.json").write_text("{}", encoding="utf-8")  # not looked for
    entries = [e for e in catalog.scan(data) if e.origin == "user"]
    assert [(e.path.name, e.title, e.problems) for e in entries] == [
        ("meadow.tmj", "Test Meadow", [])]
    done = subprocess.run([sys.executable, "-m", "game", "check-map",
                           str(folder)], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, check=False)
    assert done.returncode == 0 and "OK" in done.stdout and "meadow.tmj" in done.stdout


DEEP = '{"type": "map", "a": ' + "[" * 200 + "]" * 200 + "}"


@pytest.mark.parametrize(("text", "words"), [
    ('{"type": "map", ', "is not valid JSON (line 1, column 17) (a Tiled JSON file)"),
    (DEEP, "is nested more than 48 levels deep"),
    ('{"type": "level"}', "is JSON but not a Tiled map, tileset or template"),
    ('{"type": "map", "layers": {}}', 'has "layers" that is not a list of objects'),
    ('{"type": "map", "width": {"a": 1}}', "has a value of the wrong kind (dict)"),
    ('{"type": "map", "properties": {"title": "x"}}', "properties that are not a list"),
    ('{"type": "map", "layers": [{"type": "tilelayer", "name": "g", "data": ["1"]}]}',
     "layer 'g' has tile ids that are not whole numbers"),
    ('{"type": "map", "layers": [{"type": "sky"}]}', "has a layer of unknown type 'sky'"),
])
def test_a_broken_json_map_gets_one_clear_line(tmp_path, text, words):
    path = tmp_path / "broken.tmj"
    path.write_text(text, encoding="utf-8")
    lines = [str(p) for p in check_map(path)]
    assert any(words in line for line in lines), lines
    assert all("\n" not in line and line.startswith(f"{path}: ") for line in lines)


def test_an_infinite_json_map_is_refused_as_a_tmx_one_is(tmp_path):
    folder = _folder(tmp_path)
    doc = meadow({"firstgid": 1, "source": "tiles.tsx"})
    doc["infinite"] = True
    doc["layers"][0] = {"type": "tilelayer", "id": 1, "name": "ground", "width": 10,
                        "height": 10, "chunks": [{"x": 0, "y": 0, "width": 16, "height": 16,
                                                  "data": [1] * 256}]}
    path = folder / "meadow.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert any("is an infinite map" in str(p) for p in check_map(path))


def test_json_booleans_and_numbers_read_as_tiled_writes_them():
    tree, problem = json_tree(json.dumps({"type": "map", "width": 10.0, "infinite": False,
                                          "properties": [_prop("fair", True, "bool"),
                                                         _prop("odds", 0.5, "float")]}))
    assert problem is None and tree is not None
    assert tree.get("width") == "10" and tree.get("infinite") == "0"
    assert [(p.get("name"), p.get("value")) for p in tree.iter("property")] == [
        ("fair", "true"), ("odds", "0.5")]


# ----- against Tiled itself -------------------------------------------------------------
DRAWN = sorted((ROOT / "tests" / "maps" / "drawing").glob("*.tmx"))


@needs_tiled
@pytest.mark.parametrize("name", [p.name for p in sorted((ROOT / "maps").glob("*.tmx"))]
                         + [f"drawing/{p.name}" for p in DRAWN])
def test_every_map_saved_by_tiled_as_json_loads_and_draws_the_same(tmp_path, name):
    shutil.copytree(ROOT / "maps", tmp_path / "maps", ignore=shutil.ignore_patterns("archive"))
    shutil.copytree(ROOT / "assets" / "tiles", tmp_path / "assets" / "tiles")
    shutil.copytree(ROOT / "tests" / "maps" / "drawing", tmp_path / "maps" / "drawing")
    tmx = tmp_path / "maps" / name
    tmj = tmx.with_suffix(".tmj")
    run_tiled("--export-map", "json", str(tmx), str(tmj), scratch=tmp_path)
    assert check_map(tmj) == check_map(tmx) == []
    assert same_board(load_board(tmj), load_board(tmx))
    a, b = render_map(tmx), render_map(tmj)
    assert a.get_size() == b.get_size()
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


@needs_tiled
def test_tilesets_saved_by_tiled_as_json_draw_the_same(tmp_path):
    shutil.copytree(ROOT / "tests" / "maps" / "drawing", tmp_path / "drawing")
    for src in sorted((tmp_path / "drawing").glob("*.tsx")):
        run_tiled("--export-tileset", "json", str(src), str(src.with_suffix(".tsj")),
               scratch=tmp_path)
    for tmx in sorted((tmp_path / "drawing").glob("*.tmx")):
        text = tmx.read_text(encoding="utf-8")
        if ".tsx" not in text:
            continue
        json_sets = tmx.with_name(f"json-{tmx.name}")
        json_sets.write_text(text.replace(".tsx", ".tsj"), encoding="utf-8")
        assert check_map(json_sets) == []
        a, b = render_map(tmx), render_map(json_sets)
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), tmx.name

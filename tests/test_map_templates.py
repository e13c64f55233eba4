"""Tiled object templates (.tx): a map whose pieces are template instances loads as the
same map with them detached, as Tiled's own Detach writes it (game.maps.templates), and
a broken template is named with the object that uses it."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from game.maps.loader import check_map, load_board, read_vetted
from game.net import map_share
from tests.net_maps import received
from tests.tiled_cli import needs_tiled, run_tiled

ROOT = Path(__file__).resolve().parents[1]
TERRAIN_TILES = int(re.search(r'tilecount="(\d+)"', (ROOT / "assets/tiles/terrain.tsx")
                              .read_text(encoding="utf-8"))[1])
MARK_GID = 3        # the ruin template's tile in its own tileset (tests/maps/tiles.tsx)


def template(body: str, tileset: str | None = None) -> str:
    ts = f' <tileset firstgid="1" source="{tileset}"/>\n' if tileset else ""
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<template>\n{ts}{body}\n</template>\n'


PLACE = template(' <object name="Place" type="place_of_power" width="64" height="64">\n'
                 '  <properties><property name="kind" value="soul_mine"/></properties>\n'
                 ' </object>')
CAVERN = template(' <object name="Cavern" type="cavern_spot" width="32" height="32">\n'
                  '  <properties><property name="seat" type="int" value="0"/></properties>\n'
                  ' </object>')
CHEST = template(' <object type="chest" width="32" height="32"/>')
# a tile object from a tileset the map does not have: Tiled adds it to the map
RUIN = template(f' <object name="Ruin" type="ruin" gid="{MARK_GID}" width="32" height="32"/>',
                "marks/tiles.tsx")
# a tile object from the map's own tileset, named from the template's folder
TOWN = template(' <object name="Town" type="town" gid="5" width="32" height="32"/>',
                "../tiles/terrain.tsx")

_OBJECT = re.compile(r'<object id="(\d+)" name="([^"]*)" type="(\w+)" x="(\d+)" y="(\d+)" '
                     r'width="(\d+)" height="(\d+)"(/>|>(.*?)</object>)', re.DOTALL)


def templated_copy(folder: Path, name: str = "dragonmarch.tmx") -> tuple[Path, Path]:
    """A shipped map twice: as shipped (tileset beside it), and with every setup object a
    template instance carrying only what differs from its template."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tiles").mkdir(exist_ok=True)
    for f in ("terrain.tsx", "terrain.png"):
        shutil.copy(ROOT / "assets" / "tiles" / f, folder / "tiles" / f)
    tpl = folder / "templates"
    (tpl / "marks").mkdir(parents=True, exist_ok=True)
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(ROOT / "tests" / "maps" / f, tpl / "marks" / f)
    for f, text in (("place.tx", PLACE), ("cavern.tx", CAVERN), ("ruin.tx", RUIN),
                    ("town.tx", TOWN), ("chest.tx", CHEST)):
        (tpl / f).write_text(text, encoding="utf-8")
    text = (ROOT / "maps" / name).read_text(encoding="utf-8")
    text = text.replace('source="../assets/tiles/terrain.tsx"', 'source="tiles/terrain.tsx"')
    plain = folder / name
    plain.write_text(text, encoding="utf-8")

    def instance(m: re.Match) -> str:
        oid, oname, kind, x, y, w, h, _, inner = m.groups()
        inner = inner or ""
        if kind == "ruin":  # a tile object's y is its bottom edge
            return f'<object id="{oid}" name="{oname}" template="templates/ruin.tx" x="{x}" ' \
                   f'y="{int(y) + int(h)}"/>'
        props = dict(re.findall(r'<property name="(\w+)"(?: type="int")? value="([^"]*)"/>',
                                inner))
        if kind == "place_of_power":
            own = f'<property name="kind" value="{props["kind"]}"/>'
        elif kind == "cavern_spot" and props["seat"] != "0":  # seat 0 is the template's
            own = f'<property name="seat" type="int" value="{props["seat"]}"/>'
        else:
            own = ""
        tail = f"><properties>{own}</properties></object>" if own else "/>"
        which = {"place_of_power": "place", "cavern_spot": "cavern", "chest": "chest"}[kind]
        return f'<object id="{oid}" name="{oname}" template="templates/{which}.tx" ' \
               f'x="{x}" y="{y}"{tail}'

    templated = folder / f"templated-{name}"
    templated.write_text(_OBJECT.sub(instance, text), encoding="utf-8")
    assert "template=" in templated.read_text() and 'type="ruin"' not in templated.read_text()
    return plain, templated


def same_board(a, b) -> bool:
    return replace(a, source=None) == replace(b, source=None)


@pytest.mark.parametrize("name", ["dragonmarch.tmx", "dragonmarch3.tmx", "hearth-hollow.tmx"])
def test_a_map_of_template_instances_loads_as_its_detached_original(tmp_path, name):
    plain, templated = templated_copy(tmp_path, name)
    assert check_map(templated) == []
    assert same_board(load_board(templated), load_board(plain))


def test_the_template_tileset_is_added_after_the_maps_own_as_tiled_adds_it(tmp_path):
    _plain, templated = templated_copy(tmp_path)
    tree = read_vetted(templated)
    tilesets = [(t.get("firstgid"), t.get("source")) for t in tree.findall("tileset")]
    assert tilesets == [("1", "tiles/terrain.tsx"),
                        (str(TERRAIN_TILES + 1), "templates/marks/tiles.tsx")]
    ruins = [o for o in tree.iter("object") if o.get("type") == "ruin"]
    assert ruins and {o.get("gid") for o in ruins} == {str(TERRAIN_TILES + MARK_GID)}
    assert all(o.get("template") is None for o in tree.iter("object"))
    # the instance's own attributes win over the template's: each keeps its id and name
    assert [o.get("name") for o in ruins] == ["Frostgate", "Sunken Keep", "Cinder Tower"]


def test_properties_merge_by_name_and_the_instances_win(tmp_path):
    _plain, templated = templated_copy(tmp_path)
    tree = read_vetted(templated)
    seats = {o.get("name"): [(p.get("name"), p.get("value")) for p in o.iter("property")]
             for o in tree.iter("object") if o.get("type") == "cavern_spot"}
    assert seats["Cavern 1"] == [("seat", "0")]  # the template's, not repeated
    assert seats["Cavern 5"] == [("seat", "4")]  # the instance's, in its place
    place = next(o for o in tree.iter("object") if o.get("type") == "place_of_power")
    assert [p.get("value") for p in place.iter("property")] == ["angelstar_shrine"]


def test_a_tile_from_the_maps_own_tileset_keeps_its_gid_and_flip_flags(tmp_path):
    _plain, templated = templated_copy(tmp_path)
    flipped = 0x80000000 | 5
    (tmp_path / "templates" / "town.tx").write_text(
        TOWN.replace('gid="5"', f'gid="{flipped}"'), encoding="utf-8")
    text = templated.read_text().replace(
        '</objectgroup>', '<object id="90" template="templates/town.tx" x="64" y="320"/>'
                          '\n </objectgroup>')
    templated.write_text(text, encoding="utf-8")
    town = next(o for o in read_vetted(templated).iter("object") if o.get("id") == "90")
    assert town.get("gid") == str(flipped) and town.get("type") == "town"
    # a tile object stands on its bottom edge: y 320 is the bottom of row 9
    assert any(p.kind == "town" and p.at == (2, 9) for p in load_board(templated).pieces)


def test_a_shape_of_the_instances_own_replaces_the_templates(tmp_path):
    _plain, templated = templated_copy(tmp_path)
    (tmp_path / "templates" / "cavern.tx").write_text(
        CAVERN.replace("</object>", " <ellipse/>\n </object>"), encoding="utf-8")
    text = templated.read_text().replace(
        'template="templates/cavern.tx" x="768" y="608"/>',
        'template="templates/cavern.tx" x="768" y="608"><point/></object>')
    templated.write_text(text, encoding="utf-8")
    objs = {o.get("id"): o for o in read_vetted(templated).iter("object")}
    assert [c.tag for c in objs["2"]] == ["properties", "point"]
    assert [c.tag for c in objs["3"] if c.tag != "properties"] == ["ellipse"]


@needs_tiled
def test_tiled_detaches_the_templates_as_the_game_reads_them(tmp_path):
    _plain, templated = templated_copy(tmp_path)
    out = tmp_path / "detached-by-tiled.tmx"
    run_tiled("--export-map", "--detach-templates", "tmx", str(templated), str(out),
              scratch=tmp_path)
    assert "template=" not in out.read_text()
    assert same_board(load_board(out), load_board(templated))

    def objects(tree):
        return [(o.get("id"), o.get("type"), o.get("gid"), o.get("x"), o.get("y"),
                 o.get("width"), o.get("height")) for o in tree.iter("object")]
    assert objects(read_vetted(templated)) == objects(read_vetted(out))
    assert [t.get("firstgid") for t in read_vetted(out).findall("tileset")] == \
        [t.get("firstgid") for t in read_vetted(templated).findall("tileset")]


def _one_instance(tmp_path, template_text: str | None, source: str = "t.tx",
                  copies: int = 1) -> list[str]:
    _plain, templated = templated_copy(tmp_path)
    if template_text is not None:
        (tmp_path / source).write_text(template_text, encoding="utf-8")
    more = "".join(f'<object id="{1000 + i}" template="{source}" x="64" y="64"/>'
                   for i in range(copies - 1))
    text = templated.read_text().replace(
        '</objectgroup>', f'<object id="99" name="Odd" template="{source}" x="64" y="64"/>'
                          f'{more}\n </objectgroup>')
    templated.write_text(text, encoding="utf-8")
    return [str(p) for p in check_map(templated)]


@pytest.mark.parametrize(("text", "source", "words"), [
    (None, "t.tx", "object 99 'Odd' in layer 'setup': file not found"),
    (CAVERN, "t.txt", "comes from template 't.txt', which is not a template file (.tx or .tj)"),
    ("<tileset/>", "t.tx", "template 't.tx' is not a Tiled template (its root is <tileset>)"),
    ("<template></template>", "t.tx", "template 't.tx' holds no object"),
    ("not xml <", "t.tx", "is not well-formed XML"),
    ('<!DOCTYPE x [<!ENTITY a "a">]><template/>', "t.tx", "declares a DOCTYPE or ENTITY"),
    (template(' <object type="town" gid="1" width="32" height="32"/>'), "t.tx",
     "template 't.tx' has a tile but no tileset file it comes from"),
    (template(' <object type="town" gid="9" width="32" height="32"/>', "templates/marks/"
              "tiles.tsx"), "t.tx", "template 't.tx' uses tile 9, which its tileset does not"),
    (template(' <object type="town" gid="1" width="32" height="32"/>', "nowhere.tsx"),
     "t.tx", "tileset 'nowhere.tsx': file not found"),
    (template(' <object type="town" x="1y" width="32" height="32"/>'), "t.tx",
     "template 't.tx': object ? attribute x='1y' is not a number"),
])
def test_a_broken_template_is_named_with_the_object_that_uses_it(tmp_path, text, source,
                                                                  words):
    found = _one_instance(tmp_path, text, source)
    assert any(words in line for line in found), found
    assert all("Traceback" not in line and "\n" not in line for line in found)


def test_the_instance_is_checked_as_a_piece_once_detached(tmp_path):
    found = _one_instance(tmp_path, CAVERN.replace("cavern_spot", "castle"))
    assert any("object 99 'Odd' in layer 'setup': has unknown type 'castle'" in line
               for line in found), found


def test_a_thousand_instances_of_a_big_template_are_refused_by_the_maps_caps(tmp_path):
    """Each instance copies its template's properties, so each charges them: the map's
    cap on properties stops the copies before they are made."""
    props = "".join(f'<property name="p{i}" value="{i}"/>' for i in range(50))
    big = template(f' <object type="town" width="32" height="32"><properties>{props}'
                   '</properties></object>')
    found = _one_instance(tmp_path, big, copies=400)
    assert any("properties; a map may have at most 10,000" in line for line in found), found


def test_a_templated_map_travels_to_a_joiner_with_its_templates_detached(tmp_path):
    """Sent as the TMX the game reads it as: a joiner needs no template (0.1.0 refused
    every template instance), and gets the same board."""
    _plain, templated = templated_copy(tmp_path / "host")
    bundle = map_share.make_bundle(templated)
    names = {n for n, _ in bundle.files}
    assert names == {"templated-dragonmarch.tmx", "terrain.tsx", "terrain.png", "tiles.tsx",
                     "tiles.png"}
    assert b"template=" not in bundle.files[0][1]
    assert same_board(load_board(received(bundle, tmp_path / "joiner")), load_board(templated))


# ----- the shipped templates (maps/templates, written by tools/make_author_maps.py) -----
SHIPPED = ROOT / "maps" / "templates"
PIECE_OF = {"town.tx": "town", "city.tx": "city", "ruin.tx": "ruin", "chest.tx": "chest",
            "place-of-power.tx": "place_of_power", "cavern-spot.tx": "cavern_spot"}


def _starter_with_every_template(folder: Path) -> Path:
    """The starter map saved elsewhere, one instance of each shipped template on it and
    the cavern spot's once for each of its 8 seats (each instance setting its own)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "maps" / "templates", folder / "templates")
    text = (ROOT / "maps" / "starter" / "blank-16x16.tmx").read_text(encoding="utf-8")
    text = text.replace('source="../../assets/tiles/terrain.tsx"',
                        f'source="{ROOT / "assets" / "tiles" / "terrain.tsx"}"')
    objs = "".join(f'<object id="{50 + i}" template="templates/{name}" x="{32 + 96 * i}" '
                   f'y="64"/>' for i, name in enumerate(n for n in PIECE_OF if "cavern" not in n))
    objs += "".join(f'<object id="{60 + s}" template="templates/cavern-spot.tx" '
                    f'x="{32 + 128 * (s % 4)}" y="{256 + 96 * (s // 4)}"><properties>'
                    f'<property name="seat" type="int" value="{s}"/></properties></object>'
                    for s in range(1, 8))
    objs += '<object id="60" template="templates/cavern-spot.tx" x="32" y="160"/>'  # seat 0
    text, n = re.subn(r'(<objectgroup id="\d+" name="setup")\s*/>|'
                      r'(<objectgroup id="\d+" name="setup">)\s*</objectgroup>',
                      lambda m: f"{m[1] or m[2][:-1]}>{objs}</objectgroup>", text)
    assert n == 1
    path = folder / "every-template.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_templates_are_what_the_author_tool_writes():
    assert sorted(p.name for p in SHIPPED.glob("*.tx")) == sorted(PIECE_OF)


def test_each_shipped_template_places_its_piece(tmp_path):
    path = _starter_with_every_template(tmp_path)
    assert check_map(path) == []
    board = load_board(path)
    kinds = sorted(p.kind for p in board.pieces)
    assert kinds == sorted(k for k in PIECE_OF.values() if k != "cavern_spot")
    assert [p.place for p in board.pieces if p.kind == "place_of_power"] == ["soul_mine"]
    assert board.cavern_spots[0] == (1, 5) and len(board.cavern_spots) == 8
    assert board.cavern_spots[5] == (5, 11)  # seat 5's own instance: x 160, y 352


@needs_tiled
def test_tiled_reads_the_shipped_templates_as_the_game_does(tmp_path):
    path = _starter_with_every_template(tmp_path)
    out = tmp_path / "detached.tmx"
    run_tiled("--export-map", "--detach-templates", "tmx", str(path), str(out),
              scratch=tmp_path)
    assert "template=" not in out.read_text()
    assert same_board(load_board(out), load_board(path))


def test_a_template_given_as_a_map_is_named_for_what_it_is():
    found = [str(p) for p in check_map(SHIPPED / "town.tx")]
    assert len(found) == 1 and "is an object template, not a map" in found[0]

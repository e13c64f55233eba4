"""The files a map is made of (game.maps.parts): what the live preview and the map
catalogue watch besides the map itself."""

from __future__ import annotations

import os
from pathlib import Path

from game.maps import catalog
from game.maps.parts import MAX_PARTS, map_parts
from tests.test_map_templates import templated_copy

ROOT = Path(__file__).resolve().parents[1]


def _names(parts) -> list[str]:
    return [p.name for p in parts]


def test_a_map_names_its_tileset_and_the_tilesets_image():
    assert _names(map_parts(ROOT / "maps" / "riverfell.tmx")) == ["terrain.tsx",
                                                                   "terrain.png"]


def test_templates_and_their_tilesets_are_parts_once_each(tmp_path):
    _plain, templated = templated_copy(tmp_path)
    assert _names(map_parts(templated)) == [
        "terrain.tsx", "terrain.png", "place.tx", "cavern.tx", "ruin.tx", "tiles.tsx",
        "tiles.png"]


def test_image_layers_and_missing_files_are_listed_too(tmp_path):
    assert _names(map_parts(ROOT / "tests" / "maps" / "drawing" / "image-layer.tmx")) == [
        "arrows.tsx", "arrows.png", "backdrop.png"]
    # a missing tileset is still watched: its appearing is a change
    assert _names(map_parts(ROOT / "tests" / "maps" / "bad" / "missing-tileset.tmx")) != []


def test_parts_are_capped(tmp_path):
    objects = "".join(f'<object id="{i}" template="t{i}.tx" x="0" y="0"/>'
                      for i in range(MAX_PARTS + 50))
    path = tmp_path / "many.tmx"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?><map width="10" height="10" '
                    f'tilewidth="32" tileheight="32"><objectgroup>{objects}</objectgroup>'
                    "</map>", encoding="utf-8")
    assert len(map_parts(path)) == MAX_PARTS


def test_the_catalogue_reads_a_map_again_when_its_template_changes(tmp_path):
    _plain, templated = templated_copy(tmp_path)
    spec, problems = catalog.inspect(templated)
    assert problems == [] and spec is not None
    ruin = tmp_path / "templates" / "ruin.tx"
    st = ruin.stat()
    ruin.write_text(ruin.read_text().replace('type="ruin"', 'type="town"'))
    os.utime(ruin, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # a later save
    spec2, _ = catalog.inspect(templated)
    assert spec2 is not None and [p.kind for p in spec2.pieces].count("town") == 3

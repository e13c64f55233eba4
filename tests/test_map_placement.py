"""A setup piece sits on the cell Tiled shows it on (game.maps.placement): moved by its
layer's and groups' offsets, turned by its rotation, typed by its tile; and what pytmx
misreads (a tileset's collision shapes, an image layer with no image) refuses nothing."""

from __future__ import annotations

import shutil

from game.maps.author_notes import author_notes
from game.maps.loader import check_map, load_board, read_vetted
from game.ui.tiled_draw import drawing_notes
from tests.test_maps import GOOD, HERE, meadow


def cells(path) -> dict[str, tuple[int, int]]:
    spec = load_board(path)
    return {p.kind: p.at for p in spec.pieces} | {
        f"spot{i}": at for i, at in enumerate(spec.cavern_spots)}


BASE = cells(GOOD / "csv.tmx")


def test_the_base_map_places_what_the_tests_expect():
    assert BASE["town"] == (1, 1) and BASE["city"] == (3, 1)


def test_a_setup_layer_offset_by_a_cell_moves_its_pieces_a_cell(tmp_path):
    path = meadow(tmp_path, ('<objectgroup id="2" name="setup"',
                             '<objectgroup id="2" name="setup" offsetx="32"'))
    assert check_map(path) == []
    assert cells(path) == {k: (c + 1, r) for k, (c, r) in BASE.items()}


def test_the_offsets_of_the_groups_around_it_add_up(tmp_path):
    path = meadow(tmp_path, ('<objectgroup id="2" name="setup"',
                             '<group id="8" name="pieces" offsety="-64"><group id="9" '
                             'name="inner" offsetx="-32" offsety="16">'
                             '<objectgroup id="2" name="setup" offsety="16"'),
                  ("</objectgroup>", "</objectgroup></group></group>"))
    assert check_map(path) == []
    assert cells(path) == {k: (c - 1, r - 1) for k, (c, r) in BASE.items()}


def test_a_rotated_piece_is_on_the_cell_its_turned_box_starts_on(tmp_path):
    # Oakby's box is (32, 32)-(64, 64); Tiled turns it clockwise about its top-left
    for turn, at in ((180, (0, 0)), (90, (0, 1)), (270, (1, 0)), (-90, (1, 0)),
                     (360, (1, 1))):
        path = meadow(tmp_path, ('type="town" x="32" y="32"',
                                 f'type="town" x="32" y="32" rotation="{turn}"'))
        assert check_map(path) == [], turn
        assert cells(path)["town"] == at, turn


def test_a_rotated_tile_piece_turns_about_its_bottom_left(tmp_path):
    # Stonegate is a tile object at (96, 64): its box is (96, 32)-(128, 64) unturned
    path = meadow(tmp_path, ('gid="4" x="96" y="64"', 'gid="4" x="96" y="64" rotation="90"'))
    assert cells(path)["city"] == (3, 2)  # swung down-left: (64, 64)-(96, 96)


def test_a_tile_object_with_no_type_has_its_tiles(tmp_path):
    path = meadow(tmp_path, ('name="Stonegate" type="city"', 'name="Stonegate"'))
    tsx = tmp_path / "tiles.tsx"
    tsx.write_text(tsx.read_text().replace('<tile id="3">', '<tile id="3" type="city">', 1))
    assert check_map(path) == []
    assert cells(path) == BASE


def test_a_blank_image_layer_as_tiled_saves_a_new_one_loads(tmp_path):
    path = meadow(tmp_path, ('<objectgroup id="2" name="setup"',
                             '<imagelayer id="9" name="Image Layer 1"/>\n'
                             ' <objectgroup id="2" name="setup"'))
    assert check_map(path) == []
    assert cells(path) == BASE


def test_a_tiles_collision_shapes_are_not_map_layers(tmp_path):
    text = (GOOD / "embedded.tmx").read_text().replace(
        '<tile id="0">', '<tile id="0">\n  <objectgroup draworder="index" id="2">\n'
        '   <object id="1" type="town" x="0" y="0" width="8" height="8"/>\n'
        '   <object id="2" x="8" y="8" width="8" height="8"/>\n  </objectgroup>', 1)
    (tmp_path / "good").mkdir()
    shutil.copy(HERE / "tiles.png", tmp_path / "tiles.png")
    path = tmp_path / "good" / "m.tmx"
    path.write_text(text)
    assert check_map(path) == []
    assert cells(path) == cells(GOOD / "embedded.tmx")
    assert not any(where == "layer ''" for where, _ in drawing_notes(path))


def notes(path) -> list[str]:
    return [f"{where}: {what}" for where, what in author_notes(path, read_vetted(path))]


def test_a_hidden_setup_layer_or_piece_is_noted_and_still_placed(tmp_path):
    for edit, note in (
            (('<objectgroup id="2" name="setup"', '<objectgroup id="2" name="setup" '
              'visible="0"'), "layer 'setup': is hidden in Tiled, but its pieces are "
             "placed all the same"),
            (('type="town" x="32"', 'type="town" visible="0" x="32"'),
             "layer 'setup': 1 of its objects is hidden in Tiled, but placed all the same")):
        path = meadow(tmp_path, edit)
        assert check_map(path) == [] and cells(path) == BASE
        assert notes(path) == [note]
    assert notes(GOOD / "csv.tmx") == []


def test_a_tile_property_named_nearly_blocked_is_noted(tmp_path):
    path = meadow(tmp_path)
    tsx = tmp_path / "tiles.tsx"
    tsx.write_text(tsx.read_text().replace('name="blocked"', 'name="Blocked"', 1))
    assert notes(path) == ["tileset 'test' tile 1: property 'Blocked' is not one the game "
                           "reads — did you mean 'blocked'? rename it in the tileset "
                           "(Tiled: Edit Tileset)"]
    tsx.write_text(tsx.read_text().replace('name="Blocked"', 'name="walkable"', 1))
    assert notes(path) == []  # an author's own name is theirs

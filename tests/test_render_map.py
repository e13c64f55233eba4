"""`narby render-map FILE OUT.png`: the terrain as the board draws it (issue 35)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.cli import main
from game.maps import commands
from game.ui import tiled_draw

MAPS = Path(__file__).resolve().parent / "maps"


def test_render_map_writes_the_terrain_at_the_tile_size(tmp_path, capsys):
    out = tmp_path / "terrain.png"
    path = MAPS / "drawing" / "groups.tmx"
    assert main(["render-map", str(path), str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"saved {out} (128x128)"
    written = pygame.image.load(str(out))
    assert pygame.image.tobytes(written, "RGBA") == pygame.image.tobytes(
        tiled_draw.render_map(path), "RGBA")


def test_render_map_of_a_broken_map_says_its_first_problem(tmp_path, capsys):
    path = MAPS / "bad" / "zstd-not-zstd.tmx"
    assert main(["render-map", str(path), str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"narby render-map: {path} has 1 problem; first:")
    assert "zstd" in err[0] and not (tmp_path / "x.png").exists()


def test_render_map_refuses_a_missing_file_and_an_unwritable_picture(tmp_path, capsys):
    assert main(["render-map", str(tmp_path / "none.tmx"), str(tmp_path / "x.png")]) == 2
    assert "file not found" in capsys.readouterr().err
    out = tmp_path / "no-such-folder" / "x.png"
    assert main(["render-map", str(MAPS / "good" / "csv.tmx"), str(out)]) == 2
    assert capsys.readouterr().err.startswith(f"narby render-map: cannot write {out}")


def test_render_map_never_writes_its_picture_over_another_file(tmp_path, capsys):
    # `narby render-map M.tmx M.tmx` replaced the map with an image, and a .png name
    # that was another file was overwritten (a commands audit)
    from game.cli import main  # noqa: PLC0415
    from game.resources import maps_dir  # noqa: PLC0415

    src = maps_dir() / "riverfell.tmx"
    keep = tmp_path / "keep.json"
    keep.write_text('{"format": "narby-save/2"}')
    fake = tmp_path / "old.png"
    fake.write_text("not a picture")
    for out in (keep, fake, tmp_path / "notes.txt"):
        before = out.read_bytes() if out.exists() else None
        assert main(["render-map", str(src), str(out)]) != 0
        assert "Traceback" not in capsys.readouterr().err
        assert (out.read_bytes() if out.exists() else None) == before
    good = tmp_path / "good.png"
    assert main(["render-map", str(src), str(good)]) == 0
    assert main(["render-map", str(src), str(good)]) == 0  # a picture may be replaced


def test_a_picture_too_big_to_hold_is_drawn_smaller_and_says_so(tmp_path, capsys,
                                                                monkeypatch):
    """40x40 cells of 512 px tiles is a 20480x20480 picture (1.6 GB): it crashed with a
    MemoryError traceback. Past the cap it is drawn smaller, and the line says so."""
    monkeypatch.setattr(commands, "RENDER_MAX_BYTES", 64 * 64 * 4)
    out = tmp_path / "small.png"
    path = MAPS / "drawing" / "groups.tmx"
    assert main(["render-map", str(path), str(out)]) == 0
    w, h = pygame.image.load(str(out)).get_size()
    assert w <= 64 and h <= 64
    assert capsys.readouterr().out.strip() == (
        f"saved {out} ({w}x{h}, drawn smaller: the full 128x128 picture is too big to hold)")

"""Every tile layer format Tiled saves loads and draws alike (game.maps.tile_data): CSV,
base64 raw/zlib/gzip/zstd and the old XML `<tile>` format; pytmx reads only the first
four, so the vetter hands zstd and XML layers on as CSV."""

from __future__ import annotations

import base64
import re
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree as ET

import pygame
import pytest
import zstandard

from game.maps import tile_data
from game.maps.loader import check_map, load_board, read_vetted
from game.net import map_share
from game.ui.tiled_draw import render_map
from tests.hostile import tmx, write_map
from tests.net_maps import received
from tests.tiled_cli import needs_tiled, run_tiled

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "tests" / "maps" / "good"
_CSV = re.compile(r'<data encoding="csv">(.*?)</data>', re.DOTALL)


def same_board(a, b) -> bool:
    return replace(a, source=None) == replace(b, source=None)


def same_picture(a: Path, b: Path) -> bool:
    pa, pb = render_map(a), render_map(b)
    return pa.get_size() == pb.get_size() and \
        pygame.image.tobytes(pa, "RGBA") == pygame.image.tobytes(pb, "RGBA")


def _gids(csv: str) -> list[int]:
    return [int(g) for g in csv.replace("\n", "").split(",")]


def _zstd(match: re.Match) -> str:
    raw = b"".join(g.to_bytes(4, "little") for g in _gids(match[1]))
    return ('<data encoding="base64" compression="zstd">\n   '
            + base64.b64encode(zstandard.ZstdCompressor().compress(raw)).decode() + "\n  </data>")


def _xml(match: re.Match) -> str:
    cells = "".join(f'   <tile gid="{g}"/>\n' if g else "   <tile/>\n"
                    for g in _gids(match[1]))
    return f"<data>\n{cells}  </data>"


def _rewrite(tmp_path: Path, name: str, how) -> tuple[Path, Path]:
    """riverfell (or another shipped map) copied beside its tilesets, and the same map
    with every tile layer rewritten by `how`."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps", ignore=shutil.ignore_patterns("archive"))
    shutil.copytree(ROOT / "assets" / "tiles", tmp_path / "assets" / "tiles")
    plain = tmp_path / "maps" / name
    text = plain.read_text(encoding="utf-8")
    assert _CSV.search(text)
    other = plain.with_name(f"other-{name}")
    other.write_text(_CSV.sub(how, text), encoding="utf-8")
    return plain, other


@pytest.mark.parametrize("name", ["zstd.tmx", "xml-tiles.tmx"])
def test_zstd_and_xml_layers_load_as_csv_does_and_reach_pytmx_as_csv(name):
    text = (GOOD / name).read_text()
    assert ('compression="zstd"' in text) == (name == "zstd.tmx")
    assert check_map(GOOD / name) == []
    assert same_board(load_board(GOOD / name), load_board(GOOD / "csv.tmx"))
    [data] = read_vetted(GOOD / name).iter("data")
    assert data.get("encoding") == "csv" and data.get("compression") is None
    assert not list(data) and _gids(data.text or "") == _gids(_CSV.search(
        (GOOD / "csv.tmx").read_text())[1])


@pytest.mark.parametrize("how", [_zstd, _xml], ids=["zstd", "xml"])
@pytest.mark.parametrize("name", ["riverfell.tmx", "dragonmarch3.tmx"])
def test_a_shipped_map_in_either_format_loads_and_draws_the_same(tmp_path, name, how):
    plain, other = _rewrite(tmp_path, name, how)
    assert check_map(other) == []
    assert same_board(load_board(other), load_board(plain))
    assert same_picture(other, plain)


def test_flip_flags_and_empty_cells_survive_the_xml_format():
    data = ET.fromstring('<data><tile gid="2147483649"/><tile/><tile gid="3"/>'
                         '<tile gid="1073741826"/></data>')
    assert tile_data.read_gids(data, 4) == [2**31 + 1, 0, 3, 2**30 + 2]
    tile_data.as_csv(data, tile_data.read_gids(data, 4), 2)
    assert data.get("encoding") == "csv" and not list(data)
    assert tile_data.read_gids(data, 4) == [2**31 + 1, 0, 3, 2**30 + 2]


@pytest.mark.parametrize(("data", "words"), [
    ('<data><tile gid="1"/><tile gid="-1"/></data>', "not a 32-bit tile id"),
    ('<data><tile gid="4294967296"/></data>', "not a 32-bit tile id"),
    ('<data><tile gid="1e3"/></data>', "gid '1e3' is not a number"),
    ('<data encoding="base64" compression="zstd">'
     + base64.b64encode(zstandard.ZstdCompressor().compress(bytes(16))[:-3]).decode()
     + "</data>", "cut short"),
    ('<data encoding="base64" compression="zstd">'
     + base64.b64encode(zstandard.ZstdCompressor().compress(bytes(16)) + b"!").decode()
     + "</data>", "zstd"),
    ('<data encoding="base64" compression="zstd">'
     + base64.b64encode(zstandard.ZstdCompressor().compress(bytes(17))).decode()
     + "</data>", "inflates to more than 16 bytes"),
    ('<data encoding="base64" compression="lz4">AAAA</data>', "unknown compression 'lz4'"),
    ("<data/>", "has no tile data"),
])
def test_bad_layer_data_is_named_not_raised(data, words):
    with pytest.raises(tile_data.BadData) as caught:
        tile_data.read_gids(ET.fromstring(data), 4)
    assert words in caught.value.what and caught.value.fix


def test_a_zstd_map_travels_to_friends_as_csv(tmp_path):
    plain, other = _rewrite(tmp_path, "riverfell.tmx", _zstd)
    for how in (_zstd, _xml):
        other.write_text(_CSV.sub(how, plain.read_text(encoding="utf-8")), encoding="utf-8")
        path = received(map_share.make_bundle(other), tmp_path / how.__name__)
        text = path.read_text(encoding="utf-8")
        assert 'compression="zstd"' not in text and "<tile " not in text  # 0.1.0 reads CSV
        assert same_board(load_board(path), load_board(plain))


@needs_tiled
@pytest.mark.parametrize("how", [_zstd, _xml], ids=["zstd", "xml"])
def test_maps_tiled_writes_in_either_format_load_as_it_reads_them(tmp_path, how):
    """Tiled reads our rewritten map and saves it in the same format, its own way (its
    own zstd stream); that file loads as the CSV map does, as TMX and as JSON."""
    plain, other = _rewrite(tmp_path, "riverfell.tmx", how)
    tiled_tmx, tiled_tmj = tmp_path / "maps" / "tiled.tmx", tmp_path / "maps" / "tiled.tmj"
    run_tiled("--export-map", "tmx", str(other), str(tiled_tmx), scratch=tmp_path)
    run_tiled("--export-map", "json", str(other), str(tiled_tmj), scratch=tmp_path)
    written = tiled_tmx.read_text(encoding="utf-8")
    assert ('compression="zstd"' in written) == (how is _zstd)
    assert ("<tile gid=" in written) == (how is _xml)
    for path in (tiled_tmx, tiled_tmj):
        assert check_map(path) == []
        assert same_board(load_board(path), load_board(plain))
        assert same_picture(path, plain)


def test_a_layer_hidden_inside_xml_tile_data_is_checked_not_a_crash(tmp_path):
    """tools/fuzz_files (seed 31557097): rewriting the outer layer as CSV dropped the
    inner one while the vetter still meant to remove it (ValueError)."""
    cells = '<tile gid="1"/>' * 50
    inner = ('<layer width="10" height="10"><data encoding="base64" compression="zstd">'
             "KLUv/QBYAQAA</data></layer>")
    text = tmx(data="").replace('<data encoding="csv"></data>',
                                f"<data>{cells}{inner}{cells}</data>")
    problems = check_map(write_map(tmp_path, "nested.tmx", text))
    assert [p.what for p in problems] == ["holds 0 tiles, not 100"]  # the inner layer's


def test_without_the_zstandard_package_a_zstd_map_says_so(monkeypatch):
    """An install that missed the new dependency: one clear line, not an ImportError."""
    monkeypatch.setitem(sys.modules, "zstandard", None)  # import raises ImportError
    [problem] = check_map(GOOD / "zstd.tmx")
    assert "zstandard package" in problem.what and "reinstall the game" in problem.fix
    assert check_map(GOOD / "csv.tmx") == []

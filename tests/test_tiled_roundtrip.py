"""Real Tiled round trip: every shipped map, re-saved by Tiled itself, loads the same.

Needs the `tiled` program (Debian's 1.8.2 works headless); tools/ci_install_tiled.sh
installs it in CI. Without it these tests are skipped, and say so.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.maps.loader import check_map, load_board

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent / "maps"
TILED = shutil.which("tiled")
SHIPPED = sorted((ROOT / "maps").glob("*.tmx"))
# Tiled 1.8 reads object kinds from `type`, so the Tiled 1.9 `class` map is left out
TEST_MAPS = [TESTS / "good" / n for n in ("csv.tmx", "zlib.tmx", "gzip.tmx", "embedded.tmx")]

pytestmark = pytest.mark.skipif(
    TILED is None, reason="Tiled is not installed: run tools/ci_install_tiled.sh "
    "(or apt-get install tiled) for the real round-trip check")


def tiled_resave(src: Path, dst: Path, scratch: Path) -> None:
    """`tiled --export-map tmx`, headless, with its settings kept out of $HOME."""
    runtime = scratch / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(scratch / "cfg"),
               XDG_DATA_HOME=str(scratch / "data"), XDG_CACHE_HOME=str(scratch / "cache"),
               XDG_RUNTIME_DIR=str(runtime))
    done = subprocess.run([TILED, "--export-map", "tmx", str(src), str(dst)], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and dst.exists(), done.stderr


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_tiled_resaves_each_shipped_map_to_the_same_board(tmp_path, path):
    shutil.copytree(ROOT / "assets" / "tiles", tmp_path / "assets" / "tiles")
    (tmp_path / "maps").mkdir()
    src = tmp_path / "maps" / path.name
    shutil.copy(path, src)
    out = tmp_path / "maps" / f"resaved-{path.name}"
    tiled_resave(src, out, tmp_path)
    assert 'source="../assets/tiles/terrain.tsx"' in out.read_text()
    assert check_map(out) == []
    before, after = load_board(path), load_board(out)
    assert dataclasses.replace(after, source=None) == dataclasses.replace(before, source=None)


@pytest.mark.parametrize("path", TEST_MAPS, ids=lambda p: p.name)
def test_tiled_keeps_each_layer_encoding_and_tileset_style(tmp_path, path):
    shutil.copy(TESTS / "tiles.tsx", tmp_path / "tiles.tsx")
    shutil.copy(TESTS / "tiles.png", tmp_path / "tiles.png")
    (tmp_path / "good").mkdir()
    src = tmp_path / "good" / path.name
    shutil.copy(path, src)
    out = tmp_path / "good" / f"resaved-{path.name}"
    tiled_resave(src, out, tmp_path)
    before, after = load_board(path), load_board(out)
    assert dataclasses.replace(after, source=None) == dataclasses.replace(before, source=None)
    old, new = ET.parse(path).getroot(), ET.parse(out).getroot()
    assert new.find("layer/data").attrib == old.find("layer/data").attrib
    assert ("source" in new.find("tileset").attrib) == ("source" in old.find("tileset").attrib)

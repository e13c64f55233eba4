"""Memory and time of each load are bounded (issue 24): the loaders run on crafted files
in a subprocess limited to 1 GiB of address space and must refuse each cleanly. The
timeout is a safety net for a hang, not a speed assertion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.hostile import deep_map, huge_image_map, tmx, wide_map, write_bad_saves, write_map

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="resource limits are POSIX")
ROOT = Path(__file__).resolve().parents[1]
LIMIT = 1 << 30


def _bounded(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    script = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, ({LIMIT}, {LIMIT}))
        sys.path.insert(0, {str(ROOT)!r})
    """) + textwrap.dedent(code)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "NARBY_CONFIG_DIR": str(tmp_path / "config")}
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=600, cwd=tmp_path, env=env)


def test_map_bombs_are_refused_within_bounds(tmp_path):
    write_map(tmp_path, "deep.tmx", deep_map())
    write_map(tmp_path, "wide.tmx", wide_map())
    write_map(tmp_path, "huge.tmx", huge_image_map())
    write_map(tmp_path, "ok.tmx", tmx())
    done = _bounded("""
        from game.maps.loader import check_map
        for name in ("deep", "wide", "huge"):
            found = check_map(name + ".tmx")
            assert found, name
            print(name, "refused:", found[0].what)
        assert check_map("ok.tmx") == []
        from game.cli import main
        sys.exit(main(["check-map", "deep.tmx", "huge.tmx"]))
    """, tmp_path)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "deep refused" in done.stdout and "huge refused" in done.stdout


def test_a_folder_of_crafted_saves_lists_within_bounds(tmp_path):
    write_bad_saves(tmp_path / "data" / "saves")
    done = _bounded("""
        from game.persistence import saves
        from tests.hostile import good_session
        saves.save_game(good_session(), "Good", "data")
        entries, problems = saves.list_all("data")
        print(len(entries), len(problems))
        from game.cli import main
        sys.exit(main(["saves", "--data-dir", "data"]))
    """, tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.splitlines()[0].startswith("1 ")


def test_replays_of_crafted_files_are_refused_within_bounds(tmp_path):
    paths = write_bad_saves(tmp_path)
    names = json.dumps([p.name for p in paths])
    done = _bounded(f"""
        import contextlib, io
        from game.cli import main
        for name in {names}:
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                code = main(["replay", "--headless", name])
            assert code == 1, (name, code)
            assert "Traceback" not in err.getvalue(), name
        print("all refused")
    """, tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "all refused" in done.stdout


def test_cost_maps_are_refused_within_bounds_by_every_path(tmp_path):
    """Issue 29.5: the maps that passed the old checks yet cost 30-80 s and 1.3-1.6 GB
    are refused by check-map, the New game list and the board, under 1 GiB."""
    done = _bounded("""
        from pathlib import Path
        from tests import hostile as h
        from game.maps import catalog
        from game.maps.loader import check_map
        from game.board import BoardSpec
        from game.ui.board_view import _load_terrain
        here = Path(".")
        maps = [h.many_tilesets_map(here / "a"), h.many_layers_map(here / "b"),
                h.one_image_many_spellings(here / "c" / "here"),
                h.write_map(here / "d", "n.tmx", h.long_number_map()),
                h.write_map(here / "e", "p.tmx", h.long_path_map())]
        for path in maps:
            found = check_map(path)
            assert found and "\\n" not in str(found[0]), path
            assert not catalog.entry(path, "user").ok
            _load_terrain(BoardSpec(width=10, height=10, source=str(path)))
            print("refused:", found[0].what[:60])
        from game.cli import main
        sys.exit(main(["check-map", *map(str, maps)]))
    """, tmp_path)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.count("refused:") == 5

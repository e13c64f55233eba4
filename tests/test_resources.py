"""game.resources: shipped files are found from the package, never the current folder
(issue 20), in a checkout and in the installed layout (game/_data)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game import resources
from game.cli import main
from game.persistence import saves
from game.session import Session

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The wheel's layout: a package folder holding _data/maps and _data/assets (and
    no maps/ beside it)."""
    package = tmp_path / "site-packages" / "game"
    (package / "_data").mkdir(parents=True)
    shutil.copytree(ROOT / "maps", package / "_data" / "maps")
    shutil.copytree(ROOT / "assets" / "tiles", package / "_data" / "assets" / "tiles")
    monkeypatch.setattr(resources.resources, "files", lambda name: package)
    resources.data_root.cache_clear()
    yield package / "_data"
    resources.data_root.cache_clear()


def test_a_checkout_uses_its_own_top_level_folders():
    assert resources.data_root() == ROOT
    assert resources.maps_dir() == ROOT / "maps"
    assert resources.asset("fonts", "NotoSans-Regular.ttf").is_file()
    names = [p.stem for p in resources.shipped_maps()]
    assert {"narby-vale", "riverfell", "dragonmarch", "hearth-hollow"} <= set(names)
    assert names == sorted(names)


def test_an_installed_package_uses_its_data_folder(installed):
    assert resources.data_root() == installed
    assert resources.shipped_map("riverfell") == installed / "maps" / "riverfell.tmx"
    assert resources.asset("sounds") == installed / "assets" / "sounds"


def test_missing_data_is_one_clear_line(tmp_path, monkeypatch):
    monkeypatch.setattr(resources.resources, "files", lambda name: tmp_path / "game")
    resources.data_root.cache_clear()
    try:
        with pytest.raises(resources.ResourceError, match="reinstall the game"):
            resources.maps_dir()
    finally:
        resources.data_root.cache_clear()


@pytest.mark.parametrize("name", ["riverfell", "riverfell.tmx", "maps/riverfell.tmx",
                                  "maps\\riverfell.tmx"])
def test_shipped_maps_are_named_without_a_path(name):
    assert resources.shipped_map(name) == ROOT / "maps" / "riverfell.tmx"


@pytest.mark.parametrize("name", ["", "nosuch", "../maps/riverfell", "maps/../riverfell.tmx",
                                  "tests/riverfell.tmx", "..", "narby.tiled-project"])
def test_other_names_are_not_shipped_maps(name):
    assert resources.shipped_map(name) is None


def test_a_players_own_file_wins_over_a_shipped_name(tmp_path, monkeypatch):
    (tmp_path / "riverfell.tmx").write_text("<map/>")
    monkeypatch.chdir(tmp_path)
    assert resources.find_map("riverfell.tmx") == Path("riverfell.tmx")
    assert resources.find_map("riverfell") == ROOT / "maps" / "riverfell.tmx"
    assert resources.find_map("nosuch.tmx") == Path("nosuch.tmx")  # "file not found" later


def test_a_saved_map_name_is_the_shipped_map_never_one_in_the_current_folder(
        tmp_path, monkeypatch):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "riverfell.tmx").write_text("<map/>")  # a decoy
    monkeypatch.chdir(tmp_path)
    shipped = ROOT / "maps" / "riverfell.tmx"
    assert resources.find_map("maps/riverfell.tmx", saved=True) == shipped
    beside = tmp_path / "replays"
    (beside / "maps").mkdir(parents=True)
    (beside / "maps" / "riverfell.tmx").write_text("<map/>")
    assert resources.find_map("maps/riverfell.tmx", beside, saved=True) == \
        beside / "maps" / "riverfell.tmx"


def test_saves_name_shipped_maps_the_same_in_any_layout(tmp_path, installed):
    assert resources.portable_map_name(installed / "maps" / "narby-vale.tmx") == \
        "maps/narby-vale.tmx"
    other = tmp_path / "mine.tmx"
    assert resources.portable_map_name(other) == str(other)


def test_a_save_from_a_checkout_loads_in_an_installed_game(tmp_path, installed, monkeypatch):
    """Old saves store "maps/narby-vale.tmx" (relative to the checkout): an installed
    game finds its own copy, from any working folder."""
    s = Session.new([{}, {}], seed=5, map_path=str(ROOT / "maps" / "riverfell.tmx"))
    doc = s.replay_doc()
    assert doc["map"] == str(ROOT / "maps" / "riverfell.tmx")  # not shipped in this layout
    doc["map"] = "maps/riverfell.tmx"  # as a checkout wrote it
    s = Session.from_replay(doc)
    path = saves.save_game(s, "River", tmp_path)
    monkeypatch.chdir(tmp_path)
    loaded = saves.load_save(path)
    assert loaded.board.source == str(installed / "maps" / "riverfell.tmx")
    assert loaded.snapshot() == s.snapshot()


def test_version_is_printed(capsys):
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert re.fullmatch(r"narby \d+\.\d+\.\d+\S*", out)
    assert out == f"narby {resources.version()}"


def test_headless_game_on_a_shipped_map_named_without_a_path(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["--headless", "--map", "riverfell", "--seed", "4", "--json",
                 "--round-cap", "3", "--data-dir", str(tmp_path), "--save", "r"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] <= 3
    stored = json.loads(next((tmp_path / "saves").glob("*.json")).read_text())
    assert json.dumps(stored).count('"maps/riverfell.tmx"') >= 1


def test_an_unknown_map_name_lists_the_shipped_maps(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        main(["--headless", "--map", "nosuch"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--map nosuch: file not found" in err and "riverfell" in err and "Traceback" not in err


def test_check_map_takes_a_shipped_maps_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check-map", "riverfell"]) == 0
    assert capsys.readouterr().out.startswith("OK  ")


def test_no_module_of_the_game_finds_files_from_its_own_location():
    """Shipped files come from game.resources (importlib.resources), so the same code
    works in a checkout, a wheel and a frozen bundle."""
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
                 if "__file__" in p.read_text(encoding="utf-8")]
    assert offenders == []

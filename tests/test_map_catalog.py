"""The map catalogue and `narby maps` (issue 17): shipped maps, the user's maps folder,
broken maps listed with their problems, and every size the checker allows playable."""

import json
import shutil
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.balance import cli as balance_cli
from game.cli import main
from game.maps import catalog
from game.maps import commands as cmds
from game.maps.loader import load_board
from game.players import RandomPlayer
from game.session import Session

HERE = Path(__file__).resolve().parent
SIZES = sorted((HERE / "maps" / "sizes").glob("*.tmx"))


def user_maps(tmp_path, *names: str) -> Path:
    """A data folder whose maps/ holds copies of test maps (with the test tileset)."""
    folder = tmp_path / "data" / "maps"
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(HERE / "maps" / name, folder / Path(name).name)
    shutil.copy(HERE / "maps" / "tiles.tsx", folder.parent / "tiles.tsx")
    shutil.copy(HERE / "maps" / "tiles.png", folder.parent / "tiles.png")
    return tmp_path / "data"


def test_shipped_maps_dir_holds_the_shipped_maps():
    names = {p.name for p in catalog.shipped_maps_dir().glob("*.tmx")}
    assert {"narby-vale.tmx", "hearth-hollow.tmx", "riverfell.tmx"} <= names
    assert catalog.shipped_tileset().is_file()


def test_scan_lists_shipped_then_user_maps_and_creates_the_folder(tmp_path):
    data = tmp_path / "fresh"
    entries = catalog.scan(data)
    assert (data / "maps").is_dir()  # created on first use, so a player can find it
    assert entries[0].path.name == "narby-vale.tmx" and entries[0].ok
    assert all(e.origin == "shipped" for e in entries)
    data = user_maps(tmp_path, "good/csv.tmx", "bad/off-map.tmx")
    entries = catalog.scan(data)
    user = [e for e in entries if e.origin == "user"]
    assert [e.path.name for e in user] == ["csv.tmx", "off-map.tmx"]
    good, bad = user
    assert good.ok and good.size_text == "10x10" and good.dragons_text == "2-3 dragons"
    assert not bad.ok and bad.title == "Test Meadow" and bad.size_text == "10x10"
    assert "off the 10x10 map" in bad.first_problem and "move it inside" in bad.first_problem


def test_the_user_folder_lists_maps_in_subfolders_and_in_any_case(tmp_path):
    """What `narby check-map FOLDER` checks, the picker lists: a map kept in a folder of
    its own (with its tilesets) and a .TMX were checked OK but never offered."""
    data = user_maps(tmp_path)
    maps = data / "maps"
    shutil.copy(HERE / "maps" / "good" / "csv.tmx", maps / "UPPER.TMX")
    (maps / "pack").mkdir()
    shutil.copy(HERE / "maps" / "good" / "csv.tmx", maps / "pack" / "in-pack.tmx")
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(HERE / "maps" / f, maps / f)
    (maps / ".git").mkdir()
    shutil.copy(HERE / "maps" / "good" / "csv.tmx", maps / ".git" / "hidden.tmx")
    user = [e for e in catalog.scan(data) if e.origin == "user"]
    assert sorted(e.path.relative_to(maps).as_posix() for e in user) == [
        "UPPER.TMX", "pack/in-pack.tmx"]
    assert all(e.ok for e in user), [e.first_problem for e in user]
    before = catalog.stamp(data)
    (maps / "pack" / "tiles.tsx").write_text("")  # a tileset saved beside it
    assert catalog.stamp(data) != before
    # the shipped folder's own subfolders (the starter map, earlier releases') are not
    assert not any("archive" in e.path.parts or "starter" in e.path.parts
                   for e in catalog.scan(data))


def test_stamp_changes_when_a_map_is_saved(tmp_path):
    data = user_maps(tmp_path, "good/csv.tmx")
    before = catalog.stamp(data)
    path = data / "maps" / "csv.tmx"
    path.write_text(path.read_text().replace("Test Meadow", "Test Meadows"))
    assert catalog.stamp(data) != before
    assert [e.title for e in catalog.scan(data) if e.origin == "user"] == ["Test Meadows"]


def test_a_map_copied_away_from_maps_is_told_where_the_tileset_is(tmp_path):
    copy = tmp_path / "elsewhere" / "vale.tmx"
    copy.parent.mkdir()
    shutil.copy(catalog.shipped_maps_dir() / "narby-vale.tmx", copy)
    e = catalog.entry(copy)
    assert not e.ok and len(e.problems) == 1
    fix = e.problems[0].fix
    assert str(catalog.shipped_tileset()) in fix and "Replace Tileset" in fix
    rel = fix.split('to "')[1].split('"')[0]
    text = copy.read_text().replace("../assets/tiles/terrain.tsx", rel)
    copy.write_text(text)  # doing what the fix says makes it load
    assert catalog.entry(copy).ok


def test_narby_maps_text_and_json(tmp_path, capsys):
    data = user_maps(tmp_path, "good/csv.tmx", "bad/on-blocked.tmx")
    assert main(["maps", "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    assert f"your maps:    {data / 'maps'}" in out
    assert "Narby Vale" in out and "20x20" in out and "2-8 dragons" in out
    assert "BROKEN (2 problems): object 4 'Sunken' in layer 'setup': cell (9, 9) is blocked" in out
    assert main(["maps", "--data-dir", str(data), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["user_dir"] == str(data / "maps")
    by_name = {Path(m["path"]).name: m for m in doc["maps"]}
    assert by_name["narby-vale.tmx"]["origin"] == "shipped" and by_name["narby-vale.tmx"]["ok"]
    bad = by_name["on-blocked.tmx"]
    assert bad["origin"] == "user" and not bad["ok"] and len(bad["problems"]) == 2
    assert bad["problems"][0]["where"] == "object 4 'Sunken' in layer 'setup'"
    assert (bad["width"], bad["height"], bad["min_players"], bad["max_players"]) == (10, 10, 2, 3)


def test_narby_maps_refuses_unknown_flags(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["maps", "--colour"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--colour" in err


@pytest.mark.parametrize("path", SIZES, ids=lambda p: p.stem)
def test_every_size_plays_a_whole_game_headless(path):
    board = load_board(path)
    seats = [{"dragon": None, "player": "random"}] * min(4, board.max_players)
    session = Session.new(seats, seed=7, map_path=str(path), options={"round_cap": 12})
    match, player = session.match, RandomPlayer(7)
    while not match.finished:
        session.submit(player.choose(match))
    assert match.round >= 1
    for dragon in match.seat_names:
        cells = match.snapshot()["dragons"][dragon]["at"]
        assert 0 <= cells[0] < board.width and 0 <= cells[1] < board.height


# -- Tiled knows the game: the starter map and the project's commands -------------------
def test_starter_map_is_blank_16x16_with_the_layers_ready_and_passes_the_checker(capsys):
    path = catalog.shipped_maps_dir() / "starter" / "blank-16x16.tmx"
    spec = load_board(path)
    assert (spec.width, spec.height, spec.pieces, spec.blocked) == (16, 16, (), frozenset())
    root = ET.parse(path).getroot()
    assert [el.get("name") for el in root if el.tag in ("layer", "objectgroup")] == [
        "ground", "setup"]
    source = root.find("tileset").get("source")
    assert (path.parent / source).resolve() == catalog.shipped_tileset().resolve()
    props = {p.get("name") for p in root.find("properties")}
    assert {"title", "description", "min_players", "max_players"} <= props
    assert main(["check-map", str(path)]) == 0
    # not offered by the picker: it is a template, not a map to play
    assert path not in [e.path for e in catalog.scan(None)]


def test_tiled_project_commands_run_narby_on_the_current_map(monkeypatch, tmp_path):
    project = json.loads((catalog.shipped_maps_dir() / "narby.tiled-project").read_text())
    commands = {c["name"]: c for c in project["commands"]}
    assert {"Preview in Narby Conquest", "Play in Narby Conquest"} <= set(commands)
    for c in commands.values():
        assert c["command"] == "narby" and "%mapfile" in c["arguments"]
        assert c["enabled"] and c["saveBeforeExecute"]
    ran = {}

    monkeypatch.setattr(cmds, "preview_main", lambda argv: ran.setdefault("preview", argv)
                        and 0)
    monkeypatch.setattr(cmds, "play_main", lambda argv: ran.setdefault("play", argv) and 0)
    monkeypatch.setattr(balance_cli, "main", lambda argv: ran.setdefault("balance", argv)
                        and 0)
    path = str(catalog.shipped_maps_dir() / "hearth-hollow.tmx")
    for c in commands.values():  # what Tiled runs, %mapfile replaced by the map's path
        assert main(c["arguments"].replace("%mapfile", path).split()) == 0
    assert ran == {"preview": [path], "play": ["--map", path],
                   "balance": [path, "--games", "100"]}

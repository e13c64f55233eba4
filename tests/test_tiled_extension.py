"""The Tiled extension (maps/extensions/narby-check.js) that lists the checker's problems
in Tiled's Issues view, and `narby check-map --json`, which it reads (issue 35).

Run inside real Tiled (Debian's 1.8.2, headless) when it is installed: a harness
extension (tests/tiled/issues_harness.js) calls the extension's check during an export,
since Tiled 1.8 cannot evaluate a script from the command line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps.check_cli import main as check_main

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "tests" / "maps"
EXTENSION = ROOT / "maps" / "extensions" / "narby-check.js"
TILED = shutil.which("tiled")


def test_the_project_loads_the_extension_folder():
    project = json.loads((ROOT / "maps" / "narby.tiled-project").read_text())
    assert (ROOT / "maps" / project["extensionsPath"] / EXTENSION.name).is_file()


def test_check_map_json_says_what_each_problem_is_about(capsys):
    path = MAPS / "bad" / "on-blocked.tmx"
    assert check_main(["--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    first = report["files"][0]
    assert first["file"] == str(path) and not first["ok"]
    assert first["problems"][0] | {"text": ""} == {
        "where": "object 4 'Sunken' in layer 'setup'",
        "what": "cell (9, 9) is blocked (shallow_water)",
        "fix": "move it to open ground or change the tile under it", "text": "",
        "object": 4, "layer": "setup", "cell": [9, 9]}


def test_check_map_json_of_a_good_map_has_its_summary_and_notes(capsys):
    assert check_main(["--json", str(MAPS / "good" / "csv.tmx")]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert entry["ok"] and entry["summary"].startswith("Test Meadow: 10x10")
    assert entry["notes"][0]["layer"] == "setup" and entry["problems"] == []


def run_in_tiled(tmp_path: Path, tmx: Path, *, narby: bool = True,
                 kind: str = "narbyissues") -> list[list[str]]:
    config = tmp_path / "cfg"
    extensions = config / "tiled" / "extensions"
    extensions.mkdir(parents=True)
    shutil.copy(EXTENSION, extensions / EXTENSION.name)
    shutil.copy(ROOT / "tests" / "tiled" / "issues_harness.js", extensions / "zz-harness.js")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    path = "/usr/bin:/bin"
    if narby:  # `narby` on Tiled's PATH, as the project's commands need it
        shim = bin_dir / "narby"
        shim.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m game.cli '
                        '"$@"\n')
        shim.chmod(0o755)
        path = f"{bin_dir}:{path}"
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(config),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_RUNTIME_DIR=str(runtime), PATH=path)
    out = tmx.with_suffix(f".{kind}")
    assert TILED is not None
    done = subprocess.run([TILED, "--export-map", kind, str(tmx), str(out)],
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and out.exists(), done.stderr
    return [line.split("\t") for line in out.read_text().splitlines() if line]


needs_tiled = pytest.mark.skipif(TILED is None, reason="Tiled is not installed: run "
                                 "tools/ci_install_tiled.sh (or apt-get install tiled)")


@needs_tiled
def test_in_tiled_each_problem_is_an_error_that_selects_its_object(tmp_path):
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    (tmp_path / "bad").mkdir()
    tmx = tmp_path / "bad" / "on-blocked.tmx"
    shutil.copy(MAPS / "bad" / "on-blocked.tmx", tmx)
    issues = run_in_tiled(tmp_path, tmx)
    assert issues == [
        ["error", "Narby Conquest: object 4 'Sunken' in layer 'setup': cell (9, 9) is blocked "
         "(shallow_water) — move it to open ground or change the tile under it",
         "selects object 4 on layer 'setup'"],
        ["error", "Narby Conquest: object 5 in layer 'setup': cell (0, 9) is blocked "
         "(mountain) — move it to open ground or change the tile under it",
         "selects object 5 on layer 'setup'"],
        ["log", "Narby Conquest: on-blocked.tmx: 2 problems", ""]]


@needs_tiled
def test_in_tiled_saving_a_map_in_any_format_the_game_reads_checks_it(tmp_path):
    """The extension's save handler checks TMX and Tiled's JSON maps (.tmj, .json), in
    any letter case, and nothing else (tilesets, templates, other files)."""
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    (tmp_path / "good").mkdir()
    tmx = tmp_path / "good" / "csv.tmx"
    shutil.copy(MAPS / "good" / "csv.tmx", tmx)
    asked = run_in_tiled(tmp_path, tmx, kind="narbygate")
    assert [line[0] for line in asked] == ["/maps/m.tmx", "/maps/m.tmj", "/maps/m.json",
                                           "/maps/M.TMJ"]


@needs_tiled
def test_in_tiled_notes_are_warnings_and_a_missing_narby_is_one_warning(tmp_path):
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    (tmp_path / "good").mkdir()
    tmx = tmp_path / "good" / "csv.tmx"
    shutil.copy(MAPS / "good" / "csv.tmx", tmx)
    issues = run_in_tiled(tmp_path, tmx)
    assert [i[0] for i in issues] == ["warn", "log"]
    assert issues[0][2] == "selects layer 'setup', shows LayerProperties"
    (other := tmp_path / "again").mkdir()
    issues = run_in_tiled(other, tmx, narby=False)
    assert issues == [["warn", "Narby Conquest: could not run 'narby' to check the map (is "
                       "it on Tiled's PATH?)", ""]]


# A map as an author might save it: a misspelled map property, pieces on a misnamed
# layer, a misspelled type, and the empty cells Resize Map leaves.
SLIPS = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" \
width="10" height="10" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" \
nextobjectid="4">
 <properties>
  <property name="title" value="Slips"/>
  <property name="max_player" type="int" value="3"/>
 </properties>
 <tileset firstgid="1" source="../tiles.tsx"/>
 <layer id="1" name="ground" width="10" height="10">
  <data encoding="csv">
""" + "1,1,1,1,1,1,1,1,1,1,\n" * 9 + """1,1,1,1,1,1,1,1,0,0
</data>
 </layer>
 <objectgroup id="2" name="pieces">
  <object id="1" name="Oakby" type="town" x="32" y="32" width="32" height="32"/>
 </objectgroup>
 <objectgroup id="3" name="setup">
  <object id="3" name="Mystery" type="citty" x="96" y="96" width="32" height="32"/>
 </objectgroup>
</map>
"""


@needs_tiled
def test_in_tiled_activating_an_issue_selects_what_it_is_about(tmp_path):
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    (tmp_path / "bad").mkdir()
    tmx = tmp_path / "bad" / "slips.tmx"
    tmx.write_text(SLIPS)
    issues = [(kind, text.split(" — ")[0], found)
              for kind, text, found in run_in_tiled(tmp_path, tmx)]
    assert issues == [
        ("error", "Narby Conquest: map property 'max_player': is not one the game reads",
         "selects no layer, shows MapProperties"),
        ("error", "Narby Conquest: map: has 2 empty cells that no visible tile layer paints "
         "(the first at (8, 9)), as Resize Map leaves them; they show as plain ground",
         "selects no layer, cell (8, 9), shows MapProperties"),
        ("error", "Narby Conquest: layer 'pieces': holds 1 town, which the game ignores: only "
         "the 'setup' layer places pieces", "selects layer 'pieces', shows LayerProperties"),
        ("error", "Narby Conquest: object 3 'Mystery' in layer 'setup': has unknown type "
         "'citty'", "selects object 3 on layer 'setup'"),
        ("error", "Narby Conquest: map: has 100 free cells; 8 dragons need at least 128 (16 "
         "per dragon + 0 under preplaced pieces)", "selects no layer, shows MapProperties"),
        ("log", "Narby Conquest: slips.tmx: 5 problems", "")]


def test_check_map_json_names_the_first_empty_cell(tmp_path, capsys):
    shutil.copy(MAPS / "tiles.tsx", tmp_path / "tiles.tsx")
    shutil.copy(MAPS / "tiles.png", tmp_path / "tiles.png")
    (tmp_path / "bad").mkdir()
    (tmx := tmp_path / "bad" / "slips.tmx").write_text(SLIPS)
    assert check_main(["--json", str(tmx)]) == 1
    (empty,) = [p for p in json.loads(capsys.readouterr().out)["files"][0]["problems"]
                if "empty cells" in p["what"]]
    assert (empty["object"], empty["layer"], empty["cell"]) == (None, None, [8, 9])

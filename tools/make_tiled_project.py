"""Write maps/narby.tiled-project and maps/objecttypes.xml from the loader's own lists.

    .venv/bin/python tools/make_tiled_project.py

The project gives map authors pick-lists instead of typing: the PlaceKind enum (the 14
places of power) for a place's `kind`, the SetupType enum (the object types), and an
object-types file so Tiled 1.8's object Type box offers town, city, ... with their
properties ready. Defaults are deliberately invalid ('' and -1): Tiled only saves a
property that differs from its type's default, and the game must see `kind`/`seat`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import argparse  # noqa: E402

from game.maps.loader import PLACE_NAMES, SETUP_TYPES  # noqa: E402

COLOURS = {"town": "#c8663c", "city": "#3c5a96", "ruin": "#8c8782",
           "place_of_power": "#8a4fc2", "chest": "#d2a02a", "cavern_spot": "#3a2e2e"}


def project() -> dict:
    return {
        "automappingRulesFile": "",
        "commands": commands(),
        "extensionsPath": "extensions",
        "folders": [".", "../assets/tiles"],
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": [
            {"id": 1, "name": "PlaceKind", "type": "enum", "storageType": "string",
             "values": list(PLACE_NAMES), "valuesAsFlags": False},
            {"id": 2, "name": "SetupType", "type": "enum", "storageType": "string",
             "values": list(SETUP_TYPES), "valuesAsFlags": False},
        ],
    }


def _command(name: str, arguments: str, shortcut: str) -> dict:
    """A Tiled project command (Tiled 1.8 `.tiled-project` "commands"): Tiled saves the
    map first, then runs `narby ARGUMENTS` with %mapfile replaced by the map's path."""
    return {"arguments": arguments, "command": "narby", "enabled": True, "name": name,
            "saveBeforeExecute": True, "shortcut": shortcut, "showOutput": True,
            "workingDirectory": "%mappath"}


def commands() -> list[dict]:
    """Preview (live: reloads on every save), Play, Check (the checker's text in
    Tiled's Debug Console) and Test balance (the balance lab, issue 37: 100 AI games,
    its report in balance-MAPNAME/ beside the map; needs the `balance` extra).
    `narby` must be on the PATH Tiled sees; docs/MAPS.md says how to give the full path
    instead."""
    return [_command("Preview in Narby Conquest", "preview %mapfile", "F5"),
            _command("Play in Narby Conquest", "play --map %mapfile", "F6"),
            _command("Check map (narby check-map)", "check-map %mapfile", ""),
            _command("Test balance (narby balance)", "balance %mapfile --games 100", "")]


def object_types() -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for kind in SETUP_TYPES:
        lines.append(f' <objecttype name="{kind}" color="{COLOURS[kind]}">')
        if kind == "place_of_power":
            lines.append('  <property name="kind" type="string" propertytype="PlaceKind" '
                         'default=""/>')
        if kind == "cavern_spot":
            lines.append('  <property name="seat" type="int" default="-1"/>')
        lines.append(" </objecttype>")
    return "\n".join([*lines, "</objecttypes>", ""])


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                            formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    maps = ROOT / "maps"
    (maps / "narby.tiled-project").write_text(json.dumps(project(), indent=4) + "\n")
    (maps / "objecttypes.xml").write_text(object_types())
    print("wrote maps/narby.tiled-project and maps/objecttypes.xml")


if __name__ == "__main__":
    main()

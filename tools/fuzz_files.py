"""Mutation fuzzer over the files players share: maps (TMX, and Tiled's JSON as
`tmj`), saves, replays and settings.

    python -m tools.fuzz_files --seconds 60            # all five kinds, a minute
    python -m tools.fuzz_files --kinds map,save --seed 7

Each round mutates a sound file (byte flips, cuts, splices of hostile snippets for maps;
type swaps, huge numbers, deep nesting, junk values for JSON) and loads it the way the
game does. A load must either succeed or fail with the loader's own error (one line
naming the file); anything else is a finding, printed with the seed to reproduce it.
The normal test suite runs the same checks for a few seconds (tests/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import base64
import copy
import json
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import zstandard

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.hostile (the crafted files) lives beside the game
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.maps.loader import MapError, check_map, read_vetted  # noqa: E402
from game.persistence import saves  # noqa: E402
from game.persistence.replay_file import ReplayError, load, play, start  # noqa: E402
from game.ui import settings, tiled_draw  # noqa: E402
from tests.hostile import good_session, sound_state, tmx, write_map  # noqa: E402

KINDS = ("map", "save", "replay", "settings", "tmj")

MAP_SNIPPETS = [
    '<tileset firstgid="1" name="x" tilewidth="32" tileheight="32"><image source="tiles.png" '
    'width="99999999" height="99999999"/></tileset>',
    '<tileset firstgid="1" source="../nowhere.tsx"/>', "<g>" * 60 + "</g>" * 60,
    '<layer width="10" height="10"><data encoding="base64" compression="zlib">eJzz'
    "</data></layer>", '<object type="town" x="-1e309" y="nan"/>',
    '<property name="max_players" type="int" value="99999999999999999999"/>',
    '<imagelayer><image source="tiles.png" width="-5"/></imagelayer>', "&amp;", "\u0000",
    # object templates: missing, not XML, a folder, the map itself, an absurd path
    '<object id="90" template="nowhere.tx" x="1" y="1"/>',
    '<object id="91" template="tiles.png" x="1" y="1"/>', '<object template="." x="0"/>',
    '<object id="92" template="fuzz.tmx" gid="3" x="1" y="1"/>',
    '<object template="' + "a/" * 600 + 'x.tx"/>',
    '<objectgroup name="deco"><object gid="2" x="1e308" y="-1e308" width="1e9" '
    'height="0.0001" rotation="nan"/></objectgroup>',
    '<tileset firstgid="0" tilecount="-7" spacing="-32" tilewidth="32" tileheight="32">'
    '<image source="tiles.png" width="128" height="32"/></tileset>',
    # zstd and Tiled's old XML tiles (game.maps.tile_data): a bomb, junk, odd gids
    '<layer width="12" height="12"><data encoding="base64" compression="zstd">'
    "KLUv/aQAWmICAAAAAAAAAAAAAAAA" + "</data></layer>",
    '<layer width="12" height="12"><data encoding="base64" compression="zstd">KLUv/QBYAQAA'
    "</data></layer>",
    '<layer width="12" height="12"><data>' + '<tile gid="3"/>' * 143
    + '<tile gid="4294967295"/></data></layer>',
    '<tile gid="-1"/>', '<tile gid="1e9"/>', "<tile/>" * 20, '<data><tile gid="2"/></data>',
]
JUNK_VALUES = [None, True, -1, 0, 10**30, -(10**12), 1e308, float("nan"), "x", "",
               "\udc80", "a\0b", "z" * 5000, [], {}, [[[[[[[[[[]]]]]]]]]], {"step": "junk"},
               [None] * 50, "red", "finished", [0] * 625]


def mutate_text(text: str, rng: random.Random) -> str:
    """A map's text with a few random edits."""
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(text) + 1)
        op = rng.randrange(5)
        if op == 0:
            text = text[:i] + rng.choice(MAP_SNIPPETS) + text[i:]
        elif op == 1:
            text = text[:i]
        elif op == 2:
            j = min(len(text), i + rng.randint(1, 40))
            text = text[:i] + text[j:]
        elif op == 3 and text:
            text = text[:i] + chr(rng.randrange(32, 0x2FF)) + text[i + 1:]
        else:
            odd = rng.choice([-1, 0, 10**9, "x", "inf", "nan", "1e300"])
            text = text.replace('"', f'"{odd}', 1)
    return text or "<"


def mutate_json(doc, rng: random.Random):
    """A JSON document with a few values replaced by hostile ones."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 4)):
        slots = list(_slots(doc))
        if not slots:
            return rng.choice(JUNK_VALUES)
        parent, key = rng.choice(slots)
        value = copy.deepcopy(rng.choice(JUNK_VALUES))
        if rng.random() < 0.2 and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] * rng.randint(2, 6)  # duplicates
        elif rng.random() < 0.15 and isinstance(parent, dict):
            del parent[key]
        else:
            parent[key] = value
    return doc


def _slots(doc, depth: int = 0):
    if depth > 12:
        return
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) \
        if isinstance(doc, list) else ()
    for k, v in items:
        yield doc, k
        if isinstance(v, (dict, list)):
            yield from _slots(v, depth + 1)


# ----- the sound files to start from ----------------------------------------------------
def sound_map() -> str:

    return tmx(12, 12, objects='<object id="1" type="town" x="32" y="32" width="32" '
                               'height="32"/>')


def layer_formats(text: str) -> tuple[str, ...]:
    """The map with its CSV layer as it is, in zstd and in Tiled's old XML tiles."""
    head, rest = text.split('<data encoding="csv">', 1)
    csv, tail = rest.split("</data>", 1)
    gids = [int(g) for g in csv.split(",")]
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    packed = base64.b64encode(zstandard.ZstdCompressor().compress(raw)).decode()
    return (text, f'{head}<data encoding="base64" compression="zstd">{packed}</data>{tail}',
            head + "<data>" + "".join(f'<tile gid="{g}"/>' for g in gids) + "</data>" + tail)


def sound_tmj() -> dict:
    """sound_map in Tiled's JSON map format (game.maps.tiled_json)."""
    return {"type": "map", "version": "1.8", "orientation": "orthogonal", "width": 12,
            "height": 12, "tilewidth": 32, "tileheight": 32, "infinite": False,
            "properties": [{"name": "max_players", "type": "int", "value": 2}],
            "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 32,
                          "tilecount": 4, "columns": 4, "image": "tiles.png",
                          "imagewidth": 128, "imageheight": 32,
                          "tiles": [{"id": 1, "properties": [
                              {"name": "blocked", "type": "bool", "value": True}]}]}],
            "layers": [{"type": "tilelayer", "id": 1, "name": "ground", "width": 12,
                        "height": 12, "opacity": 1, "visible": True, "data": [1] * 144},
                       {"type": "objectgroup", "id": 2, "name": "setup", "objects": [
                           {"id": 1, "type": "town", "x": 32, "y": 32, "width": 32,
                            "height": 32, "properties": [
                                {"name": "note", "type": "string", "value": "x"}]}]}]}


def sound_save(folder: Path) -> dict:

    session = good_session(seed=3, answers=8)
    doc = saves.save_document(session, "fuzz")
    session.close()
    return doc


def sound_replay() -> dict:

    return {"format": "narby-replay/1", "seed": 3, "map": None, "start": sound_state(),
            "decisions": [{"do": "end_turn"}]}


SOUND_SETTINGS = {"window": [1280, 720], "fullscreen": False, "ui_scale": 1.0,
                  "pace": "normal", "palette": "normal", "hotseat_handover": True,
                  "show_log": True}


# ----- one check per kind: returns None, or a finding --------------------------------------
def check_map_text(text: str, folder: Path, name: str = "fuzz.tmx") -> str | None:

    path = write_map(folder, name, text)
    try:
        for problem in check_map(path):
            if "\n" in str(problem) or "bug in the map checker" in str(problem):
                return f"map problem: {str(problem)[:300]}"
    except Exception as exc:
        return f"map: {type(exc).__name__}: {str(exc)[:200]}"
    try:  # the board draws whatever the safe reader lets through (game.ui.tiled_draw)
        tiled_draw.render_map(path, max_bytes=1 << 20)
        tiled_draw.covered_cells(path, read_vetted(path))
    except MapError:
        pass
    except Exception as exc:
        return f"drawing: {type(exc).__name__}: {str(exc)[:200]}"
    return None


def _write_json(path: Path, doc) -> None:
    try:
        path.write_text(json.dumps(doc), encoding="utf-8", errors="surrogatepass")
    except (ValueError, RecursionError):
        path.write_text("[", encoding="utf-8")


def check_save_doc(doc, folder: Path) -> str | None:

    path = folder / "fuzz-save.json"
    _write_json(path, doc)
    saves._checked.clear()
    try:
        saves.load_save(path).close()
    except saves.SaveError as exc:
        if "\n" in str(exc) or "cannot be loaded (" in str(exc):
            return f"save: {str(exc)[:300]}"  # the last-resort net caught a real bug
    except Exception as exc:
        return f"save: {type(exc).__name__}: {str(exc)[:200]}"
    try:
        saves.list_saves(folder)
    except Exception as exc:
        return f"listing: {type(exc).__name__}: {str(exc)[:200]}"
    return None


def check_replay_doc(doc, folder: Path) -> str | None:

    path = folder / "fuzz-replay.json"
    _write_json(path, doc)
    match = None
    try:
        loaded = load(path)
        match = start(loaded, str(path), folder)
        play(match, loaded.get("decisions", []), str(path))
        match.snapshot()
    except ReplayError as exc:
        if "\n" in str(exc):
            return f"replay message has several lines: {str(exc)[:300]}"
    except Exception as exc:
        return f"replay: {type(exc).__name__}: {str(exc)[:200]}"
    finally:
        if match is not None:
            match.close()
    return None


def check_settings_doc(doc, folder: Path) -> str | None:

    os.environ["NARBY_CONFIG_DIR"] = str(folder)
    _write_json(folder / settings.FILE_NAME, doc)
    try:
        s = settings.load()
        settings.Settings(**vars(s)).validated()
    except Exception as exc:
        return f"settings: {type(exc).__name__}: {str(exc)[:200]}"
    return None


def one_round(kind: str, rng: random.Random, folder: Path, bases: dict) -> str | None:
    if kind == "map":
        return check_map_text(mutate_text(rng.choice(bases["map"]), rng), folder)
    if kind == "save":
        return check_save_doc(mutate_json(bases["save"], rng), folder)
    if kind == "replay":
        return check_replay_doc(mutate_json(bases["replay"], rng), folder)
    if kind == "tmj":
        try:
            text = json.dumps(mutate_json(bases["tmj"], rng), allow_nan=True)
        except (ValueError, RecursionError):
            text = "{"
        return check_map_text(text.encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
                              folder, "fuzz.tmj")
    return check_settings_doc(mutate_json(SOUND_SETTINGS, rng), folder)


def bases(folder: Path) -> dict:
    return {"map": layer_formats(sound_map()), "save": sound_save(folder), "replay": sound_replay(),
            "tmj": sound_tmj()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.fuzz_files", description=__doc__.split(
        "\n\n")[0])
    p.add_argument("--seconds", type=float, default=60, help="how long to run (default 60)")
    p.add_argument("--seed", type=int, default=None, help="first seed (default: random)")
    p.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated: {KINDS}")
    args = p.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    if not kinds or any(k not in KINDS for k in kinds):
        p.error(f"--kinds takes {', '.join(KINDS)}")
    logging.getLogger("game.ui.settings").setLevel(logging.ERROR)  # one line per round
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    findings = rounds = 0
    deadline = time.monotonic() + args.seconds
    with tempfile.TemporaryDirectory(prefix="narby-fuzz-") as tmp:
        folder = Path(tmp)
        base = bases(folder)
        while time.monotonic() < deadline:
            kind = kinds[rounds % len(kinds)]
            found = one_round(kind, random.Random(seed + rounds), folder, base)
            if found:
                findings += 1
                print(f"finding (kind {kind}, seed {seed + rounds}): {found}")
            rounds += 1
    print(f"{rounds} files tried from seed {seed}, {findings} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

"""Crafted hostile files for the loader tests and the fuzzer (issue 24). Big ones are
generated at run time into a temporary folder, never kept in the repository."""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path

from game.match import Match
from game.players import RandomPlayer
from game.session import Session

HERE = Path(__file__).resolve().parent
TILES_PNG = HERE / "maps" / "tiles.png"


TWO_PLAYERS = '<property name="max_players" type="int" value="2"/>'


def tmx(width: int = 10, height: int = 10, *, tileset: str | None = None,
        data: str | None = None, props: str = TWO_PLAYERS, objects: str = "",
        extra: str = "") -> str:
    """A small Tiled map: an embedded 4-tile tileset (tile 2 blocked) unless `tileset` is
    given, one CSV layer (all grass unless `data`)."""
    if tileset is None:
        tileset = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" '
                   'columns="4"><image source="tiles.png" width="128" height="32"/>'
                   '<tile id="1"><properties><property name="blocked" type="bool" value="true"/>'
                   '</properties></tile></tileset>')
    if data is None:
        data = ",".join(["1"] * (width * height))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
            f'width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0">'
            f'<properties>{props}</properties>{tileset}'
            f'<layer id="1" name="ground" width="{width}" height="{height}">'
            f'<data encoding="csv">{data}</data></layer>'
            f'<objectgroup id="2" name="setup">{objects}</objectgroup>{extra}</map>\n')


def write_map(folder: Path, name: str, text: str, png: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if png and not (folder / "tiles.png").exists():
        shutil.copy(TILES_PNG, folder / "tiles.png")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def deep_map(depth: int = 280_000) -> str:
    """~280,000 nested elements (1.9 MB): crashed deepcopy with SIGSEGV (issue 24.1)."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map width="10" height="10" '
            'tilewidth="32" tileheight="32">' + "<g>" * depth + "</g>" * depth + "</map>\n")


def wide_map(count: int = 150_000) -> str:
    return ('<?xml version="1.0"?>\n<map width="10" height="10" tilewidth="32" tileheight="32">'
            + "<g/>" * count + "</map>\n")


def huge_image_map() -> str:
    """A 739-byte map whose tileset declares a 3,200,000 x 3,200,000 image (issue 24.2)."""
    ts = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32">'
          '<image source="tiles.png" width="3200000" height="3200000"/></tileset>')
    return tmx(tileset=ts)


def checkerboard_map(side: int = 12) -> str:
    """Enough free cells in total, but no free 2x2 anywhere: setup cannot place a dragon."""
    data = ",".join("2" if (r % 2 and c % 2) else "1" for r in range(side) for c in range(side))
    return tmx(side, side, data=data)


# ----- saves and replays ---------------------------------------------------------------
def good_session(seed: int = 5, answers: int = 12):

    s = Session.new([{"dragon": "red"}, {"dragon": "blue"}, {}], seed=seed)
    player = RandomPlayer(seed)
    for _ in range(answers):
        s.submit(player.choose(s.match))
    return s


def sound_state(seed: int = 4) -> dict:

    m = Match(["red", "blue", "gold"], seed=seed)
    doc = m.snapshot()
    m.close()
    return doc


def _replay_with_start(start) -> dict:
    return {"format": "narby-replay/1", "seed": 1, "map": None, "start": start,
            "decisions": []}


def bad_save_docs() -> dict[str, object]:
    """name -> JSON document of a crafted save or replay that must be refused."""

    ok = sound_state()

    def spoiled(fn):
        doc = copy.deepcopy(ok)
        fn(doc)
        return _replay_with_start(doc)

    def zero_dice(d):
        d["dice"]["rng"][1] = [0] * 624 + [624]

    docs: dict[str, object] = {
        "treasure-x": spoiled(lambda d: d["dragons"]["red"].update(treasure=["x"])),
        "treasure-huge": spoiled(lambda d: d["dragons"]["red"].update(treasure=[10**30])),
        "junk-stack": spoiled(lambda d: d.update(stack=[{"step": "action", "dragon": 7}])),
        # issue 29.6: a bare act frame under the action decision, a counter past the seats,
        # a stack 200 rounds deep (game.flow_checks)
        "bare-act": spoiled(lambda d: d["stack"].insert(-1, {"step": "act"})),
        "turn-past-seats": spoiled(lambda d: d["stack"][-2].update(i=9)),
        "deep-stack": spoiled(lambda d: d.update(stack=d["stack"][:1] + [
            {"step": "tribute_phase"}, {"step": "turns", "i": 1}] * 100 + d["stack"][-1:])),
        "zero-dice": spoiled(zero_dice),
        "rings-1e12": spoiled(lambda d: d["dragons"]["red"].update(rings_in_supply=10**12)),
        "winner-unfinished": spoiled(lambda d: d.update(winner="red")),
        "round-string": spoiled(lambda d: d.update(round="7")),
        "dup-order": spoiled(lambda d: d.update(order=["red", "red"])),
        "v1-null-state": {"format": "narby-save/1", "name": "v1",
                          "replay": _replay_with_start(None) | {"seats": "x"}},
        "v2-junk": {"format": "narby-save/2", "meta": {"name": 5}, "replay": [], "state": 3},
        "map-number": {"format": "narby-replay/1", "map": 5, "seats": [{}, {}]},
        "options-string": {"format": "narby-replay/1", "options": "x", "seats": [{}, {}]},
        "seed-list": {"format": "narby-replay/1", "seed": [1], "seats": [{}, {}]},
        "map-nul": {"format": "narby-replay/1", "map": "a\0b.tmx", "seats": [{}, {}]},
        "map-long": {"format": "narby-replay/1", "map": "m" * 1000, "seats": [{}, {}]},
        "unknown-dragon": spoiled(lambda d: d["dragons"].update({"q" * 100_000: {}})),
        "list": [1, 2, 3],
    }
    deep: object = []
    for _ in range(5000):
        deep = [deep]
    docs["deep"] = deep
    return docs


def write_bad_saves(folder: Path) -> list[Path]:
    """Every crafted save into `folder` (plus a FIFO and a map bomb a save names)."""

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, doc in bad_save_docs().items():
        path = folder / f"bad-{name}.json"
        try:
            path.write_text(json.dumps(doc), encoding="utf-8")
        except RecursionError:  # pragma: no cover - json.dumps of the deep list
            path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
        paths.append(path)
    bomb = write_map(folder, "deep.tmx", deep_map())
    path = folder / "bad-map-bomb.json"
    path.write_text(json.dumps({"format": "narby-replay/1", "map": bomb.name,
                                "seats": [{}, {}]}), encoding="utf-8")
    paths.append(path)
    huge = write_map(folder, "huge.tmx", huge_image_map())
    path = folder / "bad-map-image.json"
    path.write_text(json.dumps({"format": "narby-replay/1", "map": huge.name,
                                "seats": [{}, {}]}), encoding="utf-8")
    paths.append(path)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "bad-fifo.json")
        paths.append(folder / "bad-fifo.json")
    return paths

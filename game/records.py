"""Records across games (issue 36): wins, losses and best score per AI level and map.

The file is `records.json` in the data folder (docs/FORMATS.md):

    {"format": "narby-records/1",
     "levels": {"normal": {"streak": 2,
                           "maps": {"Narby Vale": {"wins": 3, "losses": 1, "best": 57}}}}}

A finished game with a human seat and at least one AI seat counts once, against the
strongest AI level at the table: won when a human seat is among the winners (a shared
win counts), and its score is the best human seat's final score (coins + treasure).
`streak` is the run of wins in a row against that level, on any map; after
STREAK_TO_MOVE_UP of them the end screen suggests the next level.

Reading never raises: a missing file is no records yet; an unreadable one, or one with
an entry that had to be left out or mended (a count that is not a number, a map name no
screen can show), is set aside (records.json.unreadable) before a new one is written,
so nothing is lost.

The lines a screen shows (the move-up suggestion, why the file was not read or saved)
are game.words.Words: their str is the English, `shown()` the player's language.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from game.persistence.files import set_aside_name, write_atomic
from game.persistence.json_file import read_json
from game.persistence.plain import clean_name
from game.tables import LEVEL_TITLES
from game.words import Words

FORMAT = "narby-records/1"
FILE = "records.json"
ORDER = tuple(LEVEL_TITLES)  # weakest to strongest
STREAK_TO_MOVE_UP = 3


def path(data_dir: str | os.PathLike) -> Path:
    return Path(data_dir) / FILE


def empty() -> dict:
    return {"format": FORMAT, "levels": {}}


class _Unreadable(ValueError):
    pass


def load(data_dir: str | os.PathLike) -> tuple[dict, str]:
    """(records, problem): the records, or empty ones and a one-line reason. Read as any
    file a player could have damaged (game.persistence.json_file): not text, nested
    without end, huge, a folder or a pipe is a reason, never an exception or a hang."""
    p = path(data_dir)
    try:
        if not p.exists() and not p.is_symlink():
            return empty(), ""
        doc = read_json(p, _Unreadable)
    except OSError as exc:  # a folder it may not search, a name too long for the system
        return empty(), Words("The records file could not be read ({reason}).",
                              reason=exc.strerror or "error")
    except _Unreadable as exc:
        words = exc.args[0] if exc.args else None
        if isinstance(words, Words) and words.msgid == "{path}: cannot be read ({why})":
            return empty(), Words("The records file could not be read ({reason}).",
                                  reason=words.values.get("why") or "error")
        return empty(), Words("The records file is damaged; new records start from here.")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return empty(), Words("The records file is from another version; new records start "
                              "here.")
    records = _clean(doc)
    if records["levels"] != doc.get("levels"):  # an entry left out or mended: keep the file
        return records, Words("Some records were damaged and are left out; the file is kept "
                              "beside the new one.")
    return records, ""


def _count(x: Any) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) and x >= 0 else 0


def _clean(doc: dict) -> dict:
    """Only well-formed entries of the known levels (a hand-edited file cannot crash us)."""
    out = empty()
    levels = doc.get("levels")
    if not isinstance(levels, dict):
        return out
    for level in ORDER:
        entry = levels.get(level)
        if not isinstance(entry, dict):
            continue
        maps = {}
        raw = entry.get("maps")
        for name, m in (raw.items() if isinstance(raw, dict) else ()):
            if isinstance(name, str) and isinstance(m, dict):
                best = m.get("best")
                maps[clean_name(name, 200)] = {
                    "wins": _count(m.get("wins")), "losses": _count(m.get("losses")),
                    "best": best if isinstance(best, int) and not isinstance(best, bool)
                    else None}
        out["levels"][level] = {"streak": _count(entry.get("streak")), "maps": maps}
    return out


def strongest(levels) -> str | None:
    """The strongest AI level among `levels` (None when there is no AI level)."""
    known = [lv for lv in levels if lv in ORDER]
    return max(known, key=ORDER.index) if known else None


def add_game(records: dict, level: str, map_name: str, won: bool, score: int) -> dict:
    """Count one game against `level` on `map_name` (in place; returns the records)."""
    entry = records["levels"].setdefault(level, {"streak": 0, "maps": {}})
    m = entry["maps"].setdefault(map_name, {"wins": 0, "losses": 0, "best": None})
    m["wins" if won else "losses"] += 1
    m["best"] = score if m["best"] is None else max(m["best"], score)
    entry["streak"] = entry["streak"] + 1 if won else 0
    return records


def suggestion(records: dict, level: str) -> str:
    """A line suggesting the next level after a run of wins against `level` (Words), or
    ""."""
    streak = records["levels"].get(level, {}).get("streak", 0)
    if streak < STREAK_TO_MOVE_UP or level not in ORDER or level == ORDER[-1]:
        return ""
    up = ORDER[ORDER.index(level) + 1]
    return Words.n_("{n} win in a row against {level}: try {up} dragons next time.",
                    "{n} wins in a row against {level}: try {up} dragons next time.", streak,
                    level=Words(LEVEL_TITLES[level]), up=Words(LEVEL_TITLES[up]))


def save(data_dir: str | os.PathLike, records: dict) -> None:
    """Write the records (atomically, through a private temp file); an old file that
    was not read whole is kept aside first."""
    p = path(data_dir)
    p.parent.mkdir(parents=True, exist_ok=True)
    if p.exists() and load(data_dir)[1]:
        os.replace(p, set_aside_name(p))
    write_atomic(p, json.dumps(records, indent=1, sort_keys=True).encode("utf-8"))


def record(data_dir: str | os.PathLike, *, humans: list[str], levels: dict[str, str],
           winners: list[str], scores: dict[str, int], map_name: str) -> tuple[str, str]:
    """Count a finished game (see the module doc) and write the file.
    `levels`: AI seat -> level. Returns (the level it counted against or "", the
    suggestion line or a one-line problem, or "")."""
    level = strongest(levels.values())
    if not humans or level is None:
        return "", ""
    records, _problem = load(data_dir)
    won = any(h in winners for h in humans)
    add_game(records, level, map_name, won, max(scores[h] for h in humans))
    try:
        save(data_dir, records)
    except OSError as exc:
        return level, Words("Records not saved ({reason}).", reason=exc.strerror or "error")
    return level, suggestion(records, level)


def rows(records: dict) -> list[tuple[str, str, int, int, int | None]]:
    """(level, map, wins, losses, best) for the Records screen, strongest level first."""
    out = []
    for level in reversed(ORDER):
        entry = records["levels"].get(level)
        if entry:
            for name in sorted(entry["maps"]):
                m = entry["maps"][name]
                out.append((level, name, m["wins"], m["losses"], m["best"]))
    return out

"""Replay / scenario files (FORMATS.md `narby-replay/1`): load, check, play."""

from __future__ import annotations

import json
from pathlib import Path

from game.board import BoardSpec
from game.decisions import IllegalAnswer
from game.dice import DiceScriptError
from game.maps.loader import MapError, load_board
from game.match import Match, SetupError
from game.persistence.json_file import read_json
from game.resources import find_map
from game.snapshot import StateError

FORMAT = "narby-replay/1"


class ReplayError(ValueError):
    """A replay that cannot be played; str() is one line naming the file and problem."""


def load(path: str | Path) -> dict:
    path = Path(path)
    doc = read_json(path, ReplayError, "replay file")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{path}: not a replay file (expected \"format\": \"{FORMAT}\")")
    return doc


def board_for(map_path: str | None, base: Path | None = None) -> BoardSpec:
    if map_path is None:
        return BoardSpec.plain()

    # as given, beside the file, then a shipped map ("maps/narby-vale.tmx" in a save)
    path = find_map(map_path, base, saved=True)
    try:
        return load_board(str(path))
    except MapError as exc:
        raise ReplayError(str(exc)) from None


def start(doc: dict, where: str = "replay", base: Path | None = None) -> Match:
    """The match a replay document begins with (fresh setup or its `start` state)."""
    seed = doc.get("seed", 0)
    dice = doc.get("dice")
    if dice is not None and not isinstance(dice, list):
        raise ReplayError(f"{where}: 'dice' must be a list of die faces")
    try:
        board = board_for(doc.get("map"), base)
        if doc.get("start") is not None:
            return Match.restore(doc["start"], board=board, seed=seed, dice=dice)
        seats = doc.get("seats")
        if not isinstance(seats, list):
            raise ReplayError(f"{where}: 'seats' must be a list of seats, "
                              "e.g. [{\"dragon\": \"red\"}, {}]")
        names = [(s or {}).get("dragon") if isinstance(s, dict) or s is None else s
                 for s in seats]
        return Match(names, seed=seed, board=board, options=doc.get("options"), dice=dice)
    except (SetupError, StateError, DiceScriptError) as exc:
        raise ReplayError(f"{where}: {exc}") from None


def play(match: Match, decisions, where: str = "replay") -> None:
    """Answer `decisions` in order; the first illegal one raises ReplayError naming its
    index (0-based) and why."""
    if not isinstance(decisions, list):
        raise ReplayError(f"{where}: 'decisions' must be a list of answers")
    for i, answer in enumerate(decisions):
        if match.finished:
            raise ReplayError(f"{where}: decision {i}: the game is already over")
        try:
            match.submit(answer)
        except IllegalAnswer as exc:
            who = match.pending.dragon.capitalize()
            raise ReplayError(f"{where}: decision {i} ({who}, {json.dumps(answer)}) is illegal: "
                              f"{exc}") from None
        except DiceScriptError as exc:
            raise ReplayError(f"{where}: decision {i}: {exc}") from None

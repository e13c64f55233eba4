"""Replay / scenario files (FORMATS.md `narby-replay/1`): load, check, play."""

from __future__ import annotations

import json
from pathlib import Path

from game import resources
from game.board import BoardSpec
from game.decisions import IllegalAnswer
from game.dice import GENERATORS, MT, SEED_LIMIT, DiceScriptError
from game.maps.loader import MapError, load_board
from game.match import Match, SetupError
from game.persistence.json_file import read_json
from game.snapshot import StateError
from game.state_checks import cut, short
from game.words import Words, words_of

FORMAT = "narby-replay/1"
MAX_DECISIONS = 20_000   # a 200-round game of 8 dragons is well under this
MAX_MAP_PATH = 1024      # characters in a map path inside a file
MAX_SEED = SEED_LIMIT     # |seed|: new games' seeds are 128 bits (game.dice.new_seed)


class ReplayError(ValueError):
    """A replay that cannot be played; str() is one line naming the file and problem."""


def load(path: str | Path) -> dict:
    path = Path(path)
    doc = read_json(path, ReplayError, "replay file")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{path}: not a replay file (expected \"format\": \"{FORMAT}\")")
    return doc


def map_file(map_path, base: Path | None = None, where: str = "replay") -> Path | None:
    """Where a file's `map` is: None for the open plain; a relative path is looked up
    beside the file, then in the game's own folder (a shipped map), never in the
    current folder, so a file opens the same wherever the game was started."""
    if map_path is None:
        return None
    if not isinstance(map_path, str) or not map_path.strip():
        raise ReplayError(f"{where}: 'map' must be the path of a .tmx map or null, not "
                          f"{short(map_path)}")
    if "\0" in map_path or len(map_path) > MAX_MAP_PATH:
        raise ReplayError(f"{where}: the map path {short(map_path)} is not a usable path "
                          f"(a NUL character, or over {MAX_MAP_PATH} characters)")
    path = Path(map_path)
    if path.is_absolute():
        return path
    try:
        if base is not None and (base / path).exists():
            return base / path
    except (OSError, ValueError):
        pass
    shipped = resources.shipped_map(map_path)  # "maps/narby-vale.tmx": the game's own copy
    if shipped is not None:
        return shipped
    return (base if base is not None else resources.maps_dir()) / path  # the loader says


def board_for(map_path, base: Path | None = None, where: str = "replay") -> BoardSpec:
    path = map_file(map_path, base, where)
    if path is None:
        return BoardSpec.plain()

    try:
        return load_board(str(path))
    except MapError as exc:
        first = str(exc.problems[0]) if exc.problems else "cannot be read"
        more = f" (and {len(exc.problems) - 1} more problem(s))" if len(exc.problems) > 1 else ""
        raise ReplayError(f"{where}: its map cannot be used: {cut(first, 300)}{more}") from None
    except (OSError, ValueError) as exc:
        why = ("the file cannot be opened" if isinstance(exc, OSError)
               else "it is not a map this version reads")
        raise ReplayError(f"{where}: its map {short(map_path)} cannot be read ({why})") from None


def start(doc: dict, where: str = "replay", base: Path | None = None) -> Match:
    """The match a replay document begins with (fresh setup or its `start` state)."""
    seed = doc.get("seed", 0)
    if not (isinstance(seed, int) and not isinstance(seed, bool) and -MAX_SEED < seed < MAX_SEED):
        raise ReplayError(f"{where}: 'seed' must be a whole number (of at most 256 bits), "
                          f"not {short(seed)}")
    rng = doc.get("rng", MT)  # absent: a 0.1.0 file, played with Mersenne Twister
    if rng not in GENERATORS:
        raise ReplayError(f"{where}: 'rng' must be one of {', '.join(GENERATORS)} (the "
                          f"dice generator), not {short(rng)}")
    dice = doc.get("dice")
    if dice is not None and not (isinstance(dice, list) and len(dice) <= MAX_DECISIONS * 10):
        raise ReplayError(f"{where}: 'dice' must be a list of die faces")
    options = doc.get("options")
    if options is not None and not isinstance(options, dict):
        raise ReplayError(f"{where}: 'options' must be an object like {{\"target\": 50}}, "
                          f"not {short(options)}")
    begin = doc.get("start")
    where_map = doc.get("map")
    if isinstance(begin, dict):
        if "map" not in doc and begin.get("map") is not None:
            # no `map` in the file: the state's own (a pasted snapshot); a `"map": null`
            # is the plain board (shared FORMATS), whatever the state says
            where_map = begin["map"]
        if options and isinstance(begin.get("options", {}), dict):
            # the start's options apply (FORMATS); those it leaves out, the file's
            begin = {**begin, "options": {**options, **(begin.get("options") or {})}}
    try:
        board = board_for(where_map, base, where)
        if begin is not None:
            return Match.restore(begin, board=board, seed=seed, dice=dice, rng=rng)
        seats = doc.get("seats")
        if not isinstance(seats, list):
            raise ReplayError(f"{where}: 'seats' must be a list of seats, "
                              "e.g. [{\"dragon\": \"red\"}, {}]")
        names = [(s or {}).get("dragon") if isinstance(s, dict) or s is None else s
                 for s in seats]
        if len(names) > 8 or not all(n is None or isinstance(n, str) for n in names):
            raise ReplayError(f"{where}: 'seats' must be 2 to 8 seats, each a dragon or {{}}")
        names = [n if n is None or len(n) <= 40 else n[:40] + "..." for n in names]
        return Match(names, seed=seed, board=board, options=options, dice=dice, rng=rng)
    except (SetupError, StateError, DiceScriptError) as exc:
        problem = words_of(exc)  # a setup refusal's Words: said in the player's language
        # TRANSLATORS: {where} is a file (or "new game"); {problem} what is wrong with it
        raise ReplayError(Words("{where}: {problem}", where=where, problem=problem)
                          if isinstance(problem, Words) and len(problem) <= 300
                          else f"{where}: {cut(str(exc), 300)}") from None


def play(match: Match, decisions, where: str = "replay") -> None:
    """Answer `decisions` in order; the first illegal one raises ReplayError naming its
    index (0-based) and why."""
    if not isinstance(decisions, list):
        raise ReplayError(f"{where}: 'decisions' must be a list of answers")
    if len(decisions) > MAX_DECISIONS:
        raise ReplayError(f"{where}: {len(decisions)} decisions, over the limit of "
                          f"{MAX_DECISIONS:,}")
    for i, answer in enumerate(decisions):
        if match.finished:
            raise ReplayError(f"{where}: decision {i}: the game is already over")
        try:
            match.submit(answer)
        except IllegalAnswer as exc:
            pending = match.pending  # the game is not over (checked above)
            who = pending.dragon.capitalize() if pending else "nobody"
            raise ReplayError(f"{where}: decision {i} ({who}, {cut(json.dumps(answer), 100)}) "
                              f"is illegal: {cut(str(exc), 200)}") from None
        except DiceScriptError as exc:
            raise ReplayError(f"{where}: decision {i}: {exc}") from None

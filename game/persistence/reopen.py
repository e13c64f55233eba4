"""Reopening a save's game when the game has changed since it was made (issue 31).

A save's history is replayed on the map it was made on (game.persistence.map_archive);
the result must equal its stored state. When a later release's rules make an older
release's history play differently, the save still opens, from its stored state (which
must pass game.state_checks like any restored state), with a one-line note for the
player:

    session = reopen(replay, stored, meta, path, differs)
    session.note   # "made by 0.1.0; its history before this point can't be replayed"

The stored state is used only for a save another release wrote (meta `app` names the
writing release): a save of this very release whose history does not give its state
was changed by hand or broken, and is refused as before, naming the first difference.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import game
from game.match import Match
from game.persistence import map_archive
from game.persistence.plain import message_of
from game.persistence.replay_file import ReplayError, board_for
from game.session import PLAYER_KINDS, Session
from game.snapshot import StateError
from game.state_checks import cut
from game.words import Words

APP_PREFIX = "narby-conquest "
NOTE = "made by {release}; its history before this point can't be replayed"


def writer_release(meta) -> str | None:
    """The release that wrote a save ("0.1.0"), from meta `app`; None when unknown."""
    app = meta.get("app") if isinstance(meta, dict) else None
    if not isinstance(app, str) or not app.startswith(APP_PREFIX):
        return None
    release = app[len(APP_PREFIX):].strip()
    return release[:40] or None


def reopen(replay: dict, stored, meta: dict, path: Path,
           differs: Callable[[dict, Session], str | None]) -> Session:
    """The save's game: its history replayed (on the map it was made on) and checked
    against `stored` by `differs` (None: the same), else, for another release's save,
    its stored state. Raises ReplayError with the first problem in one line."""
    writer = writer_release(meta)
    maps = map_archive.candidates(replay.get("map"), meta.get("map_digest"), writer)
    problem: str | None = None
    for map_name in maps:
        doc = replay if map_name == replay.get("map") else {**replay, "map": map_name}
        try:
            session = Session.from_replay(doc, base=path.parent, where=str(path))
        except ReplayError as exc:
            problem = problem or message_of(exc)
            continue
        difference = differs(stored, session) if stored is not None else None
        if difference is None:
            return session
        session.close()
        # TRANSLATORS: {difference} is where the state differs, as is ("dragons.red.coins:
        # saved 10, replayed 0")
        problem = problem or Words("{path}: the saved state does not match its history "
                                   "({difference})", path=path, difference=difference)
    assert problem is not None  # there is always one map to try
    if writer is None or writer == game.__version__ or not isinstance(stored, dict):
        raise ReplayError(problem)
    return _from_stored(replay, stored, maps[0], path, writer, problem)


def _from_stored(replay: dict, stored: dict, map_name, path: Path, writer: str,
                 problem: str) -> Session:
    """Another release's save whose history no longer gives its state: the game from
    its stored state, which the restore checks like any state from a file."""
    try:
        board = board_for(map_name, path.parent, str(path))
        seed = replay.get("seed", 0)
        match = Match.restore(stored, board=board, seed=seed if isinstance(seed, int) else 0)
    except (ReplayError, StateError, ValueError) as exc:
        # TRANSLATORS: {problem} is why its history does not give the game; {detail} as is
        raise ReplayError(Words("{problem}; its saved state cannot be used either ({detail})",
                                problem=problem, detail=cut(str(exc), 160))) from None
    seats = replay.get("seats")
    seats = seats if isinstance(seats, list) else []
    kinds = [kind if kind in PLAYER_KINDS else "human"
             for kind in ((s or {}).get("player", "human") if isinstance(s, dict) else "human"
                          for s in seats)]
    session = Session.from_match(match, players=kinds)
    session.where = str(path)
    session.note = NOTE.format(release=cut(writer, 40))
    return session

"""Crash safety: when something unexpected goes wrong, keep the game and say where.

    except Exception as exc:           # the window's top-level handler
        save_path, log_path = emergency_save(session, data_dir, exc)

The save is rebuilt from the session's history (only answers that finished), never
from the live match, which the error may have left half-changed. If even that replay
fails, the history alone is written as a narby-save/1 document, which loads through
the upgrader. Nothing here raises: if the data directory cannot be written, a
temporary folder is used; if nothing can be written at all, the path is None.
"""

from __future__ import annotations

import contextlib
import json
import platform
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path

from game.persistence import saves


def emergency_save(session, data_dir, exc: BaseException | None = None
                   ) -> tuple[Path | None, Path | None]:
    """Write a loadable save of `session` (may be None) and a log with the traceback of
    `exc`. Returns (save_path, log_path); either is None only if nothing could be
    written anywhere."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    notes: list[str] = []
    save_path = None
    # A joining window's stand-in (no history, no dice: the host keeps the game) or a
    # history lost altogether gives no save at all, never a shell Continue cannot open.
    doc = _save_doc(session, notes) if _keeps_a_game(session) else None
    if doc is not None:
        save_path = _write_somewhere(data_dir, "saves", f"emergency-{stamp}.json",
                                     lambda p: saves.write_json_atomic(p, doc), notes)
    log_text = _log_text(session, exc, save_path, notes)
    log_path = _write_somewhere(data_dir, "logs", f"crash-{stamp}.log",
                                lambda p: _write_text(p, log_text), notes)
    return save_path, log_path


def _keeps_a_game(session) -> bool:
    return session is not None and not getattr(session, "kept_by_host", False) and \
        callable(getattr(session, "replay_doc", None))


def _save_doc(session, notes: list[str]) -> dict | None:
    """A narby-save/2 of the history replayed afresh; else a narby-save/1 (history only)."""
    name = f"Emergency save: {session.name}" if getattr(session, "name", None) else \
        "Emergency save"
    replay = None
    try:
        replay = session.replay_doc()
        fresh = type(session).from_replay(replay, base=session.base, where="emergency save")
        fresh.name, fresh.created = name, getattr(session, "created", None)
        fresh.game_id = getattr(session, "game_id", None)
        try:
            return saves.save_document(fresh, name)
        finally:
            fresh.close()
    except Exception as err:  # the history itself will not replay: keep it anyway
        notes.append(f"the history did not replay ({type(err).__name__}: {err}); "
                     "saved as narby-save/1")
        replay = replay or _bare(session)
        if replay is None:
            notes.append("the history could not be read: nothing was saved")
            return None
        return {"format": "narby-save/1", "name": name, "replay": replay}


def _bare(session) -> dict | None:
    try:
        return {**session.origin, "decisions": [s.answer for s in session.steps]}
    except Exception:
        return None


def _write_somewhere(data_dir, sub: str, filename: str, write, notes: list[str]):
    """Try <data>/<sub>/, then the temp folder; never raises."""
    folders = []
    with contextlib.suppress(Exception):
        folders.append(Path(saves.data_dir(data_dir)) / sub)
    with contextlib.suppress(Exception):
        # the data folder's own spare folder: list_all looks there, so Continue finds it
        folders.append(saves.spare_dir(saves.data_dir(data_dir)) / sub)
    with contextlib.suppress(Exception):
        folders.append(Path(tempfile.gettempdir()) / "narby-conquest" / sub)
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / filename
            write(path)
            return path
        except Exception as err:
            notes.append(f"could not write {folder / filename}: {err}")
    return None


def _write_text(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()


def _log_text(session, exc, save_path, notes) -> str:
    lines = [f"Narby Conquest crash report, {datetime.now(UTC).isoformat(timespec='seconds')}",
             f"python {sys.version.split()[0]} on {platform.platform()}"]
    with contextlib.suppress(Exception):
        lines.append(f"app {saves._app()}")  # noqa: SLF001 (saves' own helper)
    lines.append(f"emergency save: {save_path}")
    if session is not None:
        with contextlib.suppress(Exception):
            m = session.match
            lines.append(f"game: round {m.round}, {len(session.steps)} answers, "
                         f"map {session.map_path}, seed {session.seed}")
            lines.append(f"last answers: {json.dumps(session.history[-5:])}")
    lines += [f"note: {n}" for n in notes]
    lines.append("")
    if exc is not None:
        lines += traceback.format_exception(type(exc), exc, exc.__traceback__)
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"

"""Reading a JSON file a player hands us (replay, scenario, save): every way it can be
broken becomes one error naming the file and the problem, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

MAX_FILE_BYTES = 50 * 1024 * 1024


def read_json(path: str | Path, error: type[Exception], kind: str = "file"):
    """The decoded JSON of `path`; raises `error(message)` naming the file otherwise.
    `kind` names what the file should be, e.g. "replay file"."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise error(f"{path}: file is larger than {MAX_FILE_BYTES // 2**20} MiB")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {kind}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file (corrupt?)") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror})") from None
    if not text.strip():
        raise error(f"{path}: the file is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            raise error(f"{path}: truncated: the JSON stops early (line {exc.lineno})") from None
        raise error(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise error(f"{path}: not valid JSON (nested too deeply)") from None

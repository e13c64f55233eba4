"""Reading a JSON file a player hands us (replay, scenario, save): every way it can be
broken becomes one error naming the file and the problem, never a traceback."""

from __future__ import annotations

import json
import stat
from pathlib import Path

MAX_FILE_BYTES = 16 * 1024 * 1024  # a 20,000-decision save is about 2 MiB
MAX_DEPTH = 64  # a save nests about 8 levels; deep nesting would only feed recursion


def read_json(path: str | Path, error: type[Exception], kind: str = "file"):
    """The decoded JSON of `path`; raises `error(message)` naming the file otherwise.
    `kind` names what the file should be, e.g. "replay file"."""
    path = Path(path)
    try:
        st = path.stat()
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{path}: not a regular file (a pipe or a device?)")
        if st.st_size > MAX_FILE_BYTES:
            raise error(f"{path}: file is larger than {MAX_FILE_BYTES // 2**20} MiB")
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise error(f"{path}: file is larger than {MAX_FILE_BYTES // 2**20} MiB")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {kind}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file (corrupt?)") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror})") from None
    except ValueError as exc:  # a NUL in the path, and the like
        if isinstance(exc, error):
            raise
        raise error(f"{str(path)[:200]!r}: not a usable file path") from None
    if not text.strip():
        raise error(f"{path}: the file is empty")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            raise error(f"{path}: truncated: the JSON stops early (line {exc.lineno})") from None
        raise error(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise error(f"{path}: not valid JSON (nested too deeply)") from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        raise error(f"{path}: not valid JSON ({str(exc)[:100]})") from None
    if too_deep(doc, MAX_DEPTH):
        raise error(f"{path}: nested more than {MAX_DEPTH} levels deep")
    return doc


def too_deep(value, limit: int) -> bool:
    """Is this JSON value nested deeper than `limit`? (iterative: no recursion)"""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict)
                                                  else item))
    return False

"""Reading a JSON file a player hands us (replay, scenario, save): every way it can be
broken becomes one error naming the file and the problem, never a traceback. The
message is game.words.Words: English as its text (the command line, logs), and the
player's language on a screen."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from game.i18n import N_
from game.persistence.files import FileTooLarge, NotRegularFile, read_regular
from game.words import Words

MAX_FILE_BYTES = 16 * 1024 * 1024  # a 20,000-decision save is about 2 MiB
MAX_DEPTH = 64  # a save nests about 8 levels; deep nesting would only feed recursion


# what a file should be, as "is a folder, not a {kind}" says it
KINDS = {"file": N_("file"), "save file": N_("save file"), "replay file": N_("replay file")}


def read_json(path: str | Path, error: type[Exception], kind: str = "file"):
    """The decoded JSON of `path`; raises `error(message)` naming the file otherwise.
    `kind` names what the file should be, e.g. "replay file"."""
    path = Path(path)
    try:
        if stat.S_ISDIR(path.stat().st_mode):  # (Windows cannot open a folder to see it)
            raise IsADirectoryError
        text = read_regular(path, MAX_FILE_BYTES).decode("utf-8-sig")  # a BOM is allowed
    except FileNotFoundError:
        raise error(Words("{path}: no such file", path=path)) from None
    except NotRegularFile:
        raise error(Words("{path}: not a regular file (a pipe or a device?)", path=path)) from None
    except FileTooLarge:
        raise error(Words("{path}: file is larger than {most} MiB", path=path,
                          most=MAX_FILE_BYTES // 2**20)) from None
    except IsADirectoryError:
        raise error(Words("{path}: is a folder, not a {kind}", path=path,
                          kind=Words(KINDS[kind]) if kind in KINDS else kind)) from None
    except UnicodeDecodeError:
        raise error(Words("{path}: not a text file (corrupt?)", path=path)) from None
    except OSError as exc:
        raise error(Words("{path}: cannot be read ({why})", path=path, why=exc.strerror)) from None
    except ValueError as exc:  # a NUL in the path, and the like
        if isinstance(exc, error):
            raise
        raise error(Words("{path}: not a usable file path", path=repr(str(path)[:200]))) from None
    if not text.strip():
        raise error(Words("{path}: the file is empty", path=path))
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            raise error(Words("{path}: truncated: the JSON stops early (line {line})",
                              path=path, line=exc.lineno)) from None
        raise error(Words("{path}: not valid JSON (line {line}: {detail})", path=path,
                          line=exc.lineno, detail=exc.msg)) from None
    except RecursionError:
        raise error(Words("{path}: not valid JSON (nested too deeply)", path=path)) from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        raise error(Words("{path}: not valid JSON ({detail})", path=path,
                          detail=str(exc)[:100])) from None
    if too_deep(doc, MAX_DEPTH):
        raise error(Words("{path}: nested more than {most} levels deep", path=path, most=MAX_DEPTH))
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

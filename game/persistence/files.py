"""Small files of the data folder and the ones a player names: read without ever
blocking or reading without bound, written whole or not at all.

A named pipe (FIFO) or a device where a file should be would block a plain `open` or
`read_bytes` forever, hanging the window; a huge file would fill memory. `read_regular`
refuses both with an OSError, so callers that already handle "cannot be read" need no
new case. `write_atomic` replaces the file by renaming a finished temp file over it,
which also replaces a pipe instead of blocking on it."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

TEMP_PREFIX = ".narby-tmp-"


class NotRegularFile(OSError):
    """A pipe, socket or device where a file should be (a folder: IsADirectoryError)."""

    def __init__(self, path):
        super().__init__(errno.EINVAL, "not a regular file (a pipe or a device?)", str(path))


class FileTooLarge(OSError):
    def __init__(self, path, most: int):
        super().__init__(errno.EFBIG, f"larger than {most:,} bytes", str(path))
        self.most = most


def read_regular(path: str | os.PathLike, most: int) -> bytes:
    """The bytes of the regular file `path`, at most `most` of them. OSError when it
    cannot be read: NotRegularFile, FileTooLarge, IsADirectoryError, or the system's own."""
    # O_NONBLOCK: a pipe put there opens at once (and is refused) instead of waiting for
    # a writer; for a regular file the flag changes nothing.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)  # of what was opened, not of what a stat() saw before
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(path)
        if st.st_size > most:
            raise FileTooLarge(path, most)
        f = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with f:
        data = f.read(most + 1)  # the file may have grown since it was opened
    if len(data) > most:
        raise FileTooLarge(path, most)
    return data


def write_atomic(path: str | os.PathLike, data: bytes, sync: bool = True) -> Path:
    """Write `data` to a private (0600) temp file in the same folder, flush and fsync
    it, then os.replace it over `path`: a crash at any moment leaves the old file or the
    new one, never half of either, and no temp file behind. sync=False leaves out the
    fsyncs (the settings, written as a window's edge is dragged: whole, not durable)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=path.suffix or ".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if sync:
        _fsync_dir(path.parent)
    return path


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside_name(path: Path) -> Path:
    """Where a player's file that could not be read is kept: NAME.unreadable, or
    NAME.unreadable-2, -3 ... when an earlier one is there (each broken copy is kept)."""
    out, n = path.with_name(path.name + ".unreadable"), 1
    while out.exists() or out.is_symlink():
        n += 1
        out = path.with_name(f"{path.name}.unreadable-{n}")
    return out

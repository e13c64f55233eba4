"""game.persistence.files: the one way small files are read and written. A pipe or a
device where a file should be is refused at once (reading it would block for ever and
hang the window), a file is never read past its limit, and a write is whole or absent."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from game.net.map_share import MapShareError, make_bundle
from game.persistence import files, map_archive
from game.persistence.files import FileTooLarge, NotRegularFile, read_regular, write_atomic

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def test_a_regular_file_is_read_whole(tmp_path):
    (tmp_path / "a").write_bytes(b"x" * 10)
    assert read_regular(tmp_path / "a", 10) == b"x" * 10


def test_a_file_over_its_limit_is_refused(tmp_path):
    (tmp_path / "a").write_bytes(b"x" * 11)
    with pytest.raises(FileTooLarge) as err:
        read_regular(tmp_path / "a", 10)
    assert err.value.errno == errno.EFBIG and isinstance(err.value, OSError)


@needs_fifo
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "p")
    with pytest.raises(NotRegularFile) as err:
        read_regular(tmp_path / "p", 10)
    assert "not a regular file" in err.value.strerror


def test_a_folder_and_a_missing_file_are_the_system_s_errors(tmp_path):
    with pytest.raises(OSError):  # IsADirectoryError here; PermissionError on Windows
        read_regular(tmp_path, 10)
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "none", 10)


@needs_fifo
def test_a_write_replaces_a_pipe_and_is_private(tmp_path):
    os.mkfifo(tmp_path / "p.json")
    write_atomic(tmp_path / "p.json", b"{}")
    st = os.stat(tmp_path / "p.json")
    assert stat.S_ISREG(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o600
    assert (tmp_path / "p.json").read_bytes() == b"{}"
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]  # no temp file behind


def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    (tmp_path / "a.json").write_bytes(b"old")

    def refuse(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "a.json", b"new")
    assert (tmp_path / "a.json").read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@needs_fifo
def test_a_pipe_named_as_a_map_has_no_digest(tmp_path):
    os.mkfifo(tmp_path / "m.tmx")
    assert map_archive.digest(tmp_path / "m.tmx") is None


@needs_fifo
def test_a_pipe_among_a_shared_map_s_images_is_a_plain_refusal(tmp_path):
    os.mkfifo(tmp_path / "art.png")
    (tmp_path / "m.tmx").write_text('<map><imagelayer><image source="art.png"/></imagelayer>'
                                    '</map>', encoding="utf-8")
    with pytest.raises(MapShareError) as err:
        make_bundle(tmp_path / "m.tmx")
    assert "cannot read art.png (not a regular file" in str(err.value)

"""The joining window's seat tokens (net/joined.json in the data folder, issue 30.8):
a damaged file, or a pipe in its place, means no token and no last address, never an
error or a hang, and the next join writes a good file (the owner's alone) over it."""

from __future__ import annotations

import json
import os
import stat

import pytest

from game.ui.net_window import last_joined, remember_token, remembered_token, token_store

URL = "wss://192.168.1.5:8765/K7PXQ2#MFRL-UHDQ"


@pytest.mark.parametrize("make", [
    lambda p: p.write_text("[" * 200_000),           # nested without end
    lambda p: p.write_bytes(b"\xff\xfe garbage"),     # not text
    lambda p: os.mkfifo(p),                           # a pipe: reading would hang
    lambda p: p.write_text('["not", "a", "table"]'),  # not an object
], ids=["deep", "binary", "pipe", "list"])
def test_a_damaged_token_file_is_no_token_and_is_written_over(tmp_path, make):
    path = token_store(tmp_path)
    path.parent.mkdir(parents=True)
    make(path)
    assert remembered_token(tmp_path, URL) is None
    assert last_joined(tmp_path) is None
    remember_token(tmp_path, URL, "a-seat-token")
    assert stat.S_ISREG(path.stat().st_mode)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # a token is a key to the seat
    assert json.loads(path.read_text()) == {URL: "a-seat-token"}
    assert remembered_token(tmp_path, URL) == "a-seat-token" and last_joined(tmp_path) == URL

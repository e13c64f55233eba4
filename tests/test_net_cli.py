"""`narby host --headless` and `narby join --bot` as separate processes on loopback
(issue 23): two bots and an AI finish a game; a bot killed mid-game rejoins its seat
with its token file. The tests wait on lines the programs print, never on the clock
(timeouts are safety nets)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

SAFETY = 240


def narby(*args, **kw):
    return subprocess.Popen([sys.executable, "-m", "game.cli", *args], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def start_host(tmp_path, *extra):
    host = narby("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--code",
                 "TEST42", "--data-dir", str(tmp_path), "--json", *extra)
    line = host.stderr.readline()
    assert "listening on wss://127.0.0.1:" in line, line + host.stderr.read()
    return host, line.split()[-1]


def line_with(proc, text):
    for line in proc.stderr:
        if text in line:
            return line
    raise AssertionError(f"{text!r} never printed")


def test_host_and_two_bots_finish_a_game(tmp_path):
    host, url = start_host(tmp_path, "--seats", "remote,remote,easy", "--seed", "4",
                           "--target", "30")
    # a typed seed gives the same game again, so a joiner could work it out: told
    line_with(host, "a seed you type can be worked out by a joiner")
    a = narby("join", url, "--bot", "easy", "--seed", "1", "--json")
    b = narby("join", url, "--bot", "random", "--seed", "2", "--json", "--name", "Bea")
    outs = [p.communicate(timeout=SAFETY) for p in (a, b, host)]
    assert [p.returncode for p in (a, b, host)] == [0, 0, 0], outs
    ra, rb, rh = (json.loads(o[0]) for o in outs)
    assert ra["winner"] == rb["winner"] == rh["winner"] and rh["winner"]
    assert ra["scores"] == rh["scores"] and sorted(rh["players"].values()) == \
        ["easy", "remote", "remote"]
    assert ra["answers"] > 0 and rb["answers"] > 0
    assert list((tmp_path / "autosaves").glob("autosave-*.json"))
    assert list((tmp_path / "net").glob("*.json"))


def test_a_killed_bot_rejoins_with_its_token_file(tmp_path):
    host, url = start_host(tmp_path, "--seats", "remote,remote", "--seed", "7",
                           "--target", "30")
    tok = tmp_path / "a.token"
    b = narby("join", url, "--bot", "random", "--seed", "2", "--json")
    a = narby("join", url, "--bot", "random", "--seed", "1", "--token-file", str(tok),
              "--log")
    line_with(a, "rejoin with --token")
    line_with(a, "decision")  # it has answered: the game is under way
    a.kill()
    a.wait(SAFETY)
    assert tok.read_text().strip()
    again = narby("join", url, "--bot", "random", "--seed", "3", "--token-file", str(tok),
                  "--json")
    outs = [p.communicate(timeout=SAFETY) for p in (again, b, host)]
    assert [p.returncode for p in (again, b, host)] == [0, 0, 0], outs
    r_again, r_b, r_host = (json.loads(o[0]) for o in outs)
    assert r_again["winner"] == r_host["winner"] == r_b["winner"]
    assert r_host["ended"] is None and r_again["seat"] != r_b["seat"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_given_as_the_token_file_is_one_clear_line_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "a.token")  # reading it would wait for a writer for ever
    invite = "wss://127.0.0.1:1/K7PXQ2#MFRL-UHDQ-AAAA-AAAA-AAAA-AAAA-AA"  # never dialled
    p = narby("join", invite, "--bot", "random", "--token-file", str(tmp_path / "a.token"))
    _, err = p.communicate(timeout=SAFETY)
    assert p.returncode == 2 and "not a regular file" in err and "Traceback" not in err


def test_bad_command_lines_are_one_clear_line(tmp_path):
    p = narby("host", "--headless", "--seats", "remote,wizard")
    _, err = p.communicate(timeout=SAFETY)
    assert p.returncode == 2 and "unknown seat kind 'wizard'" in err and "Traceback" not in err
    p = narby("host", "--headless", "--resume", str(tmp_path / "none.json"), "--data-dir",
              str(tmp_path))
    _, err = p.communicate(timeout=SAFETY)
    assert p.returncode == 2 and "none.json" in err and "Traceback" not in err
    p = narby("join", f"wss://127.0.0.1:1/ABCDEF#{'A' * 26}", "--bot", "random")
    _, err = p.communicate(timeout=SAFETY)
    assert p.returncode == 1 and err.startswith("narby join: cannot reach") \
        and "Traceback" not in err
    assert "Errno" not in err  # plain words, never the errno (issue 30.6)
    # the old unencrypted address: one sentence saying what to ask for
    p = narby("join", "ws://127.0.0.1:1/ABCDEF", "--bot", "random")
    _, err = p.communicate(timeout=SAFETY)
    assert p.returncode == 2 and "old ws:// addresses are not encrypted" in err \
        and "Traceback" not in err


@pytest.mark.parametrize("wait", ["inf", "nan", "1e999", "-1", "604801"])
def test_drop_wait_is_a_real_number_of_seconds(wait, capsys):
    # inf or nan was taken, then the host's tick raised (int(inf)) once a player left
    from game.net.cli import host_main  # noqa: PLC0415

    with pytest.raises(SystemExit):
        host_main(["--headless", "--seats", "remote,easy", "--drop-wait", wait])
    assert "--drop-wait must be" in capsys.readouterr().err

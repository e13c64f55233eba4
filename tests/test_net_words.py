"""Plain words for online play (issue 30.6): addresses as typed, join refusals and
connection failures in one sentence with what to do, never an exception's text."""

from __future__ import annotations

import socket

import pytest

from game.net.invite import InviteError, parse_invite
from game.net.words import connect_failure, lost_words, refusal
from game.ui.net_status import seat_mark, waiting_line

PIN = "A" * 26


@pytest.mark.parametrize("typed, host, port, code", [
    (f"wss://10.0.0.5:8765/K7PXQ2#{PIN}", "10.0.0.5", 8765, "K7PXQ2"),
    (f"ws//10.0.0.5:8765/K7PXQ2#{PIN}", "10.0.0.5", 8765, "K7PXQ2"),   # never host "ws"
    (f"ws:/10.0.0.5:8765/K7PXQ2#{PIN}", "10.0.0.5", 8765, "K7PXQ2"),
    (f"ws:10.0.0.5:8765/K7PXQ2#{PIN}", "10.0.0.5", 8765, "K7PXQ2"),
    (f"WSS://10.0.0.5:8765/K7PXQ2#{PIN}", "10.0.0.5", 8765, "K7PXQ2"),
    (f"  wss:\\\\10.0.0.5:8765\\K7PXQ2#{PIN} ", "10.0.0.5", 8765, "K7PXQ2"),
    (f"10.0.0.5:8765/K7PXQ2#{PIN}", "10.0.0.5", 8765, "K7PXQ2"),
    (f"wss//host.example:9000/AB#{PIN}", "host.example", 9000, "AB"),
    (f"wsl.example/AB#{PIN}", "wsl.example", 8765, "AB"),  # a host whose name starts "ws"
])
def test_invites_with_typos_are_mended(typed, host, port, code):
    invite = parse_invite(typed)
    assert (invite.host, invite.port, invite.code) == (host, port, code)


@pytest.mark.parametrize("typed, words", [
    ("", "type the host's invite"),
    ("wss://10.0.0.5 :8765/K7", "no host address"),
    ("http://10.0.0.5:8765/K7", "is not an invite"),
    (f"wss://10.0.0.5:99999/K7#{PIN}", "bad port"),
    ("wss://:8765/K7", "no host address"),
    ("ws://10.0.0.5:8765/K7", "not encrypted"),
])
def test_invites_that_cannot_be_read_are_refused_in_one_sentence(typed, words):
    with pytest.raises(InviteError) as err:
        parse_invite(typed)
    text = str(err.value)
    assert words in text and "\n" not in text and "Error" not in text


@pytest.mark.parametrize("reason, words", [
    ("wrong join code", "The join code is wrong — check it with the host"),
    ("no free seat in this game (rejoin with your token, or watch)", "This game is full"),
    ("the game has already started: no free seat in this game (rejoin with your token, "
     "or watch)", "This game has already started"),
    ("unknown seat token", "no longer knows this seat"),
])
def test_refusals_say_what_to_do(reason, words):
    assert words in refusal(reason)


def test_nothing_listening_is_said_in_words():
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ConnectionRefusedError) as err:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    words = connect_failure(err.value, f"ws://127.0.0.1:{port}/K7")
    assert words == (f"Nothing is listening at 127.0.0.1:{port} — check the address and "
                     "port, and that the host is hosting")


def test_an_unknown_host_and_other_failures_are_said_in_words():
    gai = socket.gaierror(-3, "Temporary failure in name resolution")
    assert connect_failure(gai, "ws://gamebox:8765/K7") == (
        "No computer called gamebox:8765 was found — check the address the host shows")
    for exc in (TimeoutError(), OSError(113, "No route to host"), ValueError("x")):
        text = connect_failure(exc, "ws://h:1/K")
        assert "Errno" not in text and "Error" not in text and "—" in text


def test_lost_connection_words():
    assert lost_words(2, 6, 1.0) == ("Lost the connection to the host — trying again in "
                                     "1 s (try 2 of 6)")


def test_the_bar_says_who_plays_and_the_countdown():
    assert waiting_line("red", "remote", "Jo") == "Waiting for Jo (Red, online)…"
    assert waiting_line("red", "remote", "Jo", away_left=87, keys=True) == (
        "Waiting for Jo (Red, online) — away, an AI plays in 87 s  ·  "
        "[F6 AI now] [F7 wait] [F8 end]")
    assert waiting_line("red", "remote", None, away_left=5, policy="end") == (
        "Waiting for Red (online) — away, the game ends in 5 s")
    assert waiting_line("black", "local", "the host") == (
        "Waiting for the host (Black, at the host's screen)…")
    assert waiting_line("gold", "easy", None) == "Gold (AI · easy) is thinking…"
    assert seat_mark("remote", "Jo", connected=True, away=False, standin=False) == \
        "Jo · online"
    assert seat_mark("remote", "Jo", connected=False, away=True, standin=False) == \
        "Jo · away"


def test_a_narrow_bar_keeps_the_countdown():
    from game.ui.net_status import compact  # noqa: PLC0415

    assert compact("Waiting for Gil (Green, online) — away, an AI plays in 87 s") == \
        "Gil (Green) is away — an AI plays in 87 s"
    assert compact("Waiting for Green (online) — away, the game ends in 3 s") == \
        "Green is away — the game ends in 3 s"
    assert compact("Waiting for Gil (Green, online)…") == "Waiting for Gil (Green, online)…"

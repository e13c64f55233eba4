"""The chat of online games (issue 30): the protocol's bounds, the per-connection rate
on an injected clock, the host relaying each line to every connection and keeping it;
HostCore alone (no network, no sleeping), and one loopback relay through the server."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.net.chat import EMOTES, MAX_CHAT, RATE, RATE_WINDOW, ChatLimit, clean, log_event
from game.net.protocol import ProtocolError, encode, message, parse_client
from tests.test_net_drops import Clock, two_remote


def say(core, cid, **fields):
    return core.receive(cid, json.dumps({"v": 1, "type": "chat", **fields}))


@pytest.mark.parametrize("fields, why", [
    ({}, "either 'text' or 'emote'"),
    ({"text": "hi", "emote": "gg"}, "either 'text' or 'emote'"),
    ({"emote": "boo"}, "'emote' is one of"),
    ({"text": 5}, "at most 200 characters"),
    ({"text": "x" * (MAX_CHAT + 1)}, "at most 200 characters"),
    ({"text": "hi", "to": "red"}, "unknown field"),
])
def test_the_protocol_bounds_a_chat_line(fields, why):
    with pytest.raises(ProtocolError) as err:
        parse_client(encode(message("chat", **fields)))
    assert why in str(err.value)


def test_a_line_of_the_largest_size_and_each_emote_pass():
    assert parse_client(encode(message("chat", text="x" * MAX_CHAT)))["text"]
    for key in EMOTES:
        assert parse_client(encode(message("chat", emote=key)))["emote"] == key


def test_control_and_format_characters_are_stripped():
    # the escape goes (a terminal would obey it); what is left is harmless text
    assert clean("  hi\x1b[2J\tthere\u202e!\u200b \n") == "hi[2J there!"
    assert clean("\x00\x07") == ""


def test_the_rate_is_per_connection_on_the_injected_clock():
    clock = Clock()
    limit = ChatLimit(clock)
    assert all(limit.allow(1) for _ in range(RATE))
    assert not limit.allow(1)
    assert limit.allow(2)  # another connection has its own allowance
    clock.t += RATE_WINDOW - 0.01
    assert not limit.allow(1)
    clock.t += 0.02  # the five lines have left the window: five more, no sixth
    assert [limit.allow(1) for _ in range(RATE + 1)] == [True] * RATE + [False]


def test_the_host_relays_a_line_to_every_connection_with_the_sender_s_seat():
    core, _clock = two_remote()
    core.seats["red"].name = "Jo"
    core.opened(3)  # a spectator watches too
    core.receive(3, json.dumps({"v": 1, "type": "hello", "code": "ABC234", "watch": True}))
    outs = say(core, 1, text="good luck \x07all")
    assert sorted(o.cid for o in outs) == [1, 2, 3]
    msg = outs[0].msg
    assert msg == {"v": 1, "type": "chat", "dragon": "red", "name": "Jo",
                   "text": "good luck all"}
    assert list(core.chat_log) == [msg] and core.chat_new == [msg]  # the host's log
    emote = say(core, 2, emote="gg")[0].msg
    assert emote["text"] == "GG" and emote["emote"] == "gg" and emote["name"] == "Green"


def test_too_many_lines_are_refused_in_words_and_nothing_is_relayed():
    core, clock = two_remote()
    for _ in range(RATE):
        assert len(say(core, 1, text="spam")) == 2
    outs = say(core, 1, text="spam")
    assert [(o.cid, o.msg["type"], o.msg["fatal"]) for o in outs] == [(1, "error", False)]
    assert "at most 5 lines in 10 s" in outs[0].msg["reason"]
    assert len(say(core, 2, emote="oops")) == 2  # Green is not slowed by Red
    clock.t += RATE_WINDOW
    assert len(say(core, 1, text="again")) == 2
    assert say(core, 1, text="\x01\x02")[0].msg["reason"] == "chat: the line is empty"


def test_a_line_before_hello_is_refused():
    core, _ = two_remote()
    core.opened(9)
    outs = say(core, 9, text="hi")
    assert outs[0].msg["type"] == "error" and "hello" in outs[0].msg["reason"]


def test_a_chat_line_in_the_log_names_the_sender():
    event = log_event({"dragon": "red", "name": "Jo", "text": "hi\x1b"})
    assert event == {"type": "chat", "dragon": "red", "name": "Jo", "text": "hi"}


def test_the_server_relays_chat_to_all_clients_on_loopback():
    from websockets.asyncio.client import connect  # noqa: PLC0415

    from game.net.host import HostCore, HostServer, new_game  # noqa: PLC0415
    from game.net.tls import client_context  # noqa: PLC0415

    async def main():
        session, kinds = new_game([{"dragon": "red", "player": "remote"},
                                   {"dragon": "green", "player": "remote"}], seed=3)
        core = HostCore(session, kinds, code="ABC234", auto_start=True)
        server = HostServer(core)
        await server.start()
        url = f"wss://127.0.0.1:{server.port}/"
        try:
            async with connect(url, ssl=client_context()) as a, \
                    connect(url, ssl=client_context()) as b:
                for ws, name in ((a, "Ann"), (b, "Bo")):
                    await ws.send(encode(message("hello", code="ABC234", name=name)))
                    while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != \
                            "welcome":
                        pass  # both are in before the line is said
                await a.send(encode(message("chat", text="hello Bo")))
                heard = []
                for ws in (a, b):
                    while True:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
                        if msg["type"] == "chat":
                            heard.append((msg["name"], msg["text"]))
                            break
                return heard
        finally:
            await server.close()

    assert asyncio.run(main()) == [("Ann", "hello Bo"), ("Ann", "hello Bo")]

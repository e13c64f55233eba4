"""Hostile messages against the host (issue 23, "safe on an open port"): a fuzzer on the
HostCore (every message path, no network) and one on loopback. Nothing may raise, and
nothing may change the game: the decision count and the state document stay the same."""

from __future__ import annotations

import asyncio
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.host import HostCore, HostServer, new_game
from game.net.protocol import MAX_MESSAGE, ProtocolError, parse_client
from game.net.tls import client_context

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)
_keys = st.sampled_from(["v", "type", "answer", "decision", "code", "token", "seat", "name",
                         "watch", "do", "to", "choose", "x"])
_types = st.sampled_from(["hello", "answer", "ping", "bye", "state", "HELLO", "", None, 1])
_answer = st.fixed_dictionaries({}, optional={
    "do": st.sampled_from(["move", "claim", "attack", "end_turn", "steal"]) | _json,
    "to": st.lists(st.integers(-3, 12), max_size=3) | _json,
    "choose": _json, "play": _json, "power": _json, "react": _json, "pass": _json,
    "by": _json})
_message = st.one_of(
    st.fixed_dictionaries({"v": st.just(1), "type": st.just("answer"), "answer": _answer},
                          optional={"decision": st.integers(-1, 3) | _json}),
    st.fixed_dictionaries({"v": st.just(1) | _json, "type": _types},
                          optional={k: _json for k in ("answer", "code", "token", "seat",
                                                       "name", "watch", "decision")}),
    st.dictionaries(_keys, _json, max_size=5),
    _json,
)
_raw = st.one_of(_message.map(json.dumps), st.text(max_size=200), st.binary(max_size=64),
                 st.just("[" * 5000), st.just('{"v":1,"type":"ping"' + " " * MAX_MESSAGE + "}"))


def core_for_fuzz():
    session, kinds = new_game([{"dragon": "red", "player": "remote"},
                               {"dragon": "green", "player": "remote"}], seed=4)
    core = HostCore(session, kinds, code="ABC234", auto_start=True)
    for cid, dragon in ((1, "red"), (2, "green")):
        core.opened(cid)
        core.receive(cid, json.dumps({"v": 1, "type": "hello", "code": "ABC234",
                                      "seat": dragon}))
    core.opened(3)  # a connection that never said hello
    return core


CORE = core_for_fuzz()
BEFORE = (CORE.decision, json.dumps(CORE.session.snapshot(), sort_keys=True))


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True)
@given(cid=st.sampled_from([1, 2, 3, 99]), raw=_raw)
def test_the_core_survives_anything_and_changes_nothing(cid, raw):
    outs = CORE.receive(cid, raw)
    for out in outs:
        json.dumps(out.msg)  # every reply is JSON
        assert out.msg["type"] in ("error", "pong", "welcome", "lobby", "state", "waiting",
                                   "over")
    legal = CORE.match.legal_answers()
    changed = CORE.decision != BEFORE[0]
    if changed:  # the fuzzer found a legal answer for the seat whose decision it is
        assert any(o.msg["type"] == "state" for o in outs)
        raise AssertionError("a fuzzed message was accepted: make the fuzzer dumber "
                             f"or check it is legal: {raw[:200]!r} in {legal[:3]}")
    assert json.dumps(CORE.session.snapshot(), sort_keys=True) == BEFORE[1]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(raw=_raw)
def test_parse_client_accepts_or_explains(raw):
    try:
        msg = parse_client(raw)
    except ProtocolError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert msg["v"] == 1 and msg["type"] in ("hello", "answer", "ping", "bye")


def test_a_fuzzer_on_loopback_finds_no_crack():
    session, kinds = new_game([{"dragon": "red", "player": "remote"},
                               {"dragon": "green", "player": "remote"}], seed=9)
    core = HostCore(session, kinds, code="ABC234", auto_start=True)
    rng = random.Random(1)
    junk = [json.dumps({"v": 1, "type": "answer", "answer": {"do": "end_turn"}}),
            json.dumps({"v": 1, "type": "hello", "token": "A" * 40}),
            json.dumps({"v": 2, "type": "hello"}), "null", "{}", "[]", '"x"', "1e999",
            '{"v":1,"type":"hello","code":"ABC234","name":"\\u0000"}',
            '{"v":1,"type":"answer","answer":{"do":"move","to":[1e300,-1]}}',
            '{"v":1,"type":"answer","answer":' + "[" * 100 + "]" * 100 + "}",
            '{"v":1,"type":"hello","code":"../../etc/passwd"}', "NaN",
            '{"v":1,"type":"hello","code":"ABC234","name":"\\ud800"}',
            bytes(range(256)), "{" * 3000]
    junk += ["".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(1, 80)))
             for _ in range(40)]

    async def main():
        server = HostServer(core, host="127.0.0.1", port=0, rate=1000, burst=1000)
        await server.start()
        url = f"wss://127.0.0.1:{server.port}/"
        tls = {"ssl": client_context()}
        replies = []
        ws = await connect(url, max_size=2**23, **tls)
        for item in junk:
            await ws.send(item)
            await ws.send('{"v":1,"type":"ping"}')
            try:
                while True:  # every message is answered in order; the pong ends the batch
                    msg = json.loads(await ws.recv())
                    if msg["type"] == "pong":
                        break
                    replies.append(msg)
            except ConnectionClosed:  # a fatal error (a forged token): connect again
                assert replies[-1]["fatal"]
                ws = await connect(url, max_size=2**23, **tls)
        await ws.close()
        # too large for the host's limit: the connection is closed, the host lives on
        async with connect(url, **tls) as ws:
            await ws.send("x" * (MAX_MESSAGE + 1))
            try:
                await ws.recv()
            except ConnectionClosed as exc:
                assert exc.rcvd.code == 1009
        async with connect(url, **tls) as ws:
            await ws.send(json.dumps({"v": 1, "type": "hello", "code": "ABC234"}))
            assert json.loads(await ws.recv())["type"] == "welcome"
        await server.close()
        return replies

    before = json.dumps(core.session.snapshot(), sort_keys=True)
    replies = asyncio.run(asyncio.wait_for(main(), 60))
    assert replies and all(r["type"] == "error" and r["reason"] for r in replies)
    assert core.decision == 0
    assert json.dumps(core.session.snapshot(), sort_keys=True) == before

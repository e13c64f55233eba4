"""The host's door (issue 29, holes 3 and 4): knocking without the join code holds no
place for long and never a seat, wrong codes slow down and lock out per address, and
junk that is not a websocket request costs at most a line on the host's console.

Clocks are injected where the rules are about time; the few tests on loopback wait on
events (a connection closed), with timeouts only as safety nets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.gate import CodeGuard, address_key, quiet_logger, quiet_loop
from game.net.host import HostCore, HostServer, HostThread, new_game
from game.net.tls import client_context

SAFETY = 60


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def hello(code="ABC234", **kw):
    return json.dumps({"v": 1, "type": "hello", "code": code, **kw})


def make_core(clock=None, seats=("remote", "remote")):
    session, kinds = new_game([{"dragon": None, "player": k} for k in seats], seed=3)
    kw = {"clock": clock} if clock is not None else {}
    return HostCore(session, kinds, code="ABC234", **kw)


# ----- wrong codes ------------------------------------------------------------------------
def test_wrong_codes_slow_down_then_lock_out_an_address():
    clock = Clock()
    guard = CodeGuard(clock)
    assert guard.wait("a") == 0
    guard.failed("a")
    assert guard.wait("a") == 0  # a first typo is free
    waits = []
    for _ in range(3):
        guard.failed("a")
        waits.append(guard.wait("a"))
        clock.now += waits[-1]
    assert waits == [1.0, 2.0, 4.0] and not guard.locked("a")
    guard.failed("a")  # the fifth in a minute
    assert guard.locked("a") and guard.wait("a") == 60.0
    assert guard.wait("b") == 0  # another address is not touched
    clock.now += 60
    assert not guard.locked("a") and guard.wait("a") == 0
    guard.failed("a")
    guard.passed("a")  # the right code ends the slow-down
    assert guard.wait("a") == 0


def test_the_guard_forgets_old_addresses_first():
    guard = CodeGuard(Clock())
    for i in range(5000):
        guard.failed(f"10.0.{i // 256}.{i % 256}")
    assert len(guard.records) == 4096 and "10.0.0.0" not in guard.records


def test_addresses_are_counted_by_machine():
    assert address_key("192.168.1.7") == "192.168.1.7"
    assert address_key("::ffff:192.168.1.7") == "192.168.1.7"
    assert address_key("2a00:1450:1:2:3:4:5:6") == address_key("2a00:1450:1:2::9") == \
        "2a00:1450:1:2::/64"
    # a LAN's machines share a /64: there each address counts alone
    assert address_key("fe80::1%eth0") == "fe80::1" != address_key("fe80::2")
    assert address_key("fd12:3456:789a:1::5") == "fd12:3456:789a:1::5"
    assert address_key("") == "" and address_key("not an ip") == "not an ip"


def test_the_core_locks_a_guessing_address_out_and_learns_it_nothing():
    clock = Clock()
    core = make_core(clock)
    cid = 0

    def knock(peer, **kw):
        nonlocal cid
        cid += 1
        core.opened(cid, peer)
        return next(o.msg for o in core.receive(cid, hello(**kw)) if o.cid == cid)

    assert knock("10.0.0.5", code="WRONG1")["reason"] == "wrong join code"
    reasons = []
    for guess in ("WRONG2", "WRONG3", "WRONG4", "WRONG5", "ABC234"):
        reasons.append(knock("10.0.0.5", code=guess)["reason"])
        clock.now += 0.1
    # the second guess is compared; then it must wait, right code or not: nothing learned
    assert reasons[0] == "wrong join code"
    assert all(r.startswith("too many wrong join codes from your address") and "\n" not in r
               for r in reasons[1:])
    welcome = knock("10.0.0.6")  # someone else, elsewhere, is let in
    assert welcome["type"] == "welcome"
    for _ in range(3):  # waiting out each delay, the guesser is soon locked out
        clock.now += 5
        knock("10.0.0.5", code="WRONG9")
    assert core.guard.locked(address_key("10.0.0.5"))
    # a player who holds a seat token is not kept out by guessing at their address
    back = knock("10.0.0.5", token=welcome["token"])
    assert back["type"] == "welcome" and back["seat"] == welcome["seat"]
    clock.now += 120
    assert knock("10.0.0.5")["type"] == "welcome"  # the lock-out ends


def test_spectators_are_bounded_so_seats_are_never_starved():
    core = make_core()
    core.max_watchers = 2
    outs = []
    for cid in range(1, 5):
        core.opened(cid, "10.0.0.1")
        outs.append(core.receive(cid, hello(watch=True))[0].msg)
    assert [o["type"] for o in outs] == ["welcome", "welcome", "error", "error"]
    assert "watching" in outs[2]["reason"] and outs[2]["fatal"]
    core.opened(9, "10.0.0.1")
    assert core.receive(9, hello())[0].msg["seat"]


# ----- the server: knocking holds no place -------------------------------------------------
def run(coro):
    return asyncio.run(asyncio.wait_for(coro, SAFETY))


async def closed_code(ws) -> int:
    """Read until the host closes the connection; its close code."""
    try:
        while True:
            await ws.recv()
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd else -1


def test_a_connection_that_only_pings_is_closed_at_the_hello_deadline():
    core = make_core()

    async def main():
        server = HostServer(core, host="127.0.0.1", port=0, hello_timeout=0.3)
        await server.start()
        url = f"wss://127.0.0.1:{server.port}/"
        ws = await connect(url, ssl=client_context())

        try:  # ping and read the pong, again and again: none of it is a hello
            while True:
                await ws.send('{"v":1,"type":"ping"}')
                assert json.loads(await ws.recv())["type"] in ("pong", "error")  # (slowed)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else -1
        assert code == 1008
        async with connect(url, ssl=client_context()) as ok:  # saying hello, it stays
            await ok.send(hello())
            assert json.loads(await ok.recv())["type"] == "welcome"
            assert any(k.welcomed for k in server.links.values())
        await server.close()

    run(main())


def test_knockers_from_few_addresses_cannot_fill_the_host():
    """16 connections that never say hello used to hold every place: players and
    rejoining players were refused "the host is full"."""
    core = make_core()

    async def main():
        server = HostServer(core, host="127.0.0.1", port=0, hello_timeout=30,
                            max_pending=8, per_address=4)
        await server.start()
        url = f"wss://127.0.0.1:{server.port}/"

        async def knock(addr):
            return await connect(url, local_addr=(addr, 0), open_timeout=SAFETY,
                                 ssl=client_context())

        knockers = [await knock("127.0.0.2") for _ in range(4)]
        fifth = await knock("127.0.0.2")  # a fifth from the same address: turned away
        assert await closed_code(fifth) == 1013
        assert "your address" in fifth.close_reason
        for i in range(3, 9):  # more addresses: the oldest waiting knocker makes room
            knockers.append(await knock(f"127.0.0.{i}"))
        assert sum(1 for k in server.links.values() if not (k.welcomed or k.closing)) <= 8
        for i, addr in enumerate(("127.0.0.20", "127.0.0.21")):
            player = await knock(addr)
            await player.send(hello(name=f"P{i}"))
            msg = json.loads(await player.recv())
            assert msg["type"] == "welcome" and msg["seat"], msg
            knockers.append(player)
        assert all(s.conn is not None for s in core.remote_seats())
        evicted = [await closed_code(k) for k in knockers[:2]]
        assert evicted == [1013, 1013]
        for k in knockers:
            k.transport.abort()
        await server.close()

    run(main())


def test_handshakes_that_never_end_hold_no_place_for_long():
    """A slow HTTP request (slowloris) is held by the websocket library until its open
    timeout: many of them, from one address or many, must not keep a player out."""
    core = make_core()

    async def main():
        server = HostServer(core, host="127.0.0.1", port=0, hello_timeout=30,
                            max_handshakes=12, handshakes_per_address=4)
        await server.start()
        slow = []
        for i in range(30):  # 6 from one address, then 24 from six others
            addr = "127.0.0.2" if i < 6 else f"127.0.0.{3 + i % 6}"
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port,
                                                           local_addr=(addr, 0),
                                                           ssl=client_context())
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the end of it
            await writer.drain()
            slow.append((reader, writer))
        assert len(server._shaking) <= 12
        assert sum(1 for a, _ in server._shaking.values() if a == "127.0.0.2") <= 4
        for reader, _ in slow[:8]:  # the first ones: over the address's cap, or oldest
            with contextlib.suppress(ConnectionError):  # (cut with a reset)
                assert await asyncio.wait_for(reader.read(), SAFETY) == b""  # cut
        async with connect(f"wss://127.0.0.1:{server.port}/", ssl=client_context(),
                           local_addr=("127.0.0.40", 0)) as ws:
            await ws.send(hello())
            assert json.loads(await ws.recv())["type"] == "welcome"
        for _, writer in slow:
            writer.transport.abort()
        await server.close()

    run(main())


def test_connections_stuck_before_tls_are_bounded():
    """The handshake limits began after TLS: thousands of TCP connections that never
    start TLS took the host to 1.1 GB. Past max_tls_pending, the next is refused."""
    core = make_core()

    async def main():
        server = HostServer(core, host="127.0.0.1", port=0, hello_timeout=30,
                            max_tls_pending=3)
        await server.start()
        mute = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
        while len(server.tls_pending) < 3:  # (accepted on the host's loop)
            await asyncio.sleep(0)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        with contextlib.suppress(ConnectionError):
            assert await asyncio.wait_for(reader.read(), SAFETY) == b""  # dropped
        assert len(server.tls_pending) == 3
        for _, w in mute:  # once they go, a player gets in
            w.transport.abort()
        while len(server.tls_pending):
            await asyncio.sleep(0)
        async with connect(f"wss://127.0.0.1:{server.port}/", ssl=client_context()) as ws:
            await ws.send(hello())
            assert json.loads(await ws.recv())["type"] == "welcome"
        writer.transport.abort()
        await server.close()

    run(main())


def test_a_connection_that_leaves_too_much_unsent_is_cut():
    """Each ping a client sends is answered with a pong outside the message queue's
    cap: pings sent and nothing read took the host to 577 MB. Past max_unread, cut."""
    core = make_core()

    async def main():
        server = HostServer(core, host="127.0.0.1", port=0, max_unread=1000)
        await server.start()
        async with connect(f"wss://127.0.0.1:{server.port}/", ssl=client_context()) as ws:
            await ws.send(hello())
            await ws.recv()
            conn = next(iter(server.server.connections))
            assert server.cut_unread() == 0
            conn.transport.pause_reading()  # (the host's side stops; its buffer fills)
            conn.transport.get_write_buffer_size = lambda: 1001
            assert server.cut_unread() == 1
            with contextlib.suppress(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), SAFETY)
        await server.close()

    run(main())


# ----- junk that is not a websocket request -------------------------------------------------
JUNK = [b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\nmore junk after the request\r\n",  # was a traceback
        b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n" +
        b"x" * 5000,
        b"hello there\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(64),
        bytes(range(256)) + b"\r\n\r\n", b"POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\n{\"v\":1}xx",
        b"GET /" + b"A" * 9000 + b" HTTP/1.1\r\n\r\n"]


def test_junk_http_is_answered_or_dropped_without_a_traceback(capsys, caplog):
    core = make_core()

    async def main():
        server = HostServer(core, host="127.0.0.1", port=0, hello_timeout=2)
        await server.start()
        answers = []
        for junk in JUNK:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port,
                                                           ssl=client_context())
            writer.write(junk)
            with contextlib.suppress(ConnectionError):
                await writer.drain()
                answers.append(await asyncio.wait_for(reader.read(), SAFETY))
            writer.close()
        for junk in JUNK[:3]:  # not even TLS: dropped at the handshake, quietly
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(junk)
            with contextlib.suppress(ConnectionError, asyncio.TimeoutError):
                await writer.drain()
                await asyncio.wait_for(reader.read(), SAFETY)
            writer.close()
        async with connect(f"wss://127.0.0.1:{server.port}/",
                           ssl=client_context()) as ws:  # the host lives on
            await ws.send(hello())
            assert json.loads(await ws.recv())["type"] == "welcome"
        await server.close()
        return answers

    caplog.set_level(logging.DEBUG)
    answers = run(main())
    # the library's reports go to the host's one-line logger only (with no handler of its
    # own, websockets' logger would print whole tracebacks on a host's console)
    assert all(r.name == "narby.host.network" for r in caplog.records
               if r.exc_info or r.levelno >= logging.WARNING)
    assert answers[0].startswith(b"HTTP/1.1 426")  # a plain GET: "Upgrade Required"
    err = capsys.readouterr().err
    assert "Traceback" not in err and "File \"" not in err
    assert len(err.splitlines()) <= len(JUNK)
    assert all(line.startswith("narby host:") for line in err.splitlines())


def test_asyncios_own_warnings_are_sparse_lines_too(capsys):
    """"socket.send() raised exception." came 400 times in 15 s from asyncio's logger,
    which the host's console limit did not cover."""
    loop = asyncio.new_event_loop()
    try:
        quiet_loop(loop)
        for _ in range(400):
            logging.getLogger("asyncio").warning("socket.send() raised exception.")
    finally:
        loop.close()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) <= 5 and all(line.startswith("narby host:") for line in lines)
    aio = logging.getLogger("asyncio")  # through the host's sparse one-line handler only
    assert not aio.propagate and set(quiet_logger().handlers) <= set(aio.handlers)


def test_the_window_takes_a_flood_over_several_frames():
    thread = HostThread()  # (not started: its inbox is filled by hand, as its loop would)
    for i in range(1200):
        thread.server.inbox.put(("msg", 1, str(i)))
    sizes = [len(thread.poll()) for _ in range(4)]
    assert sizes == [500, 500, 200, 0]


def test_guesses_pipelined_on_one_connection_are_not_looked_at():
    """A wrong code is fatal, but the connection closes only once its error is sent: the
    hellos it sent meanwhile were each compared (~530 guesses a second)."""
    core = make_core(Clock())
    core.opened(1, "10.0.0.5")
    outs = [core.receive(1, hello(code=f"GUESS{i}")) for i in range(50)]
    outs.append(core.receive(1, hello()))  # even the right one: the connection is done
    assert [o.msg["reason"] for o in outs[0]] == ["wrong join code"] and outs[0][0].close
    assert all(o == [] for o in outs[1:])
    assert not core.conns[1].hello

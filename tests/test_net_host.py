"""Networked play (issue 23): a headless host and bots on loopback, in-process.

Host and clients share one asyncio loop in the test's thread (esper worlds are
process-global: only this thread touches them). Ports are ephemeral, the address is
127.0.0.1 only, and waits are on events, with timeouts only as safety nets."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.client import Bot, JoinError, run_bot
from game.net.host import HostCore, HostServer, RateLimit, _Link, new_game
from game.net.tls import client_context
from game.resources import maps_dir
from game.tables import CARD_TITLES

SAFETY = 120  # seconds: a safety net, never a speed assertion


def make_core(seats=("remote", "remote", "easy"), seed=3, **kw):
    session, kinds = new_game([{"dragon": None, "player": k} for k in seats], seed=seed,
                              options={"target": 25, "round_cap": 6})
    return HostCore(session, kinds, code="ABC234", auto_start=True, **kw)


async def start(core, **kw):
    server = HostServer(core, host="127.0.0.1", port=0, **kw)
    await server.start()
    return server, f"wss://127.0.0.1:{server.port}/#{server.pin}"


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, SAFETY))


def test_two_bots_finish_a_game_against_an_ai():
    core = make_core()

    async def main():
        server, url = await start(core)
        results = await asyncio.gather(
            run_bot(url, Bot("random", 1), code="ABC234", name="Ann"),
            run_bot(url, Bot("random", 2), code="abc234"))
        await server.close()
        return results

    a, b = run(main())
    m = core.match
    assert m.finished
    assert a.over["winner"] == m.winner == b.over["winner"]
    assert {a.seat, b.seat} == {d for d, k in core.kinds.items() if k == "remote"}
    assert a.answers > 0 and b.answers > 0
    assert a.errors == [] and b.errors == []
    assert core.seats[a.seat].name == "Ann"



# ----- a raw client, to send exactly what a test wants ---------------------------------
class Raw:
    def __init__(self, ws):
        self.ws = ws

    @classmethod
    async def open(cls, url, hello=None, **kw):
        # over TLS, the pin unchecked: the host's side of things is under test here
        ws = await connect(url.split("#")[0], max_size=8 * 1024 * 1024,
                           ssl=client_context(), **kw)
        raw = cls(ws)
        if hello is not None:
            await raw.send({"v": 1, "type": "hello", **hello})
        return raw

    async def close(self):
        """Hang up at once (a test client may have unread frames that would hold up a
        polite closing handshake)."""
        self.ws.transport.abort()

    async def send(self, msg):
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def next(self, kind=None):
        while True:
            msg = json.loads(await self.ws.recv())
            if kind is None or msg["type"] == kind:
                return msg

    async def until(self, pred):
        while True:
            msg = json.loads(await self.ws.recv())
            if pred(msg):
                return msg


def test_views_are_honest_and_answers_are_checked():
    core = make_core(seats=("remote", "remote"), seed=5)

    async def main():
        server, url = await start(core)
        a = await Raw.open(url, {"code": "ABC234", "seat": core.match.seat_names[0]})
        wa = await a.next("welcome")
        b = await Raw.open(url, {"code": "ABC234"})
        wb = await b.next("welcome")
        assert wa["seat"] != wb["seat"] and wa["token"] and wa["token"] != wb["token"]
        await a.until(lambda m: m["type"] == "lobby" and m["started"])
        sa = await a.next("state")
        sb = await b.next("state")
        seen = []
        for s, me in ((sa, wa["seat"]), (sb, wb["seat"])):
            view = s["view"]
            for secret in ("dice", "seed", "deck"):
                assert secret not in view
            for name, d in view["dragons"].items():
                if name != me:
                    assert d.get("card") in (None, "hidden")
            seen.append(bool(s["legal"]))
        turn = core.match.pending.dragon
        assert (sa if wa["seat"] == turn else sb)["legal"]
        assert not (sb if wa["seat"] == turn else sa)["legal"]
        mover, other = (a, b) if wa["seat"] == turn else (b, a)
        before = (core.decision, core.session.snapshot())
        legal = core.match.legal_answers()
        await other.send({"v": 1, "type": "answer", "answer": legal[0]})
        err = await other.next("error")
        assert "decision" in err["reason"] and not err["fatal"]
        await mover.send({"v": 1, "type": "answer", "answer": {"do": "fly_to_the_moon"}})
        err = await mover.next("error")
        assert err["reason"]
        await mover.send({"v": 1, "type": "answer", "answer": legal[0], "decision": 99})
        err = await mover.next("error")
        assert "decision 99" in err["reason"]
        assert (core.decision, core.session.snapshot()) == before
        await mover.send({"v": 1, "type": "answer", "answer": legal[0],
                          "decision": core.decision})
        s = await other.until(lambda m: m["type"] == "state" and m["decision"] == 1)
        assert s["events"] and s["events_from"] > 0
        for c in (a, b):
            await c.close()
        await server.close()

    run(main())
    assert core.decision == 1


def test_who_may_join():
    core = make_core(seats=("remote", "easy"))

    async def main():
        server, url = await start(core)
        bad = await Raw.open(url, {"code": "WRONG1"})
        assert (await bad.next("error"))["reason"] == "wrong join code"
        forged = await Raw.open(url, {"code": "ABC234", "token": "x" * 24})
        assert "token" in (await forged.next("error"))["reason"]
        greedy = await Raw.open(url, {"code": "ABC234", "seat": "nobody"})
        assert (await greedy.next("error"))["fatal"]
        first = await Raw.open(url, {"code": "ABC234"})
        seat = (await first.next("welcome"))["seat"]
        late = await Raw.open(url, {"code": "ABC234"})
        assert "no free seat" in (await late.next("error"))["reason"]
        watcher = await Raw.open(url, {"code": "ABC234", "watch": True})
        w = await watcher.next("welcome")
        assert w["seat"] is None and w["token"] is None
        st = await watcher.next("state")
        assert st["legal"] == [] and all(d.get("card") in (None, "hidden")
                                         for d in st["view"]["dragons"].values())
        await watcher.send({"v": 1, "type": "answer", "answer": {"do": "end_turn"}})
        assert "spectator" in (await watcher.next("error"))["reason"]
        assert core.seats[seat].conn is not None
        for c in (first, watcher):
            await c.close()
        await server.close()

    run(main())


def test_connections_are_bounded_and_floods_are_slowed():
    core = make_core(seats=("remote", "easy"))

    async def main():
        server, url = await start(core, max_connections=2, rate=5, burst=5)
        a = await Raw.open(url, {"code": "ABC234", "watch": True})
        await a.next("welcome")
        b = await Raw.open(url, {"code": "ABC234", "watch": True})
        await b.next("welcome")  # two welcomed: full (a knocker's place is another matter)
        c = await Raw.open(url)
        with pytest.raises(ConnectionClosed) as info:
            await c.next()
        assert info.value.rcvd.code == 1013
        for _ in range(8):
            await a.send({"v": 1, "type": "ping"})
        await a.until(lambda m: m["type"] == "error" and "too many" in m["reason"])
        await b.close()
        await a.close()
        await server.close()

    run(main())


def test_a_killed_bot_rejoins_its_seat_and_the_game_finishes():
    core = make_core(seats=("remote", "remote", "random"), seed=11)

    async def main():
        server, url = await start(core)
        welcomed = asyncio.Event()
        killed, mine = {}, {}

        def on_welcome(msg):
            mine["seat"] = msg["seat"]
            welcomed.set()

        def on_state(msg):
            if msg["decision"] >= 20 and not killed and msg["legal"]:
                killed["at"] = msg["decision"]
                killed["seat"] = mine["seat"]
                server_side = core.seats[mine["seat"]].conn
                server.links[server_side].ws.transport.abort()  # the bot's line is cut

        first = Bot("random", 5)
        a = asyncio.create_task(run_bot(url, first, code="ABC234", retries=0,
                                        on_state=on_state,
                                        on_welcome=on_welcome))
        await welcomed.wait()
        b = asyncio.create_task(run_bot(url, Bot("random", 6), code="ABC234"))
        with pytest.raises(JoinError):
            await a  # retries=0: the first bot gives up when cut off (a killed process)
        seat = killed["seat"]
        assert core.seats[seat].conn is None and core.seats[seat].away_since is not None
        token = core.seats[seat].token
        again = await run_bot(url, Bot("random", 7), token=token, code="ABC234")
        await b
        await server.close()
        return seat, again

    seat, again = run(main())
    assert again.seat == seat and again.over is not None
    assert core.match.finished


def test_a_slow_client_does_not_stall_the_others():
    core = make_core(seats=("remote", "remote"), seed=8)

    async def main():
        server, url = await start(core, send_queue=8)
        # A spectator that never reads: its frames pile up until the host cuts it off.
        slow = await Raw.open(url, {"code": "ABC234", "watch": True}, max_queue=1)
        a = run_bot(url, Bot("random", 1), code="ABC234")
        b = run_bot(url, Bot("random", 2), code="ABC234")
        results = await asyncio.gather(a, b)
        await slow.close()
        await server.close()
        return server, results

    server, results = run(main())
    assert core.match.finished and all(r.over for r in results)


def test_a_client_too_slow_to_follow_is_cut_off_and_not_waited_for():
    class Transport:
        aborted = False

        def abort(self):
            self.aborted = True

    class Sender:
        cancelled = False

        def cancel(self):
            self.cancelled = True

    class Ws:
        transport = Transport()

    server = HostServer(make_core())
    link = _Link(Ws(), asyncio.Queue(maxsize=2), RateLimit(1, 1), Sender())
    server.links[7] = link
    for _ in range(2):
        server.send(7, {"v": 1, "type": "pong"})
    assert 7 in server.links and not Ws.transport.aborted
    server.send(7, {"v": 1, "type": "pong"})  # the third does not fit: cut off
    assert 7 not in server.links and Ws.transport.aborted and link.sender.cancelled
    assert server.dropped_slow == 1


def test_nothing_secret_reaches_a_seat_in_a_whole_game():
    """Every state a seat receives over a whole game: no dice state, seed or deck; no
    other dragon's card in the view, the events or the pending question (P28)."""
    core = make_core(seats=("remote", "remote", "random"), seed=21)
    seen: dict[str, list] = {}

    async def main():
        server, url = await start(core)
        bots = []
        for i in range(2):
            box = seen.setdefault(f"bot{i}", [])
            bots.append(run_bot(url, Bot("random", i), code="ABC234",
                                on_welcome=lambda m, box=box: box.append(m["seat"]),
                                on_state=lambda m, box=box: box.append(m)))
        await asyncio.gather(*bots)
        await server.close()

    run(main())
    assert core.match.finished
    cards_seen = 0
    for box in seen.values():
        me, states = box[0], box[1:]
        assert states
        for s in states:
            view = s["view"]
            assert not {"dice", "seed", "deck"} & set(view)
            for name, d in view["dragons"].items():
                if name != me:
                    assert d.get("card") in (None, "hidden")
            for e in s["events"]:
                if e.get("private") not in (None, me):
                    assert e.get("card") == "hidden"
                if e.get("private") == me and e.get("card") in CARD_TITLES:
                    cards_seen += 1
            p = s["pending"]
            if p and p["dragon"] != me:
                assert not any(t in p["prompt"] for t in CARD_TITLES.values())
                assert s["legal"] == []
    assert cards_seen > 0  # each seat did see its own dealt cards


def _hello(core, cid, **fields):
    core.opened(cid)
    return core.receive(cid, json.dumps({"v": 1, "type": "hello", "code": "ABC234", **fields}))


def test_a_seat_taken_and_given_up_in_the_lobby_learns_no_card():
    # Round one's cards are dealt when the game is made: a joiner who sat in each seat
    # in turn and left read every seat's card before choosing its own (a cheat).
    core = make_core(seats=("remote", "remote", "easy"), seed=8)
    dealt = {d: core.match.snapshot()["dragons"][d]["card"] for d in core.match.seat_names}
    assert all(c is not None for c in dealt.values())
    remotes = [s.dragon for s in core.remote_seats()]
    for cid, seat in enumerate(remotes, start=1):
        outs = _hello(core, cid, seat=seat)
        for out in outs:
            text = json.dumps(out.msg)
            for card in dealt.values():
                assert f'"{card}"' not in text, (out.msg["type"], card)
        core.closed(cid)
    # once the table is full the game starts, and each seat sees its own card
    outs = _hello(core, 10, seat=remotes[0]) + _hello(core, 11, seat=remotes[1])
    assert core.started
    for cid, seat in ((10, remotes[0]), (11, remotes[1])):
        state = [o.msg for o in outs if o.cid == cid and o.msg["type"] == "state"][-1]
        assert state["view"]["dragons"][seat]["card"] == dealt[seat]
        assert any(e.get("private") == seat and e.get("card") == dealt[seat]
                   for e in state["events"])


def test_no_message_names_the_folders_the_host_keeps_its_map_in(tmp_path):
    session, kinds = new_game([{"dragon": None, "player": k} for k in ("remote", "easy")],
                              seed=2, map_path=str(maps_dir() / "riverfell.tmx"))
    core = HostCore(session, kinds, code="ABC234", auto_start=True)
    outs = _hello(core, 1)
    assert core.started
    folder = str(maps_dir())
    for out in outs:
        assert folder not in json.dumps(out.msg), out.msg["type"]
    state = [o.msg for o in outs if o.msg["type"] == "state"][-1]
    assert state["view"]["map"] == "riverfell.tmx"


def test_a_link_whose_sender_ends_leaves_nothing_for_close_to_wait_on():
    """A connection cut while messages wait for it (its sender cancelled, or its socket
    closed): the queue is done with, so the host's close() does not wait out its drain
    time for a client that can no longer read (it waited 2 s after a killed bot)."""

    class Stuck:  # a socket whose send never returns
        async def send(self, text):
            await asyncio.Event().wait()

    class Gone:  # a socket already closed
        async def send(self, text):
            raise ConnectionClosed(None, None)

    async def main():
        server = HostServer(make_core())
        for ws, cancel in ((Stuck(), True), (Gone(), False)):
            link = _Link(ws, asyncio.Queue(), RateLimit(100, 10))
            for n in range(3):
                link.out.put_nowait((f"message {n}", False))
            sender = asyncio.create_task(server._send_loop(1, link))
            await asyncio.sleep(0)  # the sender takes the first message
            if cancel:
                sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)
            assert link.out.empty()
            await asyncio.wait_for(link.out.join(), 1)  # returns at once: nothing pending

    run(main())

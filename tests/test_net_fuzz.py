"""Hostile messages against the host (issue 23, "safe on an open port"): a fuzzer on the
HostCore (every message path, no network) and one on loopback. Nothing may raise, and
nothing may change the game: the decision count and the state document stay the same."""

from __future__ import annotations

import asyncio
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.decisions import answer_kind
from game.match import Match
from game.net.gate import CodeGuard
from game.net.host import HostCore, HostServer, new_game, pump
from game.net.protocol import MAX_MESSAGE, ProtocolError, parse_client
from game.net.tls import client_context
from tests.net_variants import LEAKS, exact, variants

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
    for conn in CORE.conns.values():  # (a fatal error, a "bye", would end its connection)
        conn.done = False
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
    later = [0.0]  # the wrong codes below lock loopback out (CodeGuard) until this moves
    core = HostCore(session, kinds, code="ABC234", auto_start=True,
                    guard=CodeGuard(clock=lambda: later[0]))
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
            assert "wrong join codes" in json.loads(await ws.recv())["reason"]
        later[0] += 3600  # an hour on: the address may try again
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


# ----- issue 29: every legal answer kind, in every other JSON type ----------------------
def _plain(out_msgs, label):
    assert len(out_msgs) == 1, (label, out_msgs)
    msg = out_msgs[0]
    assert msg["type"] == "error" and not msg["fatal"], (label, msg)
    reason = msg["reason"]
    assert isinstance(reason, str) and reason and "\n" not in reason and len(reason) < 400
    assert not any(leak in reason for leak in LEAKS), (label, reason)


def _fuzz_a_game(core, send, rng, *, per_kind=2):
    """Play `core`'s game to its end with exact legal answers; at the first positions of
    every answer kind, first send each legal answer's type variants: every one is refused
    in plain words and changes nothing. Returns the answer kinds fuzzed."""
    cids = {d: s.conn for d, s in core.seats.items()}
    fuzzed: dict[tuple, int] = {}
    while not core.over:
        pending = core.match.pending
        cid = cids[pending.dragon]
        legal = core.match.legal_answers()
        offered = {exact(a) for a in legal}
        todo = []
        for a in legal:
            kind = (pending.kind, answer_kind(a).split(":")[0])
            if fuzzed.get(kind, 0) < per_kind:
                fuzzed[kind] = fuzzed.get(kind, 0) + 1
                todo.append(a)
        if todo:
            before = (core.decision, len(core.session.events),
                      json.dumps(core.session.snapshot(), sort_keys=True))
            for a in todo:
                for label, raw in variants(a):
                    try:
                        parsed = json.loads(raw)["answer"]
                    except ValueError:
                        parsed = None
                    if label != "duplicate key" and exact(parsed) in offered:
                        continue  # this variant is itself a legal answer
                    _plain([o.msg for o in send(cid, raw)], f"{a} {label}")
                    assert (core.decision, len(core.session.events)) == before[:2], label
            assert json.dumps(core.session.snapshot(), sort_keys=True) == before[2]
        n = core.decision
        outs = send(cid, json.dumps({"v": 1, "type": "answer", "answer": rng.choice(legal)}))
        assert core.decision == n + 1, [o.msg for o in outs if o.msg["type"] == "error"]
    return set(fuzzed)


# the answer kinds seeded games reach (pending kind, answer kind): all must be fuzzed
KINDS = {("action", k) for k in ("move", "claim", "destroy", "gamble", "end_turn", "play",
                                 "power", "abandon", "attack")} | {
    ("choose_place", "choice"), ("lose_claim", "choice"), ("react", "react"),
    ("react", "pass")}


def _remote_core(seed, **kw):
    session, kinds = new_game([{"dragon": None, "player": "remote"} for _ in range(3)],
                              seed=seed, options={"target": 25, "round_cap": 8})
    core = HostCore(session, kinds, code="ABC234", auto_start=True, **kw)
    for cid, dragon in enumerate(core.match.seat_names, start=1):
        core.opened(cid, "10.0.0.1")
        core.receive(cid, json.dumps({"v": 1, "type": "hello", "code": "ABC234",
                                      "seat": dragon}))
    assert core.started
    return core


def test_type_variants_of_every_legal_answer_are_refused_by_the_headless_host():
    seen: set = set()
    for seed in (1, 2, 3, 4, 5, 6):
        core = _remote_core(seed)
        seen |= _fuzz_a_game(core, core.receive, random.Random(seed))
        assert core.match.finished
    assert seen >= KINDS, KINDS - seen


def test_type_variants_are_refused_on_the_window_hosts_path(tmp_path):
    """The window feeds what its HostThread received to the core with pump(), on its main
    thread, with its own autosaves; an exception there was the crash screen."""
    seen: set = set()
    told: list = []
    for seed in (7, 8, 9):
        core = _remote_core(seed, autosaves=False, data_dir=tmp_path, on_events=told.extend)

        def send(cid, raw, core=core):
            return pump(core, [("msg", cid, raw)])

        seen |= _fuzz_a_game(core, send, random.Random(seed), per_kind=1)
        assert core.match.finished
    assert told and {("action", "move"), ("react", "react")} <= seen


def _floats(cell):
    return [float(x) for x in cell]


# (the issue's examples) a legal answer of this kind -> the same in other JSON types
ISSUE_CASES = {
    "move to floats": (lambda a: a.get("do") == "move", lambda a: {**a, "to": _floats(a["to"])}),
    "move col 1 as true": (lambda a: a.get("do") == "move" and a["to"][0] == 1,
                           lambda a: {**a, "to": [True, a["to"][1]]}),
    "pass as 1": (lambda a: a.get("pass") is True, lambda a: {"pass": 1}),
    "lose-claim floats": (lambda a: isinstance(a.get("choose"), list),
                          lambda a: {"choose": _floats(a["choose"])}),
    "react by float": (lambda a: "by" in a, lambda a: {**a, "by": float(a["by"])}),
    "end turn extra key": (lambda a: a.get("do") == "end_turn",
                           lambda a: {**a, "extra": None}),
}


@pytest.mark.parametrize("case", sorted(ISSUE_CASES))
def test_the_issues_answers_are_refused_with_a_hint(case):
    """Each used to pass the host's check (== says 6.0 == 6) and then crash the engine."""
    fits, change = ISSUE_CASES[case]
    for seed in range(1, 9):
        core = _remote_core(seed)
        rng = random.Random(seed)
        while not core.over:
            cid = core.seats[core.match.pending.dragon].conn
            legal = core.match.legal_answers()
            target = next((a for a in legal if fits(a)), None)
            if target is not None:
                n, before = core.decision, json.dumps(core.session.snapshot())
                outs = core.receive(cid, json.dumps({"v": 1, "type": "answer",
                                                     "answer": change(target)}))
                _plain([o.msg for o in outs], case)
                assert core.decision == n and json.dumps(core.session.snapshot()) == before
                if change(target) == target:  # Python's == would have let it in
                    assert "exactly as listed" in outs[0].msg["reason"]
                return
            core.receive(cid, json.dumps({"v": 1, "type": "answer",
                                          "answer": rng.choice(legal)}))
    raise AssertionError(f"no seeded game reached a position for {case}")


def test_a_fault_in_the_rules_is_a_plain_refusal_and_the_game_goes_on(capsys):
    """Defence in depth: even an offered answer the engine then fails on (a bug) neither
    raises out of the host nor ends the game; the match is rebuilt from the answers."""
    core = _remote_core(2)
    cid = core.seats[core.match.pending.dragon].conn
    legal = core.match.legal_answers()
    n = core.decision

    def boom(answer):
        raise RuntimeError("a bug in the rules")

    core.match.submit = boom  # this match object only: the rebuilt one plays normally
    outs = core.receive(cid, json.dumps({"v": 1, "type": "answer", "answer": legal[0]}))
    _plain([o.msg for o in outs], "fault")
    assert core.decision == n and not core.session.broken
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err and "RuntimeError" in err
    outs = core.receive(cid, json.dumps({"v": 1, "type": "answer", "answer": legal[0]}))
    assert core.decision == n + 1 and any(o.msg["type"] == "state" for o in outs)


def test_no_fault_in_handling_a_message_escapes_the_host(capsys, monkeypatch):
    core = _remote_core(3)
    core.opened(50, "10.0.0.9")

    def broken(conn, msg):
        raise KeyError("a bug in hello")

    monkeypatch.setattr(core, "_hello", broken)
    outs = core.receive(50, json.dumps({"v": 1, "type": "hello", "code": "ABC234"}))
    _plain([o.msg for o in outs], "fault in hello")
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_refused_answer_copies_nothing(monkeypatch):
    """A refusal used to be found on a copy of the match (~3 ms each, and the acting
    player may send 100 a second): now it reads the offered answers and the rules'
    checks only."""
    core = _remote_core(5)
    cid = core.seats[core.match.pending.dragon].conn
    while core.match.pending.kind != "action":
        core.receive(cid, json.dumps({"v": 1, "type": "answer",
                                      "answer": core.match.legal_answers()[-1]}))
        cid = core.seats[core.match.pending.dragon].conn

    copied = []

    def no_copies(*args, **kwargs):
        copied.append(args)
        raise AssertionError("the match was copied to refuse an answer")

    for name in ("snapshot", "restore", "restore_trusted"):
        monkeypatch.setattr(Match, name, no_copies)
    monkeypatch.setattr(copy, "deepcopy", no_copies)
    for answer in ({"do": "move", "to": [0, 0]}, {"do": "move", "to": [1.0, 9.0]},
                   {"do": "fly"}, {"react": "x"}, {"pass": 1}, {"do": "claim", "at": "x"},
                   {"play": "nothing"}, {"power": ["x"]}, {"choose": {"a": [None]}}):
        outs = core.receive(cid, json.dumps({"v": 1, "type": "answer", "answer": answer}))
        _plain([o.msg for o in outs], answer)
    assert not copied


def _positions():
    """Cores stopped at the first decision of each kind in seeded games (no answer is
    ever accepted by the fuzzer below, so they stay there)."""
    found: dict[str, HostCore] = {}
    for seed in (1, 2, 3, 4):
        core = _remote_core(seed)
        rng = random.Random(seed)
        while not core.over:
            kind = core.match.pending.kind
            if kind not in found:
                found[kind] = core
                core = _remote_core(seed)  # the same game again, to go on past it
                rng = random.Random(seed)
                continue
            cid = core.seats[core.match.pending.dragon].conn
            legal = core.match.legal_answers()
            core.receive(cid, json.dumps({"v": 1, "type": "answer",
                                          "answer": rng.choice(legal)}))
            if core.decision > 400:
                break
    return found


POSITIONS = _positions()
_leaf = st.none() | st.booleans() | st.integers(-2**70, 2**70) | \
    st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True)
@given(kind=st.sampled_from(sorted(POSITIONS)), pick=st.integers(0, 10**6),
       where=st.integers(0, 10**6), new=_leaf | st.lists(_leaf, max_size=3)
       | st.dictionaries(st.text(max_size=6), _leaf, max_size=2),
       add_key=st.none() | st.text(max_size=6))
def test_a_legal_answer_with_any_part_replaced_is_refused_or_exact(kind, pick, where, new,
                                                                   add_key):
    core = POSITIONS[kind]
    legal = core.match.legal_answers()
    answer = json.loads(json.dumps(legal[pick % len(legal)]))
    paths: list[tuple] = []

    def walk(value, path):
        paths.append(path)
        items = value.items() if isinstance(value, dict) else \
            enumerate(value) if isinstance(value, list) else ()
        for k, v in items:
            walk(v, (*path, k))

    walk(answer, ())
    path = paths[1:][where % (len(paths) - 1)] if len(paths) > 1 else ()
    target = answer
    for p in path[:-1]:
        target = target[p]
    if path:
        target[path[-1]] = new
    if add_key is not None:
        answer[add_key] = new
    if exact(answer) in {exact(a) for a in legal}:
        return  # the mutation made another legal answer
    before = (core.decision, len(core.session.events))
    cid = core.seats[core.match.pending.dragon].conn
    outs = core.receive(cid, json.dumps({"v": 1, "type": "answer", "answer": answer}))
    _plain([o.msg for o in outs], answer)
    assert (core.decision, len(core.session.events)) == before

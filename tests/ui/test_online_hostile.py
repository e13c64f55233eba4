"""The window host against hostile answers (issue 29, hole 2): a legal answer in another
JSON type used to pass the host's check, crash the engine in the window's poll() and
show the crash screen, ending the game for everyone. Here what a connection sends is put
in the HostThread's inbox (as its network thread would) and the window polls it."""

from __future__ import annotations

import json
import random

from game.decisions import answer_kind
from game.ui.controller import GameSetup, Seat
from game.ui.net_window import NetHostController
from tests.net_variants import LEAKS, exact, variants

CID = 9001  # the remote player's connection (the network thread numbers from 1)


def _host(data_dir):
    setup = GameSetup(seats=[Seat("human", dragon="red"), Seat("remote", dragon="green"),
                             Seat("ai", "easy", dragon="gold")], map_path=None, target=25,
                      seed=21)
    host = NetHostController.host(setup, port=0, bind="127.0.0.1", data_dir=data_dir,
                                  ai_mode="sync", code="TEST42")
    return host


def _say(host, raw):
    """A message from the remote player arrives; the window polls. What it sent back."""
    sent = []
    real_send = host.net.send
    host.net.send = lambda outs: (sent.extend(outs), real_send(outs))
    try:
        host.net.server.inbox.put(("msg", CID, raw))
        host.poll()
    finally:
        host.net.send = real_send
    return [o.msg for o in sent if o.cid == CID]


def test_type_variants_never_crash_the_window_host(data_dir):
    host = _host(data_dir)
    try:
        host.net.server.inbox.put(("open", CID, "10.0.0.7"))
        assert _say(host, json.dumps({"v": 1, "type": "hello", "code": "TEST42"}))
        host.net.send(host.core.start())
        rng = random.Random(5)
        fuzzed: set = set()
        remote_answers = 0
        while not host.finished and remote_answers < 40:
            p = host.pending
            kind = host.core.kinds[p.dragon]
            if kind == "local":
                host.submit(rng.choice(host.legal_answers()))
                continue
            if kind != "remote":
                assert host.step_ai(True)
                continue
            legal = host.match.legal_answers()
            offered = {exact(a) for a in legal}
            n, before = host.n_answers, json.dumps(host.session.snapshot(), sort_keys=True)
            for a in legal:
                key = (p.kind, answer_kind(a).split(":")[0])
                if key in fuzzed:
                    continue
                fuzzed.add(key)
                for label, raw in variants(a):
                    try:
                        parsed = json.loads(raw)["answer"]
                    except ValueError:
                        parsed = None
                    if label != "duplicate key" and exact(parsed) in offered:
                        continue
                    replies = _say(host, raw)
                    assert [m["type"] for m in replies] == ["error"], (label, replies)
                    reason = replies[0]["reason"]
                    assert "\n" not in reason and not any(x in reason for x in LEAKS)
            assert host.n_answers == n and not host.session.broken
            assert json.dumps(host.session.snapshot(), sort_keys=True) == before
            _say(host, json.dumps({"v": 1, "type": "answer", "answer": rng.choice(legal)}))
            assert host.n_answers == n + 1
            remote_answers += 1
        assert ("action", "move") in fuzzed and len(fuzzed) >= 4
    finally:
        host.close()

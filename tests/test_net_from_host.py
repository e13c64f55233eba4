"""What a joiner accepts from a host (game.net.from_host): every message a real host
sends passes; a crafted one that crashed the window's join screen, its board or
`narby join --bot` is refused in one line."""

from __future__ import annotations

import json

import pytest

from game.net.from_host import read_host
from game.net.host import HostCore, new_game
from game.net.protocol import ProtocolError
from game.players import RandomPlayer


def _raw(kind: str, **fields) -> str:
    return json.dumps({"v": 1, "type": kind, **fields})


def _real_messages() -> list[dict]:
    """Everything a host sends two seats over a whole game."""
    session, kinds = new_game([{"dragon": None, "player": k} for k in ("remote", "remote")],
                              seed=4, options={"target": 25, "round_cap": 4})
    core = HostCore(session, kinds, code="ABC234", auto_start=True)
    sent = []
    for cid in (1, 2):
        core.opened(cid)
        sent += core.receive(cid, _raw("hello", code="ABC234", name=f"P{cid}"))
    player = RandomPlayer(4)
    while not core.over:
        seat = core.match.pending.dragon
        cid = next(c.cid for c in core.conns.values() if c.seat == seat)
        sent += core.receive(cid, _raw("answer", answer=player.choose(core.match),
                                       decision=core.decision))
        sent += core.receive(cid, _raw("chat", text="gg"))
    return [o.msg for o in sent]


def test_every_message_a_real_host_sends_is_read():
    messages = _real_messages()
    assert {"welcome", "lobby", "state", "chat", "over"} <= {m["type"] for m in messages}
    for msg in messages:
        assert read_host(json.dumps(msg)) == msg


STATE = {"decision": 0, "view": {"dragons": {"red": {}}, "options": {}}, "events": [],
         "events_from": 0, "pending": None, "legal": [], "finished": False}
WELCOME = {"seat": "red", "token": "t" * 24,
           "game": {"map": None, "map_title": "Open Plain", "options": {},
                    "dragons": ["red", "blue"], "map_bundle": None}}


@pytest.mark.parametrize("kind, fields", [
    ("welcome", {**WELCOME, "game": "x"}),
    ("welcome", {**WELCOME, "token": 123}),
    ("welcome", {**WELCOME, "token": "\x1b[2J"}),
    ("welcome", {**WELCOME, "game": {**WELCOME["game"], "map_bundle": []}}),
    ("lobby", {"seats": [{"dragon": "red"}], "started": True}),
    ("lobby", {"seats": [1], "started": False}),
    ("state", {k: v for k, v in STATE.items() if k != "view"}),
    ("state", {**STATE, "view": {"x": 1}}),
    ("state", {**STATE, "events": 5}),
    ("state", {**STATE, "pending": [1]}),
    ("state", {**STATE, "pending": {"dragon": "red"}}),
    ("state", {**STATE, "legal": [1]}),
    ("state", {**STATE, "legal": [{"do": ["x"]}]}),
    ("state", {k: v for k, v in STATE.items() if k != "decision"}),
    ("waiting", {"dragon": "red", "seconds": "x"}),
    ("waiting", {"seconds": 5}),
    ("chat", {"dragon": ["x"], "name": "A", "text": "hi"}),
    ("chat", {"dragon": "red", "name": "A", "text": "x" * 2_000_000}),
    ("over", {}),
    ("over", {"winner": "red", "scores": [1, 2]}),
    ("over", {"winner": "red", "scores": {"r": "x"}}),
    ("error", {"reason": {"x": 1}, "fatal": True}),
])
def test_a_crafted_host_message_is_refused_in_one_line(kind, fields):
    with pytest.raises(ProtocolError) as info:
        read_host(_raw(kind, **fields))
    text = str(info.value)
    assert kind in text and "\n" not in text and len(text) < 200


def test_a_message_type_this_version_does_not_know_passes():
    assert read_host(_raw("news", anything=[1, {"x": None}]))["type"] == "news"

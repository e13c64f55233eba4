"""Issue 29/30: the seed foretells every roll and deal, so no player learns it while the
game runs: no host message carries it before the game has ended, the final "over" does
(so the game can be replayed), and a host stopped before the end keeps it."""

from __future__ import annotations

import json

from game.net.host import HostCore, new_game
from game.players import RandomPlayer

SEED = 2**127 + 424_242_424_242_424_242_424_242  # 128 bits, digits found by search


def hello(core, cid, seat):
    core.opened(cid)
    return core.receive(cid, json.dumps({"v": 1, "type": "hello", "code": "ABC234",
                                         "seat": seat}))


def hosted(seed=SEED):
    session, kinds = new_game([{"dragon": "red", "player": "remote"},
                               {"dragon": "green", "player": "remote"},
                               {"dragon": None, "player": "random"}], seed=seed,
                              options={"target": 25, "round_cap": 5})
    core = HostCore(session, kinds, code="ABC234", auto_start=True)
    outs = hello(core, 1, "red") + hello(core, 2, "green")
    return core, outs


def play_out(core, outs, answers=100_000):
    """Answer for the remote seats (as their clients would) and let the host's AI move,
    collecting every message the host sends."""
    player, cids = RandomPlayer(5), {"red": 1, "green": 2}
    for _ in range(answers):
        if core.over:
            break
        dragon = core.match.pending.dragon
        if dragon in cids:
            msg = {"v": 1, "type": "answer", "answer": player.choose(core.match),
                   "decision": core.decision}
            outs += core.receive(cids[dragon], json.dumps(msg))
        else:
            outs += core.step_ai()
    return outs


def test_no_message_carries_the_seed_before_the_end_and_the_last_one_does():
    core, outs = hosted()
    assert core.session.replay_doc()["rng"] == "blake2b"
    outs = play_out(core, outs)
    assert core.match.finished
    digits = str(SEED)
    texts = [json.dumps(o.msg) for o in outs]
    first_over = next(i for i, o in enumerate(outs) if o.msg["type"] == "over")
    assert len(texts) > 50
    assert not [t for t in texts[:first_over] if digits in t]
    overs = [o.msg for o in outs if o.msg["type"] == "over"]
    assert {o.cid for o in outs if o.msg["type"] == "over"} == {1, 2}
    assert all(m["seed"] == SEED and m["reason"] == "finished" for m in overs)


def test_a_game_the_host_stops_keeps_its_seed():
    core, outs = hosted()
    outs = play_out(core, outs, answers=20)
    outs += core.end("the host left")
    assert not core.match.finished
    assert not [o for o in outs if str(SEED) in json.dumps(o.msg)]

"""Drops and rejoins (issue 23): a dropped player keeps the seat; the game waits with a
timer the host controls (wait, an AI takes the seat, or end); the player rejoins with
the token. A restarted host re-opens the game from its autosave and the seats rejoin.
HostCore alone, with a fake clock: no network, no sleeping."""

from __future__ import annotations

import json
import os

import pytest

from game.net.host import HostCore, new_game, read_side, side_file
from game.persistence.saves import autosaves_dir, game_id, load_save
from game.players import RandomPlayer


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def hello(core, cid, **fields):
    core.opened(cid)
    return core.receive(cid, json.dumps({"v": 1, "type": "hello", "code": "ABC234",
                                         **fields}))


def two_remote(on_drop="ai", data_dir=None, seed=2):
    session, kinds = new_game([{"dragon": "red", "player": "remote"},
                               {"dragon": "green", "player": "remote"}], seed=seed)
    clock = Clock()
    core = HostCore(session, kinds, code="ABC234", auto_start=True, drop_wait=60,
                    on_drop=on_drop, clock=clock, data_dir=data_dir)
    hello(core, 1, seat="red")
    hello(core, 2, seat="green")
    return core, clock


def types(outs):
    return [o.msg["type"] for o in outs]


def drop_the_mover(core):
    mover = core.match.pending.dragon
    cid = core.seats[mover].conn
    return mover, core.closed(cid)


def test_the_game_waits_then_an_ai_takes_the_seat_until_the_player_is_back():
    core, clock = two_remote("ai")
    mover, outs = drop_the_mover(core)
    waiting = [o.msg for o in outs if o.msg["type"] == "waiting"]
    assert waiting and waiting[0]["dragon"] == mover and waiting[0]["seconds"] == 60
    lobby = [o.msg for o in outs if o.msg["type"] == "lobby"][0]
    assert [s for s in lobby["seats"] if s["dragon"] == mover][0]["away"]
    assert core.waiting_for().dragon == mover and core.auto_player() is None
    clock.t += 59.5
    assert [o.msg["seconds"] for o in core.tick() if o.msg["type"] == "waiting"] == [1]
    assert core.auto_player() is None
    clock.t += 0.5
    core.tick()
    assert core.auto_player() is not None  # the stand-in AI
    before = core.decision
    while core.match.pending.dragon == mover and not core.over:
        core.step_ai()
    assert core.decision > before
    token = core.seats[mover].token
    outs = hello(core, 3, token=token)
    welcome = [o.msg for o in outs if o.msg["type"] == "welcome"][0]
    assert welcome["seat"] == mover and welcome["token"] == token
    assert core.seats[mover].standin is None and core.seats[mover].away_since is None
    state = [o.msg for o in outs if o.msg["type"] == "state" and o.cid == 3][0]
    assert state["decision"] == core.decision


def test_dropping_and_rejoining_over_and_over_does_not_hold_the_game_up():
    # each rejoin wound the drop clock back to a full wait: a player who dropped and
    # rejoined every few seconds stalled everyone, the stand-in never came
    core, clock = two_remote("ai")
    mover = core.match.pending.dragon
    token, decision, cid = core.seats[mover].token, core.decision, 10
    for _ in range(11):  # 11 drops of 6 s each: 66 s away at this decision
        core.closed(core.seats[mover].conn)
        clock.t += 6
        core.tick()
        if core.auto_player() is not None:
            break
        cid += 1
        hello(core, cid, token=token)
    assert core.auto_player() is not None and core.decision == decision
    assert clock.t - 1000.0 == 60  # after the one wait the policy gives, in all
    # a new decision brings a new wait
    while core.match.pending.dragon == mover and not core.over:
        core.step_ai()
    hello(core, cid + 1, token=token)
    assert core.seats[mover].standin is None


def test_the_host_can_wait_longer_or_end_the_game():
    core, clock = two_remote("wait")
    mover, _ = drop_the_mover(core)
    clock.t += 3600
    core.tick()
    assert core.waiting_for().dragon == mover and not core.over
    outs = core.wait_more(mover)
    assert [o.msg["seconds"] for o in outs] == [60]
    outs = core.end("the host ended the game")
    over = [o.msg for o in outs if o.msg["type"] == "over"]
    assert over and over[0]["reason"] == "the host ended the game" and core.over
    core2, clock2 = two_remote("end")
    drop_the_mover(core2)
    clock2.t += 61
    outs = core2.tick()
    assert core2.over and "did not come back" in core2.ended
    assert "over" in types(outs)


def test_a_new_connection_with_the_token_replaces_the_old_one():
    core, _ = two_remote()
    token = core.seats["red"].token
    outs = hello(core, 5, token=token)
    cut = [o for o in outs if o.cid == 1]
    assert cut and cut[0].close and cut[0].msg["type"] == "error"
    assert core.seats["red"].conn == 5
    assert core.closed(1) == []  # the old connection closing does not make red away
    assert core.seats["red"].away_since is None


def test_a_restarted_host_reopens_the_game_and_seats_rejoin(tmp_path):
    core, _ = two_remote(data_dir=tmp_path, seed=6)

    bot = RandomPlayer(1)
    while core.match.round < 3:  # play into round 3: an autosave at each round start
        core.session.submit(bot.choose(core.match))
        core._autosave(core.session.steps[-1].events)
    tokens = {d: s.token for d, s in core.seats.items()}
    side = side_file(tmp_path, game_id(core.session))
    doc = read_side(side)
    assert {d: s["token"] for d, s in doc["seats"].items()} == tokens
    newest = sorted(autosaves_dir(tmp_path).glob("autosave-*.json"))[-1]
    session = load_save(newest)
    assert session.snapshot() == core.session.snapshot()
    # the restarted host: seats from the side file, nobody connected yet
    again = HostCore(session, {d: s["kind"] for d, s in doc["seats"].items()},
                     code="ABC234", auto_start=True, tokens=tokens, clock=Clock())
    assert not again.seats_ready()
    out = hello(again, 1)  # a stranger cannot take a seat that has a player
    assert "no free seat" in out[0].msg["reason"]
    hello(again, 2, token=tokens["red"])
    assert not again.started
    outs = hello(again, 3, token=tokens["green"])
    assert again.started and again.seats["green"].conn == 3
    assert any(o.msg["type"] == "state" and o.msg["decision"] == core.decision for o in outs)


def test_a_bad_side_file_is_one_clear_line(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "narby-net-seats/1", "seats": {"red": {"kind": "wizard"}}}')
    with pytest.raises(ValueError, match="x.json: seat 'red' is malformed"):
        read_side(bad)
    bad.write_text("[")
    with pytest.raises(ValueError, match="cannot read"):
        read_side(bad)
    bad.write_text("[1]")
    with pytest.raises(ValueError, match="not a narby-net-seats/1 file"):
        read_side(bad)
    for hostile in ("[" * 200_000, b"\xff\xfe garbage"):  # nested without end, not text
        (bad.write_bytes if isinstance(hostile, bytes) else bad.write_text)(hostile)
        with pytest.raises(ValueError, match="cannot read"):
            read_side(bad)
    bad.unlink()
    os.mkfifo(bad)  # a pipe: refused, never read (reading would hang the Load screen)
    with pytest.raises(ValueError, match="cannot read"):
        read_side(bad)


def test_a_seat_left_in_the_lobby_of_a_new_game_is_free_again():
    session, kinds = new_game([{"dragon": "red", "player": "remote"},
                               {"dragon": "green", "player": "easy"}], seed=2)
    core = HostCore(session, kinds, code="ABC234")  # the window: the host starts it
    hello(core, 1, name="Ann")
    old = core.seats["red"].token
    core.closed(1)
    assert not core.seats["red"].claimed and core.seats["red"].token != old
    out = hello(core, 2, token=old)
    assert "unknown seat token" in out[0].msg["reason"]
    hello(core, 3, name="Bo")
    assert core.seats["red"].name == "Bo" and core.seats_ready()


def test_rejoining_an_ended_game_hears_the_result():
    core, _ = two_remote("end")
    core.end("the host ended the game")
    out = hello(core, 9, token=core.seats["red"].token)
    over = [o.msg for o in out if o.msg["type"] == "over" and o.cid == 9]
    assert over and over[0]["reason"] == "the host ended the game"

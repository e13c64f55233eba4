"""Issue 32: the Session path plays at bare Match speed. What its shortcuts rely on is
checked here: the dice count their uses (both generators), the pending dragon is known
without building the decision, the engine never changes an event once logged (the
session shares them), answers are kept as JSON keeps them, and games of computer seats
take no undo checkpoints."""

from __future__ import annotations

import json

import pytest

from game.decisions import IllegalAnswer
from game.dice import MT, STREAM, Dice
from game.json_shapes import as_json, copy_json
from game.match import Match
from game.players import RandomPlayer
from game.session import Session


@pytest.mark.parametrize("rng", [MT, STREAM])
def test_the_dice_count_every_roll_and_shuffle(rng):
    dice = Dice(5, script=[3], rng=rng)
    assert dice.uses == 0
    dice.roll(6)  # scripted
    dice.roll(20)  # drawn
    dice.shuffle([1, 2, 3])
    assert dice.uses == 3
    again = Dice.set_to(dice.state())
    assert again.uses == 0 and again.roll(6) == dice.roll(6)  # not part of the state


@pytest.mark.parametrize("rng", [MT, STREAM])
def test_rolled_is_true_exactly_when_the_generator_moved(rng):
    """The count says what the 625-word comparison said, answer by answer."""
    s = Session.new([{"player": "random"}] * 3, seed=11, rng=rng)
    player = RandomPlayer(11)
    for _ in range(400):
        if s.match.finished:
            break
        dice = s.match.dice
        before = (dice.rng.getstate(), len(dice.script))
        s.submit(player.choose(s.match))
        moved = (s.match.dice.rng.getstate(), len(s.match.dice.script)) != before
        assert s.steps[-1].rolled == moved
    assert any(step.rolled for step in s.steps) and not all(step.rolled for step in s.steps)


def test_the_deciding_dragon_is_the_pending_decisions():
    m = Match([None] * 4, seed=3)
    player = RandomPlayer(3)
    kinds = set()
    while not m.finished:
        pending = m.pending
        assert pending is not None
        assert m.deciding == pending.dragon
        kinds.add(pending.kind)
        m.submit(player.choose(m))
    assert m.deciding is None
    assert {"action", "react"} <= kinds


@pytest.mark.parametrize("seed", [1, 2])
def test_the_engine_never_changes_a_logged_event(seed):
    """The session keeps the match's own event dicts: true only while no event is
    changed after its answer returned."""
    s = Session.new([{"player": "random"}] * 4, seed=seed)
    player = RandomPlayer(seed)
    copies = []
    while not s.match.finished:
        copies.extend(copy_json(s.submit(player.choose(s.match))))
    assert s.events[-len(copies):] == copies
    assert Session.from_replay(s.replay_doc()).events == s.events


def test_the_answer_is_kept_as_its_file_holds_it():
    s = Session.new([{}, {}], seed=4)
    answer = next(a for a in s.match.legal_answers() if "to" in a)
    given = {**answer, "to": tuple(answer["to"])}
    s.submit(given)
    assert s.history == [json.loads(json.dumps(given))] and s.history[0] is not given
    given["to"] = (0, 0)  # the caller's dict is not the history's
    assert s.history[0]["to"] == list(answer["to"])


def test_an_answer_no_file_could_hold_is_refused_and_changes_nothing():
    s = Session.new([{}, {}], seed=4)
    before = s.snapshot()
    with pytest.raises(IllegalAnswer, match="an answer holds only words, numbers"):
        s.submit({"do": "end_turn", "note": {1, 2}})
    assert s.snapshot() == before and s.history == [] and not s.broken
    with pytest.raises(IllegalAnswer, match="an answer is a JSON object"):
        s.submit(["do", "end_turn"])  # type: ignore[arg-type]  # the match's own words


@pytest.mark.parametrize("value", [
    {"do": "move", "to": (1, 2)}, {"a": [1, {"b": (True, None, 1.5)}]}, {1: 2},
    [(), "x", 7], "text", None])
def test_as_json_equals_a_json_round_trip(value):
    assert repr(as_json(value)) == repr(json.loads(json.dumps(value)))


def test_a_game_of_computer_seats_takes_no_checkpoints_and_still_recovers():
    s = Session.new([{"player": "random"}] * 3, seed=6)
    player = RandomPlayer(6)
    while s.match.round < 4:
        s.submit(player.choose(s.match))
    assert s._checkpoints == {}  # noqa: SLF001
    before = s.snapshot()
    s.broken = True
    s.recover()  # replayed from the start
    assert s.snapshot() == before and not s.broken

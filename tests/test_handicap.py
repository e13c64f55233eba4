"""tools/handicap.py: the first entry's dragon gets its extra actions and bonus coins,
the others none, and the game is put back afterwards."""

from __future__ import annotations

import pytest

from game.match import STEPS
from game.players import RandomPlayer
from game.systems import turn_order
from tools import handicap, tournament

JOB = {"seats": ["easy", "easy", "easy"], "seed": 11, "game": 1, "map": None,
       "target": 40, "round_cap": 4, "budget": None, "time_limit": None}


def _play(extra: int, bonus: int):
    """A random game's favoured dragon, its bonus payments and each dragon's actions
    left after each action it spent."""
    with handicap.patched(extra, bonus):
        m, _, entry_of = tournament.setup_match(JOB)
        player = RandomPlayer(5)
        while not m.finished:
            m.submit(player.choose(m))
    favoured = next(d for d, e in entry_of.items() if e == 0)
    paid = [e for e in m.events if isinstance(e, dict) and e.get("type") == "coins"
            and e.get("reason") == "handicap"]
    actions_used: dict[str, list[int]] = {}
    for e in m.events:
        if isinstance(e, dict) and e.get("type") == "action":
            actions_used.setdefault(e["dragon"], []).append(e["actions_left"])
    m.close()
    return favoured, paid, actions_used


def test_extra_actions_go_to_the_first_entry_only():
    favoured, paid, used = _play(2, 0)
    assert not paid
    # an action spent from 5 leaves at most 4: only the favoured dragon ever has 4 left
    assert max(used[favoured]) == 4
    assert all(max(left) <= 2 for d, left in used.items() if d != favoured)


def test_bonus_coins_are_paid_each_tribute_phase_to_the_first_entry():
    favoured, paid, used = _play(0, 3)
    assert paid and {(e["to"], e["amount"]) for e in paid} == {(favoured, 3)}
    assert all(max(left) <= 2 for left in used.values())


def test_the_game_is_put_back():
    steps, start = dict(STEPS), turn_order.start_turn
    setup = tournament.setup_match
    _play(1, 1)
    assert steps == STEPS and turn_order.start_turn is start
    assert tournament.setup_match is setup


def test_bad_arguments_get_one_line():
    for argv in ([], ["--extra-actions", "-1"],
                 ["--bonus-coins", "1", "--", "--seats", "hard,hard", "--jobs", "2"],
                 ["--extra-actions", "1", "--", "--jobs=2"]):
        with pytest.raises(SystemExit) as exc:
            handicap.main(argv)
        assert "handicap:" in str(exc.value)

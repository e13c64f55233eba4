"""Sessions (a match plus its history), replay documents and undo (P35)."""

from __future__ import annotations

import pytest

from game import match as match_mod
from game import session as session_mod
from game.decisions import IllegalAnswer
from game.match import Match
from game.persistence.replay_file import ReplayError
from game.players import RandomPlayer
from game.resources import maps_dir
from game.session import Session, SessionError, UndoError, is_boundary
from game.systems import rolls
from tests.helpers import state_doc

RED_AT = (5, 5)
NEXT = (7, 5)
FAR = (15, 15)
AWAY = (12, 1)


def scene(dragons, *, dice=(), players=None, **kw) -> Session:
    """A session starting from a hand-written position (Red acts first), scripted dice."""
    seats = [{"player": (players or {}).get(d, "human")} for d in dragons]
    return Session.from_replay({"format": "narby-replay/1", "map": None, "seed": 0,
                                "start": state_doc(dragons, **kw), "dice": list(dice),
                                "seats": seats, "decisions": []})


def duel(**kw) -> Session:
    """Red next to Blue (an attack is possible), Red next to an unclaimed town at NEXT."""
    return scene({"red": dict(at=RED_AT, coins=5), "blue": dict(at=(5, 7), coins=5)},
                 settlements=[("town", NEXT, None)], **kw)


def play(s: Session, n: int, seed: int = 0) -> None:
    player = RandomPlayer(seed)
    for _ in range(n):
        if s.match.finished:
            return
        s.submit(player.choose(s.match))


# ===== building sessions =================================================================


def test_new_session_records_players_by_dragon_and_a_seed():
    s = Session.new([{"dragon": "red", "player": "human"}, {"player": "hard"},
                     {"dragon": "gold", "player": "random"}])
    assert isinstance(s.seed, int)
    names = s.dragons
    assert names[0] == "red" and names[2] == "gold"
    assert s.players == {"red": "human", names[1]: "hard", "gold": "random"}
    doc = s.replay_doc()
    assert doc["format"] == "narby-replay/1" and doc["decisions"] == []
    assert doc["seats"][1] == {"dragon": None, "player": "hard"}  # R6 draw kept as a draw


@pytest.mark.parametrize("seats, words", [
    ([{"player": "robot"}, {}], "unknown player kind"),
    ([{"dragon": "puce"}, {}], "unknown dragon"),
    ([{}], "2 to 8 dragons"),
    (["red", "blue"], "a seat is an object"),
])
def test_bad_seats_are_refused_with_a_reason(seats, words):
    with pytest.raises(SessionError, match=words):
        Session.new(seats, seed=1)


def test_shipped_map_is_named_relative_to_the_game_folder():
    s = Session.new([{}, {}], seed=2, map_path=str(maps_dir() / "riverfell.tmx"))
    assert s.replay_doc()["map"] == "maps/riverfell.tmx"
    assert s.board.title != "Open Plain"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replay_doc_reproduces_the_game_exactly(seed):
    s = Session.new([{}] * 4, seed=seed)
    play(s, 150, seed)
    twin = Session.from_replay(s.replay_doc())
    assert twin.snapshot() == s.snapshot()
    assert twin.events == s.events
    assert twin.history == s.history
    assert twin._checkpoints == s._checkpoints  # the same round-start snapshots


def test_a_long_history_is_checkpointed_only_near_its_end(monkeypatch):
    monkeypatch.setattr(session_mod, "CHECKPOINT_ROUNDS", 1)  # every round start
    s = Session.new([{}] * 3, seed=4)
    play(s, 200, 4)
    monkeypatch.setattr(session_mod, "CHECKPOINT_HORIZON", 40)
    twin = Session.from_replay(s.replay_doc())
    assert twin._checkpoints and set(twin._checkpoints) <= set(s._checkpoints)
    assert max(twin._checkpoints) == max(s._checkpoints)
    assert min(twin._checkpoints) >= len(s.history) - 40
    play(twin, 60, 5)  # and every round start is checkpointed again from here on
    assert len(twin._checkpoints) == session_mod.CHECKPOINTS_KEPT


def test_history_only_holds_accepted_answers():
    s = duel()
    with pytest.raises(IllegalAnswer):
        s.submit({"do": "move", "to": [99, 99]})
    assert s.history == [] and s.can_undo() == (False, "Nothing to undo yet")


def test_an_illegal_decision_in_a_replay_names_its_index():
    s = duel()
    doc = s.replay_doc()
    doc["decisions"] = [{"do": "end_turn"}, {"do": "fly"}]
    with pytest.raises(ReplayError, match=r"decision 1 \(Blue"):
        Session.from_replay(doc, where="x.json")


# ===== undo: what may be taken back ======================================================


def test_undo_after_a_move_restores_the_position():
    s = duel()
    before = s.snapshot()
    s.submit({"do": "move", "to": [5, 4]})
    ok, reason = s.can_undo()
    assert ok and reason == "Undo Red's Move to (6, 5)"
    assert s.undo() == {"do": "move", "to": [5, 4]}
    assert s.snapshot() == before and s.history == [] and s.events == []


@pytest.mark.parametrize("answer", [
    {"do": "gamble", "at": [4, 5]},
    {"do": "claim", "at": list(NEXT)},
])
def test_undo_after_a_gamble_or_a_claim_without_a_roll(answer):
    s = duel()
    before = s.snapshot()
    s.submit(answer)
    assert s.can_undo()[0]
    s.undo()
    assert s.snapshot() == before


def test_undo_goes_back_step_by_step_to_the_start_of_the_turn():
    s = duel()
    start = s.snapshot()
    s.submit({"do": "claim", "at": list(NEXT)})
    after_claim = s.snapshot()
    s.submit({"do": "abandon", "at": list(NEXT)})  # P3: the ring's cell
    s.undo()
    assert s.snapshot() == after_claim
    s.undo()
    assert s.snapshot() == start
    assert s.can_undo() == (False, "Nothing to undo yet")


def test_undo_is_refused_after_a_roll_with_the_reason():
    s = duel(dice=[15, 4])
    s.submit({"do": "gamble", "at": [4, 5]})
    s.submit({"do": "attack", "dragon": "blue"})
    assert s.can_undo() == (False, "Nothing to undo: the die has been rolled for Red's attack")
    with pytest.raises(UndoError, match="rolled for Red's attack"):
        s.undo()
    assert len(s.history) == 2


def test_undo_is_refused_across_another_dragons_decision():
    # Red's destroy of Blue's town asks Blue (Pearlthorn Castle) before any roll.
    s = scene({"red": dict(at=RED_AT, coins=5), "blue": dict(at=FAR, rings=8)},
              settlements=[("town", NEXT, "blue")],
              places=[("pearlthorn_castle", AWAY, "blue")], dice=[20])
    s.submit({"do": "destroy", "at": list(NEXT)})
    assert s.match.pending.dragon == "blue"
    assert s.can_undo() == (False, "Nothing to undo: Red has decided since Blue's last answer")
    s.submit({"react": "pearlthorn_castle"})  # cancelled: no roll at all
    assert s.match.pending.dragon == "red"
    assert s.can_undo() == (False, "Nothing to undo: Blue has decided since Red's last answer")


def test_undo_is_refused_once_the_turn_has_passed():
    s = duel()
    s.submit({"do": "end_turn"})
    assert s.can_undo() == (False, "Nothing to undo: Blue's turn has only just begun")


def test_a_die_rolled_before_its_roll_event_blocks_undo(monkeypatch):
    # A post-roll window that asks the roller itself (as a card like Trickster will): the
    # die is rolled by Red's own answer, but its `roll` event waits for Red's reaction.

    monkeypatch.setattr(rolls, "ROLL_SOURCES", (
        lambda m, name, roll: ["blade_miller"] if name == roll["dragon"] == "red"
        and "blade_miller" not in m.powers_used else [],))
    s = scene({"red": dict(at=RED_AT, coins=5), "blue": dict(at=FAR, rings=9)},
              settlements=[("town", NEXT, None)], places=[("blade_miller", AWAY, "red")],
              dice=[16])
    s.submit({"do": "destroy", "at": list(NEXT)})
    step = s.steps[-1]
    assert (s.match.pending.dragon, s.match.pending.kind) == ("red", "react")
    assert step.rolled and not any(e["type"] == "roll" for e in step.events)
    assert s.can_undo() == (False, "Nothing to undo: the die has been rolled for Red's destroy")


@pytest.mark.parametrize("kind", ["draw", "deal", "card_drawn", "card_played", "cards_dealt"])
def test_card_events_block_undo(kind):
    # Power cards land later; any event drawing, dealing or playing a card is a boundary.
    assert is_boundary({"type": kind})
    s = duel()
    s.submit({"do": "move", "to": [5, 4]})
    s.steps[-1].events.append({"type": kind, "dragon": "red"})
    ok, reason = s.can_undo()
    assert not ok and "card" in reason


def test_plain_events_are_not_boundaries():
    for kind in ("move", "claim", "gamble", "unclaim", "action", "coins", "power"):
        assert not is_boundary({"type": kind})


def test_a_computer_seat_cannot_undo():
    s = duel(players={"red": "normal"})
    s.submit({"do": "move", "to": [5, 4]})
    assert s.can_undo() == (False, "Nothing to undo while Red (computer) is deciding")


def test_nothing_to_undo_when_the_game_is_over():
    s = Session.new([{}, {}], seed=4, options={"round_cap": 2})
    play(s, 10_000, 4)
    assert s.match.finished
    assert s.can_undo() == (False, "Nothing to undo: the game is over")


# ===== undo is exact: replaying the history ============================================


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_undo_then_resubmit_reproduces_the_same_snapshot(seed):
    """Through whole random games: wherever undo is allowed, undo every answer it allows,
    then give them again; the position and the log are identical each time."""
    s = Session.new([{}] * 3, seed=seed, options={"round_cap": 12})
    player = RandomPlayer(seed)
    undone_total = 0
    while not s.match.finished:
        if s.can_undo()[0]:
            snap, events, history = s.snapshot(), list(s.events), list(s.history)
            taken = []
            while s.can_undo()[0]:
                taken.append(s.undo())
            undone_total += len(taken)
            for answer in reversed(taken):
                s.submit(answer)
            assert s.snapshot() == snap
            assert s.events == events and s.history == history
        s.submit(player.choose(s.match))
    assert undone_total > 10
    assert Session.from_replay(s.replay_doc()).snapshot() == s.snapshot()


def test_undo_rebuilds_from_the_round_checkpoint(monkeypatch):
    s = Session.new([{}] * 3, seed=8)
    player = RandomPlayer(8)
    while not (s.match.round >= 6 and s.can_undo()[0]):
        s.submit(player.choose(s.match))
    assert s._checkpoints  # taken at round starts
    restored = []
    real = Match.restore_trusted  # undo restores its own checkpoints, unchecked
    monkeypatch.setattr(Match, "restore_trusted", classmethod(
        lambda cls, doc, **kw: restored.append(doc["round"]) or real(doc, **kw)))
    answer = s.history[-1]
    s.undo()
    # from the last checkpointed round start, not from setup
    assert restored == [s.match.round - s.match.round % session_mod.CHECKPOINT_ROUNDS]
    full = Session.from_replay(s.replay_doc())
    assert full.snapshot() == s.snapshot() and full.events == s.events
    s.submit(answer)


def test_round_starts_are_checkpointed_every_few_rounds_only():
    # a snapshot costs as much as a round of a small game (issue 32: Session speed)
    s = Session.new([{}] * 3, seed=8)
    play(s, 400, 8)
    rounds = {doc["round"] for doc in s._checkpoints.values()}
    assert rounds and all(r % session_mod.CHECKPOINT_ROUNDS == 0 for r in rounds)


def test_only_a_few_checkpoints_are_kept():
    s = Session.new([{}, {}], seed=9, options={"round_cap": 30, "target": 500})
    play(s, 100_000, 9)
    assert 0 < len(s._checkpoints) <= session_mod.CHECKPOINTS_KEPT


def test_an_engine_failure_marks_the_session_broken_and_keeps_the_history(monkeypatch):
    s = duel()
    s.submit({"do": "move", "to": [5, 4]})

    def boom(*a, **k):
        raise RuntimeError("engine bug")
    monkeypatch.setitem(match_mod.DECISIONS, "action",
                        match_mod.DECISIONS["action"]._replace(answer=boom))
    with pytest.raises(RuntimeError):
        s.submit({"do": "end_turn"})
    assert s.broken and s.history == [{"do": "move", "to": [5, 4]}]
    with pytest.raises(SessionError, match="internal error"):
        s.submit({"do": "end_turn"})

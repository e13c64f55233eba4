"""Crafted flow stacks (issue 29.6): sound snapshots taken at each kind of decision, and
ways to spoil their stack that no game reaches. Generated at run time, never kept."""

from __future__ import annotations

import copy
from collections.abc import Callable

from game.match import Match
from game.players import RandomPlayer
from game.tables import CARDS
from tests.test_random_games import crowded_start

# The last three steps of a stack (the decision on top), for each decision to spoil.
WANTED = ("tribute_phase/turns/action", "action/act/react", "act/roll/modify",
          "act/roll/react", "tribute/roll/modify", "tribute/roll/react",
          "end_check/tribute/lose_claim", "settlement/dice/react", "chest_move/dice/react",
          "action_phase/chest_move/choose_place")


def signature(doc: dict) -> str:
    return "/".join(f["step"] for f in doc["stack"][-3:]) if doc["stack"] else "finished"


def sound_positions() -> dict[str, dict]:
    """A snapshot at each WANTED decision, from seeded random games: the crowded board
    with cards (reactions, modifiers, tribute) and plain 3-dragon games (a chosen place)."""
    found: dict[str, dict] = {}
    games = [lambda s: crowded_start(s, tuple(CARDS[(s + k * 7) % 20] for k in range(3)))
             ] * 40 + [lambda s: Match([None] * 3, seed=s)] * 40
    for seed, make in enumerate(games):
        m = make(seed % 40)
        player = RandomPlayer(seed)
        while not m.finished and len(found) < len(WANTED):
            doc = m.snapshot()
            found.setdefault(signature(doc), doc)
            m.submit(player.choose(m))
        m.close()
        if all(w in found for w in WANTED):
            break
    missing = [w for w in WANTED if w not in found]
    assert not missing, f"no game reached {missing}"
    return {w: found[w] for w in WANTED}


def _set(depth: int, /, **fields):
    """Set fields of the frame `depth` from the top (1: the top)."""
    return lambda d: d["stack"][-depth].update(fields)


def _drop(depth: int, key: str):
    return lambda d: d["stack"][-depth].pop(key)


def _dice(i: int, **fields):
    return lambda d: d["stack"][-2]["dice"][i].update(fields)


def _deep(d, frames: int = 200):
    d["stack"][-3:-3] = [{"step": "settlement", "k": 0}] * (frames - len(d["stack"]))


def _round_trip(d):
    """turns/action pairs, 200 frames deep (the old limit: what it let in)."""
    d["stack"][2:2] = [{"step": "turns", "i": 1}, {"step": "action", "dragon": d["turn"]}] * 98


def _bare_act_under_action(d):
    """Issue 29.6's case: a bare act frame with no decision, under a valid action."""
    d["stack"][-1:-1] = [{"step": "act"}]


def _act_on_top(d):
    d["stack"].append({"step": "act", "dragon": d["turn"], "do": "attack", "answer": {},
                       "stage": "cancel", "i": 0})


def _act_at_empty_cell(d):
    """A declared claim or destroy at a cell with nothing on it (its result would fail)."""
    act = d["stack"][-2]
    taken = {tuple(p["at"]) for p in d["settlements"]} | {tuple(d["chest"]["at"] or ())}
    for p in d["places"] + list(d["dragons"].values()):
        c, r = p["at"]
        taken |= {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)}
    cell = next([c, r] for r in range(20) for c in range(20) if (c, r) not in taken)
    if act["do"] in ("claim", "claim_settlement", "destroy"):
        act["answer"]["at"] = cell
    else:  # an attack or theft: aimed at a dragon far away instead
        act["answer"]["dragon"] = next(n for n in d["dragons"] if n != act["dragon"])
        act["answer"] = {"do": "claim", "at": cell}
        act["do"] = "claim"
    d["stack"][-1]["about"]["answer"] = act["answer"]  # the reaction tells the same lie


def _rotate_dice_order(d):
    """Another order of the same dragons, the one asked still at the counter."""
    dice, react = d["stack"][-2], d["stack"][-1]
    order = [n for n in dice["order"] if n != react["dragon"]]
    order = order[1:] + order[:1]
    order.insert(dice["i"], react["dragon"])
    dice["order"] = order


def _other_seat(d, name):
    return next(n for n in d["dragons"] if n != name)


def _unseated(d):
    return next(n for n in ("white", "black", "iron", "purple") if n not in d["dragons"])


# name -> (position, spoil): each result must be refused in one plain line.
BAD: dict[str, tuple[str, Callable[[dict], object]]] = {
    # the stack's shape
    "bare-act-under-action": ("tribute_phase/turns/action", _bare_act_under_action),
    "act-without-decision": ("tribute_phase/turns/action", _act_on_top),
    "act-below-turns": ("tribute_phase/turns/action",
                        lambda d: d["stack"].insert(2, {"step": "act"})),
    "stack-200-deep": ("settlement/dice/react", _deep),
    "stack-16-deep": ("settlement/dice/react", lambda d: _deep(d, 16)),
    "turns-100-times": ("tribute_phase/turns/action", _round_trip),
    "unknown-kind": ("tribute_phase/turns/action",
                     lambda d: d["stack"].insert(1, {"step": "teleport"})),
    "round-frame": ("tribute_phase/turns/action",
                    lambda d: d["stack"].insert(1, {"step": "round"})),
    "step-number": ("tribute_phase/turns/action", lambda d: d["stack"].insert(1, {"step": 4})),
    "frame-list": ("tribute_phase/turns/action", lambda d: d["stack"].insert(1, [1])),
    "no-bottom": ("tribute_phase/turns/action", lambda d: d["stack"].pop(0)),
    "empty-unfinished": ("tribute_phase/turns/action", lambda d: d.update(stack=[])),
    "finished-with-stack": ("tribute_phase/turns/action",
                            lambda d: d.update(finished=True, phase="finished", winner="red",
                                               pending=None)),
    "phase-mismatch": ("tribute_phase/turns/action", lambda d: d.update(phase="tribute")),
    "populate-with-turn": ("settlement/dice/react",
                           lambda d: d.update(turn=d["order"][0], actions_left=3)),
    "order-short": ("tribute_phase/turns/action",
                    lambda d: d.update(order=[d["turn"]])),
    # counters past the seats
    "round-past-cap": ("tribute_phase/turns/action", lambda d: d.update(round=900)),
    "round-zero": ("tribute_phase/turns/action", lambda d: d.update(round=0)),
    "turns-past-seats": ("tribute_phase/turns/action", _set(2, i=9)),
    "turns-huge": ("tribute_phase/turns/action", _set(2, i=10**30)),
    "turns-zero": ("tribute_phase/turns/action", _set(2, i=0)),
    "turns-wrong-dragon": ("tribute_phase/turns/action", lambda d: d["stack"][-2].update(
        i=d["order"].index(_other_seat(d, d["turn"])) + 1)),
    "tribute-past-seats": ("end_check/tribute/lose_claim", _set(2, i=12)),
    "settlement-k-past": ("settlement/dice/react", _set(3, k=40)),
    "dice-i-past": ("settlement/dice/react", _set(2, i=8)),
    "act-i-huge": ("action/act/react", _set(2, i=10**9)),
    "roll-i-negative": ("act/roll/react", _set(2, i=-1)),
    "actions-none-left": ("tribute_phase/turns/action", lambda d: d.update(actions_left=0)),
    # garbage dice frames
    "dice-d6": ("settlement/dice/react", _dice(0, die=6)),
    "dice-face-0": ("settlement/dice/react", _dice(0, face=0)),
    "dice-face-off-die": ("settlement/dice/react", _dice(1, face=21)),
    "dice-face-string": ("settlement/dice/react", _dice(0, face="3")),
    "dice-face-float": ("settlement/dice/react", _dice(0, face=3.0)),
    "dice-face-bool": ("settlement/dice/react", _dice(0, face=True)),
    "dice-face-huge": ("settlement/dice/react", _dice(0, face=10**30)),
    "dice-none": ("settlement/dice/react", _set(2, dice=[])),
    "dice-not-list": ("settlement/dice/react", _set(2, dice="col 5, row 5")),
    "dice-purpose": ("settlement/dice/react", _set(2, purpose="chest")),
    "dice-mod-junk": ("settlement/dice/react", _dice(0, mods=[["trickster", 7]])),
    "dice-order-junk": ("settlement/dice/react", _set(2, order=["red", "red", "red"])),
    "dice-order-rotated": ("settlement/dice/react", _rotate_dice_order),
    "dice-extra-die": ("chest_move/dice/react", lambda d: d["stack"][-2]["dice"].append(
        dict(d["stack"][-2]["dice"][0]))),
    "roll-face-21": ("act/roll/react", _set(2, face=21)),
    "roll-face-float": ("act/roll/react", _set(2, face=12.5)),
    "roll-face-bool": ("act/roll/react", _set(2, face=True)),
    "roll-face-before-roll": ("act/roll/modify", _set(2, face=7)),
    "roll-stage-junk": ("act/roll/react", _set(2, stage="later")),
    "roll-chart-junk": ("act/roll/react", _set(2, chart="lottery")),
    "roll-mods-huge": ("act/roll/react", _set(2, mods=[["fighter", 10**9]])),
    # a tribute frame without its dragon (R31), and its kin
    "tribute-without-dragon": ("tribute/roll/modify", _drop(3, "dragon")),
    "tribute-without-dragon-react": ("tribute/roll/react", _drop(3, "dragon")),
    "tribute-without-results": ("tribute/roll/modify", _drop(3, "results")),
    "tribute-results-junk": ("tribute/roll/modify", _set(3, results=[{"total": 5}])),
    "tribute-other-dragon": ("tribute/roll/modify",
                             lambda d: d["stack"][-3].update(dragon=_other_seat(
                                 d, d["stack"][-3]["dragon"]))),
    "tribute-roll-not-tribute": ("tribute/roll/modify", _set(2, purpose="steal")),
    "lose-claim-good-roll": ("end_check/tribute/lose_claim", _set(1, roll=12)),
    "lose-claim-cells-strings": ("end_check/tribute/lose_claim",
                                 _set(1, choices=["a1", "b2"])),
    "lose-claim-one-choice": ("end_check/tribute/lose_claim",
                              lambda d: d["stack"][-1].update(
                                  choices=d["stack"][-1]["choices"][:1])),
    "lose-claim-off-board": ("end_check/tribute/lose_claim",
                             _set(1, choices=[[0, 0], [99, 99]])),
    # missing and extra fields
    "action-without-dragon": ("tribute_phase/turns/action", _drop(1, "dragon")),
    "action-extra-field": ("tribute_phase/turns/action", _set(1, cheat=True)),
    "react-without-options": ("action/act/react", _drop(1, "options")),
    "react-without-about": ("act/roll/react", _drop(1, "about")),
    "roll-without-face": ("act/roll/react", _drop(2, "face")),
    "act-without-answer": ("action/act/react", _drop(2, "answer")),
    "act-cancelled": ("action/act/react", _set(2, cancelled=True)),
    "choose-place-extra": ("action_phase/chest_move/choose_place", _set(1, places=["x"])),
    "modify-without-purpose": ("act/roll/modify", _drop(1, "purpose")),
    # wrong types and values everywhere
    "turns-bool": ("tribute_phase/turns/action", _set(2, i=True)),
    "turns-float": ("tribute_phase/turns/action", _set(2, i=1.0)),
    "turns-string": ("tribute_phase/turns/action", _set(2, i="1")),
    "action-dragon-list": ("tribute_phase/turns/action", _set(1, dragon=["red"])),
    "react-unseated": ("action/act/react", lambda d: d["stack"][-1].update(
        dragon=_unseated(d))),
    "react-out-of-turn": ("action/act/react", lambda d: d["stack"][-1].update(
        dragon=d["stack"][-2]["dragon"])),
    "react-window-wrong": ("act/roll/react", _set(1, window="cancel")),
    "react-card-not-held": ("act/roll/react", _set(1, options=["trickster", "defender"])),
    "react-options-junk": ("act/roll/react", _set(1, options=[5])),
    "react-about-lies": ("act/roll/react",
                         lambda d: d["stack"][-1]["about"].update(face=20)),
    "modify-other-dragon": ("act/roll/modify", lambda d: d["stack"][-1].update(
        dragon=_other_seat(d, d["stack"][-1]["dragon"]))),
    "modify-options-unheld": ("act/roll/modify", _set(1, options=["governor"])),
    "act-answer-cell-string": ("action/act/react",
                               lambda d: d["stack"][-2]["answer"].update(at="5,5")),
    "act-do-end-turn": ("action/act/react", _set(2, do="end_turn")),
    "act-other-actor": ("action/act/react", lambda d: d["stack"][-2].update(
        dragon=_other_seat(d, d["turn"]))),
    "act-target-empty": ("action/act/react", _act_at_empty_cell),
    "act-rolls-junk": ("act/roll/react", _set(3, rolls=[{"purpose": "steal"}])),
    "act-results-full": ("act/roll/react", lambda d: d["stack"][-3].update(
        results=[{"purpose": "x"}] * 5)),
    "choose-place-not-poorest": ("action_phase/chest_move/choose_place",
                                 lambda d: d["stack"][-1].update(dragon=_other_seat(
                                     d, d["stack"][-1]["dragon"]))),
    # a pending that disagrees with the stack
    "pending-other-dragon": ("tribute_phase/turns/action", lambda d: d["pending"].update(
        dragon=_other_seat(d, d["pending"]["dragon"]))),
    "pending-other-kind": ("act/roll/react", lambda d: d["pending"].update(kind="action")),
    "pending-none": ("act/roll/modify", lambda d: d.update(pending=None)),
    "pending-junk": ("act/roll/modify", lambda d: d.update(pending=[1])),
}


def bad_flow_docs(positions: dict[str, dict]) -> dict[str, dict]:
    """name -> the spoiled state document."""
    out = {}
    for name, (where, spoil) in BAD.items():
        doc = copy.deepcopy(positions[where])
        spoil(doc)
        out[name] = doc
    return out

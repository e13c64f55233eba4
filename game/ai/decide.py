"""Answering each kind of decision, per level (game.ai.choose is the door).

Every handler reads only the seat view. Legal answers come from a determinized copy of
the view (game.view.determinize): its hidden parts are invented from the seed, which
changes nothing the seat can see, so legality is exact and the choice honest.

- action:       Easy one ply with noise and blunders; Normal and Hard search the turn
                (game.ai.search) with different widths and budgets.
- modify:       own pre-roll modifiers (places) are used; unknown options: generic.
- react:        a cancel is used when the action would cost more than the power's
                worth; a roll modifier when, with the die known, it changes the result
                in the reactor's favour; unknown options: generic.
- lose_claim:   the claim whose loss lowers the value least.
- choose_place: the place whose power is worth most to the chooser.
- anything else (cards, future kinds): `generic` — each answer is played on
  determinized copies and the positions that follow are valued.
"""

from __future__ import annotations

import math
import random
import time

from game.ai.evaluate import POWER_VALUE, Evaluator
from game.ai.model import Pos, destroy_chart, destroy_outcomes, from_view, row_result
from game.ai.search import OutOfBudget, TurnSearch, apply_power, thaw, to_action
from game.tables import UNDEAD_HOME

LEVEL_SETTINGS = {
    # noise: the spread (coins) of Easy's misjudgement; blunder: chance of a random answer
    "easy": {"search": False, "noise": 1.5, "blunder": 0.12,
             "params": {"gamma": 0.3, "danger": 0.0, "attack_threat": 0.0, "loss": 0.0,
                        "lead_weight": 0.2, "other_weight": 0.2}},
    "normal": {"search": True, "width": 4, "deep_width": 3, "budget": 4000, "time": None,
               "params": {}},
    "hard": {"search": True, "width": 8, "deep_width": 5, "budget": 60000, "time": 0.9,
             "params": {}},
}
GENERIC_CAP = 12  # answers tried by the generic handler (a seeded sample beyond that)
GENERIC_SAMPLES = 2
CANCEL_KEEP = 0.3  # worth of keeping a once-a-round cancel for later


class Ctx:
    """One decision: the view, the board, the seeded generator and the legal answers."""

    def __init__(self, view: dict, board, level: str, seed: int, budget, time_limit):
        self.view, self.board, self.level, self.seed = view, board, level, seed
        self.cfg = LEVEL_SETTINGS[level]
        self.rng = random.Random(seed)
        self.pending = view.get("pending") or {}
        self.me = self.pending.get("dragon")
        self.budget = budget if budget is not None else self.cfg.get("budget", 0)
        limit = time_limit if time_limit is not None else (
            self.cfg.get("time") if budget is None else None)
        self.deadline = time.perf_counter() + limit if limit else None
        self._legal = None
        self._pos = None
        self._ev = None

    def legal(self) -> list[dict]:
        if self._legal is None:
            from game.view import determinize

            m = determinize(self.view, self.seed, board=self.board)
            try:
                self._legal = m.legal_answers()
            finally:
                m.close()
        return self._legal

    @property
    def pos(self) -> Pos:
        if self._pos is None:
            self._pos = from_view(self.view, self.board, self.me)
        return self._pos

    @property
    def ev(self) -> Evaluator:
        if self._ev is None:
            self._ev = Evaluator(self.pos, self.cfg["params"])
        return self._ev

    def random_legal(self) -> dict:
        """A random legal answer, choosing the kind first (as game.players does)."""
        from game.players import answer_kind

        groups: dict = {}
        for a in self.legal():
            groups.setdefault(answer_kind(a), []).append(a)
        return self.rng.choice(groups[self.rng.choice(sorted(groups))])

    def blunders(self) -> bool:
        return self.rng.random() < self.cfg.get("blunder", 0.0)


def decide(ctx: Ctx) -> dict:
    kind = ctx.pending.get("kind")
    if ctx.blunders():
        return ctx.random_legal()
    handler = HANDLERS.get(kind, generic)
    return handler(ctx)


# ----- actions ------------------------------------------------------------------------------
def action(ctx: Ctx) -> dict:
    legal = ctx.legal()
    if len(legal) == 1:
        return legal[0]
    pos = ctx.pos
    k = ctx.view.get("actions_left", pos.actions)
    if not ctx.cfg["search"]:
        return _easy_action(ctx, legal, pos, k)
    search = TurnSearch(pos, ctx.cfg["params"], width=ctx.cfg["width"],
                        deep_width=ctx.cfg["deep_width"], budget=ctx.budget,
                        deadline=ctx.deadline)
    search.ev = ctx.ev
    known, unknown = [], []
    for a in legal:
        t = to_action(a)
        (known if t is not None else unknown).append((a, t))
    moves = sorted((x for x in known if x[1][0] == "move"),
                   key=lambda x: (-search.spot(x[1][1]), x[1][1]))[:ctx.cfg["width"]]
    powers: dict = {}
    for x in known:
        if x[1][0] == "power":
            powers.setdefault(x[1][1], []).append(x)
    picked_powers = []
    for group in powers.values():
        group.sort(key=lambda x: -_power_quick(search, pos, x[1]))
        picked_powers.extend(group[:2])
    others = [x for x in known if x[1][0] not in ("move", "power")]
    order = sorted(others, key=lambda x: x[1][0] != "end") + picked_powers + moves
    best, best_v = None, -math.inf
    base = None
    for a, t in order:
        try:
            v = search.score(pos, t, k)
        except OutOfBudget:
            break
        if t[0] == "end":
            base = v
        if v > best_v + 1e-9:
            best, best_v = a, v
    if unknown:
        here = ctx.ev.value(pos)
        for a, v in _generic_values(ctx, [a for a, _ in unknown]):
            v = best_v + (v - here) if base is not None else v
            if v > best_v + 1e-9:
                best, best_v = a, v
    return best if best is not None else {"do": "end_turn"}


def _power_quick(search: TurnSearch, pos: Pos, act) -> float:
    child, extra = apply_power(pos, search.me, thaw(act[2]))
    return search.ev.value(child) + 3.0 * extra


def _easy_action(ctx: Ctx, legal, pos: Pos, k: int) -> dict:
    """One ply: each answer's expected value right after it, misjudged by noise."""
    search = TurnSearch(pos, ctx.cfg["params"])
    search.ev = ctx.ev
    noise = ctx.cfg["noise"]
    best, best_v = None, -math.inf
    unknown = []
    for a in legal:
        t = to_action(a)
        if t is None:
            unknown.append(a)
            continue
        if t[0] == "end":
            v = ctx.ev.value(pos) - 0.5 * k  # Easy dislikes wasting actions
        elif t[0] == "power":
            child, extra = apply_power(pos, ctx.me, thaw(t[2]))
            v = ctx.ev.value(child) + extra
        else:
            v = sum(p * ctx.ev.value(c) for p, c in search.outcomes(pos, t))
        v += ctx.rng.gauss(0.0, noise)
        if v > best_v:
            best, best_v = a, v
    for a, v in _generic_values(ctx, unknown[:4]):
        v += ctx.rng.gauss(0.0, noise)
        if v > best_v:
            best, best_v = a, v
    return best


# ----- own modifiers and reactions ---------------------------------------------------------
KNOWN_MODIFIERS = ("arch_of_triumph", "chrysotas_chapel", "soul_mine")


def modify(ctx: Ctx) -> dict:
    legal = ctx.legal()
    for a in legal:
        if a.get("power") in KNOWN_MODIFIERS:
            return a  # a place's bonus on its holder's own roll is never a loss
    return generic(ctx)


def react(ctx: Ctx) -> dict:
    legal = ctx.legal()
    window = ctx.pending.get("window")
    known = [a for a in legal if a.get("react") in ("pearlthorn_castle", "soulwash_temple",
                                                    "blade_miller")]
    if not known or len(known) + 1 != len(legal):
        return generic(ctx)
    if window == "cancel":
        return _cancel(ctx, known)
    return _roll_reaction(ctx, known)


def _cancel(ctx: Ctx, known) -> dict:
    act = dict(ctx.pending["action"])
    actor = act.pop("dragon")
    if "target" in act:
        act["dragon"] = act.pop("target")
    t = to_action(act)
    pos = ctx.pos
    if t is None:
        return generic(ctx)
    # The attack-threat term is left out: it prices this very attack.
    ev = Evaluator(pos, {**ctx.cfg["params"], "attack_threat": 0.0})
    search = TurnSearch(pos, ctx.cfg["params"])
    happens = sum(p * ev.value(c) for p, c in search.outcomes(pos, t, actor, False))
    if ev.value(pos) - CANCEL_KEEP > happens:
        return known[0]
    return {"pass": True}


def _roll_reaction(ctx: Ctx, known) -> dict:
    roll = ctx.pending.get("roll") or {}
    frame = next((f for f in reversed(ctx.view.get("stack", [])) if f.get("step") == "roll"),
                 None)
    if roll.get("purpose") != "destroy" or frame is None or not frame.get("chart"):
        return generic(ctx)
    pos = ctx.pos
    tl = tuple(frame["ctx"]["target"])
    if tl not in pos.pieces or destroy_chart(pos, tl) != frame["chart"]:
        return generic(ctx)
    total = roll["face"] + sum(v for _, v in roll.get("mods", []))
    actor = roll["dragon"]

    def value(t):
        dist = [(row_result(frame["chart"], t), 1.0)]
        return sum(p * ctx.ev.value(c) for p, c in destroy_outcomes(pos, actor, tl, dist=dist))

    plain = value(total)
    best, best_v = {"pass": True}, plain
    for a in known:
        v = value(total - 1) - 0.05  # Blade Miller: -1 (R37.7); keep it if it changes nothing
        if v > best_v:
            best, best_v = a, v
    return best


# ----- tribute losses and place choices -----------------------------------------------------
def lose_claim(ctx: Ctx) -> dict:
    pos = ctx.pos
    best, best_v = None, -math.inf
    for a in ctx.legal():
        cell = tuple(a["choose"])
        child = pos.child()
        piece = pos.pieces.get(cell)
        if piece is not None and piece[2] == ctx.me:
            child.set_piece(cell, (piece[0], piece[1], None))
        elif pos.gambles.get(cell) == ctx.me:
            child.gambles = {c: o for c, o in pos.gambles.items() if c != cell}
            child.rings = {**pos.rings, ctx.me: pos.rings[ctx.me] + 1}
        v = ctx.ev.value(child)
        if ctx.cfg.get("noise"):
            v += ctx.rng.gauss(0.0, ctx.cfg["noise"])
        if v > best_v:
            best, best_v = a, v
    return best


def choose_place(ctx: Ctx) -> dict:
    def worth(a):
        kind = a["choose"]
        if kind == UNDEAD_HOME:
            return -1.0 if ctx.me == "undead" else 0.0
        return POWER_VALUE.get(kind, 0.0)

    legal = ctx.legal()
    if ctx.cfg.get("noise"):
        return ctx.rng.choice(legal)
    return max(legal, key=lambda a: (worth(a), -legal.index(a)))


# ----- the generic handler: try each answer on determinized copies --------------------------
def generic(ctx: Ctx) -> dict:
    legal = ctx.legal()
    if len(legal) == 1:
        return legal[0]
    best, best_v = legal[0], -math.inf
    for a, v in _generic_values(ctx, legal):
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best


def _generic_values(ctx: Ctx, answers: list[dict]):
    """(answer, mean value after it) on GENERIC_SAMPLES determinized copies each; beyond
    GENERIC_CAP answers a seeded sample is tried."""
    from game.view import determinize, scrub

    if len(answers) > GENERIC_CAP:
        answers = ctx.rng.sample(answers, GENERIC_CAP)
    out = []
    for a in answers:
        total = 0.0
        for s in range(GENERIC_SAMPLES):
            m = determinize(ctx.view, ctx.seed * 7919 + s, board=ctx.board)
            try:
                m.submit(a)
                after = scrub(m.snapshot(), ctx.me)
            finally:
                m.close()
            total += ctx.ev.value(from_view(after, ctx.board, ctx.me))
        out.append((a, total / GENERIC_SAMPLES))
    return out


HANDLERS = {"action": action, "modify": modify, "react": react, "lose_claim": lose_claim,
            "choose_place": choose_place}

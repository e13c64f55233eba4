"""Answering each kind of decision, per level (game.ai.choose is the door).

Every handler reads only the seat view. Legal answers come from a determinized copy of
the view (game.seat_view.determinize): its hidden parts are invented from the seed, which
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
from typing import Any, cast

from game import registry
from game.ai import learned, master
from game.ai.evaluate import POWER_VALUE, Evaluator
from game.ai.model import (
    Pos,
    adjacent_pay,
    claim_pay,
    destroy_chart,
    destroy_outcomes,
    from_view,
    gap2,
    row_result,
)
from game.ai.search import (
    TOOLS,
    OutOfBudget,
    TurnSearch,
    apply_card,
    apply_power,
    thaw,
    to_action,
)
from game.decisions import answer_kind
from game.seat_view import determinize, scrub
from game.tables import (
    CANCEL_CARDS,
    CANCEL_POWERS,
    ROLL_CARDS,
    ROLL_REACTION_POWERS,
    TRIBUTE,
    UNDEAD_HOME,
    chart_row,
)

LEVEL_SETTINGS: dict[str, dict[str, Any]] = {
    # noise: the spread (coins) of Easy's misjudgement; blunder: chance of a random answer
    "easy": {"search": False, "noise": 1.5, "blunder": 0.12,
             "params": {"gamma": 0.3, "danger": 0.0, "attack_threat": 0.0, "loss": 0.0,
                        "lead_weight": 0.2, "other_weight": 0.2, "gamble_union": 1.0},
             # a beginner's taste (coins added to an action's value, issue 36): it
             # likes the fights and thefts it has just read about, and lays a ring or
             # two to gamble, not a field of them (each own ring out costs `gamble_each`)
             "taste": {"attack": 0.6, "steal": 0.6, "destroy": 0.4, "take": 0.3},
             "gamble_each": 0.5},
    "normal": {"search": True, "width": 4, "deep_width": 3, "budget": 4000, "time": None,
               "params": {}},
    # Hard: opponent modelling in its value (game.ai.evaluate) -- contested claims (an
    # opponent's chance to take one grows with its stake, and a claim taken from a
    # dragon next to it is likely taken back), the race for targets, next round's new
    # towns within reach, and less weight on the opponents' coins -- the best of the
    # variants measured (docs/AI.md); gamble rings valued by the cells they cover
    # together, the last round played to finish above the best score, and against a
    # book-rules Copper (doubled towns) the spite shared by each opponent's threat to
    # win (threat_copper: +0.9 +- 0.4 points on 1,920 fresh paired games). A wider
    # search alone did not measure stronger, so it searches like Normal.
    "hard": {"search": True, "width": 4, "deep_width": 3, "budget": 4000, "time": 0.9,
             "params": {"contest": 0.5, "contest_k": 4.0, "retake": 1.0, "race": 0.3,
                        "fresh": 0.4, "h_max": 8.0, "lead_weight": 0.3,
                        "other_weight": 0.1, "gamble_union": 1.0, "final": 1.0,
                        "threat_copper": 1.0, "power_scale": 0.0}},
}
# Master: Hard's search and value, then Hard's best `lines` first actions played past
# the turn -- its own turn to the end and every opponent's reply turn, rolls drawn --
# `samples` times each (game.ai.master). reply_nodes caps the replies' search nodes
# (deterministic); own_nodes the play-outs of its own turn beyond the root search.
LEVEL_SETTINGS["master"] = {
    **LEVEL_SETTINGS["hard"],
    "replies": {"lines": 3, "samples": 3, "reply_budget": 200, "reply_nodes": 6000,
                "own_nodes": 3000, "switch": 0.3},
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
        self.pending: dict[str, Any] = view.get("pending") or {}
        self.me: str = cast(str, self.pending.get("dragon"))  # a decision names its dragon
        self.budget = budget if budget is not None else self.cfg.get("budget", 0)
        limit = time_limit if time_limit is not None else (
            self.cfg.get("time") if budget is None else None)
        self.deadline = time.perf_counter() + limit if limit else None
        self._legal: list[dict] | None = None
        self._pos: Pos | None = None
        self._ev: Evaluator | None = None

    def legal(self) -> list[dict]:
        if self._legal is None:
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
            self._ev = learned.evaluator(self.pos, self.cfg["params"])  # hand or learned
        return self._ev

    def random_legal(self) -> dict:
        """A random legal answer, choosing the kind first (as game.players does)."""
        groups: dict = {}
        for a in self.legal():
            groups.setdefault(answer_kind(a), []).append(a)
        return self.rng.choice(groups[self.rng.choice(sorted(groups))])

    def blunders(self) -> bool:
        return self.rng.random() < self.cfg.get("blunder", 0.0)


def decide(ctx: Ctx) -> dict:
    kind = ctx.pending.get("kind", "")
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
    known: list[tuple[dict, Any]] = []
    unknown: list[tuple[dict, Any]] = []
    for a in legal:
        t = to_action(a)
        (known if t is not None else unknown).append((a, t))
    moves = sorted((x for x in known if x[1][0] == "move"),
                   key=lambda x: (-search.spot(x[1][1]), x[1][1]))[:ctx.cfg["width"]]
    powers: dict = {}
    for x in known:
        if x[1][0] in ("power", "card"):
            powers.setdefault(x[1][1], []).append(x)
    picked_powers = []
    for group in powers.values():
        group.sort(key=lambda x: -_power_quick(search, pos, x[1]))
        picked_powers.extend(group[:2])
    others = [x for x in known if x[1][0] not in ("move", "power", "card")]
    order = sorted(others, key=lambda x: x[1][0] != "end") + picked_powers + moves
    best, best_v = None, -math.inf
    base = None
    scored = []
    for a, t in order:
        try:
            v = search.score(pos, t, k)
        except OutOfBudget:
            break
        scored.append((v, a, t))
        if t[0] == "end":
            base = v
        if v > best_v + 1e-9:
            best, best_v = a, v
    if ctx.cfg.get("replies") and not unknown:  # Master: look past the turn
        best = master.choose_line(ctx, search, pos, k, scored) or best
    if unknown:
        here = ctx.ev.value(pos)
        for a, v in _generic_values(ctx, [a for a, _ in unknown]):
            v = best_v + (v - here) if base is not None else v
            if v > best_v + 1e-9:
                best, best_v = a, v
    return best if best is not None else {"do": "end_turn"}


def _power_quick(search: TurnSearch, pos: Pos, act) -> float:
    """A one-ply value of a free turn power or card, to pick the few worth searching."""
    if act[0] == "card":
        child, extra, spent = apply_card(pos, search.me, thaw(act[2]))
        if act[1] in ("speedster", "jumper"):
            return search.spot(child.at[search.me]) + 3.0 * (extra - spent)
    else:
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
        elif t[0] == "card":
            child, extra, spent = apply_card(pos, ctx.me, thaw(t[2]))
            v = ctx.ev.value(child) + extra - spent
        else:
            v = sum(p * ctx.ev.value(c) for p, c in search.outcomes(pos, t))
        v += _taste(ctx, pos, t)
        v += ctx.rng.gauss(0.0, noise)
        if v > best_v:
            best, best_v = a, v
    for a, v in _generic_values(ctx, unknown[:4]):
        v += ctx.rng.gauss(0.0, noise)
        if v > best_v:
            best, best_v = a, v
    assert best is not None  # several legal answers, each valued
    return best


# action -> the taste it counts as (its registry module's; the thefts share "steal")
_TASTE_KIND = {a.key: a.taste_kind for a in registry.actions() if a.taste_kind != a.key}


def _taste(ctx: Ctx, pos: Pos, t) -> float:
    """Easy's beginner's taste for an action (see LEVEL_SETTINGS)."""
    kind = _TASTE_KIND.get(t[0], t[0])
    v = ctx.cfg.get("taste", {}).get(kind, 0.0)
    if kind == "gamble":
        v -= ctx.cfg.get("gamble_each", 0.0) * sum(
            1 for o in pos.gambles.values() if o == ctx.me)
    return v


# ----- own modifiers and reactions ---------------------------------------------------------
def modify(ctx: Ctx) -> dict:
    """Own pre-roll modifiers (places and cards) are always used: a place's power comes
    back next round and a card returns to the deck at the Draw (R11), and the roll is
    one the dragon chose to make (or its tribute)."""
    for a in ctx.legal():
        if "pass" not in a:
            return a
    return {"pass": True}


# The worth of keeping a reaction for a better use later this round, in coins.
# A card's is its module's (ReactionHooks.keep), a place's its spec's (Place.keep).
KEEP = {**{c.key: registry.reaction(c.key).keep for c in registry.reaction_cards()
           if registry.reaction(c.key).keep is not None},
        **{p.key: p.keep for p in registry.places() if p.keep is not None}}
# What each post-roll reaction adds (game.tables, as the engine applies it).
REACTION_VALUES = {**ROLL_CARDS, **{k: v for k, (_p, v) in ROLL_REACTION_POWERS.items()}}
CANCELS = (*CANCEL_POWERS, *CANCEL_CARDS)  # the engine's cancels, places and cards
# a cancel card's effect on the AI's position, where it is more than "the action does not
# happen" (ReactionHooks.model: Peacemaker sends a dragon home)
CANCEL_MODELS = {c.key: registry.reaction(c.key).model for c in registry.reaction_cards()
                 if c.timing == "cancel" and registry.reaction(c.key).model is not None}


def _option(answer: dict) -> str | None:
    return answer.get("as", answer.get("react"))


def react(ctx: Ctx) -> dict:
    window = ctx.pending.get("window")
    try:
        if window == "cancel":
            return _cancel(ctx)
        if window == "roll":
            return _roll_reaction(ctx)
    except _Unmodelled:
        pass
    return generic(ctx)  # placement dice (Pro-creator, Trickster) and anything new


class _Unmodelled(Exception):
    pass


def _cancel(ctx: Ctx) -> dict:
    """Use a cancel when the declared action would cost more than the cancel's worth."""
    legal = ctx.legal()
    if any(_option(a) not in CANCELS for a in legal if "pass" not in a):
        raise _Unmodelled
    act = dict(ctx.pending["action"])
    actor = act.pop("dragon")
    pos = ctx.pos
    # The attack-threat term is left out: it prices this very attack.
    ev = Evaluator(pos, {**ctx.cfg["params"], "attack_threat": 0.0})
    search = TurnSearch(pos, ctx.cfg["params"])
    t = None
    if act.get("play") == "robber":
        child = pos.child()
        taken = min(3, pos.coins[act["target"]])
        child.add_coins(act["target"], -taken)
        child.add_coins("chest", taken)
        outcomes = [(1.0, child)]
    else:
        if "target" in act:
            act["dragon"] = act.pop("target")
        t = to_action(act)
        if t is None:
            raise _Unmodelled
        outcomes = search.outcomes(pos, t, actor, False)
    happens = sum(p * ev.value(c) for p, c in outcomes)
    best, best_v = {"pass": True}, happens
    for a in legal:
        if "pass" in a:
            continue
        model = CANCEL_MODELS.get(_option(a) or "")
        if model is not None:  # e.g. Peacemaker: one goes home; apart = no attack
            def happen(start: Pos, t=t) -> list:
                return search.outcomes(start, t, actor, False)
            v = sum(p * ev.value(c) for p, c in model(pos, actor, act["dragon"], a, happen,
                                                      TOOLS))
        else:
            v = ev.value(pos)
        v -= CANCEL_KEEP
        if v > best_v:
            best, best_v = a, v
    return best


def _roll_reaction(ctx: Ctx) -> dict:
    """With the die known, use a roll modifier when the result it makes is worth more
    (less the worth of keeping it) than the result without it."""
    legal = ctx.legal()
    roll = ctx.pending.get("roll") or {}
    stack = ctx.view.get("stack", [])
    frame = next((f for f in reversed(stack) if f.get("step") == "roll"), None)
    if frame is None:
        raise _Unmodelled
    total = roll["face"] + sum(v for _, v in roll.get("mods", []))
    outcomes = _roll_outcomes(ctx, frame, stack)
    plain = outcomes(total)
    best, best_v = {"pass": True}, plain
    for a in legal:
        if "pass" in a:
            continue
        name = _option(a)
        by = a.get("by", REACTION_VALUES.get(name or ""))
        if by is None:
            raise _Unmodelled
        v = outcomes(total + by) - KEEP.get(a["react"], 0.2)
        if v > best_v:
            best, best_v = a, v
    return best


def _roll_outcomes(ctx: Ctx, frame: dict, stack: list):
    """total -> the expected value (for the dragon asked) of the roll's result."""
    pos, ev = ctx.pos, Evaluator(ctx.pos, {**ctx.cfg["params"], "attack_threat": 0.0})
    purpose, roller, chart = frame["purpose"], frame["dragon"], frame.get("chart")
    act = next((f for f in reversed(stack) if f.get("step") == "act"), None)
    if purpose == "destroy" and chart:
        tl = tuple(frame["ctx"]["target"])
        if tl not in pos.pieces or destroy_chart(pos, tl) != chart:
            raise _Unmodelled

        def destroy(total):
            dist = [(row_result(chart, total), 1.0)]
            return sum(p * ev.value(c) for p, c in destroy_outcomes(pos, roller, tl,
                                                                     dist=dist))
        return destroy
    if purpose == "steal" and act is not None:
        victim = frame["ctx"].get("victim", "chest")

        def steal(total):
            amount = row_result("steal", total)
            child = pos.child()
            payer, payee = (victim, roller) if amount > 0 else (roller, victim)
            if act["do"] == "steal_for_thief":
                payer, payee = (victim, "chest") if amount > 0 else ("chest", victim)
            have = pos.chest_coins if payer == "chest" else pos.coins[payer]
            moved = min(abs(amount), have)
            child.add_coins(payer, -moved)
            child.add_coins(payee, moved)
            return ev.value(child)
        return steal
    if purpose in ("attack", "defend") and act is not None:
        attacker, defender = act["dragon"], act["answer"]["dragon"]

        def fight(total):
            if purpose == "attack":  # the defender's d20 is still to come
                win = sum(1 for d in range(1, 21) if total > d) / 20.0
            else:
                win = 1.0 if act["results"][0]["total"] > total else 0.0
            child = pos.child()
            won = min(3, pos.coins[defender])
            lost = min(3, pos.coins[attacker])
            child.add_coins(attacker, win * won - (1 - win) * lost)
            child.add_coins(defender, (1 - win) * lost - win * won)
            return ev.value(child)
        return fight
    if purpose == "tribute":
        def tribute(total):
            return ev.value(tribute_child(pos, ev, roller, total))
        return tribute
    raise _Unmodelled


def tribute_child(pos: Pos, ev: Evaluator, name: str, total: int) -> Pos:
    """The position after `name`'s tribute roll of `total` (R31): coins paid, and on
    0-4 its cheapest non-adjacent claim lost."""
    values = chart_row(TRIBUTE, max(0, min(21, total)))[3]
    child = pos.child()
    gain = 0.0
    far = []
    for tl in pos.claims[name]:
        kind, size, _ = pos.pieces[tl]
        if gap2(pos.at[name], tl, size) == 1:
            gain += adjacent_pay(kind, name, pos.even)
        elif values is not None:
            gain += claim_pay(kind, name, values, pos.even)
        else:
            far.append((ev.claim_worth(name, kind, False), tl))
    child.add_coins(name, gain)
    if far:
        _w, tl = min(far)
        kind, size, _ = pos.pieces[tl]
        child.set_piece(tl, (kind, size, None))
    return child


# ----- tribute losses and place choices -----------------------------------------------------
def lose_claim(ctx: Ctx) -> dict:
    pos = ctx.pos
    best, best_v = None, -math.inf
    for a in ctx.legal():
        cell = tuple(a["choose"])
        child = pos.child()
        piece = pos.pieces.get(cell)
        # "ring": the gamble ring under a piece (P3, P5), not the claim the cell names
        if piece is not None and piece[2] == ctx.me and not a.get("ring"):
            child.set_piece(cell, (piece[0], piece[1], None))
        elif pos.gambles.get(cell) == ctx.me:
            child.gambles = {c: o for c, o in pos.gambles.items() if c != cell}
            child.rings = {**pos.rings, ctx.me: pos.rings[ctx.me] + 1}
        v = ctx.ev.value(child)
        if ctx.cfg.get("noise"):
            v += ctx.rng.gauss(0.0, ctx.cfg["noise"])
        if v > best_v:
            best, best_v = a, v
    assert best is not None  # a pending decision has legal answers
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

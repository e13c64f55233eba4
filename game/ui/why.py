"""Why an action is worth it, in words a player can learn from.

One explanation layer for every AI level: the evaluation's named parts
(game.ai.evaluate.Evaluator.terms) are compared before and after the action (the
expectation over its dice), and the part that gains most is said in the game's own
terms: "+1.6 coins a round in tribute", "about +3 coins now", "lands beside the town
at (6, 7), ready to claim it". It only reads: nothing in the match changes.
"""

from __future__ import annotations

from game.ai.model import tribute_ev
from game.ai.search import COST, OutOfBudget, apply_card, apply_power, thaw, to_action
from game.decisions import show_cell
from game.geometry import rect_gap
from game.i18n import _
from game.tables import PLACE_TITLES
from game.ui.words import dragon, piece_at, place_at


def _first(search, pos, act):
    """[(probability, child)] of the first action, and the actions it gives or costs."""
    me = search.me
    if act[0] == "power":
        child, extra = apply_power(pos, me, thaw(act[2]))
        return [(1.0, child)], extra
    if act[0] == "card":
        child, extra, spent = apply_card(pos, me, thaw(act[2]))
        return [(1.0, child)], extra - spent
    return search.outcomes(pos, act), -COST[act[0]]


def _plan(search, pos, k: int, limit: int = 4) -> tuple[object, list]:
    """The rest of the turn as the search would play it from `pos` with `k` actions
    (the likeliest outcome of each): (the position it ends in, the actions)."""
    line: list = []
    for _step in range(limit):
        if k <= 0:
            break
        best, best_v = None, search.ev.value(pos)
        for act in search.candidates(pos, k):
            if COST[act[0]] > k:
                continue
            v = search.score(pos, act, k)
            if v > best_v + 1e-9:
                best, best_v = act, v
        if best is None:
            break
        line.append(best)
        pos = max(search.outcomes(pos, best), key=lambda pc: pc[0])[1]
        k -= COST[best[0]]
    return pos, line


def term_gains(search, pos, answer: dict, k: int = 0) -> tuple[dict[str, float], list] | None:
    """The expected change of each evaluation term if `answer` is played now, with the
    rest of the turn (`k` actions left before it) played as the search plans it: for a
    roll, its own expectation; else where the planned line ends. Also the planned line
    after the answer. None when the model does not know the answer."""
    act = to_action(answer)
    if act is None or act[0] == "end":
        return None
    ev = search.ev
    outcomes, delta = _first(search, pos, act)
    before = ev.terms(pos)
    line: list = []
    if len(outcomes) > 1:  # dice: what the roll brings, on average
        after = dict.fromkeys(before, 0.0)
        for prob, child in outcomes:
            for name, v in ev.terms(child).items():
                after[name] += prob * v
    else:
        try:
            end, line = _plan(search, outcomes[0][1], k + delta)
        except OutOfBudget:
            end, line = outcomes[0][1], []
        after = ev.terms(end)
    return {name: after[name] - before[name] for name in before}, line


def _number(x: float) -> str:
    return f"{x:+.0f}" if abs(x) >= 2 else f"{x:+.1f}"


def _piece_at(view: dict, cell) -> tuple[str, str] | None:
    """(kind, words) of the settlement or place at `cell`."""
    for s in view.get("settlements") or ():
        if list(s["at"]) == list(cell):
            return s["kind"], piece_at(s["kind"], show_cell(cell))
    for p in view.get("places") or ():
        if list(p["at"]) == list(cell):
            return p["kind"], place_at(PLACE_TITLES[p["kind"]], show_cell(cell))
    return None


def _beside(view: dict, me: str, to) -> str | None:
    """What worth claiming a 2x2 landing at `to` stands beside, in words."""
    for s in view.get("settlements") or ():
        if s.get("claim") != me and rect_gap(tuple(to), 2, tuple(s["at"]), 1) == 1:
            return piece_at(s["kind"], show_cell(s["at"]))
    for p in view.get("places") or ():
        if p.get("claim") != me and rect_gap(tuple(to), 2, tuple(p["at"]), 2) == 1:
            return place_at(PLACE_TITLES[p["kind"]], show_cell(p["at"]))
    return None


def say(term: str, gain: float, answer: dict, view: dict, me: str) -> str:
    """The biggest gain, `term` by `gain` coins, said for this answer."""
    do = answer.get("do")
    if term == "claims":
        at = answer.get("at")
        piece = _piece_at(view, at) if at is not None else None
        if do in ("claim", "claim_settlement") and piece is not None:
            kind, _words = piece
            # TRANSLATORS: {n} is a signed number of coins, such as +1.6
            return _("{n} coins a round in tribute").format(n=_number(tribute_ev(kind, me)))
        if do == "move" or "to" in answer:
            return _("your claims next to you pay the sure adjacent tribute")
        return _("your claims are worth about {n} coins more").format(n=_number(gain))
    if term == "coins":
        return _("about {n} coins now, on average over the dice").format(n=_number(gain))
    if term == "reach":
        to = answer.get("to")
        near = _beside(view, me, to) if to is not None else None
        if near:
            # TRANSLATORS: {what} is a piece, such as "the town at (3, 4)"
            return _("lands beside {what}, ready to claim it next").format(what=near)
        return _("puts better targets within reach next turn")
    if term == "safety":
        return _("keeps your coins out of reach of an attack")
    if term == "rivals":
        who = answer.get("dragon")
        if who:
            # TRANSLATORS: {dragon} is a rival's name, {n} a number of coins such as 1.5
            return _("costs {dragon} about {n} coins of worth").format(
                dragon=dragon(who), n=_number(gain)[1:])
        return _("costs your rivals about {n} coins of worth").format(n=_number(gain)[1:])
    if term == "gambles":
        return _("a gamble ring that can pay off in the next Populate phase")
    return _("about {n} coins of worth").format(n=_number(gain))


def reason(search, pos, answer: dict, view: dict, me: str, k: int = 0) -> str | None:
    """The answer's biggest gain in words, or None when nothing gains (or the model
    does not know the answer). `k`: the actions left before the answer."""
    found = term_gains(search, pos, answer, k)
    if not found:
        return None
    gains, line = found
    term = max(gains, key=lambda name: gains[name])
    if gains[term] < 0.05:
        return None
    words = say(term, gains[term], answer, view, me)
    later = next((a for a in line if a[0] in ("claim", "take")), None)
    if term == "claims" and later is not None and answer.get("do") not in (
            "claim", "claim_settlement"):  # the gain comes from a claim it sets up
        piece = _piece_at(view, later[1])
        if piece is not None:
            kind, what = piece
            # TRANSLATORS: {what} is a piece, such as "the town at (3, 4)"; {n} coins
            return _("sets up claiming {what}: {n} coins a round in tribute").format(
                what=what, n=_number(tribute_ev(kind, me)))
    return words

"""The action decision (R17): costs, legality and dispatch to the rule areas.

Each action is an `ActionRule` of some rule-area module: `targets` lists candidate
answers, `check` says why an answer is illegal (None if legal), `resolve` applies it.
Legal answers are exactly the candidates that pass `check`, so the list the engine
offers and the answers it accepts cannot drift apart.

A legal action is declared (its cost paid, an `action` event) and then resolved by an
`act` frame: {"step": "act", "dragon", "do", "answer", "stage": "cancel" | "rolls",
"i" (the cancel window's next asker), "rolls" (the roll specs), "results",
"cancelled"}. The frame runs the cancel window, then one pending roll per spec
(game.systems.rolls), then the rule's resolve with the results (P11). A cancelled
action stays paid for.
"""

from __future__ import annotations

from game.decisions import Decision, DecisionStep, IllegalAnswer, title
from game.systems import claims, combat, destruction, movement, powers, rolls, theft
from game.tables import ACTION_COST, ACTION_TITLES

RULES = {**movement.RULES, **claims.RULES, **destruction.RULES, **theft.RULES, **combat.RULES}


def _ask(m, frame) -> Decision:
    name = frame["dragon"]
    n = m.actions_left
    return Decision(name, "action",
                    f"{title(name)} to act: {n} action{'s' if n != 1 else ''} left",
                    {"actions_left": n})


def cost_reason(m, name: str, do: str) -> str | None:
    cost = ACTION_COST[do]
    if cost > m.actions_left:
        return (f"{ACTION_TITLES[do]} costs {cost} actions; {title(name)} has "
                f"{m.actions_left} left")
    return None


def legal(m, frame) -> list[dict]:
    return legal_actions(m, frame["dragon"])


def legal_actions(m, name: str, fast: bool = True) -> list[dict]:
    """Legal action answers; fast=False filters every candidate through `check` (the
    reference the fast enumerators are tested against)."""
    out: list[dict] = []
    for do, rule in RULES.items():
        if cost_reason(m, name, do) or (rule.ready and rule.ready(m, name)):
            continue
        if rule.fast and fast:
            out.extend(rule.fast(m, name))
        else:
            out.extend(a for a in rule.targets(m, name) if rule.check(m, name, a) is None)
    out.extend(powers.turn_answers(m, name, fast))  # R36: turn powers cost no action
    out.append({"do": "end_turn"})
    return out


def why_not(m, name: str, answer: dict) -> str | None:
    """The reason an action answer (or a turn power) is illegal, or None."""
    if "do" not in answer and "power" in answer:
        return powers.turn_reason(m, name, answer)
    do = answer.get("do")
    if not isinstance(do, str) or do not in ACTION_COST:
        known = ", ".join(ACTION_COST)
        return (f"unknown action {do!r} (actions: {known}; a place's power is "
                f'{{"power": ...}})')
    if do == "end_turn":
        return None
    rule = RULES[do]
    return cost_reason(m, name, do) or (rule.ready and rule.ready(m, name)) or rule.check(
        m, name, answer)


def _answer(m, frame, answer: dict) -> None:
    name = frame["dragon"]
    reason = why_not(m, name, answer)
    if reason:
        raise IllegalAnswer(reason)
    if "do" not in answer:
        powers.use_turn_power(m, name, answer)
        return
    do = answer["do"]
    if do == "end_turn":
        m.actions_left = 0
        return
    m.actions_left -= ACTION_COST[do]
    m.emit("action", dragon=name, do=do, cost=ACTION_COST[do], actions_left=m.actions_left,
           answer=dict(answer))
    m.stack.append({"step": "act", "dragon": name, "do": do, "answer": dict(answer),
                    "stage": "cancel", "i": 0})


def run_act(m, f) -> None:
    """Resolve a declared action: cancel window, its rolls, then its result (P11)."""
    if f.get("cancelled"):
        m.stack.pop()  # R40: a cancelled action still spends its cost
        return
    name = f["dragon"]
    rule = RULES[f["do"]]
    if f["stage"] == "cancel":
        if rolls.cancel_window(m, f):
            return
        f["stage"] = "rolls"
        f["rolls"] = rule.rolls(m, name, f["answer"]) if rule.rolls else []
        f["results"] = []
    done = len(f["results"])
    if done < len(f["rolls"]):
        rolls.push_roll(m, f["rolls"][done], actor=name)
        return
    m.stack.pop()
    if rule.rolls:
        rule.resolve(m, name, f["answer"], f["results"])
    else:
        rule.resolve(m, name, f["answer"])


def _done(m, frame) -> bool:
    if m.actions_left > 0 and not m.finished:
        return False
    m.emit("turn_end", dragon=frame["dragon"])
    return True


DECISION = DecisionStep(_ask, legal, _answer, _done)

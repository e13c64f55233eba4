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
action stays paid for. Robber (a card, R38) uses the same frame with "do": "robber"
and "card" so that Watcher may cancel it; it costs no action and rolls nothing.

Turn cards (game.systems.cards) are answers of this decision too: {"play": ...}.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import registry
from game.answer_list import Answers
from game.decisions import Decision, DecisionStep, IllegalAnswer
from game.systems import cards, claims, powers, rolls
from game.systems.base import around
from game.tables import ACTION_COST
from game.words import ActionName, CardName, DragonName, Words

if TYPE_CHECKING:
    from game.match import Match

# do -> ActionRule, from the registry (game/registry/actions/), in the order the legal
# answers are listed (each action's `listed`; the seeded games were recorded with it).
# End turn has no rule: it is always the last answer.
RULES = {a.key: registry.action_hooks(a.key).rule
         for a in sorted(registry.actions(), key=lambda a: a.listed) if a.hooks is not None}
# (do, cost, ready, fast, near) of each rule, in RULES order: legal_actions runs at every
# action decision and reads these without a dict and two attribute look-ups per rule.
_FAST = tuple((do, ACTION_COST[do], rule.ready, rule.fast, rule.near)
              for do, rule in RULES.items())
# do -> (cost, ready, check) of each rule, for why_not (every action answer submitted).
_CHECKS = {do: (ACTION_COST[do], rule.ready, rule.check) for do, rule in RULES.items()}


def _ask(m: Match, frame) -> Decision:
    name = frame["dragon"]
    n = m.actions_left
    card = m.hands.get(name)
    if card:
        prompt = Words.n_("{dragon} to act: {n} action left (your card: {card})",
                          "{dragon} to act: {n} actions left (your card: {card})", n,
                          dragon=DragonName(name), card=CardName(card))
    else:
        prompt = Words.n_("{dragon} to act: {n} action left", "{dragon} to act: {n} actions "
                          "left", n, dragon=DragonName(name))
    return Decision(name, "action", prompt, {"actions_left": n})


def cost_reason(m: Match, name: str, do: str) -> str | None:
    cost = ACTION_COST[do]
    if cost > m.actions_left:
        # TRANSLATORS: {left} is the number of actions the dragon has left this turn
        return Words.n_("{action} costs {n} actions; {dragon} has {left} left",
                        "{action} costs {n} actions; {dragon} has {left} left", cost,
                        action=ActionName(do), dragon=DragonName(name), left=m.actions_left)
    return None


def legal(m: Match, frame) -> list[dict]:
    return legal_actions(m, frame["dragon"])


def legal_actions(m: Match, name: str, fast: bool = True) -> list[dict]:
    """Legal action answers; fast=False filters every candidate through `check` (the
    reference the fast enumerators are tested against). The list is an Answers: the
    answers of each kind are one run, recorded in its `runs` (game.answer_list)."""
    out = Answers()
    runs = out.runs
    left = m.actions_left
    if fast:
        asked = None  # several rules share a ready test (no rings left): asked once
        unready = None
        near = around(m, name)  # what is next to the dragon (most rules read it)
        for do, cost, ready, listing, part in _FAST:
            if cost > left:
                continue  # (cost_reason's test, without building its words)
            if part is not None and not near[part]:
                continue  # nothing next to the dragon that the rule could target
            if ready is not None:
                if ready is not asked:
                    asked, unready = ready, ready(m, name)
                if unready:
                    continue
            got = listing(m, name) if listing else _checked(m, name, RULES[do])
            if got:
                start = len(out)
                out.extend(got)
                runs[do] = (start, start + len(got))
    else:
        for do, rule in RULES.items():
            if ACTION_COST[do] > left or (rule.ready and rule.ready(m, name)):
                continue
            got = _checked(m, name, rule)
            if got:
                runs[do] = (len(out), len(out) + len(got))
                out.extend(got)
    # R36: turn powers cost no action; the answers of one place are listed together
    for answer in powers.turn_answers(m, name, fast):
        kind = "power:" + answer["power"]
        run = runs.get(kind)
        runs[kind] = (run[0] if run else len(out), len(out) + 1)
        out.append(answer)
    got = cards.turn_answers(m, name, fast)  # R38: so do turn cards (one card, or
    if got:  # Copier's copies: every answer plays the same card)
        runs["play:" + got[0]["play"]] = (len(out), len(out) + len(got))
        out.extend(got)
    runs["end_turn"] = (len(out), len(out) + 1)
    out.append({"do": "end_turn"})
    return out


def _checked(m: Match, name: str, rule) -> list[dict]:
    """The rule's candidates that pass its check (the reference listing)."""
    return [a for a in rule.targets(m, name) if rule.check(m, name, a) is None]


def why_not(m: Match, name: str, answer: dict) -> str | None:
    """The reason an action answer (a turn power, a turn card) is illegal, or None."""
    if "do" in answer:
        if "power" in answer or "play" in answer:  # one answer, one thing: the other part
            # was silently dropped ({"do": "end_turn", "play": "vigor"} ended the turn)
            # TRANSLATORS: the JSON fragments are the answer's keys, kept as is
            return Words("an answer does an action {do}, uses a place's power {power} or "
                         "plays a card {play}: one of them", do='{"do": ...}',
                         power='{"power": ...}', play='{"play": ...}')
        do = answer["do"]
    elif "power" in answer:
        if "play" in answer:  # one answer, one thing (it was checked as a power and
            # then played as a card, unchecked)
            return Words('an answer uses a place\'s power {power} or plays a card {play}, not '
                         'both', power='{"power": ...}', play='{"play": ...}')
        return powers.turn_reason(m, name, answer)
    elif "play" in answer:
        return cards.turn_reason(m, name, answer)
    else:
        do = None
    checks = _CHECKS.get(do) if isinstance(do, str) else None
    if checks is None:
        if do == "end_turn":
            return None
        # TRANSLATORS: {name} is what the answer sent; {actions}, {power} and {play} are
        # the keys and JSON shapes an answer uses, kept as is
        return Words("unknown action {name} (actions: {actions}; a place's power is "
                     "{power}, a card {play})", name=repr(do), actions=", ".join(ACTION_COST),
                     power='{"power": ...}', play='{"play": ...}')
    cost, ready, check = checks
    if cost > m.actions_left:
        return cost_reason(m, name, do)
    if ready is not None:
        reason = ready(m, name)
        if reason:
            return reason
    return check(m, name, answer)


def _answer(m: Match, frame, answer: dict) -> None:
    name = frame["dragon"]
    reason = why_not(m, name, answer)
    if reason:
        raise IllegalAnswer(reason)
    if "do" not in answer:
        if "play" in answer:  # (why_not refused an answer with both)
            declared = cards.play_turn(m, name, answer)
            if declared:  # Speedster: its Move is declared as an action
                declare(m, name, declared)
            return
        powers.use_turn_power(m, name, answer)
        return
    if answer["do"] == "end_turn":
        m.actions_left = 0
        return
    declare(m, name, answer)


def declare(m: Match, name: str, answer: dict) -> None:
    """Pay a legal action's cost, record it and push its `act` frame (P11)."""
    do = answer["do"]
    cost = ACTION_COST[do]
    left = m.actions_left = m.actions_left - cost
    # One copy of the caller's answer for the event and the frame: nothing changes either.
    own = dict(answer)
    m.log({"type": "action", "dragon": name, "do": do, "cost": cost, "actions_left": left,
           "answer": own})
    if "also" in answer:  # (spend_citadel's own test, without the call for every action)
        claims.spend_citadel(m, name, answer)
    m.stack.append({"step": "act", "dragon": name, "do": do, "answer": own,
                    "stage": "cancel", "i": 0})


def run_act(m: Match, f) -> None:
    """Resolve a declared action: cancel window, its rolls, then its result (P11)."""
    if f.get("cancelled"):
        m.stack.pop()  # R40: a cancelled action still spends its cost
        return
    name = f["dragon"]
    do = f["do"]
    rule = RULES.get(do)
    if f["stage"] == "cancel":
        if rule is not None and rule.rolls is None and do not in rolls.CANCELLABLE:
            # (Move, Gamble, Abandon): no window and no roll, so nothing ever sees the
            # frame again, nor the window's counter cancel_window would leave in it
            m.stack.pop()
            rule.resolve(m, name, f["answer"])
            return
        if rolls.cancel_window(m, f):
            return
        if "card" in f:  # Robber, not cancelled by Watcher
            m.stack.pop()
            cards.resolve_robber(m, name, f)
            return
        assert rule is not None  # only Robber's frame has no rule, and it ended above
        if rule.rolls is None:  # nothing to roll (most actions): the result applies now
            m.stack.pop()
            rule.resolve(m, name, f["answer"])
            return
        f["stage"] = "rolls"
        f["rolls"] = rule.rolls(m, name, f["answer"])
        f["results"] = []
    done = len(f["results"])
    if done < len(f["rolls"]):
        rolls.push_roll(m, f["rolls"][done], actor=name)
        return
    m.stack.pop()
    assert rule is not None  # only Robber's frame has no rule, and it ended above
    if rule.rolls:
        rule.resolve(m, name, f["answer"], f["results"])
    else:
        rule.resolve(m, name, f["answer"])


def _done(m: Match, frame) -> bool:
    if m.actions_left > 0 and not m.finished:
        return False
    m.log({"type": "turn_end", "dragon": frame["dragon"]})
    return True


DECISION = DecisionStep(_ask, legal, _answer, _done)

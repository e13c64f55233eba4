"""Power cards (R11, R38, R40): the Draw phase, each card's timing, and what it does.

Where the cards are: `m.hands` {dragon: card or None}, `m.deck` (not dealt this round,
top first) and `m.played` (played this round, in order). With the `cards` option on,
each of the 20 cards is in exactly one of them. They live on the match beside
`powers_used` because they are round bookkeeping of the table, not pieces on the board.

Timings (R38) and where each card is offered:

- turn cards (Speedster, Jumper, Robber, Horror, Orienteer, Vigor): answers of the
  holder's action decision, at no action cost (R17, P16, P21): `turn_answers`,
  `turn_reason`, `play_turn`;
- own cards (Fighter, Sneaker, Destroyer, Governor, Sheriff, Mayor), in the `modify`
  decision before the holder's own roll: `own_options`;
- reactions (R40): when an opponent's action is declared (Peacemaker, Leader, Watcher):
  `cancel_options`; after a chart roll (Defender, Inciter, Trickster): `roll_options`;
  after a placement roll of the Populate phase (Pro-creator, Trickster):
  `dice_options`; what is specific to each (when it is usable, its answers, its effect,
  its words) is its module's ReactionHooks (game/registry/cards/), in `REACT`;
- Copier: as any card already played this round, with that card's timing (P27).

Each source returns option names: the card held, or "copier" standing for its usable
copies. `answer_list` expands an option into its legal answers and `play` plays one (the
windows themselves live in game.systems.rolls). Nothing is offered that cannot be used
right now, so a dragon with nothing usable is never asked (R40).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

import esper

from game import lookups, registry, rule_maths
from game.components import Settlement
from game.content import card_when
from game.systems import claims
from game.tables import (
    CANCEL_CARDS,
    CARD_TITLES,
    CARDS,
    COPIER,
    OWN_ROLL_CARDS,
    ROBBER_TAKE,
    ROLL_CARDS,
    TRIBUTE_CARDS,
    TURN_CARDS,
)
from game.words import CardName, DragonName, Words

if TYPE_CHECKING:
    from game.json_shapes import Frame
    from game.match import Match

OWN_CARDS = frozenset(OWN_ROLL_CARDS) | frozenset(TRIBUTE_CARDS)
# the reaction cards by window, from their timings (game.registry): "any" answers a roll
# or placement dice (Trickster), "dice" placement dice (Pro-creator)
ANY_CARDS = frozenset(c.key for c in registry.cards() if c.timing == "any")
ROLL_WINDOW_CARDS = frozenset(ROLL_CARDS) | ANY_CARDS
DICE_CARDS = frozenset(c.key for c in registry.cards() if c.timing == "dice") | ANY_CARDS
# action -> the cards that may cancel it when it is declared (R38)
CANCELLERS = {do: frozenset(c for c, dos in CANCEL_CARDS.items() if do in dos)
              for dos in CANCEL_CARDS.values() for do in dos}

def card_title(card: str) -> str:
    return CARD_TITLES.get(card, card)


# ----- the Draw phase (R11) ---------------------------------------------------------------
def run_draw(m: Match, frame) -> None:
    """R11: every card returns; the deck of 20 is shuffled with the match's generator and
    one card is dealt to each dragon, top first, in seat order (P18)."""
    m.stack.pop()
    m.set_phase("draw")
    deck = list(CARDS)
    m.dice.shuffle(deck)
    m.played = []
    m.emit("deck_shuffled", cards=len(deck))
    for name in m.seat_names:
        card = deck.pop(0)
        m.hands[name] = card
        # Only the holder may see which card it is (game.seat_view.visible_events).
        m.log({"type": "card_dealt", "dragon": name, "card": card, "private": name})
    m.deck = deck


def _discard(m: Match, name: str, played: str) -> None:
    m.hands[name] = None
    m.played.append(played)


def copyable(m: Match) -> list[str]:
    """The cards Copier may copy now: those already played this round (R38, P27)."""
    return [c for c in m.played if c != COPIER]


def _offer(m: Match, name: str, test: Callable[[str], bool]) -> list[str]:
    card = m.hands.get(name)
    if card is None:
        return []
    if card != COPIER:
        return [card] if test(card) else []
    return [COPIER] if any(test(c) for c in copyable(m)) else []


# ----- own cards, before the holder's roll (R38, R40) -------------------------------------
def _claims_kind(m: Match, name: str, kind: str) -> bool:
    """`name` claims a settlement of `kind` (from its cached claims' top-left cells:
    esper's query of settlements and claims is rebuilt after every claim anywhere)."""
    cells, n = claims.own_ring_record(m, name)
    occ = lookups.occupancy(m)
    for i in range(n):
        settlement = esper.try_component(occ[cells[i]], Settlement)
        if settlement is not None and settlement.kind == kind:
            return True
    return False


@cache
def own_card_fits(purpose: str, card: str) -> bool:
    """A card of OWN_ROLL_CARDS modifies its holder's `purpose` roll (a pure function,
    remembered: asked before every roll of a holder)."""
    return bool(rule_maths.own_modifiers(purpose, card=card))


def _own_usable(m: Match, name, roll, card) -> bool:
    purpose = roll["purpose"]
    if card in OWN_ROLL_CARDS:  # Fighter: the attack roll only (P19)
        return own_card_fits(purpose, card)
    if card in TRIBUTE_CARDS:
        return purpose == "tribute" and _claims_kind(m, name, TRIBUTE_CARDS[card])
    return False


def own_options(m: Match, name: str, roll: Frame) -> list[str]:
    card = m.hands.get(name)
    if card is None or (card not in OWN_CARDS and card != COPIER):
        return []
    return _offer(m, name, lambda c: _own_usable(m, name, roll, c))


# ----- cancels, when an opponent's action is declared (R40) -------------------------------
def _cancel_usable(m: Match, name, act, card) -> bool:
    if card not in CANCEL_CARDS or act["do"] not in CANCEL_CARDS[card]:
        return False
    usable = REACT[card].usable  # Leader: a settlement's claim; Peacemaker: one moves
    return usable is None or usable(m, name, "cancel", act)


def cancel_options(m: Match, name: str, act: dict) -> list[str]:
    card = m.hands.get(name)
    if card is None or (card not in CANCEL_CARDS and card != COPIER):
        return []
    return _offer(m, name, lambda c: _cancel_usable(m, name, act, c))


# ----- modifiers after a chart roll (R40) -------------------------------------------------
def _roll_usable(m: Match, name, roll, card) -> bool:
    if card in ANY_CARDS:  # Trickster: any roll, by anyone, the holder's own included
        usable = REACT[card].usable
        return usable is None or usable(m, name, "roll", roll)
    if roll["dragon"] == name:
        return False
    # Defender: the holder is the one attacked; Inciter: an opponent's destroy roll on a
    # claimed settlement (P29)
    return bool(rule_maths.hostile_modifiers(roll["purpose"], roll["chart"], card=card,
                                             attacked=roll["ctx"].get("other") == name))


@cache
def roll_cards(purpose: str, chart: str | None) -> frozenset[str]:
    """The cards that may answer a `purpose` roll on `chart` for some holder: Trickster
    (any roll) and those whose modifier applies to it when the holder is the one
    attacked (_roll_usable's test at its widest; a pure function, remembered)."""
    return ANY_CARDS | {c for c in ROLL_CARDS if rule_maths.hostile_modifiers(
        purpose, chart, card=c, attacked=True)}


def roll_options(m: Match, name: str, roll: dict) -> list[str]:
    card = m.hands.get(name)
    if card is None or (card not in ROLL_WINDOW_CARDS and card != COPIER):
        return []
    return _offer(m, name, lambda c: _roll_usable(m, name, roll, c))


# ----- modifiers after a placement roll of the Populate phase (R38, R40, P25) -------------
@cache
def dice_cards(purpose: str) -> frozenset[str]:
    """The cards that may modify placement dice rolled for `purpose` (their `fits`):
    Trickster any, Pro-creator a new settlement's (R38, P25); remembered."""
    fits = {c: REACT[c].fits for c in DICE_CARDS}
    return frozenset(c for c, f in fits.items() if f is None or f(purpose, None, False))


def _dice_usable(m: Match, name, dice, card) -> bool:
    return card in dice_cards(dice["purpose"])


def dice_params(dice: Frame, step: int) -> list[dict]:
    """A placement-dice modifier's answers: each die (named when there are several) by
    `step` up or down."""
    frames = dice["dice"]
    names = [d["name"] for d in frames]
    return [({"die": n} if len(frames) > 1 else {}) | {"by": by}
            for n in names for by in (step, -step)]


def dice_options(m: Match, name: str, dice: dict) -> list[str]:
    card = m.hands.get(name)
    if card is None or (card not in DICE_CARDS and card != COPIER):
        return []
    return _offer(m, name, lambda c: _dice_usable(m, name, dice, c))


NOBODY: frozenset[str] = frozenset()


def holders_of(m: Match, usable: frozenset[str]) -> AbstractSet[str]:
    """The dragons holding one of the cards `usable`, or Copier while one of them has
    been played this round: a cheap over-estimate of whom a window of those cards may
    ask (its options, which test each card's use, are listed for these only)."""
    hands = m.hands
    held = hands.values()
    if usable.isdisjoint(m.played):
        if usable.isdisjoint(held):  # most windows: nobody to ask for a card
            return NOBODY
        return {d for d in hands if hands[d] in usable}
    return {d for d in hands if hands[d] in usable or hands[d] == COPIER}


# ----- answers and playing in a window ----------------------------------------------------
def window_of(subject: Mapping[str, Any]) -> str:
    """'own' (before the holder's roll), 'roll' (after one), 'cancel' or 'dice'."""
    step = subject["step"]
    if step == "act":
        return "cancel"
    if step == "dice":
        return "dice"
    return "own" if subject["stage"] == "pre" else "roll"


USABLE = {"own": _own_usable, "cancel": _cancel_usable, "roll": _roll_usable,
          "dice": _dice_usable}


def _params(m: Match, card: str, window: str, subject: Frame) -> list[dict]:
    hooks = REACT.get(card)
    if hooks is None or hooks.params is None:
        return [{}]
    return hooks.params(m, window, subject)


def answers(m: Match, name: str, option: str, subject: Frame) -> list[dict]:
    """The legal answers for a card option in the window over `subject`."""
    window = window_of(subject)
    key = "play" if window == "own" else "react"
    if option != COPIER:
        return [{key: option, **p} for p in _params(m, option, window, subject)]
    out: list[dict] = []
    usable = USABLE[window]
    for card in copyable(m):
        if usable(m, name, subject, card):
            out.extend({key: COPIER, "as": card, **p} for p in _params(m, card, window, subject))
    return out


def play(m: Match, name: str, subject: Frame, answer: dict) -> None:
    """Play a legal card answer of a `modify` or `react` decision on its subject frame
    (the pending roll, the declared action or the placement dice)."""
    played = answer.get("play") or answer["react"]
    card = answer.get("as", played)
    window = window_of(subject)
    _discard(m, name, played)
    event = {"dragon": name, "card": played, **({"as": card} if played == COPIER else {})}
    if window == "own":
        if card in TRIBUTE_CARDS:
            m.emit("card", **event, use="modify", purpose="tribute", per=TRIBUTE_CARDS[card])
            subject.setdefault("extras", []).append(card)
        else:
            value = OWN_ROLL_CARDS[card][1]
            m.emit("card", **event, use="modify", purpose=subject["purpose"], value=value)
            subject["mods"].append([played, value])
    elif window == "roll":
        by = REACT[card].value
        value = by(answer) if by is not None else ROLL_CARDS[card]
        m.emit("card", **event, use="roll", against=subject["dragon"],
               purpose=subject["purpose"], value=value)
        subject["mods"].append([played, value])
    elif window == "dice":
        i = next((k for k, d in enumerate(subject["dice"]) if d["name"] == answer.get("die")), 0)
        die = subject["dice"][i]
        m.emit("card", **event, use="dice", purpose=subject["purpose"], die=answer.get("die"),
               value=answer["by"])
        die["mods"].append([played, answer["by"]])
    else:
        _cancel(m, name, subject, answer, card, event)


def _cancel(m: Match, name, act, answer, card, event) -> None:
    actor = act["dragon"]
    effect = REACT[card].cancel
    if effect is None:
        m.emit("card", **event, use="cancel", against=actor)
    elif not effect(m, name, act, answer, event):
        return  # e.g. Peacemaker's two still adjacent: the attack goes on (R38)
    m.emit("cancelled", dragon=actor, do=act["do"], by=name, source=event["card"])
    act["cancelled"] = True


# ----- refusals in a window -----------------------------------------------------------------
def refusal(m: Match, name: str, value, answer: dict, subject: Frame) -> str:
    """Why a card answer in a `modify`/`react` decision is refused (not held, wrong
    timing, a bad parameter). Never names another dragon's card (P28)."""
    held = m.hands.get(name)
    if held != value:
        return Words("{dragon} does not hold {card}", dragon=DragonName(name),
                     card=CardName(value))
    card = value
    if value == COPIER:
        card = answer.get("as")
        if card not in copyable(m):
            return _copier_reason(m, card)
    window = window_of(subject)
    if not USABLE[window](m, name, subject, card):
        # TRANSLATORS: {when} is the card's timing, e.g. "with your own attack roll"
        return Words("{card} cannot answer this: it is played {when}", card=CardName(card),
                     when=card_when(card))
    key = "play" if window == "own" else "react"
    if key not in answer:
        # TRANSLATORS: {shape} is a JSON answer such as {"play": "fighter"}, kept as is
        return Words("a card in this question is played with {shape}",
                     shape=f'{{"{key}": "{value}"}}')
    legal = answers(m, name, value, subject)
    shown = "; ".join(_show(a) for a in legal)
    # TRANSLATORS: {answers} are JSON answers, kept as is
    return Words("{card} is played here as one of: {answers}", card=CardName(value),
                 answers=shown)


def _copier_reason(m: Match, card) -> str:
    done = copyable(m)
    if not isinstance(card, str) or card not in CARD_TITLES:
        if not done:
            return Words("Copier needs 'as': a card already played this round (none has "
                         "been), not {name}", name=repr(card))
        # TRANSLATORS: {cards} are card keys as an answer names them; {name} as sent
        return Words("Copier needs 'as': a card already played this round ({cards}), not "
                     "{name}", cards=", ".join(done), name=repr(card))
    if not done:
        return Words("Copier copies a card already played this round; {card} has not been "
                     "(no card has been played yet)", card=CardName(card))
    return Words("Copier copies a card already played this round; {card} has not been "
                 "({cards})", card=CardName(card),
                 cards=[CardName(c) for c in done])


def _show(answer: dict) -> str:
    return json.dumps(answer)


# ----- turn cards: answers of the holder's action decision (R38, P21) ---------------------
class TurnCard(NamedTuple):
    """targets(m, name) -> candidate parameter dicts; check(m, name, answer) -> reason or
    None; apply(m, name, answer, played) -> an action answer to declare, or None;
    fast(m, name, card) -> the answers {"play": card, **params} for exactly the
    parameters that pass check (speed only, tested equal; each answer one dict literal:
    merging a head dict into each was most of a 60-answer listing's time)."""

    targets: Callable
    check: Callable
    apply: Callable
    fast: Callable | None = None


def resolve_robber(m: Match, name: str, act: dict) -> None:
    lookups.pay(m, act["answer"]["dragon"], "chest", ROBBER_TAKE, "robber")


# Each turn card's code lives in its card's module (game/registry/cards/), built here at
# first import of this module.
TURN = {c: TurnCard(*registry.card_hooks(c)[:4]) for c in TURN_CARDS}
# Each card's ReactionHooks (its module's; the reactions', and the own cards' words), built
# here at first import.
REACT = {c.key: registry.reaction(c.key) for c in registry.cards() if c.timing != "turn"}


def turn_answers(m: Match, name: str, fast: bool = True) -> list[dict]:
    """The turn cards `name` may play now, as answers of its action decision."""
    held = m.hands.get(name)
    if held is None:
        return []
    if held != COPIER:
        tc = TURN.get(held)
        if tc is None:
            return []
        if fast and tc.fast:  # the common case: one card, its answers built whole
            return tc.fast(m, name, held)
        return _checked(m, name, held, held, tc)
    out: list[dict] = []
    for card in copyable(m):  # Copier: each copyable turn card's answers, as copies
        tc = TURN.get(card)
        if tc is not None:
            out.extend(_as_copy(tc.fast(m, name, card), card) if fast and tc.fast
                       else _checked(m, name, COPIER, card, tc))
    return out


def _checked(m: Match, name: str, held: str, card: str, tc: TurnCard) -> list[dict]:
    """The reference listing: `card`'s candidates that pass its check, played as `held`
    (the card itself, or Copier as it)."""
    head = {"play": held} if held != COPIER else {"play": COPIER, "as": card}
    params = [p for p in tc.targets(m, name) if tc.check(m, name, {**head, **p}) is None]
    return [{**head, **p} for p in params]


def _as_copy(answers: list[dict], card: str) -> list[dict]:
    """A turn card's answers as Copier's copies of it: {"play": "copier", "as": card,
    ...} (the answers are fresh dicts, built for this listing: changed in place)."""
    for a in answers:
        del a["play"]
    return [{"play": COPIER, "as": card, **a} for a in answers]


def turn_reason(m: Match, name: str, answer: dict) -> str | None:
    """Why a {"play": ...} answer of the action decision is illegal, or None."""
    played = answer.get("play")
    if not isinstance(played, str) or played not in CARD_TITLES:
        # TRANSLATORS: {name} is what the answer sent; {cards} the keys an answer uses
        return Words("unknown card {name} (cards: {cards})", name=repr(played),
                     cards=", ".join(CARDS))
    if not m.options["cards"]:
        return Words("power cards are off in this game")
    if m.hands.get(name) != played:
        return Words("{dragon} does not hold {card}", dragon=DragonName(name),
                     card=CardName(played))
    card = played
    if played == COPIER:
        copied = answer.get("as")
        if not isinstance(copied, str) or copied not in copyable(m):
            return _copier_reason(m, copied)
        card = copied
    if card not in TURN:
        return Words("{card} is not played on a turn: it is played {when}",
                     card=CardName(card), when=card_when(card))
    return TURN[card].check(m, name, answer)


def play_turn(m: Match, name: str, answer: dict) -> dict | None:
    """Play a legal turn card (no action spent, R17). Returns the action it declares
    (Speedster's Move), or None."""
    played = answer["play"]
    card = answer.get("as", played)
    _discard(m, name, played)
    m.emit("card", dragon=name, card=played, **({"as": card} if played == COPIER else {}),
           use="turn", answer=dict(answer))
    return TURN[card].apply(m, name, answer, played)

"""The words of `modify` and `react` decisions: the situation, then what may be used.

    "Red attacks you: play Defender (−2 to Red's roll)?"

Prompts speak to the dragon asked ("you"); they are never part of the state document,
so naming the asked dragon's own card here hides nothing from it. Each is a
game.words.Words: its text is the English, shown in the player's language on screen.
A sentence about "you" has its own message (languages decline "you" differently).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import lookups
from game.decisions import show_cell
from game.i18n import N_
from game.systems.base import die_total
from game.systems.cards import REACT, answers
from game.tables import (
    ACTION_TITLES,
    COPIER,
    OWN_ROLL_CARDS,
    OWN_ROLL_POWERS,
    PLACE_TITLES,
    ROBBER_TAKE,
    ROLL_CARDS,
    ROLL_REACTION_POWERS,
)
from game.words import ActionName, CardName, DragonName, PlaceName, PurposeName, Words, either

if TYPE_CHECKING:
    from game.json_shapes import Frame
    from game.match import Match

MINUS = "\u2212"


# a claimed settlement as its claimer's: "your town at (3, 4)", "Red's city at (5, 6)"
_YOURS = {"town": N_("your town at {cell}"), "city": N_("your city at {cell}"),
          "ruin": N_("your ruin at {cell}")}
_THEIRS = {"town": N_("{dragon}'s town at {cell}"), "city": N_("{dragon}'s city at {cell}"),
           "ruin": N_("{dragon}'s ruin at {cell}")}


def _piece(m: Match, name: str, cell) -> Any:
    ent = lookups.occupancy(m).get(tuple(cell))
    if ent is None:
        return Words("the piece at {cell}", cell=show_cell(cell))
    text = lookups.describe(m, ent)
    owner = lookups.claim_owner(ent)
    kind = lookups.piece_kind(ent)
    if owner and kind in _YOURS:  # a settlement: 1x1, so its cell is `cell`
        at = show_cell(cell)
        if owner == name:
            return Words(_YOURS[kind], cell=at)
        return Words(_THEIRS[kind], dragon=DragonName(owner), cell=at)
    return text


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else f"{MINUS}{-v}"


def _action(m: Match, name: str, act: Frame) -> Words:
    actor, answer, do = act["dragon"], act["answer"], act["do"]
    who = DragonName(actor)
    if do == "attack":
        if answer["dragon"] == name:
            return Words("{dragon} attacks you", dragon=who)
        return Words("{dragon} attacks {target}", dragon=who,
                     target=DragonName(answer["dragon"]))
    if do == "destroy":
        return Words("{dragon} tries to destroy {piece}", dragon=who,
                     piece=_piece(m, name, answer["at"]))
    if do == "claim":
        if "also" in answer:
            return Words("{dragon} claims {piece} and {other}", dragon=who,
                         piece=_piece(m, name, answer["at"]),
                         other=_piece(m, name, answer["also"]))
        return Words("{dragon} claims {piece}", dragon=who, piece=_piece(m, name, answer["at"]))
    if do == "claim_settlement":
        return Words("{dragon} takes over {piece}", dragon=who,
                     piece=_piece(m, name, answer["at"]))
    if do == "steal_for_thief":
        if answer["dragon"] == name:
            return Words("{dragon} steals for the thief from you", dragon=who)
        return Words("{dragon} steals for the thief from {target}", dragon=who,
                     target=DragonName(answer["dragon"]))
    if do == "robber":
        card = (CardName("robber") if answer["play"] == "robber"
                else Words("Copier as Robber"))
        coins = Words.n_("{n} coin", "{n} coins", ROBBER_TAKE)
        if answer["dragon"] == name:
            # TRANSLATORS: {card} is Robber (or Copier as Robber); {coins} e.g. "3 coins"
            return Words("{dragon} plays {card}: you would pay {coins} into the thief's chest",
                         dragon=who, card=card, coins=coins)
        return Words("{dragon} plays {card}: {victim} would pay {coins} into the thief's "
                     "chest", dragon=who, card=card, victim=DragonName(answer["dragon"]),
                     coins=coins)
    action = ActionName(do) if do in ACTION_TITLES else do
    return Words("{dragon} declares {action}", dragon=who, action=action)


def _roll_words(m: Match, name: str, roll: Frame) -> Words:
    purpose, ctx = roll["purpose"], roll["ctx"]
    # TRANSLATORS: what a roll is for, put into "Red rolled 12 {why}" and
    # "You are about to roll {why}"
    if purpose == "attack":
        if ctx["other"] == name:
            return Words("to attack you")
        return Words("to attack {target}", target=DragonName(ctx["other"]))
    if purpose == "defend":
        if ctx["other"] == name:
            return Words("to defend against you")
        return Words("to defend against {target}", target=DragonName(ctx["other"]))
    if purpose == "destroy":
        return Words("to destroy {piece}", piece=_piece(m, name, ctx["target"]))
    if purpose == "steal":
        victim = ctx.get("victim")
        if victim == "chest":
            return Words("to steal from the thief's chest")
        if victim == name:
            return Words("to steal from you")
        return Words("to steal from {target}", target=DragonName(str(victim)))
    return Words("for {purpose}", purpose=PurposeName(purpose))


def _rolled(m: Match, name: str, roll: Frame) -> Words:
    mods = "".join(f" {_signed(v)}" for _, v in roll["mods"])
    why = _roll_words(m, name, roll)
    # TRANSLATORS: {face} is the die, {mods} its modifiers (" +2 −1", maybe empty)
    if roll["dragon"] == name:
        return Words("You rolled {face}{mods} {why}", face=roll["face"], mods=mods, why=why)
    return Words("{dragon} rolled {face}{mods} {why}", dragon=DragonName(roll["dragon"]),
                 face=roll["face"], mods=mods, why=why)


DICE_WHAT = {"settlement": N_("the new settlement's location"), "place_location":
             N_("the place of power's location"), "chest": N_("the thief's chest's new location"),
             "place_of_power": N_("which place of power comes")}
# TRANSLATORS: a placement die and its value: "col 12", "row 3"
DIE_SHOWN = {"col": N_("col {value}"), "row": N_("row {value}")}


def _die(d: dict) -> Any:
    total = die_total(d)
    if not d["name"]:
        return str(total)
    template = DIE_SHOWN.get(d["name"])
    if template:
        return Words(template, value=total)
    return f"{d['name']} {total}"


def _dice(m: Match, name: str, f: Frame) -> Words:
    template = DICE_WHAT.get(f["purpose"])
    what = Words(template) if template else f["purpose"]
    return Words("The dice for {what} show {dice}", what=what,
                 dice=[_die(d) for d in f["dice"]])


# a cancelling power's option, by the action it cancels
_CANCEL_OPTION = {"destroy": N_("use {place} (cancel the destroy)"),
                  "attack": N_("use {place} (cancel the attack)")}


def _option(m: Match, name: str, option: str, subject: Frame, window: str) -> Any:
    if option in PLACE_TITLES:
        place = PlaceName(option)
        if option in OWN_ROLL_POWERS:
            # TRANSLATORS: {value} is a signed number such as +2
            return Words("use {place} ({value} to your roll)", place=place,
                         value=_signed(OWN_ROLL_POWERS[option][1]))
        if option in ROLL_REACTION_POWERS:  # Blade Miller: on an opponent's roll
            return Words("use {place} ({value} to {dragon}'s roll)", place=place,
                         value=_signed(ROLL_REACTION_POWERS[option][1]),
                         dragon=DragonName(subject["dragon"]))
        do = subject["do"]
        if do in _CANCEL_OPTION:
            return Words(_CANCEL_OPTION[do], place=place)
        return Words("use {place} (cancel the {action})", place=place,
                     action=ACTION_TITLES[do].lower())
    if option == COPIER:
        copies = list(dict.fromkeys(a["as"] for a in answers(m, name, option, subject)))
        return either([_card(m, name, c, subject, window, copier=True) for c in copies])
    return _card(m, name, option, subject, window)


def _card(m: Match, name: str, card: str, subject: Frame, window: str,
          copier: bool = False) -> Any:
    t = (Words("play Copier as {card}", card=CardName(card)) if copier
         else Words("play {card}", card=CardName(card)))
    if card in OWN_ROLL_CARDS:
        # TRANSLATORS: {play} is "play Fighter"; {value} e.g. +2
        return Words("{play} ({value} to your roll)", play=t,
                     value=f"+{OWN_ROLL_CARDS[card][1]}")
    hooks = REACT.get(card)  # a card's own words (its module's ReactionHooks)
    if hooks is not None and hooks.words is not None:
        return hooks.words(m, name, window, subject, t)
    if window == "roll" and card in ROLL_CARDS:  # Defender, Inciter: on an opponent's roll
        return Words("{play} ({value} to {dragon}'s roll)", play=t,
                     value=_signed(ROLL_CARDS[card]), dragon=DragonName(subject["dragon"]))
    return t


def react(m: Match, name: str, window: str, subject: Frame, options) -> Words:
    if window == "cancel":
        situation = _action(m, name, subject)
    elif window == "roll":
        situation = _rolled(m, name, subject)
    else:
        situation = _dice(m, name, subject)
    choices = either([_option(m, name, o, subject, window) for o in options])
    # TRANSLATORS: {situation} is what happened; {choices} what the dragon may use
    return Words("{situation}: {choices}?", situation=situation, choices=choices)


def modify(m: Match, name: str, roll: Frame, options) -> Words:
    choices = either([_option(m, name, o, roll, "own") for o in options])
    return Words("You are about to roll {why}: {choices}?",
                 why=_roll_words(m, name, roll), choices=choices)

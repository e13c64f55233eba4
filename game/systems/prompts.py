"""The words of `modify` and `react` decisions: the situation, then what may be used.

    "Red attacks you: play Defender (−2 to Red's roll)?"

Prompts speak to the dragon asked ("you"); they are never part of the state document,
so naming the asked dragon's own card here hides nothing from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import queries
from game.content import plural
from game.decisions import show_cell, title
from game.systems.base import die_total
from game.systems.cards import answers, peace_targets
from game.tables import (
    ACTION_TITLES,
    CARD_TITLES,
    OWN_ROLL_CARDS,
    OWN_ROLL_POWERS,
    PLACE_TITLES,
    ROBBER_TAKE,
)

if TYPE_CHECKING:
    from game.match import Match
    from game.shapes import Frame

MINUS = "\u2212"


def _you(d: str, name: str) -> str:
    return "you" if d == name else title(d)


def _piece(m: Match, name: str, cell) -> str:
    ent = queries.occupancy(m).get(tuple(cell))
    if ent is None:
        return f"the piece at {show_cell(cell)}"
    text = queries.describe(m, ent)
    owner = queries.claim_owner(ent)
    if owner and text.startswith("the "):
        return ("your " if owner == name else f"{title(owner)}'s ") + text[4:]
    return text


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else f"{MINUS}{-v}"


def _action(m: Match, name: str, act: Frame) -> str:
    actor, answer, do = act["dragon"], act["answer"], act["do"]
    who = title(actor)
    if do == "attack":
        return f"{who} attacks {_you(answer['dragon'], name)}"
    if do == "destroy":
        return f"{who} tries to destroy {_piece(m, name, answer['at'])}"
    if do == "claim":
        text = f"{who} claims {_piece(m, name, answer['at'])}"
        if "also" in answer:
            text += f" and {_piece(m, name, answer['also'])}"
        return text
    if do == "claim_settlement":
        return f"{who} takes over {_piece(m, name, answer['at'])}"
    if do == "steal_for_thief":
        return f"{who} steals for the thief from {_you(answer['dragon'], name)}"
    if do == "robber":
        card = "Robber" if answer["play"] == "robber" else "Copier as Robber"
        victim = _you(answer["dragon"], name)
        return (f"{who} plays {card}: {victim} would pay {plural(ROBBER_TAKE, 'coin')} "
                "into the thief's chest")
    return f"{who} declares {ACTION_TITLES.get(do, do)}"


def _roll_words(m: Match, name: str, roll: Frame) -> str:
    purpose, ctx = roll["purpose"], roll["ctx"]
    if purpose == "attack":
        return f"to attack {_you(ctx['other'], name)}"
    if purpose == "defend":
        return f"to defend against {_you(ctx['other'], name)}"
    if purpose == "destroy":
        return f"to destroy {_piece(m, name, ctx['target'])}"
    if purpose == "steal":
        victim = ctx.get("victim")
        return ("to steal from the thief's chest" if victim == "chest"
                else f"to steal from {_you(str(victim), name)}")
    return f"for {purpose}"


def _rolled(m: Match, name: str, roll: Frame) -> str:
    who = "You" if roll["dragon"] == name else title(roll["dragon"])
    mods = "".join(f" {_signed(v)}" for _, v in roll["mods"])
    return f"{who} rolled {roll['face']}{mods} {_roll_words(m, name, roll)}"


DICE_WHAT = {"settlement": "the new settlement's location", "place_location":
             "the place of power's location", "chest": "the thief's chest's new location",
             "place_of_power": "which place of power comes"}


def _dice(m: Match, name: str, f: Frame) -> str:
    shown = ", ".join(f"{d['name']} {die_total(d)}" if d["name"] else str(die_total(d))
                      for d in f["dice"])
    return f"The dice for {DICE_WHAT.get(f['purpose'], f['purpose'])} show {shown}"


def _option(m: Match, name: str, option: str, subject: Frame, window: str) -> str:
    if option in PLACE_TITLES:
        place = PLACE_TITLES[option]
        if option in OWN_ROLL_POWERS:
            return f"use {place} ({_signed(OWN_ROLL_POWERS[option][1])} to your roll)"
        if option == "blade_miller":
            return f"use {place} ({MINUS}1 to {title(subject['dragon'])}'s roll)"
        return f"use {place} (cancel the {ACTION_TITLES[subject['do']].lower()})"
    if option == "copier":
        copies = list(dict.fromkeys(a["as"] for a in answers(m, name, option, subject)))
        return " or ".join(_card(m, name, c, subject, window, "play Copier as ")
                           for c in copies)
    return _card(m, name, option, subject, window)


def _card(m: Match, name: str, card: str, subject: Frame, window: str, verb: str = "play ") -> str:
    t = f"{verb}{CARD_TITLES[card]}"
    if card in OWN_ROLL_CARDS:
        return f"{t} (+{OWN_ROLL_CARDS[card][1]} to your roll)"
    if card in ("sheriff", "mayor"):
        kind = "town" if card == "sheriff" else "city"
        return f"{t} (+1 coin from each {kind} that scores)"
    if card in ("defender", "inciter"):
        return f"{t} ({MINUS}2 to {title(subject['dragon'])}'s roll)"
    if card == "trickster" or card == "pro_creator":
        which = "one die" if window == "dice" and len(subject["dice"]) > 1 else "the die"
        return f"{t} (+2 or {MINUS}2 on {which})"
    if card == "peacemaker":
        who = " or ".join(_you(d, name) for d in peace_targets(m, subject))
        return f"{t} (send {who} home; the attack fails if they end apart)"
    if card == "leader":
        return f"{t} (cancel the claim)"
    if card == "watcher":
        return f"{t} (cancel the theft)"
    return t


def react(m: Match, name: str, window: str, subject: Frame, options) -> str:
    if window == "cancel":
        situation = _action(m, name, subject)
    elif window == "roll":
        situation = _rolled(m, name, subject)
    else:
        situation = _dice(m, name, subject)
    choices = " or ".join(_option(m, name, o, subject, window) for o in options)
    return f"{situation}: {choices}?"


def modify(m: Match, name: str, roll: Frame, options) -> str:
    choices = " or ".join(_option(m, name, o, roll, "own") for o in options)
    return f"You are about to roll {_roll_words(m, name, roll)}: {choices}?"

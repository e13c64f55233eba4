"""Events in plain words, for the game log and the headless demo."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.decisions import show_cell, title
from game.tables import ACTION_TITLES, CARD_TITLES, PLACE_TITLES


def _who(name) -> str:
    if name in ("bank", None):
        return "the bank"
    if name == "chest":
        return "the thief's chest"
    return title(name)


def _reason(reason: str) -> str:
    """Why a ring returns, in words: "claimed_by_copper" -> "claimed by Copper"."""
    head, by, name = reason.partition("claimed_by_")
    if by and not head:
        return f"claimed by {title(name)}"
    return reason.replace("_", " ")


def _roll(e) -> str:
    who = f"{title(e['dragon'])} rolls" if e.get("dragon") else "Roll"
    purpose = e["purpose"].replace("_", " ")
    text = f"{who} d{e['die']} for {purpose}: {e['face']}"
    if e["mods"]:
        text += "".join(f" {v:+d} ({src.replace('_', ' ')})" for src, v in e["mods"])
        text += f" = {e['total']}"
    elif e["total"] != e["face"]:
        text += f" -> {e['total']}"
    if e.get("row"):
        text += f" [{e['row']}]"
    return text


def _piece(kind: str) -> str:
    return PLACE_TITLES.get(kind) or CARD_TITLES.get(kind, kind)


def _do(do: str) -> str:
    return ACTION_TITLES.get(do) or CARD_TITLES.get(do, do)


TEMPLATES = {
    "dragon": lambda e: f"Seat {e['seat'] + 1} plays {title(e['dragon'])} "
                        f"({e['rings']} rings)",
    "cavern": lambda e: f"{title(e['dragon'])}'s cavern is at {show_cell(e['at'])}",
    "dragon_placed": lambda e: f"{title(e['dragon'])} lands at {show_cell(e['at'])}",
    "round": lambda e: f"=== Round {e['round']} ===",
    "phase": lambda e: f"-- {e['phase'].capitalize()} phase --",
    "roll": _roll,
    "placed": lambda e: f"A {e['piece']} is founded at {show_cell(e['at'])}",
    "upgraded": lambda e: f"The town at {show_cell(e['at'])} grows into a city",
    "resettled": lambda e: f"The ruin at {show_cell(e['at'])} is resettled as a town",
    "placement_failed": lambda e: f"Nothing can be founded at {show_cell(e['at'])}; "
                                  "the thief profits",
    "place_placed": lambda e: f"{_piece(e['place'])} rises at {show_cell(e['at'])}",
    "place_not_placed": lambda e: f"{_piece(e['place'])} finds no room this round",
    "place_chosen": lambda e: f"{title(e['dragon'])} chooses {_piece(e['place'])}",
    "place_removed": lambda e: f"{title(e['dragon'])} topples {_piece(e['place'])}",
    "chest_moved": lambda e: f"The thief's chest moves to {show_cell(e['at'])}"
                             + (f" ({title(e['by'])}'s {_piece(e['via'])})"
                                if e.get("via") else ""),
    "place_moved": lambda e: f"{title(e['dragon'])} moves {_piece(e['place'])} to "
                             f"{show_cell(e['to'])}",
    "extra_action": lambda e: f"{title(e['dragon'])} gains an action "
                              f"({e['actions_left']} left)"
                              + (f" with {_piece(e['via'])}" if e.get("via") else ""),
    "displaced": lambda e: f"{title(e['by'])}'s {_piece(e['via'])} puts "
                           f"{title(e['dragon'])} at {show_cell(e['to'])}",
    "rebuilt": lambda e: f"{title(e['dragon'])} rebuilds the ruin at {show_cell(e['at'])} "
                         "as a town",
    "order": lambda e: "Turn order: " + ", ".join(title(n) for n in e["order"]),
    "turn": lambda e: f"{title(e['dragon'])}'s turn",
    "turn_end": lambda e: f"{title(e['dragon'])} ends the turn",
    "action": lambda e: f"{title(e['dragon'])}: {ACTION_TITLES[e['do']]}",
    "move": lambda e: f"{title(e['dragon'])} flies to {show_cell(e['to'])}",
    "claim": lambda e: f"{title(e['dragon'])} claims {show_cell(e['at'])}"
                       + (" with a gamble ring" if e["via"] == "gamble" else ""),
    "unclaim": lambda e: f"{title(e['dragon'])}'s ring at {show_cell(e['at'])} returns "
                         f"({_reason(e['reason'])})",
    "gamble": lambda e: f"{title(e['dragon'])} gambles a ring at {show_cell(e['at'])}",
    "coins": lambda e: f"{_who(e['from'])} pays {e['amount']} coin"
                       f"{'s' if e['amount'] != 1 else ''} to {_who(e['to'])} "
                       f"({e['reason'].replace('_', ' ')})",
    "treasure": lambda e: f"{title(e['dragon'])} gains a treasure token worth {e['value']}",
    "revolt": lambda e: f"The settlement at {show_cell(e['at'])} revolts against "
                        f"{title(e['dragon'])}",
    "destroy_failed": lambda e: f"{title(e['dragon'])} fails to destroy anything at "
                                f"{show_cell(e['at'])}",
    "ruined": lambda e: f"{title(e['dragon'])} ruins the {e['was']} at {show_cell(e['at'])}",
    "destroyed": lambda e: f"{title(e['dragon'])} destroys the {e['piece']} at "
                           f"{show_cell(e['at'])}",
    "attack": lambda e: f"{title(e['attacker'])} ({e['attack']}) attacks "
                        f"{title(e['defender'])} ({e['defence']}): {title(e['winner'])} wins",
    "tribute_claim": lambda e: f"  {_piece(e['piece'])} at {show_cell(e['at'])} pays "
                               f"{e['coins']} coin{'s' if e['coins'] != 1 else ''}"
                               + (f" and {e['tokens']} treasure" if e["tokens"] else "")
                               + (" (adjacent)" if e["adjacent"] else "")
                               + (f" (+{e['card_bonus']} from a card)"
                                  if e.get("card_bonus") else ""),
    "tribute": lambda e: f"{title(e['dragon'])} collects {e['coins']} coin"
                         f"{'s' if e['coins'] != 1 else ''} in tribute"
                         + (f" and treasure worth {e['treasure']}" if e["treasure"] else ""),
    "tie_extra_round": lambda e: "A tie at the top (" + ", ".join(map(title, e["leaders"]))
                                 + f" with {e['score']}): one more round",
    "power": lambda e: _power(e),
    "cancelled": lambda e: f"{title(e['by'])}'s {_piece(e['source'])} cancels "
                           f"{title(e['dragon'])}'s {_do(e['do'])}"
                           + (" (the action is spent)" if e["do"] in ACTION_TITLES else ""),
    "deck_shuffled": lambda e: f"All cards return; the deck of {e['cards']} is shuffled",
    "card_dealt": lambda e: f"{title(e['dragon'])} is dealt "
                            + ("a card" if e["card"] == "hidden" else _piece(e["card"])),
    "card": lambda e: _card(e),
    "game_over": lambda e: "Game over after round "
                           f"{e['round']}: winner {_winner(e['winner'])}",
}


def _power(e) -> str:
    who, place = title(e["dragon"]), _piece(e["place"])
    use = e["use"]
    if use == "modify":
        return f"{who} uses {place}: {e['value']:+d} on its {e['purpose']} roll"
    if use == "roll":
        return (f"{who} uses {place}: {e['value']:+d} on {title(e['against'])}'s "
                f"{e['purpose']} roll")
    if use == "cancel":
        return f"{who} uses {place} against {title(e['against'])}"
    if use == "claim":
        return f"{who} uses {place}: one Claim takes two settlements (once this round)"
    return f"{who} uses the power of {place}"


def _card(e) -> str:
    text = f"{title(e['dragon'])} plays {_piece(e['card'])}"
    if e.get("as"):
        text += f" as {_piece(e['as'])}"
    use = e["use"]
    if use == "modify" and "per" in e:
        return text + f": +1 coin from each {e['per']} that scores"
    if use == "modify":
        return text + f": {e['value']:+d} on its {e['purpose']} roll"
    if use == "roll":
        return text + f": {e['value']:+d} on {title(e['against'])}'s {e['purpose']} roll"
    if use == "dice":
        die = f"{e['die']} die" if e.get("die") else "die"
        return text + f": {e['value']:+d} on the {die} of the {e['purpose'].replace('_', ' ')} roll"
    if use == "cancel":
        text += f" against {title(e['against'])}"
        return text + (f", sending {title(e['target'])} home" if e.get("target") else "")
    target = e.get("answer", {}).get("dragon")
    return text + (f" on {title(target)}" if target else "")


def _winner(w) -> str:
    if isinstance(w, list):
        return " and ".join(title(n) for n in w) + " (shared)"
    return "the thief" if w == "thief" else title(w)


def describe(event: Mapping[str, Any]) -> str:
    """One line of plain words for an event."""
    template = TEMPLATES.get(event["type"])
    return template(event) if template else f"{event['type']}: {event}"

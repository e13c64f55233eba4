"""Events in plain words, for the game log and the headless demo.

Rendered when shown, in the current language (game.i18n): an event is stored as data,
never as words, so a save or a replay holds no language and switching language redraws
the whole log. In English every line is the same as it always was (tests compare them).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import reduce
from typing import Any

from game.decisions import show_cell
from game.i18n import N_, _, language, n_
from game.tables import ACTION_TITLES, CARD_TITLES, PLACE_TITLES, row_label
from game.words import PURPOSES, ROLL_NAMES
from game.words import dragon as title

# the words of event fields that hold keys (English: the key with spaces, as always)
REASONS = {
    "tribute": N_("tribute"), "steal": N_("steal"), "turnabout": N_("turnabout"),
    "revolt": N_("revolt"), "destroy": N_("destroy"), "destroyed": N_("destroyed"),
    "attack": N_("attack"), "robber": N_("robber"), "steal_for_thief": N_("steal for thief"),
    "failed_placement": N_("failed placement"), "abandoned": N_("abandoned"),
    "tribute_loss": N_("tribute loss"),
}
PHASES = {"populate": N_("-- Populate phase --"), "draw": N_("-- Draw phase --"),
          "tribute": N_("-- Tribute phase --"), "setup": N_("-- Setup phase --"),
          "action": N_("-- Action phase --"), "finished": N_("-- Finished phase --")}
# chart rows as the roll events name them ("0-5 nothing")
ROW_NAMES = {"nothing": N_("nothing"), "ruin": N_("ruin"), "destroyed": N_("destroyed"),
             "destroyed_treasure": N_("destroyed treasure"), "revolt": N_("revolt"),
             "unclaim": N_("unclaim"), "removed": N_("removed")}
PIECES = {"town": N_("town"), "city": N_("city"), "ruin": N_("ruin")}
# TRANSLATORS: {cell} is a board cell such as (3, 4)
PLACED = {"town": N_("A town is founded at {cell}"), "city": N_("A city is founded at {cell}")}
RUINED = {"town": N_("{dragon} ruins the town at {cell}"),
          "city": N_("{dragon} ruins the city at {cell}"),
          "ruin": N_("{dragon} ruins the ruin at {cell}")}
DESTROYED = {"town": N_("{dragon} destroys the town at {cell}"),
             "city": N_("{dragon} destroys the city at {cell}"),
             "ruin": N_("{dragon} destroys the ruin at {cell}")}
DIE_NAMES = {"col": N_("col"), "row": N_("row")}


def _word(table: Mapping[str, str], key: str) -> str:
    """A key's word from `table`, translated; an unknown key as its own words."""
    found = table.get(key)
    return _(found) if found else key.replace("_", " ")


def _roll_name(purpose: str) -> str:
    found = ROLL_NAMES.get(purpose)
    return _(found) if found else f"{purpose.replace('_', ' ')} roll"


def _who(name) -> str:
    if name in ("bank", None):
        return _("the bank")
    if name == "chest":
        return _("the thief's chest")
    return title(name)


def _source(src: str) -> str:
    """A modifier's source in a roll line: English keeps its historical lower-case key."""
    found = PLACE_TITLES.get(src) or CARD_TITLES.get(src)
    if found and language() != "en":
        return _(found)
    return _word(REASONS, src) if src in REASONS else src.replace("_", " ")


def shown_row(row) -> str:
    """A chart row as the player reads it ("0-15 nothing" in English, its words in the
    player's language): the log and the odds tooltips say it alike."""
    return row_words(row_label(row))


def row_words(label: str) -> str:
    """A roll event's `row` ("16-19 Theft", the engine's English, as saves keep it) in
    the player's language: the log and the dice tray say it alike."""
    span, _sep, name = label.partition(" ")
    if not name or language() == "en":  # English: the chart's own row name, as always
        return label
    word = ROW_NAMES.get(name)
    return f"{span} {_(word) if word else _(name)}"


def _roll(e) -> str:
    values = {"die": e["die"], "purpose": _word(PURPOSES, e["purpose"]), "face": e["face"]}
    if e.get("dragon"):
        text = _("{dragon} rolls d{die} for {purpose}: {face}").format(
            dragon=title(e["dragon"]), **values)
    else:
        text = _("Roll d{die} for {purpose}: {face}").format(**values)
    if e["mods"]:
        text += "".join(f" {v:+d} ({_source(src)})" for src, v in e["mods"])
        text += f" = {e['total']}"
    elif e["total"] != e["face"]:
        text += f" -> {e['total']}"
    if e.get("row"):
        text += f" [{row_words(e['row'])}]"
    return text


def _piece(kind: str) -> str:
    found = PLACE_TITLES.get(kind) or CARD_TITLES.get(kind) or PIECES.get(kind)
    return _(found) if found else kind


def _do(do: str) -> str:
    found = ACTION_TITLES.get(do) or CARD_TITLES.get(do)
    return _(found) if found else do


def _cell(e, key: str = "at") -> str:
    return show_cell(e[key])


def _names(names) -> str:
    return ", ".join(title(n) for n in names)


def _by_kind(table: Mapping[str, str], generic: str, kind: str, **values: Any) -> str:
    template = table.get(kind)
    if template:
        return _(template).format(**values)
    return _(generic).format(piece=_piece(kind), **values)


def _phase(phase: str) -> str:
    template = PHASES.get(phase)
    return _(template) if template else f"-- {phase.capitalize()} phase --"


def _chest_moved(e) -> str:
    if e.get("via"):
        # TRANSLATORS: {source} is the place or card {dragon} used to move the chest
        return _("The thief's chest moves to {cell} ({dragon}'s {source})").format(
            cell=_cell(e), dragon=title(e["by"]), source=_piece(e["via"]))
    return _("The thief's chest moves to {cell}").format(cell=_cell(e))


def _extra_action(e) -> str:
    if e.get("via"):
        # TRANSLATORS: {left} is the number of actions left; {source} a place or card
        return _("{dragon} gains an action ({left} left) with {source}").format(
            dragon=title(e["dragon"]), left=e["actions_left"], source=_piece(e["via"]))
    return _("{dragon} gains an action ({left} left)").format(
        dragon=title(e["dragon"]), left=e["actions_left"])


def _unclaim(e) -> str:
    reason = e["reason"]
    if reason.startswith("claimed_by_"):  # named as everywhere else: "claimed by Copper"
        why = _("claimed by {dragon}").format(dragon=title(reason[len("claimed_by_"):]))
    else:
        why = _word(REASONS, reason)
    return _("{dragon}'s ring at {cell} returns ({reason})").format(
        dragon=title(e["dragon"]), cell=_cell(e), reason=why)


def _coins(e) -> str:
    # TRANSLATORS: {payer} and {payee} are a dragon, "the bank" or "the thief's chest"
    return n_("{payer} pays {n} coin to {payee} ({reason})",
              "{payer} pays {n} coins to {payee} ({reason})", e["amount"]).format(
        payer=_who(e["from"]), payee=_who(e["to"]), n=e["amount"],
        reason=_word(REASONS, e["reason"]))


def _tribute_claim(e) -> str:
    text = "  " + n_("{piece} at {cell} pays {n} coin", "{piece} at {cell} pays {n} coins",
                     e["coins"]).format(piece=_piece(e["piece"]), cell=_cell(e), n=e["coins"])
    if e["tokens"]:
        # TRANSLATORS: added to "... pays 2 coins": treasure tokens paid too
        text += " " + _("and {tokens} treasure").format(tokens=e["tokens"])
    if e["adjacent"]:
        # TRANSLATORS: added to "... pays 2 coins": the tribute of a claim next to the dragon
        text += " " + _("(adjacent)")
    if e.get("card_bonus"):
        text += " " + _("(+{bonus} from a card)").format(bonus=e["card_bonus"])
    return text


def _tribute(e) -> str:
    if e["treasure"]:
        return n_("{dragon} collects {n} coin in tribute and treasure worth {treasure}",
                  "{dragon} collects {n} coins in tribute and treasure worth {treasure}",
                  e["coins"]).format(dragon=title(e["dragon"]), n=e["coins"],
                                     treasure=e["treasure"])
    return n_("{dragon} collects {n} coin in tribute", "{dragon} collects {n} coins in tribute",
              e["coins"]).format(dragon=title(e["dragon"]), n=e["coins"])


def _cancelled(e) -> str:
    values = {"by": title(e["by"]), "source": _piece(e["source"]),
              "dragon": title(e["dragon"]), "action": _do(e["do"])}
    if e["do"] in ACTION_TITLES:
        # TRANSLATORS: {by}'s place or card {source} cancels {dragon}'s action {action}
        return _("{by}'s {source} cancels {dragon}'s {action} (the action is spent)").format(
            **values)
    return _("{by}'s {source} cancels {dragon}'s {action}").format(**values)


def _card_dealt(e) -> str:
    if e["card"] == "hidden":
        return _("{dragon} is dealt a card").format(dragon=title(e["dragon"]))
    return _("{dragon} is dealt {card}").format(dragon=title(e["dragon"]),
                                                card=_piece(e["card"]))


TEMPLATES = {
    # TRANSLATORS: {seat} is a seat number (1, 2, ...), {rings} the dragon's claim rings
    "dragon": lambda e: n_("Seat {seat} plays {dragon} ({rings} rings)",
                           "Seat {seat} plays {dragon} ({rings} rings)", e["rings"]).format(
        seat=e["seat"] + 1, dragon=title(e["dragon"]), rings=e["rings"]),
    "cavern": lambda e: _("{dragon}'s cavern is at {cell}").format(
        dragon=title(e["dragon"]), cell=_cell(e)),
    "dragon_placed": lambda e: _("{dragon} lands at {cell}").format(
        dragon=title(e["dragon"]), cell=_cell(e)),
    "round": lambda e: "=== " + _("Round {round}").format(round=e["round"]) + " ===",
    "phase": lambda e: _phase(e["phase"]),
    "roll": _roll,
    "placed": lambda e: _by_kind(PLACED, N_("A {piece} is founded at {cell}"), e["piece"],
                                 cell=_cell(e)),
    "upgraded": lambda e: _("The town at {cell} grows into a city").format(cell=_cell(e)),
    "resettled": lambda e: _("The ruin at {cell} is resettled as a town").format(
        cell=_cell(e)),
    "placement_failed": lambda e: _("Nothing can be founded at {cell}; the thief profits"
                                    ).format(cell=_cell(e)),
    "place_placed": lambda e: _("{place} rises at {cell}").format(
        place=_piece(e["place"]), cell=_cell(e)),
    "place_not_placed": lambda e: _("{place} finds no room this round").format(
        place=_piece(e["place"])),
    "place_chosen": lambda e: _("{dragon} chooses {place}").format(
        dragon=title(e["dragon"]), place=_piece(e["place"])),
    "place_removed": lambda e: _("{dragon} topples {place}").format(
        dragon=title(e["dragon"]), place=_piece(e["place"])),
    "chest_moved": _chest_moved,
    "place_moved": lambda e: _("{dragon} moves {place} to {cell}").format(
        dragon=title(e["dragon"]), place=_piece(e["place"]), cell=_cell(e, "to")),
    "extra_action": _extra_action,
    # TRANSLATORS: {by}'s place or card {source} moves the dragon {dragon} to {cell}
    "displaced": lambda e: _("{by}'s {source} puts {dragon} at {cell}").format(
        by=title(e["by"]), source=_piece(e["via"]), dragon=title(e["dragon"]),
        cell=_cell(e, "to")),
    "rebuilt": lambda e: _("{dragon} rebuilds the ruin at {cell} as a town").format(
        dragon=title(e["dragon"]), cell=_cell(e)),
    "order": lambda e: _("Turn order: {order}").format(order=_names(e["order"])),
    "turn": lambda e: _("{dragon}'s turn").format(dragon=title(e["dragon"])),
    "turn_end": lambda e: _("{dragon} ends the turn").format(dragon=title(e["dragon"])),
    # TRANSLATORS: a dragon and the action it takes ("Red: Move")
    "action": lambda e: _("{dragon}: {action}").format(dragon=title(e["dragon"]),
                                                        action=_do(e["do"])),
    "move": lambda e: _("{dragon} flies to {cell}").format(dragon=title(e["dragon"]),
                                                           cell=_cell(e, "to")),
    "claim": lambda e: (_("{dragon} claims {cell} with a gamble ring") if e["via"] == "gamble"
                        else _("{dragon} claims {cell}")).format(
        dragon=title(e["dragon"]), cell=_cell(e)),
    "unclaim": _unclaim,
    "gamble": lambda e: _("{dragon} gambles a ring at {cell}").format(
        dragon=title(e["dragon"]), cell=_cell(e)),
    "coins": _coins,
    "treasure": lambda e: _("{dragon} gains a treasure token worth {value}").format(
        dragon=title(e["dragon"]), value=e["value"]),
    "revolt": lambda e: _("The settlement at {cell} revolts against {dragon}").format(
        cell=_cell(e), dragon=title(e["dragon"])),
    "destroy_failed": lambda e: _("{dragon} fails to destroy anything at {cell}").format(
        dragon=title(e["dragon"]), cell=_cell(e)),
    "ruined": lambda e: _by_kind(RUINED, N_("{dragon} ruins the {piece} at {cell}"),
                                 e["was"], dragon=title(e["dragon"]), cell=_cell(e)),
    "destroyed": lambda e: _by_kind(DESTROYED, N_("{dragon} destroys the {piece} at {cell}"),
                                    e["piece"], dragon=title(e["dragon"]), cell=_cell(e)),
    # TRANSLATORS: the numbers in brackets are the two dragons' attack and defence rolls
    "attack": lambda e: _("{attacker} ({attack}) attacks {defender} ({defence}): "
                          "{winner} wins").format(
        attacker=title(e["attacker"]), attack=e["attack"], defender=title(e["defender"]),
        defence=e["defence"], winner=title(e["winner"])),
    "tribute_claim": _tribute_claim,
    "tribute": _tribute,
    # TRANSLATORS: {leaders} are dragons' names, {score} their equal coins
    "tie_extra_round": lambda e: _("A tie at the top ({leaders} with {score}): one more "
                                   "round").format(leaders=_names(e["leaders"]),
                                                   score=e["score"]),
    "power": lambda e: _power(e),
    "cancelled": _cancelled,
    # TRANSLATORS: {cards} is the number of cards in the deck
    "deck_shuffled": lambda e: _("All cards return; the deck of {cards} is shuffled").format(
        cards=e["cards"]),
    "card_dealt": _card_dealt,
    "card": lambda e: _card(e),
    "game_over": lambda e: _("Game over after round {round}: winner {winner}").format(
        round=e["round"], winner=_winner(e["winner"])),
}


def _signed(v: int) -> str:
    return f"{v:+d}"


def _power(e) -> str:
    values = {"dragon": title(e["dragon"]), "place": _piece(e["place"])}
    use = e["use"]
    if use == "modify":
        # TRANSLATORS: {value} is a signed number such as +2; {roll} e.g. "attack roll"
        return _("{dragon} uses {place}: {value} on its {roll}").format(
            value=_signed(e["value"]), roll=_roll_name(e["purpose"]), **values)
    if use == "roll":
        return _("{dragon} uses {place}: {value} on {target}'s {roll}").format(
            value=_signed(e["value"]), target=title(e["against"]),
            roll=_roll_name(e["purpose"]), **values)
    if use == "cancel":
        return _("{dragon} uses {place} against {target}").format(
            target=title(e["against"]), **values)
    if use == "claim":
        return _("{dragon} uses {place}: one Claim takes two settlements (once this round)"
                 ).format(**values)
    return _("{dragon} uses the power of {place}").format(**values)


def _card(e) -> str:
    if e.get("as"):
        # TRANSLATORS: {card} is Copier, played as a copy of the card {copy}
        play = _("{dragon} plays {card} as {copy}").format(
            dragon=title(e["dragon"]), card=_piece(e["card"]), copy=_piece(e["as"]))
    else:
        play = _("{dragon} plays {card}").format(dragon=title(e["dragon"]),
                                                 card=_piece(e["card"]))
    use = e["use"]
    if use == "modify" and "per" in e:
        # TRANSLATORS: {play} is "Red plays Sheriff" (or "... Mayor")
        if e["per"] == "city":
            return _("{play}: +1 coin from each city that scores").format(play=play)
        if e["per"] == "town":
            return _("{play}: +1 coin from each town that scores").format(play=play)
        return play + f": +1 coin from each {e['per']} that scores"
    if use == "modify":
        # TRANSLATORS: {play} is "Red plays Fighter"; {value} e.g. +2; {roll} "attack roll"
        return _("{play}: {value} on its {roll}").format(
            play=play, value=_signed(e["value"]), roll=_roll_name(e["purpose"]))
    if use == "roll":
        return _("{play}: {value} on {target}'s {roll}").format(
            play=play, value=_signed(e["value"]), target=title(e["against"]),
            roll=_roll_name(e["purpose"]))
    if use == "dice":
        values = {"play": play, "value": _signed(e["value"]),
                  "roll": _roll_name(e["purpose"])}
        if e.get("die"):
            # TRANSLATORS: {die} is "col" or "row": which of the placement dice
            return _("{play}: {value} on the {die} die of the {roll}").format(
                die=_word(DIE_NAMES, e["die"]), **values)
        return _("{play}: {value} on the die of the {roll}").format(**values)
    if use == "cancel":
        if e.get("target"):
            return _("{play} against {target}, sending {sent} home").format(
                play=play, target=title(e["against"]), sent=title(e["target"]))
        return _("{play} against {target}").format(play=play, target=title(e["against"]))
    target = e.get("answer", {}).get("dragon")
    if target:
        # TRANSLATORS: {play} is "Red plays Orienteer"; {target} the dragon it is played on
        return _("{play} on {target}").format(play=play, target=title(target))
    return play


def _winner(w) -> str:
    if isinstance(w, list):
        names = reduce(lambda a, b: _("{first} and {second}").format(first=a, second=b),
                       (title(n) for n in w))
        # TRANSLATORS: {names} won together ("Red and Blue")
        return _("{names} (shared)").format(names=names)
    return _("the thief") if w == "thief" else title(w)


def describe(event: Mapping[str, Any]) -> str:
    """One line of plain words for an event, in the current language."""
    template = TEMPLATES.get(event["type"])
    return template(event) if template else f"{event['type']}: {event}"

"""The board as the player sees it while events play out.

The engine jumps from decision to decision; a batch of events (a whole populate phase,
an action with its rolls) happens at once. The window shows them one by one, so it
keeps its own copy of the state document and applies each event to it as its animation
plays. When a batch has been shown, the copy is replaced by the engine's real view
(`resync`), so a slip here can never outlive one batch.
"""

from __future__ import annotations

import copy

from game.tables import ACTIONS_PER_TURN, RING_COUNT


def empty_doc(board, options: dict) -> dict:
    """The table before setup: the map's own pieces, no dragons yet."""
    doc = {"format": "narby-state/1", "map": board.source, "options": dict(options),
           "round": 0, "phase": "setup", "order": [], "turn": None, "actions_left": 0,
           "pending": None, "finished": False, "winner": None, "played": [],
           "powers_used": [], "dragons": {}, "settlements": [], "places": [],
           "gambles": [], "chest": {"at": None, "coins": 0}}
    for piece in board.pieces:
        if piece.kind == "chest":
            doc["chest"]["at"] = list(piece.at)
        elif piece.kind == "place_of_power":
            doc["places"].append({"kind": piece.place, "at": list(piece.at), "claim": None,
                                  "power_used": False})
        else:
            doc["settlements"].append({"kind": piece.kind, "at": list(piece.at),
                                       "claim": None})
    return doc


def _covers(piece: dict, at, size: int) -> bool:
    c, r = piece["at"]
    return c <= at[0] < c + size and r <= at[1] < r + size


def piece_at(doc: dict, at) -> dict | None:
    """The settlement or place of power covering cell `at`."""
    for s in doc["settlements"]:
        if list(s["at"]) == list(at):
            return s
    for p in doc["places"]:
        if _covers(p, at, 2):
            return p
    return None


def _settlement(doc, at):
    for s in doc["settlements"]:
        if list(s["at"]) == list(at):
            return s
    return None


def _coins(doc, who, delta) -> None:
    if who == "chest":
        doc["chest"]["coins"] += delta
    elif who in doc["dragons"]:
        doc["dragons"][who]["coins"] += delta


def _rings(doc, who, delta) -> None:
    if who in doc["dragons"]:
        doc["dragons"][who]["rings_in_supply"] += delta


def _drop_gamble(doc, owner, at) -> bool:
    for g in doc["gambles"]:
        if g["owner"] == owner and list(g["at"]) == list(at):
            doc["gambles"].remove(g)
            return True
    return False


def _dragon(doc, e) -> None:
    doc["dragons"][e["dragon"]] = {"seat": e["seat"], "coins": 0, "treasure": [],
                                   "rings_in_supply": e.get("rings", RING_COUNT[e["dragon"]]),
                                   "at": None, "cavern": None, "card": None}


def _cavern(doc, e) -> None:
    if e["dragon"] in doc["dragons"]:
        doc["dragons"][e["dragon"]]["cavern"] = list(e["at"])


def _dragon_at(doc, e) -> None:
    if e["dragon"] in doc["dragons"]:
        doc["dragons"][e["dragon"]]["at"] = list(e.get("to") or e["at"])


def _round(doc, e) -> None:
    doc["round"] = e["round"]
    doc["powers_used"] = []
    for p in doc["places"]:
        p["power_used"] = False


def _phase(doc, e) -> None:
    doc["phase"] = e["phase"]
    if e["phase"] != "action":  # the last turn of a phase leaves nobody acting
        doc["turn"], doc["actions_left"] = None, 0


def _turn_end(doc, e) -> None:
    doc["actions_left"] = 0


def _order(doc, e) -> None:
    doc["order"] = list(e["order"])


def _turn(doc, e) -> None:
    doc["turn"] = e["dragon"]
    doc["actions_left"] = e.get("actions", ACTIONS_PER_TURN)


def _action(doc, e) -> None:
    doc["actions_left"] = e["actions_left"]


def _placed(doc, e) -> None:
    doc["settlements"].append({"kind": e["piece"], "at": list(e["at"]), "claim": None})


def _rekind(doc, e) -> None:
    s = _settlement(doc, e["at"])
    if s:
        s["kind"] = e.get("to") or "town"


def _ruined(doc, e) -> None:
    s = _settlement(doc, e["at"])
    if s:
        s["kind"] = "ruin"


def _destroyed(doc, e) -> None:
    s = _settlement(doc, e["at"])
    if s:
        doc["settlements"].remove(s)


def _place_placed(doc, e) -> None:
    doc["places"].append({"kind": e["place"], "at": list(e["at"]), "claim": None,
                          "power_used": False})


def _place_removed(doc, e) -> None:
    doc["places"] = [p for p in doc["places"] if p["kind"] != e["place"]]


def _place_moved(doc, e) -> None:
    for p in doc["places"]:
        if p["kind"] == e["place"]:
            p["at"] = list(e["to"])


def _chest_moved(doc, e) -> None:
    doc["chest"]["at"] = list(e["at"])


def _claim(doc, e) -> None:
    piece = piece_at(doc, e["at"])
    if piece is not None:
        piece["claim"] = e["dragon"]
    if e.get("via") == "gamble":  # R13: the gamble ring moves onto the settlement
        _drop_gamble(doc, e["dragon"], e.get("from", e["at"]))
    else:
        _rings(doc, e["dragon"], -1)


def _unclaim(doc, e) -> None:
    piece = piece_at(doc, e["at"])
    if piece is not None and piece.get("claim") == e["dragon"]:
        piece["claim"] = None
    else:
        _drop_gamble(doc, e["dragon"], e["at"])
    _rings(doc, e["dragon"], +1)


def _gamble(doc, e) -> None:
    doc["gambles"].append({"at": list(e["at"]), "owner": e["dragon"]})
    _rings(doc, e["dragon"], -1)


def _coin_move(doc, e) -> None:
    _coins(doc, e["from"], -e["amount"])
    _coins(doc, e["to"], e["amount"])


def _treasure(doc, e) -> None:
    if e["dragon"] in doc["dragons"]:
        doc["dragons"][e["dragon"]]["treasure"].append(e["value"])


def _power(doc, e) -> None:
    if e["place"] not in doc["powers_used"]:
        doc["powers_used"].append(e["place"])
    for p in doc["places"]:
        if p["kind"] == e["place"]:
            p["power_used"] = True


def _game_over(doc, e) -> None:
    doc["finished"] = True
    doc["phase"] = "finished"
    doc["winner"] = e["winner"]
    doc["turn"], doc["actions_left"] = None, 0


# event type -> how it changes the shown document
APPLY = {
    "dragon": _dragon, "cavern": _cavern,
    "dragon_placed": _dragon_at, "move": _dragon_at, "displaced": _dragon_at,
    "round": _round, "phase": _phase, "turn_end": _turn_end, "order": _order,
    "turn": _turn, "action": _action, "extra_action": _action,
    "placed": _placed, "upgraded": _rekind, "resettled": _rekind, "rebuilt": _rekind,
    "ruined": _ruined, "destroyed": _destroyed,
    "place_placed": _place_placed, "place_removed": _place_removed,
    "place_moved": _place_moved, "chest_moved": _chest_moved,
    "claim": _claim, "unclaim": _unclaim, "gamble": _gamble, "coins": _coin_move,
    "treasure": _treasure, "power": _power, "game_over": _game_over,
}


def apply(doc: dict, e: dict) -> None:
    """Change `doc` as event `e` says. Unknown events change nothing."""
    handler = APPLY.get(e["type"])
    if handler is not None:
        handler(doc, e)


def board_doc(doc: dict) -> dict:
    """The document for the board renderer: dragons not yet on the board left out."""
    if all(v.get("at") is not None for v in doc["dragons"].values()):
        return doc
    out = dict(doc)
    out["dragons"] = {n: v for n, v in doc["dragons"].items() if v.get("at") is not None}
    return out


def clone(doc: dict) -> dict:
    return copy.deepcopy(doc)

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


def apply(doc: dict, e: dict) -> None:
    """Change `doc` as event `e` says. Unknown events change nothing."""
    t = e["type"]
    d = doc["dragons"]
    if t == "dragon":
        d[e["dragon"]] = {"seat": e["seat"], "coins": 0, "treasure": [],
                          "rings_in_supply": e.get("rings", RING_COUNT[e["dragon"]]),
                          "at": None, "cavern": None, "card": None}
    elif t == "cavern" and e["dragon"] in d:
        d[e["dragon"]]["cavern"] = list(e["at"])
    elif t in ("dragon_placed", "move", "displaced") and e["dragon"] in d:
        d[e["dragon"]]["at"] = list(e.get("to") or e["at"])
    elif t == "round":
        doc["round"] = e["round"]
        doc["powers_used"] = []
        for p in doc["places"]:
            p["power_used"] = False
    elif t == "phase":
        doc["phase"] = e["phase"]
        if e["phase"] != "action":  # the last turn of a phase leaves nobody acting
            doc["turn"], doc["actions_left"] = None, 0
    elif t == "turn_end":
        doc["actions_left"] = 0
    elif t == "order":
        doc["order"] = list(e["order"])
    elif t == "turn":
        doc["turn"] = e["dragon"]
        doc["actions_left"] = e.get("actions", ACTIONS_PER_TURN)
    elif t in ("action", "extra_action"):
        doc["actions_left"] = e["actions_left"]
    elif t == "placed":
        doc["settlements"].append({"kind": e["piece"], "at": list(e["at"]), "claim": None})
    elif t in ("upgraded", "resettled", "rebuilt"):
        s = _settlement(doc, e["at"])
        if s:
            s["kind"] = e.get("to") or "town"
    elif t == "ruined":
        s = _settlement(doc, e["at"])
        if s:
            s["kind"] = "ruin"
    elif t == "destroyed":
        s = _settlement(doc, e["at"])
        if s:
            doc["settlements"].remove(s)
    elif t == "place_placed":
        doc["places"].append({"kind": e["place"], "at": list(e["at"]), "claim": None,
                              "power_used": False})
    elif t == "place_removed":
        doc["places"] = [p for p in doc["places"] if p["kind"] != e["place"]]
    elif t == "place_moved":
        for p in doc["places"]:
            if p["kind"] == e["place"]:
                p["at"] = list(e["to"])
    elif t == "chest_moved":
        doc["chest"]["at"] = list(e["at"])
    elif t == "claim":
        piece = piece_at(doc, e["at"])
        if piece is not None:
            piece["claim"] = e["dragon"]
        if e.get("via") == "gamble":  # R13: the gamble ring moves onto the settlement
            _drop_gamble(doc, e["dragon"], e.get("from", e["at"]))
        else:
            _rings(doc, e["dragon"], -1)
    elif t == "unclaim":
        piece = piece_at(doc, e["at"])
        if piece is not None and piece.get("claim") == e["dragon"]:
            piece["claim"] = None
        else:
            _drop_gamble(doc, e["dragon"], e["at"])
        _rings(doc, e["dragon"], +1)
    elif t == "gamble":
        doc["gambles"].append({"at": list(e["at"]), "owner": e["dragon"]})
        _rings(doc, e["dragon"], -1)
    elif t == "coins":
        _coins(doc, e["from"], -e["amount"])
        _coins(doc, e["to"], e["amount"])
    elif t == "treasure" and e["dragon"] in d:
        d[e["dragon"]]["treasure"].append(e["value"])
    elif t == "power":
        if e["place"] not in doc["powers_used"]:
            doc["powers_used"].append(e["place"])
        for p in doc["places"]:
            if p["kind"] == e["place"]:
                p["power_used"] = True
    elif t == "game_over":
        doc["finished"] = True
        doc["phase"] = "finished"
        doc["winner"] = e["winner"]
        doc["turn"], doc["actions_left"] = None, 0


def board_doc(doc: dict) -> dict:
    """The document for the board renderer: dragons not yet on the board left out."""
    if all(v.get("at") is not None for v in doc["dragons"].values()):
        return doc
    out = dict(doc)
    out["dragons"] = {n: v for n, v in doc["dragons"].items() if v.get("at") is not None}
    return out


def clone(doc: dict) -> dict:
    return copy.deepcopy(doc)

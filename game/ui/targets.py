"""From a set of legal answers to clicks on the board.

Any decision's answers (actions, powers, cards, choices) are narrowed one field at a
time: `AnswerPicker.key()` names the next field whose values still differ ("dragon",
then "at", "to", "also", "choose", ...), `options()` lists its values, `pick()` keeps
the answers with that value. Values that are cells or dragons map to board cells
(`value_cells`), so the player clicks the board; other values (a place to choose) are
picked from a list. No field is special to one action, so answers added later by the
cards branch work the same way.
"""

from __future__ import annotations

import json

from game import registry
from game.decisions import show_cell
from game.i18n import N_, _
from game.tables import ACTION_TITLES, CARD_TITLES, PLACE_TITLES, UNDEAD_HOME
from game.ui.words import dragon, piece_at, place_at

KEY_ORDER = ("dragon", "at", "to", "also", "choose")
MISSING = "__none__"  # an answer without the field (a single Claim beside Citadel pairs)
# What an answer's fields point at, from the registry: a power's "to" is a dragon's 2x2
# landing unless its place says otherwise (Darkheart Cottage moves the 1x1 chest); an
# action's "dragon" is that dragon, or its cavern (Steal from a cavern), and a lone
# answer of an action aimed at the chest is confirmed on the chest (Action.aim).
TO_SIZE: dict[object, int] = {p.key: p.to_size for p in registry.places() if p.to_size != 2}
AIM: dict[object, str] = {a.key: a.aim for a in registry.actions() if a.aim != "piece"}
# an answer that uses a power or plays a card, as an option says it
# TRANSLATORS: {what} is a place of power or a power card
_VERBS = {"use": N_("Use {what}"), "play": N_("Play {what}")}


def answer_id(answer: dict) -> str:
    return json.dumps(answer, sort_keys=True)


def _hashable(v):
    return tuple(v) if isinstance(v, list) else v


class AnswerPicker:
    def __init__(self, answers: list[dict]):
        self.all = list(answers)
        self.remaining = list(answers)
        self.picked: dict = {}

    def key(self) -> str | None:
        if len(self.remaining) <= 1:
            return None
        keys = []
        for a in self.remaining:
            for k in a:
                if k not in keys:
                    keys.append(k)
        ordered = [k for k in KEY_ORDER if k in keys] + [k for k in keys if k not in KEY_ORDER]
        for k in ordered:
            values = {_hashable(a.get(k, MISSING)) for a in self.remaining}
            if len(values) > 1:
                return k
        return None

    def options(self) -> list:
        k = self.key()
        if k is None:
            return []
        out = []
        for a in self.remaining:
            v = a.get(k, MISSING)
            if v not in out:
                out.append(v)
        return out

    def pick(self, value) -> None:
        k = self.key()
        if k is None:
            return
        self.picked[k] = value
        self.remaining = [a for a in self.remaining if a.get(k, MISSING) == value]

    def answer(self) -> dict | None:
        return self.remaining[0] if len(self.remaining) == 1 else None

    def with_value(self, value) -> list[dict]:
        k = self.key()
        return [a for a in self.remaining if a.get(k, MISSING) == value]


def _cells(at, size: int) -> list[tuple[int, int]]:
    c, r = at
    return [(c + dc, r + dr) for dr in range(size) for dc in range(size)]


def piece_size(doc: dict, cell) -> tuple[tuple[int, int], int]:
    """(top-left, size) of the piece covering `cell` in doc: a place of power is 2x2."""
    for p in doc.get("places") or ():
        c, r = p["at"]
        if c <= cell[0] < c + 2 and r <= cell[1] < r + 2:
            return (c, r), 2
    return tuple(cell), 1


def value_cells(doc: dict, key: str, value, answer: dict) -> list[tuple[int, int]]:
    """The board cells that stand for `value` of field `key` in answers like `answer`;
    [] if the value is not on the board (pick it from a list)."""
    if value == MISSING or value is None:
        return []
    if key == "dragon" and isinstance(value, str):
        d = (doc.get("dragons") or {}).get(value)
        if d is None:
            return []
        if AIM.get(answer.get("do")) == "cavern":
            cav = d.get("cavern")
            if cav is None and value == "undead":  # R8: the resting place is its cavern
                for p in doc.get("places") or ():
                    if p["kind"] == UNDEAD_HOME:
                        return _cells(p["at"], 2)
                return []
            return _cells(cav, 1) if cav is not None else []
        return _cells(d["at"], 2) if d.get("at") is not None else []
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        if key == "to":
            kind = answer.get("power") or answer.get("play") or answer.get("do")
            return _cells(value, TO_SIZE.get(kind, 2))
        at, size = piece_size(doc, value)
        return _cells(at, size)
    return []


def single_target_cells(doc: dict, answer: dict) -> list[tuple[int, int]]:
    """Cells to click to confirm a lone answer: its target, or the chest for a theft
    from the chest; [] when the answer names nothing on the board."""
    if AIM.get(answer.get("do")) == "chest":
        at = (doc.get("chest") or {}).get("at")
        return [tuple(at)] if at is not None else []
    for k in KEY_ORDER:
        if k in answer:
            cells = value_cells(doc, k, answer[k], answer)
            if cells:
                return cells
    return []


def value_label(key: str, value, doc: dict | None = None) -> str:
    """A value in words for a list of options."""
    if value == MISSING:
        # TRANSLATORS: an option of a question: no second settlement / nothing
        return _("No second one") if key == "also" else _("None")
    if isinstance(value, str):
        if value in PLACE_TITLES:
            return _(PLACE_TITLES[value])
        if doc and value in (doc.get("dragons") or {}):
            return dragon(value)
        return _(CARD_TITLES.get(value) or value.replace("_", " ").title())
    if isinstance(value, list) and len(value) == 2:
        if doc is not None and key in ("at", "also", "choose"):
            return _piece_words(doc, value)
        return show_cell(value)
    return str(value)


# the placement dice a card moves
DIE_WORDS = {"col": N_("column"), "row": N_("row")}
MINUS = "\u2212"


def answer_label(answer: dict, doc: dict | None = None) -> str:
    """Any answer in words, for the generic choice dialog."""
    if answer.get("pass") is True:
        return _("Pass — use nothing")
    for k, verb in (("react", _VERBS["use"]), ("power", _VERBS["use"]),
                    ("play", _VERBS["play"])):
        if k in answer:
            text = _(verb).format(what=value_label(k, answer[k]))
            if isinstance(answer.get("by"), int):  # a die moved: "Col, 2" read as a cell
                name = str(answer.get("die") or "")
                die = _(DIE_WORDS[name]) if name in DIE_WORDS else name
                by = answer["by"]
                shift = f"{'+' if by > 0 else MINUS}{abs(by)}"
                return f"{text} — {die} {shift}" if die else f"{text} — {shift}"
            rest = [value_label(x, answer[x], doc) for x in answer if x != k]
            return text + (" — " + ", ".join(rest) if rest else "")
    if "choose" in answer:
        v = answer["choose"]
        if isinstance(v, list) and doc is not None:
            # a gamble ring under a piece (P3) is named as the ring, not the piece
            what = piece_at("gamble", show_cell(v)) if answer.get("ring") else _piece_words(doc, v)
            # TRANSLATORS: an option: the claim given up, such as "the town at (3, 4)"
            return _("Lose {what}").format(what=what)
        return value_label("choose", v, doc)
    if "do" in answer:
        text = _(ACTION_TITLES.get(answer["do"], answer["do"]))
        rest = [value_label(x, answer[x], doc) for x in answer if x != "do"]
        return text + (" " + ", ".join(rest) if rest else "")
    return ", ".join(f"{k}: {value_label(k, v, doc)}" for k, v in answer.items()) or _("OK")


def _piece_words(doc: dict, cell) -> str:
    for s in doc.get("settlements") or ():
        if list(s["at"]) == list(cell):
            return piece_at(s["kind"], show_cell(cell))
    for p in doc.get("places") or ():
        if list(p["at"]) == list(cell):
            return place_at(PLACE_TITLES[p["kind"]], show_cell(cell))
    if any(list(g["at"]) == list(cell) for g in doc.get("gambles") or ()):
        return piece_at("gamble", show_cell(cell))
    # open ground: a Gamble's target ("Gamble the gamble ring at" before one was there)
    # TRANSLATORS: {cell} is a board cell such as (3, 4): open ground there
    return _("at {cell}").format(cell=show_cell(cell))

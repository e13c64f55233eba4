"""Explanations where the decision is made: the lines of a tooltip for an action slot,
a place's power or a card slot, a question's option, and the info card of a board piece.

Pure functions of game.content's definitions and the state document the window shows
(game.ui.shown_board), so they need no window and can be tested as text. Every text is
in plain words: no rule codes.
"""

from __future__ import annotations

from game import content, rule_maths
from game.decisions import show_cell, title
from game.geometry import rect_gap
from game.tables import (
    CANCEL_POWERS,
    OWN_ROLL_POWERS,
    RING_COUNT,
    ROLL_REACTION_POWERS,
    TURN_POWERS,
)

HIDDEN = "hidden"


# ----- the action bar -------------------------------------------------------------------
def slot_lines(slot) -> list[str]:
    """Tooltip lines of an action-bar slot (game.ui.action_bar.Slot): name, key and cost;
    what it does; when it can be used; then whether it can be used now and why not."""
    d = content.for_answer_kind(slot.key)
    key = f"  [{slot.hotkey}]" if slot.hotkey else ""
    if d is None:
        return [slot.label + key] + ([slot.reason] if slot.reason else [])
    if d.kind == "action":
        head = f"{d.title}{key}  ·  {content.cost_words(slot.cost or 0)}"
    else:
        head = f"{d.title}{key}  ·  {'your card' if d.kind == 'card' else 'your place'}"
    lines = [head, d.effect] + ([d.timing + "."] if d.kind != "action" else [])
    if slot.enabled:
        n = len(slot.answers)
        lines.append("Click or press the key, then pick one of "
                     f"{content.plural(n, 'target')} on the board" if n > 1
                     else "Click or press the key to use it")
    elif slot.reason:
        lines.append("Not now: " + slot.reason)
    return lines


# ----- question dialogs -----------------------------------------------------------------
def option_detail(answer, prompt_kind: str | None = None) -> str:
    """One line for an option of a question dialog: what choosing it does."""
    if isinstance(answer, dict):
        if answer.get("pass") is True:
            return "Keep your card and powers for later; nothing is used."
        d = content.for_answer(answer)
        if d is not None:
            extra = ""
            if d.kind == "card":
                extra = " The card is then discarded."
            elif d.kind == "place" and d.key in _ONCE:
                extra = " Once a round."
            return d.effect + extra
        if isinstance(answer.get("choose"), list):
            return ("This claim is lost: its ring goes back to your supply. Claims next to "
                    "your dragon are safe.")
    if isinstance(answer, str):
        d = content.for_answer({"choose": answer})
        if d is not None:
            return f"{d.effect} ({d.timing.lower()})"
    return ""


def _once_keys():
    return set(TURN_POWERS) | set(OWN_ROLL_POWERS) | set(CANCEL_POWERS) | set(
        ROLL_REACTION_POWERS)


_ONCE = _once_keys()


def option_details(values: list) -> list[str]:
    return [option_detail(v) for v in values]


# ----- tribute expectation --------------------------------------------------------------
def tribute_expectation(kind: str, dragon: str | None = None, adjacent: bool = False,
                        even: bool = False) -> float:
    """Mean coins a claim on `kind` pays `dragon` a round on a plain d20 (treasure tokens
    counted at their mean value), from game.rule_maths, the one source of the engine's
    tribute maths. Beside the dragon the adjacent row always applies. `even`: the even
    dragons house rule."""
    if adjacent:
        return rule_maths.adjacent_worth(dragon or "", kind, even)
    return rule_maths.tribute_expectation(dragon or "", kind, 0, even)


def _about(x: float) -> str:
    v = float(x)
    if v == int(v):
        return content.plural(int(v), "coin")
    return f"about {v:.1f} coins"


# ----- board pieces ---------------------------------------------------------------------
def _covers(at, size: int, cell) -> bool:
    return at[0] <= cell[0] < at[0] + size and at[1] <= cell[1] < at[1] + size


def _owner_words(owner: str | None, viewer: str | None) -> str:
    if not owner:
        return "Unclaimed"
    return "Claimed by you" if owner == viewer else f"Claimed by {title(owner)}"


def piece_lines(doc: dict, cell, viewer: str | None = None) -> list[str] | None:
    """The info card of whatever is at `cell` in the shown state document, or None."""
    cell = tuple(cell)
    for name, d in (doc.get("dragons") or {}).items():
        if d.get("at") and _covers(d["at"], 2, cell):
            return _dragon_lines(doc, name, d, viewer)
    for s in doc.get("settlements") or ():
        if tuple(s["at"]) == cell:
            return _settlement_lines(doc, s, viewer)
    for p in doc.get("places") or ():
        if _covers(p["at"], 2, cell):
            return _place_lines(doc, p, viewer)
    for name, d in (doc.get("dragons") or {}).items():
        if d.get("cavern") and tuple(d["cavern"]) == cell:
            return [f"{title(name)}'s cavern  ·  {show_cell(cell)}",
                    f"Holds {content.plural(d.get('coins', 0), 'coin')}.",
                    "A dragon next to it may Steal from cavern (1 action)."]
    chest = doc.get("chest") or {}
    if chest.get("at") and tuple(chest["at"]) == cell:
        return [f"The thief's chest  ·  {show_cell(cell)}",
                f"Holds {content.plural(chest.get('coins', 0), 'coin')}.",
                "A dragon next to it may Steal from chest; it moves each round."]
    for g in doc.get("gambles") or ():
        if tuple(g["at"]) == cell:
            return [f"Gamble ring  ·  {show_cell(cell)}", _owner_words(g["owner"], viewer)
                    .replace("Claimed by", "Placed by") + ".",
                    "A settlement founded next to it is claimed by it for free."]
    return None


def _near_owner(doc: dict, at, size: int, owner: str | None) -> bool:
    d = (doc.get("dragons") or {}).get(owner or "")
    return bool(d and d.get("at") and rect_gap(tuple(d["at"]), 2, tuple(at), size) == 1)


def _settlement_lines(doc, s, viewer) -> list[str]:
    kind, owner = s["kind"], s.get("claim")
    lines = [f"{kind.title()}  ·  {show_cell(s['at'])}", _owner_words(owner, viewer) + "."]
    who = owner or viewer
    even = bool((doc.get("options") or {}).get("even_dragons"))
    pays = tribute_expectation(kind, who, even=even)
    if kind == "ruin":
        lines.append("A ruin pays little; Tower of Unquenched Flame can rebuild it.")
    if owner:
        near = _near_owner(doc, s["at"], 1, owner)
        if near:
            lines.append(f"Pays {title(owner)} "
                         f"{_about(tribute_expectation(kind, owner, True, even))} a round "
                         "(dragon beside it: no roll needed).")
        else:
            lines.append(f"Pays {title(owner)} {_about(pays)} a round on average.")
    else:
        lines.append(f"A claim on it would pay {_about(pays)} a round on average.")
    return lines


def _place_lines(doc, p, viewer) -> list[str]:
    d = content.place(p["kind"])
    owner = p.get("claim")
    lines = [f"{d.title}  ·  {show_cell(p['at'])}", _owner_words(owner, viewer) + ".",
             d.effect, d.timing + "."]
    if p["kind"] in _ONCE:
        lines.append("Its power was used this round." if p.get("power_used")
                     else "Its power is ready this round.")
    pays = tribute_expectation("place", owner or viewer)
    lines.append(f"Tribute: {_about(pays)} a round on average.")
    return lines


def _dragon_lines(doc, name, d, viewer) -> list[str]:
    me = name == viewer
    head = f"{title(name)} dragon" + (" (you)" if me else "") + f"  ·  {show_cell(d['at'])}"
    claims = sum(1 for s in doc.get("settlements") or () if s.get("claim") == name)
    places = [content.place(p["kind"]).title for p in doc.get("places") or ()
              if p.get("claim") == name]
    treasure = len(d.get("treasure") or ())
    lines = [head,
             f"{content.plural(d.get('coins', 0), 'coin')}"
             + (f" and {content.plural(treasure, 'treasure token')}" if treasure else "")
             + f"; {content.plural(claims, 'settlement')} claimed; "
             f"{d.get('rings_in_supply', 0)} of {RING_COUNT.get(name, 10)} rings in supply."]
    card = d.get("card")
    if card and card != HIDDEN:
        c = content.card(card)
        lines.append(f"Card: {c.title} — {c.effect}")
    elif card == HIDDEN:
        lines.append("Holds one power card (hidden).")
    if places:
        used = set(doc.get("powers_used") or ())
        parts = [t + (" (used)" if k in used else "")
                 for t, k in zip(places, [p["kind"] for p in doc.get("places") or ()
                                          if p.get("claim") == name], strict=True)]
        lines.append("Places: " + ", ".join(parts))
    if not d.get("cavern"):
        lines.append("No cavern yet: nobody can steal from it.")
    return lines


def comes_to_nothing(doc: dict, event: dict) -> str | None:
    """The outcome, for the log, of an event the engine follows with no payment because
    there was nothing to take (Robber on a dragon with no coins); None otherwise."""
    if event.get("type") != "card" or event.get("use") != "turn":
        return None
    answer = event.get("answer") or {}
    if answer.get("as", event.get("card")) != "robber":
        return None
    victim = str(answer.get("dragon"))
    d = (doc.get("dragons") or {}).get(victim)
    if d is None or d.get("coins", 0) > 0:
        return None
    return f"Robber takes nothing: {title(victim)} has no coins"


def tip_at(doc: dict, cell, viewer: str | None, pos) -> tuple[list[str], tuple] | None:
    """The board scene's tip (lines, position) for the piece at `cell`, or None."""
    if doc is None or cell is None:
        return None
    lines = piece_lines(doc, cell, viewer)
    return (lines, pos) if lines else None

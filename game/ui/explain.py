"""Explanations where the decision is made: the lines of a tooltip for an action slot,
a place's power or a card slot, a question's option, and the info card of a board piece.

Pure functions of game.content's definitions and the state document the window shows
(game.ui.shown_board), so they need no window and can be tested as text. Every text is
in plain words: no rule codes.
"""

from __future__ import annotations

from game import content, rule_maths
from game.decisions import show_cell
from game.geometry import rect_gap
from game.i18n import N_, _, n_
from game.tables import (
    CANCEL_POWERS,
    OWN_ROLL_POWERS,
    RING_COUNT,
    ROLL_REACTION_POWERS,
    TURN_POWERS,
)
from game.ui.words import coins, dragon
from game.words import shown

HIDDEN = "hidden"
# a settlement's kind as its info card heads it
KIND_TITLES = {"town": N_("Town"), "city": N_("City"), "ruin": N_("Ruin")}


# ----- the action bar -------------------------------------------------------------------
def slot_lines(slot) -> list[str]:
    """Tooltip lines of an action-bar slot (game.ui.action_bar.Slot): name, key and cost;
    what it does; when it can be used; then whether it can be used now and why not."""
    d = content.for_answer_kind(slot.key)
    key = f"  [{slot.hotkey}]" if slot.hotkey else ""
    if d is None:
        return [slot.label + key] + ([shown(slot.reason)] if slot.reason else [])
    if d.kind == "action":
        cost = slot.cost or 0
        # TRANSLATORS: what an action costs, in actions of the turn
        words = n_("costs {n} action", "costs {n} actions", cost).format(n=cost) \
            if cost else _("free")
        head = f"{_(d.title)}{key}  ·  {words}"
    else:
        head = f"{_(d.title)}{key}  ·  {_('your card') if d.kind == 'card' else _('your place')}"
    lines = [head, _(d.effect)] + ([_(d.timing) + "."] if d.kind != "action" else [])
    if slot.enabled:
        n = len(slot.answers)
        lines.append(n_("Click or press the key, then pick one of {n} target on the board",
                        "Click or press the key, then pick one of {n} targets on the board",
                        n).format(n=n) if n > 1
                     else _("Click or press the key to use it"))
    elif slot.reason:
        # TRANSLATORS: {reason} says why an action cannot be taken now
        lines.append(_("Not now: {reason}").format(reason=shown(slot.reason)))
    return lines


# ----- question dialogs -----------------------------------------------------------------
def option_detail(answer, prompt_kind: str | None = None) -> str:
    """One line for an option of a question dialog: what choosing it does."""
    if isinstance(answer, dict):
        if answer.get("pass") is True:
            return _("Keep your card and powers for later; nothing is used.")
        d = content.for_answer(answer)
        if d is not None:
            extra = ""
            if d.kind == "card":
                extra = " " + _("The card is then discarded.")
            elif d.kind == "place" and d.key in _ONCE:
                extra = " " + _("Once a round.")
            return _(d.effect) + extra
        if isinstance(answer.get("choose"), list):
            return _("This claim is lost: its ring goes back to your supply. Claims next "
                     "to your dragon are safe.")
    if isinstance(answer, str):
        d = content.for_answer({"choose": answer})
        if d is not None:
            return f"{_(d.effect)} ({_(d.timing).lower()})"
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
        return coins(int(v))
    # TRANSLATORS: {n} is an average number of coins, such as 2.5
    return _("about {n} coins").format(n=f"{v:.1f}")


# ----- board pieces ---------------------------------------------------------------------
def _covers(at, size: int, cell) -> bool:
    return at[0] <= cell[0] < at[0] + size and at[1] <= cell[1] < at[1] + size


def _owner_words(owner: str | None, viewer: str | None) -> str:
    if not owner:
        return _("Unclaimed")
    if owner == viewer:
        return _("Claimed by you")
    # TRANSLATORS: {dragon} is a dragon's name
    return _("Claimed by {dragon}").format(dragon=dragon(owner))


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
            # TRANSLATORS: {dragon} is a dragon's name, {cell} a board cell such as (3, 4)
            return [_("{dragon}'s cavern  ·  {cell}").format(dragon=dragon(name),
                                                            cell=show_cell(cell)),
                    _("Holds {coins}.").format(coins=coins(d.get("coins", 0))),
                    _("A dragon next to it may Steal from cavern (1 action).")]
    chest = doc.get("chest") or {}
    if chest.get("at") and tuple(chest["at"]) == cell:
        return [_("The thief's chest  ·  {cell}").format(cell=show_cell(cell)),
                _("Holds {coins}.").format(coins=coins(chest.get("coins", 0))),
                _("A dragon next to it may Steal from chest; it moves each round.")]
    for g in doc.get("gambles") or ():
        if tuple(g["at"]) == cell:
            return [_("Gamble ring  ·  {cell}").format(cell=show_cell(cell)),
                    _placer_words(g["owner"], viewer) + ".",
                    _("A settlement founded next to it is claimed by it for free.")]
    return None


def _placer_words(owner: str | None, viewer: str | None) -> str:
    if not owner:
        return _("Unclaimed")
    if owner == viewer:
        return _("Placed by you")
    # TRANSLATORS: {dragon} is a dragon's name (who placed a gamble ring)
    return _("Placed by {dragon}").format(dragon=dragon(owner))


def _near_owner(doc: dict, at, size: int, owner: str | None) -> bool:
    d = (doc.get("dragons") or {}).get(owner or "")
    return bool(d and d.get("at") and rect_gap(tuple(d["at"]), 2, tuple(at), size) == 1)


def _settlement_lines(doc, s, viewer) -> list[str]:
    kind, owner = s["kind"], s.get("claim")
    head = _(KIND_TITLES.get(kind, kind.title()))
    lines = [f"{head}  ·  {show_cell(s['at'])}", _owner_words(owner, viewer) + "."]
    who = owner or viewer
    even = bool((doc.get("options") or {}).get("even_dragons"))
    pays = tribute_expectation(kind, who, even=even)
    if kind == "ruin":
        lines.append(_("A ruin pays little; Tower of Unquenched Flame can rebuild it."))
    if owner:
        near = _near_owner(doc, s["at"], 1, owner)
        if near:
            # TRANSLATORS: {dragon} is a dragon's name, {coins} such as "2 coins"
            lines.append(_("Pays {dragon} {coins} a round (dragon beside it: no roll "
                           "needed).").format(dragon=dragon(owner), coins=_about(
                               tribute_expectation(kind, owner, True, even))))
        else:
            lines.append(_("Pays {dragon} {coins} a round on average.").format(
                dragon=dragon(owner), coins=_about(pays)))
    else:
        lines.append(_("A claim on it would pay {coins} a round on average.").format(
            coins=_about(pays)))
    return lines


def _place_lines(doc, p, viewer) -> list[str]:
    d = content.place(p["kind"])
    owner = p.get("claim")
    lines = [f"{_(d.title)}  ·  {show_cell(p['at'])}", _owner_words(owner, viewer) + ".",
             _(d.effect), _(d.timing) + "."]
    if p["kind"] in _ONCE:
        lines.append(_("Its power was used this round.") if p.get("power_used")
                     else _("Its power is ready this round."))
    pays = tribute_expectation("place", owner or viewer)
    lines.append(_("Tribute: {coins} a round on average.").format(coins=_about(pays)))
    return lines


def _dragon_lines(doc, name, d, viewer) -> list[str]:
    me = name == viewer
    # TRANSLATORS: {dragon} is a dragon's name: the heading of its info card
    head = (_("{dragon} dragon (you)") if me else _("{dragon} dragon")).format(
        dragon=dragon(name)) + f"  ·  {show_cell(d['at'])}"
    claims = sum(1 for s in doc.get("settlements") or () if s.get("claim") == name)
    places = [_(content.place(p["kind"]).title) for p in doc.get("places") or ()
              if p.get("claim") == name]
    treasure = len(d.get("treasure") or ())
    wealth = coins(d.get("coins", 0))
    if treasure:
        # TRANSLATORS: {coins} such as "3 coins"; {n} is a number of treasure tokens
        wealth = n_("{coins} and {n} treasure token", "{coins} and {n} treasure tokens",
                    treasure).format(coins=wealth, n=treasure)
    # TRANSLATORS: {n} settlements claimed; {left} of {total} claim rings not on the board
    lines = [head, wealth + "; " + n_("{n} settlement claimed", "{n} settlements claimed",
                                      claims).format(n=claims) + "; "
             + _("{left} of {total} rings in supply.").format(
                 left=d.get("rings_in_supply", 0), total=RING_COUNT.get(name, 10))]
    card = d.get("card")
    if card and card != HIDDEN:
        c = content.card(card)
        # TRANSLATORS: {card} is a power card's name, {effect} what it does
        lines.append(_("Card: {card} — {effect}").format(card=_(c.title), effect=_(c.effect)))
    elif card == HIDDEN:
        lines.append(_("Holds one power card (hidden)."))
    if places:
        used = set(doc.get("powers_used") or ())
        # TRANSLATORS: {place} is a place of power whose power was used this round
        parts = [_("{place} (used)").format(place=t) if k in used else t
                 for t, k in zip(places, [p["kind"] for p in doc.get("places") or ()
                                          if p.get("claim") == name], strict=True)]
        lines.append(_("Places: {places}").format(places=", ".join(parts)))
    if not d.get("cavern"):
        lines.append(_("No cavern yet: nobody can steal from it."))
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
    # TRANSLATORS: Robber is the power card; {dragon} is a dragon's name
    return _("Robber takes nothing: {dragon} has no coins").format(dragon=dragon(victim))


def tip_at(doc: dict, cell, viewer: str | None, pos) -> tuple[list[str], tuple] | None:
    """The board scene's tip (lines, position) for the piece at `cell`, or None."""
    if doc is None or cell is None:
        return None
    lines = piece_lines(doc, cell, viewer)
    return (lines, pos) if lines else None

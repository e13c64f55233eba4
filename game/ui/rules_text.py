"""The in-game rules reference, as pygame-gui HTML, built from game.tables and
game.content so the charts and the numbers shown are the ones played. It is for players:
no rule codes (the rulings R1-R40 and P-rulings are cited in comments only).
`plain_text()` is the same reference as plain text (`narby rules --text`)."""

from __future__ import annotations

import html
import re

from game import content
from game.decisions import title
from game.tables import (
    ACTION_COST,
    ACTIONS_PER_TURN,
    CARDS,
    DESTROY_CLAIMED,
    DESTROY_PLACE_CLAIMED,
    DESTROY_PLACE_UNCLAIMED,
    DESTROY_UNCLAIMED,
    DESTROYED,
    DRAGONS,
    PLACES,
    REVOLT_COST,
    RING_COUNT,
    STEAL,
    TARGETS,
    TREASURE_DIE,
    TRIBUTE,
    TRIBUTE_ADJACENT,
)

GOLD = "#e2b048"
DIM = "#aaa496"


def _h(text: str) -> str:
    return f"<font size=5 color='{GOLD}'><b>{text}</b></font><br>"


def _sub(text: str) -> str:
    return f"<br><font size=4 color='{GOLD}'><b>{text}</b></font><br>"


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _pct(low: int, high: int, top: int = 20) -> str:
    faces = max(0, min(high, top) - max(low, 1) + 1)
    return f"<font color='{DIM}'>({faces * 5}% on a plain d20)</font>"


def _targets() -> str:
    return ", ".join(map(str, TARGETS[:-1])) + f" or {TARGETS[-1]}"


def overview() -> str:
    return (
        _h("How a round goes")
        + "Each round has four phases; then the end check.<br>"
        "<b>Draw</b> (cards on): every card returns, each dragon gets one.<br>"
        "<b>Populate</b>: one settlement roll per dragon — a town, or a city beside a "
        "town, or a town grows into a city; a place of power rises; the thief's chest "
        "moves. A gamble ring beside a new settlement claims it.<br>"
        "<b>Action</b>: poorest dragon first (ties: most rings, then seat; Green first in "
        f"round 1), {ACTIONS_PER_TURN} actions each.<br>"
        "<b>Tribute</b>: each dragon with claims rolls one d20 for all of them.<br>"
        f"<b>End</b>: when a dragon holds more coins than the target ({_targets()}), the "
        "highest coins + treasure wins; a tie plays one more round.<br>"
        + _sub("The board")
        + "Cells are counted from 1. Adjacent means the 8 neighbours, diagonals too. "
        "Dragons and places of power cover 2×2 cells. One piece per cell; rings are "
        "markers, not pieces."
    )


def actions() -> str:
    out = _h("Actions")
    out += (f"On your turn you have {ACTIONS_PER_TURN} actions. Powers of places you hold "
            "and turn cards cost none.<br>")
    for do in ACTION_COST:
        d = content.action(do)
        c = content.cost_words(ACTION_COST[do])
        out += f"<b>{d.title}</b> <font color='{DIM}'>· {c}</font><br>{d.effect}<br>"
    out += (_sub("Good to know")
            + "Coins never go below 0: a payment takes what there is. Modifiers add "
            "to the die; chart rolls are clamped to the chart. Playing a card or a "
            "place's power costs no action, and is done between actions, not after the "
            "last one.")
    return out


def charts() -> str:
    back = -min(row[3] for row in STEAL)
    out = (_h("Steal chart")
           + f"Gain from the target (Turnabout: you pay {content.plural(back, 'coin')} "
           "instead).<br>")
    for low, high, name, coins in STEAL:
        what = (f"you pay {-coins}" if coins < 0 else (f"+{coins}" if coins else "nothing"))
        out += f"<b>{_span(low, high)}</b> {name}: {what} {_pct(low, high)}<br>"
    words = {"nothing": "nothing", "ruin": "becomes a ruin", "destroyed": "destroyed",
             "destroyed_treasure": "destroyed + a treasure token", "revolt":
             f"revolt — the destroyer loses {REVOLT_COST}", "unclaim": "the ring comes off",
             "removed": "back to the supply"}
    for head, chart in (("Destroy — unclaimed settlement", DESTROY_UNCLAIMED),
                        ("Destroy — claimed settlement", DESTROY_CLAIMED),
                        ("Destroy — unclaimed place of power", DESTROY_PLACE_UNCLAIMED),
                        ("Destroy — claimed place of power", DESTROY_PLACE_CLAIMED)):
        out += _sub(head)
        for low, high, result in chart:
            out += f"<b>{_span(low, high)}</b> {words[result]} {_pct(low, high)}<br>"
    out += _sub("Destroyed chart — coins to the destroyer")
    for row, label in (("ruin", "Ruin"), ("destroyed", "Destroyed"),
                       ("destroyed_claimed", "Destroyed, was claimed")):
        v = DESTROYED[row]
        out += f"<b>{label}</b>: town {v['town']}, city {v['city']}, ruin {v['ruin']}<br>"
    out += _sub("Tribute chart")
    for low, high, name, values in TRIBUTE:
        if values is None:
            out += f"<b>{_span(low, high)}</b> {name}: lose one claim not beside you<br>"
            continue
        place = (f"{values['place_tokens']} treasure" if values["place_tokens"]
                 else f"{values['place_coins']} coin")
        out += (f"<b>{_span(low, high)}</b> {name}: town {values['town']}, city "
                f"{values['city']}, ruin {values['ruin']}, place {place}<br>")
    a = TRIBUTE_ADJACENT
    out += (f"<b>Beside your dragon</b>: town {a['town']}, city {a['city']}, ruin "
            f"{a['ruin']}, place {a['place_coins']} coin, whatever the roll<br>"
            f"Treasure tokens are worth a d{TREASURE_DIE} each; they count at the end, "
            "not toward the target.")
    return out


def dragons() -> str:
    notes = {"green": "Narby: goes first in round 1.",
             "gold": "Shall not destroy settlements; a city that pays earns +1 coin.",
             "copper": "Shall not destroy settlements; town coins are doubled.",
             "undead": "No cavern: its dragon lands on the rolled cell; the Immortals "
                       "Resting Place becomes its cavern."}
    out = _h("The ten dragons")
    out += "A seat draws its dragon with a d20's last digit or picks it.<br>"
    for name in DRAGONS:
        out += (f"<b>{title(name)}</b> <font color='{DIM}'>· {RING_COUNT[name]} rings</font>"
                f"{'<br>' + notes[name] if name in notes else ''}<br>")
    return out


def places() -> str:
    out = _h("Places of power")
    out += content.PLACE_INTRO + "<br>"
    for i, kind in enumerate(PLACES, 1):
        d = content.place(kind)
        out += (f"<b>{i}. {d.title}</b><br>{d.effect}<br>"
                f"<font color='{DIM}'>{d.timing}.</font><br>")
    out += "15–20 on the place roll: the poorest dragon chooses which place rises."
    return out


def cards() -> str:
    out = _h("Power cards")
    out += content.CARD_INTRO + "<br>"
    for card in CARDS:
        d = content.card(card)
        out += (f"<b>{d.title}</b>: {d.effect}<br>"
                f"<font color='{DIM}'>{d.timing}.</font><br>")
    return out


def rulings() -> str:
    items = [
        "Picked dragons are reserved before anyone draws one at random.",
        "No gamble ring on a blocked cell.",
        "Rings stay under pieces placed on them.",
        "A choice with one option is applied at once.",
        "A bad tribute roll may take any claim not beside the dragon, or a gamble ring.",
        "With the thief rule, the thief wins only if no dragon also passes the target.",
        "Stealing from an empty cavern is legal (it gains nothing).",
        "An action pays its cost first, then reactions, then rolls, then results.",
        "Reactions are asked in turn order after the acting dragon, which is asked last.",
        "Chrysota's Chapel helps every steal roll; Arch of Triumph only attacks.",
        "The odds shown on a target use the chart and the roller's standing modifiers; "
        "modifiers it may still choose are listed beside them; other dragons' reactions "
        "are not guessed.",
        "Hot-seat: with two or more people at one screen, no card is shown between "
        "their turns; each sees only their own card after the hand-over.",
    ]
    out = _h("Fine points")
    out += ("The rule book is silent in places; this edition settles them like this. "
            "The ones players meet most:<br>")
    for text in items:
        out += f"• {text}<br>"
    return out


SECTIONS = (("Overview", overview), ("Actions", actions), ("Charts", charts),
            ("Dragons", dragons), ("Places", places), ("Cards", cards),
            ("Fine points", rulings))


def plain_text() -> str:
    """The whole reference as plain text: `narby rules --text`, screen readers."""
    parts = []
    for name, build in SECTIONS:
        body = build()
        body = re.sub(r"<br\s*/?>", "\n", body)
        body = re.sub(r"<[^>]+>", "", body)
        body = html.unescape(body)
        lines = [line.rstrip() for line in body.split("\n")]
        text = "\n".join(lines).strip()
        parts.append(f"{name.upper()}\n{'=' * len(name)}\n{text}")
    return "\n\n".join(parts) + "\n"

"""The in-game rules reference, as pygame-gui HTML, built from game.tables so the charts
shown are the charts played. Rulings are cited as R (shared) and P (this project)."""

from __future__ import annotations

from game.decisions import title
from game.tables import (
    ACTION_COST,
    ACTION_TITLES,
    ATTACK_STAKE,
    CARDS,
    DESTROY_CLAIMED,
    DESTROY_PLACE_CLAIMED,
    DESTROY_PLACE_UNCLAIMED,
    DESTROY_UNCLAIMED,
    DESTROYED,
    DRAGONS,
    PLACE_TITLES,
    PLACES,
    RING_COUNT,
    STEAL,
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


def overview() -> str:
    return (
        _h("How a round goes")
        + "Each round has four phases; then the end check (R33).<br>"
        "<b>Draw</b> (cards on): every card returns, each dragon gets one (R11).<br>"
        "<b>Populate</b>: one settlement roll per dragon (R12) — a town, or a city beside a "
        "town, or a town grows into a city; a place of power rises (R14); the thief's chest "
        "moves (R15). A gamble ring beside a new settlement claims it (R13).<br>"
        "<b>Action</b>: poorest dragon first (ties: most rings, then seat; Green first in "
        "round 1, R16), three actions each (R17).<br>"
        "<b>Tribute</b>: each dragon with claims rolls one d20 for all of them (R31).<br>"
        "<b>End</b>: when a dragon holds more coins than the target (50, 75 or 100), the "
        "highest coins + treasure wins; a tie plays one more round (R33, P7).<br>"
        + _sub("The board")
        + "Cells are counted from 1. Adjacent means the 8 neighbours, diagonals too (R2). "
        "Dragons and places of power cover 2×2 cells (R4). One piece per cell; rings are "
        "markers, not pieces (R5)."
    )


def actions() -> str:
    text = {
        "move": "Fly up to 3 king steps; land on free, unblocked cells (R18).",
        "claim": "Put a ring on an adjacent unclaimed settlement or place of power (R19).",
        "claim_settlement": "Replace an opponent's ring on an adjacent piece with yours "
                            "(R20).",
        "destroy": "Roll on the Destroy chart against an adjacent settlement or place "
                   "(R21, R22). Gold and Copper may not destroy settlements.",
        "steal_cavern": "Roll on the Steal chart beside another dragon's cavern (R23).",
        "steal_chest": "Roll on the Steal chart beside the thief's chest (R24).",
        "steal_for_thief": "Roll on the Steal chart; the coins go into the chest (R25).",
        "attack": f"Both roll a d20; higher wins, ties to the defender; the loser pays "
                  f"{ATTACK_STAKE} coins (R26).",
        "abandon": "Take one of your rings back from anywhere (R27).",
        "gamble": "Put a ring on an adjacent empty cell; a settlement founded beside it "
                  "later is claimed by it (R28, R13).",
        "end_turn": "Stop; unused actions are lost (R17).",
    }
    out = _h("Actions")
    for do, cost in ACTION_COST.items():
        c = f"{cost} action{'s' if cost != 1 else ''}" if cost else "free"
        out += f"<b>{ACTION_TITLES[do]}</b> <font color='{DIM}'>· {c}</font><br>{text[do]}<br>"
    out += (_sub("Good to know")
            + "Coins never go below 0: a payment takes what there is (R29). Modifiers add "
            "to the die; chart rolls are clamped to the chart (R30). Playing a card or a "
            "place's power costs no action (R17, P16).")
    return out


def charts() -> str:
    out = _h("Steal chart") + "Gain from the target (Turnabout: you pay 1 instead).<br>"
    for low, high, name, coins in STEAL:
        what = "you pay 1" if coins < 0 else (f"+{coins}" if coins else "nothing")
        out += f"<b>{_span(low, high)}</b> {name}: {what} {_pct(low, high)}<br>"
    words = {"nothing": "nothing", "ruin": "becomes a ruin", "destroyed": "destroyed",
             "destroyed_treasure": "destroyed + 1 treasure token", "revolt":
             "revolt — the destroyer loses 3", "unclaim": "the ring comes off",
             "removed": "back to the supply"}
    for head, chart in (("Destroy — unclaimed settlement", DESTROY_UNCLAIMED),
                        ("Destroy — claimed settlement", DESTROY_CLAIMED),
                        ("Destroy — unclaimed place of power (R22)", DESTROY_PLACE_UNCLAIMED),
                        ("Destroy — claimed place of power (R22)", DESTROY_PLACE_CLAIMED)):
        out += _sub(head)
        for low, high, result in chart:
            out += f"<b>{_span(low, high)}</b> {words[result]} {_pct(low, high)}<br>"
    out += _sub("Destroyed chart — coins to the destroyer")
    for row, label in (("ruin", "Ruin"), ("destroyed", "Destroyed"),
                       ("destroyed_claimed", "Destroyed, was claimed")):
        v = DESTROYED[row]
        out += f"<b>{label}</b>: town {v['town']}, city {v['city']}, ruin {v['ruin']}<br>"
    out += _sub("Tribute chart (R31)")
    for low, high, name, values in TRIBUTE:
        if values is None:
            out += f"<b>{_span(low, high)}</b> {name}: lose one claim not beside you (P5)<br>"
            continue
        place = (f"{values['place_tokens']} treasure" if values["place_tokens"]
                 else f"{values['place_coins']} coin")
        out += (f"<b>{_span(low, high)}</b> {name}: town {values['town']}, city "
                f"{values['city']}, ruin {values['ruin']}, place {place}<br>")
    a = TRIBUTE_ADJACENT
    out += (f"<b>Beside your dragon</b>: town {a['town']}, city {a['city']}, ruin "
            f"{a['ruin']}, place {a['place_coins']} coin, whatever the roll<br>"
            "Treasure tokens are worth a d3 each; they count at the end, not toward the "
            "target (R32).")
    return out


def dragons() -> str:
    notes = {"green": "Narby: goes first in round 1.",
             "gold": "Shall not destroy settlements; a city that pays earns +1 coin.",
             "copper": "Shall not destroy settlements; town coins are doubled.",
             "undead": "No cavern: its dragon lands on the rolled cell; the Immortals "
                       "Resting Place becomes its cavern (R8)."}
    out = _h("The ten dragons")
    out += "A seat draws its dragon with a d20's last digit (R6) or picks it.<br>"
    for name in DRAGONS:
        out += (f"<b>{title(name)}</b> <font color='{DIM}'>· {RING_COUNT[name]} rings</font>"
                f"{'<br>' + notes[name] if name in notes else ''}<br>")
    return out


PLACE_TEXT = {
    "baba_yagas_hut": "Power: move the hut up to 3 steps. Control: one Claim may take a "
                      "settlement beside the hut.",
    "angelstar_shrine": "Power: one more action this turn.",
    "tower_of_faces": "Power: put any dragon beside its own cavern (P14).",
    "tower_of_unquenched_flame": "Power: turn a ruin back into a town.",
    "pearlthorn_castle": "Power: cancel a Destroy against your claimed piece (reaction).",
    "arch_of_triumph": "Power: +2 to your attack roll.",
    "blade_miller": "Power: −1 to an opponent's destroy roll (reaction).",
    "soulwash_temple": "Power: cancel an attack on you (reaction).",
    "madhouse": "Power: move an opponent's dragon 1 step.",
    "immortals_resting_place": "The Undead's cavern (R8).",
    "soul_mine": "Power: +1 to your tribute roll.",
    "chrysotas_chapel": "Power: +2 to your steal roll (P13).",
    "citadel_of_torture": ("Power: one Claim takes two adjacent settlements, once a "
                           "round (R37.13, P17)."),
    "darkheart_cottage": "Power: move the chest up to 5 steps. Control: Steal for the thief "
                         "from any dragon.",
}


def places() -> str:
    out = _h("Places of power")
    out += ("A place's holder is the dragon whose ring is on it. Each power works once a "
            "round; a control works every time (R36, R37).<br>")
    for i, kind in enumerate(PLACES, 1):
        out += f"<b>{i}. {PLACE_TITLES[kind]}</b><br>{PLACE_TEXT[kind]}<br>"
    out += "15–20 on the place roll: the poorest dragon chooses (R14)."
    return out


CARD_TEXT = {
    "speedster": "One Move of 4 steps.", "fighter": "+2 on your attack roll.",
    "sneaker": "+2 on your steal roll.", "destroyer": "+2 on your destroy roll.",
    "jumper": "Put your dragon beside one of its claims.",
    "robber": "An opponent pays 3 coins into the chest.",
    "horror": "Put any dragon beside its cavern.",
    "watcher": "Cancel a theft for the thief against any dragon.",
    "orienteer": "Move an opponent up to 3 steps.",
    "peacemaker": "When an attack is declared, send attacker or defender home.",
    "pro_creator": "±2 on one settlement location die.",
    "governor": "+2 on your tribute roll.", "vigor": "+1 action.",
    "sheriff": "+1 coin per scored town.", "mayor": "+1 coin per scored city.",
    "inciter": "−2 on an opponent's destroy roll against a claimed settlement.",
    "leader": ("Cancel an opponent's Claim or Claim Settlement of a settlement "
               "(not of a place of power, P24)."),
    "defender": "−2 on the attacker's roll when you are attacked.",
    "copier": "Copy a card already played this round.",
    "trickster": "±2 on any one die just rolled.",
}


def cards() -> str:
    out = _h("Power cards")
    out += ("With cards on, every dragon gets one card each round; a card is played once, "
            "costs no action, then is discarded (R11, R38).<br>")
    for card in CARDS:
        out += f"<b>{card.replace('_', '-').title()}</b>: {CARD_TEXT[card]}<br>"
    return out


def rulings() -> str:
    items = [
        ("P1", "Fixed seats first: picked dragons are reserved before anyone draws."),
        ("P2", "No gamble ring on a blocked cell."),
        ("P3", "Rings stay under pieces placed on them."),
        ("P4", "A choice with one option is applied at once."),
        ("P5", "A bad tribute may take any claim not beside the dragon, or a gamble ring."),
        ("P6", "With the thief rule, the thief wins only if no dragon also passes the "
               "target."),
        ("P7", "Targets 50, 75, 100."),
        ("P10", "Stealing from an empty cavern is legal."),
        ("P11", "An action pays its cost first, then reactions, then rolls, then results."),
        ("P12", "Reactions are asked in turn order after the actor, the actor last."),
        ("P13", "Chrysota's Chapel helps every steal roll; Arch of Triumph only attacks."),
        ("P16", "Turn powers are used between actions, not after the last one."),
        ("P40", "The odds shown on a target use the chart and the roller's standing "
                "modifiers; modifiers it may still choose are listed beside them; other "
                "dragons' reactions are not guessed."),
        ("P41", "Hot-seat: with two or more people at one screen, no card is shown "
                "between their turns; each sees only their own card after the hand-over."),
    ]
    out = _h("Our rulings")
    out += ("The rule book is silent in places; the shared rulings R1–R40 and the "
            "project's P-rulings settle it. The ones players meet most:<br>")
    for key, text in items:
        out += f"<b>{key}</b> {text}<br>"
    return out


SECTIONS = (("Overview", overview), ("Actions", actions), ("Charts", charts),
            ("Dragons", dragons), ("Places", places), ("Cards", cards),
            ("Rulings", rulings))

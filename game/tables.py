"""The rule book's charts as data, and nothing else.

Rows are (low, high, ...) with inclusive bounds on the modified, clamped roll (R30).
"""

from __future__ import annotations

from game import registry as _registry
from game.i18n import N_  # titles are marked here, translated where shown
from game.registry.actions import attack as _attack
from game.registry.actions import destroy as _destroy
from game.registry.actions import move as _move
from game.registry.cards import orienteer as _orienteer
from game.registry.cards import robber as _robber
from game.registry.cards import sheriff as _sheriff
from game.registry.cards import speedster as _speedster
from game.registry.cards import trickster as _trickster
from game.registry.cards import vigor as _vigor
from game.registry.places import angelstar_shrine as _angelstar_shrine
from game.registry.places import baba_yagas_hut as _baba_yagas_hut
from game.registry.places import darkheart_cottage as _darkheart_cottage
from game.registry.places import madhouse as _madhouse

# Dragon table: the d20's last digit picks the dragon (R6). Index = digit.
DRAGON_BY_DIGIT = (
    "undead", "white", "black", "green", "blue", "red", "purple", "iron", "gold", "copper",
)
DRAGONS = ("white", "black", "green", "blue", "red", "purple", "iron", "gold", "copper", "undead")
RING_COUNT = {name: (7 if name == "copper" else 10) for name in DRAGONS}  # R9
NARBY = "green"  # goes first in round 1 (R16)
NO_SETTLEMENT_DESTROY = frozenset({"gold", "copper"})  # R22: places are still fair game

# Places of power, in the order of their d20 roll (1-14, R14): derived from the content
# registry (one module per place, game/registry/places/), whose faces are explicit.
_PLACES = _registry.derive()
PLACES = tuple(p.key for p in _PLACES)
UNDEAD_HOME = "immortals_resting_place"  # R8

# Power cards (R38), in the unshuffled deck's order, from the registry (one module per
# card, game/registry/cards/).
_CARDS = _registry.cards()
CARDS = tuple(c.key for c in _CARDS)

SETTLEMENT_KINDS = ("town", "city", "ruin")

# Actions and their costs (R17-R28), in the action bar's order, from the registry (one
# module per action, game/registry/actions/).
_ACTIONS = _registry.actions()
ACTION_COST = {a.key: a.cost for a in _ACTIONS}
ACTIONS = tuple(ACTION_COST)
ACTIONS_PER_TURN = 3
MOVE_STEPS = _move.STEPS
ATTACK_STAKE = _attack.STAKE
REVOLT_COST = _destroy.REVOLT
FAILED_PLACEMENT_BONUS = 3  # R12 step 5: the chest gains 3
PLACE_LOCATION_TRIES = 50  # R14

STEAL_RANGE = (0, 20)
DESTROY_RANGE = (0, 20)
TRIBUTE_RANGE = (0, 21)

# Steal chart: (low, high, name, coins moved). Turnabout moves 1 coin the other way.
STEAL = (
    (0, 3, N_("Turnabout"), -1),
    (4, 9, N_("Failed Theft"), 0),
    (10, 15, N_("Fair Theft"), 1),
    (16, 19, N_("Theft"), 3),
    (20, 20, N_("Critical Theft"), 5),
)

# Destroy chart, results: nothing, ruin, destroyed, destroyed_treasure (unclaimed) and
# revolt, nothing, unclaim, ruin, destroyed (claimed).
DESTROY_UNCLAIMED = (
    (0, 5, "nothing"),
    (6, 15, "ruin"),
    (16, 19, "destroyed"),
    (20, 20, "destroyed_treasure"),
)
DESTROY_CLAIMED = (
    (0, 5, "revolt"),
    (6, 10, "nothing"),
    (11, 15, "unclaim"),
    (16, 19, "ruin"),
    (20, 20, "destroyed"),
)
# R22: places of power never become ruins and pay nothing.
DESTROY_PLACE_UNCLAIMED = (
    (0, 15, "nothing"),
    (16, 20, "removed"),
)
DESTROY_PLACE_CLAIMED = (
    (0, 5, "revolt"),
    (6, 10, "nothing"),
    (11, 15, "unclaim"),
    (16, 20, "removed"),
)

# Destroyed chart: coins to the destroyer, by result row and settlement kind.
DESTROYED = {
    "ruin": {"town": 1, "city": 2, "ruin": 0},
    "destroyed": {"town": 2, "city": 4, "ruin": 1},
    "destroyed_claimed": {"town": 3, "city": 5, "ruin": 2},
}

# Tribute chart: (low, high, name, {kind: coins}, place_of_power treasure tokens).
# "lose" marks the 0-4 row (lose one claim, R31). Place coins are a separate key.
TRIBUTE = (
    (0, 4, N_("Lose a claim"), None),
    (5, 8, N_("Nothing"), {"town": 0, "city": 0, "ruin": 0, "place_coins": 0,
                           "place_tokens": 0}),
    (9, 15, N_("Tribute"), {"town": 1, "city": 2, "ruin": 0, "place_coins": 1,
                            "place_tokens": 0}),
    (16, 19, N_("Rich tribute"), {"town": 2, "city": 4, "ruin": 1, "place_coins": 0,
                              "place_tokens": 1}),
    (20, 21, N_("Lavish tribute"), {"town": 3, "city": 5, "ruin": 2, "place_coins": 0,
                                "place_tokens": 2}),
)
TRIBUTE_ADJACENT = {"town": 1, "city": 2, "ruin": 0, "place_coins": 1, "place_tokens": 0}

TREASURE_DIE = 3  # R32: each token is worth a d3

# R7: top-left offsets from the cavern cell for placing a 2x2 dragon beside it,
# clockwise from east (rows grow downward).
CAVERN_OFFSETS = (
    (1, 0), (1, 1), (0, 1), (-1, 1), (-2, 1), (-2, 0),
    (-2, -1), (-2, -2), (-1, -2), (0, -2), (1, -2), (1, -1),
)

TARGETS = (50, 75, 100)  # R10
DEFAULT_OPTIONS = {"target": 50, "cards": True, "round_cap": 200, "thief_wins": False}
# House rules: off unless named, and written into a game's options only when on, so
# every book game (its saves, replays and digests) is the same as before they existed.
HOUSE_RULES = ("even_dragons",)


def chart_row(chart, value):
    """The row of `chart` whose inclusive range holds `value`."""
    for row in chart:
        if row[0] <= value <= row[1]:
            return row
    raise ValueError(f"{value} is outside the chart")


def row_label(row) -> str:
    low, high = row[0], row[1]
    span = str(low) if low == high else f"{low}-{high}"
    return f"{span} {row[2]}"

PLACE_TITLES = {p.key: p.title for p in _PLACES}  # N_-marked in each place module
ACTION_TITLES = {a.key: a.title for a in _ACTIONS}  # N_-marked in each action module

# Charts by name, so a pending roll frame can name its chart in JSON: name -> (rows,
# clamp range). None (the attack roll) is unclamped and has no rows (R26, R30).
CHARTS = {
    "steal": (STEAL, STEAL_RANGE),
    "destroy_unclaimed": (DESTROY_UNCLAIMED, DESTROY_RANGE),
    "destroy_claimed": (DESTROY_CLAIMED, DESTROY_RANGE),
    "destroy_place_unclaimed": (DESTROY_PLACE_UNCLAIMED, DESTROY_RANGE),
    "destroy_place_claimed": (DESTROY_PLACE_CLAIMED, DESTROY_RANGE),
    "tribute": (TRIBUTE, TRIBUTE_RANGE),
}

# Places of power by how their power is used (R36, R37), in face order, from the registry.
TURN_POWERS = tuple(p.key for p in _PLACES if p.timing == "turn")
# Own pre-roll modifiers: place -> (roll purpose, value).
OWN_ROLL_POWERS: dict[str, tuple[str, int]] = {
    p.key: p.roll for p in _PLACES if p.timing == "own_roll" and p.roll is not None}
CANCEL_POWERS: dict[str, str] = {
    p.key: p.cancels for p in _PLACES if p.timing == "cancel" and p.cancels}
ROLL_REACTION_POWERS: dict[str, tuple[str, int]] = {
    p.key: p.roll for p in _PLACES if p.timing == "roll_reaction" and p.roll is not None}
HUT_STEPS = _baba_yagas_hut.STEPS          # Baba Yaga's Hut moves up to 3 king steps
CHEST_STEPS = _darkheart_cottage.STEPS     # Darkheart Cottage moves the chest up to 5 king steps
MADHOUSE_STEPS = _madhouse.STEPS           # Madhouse moves an opponent exactly 1 king step
ANGELSTAR_ACTIONS = _angelstar_shrine.ACTIONS  # Angelstar Shrine: one more action (R37.2)

# Power cards (R38) by timing, from the registry. Names are FORMATS.md's; each card is in
# the deck once.
CARD_TITLES = {c.key: c.title for c in _CARDS}  # N_-marked in each card module
COPIER = "copier"  # played as a copy of a card already played this round
# On the holder's turn, as answers of its action decision (no action cost, R17).
TURN_CARDS = tuple(c.key for c in _CARDS if c.timing == "turn")
# With the holder's own roll, before rolling: card -> (roll purpose, value).
OWN_ROLL_CARDS: dict[str, tuple[str, int]] = {
    c.key: c.roll for c in _CARDS if c.timing == "own_roll" and c.roll is not None}
# Before the holder's tribute roll: card -> the settlement kind that earns +1 coin.
TRIBUTE_CARDS: dict[str, str] = {
    c.key: c.per for c in _CARDS if c.timing == "tribute" and c.per}
# Reactions when an opponent's action is declared: card -> the actions it answers.
CANCEL_CARDS: dict[str, tuple[str, ...]] = {
    c.key: c.cancels for c in _CARDS if c.timing == "cancel"}
# Reactions after an opponent's roll: card -> value (Trickster is +2 or -2, any roll).
ROLL_CARDS: dict[str, int] = {
    c.key: c.value for c in _CARDS if c.timing == "roll" and c.value is not None}
TRICKSTER = "trickster"
PRO_CREATOR = "pro_creator"
CARD_STEP = _trickster.STEP          # Trickster and Pro-creator move a die by 2 either way
SPEEDSTER_STEPS = _speedster.STEPS   # Speedster: one Move of up to 4 king steps
ORIENTEER_STEPS = _orienteer.STEPS   # Orienteer moves an opponent up to 3 king steps
ROBBER_TAKE = _robber.TAKE           # Robber: an opponent pays 3 coins into the chest
VIGOR_ACTIONS = _vigor.ACTIONS       # Vigor: one more action this turn
TRIBUTE_CARD_BONUS = _sheriff.BONUS  # Sheriff / Mayor: +1 coin per scored town / city (R38)

# The AI levels as players read them, weakest first (records' move-up line, New game's
# seats, the Records screen): marked here, translated where shown.
LEVEL_TITLES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"),
                "master": N_("Master")}

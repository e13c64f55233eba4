"""The rule book's charts as data, and nothing else.

Rows are (low, high, ...) with inclusive bounds on the modified, clamped roll (R30).
"""

from __future__ import annotations

# Dragon table: the d20's last digit picks the dragon (R6). Index = digit.
DRAGON_BY_DIGIT = (
    "undead", "white", "black", "green", "blue", "red", "purple", "iron", "gold", "copper",
)
DRAGONS = ("white", "black", "green", "blue", "red", "purple", "iron", "gold", "copper", "undead")
RING_COUNT = {name: (7 if name == "copper" else 10) for name in DRAGONS}  # R9
NARBY = "green"  # goes first in round 1 (R16)
NO_SETTLEMENT_DESTROY = frozenset({"gold", "copper"})  # R22: places are still fair game

# Places of power, in the order of their d20 roll (1-14, R14).
PLACES = (
    "baba_yagas_hut", "angelstar_shrine", "tower_of_faces", "tower_of_unquenched_flame",
    "pearlthorn_castle", "arch_of_triumph", "blade_miller", "soulwash_temple", "madhouse",
    "immortals_resting_place", "soul_mine", "chrysotas_chapel", "citadel_of_torture",
    "darkheart_cottage",
)
UNDEAD_HOME = "immortals_resting_place"  # R8

CARDS = (
    "speedster", "fighter", "sneaker", "destroyer", "jumper", "robber", "horror", "watcher",
    "orienteer", "peacemaker", "pro_creator", "governor", "vigor", "sheriff", "mayor",
    "inciter", "leader", "defender", "copier", "trickster",
)

SETTLEMENT_KINDS = ("town", "city", "ruin")

# Actions and their costs (R17-R28).
ACTION_COST = {
    "move": 1, "claim": 1, "claim_settlement": 2, "destroy": 1, "steal_cavern": 1,
    "steal_chest": 1, "steal_for_thief": 2, "attack": 1, "abandon": 1, "gamble": 1,
    "end_turn": 0,
}
ACTIONS = tuple(ACTION_COST)
ACTIONS_PER_TURN = 3
MOVE_STEPS = 3
ATTACK_STAKE = 3
REVOLT_COST = 3
FAILED_PLACEMENT_BONUS = 3  # R12 step 5: the chest gains 3
PLACE_LOCATION_TRIES = 50  # R14

STEAL_RANGE = (0, 20)
DESTROY_RANGE = (0, 20)
TRIBUTE_RANGE = (0, 21)

# Steal chart: (low, high, name, coins moved). Turnabout moves 1 coin the other way.
STEAL = (
    (0, 3, "Turnabout", -1),
    (4, 9, "Failed Theft", 0),
    (10, 15, "Fair Theft", 1),
    (16, 19, "Theft", 3),
    (20, 20, "Critical Theft", 5),
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
    (0, 4, "Lose a claim", None),
    (5, 8, "Nothing", {"town": 0, "city": 0, "ruin": 0, "place_coins": 0, "place_tokens": 0}),
    (9, 15, "Tribute", {"town": 1, "city": 2, "ruin": 0, "place_coins": 1, "place_tokens": 0}),
    (16, 19, "Rich tribute", {"town": 2, "city": 4, "ruin": 1, "place_coins": 0,
                              "place_tokens": 1}),
    (20, 21, "Lavish tribute", {"town": 3, "city": 5, "ruin": 2, "place_coins": 0,
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

PLACE_TITLES = {
    "baba_yagas_hut": "Baba Yaga's Hut", "angelstar_shrine": "Angelstar Shrine",
    "tower_of_faces": "Tower of Faces", "tower_of_unquenched_flame": "Tower of Unquenched Flame",
    "pearlthorn_castle": "Pearlthorn Castle", "arch_of_triumph": "Arch of Triumph",
    "blade_miller": "Blade Miller", "soulwash_temple": "Soulwash Temple",
    "madhouse": "Madhouse", "immortals_resting_place": "Immortals Resting Place",
    "soul_mine": "Soul Mine", "chrysotas_chapel": "Chrysota's Chapel",
    "citadel_of_torture": "Citadel of Torture", "darkheart_cottage": "Darkheart Cottage",
}
ACTION_TITLES = {
    "move": "Move", "claim": "Claim", "claim_settlement": "Claim Settlement",
    "destroy": "Destroy", "steal_cavern": "Steal from cavern", "steal_chest": "Steal from chest",
    "steal_for_thief": "Steal for the thief", "attack": "Attack", "abandon": "Abandon Claim",
    "gamble": "Gamble", "end_turn": "End turn",
}

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

# Places of power by how their power is used (R36, R37).
TURN_POWERS = ("baba_yagas_hut", "angelstar_shrine", "tower_of_faces",
               "tower_of_unquenched_flame", "madhouse", "darkheart_cottage")
# Own pre-roll modifiers: place -> (roll purpose, value).
OWN_ROLL_POWERS = {"arch_of_triumph": ("attack", 2), "chrysotas_chapel": ("steal", 2),
                   "soul_mine": ("tribute", 1)}
CANCEL_POWERS = {"pearlthorn_castle": "destroy", "soulwash_temple": "attack"}
ROLL_REACTION_POWERS = {"blade_miller": ("destroy", -1)}
HUT_STEPS = 3          # Baba Yaga's Hut moves up to 3 king steps
CHEST_STEPS = 5        # Darkheart Cottage moves the chest up to 5 king steps
MADHOUSE_STEPS = 1     # Madhouse moves an opponent exactly 1 king step
ANGELSTAR_ACTIONS = 1  # Angelstar Shrine: one more action this turn (R37.2)

# Power cards (R38) by timing. Names are FORMATS.md's; each card is in the deck once.
CARD_TITLES = {
    "speedster": "Speedster", "fighter": "Fighter", "sneaker": "Sneaker",
    "destroyer": "Destroyer", "jumper": "Jumper", "robber": "Robber", "horror": "Horror",
    "watcher": "Watcher", "orienteer": "Orienteer", "peacemaker": "Peacemaker",
    "pro_creator": "Pro-creator", "governor": "Governor", "vigor": "Vigor",
    "sheriff": "Sheriff", "mayor": "Mayor", "inciter": "Inciter", "leader": "Leader",
    "defender": "Defender", "copier": "Copier", "trickster": "Trickster",
}
COPIER = "copier"  # played as a copy of a card already played this round
# On the holder's turn, as answers of its action decision (no action cost, R17).
TURN_CARDS = ("speedster", "jumper", "robber", "horror", "orienteer", "vigor")
# With the holder's own roll, before rolling: card -> (roll purpose, value).
OWN_ROLL_CARDS = {"fighter": ("attack", 2), "sneaker": ("steal", 2),
                  "destroyer": ("destroy", 2), "governor": ("tribute", 2)}
# Before the holder's tribute roll: card -> the settlement kind that earns +1 coin.
TRIBUTE_CARDS = {"sheriff": "town", "mayor": "city"}
# Reactions when an opponent's action is declared: card -> the actions it answers.
CANCEL_CARDS = {"peacemaker": ("attack",), "leader": ("claim", "claim_settlement"),
                "watcher": ("steal_for_thief", "robber")}
# Reactions after an opponent's roll: card -> value (Trickster is +2 or -2, any roll).
ROLL_CARDS = {"defender": -2, "inciter": -2}
TRICKSTER = "trickster"
PRO_CREATOR = "pro_creator"
CARD_STEP = 2          # Trickster and Pro-creator move a die by 2 either way
SPEEDSTER_STEPS = 4    # Speedster: one Move of up to 4 king steps
ORIENTEER_STEPS = 3    # Orienteer moves an opponent up to 3 king steps
ROBBER_TAKE = 3        # Robber: an opponent pays 3 coins into the chest
VIGOR_ACTIONS = 1      # Vigor: one more action this turn
TRIBUTE_CARD_BONUS = 1  # Sheriff / Mayor: +1 coin per scored town / city (R38)

"""Luck: what each dragon's tribute dice gave it beyond their expectation.

A control variate for comparing two AI settings on the same seeds (tools/paired.py).
For every tribute roll (R31), at the moment it is rolled:

- `coins`: what the dragon's claims away from it pay on the die's face with its own
  pre-roll modifiers (Soul Mine, Governor), less what they pay on average at those
  modifiers (game.rule_maths.tribute_expectation, treasure at its mean, R32);
- `loss`: whether the face lands on "lose a single claim", less that chance.

And at every new settlement's location roll (R12, the Populate phase):

- `settle`: 1 if the rolled cell lies within a dragon's reach (a move of 3 and then
  adjacent: within 4 of its footprint), less the share of the board's cells that do.

Each depends only on a face, which no choice can change, so each has mean zero
whatever the dragons played: subtracting their fitted effect from a game's outcome
keeps a comparison unbiased and makes its spread smaller (the idea behind AIVAT in
poker-bot evaluation, with the chart's coins for the value). Modifiers added after the
face is known (Trickster) are a choice, so they are left out of the face's luck.
Rolls made before `watch` are not counted: a Match rolls its first Populate phase as it
is made, so round 1's settlements carry no luck (leaving a roll out keeps the mean zero).
"""

from __future__ import annotations

from game import lookups, rule_maths
from game.geometry import rect_gap
from game.systems.tribute import claims_of
from game.tables import OWN_ROLL_CARDS, OWN_ROLL_POWERS

PRE_ROLL = set(OWN_ROLL_POWERS) | set(OWN_ROLL_CARDS)  # sources asked before the face
FIELDS = ("coins", "loss", "settle")
REACH = 4  # a move of 3 steps (R18), then adjacent


def face_luck(owner: str, kinds: list[str], face: int, mod: int,
              even: bool = False) -> tuple[float, float]:
    """(coins, loss) luck of one tribute face for a dragon whose claims away from it
    are `kinds` (town/city/ruin, anything else a place of power)."""
    row = rule_maths.row_of("tribute", face + mod)
    values = row[3]
    coins = sum((rule_maths.claim_worth(owner, k, values, even) if values is not None
                 else 0.0) - rule_maths.tribute_expectation(owner, k, mod, even)
                for k in kinds)
    lost = 1.0 if values is None and kinds else 0.0
    chance = float(rule_maths.loss_chance(mod)) if kinds else 0.0
    return coins, lost - chance


def reach_luck(at, cell, width: int, height: int) -> float:
    """A new settlement at `cell` within reach of a dragon at `at` (1 or 0), less the
    share of the board's cells within its reach (its mean over a uniform cell, R3)."""
    c, r = at
    cols = min(width - 1, c + 1 + REACH) - max(0, c - REACH) + 1
    rows = min(height - 1, r + 1 + REACH) - max(0, r - REACH) + 1
    share = (cols * rows - 4) / (width * height)  # its own 2x2 cells hold no settlement
    return (1.0 if 0 < rect_gap(at, 2, cell, 1) <= REACH else 0.0) - share


def watch(m) -> dict[str, dict[str, float]]:
    """Tally every tribute roll's and settlement roll's luck into the returned dict as
    `m` plays on."""
    luck = {name: dict.fromkeys(FIELDS, 0.0) for name in m.seat_names}
    log = m.log
    even = bool(m.options.get("even_dragons", False))
    col: list[int] = []

    def tally(event):
        if not isinstance(event, dict) or event.get("type") != "roll":
            return log(event)
        purpose = event.get("purpose")
        if purpose == "tribute" and event.get("dragon") in luck:
            d = event["dragon"]
            mod = sum(v for src, v in event.get("mods", ()) if src in PRE_ROLL)
            kinds = [kind for _, kind, _, adjacent in claims_of(m, d) if not adjacent]
            coins, loss = face_luck(d, kinds, event["face"], mod, even)
            luck[d]["coins"] += coins
            luck[d]["loss"] += loss
        elif purpose == "settlement_col":
            col[:] = [event["face"]]
        elif purpose == "settlement_row" and col:
            cell = (col.pop() - 1, event["face"] - 1)  # R3: face f is index f-1
            for d in luck:
                fp = lookups.dragon_fp(m, d)
                luck[d]["settle"] += reach_luck(fp.at, cell, m.board.width, m.board.height)
        return log(event)

    m.log = tally
    return luck

"""Luck: what each dragon's tribute dice gave it beyond their expectation.

A control variate for comparing two AI settings on the same seeds (tools/paired.py).
For every tribute roll (R31), at the moment it is rolled:

- `coins`: what the dragon's claims away from it pay on the die's face with its own
  pre-roll modifiers (Soul Mine, Governor), less what they pay on average at those
  modifiers (game.rule_maths.tribute_expectation, treasure at its mean, R32);
- `loss`: whether the face lands on "lose a single claim", less that chance.

Both depend only on the face, which no choice can change, so each has mean zero
whatever the dragons played: subtracting their fitted effect from a game's outcome
keeps a comparison unbiased and makes its spread smaller (the idea behind AIVAT in
poker-bot evaluation, with the chart's coins for the value). Modifiers added after the
face is known (Trickster) are a choice, so they are left out of the face's luck.
"""

from __future__ import annotations

from game import rule_maths
from game.systems.tribute import claims_of
from game.tables import OWN_ROLL_CARDS, OWN_ROLL_POWERS

PRE_ROLL = set(OWN_ROLL_POWERS) | set(OWN_ROLL_CARDS)  # sources asked before the face
FIELDS = ("coins", "loss")


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


def watch(m) -> dict[str, dict[str, float]]:
    """Tally every tribute roll's luck into the returned dict as `m` plays on."""
    luck = {name: dict.fromkeys(FIELDS, 0.0) for name in m.seat_names}
    log = m.log
    even = bool(m.options.get("even_dragons", False))

    def tally(event):
        if (isinstance(event, dict) and event.get("type") == "roll"
                and event.get("purpose") == "tribute" and event.get("dragon") in luck):
            d = event["dragon"]
            mod = sum(v for src, v in event.get("mods", ()) if src in PRE_ROLL)
            kinds = [kind for _, kind, _, adjacent in claims_of(m, d) if not adjacent]
            coins, loss = face_luck(d, kinds, event["face"], mod, even)
            luck[d]["coins"] += coins
            luck[d]["loss"] += loss
        return log(event)

    m.log = tally
    return luck

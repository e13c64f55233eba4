"""Risk by standing in the last round (Hard, `final_risk`; issue 36).

Only first place counts (R33), and one tribute roll pays for all of a dragon's claims
that are not next to it (R31): in traced games the last round alone moved a dragon's
score by 9.5 coins on average with a spread of 8 between dragons, and decided many of
them. A dragon behind the best score gains from a wider spread of its own result, one
ahead from a narrower one. With its chance to finish first taken as Phi(D / S) (D its
expected lead, S the spread of the difference), a change of its own variance by dV is
worth -z * dV / (2 S) coins (z = D / S), which is the term added here: the variance of
this round's tribute from its non-adjacent claims, weighed by the standing at the root.
The same roll's coins face by face (`tribute_coins`) tell the `tempo` setting which
faces end the game (game.ai.evaluate).
"""

from __future__ import annotations

from functools import cache

from game.rule_maths import TRIBUTE_RANGE, chart_row, claim_worth, tribute_value
from game.tables import TRIBUTE

DIE = 20
Z_CAP = 2.0  # beyond two spreads a coin of variance changes the chance very little


@cache
def tribute_variance(owner: str, kinds: tuple[str, ...], mod: int = 0,
                     even: bool = False) -> float:
    """Variance of what one tribute roll (d20 + mod, clamped, R30) pays for the
    non-adjacent claims `kinds` together (0-4 pays nothing: a claim is lost)."""
    if not kinds:
        return 0.0
    pays = [0.0 if values is None else
            sum(claim_worth(owner, kind, values, even) for kind in kinds)
            for values in _rows(mod)]
    mean = sum(pays) / DIE
    return sum((x - mean) ** 2 for x in pays) / DIE


@cache
def tribute_coins(owner: str, kinds: tuple[str, ...], mod: int = 0,
                  even: bool = False) -> tuple[int, ...]:
    """The coins one tribute roll pays for the non-adjacent claims `kinds`, face by
    face (d20 + mod, clamped, R30): coins only, as R33's end check counts them
    (treasure tokens do not, R32); 0-4 pays nothing."""
    return tuple(0 if values is None else
                 sum(tribute_value(owner, kind, values, even)[0] for kind in kinds)
                 for values in _rows(mod))


@cache
def _rows(mod: int) -> tuple:
    """The tribute chart's values for each face of a d20 + mod (None: 0-4)."""
    low, high = TRIBUTE_RANGE
    return tuple(chart_row(TRIBUTE, max(low, min(high, face + mod)))[3]
                 for face in range(1, DIE + 1))


def coefficient(lead: float, spread: float, weight: float) -> float:
    """Coins per unit of own variance: -z / (2 S), z = lead / S clamped to Z_CAP, times
    `weight` (positive behind the best score: seek variance; negative ahead)."""
    z = max(-Z_CAP, min(Z_CAP, lead / spread))
    return -weight * z / (2.0 * spread)

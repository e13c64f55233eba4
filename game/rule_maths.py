"""One source of rule maths: chart distributions, attack odds, tribute values and
expectations, and the modifiers that may go on a roll. Pure functions of the tables in
`game.tables` (no match, no world), read by the engine (`game.systems.rolls`,
`game.systems.tribute`, `game.systems.powers`, `game.systems.cards`), the odds the window
shows (`game.questions`, `game.ui.odds`) and the AI's fast model (`game.ai.model`), so
the three cannot drift apart.

- R30: a chart roll is a d20 plus modifiers, clamped to the chart's range; the attack
  roll is not clamped (R26: ties go to the defender).
- R31: what one scored claim pays, with Copper's and Gold's bonuses in order; R32: a
  treasure token is worth a d3, 2 on average.
- R36-R38, R40: which places and cards may modify a roll, for the roller itself
  (`own_modifiers`) and against it (`hostile_modifiers`), with their values.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from game import registry
from game.tables import (
    CHARTS,
    OWN_ROLL_CARDS,
    OWN_ROLL_POWERS,
    ROLL_CARDS,
    ROLL_REACTION_POWERS,
    TRIBUTE,
    TRIBUTE_ADJACENT,
    TRIBUTE_RANGE,
    chart_row,
)

DIE = 20
TREASURE_DIE = 3
TREASURE_MEAN = Fraction(sum(range(1, TREASURE_DIE + 1)), TREASURE_DIE)  # R32: a d3
SETTLEMENTS = frozenset({"town", "city", "ruin"})


# ----- chart rolls (R30) ---------------------------------------------------------------
def clamp(chart: str | None, total: int) -> int:
    """R30: a chart roll's total is clamped to its chart; the attack roll (None) is not."""
    if chart is None:
        return total
    low, high = CHARTS[chart][1]
    return max(low, min(high, total))


def row_of(chart: str, total: int) -> tuple:
    """The chart row a total lands on, after clamping (R30)."""
    return chart_row(CHARTS[chart][0], clamp(chart, total))


def row_result(chart: str, total: int):
    """What a row means: the amount on the Steal chart, the result name elsewhere."""
    row = row_of(chart, total)
    return row[3] if chart == "steal" else row[2]


@cache
def chart_distribution(chart: str, mod: int) -> tuple[tuple[tuple, Fraction], ...]:
    """((row, probability), ...) of a d20 + mod on `chart`, clamped (R30), in chart order;
    rows that cannot happen are left out."""
    rows = CHARTS[chart][0]
    hits: dict[tuple, int] = {}
    for face in range(1, DIE + 1):
        row = row_of(chart, face + mod)
        hits[row] = hits.get(row, 0) + 1
    return tuple((row, Fraction(hits[row], DIE)) for row in rows if row in hits)


@cache
def result_distribution(chart: str, mod: int) -> tuple[tuple[object, float], ...]:
    """((result, probability), ...) with rows merged by what they mean (`row_result`):
    the form the AI's search expands a roll into."""
    out: dict = {}
    for row, chance in chart_distribution(chart, mod):
        key = row[3] if chart == "steal" else row[2]
        out[key] = out.get(key, 0.0) + float(chance)
    return tuple(out.items())


# ----- attack (R26) --------------------------------------------------------------------
@cache
def win_chance(attack_mod: int, defence_mod: int) -> Fraction:
    """R26: the attacker wins only with a strictly higher total (ties to the defender)."""
    wins = sum(1 for a in range(1, DIE + 1) for d in range(1, DIE + 1)
               if a + attack_mod > d + defence_mod)
    return Fraction(wins, DIE * DIE)


# ----- tribute (R31, R32) --------------------------------------------------------------
def tribute_value(owner: str, kind: str, values: dict, even: bool = False) -> tuple[int, int]:
    """(coins, treasure tokens) one scored claim pays, with R31's order of bonuses: chart
    value, then Copper doubles towns, then Gold +1 on a city that paid. `kind` is a
    settlement kind or anything else for a place of power. `even`: the even dragons
    house rule (docs/RULES.md, H1): both bonuses only on a Rich or Lavish tribute roll
    (not on the Tribute row, nor on the Adjacent row), and Copper's is +1 a town there
    instead of double, as the balance lab's measurements chose (docs/BALANCE.md)."""
    if kind not in SETTLEMENTS:
        return values["place_coins"], values["place_tokens"]
    coins = values[kind]
    rich = values["place_tokens"] >= 1  # the Rich and Lavish rows pay places treasure
    if owner == "copper" and kind == "town" and (rich or not even):
        coins = coins + 1 if even else coins * 2
    if owner == "gold" and kind == "city" and coins >= 1 and (rich or not even):
        coins += 1
    return coins, 0


def claim_worth(owner: str, kind: str, values: dict, even: bool = False) -> float:
    """Coins one scored claim pays, its treasure tokens at their mean (R32)."""
    coins, tokens = tribute_value(owner, kind, values, even)
    return coins + float(TREASURE_MEAN) * tokens


def adjacent_worth(owner: str, kind: str, even: bool = False) -> float:
    """What a claim beside its own dragon pays, whatever the roll (R31)."""
    return claim_worth(owner, kind, TRIBUTE_ADJACENT, even)


@cache
def tribute_expectation(owner: str, kind: str, mod: int = 0, even: bool = False) -> float:
    """Expected tribute of one non-adjacent claim on a d20 + mod (R31), clamped (R30),
    treasure at its mean; 0-4 pays nothing (a claim is lost instead)."""
    low, high = TRIBUTE_RANGE
    total = 0.0
    for face in range(1, DIE + 1):
        row = chart_row(TRIBUTE, max(low, min(high, face + mod)))
        if row[3] is not None:
            total += claim_worth(owner, kind, row[3], even) / DIE
    return total


@cache
def loss_chance(mod: int = 0) -> Fraction:
    """P(a tribute roll lands on the 'lose a single claim' row), R31."""
    low, high = TRIBUTE_RANGE
    return Fraction(sum(1 for f in range(1, DIE + 1)
                        if chart_row(TRIBUTE, max(low, min(high, f + mod)))[3] is None), DIE)


# ----- which modifiers may go on a roll (R36-R38, R40) ---------------------------------
def own_modifiers(purpose: str, places: Iterable[str] = (), card: str | None = None
                  ) -> list[tuple[str, int]]:
    """(source, value) the roller may add before its own `purpose` roll: the places of
    power in `places` it holds with their power unused (Arch of Triumph on its attack,
    Chrysota's Chapel on its steals, Soul Mine on its tribute; P13), and its card
    (Fighter, Sneaker, Destroyer, Governor; P19)."""
    held = set(places)
    out = [(p, v) for p, (pur, v) in OWN_ROLL_POWERS.items() if pur == purpose and p in held]
    if card in OWN_ROLL_CARDS and OWN_ROLL_CARDS[card][0] == purpose:
        out.append((card, OWN_ROLL_CARDS[card][1]))
    return out


def hostile_modifiers(purpose: str, chart: str | None, places: Iterable[str] = (),
                      card: str | None = None, attacked: bool = False
                      ) -> list[tuple[str, int]]:
    """(source, value) one opponent may put on another dragon's `purpose` roll after it
    is made (R40): Blade Miller from `places` (its power unused) on a destroy roll
    (R37.7); its roll card, where the card's `fits` says (its module's ReactionHooks):
    Inciter on a destroy roll against a claimed settlement (P29), Defender on the attack
    roll against it (`attacked`, P29). Trickster's ±2 is either way, so it is no
    expected modifier."""
    held = set(places)
    out = [(p, v) for p, (pur, v) in ROLL_REACTION_POWERS.items()
           if pur == purpose and p in held]
    if card in ROLL_CARDS:
        fits = _FITS.get(card) or _FITS.setdefault(card, registry.reaction(card).fits)
        if fits is not None and fits(purpose, chart, attacked):
            out.append((card, ROLL_CARDS[card]))
    return out


_FITS: dict = {}  # roll card -> its `fits`, read once (asked at every roll's window)

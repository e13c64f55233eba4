"""The odds a player sees when hovering a target: computed, never typed in.

Each rolled action asks its own rule for the rolls it would make (the same
`ActionRule.rolls` the engine resolves with), adds the engine's standing modifiers
(`queries.modifiers`, R30), and runs every face of the d20 through the chart in
`game.tables`. Optional modifiers the dragon could still add before rolling (Arch of
Triumph, Chrysota's Chapel, cards once they land) are listed beside the odds with what
they would change, so the numbers shown are exactly what the roll will use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game import queries
from game.decisions import title
from game.tables import (
    ATTACK_STAKE,
    CHARTS,
    DESTROYED,
    OWN_ROLL_POWERS,
    PLACE_TITLES,
    REVOLT_COST,
    TRIBUTE,
    TRIBUTE_ADJACENT,
    chart_row,
    row_label,
)

DIE = 20


@dataclass
class RowOdds:
    label: str        # the chart row, e.g. "10-15 Fair Theft"
    chance: Fraction  # exact probability
    outcome: str      # what it means here, e.g. "+1 coin from Red"

    @property
    def percent(self) -> int:
        return round(self.chance * 100)


@dataclass
class Odds:
    """What hovering an action's target shows."""

    title: str
    mods: list[tuple[str, int]] = field(default_factory=list)
    rows: list[RowOdds] = field(default_factory=list)
    optional: list[str] = field(default_factory=list)  # "+2 with Chrysota's Chapel: ..."
    lines: list[str] = field(default_factory=list)      # plain facts (no roll)

    def text_lines(self) -> list[str]:
        out = [self.title]
        if self.mods:
            out.append("Modifiers: " + ", ".join(f"{v:+d} {_source(s)}" for s, v in self.mods))
        out += [f"{r.percent:>3}%  {r.label}: {r.outcome}" for r in self.rows]
        out += self.lines
        out += self.optional
        return out


def _source(name: str) -> str:
    return PLACE_TITLES.get(name, name.replace("_", " ").title())


def chart_distribution(chart: str, mods: int) -> list[tuple[tuple, Fraction]]:
    """[(chart row, probability)] for a d20 plus `mods`, clamped to the chart (R30), in
    chart order; rows that cannot happen are left out."""
    rows, (low, high) = CHARTS[chart]
    hits: dict[tuple, int] = {}
    for face in range(1, DIE + 1):
        total = max(low, min(high, face + mods))
        row = chart_row(rows, total)
        hits[row] = hits.get(row, 0) + 1
    return [(row, Fraction(hits[row], DIE)) for row in rows if row in hits]


def win_chance(attack_mod: int, defence_mod: int) -> Fraction:
    """R26: the attacker wins only with a strictly higher total (ties to the defender)."""
    wins = sum(1 for a in range(1, DIE + 1) for d in range(1, DIE + 1)
               if a + attack_mod > d + defence_mod)
    return Fraction(wins, DIE * DIE)


def _standing(m, spec: dict) -> list[tuple[str, int]]:
    from game.systems.rolls import HOOK_PURPOSE

    purpose = spec["purpose"]
    return [tuple(x) for x in queries.modifiers(m, HOOK_PURPOSE.get(purpose, purpose),
                                              spec["dragon"], **spec.get("ctx", {}))]


def _optional(m, spec: dict) -> list[tuple[str, int]]:
    """Own modifiers the roller may still choose before rolling (R40)."""
    from game.systems import rolls

    frame = {"step": "roll", **spec, "actor": spec["dragon"], "stage": "pre", "face": None,
             "mods": [], "i": 0}
    out = []
    try:
        names = rolls.options(rolls.OWN_SOURCES, m, spec["dragon"], frame)
    except Exception:  # a later source wanting more of the frame: show no extras
        names = []
    for name in names:
        value = OWN_ROLL_POWERS.get(name, (None, None))[1]
        if value is not None:
            out.append((name, value))
    return out


def action_odds(m, dragon: str, answer: dict) -> Odds | None:
    """The odds of an action answer for `dragon`, or None for actions without a roll."""
    from game.systems.actions import RULES

    do = answer.get("do")
    rule = RULES.get(do)
    if rule is None or rule.rolls is None:
        return None
    m._activate()
    specs = rule.rolls(m, dragon, answer)
    if do == "attack":
        return _attack(m, dragon, answer["dragon"], specs)
    spec = specs[0]
    mods = _standing(m, spec)
    total_mod = sum(v for _, v in mods)
    odds = Odds(_title(m, dragon, answer), mods=mods)
    for row, chance in chart_distribution(spec["chart"], total_mod):
        odds.rows.append(RowOdds(row_label(row), chance, _outcome(m, dragon, answer, spec, row)))
    for name, value in _optional(m, spec):
        better = chart_distribution(spec["chart"], total_mod + value)
        spread = " / ".join(f"{round(c * 100)}% {row[2]}" for row, c in better)
        odds.optional.append(f"If you add {_source(name)} ({value:+d}): {spread}")
    return odds


def _attack(m, dragon, target, specs) -> Odds:
    a_mods = _standing(m, specs[0])
    d_mods = _standing(m, specs[1])
    a, d = sum(v for _, v in a_mods), sum(v for _, v in d_mods)
    chance = win_chance(a, d)
    stake_win = min(ATTACK_STAKE, queries.coins(m, target))
    stake_lose = min(ATTACK_STAKE, queries.coins(m, dragon))
    odds = Odds(f"Attack {title(target)}", mods=a_mods + [(f"{title(target)}: {s}", v)
                                                          for s, v in d_mods])
    odds.rows = [
        RowOdds("Win (higher roll)", chance, f"+{stake_win} from {title(target)}"),
        RowOdds("Lose (tie or lower)", 1 - chance, f"-{stake_lose} to {title(target)}"),
    ]
    for name, value in _optional(m, specs[0]):
        odds.optional.append(f"{value:+d} with {_source(name)}: "
                             f"{round(win_chance(a + value, d) * 100)}% to win")
    return odds


def _title(m, dragon, answer) -> str:
    do = answer["do"]
    if do == "steal_cavern":
        return f"Steal from {title(answer['dragon'])}'s cavern"
    if do == "steal_chest":
        return "Steal from the thief's chest"
    if do == "steal_for_thief":
        return f"Steal from {title(answer['dragon'])} for the thief"
    if do == "destroy":
        ent = queries.occupancy(m).get(tuple(answer["at"]))
        return "Destroy " + (queries.describe(m, ent) if ent is not None else "?")
    return do


def _outcome(m, dragon, answer, spec, row) -> str:
    chart = spec["chart"]
    if chart == "steal":
        return _steal_outcome(m, dragon, answer, row[3])
    return _destroy_outcome(m, dragon, answer, chart, row[2])


def _plural(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def _steal_outcome(m, dragon, answer, amount) -> str:
    do = answer["do"]
    victim = answer.get("dragon")
    holding = (queries.chest(m).coins if do == "steal_chest" else queries.coins(m, victim))
    if amount == 0:
        return "nothing happens"
    if amount < 0:  # Turnabout: the coin goes back the other way, capped (R29)
        if do == "steal_for_thief":
            paid = min(1, queries.chest(m).coins)
            return f"the chest pays {title(victim)} {_plural(paid)}" if paid else "nothing"
        paid = min(1, queries.coins(m, dragon))
        whom = "the chest" if do == "steal_chest" else title(victim)
        return f"you pay {whom} {_plural(paid)}" if paid else "Turnabout, but you have no coin"
    got = min(amount, holding)
    if do == "steal_for_thief":
        return f"{title(victim)} pays the chest {_plural(got)}"
    whom = "the chest" if do == "steal_chest" else title(victim)
    capped = " (all there is)" if got < amount else ""
    return f"+{_plural(got)} from {whom}{capped}"


def _destroy_outcome(m, dragon, answer, chart, result) -> str:
    ent = queries.occupancy(m).get(tuple(answer["at"]))
    kind = queries.piece_kind(ent)
    claimed = chart.endswith("_claimed")
    if result == "nothing":
        return "nothing happens"
    if result == "revolt":
        return f"you lose {_plural(min(REVOLT_COST, queries.coins(m, dragon)))}"
    if result == "unclaim":
        return f"{title(queries.claim_owner(ent) or '?')}'s ring comes off"
    if result == "removed":
        return "toppled back to the supply"
    if result == "ruin":
        if kind == "ruin":
            return "nothing (it is already a ruin)"
        return f"becomes a ruin, +{_plural(DESTROYED['ruin'][kind])}"
    row = "destroyed_claimed" if claimed else "destroyed"
    text = f"destroyed, +{_plural(DESTROYED[row][kind])}"
    return text + " and a treasure token" if result == "destroyed_treasure" else text


def tribute_lines(kind: str, dragon: str | None = None) -> list[str]:
    """What a claim on a `kind` (town/city/ruin/place) pays in tribute (R31), with
    Copper's and Gold's bonuses for that dragon."""
    from game.systems.tribute import tribute_value

    parts = []
    for row in TRIBUTE:
        values = row[3]
        if values is None:
            continue
        coins, tokens = tribute_value(dragon or "", kind, values)
        if coins or tokens:
            what = _plural(coins) if coins else f"{tokens} treasure"
            parts.append(f"{row_label(row).split(' ')[0]}: {what}")
    coins, _ = tribute_value(dragon or "", kind, TRIBUTE_ADJACENT)
    adj = f"; beside it: {_plural(coins)}" if coins else ""
    return ["Tribute " + (", ".join(parts) if parts else "none") + adj]

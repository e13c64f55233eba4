"""The odds a player sees when hovering a target: computed, never typed in.

The window asks the match (`game.questions.roll_plan`) which rolls an action would make
and which modifiers could go on them, and runs every face of the d20 through the chart
with `game.rule_maths`, the maths the engine resolves with. Shown (P40): the standing
modifiers in the odds; beside them, each modifier the roller may still add (Arch of
Triumph, Chrysota's Chapel, its card: Fighter, Sneaker, Destroyer) and each one an
opponent could put on the roll as far as the viewer can know (Blade Miller on the board;
Defender, Inciter only when that card is known to the viewer), with what it would change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game import queries, questions
from game.decisions import title
from game.rule_maths import (
    DIE,
    chart_distribution,
    tribute_expectation,
    tribute_value,
    win_chance,
)
from game.tables import (
    ATTACK_STAKE,
    CARD_TITLES,
    DESTROYED,
    PLACE_TITLES,
    REVOLT_COST,
    TRIBUTE,
    TRIBUTE_ADJACENT,
    row_label,
)

__all__ = ["DIE", "Odds", "RowOdds", "action_odds", "chart_distribution", "tribute_lines",
           "win_chance"]


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
    optional: list[str] = field(default_factory=list)  # "If you add Chrysota's Chapel ..."
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
    return PLACE_TITLES.get(name) or CARD_TITLES.get(name) or name.replace("_", " ").title()


def _spread(chart: str, mod: int) -> str:
    return " / ".join(f"{round(c * 100)}% {row[2]}" for row, c in chart_distribution(chart, mod))


def action_odds(m, dragon: str, answer: dict, known_cards: dict | None = None) -> Odds | None:
    """The odds of an action answer for `dragon`, or None for actions without a roll.
    `known_cards`: the cards the viewer can see (default: its own, P28)."""
    plan = questions.roll_plan(m, dragon, answer, known_cards)
    if plan is None:
        return None
    if answer["do"] == "attack":
        return _attack(m, dragon, answer["dragon"], plan)
    roll = plan[0]
    chart = roll.chart
    assert chart is not None  # only attack rolls (above) have no chart
    total_mod = sum(v for _, v in roll.standing)
    odds = Odds(_title(m, dragon, answer), mods=list(roll.standing))
    for row, chance in chart_distribution(chart, total_mod):
        odds.rows.append(RowOdds(row_label(row), chance, _outcome(m, dragon, answer, roll, row)))
    for name, value in roll.own:
        odds.optional.append(f"If you add {_source(name)} ({value:+d}): "
                             f"{_spread(chart, total_mod + value)}")
    for who, name, value in roll.hostile:
        odds.optional.append(f"If {title(who)} uses {_source(name)} ({value:+d}): "
                             f"{_spread(chart, total_mod + value)}")
    return odds


def _attack(m, dragon, target, plan) -> Odds:
    att, dfn = plan
    a, d = sum(v for _, v in att.standing), sum(v for _, v in dfn.standing)
    chance = win_chance(a, d)
    stake_win = min(ATTACK_STAKE, queries.coins(m, target))
    stake_lose = min(ATTACK_STAKE, queries.coins(m, dragon))
    odds = Odds(f"Attack {title(target)}", mods=att.standing + [
        (f"{title(target)}: {s}", v) for s, v in dfn.standing])
    odds.rows = [
        RowOdds("Win (higher roll)", chance, f"+{stake_win} from {title(target)}"),
        RowOdds("Lose (tie or lower)", 1 - chance, f"-{stake_lose} to {title(target)}"),
    ]
    for name, value in att.own:
        odds.optional.append(f"{value:+d} with {_source(name)}: "
                             f"{round(win_chance(a + value, d) * 100)}% to win")
    for who, name, value in att.hostile:  # e.g. the defender's Defender, when known
        odds.optional.append(f"{value:+d} if {title(who)} uses {_source(name)}: "
                             f"{round(win_chance(a + value, d) * 100)}% to win")
    for name, value in dfn.own:  # the defender's own modifiers on its roll
        odds.optional.append(f"{title(target)} {value:+d} with {_source(name)}: "
                             f"{round(win_chance(a, d + value) * 100)}% to win")
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


def _outcome(m, dragon, answer, roll, row) -> str:
    chart = roll.chart
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
    assert ent is not None  # a destroy answer targets a piece
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


def tribute_lines(kind: str, dragon: str | None = None,
                  mods: list[tuple[str, int]] | None = None, even: bool = False) -> list[str]:
    """What a claim on a `kind` (town/city/ruin/place) pays in tribute (R31), with
    Copper's and Gold's bonuses for that dragon; `mods` (Soul Mine, Governor: what the
    dragon may add to its tribute roll, `questions.tribute_modifiers`) are listed with
    the expected tribute they would give. `even`: the even dragons house rule."""
    parts = []
    for row in TRIBUTE:
        values = row[3]
        if values is None:
            continue
        coins, tokens = tribute_value(dragon or "", kind, values, even)
        if coins or tokens:
            what = _plural(coins) if coins else f"{tokens} treasure"
            parts.append(f"{row_label(row).split(' ')[0]}: {what}")
    coins, _ = tribute_value(dragon or "", kind, TRIBUTE_ADJACENT, even)
    adj = f"; beside it: {_plural(coins)}" if coins else ""
    out = ["Tribute " + (", ".join(parts) if parts else "none") + adj]
    base = tribute_expectation(dragon or "", kind, 0, even)
    for name, value in mods or ():
        more = tribute_expectation(dragon or "", kind, value, even)
        out.append(f"With {_source(name)} ({value:+d}): about {more:.1f} coins a round "
                   f"instead of {base:.1f}")
    return out

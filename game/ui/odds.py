"""The odds a player sees when hovering a target: computed, never typed in.

The window asks the match (`game.questions.roll_plan`) which rolls an action would make
and which modifiers could go on them, and runs every face of the d20 through the chart
with `game.rule_maths`, the maths the engine resolves with. Shown (P40): the standing
modifiers in the odds; beside them, each modifier the roller may still add (Arch of
Triumph, Chrysota's Chapel, its card: Fighter, Sneaker, Destroyer) and each one an
opponent could put on the roll as far as the viewer can know (Blade Miller on the board;
Defender, Inciter only when that card is known to the viewer), with what it would change.
A registered action the window has no words of its own for (Action.tip) is shown from
its spec: its title and target, its words, and its charts' rows with its outcome hook's
result (ActionHooks.outcome).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game import content, questions, registry
from game.decisions import show_cell
from game.i18n import _, n_
from game.log import shown_row
from game.rule_maths import (
    DIE,
    chart_distribution,
    tribute_expectation,
    tribute_value,
    win_chance,
)
from game.tables import (
    ACTION_TITLES,
    ATTACK_STAKE,
    CARD_TITLES,
    DESTROYED,
    PLACE_TITLES,
    REVOLT_COST,
    TRIBUTE,
    TRIBUTE_ADJACENT,
    row_label,
)
from game.ui.words import coins as _coins
from game.ui.words import dragon as _dragon
from game.words import shown

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
            out.append(_("Modifiers: {mods}").format(
                mods=", ".join(f"{v:+d} {_source(s)}" for s, v in self.mods)))
        out += [f"{r.percent:>3}%  {r.label}: {r.outcome}" if r.outcome
                else f"{r.percent:>3}%  {r.label}" for r in self.rows]
        out += self.lines
        out += self.optional
        return out


def _source(name: str) -> str:
    if ": " in name:  # "Red: Defender", a defender's modifier on the attack
        who, _sep, what = name.partition(": ")
        return f"{who}: {_source(what)}"
    return _(PLACE_TITLES.get(name) or CARD_TITLES.get(name) or name.replace("_", " ").title())


def _spread(chart: str, mod: int) -> str:
    return " / ".join(f"{round(c * 100)}% {row[2]}" for row, c in chart_distribution(chart, mod))


def action_odds(m, dragon: str, answer: dict, known_cards: dict | None = None) -> Odds | None:
    """The odds of an action answer for `dragon`, or None for a built-in action without a
    roll; a registered action whose tip is not the window's own (Action.tip) gets its
    title and words, and its chart's rows when it rolls.
    `known_cards`: the cards the viewer can see (default: its own, P28)."""
    plan = questions.roll_plan(m, dragon, answer, known_cards)
    spec = _spec(answer.get("do"))
    if plan is None:
        if spec is None or not spec.tip:
            return None
        return Odds(_title(m, dragon, answer), lines=[content.action(spec.key).effect])
    if answer["do"] == "attack":
        return _attack(m, dragon, answer["dragon"], plan)
    roll = plan[0]
    chart = roll.chart
    assert chart is not None  # only attack rolls (above) have no chart
    total_mod = sum(v for _s, v in roll.standing)
    odds = Odds(_title(m, dragon, answer), mods=list(roll.standing))
    for row, chance in chart_distribution(chart, total_mod):
        odds.rows.append(RowOdds(shown_row(row), chance, _outcome(m, dragon, answer, roll, row)))
    for name, value in roll.own:
        # TRANSLATORS: {name} is a place or card, {mod} such as +2, {odds} the chances
        odds.optional.append(_("If you add {name} ({mod}): {odds}").format(
            name=_source(name), mod=f"{value:+d}", odds=_spread(chart, total_mod + value)))
    for who, name, value in roll.hostile:
        # TRANSLATORS: {dragon} is an opponent, {name} its place or card, {mod} such as -2
        odds.optional.append(_("If {dragon} uses {name} ({mod}): {odds}").format(
            dragon=_dragon(who), name=_source(name), mod=f"{value:+d}",
            odds=_spread(chart, total_mod + value)))
    if spec is not None and spec.tip:
        odds.lines.append(content.action(spec.key).effect)
    return odds


def _spec(do):
    """The registered action `do`, or None (an answer that is no action)."""
    try:
        return registry.action(do)
    except KeyError:
        return None


def _attack(m, dragon, target, plan) -> Odds:
    att, dfn = plan
    a, d = sum(v for _s, v in att.standing), sum(v for _s, v in dfn.standing)
    chance = win_chance(a, d)
    stake_win = min(ATTACK_STAKE, questions.coins(m, target))
    stake_lose = min(ATTACK_STAKE, questions.coins(m, dragon))
    foe = _dragon(target)
    # TRANSLATORS: {dragon} is the dragon attacked
    odds = Odds(_("Attack {dragon}").format(dragon=foe), mods=att.standing + [
        (f"{foe}: {s}", v) for s, v in dfn.standing])
    odds.rows = [
        # TRANSLATORS: {n} coins won from {dragon}
        RowOdds(_("Win (higher roll)"), chance, _("+{n} from {dragon}").format(
            n=stake_win, dragon=foe)),
        RowOdds(_("Lose (tie or lower)"), 1 - chance, _("-{n} to {dragon}").format(
            n=stake_lose, dragon=foe)),
    ]
    for name, value in att.own:
        # TRANSLATORS: {mod} such as +2, {name} a place or card, {p} a percentage
        odds.optional.append(_("{mod} with {name}: {p}% to win").format(
            mod=f"{value:+d}", name=_source(name), p=round(win_chance(a + value, d) * 100)))
    for who, name, value in att.hostile:  # e.g. the defender's Defender, when known
        odds.optional.append(_("{mod} if {dragon} uses {name}: {p}% to win").format(
            mod=f"{value:+d}", dragon=_dragon(who), name=_source(name),
            p=round(win_chance(a + value, d) * 100)))
    for name, value in dfn.own:  # the defender's own modifiers on its roll
        odds.optional.append(_("{dragon} {mod} with {name}: {p}% to win").format(
            dragon=foe, mod=f"{value:+d}", name=_source(name),
            p=round(win_chance(a, d + value) * 100)))
    return odds


def _title(m, dragon, answer) -> str:
    do = answer["do"]
    if do == "steal_cavern":
        return _("Steal from {dragon}'s cavern").format(dragon=_dragon(answer["dragon"]))
    if do == "steal_chest":
        return _("Steal from the thief's chest")
    if do == "steal_for_thief":
        return _("Steal from {dragon} for the thief").format(dragon=_dragon(answer["dragon"]))
    if do == "destroy":
        piece = questions.piece_at(m, answer["at"])
        # TRANSLATORS: {what} is the piece destroyed, such as "the town at (3, 4)"
        return _("Destroy {what}").format(
            what=shown(piece.words) if piece is not None else "?")
    return _named(m, answer)


def _named(m, answer) -> str:
    """A registered action's title and its target: "Dig", "Raid Red", "Dig the town at
    (3, 4)"."""
    words = [_(ACTION_TITLES.get(answer["do"], answer["do"]))]
    if isinstance(answer.get("dragon"), str):
        words.append(_dragon(answer["dragon"]))
    if isinstance(answer.get("at"), list):
        piece = questions.piece_at(m, answer["at"])
        words.append(shown(piece.words) if piece is not None else show_cell(answer["at"]))
    return " ".join(words)


def _outcome(m, dragon, answer, roll, row) -> str:
    chart = roll.chart
    spec = _spec(answer["do"])
    if spec is not None and spec.tip:  # a registered action: its own words, if it has them
        outcome = registry.action_hooks(spec.key).outcome
        return shown(outcome(m, dragon, answer, row)) if outcome is not None else ""
    if chart == "steal":
        return _steal_outcome(m, dragon, answer, row[3])
    return _destroy_outcome(m, dragon, answer, chart, row[2])


def _plural(n: int) -> str:
    return _coins(n)


def _steal_outcome(m, dragon, answer, amount) -> str:
    do = answer["do"]
    victim = answer.get("dragon")
    holding = (questions.chest_coins(m) if do == "steal_chest" else questions.coins(m, victim))
    if amount == 0:
        return _("nothing happens")
    if amount < 0:  # Turnabout: the coin goes back the other way, capped (R29)
        if do == "steal_for_thief":
            paid = min(1, questions.chest_coins(m))
            # TRANSLATORS: {dragon} is a dragon's name, {coins} such as "1 coin"
            return _("the chest pays {dragon} {coins}").format(
                dragon=_dragon(victim), coins=_plural(paid)) if paid else _("nothing")
        paid = min(1, questions.coins(m, dragon))
        if not paid:
            return _("Turnabout, but you have no coin")
        if do == "steal_chest":
            return _("you pay the chest {coins}").format(coins=_plural(paid))
        return _("you pay {dragon} {coins}").format(dragon=_dragon(victim), coins=_plural(paid))
    got = min(amount, holding)
    if do == "steal_for_thief":
        return _("{dragon} pays the chest {coins}").format(dragon=_dragon(victim),
                                                            coins=_plural(got))
    if do == "steal_chest":
        text = _("+{coins} from the chest").format(coins=_plural(got))
    else:
        text = _("+{coins} from {dragon}").format(coins=_plural(got), dragon=_dragon(victim))
    return text + " " + _("(all there is)") if got < amount else text


def _destroy_outcome(m, dragon, answer, chart, result) -> str:
    piece = questions.piece_at(m, answer["at"])
    assert piece is not None  # a destroy answer targets a piece
    kind = piece.kind
    claimed = chart.endswith("_claimed")
    if result == "nothing":
        return _("nothing happens")
    if result == "revolt":
        return _("you lose {coins}").format(
            coins=_plural(min(REVOLT_COST, questions.coins(m, dragon))))
    if result == "unclaim":
        return _("{dragon}'s ring comes off").format(
            dragon=_dragon(piece.owner or "?"))
    if result == "removed":
        return _("toppled back to the supply")
    if result == "ruin":
        if kind == "ruin":
            return _("nothing (it is already a ruin)")
        return _("becomes a ruin, +{coins}").format(coins=_plural(DESTROYED["ruin"][kind]))
    row = "destroyed_claimed" if claimed else "destroyed"
    if result == "destroyed_treasure":
        return _("destroyed, +{coins} and a treasure token").format(
            coins=_plural(DESTROYED[row][kind]))
    return _("destroyed, +{coins}").format(coins=_plural(DESTROYED[row][kind]))


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
            # TRANSLATORS: {n} is a number of treasure tokens
            what = _plural(coins) if coins else n_("{n} treasure", "{n} treasure",
                                                   tokens).format(n=tokens)
            parts.append(f"{row_label(row).split(' ')[0]}: {what}")
    coins, _tokens = tribute_value(dragon or "", kind, TRIBUTE_ADJACENT, even)
    # TRANSLATORS: {rows} lists the tribute chart's rows and what each pays
    out = [_("Tribute {rows}").format(rows=", ".join(parts) if parts else _("none"))
           + ("; " + _("beside it: {coins}").format(coins=_plural(coins)) if coins else "")]
    base = tribute_expectation(dragon or "", kind, 0, even)
    for name, value in mods or ():
        more = tribute_expectation(dragon or "", kind, value, even)
        # TRANSLATORS: {name} a place or card, {mod} such as +2, {more} and {base} such
        # as 2.5 (average coins)
        out.append(_("With {name} ({mod}): about {more} coins a round instead of {base}")
                   .format(name=_source(name), mod=f"{value:+d}", more=f"{more:.1f}",
                           base=f"{base:.1f}"))
    return out

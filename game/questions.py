"""Public read-only questions a window (or any front end) may put to a match.

The window never reaches into the rules (`game.systems`) or a match's private parts;
it asks here. Every question reads the match and changes nothing: no die is rolled, no
event recorded. The maths behind the answers is `game.rule_maths`, the same the engine
resolves rolls with and the AI searches with.

- `action_blockers(m, name, do)`: why an action cannot be taken now (its cost, a ready
  check, and the distinct refusals of its candidate answers);
- `roll_plan(m, viewer, answer)`: the rolls an action answer would make, with the
  standing modifiers, the modifiers the roller may still add (places it holds, its
  card) and those opponents could put on each roll as far as `viewer` can know (P40);
- `tribute_modifiers(m, name)`: what `name` may add to its tribute roll;
- `coins(m, name)`, `chest_coins(m)`, `piece_at(m, cell)`, `power_ready(m, place,
  name)`: the plain facts the odds and the action bar show.

The match is always passed and made the active esper world first, so an answer never
depends on which match happened to be asked last (issue 32: the odds used to read the
world through `game.lookups` and worked only because an earlier question had
activated it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import lookups, rule_maths
from game.systems import actions
from game.systems.rolls import HOOK_PURPOSE
from game.tables import (
    COPIER,
    OWN_ROLL_CARDS,
    OWN_ROLL_POWERS,
    ROLL_CARDS,
    ROLL_REACTION_POWERS,
)

Mod = tuple[str, int]  # (source: a place or card name, value)


# The engine's refusals that say only "too far" (by message id, the same in every
# language; tests/test_questions.py checks the engine still says each): a window that
# lists what else stands in the way leaves these out.
TOO_FAR = frozenset({
    "{dragon} can fly at most {n} spaces",
    "{dragon} is not adjacent to the thief's chest",
    "{dragon} is not adjacent to {cell}",
    "{dragon} is not adjacent to {piece}",
    "{dragon} is not adjacent to {piece}, nor is it a settlement adjacent to Baba "
    "Yaga's Hut",
    "{dragon} is not adjacent to {target}",
    "{dragon} is not adjacent to {target}'s cavern",
})


def too_far(reason: str) -> bool:
    """The refusal says only that the target is out of reach (a Words' message id)."""
    return getattr(reason, "msgid", None) in TOO_FAR


@dataclass
class Blockers:
    """Why `do` is not possible: `first` (cost or readiness) when it applies to every
    answer, else the distinct `reasons` its `candidates` answers were refused for. Each
    reason is the engine's Words (English as a str, `shown()` in the player's language)."""

    first: str | None = None
    reasons: list[str] = field(default_factory=list)
    candidates: int = 0

    @property
    def near(self) -> list[str]:
        """The reasons other than "too far": what stands in the way of a near target."""
        return [r for r in self.reasons if not too_far(r)]


def action_blockers(m, name: str, do: str) -> Blockers:
    m.activate()
    if do == "end_turn":
        return Blockers()
    rule = actions.RULES[do]
    first = actions.cost_reason(m, name, do) or (rule.ready and rule.ready(m, name))
    if first:
        return Blockers(first=first)
    out = Blockers()
    for answer in rule.targets(m, name):
        out.candidates += 1
        why = rule.check(m, name, answer)
        if why and why not in out.reasons:
            out.reasons.append(why)
    return out


@dataclass
class RollPlan:
    """One roll an action would make (R26, R30, P11)."""

    purpose: str              # attack, defend, steal, destroy
    dragon: str               # the roller
    chart: str | None         # a CHARTS name, None for attack rolls
    standing: list[Mod]       # applied without asking (R30)
    own: list[Mod]            # the roller may still add these before rolling (R40)
    hostile: list[tuple[str, str, int]]  # (dragon, source, value) others may add after


def _ready_places(m, name: str, kinds) -> list[str]:
    return [k for k in kinds if lookups.power_ready(m, k, name)]


def _own(m, name: str, purpose: str, known: dict) -> list[Mod]:
    card = known.get(name)
    out = rule_maths.own_modifiers(purpose, _ready_places(m, name, OWN_ROLL_POWERS), card)
    if card == COPIER:  # Copier as a card already played this round (P27)
        for played in m.played:
            if played in OWN_ROLL_CARDS:
                out += [(COPIER, v) for _s, v in rule_maths.own_modifiers(purpose, card=played)]
    return out


def _hostile(m, roller: str, purpose: str, chart, known: dict,
             attacked_by: str | None) -> list[tuple[str, str, int]]:
    out = []
    for other in m.seat_names:
        if other == roller:
            continue
        places = _ready_places(m, other, ROLL_REACTION_POWERS)
        card = known.get(other)
        out += [(other, s, v) for s, v in rule_maths.hostile_modifiers(purpose, chart, places)]
        if card is None:  # no card known: places only
            continue
        cards = [card] if card in ROLL_CARDS else []
        if card == COPIER:
            cards = [c for c in m.played if c in ROLL_CARDS]
        for c in cards:
            out += [(other, card, v) for _s, v in rule_maths.hostile_modifiers(
                purpose, chart, card=c, attacked=other == attacked_by)]
    return out


def roll_plan(m, viewer: str, answer: dict, known_cards: dict | None = None
              ) -> list[RollPlan] | None:
    """The rolls `viewer`'s action `answer` would make, or None if it rolls nothing.
    `known_cards` (dragon -> card) says which cards the viewer can see; by default only
    its own (P28): other dragons' cards are hidden, places of power are public."""
    m.activate()
    rule = actions.RULES.get(answer.get("do", ""))
    if rule is None or rule.rolls is None:
        return None
    known = ({viewer: m.hands.get(viewer)} if known_cards is None else dict(known_cards))
    out = []
    for spec in rule.rolls(m, viewer, answer):
        purpose, roller = spec["purpose"], spec["dragon"]
        standing = [(s, v) for s, v in lookups.modifiers(
            m, HOOK_PURPOSE.get(purpose, purpose), roller, **spec.get("ctx", {}))]
        attacked = spec["ctx"].get("other") if purpose == "attack" else None
        out.append(RollPlan(purpose, roller, spec["chart"], standing,
                            _own(m, roller, purpose, known),
                            _hostile(m, roller, purpose, spec["chart"], known, attacked)))
    return out


def tribute_modifiers(m, name: str) -> list[Mod]:
    """What `name` may add to its tribute roll this round: Soul Mine if it holds it with
    the power unused, Governor if it holds the card (R37.11, R38)."""
    m.activate()
    return _own(m, name, "tribute", {name: m.hands.get(name)})


# ----- plain facts for the window (issue 32: the window asks only here) ---------------
def coins(m, name: str) -> int:
    """The coins `name` holds."""
    m.activate()
    return lookups.coins(m, name)


def chest_coins(m) -> int:
    """The coins in the thief's chest."""
    m.activate()
    return lookups.chest(m).coins


@dataclass(frozen=True)
class Piece:
    """A piece on the board as the window names it."""

    kind: str            # 'town'/'city'/'ruin', a place's key, 'cavern', 'dragon', 'chest'
    owner: str | None    # the dragon whose claim ring is on it, if any
    words: str           # the engine's words for it: 'the town at (8, 8)' (a Words)


def piece_at(m, cell) -> Piece | None:
    """The piece covering `cell`, or None."""
    m.activate()
    ent = lookups.occupancy(m).get(tuple(cell))
    if ent is None:
        return None
    return Piece(lookups.piece_kind(ent), lookups.claim_owner(ent), lookups.describe(m, ent))


def power_ready(m, place: str, name: str) -> bool:
    """`name` holds `place` and its once-a-round power is unused (R36)."""
    m.activate()
    return lookups.power_ready(m, place, name)

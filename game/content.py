"""One definition per action, place of power and power card: its title, when it can be
used, what it does in plain words, and its numbers.

Every number comes from the engine's own constants (game.tables), read when a text is
built, so the rules screen, the tooltips, the question dialogs, `narby rules --text` and
the engine's refusals cannot disagree with what the engine does. The effect templates
hold no digits of their own: tests/test_content.py fails if one does, or if a text's
numbers stop following the constants.

A place of power is one module in game/registry/places/, a power card one in
game/registry/cards/: their words and numbers are read from there.

Texts are for players: no rule codes (the rulings are cited in comments and tests).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game import tables as T
from game.i18n import N_, _, n_
from game.registry.spec import signed
from game.words import ActionName, CardName, RollName, Words, either


@dataclass(frozen=True)
class Definition:
    key: str                  # "move", "arch_of_triumph", "fighter", ...
    kind: str                 # "action", "place" or "card"
    title: str
    timing: str               # when it can be used, in words
    effect: str               # what it does, in words
    numbers: dict = field(default_factory=dict)  # the engine's numbers in the texts

    def lines(self) -> list[str]:
        """Title, effect and timing, for a tooltip or an info card."""
        return [self.title, self.effect, self.timing]


# counted words in the player's language (the catalog's plural forms); others English
_COUNTED: dict[str, Callable[[int], str]] = {
    "coin": lambda n: n_("{n} coin", "{n} coins", n),
    "action": lambda n: n_("{n} action", "{n} actions", n),
    "king step": lambda n: n_("{n} king step", "{n} king steps", n),
    "target": lambda n: n_("{n} target", "{n} targets", n),
    "treasure token": lambda n: n_("{n} treasure token", "{n} treasure tokens", n),
    "settlement": lambda n: n_("{n} settlement", "{n} settlements", n),
    "ring": lambda n: n_("{n} ring", "{n} rings", n),
    "round": lambda n: n_("{n} round", "{n} rounds", n),
}


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 coin', '3 coins', '0 coins' (in the player's language for the words above)."""
    counted = _COUNTED.get(word) if many is None else None
    if counted is not None:
        return counted(abs(n)).format(n=n)
    return f"{n} {word if abs(n) == 1 else (many or word + 's')}"


def _roll_mod(key: str) -> Callable[[], str]:
    return lambda: signed((T.OWN_ROLL_POWERS.get(key) or T.ROLL_REACTION_POWERS[key])[1])


def cost_words(cost: int) -> str:
    if not cost:
        # TRANSLATORS: an action's cost: it costs no action
        return _("free")
    return n_("costs {n} action", "costs {n} actions", cost).format(n=cost)


# ----- actions (R17-R28) -------------------------------------------------------------------
# key -> (effect template, {placeholder: function reading the engine's constant}), from
# each action's module (game/registry/actions/).
_ACTION_DEFS: dict[str, tuple[str, dict[str, Callable[[], Any]]]] = {
    a.key: (a.words, dict(a.numbers)) for a in registry.actions()}


def _action_timing(key: str) -> str:
    cost = T.ACTION_COST[key]
    if key == "end_turn":
        return _("Your turn, at any time")
    # TRANSLATORS: {cost} is e.g. "costs 2 actions", {total} the actions a turn has
    return _("Your turn, {cost} of your {total}").format(cost=cost_words(cost),
                                                         total=T.ACTIONS_PER_TURN)


def action(key: str) -> Definition:
    template, nums = _ACTION_DEFS[key]
    values = {k: f() for k, f in nums.items()}
    return Definition(key, "action", _(T.ACTION_TITLES[key]), _action_timing(key),
                      _(template).format(**values), {**values, "cost": T.ACTION_COST[key]})


# ----- places of power (R36, R37) -----------------------------------------------------------
# key -> (effect template, numbers), from each place's module (game/registry/places/).
# A place with a roll modifier shows it as {mod}, read from the engine's timing tables.
_PLACE_DEFS: dict[str, tuple[str, dict[str, Callable[[], Any]]]] = {
    p.key: (p.words, {**({"mod": _roll_mod(p.key)} if p.roll else {}), **p.numbers})
    for p in registry.places()}


def more_actions(n: int) -> str:
    return _("one more action") if n == 1 else n_(
        "{n} more action", "{n} more actions", n).format(n=n)


# a cancelling power's timing, by the action it cancels
_CANCEL_TIMING = {
    "destroy": N_("Power: when an opponent declares a Destroy against you, once a round"),
    "attack": N_("Power: when an opponent declares an Attack against you, once a round"),
}


def _place_timing(key: str) -> str:
    once = "once a round"
    if key in T.TURN_POWERS:
        return _("Power: on your turn, between actions, once a round; costs no action")
    if key in T.OWN_ROLL_POWERS:
        # TRANSLATORS: {roll} is e.g. "attack roll"
        return _("Power: before your own {roll}, once a round").format(
            roll=RollName(T.OWN_ROLL_POWERS[key][0]).shown())
    if key in T.CANCEL_POWERS:
        what = T.CANCEL_POWERS[key]
        if what in _CANCEL_TIMING:
            return _(_CANCEL_TIMING[what])
        return (f"Power: when an opponent declares {'an' if what[0] in 'aeiou' else 'a'} "
                f"{T.ACTION_TITLES.get(what, what)} against you, {once}")
    if key in T.ROLL_REACTION_POWERS:
        return _("Power: after an opponent's {roll}, once a round").format(
            roll=RollName(T.ROLL_REACTION_POWERS[key][0]).shown())
    timing = registry.place(key).timing
    if timing == "claim":  # a Power, once a round (Citadel of Torture: R37.13, R36)
        return _("Power: with one of your Claim actions, once a round")
    if timing == "home":
        return _("Always, while it is on the board")
    return _("Always, while you hold it (no limit a round)")


def place(key: str) -> Definition:
    template, nums = _PLACE_DEFS[key]
    values = {k: f() for k, f in nums.items()}
    return Definition(key, "place", _(T.PLACE_TITLES[key]), _place_timing(key),
                      _(template).format(**values), values)


# ----- power cards (R38) ---------------------------------------------------------------------
# From the registry: each card's N_-marked words and its numbers (game/registry/cards/).
_CARD_DEFS = {c.key: (c.words, c.numbers) for c in registry.cards()}


def card_when(key: str) -> Words:
    """When a card can be played, as a phrase ("before your own attack roll"); the
    engine's refusals use it too (game.words: English text, shown in the player's)."""
    if key in T.TURN_CARDS:
        return Words("on your turn, between actions")
    if key in T.OWN_ROLL_CARDS:
        # TRANSLATORS: {roll} is e.g. "attack roll"
        return Words("before your own {roll}", roll=RollName(T.OWN_ROLL_CARDS[key][0]))
    if key in T.TRIBUTE_CARDS:
        return Words("before your tribute roll")
    if key in T.CARD_TITLES and registry.card(key).timing in registry.REACTION_TIMINGS:
        when = registry.reaction(key).when
        if when is not None:  # a reaction's own words (its module's ReactionHooks)
            return when()
    if key in T.CANCEL_CARDS and T.CANCEL_CARDS[key] == ("attack",):
        return Words("when an opponent declares an attack")
    if key in T.CANCEL_CARDS:
        names = either([ActionName(a) if a in T.ACTION_TITLES else CardName(a)
                        for a in T.CANCEL_CARDS[key]])
        return Words("when an opponent declares {names}", names=names)
    return Words("once")


def _card_timing(key: str) -> str:
    when = card_when(key).shown()
    when = when[0].upper() + when[1:]
    if key in T.TURN_CARDS:
        # TRANSLATORS: {when} is when the card is played, e.g. "On your turn, between actions"
        return _("{when}; costs no action; then it is discarded").format(when=when)
    return _("{when}; then it is discarded").format(when=when)


def card(key: str) -> Definition:
    template, nums = _CARD_DEFS[key]
    values = {k: f() for k, f in nums.items()}
    return Definition(key, "card", _(T.CARD_TITLES[key]), _card_timing(key),
                      _(template).format(**values), values)


# ----- lookups ------------------------------------------------------------------------------
def all_definitions() -> list[Definition]:
    return ([action(a) for a in T.ACTIONS] + [place(p) for p in T.PLACES]
            + [card(c) for c in T.CARDS])


def for_answer_kind(kind: str) -> Definition | None:
    """The definition behind an answer kind: 'move', 'power:madhouse', 'play:fighter',
    'react:blade_miller', 'react:peacemaker' (None for anything else)."""
    head, _, name = kind.partition(":")
    if not name:
        return action(head) if head in _ACTION_DEFS else None
    if name in _PLACE_DEFS:
        return place(name)
    if name in _CARD_DEFS:
        return card(name)
    return None


def for_answer(answer: dict) -> Definition | None:
    """The definition an answer uses (an action, a place's power, a card)."""
    if not isinstance(answer, dict):
        return None
    if "do" in answer:
        return action(answer["do"]) if answer["do"] in _ACTION_DEFS else None
    for key in ("react", "power", "play", "modify", "use"):
        v = answer.get(key)
        if isinstance(v, str):
            d = for_answer_kind(f"{key}:{v}")
            if d is not None:
                return d
    v = answer.get("choose")
    if isinstance(v, str) and v in _PLACE_DEFS:
        return place(v)
    return None


# Words for the rules screen and `narby rules --text`.
# (marked here, translated where shown: _(content.PLACE_INTRO))
PLACE_INTRO = N_("A place of power belongs to the dragon whose ring is on it. A power works "
                 "once a round; an always-on effect works every time.")
CARD_INTRO = N_("With cards on, every dragon is dealt one card each round. A card is played "
                "once, costs no action, and is then discarded; unplayed cards return to the "
                "deck at the next draw.")

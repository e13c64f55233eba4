"""One definition per action, place of power and power card: its title, when it can be
used, what it does in plain words, and its numbers.

Every number comes from the engine's own constants (game.tables), read when a text is
built, so the rules screen, the tooltips, the question dialogs, `narby rules --text` and
the engine's refusals cannot disagree with what the engine does. The effect templates
hold no digits of their own: tests/test_content.py fails if one does, or if a text's
numbers stop following the constants.

Adding a place or a card: its name and numbers in game.tables, its rule hook in
game/systems, and one entry here (PLACE_DEFS / CARD_DEFS).

Texts are for players: no rule codes (the rulings are cited in comments and tests).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import tables as T


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


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 coin', '3 coins', '0 coins'."""
    return f"{n} {word if abs(n) == 1 else (many or word + 's')}"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def cost_words(cost: int) -> str:
    return "free" if not cost else f"costs {plural(cost, 'action')}"


# ----- actions (R17-R28) -------------------------------------------------------------------
# key -> (effect template, {placeholder: function reading the engine's constant}).
_ACTION_DEFS: dict[str, tuple[str, dict[str, Callable[[], Any]]]] = {
    "move": ("Fly up to {steps} king steps (diagonals count) to free cells; you may "
             "not land on a piece or a blocked cell.", {"steps": lambda: T.MOVE_STEPS}),
    "claim": ("Put one of your rings on an unclaimed settlement or place of power next "
              "to you. Claims pay tribute at the end of each round.", {}),
    "claim_settlement": ("Take over a settlement or place of power next to you that "
                         "another dragon claims: their ring goes back, yours goes on.", {}),
    "destroy": ("Roll on the Destroy chart against a settlement or place of power next "
                "to you: it may be ruined or destroyed for coins, or a claimed one may "
                "revolt and cost you {revolt}. Gold and Copper may not destroy "
                "settlements.", {"revolt": lambda: plural(T.REVOLT_COST, "coin")}),
    "steal_cavern": ("Roll on the Steal chart beside another dragon's cavern; you may "
                     "take up to {most} from it.",
                     {"most": lambda: plural(max(r[3] for r in T.STEAL), "coin")}),
    "steal_chest": ("Roll on the Steal chart beside the thief's chest; you may take up "
                    "to {most} from it.",
                    {"most": lambda: plural(max(r[3] for r in T.STEAL), "coin")}),
    "steal_for_thief": ("Roll on the Steal chart beside another dragon's cavern, for "
                        "the thief: the coins go into the thief's chest, not to you.",
                        {}),
    "attack": ("Attack a dragon next to you: both roll a d20, the higher wins and ties go "
               "to the defender. The loser pays the winner {stake}.",
               {"stake": lambda: plural(T.ATTACK_STAKE, "coin")}),
    "abandon": ("Take one of your rings back from anywhere on the board, to use it "
                "again.", {}),
    "gamble": ("Put a ring on an empty cell next to you. A settlement founded next to it "
               "later is claimed by that ring for free.", {}),
    "end_turn": ("Stop here; any actions you have left are lost.", {}),
}


def _action_timing(key: str) -> str:
    cost = T.ACTION_COST[key]
    if key == "end_turn":
        return "Your turn, at any time"
    return (f"Your turn, {cost_words(cost)} of your {T.ACTIONS_PER_TURN}")


def action(key: str) -> Definition:
    template, nums = _ACTION_DEFS[key]
    values = {k: f() for k, f in nums.items()}
    return Definition(key, "action", T.ACTION_TITLES[key], _action_timing(key),
                      template.format(**values), {**values, "cost": T.ACTION_COST[key]})


# ----- places of power (R36, R37) -----------------------------------------------------------
_PLACE_DEFS: dict[str, tuple[str, dict[str, Callable[[], Any]]]] = {
    "baba_yagas_hut": ("Move the hut up to {steps} king steps; its claims stay on it. "
                       "While you hold it, one Claim may also take a settlement next to "
                       "the hut.", {"steps": lambda: T.HUT_STEPS}),
    "angelstar_shrine": ("Take {extra} this turn.",
                         {"extra": lambda: "one more action" if T.ANGELSTAR_ACTIONS == 1
                          else f"{T.ANGELSTAR_ACTIONS} more actions"}),
    "tower_of_faces": ("Put any dragon next to its own cavern.", {}),
    "tower_of_unquenched_flame": ("Turn a ruin back into a town.", {}),
    "pearlthorn_castle": ("Cancel a Destroy aimed at a settlement or place you claim.", {}),
    "arch_of_triumph": ("{mod} to your attack roll.",
                        {"mod": lambda: signed(T.OWN_ROLL_POWERS["arch_of_triumph"][1])}),
    "blade_miller": ("{mod} to an opponent's destroy roll.",
                     {"mod": lambda: signed(T.ROLL_REACTION_POWERS["blade_miller"][1])}),
    "soulwash_temple": ("Cancel an attack on you.", {}),
    "madhouse": ("Move another dragon {steps}.",
                 {"steps": lambda: ("exactly one king step" if T.MADHOUSE_STEPS == 1
                                    else f"up to {T.MADHOUSE_STEPS} king steps")}),
    "immortals_resting_place": ("The Undead's cavern while it stands: others can steal "
                                "from it there. No power of its own.", {}),
    "soul_mine": ("{mod} to your tribute roll.",
                  {"mod": lambda: signed(T.OWN_ROLL_POWERS["soul_mine"][1])}),
    "chrysotas_chapel": ("{mod} to your steal rolls (from a cavern, from the chest or for "
                         "the thief).",
                         {"mod": lambda: signed(T.OWN_ROLL_POWERS["chrysotas_chapel"][1])}),
    "citadel_of_torture": ("One Claim takes two settlements next to you at once (it needs "
                           "two rings in supply).", {}),
    "darkheart_cottage": ("Move the thief's chest up to {steps} king steps. While you hold "
                          "it, Steal for the thief works against any dragon, near or far.",
                          {"steps": lambda: T.CHEST_STEPS}),
}


def _place_timing(key: str) -> str:
    once = "once a round"
    if key in T.TURN_POWERS:
        return f"Power: on your turn, between actions, {once}; costs no action"
    if key in T.OWN_ROLL_POWERS:
        roll = T.OWN_ROLL_POWERS[key][0]
        return f"Power: before your own {roll} roll, {once}"
    if key in T.CANCEL_POWERS:
        what = T.CANCEL_POWERS[key]
        return (f"Power: when an opponent declares {'an' if what[0] in 'aeiou' else 'a'} "
                f"{T.ACTION_TITLES.get(what, what)} against you, {once}")
    if key in T.ROLL_REACTION_POWERS:
        roll = T.ROLL_REACTION_POWERS[key][0]
        return f"Power: after an opponent's {roll} roll, {once}"
    if key == "citadel_of_torture":  # a Power, once a round (R37.13, R36)
        return f"Power: with one of your Claim actions, {once}"
    if key == T.UNDEAD_HOME:
        return "Always, while it is on the board"
    return "Always, while you hold it (no limit a round)"


def place(key: str) -> Definition:
    template, nums = _PLACE_DEFS[key]
    values = {k: f() for k, f in nums.items()}
    return Definition(key, "place", T.PLACE_TITLES[key], _place_timing(key),
                      template.format(**values), values)


# ----- power cards (R38) ---------------------------------------------------------------------
def _own_card(card):
    return lambda: signed(T.OWN_ROLL_CARDS[card][1])


_CARD_DEFS = {
    "speedster": ("One Move of up to {steps} king steps, for free.",
                  {"steps": lambda: T.SPEEDSTER_STEPS}),
    "fighter": ("{mod} to your attack roll.", {"mod": _own_card("fighter")}),
    "sneaker": ("{mod} to your steal roll.", {"mod": _own_card("sneaker")}),
    "destroyer": ("{mod} to your destroy roll.", {"mod": _own_card("destroyer")}),
    "governor": ("{mod} to your tribute roll.", {"mod": _own_card("governor")}),
    "jumper": ("Put your dragon next to one of your claims.", {}),
    "robber": ("An opponent pays {take} into the thief's chest.",
               {"take": lambda: plural(T.ROBBER_TAKE, "coin")}),
    "horror": ("Put any dragon next to its own cavern.", {}),
    "watcher": ("Cancel a Steal for the thief or a Robber card played against any "
                "dragon.", {}),
    "orienteer": ("Move another dragon up to {steps} king steps.",
                  {"steps": lambda: T.ORIENTEER_STEPS}),
    "peacemaker": ("Stop an attack: send the attacker or the defender home to its "
                   "cavern.", {}),
    "pro_creator": ("Move a settlement's location die by {step} either way.",
                    {"step": lambda: T.CARD_STEP}),
    "vigor": ("Take {extra} this turn.",
              {"extra": lambda: "one more action" if T.VIGOR_ACTIONS == 1
               else f"{T.VIGOR_ACTIONS} more actions"}),
    "sheriff": ("{bonus} more for every town that pays you tribute this round.",
                {"bonus": lambda: plural(T.TRIBUTE_CARD_BONUS, "coin")}),
    "mayor": ("{bonus} more for every city that pays you tribute this round.",
              {"bonus": lambda: plural(T.TRIBUTE_CARD_BONUS, "coin")}),
    "inciter": ("{mod} to an opponent's destroy roll against a claimed settlement.",
                {"mod": lambda: signed(T.ROLL_CARDS["inciter"])}),
    "leader": ("Cancel an opponent's Claim or Claim Settlement of a town, city or ruin. A "
               "claim of a place of power cannot be cancelled.", {}),
    "defender": ("{mod} to the attacker's roll when you are attacked.",
                 {"mod": lambda: signed(T.ROLL_CARDS["defender"])}),
    "copier": ("Play it as a copy of any card already played this round.", {}),
    "trickster": ("Move any one die just rolled by {step} up or down.",
                  {"step": lambda: T.CARD_STEP}),
}


def card_when(key: str) -> str:
    """When a card can be played, as a phrase ("before your own attack roll"); the
    engine's refusals use it too."""
    if key in T.TURN_CARDS:
        return "on your turn, between actions"
    if key in T.OWN_ROLL_CARDS:
        return f"before your own {T.OWN_ROLL_CARDS[key][0]} roll"
    if key in T.TRIBUTE_CARDS:
        return "before your tribute roll"
    if key in T.CANCEL_CARDS and T.CANCEL_CARDS[key] == ("attack",):
        return "when an opponent declares an attack"
    if key in T.CANCEL_CARDS:
        names = " or ".join(T.ACTION_TITLES.get(a, T.CARD_TITLES.get(a, a))
                            for a in T.CANCEL_CARDS[key])
        if key == "leader":  # settlements only (R38)
            names += " of a town, city or ruin"
        return f"when an opponent declares {names}"
    if key == "defender":
        return "when attacked, after the attacker's roll"
    if key == "inciter":
        return "after an opponent's destroy roll against a claimed settlement"
    if key == T.PRO_CREATOR:
        return "after a settlement's location is rolled"
    if key == T.TRICKSTER:
        return "right after any die is rolled"
    if key == T.COPIER:
        return "whenever the card it copies could be played"
    return "once"


def _card_timing(key: str) -> str:
    when = card_when(key)
    free = "; costs no action" if key in T.TURN_CARDS else ""
    return when[0].upper() + when[1:] + free + "; then it is discarded"


def card(key: str) -> Definition:
    template, nums = _CARD_DEFS[key]
    values = {k: f() for k, f in nums.items()}
    return Definition(key, "card", T.CARD_TITLES[key], _card_timing(key),
                      template.format(**values), values)


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
PLACE_INTRO = ("A place of power belongs to the dragon whose ring is on it. A power works "
               "once a round; an always-on effect works every time.")
CARD_INTRO = ("With cards on, every dragon is dealt one card each round. A card is played "
              "once, costs no action, and is then discarded; unplayed cards return to the "
              "deck at the next draw.")

"""Decisions (R39): who must answer what, and the error for an illegal answer.

Answers are plain JSON objects (FORMATS.md). Kinds defined by this project:

- ``action``: the acting dragon's next action, ``{"do": ...}``, a turn power
  ``{"power": ...}`` or a turn card ``{"play": ...}`` (no action spent).
- ``choose_place``: R14 15-20, the poorest dragon picks a place: ``{"choose": "soul_mine"}``.
- ``lose_claim``: R31 0-4, the dragon picks a claim to lose: ``{"choose": [c, r]}``.
- ``modify``: before its own roll, a dragon holding a usable modifier (R40):
  ``{"power": "arch_of_triumph"}``, ``{"play": "fighter"}`` or ``{"pass": true}``.
- ``react``: a dragon holding a usable reaction to another's action (window "cancel"),
  to a roll just made (window "roll") or to placement dice (window "dice"):
  ``{"react": "blade_miller"}``, ``{"react": "trickster", "by": 2}`` or
  ``{"pass": true}``.

Later kinds (reactions, powers, cards) are added as new frames of the match's stack;
the shape of a Decision does not change.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.i18n import N_
from game.words import DragonName, Words


class IllegalAnswer(ValueError):
    """An answer the rules do not allow; the message says why in a player's words.

    Raised with a game.words.Words, its message is the English text (what tests, logs and
    the host's `reason` carry) and game.words.shown(exc) is the player's language."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending decision.

    dragon:  who must answer.
    kind:    one of the kinds above.
    prompt:  the situation in words, for a person at the screen.
    context: extra facts the kind carries (e.g. the tribute roll for lose_claim).
    """

    dragon: str
    kind: str
    prompt: str
    context: dict = field(default_factory=dict)


def title(name: str) -> str:
    """A dragon's display name: 'red' -> 'Red'."""
    return name.capitalize()


def cell_of(answer: dict, key: str) -> tuple[int, int]:
    """Read a [col, row] cell from an answer, or explain what is wrong."""
    value = answer.get(key)
    if type(value) is list and len(value) == 2:  # (the usual answer: tested the short way)
        col, row = value
        if type(col) is int and type(row) is int:
            return (col, row)
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        # TRANSLATORS: {key} is an answer's field name, {value} what was sent (both as is)
        raise IllegalAnswer(Words("'{key}' must be a cell [col, row] of two whole numbers, "
                                  "not {value}", key=key, value=repr(value)))
    return (value[0], value[1])


def show_cell(cell) -> str:
    """Cells as players see them: 1-based (R1)."""
    return f"({cell[0] + 1}, {cell[1] + 1})"


class DecisionStep(NamedTuple):
    """How the match handles one kind of decision frame on its stack.

    ask(m, frame) -> Decision; legal(m, frame) -> list of answers;
    answer(m, frame, answer) applies it (raising IllegalAnswer, changing nothing, if not
    allowed); done(m, frame) -> True when the frame needs no answer any more.
    """

    ask: Callable
    legal: Callable
    answer: Callable
    done: Callable = lambda m, frame: False


# ----- answers of the wrong kind --------------------------------------------------------
# The keys that make an answer of each decision kind (FORMATS.md), what the decision asks
# for in words, and how an answer is named after its key. The `modify` and `react`
# windows are left out: their own refusal already names the expected answers with the
# options at hand ('Red may answer {"play": ...} with Fighter, or {"pass": true}').
ANSWER_KEYS = {
    "action": ("do", "power", "play"),
    "choose_place": ("choose",),
    "lose_claim": ("choose",),
}
ASKS_FOR = {
    "action": N_("an action"),
    "choose_place": N_("the place of power to put on the board"),
    "lose_claim": N_("the claim to lose"),
}
# TRANSLATORS: {shape} is a JSON fragment such as {"do": ...}, kept as is
ANSWER_NAMES = {"do": N_("an action answer {shape}"), "power": N_("a power answer {shape}"),
                "play": N_("a card answer {shape}"), "react": N_("a reaction answer {shape}"),
                "pass": N_("a pass {shape}"), "choose": N_("a choice answer {shape}")}


def shape_reason(kind: str, dragon: str, answer: Mapping[str, Any]) -> Words | None:
    """Why an answer cannot answer a decision of `kind` at all (it carries none of the
    kind's keys), naming what was expected; None if it has the right shape."""
    keys = ANSWER_KEYS.get(kind)
    if keys is None:
        return None
    for k in keys:  # (a loop, not any(): this runs on every answer submitted)
        if k in answer:
            return None
    known = [k for k in ANSWER_NAMES if k in answer]
    if known:
        given = Words(ANSWER_NAMES[known[0]], shape=f'{{"{known[0]}": ...}}')
    else:
        given = Words("the answer {answer}", answer=json.dumps(answer, sort_keys=True)[:60])
    shapes = [f'{{"{k}": ...}}' for k in keys]
    expected = (shapes[0] if len(shapes) == 1 else
                Words("{some} or {last}", some=", ".join(shapes[:-1]), last=shapes[-1]))
    # TRANSLATORS: {asks} is e.g. "an action"; {given} the answer sent; {expected} JSON
    return Words("this decision asks {dragon} for {asks}; {given} does not fit: answer "
                 "{expected}", dragon=DragonName(dragon), asks=Words(ASKS_FOR[kind]),
                 given=given, expected=expected)


def answer_kind(answer: dict) -> str:
    """'move', 'claim', ... for actions; 'power:madhouse', 'react:blade_miller',
    'play:fighter', 'pass'; 'choice' for the other choices."""
    if "do" in answer:
        return answer["do"]
    for key in ("power", "react", "play"):
        if key in answer:
            return f"{key}:{answer[key]}"
    return "pass" if "pass" in answer else "choice"

"""The host submits only what it offered (issue 29): a client's answer is matched to the
pending decision's legal answers by exact JSON type and value, and on a match the host
submits its own offered copy, never the client's.

Python's == says 6.0 == 6 and False == 0, and the engine refuses a float cell or a 0 for
true with an exception; so equality is decided on a typed key (bool, int, float, text,
list and object tagged apart). Refusing is cheap: a lookup in the offered answers, no
copy of the match; the reason comes from shapes and the action checks, which only read.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

from game.decisions import IllegalAnswer, shape_reason
from game.systems import actions
from game.words import DragonName, Words

MAX_REASON = 240   # characters of a refusal sent back
MAX_KEY_DEPTH = 16  # deeper than any answer (protocol.MAX_DEPTH is 8): not an answer


class NotJSON(ValueError):
    """A value no JSON text could have produced (or nested past any answer)."""


def typed_key(value: Any, depth: int = 0) -> Hashable:
    """A key equal for two JSON values exactly when they are the same JSON: same types
    (true is not 1, 6.0 is not 6, a list is not an object) and same values, objects
    in any key order. Tuples count as lists (the engine's cells may be either)."""
    if depth > MAX_KEY_DEPTH:
        raise NotJSON("nested too deeply")
    if value is None:
        return ("null",)
    t = type(value)  # exact types: bool is an int subclass, and subclasses are not JSON
    if t is bool:
        return ("bool", value)
    if t is int:
        return ("int", value)
    if t is float:
        return ("float", value)
    if t is str:
        return ("str", value)
    if t is list or t is tuple:
        return ("list", tuple(typed_key(v, depth + 1) for v in value))
    if t is dict:
        if not all(type(k) is str for k in value):
            raise NotJSON("object keys are text")
        return ("object", frozenset((k, typed_key(v, depth + 1)) for k, v in value.items()))
    raise NotJSON(f"not a JSON value: {t.__name__}")


class Offer:
    """The legal answers of one pending decision, keyed for exact matching."""

    def __init__(self, answers: list):
        self.answers = answers
        self.by_key: dict[Hashable, Any] = {}
        for a in answers:
            self.by_key.setdefault(typed_key(a), a)

    def find(self, answer: Any) -> Any | None:
        """The offered answer that is exactly `answer` (the host's own object), or None."""
        try:
            return self.by_key.get(typed_key(answer))
        except (NotJSON, RecursionError):
            return None


def refusal(match, offer: Offer, answer: Any) -> str:
    """Why `answer`, not among the offered ones, is refused: in words, from reading the
    match only (never a trial on a copy)."""
    if not isinstance(answer, dict):
        return Words("an answer is a JSON object, as listed in the state message")
    try:
        typed_key(answer)
    except (NotJSON, RecursionError):
        return Words("not an answer the rules understand")
    if _loosely_offered(offer, answer):
        return Words("send the answer exactly as listed: whole numbers as whole numbers (6, "
                     "not 6.0 or \"6\"), true and false as true and false (not 1 or 0)")
    frame = match.stack[-1] if match.stack else None
    if frame is None:
        return Words("the game is over")
    step, dragon = frame["step"], frame.get("dragon", "")
    reason: str | None
    try:
        reason = shape_reason(step, dragon, answer)
        if reason is None and step == "action":
            # the action rules' own check: it reads the match and changes nothing
            reason = actions.why_not(match, dragon, answer)
    except IllegalAnswer as exc:
        reason = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    except Exception:  # noqa: BLE001 - a hostile shape the checks never expected
        reason = None
    finally:
        match.activate()
    if reason:
        # the rules' reasons quote the answer: a huge one is not echoed whole
        return reason if len(reason) <= MAX_REASON else reason[:MAX_REASON - 3] + "..."
    # TRANSLATORS: {n} answers are listed in the state message
    if dragon:
        return Words("that is not one of {dragon} legal answers now ({n} are listed in the "
                     "state message; send one as listed)", dragon=DragonName(dragon),
                     n=len(offer.answers))
    return Words("that is not one of the legal answers now ({n} are listed in the state "
                 "message; send one as listed)", n=len(offer.answers))


def _loosely_offered(offer: Offer, answer: dict) -> bool:
    """Python's == finds it among the offered answers: the right answer in the wrong
    number types (the mistake a client in another language makes)."""
    try:
        return any(answer == a for a in offer.answers)
    except Exception:  # noqa: BLE001 - comparing odd values must not break the host
        return False


def describe(answer: Any) -> str:
    """A short, safe rendering of an answer for a log line."""
    try:
        return json.dumps(answer, sort_keys=True)[:80]
    except (TypeError, ValueError):
        return "an answer"

"""What one seat may see (hidden information, issue 4/7).

`seat_view(m, seat)` is the state document with everything the seat may not know
removed: the dice (generator state and scripted faces), the seed, the deck and every
other dragon's card (shown as "hidden" when held). When another dragon is being asked
about a card (a `modify` or `react` decision), the card's name in that decision's
`options` is "hidden" too, in `pending` and in the stack frame alike (P28). The AI
plays from this view only, and the hot-seat window shows it between turns with
`seat=None` (a spectator, who sees no card).

`visible_events(events, seat)` does the same for the event log: an event with
`"private": dragon` (a card dealt) shows its card to that dragon only.

`determinize(view, seed)` builds a playable match consistent with a view: hidden cards
are dealt from the cards the seat cannot have seen, and future dice come from `seed`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.json_shapes import copy_json
from game.match import Match
from game.systems import cards, rolls
from game.tables import CARD_TITLES, CARDS

HIDDEN = "hidden"
# Keys of the state document that only the engine may read.
SECRET_KEYS = ("dice", "seed", "deck")
ASKING = ("modify", "react")


def seat_view(m: Match, seat: str | None) -> dict:
    """The state document as `seat` sees it (None: a spectator, who sees no card)."""
    return scrub(m.snapshot(), seat)


def _hide_cards(options: list) -> list:
    return [HIDDEN if o in CARD_TITLES else o for o in options]


def scrub(doc: Mapping[str, Any], seat: str | None) -> dict:
    """Remove from a full state document what `seat` may not see."""
    # A copy of everything but the secrets (the dice state alone is most of a document).
    view = {key: copy_json(value) for key, value in doc.items() if key not in SECRET_KEYS}
    for name, d in view.get("dragons", {}).items():
        if name != seat and d.get("card") is not None:
            d["card"] = HIDDEN
    pending = view.get("pending")
    if pending and pending.get("dragon") != seat and "options" in pending:
        pending["options"] = _hide_cards(pending["options"])
    for frame in view.get("stack", []):
        if frame.get("step") in ASKING and frame.get("dragon") != seat:
            frame["options"] = _hide_cards(frame["options"])
    view["view"] = seat
    return view


def visible_events(events: list[dict], seat: str | None) -> list[dict]:
    """The events as `seat` may see them: a private event of another dragon (the card it
    was dealt) keeps its shape but shows its card as "hidden"."""
    out = []
    for e in events:
        private = e.get("private")
        if private is not None and private != seat and "card" in e:
            e = {**e, "card": HIDDEN}
        out.append(e)
    return out


def determinize(view: dict, seed: int, board=None):
    """A match consistent with `view`, its hidden parts filled in from `seed`.

    Hidden cards are dealt from the cards the seat cannot have seen. If another dragon
    is being asked about its hidden card, it is dealt one that fits the question."""
    rng = random.Random(seed)
    doc = copy_json(view)
    doc.pop("view", None)
    hidden = sorted(n for n, d in doc.get("dragons", {}).items() if d.get("card") == HIDDEN)
    asked = _asked_hidden(doc)
    unseen = _unseen_cards(doc)
    rng.shuffle(unseen)
    match_seed = rng.randrange(2**32)
    if asked is None:
        for name in hidden:
            doc["dragons"][name]["card"] = unseen.pop()
        return Match.restore_trusted(doc, board=board, seed=match_seed)
    # Try the asked dragon's possible cards in the shuffled order until one fits the
    # question; the question's options are then those the rules give that holder.

    sources = {"own": rolls.OWN_SOURCES, "cancel": rolls.CANCEL_SOURCES,
               "roll": rolls.ROLL_SOURCES, "dice": rolls.DICE_SOURCES}
    for pick in list(unseen):
        rest = [c for c in unseen if c != pick]
        trial = copy_json(doc)
        trial["dragons"][asked]["card"] = pick
        # the placeholder is not a card the restore's checks could ask about
        top_options = trial["stack"][-1]["options"]
        trial["stack"][-1]["options"] = [o for o in top_options if o != HIDDEN]
        for name in hidden:
            if name != asked:
                trial["dragons"][name]["card"] = rest.pop()
        m = Match.restore_trusted(trial, board=board, seed=match_seed)
        top, subject = m.stack[-1], m.stack[-2]
        fresh = rolls.options(sources[cards.window_of(subject)], m, asked, subject)
        if any(o in CARD_TITLES for o in fresh):
            top["options"] = fresh
            return m
        m.close()
    raise ValueError("no card the asked dragon could hold fits its pending question")


def _asked_hidden(doc: dict) -> str | None:
    stack = doc.get("stack") or []
    if stack and stack[-1].get("step") in ASKING and HIDDEN in stack[-1].get("options", []):
        return stack[-1]["dragon"]
    return None


def _unseen_cards(doc: dict) -> list[str]:
    seen = set(doc.get("played", []))
    seen.update(d["card"] for d in doc["dragons"].values() if d.get("card") not in (None, HIDDEN))
    return sorted(c for c in CARDS if c not in seen)

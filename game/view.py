"""What one seat may see (hidden information, issue 4/7).

`seat_view(m, seat)` is the state document with everything the seat may not know
removed: the dice (generator state and scripted faces), the seed, the deck order and
every other dragon's card (shown as "hidden" when held). The AI plays from this view
only, and the hot-seat window shows it between turns with `seat=None`.

`determinize(view, seed)` builds a playable match consistent with a view: hidden cards
are dealt from the cards the seat cannot have seen, and future dice come from `seed`.
"""

from __future__ import annotations

import copy

HIDDEN = "hidden"
# Keys of the state document that only the engine may read.
SECRET_KEYS = ("dice", "seed", "deck")


def seat_view(m, seat: str | None) -> dict:
    """The state document as `seat` sees it (None: a spectator, who sees no card)."""
    return scrub(m.snapshot(), seat)


def scrub(doc: dict, seat: str | None) -> dict:
    """Remove from a full state document what `seat` may not see."""
    view = copy.deepcopy(doc)
    for key in SECRET_KEYS:
        view.pop(key, None)
    for name, d in view.get("dragons", {}).items():
        if name != seat and d.get("card") is not None:
            d["card"] = HIDDEN
    view["view"] = seat
    return view


def determinize(view: dict, seed: int, board=None):
    """A match consistent with `view`, its hidden parts filled in from `seed`."""
    import random

    from game.match import Match

    rng = random.Random(seed)
    doc = copy.deepcopy(view)
    doc.pop("view", None)
    hidden = [n for n, d in doc.get("dragons", {}).items() if d.get("card") == HIDDEN]
    if hidden:
        unseen = _unseen_cards(doc)
        rng.shuffle(unseen)
        for name in sorted(hidden):
            doc["dragons"][name]["card"] = unseen.pop()
    return Match.restore(doc, board=board, seed=rng.randrange(2**32))


def _unseen_cards(doc: dict) -> list[str]:
    from game.tables import CARDS

    seen = set(doc.get("played", []))
    seen.update(d["card"] for d in doc["dragons"].values() if d.get("card") not in (None, HIDDEN))
    return sorted(c for c in CARDS if c not in seen)

"""Invariants that hold after every decision of every game (issue 2's breadth suite)."""

from __future__ import annotations

from collections import Counter

from game import state_checks
from game.match import Match
from game.seat_view import HIDDEN, SECRET_KEYS, scrub
from game.tables import CARD_TITLES, CARDS, RING_COUNT

CARD_KEYS = ("dragons", "pending", "stack", "played", "options")


class Ledger:
    """Coin totals rebuilt from `coins` events alone, to compare with the world."""

    def __init__(self, match: Match):
        self.seen = 0
        self.totals: dict[str, int] = {}
        self.match = match
        self.checks = 0  # decisions checked (which restore path the round trip takes)

    def update(self) -> dict[str, int]:
        for event in self.match.events[self.seen:]:
            if event["type"] == "coins":
                self.totals[event["from"]] = self.totals.get(event["from"], 0) - event["amount"]
                self.totals[event["to"]] = self.totals.get(event["to"], 0) + event["amount"]
        self.seen = len(self.match.events)
        return self.totals


def check(match: Match, ledger: Ledger, restore: bool = True) -> None:
    """The engine's own invariants (game.state_checks, which Match.restore applies to every
    state it rebuilds), plus what only a whole game can show: the coin ledger."""
    doc = match.snapshot()
    if restore:
        ledger.checks += 1
    checked = restore and ledger.checks % 3 == 1
    if checked:
        # Match.restore runs state_checks.problems on the snapshot of what it rebuilt (a
        # StateError names the first problem) and that snapshot is `doc` (asserted
        # below), so only what its exact_rings=False leaves out is checked here.
        twin = Match.restore(doc, board=match.board)
        assert twin.snapshot() == doc, "snapshot -> restore -> snapshot differs"
        twin.close()
        check_rings(doc)
    else:
        found = state_checks.problems(doc, match.board)
        assert not found, "; ".join(found)
    totals = ledger.update()
    for name, d in doc["dragons"].items():
        assert totals.get(name, 0) == d["coins"], f"{name} ledger {totals.get(name)} != coins"
    assert totals.get("chest", 0) == doc["chest"]["coins"], "chest ledger"
    check_cards(doc)
    if restore and not checked:
        # Both restore paths must give the game back exactly: the checked one (files)
        # every third decision (above), the trusted one (undo, replays, the AI) in between.
        twin = Match.restore_trusted(doc, board=match.board)
        assert twin.snapshot() == doc, "snapshot -> restore -> snapshot differs"
        twin.close()


def check_rings(doc: dict) -> None:
    """Each dragon's rings in supply plus its rings on the board (claims on settlements
    and places, gamble rings) are exactly its R9 count: state_checks' exact_rings."""
    on_board = Counter(p["claim"] for p in doc["settlements"] + doc["places"]
                       if p["claim"] is not None)
    on_board.update(g["owner"] for g in doc["gambles"])
    for name, d in doc["dragons"].items():
        total = d["rings_in_supply"] + on_board[name]
        assert total == RING_COUNT[name], \
            f"{name} has {d['rings_in_supply']} rings in supply and {on_board[name]} on " \
            f"the board: {total}, not {RING_COUNT[name]} in all (R9)"


def check_cards(doc: dict) -> None:
    """Each card is in exactly one place (the deck, a hand, or played this round), and a
    seat's view never shows another dragon's card (R11, P28). One seat a decision is
    viewed, in rotation, to keep the breadth suite quick."""
    hands = [d["card"] for d in doc["dragons"].values() if d["card"] is not None]
    every = sorted(doc["deck"] + hands + doc["played"])
    if doc["options"]["cards"]:
        assert every == sorted(CARDS), f"cards out of place: {every}"
    else:
        assert every == [], "cards in a game without cards"
    names = sorted(doc["dragons"])
    seat = names[len(doc["stack"]) % len(names)]
    # The parts of the document a card can show in, and the secrets: scrub copies what
    # it keeps, and the board's pieces (most of a document) hold no card.
    view = scrub({key: doc[key] for key in CARD_KEYS + SECRET_KEYS}, seat)
    assert "deck" not in view and "dice" not in view
    for name, d in view["dragons"].items():
        if name != seat:
            assert d["card"] in (None, HIDDEN), f"{seat} sees {name}'s card"
    for frame in view["stack"] + ([view["pending"]] if view["pending"] else []):
        if frame.get("dragon") != seat and "options" in frame:
            assert not any(o in CARD_TITLES for o in frame["options"]), \
                f"{seat} sees {frame['dragon']}'s card option"

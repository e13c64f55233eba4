"""Invariants that hold after every decision of every game (issue 2's breadth suite)."""

from __future__ import annotations

from game.match import Match
from game.seat_view import HIDDEN, scrub
from game.tables import CARD_TITLES, CARDS, RING_COUNT


class Ledger:
    """Coin totals rebuilt from `coins` events alone, to compare with the world."""

    def __init__(self, match: Match):
        self.seen = 0
        self.totals: dict[str, int] = {}
        self.match = match

    def update(self) -> dict[str, int]:
        for event in self.match.events[self.seen:]:
            if event["type"] == "coins":
                self.totals[event["from"]] = self.totals.get(event["from"], 0) - event["amount"]
                self.totals[event["to"]] = self.totals.get(event["to"], 0) + event["amount"]
        self.seen = len(self.match.events)
        return self.totals


def check(match: Match, ledger: Ledger, restore: bool = True) -> None:
    doc = match.snapshot()
    board = match.board
    cells: dict[tuple, str] = {}

    def occupy(at, size, what):
        for dr in range(size):
            for dc in range(size):
                cell = (at[0] + dc, at[1] + dr)
                assert board.on_board(cell), f"{what} at {at} leaves the board"
                assert cell not in board.blocked, f"{what} stands on blocked {cell}"
                assert cell not in cells, f"{what} and {cells.get(cell)} share {cell}"
                cells[cell] = what

    rings_out = {name: 0 for name in doc["dragons"]}
    for s in doc["settlements"]:
        occupy(s["at"], 1, s["kind"])
        if s["claim"]:
            rings_out[s["claim"]] += 1
    for p in doc["places"]:
        occupy(p["at"], 2, p["kind"])
        if p["claim"]:
            rings_out[p["claim"]] += 1
    for g in doc["gambles"]:
        rings_out[g["owner"]] += 1
        assert board.on_board(tuple(g["at"]))
    if doc["chest"]["at"] is not None:
        occupy(doc["chest"]["at"], 1, "chest")
    assert doc["chest"]["coins"] >= 0
    totals = ledger.update()
    for name, d in doc["dragons"].items():
        occupy(d["at"], 2, name)
        if d["cavern"] is not None:
            occupy(d["cavern"], 1, name + " cavern")
        assert d["coins"] >= 0, f"{name} has {d['coins']} coins"
        assert d["rings_in_supply"] >= 0
        assert d["rings_in_supply"] + rings_out[name] == RING_COUNT[name], f"{name} rings"
        assert totals.get(name, 0) == d["coins"], f"{name} ledger {totals.get(name)} != coins"
    assert totals.get("chest", 0) == doc["chest"]["coins"], "chest ledger"
    check_cards(doc)
    if restore:
        twin = Match.restore(doc, board=board)
        assert twin.snapshot() == doc, "snapshot -> restore -> snapshot differs"
        twin.close()


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
    view = scrub(doc, seat)
    assert "deck" not in view and "dice" not in view
    for name, d in view["dragons"].items():
        if name != seat:
            assert d["card"] in (None, HIDDEN), f"{seat} sees {name}'s card"
    for frame in view["stack"] + ([view["pending"]] if view["pending"] else []):
        if frame.get("dragon") != seat and "options" in frame:
            assert not any(o in CARD_TITLES for o in frame["options"]), \
                f"{seat} sees {frame['dragon']}'s card option"

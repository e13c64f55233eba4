"""Events become timed steps the board screen animates.

The engine hands over a batch of events at once; `EventAnimation` turns them into steps (a
die rolling, coins flying, a dragon flying, a settlement changing, a banner), each with
a duration at the "normal" pace that the chosen pace scales (instant: zero). Each
event is applied to the screen's copy of the board (and the log) when its step starts,
or, for coins and moves, when it lands. `skip()` applies everything at once (Space).

Two steps are added by the animation itself: a tribute summary per dragon when the
Tribute phase ends, and the pairing of a location's column and row dice into one roll.

Setup (caverns, then the first Populate phase, up to the first turn) is brief unless
the player asks to watch (`brief_setup`): its rolls are not animated one by one, the
pieces flash into place quickly and one card sums up what was placed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game.i18n import N_, _, n_
from game.tables import PLACE_TITLES
from game.ui.words import dragon

# seconds at the normal pace
DURATION = {
    "dice": 1.05, "dice2": 0.6, "dice_small": 0.45, "coins": 0.55, "move": 0.45,
    "pulse": 0.32, "banner": 0.75, "turn": 0.5, "summary": 2.6, "game_over": 1.8,
    "setup": 0.18, "setup_summary": 2.0,
}
SETUP_FACTOR = 0.35  # before round 1 (dragon draws, caverns) things go quicker
PULSE = {"placed", "upgraded", "resettled", "ruined", "destroyed", "rebuilt", "place_placed",
         "place_removed", "place_moved", "chest_moved", "claim", "unclaim", "gamble",
         "revolt", "destroy_failed", "placement_failed", "tribute_claim", "place_not_placed"}
LAND_AT_END = {"coins", "move"}


@dataclass
class Step:
    kind: str
    events: list[dict]
    duration: float
    data: dict = field(default_factory=dict)
    t: float = 0.0
    applied: bool = False

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


class EventAnimation:
    def __init__(self):
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self._tribute: dict[str, dict] = {}
        self._pending_col: dict | None = None
        self.context_cell = None  # where bank coins come from / go to (tribute, destroy)
        self.in_setup = True
        self.started: list[Step] = []  # steps begun by update() since last taken (sound)
        self.brief_setup = True   # False: every setup roll is animated (Settings)
        self.briefing = True      # until the first turn (cavern rolls, first Populate)
        self._setup_seen: list[dict] = []

    @property
    def idle(self) -> bool:
        return self.current is None and not self.steps and self._pending_col is None

    # ----- building steps -----------------------------------------------------------
    def feed(self, events) -> None:
        for e in events:
            self._feed_one(e)
        if self._pending_col is not None:  # a lone column die (never expected)
            self._add(Step("dice", [self._pending_col], DURATION["dice_small"]))
            self._pending_col = None

    def _add(self, step: Step) -> None:
        if self.in_setup or (self.briefing and self.brief_setup):
            step.duration *= SETUP_FACTOR
        self.steps.append(step)

    def _feed_one(self, e: dict) -> None:
        t = e["type"]
        if t == "round":
            self.in_setup = False
        if t == "phase" and e.get("phase") == "action" and self.briefing:
            self.briefing = False  # the first turn: setup is over
            if self.brief_setup and self._setup_seen:
                self.steps.append(Step("setup_summary", [], DURATION["setup_summary"],
                                       {"lines": setup_lines(self._setup_seen)}))
            self._setup_seen = []
        if self.briefing and self.brief_setup:
            self._setup_seen.append(e)
            if t == "roll":
                self._add(Step("none", [e], 0.0))
                return
            if t in PULSE or t in ("dragon_placed", "cavern"):
                self.steps.append(Step("pulse", [e], DURATION["setup"] * SETUP_FACTOR))
                return
        if t == "roll":
            purpose = e["purpose"]
            if purpose.endswith("_col"):
                self._pending_col = e
                return
            if purpose.endswith("_row") and self._pending_col is not None:
                col, self._pending_col = self._pending_col, None
                self._add(Step("dice2", [col, e], DURATION["dice2"],
                               {"what": purpose[:-4]}))
                return
            small = purpose in ("dragon_draw", "treasure", "place_kind")
            self._add(Step("dice", [e], DURATION["dice_small" if small else "dice"]))
            return
        if t == "tribute":
            self._tribute[e["dragon"]] = {"roll": e["roll"], "coins": e["coins"],
                                          "treasure": e["treasure"]}
        if t in ("phase", "round", "game_over") and self._tribute:
            self._add(Step("summary", [], DURATION["summary"], {"tribute": self._tribute}))
            self._tribute = {}
        if t == "coins":
            self._add(Step("coins", [e], DURATION["coins"]))
        elif t in ("move", "displaced"):
            self._add(Step("move", [e], DURATION["move"]))
        elif t in ("dragon_placed", "cavern"):
            self._add(Step("pulse", [e], DURATION["setup"]))
        elif t in PULSE:
            self._add(Step("pulse", [e], DURATION["pulse"]))
        elif t == "phase" and self.steps and self.steps[-1].kind == "banner" and \
                self.steps[-1].events[-1]["type"] == "round":
            self.steps[-1].events.append(e)  # "Round 3 · Populate" as one banner
        elif t in ("round", "phase", "attack", "cancelled", "tie_extra_round", "power"):
            self._add(Step("banner", [e], DURATION["banner"]))
        elif t == "turn":
            self._add(Step("banner", [e], DURATION["turn"]))
        elif t == "game_over":
            self._add(Step("banner", [e], DURATION["game_over"]))
        else:
            self._add(Step("none", [e], 0.0))

    # ----- running ------------------------------------------------------------------
    def update(self, dt: float, factor: float, apply: Callable[[dict], None]) -> bool:
        """Advance by dt seconds at pace `factor` (0 = instant). Returns True while
        something is animating."""
        budget = dt
        while True:
            if self.current is None:
                if not self.steps:
                    return False
                self.current = self.steps.popleft()
                self.current.duration *= factor
                self.started.append(self.current)
                self._start(self.current, apply)
            step = self.current
            step.t += budget
            if step.t < step.duration:
                return True
            budget = step.t - step.duration
            self._finish(step, apply)
            self.current = None
            if factor > 0 and budget <= 0:
                return bool(self.steps)

    def _start(self, step: Step, apply) -> None:
        for e in step.events:
            if "at" in e and e["type"] in ("tribute_claim", "ruined", "destroyed", "revolt",
                                           "destroy_failed"):
                self.context_cell = e["at"]
        if step.kind not in LAND_AT_END and step.kind not in ("dice", "dice2"):
            for e in step.events:
                apply(e)
            step.applied = True

    def _finish(self, step: Step, apply) -> None:
        if not step.applied:
            for e in step.events:
                apply(e)
            step.applied = True

    def take_started(self) -> list[dict]:
        """The events of the steps that began playing since the last call (what the
        sound hears; skipped steps are silent)."""
        events = [e for step in self.started for e in step.events]
        self.started = []
        return events

    def skip(self, apply) -> None:
        """Apply everything now (Space)."""
        if self.current is not None:
            self._finish(self.current, apply)
            self.current = None
        while self.steps:
            step = self.steps.popleft()
            self._start(step, apply)
            self._finish(step, apply)


A_PLACE = N_("a place of power")  # a place the setup card cannot name


def setup_lines(events: list[dict]) -> list[str]:
    """What setup placed, in a few lines: the caverns, then the pieces of the first
    Populate phase."""
    caverns = [dragon(e["dragon"]) for e in events if e["type"] == "cavern"]
    placed: dict[str, int] = {}
    places = []
    chest = False
    for e in events:
        if e["type"] == "placed":
            kind = e.get("piece", "settlement")
            placed[kind] = placed.get(kind, 0) + 1
        elif e["type"] == "place_placed":
            places.append(_(PLACE_TITLES.get(e.get("place", ""), A_PLACE)))
        elif e["type"] == "chest_moved":
            chest = True
    lines = []
    if caverns:
        # TRANSLATORS: {dragons} lists the dragons whose caverns setup dug
        lines.append(_("Caverns dug: {dragons}").format(dragons=", ".join(caverns)))
    if placed:
        lines.append(_("Settlements: {list}").format(list=", ".join(
            settlement_count(k, n) for k, n in sorted(placed.items()))))
    if places:
        lines.append(_("Place of power: {places}").format(places=", ".join(places)))
    if chest:
        lines.append(_("The thief's chest is on the board"))
    return lines


def settlement_count(kind: str, n: int) -> str:
    """'1 town', '2 cities' in the player's language."""
    if kind == "town":
        return n_("{n} town", "{n} towns", n).format(n=n)
    if kind == "city":
        return n_("{n} city", "{n} cities", n).format(n=n)
    if kind == "ruin":
        return n_("{n} ruin", "{n} ruins", n).format(n=n)
    return n_("{n} settlement", "{n} settlements", n).format(n=n)

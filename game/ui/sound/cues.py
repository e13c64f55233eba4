"""Which sound an event makes: a pure mapping, no audio (unit-testable anywhere).

The match's events (the same records the log and the board animation read, see
docs/FORMATS.md) each map to one `Cue`: the sound file, its category, a priority (who
wins a channel when they are scarce), a volume and a group (sounds of one group stand
for each other when a batch is summarised: fifty coin events become one pour of
coins). A few cues come from the match's pending decision (a reaction asked, your
turn) and from the window (clicks, refusals, the hot-seat hand-over).

`summarise` turns a batch of cues that start together (the instant pace plays a whole
AI turn in one frame) into the few that are worth hearing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from game import registry

EFFECTS = "effects"
UI = "ui"


@dataclass(frozen=True)
class Cue:
    sound: str            # file stem in assets/sounds
    priority: int = 30    # 0..100
    volume: float = 1.0   # relative to the category volume
    group: str = ""       # cues of one group summarise into one
    category: str = EFFECTS
    amount: int = 0       # coins carried (coins cues add up when summarised)

    @property
    def key(self) -> str:
        return self.group or self.sound


@dataclass(frozen=True)
class Listener:
    """Who hears the table: the dragons played by people at this screen."""

    humans: frozenset[str] = frozenset()
    handover: bool = False  # hot seat: the hand-over screen chimes, not the turn


# ----- the sounds, by what happens -----------------------------------------------------
TICK = Cue("tick", 5, 0.6, "tick")
BUILD = Cue("build", 35, 0.8, "build")
FLIGHT = Cue("flight", 40, 0.8, "flight")
RING = Cue("ring_place", 45, 0.9, "ring")
ROUND = Cue("round", 70, 0.8, "round")
PHASE = Cue("phase", 20, 0.7, "phase")
FIZZLE = Cue("fizzle", 25, 0.7, "fizzle")
POWER = Cue("power", 50, 0.8, "power")
THEFT = Cue("theft", 55, 0.9, "theft")
CARD = Cue("card_played", 50, 0.9, "card")

COINS_FEW, COINS_SOME = 2, 6  # amounts up to these are "few" and "some"; more is "many"


def coins_cue(amount: int, priority: int = 30, volume: float = 0.9) -> Cue:
    """More coins, a longer pour."""
    size = "few" if amount <= COINS_FEW else "some" if amount <= COINS_SOME else "many"
    return Cue(f"coins_{size}", priority, volume, "coins", amount=max(0, int(amount)))


def dice_cue(count: int, priority: int = 50) -> Cue:
    return Cue(f"dice_{max(1, min(3, count))}", priority, 0.9, "dice", amount=count)


def _roll(e: dict, who: Listener) -> Cue | None:
    purpose = str(e.get("purpose", ""))
    if purpose.endswith("_row"):
        return None  # its column die already rattled both dice of the location roll
    if purpose.endswith("_col"):
        return dice_cue(2)
    small = purpose in ("dragon_draw", "treasure", "place_kind")
    return dice_cue(1, 35 if small else 50)


def _coins(e: dict, who: Listener) -> Cue:
    if e.get("reason") in ("steal", "steal_for_thief", "robber"):
        return THEFT
    return coins_cue(int(e.get("amount") or 0))


def _action(e: dict, who: Listener) -> Cue:
    """An action declared: the sound its registry spec names (a soft tick by default)."""
    try:
        sound = registry.action(str(e.get("do", ""))).sound
    except KeyError:
        sound = TICK.sound
    if sound == THEFT.sound:
        return THEFT
    return replace(TICK, volume=0.5) if sound == TICK.sound else replace(TICK, sound=sound,
                                                                           volume=0.5)


def _turn(e: dict, who: Listener) -> Cue:
    if e.get("dragon") in who.humans and not who.handover:
        return Cue("your_turn", 90, 1.0, "turn")
    return Cue("turn", 15, 0.7, "turn")


def _attack(e: dict, who: Listener) -> Cue:
    won = e.get("winner") == e.get("attacker")
    return Cue("attack_won" if won else "attack_held", 65, 1.0, "attack")


def _power(e: dict, who: Listener) -> Cue:
    """A place's power used: the sound its registry spec names ("power" by default)."""
    try:
        sound = registry.place(e.get("place", "")).sound
    except KeyError:
        return POWER
    return POWER if sound == POWER.sound else replace(POWER, sound=sound)


def _card(e: dict, who: Listener) -> Cue:
    """A card played: the sound its registry spec names ("card_played" by default)."""
    try:
        sound = registry.card(e.get("card", "")).sound
    except KeyError:
        sound = CARD.sound
    return CARD if sound == CARD.sound else replace(CARD, sound=sound)


def _game_over(e: dict, who: Listener) -> Cue:
    winner = e.get("winner")
    winners = set(winner) if isinstance(winner, list) else {winner}
    lost = bool(who.humans) and not (winners & who.humans)
    return Cue("defeat" if lost else "victory", 100, 1.0, "end")


EVENT_CUES: dict[str, Callable[[dict, Listener], Cue | None]] = {
    # setup
    "dragon": lambda e, w: TICK,
    "cavern": lambda e, w: replace(BUILD, volume=0.5, priority=10),
    "dragon_placed": lambda e, w: replace(FLIGHT, volume=0.4, priority=10),
    "order": lambda e, w: TICK,
    # the round and its phases
    "round": lambda e, w: ROUND,
    "tie_extra_round": lambda e, w: ROUND,
    "phase": lambda e, w: PHASE,
    "turn": _turn,
    "turn_end": lambda e, w: replace(TICK, volume=0.4),
    "action": _action,
    "extra_action": lambda e, w: replace(POWER, volume=0.6, priority=40),
    "roll": _roll,
    # settlements and places of power
    "placed": lambda e, w: BUILD,
    "upgraded": lambda e, w: BUILD,
    "resettled": lambda e, w: BUILD,
    "rebuilt": lambda e, w: BUILD,
    "placement_failed": lambda e, w: FIZZLE,
    "place_placed": lambda e, w: Cue("place_rise", 55, 0.9, "place"),
    "place_not_placed": lambda e, w: FIZZLE,
    "place_chosen": lambda e, w: Cue("prompt", 30, 0.5, "place"),
    "place_removed": lambda e, w: Cue("ruin", 55, 0.9, "destroy"),
    "place_moved": lambda e, w: Cue("place_rise", 45, 0.6, "place"),
    "chest_moved": lambda e, w: Cue("chest", 45, 0.8, "chest"),
    "displaced": lambda e, w: FLIGHT,
    "move": lambda e, w: FLIGHT,
    # claims
    "claim": lambda e, w: RING,
    "gamble": lambda e, w: RING,
    "unclaim": lambda e, w: Cue("ring_lost", 45, 0.9, "ring"),
    # coins and tribute
    "coins": _coins,
    "treasure": lambda e, w: Cue("treasure", 45, 0.8, "treasure"),
    "tribute_claim": lambda e, w: coins_cue(int(e.get("coins") or 0), 20, 0.6),
    "tribute": lambda e, w: Cue("tribute", 60, 0.9, "coins", amount=int(e.get("coins") or 0)),
    # destroy, attack
    "revolt": lambda e, w: Cue("revolt", 60, 0.9, "destroy"),
    "destroy_failed": lambda e, w: Cue("destroy_failed", 50, 0.9, "destroy"),
    "ruined": lambda e, w: Cue("ruin", 60, 1.0, "destroy"),
    "destroyed": lambda e, w: Cue("destroyed", 62, 1.0, "destroy"),
    "attack": _attack,
    # powers and cards
    "power": _power,
    "cancelled": lambda e, w: Cue("cancel", 55, 0.9, "power"),
    "deck_shuffled": lambda e, w: Cue("shuffle", 30, 0.8, "card"),
    "card_dealt": lambda e, w: Cue("card_dealt", 25, 0.8, "card"),
    "card": _card,
    # the end
    "game_over": _game_over,
}

# decisions and the window
REACTION = Cue("prompt", 85, 0.9, "prompt")
HANDOVER = Cue("handover", 90, 1.0, "turn")
YOUR_TURN = Cue("your_turn", 90, 1.0, "turn")
CLICK = Cue("ui_click", 10, 0.7, "ui_click", UI)
REFUSE = Cue("ui_refuse", 80, 0.8, "ui_refuse", UI)


def event_cue(event: dict, who: Listener = Listener()) -> Cue | None:
    """The cue of one event, or None (an unknown kind, or the second die of a pair)."""
    make = EVENT_CUES.get(event.get("type", ""))
    return make(event, who) if make else None


def event_cues(events: Iterable[dict], who: Listener = Listener()) -> list[Cue]:
    return [c for c in (event_cue(e, who) for e in events) if c is not None]


def decision_cue(kind: str, dragon: str, who: Listener) -> Cue | None:
    """A person at this screen is asked a question other than their turn's next action
    (a reaction, a card, a claim to give up): a soft rising two-note call. Their turn
    itself chimes with its "turn" event (or the hot-seat hand-over screen)."""
    if dragon not in who.humans or kind == "action":
        return None
    return REACTION


SUMMARY_LIMIT = 2  # at most this many sounds start together when a batch is summarised


def summarise(cues: Iterable[Cue], limit: int = SUMMARY_LIMIT) -> list[Cue]:
    """One cue per group (the most important; coins add their amounts and pick the pour
    that fits the total), then the `limit` most important groups, in first-heard order."""
    best: dict[str, tuple[int, Cue]] = {}
    amounts: dict[str, int] = {}
    for i, cue in enumerate(cues):
        k = cue.key
        amounts[k] = amounts.get(k, 0) + cue.amount
        if k not in best or cue.priority > best[k][1].priority:
            best[k] = (best.get(k, (i,))[0], cue)
    out = []
    for k, (i, cue) in best.items():
        if k == "coins" and cue.sound.startswith("coins_"):
            cue = coins_cue(amounts[k], cue.priority, cue.volume)
        elif k == "dice":
            cue = dice_cue(amounts[k], cue.priority)
        out.append((i, cue))
    top = sorted(out, key=lambda ic: (-ic[1].priority, ic[0]))[:limit]
    return [c for _, c in sorted(top, key=lambda ic: ic[0])]


def every_sound() -> list[str]:
    """Every sound a cue can name (the files tools/make_sounds.py must write)."""
    names = {"tick", "build", "flight", "ring_place", "round", "phase", "fizzle", "power",
             "theft", "your_turn", "turn", "attack_won", "attack_held", "victory",
             "defeat", "place_rise", "prompt", "ruin", "chest", "ring_lost", "treasure",
             "tribute", "revolt", "destroy_failed", "destroyed", "cancel", "shuffle",
             "card_dealt", "card_played", "handover", "ui_click", "ui_refuse"}
    names |= {f"coins_{s}" for s in ("few", "some", "many")}
    names |= {f"dice_{n}" for n in (1, 2, 3)}
    names |= {p.sound for p in registry.places()} | {c.sound for c in registry.cards()}
    names |= {a.sound for a in registry.actions()}
    return sorted(names)

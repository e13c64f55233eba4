"""The one door into a game of Narby Conquest.

A match owns one named esper world (the game state), one Dice, and an event log.
The flow of the game is a stack of small JSON-able frames ("steps"): the top frame
either runs automatically (a roll, a phase change) or is a decision that waits for an
answer (R39). Because the stack is plain data, `snapshot()` at any decision restores
exactly, and later rule areas (reactions, powers, cards) add frames without reshaping
the door.

    m = Match(["green", "red"], seed=7)
    m.pending          # Decision(dragon='green', kind='action', ...)
    m.legal_answers()  # [{"do": "move", "to": [..]}, ...]
    m.submit({"do": "end_turn"})
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from typing import Any

import esper

from game import cache_sync, lookups
from game.board import BoardSpec
from game.cache_sync import QUIET_EVENTS
from game.components import Treasure
from game.decisions import Decision, IllegalAnswer, shape_reason
from game.dice import MT, Dice
from game.json_shapes import Answer, Event, Frame, StateDoc
from game.snapshot import from_document, from_trusted, to_document
from game.state_checks import short
from game.systems import (
    actions,
    cards,
    end_check,
    populate,
    rolls,
    setup,
    tribute,
    turn_order,
)
from game.tables import CARDS, DEFAULT_OPTIONS, DRAGONS, HOUSE_RULES, TARGETS
from game.words import Words, words_of

_world_ids = itertools.count(1)

# Step handlers: name -> run(m, frame) for automatic steps; decision frames are in
# DECISIONS as name -> DecisionStep (ask, legal, answer, done).
STEPS: dict[str, Callable[..., Any]] = {
    "round": lambda m, f: m._start_round(),  # noqa: SLF001 (the Match's own step)
    "draw_phase": cards.run_draw,
    "populate_phase": populate.run_phase,
    "settlement": populate.run_settlement,
    "place_of_power": populate.run_place_of_power,
    "place_location": populate.run_place_location,
    "chest_move": populate.run_chest,
    "action_phase": turn_order.run_phase,
    "turns": turn_order.run_turns,
    "tribute_phase": tribute.run_phase,
    "tribute": tribute.run_tribute,
    "end_check": end_check.run,
    "act": actions.run_act,
    "roll": rolls.run_roll,
    "dice": rolls.run_dice,
}
DECISIONS = {
    "action": actions.DECISION,
    "choose_place": populate.CHOOSE_PLACE,
    "lose_claim": tribute.LOSE_CLAIM,
    "modify": rolls.MODIFY,
    "react": rolls.REACT,
}


class SetupError(ValueError):
    """Seats or options that cannot make a game; the message says why (game.words.Words:
    str() is the English, a screen shows it in the player's language)."""


def _delete_world(name: str) -> None:
    if name in esper.list_worlds():
        if esper.current_world == name:
            esper.switch_world("default")
        esper.delete_world(name)


class Match:
    """A game in progress. Every public method activates this match's world first."""

    # The JSON-able state every rule module reads and changes (game.json_shapes names the keys).
    events: list[Event]
    stack: list[Frame]
    hands: dict[str, str | None]

    def __init__(
        self,
        seats: list[str | None],
        *,
        seed: int | None = 0,
        board: BoardSpec | None = None,
        options: dict | None = None,
        dice: list[int] | None = None,
        rng: str = MT,
    ):
        """rng: the dice generator (game.dice): MT, as every file without "rng" was
        played, unless the caller records STREAM (new players' games do)."""
        self._init_common(board or BoardSpec.plain(), options, Dice(seed, dice, rng), seed)
        self._check_seats(seats)
        self.activate()
        try:
            setup.run(self, list(seats))
        except RuntimeError as exc:  # no free room for a dragon: the map cannot be played
            self.close()
            # TRANSLATORS: {problem} says why, e.g. "the board has no free room for a dragon"
            raise SetupError(Words("setup is impossible on this map: {problem}",
                                   problem=words_of(exc))) from None
        self.hands = {name: None for name in self.seat_names}
        self.stack = [{"step": "round"}]
        self._advance()

    # ----- construction -------------------------------------------------------------
    def _init_common(self, board: BoardSpec, options: dict | None, dice: Dice, seed) -> None:
        self.board = board
        self.options = _check_options({**DEFAULT_OPTIONS, **({"target": board.target}
                                       if board.target else {}), **(options or {})})
        self.dice = dice
        self.seed = seed
        self.events = []
        self.world = f"narby-match-{next(_world_ids)}"
        self._finalizer = weakref.finalize(self, _delete_world, self.world)
        self.round = 0
        self.phase = "setup"
        self.order: list[str] = []
        self.turn: str | None = None
        self.actions_left = 0
        self.finished = False
        self.winner: str | list[str] | None = None
        # Power cards (R11, R38): each card is in a hand, the deck or `played` (this
        # round's plays, in order). Before the first Draw phase all 20 are in the deck.
        self.played: list[str] = []
        self.hands = {}
        self.deck: list[str] = list(CARDS) if self.options["cards"] else []
        self.stack = []
        self.seat_names: list[str] = []
        self.dragon_ents: dict[str, int] = {}
        self.cavern_ents: dict[str, int] = {}
        self.chest_ent = 0
        # Derived facts about the pieces (occupancy, holders...; game.lookups.cache and
        # layout_cache), valid while `version` (rings and pieces) and `layout` (where
        # pieces are) are unchanged. Every change to a piece or ring emits an event, and
        # cache_sync.bump counts it.
        self.version = 0
        self.layout = 0
        self.derived: dict = {}
        self.derived_version = -1
        self.derived_layout: dict = {}
        self.derived_layout_version = -1
        # R36: kinds whose power was used this round. Kept here, not only on the piece,
        # so a place removed (R22) or taken over mid-round stays used until the round ends.
        self.powers_used: set[str] = set()

    def _check_seats(self, seats) -> None:
        if not 2 <= len(seats) <= 8:
            # TRANSLATORS: {n} is the number of seats asked for (0, 1, 9 or more)
            raise SetupError(Words("a game needs 2 to 8 dragons, not {n}", n=len(seats)))
        if not self.board.min_players <= len(seats) <= self.board.max_players:
            # TRANSLATORS: {map} is the map's title as its author wrote it; {n} the seats
            raise SetupError(Words("the map '{map}' is for {min}-{max} dragons, not {n}",
                                   map=self.board.title, min=self.board.min_players,
                                   max=self.board.max_players, n=len(seats)))
        fixed = [s for s in seats if s is not None]
        for name in fixed:
            if name not in DRAGONS:
                # TRANSLATORS: {name} as written in a file; {dragons} the dragons' keys
                # as files write them (red, black, ...): not translated
                raise SetupError(Words("unknown dragon '{name}' (dragons: {dragons})",
                                       name=name, dragons=", ".join(DRAGONS)))
        if len(set(fixed)) != len(fixed):
            raise SetupError(Words("each dragon can sit at only one seat"))
        if self.board.cavern_spots and len(self.board.cavern_spots) < len(seats):
            raise SetupError(Words.n_(
                "the map fixes {n} cavern spot, too few for {dragons} dragons",
                "the map fixes {n} cavern spots, too few for {dragons} dragons",
                len(self.board.cavern_spots), dragons=len(seats)))

    def activate(self) -> None:
        """Make this match's world the one esper reads (every public entry does it first;
        a read-only question, game.questions, too, before it looks at the pieces)."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    def close(self) -> None:
        """Delete this match's world (also done when the match is garbage-collected)."""
        self._finalizer()

    # ----- events and dice ----------------------------------------------------------
    def emit(self, kind: str, **fields) -> Event:
        event: Any = {"type": kind, **fields}  # (an Event; no cast() call: ~6 a decision)
        self.events.append(event)
        if kind not in QUIET_EVENTS:  # most events change no piece: skip the call
            cache_sync.bump(self, event)
        return event

    def log(self, event: Any) -> Event:
        """emit() of an event its caller built whole, {"type": kind, ...}: for the most
        frequent events, since a call with keywords and the merged dict cost about twice
        one dict display."""
        self.events.append(event)
        if event["type"] not in QUIET_EVENTS:
            cache_sync.bump(self, event)
        return event

    def roll(self, sides: int, purpose: str, dragon: str | None = None) -> int:
        """A plain die (locations, kinds, dragon draw, treasure), recorded as an event."""
        face = self.dice.roll(sides)
        self.log({"type": "roll", "purpose": purpose, "dragon": dragon, "die": sides,
                  "face": face, "mods": [], "total": face, "row": None})
        return face

    def roll_cell(self, purpose: str, dragon: str | None = None) -> tuple[int, int]:
        """R3: one die per axis, column first; face f is index f-1; a side N uses a dN."""
        col = self.roll(self.board.width, purpose + "_col", dragon)
        row = self.roll(self.board.height, purpose + "_row", dragon)
        return (col - 1, row - 1)

    # ----- the flow -----------------------------------------------------------------
    def _start_round(self) -> None:
        self.stack.pop()
        self.round += 1
        self.powers_used.clear()  # R36: once per round, reset each round
        for _, place, _fp in lookups.places(self):
            place.power_used = False
        self.played = []
        self.emit("round", round=self.round)
        # Pushed in reverse: the top of the stack runs first.
        self.stack += [{"step": "end_check"}, {"step": "tribute_phase"},
                       {"step": "action_phase"}, {"step": "populate_phase"}]
        if self.options["cards"]:
            self.stack.append({"step": "draw_phase"})  # R11

    def set_phase(self, phase: str) -> None:
        self.phase = phase
        self.log({"type": "phase", "phase": phase, "round": self.round})

    def _advance(self) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        stack = self.stack  # (steps change the list, never replace it)
        while stack:
            frame = stack[-1]
            step = frame["step"]
            decision = DECISIONS.get(step)
            if decision is None:
                STEPS[step](self, frame)
            elif decision.done(self, frame):
                stack.pop()  # e.g. a turn with no actions left
            else:
                return

    # ----- the door -----------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""
        if not self.stack:
            return None
        self.activate()
        frame = self.stack[-1]
        return DECISIONS[frame["step"]].ask(self, frame)

    @property
    def deciding(self) -> str | None:
        """The dragon the pending decision is for, without building the decision (its
        prompt): every decision frame names it, as `pending.dragon`. None when over."""
        return self.stack[-1]["dragon"] if self.stack else None

    def legal_answers(self) -> list[Answer]:
        """Every legal answer to the pending decision, generated by the rules."""
        if not self.stack:
            return []
        self.activate()
        frame = self.stack[-1]
        return DECISIONS[frame["step"]].legal(self, frame)

    def submit(self, answer: Answer | dict[str, Any]) -> list[Event]:
        """Apply an answer; returns the events it caused. Raises IllegalAnswer (with the
        reason, in words) and leaves the game unchanged if the rules forbid it."""
        if not self.stack:
            raise IllegalAnswer(Words("the game is over"))
        if not isinstance(answer, dict):
            # TRANSLATORS: {answer} is what was sent, quoted as is
            raise IllegalAnswer(Words("an answer is a JSON object, not {answer}",
                                      answer=repr(answer)))
        if esper.current_world != self.world:  # (activate(), without its call)
            esper.switch_world(self.world)
        start = len(self.events)
        frame = self.stack[-1]
        step = frame["step"]
        if not (step == "action" and "do" in answer):  # (the usual answer: the right shape)
            reason = shape_reason(step, frame.get("dragon", ""), answer)
            if reason:  # an answer of another kind: say what this decision expects
                raise IllegalAnswer(reason)
        DECISIONS[step].answer(self, frame, answer)
        self._advance()
        return self.events[start:]

    # ----- results ------------------------------------------------------------------
    def scores(self) -> dict[str, int]:
        """Final score = coins + treasure-token values (R33)."""
        self.activate()

        return {
            n: lookups.coins(self, n)
            + sum(esper.component_for_entity(self.dragon_ents[n], Treasure).tokens)
            for n in self.seat_names
        }

    # ----- snapshots ----------------------------------------------------------------
    def snapshot(self) -> StateDoc:
        """The state document of FORMATS.md (plus `stack` and `dice` for exact resume)."""
        self.activate()
        return to_document(self)

    @classmethod
    def restore(cls, doc: StateDoc | dict, *, board: BoardSpec | None = None, seed: int | None = 0,
                dice: list[int] | None = None, rng: str = MT) -> Match:
        """Rebuild a match from a state document; it continues identically. The document
        must be a state the engine could reach (game.state_checks), else StateError.
        `seed` and `rng` make the dice of a document without `dice`."""
        return from_document(cls, doc, board=board, seed=seed, dice=dice, rng=rng)

    @classmethod
    def restore_trusted(cls, doc: StateDoc | dict, *, board: BoardSpec | None = None,
                        seed: int | None = 0) -> Match:
        """restore() without any check, for documents this engine wrote itself (undo,
        replay scrubbing, the AI's determinized views): ~10x faster. Never for a file's
        document: loaders use restore(), which checks (game.snapshot.from_trusted)."""
        return from_trusted(cls, doc, board=board, seed=seed)

    def copy(self) -> Match:
        """An independent match in the same position that continues identically."""
        return Match.restore_trusted(self.snapshot(), board=self.board)


def _must_be_boolean(option: str) -> Words:
    # TRANSLATORS: {option} is an option's name as files write it (cards, thief_wins):
    # not translated; "true or false" are the file's own words
    return Words("{option} must be true or false", option=option)


# 0.1.0 took any target and round cap of at least 1, and its saves keep loading: the
# bounds are far past any game (a hoard holds at most MAX_COINS, no state restores past
# round MAX_ROUND), and only keep a crafted number (10**400) out of the AI's float sums.
MAX_TARGET = 10**15  # below 2**53: exact as a float
MAX_ROUND_CAP = 10**9


def _at_most(option: str, most: int, value: int) -> Words:
    # TRANSLATORS: {option} is an option's name as files write it (target, round_cap):
    # not translated; {value} as the file wrote it
    return Words("{option} must be at most {most}, not {value}", option=option,
                 most=most, value=short(value))


def _check_options(options: dict) -> dict:
    known = set(DEFAULT_OPTIONS) | set(HOUSE_RULES)
    unknown = sorted(set(options) - known)
    if unknown:
        # TRANSLATORS: {options} are option names as files write them (not translated)
        raise SetupError(Words("unknown option(s): {options}", options=", ".join(unknown)))
    # R10 offers 50/75/100; scenarios and quick test games may set any positive target.
    target = options["target"]
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        # TRANSLATORS: {targets} e.g. "(50, 75, 100)"; {value} as the file wrote it
        raise SetupError(Words("the target must be a whole number of coins (usually one "
                               "of {targets}), not {value}", targets=str(TARGETS),
                               value=short(target)))
    if target > MAX_TARGET:  # the AI's sums stay exact floats (10**400 overflowed them)
        raise SetupError(_at_most("target", MAX_TARGET, target))
    if not isinstance(options["cards"], bool):
        raise SetupError(_must_be_boolean("cards"))
    cap = options["round_cap"]
    if not isinstance(cap, int) or isinstance(cap, bool) or cap < 1:
        # TRANSLATORS: round_cap is an option's name as files write it; {value} as written
        raise SetupError(Words("round_cap must be a whole number of at least 1, not {value}",
                               value=short(cap)))
    if cap > MAX_ROUND_CAP:
        raise SetupError(_at_most("round_cap", MAX_ROUND_CAP, cap))
    if not isinstance(options["thief_wins"], bool):
        raise SetupError(_must_be_boolean("thief_wins"))
    for rule in HOUSE_RULES:
        if rule in options and not isinstance(options[rule], bool):
            raise SetupError(_must_be_boolean(rule))
    # a house rule that is off is left out: the document of a book game stays the same
    return {k: v for k, v in options.items() if k not in HOUSE_RULES or v}

"""A played game: a Match plus the answers that made it (its history).

The window, saves and the crash handler all hold a Session rather than a bare Match:
the history is what a save stores and what undo replays, so a position is always
reproducible from its beginning (FORMATS.md `narby-replay/1`).

    s = Session.new([{"dragon": "red", "player": "human"}, {"player": "easy"}], seed=7)
    s.match.pending, s.match.legal_answers()
    events = s.submit({"do": "end_turn"})
    ok, reason = s.can_undo()      # (False, "Nothing to undo: ...") or (True, "Undo ...")
    s.undo()
    s.replay_doc()                 # plays back to exactly this position

Undo (P35) takes back the pending dragon's own answers of the current turn whose
outcome revealed nothing new. It stops at an answer that used the dice (a roll, even
one whose `roll` event waits for a reaction window), that produced a boundary event
(a roll, a card drawn, dealt or played, a turn or round change), or that another
dragon made. It rebuilds the match by replaying the history from the last round-start
checkpoint (an exact snapshot, taken in games with a human seat), and checks that every
replayed answer produces the events it produced the first time.

Every answer a player gives passes through `submit`, so it costs little beside the
match's own work (docs/ARCHITECTURE.md, "Snapshots and sessions"; `make bench`).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from game.decisions import IllegalAnswer, show_cell
from game.dice import MT, STREAM, DiceScriptError, ai_seed, new_seed
from game.json_shapes import Event, StateDoc, as_json, copy_json
from game.match import Match
from game.persistence.plain import unreadable
from game.persistence.replay_file import FORMAT as REPLAY_FORMAT
from game.persistence.replay_file import MAX_DECISIONS, ReplayError, start
from game.resources import find_map, portable_map_name
from game.words import ActionName, DragonName, PlaceName, PurposeName, Words, words_of

PLAYER_KINDS = ("human", "easy", "normal", "hard", "master", "random")
# Events after which an answer can no longer be taken back. The cards issue adds its
# events by name (anything naming a card, a draw or a deal also counts: see is_boundary).
REVEALING = frozenset({"roll", "draw", "deal", "drawn", "dealt", "shuffle", "play",
                       "played", "card", "card_drawn", "card_dealt", "card_played", "reveal"})
TURN_OVER = frozenset({"turn_end", "turn", "round", "phase", "order", "game_over"})
CHECKPOINTS_KEPT = 4  # undo never crosses a round start; a few spare are plenty
# A round-start snapshot costs ~2 ms, as much as a round of answers in a small game: one
# is taken at the start of every CHECKPOINT_ROUNDS-th round only (a rule of the history
# alone, so a loaded game has the same ones), and an undo replays at most that many
# rounds from it (a few ms).
CHECKPOINT_ROUNDS = 4
# While a history is replayed (loading), only round starts this close to its end are
# snapshotted: earlier ones would be discarded anyway, and a snapshot costs ~2 ms.
CHECKPOINT_HORIZON = 400


class SessionError(ValueError):
    """Seats or a history that cannot make a session; the message says why."""


class UndoError(ValueError):
    """Undo refused; the message is the reason, for players."""


@dataclass(slots=True)
class Step:
    """One answered decision: who answered, what, what it caused, and whether it used
    the dice (a die can be rolled before its `roll` event is recorded, R40/P11)."""

    dragon: str
    answer: dict
    events: list[dict]
    rolled: bool
    first_event: int  # index of its first event in Session.events


def is_boundary(event: dict) -> bool:
    """An event that reveals something new (a die, a card) or ends the turn."""
    kind = str(event.get("type", ""))
    return (kind in REVEALING or kind in TURN_OVER
            or any(word in kind for word in ("card", "draw", "deal")))


def portable_map_path(map_path: str | None) -> str | None:
    """A shipped map is named "maps/NAME.tmx" (so a save loads in any install of the
    game, checkout, wheel or bundle); any other map by its absolute path."""
    if map_path is None:
        return None

    return portable_map_name(find_map(map_path))


def portable_state(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A state document naming its map as a save does ("maps/NAME.tmx" for a shipped
    map), not by this install's folders: the same game prints the same document on any
    machine (the engine writes the board's source as it was loaded)."""
    out = dict(doc)
    if isinstance(out.get("map"), str):
        out["map"] = portable_map_name(out["map"])
    return out


def _seat_kind(seat) -> str:
    kind = (seat or {}).get("player", "human") if isinstance(seat, dict) or seat is None \
        else "human"
    if kind not in PLAYER_KINDS:
        raise SessionError(f"unknown player kind {repr(kind)[:40]} (kinds: "
                           f"{', '.join(PLAYER_KINDS)})")
    return kind


def _json_copy(value):
    return json.loads(json.dumps(value))


def _kept_answer(answer: dict) -> dict:
    """The answer as a replay file holds it (a copy; tuples as lists), or IllegalAnswer
    for one that no file could hold."""
    try:
        return as_json(answer)
    except (TypeError, ValueError, RecursionError):
        raise IllegalAnswer(Words("an answer holds only words, numbers, true or false, "
                                  "lists and objects")) from None


class Session:
    """A match and its history. Build with `new`, `from_replay`, or game.persistence.saves."""

    def __init__(self, origin: dict, *, base: Path | None = None, where: str = "replay"):
        """origin: a narby-replay/1 document; its `decisions` are played in order
        (raises ReplayError naming the index of an illegal one)."""
        if not isinstance(origin, dict):
            raise ReplayError(f"{where}: a replay is a JSON object")
        decisions = origin.get("decisions") or []
        if not isinstance(decisions, list):
            raise ReplayError(f"{where}: 'decisions' must be a list of answers")
        if len(decisions) > MAX_DECISIONS:
            raise ReplayError(f"{where}: {len(decisions):,} decisions, over the limit of "
                              f"{MAX_DECISIONS:,}")
        self.origin = {k: copy.deepcopy(v) for k, v in origin.items() if k != "decisions"}
        self.origin["format"] = REPLAY_FORMAT
        self.base = base
        self.where = where
        seats = self.origin.get("seats")
        try:
            kinds = [_seat_kind(s) for s in seats] if isinstance(seats, list) else []
        except SessionError as exc:
            raise ReplayError(f"{where}: {str(exc)[:200]}") from None
        self.match = start(self.origin, where, base)
        if self.origin.get("start") is None:
            # Record every option as played, so a later change of a default (cards went
            # on by default in issue 4) cannot change how an old save replays.
            self.origin["options"] = dict(self.match.options)
        self.board = self.match.board
        self.players: dict[str, str] = {
            name: (kinds[i] if i < len(kinds) else "human")
            for i, name in enumerate(self.match.seat_names)
        }
        self.events: list[dict] = copy_json(self.match.events)
        self.steps: list[Step] = []
        self._checkpoints: dict[int, StateDoc] = {}
        self._checkpoint_from = len(decisions) - CHECKPOINT_HORIZON
        self.broken = False  # set when the engine failed mid-answer (see submit)
        # Set by game.persistence.saves: the save's name, first save, last save, and the game's id.
        self.name: str | None = None
        self.created: str | None = None
        self.updated: str | None = None
        self.game_id: str | None = None
        # Set by game.persistence.reopen: why this game begins where it does (an older
        # release's save opened from its stored state), for the player to read on Load.
        self.note: str | None = None
        # An online game's seat kinds (dragon -> "remote", "local" or an AI level), set by
        # its host and kept in its saves, so Continue re-hosts it (docs/FORMATS.md).
        self.net_seats: dict[str, str] | None = None
        # The window's hand-over choice for this game (hot seat), kept in its saves so a
        # game loaded under another Settings choice still hides each player's card.
        self.hotseat: bool | None = None
        self._play(decisions)
        self._checkpoint_from = 0

    # ----- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, seats: list[dict], *, seed: int | None = None, map_path: str | None = None,
            options: dict | None = None, rng: str | None = None) -> Session:
        """A fresh game. seats: [{"dragon": "red" or None (R6 draw), "player": one of
        PLAYER_KINDS}, ...]. A seed of None picks a secret 128-bit one (recorded, so the
        game replays). rng: the dice generator (game.dice); None: the unpredictable
        stream when the seed is picked here, else Mersenne Twister as before. A game
        with the stream records "rng" (a file without it is played with MT)."""
        if not isinstance(seats, list):
            raise SessionError("seats must be a list")
        clean = []
        for seat in seats:
            if seat is not None and not isinstance(seat, dict):
                raise SessionError(f"a seat is an object like {{\"dragon\": \"red\", "
                                   f"\"player\": \"human\"}}, not {seat!r}")
            seat = seat or {}
            clean.append({"dragon": seat.get("dragon"), "player": _seat_kind(seat)})
        if rng is None:
            rng = STREAM if seed is None else MT
        if seed is None:
            seed = new_seed()
        origin = {"format": REPLAY_FORMAT, "map": portable_map_path(map_path), "seed": seed,
                  "options": dict(options or {}), "seats": clean, "start": None, "dice": None}
        if rng != MT:
            origin["rng"] = rng
        try:
            return cls(origin, where="new game")
        except ReplayError as exc:  # the problem without "new game: ", its Words kept
            problem = words_of(exc)
            if isinstance(problem, Words) and problem.msgid == "{where}: {problem}" \
                    and problem.values.get("where") == "new game":
                raise SessionError(problem.values["problem"]) from None
            raise SessionError(str(exc).removeprefix("new game: ")) from None

    @classmethod
    def from_match(cls, match: Match, players: list[str] | None = None) -> Session:
        """A session around a match that already exists (a scenario, a restored
        position): its history begins here, from the match's exact state document, and
        the session keeps driving this very Match object."""
        doc = match.snapshot()
        kinds = list(players or [])
        origin = {"format": REPLAY_FORMAT, "map": portable_map_path(match.board.source),
                  "seed": match.seed, "options": dict(match.options),
                  "seats": [{"dragon": n, "player": kinds[i] if i < len(kinds) else "human"}
                            for i, n in enumerate(match.seat_names)],
                  "start": doc, "dice": None}
        if match.dice.kind != MT:
            origin["rng"] = match.dice.kind  # its start's dice say so too; said once more
        self = cls(origin, where="game")
        # the replayed start equals the match; keep the caller's object (tests read it)
        self.match.close()
        self.match, self.board = match, match.board
        self.events = copy_json(match.events)
        return self

    @classmethod
    def from_replay(cls, doc: dict, *, base: Path | None = None,
                    where: str = "replay") -> Session:
        """A session that has played a replay document's decisions."""
        return cls(doc, base=base, where=where)

    def _play(self, decisions: list) -> None:
        for i, answer in enumerate(decisions):
            if self.match.finished:
                raise ReplayError(f"{self.where}: decision {i}: the game is already over")
            try:
                self.submit(answer)
            except IllegalAnswer as exc:
                pending = self.match.pending  # the game is not over (checked above)
                reason = exc.args[0] if exc.args else ""  # Words: the engine's reason
                # TRANSLATORS: {who} is a dragon; {answer} the answer as written (JSON)
                raise ReplayError(Words(
                    "{where}: decision {i} ({who}, {answer}) is illegal: {why}",
                    where=self.where, i=i, who=DragonName(pending.dragon) if pending
                    else "nobody", answer=json.dumps(answer)[:100],
                    why=reason if isinstance(reason, Words) and len(reason) <= 200
                    else str(exc)[:200])) from None
            except DiceScriptError as exc:  # a scripted die that does not fit
                raise ReplayError(f"{self.where}: decision {i}: {str(exc)[:200]}") from None
            except ValueError as exc:  # whatever else: plain words, the details logged
                raise ReplayError(unreadable(f"{self.where}: decision {i}", exc,
                                             "cannot be replayed")) from None

    # ----- playing ----------------------------------------------------------------------
    @property
    def history(self) -> list[dict]:
        """The answers given so far, in order."""
        return [step.answer for step in self.steps]

    @property
    def seed(self):
        return self.origin.get("seed", 0)

    @property
    def ai_seed(self) -> int:
        """The root seed of this game's AI seats (game.dice.ai_seed): never the secret seed
        of a stream game, whose AI choices everyone sees."""
        return ai_seed(self.seed if isinstance(self.seed, int) else 0, self.match.dice.kind)

    @property
    def map_path(self) -> str | None:
        return self.origin.get("map")

    def submit(self, answer: dict) -> list[Event]:
        """Answer the pending decision; returns the events it caused. An illegal answer
        raises IllegalAnswer and changes nothing."""
        m = self.match
        if self.broken:
            raise SessionError("this game hit an internal error; load its last save")
        dragon = m.deciding
        # The history keeps the answer as its file will hold it; one JSON cannot hold is
        # refused before the match sees it (the match refuses any answer but an object).
        kept = _kept_answer(answer) if isinstance(answer, dict) else answer
        dice = m.dice
        uses_before = dice.uses
        round_before = m.round
        try:
            events = m.submit(answer)
        except IllegalAnswer:
            raise
        except Exception:
            # The match may be half-changed; the history (only finished answers) is not.
            self.broken = True
            raise
        assert dragon is not None  # the match refuses any answer once the game is over
        # The event dicts are shared with the match, not copied: the engine never changes
        # an event once logged, and no reader may (tests/test_session_fast_path.py).
        logged = cast(list[dict], events)
        step = Step(dragon, kept, list(logged),
                    m.dice is not dice or dice.uses != uses_before, len(self.events))
        self.steps.append(step)
        self.events.extend(logged)
        if m.round != round_before and not m.finished \
                and len(self.steps) >= self._checkpoint_from:
            self._checkpoint()
        return events

    def _checkpoint(self) -> None:
        # Only undo and recover read checkpoints, and only a human undoes: a game of
        # computer seats (headless games, tools) skips the snapshot, a tenth of its time;
        # recover then replays from the start.
        if "human" not in self.players.values():
            return
        if self.match.round % CHECKPOINT_ROUNDS:
            return
        self._checkpoints[len(self.steps)] = self.match.snapshot()
        for old in sorted(self._checkpoints)[:-CHECKPOINTS_KEPT]:
            del self._checkpoints[old]

    # ----- undo -------------------------------------------------------------------------
    def can_undo(self) -> tuple[bool, str]:
        """(True, "Undo Red's Move") or (False, the reason in a player's words)."""
        m = self.match
        if m.finished:
            return False, "Nothing to undo: the game is over"
        if not self.steps:
            return False, "Nothing to undo yet"
        decision = m.pending
        assert decision is not None  # the game is not over (checked above)
        pending = decision.dragon
        if self.players.get(pending, "human") != "human":
            return False, Words("Nothing to undo while {dragon} (computer) is deciding",
                                dragon=DragonName(pending))
        step = self.steps[-1]
        if any(e.get("type") in ("turn", "round") for e in step.events):
            return False, Words("Nothing to undo: {dragon}'s turn has only just begun",
                                dragon=DragonName(pending))
        if step.dragon != pending:
            return False, Words("Nothing to undo: {dragon} has decided since {pending}'s "
                                "last answer", dragon=DragonName(step.dragon),
                                pending=DragonName(pending))
        reason = self._boundary_reason(step)
        if reason:
            # TRANSLATORS: {reason} is e.g. "the turn has ended"
            return False, Words("Nothing to undo: {reason}", reason=reason)
        # TRANSLATORS: the undo button: {answer} is e.g. "Move to (6, 5)"
        return True, Words("Undo {dragon}'s {answer}", dragon=DragonName(step.dragon),
                           answer=answer_words(step.answer))

    def _boundary_reason(self, step: Step) -> str | None:
        for e in step.events:
            kind = str(e.get("type", ""))
            if kind == "roll":
                return roll_words(e.get("dragon"), e.get("purpose"))
            if is_boundary(e):
                if kind in TURN_OVER:
                    return Words("the turn has ended")
                return (Words("a card has been played") if "play" in kind
                        else Words("a card has been drawn"))
        if step.rolled:
            pending = self.match.pending
            roll = (pending.context.get("roll") if pending else None) or {}
            return roll_words(roll.get("dragon"), roll.get("purpose"))
        return None

    def undo(self) -> dict:
        """Take back the last answer (see can_undo); returns it. Raises UndoError."""
        ok, reason = self.can_undo()
        if not ok:
            raise UndoError(reason)
        step = self.steps[-1]
        self._rebuild(len(self.steps) - 1)
        return step.answer

    def recover(self) -> None:
        """After an internal error mid-answer (`broken`): rebuild the match from the
        finished answers and go on. Raises SessionError if it cannot be rebuilt."""
        self._rebuild(len(self.steps))
        self.broken = False

    def _rebuild(self, n: int) -> None:
        """Make the match the one after the first n answers, by replaying them from the
        nearest checkpoint; every replayed answer must cause the events it did before."""
        k = max((i for i in self._checkpoints if i <= n), default=0)
        if k:
            match = Match.restore_trusted(self._checkpoints[k], board=self.board)  # own
        else:
            match = start(self.origin, self.where, self.base)
        for i in range(k, n):
            events = match.submit(self.steps[i].answer)
            if events != self.steps[i].events:
                match.close()
                raise SessionError(f"undo could not rebuild the game exactly: answer {i} "
                                   "played differently the second time")
        self.match.close()
        self.match = match
        if n < len(self.steps):
            del self.events[self.steps[n].first_event:]
            del self.steps[n:]
        for i in [i for i in self._checkpoints if i > n]:
            del self._checkpoints[i]

    # ----- documents --------------------------------------------------------------------
    def replay_doc(self) -> dict:
        """A narby-replay/1 document that plays back to exactly this position."""
        doc = copy.deepcopy(self.origin)
        doc["decisions"] = copy.deepcopy(self.history)
        return doc

    def snapshot(self) -> dict:
        """The match's state document, as JSON would store it."""
        return portable_state(_json_copy(self.match.snapshot()))

    @property
    def dragons(self) -> list[str]:
        return list(self.match.seat_names)

    def close(self) -> None:
        self.match.close()


def roll_words(dragon, purpose) -> str:
    what = PurposeName(str(purpose or "a"))
    if dragon:
        # TRANSLATORS: {what} is what the roll is for, e.g. "attack"
        return Words("the die has been rolled for {dragon}'s {what}",
                     dragon=DragonName(dragon), what=what)
    return Words("the dice have been rolled ({what})", what=what)


def answer_words(answer: dict) -> str:
    """'Move to (6, 5)', 'Arch of Triumph', 'pass' — an answer in a player's words."""
    if "do" in answer:
        words = ActionName(str(answer["do"]))
        for key in ("to", "at"):
            cell = answer.get(key)
            if isinstance(cell, list) and len(cell) == 2:
                # TRANSLATORS: an action and its cell: "Move to (6, 5)", "Claim at (3, 4)"
                if key == "to":
                    return Words("{action} to {cell}", action=words, cell=show_cell(cell))
                return Words("{action} at {cell}", action=words, cell=show_cell(cell))
        return Words.of(words)
    for key in ("power", "react"):
        if key in answer:
            return Words.of(PlaceName(str(answer[key])))
    # TRANSLATORS: what an undone answer was: a pass, or a choice
    return Words("pass") if "pass" in answer else Words("choice")

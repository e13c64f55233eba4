"""The one place the window drives a match from.

`GameController` owns the Match, who sits at each seat (a person or an AI level), every
answer submitted so far (the history a save or an undo replays), the AI (a worker
process in the window, or in-process and synchronous for tests and screenshots) and
the queue of new events the board screen animates. Scenes never call the Match
directly: they read `pending`, `legal_answers()` and `display_doc()`, and `submit()`.

The match and its history live in a `game.session.Session` (the one source of both):
saves, autosaves (P36), undo (P35) and the crash handler all read it from here.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast, overload

from game.ai import LEVELS, choose, node_budget
from game.ai.worker import AIWorker
from game.board import BoardSpec
from game.decisions import IllegalAnswer
from game.dice import STREAM, new_seed
from game.i18n import _
from game.maps.limits import os_error_words, shown_path
from game.maps.loader import MapError, load_board
from game.match import SetupError
from game.persistence import saves
from game.players import RandomPlayer
from game.resources import find_map
from game.seat_view import seat_view
from game.session import Session, SessionError
from game.ui.words import AI_LEVELS
from game.ui.words import dragon as dragon_name
from game.words import shown, words_of

DEFAULT_MAP = "maps/narby-vale.tmx"


@dataclass
class Seat:
    """A seat at the table: kind "human" or "ai"; level for an AI; dragon None = R6 draw."""

    kind: str = "human"
    level: str = "normal"
    dragon: str | None = None

    def label(self) -> str:
        if self.kind == "remote":  # a person on another machine (online play, issue 23)
            return _("Remote")
        if self.kind == "human":
            return _("Human")
        # TRANSLATORS: who plays a seat; {level} is an AI level such as "normal"
        return _("AI ({level})").format(level=_(AI_LEVELS.get(self.level, self.level)))


@dataclass
class GameSetup:
    """Everything the New game screen decides."""

    seats: list[Seat] = field(default_factory=lambda: [Seat("human"), Seat("ai"),
                                                       Seat("ai"), Seat("ai")])
    map_path: str | None = DEFAULT_MAP
    target: int | None = None  # None: the map's own target, else the rule book's 50
    cards: bool = True  # the rule book plays with power cards (issue 4)
    seed: int | None = None
    hotseat: bool = True
    round_cap: int | None = None
    rng: str = STREAM  # the dice (game.dice); a lesson written for 0.1.0's dice says MT
    even_dragons: bool = False  # the even dragons house rule (docs/RULES.md)

    def options(self) -> dict:
        out: dict = {"cards": self.cards}
        if self.target is not None:  # an explicit choice overrides the map's target
            out["target"] = self.target
        if self.round_cap is not None:
            out["round_cap"] = self.round_cap
        if self.even_dragons:  # named only when on: a book game's files stay the same
            out["even_dragons"] = True
        return out


def player_kind(seat: Seat) -> str:
    """A seat as Session.players names it: "human" or the AI's level."""
    return "human" if seat.kind == "human" else seat.level


def seat_for(kind: str) -> Seat:
    """The window's seat for a Session.players kind ("random" plays as a random AI)."""
    return Seat("human") if kind == "human" else Seat("ai", kind)


@overload
def _map_file(path: str) -> str: ...
@overload
def _map_file(path: None) -> None: ...
@overload
def _map_file(path: str | None) -> str | None: ...
def _map_file(path: str | None) -> str | None:
    """A map path that works from any working folder ("maps/NAME.tmx": a shipped map)."""
    if path is None:
        return None

    return str(find_map(path, saved=True))


def load_map(path: str | None):
    """The BoardSpec for a map path (None: the built-in plain board); SetupError with
    the checker's own message if the map is broken."""
    if path is None:
        return BoardSpec.plain()

    try:
        return load_board(_map_file(path))
    except MapError as exc:
        # TRANSLATORS: {path} is a map file; {problem} the map checker's words (English)
        raise SetupError(_("cannot use the map {path}: {problem}").format(
            path=shown_path(path), problem=exc)) from None
    except OSError as exc:  # the OS's words, never the exception's text
        raise SetupError(_("cannot use the map {path}: it {problem}").format(
            path=shown_path(path), problem=os_error_words(exc))) from None


class GameController:
    def __init__(self, setup: GameSetup, *, ai_mode: str = "worker", board=None,
                 data_dir=None):
        """ai_mode: "worker" (a process, the window stays responsive) or "sync" (the AI
        answers in-process at once: tests, screenshots). data_dir: where autosaves go
        (None: no autosaves)."""
        seed = setup.seed if setup.seed is not None else new_seed()
        try:
            session = Session.new([{"dragon": s.dragon, "player": player_kind(s)}
                                   for s in setup.seats], seed=seed,
                                  map_path=_map_file(setup.map_path), options=setup.options(),
                                  rng=setup.rng)
        except SessionError as exc:  # its Words kept: New game says it in the language
            raise SetupError(words_of(exc)) from None
        self._init(session, list(setup.seats), ai_mode, data_dir, setup)
        self.seed_typed = setup.seed is not None  # chosen at this screen: no secret
        self.queue.extend(self.match.events)  # setup + round 1 so far
        self.autosave()  # round 1 has begun (P36)

    @classmethod
    def from_match(cls, match, seats: list[Seat], *, setup: GameSetup | None = None,
                   ai_mode: str = "worker", data_dir=None) -> GameController:
        """Drive a match that already exists (a scenario): its history starts here."""
        session = Session.from_match(match, [player_kind(s) for s in seats])
        self = cls.__new__(cls)
        self._init(session, list(seats), ai_mode, data_dir, setup)
        return self

    @classmethod
    def from_session(cls, session: Session, *, ai_mode: str = "worker", data_dir=None,
                     hotseat: bool = True) -> GameController:
        """Resume a loaded game: seat kinds come from the session's players."""
        self = cls.__new__(cls)
        seats = [seat_for(session.players.get(n, "human")) for n in session.dragons]
        # the game's own hand-over choice when its save kept one (else the Settings'):
        # a game played with hand-overs kept them when Settings had them off, and showed
        # each player's card to whoever sat at the screen
        kept = session.hotseat
        self._init(session, seats, ai_mode, data_dir, None)
        self.setup.hotseat = session.hotseat = kept if kept is not None else hotseat
        return self

    def _init(self, session: Session, seats: list[Seat], ai_mode: str, data_dir,
              setup: GameSetup | None) -> None:
        """`setup`: the game's setup, or None to describe it from the session."""
        self.session = session
        m = session.match
        if setup is None:
            setup = GameSetup(seats=seats, map_path=session.map_path,
                              target=m.options["target"], cards=m.options["cards"],
                              seed=session.seed if isinstance(session.seed, int) else None,
                              round_cap=m.options.get("round_cap"))
        self.setup: GameSetup = setup
        session.hotseat = setup.hotseat  # the game's hand-over choice, kept in its saves
        self.seed = session.seed if isinstance(session.seed, int) else 0
        self.ai_root = session.ai_seed  # not the seed itself: AI choices are public
        self.seed_typed = False
        self.board = session.board
        self.seats: dict[str, Seat] = dict(zip(m.seat_names, seats, strict=True))
        self.queue: deque[dict] = deque()
        self.ai_mode = ai_mode
        self.data_dir = data_dir
        self._worker: AIWorker | None = None
        self._ticket: int | None = None  # ticket of the AI question in flight
        self._ai_answer: dict | None = None  # answered, waiting for the board to catch up
        self.ai_notes: list[str] = []  # AI and autosave trouble the window reports in the log
        self._autosaved_at: int | None = None

    @property
    def match(self):
        """The match as it stands (an undo replaces the object)."""
        return self.session.match

    @property
    def answers(self) -> list[dict]:
        return self.session.history

    @property
    def n_answers(self) -> int:
        return len(self.session.steps)

    # ----- reading ------------------------------------------------------------------
    @property
    def pending(self):
        return self.match.pending

    @property
    def finished(self) -> bool:
        return self.match.finished

    @property
    def shown_seed(self) -> int | None:
        """The seed, for players only once the game has ended: it foretells every roll
        and deal (docs/ENGINE.md "Why the dice can't be predicted"). A seed typed at New
        game (or --seed) for this window's own game is shown at once: it is no secret."""
        return self.seed if self.match.finished or self.seed_typed else None

    def legal_answers(self) -> list[dict]:
        return self.match.legal_answers()

    def is_human(self, dragon: str | None) -> bool:
        return dragon is not None and self.seats[dragon].kind == "human"

    def humans(self) -> list[str]:
        return [n for n in self.match.seat_names if self.seats[n].kind == "human"]

    def human_to_play(self) -> str | None:
        """The human seat the pending decision waits for, or None."""
        p = self.pending
        return p.dragon if p is not None and self.is_human(p.dragon) else None

    def viewer(self) -> str | None:
        """Whose eyes the board shows (hidden cards): the human to play; with one human
        seat always that seat; otherwise nobody (a spectator sees no card)."""
        now = self.human_to_play()
        if now:
            return now
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def log_viewer(self) -> str | None:
        """Whose secrets the game log may show: the only human seat, else nobody."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def display_doc(self, viewer: str | None) -> dict:
        return seat_view(self.match, viewer)

    def hotseat(self) -> bool:
        return self.setup.hotseat and len(self.humans()) >= 2

    # ----- acting -------------------------------------------------------------------
    def submit(self, answer: dict) -> list[dict]:
        """Apply an answer through the one door; IllegalAnswer (changing nothing) if the
        rules forbid it. New events join the animation queue."""
        # the engine's Event records are plain dicts, like the host's events a remote
        # window queues: the window handles them as such
        events = cast(list[dict], self.session.submit(answer))
        self.queue.extend(events)
        if saves.starts_round(events) or self.match.finished:
            self.autosave()  # P36: at the first decision of every round; P37: at the end
        return events

    def ai_seed(self) -> int:
        """Deterministic per decision: the same game and history ask the same question."""
        return (self.ai_root * 1_000_003 + self.n_answers) % (2**32)

    def step_ai(self, board_ready: bool) -> bool:
        """Drive AI seats. Asks as soon as an AI decision is pending (thinking overlaps
        the animations); applies the answer only when the board has caught up
        (`board_ready`). Returns True when an answer was submitted."""
        p = self.pending
        if p is None or self.is_human(p.dragon):
            return False
        if self._ai_answer is None:
            if self.ai_mode == "sync":
                if not board_ready:
                    return False
                self._ai_answer = self._ask_sync(p.dragon)
            else:
                self._poll_worker(p.dragon)
        if self._ai_answer is None or not board_ready:
            return False
        answer, self._ai_answer = self._ai_answer, None
        try:
            self.submit(answer)
        except IllegalAnswer as exc:
            # TRANSLATORS: a line in the game log; {error} is the engine's refusal
            self.ai_notes.append(_("{dragon}'s AI gave an illegal answer ({error}); a random "
                                   "legal one is played instead").format(
                dragon=dragon_name(p.dragon), error=shown(exc)))
            self.submit(self._fallback())
        return True

    def ai_thinking(self) -> bool:
        p = self.pending
        return (p is not None and not self.is_human(p.dragon) and self._ai_answer is None)

    def ai_awaited(self) -> bool:
        """An AI's question is with the worker process and not yet answered: its answer
        wakes the window (game.ai.worker's listener), which may rest till then."""
        return (self._ticket is not None and self._worker is not None
                and self._ai_answer is None and self.ai_thinking())

    def _ask_sync(self, dragon: str) -> dict:
        if self.seats[dragon].level not in LEVELS:  # a "random" seat from a save
            return self._fallback()
        try:
            # In-process (tests, or a worker that died): the level's node budget, no clock,
            # so the answer never depends on how busy the machine is.
            level = self.seats[dragon].level
            return choose(seat_view(self.match, dragon), level, seed=self.ai_seed(),
                          board=self.board, budget=node_budget(level))
        except Exception as exc:  # an AI bug must not end the game
            self.ai_notes.append(_("{dragon}'s AI failed ({error}); playing at random").format(
                dragon=dragon_name(dragon), error=exc))
            return self._fallback()

    def _poll_worker(self, dragon: str) -> None:
        if self._worker is None:
            from game.ui import idle  # noqa: PLC0415 (pygame: only where a window asks)

            self._worker = AIWorker(on_answer=idle.wake)  # an answer wakes a resting window
        proc = getattr(self._worker, "_proc", None)
        if proc is not None and not proc.is_alive():  # the worker died: think in-process
            self.ai_notes.append(_("The AI worker stopped; the AI now thinks in the window"))
            self._worker, self._ticket, self.ai_mode = None, None, "sync"
            self._ai_answer = self._ask_sync(dragon)
            return
        if self.seats[dragon].level not in LEVELS:
            self._ai_answer = self._fallback()
            return
        if self._ticket is None:
            self._ticket = self._worker.ask(seat_view(self.match, dragon),
                                            self.seats[dragon].level, self.ai_seed())
            return
        got = self._worker.poll()
        while got is not None:
            ticket, answer, error = got
            if ticket == self._ticket:
                self._ticket = None
                if error or answer is None:
                    self.ai_notes.append(_("{dragon}'s AI failed ({error}); playing at "
                                           "random").format(dragon=dragon_name(dragon),
                                                            error=error))
                    answer = self._fallback()
                self._ai_answer = answer
                return
            got = self._worker.poll()  # a stale answer: ignore it

    def _fallback(self) -> dict:
        return RandomPlayer(self.ai_seed()).choose(self.match)

    # ----- undo, saves (issue 8) -----------------------------------------------------
    def can_undo(self) -> tuple[bool, str]:
        """(True, "Undo Red's Move to (6, 5)") or (False, the reason, for players)."""
        return self.session.can_undo()

    def undo(self) -> dict:
        """Take back the last answer (P35); the match is rebuilt by replaying history.
        The animation queue and any AI question in flight belong to the old position."""
        answer = self.session.undo()
        self.queue.clear()
        self._ticket, self._ai_answer = None, None
        return answer

    def replay_doc(self) -> dict:
        """The game so far as a narby-replay/1 document: replaying it reproduces this
        exact position."""
        return self.session.replay_doc()

    def save(self, name: str) -> Path:
        """Save to the named slot in the data dir; SaveError says why not."""
        if self.data_dir is None:
            raise saves.SaveError(_("no data folder to save in"))
        return saves.save_game(self.session, name, self.data_dir)

    def autosave(self) -> Path | None:
        """An autosave (round start, quit, the end of the game). Trouble is reported
        in the log, never raised: a full disk must not end the game."""
        if self.data_dir is None or self._autosaved_at == self.n_answers:
            return None
        try:
            path = saves.autosave(self.session, self.data_dir)
        except (saves.SaveError, OSError) as exc:
            # TRANSLATORS: a line in the game log; {error} says why
            self.ai_notes.append(_("Autosave failed: {error}").format(error=shown(exc)))
            return None
        self._autosaved_at = self.n_answers
        return path

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.match.close()


__all__ = ["GameController", "GameSetup", "Seat", "SetupError", "load_map", "DEFAULT_MAP"]

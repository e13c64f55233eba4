"""The one place the window drives a match from.

`GameController` owns the Match, who sits at each seat (a person or an AI level), every
answer submitted so far (the history a save or an undo replays), the AI (a worker
process in the window, or in-process and synchronous for tests and screenshots) and
the queue of new events the board screen animates. Scenes never call the Match
directly: they read `pending`, `legal_answers()` and `display_doc()`, and `submit()`.

When saves land (issue 8) this is the module to point at game.session.Session: the
Match construction, `submit` and the `answers` list are the only places that change.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from game.decisions import IllegalAnswer, title
from game.match import Match, SetupError
from game.view import seat_view

DEFAULT_MAP = "maps/narby-vale.tmx"


@dataclass
class Seat:
    """A seat at the table: kind "human" or "ai"; level for an AI; dragon None = R6 draw."""

    kind: str = "human"
    level: str = "normal"
    dragon: str | None = None

    def label(self) -> str:
        return "Human" if self.kind == "human" else f"AI ({self.level})"


@dataclass
class GameSetup:
    """Everything the New game screen decides."""

    seats: list[Seat] = field(default_factory=lambda: [Seat("human"), Seat("ai"),
                                                       Seat("ai"), Seat("ai")])
    map_path: str | None = DEFAULT_MAP
    target: int = 50
    cards: bool = True  # the rule book plays with power cards (issue 4)
    seed: int | None = None
    hotseat: bool = True
    round_cap: int | None = None

    def options(self) -> dict:
        out = {"target": self.target, "cards": self.cards}
        if self.round_cap is not None:
            out["round_cap"] = self.round_cap
        return out


def load_map(path: str | None):
    """The BoardSpec for a map path (None: the built-in plain board); SetupError with
    the checker's own message if the map is broken."""
    from game.board import BoardSpec

    if path is None:
        return BoardSpec.plain()
    from pathlib import Path

    from game.maps import MapError, load_board

    p = Path(path)
    if not p.is_absolute() and not p.exists():
        p = Path(__file__).resolve().parents[2] / path  # maps/ beside the package
    try:
        return load_board(p)
    except (MapError, OSError) as exc:
        raise SetupError(f"cannot use the map {path}: {exc}") from None


class GameController:
    def __init__(self, setup: GameSetup, *, ai_mode: str = "worker", board=None):
        """ai_mode: "worker" (a process, the window stays responsive) or "sync" (the AI
        answers in-process at once: tests, screenshots)."""
        self.setup = setup
        self.seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(
            1, 10**6)
        self.board = board if board is not None else load_map(setup.map_path)
        self.match = Match([s.dragon for s in setup.seats], seed=self.seed, board=self.board,
                           options=setup.options())
        self.seats: dict[str, Seat] = dict(zip(self.match.seat_names, setup.seats,
                                               strict=True))
        self.answers: list[dict] = []
        self.queue: deque[dict] = deque(self.match.events)  # setup + round 1 so far
        self.ai_mode = ai_mode
        self._worker = None
        self._ticket = None  # ticket of the AI question in flight
        self._ai_answer: dict | None = None  # answered, waiting for the board to catch up
        self.ai_notes: list[str] = []  # AI errors the window reports in the log

    @classmethod
    def from_match(cls, match, seats: list[Seat], *, setup: GameSetup | None = None,
                   ai_mode: str = "worker") -> GameController:
        """Drive a match that already exists (a scenario, a restored save)."""
        self = cls.__new__(cls)
        self.setup = setup or GameSetup(seats=list(seats), map_path=match.board.source,
                                        target=match.options["target"],
                                        cards=match.options["cards"], seed=match.seed)
        self.seed = match.seed if isinstance(match.seed, int) else 0
        self.board = match.board
        self.match = match
        self.seats = dict(zip(match.seat_names, seats, strict=True))
        self.answers = []
        self.queue = deque()
        self.ai_mode = ai_mode
        self._worker = None
        self._ticket = None
        self._ai_answer = None
        self.ai_notes = []
        return self

    # ----- reading ------------------------------------------------------------------
    @property
    def pending(self):
        return self.match.pending

    @property
    def finished(self) -> bool:
        return self.match.finished

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
        events = self.match.submit(answer)
        self.answers.append(answer)
        self.queue.extend(events)
        return events

    def ai_seed(self) -> int:
        """Deterministic per decision: the same game and history ask the same question."""
        return (self.seed * 1_000_003 + len(self.answers)) % (2**32)

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
            self.ai_notes.append(f"{title(p.dragon)}'s AI gave an illegal answer ({exc}); "
                                 "a random legal one is played instead")
            self.submit(self._fallback())
        return True

    def ai_thinking(self) -> bool:
        p = self.pending
        return (p is not None and not self.is_human(p.dragon) and self._ai_answer is None)

    def _ask_sync(self, dragon: str) -> dict:
        from game.ai import choose

        try:
            return choose(seat_view(self.match, dragon), self.seats[dragon].level,
                          seed=self.ai_seed(), board=self.board)
        except Exception as exc:  # an AI bug must not end the game
            self.ai_notes.append(f"{title(dragon)}'s AI failed ({exc}); playing at random")
            return self._fallback()

    def _poll_worker(self, dragon: str) -> None:
        if self._worker is None:
            from game.ai.worker import AIWorker

            self._worker = AIWorker()
        proc = getattr(self._worker, "_proc", None)
        if proc is not None and not proc.is_alive():  # the worker died: think in-process
            self.ai_notes.append("The AI worker stopped; the AI now thinks in the window")
            self._worker, self._ticket, self.ai_mode = None, None, "sync"
            self._ai_answer = self._ask_sync(dragon)
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
                    self.ai_notes.append(f"{title(dragon)}'s AI failed ({error}); "
                                         "playing at random")
                    answer = self._fallback()
                self._ai_answer = answer
                return
            got = self._worker.poll()  # a stale answer: ignore it

    def _fallback(self) -> dict:
        from game.players import RandomPlayer

        return RandomPlayer(self.ai_seed()).choose(self.match)

    # ----- hooks for saves (issue 8) -------------------------------------------------
    def can_undo(self) -> tuple[bool, str]:
        return False, "Undo arrives with saves (issue 8)"

    def replay_doc(self) -> dict:
        """The game so far as a narby-replay/1 document: seed, seats, options and every
        answer; replaying it reproduces this exact position."""
        return {
            "format": "narby-replay/1",
            "map": self.board.source,
            "seed": self.seed,
            "options": dict(self.match.options),
            # the seats as set up: a drawn dragon (R6) is drawn again by the same dice
            "seats": [{"dragon": s.dragon} if s.dragon else {} for s in self.setup.seats],
            "start": None,
            "dice": None,
            "decisions": list(self.answers),
        }

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.match.close()


__all__ = ["GameController", "GameSetup", "Seat", "SetupError", "load_map", "DEFAULT_MAP"]

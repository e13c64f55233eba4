"""The guided first game ("Learn to play", issue 16): a coach walks a new player through
a short scripted game against one Easy dragon.

The lesson is data (`first_game.json` beside this file): the map, the seed, the seats,
and a list of steps. A step either asks the player for one answer (`do`: the fields the
answer must have, e.g. {"do": "move", "to": [2, 6]}) or is a note to read (no `do`;
Enter or Next goes on). A step may script the dice its answer rolls (`dice`, used
before the seeded generator), and queue the opponent's next answers (`opponent`: each
{"answer": {...}, "dice": [...]}), so the lesson goes the same way every time. When the
script runs out the opponent plays as the Easy AI and the game simply goes on.

`Coach` is the model (no window): which step is current, whether an answer is the one
asked for (and why not, in words), the opponent's scripted answers. `TutorialController`
is a GameController whose person must give the coach's answers and whose opponent plays
the script first. The board screen with the coach panel is game.ui.scenes.tutorial.
"""

from __future__ import annotations

import importlib.resources
import json
from dataclasses import dataclass, field
from pathlib import Path

from game import tables
from game.decisions import IllegalAnswer, show_cell
from game.dice import MT
from game.i18n import _
from game.ui.controller import GameController, GameSetup, Seat

# package data (pyproject), found the way game.resources finds shipped files
FIRST_GAME = Path(str(importlib.resources.files(__name__) / "first_game.json"))


class TutorialError(ValueError):
    """A lesson file that cannot be used; the message names the file and the problem."""


@dataclass
class Step:
    id: str
    title: str
    say: str
    do: dict | None = None          # the answer asked for (its fields); None: a note
    dice: list[int] = field(default_factory=list)
    opponent: list[dict] = field(default_factory=list)
    wait_for_you: bool = False      # a note shown only when the person is to decide
    after: str = ""                 # shown while the others play after this step

    def heading(self) -> str:
        """The step's title in the player's language."""
        return _shown(self.title)

    def after_words(self) -> str:
        """What the coach says while the others play after this step ("": nothing)."""
        return _shown(self.after)

    def text(self, coordinates: bool = True) -> str:
        """The coach's words in the player's language, with {at} / {to} / {dragon} from
        the answer asked for and {actions} / {move_steps} from game.tables. Without
        `coordinates` (the board shows no cell numbers) a cell is "the glowing square",
        which the board marks."""
        # the engine's own numbers, never typed into the lesson
        fields: dict[str, object] = {"actions": tables.ACTIONS_PER_TURN,
                                     "move_steps": tables.MOVE_STEPS}
        for k, v in (self.do or {}).items():
            is_cell = isinstance(v, list) and len(v) == 2
            # a cell never breaks across lines: "(6, 5)" keeps a no-break space
            if is_cell and not coordinates:
                # TRANSLATORS: stands for {to} / {at} in the coach's words when the
                # board shows no cell numbers ("Fly to the glowing square")
                fields[k] = _("the glowing square")
                continue
            fields[k] = (show_cell(v).replace(" ", "\u00a0") if is_cell
                         else str(v).replace("_", " ").title())
        say = _shown(self.say)
        try:
            return say.format(**fields)
        except (KeyError, IndexError, ValueError):
            return say


def _shown(text: str) -> str:
    """A lesson string as shown: translated (the lesson file's words are extracted by
    game/ui/tutorial/extract.py); "" stays "" (gettext("") is the catalog's header)."""
    return _(text) if text else ""


def matches(answer: dict, want: dict) -> bool:
    """`answer` has every field of `want`, with the same value."""
    return isinstance(answer, dict) and all(answer.get(k) == v for k, v in want.items())


def load(path: Path | str = FIRST_GAME) -> dict:
    """The lesson document, checked; TutorialError (one line) when it is unusable."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TutorialError(f"{path.name}: cannot read it ({exc.strerror})") from None
    except ValueError as exc:
        raise TutorialError(f"{path.name}: not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("steps"), list) or not doc["steps"]:
        raise TutorialError(f"{path.name}: needs a non-empty list 'steps'")
    seats = doc.get("seats")
    if not (isinstance(seats, list) and len(seats) == 2 and all(isinstance(s, str)
                                                                 for s in seats)):
        raise TutorialError(f"{path.name}: 'seats' must name two dragons (you, the opponent)")
    steps = []
    for i, raw in enumerate(doc["steps"], 1):
        where = f"{path.name}: step {i}"
        if not isinstance(raw, dict) or not isinstance(raw.get("say"), str):
            raise TutorialError(f"{where}: needs the coach's words in 'say'")
        do = raw.get("do")
        if do is not None and not (isinstance(do, dict) and do):
            raise TutorialError(f"{where}: 'do' must be the answer's fields")
        dice = raw.get("dice", [])
        if not (isinstance(dice, list) and all(isinstance(d, int) and d > 0 for d in dice)):
            raise TutorialError(f"{where}: 'dice' must be a list of die faces")
        opp = raw.get("opponent", [])
        if not (isinstance(opp, list) and all(isinstance(o, dict) and
                                              isinstance(o.get("answer"), dict) for o in opp)):
            raise TutorialError(f"{where}: 'opponent' must be a list of {{'answer': ...}}")
        steps.append(Step(str(raw.get("id", i)), str(raw.get("title", "")), raw["say"], do,
                          list(dice), [dict(o) for o in opp], bool(raw.get("wait_for_you")),
                          str(raw.get("after", ""))))
    doc = dict(doc)
    doc["steps"] = steps
    return doc


class Coach:
    """Where the lesson stands."""

    def __init__(self, doc: dict):
        self.doc = doc
        self.steps: list[Step] = doc["steps"]
        self.index = 0
        self.opponent: list[dict] = []  # the opponent's scripted answers still to play

    @property
    def current(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def previous(self) -> Step | None:
        return self.steps[self.index - 1] if self.index > 0 else None

    def number(self) -> tuple[int, int]:
        return min(self.index + 1, len(self.steps)), len(self.steps)

    def is_note(self) -> bool:
        s = self.current
        return s is not None and s.do is None

    def note_showing(self, your_decision: bool) -> bool:
        """The current step is a note on screen now (it waits for Enter / Next)."""
        s = self.current
        return s is not None and s.do is None and (your_decision or not s.wait_for_you)

    def refusal(self, answer: dict) -> str | None:
        """Why the person may not give `answer` now (None: it is the one asked for)."""
        s = self.current
        if s is None:
            return None
        if s.do is None:
            return _("First read the coach's note, then press Enter or click Next")
        if not matches(answer, s.do):
            return _("Not this one yet: pick what glows gold, or Esc to go back")
        return None

    def done(self) -> None:
        """The step's answer was given (or its note read): on to the next step."""
        s = self.current
        if s is None:
            return
        self.opponent += s.opponent
        self.index += 1

    def expected(self, legal: list[dict]) -> dict | None:
        """The full legal answer the current step asks for, or None."""
        s = self.current
        if s is None or s.do is None:
            return None
        return next((a for a in legal if matches(a, s.do)), None)

    def opponent_answer(self, legal: list[dict]) -> dict | None:
        """The opponent's next scripted answer ({"answer", "dice"}) if it is legal now;
        a scripted answer that is not legal is dropped (the Easy AI answers instead)."""
        while self.opponent:
            entry = self.opponent.pop(0)
            full = next((a for a in legal if matches(a, entry["answer"])), None)
            if full is not None:
                return {"answer": full, "dice": list(entry.get("dice", []))}
        return None


class TutorialController(GameController):
    """A GameController for the lesson: the person gives the coach's answers; the
    opponent plays its script first, then as the Easy AI. No undo, no autosaves."""

    is_lesson = True  # (the pause menu offers no Save and promises no autosave)

    def __init__(self, coach: Coach, setup: GameSetup):
        self.coach = coach
        self._dice_next: list[int] = []
        super().__init__(setup, ai_mode="sync", data_dir=None)

    def submit(self, answer: dict) -> list[dict]:
        p = self.pending
        if p is not None and self.is_human(p.dragon) and not self.coach.finished:
            why = self.coach.refusal(answer)
            if why:
                raise IllegalAnswer(why)
            step = self.coach.current
            assert step is not None  # the coach is not finished
            self._inject(step.dice)
            events = super().submit(answer)
            self.coach.done()
            return events
        if p is not None and not self.is_human(p.dragon):
            self._inject(self._dice_next)
        self._dice_next = []
        return super().submit(answer)

    def _inject(self, faces: list[int]) -> None:
        if faces:
            self.match.dice.script[:0] = list(faces)

    def step_ai(self, board_ready: bool) -> bool:
        if self.coach.note_showing(False):
            return False  # the others wait while the coach speaks
        return super().step_ai(board_ready)

    def _ask_sync(self, dragon: str) -> dict:
        entry = self.coach.opponent_answer(self.legal_answers())
        if entry is not None:
            self._dice_next = entry["dice"]
            return entry["answer"]
        return super()._ask_sync(dragon)

    def can_undo(self) -> tuple[bool, str]:
        return False, _("Undo is off in the guided game")

    def autosave(self):
        return None


def new_game(path: Path | str = FIRST_GAME) -> TutorialController:
    """A TutorialController at the start of the lesson (TutorialError, SetupError)."""
    doc = load(path)
    you, them = doc["seats"]
    setup = GameSetup(seats=[Seat("human", dragon=you), Seat("ai", "easy", dragon=them)],
                      map_path=doc.get("map"), target=int(doc.get("target", 50)),
                      cards=True, seed=int(doc.get("seed", 1)), hotseat=False,
                      rng=MT)  # the lesson's seed and scripted dice were written for MT
    return TutorialController(Coach(doc), setup)

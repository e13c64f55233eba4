"""Positions of a recorded game, for the replay viewer (back / forward / play).

Position i is the game after its first i answers (0: after setup; len(t) - 1: the end
of the history). Forward is one `submit` of the next answer; back (or a jump) rebuilds
from the nearest keyframe, an exact snapshot taken every `every` answers on the way.

    t = ReplayPositions(saves.load_save(path))
    m = t.match_at(0)              # a new Match; the caller closes it
    t.events_until(5)              # the log as it stood at position 5
    t.step_events(5), t.answer(5)  # what answer 5 was and what it caused
"""

from __future__ import annotations

from game.json_shapes import StateDoc
from game.match import Match
from game.persistence.replay_file import start


class ReplayPositions:
    def __init__(self, session, every: int = 25):
        self.origin = session.origin
        self.base = session.base
        self.where = session.where
        self.board = session.board
        self.answers = [step.answer for step in session.steps]
        self.dragons = [step.dragon for step in session.steps]
        self.events = list(session.events)
        # index into events where the events of answer i begin; the last is the end
        self._starts = [step.first_event for step in session.steps] + [len(self.events)]
        self.every = max(1, every)
        self._keys: dict[int, StateDoc] = {}

    def __len__(self) -> int:
        """The number of positions: one more than the number of answers."""
        return len(self.answers) + 1

    def _check(self, i: int) -> int:
        if not isinstance(i, int) or not 0 <= i < len(self):
            raise IndexError(f"position {i!r} is not between 0 and {len(self) - 1}")
        return i

    def answer(self, i: int) -> dict:
        """The answer that moves position i to i + 1."""
        return self.answers[self._check(i)]

    def step_events(self, i: int) -> list[dict]:
        """The events answer i caused."""
        self._check(i)
        return self.events[self._starts[i]:self._starts[i + 1]]

    def events_until(self, i: int) -> list[dict]:
        """Every event up to position i (the log the viewer shows there)."""
        return self.events[:self._starts[self._check(i)]]

    def match_at(self, i: int) -> Match:
        """A new Match at position i, rebuilt from the nearest keyframe."""
        self._check(i)
        k = max((j for j in self._keys if j <= i), default=0)
        m = Match.restore_trusted(self._keys[k], board=self.board) if k else \
            start(self.origin, self.where, self.base)
        for j in range(k, i):
            m.submit(self.answers[j])
            if (j + 1) % self.every == 0 and j + 1 not in self._keys:
                self._keys[j + 1] = m.snapshot()
        return m

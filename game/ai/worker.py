"""Run the AI in a worker process so the window keeps drawing while it thinks.

esper worlds are process-global, so the AI's scratch matches must not live in the
window's process. The window calls `ask()` with a seat view, then `poll()` until the
answer arrives. With `on_answer` (the window's wake) a thread of the window's process
waits for the answers and calls it as each comes, so the window may sleep meanwhile.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import threading
from collections.abc import Callable

from game.ai import choose


def _serve(inbox, outbox) -> None:
    while True:
        job = inbox.get()
        if job is None:
            outbox.put(None)  # the listener's end (AIWorker._listen)
            return
        ticket, view, level, seed, budget = job
        try:
            outbox.put((ticket, choose(view, level, seed=seed, **budget), None))
        except Exception as exc:  # reported to the window, which falls back
            outbox.put((ticket, None, f"{type(exc).__name__}: {exc}"))


class AIWorker:
    def __init__(self, on_answer: Callable[[], None] | None = None):
        ctx = mp.get_context("spawn")
        self._inbox, self._outbox = ctx.Queue(), ctx.Queue()
        self._proc = ctx.Process(target=_serve, args=(self._inbox, self._outbox), daemon=True)
        self._proc.start()
        self._ticket = 0
        self._answers: queue.Queue | None = None
        self._listener: threading.Thread | None = None
        if on_answer is not None:
            self._answers = queue.Queue()
            self._listener = threading.Thread(target=self._listen, args=(on_answer,),
                                              daemon=True, name="narby-ai-listen")
            self._listener.start()

    def _listen(self, on_answer: Callable[[], None]) -> None:
        """Move each answer from the process's queue to this process's, then call
        `on_answer` (in that order: the window's next poll finds it)."""
        assert self._answers is not None
        while True:
            try:
                got = self._outbox.get()
            except (EOFError, OSError):  # the process's pipe closed
                return
            if got is None:
                return
            self._answers.put(got)
            on_answer()

    def ask(self, view: dict, level: str, seed: int, **budget) -> int:
        """Start thinking about `view`; returns a ticket that `poll` answers. `budget`
        takes choose()'s keywords: `budget` (search nodes), `time_limit` (seconds)."""
        self._ticket += 1
        self._inbox.put((self._ticket, view, level, seed, budget))
        return self._ticket

    def poll(self):
        """(ticket, answer, error) when an answer is ready, else None. Stale tickets
        (asked before the latest) should be ignored by the caller."""
        try:
            if self._answers is not None:
                return self._answers.get_nowait()
            return self._outbox.get_nowait()
        except queue.Empty:
            return None

    def close(self) -> None:
        if self._proc.is_alive():
            self._inbox.put(None)
            self._proc.join(timeout=2)
            if self._proc.is_alive():
                self._proc.terminate()
        if self._listener is not None and self._listener.is_alive():
            self._outbox.put(None)  # a process that died said no goodbye: end the listener

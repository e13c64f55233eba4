"""Run the AI in a worker process so the window keeps drawing while it thinks.

esper worlds are process-global, so the AI's scratch matches must not live in the
window's process. The window calls `ask()` with a seat view, then `poll()` each
frame until the answer arrives.
"""

from __future__ import annotations

import multiprocessing as mp
import queue

from game.ai import choose


def _serve(inbox, outbox) -> None:
    while True:
        job = inbox.get()
        if job is None:
            return
        ticket, view, level, seed, budget = job
        try:
            outbox.put((ticket, choose(view, level, seed=seed, **budget), None))
        except Exception as exc:  # reported to the window, which falls back
            outbox.put((ticket, None, f"{type(exc).__name__}: {exc}"))


class AIWorker:
    def __init__(self):
        ctx = mp.get_context("spawn")
        self._inbox, self._outbox = ctx.Queue(), ctx.Queue()
        self._proc = ctx.Process(target=_serve, args=(self._inbox, self._outbox), daemon=True)
        self._proc.start()
        self._ticket = 0

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
            return self._outbox.get_nowait()
        except queue.Empty:
            return None

    def close(self) -> None:
        if self._proc.is_alive():
            self._inbox.put(None)
            self._proc.join(timeout=2)
            if self._proc.is_alive():
                self._proc.terminate()

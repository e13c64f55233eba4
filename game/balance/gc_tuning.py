"""Fewer garbage collections while AI games are played (the lab, tools/tournament.py).

An AI decision builds and drops hundreds of thousands of small objects (search
positions, memo keys), almost all freed at once by reference counting; Python's
default collector still runs a young-generation pass every 700 allocations and now and
then walks every live object. Raising the young threshold for the length of a game
saves about a tenth of its CPU time and changes nothing it computes (docs/BALANCE.md).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 100_000  # allocations between young collections (Python's default: 700)


@contextmanager
def fewer_collections(young: int = YOUNG) -> Iterator[None]:
    """Collect the young generation every `young` allocations inside the block; the
    process's own thresholds are restored after it."""
    old = gc.get_threshold()
    gc.set_threshold(max(young, old[0]), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)

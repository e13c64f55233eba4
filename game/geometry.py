"""Grid geometry: footprints, adjacency (R2) and the fitting of 2x2 pieces (R4)."""

from __future__ import annotations

from functools import lru_cache

Cell = tuple[int, int]


def cells_of(at: Cell, size: int) -> list[Cell]:
    c, r = at
    return [(c + dc, r + dr) for dr in range(size) for dc in range(size)]


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def rect_gap(a: Cell, asize: int, b: Cell, bsize: int) -> int:
    """Chebyshev distance between two square footprints (0 if they overlap)."""
    dx = max(b[0] - (a[0] + asize - 1), a[0] - (b[0] + bsize - 1), 0)
    dy = max(b[1] - (a[1] + asize - 1), a[1] - (b[1] + bsize - 1), 0)
    return max(dx, dy)


def adjacent(a: Cell, asize: int, b: Cell, bsize: int) -> bool:
    """R2: footprints do not overlap and some cells are a king step apart, i.e.
    rect_gap(...) == 1, by comparisons only (the rules ask it thousands of times a
    game): b meets a grown by one cell on every side, and does not meet a itself."""
    ac, ar = a
    bc, br = b
    if bc > ac + asize or bc + bsize < ac or br > ar + asize or br + bsize < ar:
        return False  # farther than one step
    return bc >= ac + asize or bc + bsize <= ac or br >= ar + asize or br + bsize <= ar


@lru_cache(maxsize=8192)
def ring_cells(at: Cell, size: int, width: int, height: int) -> tuple[Cell, ...]:
    """On-board cells adjacent to a footprint (the 12 around a 2x2), row-major.
    Memoized (a pure function of its arguments); the result is a shared tuple."""
    c, r = at
    out = []
    for rr in range(r - 1, r + size + 1):
        for cc in range(c - 1, c + size + 1):
            if c <= cc < c + size and r <= rr < r + size:
                continue
            if 0 <= cc < width and 0 <= rr < height:
                out.append((cc, rr))
    return tuple(out)


def fits(at: Cell, size: int, width: int, height: int) -> bool:
    return 0 <= at[0] <= width - size and 0 <= at[1] <= height - size


def shift_inward(at: Cell, size: int, width: int, height: int) -> Cell:
    """R4: a rolled 2x2 top-left that would leave the map is moved inward until it fits."""
    return (min(max(at[0], 0), width - size), min(max(at[1], 0), height - size))

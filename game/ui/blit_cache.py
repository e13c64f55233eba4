"""Drawing once, showing many times (issue 34: speed kept with the art and motion pass).

The board redraws every frame while something moves (a pulse, an effect, the ambient
layer), yet most of what it shows is still: the frame and terrain, the pieces, the
dragons, the smoke of one ambient frame. `Recorder` stands in for the screen while such
a layer is drawn and keeps its blits; `Layer` replays them (one `Surface.blits` call)
until the key it was drawn under changes. A layer may hold a mark: the place where
something live (the acting dragon's pulsing halo) is drawn between its blits.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Recorder:
    """A stand-in surface that records blits (all the recorded drawing code does)."""

    def __init__(self) -> None:
        self.ops: list[tuple] = []
        self.marks: list[int] = []
        self.halo: tuple[str, list | tuple] = ("", ())  # the live halo's dragon and cell

    def blit(self, source: pygame.Surface, dest, area=None, special_flags: int = 0) -> None:
        if area is None and not special_flags:
            self.ops.append((source, _point(dest)))
        else:
            self.ops.append((source, _point(dest), area, special_flags))

    def mark(self) -> None:
        self.marks.append(len(self.ops))


def _point(dest) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    return (round(dest[0]), round(dest[1]))


class Layer:
    """The blits of one still layer, remade when its key changes."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.rec = Recorder()
        self.made = 0  # how many times it was drawn (tests: drawn once, shown often)

    def get(self, key: Hashable, draw: Callable[[Recorder], None]) -> Recorder:
        if key != self.key or self.made == 0:
            self.rec = Recorder()
            draw(self.rec)
            self.key = key
            self.made += 1
        return self.rec

    def forget(self) -> None:
        self.key, self.made = None, 0


def replay(surface: pygame.Surface, rec: Recorder, live: Callable[[int], None] | None = None
           ) -> None:
    """Blit what was recorded; at each mark i, call live(i) first."""
    start = 0
    for i, end in enumerate(rec.marks):
        if end > start:
            surface.blits(rec.ops[start:end], doreturn=False)
        if live is not None:
            live(i)
        start = end
    if start < len(rec.ops):
        surface.blits(rec.ops[start:] if start else rec.ops, doreturn=False)


def pieces_key(doc: dict) -> tuple:
    """Everything of a state document the pieces and dragons are drawn from."""
    dragons = doc.get("dragons") or {}
    chest = doc.get("chest")
    return (
        tuple((g["owner"], tuple(g["at"])) for g in doc.get("gambles") or ()),
        tuple((n, _cell(d.get("cavern")), _cell(d.get("at"))) for n, d in sorted(dragons.items())),
        tuple((s["kind"], tuple(s["at"]), s.get("claim")) for s in doc.get("settlements") or ()),
        tuple((p["kind"], tuple(p["at"]), p.get("claim"), bool(p.get("power_used")))
              for p in doc.get("places") or ()),
        (_cell(chest.get("at")), chest.get("coins", 0)) if chest else None,
        doc.get("turn") or (doc.get("pending") or {}).get("dragon"),
    )


def _cell(at) -> tuple | None:
    return None if at is None else tuple(at)

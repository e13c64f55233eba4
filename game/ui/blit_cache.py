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
        self.names: list[str] = []
        self.halo: tuple[str, list | tuple] = ("", ())  # the live halo's dragon and cell

    def blit(self, source: pygame.Surface, dest, area=None, special_flags: int = 0) -> None:
        if area is None and not special_flags:
            self.ops.append((source, _point(dest)))
        else:
            self.ops.append((source, _point(dest), area, special_flags))

    def mark(self, name: str = "") -> None:
        self.marks.append(len(self.ops))
        self.names.append(name)


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


class Cycle:
    """The blits of a looping layer (the smoke, the glints), one recording per frame of
    its loop, all kept while the rest of its key (the view, the pieces) holds: a board
    at rest draws each frame once, then only replays."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.frames: dict[int, Recorder] = {}
        self.made = 0

    def get(self, key: Hashable, frame: int, draw: Callable[[Recorder], None]) -> Recorder:
        if key != self.key:
            self.key, self.frames = key, {}
        rec = self.frames.get(frame)
        if rec is None:
            rec = self.frames[frame] = Recorder()
            draw(rec)
            self.made += 1
        return rec


def replay(surface: pygame.Surface, rec: Recorder, live: Callable[[str], None] | None = None,
           start: int = 0) -> None:
    """Blit what was recorded from blit `start` on; at each mark, call live(its name)."""
    for end, name in zip(rec.marks, rec.names, strict=True):
        if end < start:
            continue
        if end > start:
            surface.blits(rec.ops[start:end], doreturn=False)
        if live is not None:
            live(name)
        start = end
    if start < len(rec.ops):
        surface.blits(rec.ops[start:] if start else rec.ops, doreturn=False)


def op_rect(op: tuple) -> pygame.Rect:
    """Where a recorded blit lands."""
    area = op[2] if len(op) > 2 else None
    size = pygame.Rect(area).size if area is not None else op[0].get_size()
    return pygame.Rect(op[1], size)


class Baked:
    """A still picture: the base with recorded blits already on it, made when either
    changes. Things meant *under* those blits (pulsing highlights, water glints) are
    patched in where they are: there the base is laid again, they are drawn, and the
    baked blits that reach there are drawn over them, clipped, so the picture is the
    one drawing everything in order would give."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.picture: pygame.Surface | None = None
        self.ops: list[tuple] = []
        self.rects: list[pygame.Rect] = []
        self.made = 0

    def get(self, key: tuple, base: pygame.Surface, origin: tuple[int, int],
            ops: list[tuple]) -> pygame.Surface:
        if self.picture is None or key != self.key:
            ox, oy = origin
            picture = base.copy()
            picture.blits([(op[0], (op[1][0] - ox, op[1][1] - oy), *op[2:]) for op in ops],
                          doreturn=False)
            self.picture, self.key, self.ops = picture, key, ops
            self.rects = [op_rect(op) for op in ops]
            self.made += 1
        return self.picture

    def patch(self, surface: pygame.Surface, base: pygame.Surface, origin: tuple[int, int],
              under: list[tuple]) -> None:
        if not under:
            return
        clip = surface.get_clip()
        ox, oy = origin
        under_rects = [op_rect(op) for op in under]
        for r in under_rects:
            area = r.clip(clip)
            if not area.w or not area.h:
                continue
            surface.set_clip(area)
            surface.blit(base, area, area.move(-ox, -oy))
            surface.blits([under[i] for i in area.collidelistall(under_rects)], doreturn=False)
            over = area.collidelistall(self.rects)
            if over:
                surface.blits([self.ops[i] for i in over], doreturn=False)
        surface.set_clip(clip)


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

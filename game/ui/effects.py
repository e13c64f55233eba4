"""Board effects that say what happened (issue 34): fire where a piece is destroyed or
ruined, coins bursting where a steal or tribute lands, a clash between two dragons in
an attack, a ring dropping onto a claimed piece.

    fx = Effects()
    fx.start(event, shown_doc, factor)    # from the screen's apply_event; factor: pace
    fx.update(dt); fx.draw(surface, view, look, reduce_motion)

Effects run beside the animation steps and never hold the game up. Easing comes from
PyTweening. With Reduce motion an effect shows in place and fades: nothing moves.
Each frame draws a few primitives and cached sprites per live effect.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
import pytweening

from game.ui import art

DURATION = {"fire": 0.9, "coins": 0.7, "clash": 0.6, "ring_drop": 0.5}
# event type -> effect kind
STARTS = {"destroyed": "fire", "ruined": "fire", "attack": "clash", "claim": "ring_drop",
          "tribute_claim": "coins", "coins": "coins"}
FLAME = ((255, 226, 110), (250, 140, 40), (206, 52, 28))  # core to rim
MAX_LIVE = 24  # a burst of events never costs more than this many effects a frame


@dataclass
class Effect:
    kind: str
    cells: tuple  # one or two board cells (col, row)
    size: int  # the piece's cells per side (2 for places and dragons)
    duration: float
    owner: str | None = None
    amount: int = 0
    t: float = 0.0

    @property
    def progress(self) -> float:
        return min(1.0, self.t / self.duration) if self.duration > 0 else 1.0


class Effects:
    def __init__(self) -> None:
        self.live: list[Effect] = []

    @property
    def active(self) -> bool:
        return bool(self.live)

    def start(self, event: dict, shown: dict, factor: float = 1.0) -> Effect | None:
        """The effect `event` starts (None if none, or at the instant pace)."""
        kind = STARTS.get(event.get("type", ""))
        if kind is None or factor <= 0:
            return None
        fx = _effect(kind, event, shown)
        if fx is None:
            return None
        fx.duration = DURATION[kind] * min(1.5, max(0.5, factor))
        self.live.append(fx)
        del self.live[:-MAX_LIVE]
        return fx

    def update(self, dt: float) -> bool:
        """Advance; True while any effect is on screen."""
        for fx in self.live:
            fx.t += dt
        self.live = [fx for fx in self.live if fx.t < fx.duration]
        return bool(self.live)

    def clear(self) -> None:
        self.live = []

    def draw(self, surface, view, look, reduce_motion: bool = False) -> None:
        for fx in self.live:
            DRAW[fx.kind](surface, view, look, fx, reduce_motion)


def _effect(kind: str, e: dict, shown: dict) -> Effect | None:
    dragons = shown.get("dragons") or {}
    if kind == "fire":  # started before the event takes the piece off the shown board
        at = tuple(e["at"])
        size = 2 if any(tuple(p["at"]) == at for p in shown.get("places") or ()) else 1
        return Effect(kind, (at,), size, 0)
    if kind == "ring_drop":
        size = 2 if any(tuple(p["at"]) == tuple(e["at"]) for p in shown.get("places") or ())\
            else 1
        return Effect(kind, (tuple(e["at"]),), size, 0, owner=e.get("dragon"))
    if kind == "clash":
        a = (dragons.get(e.get("attacker")) or {}).get("at")
        d = (dragons.get(e.get("defender")) or {}).get("at")
        if a is None or d is None:
            return None
        return Effect(kind, (tuple(a), tuple(d)), 2, 0)
    # coins: where they land (a dragon's cavern or the dragon), a steal or tribute
    if kind == "coins":
        to = e.get("to")
        if to not in dragons or not e.get("amount"):
            return None
        d = dragons[to]
        at = d.get("cavern") if d.get("cavern") is not None else d.get("at")
        if at is None:
            return None
        return Effect(kind, (tuple(at),), 1, 0, owner=to, amount=int(e["amount"]))
    return None  # tribute_claim carries its own pulse; coins follow as a coins event


def _centre(view, cell, size: int) -> tuple[float, float]:
    r = view.piece_rect(tuple(cell), size)
    return r.centerx, r.centery


def _fade(p: float) -> int:
    """255 then out over the last third."""
    return round(255 * (1 - pytweening.easeInQuad(max(0.0, (p - 0.66) / 0.34))))


def _tongue(cx: float, base: float, w: float, h: float, sway: float) -> list:
    """A flame tongue: round at its base, curling to a point that sways."""
    left, right = [], []
    for i in range(13):
        q = i / 12
        hw = w * (1 - q) * (0.55 + 1.7 * q) * 0.62
        x = cx + sway * q * q
        y = base - h * q
        left.append((x - hw, y))
        right.append((x + hw, y))
    bottom = [(cx + w * 0.34 * math.cos(a), base + w * 0.2 * math.sin(a))
              for a in (k * math.pi / 6 for k in range(7))]
    return left + right[::-1] + bottom


def _draw_fire(surface, view, look, fx: Effect, still: bool) -> None:
    cx, cy = _centre(view, fx.cells[0], fx.size)
    cell = round(view.cell * fx.size * 1.4)  # a fire a little larger than its piece
    p = fx.progress
    grow = 1.0 if still else pytweening.easeOutBack(min(1.0, p * 2.5))
    layer = pygame.Surface((cell * 2, cell * 2), pygame.SRCALPHA)
    ox, oy = cell, cell * 1.35
    pygame.draw.circle(layer, (255, 150, 40, 60), (ox, oy - cell * 0.3), cell * 0.62 * grow)
    # three tongues side by side, each in three layers: red, orange, yellow core
    for j, dx in enumerate((-0.22, 0.2, 0.0)):
        tall = (0.75, 0.8, 1.05)[j] * grow
        for i, col in enumerate(FLAME[::-1]):
            k = 1 - i * 0.3
            sway = 0.0 if still else math.sin(p * 20 + j * 2.3 + i) * cell * 0.09
            pts = _tongue(ox + dx * cell, oy, cell * 0.5 * k, cell * 0.95 * tall * k, sway)
            pygame.draw.polygon(layer, (*col, 240), pts)
    if not still:  # smoke rising
        for j in range(3):
            q = (p * 1.6 + j * 0.3) % 1.0
            r = cell * (0.08 + 0.14 * q)
            pygame.draw.circle(layer, (70, 64, 66, round(110 * (1 - q))),
                               (ox + math.sin(j * 2.1 + q * 3) * cell * 0.22,
                                oy - cell * (1.0 + 0.5 * q)), r)
    layer.set_alpha(_fade(p))
    surface.blit(layer, (cx - ox, cy - oy + cell * 0.25))


def _draw_coins(surface, view, look, fx: Effect, still: bool) -> None:
    cx, cy = _centre(view, fx.cells[0], fx.size)
    size = max(12, view.cell // 2)
    coin = look.sprite("coin", size).copy()
    coin.set_alpha(_fade(fx.progress))
    n = max(3, min(8, fx.amount + 2))
    for i in range(n):
        if still:
            x, y = cx + (i - n / 2) * size * 0.3, cy - size * 0.6
        else:  # a fountain: up and out, then down (PyTweening's curves)
            a = -math.pi / 2 + (i - (n - 1) / 2) * 0.7
            out = pytweening.easeOutCubic(fx.progress) * view.cell * 1.3
            up = pytweening.easeOutQuad(min(1.0, fx.progress * 2)) * view.cell * 0.5
            down = pytweening.easeInQuad(max(0.0, fx.progress * 2 - 1)) * view.cell * 0.5
            x, y = cx + math.cos(a) * out, cy + math.sin(a) * out * 0.6 - up + down
        surface.blit(coin, coin.get_rect(center=(round(x), round(y))))


def _draw_clash(surface, view, look, fx: Effect, still: bool) -> None:
    a = _centre(view, fx.cells[0], 2)
    b = _centre(view, fx.cells[1], 2)
    cx, cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    k = 1.0 if still else pytweening.easeOutElastic(min(1.0, fx.progress * 1.6))
    r = view.cell * 0.7 * k
    layer = pygame.Surface((view.cell * 3, view.cell * 3), pygame.SRCALPHA)
    c = view.cell * 1.5
    pts = []
    for i in range(16):  # a burst star
        ang = i * math.pi / 8 + (0 if still else fx.progress)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((c + math.cos(ang) * rr, c + math.sin(ang) * rr))
    if r > 2:
        pygame.draw.polygon(layer, (255, 236, 150, 230), pts)
        pygame.draw.polygon(layer, (120, 40, 20, 255), pts, max(1, view.cell // 14))
        w = max(2, view.cell // 9)
        for sx in (-1, 1):  # two crossed blades
            pygame.draw.line(layer, (230, 232, 240, 255), (c - sx * r * 0.6, c + r * 0.6),
                             (c + sx * r * 0.6, c - r * 0.6), w)
    layer.set_alpha(_fade(fx.progress))
    surface.blit(layer, (cx - c, cy - c))


def _draw_ring_drop(surface, view, look, fx: Effect, still: bool) -> None:
    if fx.owner is None:
        return
    box = view.ring_rect(fx.cells[0], fx.size)
    img = art.sprite(f"ring/{fx.owner}", box.w, view.palette)
    if still:
        y = box.y
    else:  # falls from above and bounces on its spot
        y = box.y - view.cell * 1.5 * (1 - pytweening.easeOutBounce(fx.progress))
    ring = img.copy()
    ring.set_alpha(255 if not still else round(255 * pytweening.easeOutQuad(fx.progress)))
    surface.blit(ring, (box.x, round(y)))


DRAW = {"fire": _draw_fire, "coins": _draw_coins, "clash": _draw_clash,
        "ring_drop": _draw_ring_drop}

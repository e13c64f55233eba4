"""Hot-seat hand-over: "Pass to Blue — click when ready". Covers the whole window so
the next player's card is not shown to the one leaving the seat."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop
from game.words import dragon as dragon_name


class HandoverScene(Scene):
    overlay = False  # opaque: nothing of the board shows through

    def __init__(self, app, dragon: str, done, pause=None):
        super().__init__(app)
        self.dragon = dragon
        self.done = done
        self.pause = pause  # Esc: the pause menu (save, rules, leave) without the board
        self.t = 0.0

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < 1.0

    def handle(self, event) -> bool:
        ready = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                           pygame.K_KP_ENTER))
        if ready:
            self.app.pop()
            self.done()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.pause:
            # the pause menu opens over the curtain, so nobody's card shows behind it
            self.pause()
        return True

    def draw(self, surface) -> None:
        look = self.look
        w, h = surface.get_size()
        surface.blit(backdrop(look, (w, h)), (0, 0))
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((8, 9, 14, 170))
        surface.blit(dim, (0, 0))
        colour = look.dragon_colour(self.dragon)
        glow = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = look.px(260)
        for i in range(12):  # a soft halo in the dragon's colour
            pygame.draw.circle(glow, (*colour, 9), (w // 2, h // 2 - look.px(70)),
                               radius * (12 - i) // 12)
        surface.blit(glow, (0, 0))
        icon = look.sprite(f"dragon/{self.dragon}", look.px(220))
        surface.blit(icon, icon.get_rect(center=(w // 2, h // 2 - look.px(70))))
        big = look.font(look.fs(46), bold=True)
        # the dragon's name in the player's language ("Pass to Purple" in every one)
        t = big.render(_("Pass to {dragon}").format(dragon=dragon_name(self.dragon)), True,
                       look.colour("gold"))
        surface.blit(t, t.get_rect(midtop=(w // 2, h // 2 + look.px(60))))
        sub = look.text(_("Click or press Enter when ready — the last player should look away"),
                        look.fs(18), look.colour("text"))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, h // 2 + look.px(124))))
        note = look.text(_("Cards stay hidden until the new player is at the screen"),
                         look.fs(14), look.colour("text_dim"))
        surface.blit(note, note.get_rect(midtop=(w // 2, h // 2 + look.px(156))))

"""F1: every keyboard shortcut on one card. Any key or click closes it."""

from __future__ import annotations

import pygame

from game.ui.app import Scene
from game.ui.scenes.backdrop import panel_rect

SHORTCUTS = (
    ("Anywhere", [
        ("F1", "this help"), ("F11", "full screen on / off"),
        ("Up / Down / Tab", "move between buttons"), ("Enter / Space", "press"),
        ("Left / Right", "change a ‹ value ›"), ("Esc", "back / pause menu"),
    ]),
    ("Your turn", [
        ("1 … 0", "Move, Claim, Claim Settlement, Destroy, Steal, Rob Chest, "
                  "Steal for Thief, Attack, Abandon, Gamble"),
        ("E", "end the turn"), ("Q W R T …", "powers and cards shown after the actions"),
        ("Tab / Shift+Tab", "next / previous target of the chosen action"),
        ("Arrow keys", "move the board cursor"), ("Enter", "do it on the target"),
        ("Esc / right click", "cancel the chosen action"),
        ("1 … 9 (in a question)", "pick an answer"),
    ]),
    ("Board and pace", [
        ("Mouse wheel / + -", "zoom"), ("Right or middle drag / WASD", "pan"),
        ("Home", "fit the board"), ("Space", "skip the animations now playing"),
        ("P", "animation pace: slow, normal, fast, instant"), ("L", "show / hide the log"),
        ("Ctrl+Z", "undo (with saves, issue 8)"),
    ]),
)


class HelpOverlay(Scene):
    overlay = True

    def handle(self, event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()
            return True
        return True  # modal

    def draw(self, surface) -> None:
        look = self.look
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        key_font = look.font(look.fs(15), bold=True)
        text_font = look.font(look.fs(15))
        head_font = look.font(look.fs(20), bold=True)
        line = key_font.get_linesize() + look.px(4)
        rows = sum(len(items) + 2 for _, items in SHORTCUTS)
        pw = min(w - look.px(40), look.px(860))
        ph = min(h - look.px(40), rows * line + look.px(110))
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        panel_rect(surface, rect, look, alpha=245)
        title = look.text("Keyboard and mouse", look.fs(26), look.colour("gold"), bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + look.px(14))))
        y = rect.y + look.px(60)
        kx = rect.x + look.px(30)
        tx = rect.x + look.px(280)
        for heading, items in SHORTCUTS:
            surface.blit(head_font.render(heading, True, look.colour("gold")), (kx, y))
            y += line + look.px(4)
            for key, what in items:
                k = key_font.render(key, True, look.colour("text"))
                surface.blit(k, (kx + look.px(10), y))
                for i, part in enumerate(look.wrap(what, text_font, rect.right - tx - 20)):
                    surface.blit(text_font.render(part, True, look.colour("text_dim")),
                                 (tx, y + i * line))
                    if i:
                        y += line
                y += line
            y += look.px(6)
        foot = look.text("Press any key to close", look.fs(13), look.colour("text_dim"))
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - look.px(10))))

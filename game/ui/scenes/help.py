"""F1: every keyboard shortcut on one card. Any key or click closes it."""

from __future__ import annotations

import pygame

from game.tables import ACTION_TITLES, ACTIONS
from game.ui import bindings
from game.ui.bindings import HOST
from game.ui.scene import Scene
from game.ui.scenes.backdrop import panel_rect

SHORTCUTS = (
    ("Anywhere", [
        ("F1", "this help"), ("F11", "full screen on / off"),
        ("Up / Down / Tab", "move between buttons"), ("Enter / Space", "press"),
        ("Left / Right", "change a ‹ value ›"), ("Esc", "back / pause menu"),
    ]),
    ("Your turn", [
        ("1 … 0", ", ".join(ACTION_TITLES[a] for a in ACTIONS if a != "end_turn")),
        ("E", "end the turn"), ("H", "hint: what the Hard AI would do, and why"),
        ("Q R T Y …", "powers and cards (asks before playing)"),
        ("Tab / Shift+Tab", "next / previous target of the chosen action"),
        ("Arrow keys", "move the board cursor"), ("Enter", "do it on the target"),
        ("Esc / right click", "cancel the chosen action"),
        ("1 … 0 (in a question)", "pick an answer"),
    ]),
    ("Board and pace", [
        ("Mouse wheel / + -", "zoom"), ("Right drag / WASD", "pan the board"),
        ("Home", "fit the board"), ("Space", "skip the animations now playing"),
        ("P", "animation pace: slow, normal, fast, instant"),
        ("L / PgUp PgDn", "show or hide the log / scroll it"),
        ("M", "sound off / on (volumes in Settings)"),
        ("Ctrl+Z", "undo your last move, claim, gamble"),
    ]),
    ("Saves and replays", [
        ("Esc, then S / L", "save the game / load one"),
        ("C / L (main menu)", "continue the latest game / load one"),
        ("T (main menu)", "learn to play: a short guided game"),
        ("Enter / R (Load)", "open the save / watch its replay"),
        ("Left / Right (replay)", "step back / forward"),
        ("Space / Home / End", "play or pause / go to the start / the end"),
    ]),
    ("Online games (F6-F8: the host, a player away)", [
        ("T / Enter", "chat: type a line, or 1-6 for an emote"),
        *[(b.shown, b.does) for b in HOST]]),
)


def shortcuts():
    """SHORTCUTS with the keys the player rebound (Settings, Keys) in place of the
    table's, where a row names one command's key."""
    swap = {b.shown: bindings.key_label(b) for b in bindings.REBINDABLE
            if bindings.key_label(b) != b.shown}
    return tuple((group, [(swap.get(k, k), does) for k, does in rows])
                 for group, rows in SHORTCUTS)


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
        pw = min(w - look.px(40), look.px(1180))
        col_w = (pw - look.px(90)) // 2
        table = shortcuts()
        columns = ([table[0], table[2], *table[4:]], [table[1], table[3]])
        for pt in (15, 14, 13, 12, 11):  # the largest type with which the card fits
            fonts = (look.font(look.fs(pt), bold=True), look.font(look.fs(pt)),
                     look.font(look.fs(pt + 5), bold=True))
            heights = [self._column(None, look, fonts, 0, 0, col_w, groups)
                       for groups in columns]
            if max(heights) + look.px(100) <= h - look.px(30):
                break
        ph = min(h - look.px(30), max(heights) + look.px(100))
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        panel_rect(surface, rect, look, alpha=245)
        title = look.text("Keyboard and mouse", look.fs(26), look.colour("gold"), bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + look.px(14))))
        top = rect.y + look.px(62)
        for i, groups in enumerate(columns):
            x = rect.x + look.px(30) + i * (col_w + look.px(30))
            self._column(surface, look, fonts, x, top, col_w, groups)
        foot = look.text("Press any key to close", look.fs(13), look.colour("text_dim"))
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - look.px(10))))

    def _column(self, surface, look, fonts, x, y, width, groups) -> int:
        """Draw (or, with surface None, measure) one column; returns its height."""
        key_font, text_font, head_font = fonts
        line = key_font.get_linesize() + look.px(3)
        key_w = look.px(190)
        start = y
        for heading, items in groups:
            if surface is not None:
                surface.blit(head_font.render(heading, True, look.colour("gold")), (x, y))
            y += head_font.get_linesize() + look.px(4)
            for key, what in items:
                parts = look.wrap(what, text_font, width - key_w)
                if surface is not None:
                    surface.blit(key_font.render(key, True, look.colour("text")),
                                 (x + look.px(8), y))
                    for j, part in enumerate(parts):
                        surface.blit(text_font.render(part, True, look.colour("text_dim")),
                                     (x + key_w, y + j * line))
                y += line * len(parts)
            y += look.px(10)
        return y - start

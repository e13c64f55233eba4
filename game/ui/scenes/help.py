"""F1: every keyboard shortcut on one card. Any key or click closes it."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.tables import ACTION_TITLES, ACTIONS
from game.ui import bindings
from game.ui.bindings import HOST
from game.ui.scene import Scene
from game.ui.scenes.backdrop import panel_rect

SHORTCUTS: tuple[tuple[str, list[tuple[str, str | None]]], ...] = (
    (N_("Anywhere"), [
        ("F1", N_("this help")), ("F11", N_("full screen on / off")),
        (N_("Up / Down / Tab"), N_("move between buttons")), (N_("Enter / Space"), N_("press")),
        (N_("Left / Right"), N_("change a ‹ value ›")), ("Esc", N_("back / pause menu")),
    ]),
    (N_("Your turn"), [
        ("1 … 0", None),  # the actions' names, in the language of the moment
        ("E", N_("end the turn")), ("H", N_("hint: what the Hard AI would do, and why")),
        ("Q R T Y …", N_("powers and cards (asks before playing)")),
        (N_("Tab / Shift+Tab"), N_("next / previous target of the chosen action")),
        (N_("Arrow keys"), N_("move the board cursor")), ("Enter", N_("do it on the target")),
        (N_("Esc / right click"), N_("cancel the chosen action")),
        (N_("1 … 0 (in a question)"), N_("pick an answer")),
    ]),
    (N_("Board and pace"), [
        (N_("Mouse wheel / + -"), N_("zoom")), (N_("Right drag / WASD"), N_("pan the board")),
        (N_("Home"), N_("fit the board")), (N_("Space"), N_("skip the animations now playing")),
        ("P", N_("animation pace: slow, normal, fast, instant")),
        (N_("L / PgUp PgDn"), N_("show or hide the log / scroll it")),
        ("M", N_("sound off / on (volumes in Settings)")),
        ("Ctrl+Z", N_("undo your last move, claim, gamble")),
    ]),
    (N_("Saves and replays"), [
        (N_("Esc, then S / L"), N_("save the game / load one")),
        (N_("C / L (main menu)"), N_("continue the latest game / load one")),
        (N_("T (main menu)"), N_("learn to play: a short guided game")),
        (N_("Enter / R (Load)"), N_("open the save / watch its replay")),
        (N_("Left / Right (replay)"), N_("step back / forward")),
        (N_("Space / Home / End"), N_("play or pause / go to the start / the end")),
    ]),
    (N_("Online games (F6-F8: the host, a player away)"), [
        (N_("T / Enter"), N_("chat: type a line, or 1-6 for an emote")),
        *[(b.shown, b.does) for b in HOST]]),
)


def shortcuts():
    """SHORTCUTS with the keys the player rebound (Settings, Keys) in place of the
    table's, where a row names one command's key."""
    swap = {b.shown: bindings.key_label(b) for b in bindings.REBINDABLE
            if bindings.key_label(b) != b.shown}
    # the table's words are marked N_() above and translated here, when shown
    actions = ", ".join(_(ACTION_TITLES[a]) for a in ACTIONS if a != "end_turn")
    return tuple((_(group), [(_(swap.get(k, k)), actions if does is None else _(does))
                             for k, does in rows])
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
        for pt in (15, 14, 13, 12, 11, 10):  # the largest type with which the card fits
            fonts = (look.font(look.fs(pt), bold=True), look.font(look.fs(pt)),
                     look.font(look.fs(pt + 5), bold=True))
            heights = [self._column(None, look, fonts, 0, 0, col_w, groups)
                       for groups in columns]
            if max(heights) + look.px(100) <= h - look.px(30):
                break
        ph = min(h - look.px(30), max(heights) + look.px(100))
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        panel_rect(surface, rect, look, alpha=245)
        title = look.text(_("Keyboard and mouse"), look.fs(26), look.colour("gold"), bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + look.px(14))))
        top = rect.y + look.px(62)
        for i, groups in enumerate(columns):
            x = rect.x + look.px(30) + i * (col_w + look.px(30))
            self._column(surface, look, fonts, x, top, col_w, groups)
        foot = look.text(_("Press any key to close"), look.fs(13), look.colour("text_dim"))
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - look.px(10))))

    def _column(self, surface, look, fonts, x, y, width, groups) -> int:
        """Draw (or, with surface None, measure) one column; returns its height."""
        key_font, text_font, head_font = fonts
        line = key_font.get_linesize() + look.px(3)
        # the keys' column as wide as its longest key ("Links / Rechts (Wiederholung)"),
        # never under a third of the card's column nor over half of it
        longest = max(key_font.size(key)[0] for _head, items in groups for key, _w in items)
        key_w = max(look.px(190), min(longest + look.px(20), width // 2))
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

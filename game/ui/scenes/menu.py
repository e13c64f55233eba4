"""Main menu: New game, Learn to play, Continue, Load, Join game, Rules, Settings,
Records, Credits, Quit."""

from __future__ import annotations

import pygame

from game.i18n import _, n_
from game.ui.net_window import last_joined, remembered_token
from game.ui.scenes.backdrop import backdrop, plain_backdrop, title_block
from game.ui.scenes.button_menu import ButtonMenu
from game.ui.scenes.credits import CreditsScene
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.load import LoadScene, open_game
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.online import JoinScene
from game.ui.scenes.records_screen import RecordsScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.saved import saved_games, short_date
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.tutorial import start
from game.ui.scenes.widgets import button
from game.ui.words import save_name
from game.words import shown


class MenuScene(ButtonMenu):
    shortcuts = {pygame.K_n: "new", pygame.K_r: "rules", pygame.K_s: "settings",
                 pygame.K_c: "continue", pygame.K_l: "load", pygame.K_t: "learn",
                 pygame.K_j: "join", pygame.K_g: "rejoin",
                 pygame.K_ESCAPE: "quit", pygame.K_q: "quit"}

    def enter(self) -> None:
        self.app.sound.music.play("menu")
        entries, problems = saved_games(self.app)
        self.latest = next((e for e in entries if not e.finished), None)
        first_run = not entries and not problems
        self.error = ""
        w, h = self.app.screen.get_size()
        look = self.look
        if self.latest is not None:
            e = self.latest
            # TRANSLATORS: {name} is a saved game's name, {date} when it was saved
            cont = (True, _("Resume {name}: round {round}, saved {date}").format(
                name=save_name(e.name, e.dragons, e.map_title), round=e.round,
                date=short_date(e.date)) + "  (C)")
        else:
            cont = (False, _("No unfinished game has been saved yet"))
        if entries or problems:
            count = n_("{n} saved game", "{n} saved games", len(entries)).format(
                n=len(entries))
            if problems:
                count = n_("{games}, {n} unreadable", "{games}, {n} unreadable",
                           len(problems)).format(games=count, n=len(problems))
            load = (True, count + "  (L)")
        else:
            load = (False, _("No saved games yet (in {folder})").format(
                folder=self.app.data_dir))
        entries = [
            ("new", _("New game"), True, _("Set up seats, dragons and a map") + "  (N)"),
            ("learn", _("Learn to play"), True,
             _("A short guided game against one Easy dragon: a coach shows each action, "
               "card and place of power") + "  (T)"),
            ("continue", _("Continue"), *cont),
            ("load", _("Load game"), *load),
            ("join", _("Join game"), True,
             _("Play a game hosted on another machine") + "  (J)"),
            *self._rejoin_entry(),
            ("rules", _("Rules"), True,
             _("Charts, actions, dragons, places and rulings") + "  (R)"),
            ("settings", _("Settings"), True, _("Window, scale, pace, colours") + "  (S)"),
            ("records", _("Records"), True,
             _("Wins, losses and best scores against each AI level, per map")),
            ("credits", _("Credits"), True,
             _("Where the game comes from; its fonts, libraries, tools and licences")),
            ("quit", _("Quit"), True, _("Leave the game") + "  (Esc)"),
        ]
        # One column when the window is tall enough, else two (a short window, a large
        # UI scale): every button above the footer line, none under it.
        bw, bh = look.px(320), look.px(48)
        gap = look.px(10)
        title_h, foot = look.px(250), look.px(44)
        n = len(entries)
        cols = 1 if title_h + n * (bh + gap) + foot + look.px(10) <= h else 2
        rows = -(-n // cols)
        room = h - title_h - foot - look.px(10)
        if rows * (bh + gap) > room:
            bh = max(look.px(30), room // rows - gap)
        self.top = max(look.px(10), (h - foot - title_h - rows * (bh + gap)) // 2)
        top = self.top + title_h
        col_gap = 2 * gap
        x0 = (w - cols * bw - (cols - 1) * col_gap) // 2
        buttons = {}
        for i, (key, text, enabled, tip) in enumerate(entries):
            c, r = divmod(i, rows)
            buttons[key] = button(self.ui, (x0 + c * (bw + col_gap), top + r * (bh + gap),
                                            bw, bh), text,
                                  cls="@menu_button", tip=tip, enabled=enabled)
        self.set_buttons(buttons)
        self.nav.column = rows if cols > 1 else None  # Left/Right cross the columns
        keys = list(self.buttons)
        # Continue when there is one; on a first run (nothing saved yet) Learn to play,
        # until the lesson has been played to its end
        learn_first = first_run and not self.app.settings.lesson_done
        self.nav.focus(keys.index("continue") if self.latest is not None else
                       keys.index("learn") if learn_first else 0)

    def _rejoin_entry(self) -> list[tuple[str, str, bool, str]]:
        """"Rejoin last game" when this window has a seat's token for the game it joined
        last (issue 30.8): one click rejoins that seat, no address or code to type."""
        self.rejoin = last_joined(self.app.data_dir)
        if self.rejoin is None or remembered_token(self.app.data_dir, self.rejoin) is None:
            self.rejoin = None
            return []
        # TRANSLATORS: {address} is the host's address (name:port)
        return [("rejoin", _("Rejoin last game"), True,
                 _("Take your seat again at {address}").format(address=self.rejoin)
                 + "  (G)")]

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.push(HelpOverlay(self.app))
            return True
        return super().handle(event)

    def choose(self, key: str) -> None:
        if key in ("continue", "load") and not self.buttons[key].is_enabled:
            return
        if key == "continue" and self.latest is not None:
            self.error = open_game(self.app, self.latest.path) or ""
        elif key == "load":
            self.app.push(LoadScene(self.app))
        elif key == "new":
            self.app.push(NewGameScene(self.app))
        elif key == "learn":  # issue 16: the guided first game

            self.error = start(self.app) or ""
        elif key == "join":  # online play (issue 23)

            self.app.push(JoinScene(self.app))
        elif key == "rejoin" and key in self.buttons and self.rejoin:
            self.app.push(JoinScene(self.app, self.rejoin, auto=True))
        elif key == "rules":
            self.app.push(RulesScene(self.app))
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "records":  # issue 36
            self.app.push(RecordsScene(self.app))
        elif key == "credits":  # issue 31
            self.app.push(CreditsScene(self.app))
        elif key == "quit":
            self.app.quit()

    def update(self, dt: float) -> bool:
        return getattr(self, "_plain", False)  # the board behind comes next frame

    def wake_in(self) -> float | None:
        return 0.0 if getattr(self, "_plain", False) else super().wake_in()

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        # the window's first frame shows the menu at once; its backdrop's board (a third
        # of a second to make) is drawn for the next one (issue 34: start to menu <= 1 s)
        self._plain = self.app.frames_drawn == 0
        surface.blit((plain_backdrop if self._plain else backdrop)(self.look, (w, h)),
                     (0, 0))
        title_block(surface, self.look, w // 2, self.top,
                    _("A game of dragons, hoards and stolen coin for 2 to 8 players"))
        if self.error:
            font = self.look.font(self.look.fs(15), bold=True)  # (Words: in the language)
            err = self.look.fit_text(shown(self.error), font, w - self.look.px(40),
                                     self.look.colour("red"))
            surface.blit(err, err.get_rect(midbottom=(w // 2, h - self.look.px(40))))
        foot = self.look.text(_("F1 shortcuts  ·  F11 full screen  ·  arrows + Enter to "
                                "choose"),
                              self.look.fs(14), self.look.colour("text_dim"))
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - self.look.px(14))))

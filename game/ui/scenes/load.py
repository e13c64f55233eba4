"""Load game: every save and autosave, newest first, with its dragons, round, scores, map
and date; files that cannot be read are listed apart with the problem (and left alone).

The list is drawn here rather than with pygame-gui's UISelectionList: a row shows the
dragons' emblems and two lines of facts, which a one-line selection-list item cannot.
It answers the mouse (click selects, double-click opens, wheel scrolls) and the keys
(Up/Down, Page Up/Down, Enter opens, R watches the replay, Esc goes back).
"""

from __future__ import annotations

import copy
import re

import pygame
import pygame_gui

from game import house_rules
from game.i18n import _, n_
from game.match import SetupError
from game.persistence import saves
from game.persistence.plain import unreadable
from game.ui.controller import GameController, load_map
from game.ui.net_window import online_seats, rehost
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.game import GameScene
from game.ui.scenes.load_rows import (
    RowName,
    draw_row,
    name_layout,
    row_height,
    rows_from,
    shown_name,
)
from game.ui.scenes.load_rows import winner_words as _winner
from game.ui.scenes.new_game import thumbnail
from game.ui.scenes.online import HostLobbyScene
from game.ui.scenes.replay_viewer import ReplayScene
from game.ui.scenes.saved import saved_games, short_date
from game.ui.scenes.widgets import Message, button, kind_name, label
from game.words import Words, shown
from game.words import dragon as dragon_name

DOUBLE_CLICK = 0.4  # seconds
DETAIL_SIZES = (24, 20, 17)  # the detail panel's name: the largest type it fits twice
DETAIL_LINES = 3  # lines of the smallest type, the last cut if it must be
HUGE_NAME = 300  # characters of a name laid out (a save keeps 1,000)


def open_game(app, path, leaving=None) -> str | None:
    """Resume the save at `path` on the board screen (seat kinds as saved). Returns the
    problem in words instead when it cannot be opened; the current game is autosaved
    and closed only once the new one has loaded."""
    try:
        session = saves.load_save(path)
    except saves.SaveError as exc:
        return saves.message_of(exc)  # Words: shown in the player's language
    if session.match.finished:
        session.close()
        return _("{file}: this game is over; watch its replay instead").format(file=path)
    c: GameController
    try:
        side = online_seats(session, app.data_dir)
        if side is not None:  # an online game is hosted again, its remote seats remote
            c = rehost(session, side, bind=getattr(app, "net_bind", "0.0.0.0"),
                       data_dir=app.data_dir, ai_mode=app.ai_mode)
        else:
            c = GameController.from_session(session, ai_mode=app.ai_mode,
                                            data_dir=app.data_dir,
                                            hotseat=app.settings.hotseat_handover)
    except SetupError as exc:
        session.close()
        return f"{path}: {exc}"
    except ValueError as exc:  # nothing the checks foresaw: words, the details logged
        session.close()
        return unreadable(str(path), exc, _("cannot be opened"))
    except OSError as exc:
        session.close()
        return _("{file}: cannot host this online game here ({reason})").format(
            file=path, reason=exc.strerror or exc)
    if session.note:  # an older release's save, opened from its stored state (issue 31)
        c.ai_notes.append(session.note)
    if leaving is not None:
        leaving.on_quit()
        leaving.close()
    app.main_menu()
    app.push(HostLobbyScene(app, c) if side is not None else GameScene(app, c))
    return None


def watch_replay(app, path) -> str | None:
    """Open the replay viewer on the save at `path` (or the problem in words)."""
    try:
        session = saves.load_save(path)
    except saves.SaveError as exc:
        return saves.message_of(exc)
    app.push(ReplayScene(app, session))
    return None


_FILE = "\x00"  # stands for the file in a problem's words while they are rendered


def problem_text(problem) -> tuple[str, str]:
    """(file name, the problem in the player's language without the path that prefixes
    it: the file's name is shown above it)."""
    msg = problem.message
    if isinstance(msg, Words):
        # rendered with the file as a mark (wherever a translation puts it, in nested
        # words too), then a leading mark and its colon cut, any other mark named
        text = _marked(msg, str(problem.path)).shown()
        cut = re.sub(rf"^{_FILE}\s*[:：]\s*", "", text)
        return problem.path.name, cut.replace(_FILE, problem.path.name)
    prefix = f"{problem.path}: "
    return problem.path.name, msg[len(prefix):] if msg.startswith(prefix) else msg


def _marked(words: Words, path: str) -> Words:
    """A copy of `words` whose values naming `path` are the mark."""
    out = copy.copy(words)
    out.values = {k: _FILE if str(v) == path else _marked(v, path)
                  if isinstance(v, Words) else v for k, v in words.values.items()}
    return out


class LoadScene(Scene):
    def __init__(self, app, leaving=None):
        """leaving: the board screen this was opened from (pause menu), which is
        autosaved and closed if another game is opened."""
        super().__init__(app)
        self.leaving = leaving
        self.entries, self.problems = saved_games(app)
        self.index = 0 if self.entries else None
        self.top_row = 0
        self.error = ""
        self._last_click: tuple[int | None, float] = (None, -1.0)
        self.time = 0.0
        self.buttons: dict = {}
        # each row's name layout and height, and the rows' room: measured in enter()
        self._name_fit: tuple = (None, None)  # the detail's name, laid out once
        self.names: list[RowName] = []
        self.heights: list[int] = []
        self.rows_room = 0

    # ----- layout ------------------------------------------------------------------
    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pad = look.px(24)
        self.frame = f = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        self.title = label(self.ui, (f.x + pad, f.y + look.px(14), look.px(500), look.px(60)),
                           _("Load game"), cls="@title")
        list_w = int(f.w * 0.56)
        self.row_h = look.px(66)
        top = f.y + look.px(84)
        n_prob = min(len(self.problems), 3)
        prob_h = (look.px(30) + n_prob * look.px(40)) if self.problems else 0
        self.list_rect = pygame.Rect(f.x + pad, top, list_w - pad,
                                     f.bottom - top - look.px(24) - prob_h)
        self.prob_rect = pygame.Rect(self.list_rect.x, self.list_rect.bottom + look.px(10),
                                     self.list_rect.w, prob_h - look.px(10))
        # each row measured once here: a long name's row is a line taller (load_rows)
        self.names = [name_layout(look, e, self.list_rect.w) for e in self.entries]
        self.heights = [row_height(look, self.row_h, n) for n in self.names]
        # with more saves than the list holds, the paging note below the rows keeps a
        # line of its own (it was drawn over a half-shown row)
        self.rows_room = self.list_rect.h - (look.px(20) if sum(self.heights) >
                                             self.list_rect.h else 0)
        self.detail = pygame.Rect(self.list_rect.right + pad, top,
                                  f.right - self.list_rect.right - 2 * pad,
                                  f.bottom - top - look.px(24))
        bh = look.px(44)
        gap = look.px(10)
        # "Watch replay" is the longest word: its button is the widest (issue 33)
        room = self.detail.w - 2 * gap
        back_w, replay_w = room * 28 // 100, room * 42 // 100
        open_w = room - back_w - replay_w
        y = self.detail.bottom - bh
        x = self.detail.x
        self.buttons = {
            "open": button(self.ui, (x + back_w + replay_w + 2 * gap, y, open_w, bh), _("Open"),
                           cls="@primary", tip=_("Play on from here") + " (Enter)"),
            "replay": button(self.ui, (x + back_w + gap, y, replay_w, bh), _("Watch replay"),
                             tip=_("Step through the game from its start") + " (R)"),
            "back": button(self.ui, (x, y, back_w, bh), _("Back"), tip="Esc"),
        }
        self.message = Message(self.ui, (self.detail.x, y - look.px(104), self.detail.w,
                                         look.px(96)), align="bottom")
        self._refresh_buttons()

    def leave(self) -> None:
        for el in (self.title, self.message, *self.buttons.values()):
            el.kill()
        self.buttons = {}

    def visible_rows(self, top: int | None = None) -> int:
        """Whole rows only, from `top` (default: the first shown)."""
        return rows_from(self.heights, self.top_row if top is None else top, self.rows_room)

    def last_top(self) -> int:
        """The first row shown when the list is scrolled to its end."""
        n = len(self.entries)
        return next((t for t in range(n) if t + self.visible_rows(t) >= n), 0)

    def selected(self):
        return self.entries[self.index] if self.index is not None else None

    def _refresh_buttons(self) -> None:
        e = self.selected()
        ob, rb = self.buttons["open"], self.buttons["replay"]
        if e is None:
            ob.disable()
            rb.disable()
            ob.set_tooltip(_("No saved game to open"))
        else:
            rb.enable()
            if e.finished:
                ob.disable()
                ob.set_tooltip(_("This game is over: watch its replay"))
            else:
                ob.enable()
                ob.set_tooltip(_("Play on from here") + " (Enter)")
        self.message.set_text(shown(self.error))

    # ----- input -------------------------------------------------------------------
    def select(self, i: int) -> None:
        if not self.entries:
            return
        self.index = max(0, min(len(self.entries) - 1, i))
        if self.index < self.top_row:
            self.top_row = self.index
        while self.index >= self.top_row + self.visible_rows():
            self.top_row += 1
        self.error = ""
        self._refresh_buttons()

    def row_at(self, pos) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        y = self.list_rect.y
        for i in range(self.top_row, self.top_row + self.visible_rows()):
            if i < len(self.entries) and y <= pos[1] < y + self.heights[i]:
                return i
            y += self.heights[i] if i < len(self.heights) else 0
        return None

    def open_selected(self) -> None:
        e = self.selected()
        if e is None:
            return
        if e.finished:
            self.watch_selected()
            return
        self.error = open_game(self.app, e.path, self.leaving) or ""
        if self.error and self.app.top is self:
            self._refresh_buttons()

    def watch_selected(self) -> None:
        e = self.selected()
        if e is None:
            return
        self.error = watch_replay(self.app, e.path) or ""
        if self.error:
            self._refresh_buttons()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.buttons.get("open"):
                self.open_selected()
            elif el is self.buttons.get("replay"):
                self.watch_selected()
            elif el is self.buttons.get("back"):
                self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                last_i, last_t = self._last_click
                self.select(i)
                if last_i == i and self.time - last_t < DOUBLE_CLICK:
                    self.open_selected()
                self._last_click = (i, self.time)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.top_row = max(0, min(self.last_top(), self.top_row - event.y))
            return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            page = self.visible_rows()
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page,
                     pygame.K_PAGEDOWN: page}
            if k in steps and self.index is not None:
                self.select(self.index + steps[k])
            elif k == pygame.K_HOME:
                self.select(0)
            elif k == pygame.K_END:
                self.select(len(self.entries) - 1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
            elif k == pygame.K_r:
                self.watch_selected()
            elif k == pygame.K_ESCAPE:
                self.app.pop()
            else:
                return False
            return True
        return False

    def update(self, dt: float) -> bool:
        self.time += dt
        return False

    # ----- drawing -----------------------------------------------------------------
    def draw(self, surface) -> None:
        look = self.look
        surface.blit(backdrop(look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, look)
        # beside the title, never under it: shorter words when the title is wide
        font = self.title.font
        title_right = self.title.rect.x + (font.size(_("Load game"))[0] if font else 0) \
            + look.px(12)
        words = look.first_fit(self._count_text(), look.font(look.fs(15)),
                               self.list_rect.right - title_right)
        count = look.text(words, look.fs(15), look.colour("text_dim"))
        surface.blit(count, count.get_rect(bottomright=(self.list_rect.right,
                                                        self.list_rect.y - look.px(8))))
        self._draw_list(surface)
        if self.problems:
            self._draw_problems(surface)
        self._draw_detail(surface)

    def _count_text(self) -> list[str]:
        """The count beside the title, longest first (the first that fits is shown)."""
        n = len(self.entries)
        auto = sum(e.kind == "autosave" for e in self.entries)
        games = n_("{n} game", "{n} games", n).format(n=n)
        autos = n_("({n} autosave)", "({n} autosaves)", auto).format(n=auto)
        newest = _("newest first")
        return [f"{games} {autos} · {newest}", f"{games} {autos}", games]

    def _draw_list(self, surface) -> None:
        look = self.look
        r = self.list_rect
        pygame.draw.rect(surface, (21, 23, 31), r, border_radius=look.px(8))
        pygame.draw.rect(surface, look.colour("edge"), r, 1, border_radius=look.px(8))
        if not self.entries:
            t = look.text(_("No saved games yet"), look.fs(18), look.colour("text_dim"))
            surface.blit(t, t.get_rect(center=r.center))
            return
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-2, -2))
        y = r.y
        for i in range(self.top_row, min(len(self.entries), self.top_row +
                                         self.visible_rows())):
            draw_row(self.look, surface, pygame.Rect(r.x, y, r.w, self.heights[i]),
                     self.entries[i], self.names[i], i == self.index)
            y += self.heights[i]
        surface.set_clip(clip)
        if self.top_row > 0 or self.top_row + self.visible_rows() < len(self.entries):
            last = min(len(self.entries), self.top_row + self.visible_rows())
            # TRANSLATORS: the rows shown of the saves: "1–8 of 20 · wheel or Page Up/Down"
            more = look.text(_("{first}–{last} of {n} · wheel or Page Up/Down").format(
                first=self.top_row + 1, last=last, n=len(self.entries)), look.fs(12),
                             look.colour("text_dim"))
            surface.blit(more, more.get_rect(bottomright=(r.right - look.px(8),
                                                          r.bottom - look.px(4))))

    def _draw_problems(self, surface) -> None:
        look = self.look
        r = self.prob_rect
        head = look.text(n_("{n} file cannot be read (left untouched)",
                            "{n} files cannot be read (left untouched)",
                            len(self.problems)).format(n=len(self.problems)), look.fs(15),
                         look.colour("red"), bold=True)
        surface.blit(head, (r.x, r.y))
        y = r.y + look.px(26)
        small = look.font(look.fs(13))
        bold = look.font(look.fs(13), bold=True)
        shown = self.problems[:3]
        for p in shown:
            fname, why = problem_text(p)
            n = bold.render(fname, True, look.colour("text"))
            surface.blit(n, (r.x + look.px(8), y))
            w = look.fit_text(why, small, r.w - look.px(16), look.colour("text_dim"))
            surface.blit(w, (r.x + look.px(8), y + bold.get_linesize()))
            y += look.px(40)
        if len(self.problems) > len(shown):
            more = look.text(_("and {n} more: see 'narby saves'").format(
                n=len(self.problems) - len(shown)),
                             look.fs(12), look.colour("text_dim"))
            surface.blit(more, more.get_rect(topright=(r.right, r.y + look.px(2))))

    def _detail_name(self, name: str, width: int):
        """(font, lines) of the selected save's name over the detail panel: two lines of
        the large type, else a smaller one, else three lines of the smallest; only a
        name past all of that is cut (an eight-dragon auto-name was, at 200%)."""
        key = (name, width, self.look.scale)
        if self._name_fit[0] != key:
            for size in DETAIL_SIZES:
                font = self.look.font(self.look.fs(size), bold=True)
                parts = self.look.wrap(name if len(name) <= HUGE_NAME else
                                       name[:HUGE_NAME] + "…", font, width)
                if len(parts) <= 2:
                    break
            if len(parts) > DETAIL_LINES:  # the rest joins the last line, which is cut
                parts = parts[:DETAIL_LINES - 1] + [" ".join(parts[DETAIL_LINES - 1:])]
            self._name_fit = (key, (font, parts))
        return self._name_fit[1]

    def _draw_detail(self, surface) -> None:
        look = self.look
        e = self.selected()
        r = self.detail
        if e is None:
            return
        x, y = r.x, r.y
        big, parts = self._detail_name(shown_name(e), r.w)
        for i, part in enumerate(parts):
            if i == len(parts) - 1 and len(parts) == DETAIL_LINES:
                line = look.fit_text(part, big, r.w, look.colour("gold"))  # (a huge name)
            else:
                line = big.render(part, True, look.colour("gold"))
            surface.blit(line, (x, y))
            y += big.get_linesize()
        kind = _("Autosave") if e.kind == "autosave" else _("Saved game")
        sub = look.text(f"{kind} · {short_date(e.date)}", look.fs(14), look.colour("text_dim"))
        surface.blit(sub, (x, y))
        y += sub.get_height() + look.px(12)
        # every dragon is listed (issue 33): the thumbnail shrinks, then the dragons
        # share two columns, before any is left out
        row = look.px(30)
        n = len(e.dragons)
        head_h = look.font(look.fs(14), bold=True).get_linesize() + look.px(6)
        bottom = int(self.message.relative_rect.y) if self.message.text else \
            self.buttons["back"].rect.y - look.px(8)
        facts_h = 4 * (look.font(look.fs(15)).get_linesize() + look.px(4))
        thumb_size = min(look.px(150), r.w // 3)
        spare = bottom - (y + thumb_size + look.px(14) + head_h + n * (row + look.px(2)))
        if spare < 0:
            thumb_size = max(min(thumb_size, facts_h), thumb_size + spare)
        thumb = _thumb(e.map, thumb_size, look.palette)
        if thumb is not None:
            surface.blit(thumb, (x, y))
            pygame.draw.rect(surface, look.colour("gold_dim"), (x, y, *thumb.get_size()), 2)
        tx = x + thumb_size + look.px(16)
        lines = [(e.map_title, "text", True),
                 (_("Game over: won by {winner}").format(winner=_winner(e.winner))
                  if e.finished else _("Round {n}").format(n=e.round),
                  "gold" if e.finished else "text", False),
                 (" · ".join([n_("{n} dragon", "{n} dragons", len(e.dragons)).format(
                     n=len(e.dragons)), *house_rules.titles(dict.fromkeys(e.house, True))]),
                  "text_dim", False),
                 (e.path.name, "text_off", False)]
        ty = y
        for text, colour, bold in lines:
            t = look.fit_text(text, look.font(look.fs(15), bold=bold), r.right - tx,
                              look.colour(colour))
            surface.blit(t, (tx, ty))
            ty += t.get_height() + look.px(4)
        y += max(thumb_size, min(facts_h, ty - y)) + look.px(14)
        head = look.text(_("Dragons"), look.fs(14), look.colour("gold"), bold=True)
        surface.blit(head, (x, y))
        score_head = look.text(_("Coins + treasure"), look.fs(13), look.colour("text_dim"))
        surface.blit(score_head, score_head.get_rect(topright=(r.right - look.px(4), y + 1)))
        y += head.get_height() + look.px(6)
        ranked = sorted(e.dragons, key=lambda d: -e.scores.get(d, 0))
        if y + n * (row + look.px(2)) > bottom:
            self._two_columns(surface, e, ranked, pygame.Rect(x, y, r.w, bottom - y))
            return
        for d in ranked:
            surface.blit(look.sprite(f"dragon/{d}", row - look.px(4)), (x, y))
            surface.blit(look.text(dragon_name(d), look.fs(16), look.colour("text"), bold=True),
                         (x + row + look.px(6), y + look.px(3)))
            who = _player_label(e.players.get(d, "human"))
            surface.blit(look.text(who, look.fs(13), look.colour("text_dim")),
                         (x + row + look.px(110), y + look.px(6)))
            score = look.text(f"{e.scores.get(d, 0)}", look.fs(17), look.colour("gold"),
                              bold=True)
            surface.blit(score, score.get_rect(topright=(r.right - look.px(4), y + look.px(2))))
            y += row + look.px(2)


    def _two_columns(self, surface, e, ranked: list[str], r: pygame.Rect) -> None:
        """The dragons in two columns, each its emblem, name and score (the seat's
        player left out for room)."""
        look = self.look
        rows = -(-len(ranked) // 2)
        row = max(look.px(18), min(look.px(30), r.h // max(1, rows) - look.px(2)))
        cw = (r.w - look.px(12)) // 2
        name_font = look.font(look.fs(15), bold=True)
        for i, d in enumerate(ranked):
            cx = r.x + (i // rows) * (cw + look.px(12))
            cy = r.y + (i % rows) * (row + look.px(2))
            surface.blit(look.sprite(f"dragon/{d}", row - look.px(4)), (cx, cy))
            score = look.text(f"{e.scores.get(d, 0)}", look.fs(15), look.colour("gold"),
                              bold=True)
            surface.blit(score, score.get_rect(topright=(cx + cw - look.px(4), cy)))
            room = cw - row - look.px(10) - score.get_width()
            surface.blit(look.fit_text(dragon_name(d), name_font, room, look.colour("text")),
                         (cx + row + look.px(6), cy))


def _player_label(kind: str) -> str:
    return _("Human") if kind == "human" else _("AI · {level}").format(level=kind_name(kind))


_thumbs: dict = {}


def _thumb(map_path, size: int, palette: str):
    """The map's thumbnail (None when the map cannot be found any more)."""
    key = (map_path, size, palette)
    if key not in _thumbs:
        try:
            _thumbs[key] = thumbnail(load_map(map_path), size, palette)
        except SetupError:
            _thumbs[key] = None
    return _thumbs[key]

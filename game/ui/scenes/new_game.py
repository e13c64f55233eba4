"""New game: seats (2-8, Human or AI level, dragon drawn or chosen), map, target, cards,
hand-over, seed. Setup errors from the engine are shown here, never raised."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox, UITextEntryLine

from game.ai import LEVELS
from game.decisions import title
from game.match import SetupError
from game.tables import DRAGONS, TARGETS
from game.ui.app import Scene
from game.ui.controller import DEFAULT_MAP, GameController, GameSetup, Seat, load_map
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.widgets import Cycler, KeyNav, button, label

ROOT = Path(__file__).resolve().parents[3]
KINDS = [("human", "normal")] + [("ai", lvl) for lvl in LEVELS] + [("remote", "normal")]
KIND_LABELS = ["Human"] + [f"AI · {lvl}" for lvl in LEVELS] + ["Remote (online)"]
DRAGON_CHOICES = [None, *DRAGONS]
DRAGON_LABELS = ["Random (R6)"] + [title(d) for d in DRAGONS]

_maps: list | None = None
_thumbs: dict = {}


def map_choices() -> list[tuple[str | None, object]]:
    """[(path relative to the project or None, BoardSpec)] — the default map first."""
    global _maps
    if _maps is None:
        found = []
        for path in sorted((ROOT / "maps").glob("*.tmx")):
            rel = f"maps/{path.name}"
            try:
                found.append((rel, load_map(rel)))
            except SetupError:
                continue  # a broken map is simply not offered
        found.sort(key=lambda t: (t[0] != DEFAULT_MAP, t[1].title))
        from game.board import BoardSpec

        found.append((None, BoardSpec.plain()))
        _maps = found
    return _maps


def thumbnail(board, size: int, palette: str) -> pygame.Surface:
    key = (board.source, board.title, size, palette)
    if key not in _thumbs:
        try:
            from game.ui.board_view import thumbnail as board_thumbnail

            surf = board_thumbnail(board, (size, size), palette)
        except Exception:  # a map the renderer cannot draw still gets a tile
            surf = pygame.Surface((size, size))
            surf.fill((60, 90, 60))
        _thumbs[key] = surf
    return _thumbs[key]


class NewGameScene(Scene):
    def __init__(self, app, setup: GameSetup | None = None):
        super().__init__(app)
        self.setup = setup or GameSetup()
        self.setup.hotseat = app.settings.hotseat_handover if setup is None else setup.hotseat
        self.error = ""
        self.widgets: list = []
        self.seat_rows: list[tuple] = []

    # ----- layout ------------------------------------------------------------------
    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pad = look.px(24)
        self.frame = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        f = self.frame
        row_h = look.px(38)
        gap = look.px(6)
        left = pygame.Rect(f.x + pad, f.y + look.px(70), int(f.w * 0.5) - pad, 0)
        self.left = left
        self.widgets = [label(self.ui, (f.x + pad, f.y + look.px(14), look.px(500),
                                        look.px(60)), "New game", cls="@title")]
        self.widgets.append(label(self.ui, (left.x, left.y, look.px(300), row_h),
                                  "Seats", cls="@heading"))
        y = left.y + row_h + gap
        self.seat_rows = []
        name_w = look.px(110)
        kind_w = int((left.w - name_w - row_h - 3 * gap) * 0.5)
        for i, seat in enumerate(self.setup.seats):
            lab = label(self.ui, (left.x + row_h, y, name_w - row_h, row_h), f"Seat {i + 1}",
                        cls="@note")
            kind = Cycler(self.ui, (left.x + name_w + gap, y, kind_w, row_h), KINDS,
                          KIND_LABELS, KINDS.index((seat.kind, seat.level if seat.kind == "ai"
                                                    else "normal")),
                          on_change=lambda v, i=i: self._set_kind(i, v),
                          tip="Who plays this seat (click or Left/Right)")
            drag = Cycler(self.ui, (left.x + name_w + kind_w + 2 * gap, y, kind_w, row_h),
                          DRAGON_CHOICES, DRAGON_LABELS, DRAGON_CHOICES.index(seat.dragon),
                          on_change=lambda v, i=i: self._set_dragon(i, v),
                          tip="The dragon: drawn by a d20 (R6) or chosen")
            rm = button(self.ui, (left.right - row_h, y, row_h, row_h), "×",
                        tip="Remove this seat", enabled=len(self.setup.seats) > 2)
            self.seat_rows.append((lab, kind, drag, rm))
            y += row_h + gap
        self.add_btn = button(self.ui, (left.x + name_w + gap, y, look.px(170), row_h),
                              "+ Add seat", enabled=len(self.setup.seats) < 8,
                              tip="Up to 8 dragons")
        y += row_h + look.px(18)
        # options under the seats
        self.widgets.append(label(self.ui, (left.x, y, look.px(300), row_h), "Options",
                                  cls="@heading"))
        y += row_h + gap
        ow = (left.w - gap) // 2
        self.target = Cycler(self.ui, (left.x, y, ow, row_h), list(TARGETS),
                             [str(t) for t in TARGETS],
                             TARGETS.index(self.setup.target) if self.setup.target in TARGETS
                             else 0, prefix="Target coins ", tip="R10: the game ends when a "
                             "dragon holds more coins than this")
        self.cards = Cycler(self.ui, (left.x + ow + gap, y, ow, row_h), [False, True],
                            ["off", "on"], int(self.setup.cards), prefix="Power cards ",
                            tip="R11: one power card per dragon each round")
        y += row_h + gap
        self.handover = Cycler(self.ui, (left.x, y, ow, row_h), [True, False], ["on", "off"],
                               0 if self.setup.hotseat else 1, prefix="Hand-over ",
                               tip="With two or more human seats: hide cards and show a "
                                   "'pass to' screen before each human turn")
        self.seed_label = label(self.ui, (left.x + ow + gap, y, look.px(70), row_h), "Seed",
                                cls="@note")
        self.seed = UITextEntryLine(pygame.Rect(left.x + ow + gap + look.px(64), y,
                                                ow - look.px(64), row_h), self.ui,
                                    placeholder_text="blank = random")
        if self.setup.seed is not None:
            self.seed.set_text(str(self.setup.seed))
        y += row_h + look.px(14)
        notes = ("Random dragons are drawn with a d20, as the rules say (R6).",
                 "AI seats think in the background: the window never waits.",
                 "Two or more humans share one screen (hot-seat).")
        line = look.px(24)
        room = (f.bottom - look.px(70) - y) // line
        self.notes = [label(self.ui, (left.x, y + i * line, left.w, line), text, cls="@note")
                      for i, text in enumerate(notes[:max(0, room)])]
        # the map picker on the right
        right = pygame.Rect(f.x + int(f.w * 0.5) + pad, f.y + look.px(70),
                            f.w - int(f.w * 0.5) - 2 * pad, 0)
        self.right = right
        self.widgets.append(label(self.ui, (right.x, right.y, look.px(300), row_h), "Map",
                                  cls="@heading"))
        maps = map_choices()
        paths = [p for p, _ in maps]
        idx = paths.index(self.setup.map_path) if self.setup.map_path in paths else 0
        list_h = min(len(maps), 5) * round(34 * look.scale) + look.px(8)
        self.map_list = UISelectionList(pygame.Rect(right.x, right.y + row_h + gap,
                                                    right.w, list_h),
                                        [(b.title, str(i)) for i, (_, b) in enumerate(maps)],
                                        self.ui, default_selection=(maps[idx][1].title,
                                                                     str(idx)))
        self.map_cycle = Cycler(self.ui, (right.x, right.y + row_h + gap + list_h + gap,
                                          right.w, row_h), paths,
                                [b.title for _, b in maps], idx, prefix="Map ",
                                on_change=lambda v: self._set_map(v))
        self.map_index = idx
        self.thumb_top = right.y + row_h + gap + list_h + gap + row_h + look.px(12)
        bottom = f.bottom - look.px(16) - row_h
        thumb = min(right.w // 2 - gap, bottom - self.thumb_top - look.px(50))
        self.thumb_size = max(look.px(80), thumb)
        self.info = UITextBox(self._map_html(), pygame.Rect(
            right.x + self.thumb_size + look.px(14), self.thumb_top,
            right.w - self.thumb_size - look.px(14), self.thumb_size), self.ui)
        # bottom row
        bw = look.px(200)
        self.start_btn = button(self.ui, (f.right - pad - bw, bottom, bw, row_h + 4),
                                self._start_text(), cls="@primary", tip="Enter")
        self.back_btn = button(self.ui, (f.right - 2 * pad - 2 * bw, bottom, bw, row_h + 4),
                               "Back", tip="Esc")
        self.error_label = label(self.ui, (f.x + pad, bottom, f.w - 2 * bw - 4 * pad,
                                           row_h + 4), self.error, cls="@error")
        self.nav = KeyNav()
        items = []
        for _lab, kind, drag, rm in self.seat_rows:
            items += [kind, drag, rm]
        items += [self.add_btn, self.target, self.cards, self.handover, self.seed,
                  self.map_cycle, self.back_btn, self.start_btn]
        self.nav.set_items(items)

    def _map_html(self) -> str:
        path, board = map_choices()[self.map_index]
        size = f"{board.width}×{board.height}"
        players = f"{board.min_players}–{board.max_players} dragons"
        extra = []
        if board.cavern_spots:
            extra.append(f"{len(board.cavern_spots)} fixed cavern spots")
        if board.pieces:
            extra.append(f"{len(board.pieces)} pieces on the map at the start")
        if board.target:
            extra.append(f"map target {board.target} coins")
        lines = [f"<font size=5><b>{board.title}</b></font>",
                 f"<font color='#e2b048'>{size} · {players}</font>", board.description]
        if extra:
            lines.append("<font color='#aaa496'>" + "; ".join(extra) + "</font>")
        lines.append(f"<font color='#74727a'>{path or 'built-in board'}</font>")
        return "<br>".join(lines)

    def leave(self) -> None:
        for w in self.widgets:
            w.kill()
        for row in self.seat_rows:
            for w in row:
                w.kill()
        for w in (*self.notes, self.add_btn, self.target, self.cards, self.handover,
                  self.seed_label, self.seed, self.map_list, self.map_cycle, self.info,
                  self.start_btn, self.back_btn, self.error_label):
            w.kill()
        self.widgets, self.seat_rows = [], []

    def _rebuild(self) -> None:
        self._read_fields()
        self.leave()
        self.enter()

    def _read_fields(self) -> None:
        self.setup.target = self.target.value
        self.setup.cards = self.cards.value
        self.setup.hotseat = self.handover.value
        text = self.seed.get_text().strip()
        self.setup.seed = int(text) if text.isdigit() else None

    # ----- changes -----------------------------------------------------------------
    def _set_kind(self, i: int, value) -> None:
        kind, level = value
        self.setup.seats[i].kind = kind
        self.setup.seats[i].level = level
        self.start_btn.set_text(self._start_text())

    def _start_text(self) -> str:
        """A Remote seat makes this an online game, hosted here (issue 23)."""
        return "Host online" if any(s.kind == "remote" for s in self.setup.seats) \
            else "Start game"

    def _set_dragon(self, i: int, value) -> None:
        self.setup.seats[i].dragon = value

    def _set_map(self, path) -> None:
        paths = [p for p, _ in map_choices()]
        self.map_index = paths.index(path)
        self.setup.map_path = path
        self.info.set_text(self._map_html())

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            for cyc in [c for row in self.seat_rows for c in row[1:3]] + [
                    self.target, self.cards, self.handover, self.map_cycle]:
                if cyc.handle(event):
                    if cyc is self.map_cycle:
                        title_ = map_choices()[self.map_index][1].title
                        self._select_list(title_)
                    return True
            for i, row in enumerate(self.seat_rows):
                if el is row[3]:
                    del self.setup.seats[i]
                    self._rebuild()
                    return True
            if el is self.add_btn:
                self.setup.seats.append(Seat("ai", "normal"))
                self._rebuild()
                return True
            if el is self.back_btn:
                self.app.pop()
                return True
            if el is self.start_btn:
                self.start()
                return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.map_list:
            idx = int(self.map_list.get_single_selection(include_object_id=True)[1])
            self.map_cycle.set_value(map_choices()[idx][0])
            self._set_map(map_choices()[idx][0])
            return True
        if self.nav.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
            if event.key == pygame.K_F1:
                from game.ui.scenes.help import HelpOverlay

                self.app.push(HelpOverlay(self.app))
                return True
        return False

    def _select_list(self, title_: str) -> None:
        for item in self.map_list.item_list:
            item["selected"] = item["text"] == title_
            if item["button_element"] is not None:
                if item["selected"]:
                    item["button_element"].select()
                else:
                    item["button_element"].unselect()

    def start(self) -> None:
        text = self.seed.get_text().strip()
        if text and not text.isdigit():
            self._show_error("The seed must be a whole number (or blank for a random one)")
            return
        self._read_fields()
        self.setup.map_path = map_choices()[self.map_index][0]
        if any(s.kind == "remote" for s in self.setup.seats):
            self._host()  # a remote seat makes this an online game (issue 23)
            return
        try:
            controller = GameController(self.setup, ai_mode=getattr(self.app, "ai_mode",
                                                                    "worker"),
                                        data_dir=getattr(self.app, "data_dir", None))
        except SetupError as exc:
            self._show_error(str(exc)[:1].upper() + str(exc)[1:])
            return
        from game.ui.scenes.game import GameScene

        self.app.replace(GameScene(self.app, controller))

    def _host(self) -> None:
        from game.net.window import NetHostController
        from game.ui.scenes.online import HostLobbyScene

        controller = None
        bind = getattr(self.app, "net_bind", "0.0.0.0")  # tests: 127.0.0.1, any port
        ports = (8765, 0) if bind == "0.0.0.0" else (0,)  # the usual port, else any free one
        for port in ports:
            try:
                controller = NetHostController.host(
                    self.setup, port=port, bind=bind,
                    ai_mode=getattr(self.app, "ai_mode", "worker"),
                    data_dir=getattr(self.app, "data_dir", None), advertise=bind == "0.0.0.0")
                break
            except SetupError as exc:
                self._show_error(str(exc)[:1].upper() + str(exc)[1:])
                return
            except OSError as exc:
                error = f"Cannot host a game here: {exc}"
        if controller is None:
            self._show_error(error)
            return
        self.app.replace(HostLobbyScene(self.app, controller))

    def _show_error(self, text: str) -> None:
        self.error = text
        self.error_label.set_text(text)

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, self.look)
        look = self.look
        for i, (lab, *_rest) in enumerate(self.seat_rows):
            seat = self.setup.seats[i]
            r = lab.relative_rect
            icon_name = f"dragon/{seat.dragon}" if seat.dragon else "die/d20"
            icon = look.sprite(icon_name, r.h - 6)
            surface.blit(icon, (self.left.x, r.y + 3))
        _, board = map_choices()[self.map_index]
        thumb = thumbnail(board, self.thumb_size, look.palette)
        at = (self.right.x, self.thumb_top)
        surface.blit(thumb, at)
        pygame.draw.rect(surface, look.colour("gold_dim"), (*at, *thumb.get_size()), 2)

"""Live map preview for map authors (`narby preview FILE`).

The map is drawn as the game draws it (BoardView): terrain, blocked cells, preplaced
settlements, places of power and the chest, plus the fixed cavern spots with their seat
numbers. The checker's problems are listed at the right and their cells are marked red
on the board. The file is polled (mtime, size, inode) every POLL seconds from the frame
loop, so when Tiled saves it the preview reloads within a second; no thread, no restart.
"Play this map" opens a game on it (human + AI seats). "Test balance" runs the balance
lab (`narby balance`, issue 37) in a child process and shows where its report will be.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from xml.etree import ElementTree as ET

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel, UITextBox

from game.balance.launch import BalanceJob
from game.board import BoardSpec
from game.i18n import _, n_
from game.maps import catalog
from game.maps.loader import UNREADABLE
from game.maps.parts import map_parts
from game.maps.tmx_reader import Report, read_xml
from game.match import SetupError
from game.ui import scripts, tiled_draw
from game.ui.board_view import BoardView, preplaced_doc
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop
from game.ui.scenes.game import GameScene
from game.ui.scenes.widgets import button, dialog_key
from game.words import shown, words_of

# seconds between looks at the file (a stat: nothing to the CPU); with the reading and
# drawing of a 40x40 map (0.1-0.35 s measured), a save shows well within a second
POLL = 0.25
_CELL = re.compile(r"\((-?\d+), (-?\d+)\)")
_OBJECT = re.compile(r"object (\d+)")
PROBLEM_RED = (255, 96, 80)


def problem_cells(problems, objects: dict[int, tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells the problems name: '(c, r)' in the text, or the named object's cell."""
    cells: set[tuple[int, int]] = set()
    for p in problems:
        text = f"{p.where or ''} {p.what}"
        found = [(int(c), int(r)) for c, r in _CELL.findall(text)]
        if not found:
            found = [objects[int(i)] for i in _OBJECT.findall(p.where or "")
                     if int(i) in objects]
        cells.update(found[:1])
    return cells


def wrap_words(text: str, font, width: int) -> str:
    """HTML-escaped text whose space-free runs wider than `width` are split with <br>,
    after a '/' or '\\' when one fits, else between characters; nothing is added."""
    out = []
    for word in text.split(" "):
        pieces = []
        while font.size(word)[0] > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            seps = [i + 1 for i, ch in enumerate(word[:cut]) if ch in "/\\"]
            cut = seps[-1] if seps and seps[-1] > 1 else cut
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
        out.append("<br>".join(escape(p) for p in pieces))
    return " ".join(out)


def object_cells(path: Path, tile: int) -> dict[int, tuple[int, int]]:
    """object id -> the cell it sits on, from the map's raw XML (read safely)."""
    root = read_xml(path, Report(str(path)), None)
    out: dict[int, tuple[int, int]] = {}
    if root is None or tile <= 0:
        return out
    for obj in root.iter("object"):
        try:
            y = float(obj.get("y", ""))
            if obj.get("gid"):  # a tile object's y is its bottom (Tiled's default alignment)
                y -= float(obj.get("height", tile))
            out[int(obj.get("id", ""))] = (int(float(obj.get("x", "")) // tile),
                                            int(y // tile))
        except (ValueError, OverflowError):
            continue
    return out


def _tile_size(path: Path) -> int:
    root = read_xml(path, Report(str(path)), None)
    try:
        return int((root.get("tilewidth") if root is not None else None) or 32)
    except (ValueError, ET.ParseError):
        return 32


class PreviewScene(Scene):
    def __init__(self, app, path: str | Path):
        super().__init__(app)
        self.path = Path(path)
        self.reloads = 0  # how many times the file was read again after a change
        self.spec: BoardSpec | None = None
        self.problems: list = []
        self.bad_cells: set = set()
        self.view: BoardView | None = None
        self._since_poll = 0.0
        self._stamp: tuple | None = None
        self._parts: list[Path] = []  # the files the map names (game.maps.parts)
        self.widgets: list = []
        self.balance: BalanceJob | None = None
        self.load()

    # ----- the file ------------------------------------------------------------------
    def stamp(self):
        """The map's and each of its parts' (tilesets, templates, images) stat: saving any
        of them in Tiled shows in the preview."""
        return tuple(tiled_draw.stat(str(f)) for f in (self.path, *self._parts))

    def load(self) -> None:
        """Read (or read again) the map and its problems."""
        self._parts = map_parts(self.path)
        self._stamp = self.stamp()
        self.spec, self.problems = catalog.inspect(self.path, draft=True)
        objects = object_cells(self.path, _tile_size(self.path)) if self.problems else {}
        self.bad_cells = problem_cells(self.problems, objects)
        self.view = BoardView(self.spec, palette=self.look.palette) if self.spec else None
        if self.widgets:  # already on screen: rebuild the side panel
            self.leave()
            self.enter()
        self.app.dirty = True

    def poll(self) -> bool:
        """Reload when the file changed on disk; True when it did."""
        now = self.stamp()
        if now == self._stamp:
            return False
        self.reloads += 1
        self.load()
        return True

    @property
    def ok(self) -> bool:
        return self.spec is not None and not self.problems

    # ----- layout --------------------------------------------------------------------
    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pw = max(look.px(320), min(int(w * 0.32), look.px(460)))
        top = look.px(46)
        self.board_rect = pygame.Rect(0, top, w - pw, h - top)
        self.panel = pygame.Rect(w - pw, 0, pw, h)
        if self.view is not None:
            self.view.set_rect(self.board_rect)
        pad = look.px(14)
        x, inner = self.panel.x + pad, pw - 2 * pad
        row = look.px(38)
        heading = UILabel(pygame.Rect(x, look.px(6), inner, look.px(40)), self._title(),
                          self.ui, object_id=ObjectID(class_id="@heading", object_id=scripts
                                                      .object_id("#heading", self._title())))
        self.widgets = [heading]
        y = look.px(50)
        self.info = UITextBox(self._info_html(), pygame.Rect(x, y, inner, h - y - 2 * row
                                                             - 3 * pad), self.ui)
        self.widgets.append(self.info)
        bw = (inner - pad) // 2
        self.play_btn = button(self.ui, (x + bw + pad, h - row - pad, bw, row),
                               _("Play this map"), cls="@primary", enabled=self.ok,
                               tip=_("Start a game on this map") + " (Enter)" if self.ok
                               else _("Fix the problems first"))
        self.back_btn = button(self.ui, (x, h - row - pad, bw, row), _("Close"), tip="Esc")
        running = self.balance is not None and not self.balance.done
        self.balance_btn = button(self.ui, (x, h - 2 * row - 2 * pad, inner, row),
                                  _("Testing balance…") if running else _("Test balance"),
                                  enabled=self.ok and not running,
                                  tip=_("Play AI games on this map and report whether it "
                                        "is fair (narby balance)"))
        self.widgets += [self.play_btn, self.back_btn, self.balance_btn]

    def _title(self) -> str:
        return self.spec.title if self.spec else catalog.default_title(self.path)

    def _info_html(self) -> str:
        lines = []
        if self.spec is not None:
            s = self.spec
            players = _("{min}–{max} dragons").format(min=s.min_players, max=s.max_players)
            lines.append(f"<font color='#e2b048'>{s.width}×{s.height} · {players}</font>")
            if s.description:
                lines.append(scripts.html(s.description))
            n = len(s.blocked)
            marks = [n_("{n} blocked cell (hatched)", "{n} blocked cells (hatched)",
                        n).format(n=n)]
            if s.cavern_spots:
                n = len(s.cavern_spots)
                marks.append(n_("{n} cavern spot (numbered by seat)",
                                "{n} cavern spots (numbered by seat)", n).format(n=n))
            if s.pieces:
                n = len(s.pieces)
                marks.append(n_("{n} preplaced piece", "{n} preplaced pieces", n).format(n=n))
            lines.append("<font color='#aaa496'>" + "; ".join(marks) + "</font>")
        if self.ok:
            lines.append("<br><font color='#8fd48f'><b>" + _("No problems: ready to play.")
                         + "</b></font>")
        else:
            n = len(self.problems)
            lines.append("<br><font color='#ff8070'><b>" + n_("{n} problem", "{n} problems",
                                                              n).format(n=n)
                         + "</b></font> " + _("(cells marked red on the map)"))
            for p in self.problems[:catalog.SHOWN_PROBLEMS]:
                where = f"<b>{self._unbroken(p.where)}</b>: " if p.where else ""
                lines.append(f"• {where}{self._unbroken(shown(p.what))}<br>"
                             "<font color='#aaa496'>"
                             "&nbsp;&nbsp;" + _("Fix: {fix}").format(fix=self._unbroken(p.fix))
                             + "</font>")
            if n > catalog.SHOWN_PROBLEMS:
                lines.append(self._unbroken(catalog.more_problems_text(
                    n - catalog.SHOWN_PROBLEMS, self.path)))
        if self.balance is not None:
            status = shown(self.balance.status())  # Words: the player's language
            lines.append(f"<br><font color='#e2b048'>{escape(status)}</font>")
        watching = _("Watching the file: save it in Tiled and this view updates.")
        if self.reloads:
            watching += " " + _("Reloaded {n}×.").format(n=self.reloads)
        lines.append(f"<br><font color='#74727a'>{self._unbroken(str(self.path))}<br>"
                     f"{watching}</font>")
        return "<br>".join(lines)

    def _unbroken(self, text: str) -> str:
        """`text` escaped for the info box, words too wide for it broken by us: after a
        path separator where there is one, never with the hyphen pygame-gui would add
        (a path copied from the preview must be the path)."""
        look = self.look
        width = self.panel.w - look.px(28) - look.px(40)  # padding, border and scroll bar
        return wrap_words(text, look.font(look.fs(15), bold=True), max(40, width))

    def leave(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []

    # ----- loop ----------------------------------------------------------------------
    def covered(self) -> None:
        self._covered = True  # a game on top: its screen, not ours, until it goes

    def uncovered(self) -> None:
        self._covered = False
        self.poll()

    def update(self, dt: float) -> bool:
        if getattr(self, "_covered", False):
            return False
        self._since_poll += dt
        if self._since_poll >= POLL:
            self._since_poll = 0.0
            if self.balance is not None and self.balance.poll():
                self.leave()  # the lab finished: say where its report is
                self.enter()
                self.app.dirty = True
            return self.poll()
        return False

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_btn:
                self.close_preview()
                return True
            if event.ui_element is self.play_btn:
                self.play()
                return True
            if event.ui_element is self.balance_btn:
                self.test_balance()
                return True
        if dialog_key(event, self.play, self.close_preview):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5:  # reload by hand
            self.reloads += 1
            self.load()
            return True
        if self.view is not None and event.type == pygame.MOUSEWHEEL:
            self.view.zoom(1.15 if event.y > 0 else 1 / 1.15, pygame.mouse.get_pos())
            return True
        return False

    def test_balance(self) -> None:
        """Start the balance lab on this map (once at a time); the panel says where the
        report goes, then that it is ready, or in one line why not."""
        if not self.ok or (self.balance is not None and not self.balance.done):
            return
        self.balance = BalanceJob(self.path)
        self.leave()
        self.enter()
        self.app.dirty = True

    def close_preview(self) -> None:
        self.app.pop()
        if not self.app.scenes:
            self.app.running = False

    def play(self) -> None:
        """A game on this map: a person and AI seats, as many as suit the map (up to 4)."""
        if not self.ok:
            return
        assert self.spec is not None  # ok: the map was read

        n = max(self.spec.min_players, min(4, self.spec.max_players))
        setup = GameSetup(seats=[Seat("human")] + [Seat("ai", "normal")
                                                   for _ in range(n - 1)],
                          map_path=str(self.path.resolve()))
        try:
            c = GameController(setup, ai_mode=getattr(self.app, "ai_mode", "worker"),
                               data_dir=getattr(self.app, "data_dir", None))
        except Exception as exc:  # a setup refusal: say it in the panel, stay here
            # a setup refusal keeps its Words: the panel says it in the player's language
            what = words_of(exc) if isinstance(exc, SetupError) else UNREADABLE[0]
            self.problems = [catalog.Problem(str(self.path), None, what, "")]
            self.leave()
            self.enter()
            return
        self.app.push(GameScene(self.app, c))

    # ----- drawing -------------------------------------------------------------------
    def draw(self, surface) -> None:
        look = self.look
        surface.blit(backdrop(look, surface.get_size()), (0, 0))
        pygame.draw.rect(surface, look.colour("panel") if _has(look, "panel") else (36, 38, 52),
                         self.panel)
        head = look.text(_("Preview · {file}").format(file=self.path.name), look.fs(18),
                         bold=True)
        surface.blit(head, (look.px(16), (self.board_rect.y - head.get_height()) // 2))
        status = (_("ready to play") if self.ok else
                  n_("{n} problem", "{n} problems", len(self.problems)).format(
                      n=len(self.problems)))
        col = (143, 212, 143) if self.ok else PROBLEM_RED
        tag = look.text(status, look.fs(16), col, bold=True)
        surface.blit(tag, (self.board_rect.right - tag.get_width() - look.px(16),
                           (self.board_rect.y - tag.get_height()) // 2))
        if self.view is None:
            msg = look.text(_("This file cannot be drawn as a map: see the problems."),
                            look.fs(18), PROBLEM_RED)
            surface.blit(msg, msg.get_rect(center=self.board_rect.center))
            return
        spec = self.spec
        assert spec is not None  # a view is only built for a spec
        marks = {c: "danger" for c in self.bad_cells if spec.on_board(c)}
        self.view.draw(surface, preplaced_doc(spec), highlights=marks)
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        for seat, at in enumerate(spec.cavern_spots):
            self._spot(surface, at, seat)
        surface.set_clip(clip)

    def _spot(self, surface, at, seat: int) -> None:
        assert self.view is not None  # draw checked it
        rect = self.view.cell_rect(tuple(at))
        r = max(7, int(rect.w * 0.36))
        pygame.draw.circle(surface, (30, 24, 24), rect.center, r)
        pygame.draw.circle(surface, (226, 176, 72), rect.center, r, max(1, r // 5))
        num = self.look.text(str(seat), max(10, int(r * 1.2)), (255, 240, 210), bold=True)
        surface.blit(num, num.get_rect(center=rect.center))


def _has(look, name: str) -> bool:
    try:
        look.colour(name)
        return True
    except KeyError:
        return False

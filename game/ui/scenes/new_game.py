"""New game: seats (2-8, Human or AI level, dragon drawn or chosen), map, target, cards,
hand-over, seed. Setup errors from the engine are shown here, never raised."""

from __future__ import annotations

from collections import Counter
from html import escape
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UILabel, UISelectionList, UITextBox, UITextEntryLine
from pygame_gui.windows import UIFileDialog

from game.ai import LEVELS
from game.balance import figures
from game.board import BoardSpec
from game.decisions import title
from game.dice import parse_seed
from game.i18n import N_, _, n_
from game.maps import catalog, limits
from game.maps.catalog import MapEntry, user_maps_dir
from game.match import SetupError
from game.tables import DRAGONS, TARGETS
from game.ui import scripts
from game.ui.board_view import thumbnail as board_thumbnail
from game.ui.controller import GameController, GameSetup, Seat, _map_file
from game.ui.net_window import NetHostController
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.game import GameScene
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.online import HostLobbyScene
from game.ui.scenes.saved import saved_games
from game.ui.scenes.widgets import Cycler, KeyNav, Message, button, kind_name, label
from game.words import shown

KINDS = [("human", "normal")] + [("ai", lvl) for lvl in LEVELS] + [("remote", "normal")]
DRAGON_CHOICES = [None, *DRAGONS]


def kind_labels() -> list[str]:
    """The seat kinds as the seat rows show them, in the language in use."""
    return [_("Human"), *(_("AI · {level}").format(level=kind_name(lvl)) for lvl in LEVELS),
            _("Remote (online)")]


def dragon_labels() -> list[str]:
    return [_("Random"), *(title(d) for d in DRAGONS)]


# issue 16: the one line a first-time player reads about the AI levels
LEVELS_LINE = N_("First game? AI seats start at Easy. Easy plays loosely, Normal plans, "
                 "Hard reads rivals, Master looks ahead.")

_thumbs: dict = {}
_opened: list[str] = []  # map files opened with "Open map file…" this session
POLL = 1.0  # seconds between looks at the map folders


class Choice:
    """One line of the map picker: key (the setup's map_path: 'maps/NAME.tmx' for a
    shipped map, an absolute path otherwise, None for the built-in board) and entry."""

    def __init__(self, key: str | None, entry):
        self.key, self.entry = key, entry

    @property
    def board(self):
        return self.entry.spec

    @property
    def ok(self) -> bool:
        return self.entry.ok

    @property
    def title(self) -> str:
        return self.entry.title


def _plain_choice() -> Choice:
    b = BoardSpec.plain()
    return Choice(None, MapEntry(Path(), "builtin", b.title, b.width, b.height,
                                 b.min_players, b.max_players, b, []))


def _same_file(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return a is b
    try:
        return Path(_map_file(a) or a).resolve() == Path(_map_file(b) or b).resolve()
    except OSError:
        return a == b


def map_choices(data_dir=None, extra=()) -> list[Choice]:
    """The picker's list: shipped maps (the default first), the user's maps folder, maps
    opened by hand, and the built-in board last. Broken maps are listed with problems."""
    choices = []
    for e in catalog.scan(data_dir):
        key = f"maps/{e.path.name}" if e.origin == "shipped" else str(e.path)
        choices.append(Choice(key, e))
    opened = [p for p in _opened if limits.is_file(Path(p))]  # a file since deleted drops out
    for path in [*opened, *extra]:
        if path and not any(_same_file(path, c.key) for c in choices):
            choices.append(Choice(str(Path(path).resolve()),
                                  catalog.entry(Path(path).resolve(), "file")))
    choices.append(_plain_choice())
    return choices


def _first_run(app) -> bool:
    """No game has been saved or autosaved yet (every game started is autosaved)."""
    entries, problems = saved_games(app)
    return not entries and not problems


def thumbnail(board, size: int, palette: str) -> pygame.Surface:
    key = (board.source, board.title, size, palette)
    if key not in _thumbs:
        try:
            surf = board_thumbnail(board, (size, size), palette)
        except Exception:  # a map the renderer cannot draw still gets a tile
            surf = pygame.Surface((size, size))
            surf.fill((60, 90, 60))
        _thumbs[key] = surf
    return _thumbs[key]


def mode_note(seats) -> str:
    """What these seats make, in words (issue 30.8): hot-seat only when two or more
    people share this screen; a Remote seat makes an online game hosted here."""
    here = sum(s.kind == "human" for s in seats)
    remote = sum(s.kind == "remote" for s in seats)
    if remote:
        friends = n_("{n} friend online", "{n} friends online", remote).format(n=remote)
        if here >= 2:
            return _("Online: {friends}; {n} people share this screen (hot-seat).").format(
                friends=friends, n=here)
        return (_("Online: {friends}, you at this screen.") if here else
                _("Online: {friends}, only AIs at this screen.")).format(friends=friends)
    if here >= 2:
        return _("Hot-seat: {n} people share this screen, cards hidden between turns.").format(
            n=here)
    return _("One person at this screen against AIs.") if here else \
        _("AIs only: watch the dragons play.")


class NewGameScene(Scene):
    dialog: UIFileDialog | None = None  # the open-a-map dialog while it is open

    def __init__(self, app, setup: GameSetup | None = None):
        super().__init__(app)
        # issue 16: on first run (no game saved yet) the AI seats are proposed at Easy
        self.first_run = setup is None and _first_run(app)
        self.setup = setup or GameSetup()
        if self.first_run:
            for seat in self.setup.seats:
                if seat.kind == "ai":
                    seat.level = "easy"
        self.setup.hotseat = app.settings.hotseat_handover if setup is None else setup.hotseat
        self.error = ""
        self._last_seat_note = ""  # the seat note shown last (seats changed: it goes)
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
        btn_h = row_h  # the bottom buttons keep their height
        bottom = f.bottom - look.px(16) - row_h
        # many seats in a short window or at a large scale: closer, lower rows, so the
        # options and the seed stay above the bottom buttons (issue 33)
        n = len(self.setup.seats)
        room = bottom - gap - left.y - look.px(32)
        line_h = look.px(24)  # the balance lab's figures under the options (issue 37)
        below = line_h + (2 * line_h if self.first_run else 0)  # and the first-run line
        squeezed = (row_h + gap) * (n + 6) + below > room
        if squeezed:
            gap = look.px(3)
            row_h = max(look.px(26), (room - below) // (n + 5) - gap)
        self.widgets = [label(self.ui, (f.x + pad, f.y + look.px(14), look.px(500),
                                        look.px(60)), _("New game"), cls="@title")]
        head_h = max(row_h, look.px(34))  # a heading's own height, squeezed or not
        self.widgets.append(label(self.ui, (left.x, left.y - (head_h - row_h) // 2,
                                            look.px(300), head_h), _("Seats"), cls="@heading"))
        y = self._seat_widgets(left, row_h, gap, squeezed)
        self._options(left, y, row_h, gap, head_h)
        self._map_picker(row_h, gap, head_h, btn_h)
        self._bottom_row(btn_h)
        self._keyboard_order()
        if not self.error:  # a map chosen elsewhere for other seats: said on opening
            self._seats_changed()

    def _seat_widgets(self, left: pygame.Rect, row_h: int, gap: int, squeezed: bool) -> int:
        """A row per seat (who plays, the dragon, remove) and Add seat, under the Seats
        heading. -> where the options start."""
        look = self.look
        y = left.y + row_h + gap
        self.seat_rows = []
        # the seat's name ("Miejsce 8") and its icon, never cut
        name_w = max(look.px(110), row_h + look.font(look.fs(15)).size(
            _("Seat {n}").format(n=8))[0] + look.px(6))
        # who plays ("AI · Normalny") takes a little more than the dragon ("Losowy")
        both = left.w - name_w - row_h - 3 * gap
        kind_w = int(both * 0.54)
        drag_w = both - kind_w
        for i, seat in enumerate(self.setup.seats):
            lab = label(self.ui, (left.x + row_h, y, name_w - row_h, row_h),
                        _("Seat {n}").format(n=i + 1),
                        cls="@note")
            kind = Cycler(self.ui, (left.x + name_w + gap, y, kind_w, row_h), KINDS,
                          kind_labels(), KINDS.index((seat.kind, seat.level if seat.kind == "ai"
                                                    else "normal")),
                          on_change=lambda v, i=i: self._set_kind(i, v),
                          tip=_("Who plays this seat (click or Left/Right)"))
            drag = Cycler(self.ui, (left.x + name_w + kind_w + 2 * gap, y, drag_w, row_h),
                          DRAGON_CHOICES, dragon_labels(), DRAGON_CHOICES.index(seat.dragon),
                          on_change=lambda v, i=i: self._set_dragon(i, v),
                          tip=_("The dragon: drawn by a d20 or chosen"))
            rm = button(self.ui, (left.right - row_h, y, row_h, row_h), "×",
                        tip=_("Remove this seat"), enabled=len(self.setup.seats) > 2)
            self.seat_rows.append((lab, kind, drag, rm))
            y += row_h + gap
        add_at = (left.right - look.px(170), left.y) if squeezed else \
            (left.x + name_w + gap, y)  # squeezed: beside the Seats heading
        self.add_btn = button(self.ui, (*add_at, look.px(170), row_h),
                              "+ " + _("Add seat"), enabled=len(self.setup.seats) < 8,
                              tip=_("Up to 8 dragons"))
        y += look.px(10) if squeezed else row_h + look.px(18)
        return y

    def _options(self, left: pygame.Rect, y: int, row_h: int, gap: int, head_h: int) -> None:
        """Target coins, power cards, hand-over and the seed under the seats; then the
        notes, as many as fit above the bottom buttons."""
        look = self.look
        f = self.frame
        line_h = look.px(24)  # the balance lab's figures under the options (issue 37)
        # options under the seats
        self.widgets.append(label(self.ui, (left.x, y - (head_h - row_h) // 2, look.px(300),
                                            head_h), _("Options"), cls="@heading"))
        y += row_h + gap
        ow = (left.w - gap) // 2
        targets: list[int | None] = [None, *TARGETS]  # None: the map decides
        self.target = Cycler(self.ui, (left.x, y, ow, row_h), targets,
                             ["map", *map(str, TARGETS)],  # named once the map is known
                             targets.index(self.setup.target) if self.setup.target in targets
                             else 0, prefix=_("Target coins") + " ",
                             tip=_("The game ends when a dragon holds more coins than this; "
                                   "'(map)' is the map's own target, '(rules)' the rule "
                                   "book's 50"),
                             on_change=self._target_changed)
        on, off = _("on"), _("off")
        self.cards = Cycler(self.ui, (left.x + ow + gap, y, ow, row_h), [False, True],
                            [off, on], int(self.setup.cards), prefix=_("Power cards") + " ",
                            tip=_("One power card per dragon each round"))
        y += row_h + gap
        self.handover = Cycler(self.ui, (left.x, y, ow, row_h), [True, False], [on, off],
                               0 if self.setup.hotseat else 1, prefix=_("Hand-over") + " ",
                               tip=_("With two or more human seats: hide cards and show a "
                                     "'pass to' screen before each human turn"))
        self.seed_label = label(self.ui, (left.x + ow + gap, y, look.px(70), row_h),
                                _("Seed"), cls="@note")
        self.seed = UITextEntryLine(pygame.Rect(left.x + ow + gap + look.px(64), y,
                                                ow - look.px(64), row_h), self.ui,
                                    placeholder_text="")
        if self.setup.seed is not None:
            self.seed.set_text(str(self.setup.seed))
        y += row_h + gap
        # the even dragons house rule, beside what the balance lab measured on this map
        self.even = Cycler(self.ui, (left.x, y, ow, row_h), [False, True],
                           [_("off"), _("on")], int(self.setup.even_dragons),
                           prefix=_("Even dragons "), on_change=self._even_changed,
                           tip=_("House rule: Copper's towns and Gold's cities pay 1 coin "
                                 "more only on a Rich or Lavish roll (see the rules' "
                                 "House rules)"))
        y += row_h + look.px(2)
        self.figures = label(self.ui, (left.x, y, left.w, line_h), "", cls="@note")
        y += line_h + look.px(8)
        self.levels_at = (left.x, y, left.w)  # the first-run line is drawn here
        if self.first_run:
            y += 2 * look.px(24) + look.px(6)
        self.notes_at = (left.x, y, left.w, f.bottom - look.px(70))
        self.notes: list[UILabel] = []
        self._place_notes()

    def _place_notes(self) -> None:
        """The notes under the options, each wrapped to the column in the labels' own
        font (French at 125% and Polish at 200% ran past it on one line), as many whole
        notes as fit above the bottom buttons."""
        for w in self.notes:
            w.kill()
        x, y, width, bottom = self.notes_at
        line = self.look.px(24)
        font = getattr(self.figures, "font", None)
        self.notes = []
        for text in (_("Random dragons are drawn with a d20, as the rules say."),
                     _("AI seats think in the background: the window never waits."),
                     mode_note(self.setup.seats)):
            lines = self.look.wrap(text, font, width - self.look.px(8)) if font else [text]
            if y + len(lines) * line > bottom:
                break
            for part in lines:
                self.notes.append(label(self.ui, (x, y, width, line), part, cls="@note"))
                y += line
            y += self.look.px(4)  # a little air between two notes, none inside one

    def _map_picker(self, row_h: int, gap: int, head_h: int, btn_h: int) -> None:
        """The right half: the maps folder, the map list and cycler, Open and Show
        problems, the preview and the map's words."""
        look = self.look
        f = self.frame
        pad = look.px(24)
        bottom = f.bottom - look.px(16) - btn_h
        # the map picker on the right
        right = pygame.Rect(f.x + int(f.w * 0.5) + pad, f.y + look.px(70),
                            f.w - int(f.w * 0.5) - 2 * pad, 0)
        self.right = right
        self.widgets.append(label(self.ui, (right.x, right.y - (head_h - row_h) // 2,
                                            look.px(300), head_h), _("Map"), cls="@heading"))

        folder = user_maps_dir(self.app.data_dir, create=True)
        self.folder_label = label(self.ui, (right.x + look.px(70), right.y, right.w -
                                            look.px(70), row_h), "", cls="@note")
        # measured by the label's own font (a language's font differs from the board's)
        self.folder_label.set_text(_fit(_("Your maps folder: {folder}"), _short(folder),
                                        self.folder_label.font,
                                        self.folder_label.rect.w - look.px(8)))
        more = catalog.unlisted_user_maps(self.app.data_dir)
        self.folder_label.set_tooltip(
            _("Put .tmx maps in {folder}: the list updates by itself").format(folder=folder)
            + (" " + _("({n} more maps there are not listed: the list shows the first {max} "
                       "by file name)").format(n=f"{more:,}", max=catalog.MAX_USER_MAPS)
               if more else ""), delay=0.3)
        self.choices = self._choices()
        keys = [c.key for c in self.choices]
        idx = next((i for i, c in enumerate(self.choices)
                    if _same_file(c.key, self.setup.map_path)), 0)
        self.map_index = idx
        self.target.labels = self._target_labels()
        self.target.set_value(self.target.value)
        self._show_figures()
        names = shown_titles(self.choices)
        # the map list gives up rows (down to two) before the preview would run under
        # the bottom buttons
        shown = min(len(self.choices), 5)
        fixed = 3 * (row_h + gap) + look.px(12) + look.px(80) + look.px(12) + look.px(8)
        while shown > 2 and right.y + fixed + shown * round(34 * look.scale) > bottom - gap:
            shown -= 1
        list_h = shown * round(34 * look.scale) + look.px(8)
        y = right.y + row_h + gap
        # a row too long for the list drops the size, then the dragon count (both are in
        # the map's card below): 'The Dragonmarch (2nd edition) · 30×30 · 6–8 Drachen'
        # was cut at 150% (issue 38 audit)
        font, room = look.font(look.fs(17)), right.w - look.px(34)

        def fits(text: str) -> bool:
            return font.size(text)[0] <= room

        rows = [_item_text(c, names[i], fits) for i, c in enumerate(self.choices)]
        self.map_list = UISelectionList(
            pygame.Rect(right.x, y, right.w, list_h),
            [(rows[i], _item_id(c)) for i, c in enumerate(self.choices)],
            self.ui, default_selection=(rows[idx], _item_id(self.choices[idx])))
        y += list_h + gap
        self.map_cycle = Cycler(self.ui, (right.x, y, right.w, row_h), keys,
                                names, idx, prefix=_("Map") + " ",
                                on_change=lambda v: self._set_map(v))
        self._cycler_id = "#map_cycler"  # a new button: in the game's own font
        self._cycler_font()
        y += row_h + gap
        half = (right.w - gap) // 2
        self.open_btn = button(self.ui, (right.x, y, half, row_h), _("Open map file…"),
                               tip=_("Play a .tmx map from anywhere on this computer"))
        broken = sum(not c.ok for c in self.choices)
        self.problems_btn = button(self.ui, (right.x + half + gap, y, half, row_h),
                                   _("Show problems ({n})").format(n=broken) if broken
                                   else _("Show problems"),
                                   enabled=bool(broken),
                                   tip=_("Every problem of every broken map listed here"))
        self.thumb_top = y + row_h + look.px(12)
        thumb = min(right.w // 2 - gap, bottom - self.thumb_top - look.px(12))
        self.thumb_size = max(look.px(24), thumb)  # never under the bottom buttons
        self.info = UITextBox(self._map_html(), pygame.Rect(
            right.x + self.thumb_size + look.px(14), self.thumb_top,
            right.w - self.thumb_size - look.px(14), self.thumb_size), self.ui)
        self._stamp = self._fingerprint()
        self._since_poll = 0.0
        self._scroll_to(idx)

    def _bottom_row(self, btn_h: int) -> None:
        """Start, Back and the line that says why a game cannot start."""
        look = self.look
        f = self.frame
        pad = look.px(24)
        bottom = f.bottom - look.px(16) - btn_h
        bw = look.px(200)
        self.start_btn = button(self.ui, (f.right - pad - bw, bottom, bw, btn_h + 4),
                                self._start_text(), cls="@primary", tip="Enter")
        self.back_btn = button(self.ui, (f.right - 2 * pad - 2 * bw, bottom, bw, btn_h + 4),
                               _("Back"), tip="Esc")
        self.error_label = Message(self.ui, (f.x + pad, bottom - look.px(8),
                                             f.w - 2 * bw - 4 * pad, btn_h + look.px(18)),
                                   self.error)

    def _keyboard_order(self) -> None:
        """Tab and the arrows go down the seats, the options, the map and the buttons."""
        self.nav = KeyNav()
        items = []
        for _lab, kind, drag, rm in self.seat_rows:
            items += [kind, drag, rm]
        items += [self.add_btn, self.target, self.cards, self.handover, self.seed,
                  self.even, self.map_cycle, self.back_btn, self.start_btn]
        self.nav.set_items(items)

    def _choices(self) -> list[Choice]:
        return map_choices(self.app.data_dir, extra=(self.setup.map_path,)
                           if self.setup.map_path and Path(self.setup.map_path).is_absolute()
                           else ())

    def _fingerprint(self) -> tuple:
        extra = [c.key for c in self.choices if c.entry.origin == "file"]
        return catalog.stamp(self.app.data_dir, tuple(extra))

    @property
    def choice(self) -> Choice:
        return self.choices[self.map_index]

    def _map_html(self) -> str:
        c = self.choice
        e, board = c.entry, c.board
        where = {"shipped": _("shipped with the game"), "user": _("from your maps folder"),
                 "file": _("opened from a file"), "builtin": _("built-in board")}[e.origin]
        # the source in plain words; a file's name only, never an internal path that
        # would wrap mid-word (the full path is the Open map dialog's business)
        path = "" if e.origin in ("builtin", "shipped") else escape(Path(e.path).name)
        if board is None:
            n = len(e.problems)
            lines = [f"<font size=5><b>{scripts.html(e.title)}</b></font>",
                     f"<font color='#e2b048'>{e.size_text.replace('x', '×')} · "
                     f"{e.dragons_text}</font>",
                     "<font color='#ff8070'><b>" + n_(
                         "Cannot be played: {n} problem", "Cannot be played: {n} problems",
                         n).format(n=n) + "</b></font>",
                     escape(e.first_problem),
                     "<font color='#aaa496'>" + _("Show problems lists them all; 'narby "
                                                  "preview' shows them on the map.")
                     + "</font>",
                     f"<font color='#aaa496'>{where}" + (f": {path}" if path else "")
                     + "</font>"]
            return "<br>".join(lines)
        size = f"{board.width}×{board.height}"
        # TRANSLATORS: how many dragons a map takes: "2–6 dragons"
        players = _("{min}–{max} dragons").format(min=board.min_players,
                                                 max=board.max_players)
        extra = []
        if board.cavern_spots:
            n = len(board.cavern_spots)
            extra.append(n_("{n} fixed cavern spot", "{n} fixed cavern spots", n).format(n=n))
        if board.pieces:
            n = len(board.pieces)
            extra.append(n_("{n} piece on the map at the start",
                            "{n} pieces on the map at the start", n).format(n=n))
        extra.append(target_source(board.target, self._chosen_target()))
        lines = [f"<font size=5><b>{scripts.html(board.title)}</b></font>",
                 f"<font color='#e2b048'>{size} · {players}</font>",
                 scripts.html(board.description)]
        if extra:
            lines.append("<font color='#aaa496'>" + "; ".join(extra) + "</font>")
        lines.append(f"<font color='#aaa496'>{where}" + (f": {path}" if path else "")
                     + "</font>")
        return "<br>".join(lines)

    def leave(self) -> None:
        for w in self.widgets:
            w.kill()
        for row in self.seat_rows:
            for w in row:
                w.kill()
        fixed: tuple[UIElement | Cycler, ...] = (
            *self.notes, self.add_btn, self.target, self.cards, self.handover,
            self.even, self.figures,
            self.seed_label, self.seed, self.map_list, self.map_cycle, self.info,
            self.start_btn, self.back_btn, self.error_label, self.folder_label,
            self.open_btn, self.problems_btn)
        for part in fixed:
            part.kill()
        self.widgets, self.seat_rows = [], []
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    def _rebuild(self) -> None:
        self._read_fields()
        self.leave()
        self.enter()

    def _read_fields(self) -> None:
        self.setup.target = self.target.value
        self.setup.cards = self.cards.value
        self.setup.hotseat = self.handover.value
        self.setup.even_dragons = self.even.value
        text = self.seed.get_text().strip()
        try:
            self.setup.seed = parse_seed(text) if text else None
        except ValueError:
            self.setup.seed = None  # start() has said why

    # ----- changes -----------------------------------------------------------------
    def _set_kind(self, i: int, value) -> None:
        kind, level = value
        self.setup.seats[i].kind = kind
        self.setup.seats[i].level = level
        self.start_btn.set_text(self._start_text())
        self._place_notes()  # the last says what kind of game these seats make

    def _start_text(self) -> str:
        """A Remote seat makes this an online game, hosted here (issue 23)."""
        return _("Host online") if any(s.kind == "remote" for s in self.setup.seats) \
            else _("Start game")

    def _set_dragon(self, i: int, value) -> None:
        self.setup.seats[i].dragon = value

    def _cycler_font(self) -> None:
        """The map cycler in a font that has the chosen map's title (CJK or not)."""
        want = scripts.object_id("#map_cycler", self.choice.title)
        if getattr(self, "_cycler_id", "#map_cycler") != want:
            self.map_cycle.button.change_object_id(ObjectID(class_id="@cycler",
                                                            object_id=want))
        self._cycler_id = want

    def _chosen_target(self) -> int | None:
        cycler = getattr(self, "target", None)
        return cycler.value if cycler is not None else self.setup.target

    def _target_labels(self) -> list[str]:
        """'75 (map)' or '50 (rules)' for the map's own choice, then the explicit ones."""
        board = self.choice.board if self.choice.ok else None
        own = getattr(board, "target", None)
        return [_("{n} (map)").format(n=own) if own else
                _("{n} (rules)").format(n=TARGETS[0]), *map(str, TARGETS)]

    def _target_changed(self, _value) -> None:
        self.info.set_text(self._map_html())

    def _set_map(self, path) -> None:
        keys = [c.key for c in self.choices]
        self.map_index = keys.index(path)
        self.setup.map_path = path
        self._select_in_list(self.map_index)
        self.target.labels = self._target_labels()
        self.target.set_value(self.target.value)  # redraws its text for the new map
        self._cycler_font()
        self.info.set_text(self._map_html())
        self._show_figures()
        self._last_seat_note = self._seat_note()
        self._show_error(self._last_seat_note if self.choice.ok else
                         _("This map cannot be played: see its problems at the right"))

    def _select_in_list(self, idx: int) -> None:
        """The map list shows the map chosen, however it was chosen: stepping the Map
        button left the list's highlight on the map before (and out of view)."""
        items = getattr(self, "map_list", None)
        if items is None or not 0 <= idx < len(items.item_list):
            return
        for i, item in enumerate(items.item_list):
            item["selected"] = i == idx
            button = item["button_element"]
            if button is not None:
                button.select() if i == idx else button.unselect()
        bar = items.scroll_bar
        if bar is not None:  # scrolled so the row is in view, as near the top as it goes
            per = items.list_item_height / max(1, items.total_height_of_list)
            shown = items.item_list_container.relative_rect.height / max(
                1, items.total_height_of_list)
            start = bar.start_percentage
            if not start <= idx * per <= start + shown - per:
                bar.set_scroll_from_start_percentage(idx * per)

    def _seat_note(self) -> str:
        """Said as soon as the map and the number of seats disagree, not only when Start
        is pressed (The Dragonmarch is for 6-8 dragons; New game opens with 4 seats)."""
        board = self.choice.board if self.choice.ok else None
        n = len(self.setup.seats)
        if board is None or board.min_players <= n <= board.max_players:
            return ""
        if n < board.min_players:
            # TRANSLATORS: {map} a map's title; {min}-{max} its dragons; {n} seats to add
            text = n_("{map} is for {min}–{max} dragons: add {n} seat",
                      "{map} is for {min}–{max} dragons: add {n} seats", board.min_players - n)
            return text.format(map=self.choice.title, min=board.min_players,
                               max=board.max_players, n=board.min_players - n)
        # TRANSLATORS: {map} a map's title; {min}-{max} its dragons; {n} seats to remove
        text = n_("{map} is for {min}–{max} dragons: remove {n} seat",
                  "{map} is for {min}–{max} dragons: remove {n} seats", n - board.max_players)
        return text.format(map=self.choice.title, min=board.min_players,
                           max=board.max_players, n=n - board.max_players)

    def _seats_changed(self) -> None:
        """After a seat is added or removed: the seat note said, changed or taken away
        (any other line stays until it is answered)."""
        note = self._seat_note()
        if note or self.error == self._last_seat_note:
            self._show_error(note)
        self._last_seat_note = note

    def _even_changed(self, value: bool) -> None:
        self.setup.even_dragons = value
        self._show_figures()

    def _show_figures(self) -> None:
        """The balance lab's figures for this map under the rules chosen (issue 37):
        how often each dragon wins under AI play, so a player sees Copper's edge."""
        path = self.choice.entry.path if self.choice.board is not None else None
        even = self.setup.even_dragons
        options = figures.lines(path, even)
        if not options and even and figures.line(path):
            options = [_("Even dragons: not yet measured on this map")]
        # the longest form that fits: without its heading, then the leaders alone (all
        # are in the tooltip); German and Polish ran past the column (issue 38 audit)
        font = getattr(self.figures, "font", None)
        room = self.figures.rect.w - self.look.px(8)
        text = next((t for t in options if font is None or font.size(t)[0] <= room),
                    options[-1] if options else "")
        self.figures.set_text(text)
        self.figures.set_tooltip(figures.tip(path, even) or None, delay=0.3)

    def refresh(self) -> bool:
        """Read the map folders again if a file changed; True when the list changed."""
        stamp = self._fingerprint()
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        self._rebuild()
        return True

    def covered(self) -> None:
        self._covered = True  # an overlay on top (Show problems, help): no rebuilds

    def uncovered(self) -> None:
        self._covered = False

    def update(self, dt: float) -> bool:
        if getattr(self, "_covered", False):
            return False
        self._since_poll += dt
        if self._since_poll >= POLL and self.dialog is None:
            self._since_poll = 0.0
            return self.refresh()
        return False

    def open_file_dialog(self) -> None:
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(w - 40, self.look.px(640)), min(h - 40,
                                                                       self.look.px(520)))
        rect.center = (w // 2, h // 2)
        start = self.setup.map_path if self.choice.entry.origin in ("user", "file") \
            else str(user_maps_dir(self.app.data_dir))
        self.dialog = UIFileDialog(rect, self.ui, window_title=_("Open a map (.tmx)"),
                                   initial_file_path=start,
                                   allowed_suffixes={".tmx", ".tmj", ".json"},
                                   allow_existing_files_only=True)

    def open_map(self, path: str | Path) -> None:
        """Add a map file to the list (broken or not) and choose it."""
        path = str(Path(path).resolve())
        if path not in _opened:
            _opened.append(path)
        self._read_fields()
        self.setup.map_path = path
        self.leave()
        self.enter()
        self._set_map(self.choice.key)

    def _cyclers(self) -> list[Cycler]:
        """Every cycler on the screen: each steps when clicked (one list, so a new
        option cannot be drawn and keyed but left deaf to the mouse, as Even dragons was)."""
        return [c for row in self.seat_rows for c in row[1:3]] + [
            self.target, self.cards, self.handover, self.even, self.map_cycle]

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            for cyc in self._cyclers():
                if cyc.handle(event):
                    if cyc is self.map_cycle:
                        self._select_list(self.map_index)
                    return True
            for i, row in enumerate(self.seat_rows):
                if el is row[3]:
                    del self.setup.seats[i]
                    self._rebuild()
                    self._seats_changed()
                    return True
            if el is self.add_btn:
                # a new AI plays at the level of the last AI seat: three Easy dragons
                # took two clicks each to add (issue 33 play-through)
                level = next((s.level for s in reversed(self.setup.seats)
                              if s.kind == "ai"), "normal")
                self.setup.seats.append(Seat("ai", level))
                self._rebuild()
                self._seats_changed()
                return True
            if el is self.back_btn:
                self.app.pop()
                return True
            if el is self.start_btn:
                self.start()
                return True
            if el is self.open_btn:
                self.open_file_dialog()
                return True
            if el is self.problems_btn:
                self.show_problems()
                return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and \
                event.ui_element is self.dialog:
            self.dialog = None
            self.open_map(event.text)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and \
                event.ui_element is self.dialog:
            self.dialog = None
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.map_list:
            idx = next((i for i, item in enumerate(self.map_list.item_list)
                        if item["selected"]), self.map_index)
            self.map_cycle.set_value(self.choices[idx].key)
            self._set_map(self.choices[idx].key)
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
                self.app.push(HelpOverlay(self.app))
                return True
        return False

    def _scroll_to(self, index: int) -> None:
        """Bring the chosen map into the list's view (it may be below the fold)."""
        bar = getattr(self.map_list, "scroll_bar", None)
        if bar is not None and self.choices:
            bar.set_scroll_from_start_percentage(max(0, index - 2) / len(self.choices))

    def _select_list(self, index: int) -> None:
        self._scroll_to(index)
        for i, item in enumerate(self.map_list.item_list):
            item["selected"] = i == index
            if item["button_element"] is not None:
                if item["selected"]:
                    item["button_element"].select()
                else:
                    item["button_element"].unselect()

    def start(self) -> None:
        text = self.seed.get_text().strip()
        try:
            parse_seed(text) if text else None
        except ValueError:
            self._show_error(_("The seed must be a whole number of at most 77 digits (or "
                               "blank for a random one)"))
            return
        self._read_fields()
        if not self.choice.ok:
            self._show_error(_("{map} cannot be played: {problem}").format(
                map=self.choice.title, problem=self.choice.entry.first_problem))
            return
        self.setup.map_path = self.choice.key
        if any(s.kind == "remote" for s in self.setup.seats):
            self._host()  # a remote seat makes this an online game (issue 23)
            return
        try:
            controller = GameController(self.setup, ai_mode=getattr(self.app, "ai_mode",
                                                                    "worker"),
                                        data_dir=getattr(self.app, "data_dir", None))
        except SetupError as exc:
            self._show_error(capitalised(shown(exc)))  # Words: the player's language
            return

        self.app.replace(GameScene(self.app, controller))

    def _thumb(self, look) -> pygame.Surface:
        c = self.choice
        if c.ok:
            return thumbnail(c.board, self.thumb_size, look.palette)
        return broken_thumbnail(c.entry, self.thumb_size, look)

    def show_problems(self) -> None:
        broken = [c.entry for c in self.choices if not c.ok]
        if broken:
            self.app.push(ProblemsOverlay(self.app, broken))

    def _host(self) -> None:
        controller = None
        bind = getattr(self.app, "net_bind", "0.0.0.0")  # tests: 127.0.0.1, any port
        ports = (8765, 0) if bind == "0.0.0.0" else (0,)  # the usual port, else any free one
        # `narby host --port/--code/...` (game/net/cli.py): the port asked for, only it
        asked: dict = dict(getattr(self.app, "net_options", None) or {})
        if "port" in asked:
            port = asked.pop("port")
            ports = (port, 0) if port == 8765 else (port,)  # (8765: the default, if busy)
        asked.setdefault("advertise", bind == "0.0.0.0")
        for port in ports:
            try:
                controller = NetHostController.host(
                    self.setup, port=port, bind=bind,
                    ai_mode=getattr(self.app, "ai_mode", "worker"),
                    data_dir=getattr(self.app, "data_dir", None), **asked)
                break
            except SetupError as exc:
                self._show_error(capitalised(shown(exc)))  # Words: the player's language
                return
            except OSError as exc:
                error = _("Cannot host a game here: {reason}").format(reason=exc)
        if controller is None:
            self._show_error(error)
            return
        self.app.replace(HostLobbyScene(self.app, controller))

    def _show_error(self, text: str) -> None:
        self.error = text
        self.error_label.set_text(text)

    def draw_after_ui(self, surface) -> None:
        """The seed field's hint, dimmed and in italics-free small type so it never looks
        like an entered seed (pygame-gui draws a placeholder as ordinary text); a gold
        frame round the field while it has the keyboard."""
        seed = getattr(self, "seed", None)
        if seed is None or not seed.alive() or self.app.top is not self:
            return
        look = self.look
        if seed.is_focused:  # the keyboard is in the field: a gold frame says so
            pygame.draw.rect(surface, look.colour("gold"), seed.rect.inflate(4, 4), 2,
                             border_radius=look.px(6))
        if seed.get_text() or seed.is_focused:
            return
        hint = look.text(_("blank = random"), look.fs(13), look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(midleft=(seed.rect.x + look.px(10),
                                                  seed.rect.centery)))

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
        if self.first_run:  # issue 16: how the levels differ, in one line (wrapped)
            x, y, w = self.levels_at
            font = look.font(look.fs(15), bold=True)
            for line in look.wrap(_(LEVELS_LINE), font, w)[:2]:
                surface.blit(font.render(line, True, look.colour("gold")), (x, y))
                y += font.get_linesize()
        thumb = self._thumb(look)
        at = (self.right.x, self.thumb_top)
        surface.blit(thumb, at)
        pygame.draw.rect(surface, look.colour("gold_dim"), (*at, *thumb.get_size()), 2)


def target_source(map_target: int | None, chosen: int | None) -> str:
    """Which target the game will use and where it comes from (the map info line)."""
    if chosen is None:
        return (_("target {n} coins, set by the map").format(n=map_target) if map_target
                else _("target {n} coins, the rule book's").format(n=TARGETS[0]))
    if map_target and chosen != map_target:
        return _("target {n} coins, your choice (the map says {map})").format(
            n=chosen, map=map_target)
    return _("target {n} coins, your choice").format(n=chosen)


def _short(path: Path) -> str:
    """A folder for a one-line label: the home folder as ~."""
    try:
        return "~/" + str(Path(path).resolve().relative_to(Path.home().resolve()))
    except (ValueError, RuntimeError, OSError):
        return str(path)


def _fit(words: str, path: str, font, width: int) -> str:
    """`words` with `path` for its {folder}, the path's start cut so the label fits
    (its ending kept: the folder)."""
    text = words.format(folder=path)
    while path and font.size(text)[0] > width:
        path = path[1:]
        text = words.format(folder="…" + path)
    return text


def capitalised(text: str) -> str:
    """A refusal as a line of its own: its first letter a capital (the rest as is)."""
    return text[:1].upper() + text[1:]


def shown_titles(choices: list[Choice]) -> list[str]:
    """Each map's title, with its file name where two or more maps share a title (maps
    copied from one starter all say "My New Map")."""
    counts = Counter(c.title for c in choices)
    return [f"{c.title} ({c.entry.path.name})" if counts[c.title] > 1 and c.key else c.title
            for c in choices]


def _item_id(c: Choice) -> str:
    """The list line's theme id: its colours, in a font that has the title's script."""
    return scripts.object_id("#map_item" if c.ok else "#map_broken", c.title)


def _item_text(c: Choice, shown: str | None = None, fits=None) -> str:
    e = c.entry
    name = shown or e.title
    mine = " " + _("(yours)") if e.origin == "user" else " " + _("(file)") \
        if e.origin == "file" else ""
    if not c.ok:
        return _("{map} · broken: {problem}").format(map=name + mine,
                                                     problem=e.first_problem)
    rows = [f"{name}{mine} · {e.size_text.replace('x', '×')} · {e.dragons_text}",
            f"{name}{mine} · {e.dragons_text}", f"{name}{mine}"]
    return next((r for r in rows if fits is None or fits(r)), rows[-1])


def broken_thumbnail(entry, size: int, look) -> pygame.Surface:
    """A broken map's tile: what can be drawn of it, dimmed, with a red 'problems' tag."""
    key = ("broken", str(entry.path), len(entry.problems), size, look.palette)
    if key not in _thumbs:
        spec, _problems = catalog.inspect(entry.path, draft=True)
        if spec is not None:
            try:
                surf = thumbnail(spec, size, look.palette).copy()
            except Exception:
                spec = None
        if spec is None:
            surf = pygame.Surface((size, size))
            surf.fill((44, 46, 60))
        veil = pygame.Surface((size, size), pygame.SRCALPHA)
        veil.fill((20, 18, 26, 150))
        surf.blit(veil, (0, 0))
        n = len(entry.problems)
        tag = look.text(n_("{n} problem", "{n} problems", n).format(n=n), look.fs(18),
                        (255, 128, 112), bold=True)
        surf.blit(tag, tag.get_rect(center=(size // 2, size // 2)))
        _thumbs[key] = surf
    return _thumbs[key]


class ProblemsOverlay(Scene):
    """Every problem of every broken map in the picker, with the fix for each."""

    overlay = True

    def __init__(self, app, entries):
        super().__init__(app)
        self.entries = list(entries)

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        self.rect = pygame.Rect(0, 0, min(w - look.px(60), look.px(900)),
                                h - look.px(80))
        self.rect.center = (w // 2, h // 2)
        r = self.rect
        pad = look.px(16)
        self.title = label(self.ui, (r.x + pad, r.y + pad, r.w - 2 * pad, look.px(40)),
                           _("Maps that cannot be played"), cls="@heading")
        row = look.px(40)
        self.box = UITextBox(self._html(), pygame.Rect(r.x + pad, r.y + pad + look.px(48),
                                                       r.w - 2 * pad,
                                                       r.h - 3 * pad - look.px(48) - row),
                             self.ui)
        self.close_btn = button(self.ui, (r.right - pad - look.px(160), r.bottom - pad - row,
                                          look.px(160), row), _("Close"), tip="Esc")

    def _html(self) -> str:
        out = []
        for e in self.entries:
            n = len(e.problems)
            out.append(f"<font size=4><b>{scripts.html(e.title)}</b></font> <font color='#aaa496'>"
                       f"{escape(str(e.path))}</font><br><font color='#ff8070'>"
                       + n_("{n} problem", "{n} problems", n).format(n=n) + "</font>")
            for p in e.problems[:catalog.SHOWN_PROBLEMS]:
                where = f"<b>{escape(p.where)}</b>: " if p.where else ""
                out.append(f"• {where}{escape(p.what)}<br><font color='#aaa496'>"
                           "&nbsp;&nbsp;" + _("Fix: {fix}").format(fix=escape(p.fix))
                           + "</font>")
            if n > catalog.SHOWN_PROBLEMS:
                out.append(escape(catalog.more_problems_text(n - catalog.SHOWN_PROBLEMS,
                                                             e.path)))
            out.append("")
        return "<br>".join(out)

    def leave(self) -> None:
        for w in (self.title, self.box, self.close_btn):
            w.kill()

    def handle(self, event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close_btn) \
                or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE,
                                                                   pygame.K_RETURN)):
            self.app.pop()
            return True
        return False

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 10, 16, 170))
        surface.blit(veil, (0, 0))
        panel_rect(surface, self.rect, self.look)

"""Online play screens (issue 23): the host's lobby and Join game.

HostLobbyScene shows the address and join code a host gives its friends, and every
seat (who has joined, who is an AI, who plays here) until the host starts. JoinScene
takes an address (or finds games on the local network), joins, and shows the host's
lobby until the game starts; then both go to the ordinary board screen, driven by the
controllers of game/ui/net_window.py.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_copy
from pygame_gui.elements import UITextEntryLine

from game import house_rules
from game.i18n import N_, _, n_
from game.maps.loader import MapError
from game.net import map_share
from game.net.client import NO_PIN, ClientThread
from game.net.discovery import browse
from game.net.invite import EXAMPLE, InviteError, parse_invite
from game.net.protocol import encode, message
from game.net.tls import normal_pin
from game.net.words import refusal
from game.ui import idle
from game.ui.net_window import (
    RemoteController,
    last_joined,
    remember_token,
    remembered_token,
)
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.game import GameScene
from game.ui.scenes.widgets import KeyNav, button, dialog_key, kind_name, label
from game.words import dragon as dragon_name
from game.words import shown


def _seat_lines(lobby: dict | None, me: str | None = None) -> list[tuple[str, str, str]]:
    """[(dragon, who, status)] for the seat table."""
    out = []
    for s in (lobby or {}).get("seats", []):
        kind = s["kind"]
        who = {"remote": _("Remote player"), "local": _("At the host's screen")}.get(
            kind) or _("AI · {level}").format(level=kind_name(kind))
        if s["dragon"] == me:
            who = _("You")
        if s.get("name"):
            who += f" · {s['name']}"
        if kind != "remote":
            status = "ready"
        elif s.get("standin"):
            status = "standin"
        elif s.get("away"):
            status = "away"
        else:
            status = "joined" if s.get("connected") else "waiting"
        out.append((s["dragon"], who, status))
    return out


# a seat's state in the lobbies (N_: translated where drawn)
SEAT_STATUS = {"ready": N_("ready"), "standin": N_("an AI stands in"), "away": N_("away"),
               "joined": N_("joined"), "waiting": N_("waiting for a player…")}


def _draw_seats(surface, look, x: int, y: int, w: int, lines, row: int = 0) -> int:
    row = row or look.px(40)
    for dragon, who, status in lines:
        icon = look.sprite(f"dragon/{dragon}", row - 8)
        surface.blit(icon, (x, y + 4))
        # the dragon's colour made readable on the panel (Black was 1.1:1 there)
        name = look.text(dragon_name(dragon), look.fs(18),
                         look.readable(look.dragon_colour(dragon), look.colour("panel")),
                         bold=True)
        surface.blit(name, (x + row + look.px(6), y + (row - name.get_height()) // 2))
        who_s = look.text(who, look.fs(16), look.colour("text"))
        surface.blit(who_s, (x + row + look.px(110), y + (row - who_s.get_height()) // 2))
        colour = "green" if status in ("joined", "ready") else "gold"
        words = _(SEAT_STATUS[status]) if status in SEAT_STATUS else status
        st = look.text(words, look.fs(16), look.colour(colour))
        surface.blit(st, (x + w - st.get_width(), y + (row - st.get_height()) // 2))
        y += row
    return y


def _paragraph(surface, look, text: str, size: int, at: tuple[int, int], width: int) -> int:
    """`text` dimmed and wrapped to `width` from `at`; the y below its last line."""
    x, y = at
    for line in look.wrap(text, look.font(look.fs(size)), width):
        shown = look.text(line, look.fs(size), look.colour("text_dim"))
        surface.blit(shown, (x, y))
        y += shown.get_height()
    return y


LOOKING = N_("Looking for games on this network…")
# what may wait for the host's map (a few states and chat lines; a real map takes seconds)
MAX_HELD_BYTES = 64 * 1024 * 1024


def _game_line(map_title: str, target, cards) -> str:
    """The lobbies' line on the game: map, target, power cards."""
    # TRANSLATORS: {map} is a map's title, {target} the coins to win
    return (_("{map} · target {target} coins · with power cards") if cards else
            _("{map} · target {target} coins · without power cards")).format(
        map=map_title, target=target)


def _capital(sentence: str) -> str:
    """A refusal that also ends a command line's "narby join: ..." starts a line here."""
    return sentence[:1].upper() + sentence[1:]


def _joined(seat) -> str:
    return _("Joined as {dragon}: waiting for the host to start").format(
        dragon=dragon_name(seat)) if seat else _("Watching: waiting for the host to start")


class HostLobbyScene(Scene):
    """The host's lobby: the address to give, the seats, Start when everyone is in."""

    def __init__(self, app, controller):
        super().__init__(app)
        self.c = controller
        self.error = ""
        # a typed seed gives the same game again, so it is not secret: said first
        self.note = getattr(controller, "seed_warning", "")
        self.widgets: list = []

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pad = look.px(24)
        self.frame = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        f = self.frame
        row_h = look.px(44)
        bw = look.px(200)
        bottom = f.bottom - look.px(16) - row_h
        self.widgets = [label(self.ui, (f.x + pad, f.y + look.px(14), look.px(500),
                                        look.px(60)), _("Host online"), cls="@title")]
        self.start_btn = button(self.ui, (f.right - pad - bw, bottom, bw, row_h),
                                _("Start game"), cls="@primary",
                                tip=_("Start when every remote seat has its player")
                                + " (Enter)")
        self.back_btn = button(self.ui, (f.right - 2 * pad - 2 * bw, bottom, bw, row_h),
                               _("Cancel"), tip=_("Stop hosting") + " (Esc)")
        cw = look.px(120)
        self.copy_btn = button(self.ui, (f.right - pad - cw, f.y + look.px(90) + look.px(28),
                                         cw, row_h), _("Copy"),
                               tip=_("Copy the invite, to paste in a message to your friends"))
        self.widgets += [self.start_btn, self.back_btn, self.copy_btn]
        # your name, for the other players' screens (one seat played here)
        nw = look.px(260)
        self.name_entry = None
        if sum(s.kind == "local" for s in self.c.core.seats.values()) == 1:
            self.widgets.append(label(self.ui, (f.right - pad - nw - look.px(120),
                                                f.y + look.px(28), look.px(115), row_h),
                                      _("Your name"), cls="@note"))
            self.name_entry = UITextEntryLine(pygame.Rect(f.right - pad - nw,
                                                          f.y + look.px(28), nw, row_h),
                                              self.ui)
            self.name_entry.set_text_length_limit(24)
            here = next(s for s in self.c.core.seats.values() if s.kind == "local")
            self.name_entry.set_text(here.name or "")
            self.widgets.append(self.name_entry)
        self.nav = KeyNav()
        self.nav.set_items([w for w in (self.name_entry, self.copy_btn, self.back_btn,
                                        self.start_btn) if w is not None])
        # a map too large to send (or with a file missing): friends need it installed
        self.map_unsent = bool(self.c.match.board.source) and self.c.core.map_info() is None
        self._refresh()

    def leave(self) -> None:
        for wdg in self.widgets:
            wdg.kill()
        self.widgets = []

    def _refresh(self) -> None:
        ready = self.c.core.seats_ready()
        if ready != getattr(self, "_was_ready", ready):
            self.note = ""  # who has joined is the news now, not the clipboard
        self._was_ready = ready
        if ready:
            self.error = ""  # "Every remote seat needs its player" no longer holds
        if ready and not self.start_btn.is_enabled:
            self.start_btn.enable()
        elif not ready and self.start_btn.is_enabled:
            self.start_btn.disable()

    def update(self, dt: float) -> bool:
        """Redraw only when what the lobby shows changed (a player joined or left, a
        name): the window rests between (what arrives wakes it: game.ui.idle)."""
        self.c.poll()
        self.c.ai_notes.clear()  # the lobby shows the seats themselves
        self._refresh()
        shown = (self.c.core.lobby(), self.error, self.note)
        changed, self._shown = shown != getattr(self, "_shown", None), shown
        return changed

    def wake_in(self) -> float | None:
        return None  # only input and the network (which wakes the window) change it

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and \
                event.ui_element is self.name_entry:
            self.c.set_name(event.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element is self.name_entry:
            self.c.set_name(event.text)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start_btn:
                self.start()
                return True
            if event.ui_element is self.back_btn:
                self.cancel()
                return True
            if event.ui_element is self.copy_btn:
                self.copy()
                return True
        if self.nav.handle(event):
            return True
        return dialog_key(event, self.start, self.cancel)

    def copy(self) -> None:
        try:
            clipboard_copy(self.c.address())
            self.error = ""
            self.note = _("The invite is on the clipboard: paste it to your friends")
        except Exception:  # noqa: BLE001 - no clipboard here (a bare X server): say so
            self.note = _("No clipboard here: read the invite out to your friends")

    def start(self) -> None:
        if not self.c.core.seats_ready():
            self.error = _("Every remote seat needs its player before the game starts")
            return
        self.c.net.send(self.c.core.start())

        self.app.replace(GameScene(self.app, self.c))

    def cancel(self) -> None:
        self.c.close()
        self.app.pop()

    def draw(self, surface) -> None:
        look = self.look
        surface.blit(backdrop(look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, look)
        f = self.frame
        x = f.x + look.px(28)
        y = f.y + look.px(90)
        width = f.w - look.px(56)
        # long sentences, longer still in French and German: wrapped to the panel
        hint = _("Your friends choose Join game and type this invite (Copy puts it on the "
                 "clipboard):")
        y = _paragraph(surface, look, hint, 17, (x, y), width) + look.px(8)
        invite = self.c.invite()
        room = self.copy_btn.rect.x - x - look.px(12)
        size = 30  # the largest size at which the whole invite fits on one line
        while size > 16 and look.font(look.fs(size), bold=True).size(invite.text())[0] > room:
            size -= 1
        addr = look.fit_text(invite.text(), look.font(look.fs(size), bold=True), room,
                             look.colour("gold"))
        surface.blit(addr, (x, y))
        y += max(addr.get_height(), look.px(40)) + look.px(6)
        code = look.text(_("Join code  {code}      Fingerprint  {pin}").format(
                             code=invite.code, pin=invite.pin),
                         look.fs(19), look.colour("text"), bold=True)
        surface.blit(code, (x, y))
        y += code.get_height() + look.px(4)
        note = _("Encrypted: the fingerprint proves to your friends that they reached this "
                 "machine. On the same network, Find games nearby also finds it (the code "
                 "is still needed).")
        y = _paragraph(surface, look, note, 14, (x, y), width) + look.px(22)
        head = look.text(_("Seats"), look.fs(20), look.colour("gold"), bold=True)
        surface.blit(head, (x, y))
        head_y = y
        y += head.get_height() + look.px(6)
        seats = _seat_lines(self.c.core.lobby())
        # rows closer together where a small window at a large scale (and a sentence
        # wrapped above) leaves less than 40 px a seat above the buttons
        room = self.start_btn.rect.top - look.px(6) - y
        row = max(look.px(28), min(look.px(40), room // max(1, len(seats))))
        y = _draw_seats(surface, look, x, y, min(width, look.px(760)), seats, row)
        m = self.c.match
        opts = _game_line(m.board.title, m.options["target"], m.options["cards"])
        opts += "".join(f" · {t}" for t in house_rules.titles(m.options))
        if self.map_unsent:
            opts += " · " + _("this map cannot be sent to friends: they need it installed")
        o = look.text(opts, look.fs(16), look.colour("gold" if self.map_unsent else
                                                     "text_dim"))
        # above the status line; where a large scale brings the seats down that far,
        # beside the Seats heading (or, too long for that, under the seats)
        at = (x, f.bottom - look.px(110))
        if at[1] < y + look.px(6):
            beside = x + head.get_width() + look.px(24)
            at = (beside, head_y + head.get_height() - o.get_height()) \
                if beside + o.get_width() <= x + width else (x, y + look.px(6))
        surface.blit(o, at)
        msg = self.error or self.note or (_("Everyone is here: start when you are ready")
                                          if self.c.core.seats_ready() else
                                          _("Waiting for players to join…"))
        colour = "red" if self.error else "text"
        # left of the buttons: a long line (an error, the typed seed's note) wraps over
        # two lines in a smaller type rather than running under Cancel
        room = self.back_btn.rect.x - x - look.px(16)
        base = f.bottom - look.px(16) - look.px(44) + look.px(10)
        font = look.font(look.fs(17), bold=True)
        lines = look.wrap(msg, font, room)
        if len(lines) > 1:
            font = look.font(look.fs(14), bold=True)
            lines = look.wrap(msg, font, room)
            top = base + look.px(22) - len(lines[:3]) * font.get_linesize()
        else:
            top = base
        for i, line in enumerate(lines[:3]):
            t = look.fit_text(line, font, room, look.colour(colour))
            surface.blit(t, (x, top + i * font.get_linesize()))


class JoinScene(Scene):
    """Join game: an address (or a game found on this network), a name; then the lobby."""

    def __init__(self, app, address: str = "", auto: bool = False):
        """`auto`: join at once (the main menu's Rejoin last game, with the seat's
        remembered token)."""
        super().__init__(app)
        self.auto = auto
        # the game joined last, offered again (its seat's token is remembered)
        self.address = address or last_joined(getattr(app, "data_dir", None)) or ""
        self.name = ""
        # an invite already filled in (narby join INVITE, the last game) needs only Join
        self.status = (_("Press Join (Enter) to connect") if self.address else
                       _("Type the invite the host shows, e.g. {example}").format(
                           example=EXAMPLE))
        self.status_colour = "text_dim"
        self.client: ClientThread | None = None
        self.url = ""
        self.welcome: dict | None = None
        self.lobby: dict | None = None
        self.early: dict | None = None  # the state sent in the lobby (the log so far)
        self.found: list[dict] | None = None
        self.found_pins: dict[tuple[str, int], str] = {}  # announced on this network
        self.fetch: map_share.Receiver | None = None  # the host's map, on its way
        self.map_path: Path | None = None  # the host's map on this machine
        self.held: list[dict] = []  # what came while the map was on its way
        self.held_bytes = 0
        self.refused = ""  # the host's refusal, in words, kept when the line closes
        self._searching = False
        self.widgets: list = []
        self.found_btns: list = []

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pad = look.px(24)
        self.frame = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        f = self.frame
        row_h = look.px(40)
        x = f.x + look.px(28)
        fw = min(f.w - look.px(56), look.px(900))  # a whole invite fits
        y = f.y + look.px(96)
        self.widgets = [label(self.ui, (f.x + pad, f.y + look.px(14), look.px(500),
                                        look.px(60)), _("Join game"), cls="@title")]
        self.widgets.append(label(self.ui, (x, y, look.px(120), row_h), _("Invite"),
                                  cls="@note"))
        self.addr_entry = UITextEntryLine(pygame.Rect(x + look.px(130), y, fw - look.px(130),
                                                      row_h), self.ui)
        self.addr_entry.set_text_length_limit(120)
        self.addr_entry.set_text(self.address)
        y += row_h + look.px(8)
        self.widgets.append(label(self.ui, (x, y, look.px(120), row_h), _("Your name"),
                                  cls="@note"))
        self.name_entry = UITextEntryLine(pygame.Rect(x + look.px(130), y, look.px(260),
                                                      row_h), self.ui)
        self.name_entry.set_text_length_limit(24)
        self.name_entry.set_text(self.name)
        y += row_h + look.px(14)
        bw = look.px(200)
        self.join_btn = button(self.ui, (x + look.px(130), y, bw, row_h), _("Join"),
                               cls="@primary", tip=_("Connect to the host") + " (Enter)")
        self.find_btn = button(self.ui, (x + look.px(140) + bw, y, bw + look.px(40), row_h),
                               _("Find games nearby"),
                               tip=_("Look for games hosted on this network (zeroconf)"))
        self.list_top = y + row_h + look.px(18)
        bottom = f.bottom - look.px(16) - row_h
        self.back_btn = button(self.ui, (f.right - pad - bw, bottom, bw, row_h), _("Back"),
                               tip="Esc")
        self.widgets += [self.addr_entry, self.name_entry, self.join_btn, self.find_btn,
                         self.back_btn]
        self._found_buttons()
        self.nav = KeyNav()
        self.nav.set_items([self.addr_entry, self.name_entry, self.join_btn, self.find_btn,
                            self.back_btn])
        if not self.address:
            self.addr_entry.focus()
        if self.auto:
            self.auto = False
            self.join()

    def _hide_found(self) -> None:
        for b in self.found_btns:
            b.kill()
        self.found_btns = []
        self.found = None

    def _found_buttons(self) -> None:
        for b in self.found_btns:
            b.kill()
        self.found_btns = []
        look = self.look
        x = self.frame.x + look.px(28) + look.px(130)
        y = self.list_top + look.px(30)
        for g in (self.found or [])[:5]:
            name = g["title"] or _("A game")
            text = f"{name} · {g['address']}:{g['port']}"
            self.found_btns.append(button(self.ui, (x, y, look.px(480), look.px(36)), text,
                                          tip=_("Use this address (then type the join code)")))
            y += look.px(40)

    def leave(self) -> None:
        self.address = self.addr_entry.get_text()
        self.name = self.name_entry.get_text()
        for wdg in self.widgets + self.found_btns:
            wdg.kill()
        self.widgets, self.found_btns = [], []

    # ----- joining ------------------------------------------------------------------
    def join(self) -> None:
        text = self.addr_entry.get_text().strip()
        try:
            invite = parse_invite(text)
        except InviteError as exc:
            self._say(_capital(shown(exc)), "red")
            return
        if not invite.code:
            self._say(_("The invite needs the join code after the port: {form}").format(
                form="wss://HOST:PORT/CODE#FINGERPRINT"), "red")
            return
        if invite.pin is None:  # a game found on this network brought its own pin
            invite = invite.with_pin(self.found_pins.get((invite.host, invite.port)))
        if invite.pin is None:
            self._say(_capital(NO_PIN.shown()), "red")
            return
        self.url = invite.text()
        hello = message("hello", code=invite.code)
        token = remembered_token(self.app.data_dir, self.url)
        if token:
            hello["token"] = token  # this window played here before: the same seat
        name = self.name_entry.get_text().strip()[:24]
        if name and name.isprintable():
            hello["name"] = name
        if self.client is not None:
            self.client.close()
        self.welcome = self.lobby = self.early = None
        self.fetch, self.map_path, self.held = None, None, []
        self.refused = ""
        self._hide_found()  # the host's lobby is drawn where the found games were
        # what the host sends wakes a resting window (game.ui.idle)
        self.client = ClientThread(self.url, hello, on_arrival=idle.wake).start()
        self._say(_("Connecting to {address} (encrypted)…").format(
            address=f"{invite.host}:{invite.port}"), "text")

    def _say(self, text: str, colour: str = "text_dim") -> None:
        self.status, self.status_colour = text, colour

    def find(self) -> None:
        if self._searching:
            return
        self._searching = True
        self._say(_(LOOKING), "text")

        def work():
            self.found = browse(2.0)
            self._searching = False
            idle.wake()  # the list is shown at once, not at the window's next look

        threading.Thread(target=work, daemon=True, name="narby-browse").start()

    def update(self, dt: float) -> bool:
        """Take what the search and the host sent; True (a redraw) when something came.
        Between, the window rests: the search's end and each message wake it."""
        changed = False
        if self.found is not None and not self._searching and self.found_btns == [] \
                and self.found and self.client is None and self.lobby is None:
            self._found_buttons()
            self._say(n_("Found {n} game: pick it, then add the join code",
                         "Found {n} games: pick one, then add the join code",
                         len(self.found)).format(n=len(self.found)), "text")
            changed = True
        elif self.found == [] and not self._searching and self.status == _(LOOKING):
            self._say(_("No games answered on this network (type the host's address)"),
                      "gold")
            changed = True
        if self.client is None:
            return changed
        arrived, self.held, self.held_bytes = self.held + self.client.poll(), [], 0
        if not arrived:
            return changed
        for i, msg in enumerate(arrived):
            kind = msg.get("type")
            if self.fetch is not None and kind not in ("map", "error", "closed"):
                self.held.append(msg)  # the game waits for its map
                self.held_bytes += len(encode(msg))
                if self.held_bytes > MAX_HELD_BYTES:  # a host flooding instead of sending it
                    self._say(_("Cannot take part: the host sent too much before its map"),
                              "red")
                    self._give_up()
                    return True
                continue
            if kind == "welcome":
                self.welcome = msg
                remember_token(self.app.data_dir, self.url, msg.get("token"))
                seat = msg.get("seat")
                self._say(_joined(seat), "green")
                if not self._want_map(msg):
                    return True
            elif kind == "map" and self.fetch is not None:
                if not self._map_part(msg):
                    return True
                if self.fetch is None:  # whole: what waited for it goes on next frame
                    self.held += arrived[i + 1:]
                    return True
            elif kind == "lobby":
                self.lobby = msg
            elif kind == "state" and not (self.lobby or {}).get("started"):
                self.early = msg  # its events are the game's log so far: kept for the board
            elif kind == "state" and self.welcome is not None:
                # what came in the same batch (the next states: an AI's move, our
                # own turn) belongs to the game: the board screen handles it next
                self._start(msg, arrived[i + 1:])
                return True
            elif kind == "error":
                # a fatal refusal is followed by the connection closing: its sentence
                # (what to do) stays on screen, not "the host closed the connection"
                if msg.get("fatal"):
                    self.refused = refusal(msg.get("reason"))
                self._say(refusal(msg.get("reason")), "red")
                if self.fetch is not None:
                    self._give_up()
                    return True
            elif kind == "closed":
                self._say(self.refused or msg.get("words") or (
                    _("The host stopped hosting this game — ask them to host it again")
                    if self.welcome is not None else
                    _("The host closed the connection — check the address and try again")),
                    "red")
                self.client = None
                return True
        return True

    def wake_in(self) -> float | None:
        return None  # only input, the search's end and the host's messages (which wake it)

    def _want_map(self, welcome: dict) -> bool:
        """Find the host's map here or ask for it; False when the join cannot go on."""
        info = (welcome.get("game") or {}).get("map_bundle")
        if info is None or self.map_path is not None:
            return True
        try:
            self.map_path = map_share.local_copy(info, self.app.data_dir)
            if self.map_path is None:
                self.fetch = map_share.Receiver(info, self.app.data_dir)
        except map_share.MapShareError as exc:
            self._say(_("Cannot take part: {reason}").format(reason=shown(exc)), "red")
            self._give_up()
            return False
        if self.fetch is not None and self.client is not None:
            self.client.send(message("map_request"))
            self._say(_("Receiving the host's map {map} ({kb} KB)…").format(
                map=info["name"], kb=max(1, info["bytes"] // 1024)), "text")
        return True

    def _map_part(self, msg: dict) -> bool:
        assert self.fetch is not None  # a map part is taken only while one is asked for
        try:
            path = self.fetch.take(msg)
        except map_share.MapShareError as exc:
            self._say(_("Cannot take part: {reason}").format(reason=shown(exc)), "red")
            self._give_up()
            return False
        if path is None:
            self._say(_("Receiving the host's map… {percent}%").format(
                percent=int(self.fetch.progress * 100)), "text")
            return True
        self.fetch, self.map_path = None, path
        seat = (self.welcome or {}).get("seat")
        self._say(_("Map received. {joined}").format(joined=_joined(seat)), "green")
        return True

    def _give_up(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client, self.fetch, self.held = None, None, []

    def _start(self, state: dict, backlog: list[dict]) -> None:
        client, welcome = self.client, self.welcome
        assert client is not None and welcome is not None  # connected and welcomed (update)
        early = self.early
        if early is not None and state.get("events_from") == \
                early.get("events_from", 0) + len(early.get("events", [])):
            # the host sent the log so far with the lobby's state, not again at the start
            state = {**state, "events_from": early.get("events_from", 0),
                     "events": early.get("events", []) + state.get("events", [])}
        try:
            c = RemoteController(client, welcome, self.lobby, state, url=self.url,
                                 data_dir=self.app.data_dir, backlog=backlog,
                                 map_path=self.map_path)
        except MapError as exc:  # read by the safe reader, and refused
            if self.map_path is not None:
                map_share.forget(self.map_path)
            first = exc.problems[0] if exc.problems else None
            self._say(_("Cannot show this game: the host's map cannot be read here")
                      + (f" ({first.what})" if first else ""), "red")
            client.close()
            self.client = None
            return
        except Exception as exc:  # noqa: BLE001 - e.g. the host's map is not installed here
            self._say(_("Cannot show this game: {reason}").format(reason=exc), "red")
            client.close()
            self.client = None
            return
        self.client = None
        self.app.replace(GameScene(self.app, c))

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.join_btn:
                self.join()
                return True
            if event.ui_element is self.find_btn:
                self.find()
                return True
            if event.ui_element is self.back_btn:
                self.back()
                return True
            for b, g in zip(self.found_btns, self.found or [], strict=False):
                if event.ui_element is b:
                    # trusted on first use: what this network announced (docs/ONLINE.md)
                    pin = normal_pin(g.get("pin") or "")
                    if pin is not None:
                        self.found_pins[(g["address"], int(g["port"]))] = pin
                    self.addr_entry.set_text(f"wss://{g['address']}:{g['port']}/")
                    self.addr_entry.focus()
                    self._say(_("Now type the join code after the / and press Enter")
                              if pin else _("This host is an older version: ask it for its "
                                            "invite"), "text" if pin else "gold")
                    return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.join()
            return True
        if self.nav.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def back(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        self.app.pop()

    def draw(self, surface) -> None:
        look = self.look
        surface.blit(backdrop(look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, look)
        x = self.frame.x + look.px(28) + look.px(130)
        font, room = look.font(look.fs(17), bold=True), self.frame.w - look.px(200)
        # a sentence too long for one line breaks before its "— what to do" part, and
        # between words where that is not enough (a mistyped invite quotes it back)
        lines = [self.status] if font.size(self.status)[0] <= room else [
            line for part in self.status.replace(" — ", "\n— ", 1).split("\n")
            for line in look.wrap(part, font, room)]
        for i, text in enumerate(lines):
            st = look.fit_text(text, font, room, look.colour(self.status_colour))
            surface.blit(st, (x, self.list_top + i * font.get_linesize()))
        if self.lobby is not None:
            y = self.list_top + max(look.px(40), len(lines) * font.get_linesize() + look.px(8))
            opts = self.lobby.get("options", {})
            head = look.text(_game_line(self.lobby.get("map_title", ""),
                                        opts.get("target", "?"), opts.get("cards"))
                             + "".join(f" · {t}" for t in house_rules.titles(opts)),
                             look.fs(17), look.colour("gold"))
            surface.blit(head, (x, y))
            me = (self.welcome or {}).get("seat")
            _draw_seats(surface, look, x, y + head.get_height() + look.px(10),
                        min(self.frame.w - look.px(200), look.px(720)),
                        _seat_lines(self.lobby, me))

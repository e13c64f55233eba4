"""Networked play in the window: controllers the board screen drives like a local game.

`NetHostController` is a GameController whose remote seats are played from other
machines: the network runs in a HostThread (its own asyncio loop), and every frame
`poll()` hands what arrived to the HostCore on the main thread, which alone touches the
match (esper worlds are process-global). Local people and AIs play as in any game.

`RemoteController` is what a joining window drives: it has no match of its own, only
the host's seat views. Its `match` is a mirror rebuilt from each view (hidden cards
filled in by `determinize`, never shown: the board shows the host's view itself), so
the board screen, its odds and its action bar work unchanged; answers go to the host.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from pathlib import Path
from types import SimpleNamespace
from typing import cast

from game.decisions import Decision, IllegalAnswer
from game.i18n import _
from game.match import SetupError
from game.net import chat, tls
from game.net.client import ClientThread, board_of
from game.net.discovery import advertise as announce_game
from game.net.discovery import lan_address
from game.net.host import (
    SEAT_KINDS,
    SIDE_FORMAT,
    HostCore,
    HostThread,
    Out,
    join_code,
    new_game,
    pump,
    read_side,
    side_file,
)
from game.net.invite import Invite, InviteError, parse_invite
from game.net.protocol import MAX_NAME, message
from game.net.words import lost_words, refusal
from game.persistence.json_file import read_json
from game.persistence.saves import SaveError, game_id, write_json_atomic
from game.seat_view import determinize
from game.session import SessionError, UndoError
from game.stream_random import new_seed
from game.ui import bindings, idle
from game.ui import net_status as status
from game.ui.controller import GameController, GameSetup, Seat, _map_file
from game.words import Words, from_json, shown, words_of
from game.words import dragon as dragon_name

NO_UNDO = Words("No undo in an online game")
KEPT_BY_HOST = Words("The host keeps this game: Join game rejoins it")
REJOIN_TRIES = 6
NOT_JOINED = "Remote · not joined"


class NetSeat(Seat):
    """A seat whose label the panel shows as given ("Remote · Ann")."""

    def __init__(self, kind: str, level: str = "normal", dragon=None, text: str = ""):
        super().__init__(kind, level, dragon)
        self.text = text
        self.absent = False  # away or played by a stand-in AI (the panel says so first)

    def label(self) -> str:
        return self.text or super().label()


def pump_lobby(core: HostCore) -> list:
    """The lobby, to every connection that has said hello (after a change of names)."""
    msg = core.lobby()
    return [Out(c.cid, msg) for c in core.conns.values() if c.hello]


def starts_turn(events) -> bool:
    """True when these events began a dragon's turn or a round (an online autosave)."""
    return any(e.get("type") in ("turn", "round") for e in events)


def host_kind(seat: Seat) -> str:
    return {"human": "local", "remote": "remote"}.get(seat.kind, seat.level)


def seed_note() -> str:
    """Told to a host who typed a seed (the lobby's first line): it gives the same game
    again, so a joiner trying seeds against the board could find it (31337 took about
    ten seconds), and then knows every card and die."""
    return _("A seed you type can be worked out by a player who joins, and with it every "
             "card and die: leave the seed empty for a game no one can foresee")


class NetHostController(GameController):
    core: HostCore  # set by host() and resume(), its two constructors
    seed_warning = ""  # the lobby's first line when the host typed a seed (host())

    @classmethod
    def host(cls, setup: GameSetup, *, port: int = 8765, bind: str = "0.0.0.0",
             data_dir=None, ai_mode: str = "worker", code: str | None = None,
             drop_wait: float = 120.0, advertise: bool = False, on_drop: str = "ai",
             max_connections: int = 16) -> NetHostController:
        """A hosted game, listening (OSError if the port cannot be opened)."""
        seed = setup.seed if setup.seed is not None else new_seed()
        try:
            session, kinds = new_game([{"dragon": s.dragon, "player": host_kind(s)}
                                       for s in setup.seats], seed=seed,
                                      map_path=_map_file(setup.map_path),
                                      options=setup.options())
        except SessionError as exc:  # its Words kept: New game says it in the language
            raise SetupError(words_of(exc)) from None
        self = cls.__new__(cls)
        seats: list[Seat] = [
            NetSeat(s.kind, s.level, s.dragon, NOT_JOINED if s.kind == "remote" else "")
            for s in setup.seats]
        self._init(session, seats, ai_mode, data_dir, setup)
        # a typed seed is reproducible, so not secret: the lobby tells the host
        self.seed_warning = seed_note() if setup.seed is not None else ""
        self.queue.extend(self.match.events)
        self.core = HostCore(session, kinds, code=code or join_code(), data_dir=data_dir,
                             autosaves=False, drop_wait=drop_wait, on_drop=on_drop,
                             ai_seed=session.ai_seed, on_events=self._remote_events)
        return self._listen(port, bind, advertise, max_connections)

    @classmethod
    def resume(cls, session, side: dict, *, port: int = 8765, bind: str = "0.0.0.0",
               data_dir=None, ai_mode: str = "worker", drop_wait: float = 120.0,
               advertise: bool = False, on_drop: str = "ai", code: str | None = None,
               max_connections: int = 16) -> NetHostController:
        """Re-open a networked game from its save and its seats file (narby-net-seats/1):
        the players rejoin with their tokens; Start once they are all back."""
        kinds = {d: s["kind"] for d, s in side["seats"].items()}
        missing = [d for d in session.dragons if d not in kinds]
        if missing:
            raise ValueError(_("the seats file does not name {dragons}").format(
                dragons=", ".join(dragon_name(d) for d in missing)))
        self = cls.__new__(cls)
        seats: list[Seat] = []
        for d in session.dragons:
            k = kinds[d]
            seats.append(NetSeat("human") if k == "local" else
                         NetSeat("remote", text=NOT_JOINED) if k == "remote" else
                         NetSeat("ai", k))
        self._init(session, seats, ai_mode, data_dir, None)
        seed = session.ai_seed
        self.core = HostCore(
            session, kinds, code=code or side.get("code") or join_code(), data_dir=data_dir,
            tokens={d: s["token"] for d, s in side["seats"].items() if s.get("token")},
            names={d: s["name"] for d, s in side["seats"].items()
                   if isinstance(s.get("name"), str)},
            autosaves=False, drop_wait=drop_wait, on_drop=on_drop, ai_seed=seed,
            on_events=self._remote_events)
        return self._listen(port, bind, advertise, max_connections)

    def _listen(self, port: int, bind: str, advertise: bool,
                max_connections: int = 16) -> NetHostController:
        # the certificate of this data folder: the invites given before still match
        # what arrives wakes a resting window (game.ui.idle): a joiner is seen at once
        self.net = HostThread(host=bind, port=port, max_connections=max_connections,
                              identity=tls.host_identity(self.data_dir),
                              on_arrival=idle.wake).start()
        self.core.port = self.net.server.port
        self.core.save_side()
        self.autosave()
        self._noted: dict[str, str] = {}
        self.advert = None
        if advertise:  # zeroconf, in the background (announcing takes a moment), fail-soft

            def announce():
                self.advert = announce_game(self.net.server.port, self.board.title,
                                            len(self.core.remote_seats()),
                                            pin=self.net.server.pin)

            threading.Thread(target=announce, daemon=True, name="narby-advert").start()
        return self

    # the network, on the main thread
    def invite(self) -> Invite:
        """The invite to give friends (this machine's LAN address, found once; the code;
        the certificate's pin)."""
        if getattr(self, "_invite", None) is None:
            bound = self.net.server.host  # 127.0.0.1: this machine only, so say that
            shown = lan_address() if bound in ("0.0.0.0", "::", "") else bound
            self._invite = Invite(shown, self.net.server.port, self.core.code,
                                  self.net.server.pin)
        return self._invite

    def address(self) -> str:
        """The invite as text (wss://HOST:PORT/CODE#PIN)."""
        return self.invite().text()

    def poll(self) -> bool:
        """Hand what arrived to the core and send its replies; True if the game moved."""
        before = self.n_answers

        outs = pump(self.core, self.net.poll()) + self.core.tick()
        self.net.send(outs)
        self._notes()
        p = self.pending
        shown = self.waiting_text(p.dragon) if p is not None else None
        changed, self._shown = shown != getattr(self, "_shown", None), shown
        return self.n_answers != before or changed

    def poll_in(self) -> float | None:
        """Seconds until the board must look at the network with no news (game.ui.idle):
        a tick a second while an away player's wait runs down; else None, what arrives
        wakes the window (HostServer's on_arrival)."""
        w = self.core.waiting_for()
        return 1.0 if w is not None and w.away_since is not None else None

    @property
    def finished(self) -> bool:
        return self.match.finished or self.core.ended is not None

    @property
    def ended_early(self) -> str | None:
        """Why the game ended before anyone won (the host's choice), or None."""
        return None if self.match.finished else self.core.ended

    @property
    def pending(self):
        return None if self.core.ended is not None else self.match.pending

    def _remote_events(self, events: list[dict]) -> None:
        self.queue.extend(events)
        self._turn_autosave(events)

    def _turn_autosave(self, events: list[dict]) -> None:
        """An online game autosaves at every turn, not only each round (issue 30.8): a
        host that crashes rewinds its friends by a turn at most (P44)."""
        if starts_turn(events) or self.match.finished:
            self.autosave()

    def _notes(self) -> None:
        for dragon, seat in self.core.seats.items():
            if seat.kind != "remote":
                continue
            state = ("standin" if seat.standin else "away" if seat.away_since is not None
                     else "here" if seat.conn is not None else "none")
            if self._noted.get(dragon, "none") == state:
                continue
            self._noted[dragon] = state
            net_seat = cast(NetSeat, self.seats[dragon])  # a host's seats are NetSeats
            net_seat.text = status.seat_mark("remote", seat.name, connected=state == "here",
                                             away=state == "away",
                                             standin=state == "standin")
            net_seat.absent = state in ("away", "standin")
            who = (_("{dragon} ({name})").format(dragon=dragon_name(dragon), name=seat.name)
                   if seat.name else dragon_name(dragon))
            if state == "here":
                note = _("{who} is connected").format(who=who)
            elif state == "away":
                # TRANSLATORS: {seconds} the host waits for a dropped player on their turn
                note = _("{who} lost the connection: the game waits {seconds} s for them on "
                         "their turn").format(who=who, seconds=int(self.core.drop_wait))
            elif state == "standin":
                note = _("An AI plays {who} until they come back").format(who=who)
            else:
                note = _("{who} left").format(who=who)
            self.ai_notes.append(note)

    def waiting_text(self, dragon: str) -> str | None:
        """The top bar while a remote seat decides: "Waiting for Jo (Red, online)…";
        while its player is away, the countdown and the host's keys (issue 30.6)."""
        seat = self.core.seats.get(dragon)
        if seat is None or seat.kind != "remote":
            return None
        left = None
        w = self.core.waiting_for()
        if w is not None and w.dragon == dragon and w.away_since is not None:
            left = max(0, int(self.core.drop_wait - (self.core.clock() - w.away_since)))
        return status.waiting_line(dragon, "remote", seat.name, away_left=left,
                                   policy=self.core.on_drop,
                                   standin=seat.standin is not None, keys=True)

    def away_seat(self) -> str | None:
        """The dragon whose away player the game waits for (the host's F6/F7/F8 apply)."""
        w = self.core.waiting_for()
        return w.dragon if w is not None else None

    def host_key(self, key: int) -> bool:
        """The host's say while a dropped player is awaited: F6 an AI plays the seat now,
        F7 wait another full period, F8 end the game. True when the key was used."""
        seat = self.core.waiting_for()
        command = bindings.host_command(key)
        if seat is None or command is None:
            return False
        if command == "host_ai_now":
            self.net.send(self.core.take_over(seat.dragon))
        elif command == "host_wait":
            self.net.send(self.core.wait_more(seat.dragon))
            self.ai_notes.append(_("Waiting {seconds} s more for {dragon}").format(
                seconds=int(self.core.drop_wait), dragon=dragon_name(seat.dragon)))
        else:
            self.net.send(self.core.end(_("the host ended the game while {dragon} was away")
                                        .format(dragon=dragon_name(seat.dragon))))
            self.ai_notes.append(_("You ended the game"))
        self._notes()
        return True

    # the chat (game.net.chat)
    def say(self, text: str | None = None, emote: str | None = None) -> str | None:
        """A chat line from this window, sent to everyone; None, or why not (in words).
        It is signed with the seat played here when there is one, else as the host."""
        here = [d for d, k in self.core.kinds.items() if k == "local"]
        dragon = here[0] if len(here) == 1 else None
        name = self.core.seats[dragon].name if dragon else None
        try:
            self.net.send(chat.host_says(self.core, dragon, name, text, emote))
        except ValueError as exc:
            return str(exc)
        return None

    def set_name(self, text: str) -> None:
        """The name of the person at the host's screen (the Host online lobby): the
        other windows say "Waiting for Ann (Black, at the host's screen)…" (issue 30.6).
        Only when one seat is played here (several people here keep their dragons)."""
        here = [s for s in self.core.seats.values() if s.kind == "local"]
        name = chat.clean(text)[:MAX_NAME] or None
        if len(here) != 1 or here[0].name == name:
            return
        here[0].name = name
        self.net.send(pump_lobby(self.core))

    def take_chat(self) -> list[dict]:
        """The chat lines this window has not shown yet, as log lines."""
        lines, self.core.chat_new = self.core.chat_new, []
        return [chat.log_event(m) for m in lines]

    # the game
    def submit(self, answer: dict) -> list[dict]:
        events = super().submit(answer)
        self._turn_autosave(events)
        self.net.send(self.core.applied())
        return events

    def step_ai(self, board_ready: bool) -> bool:
        moved = self.poll()
        p = self.pending
        if p is None:
            return moved
        if self.core.kinds.get(p.dragon) == "remote":
            if self.core.auto_player() is not None and board_ready:
                self.net.send(self.core.step_ai())
                return True
            return moved
        return super().step_ai(board_ready) or moved

    def ai_thinking(self) -> bool:
        p = self.pending
        return p is not None and self.core.kinds.get(p.dragon) != "remote" and \
            super().ai_thinking()

    def can_undo(self) -> tuple[bool, str]:
        return False, NO_UNDO

    def undo(self) -> dict:
        raise UndoError(NO_UNDO)

    def close(self) -> None:
        self.net.send(self.core.end("the host closed the game"))
        self.net.stop()
        if self.advert is not None:
            self.advert.close()
        super().close()


def online_seats(session, data_dir) -> dict | None:
    """The seats document of a saved online game (narby-net-seats/1, with the tokens the
    players rejoin with), or None for a local game. A save whose seats file is missing
    (copied from elsewhere) still says which seats were remote: they are open again.
    ValueError: the seats file is broken."""
    side = side_file(Path(data_dir), game_id(session)) if data_dir else None
    if side is not None and side.exists():
        return read_side(side)
    kinds = session.net_seats
    if not kinds or any(k not in SEAT_KINDS for k in kinds.values()):
        return None
    return {"format": SIDE_FORMAT, "code": None,
            "seats": {d: {"kind": k, "token": None, "name": None} for d, k in kinds.items()}}


def rehost(session, side: dict, *, bind: str = "0.0.0.0", data_dir=None,
           ai_mode: str = "worker", port: int | None = None,
           **options) -> NetHostController:
    """Host a saved online game again (Continue, Load game, `narby host --resume`): on
    `port` if given (only there), else on the port it had, so the players' saved
    addresses and tokens still work, else on the usual port or any free one. OSError
    when none can be opened. `options`: NetHostController.resume's."""
    saved = side.get("port")
    if port is not None:
        ports = [port]
    else:
        ports = [saved] if isinstance(saved, int) and 0 < saved < 65536 else []
        ports += [p for p in ((8765, 0) if bind == "0.0.0.0" else (0,)) if p not in ports]
    options.setdefault("advertise", bind == "0.0.0.0")
    error: OSError | None = None
    for p in ports:
        try:
            return NetHostController.resume(session, side, port=p, bind=bind,
                                            data_dir=data_dir, ai_mode=ai_mode, **options)
        except OSError as exc:
            error = exc
    assert error is not None  # ports is never empty
    raise error


# ----- the joining window ------------------------------------------------------------
def token_store(data_dir) -> Path | None:
    return Path(data_dir) / "net" / "joined.json" if data_dir else None


def remembered_token(data_dir, url: str) -> str | None:
    path = token_store(data_dir)
    if path is None:
        return None
    try:  # read as any file of the data folder (a pipe or a damaged file: no token)
        doc = read_json(path, ValueError)
        token = doc.get(url) if isinstance(doc, dict) else None
        return token if isinstance(token, str) and len(token) <= 64 else None
    except (OSError, ValueError, AttributeError):
        return None


def last_joined(data_dir) -> str | None:
    """The address of the game this window joined last (Join game offers it again)."""
    path = token_store(data_dir)
    try:
        doc = read_json(path, ValueError) if path else None
    except (OSError, ValueError):
        return None
    urls = [u for u in doc if isinstance(u, str) and len(u) <= 200] \
        if isinstance(doc, dict) else []
    return urls[-1] if urls else None


def remember_token(data_dir, url: str, token: str | None) -> None:
    path = token_store(data_dir)
    if path is None or not token:
        return
    try:
        doc = read_json(path, ValueError) if path.exists() else {}
        if not isinstance(doc, dict):
            doc = {}
    except (OSError, ValueError):
        doc = {}
    doc.pop(url, None)  # the newest last (last_joined)
    doc[url] = token
    # atomically, as saves are (mkstemp's file is the owner's alone: 0600), and over
    # whatever was there, even a pipe (opening one to write would hang); a token not kept
    # only means no automatic rejoin
    with contextlib.suppress(OSError):
        write_json_atomic(path, dict(list(doc.items())[-20:]))


class RemoteController:
    """The board screen's controller for a seat played on another machine."""

    def __init__(self, client, welcome: dict, lobby: dict | None, state: dict, *, url: str,
                 data_dir=None, backlog: list[dict] | None = None, map_path=None):
        """`backlog`: messages that arrived with `state` but after it (the join screen
        read them in the same batch); they are handled first, in order, by `poll`.
        `map_path`: the host's map on this machine (received, or shipped)."""
        self.client, self.url, self.data_dir = client, url, data_dir
        self._backlog: list[dict] = list(backlog or [])
        self.me = welcome.get("seat")
        self.token = welcome.get("token")
        self.queue: deque[dict] = deque()
        self.events: list[dict] = []
        # no Session here (the host holds the dice and the hidden cards): nothing for a
        # save or an emergency save to write (game.persistence.crash checks the flag)
        self.session = SimpleNamespace(events=self.events, kept_by_host=True)
        self.ai_notes: list[str] = []
        self.over: dict | None = None
        self.state = state
        self.view = state["view"]
        self.board = board_of(self.view, map_path)
        self.seed: int | None = None  # secret until the host's "over" says it
        self._mirror = None
        self._inflight: int | None = None
        self._tries = 0
        self._retry_at: float | None = None
        self.lobby = lobby
        self.waiting: dict | None = None   # the host's last "waiting" message
        self.chat_lines: list[dict] = []   # chat messages not yet shown (the board's log)
        options = self.view.get("options", {})
        dragons = list(self.view.get("dragons", {}))
        self.seats = {d: NetSeat("human" if d == self.me else "remote", dragon=d,
                                 text="You" if d == self.me else "Remote") for d in dragons}
        self._label_seats()
        self.setup = GameSetup(seats=list(self.seats.values()), map_path=None,
                               target=options.get("target", 50),
                               cards=options.get("cards", True), hotseat=False)
        self._take(state, initial=True)

    # ----- the network --------------------------------------------------------------
    def poll(self) -> bool:
        moved = False
        arrived, self._backlog = self._backlog + self.client.poll(), []
        for msg in arrived:
            kind = msg.get("type")
            if kind == "state":
                self._take(msg)
                moved = True
            elif kind == "lobby":
                self.lobby = msg
                self._label_seats()
            elif kind == "waiting":
                self.waiting = msg  # the top bar counts down (waiting_text)
                moved = True
                if msg.get("seconds", 0) % 30 == 0 or msg.get("seconds", 0) <= 5:
                    self.ai_notes.append(_("Waiting for {dragon} to come back: {seconds} s")
                                         .format(dragon=dragon_name(str(msg["dragon"])),
                                                 seconds=msg["seconds"]))
            elif kind == "chat":
                self.chat_lines.append(msg)
                moved = True
            elif kind == "error":
                self._inflight = None
                reason = from_json(msg.get("words"), str(msg.get("reason") or ""))
                self.ai_notes.append(refusal(msg.get("reason")) if msg.get("fatal")
                                     else _("The host says: {reason}").format(
                                         reason=shown(reason)))
            elif kind == "over":
                self.over = msg
                seed = msg.get("seed")  # sent once the game has ended (ENGINE.md)
                self.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) \
                    else None
                moved = True
            elif kind == "welcome":
                self._tries = 0
                self.ai_notes.append(_("Back in the game"))
            elif kind == "closed" and self.over is None:
                self._lost(msg.get("reason"))
        if self._retry_at is not None and time.monotonic() >= self._retry_at:
            self._retry_at = None
            self._rejoin()
        return moved

    def poll_in(self) -> float | None:
        """Seconds until the board must look with no news: the next try to rejoin; else
        None, what the host sends wakes the window (ClientThread's on_arrival)."""
        if self._retry_at is None:
            return None
        return max(0.0, self._retry_at - time.monotonic())

    def _lost(self, reason) -> None:
        """The connection closed: try again with the seat's token, waiting longer each
        time; after a few tries the game is given up (the host may be gone)."""
        self._tries += 1
        if reason == tls.MISMATCH:  # another machine answers there now: never retried
            self._tries = REJOIN_TRIES + 1
            self.ai_notes.append(_("Not rejoining: {reason}").format(
                reason=tls.MISMATCH.shown()))
        if self._tries > REJOIN_TRIES:
            self.ai_notes.append(_("The host cannot be reached: the game is over here"))
            self.over = {"winner": None, "scores": {}, "rounds": 0,
                         "reason": "lost the host"}
            return
        wait = min(10.0, 0.5 * 2 ** (self._tries - 1))
        # plain words (issue 30.8): never the exception's name or errno
        self.ai_notes.append(lost_words(self._tries, REJOIN_TRIES, wait))
        self._retry_at = time.monotonic() + wait

    def _rejoin(self) -> None:
        hello = message("hello", token=self.token) if self.token else message(
            "hello", watch=True)

        try:
            code = parse_invite(self.url).code
        except InviteError:
            code = None
        if code:
            hello["code"] = code
        self.client = ClientThread(self.url, hello, on_arrival=idle.wake).start()

    def _label_seats(self) -> None:
        for s in (self.lobby or {}).get("seats", []):
            seat = self.seats.get(s.get("dragon"))
            if seat is None or s["dragon"] == self.me:
                continue
            seat.text = status.seat_mark(s["kind"], s.get("name"),
                                         connected=bool(s.get("connected")),
                                         away=bool(s.get("away")),
                                         standin=bool(s.get("standin")))
            seat.absent = s["kind"] == "remote" and bool(s.get("away") or s.get("standin"))

    def _take(self, state: dict, initial: bool = False) -> None:
        self.state, self.view = state, state["view"]
        start = state.get("events_from", 0)
        if start < len(self.events):
            del self.events[start:]
        new = state.get("events", [])
        self.events.extend(new)
        if not initial:  # what happened before this window joined is logged, not animated
            self.queue.extend(new)
        self._inflight = None
        try:
            mirror = determinize(self.view, seed=state.get("decision", 0), board=self.board)
        except Exception as exc:  # noqa: BLE001 - keep the last mirror, say so once
            self.ai_notes.append(_("Could not mirror the host's position ({error})").format(
                error=exc))
            return
        if self._mirror is not None:
            self._mirror.close()
        mirror.events = self.events
        self._mirror = mirror

    # ----- what the board screen reads ----------------------------------------------
    @property
    def match(self):
        return self._mirror

    @property
    def n_answers(self) -> int:
        return self.state.get("decision", 0)

    def ai_seed(self) -> int:
        """The seed of a hint asked here (H): the host's decision count, since the
        game's seed is the host's secret (the board screen asks it as a local game's)."""
        return self.n_answers

    @property
    def answers(self) -> list:
        return []

    @property
    def pending(self):
        if self.finished:
            return None
        p = self.state.get("pending")
        if not p:
            return None
        context = {k: v for k, v in (self.view.get("pending") or {}).items()
                   if k not in ("dragon", "kind")}
        # the host's words when it sent them (shown in this window's language), else its text
        prompt = from_json(p.get("prompt_words"), str(p.get("prompt", "")))
        return Decision(p["dragon"], p["kind"], prompt, context)

    @property
    def finished(self) -> bool:
        return self.over is not None or bool(self.state.get("finished"))

    @property
    def ended_early(self) -> str | None:
        """Why the game ended before anyone won ("the host closed the game"), or None."""
        reason = (self.over or {}).get("reason")
        return None if reason in (None, "finished") else {
            "lost the host": "the host cannot be reached (it may have ended the game)"
        }.get(reason, str(reason))

    @property
    def shown_seed(self) -> int | None:
        """The game's seed, known here only once the host has ended the game."""
        return self.seed

    def legal_answers(self) -> list[dict]:
        return list(self.state.get("legal", []))

    def is_human(self, dragon) -> bool:
        return dragon == self.me and self._inflight is None and bool(self.state.get("legal"))

    def humans(self) -> list[str]:
        return [self.me] if self.me else []

    def human_to_play(self):
        p = self.pending
        return p.dragon if p is not None and self.is_human(p.dragon) else None

    def viewer(self):
        return self.me

    def log_viewer(self):
        return self.me

    def display_doc(self, viewer) -> dict:
        return self.view  # the host's own view of this seat: nothing more

    def hotseat(self) -> bool:
        return False

    def waiting_text(self, dragon: str) -> str | None:
        """The top bar while another seat decides (issue 30.6): who plays it, from the
        host's lobby ("Waiting for Ann (Black, at the host's screen)…", "Gold (AI ·
        easy) is thinking…"), with the countdown while its player is away."""
        if dragon == self.me:
            return _("Sent: waiting for the host")
        info = next((s for s in (self.lobby or {}).get("seats", [])
                     if s.get("dragon") == dragon), None)
        if info is None:
            return _("Waiting for {person}…").format(person=dragon_name(dragon))
        kind, name = str(info.get("kind")), info.get("name")
        if kind == "local" and not name:
            name = _("the host")
        w = self.waiting or {}
        left = w.get("seconds") if w.get("dragon") == dragon and info.get("away") else None
        return status.waiting_line(dragon, kind, name,
                                   away_left=left if isinstance(left, int) else None,
                                   policy=str(w.get("policy", "ai")),
                                   standin=bool(info.get("standin")))

    # ----- the chat -----------------------------------------------------------------
    def say(self, text: str | None = None, emote: str | None = None) -> str | None:
        """A chat line to the host, which relays it to everyone (this window too: the
        line shows when it comes back). None, or why not."""
        if emote is not None:
            self.client.send(message("chat", emote=emote))
            return None
        line = chat.clean(text or "")
        if not line:
            return None
        self.client.send(message("chat", text=line[:chat.MAX_CHAT]))
        return None

    def take_chat(self) -> list[dict]:
        lines, self.chat_lines = self.chat_lines, []
        return [chat.log_event(m) for m in lines]

    # ----- acting -------------------------------------------------------------------
    def submit(self, answer: dict) -> list[dict]:
        if answer not in self.legal_answers():
            raise IllegalAnswer(Words("that is not one of your legal answers now"))
        self.client.send(message("answer", answer=answer, decision=self.n_answers))
        self._inflight = self.n_answers
        return []

    def step_ai(self, board_ready: bool) -> bool:
        return self.poll()

    def ai_thinking(self) -> bool:
        return False

    def can_undo(self) -> tuple[bool, str]:
        return False, NO_UNDO

    def undo(self) -> dict:
        raise UndoError(NO_UNDO)

    def replay_doc(self) -> dict:
        raise ValueError("an online game's replay is kept by its host")

    def save(self, name: str):
        raise SaveError("an online game is saved by its host (it autosaves every turn)")

    def keep_seat(self) -> str:
        """Save game in a joining window: the seat's token is kept (Join game offers this
        address again and rejoins with it); the game itself is the host's to save."""
        remember_token(self.data_dir, self.url, self.token)
        return KEPT_BY_HOST

    def autosave(self):
        return None

    def close(self) -> None:
        self.client.send(message("bye"))
        self.client.close()
        if self._mirror is not None:
            self._mirror.close()

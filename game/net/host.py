"""The host of a networked game: it alone runs the match (host-authoritative).

HostCore holds the Session, the seats (kinds, tokens, names) and the connections, and
turns what happens (a connection opened, a message, a connection closed, time passing)
into messages to send. It does no I/O and touches the esper world only from the thread
that calls it, so the window can drive it from its main loop and the headless host from
its asyncio loop (esper worlds are process-global: docs/ARCHITECTURE.md, pitfalls).

HostServer is the websocket side (websockets on asyncio): a bounded number of
connections (welcomed ones, and apart from them those still knocking, in all and per
address: game/net/gate.py), a message size limit, a per-connection rate limit, a hello
deadline no other message puts off, and a send queue per connection, so a slow client
never stalls the others' views. It either
drives a HostCore itself (`inline`, the headless host and tests) or hands what arrives to
a thread-safe queue for the thread that owns the match (the window).

Every seat is one of: "remote" (a person on another machine, with a seat token),
"local" (a person at the host's screen), or an AI level ("easy", "normal", "hard", "master",
"random"). A client answers for its own seat only; the seat comes from its token, never
from what it claims. An answer must be exactly (JSON types and all) one of the legal
answers offered, and the host applies its own copy of it (game/net/offered.py); any
other gets a reason in words, and nothing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import gc
import queue
import secrets
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.decisions import IllegalAnswer, title
from game.dice import STREAM
from game.i18n import N_
from game.net import chat, map_share, tls
from game.net.gate import CodeGuard, address_key, quiet_logger, quiet_loop
from game.net.offered import Offer, describe, refusal
from game.net.protocol import (
    MAX_MESSAGE,
    ProtocolError,
    encode,
    message,
    parse_client,
)
from game.persistence.json_file import read_json
from game.persistence.saves import SaveError, autosave, game_id, starts_round, write_json_atomic
from game.players import AIPlayer, RandomPlayer
from game.seat_view import scrub, visible_events
from game.session import Session, SessionError
from game.words import DragonName, Words

if TYPE_CHECKING:
    from websockets.asyncio.server import Server, ServerConnection

SEAT_KINDS = ("remote", "local", "easy", "normal", "hard", "master", "random")
AI_KINDS = ("easy", "normal", "hard", "master", "random")
DROP_POLICIES = ("ai", "wait", "end")
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
EVENTS_ON_JOIN = 400   # the log a (re)joining client gets: the latest events
STANDIN_LEVEL = "normal"
MAX_WATCHERS = 8       # spectators at once: with the seats, the welcomed connections
SIDE_FORMAT = "narby-net-seats/1"
POLL_LIMIT = 500       # items the window's core takes from the network a frame


def log(text: str) -> None:
    """One line on the host's console (stderr): never a traceback."""
    print(f"narby host: {text}", file=sys.stderr, flush=True)


def join_code(n: int = 6) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(n))


@dataclass
class TableSeat:
    dragon: str
    kind: str
    token: str | None = None      # remote seats only
    name: str | None = None
    claimed: bool = False         # a client has been welcomed to it (its token given)
    conn: int | None = None
    away_since: float | None = None  # when its player dropped (None: here, or never came)
    standin: object | None = None  # an AI playing for a dropped player
    # seconds away during one decision, kept across rejoins: dropping and rejoining over
    # and over does not wind the drop policy's clock back (a stall by reconnecting)
    away_used: float = 0.0
    away_decision: int = -1

    def info(self) -> dict:
        return {"dragon": self.dragon, "kind": self.kind, "name": self.name,
                "connected": self.conn is not None or self.kind != "remote",
                "away": self.away_since is not None, "standin": self.standin is not None}


@dataclass
class Conn:
    cid: int
    peer: str = ""
    hello: bool = False
    seat: str | None = None       # the dragon it plays (None: spectator or no hello yet)
    sent: int = 0                 # events already sent
    done: bool = False            # told a fatal error: what it sends after is ignored
    map_sent: bool = False        # the map bundle went out on it (once a connection)


@dataclass
class Out:
    """A message for one connection; close: close the connection after it."""

    cid: int
    msg: dict
    close: bool = False


# what another seat's pending decision is, for the line "Waiting for Red (action)"
DECISION_KINDS = {"action": N_("action"), "choose_place": N_("choose place"),
                  "lose_claim": N_("lose claim"), "modify": N_("modify"), "react": N_("react")}


def waiting_words(dragon: str, kind: str) -> Words:
    what = Words(DECISION_KINDS[kind]) if kind in DECISION_KINDS else kind.replace("_", " ")
    # TRANSLATORS: {kind} is the kind of decision, e.g. "action"
    return Words("Waiting for {dragon} ({kind})", dragon=DragonName(dragon), kind=what)


@dataclass
class HostCore:
    session: Session
    kinds: dict[str, str]                 # dragon -> seat kind
    code: str | None = None               # the join code (None: none asked)
    tokens: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    drop_wait: float = 120.0
    on_drop: str = "ai"
    clock: Callable[[], float] = time.monotonic
    ai_seed: int = 0
    auto_start: bool = False              # start once every remote seat has a player
    data_dir: Path | None = None          # autosaves (and the seat tokens) go here
    autosaves: bool = True                # False: the window's controller autosaves
    on_events: Callable | None = None     # told of the events of answers the core applies
    port: int | None = None               # where it listens (kept so a re-host reuses it)
    guard: CodeGuard | None = None        # wrong join codes per address (default: own)
    max_watchers: int = MAX_WATCHERS
    echo_chat: bool = False               # print chat lines (the headless host's log)

    def __post_init__(self):
        m = self.session.match
        unknown = [d for d in m.seat_names if self.kinds.get(d) not in SEAT_KINDS]
        if unknown:
            raise ValueError(f"seat kind missing or unknown for {', '.join(unknown)}")
        # its saves say it is an online game, and which seats are remote (Continue)
        self.session.net_seats = {d: self.kinds[d] for d in m.seat_names}
        self.seats: dict[str, TableSeat] = {}
        self.players: dict[str, object] = {}
        shared = RandomPlayer(self.ai_seed)
        for i, dragon in enumerate(m.seat_names):
            kind = self.kinds[dragon]
            token = self.tokens.get(dragon) or (secrets.token_urlsafe(18)
                                                if kind == "remote" else None)
            seat = TableSeat(dragon, kind, token, self.names.get(dragon))
            # a seat whose token was given out before (a re-opened game) is claimed
            seat.claimed = kind == "remote" and dragon in self.tokens
            if seat.claimed:
                seat.away_since = self.clock()
            self.seats[dragon] = seat
            if kind == "random":
                self.players[dragon] = shared
            elif kind in AI_KINDS:
                self.players[dragon] = AIPlayer(kind, self.ai_seed * 1009 + i)
        self.conns: dict[int, Conn] = {}
        if self.guard is None:
            self.guard = CodeGuard(self.clock)
        self.started = False
        self.ended: str | None = None      # why the game ended early (host's choice)
        self.local_answers: list[dict] = []
        self._doc: tuple[int, dict] | None = None
        self._waiting_sent: tuple[str, int] | None = None
        self._offer: tuple[tuple, Offer] | None = None
        self.chat_limit = chat.ChatLimit(self.clock)
        self.chat_log: deque[dict] = deque()   # the latest chat lines (game.net.chat)
        self.chat_new: list[dict] = []         # lines the host's window has not shown

    # ----- facts --------------------------------------------------------------------
    @property
    def match(self):
        return self.session.match

    @property
    def decision(self) -> int:
        return len(self.session.steps)

    @property
    def over(self) -> bool:
        return self.match.finished or self.ended is not None

    def remote_seats(self) -> list[TableSeat]:
        return [s for s in self.seats.values() if s.kind == "remote"]

    def seats_ready(self) -> bool:
        return all(s.claimed and s.conn is not None for s in self.remote_seats())

    def waiting_for(self) -> TableSeat | None:
        """The remote seat the game waits for (its player dropped), if any."""
        if not self.started or self.over:
            return None
        seat = self.seats.get(self.match.pending.dragon)
        if seat and seat.kind == "remote" and seat.conn is None and seat.standin is None:
            return seat
        return None

    def auto_player(self):
        """The AI that must answer now (an AI seat or a stand-in), or None."""
        if not self.started or self.over:
            return None
        seat = self.seats[self.match.pending.dragon]
        if seat.standin is not None:
            return seat.standin
        return self.players.get(seat.dragon)

    # ----- connections --------------------------------------------------------------
    def opened(self, cid: int, peer: str = "") -> list[Out]:
        self.conns[cid] = Conn(cid, peer)
        return []

    def seats_free_on_leave(self) -> bool:
        """A fresh game's lobby: a player who leaves gives the seat up, for anyone."""
        return not self.started and self.decision == 0

    def closed(self, cid: int) -> list[Out]:
        conn = self.conns.pop(cid, None)
        self.chat_limit.forget(cid)
        if conn is None or conn.seat is None:
            return []
        seat = self.seats[conn.seat]
        if seat.conn != cid:
            return []
        seat.conn = None
        if self.seats_free_on_leave():
            # left the lobby of a fresh game: the seat is free again, for anyone
            seat.claimed, seat.name, seat.away_since = False, None, None
            seat.token = secrets.token_urlsafe(18)
        elif not self.over:
            if seat.away_decision != self.decision:
                seat.away_used, seat.away_decision = 0.0, self.decision
            seat.away_since = self.clock() - seat.away_used
        return self._lobby_all() + self._waiting_all()

    def receive(self, cid: int, raw) -> list[Out]:
        """What to send for a message from connection `cid`. Never raises: a fault the
        checks missed is one log line and a plain error to that client alone."""
        try:
            return self._receive(cid, raw)
        except Exception as exc:  # noqa: BLE001 - no client message may crash the host
            log(f"a message from connection {cid} hit a fault ({type(exc).__name__}); "
                "the game goes on")
            return [self._error(cid, "the host could not handle that message")]

    def _receive(self, cid: int, raw) -> list[Out]:
        conn = self.conns.get(cid)
        if conn is None or conn.done:
            # (a fatal error closes it; what it pipelined meanwhile, more guesses at the
            # join code for one, is not looked at)
            return []
        try:
            msg = parse_client(raw)
        except ProtocolError as exc:
            return [self._error(cid, str(exc))]
        kind = msg["type"]
        if kind == "ping":
            return [Out(cid, message("pong"))]
        if not conn.hello and kind != "hello":
            return [self._error(cid, "say hello first (with the join code)")]
        if kind == "hello":
            return self._hello(conn, msg)
        if kind == "bye":
            return [self._error(cid, "goodbye", fatal=True)]
        if kind == "map_request":
            return self._map_request(conn)
        if kind == "chat":  # relayed to everyone, bounded (game.net.chat)
            return chat.relay(self, conn, msg)
        return self._answer(conn, msg)

    def _error(self, cid: int, reason: str, fatal: bool = False) -> Out:
        conn = self.conns.get(cid)
        if fatal and conn is not None:
            conn.done = True
        msg = message("error", reason=reason, fatal=fatal)
        if isinstance(reason, Words):  # the id and values: the client renders its language
            msg["words"] = reason.to_json()
        return Out(cid, msg, close=fatal)

    def _hello(self, conn: Conn, msg: dict) -> list[Out]:
        """A hello, in its steps: the join code; then a seat taken back by its token, a
        watcher let in, or a free seat claimed; then the joiner seated and welcomed."""
        cid = conn.cid
        if conn.hello:
            return [self._error(cid, "hello was already said on this connection")]
        refused = self._code_refused(conn, msg)
        if refused:
            return [self._error(cid, refused, fatal=True)]
        outs: list[Out] = []
        seat: TableSeat | None = None
        if "token" in msg:
            seat, why = self._hello_rejoin(msg["token"], outs)
        elif msg.get("watch"):
            why = self._hello_watch_refused()
        else:
            seat, why = self._hello_free_seat(msg)
        if why:
            return [self._error(cid, why, fatal=True)]
        self._hello_seat(conn, seat, msg)
        return outs + self._welcome(conn, seat)

    def _hello_rejoin(self, token: str, outs: list[Out]) -> tuple[TableSeat | None, str]:
        """The seat whose token this is, taken back: a connection still holding it is
        closed (its goodbye joins `outs`). -> (seat, "") or (None, why not)."""
        seat = self._seat_of(token)
        if seat is None:
            return None, "unknown seat token"
        if seat.conn is not None and seat.conn in self.conns:
            outs.append(self._error(seat.conn, "this seat joined again from another "
                                    "connection", fatal=True))
            self.conns[seat.conn].seat = None
        return seat, ""

    def _hello_watch_refused(self) -> str:
        """Why one more watcher is not let in ("": let in)."""
        watching = sum(1 for c in self.conns.values() if c.hello and c.seat is None)
        if watching >= self.max_watchers:
            return "too many people are watching this game already"
        return ""

    def _hello_free_seat(self, msg: dict) -> tuple[TableSeat | None, str]:
        """The free remote seat a newcomer claims (the one asked for, if any).
        -> (seat, "") or (None, why there is none)."""
        free = [s for s in self.remote_seats() if not s.claimed]
        if "seat" in msg:
            free = [s for s in free if s.dragon == msg["seat"]]
            if not free:
                return None, f"the seat {msg['seat']!r} is not a free remote seat"
        if self.over or not free:
            when = "the game has already started: " if self.started or self.over \
                else ""  # the joiner is told which (game.net.words.refusal)
            return None, f"{when}no free seat in this game (rejoin with your token, or watch)"
        return free[0], ""

    def _hello_seat(self, conn: Conn, seat: TableSeat | None, msg: dict) -> None:
        """The connection has said hello; a player (not a watcher) sits in `seat`."""
        conn.hello = True
        if seat is not None:
            if seat.away_since is not None and seat.away_decision == self.decision:
                seat.away_used = self.clock() - seat.away_since
            seat.claimed, seat.conn, seat.away_since = True, conn.cid, None
            seat.standin = None  # the player is back: the stand-in AI leaves
            if "name" in msg:  # shown on every screen and console: no escapes or bidi
                seat.name = chat.clean(msg["name"]) or None
            conn.seat = seat.dragon

    def _welcome(self, conn: Conn, seat: TableSeat | None) -> list[Out]:
        """The welcome with the game, then the lobby, the states and who is awaited; the
        game starts when the last seat fills (auto start)."""
        cid = conn.cid
        m = self.match
        outs = [Out(cid, message(
            "welcome", seat=conn.seat, token=seat.token if seat else None,
            game={"map": _file_name(m.board.source),
                  "map_title": m.board.title, "options": dict(m.options),
                  "dragons": list(m.seat_names), "map_bundle": self.map_info()}))]
        conn.sent = max(0, len(self.session.events) - EVENTS_ON_JOIN)
        if self.auto_start and not self.started and self.seats_ready():
            self.started = True
        outs += self._lobby_all()
        outs += self._states(only=None if self.started else cid)
        outs += self._waiting_all()
        if self.over:  # (re)joined a game that has ended: say so at once
            outs += [o for o in self._over_all(self.ended or "finished") if o.cid == cid]
        self.save_side()
        return outs

    def _seat_of(self, token: str) -> TableSeat | None:
        return next((s for s in self.remote_seats() if s.token and secrets.compare_digest(
            s.token.encode(), token.encode())), None)

    def _code_refused(self, conn: Conn, msg: dict) -> str | None:
        """Why this hello's join code is refused (None: let in). Wrong codes from one
        address slow it down and lock it out (CodeGuard); while it waits its tries are
        not even compared, so guessing learns nothing. A valid seat token is a key no one
        guesses: its holder is not kept out by someone else's guessing at their address."""
        if self.code is None:
            return None
        assert self.guard is not None  # (set in __post_init__)
        key = address_key(conn.peer)
        wait = self.guard.wait(key)
        token = msg.get("token")
        if wait > 0 and not (isinstance(token, str) and self._seat_of(token) is not None):
            what = "locked out" if self.guard.locked(key) else "slowed down"
            return (f"too many wrong join codes from your address ({what}): try again "
                    f"in {int(wait) + 1} s")
        if not secrets.compare_digest(str(msg.get("code", "")).upper().encode(),
                                      self.code.encode()):
            self.guard.failed(key)
            return "wrong join code"
        if wait == 0:  # (a token let in past the wait does not lift it for the others)
            self.guard.passed(key)
        return None

    # ----- the map, for joiners who do not have it ------------------------------------
    def map_info(self) -> dict | None:
        """The bundle of the game's map (welcome's game.map_bundle); None on the plain
        board, or when it cannot be sent (a request then gets the reason)."""
        source = self.match.board.source
        bundle = map_share.cached_bundle(source) if source else None
        return bundle.info() if bundle is not None else None

    def _map_request(self, conn: Conn) -> list[Out]:
        source = self.match.board.source
        if not source:
            return [self._error(conn.cid, "this game is on the plain board: there is no map "
                                "to send")]
        if conn.map_sent:
            return [self._error(conn.cid, "the map was already sent on this connection")]
        try:
            parts = self._map_parts(source)
        except map_share.MapShareError as exc:
            return [self._error(conn.cid, f"the host cannot send its map: {exc}", fatal=True)]
        conn.map_sent = True
        return [Out(conn.cid, message("map", **fields)) for fields in parts]

    def _map_parts(self, source: str) -> list[dict]:
        """The map's bundle in parts, made once a game: rebuilt for every request, a
        friend reconnecting in a loop with a big map slowed everyone's game (the map
        cannot change under a game in play: its board was read at the start)."""
        cached = getattr(self, "_map_cache", None)
        if cached is None or cached[0] != source:
            self._map_cache = (source, list(map_share.parts(map_share.make_bundle(source))))
        return self._map_cache[1]

    # ----- answers ------------------------------------------------------------------
    def _answer(self, conn: Conn, msg: dict) -> list[Out]:
        cid = conn.cid
        if conn.seat is None:
            return [self._error(cid, "a spectator cannot answer")]
        if not self.started:
            return [self._error(cid, "the game has not started yet")]
        if self.over:
            return [self._error(cid, "the game is over")]
        pending = self.match.pending
        if pending.dragon != conn.seat:
            return [self._error(cid, Words("it is {dragon}'s decision, not {seat}'s",
                                           dragon=DragonName(pending.dragon),
                                           seat=DragonName(str(conn.seat))))]
        if "decision" in msg and msg["decision"] != self.decision:
            # TRANSLATORS: decisions are numbered; {sent} the one answered, {now} the current
            return [self._error(cid, Words("that answer was for decision {sent}; the game is "
                                           "at decision {now}", sent=repr(msg["decision"]),
                                           now=self.decision))]
        mine, reason = self.accept(msg["answer"])
        if mine is None:
            return [self._error(cid, reason or Words("not one of the legal answers"))]
        return self._submit_for(cid, mine)

    def offer(self) -> Offer:
        """The pending decision's legal answers, computed once per decision."""
        key = (self.decision, id(self.match), self.over)
        if self._offer is None or self._offer[0] != key:
            answers = self.match.legal_answers() if not self.over else []
            self._offer = (key, Offer(answers))
        return self._offer[1]

    def accept(self, answer) -> tuple[dict | None, str | None]:
        """(the host's own copy of the offered answer that `answer` is exactly, None) or
        (None, why it is refused). Refusing reads the match and copies nothing."""
        offer = self.offer()
        mine = offer.find(answer)
        if mine is not None:
            return copy.deepcopy(mine), None  # the engine may keep or change what it gets
        return None, refusal(self.match, offer, answer)

    def check(self, answer: dict) -> str | None:
        """None when `answer` is exactly one of the legal answers; else why not."""
        return self.accept(answer)[1]

    def submit_local(self, answer: dict) -> list[Out]:
        """An answer from a person at the host's screen (a "local" seat)."""
        pending = self.match.pending
        if self.over or self.kinds.get(pending.dragon) != "local":
            raise IllegalAnswer("it is not a local seat's decision")
        mine, reason = self.accept(answer)
        if mine is None:
            raise IllegalAnswer(reason or "not one of the legal answers")
        return self._submit(mine)

    def _submit_for(self, cid: int, answer: dict) -> list[Out]:
        """Submit an offered answer for a client. Defence in depth: whatever the engine
        raises is a plain refusal to that client and one log line, never a crash, and a
        match left half-changed is rebuilt from the finished answers."""
        try:
            return self._submit(answer)
        except IllegalAnswer as exc:
            return [self._error(cid, str(exc))]
        except Exception as exc:  # noqa: BLE001 - no client message may end the game
            log(f"the rules failed on an offered answer {describe(answer)} "
                f"({type(exc).__name__}); the game goes on from before it")
            if self.session.broken:
                try:
                    self.session.recover()
                except Exception as again:  # noqa: BLE001 - reported, the game stays as saved
                    log(f"could not rebuild the game after that ({type(again).__name__})")
            self._offer = None
            return [self._error(cid, "the host could not apply that answer; "
                                     "please choose another")]

    def _submit(self, answer: dict) -> list[Out]:
        events = self.session.submit(answer)
        if self.on_events is not None:
            self.on_events(events)
        self._autosave(events)
        return self.applied()

    def applied(self) -> list[Out]:
        """What every client must be told after an answer (applied here, or by the window
        on the same session)."""
        outs = self._states()
        if self.match.finished:
            outs += self._over_all("finished")
        return outs + self._waiting_all()

    # ----- time passing and AIs -----------------------------------------------------
    def step_ai(self) -> list[Out]:
        """Let the AI that must answer now answer once (nothing when none must)."""
        player = self.auto_player()
        if player is None:
            return []
        return self._submit(player.choose(self.match))

    def tick(self) -> list[Out]:
        """Apply the drop policy to a seat whose wait has run out; start when ready."""
        outs: list[Out] = []
        if self.auto_start and not self.started and self.seats_ready():
            self.started = True
            outs += self._lobby_all() + self._states()
        seat = self.waiting_for()
        if seat is not None and seat.away_since is not None \
                and self.clock() - seat.away_since >= self.drop_wait:
            if self.on_drop == "ai":
                outs += self.take_over(seat.dragon)
            elif self.on_drop == "end":
                outs += self.end(f"{title(seat.dragon)} did not come back")
        return outs + self._waiting_all()

    def take_over(self, dragon: str, level: str = STANDIN_LEVEL) -> list[Out]:
        """An AI plays a dropped player's seat until the player rejoins."""
        seat = self.seats[dragon]
        seat.standin = AIPlayer(level, self.ai_seed * 7919 + len(self.session.steps))
        return self._lobby_all()

    def wait_more(self, dragon: str) -> list[Out]:
        """The host gives a dropped player a fresh wait."""
        seat = self.seats[dragon]
        if seat.away_since is not None:
            seat.away_since, seat.away_used = self.clock(), 0.0
        self._waiting_sent = None
        return self._waiting_all()

    def start(self) -> list[Out]:
        self.started = True
        return self._lobby_all() + self._states()

    def end(self, reason: str) -> list[Out]:
        """The host ends the game early."""
        if self.over:
            return []
        self.ended = reason
        self._autosave([{"type": "round"}])
        return self._over_all(reason)

    # ----- what is sent -------------------------------------------------------------
    def _full_doc(self) -> dict:
        if self._doc is None or self._doc[0] != self.decision:
            self._doc = (self.decision, self.session.snapshot())
        return self._doc[1]

    def state_for(self, conn: Conn) -> dict:
        # In a fresh game's lobby a seat can still be given up and another taken (closed),
        # so its card would not stay its own secret: everyone sees the table as a
        # watcher does, and the events wait for the start.
        hold = self.seats_free_on_leave()
        seat = None if hold else conn.seat
        view = scrub(self._full_doc(), seat)
        view["map"] = _file_name(view.get("map"))  # never the host's folders
        events = [] if hold else self.session.events[conn.sent:]
        pending = None
        legal: list[dict] = []
        p = self.match.pending
        if p is not None:
            mine = p.dragon == seat
            prompt = p.prompt if mine else waiting_words(p.dragon, p.kind)
            pending = {"dragon": p.dragon, "kind": p.kind, "prompt": prompt}
            if isinstance(prompt, Words):  # rendered in each client's language
                pending["prompt_words"] = prompt.to_json()
            if mine and self.started and not self.over:
                legal = self.offer().answers
        msg = message("state", decision=self.decision, view=view,
                      events=visible_events(events, seat), events_from=conn.sent,
                      pending=pending, legal=legal, finished=self.over)
        if not hold:
            conn.sent = len(self.session.events)
        return msg

    def _states(self, only: int | None = None) -> list[Out]:
        return [Out(c.cid, self.state_for(c)) for c in self.conns.values()
                if c.hello and (only is None or c.cid == only)]

    def lobby(self) -> dict:
        m = self.match
        return message("lobby", seats=[s.info() for s in self.seats.values()],
                       started=self.started, map_title=m.board.title,
                       options=dict(m.options))

    def _lobby_all(self) -> list[Out]:
        msg = self.lobby()
        return [Out(c.cid, msg) for c in self.conns.values() if c.hello]

    def _waiting_all(self) -> list[Out]:
        seat = self.waiting_for()
        if seat is None or seat.away_since is None:
            self._waiting_sent = None
            return []
        left = max(0, int(self.drop_wait - (self.clock() - seat.away_since) + 0.999))
        if self._waiting_sent == (seat.dragon, left):
            return []
        self._waiting_sent = (seat.dragon, left)
        msg = message("waiting", dragon=seat.dragon, seconds=left, policy=self.on_drop)
        return [Out(c.cid, msg) for c in self.conns.values() if c.hello]

    def _over_all(self, reason: str) -> list[Out]:
        m = self.match
        msg = message("over", winner=m.winner, scores=m.scores(), rounds=m.round,
                      reason=reason)
        if m.finished:  # the seed only now: it would foretell every roll (ENGINE.md)
            msg["seed"] = self.session.seed
        return [Out(c.cid, msg) for c in self.conns.values() if c.hello]

    # ----- saves --------------------------------------------------------------------
    def _autosave(self, events: Iterable[Mapping[str, Any]]) -> None:
        if self.data_dir is None:
            return
        if not self.autosaves:
            if starts_round(events):
                self.save_side()
            return

        if starts_round(events) or self.match.finished:
            try:
                autosave(self.session, self.data_dir)
            except (SaveError, OSError) as exc:
                print(f"narby host: autosave failed: {exc}", file=sys.stderr)
            self.save_side()

    def side_doc(self) -> dict:
        return {"format": SIDE_FORMAT,
                "seats": {d: {"kind": s.kind, "token": s.token if s.claimed else None,
                              "name": s.name} for d, s in self.seats.items()},
                "code": self.code, **({"port": self.port} if self.port else {})}

    def save_side(self) -> None:
        if self.data_dir is None:
            return

        path = side_file(self.data_dir, game_id(self.session))
        try:
            write_json_atomic(path, self.side_doc())  # tokens: private (0600)
        except OSError as exc:
            print(f"narby host: cannot write {path}: {exc}", file=sys.stderr)


def _file_name(source: str | None) -> str | None:
    """A map's file name alone: a joiner is never told where the host keeps it."""
    return Path(source).name if source else source


def side_file(data_dir: Path, gid: str) -> Path:
    """Where a networked game's seat kinds and tokens live (beside its autosaves)."""
    return Path(data_dir) / "net" / f"{gid}.json"


def read_side(path: Path) -> dict:
    """The seats of a networked game's side file, checked; raises ValueError(reason)."""
    try:  # as any file of the data folder: regular, bounded, never a hang or a traceback
        doc = read_json(Path(path), ValueError)
    except ValueError as exc:
        raise ValueError(f"{path}: cannot read the network seats ({exc})") from None
    seats = doc.get("seats") if isinstance(doc, dict) else None
    if not isinstance(seats, dict) or doc.get("format") != SIDE_FORMAT:
        raise ValueError(f"{path}: not a {SIDE_FORMAT} file")
    for dragon, s in seats.items():
        if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS or \
                not isinstance(s.get("token"), (str, type(None))):
            raise ValueError(f"{path}: seat {dragon!r} is malformed")
    return doc


# ----- the websocket side ---------------------------------------------------------------
class RateLimit:
    """A token bucket: `rate` messages a second, bursts of `burst`."""

    def __init__(self, rate: float, burst: float, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = burst, clock()

    def wait(self) -> float:
        """Seconds until a message may be taken (0: now)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass
class _Link:
    ws: ServerConnection
    out: asyncio.Queue
    limit: RateLimit
    sender: asyncio.Task | None = None
    strikes: int = 0
    addr: str = ""                 # address_key of its peer
    welcomed: bool = False         # the host said welcome (a valid hello, the right code)
    closing: bool = False          # the host is closing it (it holds no place meanwhile)
    due: asyncio.TimerHandle | None = None  # closes it unless welcomed by then


class HostServer:
    """websockets server for a HostCore.

    inline=True: the server calls the core itself on the asyncio loop (and lets the AIs
    answer, one decision per loop turn, so messages interleave). inline=False: what
    arrives goes to `inbox` (a queue.Queue of ("open"|"msg"|"close", cid, data)) for the
    thread that owns the match, which hands back messages with `send_threadsafe`."""

    def __init__(self, core: HostCore | None = None, *, host: str = "127.0.0.1",
                 port: int = 0, max_connections: int = 16, rate: float = 100.0,
                 burst: float = 200.0, hello_timeout: float = 10.0, send_queue: int = 512,
                 tick_every: float = 0.5, max_pending: int = 8, per_address: int = 4,
                 max_handshakes: int = 32, handshakes_per_address: int = 8,
                 max_tls_pending: int = 64, max_unread: int = 4 * 2**20,
                 identity: tls.Identity | None = None,
                 on_arrival: Callable[[], None] | None = None):
        self.core, self.inline = core, core is not None
        # called on the loop's thread after each item queued for the owner (not inline):
        # the window's wake, so a sleeping window looks at once
        self.on_arrival = on_arrival
        # TLS always (wss://): the host's own certificate, else one for this run only
        self.identity = identity or tls.make_identity()
        self.pin = self.identity.pin
        self.host, self.port = host, port
        # welcomed connections (players and spectators), and apart from them those not
        # yet welcomed: in all, and from one address; so knocking never takes a seat
        self.max_connections = max_connections
        self.max_pending, self.per_address = max_pending, per_address
        # TCP connections still in the websocket handshake (a slow or never-ending HTTP
        # request): in all and per address, the oldest cut when all places are taken
        self.max_handshakes, self.handshakes_per_address = max_handshakes, \
            handshakes_per_address
        self._shaking: dict[Any, tuple[str, Any]] = {}  # connection -> (address, transport)
        # accepted TCP connections still in the TLS handshake (each holds a few hundred
        # KB; thousands from one machine took 1.1 GB): at most this many, the next refused
        self.max_tls_pending = max_tls_pending
        self.tls_pending: weakref.WeakSet = weakref.WeakSet()
        # bytes a connection may leave unsent to it before it is cut: the websocket
        # library answers each ping with a pong outside the message queue's cap (a
        # client sending pings and reading nothing took the host to 577 MB)
        self.max_unread = max_unread
        self._collecting = False
        self._closing: set[asyncio.Task] = set()
        self.rate, self.burst = rate, burst
        self.hello_timeout, self.send_queue = hello_timeout, send_queue
        self.tick_every = tick_every
        self.inbox: queue.Queue = queue.Queue()
        self.links: dict[int, _Link] = {}
        self._ids = iter(range(1, 1 << 62))
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server: Server | None = None
        self.finished = asyncio.Event()
        self.dropped_slow = 0
        self._auto_scheduled = False

    async def start(self) -> None:
        from websockets.asyncio.server import serve  # noqa: PLC0415 (optional heavy dependency, loaded when used)

        self.loop = asyncio.get_running_loop()
        quiet_loop(self.loop)
        self.finished = asyncio.Event()
        self.server = await serve(self._handler, self.host, self.port,
                                  max_size=MAX_MESSAGE, max_queue=32,
                                  open_timeout=self.hello_timeout, ping_interval=20,
                                  ping_timeout=20, close_timeout=2,
                                  compression=None, server_header=None,
                                  logger=quiet_logger(),
                                  create_connection=_counted_connection(self),
                                  ssl=self.identity.server_context(),
                                  ssl_handshake_timeout=self.hello_timeout)
        self.port = self.server.sockets[0].getsockname()[1]
        self._watcher = asyncio.create_task(self._watch_unread())
        if self.inline:
            self._ticker = asyncio.create_task(self._tick_loop())

    async def _watch_unread(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.cut_unread()

    def collect_refused(self) -> None:
        """A connection refused before TLS (Counted) leaves its socket in a reference
        cycle of asyncio's accept: collected soon (at most five times a second), so it is
        closed then, not whenever the collector happens to run."""
        if self._collecting or self.loop is None:
            return
        self._collecting = True

        def collect() -> None:
            self._collecting = False
            gc.collect()
        self.loop.call_later(0.2, collect)

    def cut_unread(self) -> int:
        """Cut every connection holding more than max_unread bytes it has not taken;
        how many were cut."""
        cut = 0
        for conn in list(self.server.connections if self.server is not None else ()):
            transport = getattr(conn, "transport", None)
            with contextlib.suppress(Exception):
                if transport is not None and \
                        transport.get_write_buffer_size() > self.max_unread:
                    transport.abort()
                    cut += 1
        return cut

    async def close(self, drain: float = 2.0) -> None:
        for task in (getattr(self, "_ticker", None), getattr(self, "_watcher", None)):
            if task is not None:
                task.cancel()
        # Let the last messages (the result) go out, but never wait on a client that
        # does not read: after `drain` seconds its connection is cut.
        links = list(self.links.values())
        if links:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(*(k.out.join() for k in links)), drain)
        for link in links:
            if not link.out.empty():
                transport = getattr(link.ws, "transport", None)
                if transport is not None:
                    transport.abort()
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 10)

    # connections
    async def _handler(self, ws) -> None:
        from websockets.exceptions import ConnectionClosed  # noqa: PLC0415 (optional heavy dependency, loaded when used)

        self._shaking.pop(ws, None)  # (handshake done)
        peer = ws.remote_address[0] if ws.remote_address else ""
        addr = address_key(peer)
        refused = self._admit(addr)
        if refused:
            with contextlib.suppress(Exception):
                await ws.close(1013, refused)
            return
        cid = next(self._ids)
        link = _Link(ws, asyncio.Queue(maxsize=self.send_queue),
                     RateLimit(self.rate, self.burst), addr=addr)
        self.links[cid] = link
        link.sender = asyncio.create_task(self._send_loop(cid, link))
        # Whatever it sends meanwhile (pings included), a connection the host has not
        # welcomed when this runs out is closed: knocking does not hold a place.
        assert self.loop is not None  # (set by start)
        link.due = self.loop.call_later(self.hello_timeout, self._hello_due, cid)
        self._input("open", cid, peer)
        try:
            async for raw in ws:
                wait = link.limit.wait()
                if wait > 0:
                    # Over the rate: this connection is read more slowly (nothing is
                    # lost; a flood only slows its sender) and told so once a stretch.
                    link.strikes += 1
                    if link.strikes == 1:
                        self.send(cid, message("error", reason="too many messages: "
                                               "slowed down", fatal=False))
                    await asyncio.sleep(wait)
                else:
                    link.strikes = 0
                link.limit.take()
                self._input("msg", cid, raw)
        except ConnectionClosed:
            pass
        finally:
            link.due.cancel()
            self.links.pop(cid, None)
            link.sender.cancel()
            self._input("close", cid, None)

    def _admit(self, addr: str) -> str | None:
        """Why a new connection from `addr` is turned away (None: let in). When the
        places for connections not yet welcomed are all taken, the one waiting longest
        goes (a real player says hello at once: only a knocker waits)."""
        pending = [(cid, k) for cid, k in self.links.items()
                   if not k.welcomed and not k.closing]
        if sum(1 for k in self.links.values() if k.welcomed) >= self.max_connections:
            return "the host is full"
        if sum(1 for _, k in pending if k.addr == addr) >= self.per_address:
            return "too many connections from your address: say hello on one first"
        if pending and len(pending) >= self.max_pending:
            self._shut(pending[0][0], 1013, "the host is busy: connect again")
        return None

    def tcp_opened(self, conn, transport) -> None:
        """A TCP connection came (its websocket handshake not yet done): cut it if its
        address has too many in the handshake; cut the oldest if all places are taken."""
        peer = transport.get_extra_info("peername")
        addr = address_key(str(peer[0])) if peer else ""
        if sum(1 for a, _ in self._shaking.values() if a == addr) >= \
                self.handshakes_per_address:
            transport.abort()
            return
        if len(self._shaking) >= self.max_handshakes:
            _, oldest = self._shaking.pop(next(iter(self._shaking)))
            oldest.abort()
        self._shaking[conn] = (addr, transport)

    def tcp_closed(self, conn) -> None:
        self._shaking.pop(conn, None)

    def _hello_due(self, cid: int) -> None:
        link = self.links.get(cid)
        if link is not None and not link.welcomed:
            self._shut(cid, 1008, "no hello in time")

    def _shut(self, cid: int, code: int, reason: str) -> None:
        """Close a connection from the host's side: politely, and cut after 3 s."""
        link = self.links.get(cid)
        if link is None or link.closing:
            return
        link.closing = True

        async def shut(ws=link.ws):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code, reason), 3)
            transport = getattr(ws, "transport", None)
            if transport is not None:
                transport.abort()

        task = asyncio.ensure_future(shut())
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _send_loop(self, cid: int, link: _Link) -> None:
        from websockets.exceptions import ConnectionClosed  # noqa: PLC0415 (optional heavy dependency, loaded when used)

        try:
            while True:
                text, close = await link.out.get()
                try:
                    await link.ws.send(text)
                    if close:
                        await link.ws.close(1000, "closed by the host")
                        return
                finally:
                    link.out.task_done()
        except ConnectionClosed:
            pass
        finally:
            # Closed, cut off or cancelled (its connection ended): nothing more goes
            # out on this link, so what is left in its queue is done with and close()
            # does not wait out its drain time for it.
            while not link.out.empty():
                link.out.get_nowait()
                link.out.task_done()

    def send(self, cid: int, msg: dict, close: bool = False) -> None:
        """Queue a message (on the loop's thread). A client whose queue is full is too
        slow to follow the game: it is cut off (it can rejoin with its token)."""
        link = self.links.get(cid)
        if link is None:
            return
        if msg.get("type") == "welcome":
            link.welcomed = True
            if link.due is not None:
                link.due.cancel()
        try:
            link.out.put_nowait((encode(msg), close))
        except asyncio.QueueFull:
            self.dropped_slow += 1
            self.links.pop(cid, None)
            if link.sender is not None:  # started with the link (_handler)
                link.sender.cancel()
            transport = getattr(link.ws, "transport", None)
            if transport is not None:
                transport.abort()

    def deliver(self, outs: list[Out]) -> None:
        for o in outs:
            self.send(o.cid, o.msg, o.close)
            if o.msg.get("type") == "over":
                self.finished.set()

    def send_threadsafe(self, outs: list[Out]) -> None:
        if self.loop is not None and outs:
            self.loop.call_soon_threadsafe(self.deliver, list(outs))

    # inline driving
    def _input(self, what: str, cid: int, data) -> None:
        if not self.inline:
            self.inbox.put((what, cid, data))
            if self.on_arrival is not None:
                self.on_arrival()
            return
        core = self._inline_core()
        if what == "open":
            outs = core.opened(cid, data)
        elif what == "msg":
            outs = core.receive(cid, data)
        else:
            outs = core.closed(cid)
        self.deliver(outs)
        self._schedule_ai()

    def _schedule_ai(self) -> None:
        if self.inline and not self._auto_scheduled and \
                self._inline_core().auto_player() is not None:
            self._auto_scheduled = True
            assert self.loop is not None  # inline driving happens on the running loop
            self.loop.call_soon(self._ai_turn)

    def _inline_core(self) -> HostCore:
        """The core the server drives itself (inline=True means there is one)."""
        assert self.core is not None
        return self.core

    def _ai_turn(self) -> None:
        self._auto_scheduled = False
        core = self._inline_core()
        self.deliver(core.step_ai())
        if core.over:
            self.finished.set()
        self._schedule_ai()

    async def _tick_loop(self) -> None:
        core = self._inline_core()
        while True:
            await asyncio.sleep(self.tick_every)
            self.deliver(core.tick())
            if core.over:
                self.finished.set()
            self._schedule_ai()


def _counted_connection(server: HostServer):
    """websockets' server connection, telling `server` when its TCP connection opens and
    closes (so handshakes that never end are counted and cut: HostServer.tcp_opened)."""
    from websockets.asyncio.server import ServerConnection  # noqa: PLC0415 (optional heavy dependency, loaded when used)

    class Counted(ServerConnection):
        def __init__(self, *args, **kwargs) -> None:
            # made when the TCP connection is accepted, before TLS: refused (asyncio
            # drops the socket) while too many are still in the TLS handshake
            if len(server.tls_pending) >= server.max_tls_pending:
                server.collect_refused()
                raise ConnectionRefusedError("too many connections in the TLS handshake")
            super().__init__(*args, **kwargs)
            server.tls_pending.add(self)

        def connection_made(self, transport) -> None:
            server.tls_pending.discard(self)  # (TLS done)
            super().connection_made(transport)
            server.tcp_opened(self, transport)

        def connection_lost(self, exc) -> None:
            server.tcp_closed(self)
            super().connection_lost(exc)

    return Counted


class HostThread:
    """A HostServer on its own asyncio loop in a background thread, for a synchronous
    program (the window): `poll()` returns what arrived, `send(outs)` queues replies."""

    def __init__(self, **server_options):
        self.server = HostServer(None, **server_options)
        self.ready = threading.Event()
        self.error: str | None = None
        self._stop: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, name="narby-host", daemon=True)

    def start(self, timeout: float = 10.0) -> HostThread:
        self.thread.start()
        self.ready.wait(timeout)
        if self.error:
            raise OSError(self.error)
        return self

    def _run(self) -> None:
        async def main():
            self._stop = asyncio.Event()
            try:
                await self.server.start()
            except OSError as exc:
                self.error = str(exc)
                self.ready.set()
                return
            self.ready.set()
            await self._stop.wait()
            await self.server.close()

        asyncio.run(main())

    def poll(self, limit: int = POLL_LIMIT) -> list[tuple]:
        """What arrived, oldest first: at most `limit` items a call, so a flood that
        piled up while the window was busy is spread over frames, not one long stall
        (the rest waking the owner again, as their arrival did)."""
        items: list[tuple] = []
        with contextlib.suppress(queue.Empty):
            while len(items) < limit:
                items.append(self.server.inbox.get_nowait())
        if len(items) == limit and not self.server.inbox.empty() and \
                self.server.on_arrival is not None:
            self.server.on_arrival()
        return items

    def send(self, outs: list[Out]) -> None:
        self.server.send_threadsafe(outs)

    def stop(self) -> None:
        if self.server.loop is not None and self._stop is not None:
            self.server.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(15)


def pump(core: HostCore, items: list[tuple]) -> list[Out]:
    """Feed what a HostThread received to the core (on the match's thread)."""
    outs: list[Out] = []
    for what, cid, data in items:
        if what == "open":
            outs += core.opened(cid, data)
        elif what == "msg":
            outs += core.receive(cid, data)
        else:
            outs += core.closed(cid)
    return outs


def new_game(seats: list[dict], *, seed: int | None = None, map_path: str | None = None,
             options: dict | None = None):
    """(session, kinds) for seats like [{"dragon": None, "player": "remote"}, ...]:
    remote and local seats are people ("human") to the Session."""
    for s in seats:
        if s.get("player") not in SEAT_KINDS:
            raise SessionError(f"unknown seat kind {s.get('player')!r} "
                               f"(kinds: {', '.join(SEAT_KINDS)})")
    session = Session.new([{"dragon": s.get("dragon"),
                            "player": "human" if s["player"] in ("remote", "local")
                            else s["player"]} for s in seats],
                          seed=seed, map_path=map_path, options=options, rng=STREAM)
    kinds = {d: seats[i]["player"] for i, d in enumerate(session.match.seat_names)}
    return session, kinds

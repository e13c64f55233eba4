"""The host of a networked game: it alone runs the match (host-authoritative).

HostCore holds the Session, the seats (kinds, tokens, names) and the connections, and
turns what happens (a connection opened, a message, a connection closed, time passing)
into messages to send. It does no I/O and touches the esper world only from the thread
that calls it, so the window can drive it from its main loop and the headless host from
its asyncio loop (esper worlds are process-global: docs/ARCHITECTURE.md, pitfalls).

HostServer is the websocket side (websockets on asyncio): a bounded number of
connections, a message size limit, a per-connection rate limit, a hello timeout and a
send queue per connection, so a slow client never stalls the others' views. It either
drives a HostCore itself (`inline`, the headless host and tests) or hands what arrives to
a thread-safe queue for the thread that owns the match (the window).

Every seat is one of: "remote" (a person on another machine, with a seat token),
"local" (a person at the host's screen), or an AI level ("easy", "normal", "hard", "master",
"random"). A client answers for its own seat only; the seat comes from its token, never
from what it claims. An answer must be one of the rules' legal answers; any other gets
the engine's reason, and nothing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import os
import queue
import secrets
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.decisions import IllegalAnswer, title
from game.dice import STREAM
from game.match import Match
from game.net.protocol import (
    MAX_MESSAGE,
    ProtocolError,
    encode,
    message,
    parse_client,
)
from game.persistence.saves import SaveError, autosave, game_id, starts_round
from game.players import AIPlayer, RandomPlayer
from game.seat_view import scrub, visible_events
from game.session import Session, SessionError

if TYPE_CHECKING:
    from websockets.asyncio.server import Server, ServerConnection

SEAT_KINDS = ("remote", "local", "easy", "normal", "hard", "master", "random")
AI_KINDS = ("easy", "normal", "hard", "master", "random")
DROP_POLICIES = ("ai", "wait", "end")
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
EVENTS_ON_JOIN = 400   # the log a (re)joining client gets: the latest events
STANDIN_LEVEL = "normal"
SIDE_FORMAT = "narby-net-seats/1"


def join_code(n: int = 6) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(n))


@dataclass
class Seat:
    dragon: str
    kind: str
    token: str | None = None      # remote seats only
    name: str | None = None
    claimed: bool = False         # a client has been welcomed to it (its token given)
    conn: int | None = None
    away_since: float | None = None  # when its player dropped (None: here, or never came)
    standin: object | None = None  # an AI playing for a dropped player

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


@dataclass
class Out:
    """A message for one connection; close: close the connection after it."""

    cid: int
    msg: dict
    close: bool = False


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

    def __post_init__(self):
        m = self.session.match
        unknown = [d for d in m.seat_names if self.kinds.get(d) not in SEAT_KINDS]
        if unknown:
            raise ValueError(f"seat kind missing or unknown for {', '.join(unknown)}")
        # its saves say it is an online game, and which seats are remote (Continue)
        self.session.net_seats = {d: self.kinds[d] for d in m.seat_names}
        self.seats: dict[str, Seat] = {}
        self.players: dict[str, object] = {}
        shared = RandomPlayer(self.ai_seed)
        for i, dragon in enumerate(m.seat_names):
            kind = self.kinds[dragon]
            token = self.tokens.get(dragon) or (secrets.token_urlsafe(18)
                                                if kind == "remote" else None)
            seat = Seat(dragon, kind, token, self.names.get(dragon))
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
        self.started = False
        self.ended: str | None = None      # why the game ended early (host's choice)
        self.local_answers: list[dict] = []
        self._doc: tuple[int, dict] | None = None
        self._waiting_sent: tuple[str, int] | None = None

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

    def remote_seats(self) -> list[Seat]:
        return [s for s in self.seats.values() if s.kind == "remote"]

    def seats_ready(self) -> bool:
        return all(s.claimed and s.conn is not None for s in self.remote_seats())

    def waiting_for(self) -> Seat | None:
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

    def closed(self, cid: int) -> list[Out]:
        conn = self.conns.pop(cid, None)
        if conn is None or conn.seat is None:
            return []
        seat = self.seats[conn.seat]
        if seat.conn != cid:
            return []
        seat.conn = None
        if not self.started and self.decision == 0:
            # left the lobby of a fresh game: the seat is free again, for anyone
            seat.claimed, seat.name, seat.away_since = False, None, None
            seat.token = secrets.token_urlsafe(18)
        elif not self.over:
            seat.away_since = self.clock()
        return self._lobby_all() + self._waiting_all()

    def receive(self, cid: int, raw) -> list[Out]:
        conn = self.conns.get(cid)
        if conn is None:
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
            return [Out(cid, message("error", reason="goodbye", fatal=True), close=True)]
        return self._answer(conn, msg)

    def _error(self, cid: int, reason: str, fatal: bool = False) -> Out:
        return Out(cid, message("error", reason=reason, fatal=fatal), close=fatal)

    def _hello(self, conn: Conn, msg: dict) -> list[Out]:
        cid = conn.cid
        if conn.hello:
            return [self._error(cid, "hello was already said on this connection")]
        if self.code is not None and not secrets.compare_digest(
                str(msg.get("code", "")).upper().encode(), self.code.encode()):
            return [self._error(cid, "wrong join code", fatal=True)]
        outs: list[Out] = []
        seat: Seat | None = None
        if "token" in msg:
            seat = next((s for s in self.remote_seats() if s.token and secrets.compare_digest(
                s.token.encode(), msg["token"].encode())), None)
            if seat is None:
                return [self._error(cid, "unknown seat token", fatal=True)]
            if seat.conn is not None and seat.conn in self.conns:
                outs.append(self._error(seat.conn, "this seat joined again from another "
                                        "connection", fatal=True))
                self.conns[seat.conn].seat = None
        elif not msg.get("watch"):
            free = [s for s in self.remote_seats() if not s.claimed]
            if "seat" in msg:
                free = [s for s in free if s.dragon == msg["seat"]]
                if not free:
                    return [self._error(cid, f"the seat {msg['seat']!r} is not a free "
                                        "remote seat", fatal=True)]
            if self.over or not free:
                return [self._error(cid, "no free seat in this game (rejoin with your "
                                    "token, or watch)", fatal=True)]
            seat = free[0]
        conn.hello = True
        if seat is not None:
            seat.claimed, seat.conn, seat.away_since = True, cid, None
            seat.standin = None  # the player is back: the stand-in AI leaves
            if "name" in msg:
                seat.name = msg["name"]
            conn.seat = seat.dragon
        m = self.match
        outs.append(Out(cid, message(
            "welcome", seat=conn.seat, token=seat.token if seat else None,
            game={"map": m.board.source and Path(m.board.source).name,
                  "map_title": m.board.title, "options": dict(m.options),
                  "dragons": list(m.seat_names)})))
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
            return [self._error(cid, f"it is {title(pending.dragon)}'s decision, "
                                     f"not {title(conn.seat)}'s")]
        if "decision" in msg and msg["decision"] != self.decision:
            return [self._error(cid, f"that answer was for decision {msg['decision']}; "
                                     f"the game is at decision {self.decision}")]
        reason = self.check(msg["answer"])
        if reason:
            return [self._error(cid, reason)]
        return self._submit(msg["answer"])

    def check(self, answer: dict) -> str | None:
        """None when `answer` is one of the legal answers; else the engine's reason,
        found on a copy of the match so the game itself never sees a bad answer."""
        try:
            if answer in self.match.legal_answers():
                return None
        except Exception:  # noqa: BLE001 - comparing odd values must not break the host
            return "not an answer"

        trial = None
        try:
            trial = Match.restore(self.match.snapshot(), board=self.match.board)
            trial.submit(copy.deepcopy(answer))
        except IllegalAnswer as exc:
            return str(exc)
        except Exception:  # noqa: BLE001 - hostile shapes the rules never expected
            return "not an answer the rules understand"
        finally:
            if trial is not None:
                trial.close()
            self.match.activate()
        return "not one of the legal answers (ask for them as they are listed)"

    def submit_local(self, answer: dict) -> list[Out]:
        """An answer from a person at the host's screen (a "local" seat)."""
        pending = self.match.pending
        if self.over or self.kinds.get(pending.dragon) != "local":
            raise IllegalAnswer("it is not a local seat's decision")
        reason = self.check(answer)
        if reason:
            raise IllegalAnswer(reason)
        return self._submit(answer)

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
            seat.away_since = self.clock()
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
        seat = conn.seat
        view = scrub(self._full_doc(), seat)
        events = self.session.events[conn.sent:]
        pending = None
        legal: list[dict] = []
        p = self.match.pending
        if p is not None:
            mine = p.dragon == seat
            pending = {"dragon": p.dragon, "kind": p.kind,
                       "prompt": p.prompt if mine else
                       f"Waiting for {title(p.dragon)} ({p.kind.replace('_', ' ')})"}
            if mine and self.started and not self.over:
                legal = self.match.legal_answers()
        msg = message("state", decision=self.decision, view=view,
                      events=visible_events(events, seat), events_from=conn.sent,
                      pending=pending, legal=legal, finished=self.over)
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
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # tokens: private
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(json.dumps(self.side_doc(), indent=1))
            tmp.replace(path)
        except OSError as exc:
            print(f"narby host: cannot write {path}: {exc}", file=sys.stderr)


def side_file(data_dir: Path, gid: str) -> Path:
    """Where a networked game's seat kinds and tokens live (beside its autosaves)."""
    return Path(data_dir) / "net" / f"{gid}.json"


def read_side(path: Path) -> dict:
    """The seats of a networked game's side file, checked; raises ValueError(reason)."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
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


class HostServer:
    """websockets server for a HostCore.

    inline=True: the server calls the core itself on the asyncio loop (and lets the AIs
    answer, one decision per loop turn, so messages interleave). inline=False: what
    arrives goes to `inbox` (a queue.Queue of ("open"|"msg"|"close", cid, data)) for the
    thread that owns the match, which hands back messages with `send_threadsafe`."""

    def __init__(self, core: HostCore | None = None, *, host: str = "127.0.0.1",
                 port: int = 0, max_connections: int = 16, rate: float = 100.0,
                 burst: float = 200.0, hello_timeout: float = 10.0, send_queue: int = 512,
                 tick_every: float = 0.5):
        self.core, self.inline = core, core is not None
        self.host, self.port = host, port
        self.max_connections = max_connections
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
        self.finished = asyncio.Event()
        self.server = await serve(self._handler, self.host, self.port,
                                  max_size=MAX_MESSAGE, max_queue=32,
                                  open_timeout=self.hello_timeout, ping_interval=20,
                                  ping_timeout=20, close_timeout=2,
                                  compression=None, server_header=None)
        self.port = self.server.sockets[0].getsockname()[1]
        if self.inline:
            self._ticker = asyncio.create_task(self._tick_loop())

    async def close(self, drain: float = 2.0) -> None:
        if getattr(self, "_ticker", None):
            self._ticker.cancel()
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

        if len(self.links) >= self.max_connections:
            await ws.close(1013, "the host is full")
            return
        cid = next(self._ids)
        link = _Link(ws, asyncio.Queue(maxsize=self.send_queue),
                     RateLimit(self.rate, self.burst))
        self.links[cid] = link
        link.sender = asyncio.create_task(self._send_loop(cid, link))
        peer = ws.remote_address[0] if ws.remote_address else ""
        self._input("open", cid, peer)
        try:
            first = await asyncio.wait_for(ws.recv(), self.hello_timeout)
            self._input("msg", cid, first)
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
        except TimeoutError:
            with contextlib.suppress(Exception):
                await ws.close(1008, "no hello in time")
        except ConnectionClosed:
            pass
        finally:
            self.links.pop(cid, None)
            link.sender.cancel()
            self._input("close", cid, None)

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

    def poll(self) -> list[tuple]:
        items = []
        with contextlib.suppress(queue.Empty):
            while True:
                items.append(self.server.inbox.get_nowait())
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

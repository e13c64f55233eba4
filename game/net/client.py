"""A client of a networked game: it sees its seat view and answers for its own seat.

`Bot` plays a remote seat headless (`narby join --bot`): from the host's `legal`
list (random) or with an AI level that reads only its seat view. `run_bot` connects,
says hello (with the join code, or a token to rejoin), answers until the host says the
game is over, and rejoins with its token when the connection drops.

`ClientThread` runs a connection in a background thread with its own asyncio loop for
the window: `poll()` gives what arrived, `send(msg)` queues a message, and `on_arrival`
(the window's wake) is called after each arrival so a sleeping window looks at once.
The window never lets the network thread touch the esper world.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import ssl
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ai import choose, node_budget
from game.board import BoardSpec
from game.decisions import answer_kind
from game.i18n import _
from game.maps.loader import load_board
from game.net import map_share, tls
from game.net.from_host import read_host
from game.net.invite import Invite, InviteError, parse_invite
from game.net.protocol import (
    MAX_HOST_MESSAGE,
    ProtocolError,
    encode,
    message,
)
from game.net.tls import PinMismatch, normal_pin
from game.persistence.saves import data_dir as find_data
from game.resources import shipped_map
from game.words import Words

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

BOT_KINDS = ("random", "easy", "normal", "hard", "master")


class JoinError(ValueError):
    """The host refused us, or cannot be reached; the text says why."""


NO_PIN = Words("the invite has no fingerprint (the part after #): copy the whole invite "
               "from the host's screen")


def open_invite(address: str, pin: str | None = None) -> Invite:
    """The invite in `address`, with `pin` if it has none; JoinError(one sentence) when
    it cannot be joined (not an invite, or no fingerprint to check the host by)."""
    try:
        invite = parse_invite(address)
    except InviteError as exc:
        raise JoinError(str(exc)) from None
    if invite.pin is None and pin is not None:
        invite = invite.with_pin(normal_pin(pin))
    if invite.pin is None:
        raise JoinError(NO_PIN)
    return invite


@contextlib.asynccontextmanager
async def pinned(invite: Invite, open_timeout: float = 10.0):
    """A connection to the invite's host over TLS whose certificate has the invite's pin
    (checked before the caller says anything: PinMismatch otherwise)."""
    from websockets.asyncio.client import connect  # noqa: PLC0415 (optional heavy dependency, loaded when used)

    assert invite.pin is not None  # open_invite gives only pinned invites
    async with connect(invite.url, ssl=tls.client_context(), max_size=MAX_HOST_MESSAGE,
                       open_timeout=open_timeout, compression=None) as ws:
        tls.check_pin(ws, invite.pin)
        yield ws


@dataclass
class Bot:
    kind: str = "random"
    seed: int = 0
    rng: random.Random = field(init=False)
    decisions: int = 0
    map_path: str | None = None   # the host's map here (received, or a shipped one)

    def __post_init__(self):
        if self.kind not in BOT_KINDS:
            raise ValueError(f"unknown bot {self.kind!r} (bots: {', '.join(BOT_KINDS)})")
        self.rng = random.Random(self.seed)

    def choose(self, state: dict) -> dict:
        legal = state["legal"]
        self.decisions += 1
        if self.kind == "random":
            groups: dict[str, list[dict]] = {}
            for a in legal:
                groups.setdefault(answer_kind(a), []).append(a)
            return self.rng.choice(groups[self.rng.choice(sorted(groups))])

        view = state["view"]
        return choose(view, self.kind, seed=(self.seed * 1_000_003 + self.decisions) % 2**32,
                      board=board_of(view, self.map_path), budget=node_budget(self.kind))


def board_of(view: dict, map_path: str | Path | None = None):
    """The client's copy of the view's map: the plain board, the host's map as received
    or found here (`map_path`), or a map shipped with the game found by its file name."""
    source = view.get("map")
    if source is None:
        return BoardSpec.plain()
    if map_path is not None:
        return load_board(str(map_path))
    name = Path(str(source)).name
    found = shipped_map(name)
    if found is not None and found.is_file():
        return load_board(str(found))
    raise JoinError(f"this game's map {name!r} is not installed here")


@dataclass
class BotResult:
    seat: str | None = None
    token: str | None = None
    over: dict | None = None
    answers: int = 0
    errors: list[str] = field(default_factory=list)
    rejoins: int = 0
    states: int = 0


async def run_bot(address: str, bot: Bot, *, code: str | None = None,
                  token: str | None = None, name: str | None = None, seat: str | None = None,
                  retries: int = 20, on_welcome=None, on_state=None, on_answer=None,
                  open_timeout: float = 10.0, pin: str | None = None,
                  data_dir=None) -> BotResult:
    """Play a seat until the game is over. Rejoins with the seat's token when the
    connection drops (up to `retries` times in a row). `address`: the host's invite
    (its pin, or `pin`, is checked before anything is sent); `data_dir`: where a map
    the host sends is kept (default: the data folder)."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI  # noqa: PLC0415 (optional heavy dependency, loaded when used)

    invite = open_invite(address, pin)
    url = invite.url
    code = code or invite.code
    data = data_dir if data_dir is not None else find_data(None)
    result = BotResult(token=token)
    failures = 0
    while result.over is None:
        hello = message("hello", **({"code": code} if code else {}),
                        **({"token": result.token} if result.token else {}),
                        **({"name": name} if name else {}),
                        **({"seat": seat} if seat and not result.token else {}))
        try:
            async with pinned(invite, open_timeout) as ws:
                await ws.send(encode(hello))
                await _play(ws, bot, result, on_welcome, on_state, on_answer, data)
                failures = 0
        except PinMismatch as exc:
            raise JoinError(str(exc)) from None
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
            from game.net.words import connect_failure  # noqa: PLC0415 (words imports this module)

            words = connect_failure(exc, url)  # plain words, never the errno (issue 30.6)
            if result.token is None and not isinstance(exc, ConnectionClosed):
                raise JoinError(f"cannot reach {url}: {words}") from None
            failures += 1
            if failures > retries or result.token is None:
                raise JoinError(f"lost the connection to {url}: {words}") from None
            result.rejoins += 1
            await asyncio.sleep(min(2.0, 0.1 * failures))  # back off before rejoining
        except InvalidURI as exc:
            raise JoinError(str(exc)) from None
    return result


async def _play(ws, bot: Bot, result: BotResult, on_welcome, on_state, on_answer,
                data_dir=None) -> None:
    fetch: map_share.Receiver | None = None
    held: dict | None = None  # the latest state while the map is on its way
    async for raw in ws:
        try:
            msg = read_host(raw)
        except ProtocolError as exc:
            raise JoinError(str(exc)) from None
        kind = msg["type"]
        if kind == "welcome":
            result.seat, result.token = msg.get("seat"), msg.get("token")
            fetch = await _want_map(ws, bot, msg, data_dir)
            if on_welcome:
                on_welcome(msg)
        elif kind == "map" and fetch is not None:
            try:
                path = fetch.take(msg)
            except map_share.MapShareError as exc:
                raise JoinError(str(exc)) from None
            if path is not None:
                bot.map_path, fetch = str(path), None
                if held is not None:
                    msg, kind, held = held, "state", None
        if kind == "state" and fetch is not None:
            held = msg
            continue
        if kind in ("welcome", "map"):
            continue
        if kind == "error":
            result.errors.append(msg.get("reason", ""))
            if on_answer:
                on_answer(None, msg)
            if msg.get("fatal"):
                from game.net.words import refusal  # noqa: PLC0415 (words imports this module)

                raise JoinError(refusal(msg.get("reason")))
        elif kind == "over":
            result.over = msg
            return
        elif kind == "state":
            result.states += 1
            if on_state:
                on_state(msg)
            if msg.get("legal"):
                answer = bot.choose(msg)
                result.answers += 1
                await ws.send(encode(message("answer", answer=answer,
                                             decision=msg["decision"])))
                if on_answer:
                    on_answer(msg["decision"], answer)


async def _want_map(ws, bot: Bot, welcome: dict, data_dir) -> map_share.Receiver | None:
    """Ask for the host's map when it is not here (a receiver for its parts), else None."""
    info = (welcome.get("game") or {}).get("map_bundle")
    if info is None or bot.map_path is not None:
        return None
    try:
        path = map_share.local_copy(info, data_dir)
        if path is not None:
            bot.map_path = str(path)
            return None
        fetch = map_share.Receiver(info, data_dir)
    except map_share.MapShareError as exc:
        raise JoinError(str(exc)) from None
    await ws.send(encode(message("map_request")))
    return fetch


def plain_reason(exc: BaseException) -> str:
    """Why a connection failed, in words for a player (never an exception's name)."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI  # noqa: PLC0415 (optional heavy dependency, loaded when used)

    if isinstance(exc, (JoinError, PinMismatch)):
        return str(exc)
    if isinstance(exc, (ssl.SSLError, ConnectionResetError)):
        return ("the host did not answer in encrypted form (wss://): it may be an older "
                "version of the game, or not a game at all")
    if isinstance(exc, ConnectionRefusedError):
        return "the host is not taking connections (it may have ended the game)"
    if isinstance(exc, TimeoutError):
        return "the host did not answer in time"
    if isinstance(exc, ConnectionClosed):
        return "the connection closed"
    if isinstance(exc, InvalidURI):
        return "that is not an invite like wss://192.168.1.5:8765/CODE#FINGERPRINT"
    if isinstance(exc, InvalidHandshake):
        return "something answered at that address, but not a Narby Conquest host"
    if isinstance(exc, OSError):
        return f"cannot reach the host ({exc.strerror.lower()})" if exc.strerror else \
            "cannot reach the host"
    return "the connection failed"


class ClientThread:
    """A connection in a background thread: the window polls what arrived."""

    def __init__(self, address: str, hello: dict, pin: str | None = None, *,
                 on_arrival: Callable[[], None] | None = None):
        """`address`: the host's invite (its pin, or `pin`, is checked before `hello`
        goes out). `on_arrival`: called on this thread after each message is queued."""
        self.url, self.hello, self.pin = address, hello, pin
        self.on_arrival = on_arrival
        self.inbox: queue.Queue = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self.thread = threading.Thread(target=self._run, name="narby-client", daemon=True)

    def start(self) -> ClientThread:
        self.thread.start()
        return self

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        try:
            async with pinned(open_invite(self.url, self.pin)) as ws:
                self._ws = ws
                await ws.send(encode(self.hello))
                async for raw in ws:
                    try:
                        self._arrived(read_host(raw))
                    except ProtocolError as exc:
                        self._arrived(message("error", reason=str(exc), fatal=True))
                        return
        except Exception as exc:  # noqa: BLE001 - any failure is shown as a line
            from game.net.words import connect_failure  # noqa: PLC0415 (words imports this module)

            cut = self._ws is not None and isinstance(exc, OSError)  # after it was open
            # reason: short, for the log; words: one sentence saying what to do (issue 30.6)
            self._arrived(message(
                "closed", reason="the connection was cut" if cut else plain_reason(exc),
                words=_("The connection to the host was cut") if cut else
                connect_failure(exc, self.url)))
            return
        self._arrived(message("closed", reason="the host closed the connection"))

    def _arrived(self, msg: dict) -> None:
        self.inbox.put(msg)
        if self.on_arrival is not None:
            self.on_arrival()  # after the put: the window's next poll finds it

    def poll(self) -> list[dict]:
        items = []
        with contextlib.suppress(queue.Empty):
            while True:
                items.append(self.inbox.get_nowait())
        return items

    def _call(self, make: Callable[[ClientConnection], Coroutine[Any, Any, None]]
              ) -> tuple[Future, Coroutine] | None:
        """Run a coroutine on the connection's loop, if it still runs (else drop it)."""
        if self.loop is None or self._ws is None or self.loop.is_closed() or \
                not self.thread.is_alive():
            return None
        coro = make(self._ws)
        try:
            return asyncio.run_coroutine_threadsafe(coro, self.loop), coro
        except RuntimeError:  # the loop closed in between
            coro.close()
            return None

    def send(self, msg: dict) -> None:
        text = encode(msg)
        self._call(lambda ws: ws.send(text))

    def close(self) -> None:
        sent = self._call(lambda ws: ws.close())
        self.thread.join(5)
        if sent is not None and not sent[0].done() and not self.thread.is_alive():
            # the loop ended before it ran the close (the host had gone): nothing will
            # await it now, so close it here rather than warn when it is collected
            with contextlib.suppress(RuntimeError, ValueError):
                sent[1].close()

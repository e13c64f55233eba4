"""Who may knock, and how often (issue 29): the host's door against filling and guessing.

- `address_key(peer)`: the address connections are counted and locked out by (an IPv6
  client on the internet is its /64, which one machine usually has whole; else the
  address itself).
- `CodeGuard`: wrong join codes from one address slow it down (a first typo is free,
  then each try waits 1 s, 2 s, 4 s... after the last wrong one) and lock it out (5 wrong
  in a minute: a minute). Its clock is injected, so tests never sleep.
- `quiet_logger()`: the logger the websocket library reports to: one line per problem,
  never a traceback, and few of them (a flood of junk requests is not a flood of lines).
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_TRACKED = 4096  # addresses remembered at most (the oldest are forgotten first)


def address_key(peer: str) -> str:
    try:
        ip = ipaddress.ip_address(peer.split("%", 1)[0])
    except ValueError:
        return peer
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if ip.is_global:  # on the internet a machine has its whole /64; on a LAN the
            # machines of one room share one, so there each address counts alone
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class _Record:
    wrong: list[float] = field(default_factory=list)  # times of recent wrong codes
    next_try: float = 0.0
    locked_until: float = 0.0


@dataclass
class CodeGuard:
    clock: Callable[[], float] = time.monotonic
    limit: int = 5              # this many wrong codes within `window` lock the address
    window: float = 60.0
    lockout: float = 60.0
    first_delay: float = 1.0    # the wait after a second wrong code; doubles after each
    records: dict[str, _Record] = field(default_factory=dict)

    def wait(self, key: str) -> float:
        """Seconds before `key` may try a join code again (0: now)."""
        rec = self.records.get(key)
        if rec is None:
            return 0.0
        now = self.clock()
        return max(0.0, rec.locked_until - now, rec.next_try - now)

    def locked(self, key: str) -> bool:
        rec = self.records.get(key)
        return rec is not None and rec.locked_until > self.clock()

    def failed(self, key: str) -> None:
        now = self.clock()
        rec = self.records.pop(key, None) or _Record()
        self.records[key] = rec  # (re)inserted last: the dict is oldest-first
        rec.wrong = [t for t in rec.wrong if now - t < self.window] + [now]
        # a first typo is free; then 1 s, 2 s, 4 s... before the next try
        n = len(rec.wrong)
        rec.next_try = now + (self.first_delay * 2 ** (n - 2) if n >= 2 else 0.0)
        if len(rec.wrong) >= self.limit:
            rec.locked_until, rec.wrong = now + self.lockout, []
        while len(self.records) > MAX_TRACKED:
            del self.records[next(iter(self.records))]

    def passed(self, key: str) -> None:
        """The right code: this address knows it, its slow-down ends."""
        self.records.pop(key, None)


class _OneLine(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage().splitlines()[0] if record.getMessage() else "?"
        if record.exc_info and record.exc_info[0] is not None:
            # the library tripped on what a connection sent (junk, a broken request):
            # plain words for the host's console, no exception's name
            text = "a connection sent something that is not a game's request; it was dropped"
        return f"narby host: network: {text}"

    def formatException(self, ei) -> str:  # noqa: N802 - logging's name
        return ""


class _Sparse(logging.Filter):
    """At most `burst` lines in any `per` seconds: junk by the thousand is a few lines."""

    def __init__(self, burst: int = 5, per: float = 60.0, clock=time.monotonic):
        super().__init__()
        self.burst, self.per, self.clock = burst, per, clock
        self.times: list[float] = []

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        self.times = [t for t in self.times if now - t < self.per]
        if len(self.times) >= self.burst:
            return False
        self.times.append(now)
        return True


class _ToStderr(logging.Handler):
    """Writes to the sys.stderr of the moment (a test may have replaced it)."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):  # a console gone must not break the host
            print(self.format(record), file=sys.stderr, flush=True)


def quiet_logger() -> logging.Logger:
    """The websockets server's logger: warnings and errors only, one line each, sparse."""
    log = logging.getLogger("narby.host.network")
    if not log.handlers:
        handler = _ToStderr()
        handler.setFormatter(_OneLine())
        handler.addFilter(_Sparse())
        log.addHandler(handler)
        log.setLevel(logging.WARNING)
        log.propagate = False
    return log


def quiet_loop(loop) -> None:
    """What the asyncio loop would print with a traceback (a task's unexpected failure)
    goes to the same logger, as one line."""
    log = quiet_logger()

    def report(_loop, context: dict) -> None:
        # one plain line; the exception's name and text are for a bug report, not here
        log.error("%s", context.get("message", "unexpected error"))

    loop.set_exception_handler(report)
    # asyncio's own warnings ("socket.send() raised exception.", 400 in 15 s against a
    # client reconnecting in a loop) go through the same sparse lines
    aio = logging.getLogger("asyncio")
    for handler in log.handlers:
        if handler not in aio.handlers:
            aio.addHandler(handler)
    aio.propagate = False

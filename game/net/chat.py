"""A short chat for online games (issue 30): lines of text and six quick emotes,
bounded in size (MAX_CHAT characters, control and format characters stripped) and in
rate (RATE lines per RATE_WINDOW seconds per connection, on the core's clock, so tests
inject time). The host relays each line to every connection (the sender too: its echo
is its receipt) and keeps it in its own log. docs/FORMATS.md "Network messages"."""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.decisions import title

if TYPE_CHECKING:
    from game.net.host import Conn, HostCore, Out

MAX_CHAT = 200        # characters of one line, after cleaning
RATE = 5              # lines ...
RATE_WINDOW = 10.0    # ... per this many seconds, per connection
HISTORY = 50          # lines the host keeps (for its log)
# the quick emotes, by key (the protocol sends the key; every window shows the words)
EMOTES: dict[str, str] = {"good_move": "Good move!", "oops": "Oops", "hurry": "Hurry up",
                          "well_played": "Well played", "thinking": "Thinking…",
                          "gg": "GG"}


def clean(text: str) -> str:
    """A chat line as shown: control and format characters (bidi overrides, zero-width
    joiners, escapes) removed, runs of spaces made one, ends trimmed."""
    kept = "".join(" " if c.isspace() else c for c in text
                   if c.isspace() or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co"))
    return " ".join(kept.split())


class ChatLimit:
    """At most `rate` lines per `window` seconds per key (a connection): a sliding
    window on an injectable clock."""

    def __init__(self, clock: Callable[[], float], rate: int = RATE,
                 window: float = RATE_WINDOW):
        self.clock, self.rate, self.window = clock, rate, window
        self.sent: dict[object, deque[float]] = {}

    def allow(self, key: object) -> bool:
        now = self.clock()
        times = self.sent.setdefault(key, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.rate:
            return False
        times.append(now)
        return True

    def forget(self, key: object) -> None:
        self.sent.pop(key, None)


def line(dragon: str | None, name: str | None, text: str | None = None,
         emote: str | None = None) -> dict:
    """The host's chat message (protocol "chat"): who, and what in words."""
    from game.net.protocol import message  # noqa: PLC0415 (protocol imports this module)

    words = EMOTES[emote] if emote else clean(text or "")
    return message("chat", dragon=dragon, name=name or (title(dragon) if dragon else
                                                         "Spectator"),
                   text=words, **({"emote": emote} if emote else {}))


def relay(core: HostCore, conn: Conn, msg: dict) -> list[Out]:
    """A connection's chat line: refused when too fast or empty, else sent to all."""
    from game.net.host import Out  # noqa: PLC0415 (host imports this module)
    from game.net.protocol import message  # noqa: PLC0415 (protocol imports this module)

    text = None if "emote" in msg else clean(msg.get("text", ""))
    refused = "chat: the line is empty" if text == "" else None
    if refused is None and not core.chat_limit.allow(conn.cid):
        refused = f"chat: at most {RATE} lines in {RATE_WINDOW:g} s — wait a moment"
    if refused:
        return [Out(conn.cid, message("error", reason=refused, fatal=False))]
    seat = core.seats.get(conn.seat) if conn.seat else None
    out = line(conn.seat, seat.name if seat else None, text, msg.get("emote"))
    return [Out(c.cid, out) for c in core.conns.values() if c.hello] + _keep(core, out)


def host_says(core: HostCore, dragon: str | None, name: str | None,
              text: str | None = None, emote: str | None = None) -> list[Out]:
    """A line from the host's own window (its person, or the host itself); the host's
    clicks are not rate limited beyond the same window (key "host")."""
    from game.net.host import Out  # noqa: PLC0415 (host imports this module)

    if emote is None and not clean(text or ""):
        return []
    if emote is not None and emote not in EMOTES:
        raise ValueError(f"unknown emote {emote!r}")
    if not core.chat_limit.allow("host"):
        raise ValueError(f"at most {RATE} chat lines in {RATE_WINDOW:g} s — wait a moment")
    out = line(dragon, name or ("Host" if dragon is None else None),
               None if emote else (text or "")[:MAX_CHAT], emote)
    return [Out(c.cid, out) for c in core.conns.values() if c.hello] + _keep(core, out)


def _keep(core: HostCore, out: dict) -> list[Out]:
    """The host's log of the chat: kept for its window, which shows each line once."""
    core.chat_log.append(out)
    core.chat_new.append(out)
    while len(core.chat_log) > HISTORY:
        core.chat_log.popleft()
    if core.echo_chat:  # the headless host's terminal is its log
        print(f"chat: {out['name']}: {out['text']}", flush=True)
    return []


def log_event(msg: dict) -> dict:
    """A chat message as a line of the board's log (game.ui.log_view: type "chat")."""
    return {"type": "chat", "dragon": msg.get("dragon"), "name": str(msg.get("name") or ""),
            "text": clean(str(msg.get("text") or ""))[:MAX_CHAT]}

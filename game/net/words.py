"""Plain words for online play (issue 30.6): an address as a player types it, and why a
join failed, in one sentence that says what to do. No exception's name or text ever
reaches the screen; the details go to the log file, not to the player."""

from __future__ import annotations

import re
import ssl

from game.i18n import N_, _
from game.net.client import JoinError
from game.net.invite import EXAMPLE, InviteError
from game.net.tls import PinMismatch
from game.words import shown

# what the host says (protocol "error" reasons) -> a sentence for the player
_REFUSALS = (
    ("wrong join code", N_("The join code is wrong — check it with the host")),
    ("unknown seat token", N_("The host no longer knows this seat (a new game?) — join "
                           "again without it, or ask the host")),
    ("game has already started", N_("This game has already started and every seat is taken "
                                 "— ask the host to watch, or for the next game")),
    ("no free seat", N_("This game is full — every remote seat is taken; ask the host to "
                     "add one")),
    ("is not a free remote seat", N_("That seat is taken — join without choosing a seat")),
    ("the host is full", N_("The host has too many connections — try again in a moment")),
    ("joined again from another", N_("This seat was joined from another window — close "
                                  "that one to play here")),
)


def refusal(reason: str | None) -> str:
    """A host's refusal in one sentence that says what to do."""
    text = str(reason or "")
    low = text.lower()
    for key, words in _REFUSALS:
        if key in low:
            return _(words)
    if text:
        # TRANSLATORS: {reason} is the host's own words (English)
        return _("The host refused: {reason}").format(reason=text)
    return _("The host refused to let this window join")


def connect_failure(exc: BaseException, url: str = "") -> str:
    """Why a connection could not be made, in one sentence with what to do (never an
    exception's name or errno)."""
    import socket  # noqa: PLC0415 (only for the isinstance checks)

    from websockets.exceptions import (  # noqa: PLC0415 (optional heavy dependency)
        ConnectionClosed,
        InvalidHandshake,
        InvalidStatus,
        InvalidURI,
    )

    where = _host_of(url)
    if isinstance(exc, (JoinError, PinMismatch, InviteError)):  # already one sentence
        text = shown(exc.args[0] if exc.args else exc)  # Words: in the player's language
        return text[:1].upper() + text[1:]
    if isinstance(exc, (ssl.SSLError, ConnectionResetError)):
        return _("Something answered there, but not in encrypted form (wss://) — it may be "
                 "an older version of the game; ask the host for a new invite")
    if isinstance(exc, socket.gaierror):
        if where:
            # TRANSLATORS: {where} is the host's address as typed (host:port)
            return _("No computer called {where} was found — check the address the host "
                     "shows").format(where=where)
        return _("That computer was not found — check the address")
    if isinstance(exc, ConnectionRefusedError):
        if where:
            return _("Nothing is listening at {where} — check the address and port, and "
                     "that the host is hosting").format(where=where)
        return _("Nothing is listening there — check the address and that the host is "
                 "hosting")
    if isinstance(exc, TimeoutError):
        return _("The host did not answer in time — check the address, and that no "
                 "firewall blocks the port")
    if isinstance(exc, InvalidStatus):
        status = getattr(getattr(exc, "response", None), "status_code", 0)
        if status == 503 or status == 1013:
            return _("The host has too many connections — try again in a moment")
        return _("Something answered there, but not a Narby Conquest host — check the port")
    if isinstance(exc, InvalidURI):
        # TRANSLATORS: {example} is an invite such as wss://192.168.1.20:8765/ABC234#...
        return _("That is not an invite: type it as the host shows it, e.g. {example}"
                 ).format(example=EXAMPLE)
    if isinstance(exc, InvalidHandshake):
        return _("Something answered there, but not a Narby Conquest host — check the port")
    if isinstance(exc, ConnectionClosed):
        rcvd = getattr(exc, "rcvd", None)
        if rcvd is not None and getattr(rcvd, "code", None) == 1013:
            return _("The host has too many connections — try again in a moment")
        return _("The host closed the connection")
    if isinstance(exc, OSError):
        return _("The host cannot be reached — check the address and your network")
    return _("The connection failed — check the address and try again")


def _host_of(url: str) -> str:
    m = re.match(r"^wss?://([^/]+)/?", url or "")
    return m.group(1) if m else ""


def lost_words(tries: int, limit: int, wait: float) -> str:
    """The log line of a dropped connection (a joining window tries again by itself)."""
    # TRANSLATORS: {wait} is seconds; {tries} of {limit} counts the attempts
    return _("Lost the connection to the host — trying again in {wait} s (try {tries} of "
             "{limit})").format(wait=f"{wait:g}", tries=tries, limit=limit)

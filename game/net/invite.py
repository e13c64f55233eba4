"""The invite a host gives its friends, as they type it (docs/ONLINE.md).

    wss://192.168.1.5:8765/K7PXQ2#ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ
          address      port join code  the host certificate's pin

`parse_invite(text)` reads what a person typed: the scheme may be left out (wss is
meant), the port too (8765), case and dashes in the pin do not matter. The pin is what
keeps the game private (game/net/tls.py); an invite without one is read (a game found
on this network supplies its own pin) but cannot be joined alone. Plain `ws://`, the
old unencrypted form, is upgraded when a pin comes with it and refused otherwise.
Every refusal is one sentence (InviteError), raised as game.words.Words: its text is the
English the command line prints, and a window shows it in its player's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from game.net.tls import PIN_CHARS, normal_pin
from game.words import Words

DEFAULT_PORT = 8765
EXAMPLE = "wss://192.168.1.5:8765/K7PXQ2#ABCD-…"
# a scheme typed wrong ("ws//h", "wss:/h", "ws:h"): mended, never read as a host
_MENDABLE = re.compile(r"^(wss?)\s*[:;]?\s*/*(?=[^/:])", re.IGNORECASE)
_TYPO = re.compile(r"^\s*wss?\s*(:/?(?!/)|//|:\\|;//|\.//)", re.IGNORECASE)
_CODE = re.compile(r"^[A-Za-z0-9]{1,32}$")


class InviteError(ValueError):
    """What a person typed is not an invite; the text says why and what to do."""


@dataclass(frozen=True)
class Invite:
    host: str               # a name, an IPv4 address or a bracketed IPv6 address
    port: int
    code: str | None
    pin: str | None         # grouped (tls.normal_pin), or None when not given

    @property
    def url(self) -> str:
        """Where to connect (no code in it: the code goes in the hello)."""
        return f"wss://{self.host}:{self.port}/"

    def text(self) -> str:
        return f"{self.url}{self.code or ''}" + (f"#{self.pin}" if self.pin else "")

    def with_pin(self, pin: str | None) -> Invite:
        return Invite(self.host, self.port, self.code, pin)


def parse_invite(text: str, port: int = DEFAULT_PORT) -> Invite:
    """The invite in `text`, or InviteError(one sentence)."""
    raw = (text or "").strip().replace("\\", "/")
    if not raw:
        raise InviteError(Words("type the host's invite, like {example}", example=EXAMPLE))
    mended = _MENDABLE.match(raw)
    if "://" not in raw and mended and raw[mended.end():] and \
            mended.end() > len(mended.group(1)):  # "wss//h", "wss:/h", "ws:h": never host "ws"
        raw = f"{mended.group(1).lower()}://{raw[mended.end():]}"
    if "://" not in raw and _TYPO.match(raw):
        # TRANSLATORS: {typed} is what the player typed, in quotes
        raise InviteError(Words("{typed} looks mistyped: an invite starts with wss:// (like "
                                "{example})", typed=repr(raw[:40]), example=EXAMPLE))
    if "://" not in raw:
        raw = "wss://" + raw
    try:
        parts = urlsplit(raw)
        given_port = parts.port
    except ValueError:
        raise InviteError(Words("{typed} has a bad port (a number up to 65535 after the "
                                "colon)", typed=repr(text.strip()[:40]))) from None
    scheme = parts.scheme.lower()
    if scheme not in ("ws", "wss"):
        raise InviteError(Words("{typed} is not an invite (it starts with wss://, like "
                                "{example})", typed=repr(text.strip()[:40]), example=EXAMPLE))
    if not parts.hostname or any(c.isspace() for c in parts.netloc):
        raise InviteError(Words("{typed} has no host address (like {example})",
                                typed=repr(text.strip()[:40]), example=EXAMPLE))
    pin = None
    if parts.fragment:
        pin = normal_pin(parts.fragment)
        if pin is None:
            raise InviteError(Words("the fingerprint after # must be {count} letters and "
                                    "digits: check it against the host's screen",
                                    count=PIN_CHARS))
    if scheme == "ws" and pin is None:
        raise InviteError(Words("old ws:// addresses are not encrypted and no longer work: "
                                "ask the host for its invite, which starts with wss://"))
    code = parts.path.strip("/") or None
    if code is not None and not _CODE.match(code):
        raise InviteError(Words("the join code {code} should be letters and digits only "
                                "(after the port's /)", code=repr(code[:40])))
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return Invite(host, given_port or port, code.upper() if code else None, pin)

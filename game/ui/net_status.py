"""What the top bar and the seat panel say about the other players of an online game
(issue 30.6): who plays a seat (a person online, at the host's screen, an AI), whether
they are connected, and, while one is away, how long until the host's policy applies and
the host's keys. The host's window and a joining window both say it this way."""

from __future__ import annotations

import re

from game.decisions import title
from game.ui import bindings

KIND_WORDS = {"remote": "online", "local": "at the host's screen"}


def who(dragon: str, kind: str, name: str | None) -> str:
    """"Jo (Red, online)", "Red (online)", "Ann (Black, at the host's screen)"."""
    where = KIND_WORDS.get(kind, f"AI · {kind}")
    return f"{name} ({title(dragon)}, {where})" if name else f"{title(dragon)} ({where})"


def policy_words(policy: str, left: int) -> str:
    """What happens when a dropped player's wait runs out."""
    if policy == "end":
        return f"the game ends in {left} s"
    if policy == "wait":
        return "the game waits for them"
    return f"an AI plays in {left} s"


def host_keys() -> str:
    """"[F6 AI now] [F7 wait] [F8 end]": the host's say while a player is away."""
    words = {"host_ai_now": "AI now", "host_wait": "wait", "host_end": "end"}
    return " ".join(f"[{b.shown} {words[b.command]}]" for b in bindings.HOST)


def waiting_line(dragon: str, kind: str, name: str | None, *, away_left: int | None = None,
                 policy: str = "ai", standin: bool = False, keys: bool = False) -> str:
    """The top bar while another seat decides. `away_left`: seconds left of a dropped
    player's wait (None: connected); `keys`: this is the host's window (F6/F7/F8).
    The "  ·  " part is dropped first when the bar is narrow."""
    person = who(dragon, kind, name)
    if kind not in KIND_WORDS:
        return f"{title(dragon)} (AI · {kind}) is thinking…"
    if standin:
        return f"An AI plays for {person} until they come back"
    if away_left is None:
        return f"Waiting for {person}…"
    line = f"Waiting for {person} — away, {policy_words(policy, away_left)}"
    return f"{line}  ·  {host_keys()}" if keys else line


def seat_mark(kind: str, name: str | None, *, connected: bool, away: bool,
              standin: bool, me: bool = False) -> str:
    """The seat panel's label of a person's seat: "Jo · online", "Jo · away",
    "Jo · AI stands in", "Ann · host's screen", "You"."""
    if me:
        return f"You · {name}" if name else "You"
    base = name or {"remote": "Remote", "local": "Host"}.get(kind, kind)
    if kind == "local":
        return f"{base} · host's screen" if name else "Host's screen"
    if kind != "remote":
        return f"AI · {kind}"
    state = "AI stands in" if standin else "away" if away else \
        "online" if connected else "not joined"
    return f"{base} · {state}"


_AWAY = re.compile(r"^Waiting for (.+) \((\w+), online\) — away, (.+)$")
_AWAY_NAMELESS = re.compile(r"^Waiting for (\w+) \(online\) — away, (.+)$")


def compact(line: str) -> str:
    """A shorter away line for a narrow bar, the countdown kept: "Gil (Green) is away —
    an AI plays in 87 s". Any other line is returned as it is."""
    m = _AWAY.match(line) or _AWAY_NAMELESS.match(line)
    if m is None:
        return line
    name, dragon, rest = m.group(1), m.group(m.re.groups - 1), m.group(m.re.groups)
    who = name if name == dragon else f"{name} ({dragon})"
    return f"{who} is away — {rest}"

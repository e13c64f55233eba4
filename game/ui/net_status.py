"""What the top bar and the seat panel say about the other players of an online game
(issue 30.6): who plays a seat (a person online, at the host's screen, an AI), whether
they are connected, and, while one is away, how long until the host's policy applies and
the host's keys. The host's window and a joining window both say it this way."""

from __future__ import annotations

import re

from game.i18n import N_, _
from game.ui import bindings
from game.words import dragon as title

KIND_WORDS = {"remote": N_("online"), "local": N_("at the host's screen")}
# the AI levels as a seat's kind names them ("AI · easy")
LEVEL_WORDS = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"),
               "hard": N_("hard"), "master": N_("master")}


def _ai(kind: str) -> str:
    level = LEVEL_WORDS.get(kind)
    # TRANSLATORS: a seat an AI plays, at a level ("AI · easy")
    return _("AI · {level}").format(level=_(level) if level else kind)


def who(dragon: str, kind: str, name: str | None) -> str:
    """"Jo (Red, online)", "Red (online)", "Ann (Black, at the host's screen)"."""
    where = _(KIND_WORDS[kind]) if kind in KIND_WORDS else _ai(kind)
    if name:
        # TRANSLATORS: a player's name, their dragon, and where they play ("online")
        return _("{name} ({dragon}, {where})").format(name=name, dragon=title(dragon),
                                                      where=where)
    return _("{dragon} ({where})").format(dragon=title(dragon), where=where)


def policy_words(policy: str, left: int) -> str:
    """What happens when a dropped player's wait runs out."""
    if policy == "end":
        # TRANSLATORS: {left} is seconds
        return _("the game ends in {left} s").format(left=left)
    if policy == "wait":
        return _("the game waits for them")
    return _("an AI plays in {left} s").format(left=left)


# TRANSLATORS: the host's keys while a player is away: take over with an AI, wait, end
HOST_KEY_WORDS = {"host_ai_now": N_("AI now"), "host_wait": N_("wait"), "host_end": N_("end")}


def host_keys() -> str:
    """"[F6 AI now] [F7 wait] [F8 end]": the host's say while a player is away."""
    return " ".join(f"[{b.shown} {_(HOST_KEY_WORDS[b.command])}]" for b in bindings.HOST)


def waiting_line(dragon: str, kind: str, name: str | None, *, away_left: int | None = None,
                 policy: str = "ai", standin: bool = False, keys: bool = False) -> str:
    """The top bar while another seat decides. `away_left`: seconds left of a dropped
    player's wait (None: connected); `keys`: this is the host's window (F6/F7/F8).
    The "  ·  " part is dropped first when the bar is narrow."""
    person = who(dragon, kind, name)
    if kind not in KIND_WORDS:
        return _("{dragon} ({ai}) is thinking…").format(dragon=title(dragon), ai=_ai(kind))
    if standin:
        return _("An AI plays for {person} until they come back").format(person=person)
    if away_left is None:
        return _("Waiting for {person}…").format(person=person)
    # TRANSLATORS: {then} is what happens when the wait runs out ("an AI plays in 30 s")
    line = _("Waiting for {person} — away, {then}").format(
        person=person, then=policy_words(policy, away_left))
    return f"{line}  ·  {host_keys()}" if keys else line


def seat_mark(kind: str, name: str | None, *, connected: bool, away: bool,
              standin: bool, me: bool = False) -> str:
    """The seat panel's label of a person's seat: "Jo · online", "Jo · away",
    "Jo · AI stands in", "Ann · host's screen", "You"."""
    if me:
        return _("You · {name}").format(name=name) if name else _("You")
    base = name or (_("Remote") if kind == "remote" else _("Host") if kind == "local"
                    else kind)
    if kind == "local":
        return _("{name} · host's screen").format(name=base) if name else _("Host's screen")
    if kind != "remote":
        return _ai(kind)
    state = (_("AI stands in") if standin else _("away") if away else
             _("online") if connected else _("not joined"))
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
    # TRANSLATORS: {who} is a player (and their dragon); {rest} says what happens next
    return _("{who} is away — {rest}").format(who=who, rest=rest)

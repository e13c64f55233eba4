"""What a joiner accepts from a host: each message's fields, checked before any screen
or bot reads them (docs/NETWORK.md). A host is trusted with the game, not with the
joiner's window: a message of the wrong shape (a crafted or broken host) ends the
connection with one line, never a crash screen or a traceback.

Fields a client does not read are left alone, and a message type it does not know
passes (a newer host may send more); what it reads must have the shape protocol.py's
TypedDicts give.
"""

from __future__ import annotations

from typing import Any

from game.net.protocol import ProtocolError, parse_host

MAX_TEXT = 4096  # a name, prompt, reason or chat line from a host (real ones are short)


def read_host(raw: str | bytes) -> dict:
    """A host's message, parsed and checked; raises ProtocolError(reason)."""
    msg = parse_host(raw)
    check = _CHECKS.get(msg["type"])
    if check is not None:
        try:
            check(msg)
        except _Bad as exc:
            raise ProtocolError(f"the host sent a {msg['type']!r} message this version "
                                f"cannot read ({exc})") from None
    return msg


class _Bad(ValueError):
    pass


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise _Bad(what)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: Any, *, none: bool = False) -> bool:
    return (none and v is None) or (isinstance(v, str) and len(v) <= MAX_TEXT)


def _field(msg: dict, key: str, ok, *, optional: bool = False) -> None:
    if optional and key not in msg:
        return
    _need(key in msg and ok(msg[key]), key)


def _object(msg: dict, key: str) -> dict:
    value = msg.get(key)
    if not isinstance(value, dict):
        raise _Bad(key)
    return value


def _dict_of(v: Any, value_ok) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and value_ok(x)
                                       for k, x in v.items())


def _welcome(msg: dict) -> None:
    _field(msg, "seat", lambda v: _text(v, none=True))
    _field(msg, "token", lambda v: v is None or (isinstance(v, str) and 0 < len(v) <= 200
                                                 and v.isascii() and v.isprintable()))
    game = _object(msg, "game")
    _field(game, "map", lambda v: _text(v, none=True), optional=True)
    _field(game, "map_title", _text, optional=True)
    _field(game, "options", lambda v: isinstance(v, dict), optional=True)
    _field(game, "dragons", lambda v: isinstance(v, list) and all(map(_text, v)),
           optional=True)
    _field(game, "map_bundle", lambda v: v is None or (
        isinstance(v, dict) and _text(v.get("name")) and _text(v.get("digest"))
        and _is_int(v.get("files")) and _is_int(v.get("bytes"))), optional=True)


def _seat(s: Any) -> bool:
    return (isinstance(s, dict) and _text(s.get("dragon")) and _text(s.get("kind"))
            and _text(s.get("name"), none=True))


def _lobby(msg: dict) -> None:
    _field(msg, "seats", lambda v: isinstance(v, list) and all(map(_seat, v)))
    _field(msg, "started", lambda v: isinstance(v, bool))
    _field(msg, "map_title", _text, optional=True)
    _field(msg, "options", lambda v: isinstance(v, dict), optional=True)


_ANSWER_WORDS = ("do", "play", "power", "react", "dragon", "card", "as")


def _answer(a: Any) -> bool:
    """A legal answer as the host offers it: an object whose words are text (a bot
    answers with it, and the window looks its words up)."""
    return isinstance(a, dict) and bool(a) and all(
        isinstance(a[k], str) for k in _ANSWER_WORDS if k in a)


def _state(msg: dict) -> None:
    _field(msg, "decision", lambda v: _is_int(v) and v >= 0)
    view = _object(msg, "view")
    _field(view, "dragons", lambda v: _dict_of(v, lambda d: isinstance(d, dict)))
    _field(view, "options", lambda v: isinstance(v, dict), optional=True)
    _field(msg, "events", lambda v: isinstance(v, list)
           and all(isinstance(e, dict) for e in v), optional=True)
    _field(msg, "events_from", lambda v: _is_int(v) and v >= 0, optional=True)
    _field(msg, "pending", lambda v: v is None or (
        isinstance(v, dict) and _text(v.get("dragon")) and _text(v.get("kind"))
        and _text(v.get("prompt"))), optional=True)
    _field(msg, "legal", lambda v: isinstance(v, list) and all(map(_answer, v)),
           optional=True)
    _field(msg, "finished", lambda v: isinstance(v, bool), optional=True)


def _waiting(msg: dict) -> None:
    _field(msg, "dragon", _text)
    _field(msg, "seconds", lambda v: _is_int(v) and v >= 0)


def _chat(msg: dict) -> None:
    _field(msg, "dragon", lambda v: _text(v, none=True), optional=True)
    _field(msg, "name", lambda v: _text(v, none=True), optional=True)
    _field(msg, "text", _text, optional=True)


def _error(msg: dict) -> None:
    _field(msg, "reason", _text, optional=True)
    _field(msg, "fatal", lambda v: isinstance(v, bool), optional=True)


def _over(msg: dict) -> None:
    _field(msg, "winner", lambda v: _text(v, none=True) or (
        isinstance(v, list) and all(map(_text, v))))
    _field(msg, "scores", lambda v: _dict_of(v, _is_int))
    _field(msg, "rounds", _is_int, optional=True)
    _field(msg, "reason", _text, optional=True)
    _field(msg, "seed", _is_int, optional=True)


_CHECKS = {"welcome": _welcome, "lobby": _lobby, "state": _state, "waiting": _waiting,
           "chat": _chat, "error": _error, "over": _over}

"""The messages of networked play (docs/FORMATS.md "Network messages").

Every message is one JSON object in one websocket text frame, with the protocol version
`"v": 1` and a `"type"`. A client sends `hello`, `answer`, `map_request`, `chat`, `ping`
and `bye`; the host sends `welcome`, `lobby`, `state`, `waiting`, `map`, `chat`, `error`,
`pong` and `over`. All of it travels over TLS (`wss://`, game/net/tls.py).

`parse_client(text)` checks a client's message completely (size, JSON, version, type,
fields and their types) and returns it, or raises ProtocolError with the reason, in
words, that the host sends back. Nothing a client sends is used before it passes here.
"""

from __future__ import annotations

import json
from typing import Any, Literal, NotRequired, TypedDict

from game.net.chat import EMOTES, MAX_CHAT

VERSION = 1
MAX_MESSAGE = 16 * 1024          # bytes: the largest message a client may send
MAX_HOST_MESSAGE = 8 * 1024 * 1024  # bytes: the largest message a client accepts
MAX_NAME = 24
MAX_DEPTH = 8                    # nesting of an answer (real answers are 2-3 deep)
SERVICE_TYPE = "_narby._tcp.local."


class ProtocolError(ValueError):
    """A message that is not a valid message of this protocol; the text says why."""


# ----- client -> host ---------------------------------------------------------------
class Hello(TypedDict):
    v: int
    type: Literal["hello"]
    code: NotRequired[str]     # the host's join code (required unless the host has none)
    token: NotRequired[str]    # a seat token from an earlier welcome: rejoin that seat
    seat: NotRequired[str]     # ask for this dragon's seat (a free remote seat)
    name: NotRequired[str]     # the player's name, shown in the lobby
    watch: NotRequired[bool]   # a spectator: sees what nobody's card shows


class Answer(TypedDict):
    v: int
    type: Literal["answer"]
    answer: dict[str, Any]     # an answer of FORMATS.md "Decisions"
    decision: NotRequired[int]  # the decision number it answers (stale ones are refused)


class Ping(TypedDict):
    v: int
    type: Literal["ping"]


class Bye(TypedDict):
    v: int
    type: Literal["bye"]


class MapRequest(TypedDict):
    """Send me your map (game/net/map_share.py): only after a welcome."""

    v: int
    type: Literal["map_request"]


class ChatSay(TypedDict):
    v: int
    type: Literal["chat"]
    text: NotRequired[str]     # at most MAX_CHAT characters (control characters stripped)
    emote: NotRequired[str]    # or one of chat.EMOTES' keys


# ----- host -> client ---------------------------------------------------------------
class SeatInfo(TypedDict):
    dragon: str
    kind: str            # "remote", "local" (a person at the host's screen) or an AI level
    name: str | None
    connected: bool
    away: bool           # a remote seat whose player dropped and has not rejoined


class Welcome(TypedDict):
    v: int
    type: Literal["welcome"]
    seat: str | None     # your dragon (None for a spectator)
    token: str | None    # keep it: it rejoins this seat
    game: dict           # {"map", "map_title", "options", "dragons", "map_bundle"}


class MapPart(TypedDict):
    """One part of the host's map bundle (map_share.parts), in order."""

    v: int
    type: Literal["map"]
    digest: str
    part: int
    parts: int
    data: str            # base64 of the next bytes of the bundle's files, in order
    name: NotRequired[str]         # part 0: the map's file name in the bundle
    files: NotRequired[list[dict]]  # part 0: [{"name", "bytes"}], the map first


class Lobby(TypedDict):
    v: int
    type: Literal["lobby"]
    seats: list[SeatInfo]
    started: bool
    map_title: str
    options: dict


class State(TypedDict):
    v: int
    type: Literal["state"]
    decision: int        # how many answers the game has had: answer with this number
    view: dict           # seat_view of your seat (no dice, seed, deck or others' cards)
    events: list[dict]   # the events since `events_from`, as your seat may see them
    events_from: int
    pending: dict | None  # {"dragon", "kind", "prompt", "prompt_words"} (the prompt in
                          # words, and as game.words' {"id", "values"}: issue 38)
    legal: list[dict]    # your legal answers when it is your decision, else []
    finished: bool


class Waiting(TypedDict):
    v: int
    type: Literal["waiting"]
    dragon: str
    seconds: int         # until the host's policy applies (an AI takes the seat, ...)
    policy: str


class Error(TypedDict):
    v: int
    type: Literal["error"]
    reason: str
    fatal: bool          # the host closes the connection after a fatal error
    words: NotRequired[dict]  # the reason as game.words' {"id", "values"} (issue 38)


class Chat(TypedDict):
    v: int
    type: Literal["chat"]
    dragon: str | None   # the sender's seat (None: a spectator, or the host itself)
    name: str            # the sender's name (or their dragon's)
    text: str            # the line, cleaned; an emote's words
    emote: NotRequired[str]


class Over(TypedDict):
    v: int
    type: Literal["over"]
    winner: str | list[str] | None
    scores: dict[str, int]
    rounds: int
    reason: str          # "finished" or why the host ended the game
    seed: NotRequired[int]  # only once the game has finished: it foretells every roll


def message(kind: str, **fields) -> dict:
    return {"v": VERSION, "type": kind, **fields}


def encode(msg: dict) -> str:
    return json.dumps(msg, separators=(",", ":"))


def _depth(value, limit: int) -> int:
    """Nesting depth of a JSON value, stopping once past `limit`."""
    if limit < 0:
        return 1
    if isinstance(value, dict):
        return 1 + max((_depth(v, limit - 1) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v, limit - 1) for v in value), default=0)
    return 0


def _no_constant(name: str):
    raise ProtocolError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):  # 1e999: JSON has no infinity
        raise ProtocolError("a number is too large")
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict:
    """An object, refused when a key appears twice: parsers disagree on which one counts,
    so such a message could mean one thing to a client and another to the host."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ProtocolError("a key appears twice in one object")
    return obj


def parse_client(data: str | bytes) -> dict:
    """A client's message, checked; raises ProtocolError(reason)."""
    if isinstance(data, bytes):
        raise ProtocolError("messages are JSON text frames, not binary")
    if not isinstance(data, str):
        raise ProtocolError("messages are JSON text frames")
    if len(data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError(f"message too large (limit {MAX_MESSAGE} bytes)")
    if data.count("[") + data.count("{") > 200:
        raise ProtocolError("message too deeply nested")
    try:
        msg = json.loads(data, parse_constant=_no_constant, parse_float=_finite,
                         object_pairs_hook=_unique)
    except ProtocolError:
        raise
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not valid JSON ({exc.msg} at character {exc.pos})") from None
    except RecursionError:
        raise ProtocolError("message too deeply nested") from None
    except ValueError:  # int() past its digit limit: the one other ValueError json raises
        raise ProtocolError("not valid JSON (a number is too long)") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    if msg.get("v") != VERSION or isinstance(msg.get("v"), bool):
        raise ProtocolError(f"unsupported protocol version {msg.get('v')!r} "
                            f"(this host speaks v{VERSION})")
    kind = msg.get("type")
    check = _CHECKS.get(kind) if isinstance(kind, str) else None
    if check is None or not isinstance(kind, str):
        raise ProtocolError(f"unknown message type {kind!r} "
                            f"(known: {', '.join(sorted(_CHECKS))})")
    extra = sorted(set(msg) - {"v", "type"} - _FIELDS[kind])
    if extra:
        raise ProtocolError(f"{kind}: unknown field(s) {', '.join(map(repr, extra))}")
    check(msg)
    return msg


def _string(msg: dict, key: str, limit: int) -> None:
    if key in msg:
        value = msg[key]
        if not isinstance(value, str) or not 0 < len(value) <= limit:
            raise ProtocolError(f"{msg['type']}: '{key}' must be text of 1 to {limit} "
                                "characters")
        if any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in value):
            raise ProtocolError(f"{msg['type']}: '{key}' has control characters")


def _check_hello(msg: dict) -> None:
    _string(msg, "code", 32)
    _string(msg, "token", 64)
    _string(msg, "seat", 16)
    _string(msg, "name", MAX_NAME)
    if "watch" in msg and not isinstance(msg["watch"], bool):
        raise ProtocolError("hello: 'watch' must be true or false")


def _check_answer(msg: dict) -> None:
    answer = msg.get("answer")
    if not isinstance(answer, dict) or not answer:
        raise ProtocolError("answer: 'answer' must be a non-empty JSON object, "
                            "e.g. {\"do\": \"end_turn\"}")
    if _depth(answer, MAX_DEPTH) > MAX_DEPTH:
        raise ProtocolError("answer: nested too deeply")
    if "decision" in msg:
        n = msg["decision"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ProtocolError("answer: 'decision' must be a whole number of 0 or more")


def _check_chat(msg: dict) -> None:
    if ("text" in msg) == ("emote" in msg):
        raise ProtocolError("chat: give either 'text' or 'emote'")
    if "emote" in msg and msg["emote"] not in EMOTES:
        raise ProtocolError(f"chat: 'emote' is one of {', '.join(EMOTES)}")
    text = msg.get("text", "")
    if not isinstance(text, str) or len(text) > MAX_CHAT:
        raise ProtocolError(f"chat: 'text' must be text of at most {MAX_CHAT} characters")


_CHECKS = {"hello": _check_hello, "answer": _check_answer, "chat": _check_chat,
           "ping": lambda msg: None, "bye": lambda msg: None,
           "map_request": lambda msg: None}
_FIELDS = {"hello": {"code", "token", "seat", "name", "watch"},
           "answer": {"answer", "decision"}, "chat": {"text", "emote"},
           "ping": set(), "bye": set(), "map_request": set()}


def parse_host(data: str | bytes) -> dict:
    """A host's message as a client reads it (a client trusts its host less strictly:
    it needs an object with this version and a type)."""
    if isinstance(data, bytes):
        raise ProtocolError("the host sent a binary frame")
    try:
        msg = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"the host sent bad JSON ({str(exc)[:80]})") from None
    if not isinstance(msg, dict) or msg.get("v") != VERSION or \
            not isinstance(msg.get("type"), str):
        raise ProtocolError(f"the host does not speak protocol v{VERSION}")
    return msg

"""Type variants of legal answers (issue 29): what a client in another language, or an
attacker, sends for an answer that compares equal in Python but is not the same JSON.

`variants(answer)` gives (label, raw JSON text of an answer message) pairs; `exact(a)` is
an answer's exact JSON (6 is not 6.0, true is not 1), for telling a variant that happens
to be exactly a legal answer from one that is not."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

# Python exception texts a plain refusal must never carry
LEAKS = ("Traceback", "Error(", "Error:", "object has no attribute", "unhashable",
         "not subscriptable", "NoneType", "is not iterable", "invalid literal",
         "unsupported operand", "KeyError", "TypeError", "ValueError", "must be str")


def exact(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _leaf_swaps(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, bool):
        yield "bool->int", int(value)
        yield "bool->str", json.dumps(value)
        yield "bool->null", None
        yield "bool->float", float(value)
    elif isinstance(value, int):
        yield "int->float", float(value)
        yield "int->str", str(value)
        yield "int->huge", value + 10**30
        if value in (0, 1):
            yield "int->bool", bool(value)
        yield "int->list", [value]
        yield "int->null", None
    elif isinstance(value, str):
        yield "str->list", [value]
        yield "str->object", {value: value}
        yield "str->int", 0
        yield "str->bool", True
        yield "str->null", None
        yield "str->upper", value.upper() + "\u0301"
    elif isinstance(value, list):
        yield "list->object", {str(i): v for i, v in enumerate(value)}
        yield "list->text", ",".join(map(str, value))
        yield "list->longer", [*value, value[-1] if value else 0]
        yield "list->shorter", value[:-1]
        yield "list->nested", [value]
        yield "list->empty", []
        yield "list->big", list(range(2000))
    elif isinstance(value, dict):
        yield "object->list", list(value.values())
    elif value is None:
        yield "null->0", 0
        yield "null->false", False


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _get(value: Any, path: tuple) -> Any:
    for p in path:
        value = value[p]
    return value


def _set(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _set(value[head], rest, new)}
    out = list(value)
    out[head] = _set(value[head], rest, new)
    return out


def _message(answer: Any) -> str:
    return json.dumps({"v": 1, "type": "answer", "answer": answer})


def variants(answer: dict) -> Iterator[tuple[str, str]]:
    """(label, raw message text): the answer with one part's type or shape changed."""
    answer = json.loads(json.dumps(answer))  # lists, not tuples
    for path in _paths(answer):
        if not path:
            continue
        for label, new in _leaf_swaps(_get(answer, path)):
            yield f"{'/'.join(map(str, path))}: {label}", _message(_set(answer, path, new))
    for key in answer:
        yield f"missing {key}", _message({k: v for k, v in answer.items() if k != key})
        yield f"null {key}", _message({**answer, key: None})
    yield "extra key", _message({**answer, "extra": 1})
    yield "extra null", _message({**answer, "by": None} if "by" not in answer
                                 else {**answer, "x": None})
    yield "nested in a list", json.dumps({"v": 1, "type": "answer", "answer": {"x": [answer]}})
    body = json.dumps(answer)
    # texts JSON libraries disagree on: NaN, overflowing floats, huge ints, duplicate keys
    for label, num in (("NaN", "NaN"), ("Infinity", "-Infinity"), ("1e999", "1e999"),
                       ("5000 digits", "9" * 5000), ("-0.0", "-0.0"), ("1E0", "1E0")):
        yield f"number {label}", body.replace("{", '{"n": ' + num + ", ", 1).join(
            ['{"v": 1, "type": "answer", "answer": ', "}"])
        first = next((v for v in answer.values() if isinstance(v, (int, list))), None)
        if first is not None and not isinstance(first, bool):
            key = next(k for k, v in answer.items() if v is first)
            swapped = json.dumps({**answer, key: "__N__"}).replace('"__N__"', num)
            yield f"{key} as {label}", '{"v": 1, "type": "answer", "answer": ' + swapped + "}"
    k0 = next(iter(answer))
    yield "duplicate key", ('{"v": 1, "type": "answer", "answer": {' +
                            f'{json.dumps(k0)}: {json.dumps(answer[k0])}, ' + body[1:] + "}")
    yield "deep", '{"v": 1, "type": "answer", "answer": {"x": ' + "[" * 60 + "]" * 60 + "}}"

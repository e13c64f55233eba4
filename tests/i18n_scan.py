"""One scan of the sources for English a player would see unmarked (issue 38).

Each catalog's test (tests/test_i18n_{screens,board,rules,game}.py) says which literals of
its files reach a player (`where`: handed to a call that draws them, returned or raised
as a refusal, or every literal) and what counts as English there (`english`, with its
allow-list); `unmarked` does the rest the same way for all four.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from pathlib import Path

MARKED = frozenset({"_", "n_", "p_", "N_"})
# an f-string's values are shown as this in the literal's text ("Pay {} coins")
VALUE = "{}"

Where = Callable[[ast.Module], Iterable[ast.expr]]


def call_name(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")


def text_of(node: ast.AST) -> str | None:
    """A str literal's text, an f-string's with {} for each value, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else VALUE
                       for v in node.values)
    return None


def branches(node: ast.expr) -> Iterator[ast.expr]:
    """What an expression may evaluate to: both sides of `a if c else b`, a tuple's items."""
    if isinstance(node, ast.IfExp):
        yield from branches(node.body)
        yield from branches(node.orelse)
    elif isinstance(node, ast.Tuple):
        for elt in node.elts:
            yield from branches(elt)
    else:
        yield node


def shown_by(calls: Mapping[str, int | None], keywords: Collection[str] = ()) -> Where:
    """The arguments of calls that draw them: `calls` maps a call's name to the position
    of its shown argument (None: every argument and keyword); `keywords` are shown
    whatever the call."""
    def where(tree: ast.Module) -> Iterator[ast.expr]:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = call_name(node)
            if name in calls:
                at = calls[name]
                if at is None:
                    yield from node.args
                    yield from (k.value for k in node.keywords if k.arg not in keywords)
                elif len(node.args) > at:
                    yield node.args[at]
            yield from (k.value for k in node.keywords if k.arg in keywords)
    return where


def fstrings(tree: ast.Module) -> Iterator[ast.expr]:
    """Every f-string: a sentence built so cannot be reordered by a translator."""
    return (n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr))


def returned_or_raised(raisers: Collection[str]) -> Where:
    """What functions return, and the first argument of the refusals in `raisers`."""
    def where(tree: ast.Module) -> Iterator[ast.expr]:
        for node in ast.walk(tree):
            if isinstance(node, ast.Return) and node.value is not None:
                yield node.value
            elif isinstance(node, ast.Call) and call_name(node) in raisers and node.args:
                yield node.args[0]
    return where


def every_literal(unshown: Collection[str] = ()) -> Where:
    """Every string literal but docstrings and those inside a marking call (or one of
    `unshown`'s, whose words are not for players); an f-string as one literal."""
    def where(tree: ast.Module) -> Iterator[ast.expr]:
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef)) \
                    and node.body and isinstance(node.body[0], ast.Expr):
                skip.add(id(node.body[0].value))
            if isinstance(node, ast.JoinedStr):
                skip.update(id(v) for v in node.values)
            if isinstance(node, ast.Call) and (call_name(node) in MARKED
                                               or call_name(node) in unshown):
                skip.update(id(n) for a in node.args for n in ast.walk(a))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Constant, ast.JoinedStr)) and id(node) not in skip:
                yield node
    return where


def unmarked(path: Path, where: Where | Iterable[Where],
             english: Callable[[str], bool]) -> list[str]:
    """`path:line: 'text'` for each literal `where` finds whose text `english` calls
    English: a player would see it as written, whatever their language."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    finders = [where] if callable(where) else list(where)
    found: dict[int, str] = {}  # by node: a literal two finders reach is told once
    for find in finders:
        for top in find(tree):
            for node in branches(top):
                text = text_of(node)
                if text is not None and id(node) not in found and english(text):
                    found[id(node)] = f"{path.name}:{node.lineno}: {text!r}"
    return list(found.values())

"""The last-resort words for a file the loaders tripped on in a way no check foresaw:
one plain line for the player, the exception's details for the log only (issue 29.7);
and a name read from a file made fit to show (clean_name)."""

from __future__ import annotations

import logging

from game.words import Words

log = logging.getLogger("narby.files")
log.addHandler(logging.NullHandler())  # never Python's last-resort print to stderr


def unreadable(where: str, exc: BaseException, what: str = "cannot be loaded") -> str:
    """`<where>: <what>: it holds something this version cannot make sense of`, with
    the exception logged (a bug report's detail), never shown. (game.words: the English
    text, shown in the player's language.)"""
    log.warning("%s %s", where, what, exc_info=(type(exc), exc, exc.__traceback__))
    what_words = Words("cannot be loaded") if what == "cannot be loaded" else what
    # TRANSLATORS: {where} is a file (and a place in it); {what} e.g. "cannot be loaded"
    return Words("{where}: {what}: it holds something this version cannot make sense of",
                 where=where, what=what_words)


def message_of(exc: BaseException) -> str:
    """An error's one-line message, kept as Words when it was raised with them (str()
    of the error is the English only), cut to 500 characters when plain text."""
    first = exc.args[0] if exc.args else None
    if isinstance(first, Words) and len(first) <= 500:
        return first
    return str(exc)[:500]


def clean_name(name: str, limit: int | None = None) -> str:
    """A save name as stored and shown: a lone surrogate (which no file or screen can
    hold) is escaped as its code ("\\udc80", so two such names stay different), control
    characters become spaces; a listing cuts it to `limit` characters."""
    return "".join(f"\\u{ord(ch):04x}" if "\ud800" <= ch <= "\udfff" else " " if ch < " "
                   else ch for ch in name[:limit])

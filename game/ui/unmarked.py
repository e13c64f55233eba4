"""English left unmarked on a screen run in the pseudo-language (issue 38).

Run in `qps` (game.i18n), every translated text comes back inside ⟦…⟧; a drawn text
with a run of English letters outside the brackets was never marked for translation.
Inside them, a word with a plain vowel is English put into a translated sentence (a
dragon's English name in "⟦Pášš tö Purple⟧"): the pseudo-language accents every vowel.
Allowed outside them: what is legitimately not translated (the app's name, key names,
a die's name, and whatever the caller passes: map titles, save names, players' names).
"""

from __future__ import annotations

import re

# never translated: the app's name; key names as printed on keys; dice (d20, d6)
KEEP = ("Narby Conquest", "Narby", "Esc", "Enter", "Space", "Tab", "Shift", "Ctrl",
        "Alt", "Backspace", "Delete", "Home", "End", "PgUp", "PgDn", "Page Up",
        "Page Down", "Up", "Down", "Left", "Right")
# a word: English when all its letters are ASCII (the pseudo-language accents nearly
# every word, so a wrapped line's middle, with no brackets, still reads as marked)
_WORD = re.compile(r"[^\W\d_]{2,}")
_DIE = re.compile(r"\bd\d+\b")
_PLAIN_VOWEL = re.compile(r"[aeiou]")
# a file's path or name is shown as it is
_PATH = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|tmx|tsx|png|log|txt)\b")


def outside(text: str) -> str:
    """`text` without its ⟦…⟧ parts (they nest: a name inside a translated sentence).
    A line of a wrapped text may start inside brackets opened on the line before."""
    return _parts(text)[0]


def inside(text: str) -> str:
    """The ⟦…⟧ parts of `text`, a space for each bracket and for what is outside."""
    return _parts(text)[1]


def _parts(text: str) -> tuple[str, str]:
    depth = lowest = 0
    for ch in text:
        depth += (ch == "⟦") - (ch == "⟧")
        lowest = min(lowest, depth)
    out, into, depth = [], [], -lowest
    for ch in text:
        if ch == "⟦":
            depth += 1
            into.append(" ")
        elif ch == "⟧":
            depth = max(0, depth - 1)
            into.append(" ")
        elif depth == 0:
            out.append(ch)
            into.append(" ")
        else:
            into.append(ch)
    return "".join(out), "".join(into)


def english_left(text: str, allowed: tuple[str, ...] | list[str] = ()) -> str | None:
    """The unmarked English in `text` (outside ⟦…⟧, less the allowed phrases), or None;
    inside them, an English word put into a translated sentence ("⟦Pášš tö Purple⟧":
    the pseudo-language accents every vowel it translates)."""
    rest, inner = outside(text), inside(text)
    for phrase in sorted((*allowed, *KEEP), key=len, reverse=True):
        if phrase:  # whole words only: "End" is a key, "Ends" is English
            pattern = rf"(?<![A-Za-z]){re.escape(phrase)}(?![A-Za-z])"
            rest, inner = re.sub(pattern, " ", rest), re.sub(pattern, " ", inner)
    rest = _PATH.sub(" ", _DIE.sub(" ", rest))
    inner = _PATH.sub(" ", _DIE.sub(" ", inner))
    words = [w for w in _WORD.findall(rest) if w.isascii()]
    # codes and acronyms (a join code, LGPL, GG) have no plain lower-case vowel
    words += [w for w in _WORD.findall(inner) if w.isascii() and _PLAIN_VOWEL.search(w)]
    return " ".join(words) if words else None


def listed(left: str, entries: list[str]) -> bool:
    """Whether the English `left` (english_left's) is on an allow-list: a line is the
    words exactly, or "re:" and a regular expression they match in full."""
    for entry in entries:
        if entry.startswith("re:"):
            if re.fullmatch(entry[3:], left):
                return True
        elif entry == left:
            return True
    return False

"""Words: a sentence as a message id plus named values, rendered in one place (issues 32, 38).

    reason = Words("{dragon} is not adjacent to {piece}", dragon=Name("dragon", "red"),
                   piece=Words("the town at {cell}", cell="(3, 4)"))
    reason == "Red is not adjacent to the town at (3, 4)"   # the str: English, always
    reason.shown()                                          # the player's language

A Words IS its English text (a str), so everything that stores, compares, hashes, writes
or sends a refusal or a prompt (saves, replays, digests, golden games, the host's `reason`)
sees exactly the English of before, whatever language the window runs in: a translation
never reaches a file or a rule decision. Only a screen asks for `shown()`, which renders
`_(msgid).format(...)` in the current language, each value through its own lookup (a
dragon, a place, a card or an action by its title; a nested Words by its own msgid).

`to_json()` / `from_json()` carry the id and values beside the text (protocol `words`
fields, FORMATS.md), so an online client renders a host's refusal in ITS player's
language; anything it cannot render falls back to the English text.
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, n_
from game.tables import ACTION_TITLES, CARD_TITLES, PLACE_TITLES

# dragons' display names (decisions.title gives the English: 'red' -> 'Red')
DRAGON_TITLES = {
    "white": N_("White"), "black": N_("Black"), "green": N_("Green"), "blue": N_("Blue"),
    "red": N_("Red"), "purple": N_("Purple"), "iron": N_("Iron"), "gold": N_("Gold"),
    "copper": N_("Copper"), "undead": N_("Undead"),
}
_TITLES: dict[str, dict[str, str]] = {
    "place": PLACE_TITLES, "card": CARD_TITLES, "action": ACTION_TITLES,
}
# a roll by its purpose ("on its {roll}"); an unknown purpose reads "<purpose> roll"
ROLL_NAMES = {
    "attack": N_("attack roll"), "defend": N_("defend roll"), "steal": N_("steal roll"),
    "destroy": N_("destroy roll"), "tribute": N_("tribute roll"),
    "settlement": N_("settlement roll"), "place_location": N_("place location roll"),
    "chest": N_("chest roll"), "place_of_power": N_("place of power roll"),
}
# what a roll is for, as the log and the undo button say it ("for place location col")
PURPOSES = {
    "attack": N_("attack"), "defend": N_("defend"), "steal": N_("steal"),
    "destroy": N_("destroy"), "tribute": N_("tribute"), "dragon_draw": N_("dragon draw"),
    "cavern_col": N_("cavern col"), "cavern_row": N_("cavern row"),
    "settlement_col": N_("settlement col"), "settlement_row": N_("settlement row"),
    "place_location_col": N_("place location col"),
    "place_location_row": N_("place location row"),
    "place_of_power": N_("place of power"), "chest_col": N_("chest col"),
    "chest_row": N_("chest row"), "settlement": N_("settlement"),
    "place_location": N_("place location"), "chest": N_("chest"), "treasure": N_("treasure"),
}
NAME_KINDS = ("dragon", "place", "card", "action", "roll", "purpose")


class Name:
    """A key shown by its title: Name("place", "soul_mine") -> 'Soul Mine' / 'Seelenmine'."""

    __slots__ = ("kind", "key")

    def __init__(self, kind: str, key: str) -> None:
        self.kind = kind
        self.key = key

    def english(self) -> str:
        if self.kind == "dragon":
            return DRAGON_TITLES.get(self.key) or self.key.capitalize()
        if self.kind == "purpose":
            return PURPOSES.get(self.key) or self.key.replace("_", " ")
        if self.kind == "roll":
            return ROLL_NAMES.get(self.key) or f"{self.key} roll"
        return _TITLES[self.kind].get(self.key, self.key)

    def shown(self) -> str:
        english = self.english()
        return _(english) if english else english

    def __repr__(self) -> str:
        return f"Name({self.kind!r}, {self.key!r})"


def DragonName(name: str) -> Name:  # noqa: N802 (reads as the value it makes)
    return Name("dragon", name)


def PlaceName(key: str) -> Name:  # noqa: N802
    return Name("place", key)


def CardName(key: str) -> Name:  # noqa: N802
    return Name("card", key)


def ActionName(key: str) -> Name:  # noqa: N802
    return Name("action", key)


def RollName(purpose: str) -> Name:  # noqa: N802
    return Name("roll", purpose)


def PurposeName(purpose: str) -> Name:  # noqa: N802
    return Name("purpose", purpose)


def either(names: list) -> Any:
    """'A or B or C' in the player's language (one name: itself)."""
    out = names[0]
    for name in names[1:]:
        out = Words("{first} or {second}", first=out, second=name)
    return out


def dragon(name: str) -> str:
    """A dragon's name in the player's language ('red' -> 'Rot')."""
    return Name("dragon", name).shown()


def place(key: str) -> str:
    return Name("place", key).shown()


def card(key: str) -> str:
    return Name("card", key).shown()


def action(key: str) -> str:
    return Name("action", key).shown()


def _english(value: Any) -> str:
    if isinstance(value, Name):
        return value.english()
    if isinstance(value, list):  # a list of names: "Fighter, Robber"
        return ", ".join(_english(v) for v in value)
    return str(value)


def _shown(value: Any) -> Any:
    if isinstance(value, (Name, Words)):
        return value.shown()
    if isinstance(value, list):
        return ", ".join(str(_shown(v)) for v in value)
    return value


class Words(str):
    """English text (the str itself) that knows its message id and values."""

    msgid: str
    plural: str | None
    n: int | None
    values: dict[str, Any]

    def __new__(cls, msgid: str, /, **values: Any) -> Words:
        self = str.__new__(cls, msgid.format(**{k: _english(v) for k, v in values.items()})
                           if values else msgid)
        self.msgid, self.plural, self.n, self.values = msgid, None, None, values
        return self

    @classmethod
    def n_(cls, singular: str, plural: str, n: int, /, **values: Any) -> Words:
        """The English plural rule (1 is singular), and the catalog's rule when shown."""
        values = {"n": n, **values}
        self = cls(singular if n == 1 else plural, **values)
        self.msgid, self.plural, self.n = singular, plural, n
        return self

    def shown(self) -> str:
        """This sentence in the player's language (the English text if it cannot be)."""
        try:
            if self.plural is not None and self.n is not None:
                template = n_(self.msgid, self.plural, self.n)
            else:
                template = _(self.msgid)
            if not self.values:
                return template
            return template.format(**{k: _shown(v) for k, v in self.values.items()})
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            return str(self)

    def english(self) -> str:
        return str.__str__(self)

    @classmethod
    def of(cls, name: Name) -> Words:
        """A bare name as Words ('Red' / 'Rot')."""
        return cls("{name}", name=name)

    def __reduce__(self):  # copies and pickles keep the id (str's own would drop it)
        return (_rebuild, (str.__str__(self), self.msgid, self.plural, self.n, self.values))

    def to_json(self) -> dict[str, Any]:
        """{"id", "values"[, "plural", "n"]}: values are numbers, strings, {KIND: key}
        for a name, or a nested words object."""
        out: dict[str, Any] = {"id": self.msgid, "values": {
            k: _value_json(v) for k, v in self.values.items()}}
        if self.plural is not None:
            out["plural"], out["n"] = self.plural, self.n
        return out


def _rebuild(text: str, msgid: str, plural: str | None, n: int | None,
             values: dict[str, Any]) -> Words:
    self = str.__new__(Words, text)
    self.msgid, self.plural, self.n, self.values = msgid, plural, n, values
    return self


def _value_json(v: Any) -> Any:
    if isinstance(v, list):
        return [_value_json(x) for x in v]
    if isinstance(v, Words):
        return v.to_json()
    if isinstance(v, Name):
        return {v.kind: v.key}
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return v
    return str(v)


class _BadWords(ValueError):
    pass


def _value_from(v: Any, depth: int) -> Any:
    if isinstance(v, bool) or v is None:
        raise _BadWords
    if isinstance(v, (int, float, str)):
        return v
    if isinstance(v, list) and len(v) <= 40:
        return [_value_from(x, depth + 1) for x in v]
    if isinstance(v, dict) and "id" in v:
        return _from(v, "", depth + 1)
    if isinstance(v, dict) and len(v) == 1:
        kind, key = next(iter(v.items()))
        if kind in NAME_KINDS and isinstance(key, str):
            return Name(kind, key)
    raise _BadWords


def _from(data: Any, text: str, depth: int) -> Words:
    if depth > 4 or not isinstance(data, dict):
        raise _BadWords
    msgid, values = data.get("id"), data.get("values", {})
    if not isinstance(msgid, str) or not isinstance(values, dict) or len(values) > 20:
        raise _BadWords
    vals = {str(k): _value_from(v, depth) for k, v in values.items()}
    plural, n = data.get("plural"), data.get("n")
    if plural is not None:
        if not isinstance(plural, str) or type(n) is not int:
            raise _BadWords
        words = Words.n_(msgid, plural, n, **{k: v for k, v in vals.items() if k != "n"})
    else:
        words = Words(msgid, **vals)
    if text and str(words) != text:  # the id and the text disagree: trust the text
        raise _BadWords
    return words


def from_json(data: Any, text: str = "") -> str:
    """The Words a host sent beside its English `text`; the plain text when they are
    missing (an older host) or cannot be rendered (a newer one, a hostile one)."""
    if data is None:
        return text
    try:
        return _from(data, text, 0)
    except (_BadWords, KeyError, IndexError, ValueError, AttributeError, TypeError,
            RecursionError):
        return text


def shown(text: object) -> str:
    """Any text for the screen: a Words in the player's language, anything else as is
    (an IllegalAnswer shows the Words it was raised with)."""
    if isinstance(text, BaseException):
        text = words_of(text)
    if isinstance(text, Words):
        return text.shown()
    return str(text)


def words_of(exc: BaseException) -> str:
    """An error's message as it was raised: its Words when it was raised with them (so
    an error re-raised as another keeps them; str() of either is the English), else its
    str()."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Words) else str(exc)

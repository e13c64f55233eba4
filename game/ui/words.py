"""Words the board's texts share, in the player's language (issue 38): a dragon's
name, a number of coins, a kind of settlement. Marked here so the board's catalog
holds them; translated each time they are shown, so a change of language applies at once.
"""

from __future__ import annotations

from functools import reduce

from game.decisions import title
from game.i18n import N_, _, n_
from game.persistence.saves import auto_name

# the dragons' names as the board shows them (game.decisions.title), for the catalog
DRAGON_NAMES = (N_("White"), N_("Black"), N_("Green"), N_("Blue"), N_("Red"),
                N_("Purple"), N_("Iron"), N_("Gold"), N_("Copper"), N_("Undead"))

# an AI seat's level in small print ("AI · normal", "AI (normal)")
AI_LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"),
             "master": N_("master")}


def dragon(name: str) -> str:
    """A dragon's name in the player's language: 'red' -> 'Red' ('Rot')."""
    return _(title(name))


def coins(n: int) -> str:
    """'1 coin', '3 coins', in the player's language."""
    # TRANSLATORS: {n} is a number of coins
    return n_("{n} coin", "{n} coins", n).format(n=n)


# a piece on the board by its kind and cell: "the town at (3, 4)"
_PIECE_AT = {
    # TRANSLATORS: {cell} is a board cell such as (3, 4)
    "town": N_("the town at {cell}"),
    "city": N_("the city at {cell}"),
    "ruin": N_("the ruin at {cell}"),
    "gamble": N_("the gamble ring at {cell}"),
    "settlement": N_("the settlement at {cell}"),
}


def piece_at(kind: str, cell: str) -> str:
    """A settlement ("town", "city", "ruin") or the gamble ring at `cell` (shown)."""
    return _(_PIECE_AT.get(kind, _PIECE_AT["settlement"])).format(cell=cell)


def place_at(title: str, cell: str) -> str:
    """A place of power (its English title) at `cell` (shown)."""
    # TRANSLATORS: {place} is a place of power's name, {cell} a board cell
    return _("{place} at {cell}").format(place=_(title), cell=cell)


def game_name(dragons, map_title: str) -> str:
    """A game's automatic name in the player's language: "Rot gegen Blau auf Narby Vale"."""
    # TRANSLATORS: two dragons' names (or a list already joined), as in "Red vs Blue"
    names = reduce(lambda a, b: _("{first} vs {second}").format(first=a, second=b),
                   [dragon(d) for d in dragons])
    # TRANSLATORS: a save's automatic name: "Red vs Blue on Narby Vale"
    return _("{dragons} on {map}").format(dragons=names, map=map_title)


def save_name(name: str, dragons, map_title: str) -> str:
    """A save's name as shown: one nobody chose (the automatic English name it was
    written with) in the player's language, any other exactly as the player typed it."""
    return game_name(dragons, map_title) if name == auto_name(dragons, map_title) else name

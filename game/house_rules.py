"""House rules: options off by default that change the rule book (docs/RULES.md, "House
rules"). A game's options name a house rule only when it is on, so a book game's files
are the same as before house rules existed; the command lines take `--house NAME`."""

from __future__ import annotations

import argparse

from game.i18n import N_, _

# --house NAME -> the option's key in a game's options (game.tables.HOUSE_RULES)
FLAGS = {"even-dragons": "even_dragons"}


def add_argument(p: argparse.ArgumentParser) -> None:
    """`--house NAME` (repeatable) on a command that starts games."""
    p.add_argument("--house", action="append", default=[], choices=sorted(FLAGS),
                   metavar="RULE", help="play with a house rule (repeatable): "
                   + ", ".join(sorted(FLAGS)) + " (see docs/RULES.md)")


def options(names: list[str] | tuple[str, ...] | None) -> dict:
    """The game options that turn on the house rules `names` (flags as --house takes)."""
    return {FLAGS[n]: True for n in names or ()}


def titles(options: dict | None) -> list[str]:
    """The house rules on in a game's options, in plain words (for lobby and Load)."""
    opts = options or {}
    return [_(TITLES[key]) for key in FLAGS.values() if opts.get(key)]


TITLES = {"even_dragons": N_("even dragons (house rule)")}

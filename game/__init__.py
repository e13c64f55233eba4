"""Narby Conquest: a digital edition of a homebrew dragon board game."""

__version__ = "0.2.0"  # the one place: pyproject.toml reads it, `narby --version` prints it

"""Narby Conquest: a digital edition of a homebrew dragon board game."""

__version__ = "0.1.0"  # the one place: pyproject.toml reads it, `narby --version` prints it

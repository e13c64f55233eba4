"""`narby install-desktop`: put the game in the Linux desktop's menu for the current user.

Writes the freedesktop.org entry `$XDG_DATA_HOME/applications/narby-conquest.desktop`
and the icon in each size to `$XDG_DATA_HOME/icons/hicolor/NxN/apps/narby-conquest.png`
(XDG_DATA_HOME defaults to ~/.local/share). The entry starts the program that ran this
command: the bundle's `narby` (dist/narby/narby), or the `narby` of a pip install.
`--uninstall` removes exactly those files. Nothing needs root.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
from pathlib import Path

from game.resources import asset, version

APP_ID = "narby-conquest"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)  # as tools/make_art.py draws them


def data_home() -> Path:
    """$XDG_DATA_HOME, else ~/.local/share (the XDG base directory rule: only an
    absolute path counts)."""
    env = os.environ.get("XDG_DATA_HOME", "")
    return Path(env) if env and Path(env).is_absolute() else Path.home() / ".local" / "share"


def program() -> list[str]:
    """The command that starts this game: the frozen bundle's own executable, else the
    `narby` script beside this Python, else `python -m game`."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).parent / "narby"
    if script.is_file():
        return [str(script.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "game"]


def exec_quote(arg: str) -> str:
    """One argument of a desktop entry's Exec key (Desktop Entry Specification:
    "The Exec key"): quoted when it has reserved characters; % doubled."""
    arg = arg.replace("%", "%%")
    if not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{escaped}"'


def entry(command: list[str]) -> str:
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        "Name=Narby Conquest",
        "GenericName=Dragon board game",
        "Comment=Conquer the land as one of ten dragons: 2 to 8 players, people or AI",
        f"Exec={' '.join(exec_quote(a) for a in command)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;StrategyGame;",
        "Keywords=dragon;board;strategy;hotseat;",
        f"StartupWMClass={APP_ID}",
        f"X-Narby-Version={version()}",
        "",
    ])


def files(home: Path) -> list[Path]:
    """Every file install() writes under `home`."""
    return [home / "applications" / f"{APP_ID}.desktop"] + [
        home / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES]


def install(home: Path, command: list[str]) -> list[Path]:
    """Write the entry and its icons; when any cannot be written, what was written is
    taken away again (a stray temp file and seven icons were left behind)."""
    desktop, *icons = files(home)
    written: list[Path] = []
    tmp = desktop.with_suffix(".tmp")
    try:
        for n, dest in zip(ICON_SIZES, icons, strict=True):
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(asset("icons", f"{APP_ID}-{n}.png"), dest)
            written.append(dest)
        desktop.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(entry(command), encoding="utf-8")
        os.replace(tmp, desktop)
    except OSError:
        for path in (tmp, *written):
            with contextlib.suppress(OSError):
                path.unlink()
        raise
    return [desktop, *icons]


def uninstall(home: Path) -> list[Path]:
    """Remove every file install() writes, going on past one that cannot be removed
    (an OSError for the first such, after the rest are gone)."""
    gone, first = [], None
    for path in files(home):
        try:
            if path.is_file() or path.is_symlink():
                path.unlink()
                gone.append(path)
        except OSError as exc:
            first = first or exc
    if first is not None:
        raise first
    return gone


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(allow_abbrev=False,
        prog="narby install-desktop",
        description="Add Narby Conquest to the desktop's application menu for this user "
                    "(a .desktop entry and icons under $XDG_DATA_HOME, else ~/.local/share).")
    p.add_argument("--uninstall", action="store_true", help="remove the entry and icons")
    try:
        args = p.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    home = data_home()
    try:
        if args.uninstall:
            gone = uninstall(home)
            print(f"removed {len(gone)} files from {home}")
            return 0
        written = install(home, program())
    except OSError as exc:
        print(f"narby install-desktop: cannot write under {home}: {exc}", file=sys.stderr)
        return 1
    print(f"installed {written[0]} (runs {' '.join(program())}) and "
          f"{len(written) - 1} icons under {home / 'icons' / 'hicolor'}")
    return 0

"""`narby balance MAP` in a child process, for the map preview's "Test balance" button:
the window stays responsive, and the preview shows where the report will be. Its status
lines are game.words.Words (English text, the player's language on the preview); the
lab's own last line, on a failed run, is the command line's English."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from game.words import Words

GAMES = 100  # as the Tiled command: a first look in a few minutes on a laptop
INSTALL = 'pip install "narby-conquest[balance]"'


def report_folder(map_path: Path) -> Path:
    """balance-MAPNAME beside the map, or in the temp folder when that is read-only
    (a shipped map inside the installed game)."""
    folder = map_path.resolve().parent
    base = folder if os.access(folder, os.W_OK) else Path(tempfile.gettempdir())
    return base / f"balance-{map_path.stem}"


def missing_reason() -> str | None:
    """Why the lab cannot run from this install, in one line, or None."""
    if getattr(sys, "frozen", False):
        return Words("the balance lab needs the Python package: {install}", install=INSTALL)
    if any(importlib.util.find_spec(m) is None for m in ("distributed", "matplotlib")):
        return Words("the balance lab needs Dask and matplotlib: {install}", install=INSTALL)
    return None


class BalanceJob:
    def __init__(self, map_path: Path, games: int = GAMES, popen=subprocess.Popen):
        self.map_path = Path(map_path)
        self.out = report_folder(self.map_path)
        self.report = self.out / "balance.md"
        self.log = self.out / "lab.log"
        self.proc = None
        self.error = missing_reason()
        self.done = False
        if self.error:
            return
        try:
            self.out.mkdir(parents=True, exist_ok=True)
            with open(self.log, "w", encoding="utf-8") as log:
                self.proc = popen([sys.executable, "-m", "game", "balance", str(self.map_path),
                                   "--games", str(games), "--out", str(self.out), "--quiet"],
                                  stdout=log, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL)
        except OSError as exc:
            self.error = Words("the balance lab could not start ({why})",
                               why=exc.strerror or "error")

    def poll(self) -> bool:
        """True when the job has just finished (or failed) since the last look."""
        if self.done or self.proc is None:
            return False
        code = self.proc.poll()
        if code is None:
            return False
        self.done = True
        if code != 0:
            self.error = self._last_line() or Words("the balance lab stopped (exit {code})",
                                                    code=code)
        return True

    def _last_line(self) -> str:
        try:
            lines = [ln for ln in self.log.read_text(encoding="utf-8").splitlines() if ln]
        except OSError:
            return ""
        return lines[-1].removeprefix("narby balance: ") if lines else ""

    def status(self) -> str:
        if self.error:
            return self.error
        if not self.done:
            return Words.n_("testing balance ({n} AI game); the report will be {report}",
                            "testing balance ({n} AI games); the report will be {report}",
                            GAMES, report=self.report)
        return Words("balance report ready: {report}", report=self.report)

    def stop(self) -> None:
        if self.proc is not None and not self.done:
            self.proc.terminate()

"""Places of power and power cards that exist only in tests: each module registers itself
on import, before game.tables is built, so each proof runs in a fresh interpreter
(`run_with`), never leaking the sample into the other tests."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_with(sample: str, code: str) -> subprocess.CompletedProcess:
    """`code` run by a fresh interpreter that imported `sample` (a module of this
    package) first; headless (dummy video and audio)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-c", f"import {sample}\n" + textwrap.dedent(code)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)

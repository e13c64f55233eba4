"""Run the real Tiled (`tiled`, Debian's 1.8.2 works headless) from a test, with its
settings kept out of $HOME; tests using it skip when it is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

TILED = shutil.which("tiled")
needs_tiled = pytest.mark.skipif(TILED is None, reason="Tiled is not installed: run "
                                 "tools/ci_install_tiled.sh (or apt-get install tiled)")


def run_tiled(*args: str, scratch: Path) -> None:
    """`tiled ARGS...` offscreen; the last argument is the file it must write."""
    runtime = scratch / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(scratch / "cfg"),
               XDG_DATA_HOME=str(scratch / "data"), XDG_CACHE_HOME=str(scratch / "cache"),
               XDG_RUNTIME_DIR=str(runtime))
    done = subprocess.run([str(TILED), *args], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and Path(args[-1]).exists(), done.stderr

"""Every script in tools/ answers --help (without doing its work), run as a user would
run it: in a subprocess, from the repository root."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p for p in (ROOT / "tools").iterdir()
                 if p.suffix in (".py", ".sh") and p.name != "__init__.py")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_tool_answers_help(script, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               NARBY_CONFIG_DIR=str(tmp_path / "config"), NARBY_DATA_DIR=str(tmp_path / "d"))
    cmd = ["bash", str(script), "--help"] if script.suffix == ".sh" else \
        [sys.executable, str(script), "--help"]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage" in done.stdout.lower(), done.stdout[:500]
    assert "Traceback" not in done.stderr


def test_bench_ui_runs_with_power_cards_on():
    """It crashed with "unknown card 'hidden'" once power cards became the default."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_ui.py"), "--frames",
                           "2", "--rounds", "2", "--map", "plain"], cwd=ROOT,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy",
                                   SDL_AUDIODRIVER="dummy"),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "frame: median" in done.stdout

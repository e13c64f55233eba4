"""Our own fuzzer in the normal suite (issue 24): mutated maps, saves, replays and
settings load or are refused with the loader's own one-line error, never anything else.
A few seconds per kind; `python -m tools.fuzz_files --seconds N` runs longer."""

from __future__ import annotations

import functools
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tools import fuzz_files


@functools.cache
def _setup() -> tuple[Path, dict]:
    folder = Path(tempfile.mkdtemp(prefix="narby-fuzz-test-"))
    return folder, fuzz_files.bases(folder)


@pytest.fixture(autouse=True)
def _own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("NARBY_CONFIG_DIR", str(tmp_path))


@pytest.mark.parametrize("kind", fuzz_files.KINDS)
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_mutated_file_loads_or_is_refused_cleanly(kind, seed):
    folder, bases = _setup()
    sub = folder / kind
    sub.mkdir(exist_ok=True)
    assert fuzz_files.one_round(kind, random.Random(seed), sub, bases) is None


def test_the_tool_runs_and_reports(capsys):
    assert fuzz_files.main(["--seconds", "1", "--seed", "3", "--kinds", "map,settings"]) == 0
    assert "finding(s)" in capsys.readouterr().out


def test_the_tool_has_help(capsys):
    with pytest.raises(SystemExit):
        fuzz_files.main(["--help"])
    assert "--seconds" in capsys.readouterr().out

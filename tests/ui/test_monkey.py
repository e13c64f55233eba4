"""Random input through the whole window (tools/monkey.py): no click, drag, key, wheel
turn, typed text or resize may raise. Short runs here; longer sweeps by the tool."""

import pytest

from tools import monkey


@pytest.mark.parametrize(("seed", "start"), [(7, "menu"), (11, "menu"), (3, "game")])
def test_random_input_never_raises(seed, start, tmp_path, monkeypatch):
    # the run points the settings and data folders at its own; put them back after
    monkeypatch.setenv("NARBY_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("NARBY_DATA_DIR", str(tmp_path / "data"))
    result = monkey.run(seed, 700, home=str(tmp_path), start=start)
    assert result["ok"], f"frame {result['frame']}: {result['error']}\n{result['last']}"
    assert len(result["screens"]) >= 2  # it got beyond the menu
    assert not result["clipped"]


def test_seeds_parse():
    assert monkey._seeds("1-3,7") == [1, 2, 3, 7]


@pytest.mark.parametrize("bad", [["--size", "abc"], ["--size", "10x10"], ["--seeds", "x"]])
def test_a_bad_argument_gets_one_line_not_a_traceback(bad, capsys):
    with pytest.raises(SystemExit) as stop:
        monkey.main(["--frames", "1", *bad])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert ": error: argument" in err[-1] and "Traceback" not in "".join(err)

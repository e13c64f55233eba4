"""`narby play --house even-dragons` starts the window's game under the house rule (the
option was read but the play command did not take it: 'unrecognized arguments')."""

from __future__ import annotations

import pytest

from game.maps import commands
from game.match import SetupError
from game.ui import controller


@pytest.mark.parametrize(("extra", "even"), [(["--house", "even-dragons"], True), ([], False)])
def test_play_takes_the_house_rule(monkeypatch, tmp_path, extra, even):
    seen = []

    def stop(setup, **_kw):  # the setup the window would play, then no window game
        seen.append(setup)
        raise SetupError("stopped by the test")

    monkeypatch.setenv("NARBY_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(controller, "GameController", stop)
    code = commands.play_main(["--map", "riverfell", "--seats", "human,easy", "--seed", "3",
                               "--frames", "0", "--data-dir", str(tmp_path), *extra])
    assert code != 0 and seen and seen[0].even_dragons is even


def test_play_refuses_an_unknown_house_rule_in_one_line(capsys):
    with pytest.raises(SystemExit):
        commands.play_main(["--house", "no-such-rule"])
    assert "invalid choice: 'no-such-rule'" in capsys.readouterr().err

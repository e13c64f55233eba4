"""Issue 30, 7: the windowed `narby host` honours its flags (the seats, options, address,
port, join code and drop policy reach New game and the Host online lobby) or refuses
them in one line."""

from __future__ import annotations

import pytest

from game.net.cli import _host_parser, _window_options, host_main
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.online import HostLobbyScene
from tests.ui.conftest import run


def test_the_window_hosts_with_the_flags_given(app):
    p = _host_parser()
    args = p.parse_args(["--seats", "local:red,remote:green,easy", "--round-cap", "7",
                         "--bind", "127.0.0.1", "--port", "0", "--code", "abcd23",
                         "--target", "75", "--no-cards", "--seed", "5", "--drop-wait", "30",
                         "--on-drop", "wait", "--max-connections", "4"])
    setup, bind, net = _window_options(p, args)
    app.net_bind, app.net_options = bind, net  # as _host_window does
    scene = NewGameScene(app, setup)
    app.push(scene)
    run(app, 1)
    assert scene.start_btn.text == "Host online"
    scene.start()
    run(app, 1)
    lobby = app.top
    assert isinstance(lobby, HostLobbyScene), scene.error
    c = lobby.c
    server = c.net.server
    assert server.host == "127.0.0.1" and server.port != 8765 and server.max_connections == 4
    assert c.address() == f"wss://127.0.0.1:{server.port}/ABCD23#{server.pin}"
    assert c.core.code == "ABCD23" and c.core.drop_wait == 30 and c.core.on_drop == "wait"
    assert {k: c.match.options[k] for k in ("target", "cards", "round_cap")} == \
        {"target": 75, "cards": False, "round_cap": 7}
    assert c.session.seed == 5  # the same game again; the host is told it is not secret
    assert lobby.note.startswith("A seed you type can be worked out by a player who joins")
    kinds = c.core.kinds
    assert kinds["red"] == "local" and kinds["green"] == "remote" and \
        sorted(kinds.values()) == ["easy", "local", "remote"]
    lobby.cancel()
    run(app, 1)


@pytest.mark.parametrize("argv, words", [
    (["--json"], "--json needs --headless"),
    (["--seats", "random,remote"], "a random seat needs --headless"),
    (["--seats", "local,easy"], "at least one remote seat"),
    (["--target", "60"], "--target takes 50, 75, 100"),
    (["--round-cap", "0"], "--round-cap takes"),
    (["--map", "/nowhere/x.tmx"], "no such file"),
    (["--resume", "x.json", "--seats", "remote,remote"], "--seats cannot change a resumed"),
])
def test_flags_the_window_cannot_honour_are_refused_in_one_line(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        host_main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert words in err[-1] and "Traceback" not in "".join(err)

"""`narby install-desktop` (issue 20): a desktop entry and icons for the current user,
under $XDG_DATA_HOME, removable again."""

from __future__ import annotations

import configparser
import shlex
import sys
from pathlib import Path

import pytest

from game import desktop
from game.cli import main


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def read_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_install_writes_the_entry_and_every_icon_for_this_user(xdg, capsys):
    assert main(["install-desktop"]) == 0
    entry = read_entry(xdg / "applications" / "narby-conquest.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Narby Conquest"
    assert entry["Icon"] == "narby-conquest" and entry["Terminal"] == "false"
    assert "Game;" in entry["Categories"]
    command = shlex.split(entry["Exec"])
    assert Path(command[0]).is_absolute() and Path(command[0]).exists()
    for n in (16, 32, 48, 64, 128, 256):
        icon = xdg / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "narby-conquest.png"
        assert icon.is_file()
    assert "installed" in capsys.readouterr().out


def test_install_twice_then_uninstall_leaves_nothing(xdg, capsys):
    assert main(["install-desktop"]) == 0
    assert main(["install-desktop"]) == 0
    assert main(["install-desktop", "--uninstall"]) == 0
    assert [p for p in xdg.rglob("*") if p.is_file()] == []


def test_xdg_data_home_defaults_to_the_users_local_share(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop.data_home() == tmp_path / ".local" / "share"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # the spec: absolute only
    assert desktop.data_home() == tmp_path / ".local" / "share"


def test_a_frozen_bundle_registers_its_own_executable(monkeypatch, tmp_path):
    exe = tmp_path / "my games" / "narby"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    assert desktop.program() == [str(exe.resolve())]
    assert desktop.entry(desktop.program()).count(f'Exec="{exe.resolve()}"') == 1


@pytest.mark.parametrize("arg, quoted", [
    ("/opt/narby/narby", "/opt/narby/narby"),
    ("/home/a b/narby", '"/home/a b/narby"'),
    ('/x/"q"$`\\', '"/x/\\"q\\"\\$\\`\\\\"'),
    ("/100%/narby", "/100%%/narby"),
])
def test_exec_arguments_are_quoted_as_the_spec_says(arg, quoted):
    assert desktop.exec_quote(arg) == quoted


def test_an_unwritable_data_home_is_one_line(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert main(["install-desktop"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err and "Traceback" not in err


def test_an_install_that_fails_leaves_nothing_behind(tmp_path, monkeypatch):
    # with the entry's place a folder, the temp file and seven icons were left behind
    entry, *icons = desktop.files(tmp_path)
    entry.mkdir(parents=True)
    with pytest.raises(OSError):
        desktop.install(tmp_path, ["narby"])
    assert not any(p.exists() for p in icons)
    assert not entry.with_suffix(".tmp").exists()

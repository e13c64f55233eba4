"""`narby self-test` (issue 20): one line per check, 0 when the install is whole."""

from __future__ import annotations

from pathlib import Path

from game import resources, selftest
from game.cli import main


def test_self_test_passes_on_a_whole_install(tmp_path, capsys):
    # the worker check waits on a process: the wheel and bundle smoke tests run it
    assert main(["self-test", "--no-worker", "--window", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "self-test passed"
    assert all(line.startswith("ok   ") for line in out[:-1]) and len(out) == 8


def test_self_test_names_what_is_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(resources.resources, "files", lambda name: tmp_path / "game")
    resources.data_root.cache_clear()
    try:
        assert main(["self-test", "--no-worker"]) == 1
    finally:
        resources.data_root.cache_clear()
    out = capsys.readouterr().out
    assert "FAIL files: ResourceError" in out and "reinstall" in out


def test_self_test_fails_without_the_licence_notices(tmp_path, monkeypatch, capsys):
    # issue 31: the LGPL libraries may not ship without their notices
    monkeypatch.setattr(selftest, "notices", lambda name="": tmp_path / name)
    assert main(["self-test", "--no-worker", "--data-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL licences: RuntimeError: missing LICENSE, NOTICE, THIRD_PARTY_NOTICES.txt" \
        in out


def test_self_test_fails_without_the_cjk_fonts(tmp_path, monkeypatch, capsys):
    # issue 35: a bundle without them draws Japanese, Chinese and Korean text as boxes
    from game.ui import scripts  # noqa: PLC0415 (the check imports it lazily too)

    monkeypatch.setattr(scripts, "font_files", lambda face: None)
    assert main(["self-test", "--no-worker", "--data-dir", str(tmp_path)]) == 1
    assert "FAIL scripts: RuntimeError: no NotoSansJP font: '竜の谷' would draw as boxes" \
        in capsys.readouterr().out


def test_self_test_fails_when_a_cjk_font_draws_boxes(tmp_path, monkeypatch, capsys):
    from game.ui import art, scripts  # noqa: PLC0415 (the check imports it lazily too)

    latin = Path(art.FONT_PATH)  # Noto Sans: no CJK glyphs, one box for each
    monkeypatch.setattr(scripts, "font_files", lambda face: (latin, latin))
    assert main(["self-test", "--no-worker", "--data-dir", str(tmp_path)]) == 1
    assert f"FAIL scripts: RuntimeError: {latin.name} draws '竜の谷' as boxes" \
        in capsys.readouterr().out


def test_the_window_check_fails_with_no_display(tmp_path, monkeypatch, capsys):
    # SDL fell back to drawing nowhere and --window said "the window opened"
    import pygame  # noqa: PLC0415

    from game.ui import app as app_mod  # noqa: PLC0415

    made = app_mod.App

    def app_with_no_display(*a, **kw):  # opened as SDL does when it falls back
        got = made(*a, **kw)
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
        monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
        return got
    monkeypatch.setattr(app_mod, "App", app_with_no_display)
    assert main(["self-test", "--no-worker", "--window", "--data-dir", str(tmp_path)]) == 1
    assert "no display" in capsys.readouterr().out

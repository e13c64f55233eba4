"""`narby check-map` (game.maps.check_cli.main)."""

from __future__ import annotations

from pathlib import Path

from game.maps.check_cli import main

HERE = Path(__file__).resolve().parent / "maps"


def test_a_good_map_prints_ok_and_its_summary(capsys):
    path = HERE / "good" / "csv.tmx"
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"OK  {path} — Test Meadow: 10x10, 2-3 players")
    assert [line for line in out.splitlines() if not line.startswith("    note:")] == \
        out.splitlines()[:1]


def test_a_bad_map_prints_every_problem_and_fails(capsys):
    path = HERE / "bad" / "players-range.tmx"
    assert main([str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert all(line.startswith(f"{path}: ") for line in lines)
    assert "min_players" in lines[0] and "max_players" in lines[1]


def test_several_files_and_folders(capsys):
    good, bad = HERE / "good", HERE / "bad" / "zstd-not-zstd.tmx"
    assert main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    n_good = len(list(good.glob("*.tmx")))
    assert out.count("OK  ") == n_good
    assert "zstd" in out
    assert out.splitlines()[-1] == f"{n_good} of {n_good + 1} maps OK"


def test_all_good_returns_zero(capsys):
    assert main([str(HERE / "good")]) == 0
    assert "OK" in capsys.readouterr().out


def test_usage_errors_return_two(capsys, tmp_path):
    assert main([]) == 2
    assert main([str(tmp_path)]) == 2  # a folder without maps
    assert "no .tmx files" in capsys.readouterr().err


def test_a_missing_file_is_reported_not_raised(capsys, tmp_path):
    assert main([str(tmp_path / "nope.tmx")]) == 1
    assert "file not found" in capsys.readouterr().out


# ----- check-map also draws the board; notes (issue 35) -------------------------------
def test_a_drawing_failure_is_a_problem_with_a_non_zero_exit(monkeypatch, capsys):
    def boom(self, *args, **kwargs):
        raise TypeError("Argument must be rect style object")

    monkeypatch.setattr("game.ui.board_view.BoardView.draw", boom)
    path = HERE / "good" / "csv.tmx"
    assert main([str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{path}: cannot be drawn (TypeError: Argument must be rect style object)"
                   " — this is a bug in the game's drawing; please report it with the map "
                   "and its tilesets"]


def test_tile_objects_drawn_as_pieces_are_a_note_not_a_problem(capsys):
    assert main([str(HERE / "good" / "csv.tmx")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == ("    note: layer 'setup': its 1 tile object is drawn as a game piece, "
                        "not as its tile")


def test_a_folder_check_map_cannot_read_is_named_not_passed_over(tmp_path, monkeypatch,
                                                                 capsys):
    # rglob passed over a folder it may not read: 'check-map riverfell DIR' said all OK
    from game.maps import check_cli  # noqa: PLC0415

    def walk(top, onerror=None):
        onerror(PermissionError(13, "Permission denied", str(top)))
        return iter(())
    monkeypatch.setattr(check_cli.os, "walk", walk)
    code = check_cli.main(["riverfell", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 1 and f"{tmp_path}: cannot be read (Permission denied)" in err

"""The `narby` command: headless games, replays, and clear one-line errors."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import decide
from game.cli import main
from game.persistence.saves import load_save
from game.players import AIPlayer
from tests.helpers import scenario, state_doc

ROOT = Path(__file__).resolve().parents[1]


def run(args, capsys):
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_headless_json_result(capsys):
    code, out, _ = run(["--headless", "--seats", "random,random,random", "--seed", "7",
                        "--json", "--round-cap", "20"], capsys)
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"seed", "winner", "rounds", "scores", "players"}
    assert result["seed"] == 7 and len(result["scores"]) == 3
    # deterministic: same seed, same result
    assert run(["--headless", "--seats", "random,random,random", "--seed", "7", "--json",
                "--round-cap", "20"], capsys)[1] == out


def test_headless_fixed_dragons_and_target(capsys):
    code, out, _ = run(["--headless", "--seats", "random:gold,random:copper", "--seed", "2",
                        "--target", "75", "--json"], capsys)
    assert code == 0
    assert set(json.loads(out)["scores"]) == {"gold", "copper"}


def test_headless_log_with_and_without_cards(capsys):
    args = ["--headless", "--seats", "random,random", "--seed", "3", "--round-cap", "2",
            "--log"]
    code, out, _ = run(args, capsys)
    assert code == 0 and "-- Draw phase --" in out and "is dealt" in out
    code, out, _ = run(args + ["--no-cards"], capsys)
    assert code == 0 and "Draw phase" not in out and "is dealt" not in out


@pytest.mark.parametrize("args, words", [
    (["--headless", "--seats", "robot,random"], "unknown seat kind"),
    (["--headless", "--seats", "human,hard"], "human seat needs the window"),
    (["--headless", "--seats", "random:puce,random"], "unknown dragon"),
    (["--headless", "--seats", "random"], "2 to 8 dragons"),
    (["--headless", "--target", "0"], "target"),
])
def test_bad_arguments_get_one_clear_line(args, words, capsys):
    try:
        code = main(args)
    except SystemExit as exit_:  # argparse's own usage errors
        code = exit_.code
    assert code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def write(tmp_path, doc, name="r.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return str(path)


REPLAY = {"format": "narby-replay/1", "map": None, "seed": 1,
          "options": {"target": 50, "cards": False},
          "seats": [{"dragon": "green"}, {"dragon": "red"}], "start": None, "dice": None,
          "decisions": [{"do": "end_turn"}]}


def test_replay_prints_final_state_json(tmp_path, capsys):
    code, out, _ = run(["replay", write(tmp_path, REPLAY), "--state-json"], capsys)
    assert code == 0
    state = json.loads(out)
    assert state["format"] == "narby-state/1"
    assert state["pending"]["dragon"] == "red"  # Green ended its turn


def test_replay_with_start_state_and_scripted_dice(tmp_path, capsys):
    start = state_doc({"red": dict(at=(5, 5)), "blue": dict(at=(7, 5), coins=4)})
    doc = {**REPLAY, "seats": None, "start": start, "dice": [20, 1],
           "decisions": [{"do": "attack", "dragon": "blue"}]}
    code, out, _ = run(["replay", write(tmp_path, doc), "--state-json"], capsys)
    assert code == 0
    state = json.loads(out)
    assert state["dragons"]["red"]["coins"] == 3 and state["dragons"]["blue"]["coins"] == 1


def _riverfell_start() -> dict:
    start = state_doc({"green": dict(at=(3, 1), cavern=(2, 1)),
                       "red": dict(at=(16, 5), cavern=(15, 6))})
    return {**start, "map": "maps/riverfell.tmx"}


def test_a_start_state_names_its_own_map_when_the_file_does_not(tmp_path, capsys):
    """A snapshot pasted as `start` with no top-level map was played on the plain board:
    a move onto Riverfell's water was accepted."""
    doc = {**REPLAY, "seats": None, "start": _riverfell_start(),
           "decisions": [{"do": "move", "to": [5, 1]}]}
    del doc["map"]
    code, _, err = run(["replay", write(tmp_path, doc)], capsys)
    assert code == 1 and "blocked ground" in err
    doc["decisions"] = []
    for top, board in (({}, "maps/riverfell.tmx"), ({"map": "maps/riverfell.tmx"},
                                                     "maps/riverfell.tmx"),
                       ({"map": None}, None)):  # null: the plain board (shared FORMATS)
        code, out, _ = run(["replay", write(tmp_path, {**doc, **top}), "--state-json"], capsys)
        assert code == 0 and json.loads(out)["map"] == board, top


def test_the_files_options_fill_what_the_start_leaves_out(tmp_path, capsys):
    start = state_doc({"green": dict(at=(5, 5)), "red": dict(at=(15, 15))})
    del start["options"]
    doc = {**REPLAY, "seats": None, "start": start, "decisions": [],
           "options": {"target": 20, "cards": False, "round_cap": 4}}
    code, out, _ = run(["replay", write(tmp_path, doc), "--state-json"], capsys)
    assert json.loads(out)["options"] == {"target": 20, "cards": False, "round_cap": 4,
                                          "thief_wins": False}
    start["options"] = {"target": 75}  # the start's own apply (FORMATS)
    code, out, _ = run(["replay", write(tmp_path, doc), "--state-json"], capsys)
    assert json.loads(out)["options"]["target"] == 75
    assert json.loads(out)["options"]["round_cap"] == 4


def test_a_start_without_actions_left_is_at_a_turns_start(tmp_path, capsys):
    start = state_doc({"green": dict(at=(5, 5)), "red": dict(at=(15, 15))})
    del start["actions_left"]
    doc = {**REPLAY, "seats": None, "start": start, "decisions": []}
    code, out, _ = run(["replay", write(tmp_path, doc), "--state-json"], capsys)
    assert code == 0 and json.loads(out)["actions_left"] == 3  # R17, not 0


def test_a_turn_order_leaving_a_dragon_out_is_refused(tmp_path, capsys):
    start = state_doc({"green": dict(at=(5, 5)), "red": dict(at=(15, 15))}, order=["green"])
    doc = {**REPLAY, "seats": None, "start": start, "decisions": []}
    code, _, err = run(["replay", write(tmp_path, doc)], capsys)
    assert code == 1 and "leaves out red" in err and "(R16)" in err


def test_illegal_decision_exits_nonzero_naming_index_and_reason(tmp_path, capsys):
    doc = {**REPLAY, "decisions": [{"do": "end_turn"}, {"do": "attack", "dragon": "green"}]}
    code, _, err = run(["replay", write(tmp_path, doc)], capsys)
    assert code == 1
    assert "decision 1" in err and "not adjacent" in err and "Traceback" not in err


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ('{"format": "narby-replay/1", "seats"', "truncated"),
    ("   \n", "the file is empty"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "narby-state/1"}', "not a replay file"),
    ('[1, 2]', "not a replay file"),
    (json.dumps({**REPLAY, "dice": [25]}), "scripted die 1 is 25"),
    (json.dumps({**REPLAY, "seats": "two"}), "'seats' must be a list"),
    (json.dumps({**REPLAY, "seats": [{"dragon": "puce"}, {}]}), "unknown dragon"),
    (json.dumps({**REPLAY, "start": {"format": "narby-state/1"}}), "malformed"),
    (json.dumps({**REPLAY, "decisions": {"do": "end_turn"}}), "'decisions' must be a list"),
])
def test_bad_replay_files_get_one_clear_line(tmp_path, content, words, capsys):
    code, _, err = run(["replay", write(tmp_path, content)], capsys)
    assert code == 1
    assert words in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_headless_ai_seats_play_their_levels_reproducibly(capsys):
    args = ["--headless", "--seats", "hard,normal:red,easy,random", "--seed", "5", "--json",
            "--round-cap", "3"]
    code, out, _ = run(args, capsys)
    assert code == 0
    result = json.loads(out)
    assert result["players"]["red"] == "normal"
    assert sorted(result["players"].values()) == ["easy", "hard", "normal", "random"]
    assert list(result["players"]) == list(result["scores"])  # seat order
    assert run(args, capsys)[1] == out  # no clock in the search: same seed, same game


def test_headless_ai_game_saves_its_players(tmp_path, capsys):
    code, _, err = run(["--headless", "--seats", "easy:gold,hard", "--seed", "3",
                        "--round-cap", "2", "--data-dir", str(tmp_path), "--save", "duel"],
                       capsys)
    assert code == 0 and "saved:" in err

    session = load_save(err.split("saved: ")[1].strip())
    assert session.players["gold"] == "easy" and "hard" in session.players.values()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_ai_player_never_reads_the_clock(monkeypatch, level):
    """Headless AI seats search to a node budget only: a clock that leaps an hour at
    every read changes nothing (with Hard's time limit it would cut every search)."""
    def answer():
        m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12))},
                     settlements=[("town", (9, 5), None), ("city", (5, 9), None)])
        return AIPlayer(level, seed=4).choose(m)

    calm = answer()
    hours = itertools.count(0, 3600.0)
    monkeypatch.setattr(decide.time, "perf_counter", lambda: next(hours))
    assert answer() == calm


def test_ai_player_refuses_an_unknown_level():
    with pytest.raises(ValueError, match="unknown AI level 'genius'"):
        AIPlayer("genius")


def test_missing_replay_file(tmp_path, capsys):
    code, _, err = run(["replay", str(tmp_path / "nope.json")], capsys)
    assert code == 1 and "no such file" in err


def test_console_script_runs_as_a_process():
    proc = subprocess.run([sys.executable, "-m", "game.cli", "--headless", "--seed", "1",
                           "--json", "--round-cap", "5"], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["rounds"] <= 5


def test_headless_game_on_a_shipped_map(capsys):
    code, out, _ = run(["--headless", "--map", str(ROOT / "maps" / "riverfell.tmx"),
                        "--seed", "4", "--json", "--round-cap", "8"], capsys)
    assert code == 0 and json.loads(out)["rounds"] <= 8


def test_broken_map_refuses_to_start_with_the_checkers_message(capsys):
    bad = ROOT / "tests" / "maps" / "bad" / "bad-target.tmx"
    code, out, err = run(["--headless", "--map", str(bad)], capsys)
    assert code == 2 and out == ""
    assert "bad-target.tmx" in err and "use 50, 75 or 100" in err and "Traceback" not in err


@pytest.mark.parametrize("make, words", [
    (lambda p: p, "file not found"),             # nothing there
    (lambda p: p.mkdir() or p, "not a map file"),  # a folder named like a map
], ids=["missing", "folder"])
def test_a_map_argument_that_is_no_map_file_says_which(tmp_path, capsys, make, words):
    path = make(tmp_path / "x.tmx")
    with pytest.raises(SystemExit) as stop:
        main(["--headless", "--map", str(path)])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == "" and f"--map {path}: {words} (shipped maps:" in err


def test_replay_on_a_map_resolves_the_path_beside_the_file(tmp_path, capsys):
    shutil.copytree(ROOT / "maps", tmp_path / "my-maps")  # not under the working folder
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    doc = {**REPLAY, "map": "my-maps/narby-vale.tmx", "decisions": []}
    code, out, err = run(["replay", write(tmp_path, doc), "--state-json"], capsys)
    assert code == 0, err
    assert json.loads(out)["map"] == str(tmp_path / "my-maps" / "narby-vale.tmx")


# ----- an audit of the commands -------------------------------------------------------------
def test_headless_save_never_replaces_another_games_save_and_prints_the_result_first(
        tmp_path, capsys):
    args = ["--headless", "--seats", "random,random", "--round-cap", "3",
            "--data-dir", str(tmp_path), "--save", "first"]
    assert main([*args, "--seed", "1"]) == 0
    saved = (tmp_path / "saves" / "first.json").read_bytes()
    capsys.readouterr()
    assert main([*args, "--seed", "5"]) == 1  # another game: refused, not replaced
    out, err = capsys.readouterr()
    assert "seed 5: winner" in out and "holds another game" in err
    assert (tmp_path / "saves" / "first.json").read_bytes() == saved
    assert main([*args[:-1], "", "--seed", "5"]) == 1
    assert "--save needs a name" in capsys.readouterr().err


def test_a_path_the_system_cannot_use_is_one_line_not_a_traceback(tmp_path, capsys):
    # Path.exists() and friends raise for a name over 255 bytes (or a folder that may
    # not be searched); every command printed a traceback
    long = str(tmp_path / ("x" * 300))
    for argv in (["--headless", "--seats", "random,random", "--round-cap", "2",
                  "--save", "x", "--data-dir", long],
                 ["render-map", long + ".tmx", str(tmp_path / "o.png")],
                 ["maps", "--data-dir", long]):
        code = main(argv)
        err = capsys.readouterr().err
        assert code != 0 and "Traceback" not in err and "File name too long" in err, argv


def test_a_shortened_option_is_not_taken_for_a_whole_one(capsys):
    # argparse took --ta for --target, past the window's own checks of the words
    with pytest.raises(SystemExit):
        main(["--ta", "49"])
    assert "unrecognized arguments: --ta" in capsys.readouterr().err


def test_a_cluster_address_that_is_not_one_is_one_line():
    from game.balance.run import RunError, open_client  # noqa: PLC0415

    with pytest.raises(RunError, match="cannot reach the Dask scheduler at bogus"):
        open_client(address="bogus")


def test_version_anywhere_among_the_options_and_preview_frames_not_negative(capsys):
    assert main(["--data-dir", "/nonexistent", "--version"]) == 0  # it opened the window
    assert capsys.readouterr().out.startswith("narby ")
    with pytest.raises(SystemExit):
        main(["preview", "riverfell", "--frames", "-1"])
    assert "--frames must be 0 or more" in capsys.readouterr().err

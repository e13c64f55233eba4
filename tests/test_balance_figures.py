"""New game's dragon figures (game/balance/figures.py, dragon_figures.json): the line
in plain words, the exact-file rule, and the shipped file's figures belonging to the
shipped maps as they are now."""

from __future__ import annotations

import hashlib
import json

from game.balance import figures
from game.resources import maps_dir
from tools import dragon_figures


def _table(path, **rules) -> dict:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return {path.name: {"sha256": digest, **rules}}


BOOK = {"games": 200, "seats": 4, "level": "normal", "fair": 0.25,
        "dragons": {"copper": [45, 100], "gold": [39, 100], "red": [13, 100],
                    "white": [20, 100], "blue": [16, 80]}}
EVEN = {"games": 300, "seats": 4, "level": "normal", "fair": 0.25,
        "dragons": {"copper": [27, 100], "gold": [24, 100], "red": [22, 100]}}


def test_the_line_names_who_gains_and_gives_the_rest_as_a_range(tmp_path):
    path = tmp_path / "m.tmx"
    path.write_text("<map/>")
    table = _table(path, book=BOOK, even_dragons=EVEN)
    assert figures.line(path, table=table) == (
        "Under AI play here: Copper wins 45%, Gold 39%, the rest 13–20% (fair: 25%)")
    assert figures.line(path, True, table) == (
        "With even dragons here: every dragon 22–27% (fair: 25%)")
    assert "200 games of 4 Normal AIs" in figures.tip(path, table=table)


def test_figures_belong_to_the_exact_file(tmp_path):
    path = tmp_path / "m.tmx"
    path.write_text("<map/>")
    table = _table(path, book=BOOK)
    path.write_text("<map version='2'/>")  # edited since it was measured
    figures._digest.cache_clear()
    assert figures.line(path, table=table) == ""
    assert figures.line(None, table=table) == figures.line(tmp_path / "x.tmx", table=table) == ""
    assert figures.line(path, True, table) == ""


def test_the_shipped_figures_are_of_the_shipped_maps():
    doc = json.loads(figures.FILE.read_text(encoding="utf-8"))
    assert doc["format"] == figures.FORMAT
    for name, entry in doc["maps"].items():
        path = maps_dir() / name
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], name
        assert figures.line(path).startswith("Under AI play here:")
        for rules in ("book", "even_dragons"):
            if rules in entry:
                fig = entry[rules]
                assert sum(w for w, _g in fig["dragons"].values()) <= fig["games"]


def test_the_tool_reads_a_report(tmp_path):
    report = tmp_path / "r"
    report.mkdir()
    groups = [{"kind": "dragon", "key": "copper", "wins": 5.0, "games": 8},
              {"kind": "seat", "key": 0, "wins": 2.0, "games": 8}]
    results = {"plan": {"map": "riverfell.tmx", "levels": ["normal"] * 4, "seed": 1,
                        "dragons": None, "house": ["even-dragons"]},
               "games": 8, "fair_share": 0.25, "groups": groups}
    (report / "balance.json").write_text(json.dumps({"results": results}))
    out = tmp_path / "figures.json"
    assert dragon_figures.main([str(report), "--out", str(out), "--maps", str(maps_dir())]) == 0
    entry = json.loads(out.read_text())["maps"]["riverfell.tmx"]
    assert entry["even_dragons"]["dragons"] == {"copper": [5.0, 8]}
    assert "book" not in entry

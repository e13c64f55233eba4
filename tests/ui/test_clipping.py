"""Lines the UI audit found cut at 1024x640 at 150-200% (the window holds 125% there):
the hint's line in the banner, and a long auto-named save in the Load list. Measured
with the audit itself (game.ui.audit): a text cut with an ellipsis is a finding."""

import pytest

from game.persistence import saves
from game.ui import hints
from game.ui.app import App
from game.ui.audit import Audit
from game.ui.controller import GameController, Seat
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import LoadScene
from game.ui.settings import Settings
from game.ui.targets import answer_label
from tests.helpers import scenario
from tests.hostile import good_session
from tests.ui.conftest import run

SMALL = (1024, 640)
LONG_NAME = "Red vs Green vs Blue vs Gold on Open Plain"  # the audit's online autosave


@pytest.fixture
def audited():
    """An App at 1024x640 and 200%, drawn through the audit (installed before the App
    renders anything, so every font is the audit's)."""
    audit = Audit()
    audit.install()
    a = App(Settings(ui_scale=2.0, window=SMALL, confirm_end_turn=False,
                     confirm_last_action=False), size=SMALL, fullscreen=False)
    a.ai_mode = "sync"
    a.catch_crashes = False
    try:
        yield a, audit
    finally:
        a.close()
        audit.uninstall()


def _clipped(found) -> list[str]:
    return [str(f) for f in found if f.kind == "clipped"]


def test_the_hint_line_is_never_cut_in_the_smallest_window(audited, monkeypatch):
    a, audit = audited
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(14, 14))},
                 places=[("tower_of_unquenched_flame", (15, 12), None)])
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    scene = a.push(GameScene(a, c))
    run(a, 2)
    answer = {"do": "claim", "at": [15, 12]}
    label = answer_label(answer, scene.shown)
    assert "Tower of Unquenched Flame" in label
    line = f"Hint: {label} — +0.9 coins a round in tribute (about +10 coins in all, " \
           "by the Hard AI's count)"
    monkeypatch.setattr(hints, "hint", lambda *args, **kw: (answer, line))
    assert hints.show(scene)
    found = audit.frame(a)
    assert not _clipped(found), _clipped(found)
    assert scene.status_text.startswith("Hint: Claim") and "(16, 13)" in scene.status_text
    assert scene.tip[0][0] == f"Hint: {label}"  # the whole of it, just under the banner
    # over the board, never over the side panel (it hid the round and phase there)
    note = scene.overlays.draw_tip(a.screen, *scene.tip)
    assert note.right <= scene.panel_rect.x and note.top >= scene.banner_h


def test_a_long_save_name_is_never_cut_in_the_load_list(audited, data_dir):
    """The online screens' autosave, newest and selected: its name goes on over a second
    line of its row, which grows; the rows below it still answer the mouse."""
    a, audit = audited
    m = scenario({"red": dict(at=(5, 5)), "green": dict(at=(9, 9)),
                  "blue": dict(at=(14, 14)), "gold": dict(at=(3, 12))})
    for i in range(6):
        saves.save_game(good_session(), f"q{i}", data_dir)
    c = GameController.from_match(m, [Seat("human")] * 4, ai_mode="sync")
    path = saves.autosave(c.session, data_dir)  # named for its dragons and map
    a.data_dir = data_dir
    scene = a.push(LoadScene(a))
    run(a)
    assert scene.entries[0].path == path and scene.entries[0].name == LONG_NAME
    found = audit.frame(a)
    assert not _clipped(found), _clipped(found)
    lines = scene.names[0].lines
    assert len(lines) == 2 and " ".join(lines) == LONG_NAME
    assert all(line in audit.drawn for line in lines)
    # the taller row is still the first row's, and the next starts below it
    top = scene.list_rect.y
    assert scene.row_at((scene.list_rect.x + 20, top + scene.heights[0] - 2)) == 0
    assert scene.row_at((scene.list_rect.x + 20, top + scene.heights[0] + 2)) == 1
    scene.select(len(scene.entries) - 1)  # scrolled to the end: the last row in view
    assert scene.top_row + scene.visible_rows() == len(scene.entries)


def test_an_eight_dragon_save_name_is_whole_in_the_detail_panel(audited, data_dir):
    """The detail panel showed two lines of its large type and dropped the rest: an
    eight-dragon auto-name lost its map. It takes a smaller type, then a third line."""
    a, audit = audited
    dragons = ["red", "green", "blue", "gold", "black", "white", "purple", "iron"]
    m = scenario({d: dict(at=(2 + 2 * i, 3 + i)) for i, d in enumerate(dragons)})
    c = GameController.from_match(m, [Seat("human")] * 8, ai_mode="sync")
    saves.autosave(c.session, data_dir)
    a.data_dir = data_dir
    scene = a.push(LoadScene(a))
    run(a)
    name = scene.entries[0].name
    assert name.startswith("Red vs Green") and name.endswith("on Open Plain")
    found = audit.frame(a)
    assert not _clipped(found), _clipped(found)
    font, parts = scene._detail_name(name, scene.detail.w)
    assert " ".join(parts) == name and 2 <= len(parts) <= 3
    assert all(part in audit.drawn for part in parts)

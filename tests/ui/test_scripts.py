"""Map titles in any script (issue 35): CJK titles and descriptions get a font that has
them (pygame-gui's own Noto Sans JP/SC/KR); Latin, Greek and Cyrillic keep Noto Sans."""

import shutil
from pathlib import Path

import pygame
import pytest

from game.ui import scripts
from game.ui.controller import GameSetup, Seat
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.preview import PreviewScene
from tests.ui.conftest import run

MAPS = Path(__file__).resolve().parents[1] / "maps"


def test_the_face_follows_the_script():
    assert scripts.face_for("Narby Vale") is None
    assert scripts.face_for("Δράκος · Дракон") is None  # Noto Sans has them
    assert scripts.face_for("竜の谷") == "narby_jp"
    assert scripts.face_for("龙谷") == "narby_sc"
    assert scripts.face_for("용의 계곡") == "narby_kr"
    assert scripts.html("A & B") == "A &amp; B"
    assert scripts.html("竜の谷") == "<font face='narby_jp'>竜の谷</font>"


def test_the_cjk_fonts_are_there_and_draw_the_glyphs():
    pygame.font.init()
    for face, text in (("narby_jp", "竜の谷"), ("narby_sc", "龙谷"), ("narby_kr", "용의")):
        files = scripts.font_files(face)
        assert files is not None and files[0].is_file()
        cjk = pygame.font.Font(str(files[0]), 24)
        glyphs = [pygame.image.tobytes(cjk.render(ch, True, (255, 255, 255)), "RGBA")
                  for ch in text]
        assert len(set(glyphs)) == len(text)  # real, distinct glyphs, not one tofu box


def test_theme_variants_copy_the_title_blocks_in_each_face():
    theme = {"selection_list.@selection_list_item": {"font": {"name": "narby", "size": "17"},
                                                     "misc": {"border_width": "0"}},
             "#map_broken": {"colours": {"normal_text": "#8c8994"}},
             "@heading": {"font": {"name": "narby", "size": "22", "bold": "1"}}}
    scripts.theme_variants(theme)
    jp = theme["selection_list.#map_broken_jp"]
    assert jp["font"]["name"] == "narby_jp" and jp["font"]["size"] == "17"
    assert jp["colours"] == {"normal_text": "#8c8994"} and jp["misc"]["border_width"] == "0"
    assert theme["#heading_kr"]["font"]["bold"] == "1"


# pytest resets warning filters per test: the module's own filter for these lazily
# loaded faces does not reach here
@pytest.mark.filterwarnings("ignore:Finding font with id. narby_jp")
def test_a_japanese_title_is_listed_previewed_and_described_in_its_font(app, tmp_path):
    folder = app.data_dir / "maps"
    folder.mkdir(parents=True, exist_ok=True)
    for f in ("tiles.tsx", "tiles.png"):
        shutil.copy(MAPS / f, app.data_dir / f)
    text = (MAPS / "good" / "csv.tmx").read_text().replace('value="Test Meadow"',
                                                            'value="竜の谷"')
    (folder / "ryu.tmx").write_text(text, encoding="utf-8")
    ng = app.push(NewGameScene(app, GameSetup(seats=[Seat("human"), Seat("ai")],
                                              map_path=str(folder / "ryu.tmx"))))
    run(app, 2)
    item = next(i for i in ng.map_list.item_list if i["text"].startswith("竜の谷"))
    assert item["object_id"] == "#map_item_jp"
    assert "<font face='narby_jp'>竜の谷</font>" in ng.info.html_text
    assert ng.map_cycle.button.object_ids[-1] == "#map_cycler_jp"
    app.pop()
    scene = app.push(PreviewScene(app, folder / "ryu.tmx"))
    run(app, 2)
    assert scene.widgets[0].object_ids[-1] == "#heading_jp"

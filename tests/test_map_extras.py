"""Whatever else Tiled saves in a map, the game ignores and never refuses: properties of
every type (class, colour, file, object, enum, multi-line, built-in names), shapes and
text on other object layers, class and parallax attributes, a background colour, layer
offsets in fractions of a pixel. Random mixes of them added to a shipped map must check
clean (before, 'file' was taken for a misspelled 'title' and a fractional offset was
'not a number': 40 of 60 such maps were refused)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from game.maps.loader import check_map, load_board

ROOT = Path(__file__).resolve().parents[1]
PROPERTIES = [
    '<property name="note" value="hello &amp; bye"/>',
    '<property name="n" type="int" value="-3"/>',
    '<property name="f" type="float" value="2.5e3"/>',
    '<property name="b" type="bool" value="false"/>',
    '<property name="c" type="color" value="#ff112233"/>',
    '<property name="c2" type="color" value=""/>',
    '<property name="file" type="file" value="../x/y.png"/>',
    '<property name="o" type="object" value="0"/>',
    '<property name="multi">line one\nline two</property>',
    '<property name="e" type="string" propertytype="PlaceKind" value="madhouse"/>',
    '<property name="loot" type="class" propertytype="Loot"><properties>'
    '<property name="g" type="int" value="5"/></properties></property>',
    '<property name="name" value="a built-in name"/>',
    '<property name="ünï" value="ç"/>',
    '<property name="notes" value="x"/>',
    '<property name="size" type="int" value="3"/>',
]
SHAPES = [
    '<object id="{i}" x="10" y="10" width="20" height="30"/>',
    '<object id="{i}" x="10" y="10" width="20" height="30"><ellipse/></object>',
    '<object id="{i}" x="50" y="50"><point/></object>',
    '<object id="{i}" x="5" y="5"><polygon points="0,0 10,5 3,9"/></object>',
    '<object id="{i}" x="5" y="5"><polyline points="0,0 10,5 3,9"/></object>',
    '<object id="{i}" x="5" y="5" width="80" height="20"><text wrap="1" color="#ff0000">'
    'Here be dragons</text></object>',
    '<object id="{i}" name="n" type="marker" x="5.5" y="7.25" width="3" height="3" '
    'rotation="33"/>',
    '<object id="{i}" x="-40" y="900" width="10" height="10"/>',
]


def extras(seed: int) -> str:
    rng = random.Random(seed)
    text = (ROOT / "maps" / "riverfell.tmx").read_text(encoding="utf-8")
    text = text.replace("<properties>", "<properties>" + "".join(
        rng.sample(PROPERTIES, rng.randint(1, 5))), 1)
    shapes = "".join(s.format(i=900 + k) for k, s in enumerate(rng.sample(SHAPES,
                                                                            rng.randint(1, 6))))
    layer = (f' <objectgroup id="90" name="notes" color="#a0a0a4" class="Notes" '
             f'parallaxx="{rng.choice([1, 0.5])}" offsetx="{rng.choice([0, 2.5, -0.25])}">'
             f'<properties>{"".join(rng.sample(PROPERTIES, 2))}</properties>{shapes}'
             '</objectgroup>\n')
    text = text.replace("</map>", layer + "</map>")
    if rng.random() < 0.5:
        text = text.replace("<map ", '<map class="World" parallaxoriginx="3" '
                            'backgroundcolor="#204060" ', 1)
    if rng.random() < 0.5:
        text = text.replace('<layer id="1" name="ground"',
                            f'<layer id="1" name="ground" offsetx="{rng.choice([0.5, -1.25])}"',
                            1)
    return text


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("extras")
    shutil.copytree(ROOT / "maps", tmp / "maps", ignore=shutil.ignore_patterns("archive"))
    shutil.copytree(ROOT / "assets" / "tiles", tmp / "assets" / "tiles")
    return tmp / "maps"


@pytest.mark.parametrize("seed", range(30))
def test_what_tiled_saves_that_the_game_ignores_never_refuses_a_map(folder, seed):
    text = extras(seed)
    assert text.count("</map>") == 1 and 'name="notes"' in text
    path = folder / f"extras-{seed}.tmx"
    path.write_text(text, encoding="utf-8")
    assert check_map(path) == []
    assert load_board(path).pieces == load_board(folder / "riverfell.tmx").pieces
